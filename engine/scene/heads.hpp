// scene/heads: a scene as the engine's several heads — every scene, one head or several, as an
// attention::HeadsInput under the controls in force — and how a head is named. Knows nothing of
// YAML or drawing.
#pragma once

#include <cstddef>
#include <optional>
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

// The head the one-head panels draw under `c`: Controls::head, within the scene's heads.
std::size_t shown_head(const Scene& s, const Controls& c);
// Its vectors: q, the keys in force (the first head's are the controls' keys, which a student
// moves; another head's as the scene gives them) and v.
const core::Mat& shown_q(const Scene& s, const Controls& c);
const core::Mat& shown_k(const Scene& s, const Controls& c);
const core::Mat& shown_v(const Scene& s, const Controls& c);
// Where they came from: the scene's x and the head's W_Q, W_K and W_V (no W_O: in a scene of
// several heads W_O takes every head's output at once); nullopt when q, k and v were given.
std::optional<Projections> shown_projections(const Scene& s, const Controls& c);
// "head 2 of 2 · which determiner" for a scene of several heads (the name only when it has
// one); "" for a scene of one head.
std::string shown_head_label(const Scene& s, const Controls& c);

}  // namespace scene
