// app/windows: the presenter window's place (windows.hpp): a few rectangles tried in order.
#include "app/windows.hpp"

#include <algorithm>
#include <cstdlib>

namespace app {

bool overlap(PixelRect a, PixelRect b) {
    return a.w > 0 && a.h > 0 && b.w > 0 && b.h > 0 && a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h &&
           b.y < a.y + a.h;
}

PixelRect presenter_window(PixelRect display, PixelRect audience, int w, int h) {
    w = std::clamp(w, 1, std::max(1, display.w));
    h = std::clamp(h, 1, std::max(1, display.h));
    auto inside = [&](PixelRect r) {
        return r.x >= display.x && r.y >= display.y && r.x + r.w <= display.x + display.w && r.y + r.h <= display.y + display.h;
    };
    // Slid along the audience window's side into the display.
    auto clamp_x = [&](int x) { return std::clamp(x, display.x, display.x + display.w - w); };
    auto clamp_y = [&](int y) { return std::clamp(y, display.y, display.y + display.h - h); };
    const PixelRect tries[] = {
        {audience.x + audience.w, clamp_y(audience.y), w, h},  // right
        {clamp_x(audience.x), audience.y + audience.h, w, h},  // below
        {audience.x - w, clamp_y(audience.y), w, h},           // left
        {clamp_x(audience.x), audience.y - h, w, h},           // above
    };
    for (const PixelRect& r : tries)
        if (inside(r) && !overlap(r, audience)) return r;
    // No room beside it: the display's corner farthest from the audience window's centre.
    const long cx = audience.x + audience.w / 2L, cy = audience.y + audience.h / 2L;
    PixelRect best{display.x, display.y, w, h};
    long far = -1;
    for (int right = 0; right < 2; ++right)
        for (int bottom = 0; bottom < 2; ++bottom) {
            const PixelRect r{right ? display.x + display.w - w : display.x, bottom ? display.y + display.h - h : display.y, w, h};
            const long d = std::labs(r.x + w / 2L - cx) + std::labs(r.y + h / 2L - cy);
            if (d > far) {
                far = d;
                best = r;
            }
        }
    return best;
}

}  // namespace app
