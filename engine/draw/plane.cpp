// draw/plane: the planes' mapping from plane coordinates to design space, their grid and tick
// labels, dots clamped inside the area, and labels placed beside dots where they cover least.
#include <algorithm>
#include <cmath>

#include "draw/paint.hpp"

namespace draw {

double grid_step(double span) {
    if (!(span > 0) || !std::isfinite(span)) return 1;
    double raw = span / 6;
    double p = std::pow(10.0, std::floor(std::log10(raw)));
    for (double k : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (k * p >= raw) return k * p;
    return 10 * p;
}

std::string grid_label(double value) {
    // The fewest decimals that write the gridline's value exactly: 2.5 is "2.5", never "2".
    return num(value, model::decimals_for({{value}}, 9));
}

Plane fit_plane(const model::Extent& e, const core::Rect& area) {
    double x0 = e.x0, x1 = e.x1, y0 = e.y0, y1 = e.y1;
    // Pad, round out to the grid and fit with equal units on both axes, centred.
    double padx = std::max(0.15 * (x1 - x0), 0.25), pady = std::max(0.15 * (y1 - y0), 0.25);
    x0 -= padx, x1 += padx, y0 -= pady, y1 += pady;
    Plane p;
    p.area = area;
    p.s = std::min(area.w / (x1 - x0), area.h / (y1 - y0));
    double cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
    p.x0 = cx - area.w / p.s / 2;
    p.x1 = cx + area.w / p.s / 2;
    p.y0 = cy - area.h / p.s / 2;
    p.y1 = cy + area.h / p.s / 2;
    p.ox = area.x;
    p.oy = area.y;
    return p;
}

core::Point plane_dot(const Plane& p, core::Point plane_pt, bool* clamped) {
    core::Point d = p.to(plane_pt);
    const double m = 12;
    core::Point c{std::clamp(d.x, p.area.x + m, p.area.right() - m), std::clamp(d.y, p.area.y + m, p.area.bottom() - m)};
    if (clamped) *clamped = c.x != d.x || c.y != d.y;
    return c;
}

bool clip_segment(core::Point a, core::Point b, const core::Rect& r, double& t0, double& t1) {
    t0 = 0, t1 = 1;
    const double d[2] = {b.x - a.x, b.y - a.y}, lo[2] = {r.x, r.y}, hi[2] = {r.right(), r.bottom()}, st[2] = {a.x, a.y};
    if (!std::isfinite(d[0]) || !std::isfinite(d[1])) return false;
    for (int k = 0; k < 2; ++k) {
        if (std::fabs(d[k]) < 1e-12) {
            if (st[k] < lo[k] || st[k] > hi[k]) return false;
            continue;
        }
        double u0 = (lo[k] - st[k]) / d[k], u1 = (hi[k] - st[k]) / d[k];
        if (u0 > u1) std::swap(u0, u1);
        t0 = std::max(t0, u0), t1 = std::min(t1, u1);
    }
    return t1 > t0;
}

int nearest_dot(const Plane& pl, const std::vector<core::Point>& plane_pts, core::Point p) {
    double best = 22;
    int found = -1;
    for (std::size_t j = 0; j < plane_pts.size(); ++j) {
        const core::Point q = plane_dot(pl, plane_pts[j]);
        const double dist = std::hypot(q.x - p.x, q.y - p.y);
        if (dist < best) {
            best = dist;
            found = static_cast<int>(j);
        }
    }
    return found;
}

core::Rect Labels::place(Canvas& c, std::string_view s, core::Point p, double r, const core::Rect& area, Font f,
                         double size, const core::Color& ink, double alpha, bool only_if_free) {
    c.font(f, size);
    const double full = c.measure(s);
    const double w = std::min(full, area.w - 8), h = size * 1.2, g = r + 5;
    if (only_if_free && full > w) return {};
    // Eight places round the dot, then the same eight a label's height further out (and further,
    // `rings`): a label goes further only when every near place covers something.
    std::vector<std::pair<core::Point, double>> cand;
    for (int ring = 1; ring <= rings; ++ring) {
        const double k = ring;
        const double d = g + (k - 1) * (h + 4);
        const double penalty = k <= 2 ? (k - 1) * 40 : 400 * (k - 2);  // the third ring only to keep clear
        for (core::Point q : {core::Point{p.x + d, p.y - h / 2}, {p.x - d - w, p.y - h / 2}, {p.x - w / 2, p.y - d - h},
                              {p.x - w / 2, p.y + d}, {p.x + d * 0.7, p.y - d * 0.7 - h}, {p.x + d * 0.7, p.y + d * 0.7},
                              {p.x - d * 0.7 - w, p.y - d * 0.7 - h}, {p.x - d * 0.7 - w, p.y + d * 0.7}})
            cand.push_back({q, penalty});
    }
    core::Rect best{};
    double best_cost = 1e300, best_cover = 0;
    for (const auto& [q, penalty] : cand) {
        core::Rect b{std::clamp(q.x, area.x + 4, area.right() - w - 4), std::clamp(q.y, area.y + 2, area.bottom() - h - 2), w, h};
        double cost = 0;
        for (const auto& t : taken) {
            double ox = std::max(0.0, std::min(b.right(), t.right()) - std::max(b.x, t.x));
            double oy = std::max(0.0, std::min(b.bottom(), t.bottom()) - std::max(b.y, t.y));
            cost += 10 * ox * oy;
        }
        const double cover = cost;
        cost += penalty;
        cost += 0.05 * std::hypot(b.x - q.x, b.y - q.y) * h;  // moved by clamping: a little worse
        if (cost < best_cost - 1e-9) {
            best_cost = cost;
            best_cover = cover;
            best = b;
        }
    }
    if (only_if_free && best_cover > 0) return {};
    // The halo that keeps the label readable over lines: a snapped box (one composite, no
    // rasterised path); it is nearly the card's colour, so its corners do not show.
    c.color(c.th.card, 0.82 * alpha);
    const core::Rect halo = c.snap(best.inset(-2));
    cairo_rectangle(c.cr, halo.x, halo.y, halo.w, halo.h);
    cairo_fill(c.cr);
    c.color(ink, alpha);
    c.text_in(s, best, f, size, size * 0.6);
    taken.push_back(best);
    return best;
}

void paint_plane_grid(Canvas& c, const Plane& p, Labels* labels) {
    Saved saved(c.cr);
    c.clip_rect(p.area);
    const double step = grid_step(std::max(p.x1 - p.x0, p.y1 - p.y0));
    // The gridlines are whole multiples of the step, counted (not stepped: no drift).
    const double kx0 = std::ceil(p.x0 / step), kx1 = std::floor(p.x1 / step);
    const double ky0 = std::ceil(p.y0 / step), ky1 = std::floor(p.y1 / step);
    // Grid and axes as snapped boxes: crisp, and one memory fill per line instead of a
    // rasterised path.
    const core::Point a = p.to({p.x0, p.y1}), b = p.to({p.x1, p.y0});
    c.color(c.th.grid);
    for (double k = kx0; k <= kx1; ++k) c.vline(p.to({k * step, 0}).x, a.y, b.y, 1.2);
    for (double k = ky0; k <= ky1; ++k) c.hline(a.x, b.x, p.to({0, k * step}).y, 1.2);
    cairo_fill(c.cr);
    c.color(c.th.axis);
    c.hline(a.x, b.x, p.to({0, 0}).y, 1.6);
    c.vline(p.to({0, 0}).x, a.y, b.y, 1.6);
    cairo_fill(c.cr);
    // Tick labels along the bottom and left edges, inside the area.
    // (At the frame's smallest size; the labels beside dots keep clear of them.)
    c.font(Font::Regular, kMinText);
    c.color(c.th.ink_faint);
    double last_right = -1e300;
    for (double k = kx0; k <= kx1; ++k) {
        const double x = k * step;
        core::Point q = p.to({x, p.y0});
        if (k == 0 || q.x < p.area.x + 40 || q.x > p.area.right() - 24) continue;
        const std::string t = grid_label(x);
        if (q.x - c.measure(t) / 2 < last_right + 8) continue;  // every other one where they would touch
        const core::Rect box = c.text(t, q.x, p.area.bottom() - 5, Align::Center);
        last_right = box.right();
        if (labels) labels->taken.push_back(box);
    }
    double last_top = 1e300;
    for (double k = ky0; k <= ky1; ++k) {
        const double y = k * step;
        core::Point q = p.to({p.x0, y});
        if (k == 0 || q.y < p.area.y + 20 || q.y > p.area.bottom() - 40) continue;
        if (q.y + 7 > last_top - 6) continue;
        const core::Rect box = c.text(grid_label(y), p.area.x + 4, q.y + 7);
        last_top = box.y;
        if (labels) labels->taken.push_back(box);
    }
}

}  // namespace draw
