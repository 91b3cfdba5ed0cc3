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

// The heads of `s` under controls `c`: each its q, k and v (the first head's keys are the
// controls' keys, which a student moves), W_O, and x where the result can be added.
attention::HeadsInput heads_input(const Scene& s, const Controls& c);

// How many heads `s` has.
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
// The tag over the panels that draw the shown head: "head 2 of 2", or "head 2 · which determiner"
// when it has a name; "" for a scene of one head (there is no other to tell it from).
std::string shown_head_tag(const Scene& s, const Controls& c);

// The shown head's attention input under these controls: its q, its keys in force and its v, the
// temperature and the mask (the heads' output side, x and W_O, is heads_input's); with a swap in
// force, of the scene with the two tokens exchanged (scene::swapped).
attention::Input attention_input(const Scene& s, const Controls& c);
// "head 2 of 2 · which determiner" for a scene of several heads (the name only when it has
// one); "" for a scene of one head.
std::string shown_head_label(const Scene& s, const Controls& c);

}  // namespace scene
