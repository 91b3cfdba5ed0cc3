// draw/matrix: the attention matrix as a heatmap — rows read, columns are read — painted from
// the model's cells (scores filling in row by row, then weights), the row sums on the right,
// masked cells flipped over to a hatched "hidden" face, and a compare pair (A,B)/(B,A) outlined
// to show that reading is not symmetric.
#include <algorithm>
#include <cmath>

#include "draw/paint.hpp"

namespace draw {

MatrixGeom matrix_geom(const std::vector<std::string>& tokens, const core::Rect& panel) {
    core::Rect content = card_content(panel);
    MatrixGeom g;
    const double label_w = 104, sums_w = 96, legend_h = 64;  // sums_w: room for "Σ weights"
    double top_h = 34;
    double n = std::max<double>(1, static_cast<double>(tokens.size()));
    // Column labels: level when the longest word fits a cell, else tilted 45° so words read
    // whole. The width is estimated from the character count (no cairo here: hit tests use this).
    std::size_t longest = 0;
    for (const auto& t : tokens) {
        std::size_t chars = 0;
        for (unsigned char ch : t) chars += (ch & 0xC0) != 0x80;
        longest = std::max(longest, chars);
    }
    auto cell_for = [&](double th) {
        return std::max(2.0, std::min((content.w - label_w - sums_w - 10) / n, (content.h - th - legend_h - 8) / n));
    };
    g.cell = cell_for(top_h);
    g.col_font = kMinText;
    if (static_cast<double>(longest) * g.col_font * 0.62 > g.cell - 4) {
        g.tilted = true;
        top_h = std::min(96.0, static_cast<double>(longest) * g.col_font * 0.62 * 0.71 + g.col_font + 8);
        g.cell = cell_for(top_h);
        // Neighbouring labels are cell·sin(angle) apart across their slope: steeper when 45° would
        // let them touch.
        if (g.cell * std::sin(g.angle) < g.col_font * 1.05) {
            g.angle = M_PI / 3;
            top_h = std::min(110.0, static_cast<double>(longest) * g.col_font * 0.62 * std::sin(g.angle) + g.col_font + 8);
            g.cell = cell_for(top_h);
        }
    }
    double gw = g.cell * n;
    double x = content.x + label_w + (content.w - label_w - sums_w - 10 - gw) / 2;
    g.grid = {x, content.y + top_h, gw, gw};
    g.row_labels = {x - label_w, g.grid.y, label_w - 8, gw};
    g.col_labels = {x, content.y, gw, top_h - 4};
    g.sums = {g.grid.right() + 10, g.grid.y, sums_w, gw};
    g.legend = {content.x + 20, g.grid.bottom() + 14, content.w - 40, legend_h - 14};
    return g;
}

namespace {

void paint(Canvas& c, const model::Matrix& m, const core::Rect& r) {
    c.card(r, m.heading, m.aside);
    MatrixGeom g = matrix_geom(m.tokens, r);
    const int n = static_cast<int>(m.tokens.size());
    // Numbers in the cells only when every one of them fits its cell at a readable size (else
    // the colours alone: a number the back row cannot read is not shown).
    const double fs = kMinText;
    bool numbers = g.cell * 0.82 - 6 >= fs;
    c.font(Font::Regular, fs);
    for (int i = 0; i < n && numbers; ++i)
        for (const std::string& t : m.row_text(i))
            if (c.measure(t) > g.cell - 2 * std::min(2.0, g.cell * 0.05) - 3) {  // "<0.01" is the widest
                numbers = false;
                break;
            }

    // Labels.
    for (int i = 0; i < n; ++i) {
        const std::string& tok = m.tokens[static_cast<std::size_t>(i)];
        double y = g.grid.y + i * g.cell;
        bool fo = i == m.focus, h = i == m.hover;
        c.color(fo ? c.th.query_ink : (h ? c.th.hover : c.th.ink_soft));
        c.text_in(tok, {g.row_labels.x, y, g.row_labels.w, g.cell}, fo ? Font::Bold : Font::Regular,
                  std::min(20.0, g.cell * 0.5), 7, Align::Right);
        double x = g.grid.x + i * g.cell;
        c.color(fo ? c.th.query_ink : (h ? c.th.hover : c.th.ink_soft));
        if (g.tilted) {
            // Rising at 45° (or 60°) from the bottom of the label band, above its column.
            Saved saved(c.cr);
            cairo_translate(c.cr, x + g.cell * 0.5 - g.col_font * 0.25, g.col_labels.bottom() - 2);
            cairo_rotate(c.cr, -g.angle);
            const double len = (g.col_labels.h - 4) / std::sin(g.angle) - g.col_font * 0.5;
            c.text_in(tok, {0, -g.col_font * 0.6, len, g.col_font * 1.2}, fo ? Font::Bold : Font::Regular, g.col_font, 9);
        } else {
            c.text_in(tok, {x + 1, g.col_labels.y, g.cell - 2, g.col_labels.h}, fo ? Font::Bold : Font::Regular,
                      g.col_font, 12, Align::Center);
        }
    }
    c.color(c.th.ink_soft);
    if (!m.sum_heading.empty()) {
        // "Σ weights" over the column of sums, reaching to the card's edge; where even that is
        // too narrow, the Σ alone (the card's aside says what the rows add up to).
        const double mid = g.sums.x + g.sums.w / 2, half = std::max(g.sums.w / 2, card_content(r).right() - mid);
        const core::Rect box{mid - half, g.col_labels.bottom() - 30, 2 * half, 30};
        c.font(Font::Bold, std::max(17.0, c.floor()));
        const std::string_view heading = c.measure(m.sum_heading) <= box.w ? std::string_view(m.sum_heading) : "Σ";
        c.text_in(heading, box, Font::Bold, 17, 9, Align::Center);
    }

    for (int i = 0; i < n; ++i) {
        const std::vector<std::string>& text = m.row_text(i);
        for (int j = 0; j < n; ++j) {
            const model::Matrix::Cell cl = m.cell(i, j);
            core::Rect cell{g.grid.x + j * g.cell, g.grid.y + i * g.cell, g.cell, g.cell};
            core::Rect in = cell.inset(std::min(2.0, g.cell * 0.05));
            if (c.recording()) c.mark("cell:" + std::to_string(i) + ":" + std::to_string(j), cell);
            // The score's colour (diverging, the score row's) as the row arrives, then the weight's
            // (sequential) as the softmax reaches it.
            core::Color fill = core::lerp(c.th.bg, c.th.shade(model::Scale::Diverging, cl.score_tone), cl.score_reveal);
            fill = core::lerp(fill, c.th.shade(model::Scale::Sequential, cl.weight), cl.weight_reveal);
            // The mask flips a cell over, left to right, to its hatched back.
            bool back = cl.hide >= 0.5;
            double k = back ? 2 * cl.hide - 1 : 1 - 2 * cl.hide;
            core::Rect face{in.x + in.w * (1 - std::max(k, 0.02)) / 2, in.y, in.w * std::max(k, 0.02), in.h};
            if (back) {
                c.hatch(face, 3);
            } else {
                c.rounded(face, 3);
                c.color(fill);
                cairo_fill(c.cr);
                if (numbers && !text.empty() && k > 0.8) {
                    c.color(c.th.ink_on(fill));
                    c.text_in(text[static_cast<std::size_t>(j)], {face.x + 1.5, face.y, face.w - 3, face.h}, Font::Regular, fs,
                              fs, Align::Center);
                }
            }
        }
        // Row sum.
        const std::string sum = m.row_sum(i);
        if (!sum.empty()) {
            bool budget = m.row_budget(i);
            c.color(budget ? c.th.ink : c.th.ink_soft);
            c.text_in(sum, {g.sums.x, g.grid.y + i * g.cell, g.sums.w, g.cell}, budget ? Font::Bold : Font::Regular,
                      std::min(19.0, g.cell * 0.42), 7, Align::Center);
        }
    }
    // Focus row and hover column.
    c.rounded({g.grid.x - 3, g.grid.y + m.focus * g.cell - 3, g.grid.w + 6, g.cell + 6}, 5);
    c.color(c.th.query);
    cairo_set_line_width(c.cr, 3.5);
    cairo_stroke(c.cr);
    if (m.hover >= 0 && m.hover < n) {
        c.rounded({g.grid.x + m.hover * g.cell - 2, g.grid.y - 2, g.cell + 4, g.grid.h + 4}, 4);
        c.color(c.th.hover, 0.9);
        cairo_set_line_width(c.cr, 2.5);
        cairo_stroke(c.cr);
    }
    // Compare (A,B) against (B,A).
    if (m.compare) {
        auto [a, b] = *m.compare;
        auto outline = [&](int row, int col, const core::Color& col_c) {
            c.rounded({g.grid.x + col * g.cell - 1, g.grid.y + row * g.cell - 1, g.cell + 2, g.cell + 2}, 4);
            c.color(col_c);
            cairo_set_line_width(c.cr, 4);
            cairo_stroke(c.cr);
        };
        outline(a, b, c.th.accent);
        outline(b, a, c.th.accent2);
    }
    // Legend: the scale the cells are on now (the scores', then the weights'), and the hatching.
    if (m.scored) {
        const core::Rect line{g.legend.x, g.legend.y, std::max(0.0, g.legend.w - 130), 24};
        const double used = paint_legend(c, m.legend, line, Align::Left, 300);
        const core::Rect hid{line.x + used + 30, line.y + 2, 26, 20};
        if (hid.right() + 90 < g.legend.right()) {
            c.hatch(hid, 3);
            c.color(c.th.ink_soft);
            c.text_in("hidden", {hid.right() + 8, hid.y - 2, 80, 24}, Font::Regular, kMinText, kMinText);
        }
        if (!m.compare_note.empty()) {
            c.color(c.th.ink);
            // Its two halves on two lines where one line would cut it (a narrow matrix, 4:3).
            const std::string_view note = m.compare_note, sep = "   ·   ";
            c.font(Font::Bold, kMinText);
            const std::size_t half = note.find(sep);
            const double y = line.bottom() + 6;
            if (c.measure(note) <= g.legend.w || half == std::string_view::npos) {
                c.text_in(note, {g.legend.x, y, g.legend.w, 24}, Font::Bold, kMinText, kMinText, Align::Center);
            } else {
                c.text_in(note.substr(0, half), {g.legend.x, y, g.legend.w, 24}, Font::Bold, kMinText, kMinText, Align::Center);
                c.text_in(note.substr(half + sep.size()), {g.legend.x, y + 24, g.legend.w, 24}, Font::Bold, kMinText,
                          kMinText, Align::Center);
            }
        }
    }
}

void hit(const model::Matrix& m, const core::Rect& r, core::Point p, Hit& h) {
    const MatrixGeom g = matrix_geom(m.tokens, r);
    const int last = static_cast<int>(m.tokens.size()) - 1;
    if (g.grid.contains(p)) {
        h.kind = Hit::Kind::MatrixCell;
        h.token = std::clamp(static_cast<int>((p.x - g.grid.x) / g.cell), 0, last);
        h.row = std::clamp(static_cast<int>((p.y - g.grid.y) / g.cell), 0, last);
    } else if (g.row_labels.contains(p)) {
        h.kind = Hit::Kind::Token;
        h.token = std::clamp(static_cast<int>((p.y - g.grid.y) / g.cell), 0, last);
    }
}

}  // namespace

extern const PanelDef<model::Matrix> kMatrixPanel{{Slot::Where::Big, 20, 1.35}, paint, hit};

}  // namespace draw
