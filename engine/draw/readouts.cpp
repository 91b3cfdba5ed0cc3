// draw/readouts: the numbers in force, one row each (name left, value right).
#include "draw/paint.hpp"

namespace draw {

namespace {

void paint(Canvas& c, const model::SceneFrame& f, const core::Rect& r) {
    core::Rect content = c.card(r, "Readouts");
    const auto& rows = f.readouts.rows;
    const double h = content.h / static_cast<double>(std::max<std::size_t>(1, rows.size()));
    for (std::size_t i = 0; i < rows.size(); ++i) {
        core::Rect row{content.x, content.y + static_cast<double>(i) * h, content.w, h};
        if (i > 0) {
            c.color(c.th.grid);
            cairo_set_line_width(c.cr, 1);
            c.line({row.x, row.y}, {row.right(), row.y});
            cairo_stroke(c.cr);
        }
        c.color(c.th.ink_soft);
        c.text_in(rows[i].name, {row.x, row.y, row.w * 0.45, row.h}, Font::Regular, 20, 11);
        c.color(c.th.ink);
        c.text_in(rows[i].value, {row.x + row.w * 0.45, row.y, row.w * 0.55, row.h}, Font::Bold, 20, 11, Align::Right);
    }
}

}  // namespace

extern const PanelDef kReadoutsPanel{Panel::Readouts, {Slot::Where::Side, 1, 300}, paint, nullptr};

}  // namespace draw
