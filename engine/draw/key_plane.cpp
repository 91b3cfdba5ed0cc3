// draw/key_plane: the question as a gold arrow, each key as a labelled dot (the asking token's
// own key marked), and the dotted projection of each key onto the query direction (the model's
// feet): how far a key reaches along the question is its score. Keys the mask hides stay,
// hollow and labelled.
#include <algorithm>
#include <cmath>
#include <optional>

#include "draw/paint.hpp"

namespace draw {

namespace {

void paint(Canvas& c, const model::KeyPlane& m, const core::Rect& r) {
    core::Rect content = c.card(r, m.heading);
    Plane pl = fit_plane(m.extent, content);
    Labels labels;  // dot labels keep clear of the tick labels, the dots and each other
    paint_plane_grid(c, pl, &labels);
    Saved clip(c.cr);
    c.clip_rect(content);
    const int n = static_cast<int>(m.keys.size());
    const core::Point q = m.query;
    const double qlen = std::hypot(q.x, q.y);
    const core::Point qh = qlen > 1e-12 ? core::Point{q.x / qlen, q.y / qlen} : core::Point{1, 0};
    const double ps = m.reveal;
    const core::Point o = pl.to({0, 0});

    // The query direction, across the whole plane, once scoring starts.
    if (ps > 0) {
        double far = (pl.x1 - pl.x0 + pl.y1 - pl.y0);
        c.color(c.th.query, 0.45 * ps);
        cairo_set_line_width(c.cr, 2);
        // Only the visible part is stroked (the dashes keep their phase): the stroker would
        // otherwise lay dashes along the whole, mostly clipped, line.
        const core::Point a = pl.to({-qh.x * far, -qh.y * far}), b = pl.to({qh.x * far, qh.y * far});
        double t0 = 0, t1 = 1;
        const double d[2] = {b.x - a.x, b.y - a.y};
        const core::Rect vis{content.x - 4, content.y - 4, content.w + 8, content.h + 8};
        if (clip_segment(a, b, vis, t0, t1)) {
            const double len = std::hypot(d[0], d[1]);
            double dash[] = {10, 7};
            cairo_set_dash(c.cr, dash, 2, std::fmod(t0 * len, 17.0));
            c.line({a.x + d[0] * t0, a.y + d[1] * t0}, {a.x + d[0] * t1, a.y + d[1] * t1});
            cairo_stroke(c.cr);
            cairo_set_dash(c.cr, nullptr, 0, 0);
        }
    }
    std::optional<core::Point> score_at;  // where the emphasised key's score band ends
    // Projections: a dotted line from each key growing onto the query direction, a tick at its foot.
    for (int j = 0; j < n && ps > 0; ++j) {
        const model::KeyDot& kd = m.keys[static_cast<std::size_t>(j)];
        const core::Point k = kd.at, foot = kd.foot;
        core::Point a = pl.to(k), b = pl.to({core::lerp(k.x, foot.x, ps), core::lerp(k.y, foot.y, ps)});
        double alpha = 1.0 - 0.7 * kd.hide;
        c.color(c.th.key, 0.75 * alpha);
        {
            // The dots (round dots of width 2 every 6.1 units from the key), filled at once
            // instead of stroking a dashed line with round caps; only the visible stretch.
            const double dx = b.x - a.x, dy = b.y - a.y, len = std::hypot(dx, dy);
            const double ux = len > 1e-9 ? dx / len : 0, uy = len > 1e-9 ? dy / len : 0;
            double t0 = 0, t1 = 1;
            const core::Rect vis{content.x - 4, content.y - 4, content.w + 8, content.h + 8};
            const bool seen = len > 1e-9 ? clip_segment(a, b, vis, t0, t1) : vis.contains(a);
            // Counted, not stepped: a key far off the plane still gets at most a plane's worth.
            const double first = std::ceil(t0 * len / 6.1), cap = (vis.w + vis.h) / 6.1 + 2;
            const double count = seen ? std::clamp(std::floor((t1 * len + 0.05) / 6.1) - first + 1, 0.0, cap) : 0;
            for (int i = 0; i < static_cast<int>(count); ++i) {
                const double tt = std::min((first + i) * 6.1 + 0.05, len);
                c.circle({a.x + ux * tt, a.y + uy * tt}, 1.0);
            }
            cairo_fill(c.cr);
        }
        cairo_set_line_cap(c.cr, CAIRO_LINE_CAP_ROUND);
        if (m.feet) {
            core::Point fp = pl.to(foot);
            core::Point nrm{-qh.y * 8, qh.x * 8};  // design-space normal (y flips, length is symmetric)
            c.line({fp.x - nrm.x, fp.y + nrm.y}, {fp.x + nrm.x, fp.y - nrm.y});
            cairo_set_line_width(c.cr, 2.5);
            cairo_stroke(c.cr);
        }
        if (j == m.emphasis) {
            // The emphasised key's score as a length along the question (its reach × |q|, see
            // model::KeyPlane), else its reach: a thick band from the origin.
            const core::Point end = m.score_band ? m.score_end : foot;
            core::Point f2 = pl.to({end.x * ps, end.y * ps});
            c.color(c.th.key, 0.35);
            cairo_set_line_width(c.cr, 9);
            cairo_set_line_cap(c.cr, CAIRO_LINE_CAP_BUTT);
            double t0 = 0, t1 = 1;
            if (clip_segment(o, f2, content, t0, t1)) {
                c.line({o.x + (f2.x - o.x) * t0, o.y + (f2.y - o.y) * t0}, {o.x + (f2.x - o.x) * t1, o.y + (f2.y - o.y) * t1});
                cairo_stroke(c.cr);
            }
            if (m.score_band && m.feet) score_at = f2;
        }
    }
    // The question.
    c.arrow(o, pl.to(q), 5, 22, c.th.query);
    // The keys, then their labels where they cover least (and clear of the question arrow).
    for (const model::KeyDot& kd : m.keys) labels.dot(plane_dot(pl, kd.at), 14);
    core::Point qp = pl.to(q);
    labels.dot(qp, 14);
    {
        const double len = std::hypot(qp.x - o.x, qp.y - o.y);
        const int steps = static_cast<int>(std::min(len, content.w + content.h) / 10);
        for (int i = 1; i < steps; ++i) labels.dot({core::lerp(o.x, qp.x, double(i) / steps), core::lerp(o.y, qp.y, double(i) / steps)}, 6);
    }
    for (int j = 0; j < n; ++j) {
        const model::KeyDot& kd = m.keys[static_cast<std::size_t>(j)];
        bool clamped = false;
        core::Point p = plane_dot(pl, kd.at, &clamped);
        const double hide = kd.hide;
        if (clamped) {
            // Off the plane: a pointer at the edge towards where the key really is.
            core::Point t = pl.to(kd.at);
            double dx = t.x - p.x, dy = t.y - p.y, l = std::max(1e-9, std::hypot(dx, dy));
            dx /= l, dy /= l;
            c.color(c.th.key);
            cairo_move_to(c.cr, p.x + dx * 22, p.y + dy * 22);
            cairo_line_to(c.cr, p.x + dx * 12 - dy * 8, p.y + dy * 12 + dx * 8);
            cairo_line_to(c.cr, p.x + dx * 12 + dy * 8, p.y + dy * 12 - dx * 8);
            cairo_close_path(c.cr);
            cairo_fill(c.cr);
        }
        c.mark("key:" + std::to_string(j), p);
        if (kd.editing) {
            // The key the arrows move: a wide dashed ring in the accent colour.
            const double dash[] = {6, 5};
            c.circle(p, 25);
            c.color(c.th.accent);
            cairo_set_line_width(c.cr, 4);
            cairo_set_dash(c.cr, dash, 2, 0);
            cairo_stroke(c.cr);
            cairo_set_dash(c.cr, nullptr, 0, 0);
        }
        if (kd.hover) {
            c.circle(p, 19);
            c.color(c.th.hover);
            cairo_set_line_width(c.cr, 3);
            cairo_stroke(c.cr);
        }
        if (kd.focus) {
            c.circle(p, 15);
            c.color(c.th.query);
            cairo_set_line_width(c.cr, 3.5);
            cairo_stroke(c.cr);
        }
        if (hide > 0.5) {
            c.dot(p, 10, c.th.card, c.th.ink_faint, 2.5, 4, 3);
        } else {
            core::Color fill = c.th.key;
            fill.a *= 1.0 - 0.5 * hide;
            c.dot(p, 10, fill, c.th.card, 2);
        }
    }
    labels.place(c, m.query_label, qp, 16, content, Font::Bold, 19, c.th.query_ink);
    // Keys drawn at one place (identical keys) share one label: "mouse · cat · the", or "all 5 keys".
    std::vector<bool> done(m.keys.size(), false);
    for (std::size_t j = 0; j < m.keys.size(); ++j) {
        if (done[j]) continue;
        const model::KeyDot& kd = m.keys[j];
        bool clamped = false;
        core::Point p = plane_dot(pl, kd.at, &clamped);
        std::string name = kd.label;
        std::size_t shared = 1;
        bool own = kd.focus, hidden = kd.hide > 0.5;
        for (std::size_t i = j + 1; i < m.keys.size(); ++i) {
            const core::Point pi = plane_dot(pl, m.keys[i].at);
            if (done[i] || std::hypot(pi.x - p.x, pi.y - p.y) > 3) continue;
            done[i] = true;
            ++shared;
            name += " · " + m.keys[i].label;
            own = own || m.keys[i].focus;
            hidden = hidden && m.keys[i].hide > 0.5;
        }
        // Every key at one place (more than three of them): a short label that fits the plane,
        // counting the asking word's own key among them (not one more beside them).
        const bool all = shared > 3 && shared == m.keys.size();
        if (all) name = "all " + std::to_string(shared) + " keys";
        if (clamped) name += " · off the plane";
        if (own && all) {
            // Shorter where the plane is narrow (4:3), whole either way.
            c.font(Font::Bold, 18);
            name += c.measure(name + ", its own too") <= content.w - 8 ? ", its own too" : ", own too";
        } else if (own) {
            name += " · own key";
        } else if (hidden) {
            name += " · hidden";
        }
        labels.place(c, name, p, 15, content, Font::Bold, 18, hidden ? c.th.ink_faint : c.th.ink);
    }
    if (score_at && content.contains(*score_at)) {
        // The score's end: a cross tick, and "reach × |q| = score" beside it.
        core::Point nrm{-qh.y * 11, qh.x * 11};
        c.color(c.th.key);
        cairo_set_line_width(c.cr, 3);
        c.line({score_at->x - nrm.x, score_at->y + nrm.y}, {score_at->x + nrm.x, score_at->y - nrm.y});
        cairo_stroke(c.cr);
        labels.place(c, m.score_label, *score_at, 12, content, Font::Bold, kMinText, c.th.ink_soft, 1.0, true);
    }
    if (!m.note.empty()) {
        c.color(c.th.ink_faint);
        c.text_in(m.note, {content.x + 30, content.bottom() - 48, content.w - 60, 22}, Font::Italic, 15, 10, Align::Right);
    }
}

void hit(const model::KeyPlane& m, const core::Rect& r, core::Point p, Hit& h) {
    const Plane pl = fit_plane(m.extent, card_content(r));
    std::vector<core::Point> keys;
    for (const model::KeyDot& k : m.keys) keys.push_back(k.at);
    if (const int j = nearest_dot(pl, keys, p); j >= 0) {
        h.kind = Hit::Kind::Key;
        h.token = j;
    }
    h.plane = pl.from(p);
}

}  // namespace

extern const PanelDef<model::KeyPlane> kKeyPlanePanel{{Slot::Where::Big, 22, 1.0}, paint, hit};

}  // namespace draw
