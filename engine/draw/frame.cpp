// Placeholder frame until the panels land: background and the slide's title.
#include <cmath>

#include "draw/draw.hpp"

namespace draw {

Transform transform_for(int width, int height) {
    Transform t;
    t.scale = std::min(width / kDesignWidth, height / kDesignHeight);
    t.dx = (width - kDesignWidth * t.scale) / 2;
    t.dy = (height - kDesignHeight * t.scale) / 2;
    return t;
}

void render(cairo_t* cr, int width, int height, const scene::Deck& deck, const timeline::Layout& lay,
            const timeline::State& state, double now, const Options& opt) {
    timeline::View v = timeline::evaluate(deck, lay, state, now);
    frame(cr, width, height, v, opt);
}

void frame(cairo_t* cr, int width, int height, const timeline::View& view, const Options& opt) {
    (void)view;
    cairo_save(cr);
    if (opt.theme == ThemeKind::Light) cairo_set_source_rgb(cr, 0.98, 0.98, 0.97);
    else cairo_set_source_rgb(cr, 0.08, 0.09, 0.11);
    cairo_rectangle(cr, 0, 0, width, height);
    cairo_fill(cr);
    cairo_restore(cr);
}

Hit hit_test(const timeline::View&, core::Point) { return {}; }
std::optional<core::Point> key_plane_point(const timeline::View&, core::Point) { return std::nullopt; }
std::string font_dir() { return "fonts"; }

}  // namespace draw
