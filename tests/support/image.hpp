// Test support: an image surface owned by RAII, and frames drawn into one — a view, a frame of
// the model, or the deck at an instant — through the painter every output uses. Knows nothing
// of golden files (support/golden.hpp compares images).
#pragma once

#include <cairo.h>

#include <memory>
#include <string>

#include "draw/draw.hpp"
#include "model/model.hpp"
#include "support/fonts.hpp"
#include "timeline/timeline.hpp"

namespace support {

// A Cairo ARGB32 image surface (pixels are BGRA in memory, premultiplied; frames are opaque).
struct Image {
    cairo_surface_t* s;
    Image(int w, int h) : s(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h)) {}
    explicit Image(cairo_surface_t* loaded) : s(loaded) {}
    ~Image() { cairo_surface_destroy(s); }
    Image(const Image&) = delete;
    Image& operator=(const Image&) = delete;
    // A PNG file read back (check ok(): a missing or unreadable file gives an error surface).
    static std::unique_ptr<Image> load(const std::string& png) {
        return std::make_unique<Image>(cairo_image_surface_create_from_png(png.c_str()));
    }
    bool write(const std::string& png) const { return cairo_surface_write_to_png(s, png.c_str()) == CAIRO_STATUS_SUCCESS; }
    int w() const { return cairo_image_surface_get_width(s); }
    int h() const { return cairo_image_surface_get_height(s); }
    const unsigned char* px(int x, int y) const {
        return cairo_image_surface_get_data(s) + y * cairo_image_surface_get_stride(s) + x * 4;
    }
    unsigned char* px(int x, int y) { return cairo_image_surface_get_data(s) + y * cairo_image_surface_get_stride(s) + x * 4; }
    bool ok() const { return cairo_surface_status(s) == CAIRO_STATUS_SUCCESS; }
};

// A w×h image drawn by `draw_into(cr)`.
template <class Draw>
std::unique_ptr<Image> drawn(int w, int h, Draw draw_into) {
    auto img = std::make_unique<Image>(w, h);
    cairo_t* cr = cairo_create(img->s);
    draw_into(cr);
    cairo_destroy(cr);
    cairo_surface_flush(img->s);
    return img;
}

// One evaluated view (draw::frame: no cross-fade).
inline std::unique_ptr<Image> draw_view(const timeline::View& v, int w, int h, draw::Options opt = draw_options()) {
    return drawn(w, h, [&](cairo_t* cr) { draw::frame(cr, w, h, v, opt); });
}

// A frame of the model as it is (draw::paint): a test may change it first.
inline std::unique_ptr<Image> paint_frame(const model::Frame& f, int w, int h, draw::Options opt = draw_options()) {
    return drawn(w, h, [&](cairo_t* cr) { draw::paint(cr, w, h, f, opt); });
}

// The deck at session time `now` in `state` (draw::render: what the window and the exports draw).
inline std::unique_ptr<Image> render_at(const scene::Deck& deck, const timeline::Layout& lay, const timeline::State& state,
                                        double now, int w, int h, draw::Options opt = draw_options()) {
    return drawn(w, h, [&](cairo_t* cr) { draw::render(cr, w, h, deck, lay, state, now, opt); });
}

}  // namespace support
