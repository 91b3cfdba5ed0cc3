// draw/projections: where q, k and v come from when a scene gives inputs: x·W_Q = q,
// x·W_K = k, x·W_V = v, each matrix a small grid (numbers when they fit), the asking row lit.
#include <algorithm>

#include "draw/paint.hpp"

namespace draw {

namespace {

// A matrix of numbered cells, heat-coloured; a lit one is outlined in gold.
// Whether every entry of the grids fits its cell at a readable size (else the cells are shown by
// colour alone: a number the back row cannot read is not shown).
bool numbers_fit(Canvas& c, const model::Projections& p, double cell) {
    if (cell * 0.82 - 6 < kMinText) return false;
    c.font(Font::Regular, kMinText);
    for (const auto& e : p.equations)
        for (const auto* g : {&e.x, &e.w, &e.out})
            for (const auto& row : g->value)
                for (double v : row)
                    if (c.measure(num(v, cell < 48 ? 1 : 2)) > cell - 6) return false;
    return true;
}

void cells(Canvas& c, const model::Projections::Grid& g, core::Point at, double cell, bool numbers) {
    const std::size_t rows = g.value.size(), cols = rows ? g.value[0].size() : 0;
    for (std::size_t i = 0; i < rows; ++i)
        for (std::size_t j = 0; j < cols; ++j) {
            core::Rect cr{at.x + j * cell, at.y + i * cell, cell, cell};
            core::Color fill = c.th.heat(g.heat[i][j]);
            c.rounded(cr.inset(1.5), 4);
            c.color(fill);
            cairo_fill(c.cr);
            if (!numbers) continue;
            c.color(c.th.ink_on(fill));
            c.text_in(num(g.value[i][j], cell < 48 ? 1 : 2), cr.inset(3), Font::Regular, std::max(kMinText, cell * 0.4),
                      kMinText, Align::Center);
        }
    if (g.lit && rows) {
        c.rounded({at.x - 3, at.y - 3, cols * cell + 6, rows * cell + 6}, 6);
        c.color(c.th.query);
        cairo_set_line_width(c.cr, 3.5);
        cairo_stroke(c.cr);
    }
}

void paint(Canvas& c, const model::SceneFrame& f, const core::Rect& r) {
    const model::Projections& p = f.projections;
    core::Rect content = c.card(r, p.heading, p.aside);
    if (p.equations.empty()) {
        if (!p.note.empty()) {
            c.color(c.th.ink_faint);
            c.paragraph(p.note, content, Font::Italic, 20, 12);
        }
        return;
    }
    // The asking token's row, three times; rows of the other tokens work the same way (the
    // caption says so).
    const std::size_t mm = p.equations[0].x.value.empty() ? 0 : p.equations[0].x.value[0].size();
    std::size_t wmax = 1;
    for (const auto& e : p.equations) wmax = std::max(wmax, e.out.value.empty() ? 0 : e.out.value[0].size());
    const double sym = 30, name_h = 22, gap = 10, caption = 26;
    const double cols = static_cast<double>(mm + 2 * wmax);
    double cell = std::min({(content.w - 3 * sym - 8) / cols, (content.h - caption - 3 * (name_h + gap)) / (3.0 * mm), 70.0});
    cell = std::max(cell, 8.0);
    const bool numbers = numbers_fit(c, p, cell);
    const double block_h = name_h + mm * cell;
    const double total_w = cols * cell + 2 * sym;
    const double x0 = content.x + std::max(0.0, (content.w - total_w) / 2);
    double y = content.y + std::max(0.0, (content.h - caption - 3 * block_h - 2 * gap) / 2);
    for (const auto& e : p.equations) {
        const std::size_t wc = e.out.value.empty() ? 0 : e.out.value[0].size();
        double x = x0;
        const double mid = y + name_h + mm * cell / 2;  // the row of x and out sit level with W's middle
        c.color(c.th.ink_soft);
        c.text_in(e.x_name, {x - 10, y, mm * cell + 20, name_h - 4}, Font::Bold, 17, 10, Align::Center);
        cells(c, e.x, {x, mid - cell / 2}, cell, numbers);
        x += mm * cell;
        c.color(c.th.ink);
        c.text_in("·", {x, mid - 16, sym, 32}, Font::Bold, 26, 12, Align::Center);
        x += sym;
        c.color(c.th.ink_soft);
        c.text_in(e.w_name, {x, y, wc * cell, name_h - 4}, Font::Bold, 17, 10, Align::Center);
        cells(c, e.w, {x, y + name_h}, cell, numbers);
        x += wmax * cell;
        c.color(c.th.ink);
        c.text_in("=", {x, mid - 16, sym, 32}, Font::Bold, 26, 12, Align::Center);
        x += sym;
        using Ink = model::Projections::Equation::Ink;
        c.color(e.ink == Ink::Query ? c.th.query_ink : (e.ink == Ink::Key ? c.th.key : c.th.value));
        c.text_in(e.out_name, {x - 10, y, wc * cell + 20, name_h - 4}, Font::Bold, 17, 10, Align::Center);
        cells(c, e.out, {x, mid - cell / 2}, cell, numbers);
        y += block_h + gap;
    }
    c.color(c.th.ink_soft);
    c.text_in(p.caption, {content.x, content.bottom() - 24, content.w, 24}, Font::Italic, 17, 10, Align::Center);
}

}  // namespace

extern const PanelDef kProjectionsPanel{Panel::Projections, {Slot::Where::Big, 24, 1.7}, paint, nullptr};

}  // namespace draw
