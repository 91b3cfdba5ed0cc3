// draw/value_plane: the values as dots, their convex hull shaded, and the blend: each value
// arrow scaled by its weight, laid tip to tail from the origin into the rose diamond (the new
// vector), then the dashed arrow from the word's own value to it.
#include <algorithm>
#include <cmath>

#include "draw/paint.hpp"

namespace draw {

namespace {

double cross(core::Point o, core::Point a, core::Point b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); }

// Andrew's monotone chain.
std::vector<core::Point> hull(std::vector<core::Point> pts) {
    std::sort(pts.begin(), pts.end(), [](auto a, auto b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
    if (pts.size() < 3) return pts;
    std::vector<core::Point> h(2 * pts.size());
    std::size_t k = 0;
    for (std::size_t i = 0; i < pts.size(); ++i) {
        while (k >= 2 && cross(h[k - 2], h[k - 1], pts[i]) <= 0) --k;
        h[k++] = pts[i];
    }
    for (std::size_t i = pts.size() - 1, t = k + 1; i > 0; --i) {
        while (k >= t && cross(h[k - 2], h[k - 1], pts[i - 1]) <= 0) --k;
        h[k++] = pts[i - 1];
    }
    h.resize(k - 1);
    return h;
}

}  // namespace

void paint_value_plane(Canvas& c, const Model& m, const core::Rect& r) {
    core::Rect content = c.card(r, "Values, and the new vector");
    Plane pl = value_plane_frame(m, content);
    paint_plane_grid(c, pl);
    Saved clip(c.cr);
    c.clip_rect(content);
    const auto& V = m.sc->v;
    std::vector<core::Point> pts;
    for (const auto& v : V) pts.push_back(pl.to(vec2(v)));
    // The hull: where a blend with non-negative weights summing to 1 can land.
    auto h = hull(pts);
    if (h.size() >= 3) {
        cairo_move_to(c.cr, h[0].x, h[0].y);
        for (std::size_t i = 1; i < h.size(); ++i) cairo_line_to(c.cr, h[i].x, h[i].y);
        cairo_close_path(c.cr);
        c.color(c.th.value, 0.12);
        cairo_fill_preserve(c.cr);
        c.color(c.th.value, 0.45);
        cairo_set_line_width(c.cr, 1.5);
        cairo_stroke(c.cr);
    }
    const double px = smooth(beat(m.p(Stage::Softmax), 0.5, 1.0));
    const double pb = m.p(Stage::Blend);
    const core::Point own = pl.to(vec2(V[static_cast<std::size_t>(m.focus)]));
    const core::Point out = pl.to(vec2(m.out));
    // The chain of weighted value arrows, one slot each in the first 70% of the step.
    if (pb > 0) {
        core::Point at{0, 0};
        const double chain_end = 0.7;
        for (int j = 0; j < m.n; ++j) {
            const std::size_t J = static_cast<std::size_t>(j);
            double g = smooth(beat(pb, chain_end * j / m.n, chain_end * (j + 1) / m.n));
            if (g <= 0) break;
            core::Point step = vec2(V[J]);
            double w = m.weight[J];
            core::Point next{at.x + w * step.x * g, at.y + w * step.y * g};
            double alpha = pb >= 1 ? 0.55 : 0.95;
            if (w > 1e-3) c.arrow(pl.to(at), pl.to(next), 3.5, 15, c.th.value, alpha);
            at = next;
        }
    }
    // The value dots, growing with their weight once the weights exist; labels afterwards.
    Labels labels;
    for (int j = 0; j < m.n; ++j) labels.dot(pts[static_cast<std::size_t>(j)], 14);
    if (pb > 0) labels.dot(out, 18);
    std::vector<double> radii(pts.size());
    for (int j = 0; j < m.n; ++j) {
        const std::size_t J = static_cast<std::size_t>(j);
        double rad = 8 + 10 * std::sqrt(std::max(0.0, m.weight[J])) * px;
        if (j == m.view->hover) {
            c.circle(pts[J], rad + 8);
            c.color(c.th.hover);
            cairo_set_line_width(c.cr, 3);
            cairo_stroke(c.cr);
        }
        if (j == m.focus) {
            c.circle(pts[J], rad + 5);
            c.color(c.th.query);
            cairo_set_line_width(c.cr, 3.5);
            cairo_stroke(c.cr);
        }
        if (m.hide[J] > 0.5) c.dot(pts[J], rad, c.th.card, c.th.ink_faint, 2.5);
        else c.dot(pts[J], rad, c.th.value, c.th.card, 2);
        radii[J] = rad;
        c.mark("value:" + std::to_string(j), pts[J]);
    }
    for (int j = 0; j < m.n; ++j) {
        const std::size_t J = static_cast<std::size_t>(j);
        labels.place(c, m.sc->tokens[J] + (j == m.focus ? " · own value" : ""), pts[J], radii[J] + 2, content, Font::Bold,
                     18, m.hide[J] > 0.5 ? c.th.ink_faint : c.th.ink);
    }
    if (pb > 0) {
        // The diamond arrives as the chain ends; then the dashed arrow from the word's own value.
        double dg = smooth(beat(pb, 0.6, 0.75));
        double ag = smooth(beat(pb, 0.75, 1.0));
        if (ag > 0) {
            core::Point tip{core::lerp(own.x, out.x, ag), core::lerp(own.y, out.y, ag)};
            double len = std::hypot(tip.x - own.x, tip.y - own.y);
            if (len > 1) {
                double dash[] = {9, 6};
                cairo_set_dash(c.cr, dash, 2, 0);
                double ux = (tip.x - own.x) / len, uy = (tip.y - own.y) / len;
                double stop = std::max(0.0, len - 14);
                c.color(c.th.output);
                cairo_set_line_width(c.cr, 3);
                c.line(own, {own.x + ux * stop, own.y + uy * stop});
                cairo_stroke(c.cr);
                cairo_set_dash(c.cr, nullptr, 0, 0);
                c.arrow({own.x + ux * stop * 0.99, own.y + uy * stop * 0.99}, tip, 3, 14, c.th.output);
            }
        }
        if (dg > 0) {
            double s = 16 * dg;
            cairo_move_to(c.cr, out.x, out.y - s);
            cairo_line_to(c.cr, out.x + s, out.y);
            cairo_line_to(c.cr, out.x, out.y + s);
            cairo_line_to(c.cr, out.x - s, out.y);
            cairo_close_path(c.cr);
            c.color(c.th.output);
            c.mark("diamond", out);
            cairo_fill_preserve(c.cr);
            c.color(c.th.card);
            cairo_set_line_width(c.cr, 2.5);
            cairo_stroke(c.cr);
            if (dg >= 1) labels.place(c, "new vector", out, 18, content, Font::Bold, 18, c.th.output_ink);
        }
    }
}

}  // namespace draw
