// draw/cells: a small matrix drawn as coloured cells with its numbers (the residual's and the
// tied scores' grids): fills on the diverging scale, numbers as the model writes them, never
// smaller than kMinText. Knows no panel.
#include <algorithm>

#include "draw/paint.hpp"

namespace draw {

void paint_cells(Canvas& c, const model::Grid& g, core::Point at, const std::vector<double>& col_w, double cell_h,
                 bool numbers, double alpha) {
    if (col_w.empty() || alpha <= 0) return;
    double width = 0;
    for (std::size_t i = 0; i < g.tone.size(); ++i) {
        double x = at.x;
        for (std::size_t j = 0; j < g.tone[i].size(); ++j) {
            const double w = col_w[std::min(j, col_w.size() - 1)];
            const core::Rect cell{x, at.y + static_cast<double>(i) * cell_h, w, cell_h};
            x += w;
            const core::Color fill = c.th.shade(model::Scale::Diverging, g.tone[i][j]);
            c.rounded(cell.inset(1.5), 4);
            c.color(fill, alpha);
            cairo_fill(c.cr);
            if (!numbers) continue;
            c.color(c.th.ink_on(fill), alpha);
            c.text_in(g.text[i][j], cell.inset(2), Font::Regular, kMinText, kMinText, Align::Center);
        }
        width = std::max(width, x - at.x);
    }
    if (g.lit && !g.tone.empty()) {
        c.rounded({at.x - 3, at.y - 3, width + 6, static_cast<double>(g.tone.size()) * cell_h + 6}, 6);
        c.color(c.th.query, alpha);
        cairo_set_line_width(c.cr, 3.5);
        cairo_stroke(c.cr);
    }
}

double widest_number(Canvas& c, const model::Grid& g) {
    c.font(Font::Regular, kMinText);
    double w = 0;
    for (const auto& row : g.text)
        for (const std::string& t : row) w = std::max(w, c.measure(t));
    return g.text.empty() ? 0 : w + 12;
}

}  // namespace draw
