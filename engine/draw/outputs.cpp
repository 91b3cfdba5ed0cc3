// draw/outputs: every new vector at once — the values V and the product A·V side by side, a row
// per token, coloured on the values' diverging scale with its legend under them, their numbers
// as the model writes them, the asking token's row lit in both, the product's rows arriving
// together. Where the numbers do not fit their cells at kMinText (14 rows at 4:3), the cells show
// colours alone and the asking token's two rows are written out whole under the legend, so the
// numbers of the row the page talks about are always on it.
//
//               V                  A·V
//   The      ▦ ▦ ▦ ▦     →     ▦ ▦ ▦ ▦
//   ran     [▦ ▦ ▦ ▦]    →    [▦ ▦ ▦ ▦]
//   (too small for numbers:)   ran · V    0.0   1.0   0.0   0.5
//                              ran · A·V  0.78  0.10  0.13  0.25
#include <algorithm>
#include <cmath>

#include "draw/paint.hpp"

namespace draw {

namespace {

struct OutputsGeom {
    core::Rect labels, values, outputs, arrow;
    std::vector<double> values_w, outputs_w;  // each column's width, of V and of A·V
    double cell_h = 0;
    bool numbers = true;  // every number fits its cell; else `focus_rows` holds the asking row's
    core::Rect focus_rows;
};

// The width a number needs at kMinText, from DejaVu Sans' advances (digits 0.636 em, the point
// 0.318, the minus sign 0.838), with the cell's margins: the geometry is the same for painting
// and hit testing, which has no cairo (the painter measures again before writing the numbers).
double number_width(const std::string& t) {
    double w = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (t.compare(i, 3, "−") == 0) {
            w += 0.838;
            i += 2;
        } else {
            w += t[i] == '.' ? 0.318 : 0.636;
        }
    }
    return w * kMinText + 6;
}

// Each column of a grid as wide as its widest number (at least `least`, at most 88).
std::vector<double> column_widths(const model::Grid& g, double least) {
    std::vector<double> w(g.text.empty() ? 0 : g.text[0].size(), least);
    for (const auto& row : g.text)
        for (std::size_t j = 0; j < row.size() && j < w.size(); ++j) w[j] = std::max(w[j], number_width(row[j]));
    for (double& x : w) x = std::min(x, 88.0);
    return w;
}

double total(const std::vector<double>& w) {
    double t = 0;
    for (double x : w) t += x;
    return t;
}

constexpr double kFocusLineH = 24;  // a line of the asking row's numbers, written out

// The grids' places; `focus_lines` is the room kept under the legend for the asking row's
// numbers (0, or two lines when they do not fit the cells).
OutputsGeom outputs_geom(const model::Outputs& o, const core::Rect& panel, double focus_lines) {
    const core::Rect content = card_content(panel);
    OutputsGeom g;
    const double rows = std::max<double>(1, static_cast<double>(o.tokens.size()));
    const double label_w = 84, arrow_w = 48, head_h = 34, caption_h = 64, legend_h = 32;
    g.cell_h = std::min(48.0, (content.h - head_h - caption_h - legend_h - focus_lines) / rows);
    // Each column as wide as its numbers (at least as wide as a cell is tall), all shrunk alike
    // where the panel is narrower than that.
    g.values_w = column_widths(o.values, g.cell_h);
    g.outputs_w = column_widths(o.outputs, g.cell_h);
    const double room = content.w - label_w - arrow_w, need = total(g.values_w) + total(g.outputs_w);
    if (need > room)
        for (auto* w : {&g.values_w, &g.outputs_w})
            for (double& x : *w) x *= room / need;
    const double grid_h = g.cell_h * rows;
    const double x0 = content.x + std::max(0.0, (room - need) / 2);
    const double y0 = content.y + head_h;
    g.labels = {x0, y0, label_w - 8, grid_h};
    g.values = {x0 + label_w, y0, total(g.values_w), grid_h};
    g.arrow = {g.values.right(), y0, arrow_w, grid_h};
    g.outputs = {g.arrow.right(), y0, total(g.outputs_w), grid_h};
    // Numbers in the cells only where a cell is tall enough and no column had to shrink below
    // its widest number (the widths are DejaVu's advances, so this needs no cairo: hit testing
    // gets the same geometry).
    g.numbers = g.cell_h * 0.82 - 4 >= kMinText && need <= room;
    g.focus_rows = {content.x, g.values.bottom() + legend_h, content.w, focus_lines};
    return g;
}

OutputsGeom outputs_geom(const model::Outputs& o, const core::Rect& panel) {
    const OutputsGeom g = outputs_geom(o, panel, 0);
    return g.numbers ? g : outputs_geom(o, panel, 2 * kFocusLineH);
}

// Whether every number of both grids, as the model writes it, fits its cell at kMinText (else the
// cells show colours alone: a number the back row cannot read is not shown in a cell).
bool numbers_fit(Canvas& c, const model::Outputs& o, const OutputsGeom& g) {
    if (!g.numbers) return false;
    c.font(Font::Regular, kMinText);
    for (const auto& [grid, w] : {std::pair{&o.values, &g.values_w}, std::pair{&o.outputs, &g.outputs_w}})
        for (const auto& row : grid->text)
            for (std::size_t j = 0; j < row.size(); ++j)
                if (c.measure(row[j]) > (*w)[j] - 5) return false;  // the text's box is the cell inset by 2
    return true;
}

// The asking token's row of V and of A·V written out under the legend, a number to a column:
//   ran · V     0.0   1.0   0.0   0.5
//   ran · A·V   0.78  0.10  0.13  0.25
void focus_rows(Canvas& c, const model::Outputs& o, const core::Rect& at) {
    if (o.focus < 0 || static_cast<std::size_t>(o.focus) >= o.values.text.size() ||
        static_cast<std::size_t>(o.focus) >= o.outputs.text.size())
        return;
    const std::size_t f = static_cast<std::size_t>(o.focus);
    const std::string who = static_cast<std::size_t>(o.focus) < o.tokens.size() ? o.tokens[f] + " · " : "";
    c.font(Font::Bold, kMinText);
    const double name_w = std::max(c.measure(who + o.values_name), c.measure(who + o.outputs_name)) + 10;
    const struct {
        const std::string& name;
        const std::vector<std::string>& numbers;
        core::Color ink;
        double alpha;
    } lines[] = {{o.values_name, o.values.text[f], c.th.value, 1.0}, {o.outputs_name, o.outputs.text[f], c.th.output_ink, o.reveal}};
    for (int l = 0; l < 2; ++l) {
        const core::Rect line{at.x, at.y + l * kFocusLineH, at.w, kFocusLineH};
        c.color(lines[l].ink, lines[l].alpha);
        c.text_in(who + lines[l].name, {line.x, line.y, name_w, line.h}, Font::Bold, kMinText, kMinText, Align::Left);
        const double cols = std::max<double>(1, static_cast<double>(lines[l].numbers.size()));
        const double col_w = (line.w - name_w) / cols;
        c.color(c.th.ink, lines[l].alpha);
        for (std::size_t j = 0; j < lines[l].numbers.size(); ++j)
            c.text_in(lines[l].numbers[j], {line.x + name_w + static_cast<double>(j) * col_w, line.y, col_w, line.h},
                      Font::Regular, kMinText, kMinText, Align::Right);
    }
}

void grid(Canvas& c, const model::Grid& m, const core::Rect& at, const std::vector<double>& cell_w, double cell_h,
          bool numbers, double alpha) {
    for (std::size_t i = 0; i < m.tone.size(); ++i) {
        double x = at.x;
        for (std::size_t j = 0; j < m.tone[i].size(); ++j) {
            const core::Rect cell{x, at.y + static_cast<double>(i) * cell_h, cell_w[j], cell_h};
            x += cell_w[j];
            const core::Color fill = c.th.shade(model::Scale::Diverging, m.tone[i][j]);
            c.rounded(cell.inset(1.5), 4);
            c.color(fill, alpha);
            cairo_fill(c.cr);
            if (!numbers || alpha <= 0) continue;
            c.color(c.th.ink_on(fill), alpha);
            c.text_in(m.text[i][j], cell.inset(2), Font::Regular, kMinText, kMinText, Align::Center);
        }
    }
}

void paint(Canvas& c, const model::Outputs& o, const core::Rect& r) {
    const core::Rect content = c.card(r, o.heading, o.aside);
    if (!o.note.empty() || o.values.value.empty()) {
        c.color(c.th.ink_faint);
        c.paragraph(o.note, content, Font::Italic, 20, kMinText);
        return;
    }
    const OutputsGeom g = outputs_geom(o, r);
    const bool numbers = numbers_fit(c, o, g);
    c.color(c.th.value);
    c.text_in(o.values_name, {g.values.x, g.values.y - 34, g.values.w, 30}, Font::Bold, 22, kMinText, Align::Center);
    c.color(c.th.output_ink);
    c.text_in(o.outputs_name, {g.outputs.x, g.outputs.y - 34, g.outputs.w, 30}, Font::Bold, 22, kMinText, Align::Center);
    for (std::size_t i = 0; i < o.tokens.size(); ++i) {
        const bool fo = static_cast<int>(i) == o.focus, h = static_cast<int>(i) == o.hover;
        const double y = g.labels.y + static_cast<double>(i) * g.cell_h;
        if (h) {
            c.rounded({g.labels.x, y, g.outputs.right() - g.labels.x, g.cell_h}, 6);
            c.color(c.th.hover, 0.10);
            cairo_fill(c.cr);
        }
        c.color(fo ? c.th.query_ink : (h ? c.th.hover : c.th.ink_soft));
        c.text_in(o.tokens[i], {g.labels.x, y, g.labels.w, g.cell_h}, fo ? Font::Bold : Font::Regular, 20, kMinText,
                  Align::Right);
    }
    grid(c, o.values, g.values, g.values_w, g.cell_h, numbers, 1.0);
    grid(c, o.outputs, g.outputs, g.outputs_w, g.cell_h, numbers, o.reveal);
    // "A ·" over the arrow between them: each row of the product blends every row of V.
    c.color(c.th.ink_soft);
    c.text_in("A ·", {g.arrow.x, g.arrow.y + g.arrow.h / 2 - 40, g.arrow.w, 30}, Font::Bold, 22, kMinText, Align::Center);
    c.arrow({g.arrow.x + 12, g.arrow.y + g.arrow.h / 2}, {g.arrow.right() - 12, g.arrow.y + g.arrow.h / 2}, 3, 12,
            c.th.ink_soft);
    // The asking token's row, lit in both.
    const double fy = g.values.y + static_cast<double>(o.focus) * g.cell_h;
    cairo_set_line_width(c.cr, 3.5);
    c.color(c.th.query);
    c.rounded({g.values.x - 3, fy - 3, g.values.w + 6, g.cell_h + 6}, 6);
    cairo_stroke(c.cr);
    c.color(c.th.query, o.reveal);
    c.rounded({g.outputs.x - 3, fy - 3, g.outputs.w + 6, g.cell_h + 6}, 6);
    cairo_stroke(c.cr);
    // What the colours mean: the values' scale, shared by V and A·V.
    paint_legend(c, o.legend, {g.labels.x, g.values.bottom() + 6, g.outputs.right() - g.labels.x, 26}, Align::Center);
    if (!numbers) focus_rows(c, o, g.focus_rows.h > 0 ? g.focus_rows : core::Rect{content.x, g.values.bottom() + 32, content.w, 2 * kFocusLineH});
    c.color(c.th.ink_soft);
    c.paragraph(o.caption, {content.x, content.bottom() - 58, content.w, 58}, Font::Italic, kMinText, kMinText, 1.25);
}

void hit(const model::Outputs& o, const core::Rect& r, core::Point p, Hit& h) {
    if (o.values.value.empty()) return;
    const OutputsGeom g = outputs_geom(o, r);
    if (p.y < g.labels.y || p.y >= g.labels.bottom() || p.x < g.labels.x || p.x > g.outputs.right()) return;
    h.kind = Hit::Kind::Token;
    h.token = std::clamp(static_cast<int>((p.y - g.labels.y) / g.cell_h), 0, static_cast<int>(o.tokens.size()) - 1);
}

}  // namespace

extern const PanelDef<model::Outputs> kOutputsPanel{{Slot::Where::Big, 21, 1.0}, paint, hit};

}  // namespace draw
