// Shared by the fuzz targets: the invariants every accepted input must keep, checked loudly.
// A target reports a broken invariant by printing it and aborting, which libFuzzer (and the
// corpus replay under CTest) turns into a saved crashing input.
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include <cairo.h>

#include "attention/attention.hpp"
#include "draw/draw.hpp"
#include "model/model.hpp"
#include "timeline/timeline.hpp"

namespace fuzz {

[[noreturn]] inline void fail(const std::string& what) {
    std::fprintf(stderr, "fuzz invariant broken: %s\n", what.c_str());
    std::abort();
}

inline void expect(bool ok, const std::string& what) {
    if (!ok) fail(what);
}

// Every row of a trace's weights is finite, non-negative, sums to 1, and is exactly 0 where the
// mask hides a key.
inline void check_trace(const attention::Trace& t) {
    for (std::size_t i = 0; i < t.n; ++i) {
        double sum = 0.0;
        for (std::size_t j = 0; j < t.n; ++j) {
            const double w = t.weights(i, j);  // (the messages are made only when they are said: 16M entries at n = 4096)
            if (!(std::isfinite(w) && w >= 0.0)) fail("weight (" + std::to_string(i) + "," + std::to_string(j) + ") is " + std::to_string(w));
            if (!t.visible(i, j) && w != 0.0) fail("a masked weight is not exactly 0");
            sum += w;
        }
        if (!(std::fabs(sum - 1.0) < 1e-9)) fail("weight row " + std::to_string(i) + " sums to " + std::to_string(sum));
        for (std::size_t c = 0; c < t.dv; ++c)
            if (!std::isfinite(t.output(i, c))) fail("an output is not finite");
    }
}

inline const std::shared_ptr<const draw::Fonts>& fonts() {
    static const std::shared_ptr<const draw::Fonts> loaded = [] {
        std::string error;
        auto f = draw::Fonts::load(std::string(ATTNLAB_SOURCE_DIR) + "/fonts", error, draw::debian_fallbacks());
        if (!f) fail("fonts: " + error);
        return f;
    }();
    return loaded;
}

// Evaluates the deck at `now` and paints the frame small (the layout and every label are
// computed as at any size; only the pixels are fewer). The view of a loaded deck has no error.
inline void evaluate_and_paint(const scene::Deck& deck, const timeline::Layout& lay, const timeline::State& s,
                               double now) {
    const timeline::View v = timeline::evaluate(deck, lay, s, now);
    expect(v.error.empty(), "a loaded deck evaluates to an error: " + v.error);
    if (v.scene) check_trace(v.trace());
    const model::Frame frame = model::frame_at(deck, lay, s, now);
    static cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 192, 108);
    cairo_t* cr = cairo_create(surface);
    draw::Options opt;
    opt.fonts = fonts();
    draw::paint(cr, 192, 108, frame, opt);
    expect(cairo_status(cr) == CAIRO_STATUS_SUCCESS, "cairo: " + std::string(cairo_status_to_string(cairo_status(cr))));
    cairo_destroy(cr);
}

}  // namespace fuzz
