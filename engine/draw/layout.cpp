// draw/layout: where the panels of a scene's step go in the design space (1080 high, 1440 to 1920 wide by
// the output's aspect), from the slot each
// panel registers. Left: rows (by order), the big panels side by side in one row among them;
// right: a column (by order). Narration, the one flexible panel of the right column, gets its
// tallest box: a student reads it alone, so the whole `say` must fit at a readable size. When the
// right column would be crowded (narration, readouts, arithmetic and controls), the readouts
// move beside the weight bars.
#include <algorithm>

#include "draw/paint.hpp"

namespace draw {

core::Rect card_content(const core::Rect& r) { return {r.x + 18, r.y + 46, r.w - 36, r.h - 46 - 18 * 0.8}; }

namespace {

bool has(const std::vector<Panel>& panels, Panel p) { return std::find(panels.begin(), panels.end(), p) != panels.end(); }

// The panels of one kind of slot, in their order.
std::vector<Panel> panels_in(const std::vector<Panel>& panels, Slot::Where where) {
    std::vector<Panel> out;
    for (Panel p : panels)
        if (panel_def(p).slot.where == where && std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
    std::stable_sort(out.begin(), out.end(),
                     [](Panel a, Panel b) { return panel_def(a).slot.order < panel_def(b).slot.order; });
    return out;
}

}  // namespace

SceneLayout layout_scene(const std::vector<Panel>& panels, Space space) {
    constexpr double M = 32, G = 18;
    const double W = space.w, H = space.h;
    SceneLayout L;
    L.header = {M, 14, W - 2 * M, 64};
    const double top = 92, bottom = H - kOperatorBand;

    const bool readouts_below =
        has(panels, Panel::Readouts) && has(panels, Panel::WeightBars) && has(panels, Panel::Arithmetic) &&
        has(panels, Panel::Narration);
    std::vector<Panel> right = panels_in(panels, Slot::Where::Side);
    if (readouts_below) std::erase(right, Panel::Readouts);
    const double RW = std::max(440.0, 500.0 * W / kDesignWidth);  // narrower on narrower screens
    const double left_w = right.empty() ? W - 2 * M : W - 2 * M - RW - G;

    // Right column: fixed heights, the flexible one takes what is left.
    if (!right.empty()) {
        auto pref = [](Panel p) { return panel_def(p).slot.size; };
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
    for (Panel p : panels_in(panels, Slot::Where::Row)) {
        const Slot& s = panel_def(p).slot;
        rows.push_back({{p}, s.grows && big.empty() ? 0.0 : s.size, s.order});
    }
    if (!big.empty()) {
        const int order = panel_def(big.front()).slot.order;
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
        if (readouts_below && r.panels.size() == 1 && r.panels[0] == Panel::WeightBars) {
            const double rw = 440;
            L.boxes.push_back({Panel::WeightBars, {M, y, left_w - rw - G, h}});
            L.boxes.push_back({Panel::Readouts, {M + left_w - rw, y, rw, h}});
        } else if (r.panels.size() == 1 && panel_def(r.panels[0]).slot.where == Slot::Where::Row) {
            L.boxes.push_back({r.panels[0], {M, y, left_w, h}});
        } else {
            double total = 0;
            for (Panel p : r.panels) total += panel_def(p).slot.size;
            double x = M;
            double inner = left_w - G * static_cast<double>(r.panels.size() - 1);
            for (Panel p : r.panels) {
                double w = inner * panel_def(p).slot.size / total;
                L.boxes.push_back({p, {x, y, w, h}});
                x += w + G;
            }
        }
        y += h + G;
    }
    return L;
}

}  // namespace draw
