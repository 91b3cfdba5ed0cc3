// draw/theme: the light and dark themes (Okabe–Ito categorical colours, a heat scale per theme).
#include <algorithm>
#include <cmath>

#include "draw/canvas.hpp"

namespace draw {

namespace {

core::Color hex(unsigned rgb, double a = 1.0) {
    return {((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0, (rgb & 0xff) / 255.0, a};
}

// Sequential scales, evenly spaced stops. Light: ColorBrewer YlGnBu (pale = little, deep blue =
// much; colour-blind safe). Dark: viridis (dark = little, bright yellow = much).
constexpr std::array<unsigned, 9> kYlGnBu = {0xffffd9, 0xedf8b1, 0xc7e9b4, 0x7fcdbb, 0x41b6c4,
                                             0x1d91c0, 0x225ea8, 0x253494, 0x081d58};
constexpr std::array<unsigned, 9> kViridis = {0x440154, 0x472c7a, 0x3b518b, 0x2c718e, 0x21908d,
                                              0x27ad81, 0x5cc863, 0xaadc32, 0xfde725};

Theme make_light() {
    Theme t;
    t.heat_legend = "pale = poor match · deep = good match";
    t.dark = false;
    t.bg = hex(0xf6f5f1);
    t.card = hex(0xffffff);
    t.card_edge = hex(0xdedbd2);
    t.ink = hex(0x1d1d1f);
    t.ink_soft = hex(0x55565c);
    t.ink_faint = hex(0x9a9a9f);
    t.grid = hex(0xe9e7e1);
    t.axis = hex(0xb9b6ad);
    t.query = hex(0xe69f00);
    t.query_ink = hex(0x8f5f00);
    t.key = hex(0x0072b2);
    t.value = hex(0x009e73);
    t.output = hex(0xcc79a7);
    t.output_ink = hex(0xa14a7f);
    t.accent = hex(0xd55e00);
    t.accent2 = hex(0x56b4e9);
    t.hidden = hex(0xe4e2dc);
    t.hidden_hatch = hex(0xa8a59c);
    t.hover = hex(0xd55e00);
    return t;
}

Theme make_dark() {
    Theme t;
    t.dark = true;
    t.heat_legend = "dark = poor match · bright = good match";
    t.bg = hex(0x121418);
    t.card = hex(0x1c1f25);
    t.card_edge = hex(0x2e323a);
    t.ink = hex(0xeef0f3);
    t.ink_soft = hex(0xb4b8c0);
    t.ink_faint = hex(0x767b85);
    t.grid = hex(0x272b32);
    t.axis = hex(0x4a4f59);
    t.query = hex(0xf0b429);
    t.query_ink = hex(0xf0b429);
    t.key = hex(0x56b4e9);
    t.value = hex(0x2fc79a);
    t.output = hex(0xe08fbf);
    t.output_ink = hex(0xe08fbf);
    t.accent = hex(0xf07a2c);
    t.accent2 = hex(0x56b4e9);
    t.hidden = hex(0x2a2d33);
    t.hidden_hatch = hex(0x5b6069);
    t.hover = hex(0xf07a2c);
    return t;
}

}  // namespace

core::Color Theme::heat(double x) const {
    const auto& stops = dark ? kViridis : kYlGnBu;
    if (!(x > 0)) x = 0;  // NaN → 0
    if (x > 1) x = 1;
    double f = x * (stops.size() - 1);
    std::size_t i = std::min<std::size_t>(static_cast<std::size_t>(f), stops.size() - 2);
    return core::lerp(hex(stops[i]), hex(stops[i + 1]), f - static_cast<double>(i));
}

core::Color Theme::ink_on(const core::Color& c) const {
    double lum = 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
    return lum > 0.55 ? hex(0x1d1d1f) : hex(0xffffff);
}

const Theme& theme_for(ThemeKind k) {
    static const Theme light = make_light();
    static const Theme dark = make_dark();
    return k == ThemeKind::Dark ? dark : light;
}

}  // namespace draw
