// draw/heads: every head at once, as BertViz's head view draws them — on the left the words in
// two columns (the asking word on the left, every key on the right) with the asking word's edges
// in one colour per head, their opacity and width by weight; on the right one thumbnail of each
// head's weights under its name, the asking row outlined. The head the one-head panels draw is
// framed in its colour; a click on a thumbnail shows that head (the hit test: Hit::Kind::Head).
// Places and paints what the model gives; computes no attention.
//
//    The    ─┐       The        head 1 · who did it    head 2 · which determiner
//    cat     ├──────  cat        ▦▦▦▦▦                 ▦▦▦▦▦
//    chased ─┼──────  chased     ▦▦▦▦▦ ← outlined       ▦▦▦▦▦
//    …       └──────  …          cat 46%               The 80%
#include <algorithm>
#include <cmath>

#include "draw/paint.hpp"

namespace draw {

namespace {

constexpr double kLegendH = 34, kCaptionH = 30, kNameH = 24, kTopH = 26, kGap = 16;

// Where everything goes: the head view's columns, and one tile per head (its number and name,
// its thumbnail, its top key). Side by side where the panel is wide; the head view above the
// tiles where it is not.
struct HeadsLayout {
    core::Rect view;                 // the two columns and the edges
    double row_h = 0;                // one word's row in the columns
    double col_w = 0;                // a column's width
    struct Tile {
        core::Rect tile;             // the whole tile (what a click picks)
        core::Rect number, name;     // "head 1" and its own name, a line each
        core::Rect thumb;            // the thumbnail: n × n cells
        core::Rect top;              // its top key and weight
    };
    std::vector<Tile> tiles;
};

HeadsLayout layout_heads(const model::Heads& m, const core::Rect& content) {
    HeadsLayout L;
    const std::size_t count = m.heads.size();
    const std::size_t n = m.tokens.size();
    if (count == 0 || n == 0) return L;
    const core::Rect area{content.x, content.y, content.w, content.h - kLegendH - kCaptionH};
    const bool side = area.w >= 720;
    core::Rect tiles;
    if (side) {
        const double view_w = std::clamp(area.w * 0.4, 280.0, 460.0);
        L.row_h = std::min(48.0, area.h / static_cast<double>(n));
        const double view_h = L.row_h * static_cast<double>(n);
        L.view = {area.x, area.y + (area.h - view_h) / 2, view_w, view_h};
        tiles = {area.x + view_w + 2 * kGap, area.y, area.w - view_w - 2 * kGap, area.h};
    } else {
        L.row_h = std::min(36.0, area.h * 0.45 / static_cast<double>(n));
        const double view_h = L.row_h * static_cast<double>(n);
        L.view = {area.x, area.y, area.w, view_h};
        tiles = {area.x, area.y + view_h + kGap, area.w, area.h - view_h - kGap};
    }
    L.col_w = std::min(150.0, L.view.w * 0.3);
    // The tiles: as many side by side as fit with thumbnails at least 150 wide, in rows.
    const std::size_t cols = std::max<std::size_t>(1, std::min<std::size_t>(count, static_cast<std::size_t>(tiles.w / 170)));
    const std::size_t rows = (count + cols - 1) / cols;
    const double tw = (tiles.w - kGap * static_cast<double>(cols - 1)) / static_cast<double>(cols);
    const double th = (tiles.h - kGap * static_cast<double>(rows - 1)) / static_cast<double>(rows);
    const double side_max = std::max(0.0, std::min(tw - 16, th - 2 * kNameH - kTopH - 20));
    const double used = 2 * kNameH + side_max + kTopH + 20;
    const double top0 = tiles.y + std::max(0.0, (tiles.h - used * static_cast<double>(rows) - kGap * static_cast<double>(rows - 1)) / 2);
    for (std::size_t h = 0; h < count; ++h) {
        const double x = tiles.x + static_cast<double>(h % cols) * (tw + kGap);
        const double y = top0 + static_cast<double>(h / cols) * (used + kGap);
        HeadsLayout::Tile t;
        t.tile = {x, y, tw, used};
        t.number = {x + 6, y + 6, tw - 12, kNameH};
        t.name = {x + 6, y + 6 + kNameH, tw - 12, kNameH};
        t.thumb = {x + (tw - side_max) / 2, y + 8 + 2 * kNameH + 2, side_max, side_max};
        t.top = {x + 6, t.thumb.bottom() + 2, tw - 12, kTopH};
        L.tiles.push_back(t);
    }
    return L;
}

void paint(Canvas& c, const model::Heads& m, const core::Rect& r) {
    const core::Rect content = c.card(r, m.heading, m.aside);
    if (m.heads.empty()) {
        c.color(c.th.ink_faint);
        c.paragraph(m.note, content, Font::Italic, 20, kMinText);
        return;
    }
    const HeadsLayout L = layout_heads(m, content);
    const std::size_t n = m.tokens.size();
    const std::size_t f = static_cast<std::size_t>(std::clamp(m.focus, 0, static_cast<int>(n) - 1));

    // The head view: the words twice, the asking word's edges between them.
    const double left_x = L.view.x, right_x = L.view.right() - L.col_w;
    const bool labels = L.row_h >= kMinText * 1.1;
    auto row_y = [&](std::size_t j) { return L.view.y + (static_cast<double>(j) + 0.5) * L.row_h; };
    const double count = static_cast<double>(m.heads.size());
    // The head shown last, over the others.
    std::vector<std::size_t> order;
    for (std::size_t h = 0; h < m.heads.size(); ++h)
        if (static_cast<int>(h) != m.shown) order.push_back(h);
    if (m.shown >= 0 && static_cast<std::size_t>(m.shown) < m.heads.size()) order.push_back(static_cast<std::size_t>(m.shown));
    for (std::size_t h : order) {
        const model::Heads::Head& head = m.heads[h];
        const double lift = (static_cast<double>(h) - (count - 1) / 2) * std::min(4.0, L.row_h / (2 * count));
        const core::Color ink = c.th.head(h);
        for (std::size_t j = 0; j < n && j < head.row.size(); ++j) {
            if (head.hidden[j] || head.row[j] <= 0) continue;
            const double w = head.row[j];
            c.line({left_x + L.col_w + 6, row_y(f) + lift}, {right_x - 6, row_y(j) + lift});
            c.color(ink, std::clamp(0.1 + 0.9 * w, 0.1, 1.0) * (static_cast<int>(h) == m.shown ? 1.0 : 0.75));
            cairo_set_line_width(c.cr, 1 + 9 * w);
            cairo_stroke(c.cr);
        }
    }
    if (labels) {
        for (std::size_t j = 0; j < n; ++j) {
            const core::Rect lbox{left_x, row_y(j) - L.row_h / 2, L.col_w, L.row_h};
            const core::Rect rbox{right_x, row_y(j) - L.row_h / 2, L.col_w, L.row_h};
            if (j == f) {
                c.panel(lbox.inset(2), 8, c.th.query);
                c.color(c.th.ink_on(c.th.query));
            } else {
                c.color(c.th.ink_faint);
            }
            c.text_in(m.tokens[j], lbox.inset(4), j == f ? Font::Bold : Font::Regular, 20, kMinText, Align::Right);
            c.color(c.th.ink);
            c.text_in(m.tokens[j], rbox.inset(4), Font::Regular, 20, kMinText, Align::Left);
            c.mark("token:" + std::to_string(j), lbox);
        }
    }

    // The thumbnails.
    for (std::size_t h = 0; h < m.heads.size() && h < L.tiles.size(); ++h) {
        const model::Heads::Head& head = m.heads[h];
        const HeadsLayout::Tile& t = L.tiles[h];
        const bool shown = static_cast<int>(h) == m.shown;
        const core::Color ink = c.th.head(h);
        if (shown) {
            c.rounded(t.tile, 10);
            c.color(ink, 0.10);
            cairo_fill_preserve(c.cr);
            c.color(ink);
            cairo_set_line_width(c.cr, 3);
            cairo_stroke(c.cr);
        } else {
            c.rounded(t.tile, 10);
            c.color(c.th.card_edge);
            cairo_set_line_width(c.cr, 1.5);
            cairo_stroke(c.cr);
        }
        c.color(ink);
        c.text_in(head.name, t.number, shown ? Font::Bold : Font::Regular, 20, kMinText, Align::Center);
        if (!head.title.empty()) c.text_in(head.title, t.name, shown ? Font::Bold : Font::Regular, 20, kMinText, Align::Center);
        const double cell = t.thumb.w / static_cast<double>(n);
        for (std::size_t i = 0; i < n && i < head.weights.size(); ++i)
            for (std::size_t j = 0; j < n && j < head.weights[i].size(); ++j) {
                const core::Rect cr{t.thumb.x + static_cast<double>(j) * cell, t.thumb.y + static_cast<double>(i) * cell,
                                    cell, cell};
                // A weight of exactly 0 (the mask's) is hidden; any other on the weights' scale.
                c.color(head.weights[i][j] == 0 ? c.th.hidden : c.th.shade(model::Scale::Sequential, head.weights[i][j]));
                cairo_rectangle(c.cr, cr.x, cr.y, cr.w + 0.5, cr.h + 0.5);
                cairo_fill(c.cr);
            }
        // The asking row, outlined in the question's gold.
        const core::Rect row{t.thumb.x, t.thumb.y + static_cast<double>(f) * cell, t.thumb.w, cell};
        c.rounded(row.inset(-1.5), 3);
        c.color(c.th.query);
        cairo_set_line_width(c.cr, 3);
        cairo_stroke(c.cr);
        c.color(c.th.ink_soft);
        c.text_in(head.top, t.top, Font::Regular, 20, kMinText, Align::Center);
        c.mark("head:" + std::to_string(h), t.tile);
    }
    paint_legend_and_caption(c, m.legend, m.caption, content, kLegendH, kCaptionH);
}

void hit(const model::Heads& m, const core::Rect& r, core::Point p, Hit& h) {
    const HeadsLayout L = layout_heads(m, card_content(r));
    for (std::size_t i = 0; i < L.tiles.size(); ++i)
        if (L.tiles[i].tile.contains(p)) {
            h.kind = Hit::Kind::Head;
            h.token = static_cast<int>(i);
        }
}

}  // namespace

extern const PanelDef<model::Heads> kHeadsPanel{{Slot::Where::Big, 19, 1.6}, paint, hit};

}  // namespace draw
