// draw/weight_bars: the softmax weights as bars with their shares and "Σ a = 1.00". Softmax
// arrives in two beats (the model's bar heights): the bars grow to e^s relative to the largest,
// then rescale to shares. Hidden keys keep a hatched stub at exactly 0%.
#include <algorithm>

#include "draw/paint.hpp"

namespace draw {

namespace {

void paint(Canvas& c, const model::WeightBars& wb, const core::Rect& r) {
    core::Rect content = c.card(r, "Weights · shares of 1", wb.aside);
    std::vector<std::string> words;
    for (const model::Bar& b : wb.bars) words.push_back(b.token);
    const bool rtl = reads_right_to_left(words), ends = !wb.window.whole();
    Cells cols = score_row_cells(static_cast<int>(wb.bars.size()), r, rtl, ends);
    const double label_h = 26, value_h = 26;
    const double base = content.bottom() - label_h - 4;
    const double top = content.y + value_h + 2;
    const double full = base - top;
    c.color(c.th.axis);
    cairo_set_line_width(c.cr, 1.5);
    cairo_set_line_cap(c.cr, CAIRO_LINE_CAP_ROUND);  // the baseline's ends rounded
    c.line({content.x, base}, {content.right(), base});
    cairo_stroke(c.cr);
    if (ends) paint_more(c, wb.before, wb.after, {content.x, base + 4, content.w, label_h}, rtl);
    for (std::size_t j = 0; j < wb.bars.size(); ++j) {
        const model::Bar& b = wb.bars[j];
        const core::Rect col{cols.cells[j].x, content.y, cols.cells[j].w, content.h};
        double bw = std::min(96.0, col.w * 0.58);
        double bx = col.x + (col.w - bw) / 2;
        c.color(b.focus ? c.th.ink : c.th.ink_soft);
        // The word whole: in regular weight where the asking word's bold does not fit its column.
        const core::Rect token_box{col.x + 2, base + 4, col.w - 4, label_h};
        Canvas::Fit token = c.fit(b.token, token_box, b.focus ? Font::Bold : Font::Regular, 18, 10);
        if (token.cut && b.focus) token = c.fit(b.token, token_box, Font::Regular, 18, 10);
        c.place(token, token_box, Align::Center);
        if (b.hover) {
            c.rounded({col.x + 2, content.y, col.w - 4, content.h}, 8);
            c.color(c.th.hover, 0.10);
            cairo_fill(c.cr);
        }
        if (!wb.shown) continue;
        if (b.hide >= 0.999) {
            c.hatch({bx, base - 22, bw, 22}, 4);
            c.color(c.th.ink_soft);
            // The short label where the whole one does not fit the column.
            const core::Rect lb{col.x + 2, base - 22 - value_h, col.w - 4, value_h};
            Canvas::Fit ft = c.fit(wb.hidden_label, lb, Font::Regular, 16, kMinText);
            if (ft.cut) ft = c.fit(wb.hidden_short, lb, Font::Regular, 16, kMinText);
            c.place(ft, lb, Align::Center);
            continue;
        }
        double h = b.height * full;
        if (h > 0.5) {
            c.rounded({bx, base - h, bw, h}, std::min(6.0, h / 2));
            c.color(b.best ? c.th.key : core::lerp(c.th.key, c.th.card, 0.25));
            cairo_fill(c.cr);
            if (b.hide > 0) c.hatch({bx, base - h, bw, h}, std::min(6.0, h / 2));
        }
        c.color(c.th.ink);
        // The share whole: in regular weight where bold does not fit the column ("<0.1%" at 4:3).
        const core::Rect value_box{col.x + 2, base - h - value_h - 2, col.w - 4, value_h};
        Canvas::Fit value = c.fit(b.label, value_box, Font::Bold, 18, kMinText);
        if (value.cut) value = c.fit(b.label, value_box, Font::Regular, 18, kMinText);
        c.place(value, value_box, Align::Center);
    }
    if (!wb.shown) {
        c.color(c.th.ink_faint);
        c.text_in(wb.empty_note, {content.x, top + full * 0.3, content.w, 30}, Font::Italic, 20, 12, Align::Center);
    }
}

void hit(const model::WeightBars& m, const core::Rect& r, core::Point p, Hit& h) {
    std::vector<std::string> words;
    for (const model::Bar& b : m.bars) words.push_back(b.token);
    hit_row(static_cast<int>(m.bars.size()), r, p, h, true, reads_right_to_left(words), m.window.first, !m.window.whole());
}

}  // namespace

extern const PanelDef<model::WeightBars> kWeightBarsPanel{{Slot::Where::Row, 40, 222, true}, paint, hit};

}  // namespace draw
