// draw/slides: the deck's title and text slides (a bullet in a right-to-left script mirrored).
#include <algorithm>
#include <utility>

#include "draw/paint.hpp"

namespace draw {

void paint_title_slide(Canvas& c, const model::TitleSlide& s) {
    const double W = c.design.w - 320;  // 1600 at 16:9
    core::Rect area{160, 300, W, 480};
    c.record_panel("slide", area);
    c.color(c.th.query);
    // A title that reads right to left is right-aligned: its rule is on the right too.
    const bool rtl = paragraph_direction(s.title) == Direction::RightToLeft;
    c.rounded({rtl ? area.right() - 120 : 160, 340, 120, 10}, 5);
    cairo_fill(c.cr);
    c.color(c.th.ink);
    double used = c.paragraph(s.title, {160, 380, W, 240}, Font::Bold, 84, 36, 1.15);
    if (!s.subtitle.empty()) {
        c.color(c.th.ink_soft);
        c.paragraph(s.subtitle, {160, 380 + used + 30, W, 120}, Font::Regular, 40, 20);
    }
    if (!s.deck.empty()) {
        c.color(c.th.ink_faint);
        c.text_in(s.deck, {160, 720, W, 40}, Font::Regular, 26, kMinText);
    }
}

void paint_text_slide(Canvas& c, const model::TextSlide& s) {
    const double W = c.design.w - 320;  // 1600 at 16:9
    core::Rect area{160, 110, W, 880};
    c.record_panel("slide", area);
    c.color(c.th.ink);
    double used = c.paragraph(s.title, {160, 120, W, 170}, Font::Bold, 64, 30, 1.15);
    c.color(c.th.query);
    c.rounded({paragraph_direction(s.title) == Direction::RightToLeft ? area.right() - 96 : 160, 120 + used + 26, 96, 8}, 4);
    cairo_fill(c.cr);
    double y = 120 + used + 76;
    const double bottom = 980;
    const double n = static_cast<double>(s.bullets.size());
    double size = n > 6 ? 32 : 40;
    for (const auto& b : s.bullets) {
        if (y >= bottom - 40) break;
        // A bullet that reads right to left has its dot on the right, its text right-aligned.
        const bool rtl = paragraph_direction(b) == Direction::RightToLeft;
        c.circle({rtl ? area.right() - 18 : 178, y + size * 0.45}, 8);
        c.color(c.th.key);
        cairo_fill(c.cr);
        c.color(c.th.ink);
        double avail = (bottom - y) ;
        double h = c.paragraph(b, {rtl ? area.x + 6 : 214, y, W - 60, std::min(avail, size * 1.3 * 3)}, Font::Regular, size, 20);
        y += h + size * 0.8;
    }
}

void paint_handout_note(cairo_t* cr, int width, int height, std::string_view say, const Options& opt,
                        std::string_view notes) {
    const Theme& th = theme_for(opt.theme);
    Saved saved(cr);
    cairo_set_source_rgb(cr, th.bg.r, th.bg.g, th.bg.b);
    cairo_rectangle(cr, 0, 0, width, height);
    cairo_fill(cr);
    // Design units across the page's width, as the slide above is laid out.
    const double scale = width / kDesignWidth, h = height / scale;
    cairo_scale(cr, scale, scale);
    Canvas c(cr, th, *opt.fonts, opt.recorder);
    c.record_panel("handout-note", {160, 0, 1600, h});
    c.color(th.card_edge);
    c.rounded({160, 0, 1600, 3}, 1.5);
    cairo_fill(cr);
    // "In plain words" and "Speaker notes", each a share of the height as long as its text.
    const double total = static_cast<double>(say.size() + notes.size());
    double y = 16;
    for (const auto& [heading, text] : {std::pair{std::string_view("In plain words"), say},
                                        std::pair{std::string_view("Speaker notes"), notes}}) {
        if (text.empty()) continue;
        const double part = std::max(0.0, (h - 16) * static_cast<double>(text.size()) / total);
        c.color(th.ink_soft);
        c.text_in(heading, {160, y, 1600, 40}, Font::Bold, 26, 14);
        c.color(th.ink);
        c.paragraph_whole(text, {160, y + 48, 1600, std::max(0.0, part - 60)}, Font::Regular, 30, 12);
        y += part;
    }
}

}  // namespace draw
