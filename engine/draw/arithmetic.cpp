// draw/arithmetic: "the arithmetic for the best match", line by line as the stages arrive
// (the lines themselves come from the model).
#include <algorithm>
#include <string>
#include <vector>

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
    // A line too long for the card at the smallest size (a narrow card, 4:3) wraps onto a second.
    std::vector<int> rows;
    int total = 0;
    c.font(Font::Regular, kMinText);
    for (const std::string& line : a.lines) {
        rows.push_back(c.measure(line) > content.w ? 2 : 1);
        total += rows.back();
    }
    const double lh = std::min(40.0, content.h / static_cast<double>(total));
    double y = content.y;
    for (std::size_t i = 0; i < a.lines.size(); ++i) {
        c.color(i == 0 ? c.th.ink : c.th.ink_soft);
        if (rows[i] == 1) c.text_in(a.lines[i], {content.x, y, content.w, lh}, Font::Regular, 21, 11);
        else c.paragraph(a.lines[i], {content.x, y, content.w, 2 * lh}, Font::Regular, kMinText, kMinText, 1.1);
        y += rows[i] * lh;
    }
}

}  // namespace

extern const PanelDef<model::Arithmetic> kArithmeticPanel{{Slot::Where::Side, 2, 288}, paint, nullptr};

}  // namespace draw
