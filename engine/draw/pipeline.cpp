// draw/pipeline: the formula a = softmax(q·k / (√d·T))·V as six stages, the active one lit,
// the ones already done ticked, each with its caption.
#include <algorithm>

#include "draw/paint.hpp"

namespace draw {

void paint_pipeline(Canvas& c, const Model& m, const core::Rect& r) {
    core::Rect content = c.card(r, "");
    const double fw = std::min(430.0, content.w * 0.3);
    c.color(c.th.ink);
    c.text_in("a = softmax( q·k / (√d · T) ) · V", {content.x, content.y + 4, fw, content.h * 0.55}, Font::Regular, 27,
              14);
    c.color(c.th.ink_soft);
    std::string sub = "at T = 1 this is scaled dot-product attention";
    c.text_in(sub, {content.x, content.y + content.h * 0.6, fw, content.h * 0.34}, Font::Italic, 16, 10);

    struct S {
        Stage st;
        const char* label;
        const char* caption;
    };
    const S stages[6] = {{Stage::Scores, "q·k", "how well they match"},   {Stage::Scale, "÷ √d", "keep numbers modest"},
                         {Stage::Temperature, "÷ T", "how decisive"},       {Stage::Mask, "mask", "hide later words"},
                         {Stage::Softmax, "softmax", "percentages, total 1"}, {Stage::Blend, "Σ aᵢvᵢ", "blend the values"}};
    const double x0 = content.x + fw + 24;
    const double gap = 12;
    const double bw = (content.right() - x0 - gap * 5) / 6;
    const Stage cur = m.view->stage;
    for (int i = 0; i < 6; ++i) {
        const S& s = stages[i];
        core::Rect b{x0 + i * (bw + gap), content.y, bw, content.h};
        bool active = s.st == cur;
        bool done = s.st < cur;
        if (active) c.panel(b, 10, c.th.query, nullptr, 0, &c.th.card);
        else c.panel(b, 10, done ? c.th.bg : c.th.card, &c.th.card_edge, 1.5, &c.th.card);
        core::Color ink = active ? c.th.ink_on(c.th.query) : (done ? c.th.ink : c.th.ink_faint);
        // Number disc.
        core::Point disc{b.x + 22, b.y + 24};
        c.circle(disc, 13);
        c.color(active ? c.th.card : (done ? c.th.key : c.th.grid));
        cairo_fill(c.cr);
        c.color(active ? c.th.ink : (done ? c.th.card : c.th.ink_faint));
        c.text_in(done ? "✓" : std::to_string(i + 1), {disc.x - 10, disc.y - 11, 20, 22}, Font::Bold, 16, 10, Align::Center);
        c.color(ink);
        c.text_in(s.label, {b.x + 42, b.y + 6, b.w - 50, 36}, Font::Bold, 25, 12);
        c.color(ink, active ? 1.0 : 0.9);
        c.paragraph(s.caption, {b.x + 10, b.y + 44, b.w - 18, b.h - 50}, Font::Regular, 16, 11, 1.15);
        if (active && m.view->u < 1) {
            // How far this step's animation has gone.
            core::Rect track{b.x + 10, b.bottom() - 9, b.w - 20, 4};
            c.rounded(track, 2);
            c.color(c.th.card, 0.6);
            cairo_fill(c.cr);
            c.rounded({track.x, track.y, track.w * m.view->u_linear, track.h}, 2);
            c.color(c.th.ink_on(c.th.query));
            cairo_fill(c.cr);
        }
    }
}

}  // namespace draw
