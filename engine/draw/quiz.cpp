// draw/quiz: the "Check yourself" card over the frame — the question, numbered choices with
// their feedback (a green tick on the right one, a red cross on a wrong pick), the answer once
// revealed, where the student is and the keys, all from the model's QuizCard. The geometry
// does not depend on the text, so hit_test maps clicks to choices without cairo.
#include <algorithm>
#include <cmath>

#include "draw/paint.hpp"

namespace draw {

QuizGeom quiz_geom(std::size_t n, std::size_t buttons, Space space) {
    QuizGeom g;
    const double cw = std::min(1420.0, space.w - 80);
    g.card = {(space.w - cw) / 2, 110, cw, 870};
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
    double answer_bottom = g.hint.y - 14;
    if (buttons > 0) {
        const double bh = 64, gap = 16, row_y = g.hint.y - 18 - bh;
        const double bw = std::min(buttons <= 2 ? 300.0 : 440.0, (w - gap * static_cast<double>(buttons - 1)) / static_cast<double>(buttons));
        double bx = x + w - bw * static_cast<double>(buttons) - gap * static_cast<double>(buttons - 1);
        g.prompt = {x, row_y, std::max(0.0, bx - gap - x), bh};
        for (std::size_t i = 0; i < buttons; ++i) {
            g.buttons.push_back({bx, row_y, bw, bh});
            bx += bw + gap;
        }
        answer_bottom = row_y - 14;
    }
    g.answer = {x, y, w, answer_bottom - y};
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

// The card's buttons: the suggested one filled, each with its key after its label.
void buttons(Canvas& c, const model::QuizCard& q, const QuizGeom& g) {
    static const char* const kNames[] = {"had-it", "did-not", "again-missed", "again", "close"};
    for (std::size_t i = 0; i < q.buttons.size() && i < g.buttons.size(); ++i) {
        const model::QuizCard::Button& b = q.buttons[i];
        const core::Rect& r = g.buttons[i];
        c.mark(std::string("button:") + kNames[static_cast<int>(b.what)], r);
        c.rounded(r, 14);
        c.color(b.primary ? c.th.query : c.th.card);
        cairo_fill_preserve(c.cr);
        c.color(b.primary ? c.th.query : c.th.card_edge);
        cairo_set_line_width(c.cr, b.primary ? 3 : 2);
        cairo_stroke(c.cr);
        const core::Color ink = b.primary ? c.th.ink_on(c.th.query) : c.th.ink;
        // The key in a small chip at the right, the label in the rest.
        c.font(Font::Bold, 20);
        const double kw = std::max(40.0, c.measure(b.key) + 20);
        const core::Rect chip{r.right() - 14 - kw, r.y + (r.h - 34) / 2, kw, 34};
        c.rounded(chip, 8);
        c.color(ink, 0.14);
        cairo_fill(c.cr);
        c.color(ink);
        c.text_in(b.key, chip, Font::Bold, 20, 12, Align::Center);
        c.text_in(b.label, {r.x + 18, r.y, chip.x - 12 - r.x - 18, r.h}, Font::Bold, 24, 14);
    }
    if (!q.prompt.empty() && !q.buttons.empty() && g.prompt.w > 0) {
        c.color(c.th.query_ink);
        c.text_in(q.prompt, g.prompt, Font::Bold, 28, 16);
    }
}

// The end screen: the score, what it is made of, the questions to try again, the ways on.
void paint_end(Canvas& c, const model::QuizCard& q, const QuizGeom& g) {
    const core::Color right_col = c.th.value;
    c.color(q.perfect ? right_col : c.th.ink);
    const core::Rect big = c.text_in(q.score, {g.question.x, g.question.y, g.question.w, 84}, Font::Bold, 72, 40);
    c.mark("score", big);
    if (!q.score_detail.empty()) {
        c.color(c.th.ink_soft);
        c.text_in(q.score_detail, {g.question.x, g.question.y + 92, g.question.w, 40}, Font::Regular, 30, 18);
    }
    core::Rect a = g.answer;
    if (!q.missed.empty()) {
        c.color(c.th.query_ink);
        c.text_in(q.missed_heading, {a.x, a.y, a.w, 32}, Font::Bold, 24, 16);
        double y = a.y + 44;
        const double row = 42;
        const std::size_t fits = static_cast<std::size_t>(std::max(0.0, std::floor((a.bottom() - y) / row)));
        for (std::size_t i = 0; i < q.missed.size() && i < fits; ++i) {
            std::string line = q.missed[i];
            if (i + 1 == fits && q.missed.size() > fits)
                line = "… and " + std::to_string(q.missed.size() - fits + 1) + " more";
            c.color(c.th.ink_faint);
            c.circle({a.x + 10, y + row / 2 - 4}, 5);
            cairo_fill(c.cr);
            c.color(c.th.ink);
            c.text_in(line, {a.x + 28, y, a.w - 28, row - 8}, Font::Regular, 24, 16);
            y += row;
        }
    }
    buttons(c, q, g);
    c.color(c.th.ink_soft);
    c.text_in(q.hint, g.hint, Font::Regular, 21, 14, Align::Center);
}

}  // namespace

void paint_quiz(Canvas& c, const model::QuizCard& q) {
    const QuizGeom g = quiz_geom(q.choices.size(), q.buttons.size(), c.design);
    const core::Color right_col = c.th.value, wrong_col = c.th.dark ? core::Color{0.94, 0.36, 0.30, 1} : core::Color{0.80, 0.16, 0.10, 1};
    // The frame beneath stays visible but recedes.
    c.color(c.th.bg, 0.78);
    cairo_rectangle(c.cr, 0, 0, c.design.w, c.design.h);
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

    if (q.end) {
        paint_end(c, q, g);
        return;
    }
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
    buttons(c, q, g);

    // The keys.
    c.color(c.th.ink_soft);
    c.text_in(q.hint, g.hint, Font::Regular, 21, 14, Align::Center);
}

}  // namespace draw
