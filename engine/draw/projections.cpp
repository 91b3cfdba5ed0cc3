// draw/projections: where q, k and v come from when a scene gives inputs: x·W_Q = q,
// x·W_K = k, x·W_V = v, each matrix a small grid (numbers when they fit), the asking row lit.
#include <algorithm>
#include <cmath>

#include "draw/paint.hpp"

namespace draw {

namespace {

// A matrix of numbered cells, heat-coloured; `lit` outlines it in gold.
void cells(Canvas& c, const core::Mat& a, core::Point at, double cell, double mag, bool lit) {
    const std::size_t rows = a.size(), cols = rows ? a[0].size() : 0;
    for (std::size_t i = 0; i < rows; ++i)
        for (std::size_t j = 0; j < cols; ++j) {
            core::Rect cr{at.x + j * cell, at.y + i * cell, cell, cell};
            core::Color fill = c.th.heat(std::clamp(0.5 + 0.5 * a[i][j] / mag, 0.0, 1.0));
            c.rounded(cr.inset(1.5), 4);
            c.color(fill);
            cairo_fill(c.cr);
            c.color(c.th.ink_on(fill));
            c.text_in(num(a[i][j], cell < 48 ? 1 : 2), cr.inset(3), Font::Regular, std::min(20.0, cell * 0.4), 8,
                      Align::Center);
        }
    if (lit && rows) {
        c.rounded({at.x - 3, at.y - 3, cols * cell + 6, rows * cell + 6}, 6);
        c.color(c.th.query);
        cairo_set_line_width(c.cr, 3.5);
        cairo_stroke(c.cr);
    }
}

}  // namespace

void paint_projections(Canvas& c, const Model& m, const core::Rect& r) {
    const std::string& tok = m.sc->tokens[static_cast<std::size_t>(m.focus)];
    core::Rect content = c.card(r, "Where q, k, v come from", m.sc->projections ? "for " + tok : "");
    if (!m.sc->projections) {
        c.color(c.th.ink_faint);
        c.paragraph("This scene gives q, k and v directly. A real layer makes them from one input per token: "
                    "q = x·W_Q, k = x·W_K, v = x·W_V.",
                    content, Font::Italic, 20, 12);
        return;
    }
    // The asking token's row, three times: x · W_Q = q, x · W_K = k, x · W_V = v, every cell
    // with its number. Rows of the other tokens work the same way (the caption says so).
    const scene::Projections& p = *m.sc->projections;
    const std::size_t f = static_cast<std::size_t>(m.focus);
    if (f >= p.x.size()) return;
    const std::size_t mm = p.x[f].size();
    double mag = 1e-9;
    for (const core::Mat* a : {&p.x, &p.w_q, &p.w_k, &p.w_v, &m.sc->q, &m.sc->k, &m.sc->v})
        for (const auto& row : *a)
            for (double x : row) mag = std::max(mag, std::fabs(x));
    struct Eq {
        const core::Mat* w;
        const core::Vec* out;
        const char* wn;
        const char* on;
        core::Color ink;
    };
    const Eq eqs[3] = {{&p.w_q, &m.sc->q[f], "W_Q", "q", c.th.query_ink},
                       {&p.w_k, &m.sc->k[f], "W_K", "k", c.th.key},
                       {&p.w_v, &m.sc->v[f], "W_V", "v", c.th.value}};
    std::size_t wmax = 1;
    for (const Eq& e : eqs) wmax = std::max(wmax, e.out->size());
    const double sym = 30, name_h = 22, gap = 10, caption = 26;
    const double cols = static_cast<double>(mm + 2 * wmax);
    double cell = std::min({(content.w - 3 * sym - 8) / cols, (content.h - caption - 3 * (name_h + gap)) / (3.0 * mm), 70.0});
    cell = std::max(cell, 8.0);
    const double block_h = name_h + mm * cell;
    const double total_w = cols * cell + 2 * sym;
    const double x0 = content.x + std::max(0.0, (content.w - total_w) / 2);
    double y = content.y + std::max(0.0, (content.h - caption - 3 * block_h - 2 * gap) / 2);
    const core::Mat xrow{p.x[f]};
    for (const Eq& e : eqs) {
        const std::size_t wc = e.out->size();
        double x = x0;
        const double mid = y + name_h + mm * cell / 2;  // the row of x and out sit level with W's middle
        c.color(c.th.ink_soft);
        c.text_in("x · " + tok, {x - 10, y, mm * cell + 20, name_h - 4}, Font::Bold, 17, 10, Align::Center);
        cells(c, xrow, {x, mid - cell / 2}, cell, mag, true);
        x += mm * cell;
        c.color(c.th.ink);
        c.text_in("·", {x, mid - 16, sym, 32}, Font::Bold, 26, 12, Align::Center);
        x += sym;
        c.color(c.th.ink_soft);
        c.text_in(e.wn, {x, y, wc * cell, name_h - 4}, Font::Bold, 17, 10, Align::Center);
        cells(c, *e.w, {x, y + name_h}, cell, mag, false);
        x += wmax * cell;
        c.color(c.th.ink);
        c.text_in("=", {x, mid - 16, sym, 32}, Font::Bold, 26, 12, Align::Center);
        x += sym;
        c.color(e.ink);
        c.text_in(std::string(e.on) + " · " + tok, {x - 10, y, wc * cell + 20, name_h - 4}, Font::Bold, 17, 10,
                  Align::Center);
        cells(c, core::Mat{*e.out}, {x, mid - cell / 2}, cell, mag, true);
        y += block_h + gap;
    }
    c.color(c.th.ink_soft);
    c.text_in("every token's input row times the same three matrices gives its q, k and v",
              {content.x, content.bottom() - 24, content.w, 24}, Font::Italic, 17, 10, Align::Center);
}

}  // namespace draw
