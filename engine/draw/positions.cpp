// draw/positions: where word order comes in, from model::Positions. Sinusoidal or learned: the
// position vectors as a heat map (a row per place, labelled by its position and the word there
// now; a column per number of x; the numbers written where they fit) and, for the asking place,
// x + p = the sum W_Q, W_K and W_V multiply, written as a column addition:
//
//                ω = 1      ω = 0.046                           sin   cos   sin
//               sin   cos   sin                    x · cat      ▦     ▦     ▦
//   0  The      ▦     ▦     ▦                    + p · 1        ▦     ▦     ▦
//   1  cat      ▦     ▦     ▦                    = x + p        ▦     ▦     ▦
//   …
// Rope: per place a dial per pair of numbers, turned by pos·θᵢ, with the angle written beside it.
// None: the sentence over the same words with two exchanged, the exchange drawn as crossing
// arrows. The caption (the formula, what it does to the scores) goes right of the picture where
// the panel is wide, under it where it is not (4:3).
#include <algorithm>
#include <cmath>

#include "draw/paint.hpp"

namespace draw {

namespace {

constexpr double kTwoPi = 6.283185307179586;

std::size_t columns(const model::Grid& g) { return g.tone.empty() ? 0 : g.tone[0].size(); }

// The width of the place labels ("0  The"), the widest of them.
double label_width(Canvas& c, const model::Positions& p) {
    double w = 0;
    for (const auto& pl : p.places) {
        c.font(Font::Regular, kMinText);
        double lw = c.measure(pl.position) + 12;
        c.font(Font::Bold, kMinText);
        lw += c.measure((pl.moved ? "↕ " : "") + pl.word);
        w = std::max(w, lw);
    }
    return w + 16;
}

// A place's label in its row: the position, faint, then the word (gold-ringed row when asking;
// a moved word in the accent colour with ↕).
void place_label(Canvas& c, const model::Positions::Place& pl, const core::Rect& box) {
    c.font(Font::Regular, kMinText);
    const double pw = c.measure(pl.position) + 2;
    c.color(c.th.ink_faint);
    c.text_in(pl.position, {box.x, box.y, pw, box.h}, Font::Regular, kMinText, kMinText);
    c.color(pl.moved ? c.th.accent : (pl.focus ? c.th.query_ink : c.th.ink));
    c.text_in((pl.moved ? "↕ " : "") + pl.word, {box.x + pw + 10, box.y, box.w - pw - 10, box.h}, Font::Bold, kMinText,
              kMinText);
}

void focus_ring(Canvas& c, const core::Rect& r) {
    c.rounded(r, 6);
    c.color(c.th.query);
    cairo_set_line_width(c.cr, 3);
    cairo_stroke(c.cr);
}

// The caption's height at kMinText in `width` (its lines, and a little air).
double caption_height(Canvas& c, const std::string& caption, double width) {
    std::vector<std::string> lines;
    c.font(Font::Italic, kMinText);
    const int count = c.wrap(caption, width, lines);
    return count * kMinText * 1.3 + 6;
}

// Where the caption goes: `right` of the picture (picture_w wide) when there is room for a
// column of it there, else under it. Returns the caption's box; *pic the picture's.
core::Rect caption_box(Canvas& c, const std::string& caption, const core::Rect& content, double picture_w, core::Rect* pic) {
    const double gap = 36, room = content.w - picture_w - gap;
    if (room >= 300) {
        // Beside the picture, level with its middle where the panel is taller than the caption.
        const double h = std::min(content.h, caption_height(c, caption, room));
        *pic = {content.x, content.y, picture_w, content.h};
        return {content.x + picture_w + gap, content.y + (content.h - h) / 2, room, h};
    }
    const double h = caption_height(c, caption, content.w);
    *pic = {content.x, content.y, content.w, content.h - h};
    return {content.x, content.bottom() - h, content.w, h};
}

void paint_added(Canvas& c, const model::Positions& p, const core::Rect& content) {
    if (p.table.tone.empty()) {
        c.color(c.th.ink_faint);
        c.paragraph(p.note, content, Font::Italic, 20, kMinText);
        return;
    }
    const std::size_t m = columns(p.table), n = p.table.tone.size();
    const double lw = label_width(c, p);
    double cw = 56;
    for (const model::Grid* g : {&p.table, &p.x, &p.p, &p.sum}) cw = std::max(cw, widest_number(c, *g));
    c.font(Font::Bold, kMinText);
    double nw = 0;
    for (const std::string* s : {&p.x_name, &p.p_name, &p.sum_name}) nw = std::max(nw, c.measure(*s));
    nw += 36;  // room for "+" and "=" before the names
    // A wave's name over its two columns (m odd: the last is one column, and its name runs on
    // into the gap right of the table).
    c.font(Font::Regular, kMinText);
    double wave_w = 0;
    for (const std::string& w : p.waves) wave_w = std::max(wave_w, (c.measure(w) + 12) / 2);
    const double gap = 44;
    // A wide x (a trained model's 32 numbers or more) does not fit at the numbers' width: the
    // columns narrow to the panel, and then show their colour alone, their names sampled.
    const double number_w = std::max(cw, wave_w);
    const double fit_w = (content.w - lw - gap - nw) / (2.0 * static_cast<double>(m));
    cw = std::max(4.0, std::min(number_w, fit_w));
    const bool wide = cw < number_w || p.table.text.empty();  // the model leaves a wide x's numbers out
    const double table_w = lw + static_cast<double>(m) * cw, readout_w = nw + static_cast<double>(m) * cw;
    core::Rect pic;
    const core::Rect cap = caption_box(c, p.caption, content, table_w + gap + readout_w, &pic);
    const bool waves = !p.waves.empty() && !wide;
    const double legend_h = 30, head = 24, heads = waves ? 2 * head : head;
    const double ch = std::clamp((pic.h - legend_h - heads) / static_cast<double>(n), 14.0, 56.0);
    const bool numbers = ch * 0.82 - 4 >= kMinText && !wide;
    // Every column's name where it fits, else every k-th.
    c.font(Font::Bold, kMinText);
    double name_w = 0;
    for (const std::string& col : p.columns) name_w = std::max(name_w, c.measure(col) + 6);
    const std::size_t every = std::max<std::size_t>(1, static_cast<std::size_t>(std::ceil(name_w / cw)));
    const double block_w = table_w + gap + readout_w;
    const double x0 = pic.x + std::max(0.0, (pic.w - block_w) / 2);
    // Level with the middle of its box when the panel is taller than the table (no big panel).
    double y = pic.y + std::max(0.0, (pic.h - legend_h - heads - static_cast<double>(n) * ch) / 2);
    // Heads: the pairs' frequencies over their two columns, then each column's name.
    const double tx = x0 + lw;
    c.color(c.th.ink_soft);
    for (std::size_t i = 0; waves && i < p.waves.size(); ++i) {
        const double at = tx + 2.0 * static_cast<double>(i) * cw;
        const double w = std::min(2.0, static_cast<double>(m) - 2.0 * static_cast<double>(i)) * cw;
        c.text_in(p.waves[i], {at + 2, y, 2 * cw - 4, head}, Font::Regular, kMinText, kMinText, w < 2 * cw ? Align::Left : Align::Center);
        c.hline(at + 6, at + w - 6, y + head - 1, 1.5);  // under the name, over its columns
    }
    if (waves) y += head;
    const double rx = x0 + table_w + gap + nw;  // the readout's cells
    for (std::size_t j = 0; j < m; j += every)
        for (double at : {tx, rx}) {
            c.color(c.th.ink_faint);
            // Each name centred over its column, or (sampled) starting at it.
            const double w = every > 1 ? name_w : cw;
            c.text_in(p.columns[j], {at + static_cast<double>(j) * cw, y, w, head}, Font::Bold, kMinText, kMinText,
                      every > 1 ? Align::Left : Align::Center);
        }
    y += head;
    // The heat map, a row per place.
    for (std::size_t i = 0; i < n && i < p.places.size(); ++i)
        place_label(c, p.places[i], {x0, y + static_cast<double>(i) * ch, lw - 8, ch});
    paint_cells(c, p.table, {tx, y}, {cw}, ch, numbers);
    for (std::size_t i = 0; i < n && i < p.places.size(); ++i)
        if (p.places[i].focus) focus_ring(c, {x0 - 6, y + static_cast<double>(i) * ch - 2, table_w + 10, ch + 4});
    // The column addition for the asking place: x, + p, = x + p, each name left of its cells.
    const double rh = std::clamp((static_cast<double>(n) * ch - 16) / 3, 30.0, 50.0);
    double ry = y + std::max(0.0, (static_cast<double>(n) * ch - 3 * rh - 16) / 2);
    const struct {
        const model::Grid* g;
        const std::string* name;
        const char* op;
        core::Color ink;
    } lines[3] = {{&p.x, &p.x_name, "", c.th.ink}, {&p.p, &p.p_name, "+", c.th.ink}, {&p.sum, &p.sum_name, "=", c.th.output_ink}};
    for (const auto& l : lines) {
        c.color(c.th.ink);
        c.text_in(l.op, {rx - nw, ry, 24, rh}, Font::Bold, 24, kMinText, Align::Center);
        c.color(l.ink);
        c.text_in(*l.name, {rx - nw + 26, ry, nw - 34, rh}, Font::Bold, kMinText, kMinText, Align::Left);
        paint_cells(c, *l.g, {rx, ry}, {cw}, rh, !wide);
        if (l.g == &p.p) c.hline(rx, rx + static_cast<double>(m) * cw, ry + rh + 4, 2);  // the sum's rule
        ry += rh + 8;
    }
    // The two scales under their pictures, then the caption.
    const double ly = y + static_cast<double>(n) * ch + 6;
    paint_legend(c, p.legend, {x0, ly, table_w, legend_h - 6}, Align::Center, 160);
    if (!p.entry_legend.low.empty()) paint_legend(c, p.entry_legend, {rx - nw, ly, readout_w, legend_h - 6}, Align::Center, 160);
    c.color(c.th.ink_soft);
    c.paragraph(p.caption, cap, Font::Italic, kMinText, kMinText);
}

// A dial: a circle, the arc of the turn from 0 (pointing right) and the spoke where it ends.
void dial(Canvas& c, core::Point o, double r, double angle) {
    c.circle(o, r);
    c.color(c.th.ink_faint);
    cairo_set_line_width(c.cr, 1.5);
    cairo_stroke(c.cr);
    const double a = std::fmod(angle, kTwoPi);
    if (std::fabs(a) > 1e-9) {
        // Counter-clockwise on the page (y up): Cairo's angles run clockwise.
        cairo_move_to(c.cr, o.x, o.y);
        if (a > 0) cairo_arc_negative(c.cr, o.x, o.y, r, 0, -a);
        else cairo_arc(c.cr, o.x, o.y, r, 0, -a);
        cairo_close_path(c.cr);
        c.color(c.th.key, 0.25);
        cairo_fill(c.cr);
    }
    c.line(o, {o.x + r, o.y});
    c.color(c.th.ink_faint);
    cairo_set_line_width(c.cr, 1.5);
    cairo_stroke(c.cr);
    c.line(o, {o.x + r * std::cos(a), o.y - r * std::sin(a)});
    c.color(c.th.key);
    cairo_set_line_width(c.cr, 3);
    cairo_stroke(c.cr);
}

void paint_turned(Canvas& c, const model::Positions& p, const core::Rect& content) {
    const std::size_t n = p.places.size(), k = p.pairs.size();
    const double lw = label_width(c, p);
    c.font(Font::Regular, kMinText);
    double nw = 0;
    for (const auto& row : p.turn)
        for (const std::string& t : row) nw = std::max(nw, c.measure(t));
    c.font(Font::Bold, kMinText);
    double pw = 0;
    for (const std::string& h : p.pairs) pw = std::max(pw, c.measure(h) + 16);
    const std::string more = p.more_pairs ? "+ " + std::to_string(p.more_pairs) + " more pairs" : "";
    c.font(Font::Regular, kMinText);
    const double more_w = more.empty() ? 0 : c.measure(more) + 20;
    const double head = 26;
    core::Rect pic;
    // The cell of a pair: its dial and its angle (radius from the row height, at most 17).
    const double dial_w = 2 * 17 + 10;
    pw = std::max(pw, dial_w + nw + 12);
    const double picture_w = lw + static_cast<double>(k) * pw + more_w;
    const core::Rect cap = caption_box(c, p.caption, content, picture_w, &pic);
    const double ch = std::clamp((pic.h - head) / static_cast<double>(std::max<std::size_t>(n, 1)), 18.0, 48.0);
    const double r = std::min(17.0, ch * 0.42);
    const double x0 = pic.x + std::max(0.0, (pic.w - picture_w) / 2);
    double y = pic.y;
    c.color(c.th.ink_soft);
    for (std::size_t i = 0; i < k; ++i)
        c.text_in(p.pairs[i], {x0 + lw + static_cast<double>(i) * pw, y, pw, head}, Font::Bold, kMinText, kMinText,
                  Align::Center);
    if (!more.empty()) {
        c.color(c.th.ink_faint);
        c.text_in(more, {x0 + lw + static_cast<double>(k) * pw + 10, y, more_w - 10, head}, Font::Regular, kMinText, kMinText);
    }
    y += head;
    for (std::size_t t = 0; t < n; ++t) {
        const double ry = y + static_cast<double>(t) * ch;
        place_label(c, p.places[t], {x0, ry, lw - 8, ch});
        for (std::size_t i = 0; i < k && t < p.angle.size(); ++i) {
            const double cx = x0 + lw + static_cast<double>(i) * pw + (pw - dial_w - nw) / 2;
            dial(c, {cx + r + 2, ry + ch / 2}, r, p.angle[t][i]);
            c.color(c.th.ink);
            c.text_in(p.turn[t][i], {cx + dial_w, ry, nw + 4, ch}, Font::Regular, kMinText, kMinText);
        }
        if (p.places[t].focus) focus_ring(c, {x0 - 6, ry, lw + static_cast<double>(k) * pw + 6, ch});
    }
    c.color(c.th.ink_soft);
    c.paragraph(p.caption, cap, Font::Italic, kMinText, kMinText);
}

// The sentence, and under it the same words with a and b exchanged, the two joined by crossing
// arrows: what attention without positions cannot tell apart.
void paint_blind(Canvas& c, const model::Positions& p, const core::Rect& content) {
    const std::size_t n = p.words.size();
    if (n == 0) return;
    c.font(Font::Bold, kMinText);
    std::vector<double> w;
    double total = 0;
    const double gap = 10;
    for (std::size_t i = 0; i < n; ++i) {
        w.push_back(std::max(c.measure(p.words[i]), c.measure(p.swapped[i])) + 26);
        total += w.back() + (i ? gap : 0);
    }
    c.font(Font::Regular, kMinText);
    const std::string top = "the sentence", bottom = "two words exchanged";
    const double lw = std::max(c.measure(top), c.measure(bottom)) + 20;
    const double chip_h = 40, cross = 44;
    core::Rect pic;
    const core::Rect cap = caption_box(c, p.caption, content, lw + total, &pic);
    const double block_h = 2 * chip_h + cross;
    const double x0 = pic.x + std::max(0.0, (pic.w - lw - total) / 2) + lw;
    const double y0 = pic.y + std::max(0.0, (pic.h - block_h) / 2);
    c.color(c.th.ink_soft);
    c.text_in(top, {x0 - lw, y0, lw - 12, chip_h}, Font::Regular, kMinText, kMinText);
    c.text_in(bottom, {x0 - lw, y0 + chip_h + cross, lw - 12, chip_h}, Font::Regular, kMinText, kMinText);
    std::vector<double> mid;
    for (int line = 0; line < 2; ++line) {
        const std::vector<std::string>& words = line ? p.swapped : p.words;
        double x = x0;
        const double y = y0 + line * (chip_h + cross);
        for (std::size_t i = 0; i < n; ++i) {
            const bool ex = static_cast<int>(i) == p.a || static_cast<int>(i) == p.b;
            const core::Rect chip{x, y, w[i], chip_h};
            const core::Color edge = ex ? c.th.accent : c.th.card_edge;
            c.panel(chip, 10, c.th.card, &edge, ex ? 2.5 : 1.5, &c.th.card);
            c.color(ex ? c.th.accent : c.th.ink);
            c.text_in(words[i], chip.inset(4), Font::Bold, kMinText, kMinText, Align::Center);
            if (line == 0) mid.push_back(x + w[i] / 2);
            x += w[i] + gap;
        }
    }
    if (p.a >= 0 && p.b > p.a && static_cast<std::size_t>(p.b) < n) {
        const double ya = y0 + chip_h + 4, yb = y0 + chip_h + cross - 4;
        const double xa = mid[static_cast<std::size_t>(p.a)], xb = mid[static_cast<std::size_t>(p.b)];
        c.arrow({xa, ya}, {xb, yb}, 2.5, 10, c.th.accent);
        c.arrow({xb, ya}, {xa, yb}, 2.5, 10, c.th.accent);
    }
    c.color(c.th.ink_soft);
    c.paragraph(p.caption, cap, Font::Italic, kMinText, kMinText);
}

void paint(Canvas& c, const model::Positions& p, const core::Rect& r) {
    const core::Rect content = c.card(r, p.heading, p.aside);
    switch (p.kind) {
        case model::Positions::Kind::Added:
            paint_added(c, p, content);
            break;
        case model::Positions::Kind::Turned:
            paint_turned(c, p, content);
            break;
        case model::Positions::Kind::Blind:
            paint_blind(c, p, content);
            break;
    }
}

}  // namespace

// A row under the tokens, as tall as the heat map of a short sentence needs with its numbers
// (taller where the left column is narrow, 4:3, and the caption goes under the picture); it
// takes the free height when no big panel shows.
extern const PanelDef<model::Positions> kPositionsPanel{{Slot::Where::Row, 15, 340, true, std::nullopt, 0, 420}, paint, nullptr};

}  // namespace draw
