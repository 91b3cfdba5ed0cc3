// app/pixels: what the presenter core draws into — a plain buffer of pixels any platform can hand
// over (an SDL texture's memory, a browser's ImageData), 32-bit ARGB premultiplied in native byte
// order as Cairo's CAIRO_FORMAT_ARGB32 lays it out — and the small owners the core draws with: a
// buffer of its own (Image), a Cairo context over pixels (Painting), FNV-1a of the visible pixels.
// Knows Cairo; never a window, an event or a platform.
#pragma once

#include <cairo.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "draw/draw.hpp"

namespace app {

// A rectangle of whole pixels (or of window points), from its top left corner.
struct PixelRect {
    int x = 0, y = 0, w = 0, h = 0;
    bool contains(int px, int py) const { return px >= x && px < x + w && py >= y && py < y + h; }
    bool operator==(const PixelRect&) const = default;
};

// w×h pixels that someone else owns: 0xAARRGGBB words, premultiplied, row after row `stride`
// bytes apart. Copying it copies the view, never the pixels.
struct Pixels {
    std::uint32_t* data = nullptr;  // the top row's first pixel
    int w = 0, h = 0;
    int stride = 0;                 // bytes from one row to the next, at least 4 w
    // The platform's word that these are the very pixels it handed to the session's last render,
    // untouched since but for that frame's overlay (paint_overlay): a window's own buffer, kept
    // between frames. The session then lets the panels already in place alone without reading
    // them (draw::PanelCache::in_place). A new or resized buffer, or one anything else wrote
    // into, is not kept.
    bool kept = false;
    std::uint32_t* row(int y) const {
        return reinterpret_cast<std::uint32_t*>(reinterpret_cast<unsigned char*>(data) + static_cast<std::ptrdiff_t>(y) * stride);
    }
    // Rows [y, y + n) as pixels of their own (the same memory).
    Pixels rows(int y, int n) const { return {row(y), w, n, stride}; }
};

// Pixels the core owns: thumbnails, a frame drawn before it is copied, a test's target.
class Image {
public:
    Image(int w, int h) : w_(w > 0 ? w : 0), h_(h > 0 ? h : 0), px_(static_cast<std::size_t>(w_) * h_, 0u) {}
    Pixels pixels() { return {px_.data(), w_, h_, 4 * w_}; }
    int w() const { return w_; }
    int h() const { return h_; }

private:
    int w_, h_;
    std::vector<std::uint32_t> px_;
};

// FNV-1a of the visible pixels' bytes (rows without their padding).
std::uint64_t pixel_hash(const Pixels& p);

// Sets the pixels of `r` (clipped to the buffer) to `argb`.
void fill(const Pixels& p, const PixelRect& r, std::uint32_t argb);
// The opaque colour 0xFFRRGGBB.
inline std::uint32_t opaque(int r, int g, int b) {
    return 0xFF000000u | static_cast<std::uint32_t>(r) << 16 | static_cast<std::uint32_t>(g) << 8 | static_cast<std::uint32_t>(b);
}

// What drawing a frame changed in its target, for a platform that presents only that: the whole
// target (`all`), or the rectangles that hold every pixel that changed (none: nothing did).
struct Damage {
    bool all = true;
    std::vector<PixelRect> rects;
};
// `whole` without `holes` (rectangles that do not overlap one another), as few rectangles: bands
// between the holes' top and bottom edges, merged where a band continues the one above.
std::vector<PixelRect> subtract(const PixelRect& whole, const std::vector<PixelRect>& holes);

// Copies `from` into `to` with its top left at (x, y), clipped to `to`.
void copy(const Pixels& from, const Pixels& to, int x, int y);

// A Cairo context whose user space is the pixels of `target`; the drawing is flushed into them
// when it goes.
class Painting {
public:
    explicit Painting(const Pixels& target);
    ~Painting();
    Painting(const Painting&) = delete;
    Painting& operator=(const Painting&) = delete;
    cairo_t* cr() const { return cr_.get(); }

private:
    draw::SurfacePtr surface_;
    draw::ContextPtr cr_;
};

}  // namespace app
