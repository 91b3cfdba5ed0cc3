// draw/weight_bars: the softmax weights as bars with percentages and "Σ a = 1.00". Softmax
// arrives in two beats: the bars grow to e^s (relative to the largest), then rescale to shares
// that sum to 1. Hidden keys keep a hatched stub at exactly 0%.
#include <algorithm>
#include <cmath>

#include "draw/paint.hpp"

namespace draw {

void paint_weight_bars(Canvas& c, const Model& m, const core::Rect& r) {
    const double px = m.p(Stage::Softmax);
    const bool shares = px >= 0.75;  // labels switch from e^s to percentages half-way through beat 2
    double sum = 0;
    for (double w : m.weight) sum += w;
    std::string aside;
    if (px > 0) aside = shares ? "Σ a = " + num(sum) : "e^s · bars scaled to the largest";
    core::Rect content = c.card(r, "Weights · shares of 1", aside);
    Cells cols = score_row_cells(m, r);
    const double label_h = 26, value_h = 26;
    const double base = content.bottom() - label_h - 4;
    const double top = content.y + value_h + 2;
    const double full = base - top;
    c.color(c.th.axis);
    cairo_set_line_width(c.cr, 1.5);
    c.line({content.x, base}, {content.right(), base});
    cairo_stroke(c.cr);
    for (int j = 0; j < m.n; ++j) {
        const std::size_t J = static_cast<std::size_t>(j);
        const core::Rect col{cols.cells[J].x, content.y, cols.cells[J].w, content.h};
        double bw = std::min(96.0, col.w * 0.58);
        double bx = col.x + (col.w - bw) / 2;
        c.color(j == m.focus ? c.th.ink : c.th.ink_soft);
        c.text_in(m.sc->tokens[J], {col.x + 2, base + 4, col.w - 4, label_h}, j == m.focus ? Font::Bold : Font::Regular,
                  18, 10, Align::Center);
        if (j == m.view->hover) {
            c.rounded({col.x + 2, content.y, col.w - 4, content.h}, 8);
            c.color(c.th.hover, 0.10);
            cairo_fill(c.cr);
        }
        if (px <= 0) continue;
        const double hide = m.hide[J];
        if (hide >= 0.999) {
            c.hatch({bx, base - 22, bw, 22}, 4);
            c.color(c.th.ink_soft);
            c.text_in("hidden · 0%", {col.x + 2, base - 22 - value_h, col.w - 4, value_h}, Font::Regular, 16, 9,
                      Align::Center);
            continue;
        }
        double h = std::max(0.0, m.bar[J]) * full;
        if (h > 0.5) {
            c.rounded({bx, base - h, bw, h}, std::min(6.0, h / 2));
            c.color(j == m.best && shares ? c.th.key : core::lerp(c.th.key, c.th.card, 0.25));
            cairo_fill(c.cr);
            if (hide > 0) c.hatch({bx, base - h, bw, h}, std::min(6.0, h / 2));
        }
        std::string label;
        if (shares) label = percent(m.weight[J]);
        else {
            double e = std::exp(std::clamp(m.tempered[J], -700.0, 700.0));
            label = e < 1e6 ? num(e, e < 10 ? 2 : 1) : "≫";
        }
        c.color(c.th.ink);
        c.text_in(label, {col.x + 2, base - h - value_h - 2, col.w - 4, value_h}, Font::Bold, 18, 9, Align::Center);
    }
    if (px <= 0) {
        c.color(c.th.ink_faint);
        c.text_in("the weights appear at the softmax step", {content.x, top + full * 0.3, content.w, 30}, Font::Italic, 20,
                  12, Align::Center);
    }
}

}  // namespace draw
