// app/session_detail: small helpers that several parts of app::Session share (the input,
// the presenter overlay and the student bar): the step label, the student bar's geometry, a
// point-in-rect test and the digit a key stands for. Internal to engine/app/session*.cpp;
// nothing outside app/ includes it. Knows SDL types, never the Session itself.
#pragma once

#include <SDL.h>

#include <algorithm>
#include <string>

namespace app::detail {

inline std::string step_label(int i, int n) { return std::to_string(i + 1) + " / " + std::to_string(n); }

// The student bar's geometry in pixels for a w×h target: scrubber row over a row of buttons.
struct BarGeo {
    int top = 0;  // first row of the bar
    int pad = 4;
    int sh = 14;  // scrubber row height
    int u = 28;   // button size
    int fs = 12;  // label size
};
inline BarGeo bar_geo(int, int h) {
    BarGeo g;
    g.u = std::max(26, h * 50 / 1080);
    g.pad = std::max(4, g.u / 7);
    g.sh = std::max(14, g.u * 2 / 5);
    g.fs = std::max(11, g.u * 2 / 5);
    g.top = h - (g.pad + g.sh + g.u + g.pad);
    return g;
}

inline bool inside(const SDL_Rect& r, int x, int y) { return x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h; }

// The digit a key types (top row or keypad), or -1.
inline int digit_of(SDL_Keycode sym) {
    if (sym >= SDLK_0 && sym <= SDLK_9) return static_cast<int>(sym - SDLK_0);
    if (sym >= SDLK_KP_1 && sym <= SDLK_KP_9) return static_cast<int>(sym - SDLK_KP_1) + 1;
    if (sym == SDLK_KP_0) return 0;
    return -1;
}

}  // namespace app::detail
