// draw/readouts: the numbers in force, one row each (name left, value right). When the side
// column is crowded, the readouts sit beside the weight bars (their slot says so).
#include <algorithm>

#include "draw/paint.hpp"

namespace draw {

namespace {

void paint(Canvas& c, const model::Readouts& m, const core::Rect& r) {
    core::Rect content = c.card(r, "Readouts");
    const auto& rows = m.rows;
    const double h = content.h / static_cast<double>(std::max<std::size_t>(1, rows.size()));
    for (std::size_t i = 0; i < rows.size(); ++i) {
        core::Rect row{content.x, content.y + static_cast<double>(i) * h, content.w, h};
        if (i > 0) {
            c.color(c.th.grid);
            cairo_set_line_width(c.cr, 1);
            c.line({row.x, row.y}, {row.right(), row.y});
            cairo_stroke(c.cr);
        }
        // The value (a vector can be long) takes whatever room the name leaves.
        c.color(c.th.ink_soft);
        const Canvas::Fit name = c.fit(rows[i].name, {row.x, row.y, row.w * 0.6, row.h}, Font::Regular, 20, kMinText);
        const double name_w = std::min(row.w * 0.6, c.measure(name.shown) + 14);
        c.place(name, {row.x, row.y, name_w, row.h}, Align::Left);
        c.color(c.th.ink);
        // Whole in regular weight where bold would cut it (a vector of four signed numbers at 4:3).
        const core::Rect box{row.x + name_w, row.y, row.w - name_w, row.h};
        Canvas::Fit value = c.fit(rows[i].value, box, Font::Bold, 20, kMinText);
        if (value.cut) value = c.fit(rows[i].value, box, Font::Regular, 20, kMinText);
        c.place(value, box, Align::Right);
    }
}

}  // namespace

extern const PanelDef<model::Readouts> kReadoutsPanel{{Slot::Where::Side, 1, 300, false, Panel::WeightBars, 440}, paint, nullptr};

}  // namespace draw
