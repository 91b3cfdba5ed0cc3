// draw/outputs: every new vector at once — the values V and the product A·V side by side, a row
// per token (numbers where they fit at kMinText, else colours alone), the asking token's row lit
// in both, the product's rows arriving together.
//
//               V                  A·V
//   The      ▦ ▦ ▦ ▦     →     ▦ ▦ ▦ ▦
//   ran     [▦ ▦ ▦ ▦]    →    [▦ ▦ ▦ ▦]
#include <algorithm>
#include <cmath>

#include "draw/paint.hpp"

namespace draw {

namespace {

struct OutputsGeom {
    core::Rect labels, values, outputs, arrow;
    double cell_w = 0, cell_h = 0;
};

OutputsGeom outputs_geom(const model::Outputs& o, const core::Rect& panel) {
    const core::Rect content = card_content(panel);
    OutputsGeom g;
    const double rows = std::max<double>(1, static_cast<double>(o.tokens.size()));
    const double cols = std::max<double>(1, o.values.value.empty() ? 1 : static_cast<double>(o.values.value[0].size()));
    const double label_w = 104, arrow_w = 70, head_h = 34, caption_h = 64;
    g.cell_h = std::min(48.0, (content.h - head_h - caption_h) / rows);
    g.cell_w = std::min(88.0, (content.w - label_w - arrow_w) / (2 * cols));
    const double grid_w = g.cell_w * cols, grid_h = g.cell_h * rows;
    const double x0 = content.x + std::max(0.0, (content.w - label_w - arrow_w - 2 * grid_w) / 2);
    const double y0 = content.y + head_h;
    g.labels = {x0, y0, label_w - 8, grid_h};
    g.values = {x0 + label_w, y0, grid_w, grid_h};
    g.arrow = {g.values.right(), y0, arrow_w, grid_h};
    g.outputs = {g.arrow.right(), y0, grid_w, grid_h};
    return g;
}

// Decimals every number of both grids can be written with in a cell (2, 1), or −1: colours alone.
int decimals_that_fit(Canvas& c, const model::Outputs& o, const OutputsGeom& g) {
    if (g.cell_h * 0.82 - 4 < kMinText) return -1;
    c.font(Font::Regular, kMinText);
    for (int d : {2, 1}) {
        bool fits = true;
        for (const model::Grid* grid : {&o.values, &o.outputs})
            for (const auto& row : grid->value)
                for (double v : row) fits = fits && c.measure(num(v, d)) <= g.cell_w - 6;
        if (fits) return d;
    }
    return -1;
}

void grid(Canvas& c, const model::Grid& m, const core::Rect& at, const OutputsGeom& g, int decimals, double alpha) {
    for (std::size_t i = 0; i < m.value.size(); ++i)
        for (std::size_t j = 0; j < m.value[i].size(); ++j) {
            const core::Rect cell{at.x + static_cast<double>(j) * g.cell_w, at.y + static_cast<double>(i) * g.cell_h,
                                  g.cell_w, g.cell_h};
            const core::Color fill = c.th.heat(m.heat[i][j]);
            c.rounded(cell.inset(1.5), 4);
            c.color(fill, alpha);
            cairo_fill(c.cr);
            if (decimals < 0 || alpha <= 0) continue;
            c.color(c.th.ink_on(fill), alpha);
            c.text_in(num(m.value[i][j], decimals), cell.inset(2), Font::Regular, kMinText, kMinText, Align::Center);
        }
}

void paint(Canvas& c, const model::Outputs& o, const core::Rect& r) {
    const core::Rect content = c.card(r, o.heading, o.aside);
    if (!o.note.empty() || o.values.value.empty()) {
        c.color(c.th.ink_faint);
        c.paragraph(o.note, content, Font::Italic, 20, kMinText);
        return;
    }
    const OutputsGeom g = outputs_geom(o, r);
    const int decimals = decimals_that_fit(c, o, g);
    c.color(c.th.value);
    c.text_in(o.values_name, {g.values.x, g.values.y - 34, g.values.w, 30}, Font::Bold, 22, kMinText, Align::Center);
    c.color(c.th.output_ink);
    c.text_in(o.outputs_name, {g.outputs.x, g.outputs.y - 34, g.outputs.w, 30}, Font::Bold, 22, kMinText, Align::Center);
    for (std::size_t i = 0; i < o.tokens.size(); ++i) {
        const bool fo = static_cast<int>(i) == o.focus, h = static_cast<int>(i) == o.hover;
        const double y = g.labels.y + static_cast<double>(i) * g.cell_h;
        if (h) {
            c.rounded({g.labels.x, y, g.outputs.right() - g.labels.x, g.cell_h}, 6);
            c.color(c.th.hover, 0.10);
            cairo_fill(c.cr);
        }
        c.color(fo ? c.th.query_ink : (h ? c.th.hover : c.th.ink_soft));
        c.text_in(o.tokens[i], {g.labels.x, y, g.labels.w, g.cell_h}, fo ? Font::Bold : Font::Regular, 20, kMinText,
                  Align::Right);
    }
    grid(c, o.values, g.values, g, decimals, 1.0);
    grid(c, o.outputs, g.outputs, g, decimals, o.reveal);
    // "A ·" over the arrow between them: each row of the product blends every row of V.
    c.color(c.th.ink_soft);
    c.text_in("A ·", {g.arrow.x, g.arrow.y + g.arrow.h / 2 - 40, g.arrow.w, 30}, Font::Bold, 22, kMinText, Align::Center);
    c.arrow({g.arrow.x + 12, g.arrow.y + g.arrow.h / 2}, {g.arrow.right() - 12, g.arrow.y + g.arrow.h / 2}, 3, 12,
            c.th.ink_soft);
    // The asking token's row, lit in both.
    const double fy = g.values.y + static_cast<double>(o.focus) * g.cell_h;
    cairo_set_line_width(c.cr, 3.5);
    c.color(c.th.query);
    c.rounded({g.values.x - 3, fy - 3, g.values.w + 6, g.cell_h + 6}, 6);
    cairo_stroke(c.cr);
    c.color(c.th.query, o.reveal);
    c.rounded({g.outputs.x - 3, fy - 3, g.outputs.w + 6, g.cell_h + 6}, 6);
    cairo_stroke(c.cr);
    c.color(c.th.ink_soft);
    c.paragraph(o.caption, {content.x, content.bottom() - 58, content.w, 58}, Font::Italic, kMinText, kMinText, 1.25);
}

void hit(const model::Outputs& o, const core::Rect& r, core::Point p, Hit& h) {
    if (o.values.value.empty()) return;
    const OutputsGeom g = outputs_geom(o, r);
    if (p.y < g.labels.y || p.y >= g.labels.bottom() || p.x < g.labels.x || p.x > g.outputs.right()) return;
    h.kind = Hit::Kind::Token;
    h.token = std::clamp(static_cast<int>((p.y - g.labels.y) / g.cell_h), 0, static_cast<int>(o.tokens.size()) - 1);
}

}  // namespace

extern const PanelDef<model::Outputs> kOutputsPanel{{Slot::Where::Big, 21, 1.0}, paint, hit};

}  // namespace draw
