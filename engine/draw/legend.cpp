// draw/legend: what a colour scale means, in one line — the quantity's name, the number at each
// end and the gradient between them (a diverging scale's middle, 0, marked on it) — painted from
// a model::Legend with the theme's one colour-scale function. Knows nothing of what it describes.
#include <algorithm>

#include "draw/paint.hpp"

namespace draw {

double paint_legend(Canvas& c, const model::Legend& l, const core::Rect& box, Align align, double bar_w) {
    const double size = kMinText, gap = 8;
    c.font(Font::Bold, size);
    const double name_w = l.name.empty() ? 0 : c.measure(l.name);
    c.font(Font::Regular, size);
    const double low_w = c.measure(l.low), high_w = c.measure(l.high);
    const double numbers = low_w + high_w + 2 * gap;
    // The bar takes what is left up to bar_w; the name goes first when the bar would get too short.
    const bool named = name_w > 0 && box.w - name_w - gap - numbers >= 60;
    const double rest = box.w - numbers - (named ? name_w + gap : 0);
    const double bar = std::clamp(rest, 0.0, bar_w);
    if (bar < 24) return 0;
    const double used = (named ? name_w + gap : 0) + numbers + bar;
    double x = align == Align::Right ? box.right() - used : (align == Align::Center ? box.x + (box.w - used) / 2 : box.x);
    const double h = std::min(box.h, size * 1.3);
    const double y = box.y + (box.h - h) / 2;
    c.color(c.th.ink_soft);
    if (named) {
        c.text_in(l.name, {x, y, name_w + 1, h}, Font::Bold, size, size);
        x += name_w + gap;
    }
    c.text_in(l.low, {x, y, low_w + 1, h}, Font::Regular, size, size);
    x += low_w + gap;
    // The gradient: the scale's own colours at nine stops (a diverging scale from −1 to 1).
    const core::Rect strip{x, y + (h - std::min(h, 18.0)) / 2, bar, std::min(h, 18.0)};
    const bool diverging = l.scale == model::Scale::Diverging;
    PatternPtr pat(cairo_pattern_create_linear(strip.x, 0, strip.right(), 0));
    for (int i = 0; i <= 16; ++i) {
        const double at = i / 16.0;
        const core::Color col = c.th.shade(l.scale, diverging ? 2 * at - 1 : at);
        cairo_pattern_add_color_stop_rgb(pat.get(), at, col.r, col.g, col.b);
    }
    c.mark("legend:" + l.name, strip);
    c.rounded(strip, 4);
    cairo_set_source(c.cr, pat.get());
    cairo_fill(c.cr);
    if (diverging && !l.mid.empty()) {
        // The middle, 0: the neutral colour, written on it.
        c.color(c.th.ink_on(c.th.neutral));
        c.text_in(l.mid, {strip.x + strip.w / 2 - 14, y, 28, h}, Font::Bold, size, size, Align::Center);
    }
    x += bar + gap;
    c.color(c.th.ink_soft);
    c.text_in(l.high, {x, y, high_w + 1, h}, Font::Regular, size, size);
    return used;
}

void paint_legend_and_caption(Canvas& c, const model::Legend& l, const std::string& caption, const core::Rect& content,
                              double legend_h, double caption_h) {
    paint_legend(c, l, {content.x, content.bottom() - caption_h - legend_h + 2, content.w, legend_h - 6}, Align::Center);
    c.color(c.th.ink_soft);
    c.paragraph(caption, {content.x, content.bottom() - caption_h, content.w, caption_h}, Font::Italic, kMinText, kMinText);
}

}  // namespace draw
