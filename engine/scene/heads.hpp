// scene/heads: a scene as the engine's several heads — every scene, one head or several, as an
// attention::HeadsInput under the controls in force — and how a head is named. Knows nothing of
// YAML or drawing.
#pragma once

#include <cstddef>
#include <string>

#include "attention/heads.hpp"
#include "scene/controls.hpp"
#include "scene/scene.hpp"

namespace scene {

// The heads of `s` under controls `c`: a scene of one head is attention_input's head (its x and
// W_O on the output side); a scene of several gives each its q, k and v (head 0's keys are the
// controls' keys, as the one-head panels draw them), W_O, and x where the result can be added.
attention::HeadsInput heads_input(const Scene& s, const Controls& c);

// How many heads `s` has (1 without `heads:`).
std::size_t head_count(const Scene& s);

// Head h's name: its own, else "head h+1".
std::string head_name(const Scene& s, std::size_t h);

}  // namespace scene
