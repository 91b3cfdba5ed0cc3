// Test support: one export shot drawn small, as BGRA bytes, to compare frames exactly.
#pragma once

#include <cairo.h>

#include <vector>

#include "draw/draw.hpp"
#include "output/output.hpp"
#include "support/fonts.hpp"

namespace support {

inline std::vector<unsigned char> pixels_of(const scene::Deck& deck, const timeline::Layout& lay, const output::Shot& shot) {
    const int w = 192, h = 108;
    cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t* cr = cairo_create(surface);
    draw::render(cr, w, h, deck, lay, shot.state, shot.now, support::draw_options());
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    const unsigned char* data = cairo_image_surface_get_data(surface);
    std::vector<unsigned char> out(data, data + cairo_image_surface_get_stride(surface) * h);
    cairo_surface_destroy(surface);
    return out;
}

}  // namespace support
