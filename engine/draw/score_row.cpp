// draw/score_row: one heat-coloured cell per key with the score the current stage has reached:
// q·k counting up (scores), shrinking by √d (scale), divided by T (temperature); cells the mask
// hides fold over to a hatched "hidden" face.
#include <algorithm>
#include <cmath>

#include "draw/paint.hpp"

namespace draw {

Cells score_row_cells(const Model& m, const core::Rect& panel) {
    Cells out;
    core::Rect content = card_content(panel);
    double gap = std::min(12.0, content.w / std::max(1, m.n) * 0.1);
    double w = (content.w - gap * (m.n - 1)) / std::max(1, m.n);
    for (int j = 0; j < m.n; ++j) out.cells.push_back({content.x + j * (w + gap), content.y, w, content.h});
    return out;
}

namespace {

// A vertical flip: the front face shrinks to a line, then the back face grows (f in [0, 1]).
core::Rect folded(const core::Rect& r, double f, bool& back) {
    back = f >= 0.5;
    double k = back ? 2 * f - 1 : 1 - 2 * f;
    double h = r.h * std::max(k, 0.02);
    return {r.x, r.y + (r.h - h) / 2, r.w, h};
}

}  // namespace

void paint_score_row(Canvas& c, const Model& m, const core::Rect& r) {
    const Stage st = m.view->stage;
    std::string heading = "Match scores · q·k";
    if (m.reached(Stage::Scale)) heading = "Match scores · q·k / √d";
    if (m.reached(Stage::Temperature)) heading = "Match scores · q·k / (√d·T)";
    core::Rect content = c.card(r, heading, m.reached(Stage::Scores) ? "pale = poor match · deep = good match" : "");
    (void)content;
    Cells cells = score_row_cells(m, r);
    const double u = m.view->u;
    // Badges during the step that applies them.
    double badge_scale = (st == Stage::Scale && m.p(Stage::Scale) < 1) ? std::sin(M_PI * u) : 0.0;
    double badge_temp = (st == Stage::Temperature && m.p(Stage::Temperature) < 1) ? std::sin(M_PI * u) : 0.0;
    for (int j = 0; j < m.n; ++j) {
        const std::size_t J = static_cast<std::size_t>(j);
        const core::Rect cell = cells.cells[J];
        bool back = false;
        core::Rect face = folded(cell, m.hide[J], back);
        const std::string& tok = m.sc->tokens[J];
        if (back) {
            c.hatch(face, 8);
            if (face.h > 30) {
                c.color(c.th.ink_soft);
                c.text_in(tok, {face.x + 4, face.y + 2, face.w - 8, face.h * 0.42}, Font::Regular, 16, 10, Align::Center);
                c.color(c.th.ink);
                c.text_in("hidden · −∞", {face.x + 4, face.y + face.h * 0.45, face.w - 8, face.h * 0.5}, Font::Bold, 18, 10,
                          Align::Center);
            }
        } else {
            core::Color fill = m.reached(Stage::Scores) ? c.th.heat(m.score_heat(m.shown[J])) : c.th.bg;
            c.rounded(face, 8);
            c.color(fill);
            cairo_fill(c.cr);
            if (face.h > 30) {
                core::Color ink = c.th.ink_on(fill);
                c.color(ink, 0.85);
                c.text_in(tok, {face.x + 4, face.y + 2, face.w - 8, face.h * 0.42}, Font::Regular, 16, 10, Align::Center);
                c.color(ink);
                std::string s = m.reached(Stage::Scores) ? num(m.shown[J]) : "—";
                c.text_in(s, {face.x + 4, face.y + face.h * 0.45, face.w - 8, face.h * 0.5}, Font::Bold, 24, 10,
                          Align::Center);
            }
        }
        if (j == m.focus) {
            c.rounded(cell.inset(-3), 10);
            c.color(c.th.query);
            cairo_set_line_width(c.cr, 4);
            cairo_stroke(c.cr);
        } else if (j == m.view->hover) {
            c.rounded(cell.inset(-3), 10);
            c.color(c.th.hover);
            cairo_set_line_width(c.cr, 3);
            cairo_stroke(c.cr);
        }
        if (badge_scale > 0.02 && m.hide[J] < 0.5)
            c.badge("÷√d", {cell.right() - 26, cell.y + 2}, c.th.accent, 15, badge_scale);
        if (badge_temp > 0.02 && m.hide[J] < 0.5)
            c.badge("÷T", {cell.right() - 20, cell.y + 2}, c.th.accent, 15, badge_temp);
    }
}

}  // namespace draw
