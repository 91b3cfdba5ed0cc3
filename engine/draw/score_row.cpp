// draw/score_row: one cell per key with the score the current stage has reached, coloured on the
// scores' diverging scale (the matrix's) with its legend beside the heading; cells the mask hides
// fold over to a hatched "hidden" face.
#include <algorithm>
#include <cmath>

#include <string>

#include "draw/paint.hpp"

namespace draw {

bool reads_right_to_left(const std::vector<std::string>& words) {
    std::string sentence;
    for (const std::string& w : words) sentence += w + " ";
    return paragraph_direction(sentence) == Direction::RightToLeft;
}

Cells score_row_cells(int n, const core::Rect& panel, bool rtl, bool ends) {
    Cells out;
    core::Rect content = card_content(panel);
    if (ends) content = {content.x + kMoreRoom, content.y, content.w - 2 * kMoreRoom, content.h};
    double gap = std::min(12.0, content.w / std::max(1, n) * 0.1);
    double w = (content.w - gap * (n - 1)) / std::max(1, n);
    for (int j = 0; j < n; ++j) out.cells.push_back({content.x + (rtl ? n - 1 - j : j) * (w + gap), content.y, w, content.h});
    return out;
}

namespace {

// A vertical flip: the front face shrinks to a line, then the back face grows (f in [0, 1]).
core::Rect folded(const core::Rect& r, double f, bool& back) {
    back = f >= 0.5;
    double k = back ? 2 * f - 1 : 1 - 2 * f;
    double h = r.h * std::max(k, 0.02);
    return {r.x, r.y + (r.h - h) / 2, r.w, h};
}

void paint(Canvas& c, const model::ScoreRow& row, const core::Rect& r) {
    c.card(r, row.heading);
    if (row.scored) {
        // The legend on the heading's row, right of the heading.
        c.font(Font::Bold, kMinText);
        const double head_x = r.x + 18 + std::min(c.measure(row.heading), (r.w - 36) * 0.5) + 24;
        paint_legend(c, row.legend, {head_x, r.y + 10, r.right() - 18 - head_x, 30}, Align::Right);
    }
    std::vector<std::string> words;
    for (const model::ScoreCell& sc : row.cells) words.push_back(sc.token);
    const bool rtl = reads_right_to_left(words), ends = !row.window.whole();
    Cells cells = score_row_cells(static_cast<int>(row.cells.size()), r, rtl, ends);
    if (ends) paint_more(c, row.before, row.after, card_content(r), rtl);
    for (std::size_t j = 0; j < row.cells.size(); ++j) {
        const model::ScoreCell& sc = row.cells[j];
        const core::Rect cell = cells.cells[j];
        bool back = false;
        core::Rect face = folded(cell, sc.hide, back);
        if (back) {
            c.hatch(face, 8);
            if (face.h > 30) {
                c.color(c.th.ink_soft);
                c.text_in(sc.token, {face.x + 4, face.y + 2, face.w - 8, face.h * 0.42}, Font::Regular, 16, 10, Align::Center);
                c.color(c.th.ink);
                c.text_in("hidden · −∞", {face.x + 4, face.y + face.h * 0.45, face.w - 8, face.h * 0.5}, Font::Bold, 18, 10,
                          Align::Center);
            }
        } else {
            core::Color fill = row.scored ? c.th.shade(model::Scale::Diverging, sc.tone) : c.th.bg;
            c.mark("score:" + std::to_string(row.window.first + static_cast<int>(j)), face);
            c.rounded(face, 8);
            c.color(fill);
            cairo_fill_preserve(c.cr);
            // A fine edge: a score near 0 is the neutral colour, close to the card's.
            c.color(c.th.card_edge);
            cairo_set_line_width(c.cr, 1);
            cairo_stroke(c.cr);
            if (face.h > 30) {
                core::Color ink = c.th.ink_on(fill);
                c.color(ink, 0.85);
                // While a badge shows on the cell's top right, the word keeps left of it.
                double badge = 0;
                c.font(Font::Bold, kMinText);
                if (row.badge_scale > 0.02) badge = std::max(badge, c.measure("÷√d") + kMinText + 6);
                c.font(Font::Regular, kMinText);
                const double word_w = c.measure(sc.token);
                const bool clear = (face.w - word_w) / 2 >= badge + 4;
                c.text_in(sc.token, {face.x + 4, face.y + 2, face.w - 8 - (clear ? 0 : badge), face.h * 0.42}, Font::Regular, 16,
                          10, clear ? Align::Center : Align::Left);
                c.color(ink);
                c.text_in(sc.value, {face.x + 4, face.y + face.h * 0.45, face.w - 8, face.h * 0.5}, Font::Bold, 24, 10,
                          Align::Center);
            }
        }
        if (sc.focus) {
            c.rounded(cell.inset(-3), 10);
            c.color(c.th.query);
            cairo_set_line_width(c.cr, 4);
            cairo_stroke(c.cr);
        } else if (sc.hover) {
            c.rounded(cell.inset(-3), 10);
            c.color(c.th.hover);
            cairo_set_line_width(c.cr, 3);
            cairo_stroke(c.cr);
        }
        // The badges sit on the cell's top right corner, their right end inside the cell.
        c.font(Font::Bold, kMinText);
        if (row.badge_scale > 0.02 && sc.hide < 0.5)
            c.badge("÷√d", {cell.right() - 4 - (c.measure("÷√d") + kMinText) / 2, cell.y + 2}, c.th.accent, kMinText,
                    row.badge_scale);
    }
}

}  // namespace

// A key's cell of the score row, or its column of the weight bars (the whole panel's height).
void hit_row(int n, const core::Rect& r, core::Point p, Hit& h, bool whole_height, bool rtl, int first, bool ends) {
    const Cells cells = score_row_cells(n, r, rtl, ends);
    for (std::size_t j = 0; j < cells.cells.size(); ++j) {
        const core::Rect& cr = cells.cells[j];
        if (p.x >= cr.x && p.x <= cr.right() && (whole_height || cr.contains(p))) {
            h.kind = Hit::Kind::Token;
            h.token = first + static_cast<int>(j);
        }
    }
}

void paint_more(Canvas& c, const std::string& before, const std::string& after, const core::Rect& row, bool rtl) {
    const core::Rect left{row.x, row.y, kMoreRoom - 8, row.h}, right{row.right() - kMoreRoom + 8, row.y, kMoreRoom - 8, row.h};
    c.color(c.th.ink_soft);
    if (!before.empty()) c.text_in(before, rtl ? right : left, Font::Italic, kMinText, kMinText, rtl ? Align::Right : Align::Left);
    if (!after.empty()) c.text_in(after, rtl ? left : right, Font::Italic, kMinText, kMinText, rtl ? Align::Left : Align::Right);
}

namespace {

void hit(const model::ScoreRow& m, const core::Rect& r, core::Point p, Hit& h) {
    std::vector<std::string> words;
    for (const model::ScoreCell& sc : m.cells) words.push_back(sc.token);
    hit_row(static_cast<int>(m.cells.size()), r, p, h, false, reads_right_to_left(words), m.window.first, !m.window.whole());
}

}  // namespace

extern const PanelDef<model::ScoreRow> kScoreRowPanel{{Slot::Where::Row, 30, 108}, paint, hit};

}  // namespace draw
