// model/planes: the key plane (the question, the keys, how far each reaches along it and each
// key's score, |q| × that reach; with rotary positions each turned by its position, from as
// given to as scored) and
// the value plane (the values, the hull of those a blend can use, the chain of weighted values
// into the new vector), in plane coordinates; draw/ fits them to their boxes.
#include <algorithm>
#include <cmath>

#include "attention/positions.hpp"
#include "model/model.hpp"
#include "model/row.hpp"

namespace model {

namespace {

void extend(const core::Mat& rows, Extent& e) {
    for (const auto& r : rows) {
        core::Point q = vec2(r);
        e.x0 = std::min(e.x0, q.x);
        e.x1 = std::max(e.x1, q.x);
        e.y0 = std::min(e.y0, q.y);
        e.y1 = std::max(e.y1, q.y);
    }
}

double cross(core::Point o, core::Point a, core::Point b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); }

// Andrew's monotone chain; counter-clockwise in plane coordinates.
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

bool rotary(const scene::Scene& sc) { return sc.positions.kind == scene::Positions::Kind::Rotary && sc.d() >= 2; }

// A vector turned by RoPE as at position `pos` (attention/positions: every pair through pos·θᵢ);
// a negative position turns it back.
core::Vec turned(const scene::Scene& sc, const core::Vec& v, double pos) {
    return attention::rotary(core::Mat{v}, {pos}, sc.positions.base)[0];
}

}  // namespace

Extent key_plane_extent(const scene::Scene& sc) {
    // The scene's own vectors and whatever its steps and experiments set, never a key dragged
    // by hand: dragging must not zoom the plane (a key dragged outside sits clamped at the edge).
    // In a scene of several heads, every head's: the plane keeps its place as another head shows.
    Extent e;
    // Turned by their positions (rope), the vectors sweep circles round the origin: the plane
    // holds the widest of those circles whole, whatever the angle (as given, mid-turn, turned).
    double widest = 0;
    auto add = [&](const core::Mat& rows) {
        extend(rows, e);
        for (const auto& row : rows) widest = std::max(widest, std::hypot(vec2(row).x, vec2(row).y));
    };
    for (const scene::Head& h : sc.heads) {
        add(h.q);
        add(h.k);
    }
    auto settings = [&](const scene::Settings& s) {
        if (s.key_scale) {
            core::Mat scaled = sc.heads[0].k;  // the controls' keys are the first head's
            for (auto& row : scaled)
                for (double& x : row) x *= *s.key_scale;
            add(scaled);
        }
        for (const auto& kv : s.keys) add(core::Mat{kv.second});
    };
    for (const auto& st : sc.steps) settings(st.set);
    for (const auto& ex : sc.experiments) settings(ex.set);
    if (rotary(sc)) e = {-widest, widest, -widest, widest};
    return e;
}

Extent value_plane_extent(const scene::Scene& sc) {
    Extent e;
    for (const scene::Head& h : sc.heads) extend(h.v, e);
    return e;
}

KeyPlane build(const Row& m, Tag<KeyPlane>) {
    KeyPlane out;
    const timeline::View& v = *m.view;
    out.extent = key_plane_extent(*m.sc);
    // A scene of several heads: the heading says which head's keys these are (the heading row
    // holds the plane's own key, so the head is named here rather than beside it).
    if (!m.head_label.empty()) out.heading += " · head " + std::to_string(m.head + 1);
    out.query_label = "q · " + m.sc->tokens[static_cast<std::size_t>(m.focus)];
    out.reveal = smooth(m.prog[Stage::Scores]);
    // Rotary positions: the first half of the scores step turns every vector from as given to
    // as scored, the second grows the score bands. A vector in force is the turned one (the
    // loader turns q and k; keys set or dragged are turned keys): as given is it turned back.
    out.rotary = rotary(*m.sc);
    const std::vector<double> pos = attention::positions(static_cast<std::size_t>(m.n), m.sc->positions.offset);
    if (out.rotary) {
        out.turn = smooth(beat(m.prog[Stage::Scores], 0.0, 0.5));
        out.reveal = smooth(beat(m.prog[Stage::Scores], 0.5, 1.0));
    }
    auto place = [&](const core::Vec& vec, double p, core::Point& before, double& angle) {
        if (!out.rotary) return vec2(vec);
        const core::Vec given = turned(*m.sc, vec, -p);
        before = vec2(given);
        angle = attention::rotary_angle(p, 0, m.d, m.sc->positions.base) * out.turn;
        return out.turn >= 1 ? vec2(vec) : vec2(turned(*m.sc, given, p * out.turn));
    };
    out.query = place((*m.q)[static_cast<std::size_t>(m.focus)], pos[static_cast<std::size_t>(m.focus)], out.query_before,
                      out.query_angle);
    out.feet = out.reveal >= 1;
    out.emphasis = v.hover >= 0 && v.hover < m.n ? v.hover : (m.tied() ? -1 : m.best);
    if (out.emphasis >= 0 && m.hide[static_cast<std::size_t>(out.emphasis)] >= 1) out.emphasis = -1;
    const double qlen = std::hypot(out.query.x, out.query.y);
    const core::Point qh = qlen > 1e-12 ? core::Point{out.query.x / qlen, out.query.y / qlen} : core::Point{1, 0};
    // d = 2: the plane shows the whole of q and k, so q·k = |q| × (k's reach along q̂), and every
    // key's score is drawn as a band along the question. Both lengths are read from the trace's
    // q·k (the reach is q·k / |q|), so the band and the tick agree with the score row.
    out.score_bands = m.d == 2;
    if (out.score_bands) {
        out.score_key = "q·k = |q| × reach";
        out.score_key_short = "q·k";
        out.reach_key = "reach";
    }
    out.window = window_around(m.n, m.focus, KeyPlane::kMost);
    const Window& win = out.window;
    out.emphasis = win.contains(out.emphasis) ? out.emphasis - win.first : -1;
    for (int j = win.first; j < win.first + win.count; ++j) {
        const std::size_t J = static_cast<std::size_t>(j);
        KeyDot k;
        k.at = place((*m.k)[J], pos[J], k.before, k.angle);
        if (out.score_bands) {
            k.score = m.raw[J];
            k.reach = qlen > 1e-12 ? k.score / qlen : 0.0;
            k.score_end = {k.score * qh.x, k.score * qh.y};
            k.score_text = num(k.score);
        } else {
            // More dimensions: the reach of the key as drawn (its first two coordinates) along
            // the question as drawn; no score (q·k has terms the plane does not show).
            k.reach = k.at.x * qh.x + k.at.y * qh.y;
        }
        k.foot = {k.reach * qh.x, k.reach * qh.y};
        k.label = m.sc->tokens[J];
        k.hide = m.hide[J];
        k.focus = j == m.focus;
        k.hover = j == v.hover;
        k.editing = j == v.editing;
        out.keys.push_back(std::move(k));
    }
    if (m.d != 2) out.note = "d = " + std::to_string(m.d) + ": the plane shows the first two coordinates";
    if (!win.whole())
        out.note += (out.note.empty() ? "" : " · ") + window_text(win) + ", " + count_text(m.n - win.count) + " not drawn";
    return out;
}

ValuePlane build(const Row& m, Tag<ValuePlane>) {
    ValuePlane out;
    const timeline::View& v = *m.view;
    const core::Mat& V = *m.v;
    out.extent = value_plane_extent(*m.sc);
    // The hull of the values a blend can use: the mask takes the hidden ones out.
    std::vector<core::Point> visible;
    for (int j = 0; j < m.n; ++j)
        if (m.hide[static_cast<std::size_t>(j)] < 0.5) visible.push_back(vec2(V[static_cast<std::size_t>(j)]));
    out.hull = hull(visible);
    const double px = smooth(beat(m.prog[Stage::Softmax], 0.5, 1.0));
    const double pb = m.prog[Stage::Blend];
    out.window = window_around(m.n, m.focus, ValuePlane::kMost);
    if (!out.window.whole()) out.note = window_text(out.window) + ", " + count_text(m.n - out.window.count) + " not drawn";
    for (int j = out.window.first; j < out.window.first + out.window.count; ++j) {
        const std::size_t J = static_cast<std::size_t>(j);
        ValueDot d;
        d.at = vec2(V[J]);
        d.label = m.sc->tokens[J] + (j == m.focus ? " · own value" : "");
        d.weight = std::sqrt(std::max(0.0, m.weight[J])) * px;
        d.hide = m.hide[J];
        d.focus = j == m.focus;
        d.hover = j == v.hover;
        out.values.push_back(std::move(d));
    }
    out.own = vec2(V[static_cast<std::size_t>(m.focus)]);
    out.out = vec2(m.out);
    out.blending = pb > 0;
    if (pb > 0) {
        // One slot per value in the first 70% of the step: each value × its weight, tip to tail.
        core::Point at{0, 0};
        const double chain_end = 0.7;
        for (int j = 0; j < m.n; ++j) {
            const std::size_t J = static_cast<std::size_t>(j);
            const double g = smooth(beat(pb, chain_end * j / m.n, chain_end * (j + 1) / m.n));
            if (g <= 0) break;
            const core::Point step = vec2(V[J]);
            const double w = m.weight[J];
            const core::Point next{at.x + w * step.x * g, at.y + w * step.y * g};
            if (w > 1e-3) out.chain.push_back({at, next, pb >= 1 ? 0.55 : 0.95});
            at = next;
        }
        // The marker arrives as the chain ends; then the dashed arrow from the word's own value.
        out.diamond = smooth(beat(pb, 0.6, 0.75));
        out.arrow = smooth(beat(pb, 0.75, 1.0));
    }
    return out;
}

}  // namespace model
