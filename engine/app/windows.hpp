// app/windows: where the presenter window opens, from plain rectangles a backend gives (the
// display's usable bounds, the audience window's place): beside or below the audience window
// within the display, so that it is seen where no window manager places or raises windows.
// Knows no SDL and no Session.
#pragma once

#include "app/pixels.hpp"

namespace app {

// The presenter window's default size, in points.
inline constexpr int kPresenterWidth = 1100, kPresenterHeight = 700;

// The rectangle a w×h presenter window opens at on `display` (its usable bounds), with the audience
// window at `audience` (in the same screen coordinates; it may be on another display). The window
// is shrunk to the display; it goes right of the audience window, else below, left or above it,
// the first that fits whole within the display without covering it; where none does (one display
// and a fullscreen audience window) the display's corner farthest from the audience window's
// centre. Always within `display`.
PixelRect presenter_window(PixelRect display, PixelRect audience, int w, int h);

// Whether two rectangles share a pixel.
bool overlap(PixelRect a, PixelRect b);

}  // namespace app
