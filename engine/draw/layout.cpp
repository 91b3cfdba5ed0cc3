// draw/layout: where a scene's panels go in the 1920×1080 design space, chosen from its panel
// list. Left: rows (pipeline, token row, the big panels side by side, score row, weight bars);
// right: a column (narration, readouts, arithmetic, controls). A scene with a matrix gets the
// matrix layout (big heatmap and graph); one with planes the one-row layout of the explainer.
// Narration always gets the tallest box of the right column: a student reads it alone, so the
// whole `say` must fit at a readable size. When the right column would be crowded (narration,
// readouts, arithmetic and controls), the readouts move beside the weight bars.
#include <algorithm>

#include "draw/paint.hpp"

namespace draw {

core::Rect card_content(const core::Rect& r) { return {r.x + 18, r.y + 46, r.w - 36, r.h - 46 - 18 * 0.8}; }

SceneLayout layout_scene(const scene::Scene& sc) {
    constexpr double M = 32, G = 18, W = kDesignWidth, H = kDesignHeight;
    SceneLayout L;
    L.header = {M, 14, W - 2 * M, 64};
    const double top = 92, bottom = H - 24;

    const bool readouts_below =
        sc.has(Panel::Readouts) && sc.has(Panel::WeightBars) && sc.has(Panel::Arithmetic) && sc.has(Panel::Narration);
    const Panel right_order[] = {Panel::Narration, Panel::Readouts, Panel::Arithmetic, Panel::Controls};
    std::vector<Panel> right;
    for (Panel p : right_order)
        if (sc.has(p) && !(p == Panel::Readouts && readouts_below)) right.push_back(p);
    const double RW = 500;
    const double left_w = right.empty() ? W - 2 * M : W - 2 * M - RW - G;

    // Right column: fixed heights, narration takes what is left.
    if (!right.empty()) {
        auto pref = [](Panel p) {
            switch (p) {
                case Panel::Readouts: return 300.0;
                case Panel::Arithmetic: return 288.0;
                case Panel::Controls: return 200.0;
                default: return 0.0;  // narration: flexible
            }
        };
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

    // Left rows.
    struct Row {
        std::vector<Panel> panels;
        double h;  // 0: flexible
    };
    std::vector<Row> rows;
    if (sc.has(Panel::Pipeline)) rows.push_back({{Panel::Pipeline}, 122});
    if (sc.has(Panel::TokenRow)) rows.push_back({{Panel::TokenRow}, 86});
    std::vector<Panel> big;
    for (Panel p : {Panel::Matrix, Panel::Graph, Panel::KeyPlane, Panel::ValuePlane, Panel::Projections})
        if (sc.has(p)) big.push_back(p);
    if (!big.empty()) rows.push_back({big, 0});
    if (sc.has(Panel::ScoreRow)) rows.push_back({{Panel::ScoreRow}, 108});
    if (sc.has(Panel::WeightBars)) rows.push_back({{Panel::WeightBars}, big.empty() ? 0.0 : 222.0});

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
        } else if (r.panels.size() == 1) {
            L.boxes.push_back({r.panels[0], {M, y, left_w, h}});
        } else {
            auto weight = [](Panel p) { return p == Panel::Matrix ? 1.35 : (p == Panel::Projections ? 1.7 : 1.0); };
            double total = 0;
            for (Panel p : r.panels) total += weight(p);
            double x = M;
            double inner = left_w - G * static_cast<double>(r.panels.size() - 1);
            for (Panel p : r.panels) {
                double w = inner * weight(p) / total;
                L.boxes.push_back({p, {x, y, w, h}});
                x += w + G;
            }
        }
        y += h + G;
    }
    return L;
}

}  // namespace draw
