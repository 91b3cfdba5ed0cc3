// draw/matrix: the attention matrix as a heatmap — rows read, columns are read — painted from
// the model's cells (scores filling in row by row, then weights), the row sums on the right,
// masked cells flipped over to a hatched "hidden" face, and a compare pair (A,B)/(B,A) outlined
// to show that reading is not symmetric. A matrix of many tokens (model::Matrix::summary) is a
// heat image instead: one pixel a square scaled up, its words sampled, the asking row outlined.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <tuple>

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

// A step of 1, 2 or 5 times a power of ten, at least `x`.
int nice_step(double x) {
    for (int p = 1;; p *= 10)
        for (int k : {1, 2, 5})
            if (k * p >= x || p > 100000) return k * p;
}

// The width of a word at kMinText, estimated from its characters (as matrix_geom does: no
// shaping, so that the geometry of a matrix of thousands of words is cheap and the same for the
// hit test).
double word_estimate(const std::string& t, double font) {
    std::size_t chars = 0;
    for (unsigned char ch : t) chars += (ch & 0xC0) != 0x80;
    return static_cast<double>(chars) * font * 0.66;
}

}  // namespace

HeatGeom heat_geom(const std::vector<std::string>& tokens, int focus, const core::Rect& panel) {
    const core::Rect content = card_content(panel);
    HeatGeom g;
    const int n = std::max(1, static_cast<int>(tokens.size()));
    const double font = kMinText, line = kMinText * 1.35;
    // The rows' words are sampled (each takes a line), and the asking row's word is always shown:
    // the label column is as wide as the widest of those, within bounds.
    double label_w = 60;
    const double legend_h = 4 * 26 + 12;  // the legend, the caption (two lines at most), a compare note
    const double top_h = line + 6;
    double side = std::max(40.0, std::min(content.w - 200 - 10, content.h - top_h - legend_h - 8));
    g.row_every = nice_step(n * (line + 2) / side);
    for (int i = 0; i < n; i += g.row_every) label_w = std::max(label_w, word_estimate(tokens[static_cast<std::size_t>(i)], font));
    if (focus >= 0 && focus < static_cast<int>(tokens.size()))
        label_w = std::max(label_w, word_estimate(tokens[static_cast<std::size_t>(focus)], font) * 1.1);
    label_w = std::min(label_w + 14, 220.0);
    side = std::max(40.0, std::min(content.w - label_w - 20, content.h - top_h - legend_h - 8));
    double col_w = 40;
    for (int i = 0; i < n; i += g.row_every) col_w = std::max(col_w, word_estimate(tokens[static_cast<std::size_t>(i)], font) + 12);
    g.col_every = nice_step(n * col_w / side);
    // The columns' words are written level, each centred on its column within the spacing of
    // the sampled columns: a word wider than that is not written.
    g.col_room = std::min(side, side * g.col_every / n);
    const double x = content.x + label_w + (content.w - label_w - 10 - side) / 2;
    g.grid = {x, content.y + top_h, side, side};
    g.row_labels = {x - label_w, g.grid.y, label_w - 8, side};
    g.col_labels = {x, content.y, side, top_h - 4};
    g.legend = {content.x + 20, g.grid.bottom() + 14, content.w - 40, legend_h - 14};
    g.n = n;
    return g;
}

namespace {

// A summarised matrix: its heat image, sampled words, the asking row outlined and labelled, and
// a caption saying what a square is.
void paint_heat(Canvas& c, const model::Matrix& m, const core::Rect& r) {
    const HeatGeom g = heat_geom(m.tokens, m.focus, r);
    const model::Matrix::Heat& h = m.heat;
    const int n = g.n;
    const double unit = g.grid.h / n, line = kMinText * 1.35;
    // The image: one pixel a square, scaled up without smoothing.
    {
        SurfacePtr img{cairo_image_surface_create(CAIRO_FORMAT_ARGB32, h.bins, h.bins)};
        cairo_surface_flush(img.get());
        unsigned char* data = cairo_image_surface_get_data(img.get());
        const int stride = cairo_image_surface_get_stride(img.get());
        auto byte = [](double v) { return static_cast<std::uint32_t>(std::lround(std::clamp(v, 0.0, 1.0) * 255)); };
        for (int i = 0; i < h.bins && data && !c.stopped(); ++i) {
            auto* row = reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(i) * stride);
            for (int j = 0; j < h.bins; ++j) {
                const model::Matrix::Square& q = h.at(i, j);
                core::Color fill = core::lerp(c.th.bg, c.th.shade(model::Scale::Diverging, q.score_tone), q.score_reveal);
                fill = core::lerp(fill, c.th.shade(model::Scale::Sequential, q.weight), q.weight_reveal);
                if (q.hide >= 0.5) fill = c.th.hidden;
                row[j] = 0xff000000u | byte(fill.r) << 16 | byte(fill.g) << 8 | byte(fill.b);
            }
        }
        cairo_surface_mark_dirty(img.get());
        Saved saved(c.cr);
        // The image covers the squares' pairs: the last square may cover fewer than `per`.
        const double px = g.grid.w / n * h.per;
        cairo_translate(c.cr, g.grid.x, g.grid.y);
        cairo_scale(c.cr, px, px);
        cairo_set_source_surface(c.cr, img.get(), 0, 0);
        cairo_pattern_set_filter(cairo_get_source(c.cr), CAIRO_FILTER_NEAREST);
        cairo_rectangle(c.cr, 0, 0, g.grid.w / px, g.grid.h / px);
        cairo_fill(c.cr);
    }
    if (c.recording()) c.mark("heat", g.grid);
    // The asking row: outlined (at least a few pixels high) and its word always written.
    const core::Rect band{g.grid.x - 3, g.grid.y + m.focus * unit - 3, g.grid.w + 6, std::max(unit, 2.0) + 6};
    c.rounded(band, 3);
    c.color(c.th.query);
    cairo_set_line_width(c.cr, 3);
    cairo_stroke(c.cr);
    const double fy = std::clamp(g.grid.y + (m.focus + 0.5) * unit - line / 2, g.grid.y, g.grid.bottom() - line);
    const core::Rect focus_label{g.row_labels.x, fy, g.row_labels.w, line};
    if (m.focus >= 0 && m.focus < n) {
        c.color(c.th.query_ink);
        c.text_in(m.tokens[static_cast<std::size_t>(m.focus)], focus_label, Font::Bold, kMinText, kMinText, Align::Right);
    }
    // Sampled words: rows every row_every tokens, columns every col_every, each on its own line
    // or in its own room, never over the asking row's word.
    c.color(c.th.ink_soft);
    for (int i = 0; i < n; i += g.row_every) {
        const double y = std::clamp(g.grid.y + (i + 0.5) * unit - line / 2, g.grid.y, g.grid.bottom() - line);
        if (i == m.focus || (y + line > focus_label.y - 1 && y < focus_label.bottom() + 1)) continue;
        c.text_in(m.tokens[static_cast<std::size_t>(i)], {g.row_labels.x, y, g.row_labels.w, line}, Font::Regular, kMinText,
                  kMinText, Align::Right);
    }
    for (int j = 0; j < n; j += g.col_every) {
        const double cx = g.grid.x + (j + 0.5) * unit;
        const core::Rect content = card_content(r);
        const double x0 = std::clamp(cx - g.col_room / 2, content.x, content.right() - g.col_room);
        c.text_in(m.tokens[static_cast<std::size_t>(j)], {x0 + 2, g.col_labels.y, g.col_room - 4, g.col_labels.h}, Font::Regular,
                  kMinText, kMinText, Align::Center);
    }
    if (m.hover >= 0 && m.hover < n) {
        c.rounded({g.grid.x + m.hover * unit - 2, g.grid.y - 2, std::max(unit, 2.0) + 4, g.grid.h + 4}, 3);
        c.color(c.th.hover, 0.9);
        cairo_set_line_width(c.cr, 2.5);
        cairo_stroke(c.cr);
    }
    if (m.compare) {
        auto [a, b] = *m.compare;
        for (const auto& [row, col, ink] : {std::tuple{a, b, c.th.accent}, std::tuple{b, a, c.th.accent2}}) {
            const double side = std::max(unit, 8.0);
            c.rounded({g.grid.x + (col + 0.5) * unit - side / 2 - 1, g.grid.y + (row + 0.5) * unit - side / 2 - 1, side + 2,
                       side + 2}, 2);
            c.color(ink);
            cairo_set_line_width(c.cr, 3);
            cairo_stroke(c.cr);
        }
    }
    // The legend, then what a square is and which words are written, then a compare note.
    double y = g.legend.y;
    if (m.scored) {
        const core::Rect leg{g.legend.x, y, std::max(0.0, g.legend.w - 130), 24};
        const double used = paint_legend(c, m.legend, leg, Align::Left, 300);
        const core::Rect hid{leg.x + used + 30, leg.y + 2, 26, 20};
        if (hid.right() + 90 < g.legend.right()) {
            c.rounded(hid, 3);
            c.color(c.th.hidden);
            cairo_fill(c.cr);
            c.color(c.th.ink_soft);
            c.text_in("hidden", {hid.right() + 8, hid.y - 2, 80, 24}, Font::Regular, kMinText, kMinText);
        }
    }
    y += 26;
    c.color(c.th.ink_soft);
    auto nth = [](int k) { return k == 1 ? std::string() : std::to_string(k) + (k == 2 ? "nd " : "th "); };
    const std::string every = g.row_every == 1 && g.col_every == 1 ? "every word written"
                              : g.row_every == g.col_every      ? "every " + nth(g.row_every) + "word written"
                                                                : "words: every " + nth(g.row_every) + "row, every " +
                                                                      nth(g.col_every) + "column";
    // The caption's parts ("4,096 tokens", "a square: …", the words written) on as few lines as
    // hold them whole.
    c.font(Font::Regular, kMinText);
    std::string words;
    auto put = [&](const std::string& s) {
        c.text_in(s, {g.legend.x, y, g.legend.w, 24}, Font::Regular, kMinText, kMinText, Align::Center);
        y += 26;
    };
    std::vector<std::string> parts;
    for (std::size_t at = 0;;) {
        const std::size_t sep = h.caption.find(" · ", at);
        parts.push_back(h.caption.substr(at, sep == std::string::npos ? std::string::npos : sep - at));
        if (sep == std::string::npos) break;
        at = sep + std::string_view(" · ").size();
    }
    parts.push_back(every);
    for (const std::string& part : parts) {
        const std::string joined = words.empty() ? part : words + " · " + part;
        if (words.empty() || c.measure(joined) <= g.legend.w) {
            words = joined;
        } else {
            put(words);
            words = part;
        }
    }
    if (!words.empty()) put(words);
    y -= 26;
    if (!m.compare_note.empty() && m.compare) {
        y += 26;
        c.color(c.th.ink);
        c.text_in(m.compare_note, {g.legend.x, y, g.legend.w, 24}, Font::Bold, kMinText, kMinText, Align::Center);
    }
}

void paint(Canvas& c, const model::Matrix& m, const core::Rect& r) {
    c.card(r, m.heading, m.aside);
    if (m.summary()) return paint_heat(c, m, r);
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
    if (m.summary()) {
        const HeatGeom g = heat_geom(m.tokens, m.focus, r);
        const int last = g.n - 1;
        auto at = [&](double v, double from) { return std::clamp(static_cast<int>((v - from) / g.grid.w * g.n), 0, last); };
        if (g.grid.contains(p)) {
            h.kind = Hit::Kind::MatrixCell;
            h.token = at(p.x, g.grid.x);
            h.row = at(p.y, g.grid.y);
        } else if (g.row_labels.contains(p)) {
            h.kind = Hit::Kind::Token;
            h.token = at(p.y, g.grid.y);
        }
        return;
    }
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
