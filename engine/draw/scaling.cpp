// draw/scaling: why the scores are divided by √d. On the left, one strip per dimension d: the dot
// products of random vectors as dots on one shared q·k axis, the band ±spread shaded, so the
// strips widen as √d. On the right, one row of such scores through softmax, without the division
// (one key takes nearly everything) and with it (a mixture).
//
//   d = 2    ·  ::•::  ·                     softmax( q·k )
//   d = 8       ·:•:·                        ▁ ▁ █ ▁ ▁ ▁
//   d = 512  ·  · ·: •  :· ·   ·             softmax( q·k / √d )
//            −80   −40   0   40   80         ▃ ▂ ▅ ▁ ▂ ▃
#include <algorithm>
#include <cmath>

#include "draw/paint.hpp"

namespace draw {

namespace {

void strips(Canvas& c, const model::Scaling& s, const core::Rect& area) {
    const double label_w = 112, ticks_h = 52;
    const std::size_t n = s.strips.size();
    if (n == 0) return;
    const core::Rect plot{area.x + label_w, area.y, area.w - label_w - 12, area.h - ticks_h};
    const double row_h = plot.h / static_cast<double>(n);
    auto x_of = [&](double v) { return plot.x + (v / s.axis * 0.5 + 0.5) * plot.w; };
    // The axis and its ticks under the strips.
    c.color(c.th.grid);
    for (double t : s.ticks) c.vline(x_of(t), plot.y, plot.bottom(), 1);
    c.color(c.th.axis);
    c.vline(x_of(0), plot.y, plot.bottom(), 1.5);
    c.color(c.th.ink_soft);
    for (double t : s.ticks)
        c.text_in(num(t, 0), {x_of(t) - 40, plot.bottom() + 2, 80, 26}, Font::Regular, kMinText, kMinText, Align::Center);
    c.text_in("q·k", {plot.x, plot.bottom() + 26, plot.w, 26}, Font::Italic, kMinText, kMinText, Align::Center);
    for (std::size_t i = 0; i < n; ++i) {
        const model::Scaling::Strip& st = s.strips[i];
        const double y = plot.y + row_h * (static_cast<double>(i) + 0.5);
        const double top = plot.y + row_h * static_cast<double>(i);
        c.color(st.scene ? c.th.query_ink : c.th.ink);
        c.text_in(st.label, {area.x, top, label_w - 10, row_h * 0.6}, st.scene ? Font::Bold : Font::Regular, 20,
                  kMinText, Align::Right);
        if (st.scene) {
            c.color(c.th.query_ink);
            c.text_in("this scene", {area.x, top + row_h * 0.5, label_w - 10, row_h * 0.45}, Font::Italic, kMinText,
                      kMinText, Align::Right);
        }
        if (st.reveal <= 0) continue;
        // ±spread, shaded; the dots on the strip's line.
        const double half = std::min(st.sd / s.axis * 0.5 * plot.w, plot.w / 2) * st.reveal;
        c.rounded({x_of(0) - half, y - row_h * 0.3, 2 * half, row_h * 0.6}, 6);
        c.color(c.th.key, 0.14);
        cairo_fill(c.cr);
        c.color(c.th.axis);
        c.hline(plot.x, plot.right(), y, 1);
        for (double v : st.dots) {
            const double x = x_of(0) + (x_of(v) - x_of(0)) * st.reveal;
            c.circle({x, y}, 5);
        }
        c.color(c.th.key, 0.55);
        cairo_fill(c.cr);
        // The spread in words, above the band's right end (or inside the strip at its right).
        c.color(c.th.ink_soft);
        const double tx = std::min(x_of(0) + half + 8, plot.right() - 250);
        c.text_in(st.spread, {tx, top, 250, row_h * 0.34}, Font::Regular, kMinText, kMinText, Align::Left);
    }
}

void bar_row(Canvas& c, const model::Scaling::Bars& b, const core::Rect& area, double reveal) {
    const double head_h = 30, label_h = 26, note_h = 26;
    c.color(c.th.ink);
    c.text_in(b.label, {area.x, area.y, area.w, head_h}, Font::Bold, 20, kMinText);
    const double base = area.bottom() - note_h - 4;
    const double top = area.y + head_h + label_h;
    const std::size_t n = b.share.size();
    if (n == 0) return;
    const double col = area.w / static_cast<double>(n);
    c.color(c.th.axis);
    c.hline(area.x, area.right(), base, 1.5);
    for (std::size_t j = 0; j < n; ++j) {
        const double h = (base - top) * b.share[j] * reveal;
        const double bw = std::min(56.0, col * 0.6);
        const double x = area.x + col * static_cast<double>(j) + (col - bw) / 2;
        if (h > 0.5) {
            c.rounded({x, base - h, bw, h}, std::min(5.0, h / 2));
            c.color(c.th.key);
            cairo_fill(c.cr);
        }
        if (reveal > 0) {
            c.color(c.th.ink, reveal);
            c.text_in(b.text[j], {area.x + col * static_cast<double>(j), base - h - label_h, col, label_h},
                      Font::Regular, kMinText, kMinText, Align::Center);
        }
    }
    if (reveal > 0) {
        c.color(c.th.ink_soft, reveal);
        c.text_in(b.note, {area.x, base + 2, area.w, note_h}, Font::Italic, kMinText, kMinText, Align::Left);
    }
}

void paint(Canvas& c, const model::Scaling& s, const core::Rect& r) {
    const core::Rect content = c.card(r, s.heading, s.aside);
    const double gap = 36;
    const double right_w = std::clamp(content.w * 0.42, 350.0, 520.0);
    strips(c, s, {content.x, content.y, content.w - right_w - gap, content.h});
    const core::Rect right{content.right() - right_w, content.y, right_w, content.h};
    c.color(c.th.ink_soft);
    c.text_in(s.example, {right.x, right.y, right.w, 26}, Font::Italic, kMinText, kMinText);
    const double h = (right.h - 34) / 2;
    bar_row(c, s.raw, {right.x, right.y + 34, right.w, h - 8}, s.bars_reveal);
    bar_row(c, s.scaled, {right.x, right.y + 34 + h, right.w, h - 8}, s.bars_reveal);
}

}  // namespace

extern const PanelDef<model::Scaling> kScalingPanel{{Slot::Where::Big, 25, 2.0}, paint, nullptr};

}  // namespace draw
