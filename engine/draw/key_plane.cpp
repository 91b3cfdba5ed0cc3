// draw/key_plane: the question as a gold arrow, each key as a labelled dot (the asking token's
// own key marked), the faint dotted projection of each key onto the question's direction ending
// in a faint tick at its foot (how far the key reaches along the question), and each key's score
// q·k = |q| × that reach as a solid band from the origin along the question (in a lane of its
// own beside the question's line), its number in the key's label ("cat: 2.72").
// The reach is not the score: a long question scores more than its keys reach, a short one less.
// With rotary positions (RoPE) each key and the question is drawn as given (a faint dashed spoke
// and a hollow dot) and turned (a spoke to the dot), and the arc of its turn round the origin,
// one ring a token further out, ends in an arrowhead: the angle grows with the position.
// Keys the mask hides stay, hollow and labelled "· hidden" with their q·k, their bands faded:
// the plane shows the first stage, q·k, which the mask does not change (it replaces the score
// with −∞ later, as the score row beside it shows: "hidden · −∞"). Every length and number is
// the model's (model::KeyPlane): the painter only places them (the lanes, the labels).
#include <algorithm>
#include <cmath>
#include <optional>

#include "draw/paint.hpp"

namespace draw {

namespace {

// The reach is drawn faint and the score solid: these are their opacities (the reach's dotted
// line and tick, the score's band, before a hidden key fades both).
constexpr double kReachAlpha = 0.32, kBandAlpha = 0.85;
// The lanes of the score bands, beside the question's line (design units): the first lane's
// distance from the line (clear of the question arrow's shaft), and the lanes' pitch.
constexpr double kLaneGap = 11, kLanePitch = 10;

// One score band as drawn: in design space, from its start in its lane (beside the origin) to its
// end (beside score × q̂, or where the plane cuts it). Keys drawn at one place share one band.
struct Band {
    int key = 0;              // the key whose score it is (the first of those at one place)
    std::vector<int> keys;    // every key drawn at that place
    core::Point from, to;
    core::Point normal;       // unit, design space: from the question's line towards the lane
    bool cut = false;         // the plane ends before the score does
};

// Each key's band in a lane of its own beside the question's line, on the side of the line its
// key is on, the nearer keys in the nearer lanes: a key's dotted projection, on its way to the
// line, crosses its own band at the key's reach (when the key lies beyond its lane).
std::vector<Band> score_bands(const model::KeyPlane& m, const Plane& pl, const core::Rect& content, double ps) {
    const core::Point o = pl.to({0, 0});
    const double qlen = std::hypot(m.query.x, m.query.y);
    const core::Point qh = qlen > 1e-12 ? core::Point{m.query.x / qlen, m.query.y / qlen} : core::Point{1, 0};
    const core::Point u{qh.x, -qh.y};   // the question's direction in design space (y flips)
    const core::Point nrm{-u.y, u.x};   // its normal
    struct Lane {
        Band band;
        double side = 0;  // signed distance of its key from the question's line, design units
    };
    std::vector<Lane> lanes;
    std::vector<bool> done(m.keys.size(), false);
    for (std::size_t j = 0; j < m.keys.size(); ++j) {
        if (done[j]) continue;
        const core::Point p = plane_dot(pl, m.keys[j].at);
        Lane l;
        l.band.key = static_cast<int>(j);
        for (std::size_t i = j; i < m.keys.size(); ++i) {
            const core::Point pi = plane_dot(pl, m.keys[i].at);
            if (done[i] || std::hypot(pi.x - p.x, pi.y - p.y) > 3 || (m.keys[i].hide > 0.5) != (m.keys[j].hide > 0.5)) continue;
            done[i] = true;
            l.band.keys.push_back(static_cast<int>(i));
        }
        const core::Point t = pl.to(m.keys[j].at);
        l.side = (t.x - o.x) * nrm.x + (t.y - o.y) * nrm.y;
        lanes.push_back(std::move(l));
    }
    std::stable_sort(lanes.begin(), lanes.end(), [](const Lane& a, const Lane& b) { return std::fabs(a.side) < std::fabs(b.side); });
    std::vector<Band> out;
    int above = 0, below = 0;
    const core::Rect inner = content.inset(6);
    for (Lane& l : lanes) {
        const double sign = l.side >= 0 ? 1 : -1;
        const double off = sign * (kLaneGap + kLanePitch * (sign > 0 ? above++ : below++));
        Band b = std::move(l.band);
        b.normal = {nrm.x * sign, nrm.y * sign};
        const model::KeyDot& kd = m.keys[static_cast<std::size_t>(b.key)];
        const core::Point e = pl.to({kd.score_end.x * ps, kd.score_end.y * ps});
        const core::Point a{o.x + nrm.x * off, o.y + nrm.y * off}, z{e.x + nrm.x * off, e.y + nrm.y * off};
        double t0 = 0, t1 = 1;
        if (std::hypot(z.x - a.x, z.y - a.y) < 1e-9) {
            if (!inner.contains(a)) continue;
            b.from = b.to = a;
        } else {
            if (!clip_segment(a, z, inner, t0, t1)) continue;
            b.from = {a.x + (z.x - a.x) * t0, a.y + (z.y - a.y) * t0};
            b.to = {a.x + (z.x - a.x) * t1, a.y + (z.y - a.y) * t1};
            b.cut = t1 < 1;
        }
        out.push_back(std::move(b));
    }
    return out;
}

// The turns of rotary positions: for each vector, its spoke as given (dashed, faint, a hollow dot
// at its end), its spoke turned, and the arc from the one direction to the other on a ring of its
// own (the question's innermost, then a key's a token further out each), its arrowhead where the
// turn has got to. The plane's angles are counter-clockwise; design space has y down, so an
// angle the plane turns forwards is drawn backwards. An angle past a whole turn is drawn as what
// it is modulo 2π: the ring would only cover itself.
constexpr double kTurnRing = 16, kTurnPitch = 7;

void paint_turn(Canvas& c, const Plane& pl, core::Point before, core::Point at, double angle, double radius,
                const core::Color& ink, double alpha, const std::string& name, Labels& labels) {
    const core::Point o = pl.to({0, 0});
    const core::Point b = plane_dot(pl, before), a = plane_dot(pl, at);
    cairo_set_line_cap(c.cr, CAIRO_LINE_CAP_ROUND);
    c.color(ink, 0.4 * alpha);
    cairo_set_line_width(c.cr, 2);
    const double dash[] = {5, 6};
    cairo_set_dash(c.cr, dash, 2, 0);
    c.line(o, b);
    cairo_stroke(c.cr);
    cairo_set_dash(c.cr, nullptr, 0, 0);
    core::Color ring = ink;
    ring.a *= 0.55 * alpha;
    c.dot(b, 7, c.th.card, ring, 2);
    labels.dot(b, 9);
    c.mark("before:" + name, b);
    c.color(ink, 0.45 * alpha);
    cairo_set_line_width(c.cr, 2);
    c.line(o, a);
    cairo_stroke(c.cr);
    const double turned = std::fmod(angle, 2 * M_PI);
    if (std::fabs(turned) < 1e-6) return;
    const double a0 = std::atan2(b.y - o.y, b.x - o.x), a1 = a0 - turned;
    c.color(ink, 0.85 * alpha);
    cairo_set_line_width(c.cr, 2);
    cairo_new_sub_path(c.cr);
    if (turned > 0) cairo_arc_negative(c.cr, o.x, o.y, radius, a0, a1);
    else cairo_arc(c.cr, o.x, o.y, radius, a0, a1);
    cairo_stroke(c.cr);
    // The arrowhead, along the way the arc travels.
    const core::Point radial{std::cos(a1), std::sin(a1)};
    const double way = turned > 0 ? -1 : 1;
    const core::Point along{-radial.y * way, radial.x * way};
    const core::Point tip{o.x + radial.x * radius + along.x * 4, o.y + radial.y * radius + along.y * 4};
    cairo_move_to(c.cr, tip.x, tip.y);
    cairo_line_to(c.cr, tip.x - along.x * 8 + radial.x * 4, tip.y - along.y * 8 + radial.y * 4);
    cairo_line_to(c.cr, tip.x - along.x * 8 - radial.x * 4, tip.y - along.y * 8 - radial.y * 4);
    cairo_close_path(c.cr);
    cairo_fill(c.cr);
    c.mark("turn:" + name, {o.x - radius, o.y - radius, 2 * radius, 2 * radius});
}

void paint_turns(Canvas& c, const model::KeyPlane& m, const Plane& pl, Labels& labels) {
    paint_turn(c, pl, m.query_before, m.query, m.query_angle, kTurnRing, c.th.query, 1.0, "query", labels);
    for (std::size_t j = 0; j < m.keys.size(); ++j) {
        const model::KeyDot& kd = m.keys[j];
        paint_turn(c, pl, kd.before, kd.at, kd.angle, kTurnRing + kTurnPitch * static_cast<double>(j + 1), c.th.key,
                   1.0 - 0.7 * kd.hide, std::to_string(j), labels);
    }
}

// What the two marks are: a piece of band and "q·k = |q| × reach" (or "q·k" where there is
// less room), a faint tick and "reach". In the heading row right of the heading; where the card
// is too narrow for both, at the top right of the plane, over a halo, its box taken from the dot
// labels; nowhere when even the short one does not fit whole there.
void paint_key(Canvas& c, const model::KeyPlane& m, const core::Rect& r, const core::Rect& content, Labels& labels) {
    const double pad = 18, gap = 8, sample = 24, space = 18;
    core::Rect row{r.x + pad, r.y + 10, r.w - 2 * pad, 30};
    c.font(Font::Bold, kMinText);
    const double heading = c.measure(m.heading) + 24;
    c.font(Font::Regular, kMinText);
    const double reach = c.measure(m.reach_key);
    const auto width = [&](const std::string& score) { return sample + gap + c.measure(score) + space + 8 + gap + reach; };
    const std::string* score = &m.score_key;
    if (heading + width(*score) > row.w) score = &m.score_key_short;
    if (heading + width(*score) > row.w) {
        // Inside the plane, at its top right.
        row = {content.x + 4, content.y + 2, content.w - 8, 26};
        score = &m.score_key;
        if (width(*score) > row.w) score = &m.score_key_short;
        if (width(*score) > row.w) return;
        const core::Rect box{row.right() - width(*score) - 4, row.y, width(*score) + 8, row.h};
        c.color(c.th.card, 0.82);
        const core::Rect halo = c.snap(box);
        cairo_rectangle(c.cr, halo.x, halo.y, halo.w, halo.h);
        cairo_fill(c.cr);
        labels.taken.push_back(box);
    }
    const double score_w = c.measure(*score), mid = row.y + row.h / 2;
    double x = row.right() - width(*score);
    c.color(c.th.key, kBandAlpha);
    cairo_set_line_cap(c.cr, CAIRO_LINE_CAP_BUTT);
    cairo_set_line_width(c.cr, 6);
    c.line({x, mid}, {x + sample, mid});
    cairo_stroke(c.cr);
    x += sample + gap;
    c.color(c.th.ink_soft);
    c.text_in(*score, {x, row.y, score_w + 1, row.h}, Font::Regular, kMinText, kMinText);
    x += score_w + space;
    c.color(c.th.key, kReachAlpha);
    cairo_set_line_cap(c.cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_width(c.cr, 2);
    c.line({x + 4, mid - 8}, {x + 4, mid + 8});
    cairo_stroke(c.cr);
    x += 8 + gap;
    c.color(c.th.ink_soft);
    c.text_in(m.reach_key, {x, row.y, reach + 1, row.h}, Font::Regular, kMinText, kMinText);
}

void paint(Canvas& c, const model::KeyPlane& m, const core::Rect& r) {
    core::Rect content = c.card(r, m.heading);
    Plane pl = fit_plane(m.extent, content);
    Labels labels;  // dot labels keep clear of the tick labels, the dots and each other
    labels.rings = 3;  // a plane of long labels ("chased · own key: −0.34"): room further out
    paint_plane_grid(c, pl, &labels);
    if (m.score_bands && m.reveal > 0) paint_key(c, m, r, content, labels);
    Saved clip(c.cr);
    c.clip_rect(content);
    const int n = static_cast<int>(m.keys.size());
    const core::Point q = m.query;
    const double qlen = std::hypot(q.x, q.y);
    const core::Point qh = qlen > 1e-12 ? core::Point{q.x / qlen, q.y / qlen} : core::Point{1, 0};
    const double ps = m.reveal;
    const core::Point o = pl.to({0, 0});
    if (m.rotary) paint_turns(c, m, pl, labels);

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
    // The reach, faint: a dotted line from each key growing onto the question's line, a tick at
    // its foot.
    for (int j = 0; j < n && ps > 0; ++j) {
        const model::KeyDot& kd = m.keys[static_cast<std::size_t>(j)];
        const core::Point k = kd.at, foot = kd.foot;
        core::Point a = pl.to(k), b = pl.to({core::lerp(k.x, foot.x, ps), core::lerp(k.y, foot.y, ps)});
        double alpha = 1.0 - 0.7 * kd.hide;
        c.color(c.th.key, kReachAlpha * alpha);
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
        if (m.feet) {
            core::Point fp = pl.to(foot);
            // Short enough to stay off the score bands' lanes (kLaneGap).
            core::Point nrm{-qh.y * 6, qh.x * 6};  // design-space normal (y flips, length is symmetric)
            cairo_set_line_cap(c.cr, CAIRO_LINE_CAP_ROUND);
            c.line({fp.x - nrm.x, fp.y + nrm.y}, {fp.x + nrm.x, fp.y - nrm.y});
            cairo_set_line_width(c.cr, 2);
            cairo_stroke(c.cr);
            c.mark("reach:" + std::to_string(j), fp);
        }
    }
    const std::vector<Band> bands = m.score_bands && ps > 0 ? score_bands(m, pl, content, ps) : std::vector<Band>{};
    for (const Band& b : bands) {
        // The score, solid: a band in its lane from the origin along the question, a cross tick at
        // its end; an arrowhead where the plane cuts it short.
        const model::KeyDot& kd = m.keys[static_cast<std::size_t>(b.key)];
        const double alpha = kBandAlpha * (1.0 - 0.7 * kd.hide);
        const bool strong = std::find(b.keys.begin(), b.keys.end(), m.emphasis) != b.keys.end();
        c.color(c.th.key, alpha);
        cairo_set_line_cap(c.cr, CAIRO_LINE_CAP_BUTT);
        cairo_set_line_width(c.cr, strong ? 8 : 6);
        c.line(b.from, b.to);
        cairo_stroke(c.cr);
        const core::Point nrm{b.normal.x * 7, b.normal.y * 7}, half{b.normal.x * 5, b.normal.y * 5};
        if (b.cut) {
            const core::Point u{b.to.x - b.from.x, b.to.y - b.from.y};
            const double l = std::max(1e-9, std::hypot(u.x, u.y));
            const core::Point d{u.x / l * 12, u.y / l * 12};
            cairo_move_to(c.cr, b.to.x + d.x, b.to.y + d.y);
            cairo_line_to(c.cr, b.to.x + nrm.x, b.to.y + nrm.y);
            cairo_line_to(c.cr, b.to.x - nrm.x, b.to.y - nrm.y);
            cairo_close_path(c.cr);
            cairo_fill(c.cr);
        } else if (m.feet) {
            cairo_set_line_width(c.cr, 2.5);
            c.line({b.to.x - half.x, b.to.y - half.y}, {b.to.x + half.x, b.to.y + half.y});
            cairo_stroke(c.cr);
        }
        for (int j : b.keys) c.mark("band:" + std::to_string(j), {b.from.x, b.from.y, b.to.x - b.from.x, b.to.y - b.from.y});
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
    // Keys drawn at one place (identical keys) share one label: "mouse · cat · the", or "all 5 keys";
    // once scored, the label ends in the score: "cat: 2.72".
    std::vector<bool> done(m.keys.size(), false);
    for (std::size_t j = 0; j < m.keys.size(); ++j) {
        if (done[j]) continue;
        const model::KeyDot& kd = m.keys[j];
        bool clamped = false;
        core::Point p = plane_dot(pl, kd.at, &clamped);
        std::string name = kd.label, scores = kd.score_text;
        std::size_t shared = 1;
        bool own = kd.focus, hidden = kd.hide > 0.5, one_score = true;
        for (std::size_t i = j + 1; i < m.keys.size(); ++i) {
            const core::Point pi = plane_dot(pl, m.keys[i].at);
            if (done[i] || std::hypot(pi.x - p.x, pi.y - p.y) > 3) continue;
            done[i] = true;
            ++shared;
            name += " · " + m.keys[i].label;
            if (m.keys[i].score_text != kd.score_text) {
                one_score = false;
                scores += " / " + m.keys[i].score_text;
            }
            own = own || m.keys[i].focus;
            hidden = hidden && m.keys[i].hide > 0.5;
        }
        // Every key at one place (more than three of them): a short label that fits the plane,
        // counting the asking word's own key among them (not one more beside them).
        const bool all = shared > 3 && shared == m.keys.size() && one_score;
        if (all) name = "all " + std::to_string(shared) + " keys";
        if (clamped) name += " · off the plane";
        const std::string score = m.feet && !kd.score_text.empty() ? ": " + scores : "";
        // Shorter where the plane is narrow (4:3), whole either way: what the ring or the faint
        // ink already says goes first, the score never.
        c.font(Font::Bold, 18);
        const auto fits = [&](const std::string& s) { return c.measure(s) <= content.w - 8; };
        std::string text = name + score;
        for (const char* suffix : {own && all ? ", its own too" : own ? " · own key" : hidden ? " · hidden" : "", own && all ? ", own too" : ""}) {
            if (fits(name + suffix + score)) {
                text = name + suffix + score;
                break;
            }
        }
        const core::Rect placed = labels.place(c, text, p, 15, content, Font::Bold, 18, hidden ? c.th.ink_faint : c.th.ink);
        labels.taken.push_back(placed.inset(-4));  // the next label keeps a gap from this one
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
        h.token = m.window.first + j;
    }
    h.plane = pl.from(p);
}

}  // namespace

extern const PanelDef<model::KeyPlane> kKeyPlanePanel{{Slot::Where::Big, 22, 1.0}, paint, hit};

}  // namespace draw
