// draw/tied_scores: why W_Q and W_K are two matrices — two score matrices side by side, one with
// W_K = W_Q (symmetric, its diagonal never negative), one the scene's own, a row per asking token
// and a column per key, the tokens written once on the left and over each grid; the asker's pair
// marked in both, read both ways; the diagonal outlined; under each what its numbers show; the
// scores' legend and the caption under both.
//
//            One matrix: W_K = W_Q        Two matrices: W_Q and W_K
//              The cat chased …             The cat chased …
//   The        ▦   ▦   ▦                    ▦   ▦   ▦
//   cat        ▦   ▦  [▦]                   ▦   ▦  [▦]
//   chased     ▦  [▦]  ▦                    ▦  [▦]  ▦
//              symmetric · diagonal ≥ 0     not symmetric · …
#include <algorithm>

#include "draw/paint.hpp"

namespace draw {

namespace {

void paint(Canvas& c, const model::TiedScores& p, const core::Rect& r) {
    const core::Rect content = c.card(r, p.heading, p.aside);
    const std::size_t n = p.tokens.size();
    if (n == 0 || p.tied.scores.tone.size() != n || p.separate.scores.tone.size() != n) {
        c.color(c.th.ink_faint);
        c.paragraph(p.note, content, Font::Italic, 20, kMinText);
        return;
    }
    const double N = static_cast<double>(n);
    const double gap = 48, name_h = 30, formula_h = 28, legend_h = 34, verdict_h = 30;
    c.font(Font::Italic, kMinText);
    const double caption = c.measure(p.caption) <= content.w ? 30 : 56;
    // Cells as wide as the widest number, wider towards the tokens' width where there is room.
    double label_w = 0, token_w = 0;
    c.font(Font::Regular, kMinText);
    for (const std::string& t : p.tokens) token_w = std::max(token_w, c.measure(t));
    c.font(Font::Bold, kMinText);  // the asker's label is bold
    for (const std::string& t : p.tokens) label_w = std::max(label_w, c.measure(t) + 14);
    const double number_w = std::max(widest_number(c, p.tied.scores), widest_number(c, p.separate.scores));
    const double room = (content.w - label_w - gap) / (2 * N);
    const double cw = std::max(number_w, std::min(room, std::max(72.0, token_w + 10)));
    // Column labels in one row where they fit over their cells, else in two, alternating.
    const bool stagger = token_w + 6 > cw;
    const double heads_h = stagger ? 2 * 26 : 28;
    const double avail = content.h - caption - legend_h - verdict_h - name_h - formula_h - heads_h;
    const double ch = std::clamp(avail / N, 24.0, 56.0);
    const bool numbers = ch * 0.82 - 4 >= kMinText;
    const double grid_w = N * cw, total_w = label_w + 2 * grid_w + gap;
    const double total_h = name_h + formula_h + heads_h + N * ch + verdict_h;
    const double x0 = content.x + std::max(0.0, (content.w - total_w) / 2);
    const double y0 = content.y + std::max(0.0, (avail + name_h + formula_h + heads_h + verdict_h - total_h) / 2);
    const double grid_y = y0 + name_h + formula_h + heads_h;
    // The asking tokens, once, left of both grids.
    for (std::size_t i = 0; i < n; ++i) {
        const bool asker = static_cast<int>(i) == p.focus;
        c.color(asker ? c.th.query_ink : c.th.ink_soft);
        c.text_in(p.tokens[i], {x0, grid_y + static_cast<double>(i) * ch, label_w - 10, ch},
                  asker ? Font::Bold : Font::Regular, kMinText, kMinText, Align::Right);
    }
    auto side = [&](const model::TiedScores::Side& s, double gx) {
        c.color(c.th.ink);
        c.text_in(s.name, {gx - gap / 2 + 4, y0, grid_w + gap - 8, name_h}, Font::Bold, 20, kMinText, Align::Center);
        c.color(c.th.ink_soft);
        c.text_in(s.formula, {gx, y0 + name_h, grid_w, formula_h}, Font::Regular, kMinText, kMinText, Align::Center);
        for (std::size_t j = 0; j < n; ++j) {
            const double row = stagger ? static_cast<double>(j % 2) * 26 : 0;
            const double lw = stagger ? 2 * cw - 4 : cw;
            c.color(c.th.key);
            c.text_in(p.tokens[j], {gx + (static_cast<double>(j) + 0.5) * cw - lw / 2, y0 + name_h + formula_h + row, lw, 26},
                      Font::Regular, kMinText, kMinText, Align::Center);
        }
        paint_cells(c, s.scores, {gx, grid_y}, {cw}, ch, numbers);
        // The diagonal (a token's query against its own key), then the asker's pair, both ways.
        cairo_set_line_width(c.cr, 1.5);
        c.color(c.th.ink_soft);
        for (std::size_t i = 0; i < n; ++i) {
            c.rounded({gx + static_cast<double>(i) * cw + 1, grid_y + static_cast<double>(i) * ch + 1, cw - 2, ch - 2}, 4);
            cairo_stroke(c.cr);
        }
        if (p.partner >= 0) {
            cairo_set_line_width(c.cr, 3.5);
            c.color(c.th.query);
            for (auto [i, j] : {std::pair{p.focus, p.partner}, std::pair{p.partner, p.focus}}) {
                c.rounded({gx + j * cw - 1, grid_y + i * ch - 1, cw + 2, ch + 2}, 5);
                cairo_stroke(c.cr);
            }
        }
        c.color(c.th.ink);
        c.text_in(s.verdict, {gx - gap / 2 + 4, grid_y + N * ch + 2, grid_w + gap - 8, verdict_h - 2}, Font::Italic,
                  kMinText, kMinText, Align::Center);
    };
    side(p.tied, x0 + label_w);
    side(p.separate, x0 + label_w + grid_w + gap);
    paint_legend_and_caption(c, p.legend, p.caption, content, legend_h, caption);
}

}  // namespace

extern const PanelDef<model::TiedScores> kTiedScoresPanel{{Slot::Where::Big, 24, 1.7}, paint, nullptr};

}  // namespace draw
