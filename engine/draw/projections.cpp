// draw/projections: where q, k and v come from when a scene gives inputs: x·W_Q = q,
// x·W_K = k, x·W_V = v, each matrix a small grid (numbers when they fit), the asking row lit.
#include <algorithm>
#include <cmath>

#include "draw/paint.hpp"

namespace draw {

namespace {

void grid(Canvas& c, const core::Mat& a, const core::Rect& area, double cell, const std::string& name, int row_mark,
          double mag) {
    const std::size_t rows = a.size(), cols = rows ? a[0].size() : 0;
    c.color(c.th.ink);
    c.text_in(name, {area.x - 10, area.y - 34, area.w + 20, 28}, Font::Bold, 20, 10, Align::Center);
    for (std::size_t i = 0; i < rows; ++i)
        for (std::size_t j = 0; j < cols; ++j) {
            core::Rect cr{area.x + j * cell, area.y + i * cell, cell, cell};
            core::Color fill = c.th.heat(std::clamp(0.5 + 0.5 * a[i][j] / mag, 0.0, 1.0));
            c.rounded(cr.inset(1), 2);
            c.color(fill);
            cairo_fill(c.cr);
            if (cell >= 34) {
                c.color(c.th.ink_on(fill));
                c.text_in(num(a[i][j], 1), cr.inset(3), Font::Regular, std::min(15.0, cell * 0.32), 7, Align::Center);
            }
        }
    if (row_mark >= 0 && static_cast<std::size_t>(row_mark) < rows) {
        c.rounded({area.x - 2, area.y + row_mark * cell - 2, cols * cell + 4, cell + 4}, 3);
        c.color(c.th.query);
        cairo_set_line_width(c.cr, 3);
        cairo_stroke(c.cr);
    }
}

}  // namespace

void paint_projections(Canvas& c, const Model& m, const core::Rect& r) {
    core::Rect content = c.card(r, "Where q, k, v come from");
    if (!m.sc->projections) {
        c.color(c.th.ink_faint);
        c.paragraph("This scene gives q, k and v directly. A real layer makes them from one input per token: "
                    "q = x·W_Q, k = x·W_K, v = x·W_V.",
                    content, Font::Italic, 20, 12);
        return;
    }
    const scene::Projections& p = *m.sc->projections;
    const std::size_t n = p.x.size(), mm = n ? p.x[0].size() : 0, d = m.d, dv = m.sc->dv();
    // Columns: x | W_Q q | W_K k | W_V v, three bands stacked when space is short.
    double mag = 1e-9;
    for (const core::Mat* a : {&p.x, &p.w_q, &p.w_k, &p.w_v, &m.sc->q, &m.sc->k, &m.sc->v})
        for (const auto& row : *a)
            for (double x : row) mag = std::max(mag, std::fabs(x));
    const double gaps = 5 * 26.0 + 60;
    double cols = static_cast<double>(mm + 2 * d + d + dv + dv) + 0.0;
    double rows = static_cast<double>(std::max(n, mm));
    double cell = std::min({(content.w - gaps) / std::max(1.0, cols), (content.h - 80) / std::max(1.0, rows), 56.0});
    double x = content.x + 10, y = content.y + 44;
    grid(c, p.x, {x, y, mm * cell, n * cell}, cell, "x", m.focus, mag);
    x += mm * cell + 60;
    struct Pair {
        const core::Mat* w;
        const core::Mat* out;
        const char* wn;
        const char* on;
    };
    const Pair pairs[3] = {{&p.w_q, &m.sc->q, "W_Q", "q"}, {&p.w_k, &m.sc->k, "W_K", "k"}, {&p.w_v, &m.sc->v, "W_V", "v"}};
    for (const Pair& pr : pairs) {
        std::size_t wc = pr.w->empty() ? 0 : (*pr.w)[0].size();
        grid(c, *pr.w, {x, y, wc * cell, mm * cell}, cell, pr.wn, -1, mag);
        x += wc * cell + 14;
        grid(c, *pr.out, {x, y, wc * cell, n * cell}, cell, pr.on, m.focus, mag);
        x += wc * cell + 26;
    }
    c.color(c.th.ink_soft);
    c.text_in("each row of x times a matrix gives that token's q, k or v", {content.x, content.bottom() - 26, content.w, 24},
              Font::Italic, 17, 10);
    (void)d;
    (void)dv;
}

}  // namespace draw
