// draw/projections: where q, k and v come from when a scene gives inputs: x·W_Q = q,
// x·W_K = k, x·W_V = v: the asking row x once, each matrix a small grid with its product under it,
// every entry written as the model writes it (to the precision that reproduces the products) and
// coloured on the panel's one diverging scale, with its legend; the asking row lit. Each grid's
// cells are as wide as its widest number, so the numbers stay whole: x goes left of the matrices
// where the panel is wide enough, above them where it is not (4:3, where the cells' margins
// narrow to what a number needs, so that every number is written at kMinText).
#include <algorithm>

#include "draw/paint.hpp"

namespace draw {

namespace {

// A matrix of numbered cells (cw × ch each), coloured by tone; a lit one is outlined in gold.
void cells(Canvas& c, const model::Projections::Grid& g, core::Point at, double cw, double ch, bool numbers) {
    const std::size_t rows = g.tone.size(), cols = rows ? g.tone[0].size() : 0;
    for (std::size_t i = 0; i < rows; ++i)
        for (std::size_t j = 0; j < cols; ++j) {
            const core::Rect cr{at.x + static_cast<double>(j) * cw, at.y + static_cast<double>(i) * ch, cw, ch};
            const core::Color fill = c.th.shade(model::Scale::Diverging, g.tone[i][j]);
            c.rounded(cr.inset(1.5), 4);
            c.color(fill);
            cairo_fill(c.cr);
            if (!numbers) continue;
            c.color(c.th.ink_on(fill));
            c.text_in(g.text[i][j], cr.inset(2), Font::Regular, kMinText, kMinText, Align::Center);
        }
    if (g.lit && rows) {
        c.rounded({at.x - 3, at.y - 3, static_cast<double>(cols) * cw + 6, static_cast<double>(rows) * ch + 6}, 6);
        c.color(c.th.query);
        cairo_set_line_width(c.cr, 3.5);
        cairo_stroke(c.cr);
    }
}

std::size_t columns(const model::Projections::Grid& g) { return g.tone.empty() ? 0 : g.tone[0].size(); }

// The widest number of some grids at kMinText, with the cell's margins (`pad`: 10, or 6 where
// the panel is narrow; a number needs 4, the text's inset).
double widest(Canvas& c, std::initializer_list<const model::Projections::Grid*> grids, double pad) {
    c.font(Font::Regular, kMinText);
    double w = 0;
    for (const auto* g : grids)
        for (const auto& row : g->text)
            for (const std::string& t : row) w = std::max(w, c.measure(t));
    return w + pad;
}

// The asking token's row x, drawn once, times each matrix; under each matrix "=" and its product,
// so that each entry of q, k and v sits under the column of W that makes it:
//
//               W_Q      W_K      W_V                     x · chased  ▦▦▦
//   x · chased  ▦▦       ▦▦       ▦▦          or, narrow:   W_Q      W_K      W_V
//   ▦▦▦    ·    ▦▦       ▦▦       ▦▦                        ▦▦       ▦▦       ▦▦
//               ▦▦       ▦▦       ▦▦                        …
//               =        =        =                         =        =        =
//               q        k        v                         q        k        v
//               ▦▦       ▦▦       ▦▦                        ▦▦       ▦▦       ▦▦
void paint(Canvas& c, const model::Projections& p, const core::Rect& r) {
    core::Rect content = c.card(r, p.heading, p.aside);
    if (p.equations.empty()) {
        if (!p.note.empty()) {
            c.color(c.th.ink_faint);
            c.paragraph(p.note, content, Font::Italic, 20, 12);
        }
        return;
    }
    const model::Projections::Equation& first = p.equations[0];
    const std::size_t mm = first.x.tone.size() == 1 ? columns(first.x) : 0;
    const double n = static_cast<double>(p.equations.size());
    const double sym = 24, name_h = 26, gap = 10, legend_h = 32, floor_w = 30;
    // The caption's line, or two where one does not hold it (a narrow panel, 4:3).
    c.font(Font::Italic, kMinText);
    const double caption = c.measure(p.caption) <= content.w ? 28 : 50;
    // Cell widths from the numbers: x's own, and per equation its matrix's and product's; with
    // the narrow margins where the wide ones leave a number out (a third of the row at 4:3).
    double cx = 0, x_w = 0;
    std::vector<double> ce;
    auto columns_w = [&](double k) {
        double w = 0;
        for (std::size_t e = 0; e < p.equations.size(); ++e)
            w += static_cast<double>(columns(p.equations[e].w)) * ce[e] * k;
        return w + (n - 1) * gap;
    };
    bool beside = false, above = false;
    for (double pad : {10.0, 6.0}) {
        cx = std::max(floor_w, widest(c, {&first.x}, pad));
        ce.clear();
        for (const auto& e : p.equations) ce.push_back(std::max(floor_w, widest(c, {&e.w, &e.out}, pad)));
        x_w = static_cast<double>(mm) * cx;
        beside = x_w + sym + columns_w(1) <= content.w;                     // x left of the matrices
        above = !beside && columns_w(1) <= content.w && x_w <= content.w;  // x over them
        if (beside || above) break;
    }
    // Rows of cells: x beside: the matrix, then the product (x level with the middle); x above:
    // x, the matrix, the product.
    const double avail = content.h - caption - legend_h;
    const double names = beside ? 2 * name_h + sym : 3 * name_h + sym + 8;
    const double rows = static_cast<double>(mm) + (beside ? 1 : 2);
    const double ch = std::clamp((avail - names) / rows, 8.0, 72.0);
    // Numbers where every one fits at kMinText; else colours alone, squeezed into the panel.
    const bool numbers = (beside || above) && ch * 0.82 - 4 >= kMinText;
    double k = 1;  // widen the cells towards square where there is room, squeeze where there is none
    {
        const double need = beside ? x_w + sym + columns_w(1) : std::max(x_w, columns_w(1));
        const double narrowest = std::min(cx, *std::min_element(ce.begin(), ce.end()));
        k = std::min(content.w / need, std::max(1.0, ch / narrowest));
        if (numbers) k = std::max(k, 1.0);
    }
    const double cxk = cx * k;
    std::vector<double> cek;
    for (double w : ce) cek.push_back(w * k);
    const double mats_w = columns_w(k);
    const double total_w = beside ? static_cast<double>(mm) * cxk + sym + mats_w : std::max(static_cast<double>(mm) * cxk, mats_w);
    const double total_h = names + rows * ch;
    const double x0 = content.x + std::max(0.0, (content.w - total_w) / 2);
    const double y0 = content.y + std::max(0.0, (avail - total_h) / 2);
    double top = y0;  // where the matrices' names go
    if (beside) {
        const double w_mid = y0 + name_h + static_cast<double>(mm) * ch / 2;
        c.color(c.th.ink_soft);
        c.text_in(first.x_name, {x0 - 10, w_mid - ch / 2 - name_h - 4, static_cast<double>(mm) * cxk + sym + 10, name_h},
                  Font::Bold, 18, kMinText, Align::Left);
        cells(c, first.x, {x0, w_mid - ch / 2}, cxk, ch, numbers);
        c.color(c.th.ink);
        c.text_in("·", {x0 + static_cast<double>(mm) * cxk, w_mid - 16, sym, 32}, Font::Bold, 26, kMinText, Align::Center);
    } else {
        // x over the matrices, under its name ("x · chased ·": it multiplies each of them).
        const double xw = static_cast<double>(mm) * cxk;
        const double xx = x0 + (total_w - xw) / 2;
        c.color(c.th.ink_soft);
        c.text_in(first.x_name + " ·", {content.x, y0, content.w, name_h - 2}, Font::Bold, 18, kMinText, Align::Center);
        cells(c, first.x, {xx, y0 + name_h}, cxk, ch, numbers);
        top = y0 + name_h + ch + 8;
    }
    using Ink = model::Projections::Equation::Ink;
    double x = beside ? x0 + static_cast<double>(mm) * cxk + sym : x0 + (total_w - mats_w) / 2;
    for (std::size_t e = 0; e < p.equations.size(); ++e) {
        const model::Projections::Equation& eq = p.equations[e];
        const double col_w = static_cast<double>(columns(eq.w)) * cek[e];
        // Names may be wider than the cells: centred over the column, into the gaps.
        const core::Rect name_box{x - gap / 2, top, col_w + gap, name_h - 2};
        c.color(c.th.ink_soft);
        c.text_in(eq.w_name, name_box, Font::Bold, 18, kMinText, Align::Center);
        const double w_top = top + name_h;
        cells(c, eq.w, {x, w_top}, cek[e], ch, numbers);
        double y = w_top + static_cast<double>(mm) * ch;
        c.color(c.th.ink);
        c.text_in("=", {x, y, col_w, sym}, Font::Bold, 24, kMinText, Align::Center);
        y += sym;
        c.color(eq.ink == Ink::Query ? c.th.query_ink : (eq.ink == Ink::Key ? c.th.key : c.th.value));
        // "q · chased", or just "q" where the column is too narrow (the card's aside names the token).
        const core::Rect nb{x - gap / 2, y, col_w + gap, name_h - 2};
        Canvas::Fit name = c.fit(eq.out_name, nb, Font::Bold, 18, kMinText);
        if (name.cut && eq.out_name.find(" · ") != std::string::npos)
            name = c.fit(eq.out_name.substr(0, eq.out_name.find(" · ")), nb, Font::Bold, 18, kMinText);
        c.place(name, nb, Align::Center);
        cells(c, eq.out, {x, y + name_h}, cek[e], ch, numbers);
        x += col_w + gap;
    }
    paint_legend_and_caption(c, p.legend, p.caption, content, legend_h, caption);
}

}  // namespace

extern const PanelDef<model::Projections> kProjectionsPanel{{Slot::Where::Big, 24, 1.7}, paint, nullptr};

}  // namespace draw
