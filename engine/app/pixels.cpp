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

std::vector<PixelRect> subtract(const PixelRect& whole, const std::vector<PixelRect>& holes) {
    std::vector<PixelRect> in;  // the holes, clipped to `whole`
    for (const PixelRect& h : holes) {
        const int x0 = std::max(h.x, whole.x), y0 = std::max(h.y, whole.y);
        const int x1 = std::min(h.x + h.w, whole.x + whole.w), y1 = std::min(h.y + h.h, whole.y + whole.h);
        if (x1 > x0 && y1 > y0) in.push_back({x0, y0, x1 - x0, y1 - y0});
    }
    std::vector<int> ys{whole.y, whole.y + whole.h};
    for (const PixelRect& h : in) {
        ys.push_back(h.y);
        ys.push_back(h.y + h.h);
    }
    std::sort(ys.begin(), ys.end());
    ys.erase(std::unique(ys.begin(), ys.end()), ys.end());
    std::vector<PixelRect> out;
    std::vector<std::pair<int, int>> spans;
    for (std::size_t k = 0; k + 1 < ys.size(); ++k) {
        const int y0 = ys[k], y1 = ys[k + 1];
        spans.clear();
        for (const PixelRect& h : in)
            if (h.y <= y0 && h.y + h.h >= y1) spans.emplace_back(h.x, h.x + h.w);
        std::sort(spans.begin(), spans.end());
        int x = whole.x;
        auto emit = [&](int x0, int x1) {
            if (x1 <= x0) return;
            // The band continues a rectangle of the band above: that one grows.
            for (PixelRect& o : out)
                if (o.x == x0 && o.w == x1 - x0 && o.y + o.h == y0) {
                    o.h += y1 - y0;
                    return;
                }
            out.push_back({x0, y0, x1 - x0, y1 - y0});
        };
        for (const auto& [a, b] : spans) {
            emit(x, a);
            x = std::max(x, b);
        }
        emit(x, whole.x + whole.w);
    }
    return out;
}

}  // namespace app
