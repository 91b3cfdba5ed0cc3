// load/schema: the scene format (v1, documented for authors in scenes/README.md): every key of
// a scene file declared once, in a Key table, with the code that reads it. Internal to load/.
#pragma once

#include <string>
#include <vector>

#include "load/reader.hpp"
#include "scene/scene.hpp"

namespace load {

// Reads the scene mapping `root` into `s` (whose `file` is set by the caller). Problems go to
// `r`; after them `s` is not to be used. A scene without problems is one attention::trace
// computes at its start, at every step and in every experiment.
void read_scene(Reader& r, const Node* root, scene::Scene& s);

// The keys a scene file may have at its top level, in the order messages list them.
std::vector<std::string> scene_keys();

}  // namespace load
