// app/pixels: the pixel buffer's helpers and the Cairo context over it (see the header).
#include "app/pixels.hpp"

#include <algorithm>
#include <cstring>

namespace app {

std::uint64_t pixel_hash(const Pixels& p) {
    std::uint64_t h = 1469598103934665603ull;
    const int row_bytes = p.w * 4;
    for (int y = 0; y < p.h; ++y) {
        const auto* b = reinterpret_cast<const unsigned char*>(p.row(y));
        for (int i = 0; i < row_bytes; ++i) {
            h ^= b[i];
            h *= 1099511628211ull;
        }
    }
    return h;
}

void fill(const Pixels& p, const PixelRect& r, std::uint32_t argb) {
    const int x0 = std::max(0, r.x), x1 = std::min(p.w, r.x + r.w);
    const int y0 = std::max(0, r.y), y1 = std::min(p.h, r.y + r.h);
    for (int y = y0; y < y1; ++y) std::fill(p.row(y) + x0, p.row(y) + std::max(x0, x1), argb);
}

void copy(const Pixels& from, const Pixels& to, int x, int y) {
    const int sx = std::max(0, -x), sy = std::max(0, -y);
    const int w = std::min(from.w - sx, to.w - (x + sx)), h = std::min(from.h - sy, to.h - (y + sy));
    if (w <= 0 || h <= 0) return;
    for (int r = 0; r < h; ++r)
        std::memcpy(to.row(y + sy + r) + x + sx, from.row(sy + r) + sx, static_cast<std::size_t>(w) * 4);
}

Painting::Painting(const Pixels& target)
    : surface_(cairo_image_surface_create_for_data(reinterpret_cast<unsigned char*>(target.data), CAIRO_FORMAT_ARGB32,
                                                   target.w, target.h, target.stride)),
      cr_(cairo_create(surface_.get())) {}

Painting::~Painting() {
    cr_.reset();
    cairo_surface_flush(surface_.get());
}

}  // namespace app
