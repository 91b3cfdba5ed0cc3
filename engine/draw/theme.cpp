// draw/theme: the light and dark themes (Okabe–Ito categorical colours) and the colour scales:
// one sequential scale for weights, one diverging scale, centred on 0, for signed numbers.
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
// Diverging scales, from −1 through 0 (the middle stop, a grey) to 1. Light: ColorBrewer RdBu
// (red-orange below 0, blue above; colour-blind safe), its middle a light grey that shows on a
// white card. Dark: the same two hues, brightening away from a dark grey.
constexpr std::array<unsigned, 9> kRdBu = {0xb2182b, 0xd6604d, 0xf4a582, 0xfddbc7, 0xe9e9e9,
                                           0xd1e5f0, 0x92c5de, 0x4393c3, 0x2166ac};
constexpr std::array<unsigned, 9> kRdBuDark = {0xf58a5e, 0xc96947, 0x925039, 0x5a3a31, 0x33363d,
                                               0x2d4a60, 0x34698f, 0x4a8fc2, 0x74bdef};

Theme make_light() {
    Theme t;
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
    t.neutral = hex(kRdBu[4]);
    return t;
}

Theme make_dark() {
    Theme t;
    t.dark = true;
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
    t.neutral = hex(kRdBuDark[4]);
    return t;
}

}  // namespace

core::Color Theme::shade(model::Scale scale, double t) const {
    const bool diverging = scale == model::Scale::Diverging;
    const auto& stops = diverging ? (dark ? kRdBuDark : kRdBu) : (dark ? kViridis : kYlGnBu);
    // Place on the stops: 0 … 1 (diverging: −1 … 1 mapped there, 0 on the middle stop).
    double x = diverging ? 0.5 + 0.5 * t : t;
    if (!(x == x)) x = diverging ? 0.5 : 0.0;  // NaN
    x = std::clamp(x, 0.0, 1.0);
    const double f = x * static_cast<double>(stops.size() - 1);
    const std::size_t i = std::min<std::size_t>(static_cast<std::size_t>(f), stops.size() - 2);
    return core::lerp(hex(stops[i]), hex(stops[i + 1]), f - static_cast<double>(i));
}

core::Color Theme::head(std::size_t h) const {
    // Blue, vermillion, bluish green, reddish purple, sky blue: the categorical colours left
    // once gold is the question's.
    const core::Color kHues[] = {key, accent, value, output_ink, accent2};
    return kHues[h % 5];
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
