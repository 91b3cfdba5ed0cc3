// draw/token_row: the sequence as chips; the asking token filled gold, the hovered one ringed,
// tokens hidden by the mask dimmed with a dashed outline.
#include <algorithm>

#include "draw/paint.hpp"

namespace draw {

// Chips narrower than this cannot hold a word of six letters at kMinText: the row breaks in two.
constexpr double kNarrowChip = 76;

Cells token_row_cells(int n, const core::Rect& panel, bool rtl, bool ends) {
    Cells out;
    core::Rect content = panel.inset(18);
    const double label_w = 124, more = ends ? kMoreRoom : 0.0;
    core::Rect row{content.x + label_w + more, content.y, content.w - label_w - 2 * more, content.h};
    auto width = [&](int per_row, double& gap) {
        gap = std::min(14.0, row.w / std::max(1, per_row) * 0.05);
        return std::min(190.0, (row.w - gap * (per_row - 1)) / std::max(1, per_row));
    };
    double gap = 0;
    // One row of chips, or two (a 4:3 screen, a long sentence) where one would cut the words; a
    // right-to-left sentence runs from the right.
    const int rows = n > 1 && width(n, gap) < kNarrowChip ? 2 : 1;
    const int per_row = (n + rows - 1) / rows;
    const double w = width(per_row, gap);
    const double h = rows == 1 ? row.h - 4 : (row.h - 4) / 2;
    for (int j = 0; j < n; ++j) {
        const int r = j / per_row, in_row = rows == 1 ? n : std::min(per_row, n - r * per_row);
        const double total = w * in_row + gap * (in_row - 1);
        const double x = row.x + (row.w - total) / 2;
        const int at = rtl ? in_row - 1 - j % per_row : j % per_row;
        out.cells.push_back({x + at * (w + gap), row.y + 2 + r * (h + 4), w, h - (rows == 1 ? 0 : 2)});
    }
    return out;
}

std::vector<std::string> chip_words(const model::TokenRow& m) {
    std::vector<std::string> out;
    for (const model::Chip& c : m.chips) out.push_back(c.word);
    return out;
}

namespace {

void paint(Canvas& c, const model::TokenRow& panel, const core::Rect& r) {
    const auto& chips = panel.chips;
    core::Rect content = c.card(r, "");
    c.color(c.th.ink_soft);
    c.text_in("tokens", {content.x, content.y, 118, content.h / 2}, Font::Bold, 18, kMinText);
    c.color(c.th.ink_faint);
    c.text_in("click to ask", {content.x, content.y + content.h / 2, 118, content.h / 2}, Font::Regular, 15, kMinText);
    const bool rtl = reads_right_to_left(chip_words(panel)), ends = !panel.window.whole();
    Cells cells = token_row_cells(static_cast<int>(chips.size()), r, rtl, ends);
    if (ends) {
        const core::Rect row = r.inset(18);
        paint_more(c, panel.before, panel.after, {row.x + 124, row.y, row.w - 124, row.h}, rtl);
    }
    for (std::size_t j = 0; j < chips.size(); ++j) {
        const model::Chip& chip = chips[j];
        const core::Rect& cell = cells.cells[j];
        const bool focus = chip.focus;
        c.mark("token:" + std::to_string(panel.window.first + static_cast<int>(j)), cell);
        const double hide = chip.hide;
        double alpha = 1.0 - 0.55 * hide;
        if (focus) {
            c.panel(cell, 10, c.th.query, nullptr, 0, &c.th.card);
        } else if (hide <= 0) {
            c.panel(cell, 10, c.th.bg, &c.th.card_edge, 1.5, &c.th.card);
        } else {
            // Dimmed: the chip's colour faded into the card (opaque, so drawn like a card), and a
            // dashed border — dashes as snapped boxes along the straight edges, solid corner arcs.
            c.panel(cell, 10, core::lerp(c.th.card, c.th.bg, alpha), nullptr, 0, &c.th.card);
            c.color(c.th.card_edge);
            const core::Rect e = c.snap(cell);
            const double w = 1.5, rad = 10;
            if (hide > 0.5) {
                auto dashes = [&](double from, double to, auto&& put) {
                    for (double a = from; a < to; a += 10) put(a, std::min(a + 6, to));
                };
                dashes(e.x + rad, e.right() - rad, [&](double a, double b) {
                    c.hline(a, b, e.y + w / 2, w);
                    c.hline(a, b, e.bottom() - w / 2, w);
                });
                dashes(e.y + rad, e.bottom() - rad, [&](double a, double b) {
                    c.vline(e.x + w / 2, a, b, w);
                    c.vline(e.right() - w / 2, a, b, w);
                });
            } else {
                c.hline(e.x + rad, e.right() - rad, e.y + w / 2, w);
                c.hline(e.x + rad, e.right() - rad, e.bottom() - w / 2, w);
                c.vline(e.x + w / 2, e.y + rad, e.bottom() - rad, w);
                c.vline(e.right() - w / 2, e.y + rad, e.bottom() - rad, w);
            }
            cairo_fill(c.cr);
            constexpr double pi = 3.141592653589793;
            const core::Point centres[4] = {{e.x + rad, e.y + rad}, {e.right() - rad, e.y + rad},
                                            {e.right() - rad, e.bottom() - rad}, {e.x + rad, e.bottom() - rad}};
            for (int k = 0; k < 4; ++k) {
                cairo_new_sub_path(c.cr);
                cairo_arc(c.cr, centres[k].x, centres[k].y, rad - w / 2, pi * (1 + 0.5 * k), pi * (1.5 + 0.5 * k));
            }
            cairo_set_line_width(c.cr, w);
            cairo_stroke(c.cr);
        }
        if (chip.hover) {
            c.rounded(cell.inset(-4), 13);
            c.color(c.th.hover);
            cairo_set_line_width(c.cr, 3);
            cairo_stroke(c.cr);
        }
        c.color(focus ? c.th.ink_on(c.th.query) : c.th.ink, alpha);
        // The word whole: in regular weight where the asking word's bold does not fit its chip.
        const double inset_y = std::max(0.0, std::min(8.0, (cell.h - kMinText * 1.25) / 2));
        const core::Rect wb{cell.x + 1, cell.y + inset_y, cell.w - 2, cell.h - 2 * inset_y};
        Canvas::Fit word = c.fit(chip.word, wb, focus ? Font::Bold : Font::Regular, 24, kMinText);
        if (word.cut && focus) word = c.fit(chip.word, wb, Font::Regular, 24, kMinText);
        c.place(word, wb, Align::Center);
    }
}

void hit(const model::TokenRow& m, const core::Rect& r, core::Point p, Hit& h) {
    const Cells cells =
        token_row_cells(static_cast<int>(m.chips.size()), r, reads_right_to_left(chip_words(m)), !m.window.whole());
    for (std::size_t j = 0; j < cells.cells.size(); ++j)
        if (cells.cells[j].contains(p)) {
            h.kind = Hit::Kind::Token;
            h.token = m.window.first + static_cast<int>(j);
        }
}

}  // namespace

extern const PanelDef<model::TokenRow> kTokenRowPanel{{Slot::Where::Row, 10, 86}, paint, hit};

}  // namespace draw
