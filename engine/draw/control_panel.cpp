// draw/control_panel: the temperature slider and the mask switch, drawn; the window makes them live
// through hit_test. The slider runs in g = T/(1+T) (scene::temperature_unit), so T = 1 sits in
// the middle and ∞ at the end.
#include <algorithm>
#include <cmath>

#include "draw/paint.hpp"

namespace draw {

ControlPanelGeom control_panel_geom(const core::Rect& panel) {
    core::Rect content = card_content(panel);
    ControlPanelGeom g;
    g.slider = {content.x + 14, content.y + 52, content.w - 28, 8};
    g.sw = {content.x, content.y + content.h - 40, 68, 36};
    return g;
}

namespace {

void paint(Canvas& c, const model::ControlPanel& m, const core::Rect& r) {
    core::Rect content = c.card(r, m.heading);
    ControlPanelGeom g = control_panel_geom(r);
    // Temperature.
    c.color(c.th.ink);
    c.text_in(m.temperature_name, {content.x, content.y, content.w * 0.6, 30}, Font::Bold, 21, 12);
    c.color(c.th.query_ink);
    c.text_in(m.temperature, {content.x + content.w * 0.6, content.y, content.w * 0.4, 30}, Font::Bold, 21, 12, Align::Right);
    c.rounded(g.slider, 4);
    c.color(c.th.grid);
    cairo_fill(c.cr);
    c.rounded({g.slider.x, g.slider.y, g.slider.w * m.slider, g.slider.h}, 4);
    c.color(c.th.query);
    cairo_fill(c.cr);
    for (const auto& tick : m.ticks) {
        double x = g.slider.x + g.slider.w * tick.at;
        c.color(c.th.ink_faint);
        double w = 44;
        c.text_in(tick.label, {std::clamp(x - w / 2, content.x, content.right() - w), g.slider.bottom() + 8, w, 22},
                  Font::Regular, 16, 10, Align::Center);
    }
    core::Point knob{g.slider.x + g.slider.w * m.slider, g.slider.y + g.slider.h / 2};
    c.mark("knob", knob);
    c.circle(knob, 13);
    c.color(c.th.card);
    cairo_fill_preserve(c.cr);
    c.color(c.th.query);
    cairo_set_line_width(c.cr, 4);
    cairo_stroke(c.cr);
    // Mask switch.
    const double on = m.mask;
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
    c.text_in(m.mask_name, {tx, g.sw.y - 4, content.right() - tx - 60, 26}, Font::Bold, 21, 12);
    c.color(c.th.ink_soft);
    c.text_in(m.mask_caption, {tx, g.sw.y + 20, content.right() - tx, 22}, Font::Regular, 16, 10);
    c.color(on > 0.5 ? c.th.key : c.th.ink_faint);
    c.text_in(m.mask_state, {content.right() - 56, g.sw.y - 4, 56, 26}, Font::Bold, 20, 12, Align::Right);
}

void hit(const model::ControlPanel&, const core::Rect& r, core::Point p, Hit& h) {
    ControlPanelGeom g = control_panel_geom(r);
    if (g.slider.inset(-14).contains(p)) {
        h.kind = Hit::Kind::TemperatureSlider;
        // The last thousandth of the track is ∞, so the knob can be dropped on it.
        const double pos = std::clamp((p.x - g.slider.x) / g.slider.w, 0.0, 1.0);
        h.exact = h.value = scene::temperature_from_unit(pos >= 0.999 ? 1.0 : pos);
        // Within a few pixels of 0, ¼, ½, 1, 2, 4 or ∞ it clicks into that value.
        double best = kSliderDetent;
        for (double t : kSliderDetents) {
            const double d = std::abs(p.x - (g.slider.x + g.slider.w * scene::temperature_unit(t)));
            if (d <= best) {
                best = d;
                h.value = t;
            }
        }
    } else if (g.sw.inset(-8).contains(p)) {
        h.kind = Hit::Kind::MaskSwitch;
    }
}

}  // namespace

extern const PanelDef<model::ControlPanel> kControlPanelPanel{{Slot::Where::Side, 3, 200}, paint, hit};

}  // namespace draw
