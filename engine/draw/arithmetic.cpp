// draw/arithmetic: "the arithmetic for the best match", line by line as the stages arrive
// (the lines themselves come from the model).
#include <algorithm>

#include "draw/paint.hpp"

namespace draw {

namespace {

void paint(Canvas& c, const model::Arithmetic& a, const core::Rect& r) {
    core::Rect content = c.card(r, a.heading, a.aside);
    if (a.lines.empty()) {
        c.color(c.th.ink_faint);
        c.paragraph(a.placeholder, content, Font::Italic, 20, 12);
        return;
    }
    const double lh = std::min(40.0, content.h / static_cast<double>(a.lines.size()));
    for (std::size_t i = 0; i < a.lines.size(); ++i) {
        c.color(i == 0 ? c.th.ink : c.th.ink_soft);
        c.text_in(a.lines[i], {content.x, content.y + static_cast<double>(i) * lh, content.w, lh}, Font::Regular, 21, 11);
    }
}

}  // namespace

extern const PanelDef<model::Arithmetic> kArithmeticPanel{{Slot::Where::Side, 2, 288}, paint, nullptr};

}  // namespace draw
