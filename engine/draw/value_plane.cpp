// draw/value_plane: the values as dots, the hull of those a blend can use shaded, and the blend:
// each value arrow scaled by its weight, laid tip to tail from the origin into the rose diamond
// (the new vector), then the dashed arrow from the word's own value to it.
#include <algorithm>
#include <cmath>

#include "draw/paint.hpp"

namespace draw {

namespace {

void paint(Canvas& c, const model::ValuePlane& m, const core::Rect& r) {
    core::Rect content = c.card(r, m.heading);
    Plane pl = fit_plane(m.extent, content);
    // The hull: where a blend with non-negative weights summing to 1 can land. Shaded under the
    // grid in the card's colour tinted towards the values', edged over it: opaque colours, as a
    // translucent fill and edge over this much of the card cost an animated frame a fifth of its
    // floor again (draw_bench).
    const auto hull = [&] {
        const core::Point h0 = pl.to(m.hull[0]);
        cairo_move_to(c.cr, h0.x, h0.y);
        for (std::size_t i = 1; i < m.hull.size(); ++i) {
            const core::Point h = pl.to(m.hull[i]);
            cairo_line_to(c.cr, h.x, h.y);
        }
        cairo_close_path(c.cr);
    };
    if (m.hull.size() >= 3) {
        Saved shade(c.cr);
        c.clip_rect(content);
        hull();
        c.color(core::lerp(c.th.card, c.th.value, 0.12));
        cairo_fill(c.cr);
    }
    Labels labels;  // dot labels keep clear of the tick labels, the dots and each other
    paint_plane_grid(c, pl, &labels);
    Saved clip(c.cr);
    c.clip_rect(content);
    std::vector<core::Point> pts;
    for (const model::ValueDot& v : m.values) pts.push_back(pl.to(v.at));
    if (m.hull.size() >= 3) {
        hull();
        c.color(core::lerp(c.th.card, c.th.value, 0.45));
        cairo_set_line_width(c.cr, 1.5);
        cairo_stroke(c.cr);
    }
    const core::Point own = pl.to(m.own);
    const core::Point out = pl.to(m.out);
    // The chain of weighted value arrows.
    for (const model::Segment& s : m.chain) c.arrow(pl.to(s.from), pl.to(s.to), 3.5, 15, c.th.value, s.alpha);
    // The value dots, growing with their weight once the weights exist; labels afterwards.
    for (const core::Point& p : pts) labels.dot(p, 14);
    if (m.blending) labels.dot(out, 18);
    std::vector<double> radii(pts.size());
    for (std::size_t j = 0; j < m.values.size(); ++j) {
        const model::ValueDot& v = m.values[j];
        double rad = 8 + 10 * v.weight;
        if (v.hover) {
            c.circle(pts[j], rad + 8);
            c.color(c.th.hover);
            cairo_set_line_width(c.cr, 3);
            cairo_stroke(c.cr);
        }
        if (v.focus) {
            c.circle(pts[j], rad + 5);
            c.color(c.th.query);
            cairo_set_line_width(c.cr, 3.5);
            cairo_stroke(c.cr);
        }
        if (v.hide > 0.5) c.dot(pts[j], rad, c.th.card, c.th.ink_faint, 2.5);
        else c.dot(pts[j], rad, c.th.value, c.th.card, 2);
        radii[j] = rad;
        c.mark("value:" + std::to_string(j), pts[j]);
    }
    for (std::size_t j = 0; j < m.values.size(); ++j) {
        const model::ValueDot& v = m.values[j];
        labels.place(c, v.label, pts[j], radii[j] + 2, content, Font::Bold, 18, v.hide > 0.5 ? c.th.ink_faint : c.th.ink);
    }
    if (m.arrow > 0) {
        core::Point tip{core::lerp(own.x, out.x, m.arrow), core::lerp(own.y, out.y, m.arrow)};
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
    if (m.diamond > 0) {
        double s = 16 * m.diamond;
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
        if (m.diamond >= 1) labels.place(c, m.out_label, out, 18, content, Font::Bold, 18, c.th.output_ink);
    }
    if (!m.note.empty()) {
        c.color(c.th.ink_faint);
        c.text_in(m.note, {content.x + 30, content.bottom() - 48, content.w - 60, 22}, Font::Italic, 15, 10, Align::Right);
    }
}

void hit(const model::ValuePlane& m, const core::Rect& r, core::Point p, Hit& h) {
    const Plane pl = fit_plane(m.extent, card_content(r));
    std::vector<core::Point> values;
    for (const model::ValueDot& v : m.values) values.push_back(v.at);
    if (const int j = nearest_dot(pl, values, p); j >= 0) {
        h.kind = Hit::Kind::Value;
        h.token = m.window.first + j;
    }
    h.plane = pl.from(p);
}

}  // namespace

extern const PanelDef<model::ValuePlane> kValuePlanePanel{{Slot::Where::Big, 23, 1.0}, paint, hit};

}  // namespace draw
