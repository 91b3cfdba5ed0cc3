// draw/narration: the step's title and its `say`, wrapped whole; during an experiment, its
// title and what to look for on a card framed in the accent colour.
#include "draw/paint.hpp"

namespace draw {

namespace {

void paint(Canvas& c, const model::Narration& n, const core::Rect& r) {
    core::Rect content = c.card(r, n.heading, n.aside);
    double used = 0;
    if (n.experiment) {
        c.rounded(r.inset(1.5), 13);
        c.color(c.th.accent);
        cairo_set_line_width(c.cr, 3);
        cairo_stroke(c.cr);
        c.color(c.th.accent);
        c.paragraph_whole(n.title, {content.x, content.y, content.w, 76}, Font::Bold, 28, 20, 1.2, &used);
        double y = content.y + used + 16;
        c.color(c.th.accent);
        c.text_in(n.subheading, {content.x, y, content.w, 28}, Font::Bold, 22, 16);
        y += 36;
        c.color(c.th.ink);
        c.paragraph_whole(n.text, {content.x, y, content.w, content.bottom() - y}, Font::Regular, 23, 20, 1.35);
        return;
    }
    c.color(c.th.ink);
    c.paragraph_whole(n.title, {content.x, content.y, content.w, 72}, Font::Bold, 28, 20, 1.2, &used);
    const double y = content.y + used + 16;
    c.color(c.th.ink);
    c.paragraph_whole(n.text, {content.x, y, content.w, content.bottom() - y}, Font::Regular, 23, 20, 1.35);
}

}  // namespace

extern const PanelDef<model::Narration> kNarrationPanel{{Slot::Where::Side, 0, 0}, paint, nullptr};

}  // namespace draw
