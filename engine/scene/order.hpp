// scene/order: two tokens exchanged in the sentence (the `swap` control): each takes the other's
// place, and with it the other's position. The content of a token (its q, k and v as given, or
// its input x) goes with the token; its position stays with the place: no positions, and the
// vectors' rows simply swap; sinusoidal or learned positions, and each x takes its new place's
// position vector before the projections; rotary positions, and q and k are turned by their new
// place's angle. Pure functions of the scene; knows nothing of files, frames or time.
#pragma once

#include <utility>

#include "core/core.hpp"
#include "scene/scene.hpp"

namespace scene {

// The scene with tokens a and b exchanged (the same scene when a == b or either is out of
// range): tokens, q, k and v (of every head), x; the steps, panels and everything else as they are.
Scene swapped(const Scene& s, std::pair<int, int> ab);

// The keys in force carried from scene `from` to scene `to`, one of them `from` with `ab`
// swapped: key i of `to` is key σ(i) of `from` (σ exchanges a and b), moved as the scene's own
// keys move: turned by the difference of the two places' angles (rotary positions), else shifted
// by what the exchange changes in the scene's own keys (0 without positions). A key dragged or
// set keeps what was done to it.
core::Mat carried_keys(const Scene& from, const Scene& to, const core::Mat& keys, std::pair<int, int> ab);

}  // namespace scene
