// draw/controls: the temperature slider and the mask switch, drawn; the window makes them live
// through hit_test. The slider runs in g = T/(1+T), so T = 1 sits in the middle and ∞ at the end.
#include <algorithm>
#include <cmath>

#include "draw/paint.hpp"

namespace draw {

double slider_pos(double T) { return scene::temperature_unit(T); }
// The last thousandth of the track is ∞, so the knob can be dropped on it.
double slider_temperature(double pos) { return scene::temperature_from_unit(pos >= 0.999 ? 1.0 : pos); }

ControlsGeom controls_geom(const core::Rect& panel) {
    core::Rect content = card_content(panel);
    ControlsGeom g;
    g.slider = {content.x + 14, content.y + 52, content.w - 28, 8};
    g.sw = {content.x, content.y + content.h - 40, 68, 36};
    return g;
}

void paint_controls(Canvas& c, const Model& m, const core::Rect& r) {
    core::Rect content = c.card(r, "Controls");
    ControlsGeom g = controls_geom(r);
    // Temperature.
    c.color(c.th.ink);
    c.text_in("Temperature T", {content.x, content.y, content.w * 0.6, 30}, Font::Bold, 21, 12);
    c.color(c.th.query_ink);
    c.text_in("T = " + num(m.T), {content.x + content.w * 0.6, content.y, content.w * 0.4, 30}, Font::Bold, 21, 12,
              Align::Right);
    c.rounded(g.slider, 4);
    c.color(c.th.grid);
    cairo_fill(c.cr);
    double pos = slider_pos(m.T);
    c.rounded({g.slider.x, g.slider.y, g.slider.w * pos, g.slider.h}, 4);
    c.color(c.th.query);
    cairo_fill(c.cr);
    for (double t : {0.0, 0.25, 1.0, 4.0, attention::kInfinity}) {
        double x = g.slider.x + g.slider.w * slider_pos(t);
        c.color(c.th.ink_faint);
        std::string s = std::isinf(t) ? "∞" : (t == 0.25 ? "0.25" : num(t, 0));
        double w = 44;
        c.text_in(s, {std::clamp(x - w / 2, content.x, content.right() - w), g.slider.bottom() + 8, w, 22},
                  Font::Regular, 16, 10, Align::Center);
    }
    core::Point knob{g.slider.x + g.slider.w * pos, g.slider.y + g.slider.h / 2};
    c.mark("knob", knob);
    c.circle(knob, 13);
    c.color(c.th.card);
    cairo_fill_preserve(c.cr);
    c.color(c.th.query);
    cairo_set_line_width(c.cr, 4);
    cairo_stroke(c.cr);
    // Mask switch.
    double on = m.view->mask_u;
    c.mark("switch", g.sw);
    c.rounded(g.sw, g.sw.h / 2);
    c.color(core::lerp(c.th.grid, c.th.key, on));
    cairo_fill(c.cr);
    core::Point k{g.sw.x + g.sw.h / 2 + (g.sw.w - g.sw.h) * on, g.sw.y + g.sw.h / 2};
    c.circle(k, g.sw.h / 2 - 4);
    c.color(c.th.card);
    cairo_fill(c.cr);
    c.color(c.th.ink);
    double tx = g.sw.right() + 16;
    c.text_in("Hide the future", {tx, g.sw.y - 4, content.right() - tx - 60, 26}, Font::Bold, 21, 12);
    c.color(c.th.ink_soft);
    c.text_in(on > 0.5 ? "later words get weight 0" : "every word sees every word",
              {tx, g.sw.y + 20, content.right() - tx, 22}, Font::Regular, 16, 10);
    c.color(on > 0.5 ? c.th.key : c.th.ink_faint);
    c.text_in(on > 0.5 ? "on" : "off", {content.right() - 56, g.sw.y - 4, 56, 26}, Font::Bold, 20, 12, Align::Right);
}

}  // namespace draw
