// draw/quiz: the "Check yourself" card over the frame — the question, numbered choices with
// their feedback (a green tick on the right one, a red cross on a wrong pick), the answer once
// revealed, where the student is and the keys, all from the model's QuizCard. The geometry
// does not depend on the text, so hit_test maps clicks to choices without cairo.
#include <algorithm>
#include <cmath>

#include "draw/paint.hpp"

namespace draw {

QuizGeom quiz_geom(std::size_t n) {
    QuizGeom g;
    g.card = {250, 110, 1420, 870};
    const double pad = 40, x = g.card.x + pad, w = g.card.w - 2 * pad;
    g.head = {x, g.card.y + 26, w, 44};
    g.question = {x, g.card.y + 92, w, 140};
    g.hint = {x, g.card.bottom() - 58, w, 34};
    double y = g.question.bottom() + 20;
    if (n > 0) {
        const double gap = 12, avail = 380;
        const double h = std::min(72.0, (avail - gap * static_cast<double>(n - 1)) / static_cast<double>(n));
        for (std::size_t i = 0; i < n; ++i) {
            g.choices.push_back({x, y, w, h});
            y += h + gap;
        }
        y += 8;
    }
    g.answer = {x, y, w, g.hint.y - 14 - y};
    return g;
}

namespace {

void tick(Canvas& c, core::Point p, double s, const core::Color& col) {
    c.color(col);
    cairo_set_line_width(c.cr, s * 0.22);
    cairo_set_line_cap(c.cr, CAIRO_LINE_CAP_ROUND);
    cairo_move_to(c.cr, p.x - s * 0.45, p.y + s * 0.02);
    cairo_line_to(c.cr, p.x - s * 0.12, p.y + s * 0.35);
    cairo_line_to(c.cr, p.x + s * 0.48, p.y - s * 0.35);
    cairo_stroke(c.cr);
}

void cross(Canvas& c, core::Point p, double s, const core::Color& col) {
    c.color(col);
    cairo_set_line_width(c.cr, s * 0.22);
    cairo_set_line_cap(c.cr, CAIRO_LINE_CAP_ROUND);
    c.line({p.x - s * 0.36, p.y - s * 0.36}, {p.x + s * 0.36, p.y + s * 0.36});
    c.line({p.x - s * 0.36, p.y + s * 0.36}, {p.x + s * 0.36, p.y - s * 0.36});
    cairo_stroke(c.cr);
}

}  // namespace

void paint_quiz(Canvas& c, const model::QuizCard& q) {
    const QuizGeom g = quiz_geom(q.choices.size());
    const core::Color right_col = c.th.value, wrong_col = c.th.dark ? core::Color{0.94, 0.36, 0.30, 1} : core::Color{0.80, 0.16, 0.10, 1};
    // The frame beneath stays visible but recedes.
    c.color(c.th.bg, 0.78);
    cairo_rectangle(c.cr, 0, 0, kDesignWidth, kDesignHeight);
    cairo_fill(c.cr);
    c.rounded(g.card.inset(-6), 22);
    c.color(c.th.ink, c.th.dark ? 0.0 : 0.06);
    cairo_fill(c.cr);
    c.rounded(g.card, 18);
    c.color(c.th.card);
    cairo_fill_preserve(c.cr);
    c.color(c.th.query);
    cairo_set_line_width(c.cr, 3);
    cairo_stroke(c.cr);
    c.record_panel("quiz", g.card);

    // Heading and where the student is.
    c.font(Font::Regular, 22);
    double ww = std::min(c.measure(q.where), g.head.w * 0.55);
    c.color(c.th.ink_soft);
    c.text_in(q.where, {g.head.right() - ww, g.head.y, ww, g.head.h}, Font::Regular, 22, 14, Align::Right);
    c.color(c.th.query_ink);
    c.text_in(q.heading, {g.head.x, g.head.y, g.head.w - ww - 20, g.head.h}, Font::Bold, 32, 20);
    c.color(c.th.grid);
    cairo_set_line_width(c.cr, 1.5);
    c.line({g.head.x, g.head.bottom() + 10}, {g.head.right(), g.head.bottom() + 10});
    cairo_stroke(c.cr);

    if (q.question.empty()) {
        c.color(c.th.ink_soft);
        c.paragraph_whole(q.empty, g.question, Font::Italic, 28, 20);
        return;
    }
    c.color(c.th.ink);
    c.paragraph_whole(q.question, g.question, Font::Bold, 32, 22, 1.25);

    // Choices, numbered, with their marks.
    for (std::size_t i = 0; i < g.choices.size(); ++i) {
        const core::Rect& r = g.choices[i];
        const model::QuizCard::Choice& ch = q.choices[i];
        const bool marked = ch.right || ch.wrong;
        c.mark("choice:" + std::to_string(i), r);
        core::Color edge = c.th.card_edge, fill = c.th.card;
        if (ch.right) edge = right_col, fill = core::lerp(c.th.card, right_col, 0.12);
        else if (ch.wrong) edge = wrong_col, fill = core::lerp(c.th.card, wrong_col, 0.10);
        else if (ch.hover) edge = c.th.query;
        c.rounded(r, 12);
        c.color(fill);
        cairo_fill_preserve(c.cr);
        c.color(edge);
        cairo_set_line_width(c.cr, marked ? 3 : 1.5);
        cairo_stroke(c.cr);
        // The number badge.
        const double bs = std::min(44.0, r.h - 16);
        core::Point bc{r.x + 16 + bs / 2, r.y + r.h / 2};
        c.circle(bc, bs / 2);
        c.color(marked ? edge : c.th.grid);
        cairo_fill(c.cr);
        c.color(marked ? c.th.ink_on(edge) : c.th.ink);
        c.text_in(std::to_string(i + 1), {bc.x - bs / 2, bc.y - bs / 2, bs, bs}, Font::Bold, bs * 0.55, 12, Align::Center);
        // The mark on the right: a tick on the right answer, a cross on a wrong pick.
        const double ms = std::min(34.0, r.h - 20);
        core::Point mc{r.right() - 26 - ms / 2, r.y + r.h / 2};
        double text_right = r.right() - 20;
        if (ch.right) tick(c, mc, ms, right_col);
        else if (ch.wrong) cross(c, mc, ms, wrong_col);
        if (marked) text_right = mc.x - ms / 2 - 12;
        if (!ch.note.empty()) {
            c.font(Font::Bold, 18);
            double nw = c.measure(ch.note);
            c.color(ch.right ? right_col : wrong_col);
            c.text_in(ch.note, {text_right - nw, r.y, nw, r.h}, Font::Bold, 18, 12, Align::Right);
            text_right -= nw + 16;
        }
        const double tx = bc.x + bs / 2 + 18;
        c.color(c.th.ink);
        c.font(Font::Regular, 24);
        if (c.measure(ch.text) <= text_right - tx)
            c.text_in(ch.text, {tx, r.y, text_right - tx, r.h}, Font::Regular, 24, 16);
        else
            c.paragraph_whole(ch.text, {tx, r.y + 6, text_right - tx, r.h - 12}, Font::Regular, 24, 16, 1.15);
    }

    // Feedback and the answer.
    core::Rect a = g.answer;
    if (!q.verdict.empty()) {
        c.color(q.verdict_right ? right_col : wrong_col);
        c.text_in(q.verdict, {a.x, a.y, a.w, 34}, Font::Bold, 24, 16);
        a = {a.x, a.y + 44, a.w, a.h - 44};
    }
    if (!q.answer_heading.empty()) {
        c.color(c.th.query_ink);
        c.text_in(q.answer_heading, {a.x, a.y, a.w, 30}, Font::Bold, 22, 16);
        c.color(c.th.ink);
        c.paragraph_whole(q.answer, {a.x, a.y + 38, a.w, a.h - 38}, Font::Regular, 26, 18, 1.3);
    } else if (!q.prompt.empty()) {
        c.color(c.th.ink_faint);
        c.text_in(q.prompt, {a.x, a.y, a.w, 34}, Font::Italic, 22, 14);
    }

    // The keys.
    c.color(c.th.ink_soft);
    c.text_in(q.hint, g.hint, Font::Regular, 21, 14, Align::Center);
}

}  // namespace draw
