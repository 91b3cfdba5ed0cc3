// draw/layout: where the panels of a scene's step go in the design space (1080 high, 1440 to 1920 wide by
// the output's aspect), from the slot each
// panel registers. Left: rows (by order), the big panels side by side in one row among them;
// right: a column (by order). Narration, the one flexible panel of the right column, gets its
// tallest box: a student reads it alone, so the whole `say` must fit at a readable size. When the
// right column would be crowded (its flexible panel would keep less than kSideRoom), a side panel
// whose slot names a row panel to sit beside (the readouts: the weight bars) moves there.
#include <algorithm>
#include <optional>
#include <utility>

#include "draw/paint.hpp"

namespace draw {

core::Rect card_content(const core::Rect& r) { return {r.x + 18, r.y + 46, r.w - 36, r.h - 46 - 18 * 0.8}; }

namespace {

bool has(const std::vector<Panel>& panels, Panel p) { return std::find(panels.begin(), panels.end(), p) != panels.end(); }

// The panels of one kind of slot, in their order.
std::vector<Panel> panels_in(const std::vector<Panel>& panels, Slot::Where where) {
    std::vector<Panel> out;
    for (Panel p : panels)
        if (panel_slot(p).where == where && std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
    std::stable_sort(out.begin(), out.end(),
                     [](Panel a, Panel b) { return panel_slot(a).order < panel_slot(b).order; });
    return out;
}

// The right column is crowded when its flexible panel would keep less than kSideRoom of its
// `height` beside the others' preferred heights (a column without a flexible panel never is).
constexpr double kSideRoom = 360, kGap = 18;
bool side_crowded(const std::vector<Panel>& right, double height) {
    double fixed = 0;
    bool flex = false;
    for (Panel p : right) {
        fixed += panel_slot(p).size;
        flex = flex || panel_slot(p).size == 0.0;
    }
    const double gaps = kGap * static_cast<double>(right.empty() ? 0 : right.size() - 1);
    return flex && height - gaps - fixed < kSideRoom;
}

}  // namespace

Placement place_panels(const std::vector<Panel>& panels, Space space) {
    constexpr double M = 32, G = kGap;
    const double W = space.w, H = space.h;
    Placement L;
    L.header = {M, 14, W - 2 * M, 64};
    const double top = 92, bottom = H - kOperatorBand;

    std::vector<Panel> right = panels_in(panels, Slot::Where::Side);
    // A crowded right column: side panels that can sit beside a row panel showing move there.
    std::vector<std::pair<Panel, Panel>> beside;  // (row panel, the side panel beside it)
    if (side_crowded(right, bottom - top))
        for (Panel p : std::vector<Panel>(right)) {
            const Slot& s = panel_slot(p);
            if (!s.beside || !has(panels, *s.beside) || panel_slot(*s.beside).where != Slot::Where::Row) continue;
            beside.emplace_back(*s.beside, p);
            std::erase(right, p);
        }
    auto beside_of = [&](Panel row) -> std::optional<Panel> {
        for (const auto& [r, p] : beside)
            if (r == row) return p;
        return std::nullopt;
    };
    const double RW = std::max(440.0, 500.0 * W / kDesignWidth);  // narrower on narrower screens
    const double left_w = right.empty() ? W - 2 * M : W - 2 * M - RW - G;

    // Right column: fixed heights, the flexible one takes what is left.
    if (!right.empty()) {
        auto pref = [](Panel p) { return panel_slot(p).size; };
        double fixed = 0;
        bool flex = false;
        for (Panel p : right) {
            fixed += pref(p);
            flex = flex || pref(p) == 0.0;
        }
        double avail = bottom - top - G * static_cast<double>(right.size() - 1);
        double flex_h = flex ? std::max(170.0, avail - fixed) : 0;
        double k = std::min(1.0, (avail - flex_h) / std::max(1.0, fixed));
        double y = top;
        double x = M + left_w + G;
        for (Panel p : right) {
            double h = pref(p) == 0.0 ? flex_h : pref(p) * k;
            if (!flex && p == right.back()) h = bottom - y;  // the last one takes the rest
            L.boxes.push_back({p, {x, y, RW, h}});
            y += h + G;
        }
    }

    // Left rows: the row panels by order, the big row where its order puts it.
    struct Row {
        std::vector<Panel> panels;
        double h;  // 0: flexible
        int order;
    };
    std::vector<Row> rows;
    const std::vector<Panel> big = panels_in(panels, Slot::Where::Big);
    const bool narrow = left_w < kNarrowRow;
    for (Panel p : panels_in(panels, Slot::Where::Row)) {
        const Slot& s = panel_slot(p);
        const double size = narrow && s.narrow_size > 0 ? s.narrow_size : s.size;
        rows.push_back({{p}, s.grows && big.empty() ? 0.0 : size, s.order});
    }
    if (!big.empty()) {
        const int order = panel_slot(big.front()).order;
        auto at = std::find_if(rows.begin(), rows.end(), [&](const Row& r) { return r.order > order; });
        rows.insert(at, Row{big, 0, order});
    }

    double fixed = 0;
    int flex = 0;
    for (const Row& r : rows) {
        if (r.h > 0) fixed += r.h;
        else ++flex;
    }
    double avail = bottom - top - G * std::max(0.0, static_cast<double>(rows.size()) - 1);
    double flex_h = flex ? std::max(200.0, (avail - fixed) / flex) : 0;
    double k = std::min(1.0, (avail - flex_h * flex) / std::max(1.0, fixed));
    double y = top;
    for (const Row& r : rows) {
        double h = r.h > 0 ? r.h * k : flex_h;
        const std::optional<Panel> side = r.panels.size() == 1 ? beside_of(r.panels[0]) : std::nullopt;
        if (side) {
            // Narrower on a narrow left column, so that the row panel keeps room for its labels.
            const double rw = narrow ? std::min(panel_slot(*side).beside_width, left_w * 0.45) : panel_slot(*side).beside_width;
            L.boxes.push_back({r.panels[0], {M, y, left_w - rw - G, h}});
            L.boxes.push_back({*side, {M + left_w - rw, y, rw, h}});
        } else if (r.panels.size() == 1 && panel_slot(r.panels[0]).where == Slot::Where::Row) {
            L.boxes.push_back({r.panels[0], {M, y, left_w, h}});
        } else {
            double total = 0;
            for (Panel p : r.panels) total += panel_slot(p).size;
            double x = M;
            double inner = left_w - G * static_cast<double>(r.panels.size() - 1);
            for (Panel p : r.panels) {
                double w = inner * panel_slot(p).size / total;
                L.boxes.push_back({p, {x, y, w, h}});
                x += w + G;
            }
        }
        y += h + G;
    }
    return L;
}

}  // namespace draw
