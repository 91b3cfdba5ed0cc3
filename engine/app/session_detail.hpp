// app/session_detail: small helpers that several parts of app::Session share (the input,
// the presenter overlay and the student bar): the step label, the student bar's geometry and the
// operator band's. Internal to engine/app/session*.cpp; nothing outside app/ includes it. Knows
// plain numbers, never the Session itself.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>

#include "draw/draw.hpp"

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

// The operator band of a frame fw×fh pixels: the rows below every panel (draw::kOperatorBand
// of design space at the bottom), where the window's own chips go — mode, messages, toasts,
// frames per second, the step counter and the progress bar — so that they never cover the
// slide; and the text size of a chip that fits it (1/54 of the height when there is room).
struct Band {
    int top = 0;     // first row below the panels
    int bottom = 0;  // one past the last row (the frame's bottom)
    int fs = 11;     // chip text size in pixels
    int bar = 3;     // the progress bar's height, along the bottom
};
inline Band operator_band(int fw, int fh) {
    const draw::Transform t = draw::transform_for(fw, fh);
    Band b;
    b.top = static_cast<int>(std::ceil(t.to_pixels({0, t.space.h - draw::kOperatorBand}).y)) + 1;
    b.bottom = fh;
    b.bar = std::max(2, fh / 360);
    // A chip is a line of text (at most 1.2 × its size) with half its size of padding.
    const int room = b.bottom - b.bar - b.top - 2;
    b.fs = std::max(6, std::min(std::max(11, fh / 54), static_cast<int>(room / 1.7)));
    return b;
}

}  // namespace app::detail
