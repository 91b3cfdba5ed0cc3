// draw/token_row: the sequence as chips; the asking token filled gold, the hovered one ringed,
// tokens hidden by the mask dimmed with a dashed outline.
#include <algorithm>

#include "draw/paint.hpp"

namespace draw {

Cells token_row_cells(const Model& m, const core::Rect& panel) {
    Cells out;
    core::Rect content = panel.inset(18);
    const double label_w = 150;
    core::Rect row{content.x + label_w, content.y, content.w - label_w, content.h};
    double gap = std::min(14.0, row.w / std::max(1, m.n) * 0.12);
    double w = std::min(190.0, (row.w - gap * (m.n - 1)) / std::max(1, m.n));
    double total = w * m.n + gap * (m.n - 1);
    double x = row.x + (row.w - total) / 2;
    for (int j = 0; j < m.n; ++j) out.cells.push_back({x + j * (w + gap), row.y + 2, w, row.h - 4});
    return out;
}

void paint_token_row(Canvas& c, const Model& m, const core::Rect& r) {
    core::Rect content = c.card(r, "");
    c.color(c.th.ink_soft);
    c.text_in("tokens", {content.x, content.y, 130, content.h / 2}, Font::Bold, 18, 12);
    c.color(c.th.ink_faint);
    c.text_in("click to ask", {content.x, content.y + content.h / 2, 130, content.h / 2}, Font::Regular, 15, 11);
    Cells cells = token_row_cells(m, r);
    for (int j = 0; j < m.n; ++j) {
        const core::Rect& cell = cells.cells[static_cast<std::size_t>(j)];
        bool focus = j == m.focus;
        c.mark("token:" + std::to_string(j), cell);
        double hide = m.hide[static_cast<std::size_t>(j)];
        double alpha = 1.0 - 0.55 * hide;
        c.rounded(cell, 10);
        if (focus) {
            c.color(c.th.query);
            cairo_fill(c.cr);
        } else {
            c.color(c.th.bg, alpha);
            cairo_fill_preserve(c.cr);
            c.color(c.th.card_edge);
            cairo_set_line_width(c.cr, 1.5);
            if (hide > 0.5) {
                double dash[] = {6, 4};
                cairo_set_dash(c.cr, dash, 2, 0);
            }
            cairo_stroke(c.cr);
            cairo_set_dash(c.cr, nullptr, 0, 0);
        }
        if (j == m.view->hover) {
            c.rounded(cell.inset(-4), 13);
            c.color(c.th.hover);
            cairo_set_line_width(c.cr, 3);
            cairo_stroke(c.cr);
        }
        c.color(focus ? c.th.ink_on(c.th.query) : c.th.ink, alpha);
        c.text_in(m.sc->tokens[static_cast<std::size_t>(j)], cell.inset(8), focus ? Font::Bold : Font::Regular, 24, 11,
                  Align::Center);
    }
}

}  // namespace draw
