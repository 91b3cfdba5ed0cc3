// draw/readouts: the numbers in force — d, temperature, top weight, Σ weights, the new vector
// and the raw row sum — each "—" until the stage that makes it exists.
#include <cmath>

#include "draw/paint.hpp"

namespace draw {

void paint_readouts(Canvas& c, const Model& m, const core::Rect& r) {
    core::Rect content = c.card(r, "Readouts");
    const bool weights = m.p(Stage::Softmax) >= 1;
    std::string top = "—", sum = "—", out = "—", raw = "—";
    if (weights) {
        top = m.sc->tokens[static_cast<std::size_t>(m.best)] + " · " + percent(m.weight[static_cast<std::size_t>(m.best)]);
        double s = 0;
        for (double w : m.weight) s += w;
        sum = num(s);
    }
    if (m.p(Stage::Blend) >= 1) {
        out = "(";
        for (std::size_t i = 0; i < m.out.size() && i < 4; ++i) out += (i ? ", " : "") + num(m.out[i]);
        out += m.out.size() > 4 ? ", …)" : ")";
    }
    if (m.p(Stage::Scores) >= 1) raw = num(m.raw_sum);
    const std::string rows[6][2] = {{"d", std::to_string(m.d) + "   (√d = " + num(m.sqrt_d) + ")"},
                                    {"Temperature T", num(m.T)},
                                    {"Top weight", top},
                                    {"Σ weights", sum},
                                    {"New vector", out},
                                    {"Raw row sum Σ q·k", raw}};
    const double h = content.h / 6;
    for (int i = 0; i < 6; ++i) {
        core::Rect row{content.x, content.y + i * h, content.w, h};
        if (i > 0) {
            c.color(c.th.grid);
            cairo_set_line_width(c.cr, 1);
            c.line({row.x, row.y}, {row.right(), row.y});
            cairo_stroke(c.cr);
        }
        c.color(c.th.ink_soft);
        c.text_in(rows[i][0], {row.x, row.y, row.w * 0.45, row.h}, Font::Regular, 20, 11);
        c.color(c.th.ink);
        c.text_in(rows[i][1], {row.x + row.w * 0.45, row.y, row.w * 0.55, row.h}, Font::Bold, 20, 11, Align::Right);
    }
}

}  // namespace draw
