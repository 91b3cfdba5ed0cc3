// draw/block: where this head sits — one Transformer block drawn bottom to top as the paper draws
// it, each part a box with an arrow to the next and a note beside it; the residual paths skip
// round the left into their "add & norm"; the attention part holds its heads side by side, the
// first (this lecture's) lit in gold, the rest grey like every part the lecture leaves out; a
// residual path whose add the lecture draws (x + Δ, in part 3) in ink, with a "+" where it joins.
//
//   ┌ On to the next layer ┐   each token's vector, updated by the block
//   ┌ Add & layer norm     ┐⊕┐ + the feed-forward's output …
//   ┌ Feed-forward network ┐ │ …
//   ┌ Add & layer norm     ┐⊕┤ x + the heads' output …
//   ┌ [this head] [ ] [ ]  ┐ │
//   ┌ Inputs + positions   ┐─┘
#include <algorithm>

#include "draw/paint.hpp"

namespace draw {

namespace {

void paint(Canvas& c, const model::Block& b, const core::Rect& r) {
    const core::Rect content = c.card(r, b.heading, b.aside);
    const std::size_t n = b.parts.size();
    if (n == 0) return;
    const double gap = 30, skip = 44;  // room for the arrows between parts; the residual lane
    const double box_w = std::min(560.0, content.w * 0.52);
    const double x = content.x + skip;
    const double note_x = x + box_w + 24;
    // Heights: the attention part holds its heads, so it is taller.
    std::vector<double> weight(n, 1.0);
    if (b.attention >= 0 && static_cast<std::size_t>(b.attention) < n) weight[static_cast<std::size_t>(b.attention)] = 2.4;
    double units = 0;
    for (double w : weight) units += w;
    const double unit = std::min(74.0, (content.h - gap * static_cast<double>(n - 1)) / units);
    const double total = unit * units + gap * static_cast<double>(n - 1);
    double y = content.y + std::max(0.0, (content.h - total) / 2) + total;  // bottom up
    std::vector<core::Rect> boxes(n);
    for (std::size_t i = 0; i < n; ++i) {
        const double h = unit * weight[i];
        boxes[i] = {x, y - h, box_w, h};
        y -= h + gap;
    }
    // Arrows between consecutive parts, then the residual lanes.
    for (std::size_t i = 0; i + 1 < n; ++i) {
        const double ax = x + box_w / 2;
        c.arrow({ax, boxes[i].y - 2}, {ax, boxes[i + 1].bottom() + 2}, 2.5, 10, c.th.ink_soft);
    }
    for (std::size_t i = 1; i < n; ++i) {
        if (!b.parts[i].residual) continue;
        // From the arrow leaving the part two below, round the left, into this add & norm.
        const double from_y = boxes[i - 1].bottom() + gap / 2;
        const double to_y = boxes[i].y + boxes[i].h / 2;
        const double lane = x - skip / 2;
        // An add the lecture draws: in ink, its "+" where the input joins the part's output.
        const bool add = b.parts[i].add;
        const core::Color ink = add ? c.th.ink_soft : c.th.ink_faint;
        c.color(ink);
        cairo_set_line_width(c.cr, add ? 3.0 : 2.5);
        cairo_move_to(c.cr, x + box_w / 2, from_y);
        cairo_line_to(c.cr, lane, from_y);
        cairo_line_to(c.cr, lane, to_y);
        cairo_stroke(c.cr);
        c.arrow({lane, to_y}, {x - 2, to_y}, add ? 3.0 : 2.5, 10, ink);
        if (add) {
            const double rad = 13;
            c.circle({lane, to_y}, rad);
            c.color(c.th.card);
            cairo_fill_preserve(c.cr);
            c.color(c.th.ink);
            cairo_set_line_width(c.cr, 2.5);
            cairo_stroke(c.cr);
            c.line({lane - 7, to_y}, {lane + 7, to_y});
            c.line({lane, to_y - 7}, {lane, to_y + 7});
            cairo_stroke(c.cr);
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        const model::Block::Part& p = b.parts[i];
        const core::Rect& box = boxes[i];
        const bool attention = static_cast<int>(i) == b.attention;
        const core::Color edge = p.shown ? c.th.ink_soft : c.th.ink_faint;
        c.panel(box, 10, attention ? c.th.card : (p.shown ? c.th.bg : c.th.card), &edge, p.shown ? 2.0 : 1.5);
        c.color(p.shown ? c.th.ink : c.th.ink_faint);
        const double name_h = attention ? std::min(34.0, box.h * 0.3) : box.h;
        const core::Rect name_box{box.x + 14, box.y, box.w - 28, name_h};
        const core::Rect name_at = c.text_in(p.name, name_box, Font::Bold, 20, kMinText, attention ? Align::Left : Align::Center);
        if (attention && b.heads > 1) {
            // The other heads' label on the heading's line, right of the name.
            c.color(c.th.ink_faint);
            c.text_in(b.other_heads, {name_at.right() + 16, box.y, name_box.right() - name_at.right() - 16, name_h},
                      Font::Italic, kMinText, kMinText, Align::Right);
        }
        c.color(p.shown ? c.th.ink_soft : c.th.ink_faint);
        c.paragraph(p.note, {note_x, box.y + box.h / 2 - 24, content.right() - note_x, 50}, Font::Italic, kMinText,
                    kMinText, 1.2);
        if (!attention || b.heads <= 0) continue;
        // The heads, side by side: this one lit.
        const double hg = 10;
        const core::Rect heads{box.x + 14, box.y + name_h, box.w - 28, box.h - name_h - 12};
        const double first_w = heads.w * 0.5;
        const double rest_w = (heads.w - first_w - hg * (b.heads - 1)) / std::max(1, b.heads - 1);
        double hx = heads.x;
        for (int h = 0; h < b.heads; ++h) {
            const double w = h == 0 ? first_w : rest_w;
            const core::Rect hb{hx, heads.y, w, heads.h};
            if (h == 0) {
                c.panel(hb, 8, c.th.query, nullptr);
                c.color(c.th.ink_on(c.th.query));
                c.text_in(b.head, {hb.x + 8, hb.y + 4, hb.w - 16, hb.h * 0.45}, Font::Bold, 20, kMinText, Align::Center);
                c.text_in(b.head_note, {hb.x + 8, hb.y + hb.h * 0.45, hb.w - 16, hb.h * 0.45}, Font::Regular, kMinText,
                          kMinText, Align::Center);
            } else {
                const core::Color e = c.th.ink_faint;
                c.panel(hb, 8, c.th.card, &e, 1.5);
            }
            hx += w + hg;
        }
    }
}

}  // namespace

extern const PanelDef<model::Block> kBlockPanel{{Slot::Where::Big, 26, 1.6}, paint, nullptr};

}  // namespace draw
