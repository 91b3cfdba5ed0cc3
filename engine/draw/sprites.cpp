// draw/sprites: the per-thread raster caches that make cards, dots and hatching cheap on image
// targets — a hatch tile, card corner tiles and dot sprites — keyed by everything that affects
// their pixels, so that a hit draws exactly what drawing would (tests/draw_test checks a frame
// drawn cold and after a thousand others is byte-identical). Vector targets draw the paths.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

#include "draw/canvas.hpp"

namespace draw {

namespace {

// The hatching as one device-pixel tile (period ≈ 9 design units, 45° lines), rendered once per
// thread and keyed by everything that affects it; filled as a repeating pattern anchored to the
// device grid, so that neighbouring cells line up.
struct HatchKey {
    int period = 0;
    double width = 0;
    std::array<double, 8> colors{};
    bool operator==(const HatchKey&) const = default;
};
struct HatchTile {
    HatchKey key;
    PatternPtr pattern;
};

cairo_pattern_t* hatch_pattern(const HatchKey& k) {
    thread_local std::vector<HatchTile> tiles;
    for (const auto& t : tiles)
        if (t.key == k) return t.pattern.get();
    if (tiles.size() >= 16) tiles.clear();
    const int P = k.period;
    SurfacePtr s(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, P, P));
    {
        ContextPtr c(cairo_create(s.get()));
        cairo_set_source_rgba(c.get(), k.colors[0], k.colors[1], k.colors[2], k.colors[3]);
        cairo_paint(c.get());
        cairo_set_source_rgba(c.get(), k.colors[4], k.colors[5], k.colors[6], k.colors[7]);
        cairo_set_line_width(c.get(), k.width);
        for (int i = -2; i <= 2; ++i) {  // x − (P − y) = iP, rising to the right, past the edges
            const double c0 = i * P;
            cairo_move_to(c.get(), c0 - P, 2.0 * P);
            cairo_line_to(c.get(), c0 + 2.0 * P, -1.0 * P);
        }
        cairo_stroke(c.get());
    }
    cairo_surface_flush(s.get());
    PatternPtr pat(cairo_pattern_create_for_surface(s.get()));
    cairo_pattern_set_extend(pat.get(), CAIRO_EXTEND_REPEAT);
    cairo_pattern_set_filter(pat.get(), CAIRO_FILTER_NEAREST);
    tiles.push_back({k, std::move(pat)});
    return tiles.back().pattern.get();
}

}  // namespace

void Canvas::hatch(const core::Rect& r, double radius) const {
    rounded(r, radius);
    color(th.hidden);
    cairo_fill(cr);
    // Kept clear of the rounded corners.
    const core::Rect in = r.inset(std::min(1.5 + radius * 0.3, std::min(r.w, r.h) / 2));
    if (in.w <= 0 || in.h <= 0) return;
    cairo_matrix_t m;
    cairo_get_matrix(cr, &m);
    const double s = m.xx;
    if (cairo_surface_get_type(cairo_get_group_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE && m.xy == 0 && m.yx == 0 &&
        m.xx == m.yy && s > 0 && th.hidden.a >= 1) {
        // Raster: one fill with the tile (the lines are the same at every place and frame).
        HatchKey k;
        k.period = std::max(3, static_cast<int>(std::lround(9 * s)));
        k.width = std::max(1.0, 2.2 * s);
        k.colors = {th.hidden.r, th.hidden.g, th.hidden.b, th.hidden.a,
                    th.hidden_hatch.r, th.hidden_hatch.g, th.hidden_hatch.b, th.hidden_hatch.a};
        cairo_pattern_t* pat = hatch_pattern(k);
        cairo_pattern_set_matrix(pat, &m);  // pattern space = device space
        const core::Rect b = snap(in);
        if (b.w <= 0 || b.h <= 0) return;
        cairo_set_source(cr, pat);
        cairo_rectangle(cr, b.x, b.y, b.w, b.h);
        cairo_fill(cr);
        return;
    }
    // Vector targets: 45° lines clipped to the rectangle by arithmetic (a cairo clip per cell is slow).
    color(th.hidden_hatch);
    cairo_set_line_width(cr, 2.2);  // at least a pixel and a half at 720p, so the lines read
    const double step = 9;
    // Line: x − (bottom − y) = c, i.e. from (c, bottom) rising to the right.
    for (double c = in.x - in.h + std::fmod(in.h, step); c < in.right(); c += step) {
        double x0 = c, y0 = in.bottom();
        if (x0 < in.x) {
            y0 -= in.x - x0;
            x0 = in.x;
        }
        double x1 = c + in.h, y1 = in.y;
        if (x1 > in.right()) {
            y1 += x1 - in.right();
            x1 = in.right();
        }
        if (x1 - x0 < 0.5) continue;
        line({x0, y0}, {x1, y1});
    }
    cairo_stroke(cr);
}

namespace {

// The four corners of a card, rendered once per thread as one (2b × 2b) device-pixel tile: the
// background, the rounded fill and the border arcs, exactly as Canvas::panel draws them on a
// card. Keyed by everything that affects the pixels, so a hit is what drawing would give.
struct CornerKey {
    std::array<double, 12> colors{};  // fill, bg, edge (rgba each; edge alpha 0 = none)
    double scale = 1, rad = 0, w = 0, band = 0;
    bool operator==(const CornerKey&) const = default;
};
struct CornerTile {
    CornerKey key;
    SurfacePtr tile;
};

void draw_corners(cairo_t* cr, const core::Rect& r, double rad, double band, double w, const core::Color& fill,
                  const core::Color& bg, const core::Color* edge);

cairo_surface_t* corner_tile(const CornerKey& k, int b, const core::Color& fill, const core::Color& bg,
                             const core::Color* edge, double rad, double band, double w) {
    thread_local std::vector<CornerTile> tiles;
    for (const auto& t : tiles)
        if (t.key == k) return t.tile.get();
    if (tiles.size() >= 32) tiles.clear();
    SurfacePtr s(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 2 * b, 2 * b));
    ContextPtr c(cairo_create(s.get()));
    cairo_scale(c.get(), k.scale, k.scale);
    const double side = 2 * b / k.scale;
    draw_corners(c.get(), {0, 0, side, side}, rad, band, w, fill, bg, edge);
    cairo_surface_flush(s.get());
    tiles.push_back({k, std::move(s)});
    return tiles.back().tile.get();
}

// The rounded bands of a card (top and bottom `band` rows): background, the rounded shape over
// it and the border arcs at the corners. The straight pieces are boxes drawn by Canvas::panel.
void draw_corners(cairo_t* cr, const core::Rect& r, double rad, double band, double w, const core::Color& fill,
                  const core::Color& bg, const core::Color* edge) {
    cairo_save(cr);
    cairo_set_source_rgba(cr, bg.r, bg.g, bg.b, bg.a);
    cairo_rectangle(cr, r.x, r.y, r.w, band);
    cairo_rectangle(cr, r.x, r.bottom() - band, r.w, band);
    cairo_fill(cr);
    cairo_set_source_rgba(cr, fill.r, fill.g, fill.b, fill.a);
    for (int side = 0; side < 2; ++side) {
        cairo_save(cr);
        cairo_rectangle(cr, r.x, side == 0 ? r.y : r.bottom() - band, r.w, band);
        cairo_clip(cr);
        rounded_path(cr, r, rad);
        cairo_fill(cr);
        cairo_restore(cr);
    }
    if (edge) {
        constexpr double pi = 3.141592653589793;
        cairo_set_source_rgba(cr, edge->r, edge->g, edge->b, edge->a);
        cairo_set_line_width(cr, w);
        const double c = rad - w / 2;
        const core::Point centres[4] = {{r.x + rad, r.y + rad}, {r.right() - rad, r.y + rad},
                                        {r.right() - rad, r.bottom() - rad}, {r.x + rad, r.bottom() - rad}};
        const double from[4] = {pi, 1.5 * pi, 0, 0.5 * pi};
        for (int i = 0; i < 4; ++i) {
            cairo_new_sub_path(cr);
            cairo_arc(cr, centres[i].x, centres[i].y, c, from[i], from[i] + pi / 2);
            cairo_stroke(cr);
        }
    }
    cairo_restore(cr);
}

}  // namespace

void Canvas::panel(const core::Rect& r0, double radius, const core::Color& fill, const core::Color* edge,
                   double edge_w, const core::Color* under) const {
    const core::Color& bg = under ? *under : th.bg;
    const core::Rect r = snap(r0);
    const double s = scale_key();
    const double px = 1 / s;
    const double rad = std::min({radius, r.w / 2, r.h / 2});
    const double band = std::ceil(rad / px) * px;
    const double w = std::max(px, std::round(edge_w / px) * px);
    cairo_matrix_t m;
    cairo_get_matrix(cr, &m);
    const int b = static_cast<int>(std::lround(band * s));
    const long W = std::lround(r.w * s), H = std::lround(r.h * s);
    // Raster targets with an axis-aligned transform: the corners come from a tile (one blit
    // each) instead of a clip, a rounded fill and four arc strokes per card.
    const bool tiled = cairo_surface_get_type(cairo_get_group_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE && m.xy == 0 &&
                       m.yx == 0 && m.xx == m.yy && fill.a >= 1 && bg.a >= 1 && b > 0 && b <= 256 && W >= 2 * b &&
                       H >= 2 * b;
    color(fill);
    // The body: one snapped box between the rounded bands (and, with tiles, the straight middle
    // of the bands).
    cairo_rectangle(cr, r.x, r.y + band, r.w, r.h - 2 * band);
    if (tiled && r.w > 2 * band) {
        cairo_rectangle(cr, r.x + band, r.y, r.w - 2 * band, band);
        cairo_rectangle(cr, r.x + band, r.bottom() - band, r.w - 2 * band, band);
    }
    cairo_fill(cr);
    if (tiled) {
        CornerKey k;
        const core::Color none{0, 0, 0, 0};
        const core::Color& e = edge ? *edge : none;
        k.colors = {fill.r, fill.g, fill.b, fill.a, bg.r, bg.g, bg.b, bg.a, e.r, e.g, e.b, e.a};
        k.scale = s, k.rad = rad, k.w = edge ? w : 0, k.band = band;
        cairo_surface_t* tile = corner_tile(k, b, fill, bg, edge, rad, band, w);
        double X0 = r.x, Y0 = r.y;
        cairo_user_to_device(cr, &X0, &Y0);
        X0 = std::round(X0), Y0 = std::round(Y0);
        const double X1 = X0 + static_cast<double>(W), Y1 = Y0 + static_cast<double>(H);
        cairo_save(cr);
        cairo_identity_matrix(cr);
        const double bb = b;
        const double at[4][4] = {{X0, Y0, X0, Y0},  // corner x, y; tile origin x, y
                                 {X1 - bb, Y0, X1 - 2 * bb, Y0},
                                 {X0, Y1 - bb, X0, Y1 - 2 * bb},
                                 {X1 - bb, Y1 - bb, X1 - 2 * bb, Y1 - 2 * bb}};
        for (const auto& a : at) {
            cairo_set_source_surface(cr, tile, a[2], a[3]);
            cairo_rectangle(cr, a[0], a[1], bb, bb);
            cairo_fill(cr);
        }
        cairo_restore(cr);
    } else {
        draw_corners(cr, r, rad, band, w, fill, bg, edge);
    }
    if (!edge) return;
    color(*edge);
    // Straight edges as snapped boxes, just inside the rectangle (corners: the arcs above).
    cairo_rectangle(cr, r.x + band, r.y, r.w - 2 * band, w);
    cairo_rectangle(cr, r.x + band, r.bottom() - w, r.w - 2 * band, w);
    cairo_rectangle(cr, r.x, r.y + band, w, r.h - 2 * band);
    cairo_rectangle(cr, r.right() - w, r.y + band, w, r.h - 2 * band);
    cairo_fill(cr);
}

namespace {

struct DotKey {
    std::array<double, 8> colors{};
    double r = 0, ring_w = 0, on = 0, off = 0, scale = 1;
    int qx = 0, qy = 0;  // quarter-pixel phase of the centre
    bool operator==(const DotKey&) const = default;
};
struct DotSprite {
    DotKey key;
    SurfacePtr tile;
    int half = 0;  // the centre sits at (half + qx/4, half + qy/4)
};

void dot_path(cairo_t* cr, double x, double y, const DotKey& k) {
    cairo_new_sub_path(cr);
    cairo_arc(cr, x, y, k.r, 0, 2 * 3.141592653589793);
    cairo_set_source_rgba(cr, k.colors[0], k.colors[1], k.colors[2], k.colors[3]);
    cairo_fill_preserve(cr);
    cairo_set_source_rgba(cr, k.colors[4], k.colors[5], k.colors[6], k.colors[7]);
    cairo_set_line_width(cr, k.ring_w);
    if (k.on > 0) {
        const double dash[] = {k.on, k.off};
        cairo_set_dash(cr, dash, 2, 0);
    }
    cairo_stroke(cr);
    if (k.on > 0) cairo_set_dash(cr, nullptr, 0, 0);
}

const DotSprite& dot_sprite(const DotKey& k) {
    thread_local std::vector<DotSprite> sprites;
    for (const auto& d : sprites)
        if (d.key == k) return d;
    if (sprites.size() >= 256) sprites.clear();
    const int half = static_cast<int>(std::ceil((k.r + k.ring_w) * k.scale)) + 2;
    SurfacePtr s(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 2 * half + 1, 2 * half + 1));
    {
        ContextPtr c(cairo_create(s.get()));
        cairo_translate(c.get(), half + k.qx / 4.0, half + k.qy / 4.0);
        cairo_scale(c.get(), k.scale, k.scale);
        dot_path(c.get(), 0, 0, k);
    }
    cairo_surface_flush(s.get());
    sprites.push_back({k, std::move(s), half});
    return sprites.back();
}

}  // namespace

void Canvas::dot(core::Point p, double r, const core::Color& fill, const core::Color& ring, double ring_w, double dash_on,
                 double dash_off) const {
    DotKey k;
    k.colors = {fill.r, fill.g, fill.b, fill.a, ring.r, ring.g, ring.b, ring.a};
    k.r = r, k.ring_w = ring_w, k.on = dash_on, k.off = dash_off;
    cairo_matrix_t m;
    cairo_get_matrix(cr, &m);
    double X = p.x, Y = p.y;
    cairo_user_to_device(cr, &X, &Y);
    if (!(cairo_surface_get_type(cairo_get_group_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE && m.xy == 0 && m.yx == 0 &&
          m.xx == m.yy && m.xx > 0 && r > 0 && (r + ring_w) * m.xx < 200 && std::fabs(X) < 1e6 && std::fabs(Y) < 1e6)) {
        dot_path(cr, p.x, p.y, k);
        return;
    }
    k.scale = m.xx;
    const double fx = std::floor(X * 4 + 0.5), fy = std::floor(Y * 4 + 0.5);  // quarter pixels
    const double ix = std::floor(fx / 4), iy = std::floor(fy / 4);
    k.qx = static_cast<int>(fx - ix * 4), k.qy = static_cast<int>(fy - iy * 4);
    const DotSprite& d = dot_sprite(k);
    const double size = 2 * d.half + 1;
    cairo_save(cr);
    cairo_identity_matrix(cr);
    cairo_set_source_surface(cr, d.tile.get(), ix - d.half, iy - d.half);
    cairo_rectangle(cr, ix - d.half, iy - d.half, size, size);
    cairo_fill(cr);
    cairo_restore(cr);
}

}  // namespace draw
