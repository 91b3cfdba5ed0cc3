// draw/projections: where q, k and v come from when a scene gives inputs: x·W_Q = q,
// x·W_K = k, x·W_V = v: the asking row x once, each matrix a small grid with its product under it
// (numbers when they fit at kMinText), the asking row lit.
#include <algorithm>

#include "draw/paint.hpp"

namespace draw {

namespace {

// Decimals a grid's numbers are shown with: 2 when every entry fits its cell at kMinText, else 1,
// else 0 (the cells are shown by colour alone: a number the back row cannot read is not shown).
int decimals_that_fit(Canvas& c, const model::Projections& p, double cell) {
    if (cell * 0.82 - 4 < kMinText) return -1;
    c.font(Font::Regular, kMinText);
    for (int d : {2, 1}) {
        bool fits = true;
        for (const auto& e : p.equations)
            for (const auto* g : {&e.x, &e.w, &e.out})
                for (const auto& row : g->value)
                    for (double v : row) fits = fits && c.measure(num(v, d)) <= cell - 4;
        if (fits) return d;
    }
    return -1;
}

// A matrix of numbered cells, heat-coloured; a lit one is outlined in gold.
void cells(Canvas& c, const model::Projections::Grid& g, core::Point at, double cell, int decimals) {
    const std::size_t rows = g.value.size(), cols = rows ? g.value[0].size() : 0;
    for (std::size_t i = 0; i < rows; ++i)
        for (std::size_t j = 0; j < cols; ++j) {
            core::Rect cr{at.x + j * cell, at.y + i * cell, cell, cell};
            core::Color fill = c.th.heat(g.heat[i][j]);
            c.rounded(cr.inset(1.5), 4);
            c.color(fill);
            cairo_fill(c.cr);
            if (decimals < 0) continue;
            c.color(c.th.ink_on(fill));
            c.text_in(num(g.value[i][j], decimals), cr.inset(2), Font::Regular, std::max(kMinText, cell * 0.36),
                      kMinText, Align::Center);
        }
    if (g.lit && rows) {
        c.rounded({at.x - 3, at.y - 3, cols * cell + 6, rows * cell + 6}, 6);
        c.color(c.th.query);
        cairo_set_line_width(c.cr, 3.5);
        cairo_stroke(c.cr);
    }
}

// The asking token's row x, drawn once on the left, times each matrix; under each matrix "=" and
// its product, so that each entry of q, k and v sits under the column of W that makes it:
//
//               W_Q      W_K      W_V
//   x · chased  ▦▦       ▦▦       ▦▦
//   ▦▦▦    ·    ▦▦       ▦▦       ▦▦
//               ▦▦       ▦▦       ▦▦
//               =        =        =
//               q        k        v
//               ▦▦       ▦▦       ▦▦
void paint(Canvas& c, const model::Projections& p, const core::Rect& r) {
    core::Rect content = c.card(r, p.heading, p.aside);
    if (p.equations.empty()) {
        if (!p.note.empty()) {
            c.color(c.th.ink_faint);
            c.paragraph(p.note, content, Font::Italic, 20, 12);
        }
        return;
    }
    const std::size_t mm = p.equations[0].x.value.empty() ? 0 : p.equations[0].x.value[0].size();
    std::size_t wmax = 1;
    for (const auto& e : p.equations) wmax = std::max(wmax, e.out.value.empty() ? 0 : e.out.value[0].size());
    const double n = static_cast<double>(p.equations.size());
    const double sym = 24, name_h = 26, gap = 8;
    // The caption's line, or two where one does not hold it (a narrow panel, 4:3).
    c.font(Font::Italic, kMinText);
    const double caption = c.measure(p.caption) <= content.w ? 28 : 50;
    // Height: a name, the matrix, "=", a name, the product; width: x, "·", the matrices.
    const double rows = static_cast<double>(mm + 1);
    const double cols = static_cast<double>(mm) + n * static_cast<double>(wmax);
    double cell = std::min({(content.w - sym - n * gap) / cols, (content.h - caption - 2 * name_h - sym - 8) / rows, 72.0});
    cell = std::max(cell, 8.0);
    const int decimals = decimals_that_fit(c, p, cell);
    // Each matrix's column is as wide as the room allows (its names need more than its cells).
    const double x_w = static_cast<double>(mm) * cell;
    const double col_w = std::max(static_cast<double>(wmax) * cell, (content.w - x_w - sym - gap) / n);
    const double total_w = x_w + sym + n * col_w;
    const double total_h = 2 * name_h + rows * cell + sym;
    const double x0 = content.x + std::max(0.0, (content.w - total_w) / 2);
    const double y0 = content.y + std::max(0.0, (content.h - caption - total_h) / 2);
    const double w_top = y0 + name_h;
    const double w_mid = w_top + static_cast<double>(mm) * cell / 2;
    // x, once, level with the matrices' middle row.
    const model::Projections::Equation& first = p.equations[0];
    c.color(c.th.ink_soft);
    c.text_in(first.x_name, {x0 - 10, w_mid - cell / 2 - name_h - 4, x_w + sym + 10, name_h}, Font::Bold, 18, kMinText,
              Align::Left);
    cells(c, first.x, {x0, w_mid - cell / 2}, cell, decimals);
    c.color(c.th.ink);
    c.text_in("·", {x0 + x_w, w_mid - 16, sym, 32}, Font::Bold, 26, kMinText, Align::Center);
    using Ink = model::Projections::Equation::Ink;
    double x = x0 + x_w + sym;
    for (const auto& e : p.equations) {
        const double wc = static_cast<double>(e.out.value.empty() ? 0 : e.out.value[0].size());
        const double cx = x + (col_w - wc * cell) / 2;  // the cells, centred in the column
        c.color(c.th.ink_soft);
        c.text_in(e.w_name, {x, y0, col_w, name_h - 2}, Font::Bold, 18, kMinText, Align::Center);
        cells(c, e.w, {cx, w_top}, cell, decimals);
        double y = w_top + static_cast<double>(mm) * cell;
        c.color(c.th.ink);
        c.text_in("=", {x, y, col_w, sym}, Font::Bold, 24, kMinText, Align::Center);
        y += sym;
        c.color(e.ink == Ink::Query ? c.th.query_ink : (e.ink == Ink::Key ? c.th.key : c.th.value));
        // "q · chased", or just "q" where the column is too narrow (the card's aside names the token).
        const core::Rect nb{x + 3, y, col_w - 6, name_h - 2};
        Canvas::Fit name = c.fit(e.out_name, nb, Font::Bold, 18, kMinText);
        if (name.cut && e.out_name.find(" · ") != std::string::npos)
            name = c.fit(e.out_name.substr(0, e.out_name.find(" · ")), nb, Font::Bold, 18, kMinText);
        c.place(name, nb, Align::Center);
        cells(c, e.out, {cx, y + name_h}, cell, decimals);
        x += col_w;
    }
    c.color(c.th.ink_soft);
    c.paragraph(p.caption, {content.x, content.bottom() - caption, content.w, caption}, Font::Italic, kMinText,
                kMinText);
}

}  // namespace

extern const PanelDef<model::Projections> kProjectionsPanel{{Slot::Where::Big, 24, 1.7}, paint, nullptr};

}  // namespace draw
