// draw/model: every number the panels show for one frame, animated by stage. The stage rules:
// a stage before the step's own is fully shown, the step's own stage moves with u (unless the
// step before already showed it), later stages are not shown yet.
#include <algorithm>
#include <cmath>

#include "draw/paint.hpp"

namespace draw {

double smooth(double x) {
    x = std::clamp(x, 0.0, 1.0);
    return x * x * (3 - 2 * x);
}

double beat(double u, double from, double to) { return std::clamp((u - from) / (to - from), 0.0, 1.0); }

core::Point vec2(const core::Vec& v) { return {v.size() > 0 ? v[0] : 0.0, v.size() > 1 ? v[1] : 0.0}; }

double Model::score_heat(double s) const { return std::clamp(0.5 + 0.5 * s / score_scale, 0.0, 1.0); }

Model make_model(const timeline::View& v) {
    Model m;
    m.view = &v;
    m.sc = v.scene;
    m.tr = &v.trace;
    if (!v.scene || v.trace.n == 0 || v.trace.n != v.scene->n()) return m;
    const attention::Trace& tr = v.trace;
    m.ok = true;
    m.n = static_cast<int>(tr.n);
    m.focus = std::clamp(v.controls.focus, 0, m.n - 1);
    m.d = tr.d;
    m.sqrt_d = std::sqrt(static_cast<double>(tr.d));
    m.T = v.controls.temperature;
    for (int s = 0; s < scene::kStageCount; ++s) {
        Stage st = static_cast<Stage>(s);
        if (st < v.stage) m.prog[static_cast<std::size_t>(s)] = 1;
        else if (st > v.stage) m.prog[static_cast<std::size_t>(s)] = 0;
        else m.prog[static_cast<std::size_t>(s)] = v.prev_stage == v.stage ? 1.0 : v.u;
    }
    m.prog[0] = 1;  // the tokens are always there

    const std::size_t n = tr.n, f = static_cast<std::size_t>(m.focus);
    m.raw.resize(n);
    m.scaled.resize(n);
    m.tempered.resize(n);
    m.shown.resize(n);
    m.hide.resize(n);
    m.weight.resize(n);
    m.erel.resize(n);
    m.bar.resize(n);
    const bool open = v.open.n == n && v.mask_u < 1.0;
    const double ps = m.p(Stage::Scores), pc = m.p(Stage::Scale), pt = m.p(Stage::Temperature);
    const double pm = m.p(Stage::Mask), px = m.p(Stage::Softmax);
    double wmax = 0, mag = 0;
    for (std::size_t j = 0; j < n; ++j) {
        m.raw[j] = tr.scores(f, j);
        m.scaled[j] = tr.scaled(f, j);
        if (std::isinf(m.T)) m.tempered[j] = 0;
        else if (m.T <= 0) m.tempered[j] = m.scaled[j];
        else m.tempered[j] = m.scaled[j] / m.T;
        double s = m.raw[j] * smooth(ps);
        s = core::lerp(s, m.scaled[j], pc);
        if (pt > 0) s = core::lerp(m.scaled[j], m.tempered[j], pt);
        m.shown[j] = s;
        m.hide[j] = (j > f && v.mask_u > 0) ? v.mask_u * pm : 0.0;
        double w = tr.weights(f, j);
        if (open) w = core::lerp(v.open.weights(f, j), w, v.mask_u);
        m.weight[j] = w;
        wmax = std::max(wmax, w);
        mag = std::max(mag, std::fabs(m.raw[j]));
    }
    m.score_scale = mag > 1e-9 ? mag : 1.0;
    // Softmax in two beats: bars grow to e^s (relative to the largest), then rescale to shares.
    const double b1 = smooth(beat(px, 0.0, 0.5)), b2 = smooth(beat(px, 0.5, 1.0));
    double best = -1;
    m.raw_sum = 0;
    for (std::size_t j = 0; j < n; ++j) {
        m.erel[j] = wmax > 0 ? m.weight[j] / wmax : 0;  // w_j / w_max = e^(s_j − s_max)
        m.bar[j] = core::lerp(core::lerp(0.0, m.erel[j], b1), m.weight[j], b2);
        if (m.weight[j] > best) {
            best = m.weight[j];
            m.best = static_cast<int>(j);
        }
        if (m.hide[j] < 1) m.raw_sum += m.raw[j];
    }
    m.out.assign(tr.dv, 0.0);
    for (std::size_t j = 0; j < n; ++j)
        for (std::size_t c = 0; c < tr.dv; ++c) m.out[c] += m.weight[j] * v.scene->v[j][c];
    return m;
}

namespace {

double nice_step(double span) {
    double raw = span / 6;
    double p = std::pow(10.0, std::floor(std::log10(raw)));
    for (double k : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (k * p >= raw) return k * p;
    return 10 * p;
}

Plane frame_of(double x0, double x1, double y0, double y1, const core::Rect& area) {
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

void extend(const core::Mat& rows, double& x0, double& x1, double& y0, double& y1) {
    for (const auto& r : rows) {
        core::Point q = vec2(r);
        x0 = std::min(x0, q.x);
        x1 = std::max(x1, q.x);
        y0 = std::min(y0, q.y);
        y1 = std::max(y1, q.y);
    }
}

}  // namespace

Plane key_plane_frame(const Model& m, const core::Rect& content) {
    // The scene's own vectors and whatever its steps and experiments set, never a key dragged
    // by hand: dragging must not zoom the plane (a key dragged outside sits clamped at the edge).
    double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    if (m.sc) {
        extend(m.sc->q, x0, x1, y0, y1);
        extend(m.sc->k, x0, x1, y0, y1);
        auto settings = [&](const scene::Settings& s) {
            if (s.key_scale) {
                core::Mat scaled = m.sc->k;
                for (auto& row : scaled)
                    for (double& x : row) x *= *s.key_scale;
                extend(scaled, x0, x1, y0, y1);
            }
            for (const auto& kv : s.keys) extend(core::Mat{kv.second}, x0, x1, y0, y1);
        };
        for (const auto& st : m.sc->steps) settings(st.set);
        for (const auto& ex : m.sc->experiments) settings(ex.set);
    }
    return frame_of(x0, x1, y0, y1, content);
}

core::Point plane_dot(const Plane& p, core::Point plane_pt, bool* clamped) {
    core::Point d = p.to(plane_pt);
    const double m = 12;
    core::Point c{std::clamp(d.x, p.area.x + m, p.area.right() - m), std::clamp(d.y, p.area.y + m, p.area.bottom() - m)};
    if (clamped) *clamped = c.x != d.x || c.y != d.y;
    return c;
}

Plane value_plane_frame(const Model& m, const core::Rect& content) {
    double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    if (m.sc) extend(m.sc->v, x0, x1, y0, y1);
    return frame_of(x0, x1, y0, y1, content);
}

core::Rect Labels::place(Canvas& c, std::string_view s, core::Point p, double r, const core::Rect& area, Font f,
                         double size, const core::Color& ink, double alpha) {
    c.font(f, size);
    const double w = std::min(c.measure(s), area.w - 8), h = size * 1.2, g = r + 5;
    const core::Point cand[] = {{p.x + g, p.y - h / 2},         {p.x - g - w, p.y - h / 2}, {p.x - w / 2, p.y - g - h},
                                {p.x - w / 2, p.y + g},         {p.x + g * 0.7, p.y - g * 0.7 - h},
                                {p.x + g * 0.7, p.y + g * 0.7}, {p.x - g * 0.7 - w, p.y - g * 0.7 - h},
                                {p.x - g * 0.7 - w, p.y + g * 0.7}};
    core::Rect best{};
    double best_cost = 1e300;
    for (core::Point q : cand) {
        core::Rect b{std::clamp(q.x, area.x + 4, area.right() - w - 4), std::clamp(q.y, area.y + 2, area.bottom() - h - 2), w, h};
        double cost = 0;
        for (const auto& t : taken) {
            double ox = std::max(0.0, std::min(b.right(), t.right()) - std::max(b.x, t.x));
            double oy = std::max(0.0, std::min(b.bottom(), t.bottom()) - std::max(b.y, t.y));
            cost += ox * oy;
        }
        cost += 0.05 * std::hypot(b.x - q.x, b.y - q.y) * h;  // moved by clamping: a little worse
        if (cost < best_cost - 1e-9) {
            best_cost = cost;
            best = b;
        }
    }
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

void paint_plane_grid(Canvas& c, const Plane& p) {
    Saved saved(c.cr);
    c.clip_rect(p.area);
    double step = nice_step(std::max(p.x1 - p.x0, p.y1 - p.y0));
    // Grid and axes as snapped boxes: crisp, and one memory fill per line instead of a
    // rasterised path.
    const core::Point a = p.to({p.x0, p.y1}), b = p.to({p.x1, p.y0});
    c.color(c.th.grid);
    for (double x = std::ceil(p.x0 / step) * step; x <= p.x1; x += step) c.vline(p.to({x, 0}).x, a.y, b.y, 1.2);
    for (double y = std::ceil(p.y0 / step) * step; y <= p.y1; y += step) c.hline(a.x, b.x, p.to({0, y}).y, 1.2);
    cairo_fill(c.cr);
    c.color(c.th.axis);
    c.hline(a.x, b.x, p.to({0, 0}).y, 1.6);
    c.vline(p.to({0, 0}).x, a.y, b.y, 1.6);
    cairo_fill(c.cr);
    // Tick labels along the bottom and left edges, inside the area.
    c.font(Font::Regular, 13);
    c.color(c.th.ink_faint);
    for (double x = std::ceil(p.x0 / step) * step; x <= p.x1; x += step) {
        core::Point q = p.to({x, p.y0});
        if (std::fabs(x) < 1e-9 || q.x < p.area.x + 24 || q.x > p.area.right() - 24) continue;
        c.text(num(x, step < 1 ? (step < 0.5 ? 2 : 1) : 0), q.x, p.area.bottom() - 5, Align::Center);
    }
    for (double y = std::ceil(p.y0 / step) * step; y <= p.y1; y += step) {
        core::Point q = p.to({p.x0, y});
        if (std::fabs(y) < 1e-9 || q.y < p.area.y + 14 || q.y > p.area.bottom() - 24) continue;
        c.text(num(y, step < 1 ? (step < 0.5 ? 2 : 1) : 0), p.area.x + 4, q.y + 5);
    }
}

}  // namespace draw
