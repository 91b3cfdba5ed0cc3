// draw/residual: the head's output added to the word's own vector, as two lines of arithmetic —
// the head's output times W_O is Δ (where the scene has W_O), and x + Δ is what goes on — every
// grid a row of cells with its numbers as the model writes them, on the projections' diverging
// scale with its legend; x and x + Δ lit; the sum arriving with the step.
//
//      Σ aᵢvᵢ        W_O            Δ
//      ▦ ▦     ·   ▦ ▦ ▦     =    ▦ ▦ ▦
//                  ▦ ▦ ▦
//      x · chased      Δ          x + Δ
//      ▦ ▦ ▦     +   ▦ ▦ ▦   =   ▦ ▦ ▦
#include <algorithm>

#include "draw/paint.hpp"

namespace draw {

namespace {

std::size_t columns(const model::Grid& g) { return g.tone.empty() ? 0 : g.tone[0].size(); }
std::size_t rows(const model::Grid& g) { return g.tone.size(); }

struct Term {
    const model::Grid* grid;
    const std::string* name;
    core::Color ink;
    double alpha = 1;
};

void paint(Canvas& c, const model::Residual& p, const core::Rect& r) {
    const core::Rect content = c.card(r, p.heading, p.aside);
    if (p.x.tone.empty()) {
        c.color(c.th.ink_faint);
        c.paragraph(p.note, content, Font::Italic, 20, kMinText);
        return;
    }
    const bool projected = !p.w_o.tone.empty();
    const double sym = 40, name_h = 30, legend_h = 34, floor_w = 56;
    const double line_gap = p.parts.empty() ? 26 : 32;  // room for the heads' names under the concatenation
    c.font(Font::Italic, kMinText);
    const double caption = c.measure(p.caption) <= content.w ? 30 : 56;
    double cw = floor_w;
    for (const auto* g : {&p.out, &p.w_o, &p.delta, &p.x, &p.sum}) cw = std::max(cw, widest_number(c, *g));
    // The two lines' widths in cells and symbols; the cells narrow to their numbers where the
    // panel is narrow (4:3), never below them.
    const double line1 = projected ? static_cast<double>(columns(p.out) + columns(p.w_o) + columns(p.delta)) : 0;
    const double line2 = static_cast<double>(columns(p.x) + columns(p.delta) + columns(p.sum));
    const double cells_w = std::max(line1, line2);
    cw = std::min(cw * 1.25, std::max(cw, (content.w - 2 * sym) / cells_w));
    const double avail = content.h - caption - legend_h;
    const double cell_rows = (projected ? static_cast<double>(rows(p.w_o)) : 0) + 1;
    const double names = (projected ? 2 : 1) * name_h + (projected ? line_gap : 0);
    const double ch = std::clamp((avail - names) / cell_rows, 20.0, 60.0);
    const bool numbers = ch * 0.82 - 4 >= kMinText;
    const double total_h = names + cell_rows * ch;
    double y = content.y + std::max(0.0, (avail - total_h) / 2);
    // One line: terms with a symbol between each (·, +, =), each under its name, the short ones
    // level with the middle of the tallest.
    auto line = [&](std::initializer_list<Term> terms, std::initializer_list<const char*> ops) {
        double w = 0, h = 0;
        for (const Term& t : terms) {
            w += static_cast<double>(columns(*t.grid)) * cw;
            h = std::max(h, static_cast<double>(rows(*t.grid)) * ch);
        }
        w += sym * static_cast<double>(ops.size());
        double x = content.x + std::max(0.0, (content.w - w) / 2);
        const double top = y + name_h, mid = top + h / 2;
        auto op = ops.begin();
        for (const Term& t : terms) {
            const double tw = static_cast<double>(columns(*t.grid)) * cw, th = static_cast<double>(rows(*t.grid)) * ch;
            const double ty = mid - th / 2;
            c.color(t.ink, t.alpha);
            c.text_in(*t.name, {x - sym / 2 + 4, ty - name_h, tw + sym - 8, name_h - 2}, Font::Bold, 20, kMinText,
                      Align::Center);
            paint_cells(c, *t.grid, {x, ty}, {cw}, ch, numbers, t.alpha);
            if (t.grid == &p.out)
                // Several heads: each head's columns of the concatenation underlined in its colour
                // and named under it (O₁, O₂, …), the head the other panels draw in bold.
                for (std::size_t head = 0; head < p.parts.size(); ++head) {
                    const model::Residual::Part& part = p.parts[head];
                    const double px = x + static_cast<double>(part.first) * cw, pw = static_cast<double>(part.count) * cw;
                    c.color(c.th.head(head));
                    cairo_rectangle(c.cr, px + 2, ty + th + 2, pw - 4, part.shown ? 6 : 4);
                    cairo_fill(c.cr);
                    c.text_in(part.name, {px, ty + th + 6, pw, kMinText + 2}, part.shown ? Font::Bold : Font::Regular,
                              kMinText, kMinText, Align::Center);
                }
            x += tw;
            if (op != ops.end()) {
                c.color(c.th.ink);
                c.text_in(*op, {x, mid - 18, sym, 36}, Font::Bold, 26, kMinText, Align::Center);
                x += sym;
                ++op;
            }
        }
        y = top + h + line_gap;
    };
    if (projected)
        line({{&p.out, &p.out_name, c.th.output_ink}, {&p.w_o, &p.w_o_name, c.th.ink_soft}, {&p.delta, &p.delta_name, c.th.ink_soft}},
             {"·", "="});
    line({{&p.x, &p.x_name, c.th.query_ink},
          {&p.delta, &p.delta_name, c.th.ink_soft},
          {&p.sum, &p.sum_name, c.th.output_ink, p.reveal}},
         {"+", "="});
    paint_legend_and_caption(c, p.legend, p.caption, content, legend_h, caption);
}

}  // namespace

extern const PanelDef<model::Residual> kResidualPanel{{Slot::Where::Big, 24, 1.7}, paint, nullptr};

}  // namespace draw
