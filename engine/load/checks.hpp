// load/checks: the checks of a scene as a whole, once read_scene has read its keys: a step's
// question to predict (`ask:`, asked over the picture before the step moves, answered by its
// `say` once it has played) is asked where it can be read and not answered before its reveal;
// the video it plans is bounded; the engine computes its start, every step and every experiment.
// Internal to load/; knows nothing of the timeline or drawing.
#pragma once

#include <string>
#include <vector>

#include "load/reader.hpp"
#include "scene/scene.hpp"

namespace load {

// Where a scene's parts were read, for the messages (null or missing: at the root).
struct SceneNodes {
    const Node* root = nullptr;
    std::vector<const Node*> steps, experiments;
    const Node* quiz = nullptr;
};
// Everything below, then the video's length (kMaxSeconds: its steps with their question beats,
// and one attempt's quiz pages) and, when the scene is `sized` (its tokens and widths known),
// that attention::trace computes its start, each step's controls and each experiment's.
void check_scene(Reader& r, const scene::Scene& s, const SceneNodes& at, bool sized);

// Errors: a step that asks shows no narration panel to ask it on. Warnings: a `say` that asks
// for a prediction itself (it is shown while the step moves and after); a number the reveal
// produces (a weight of the asking row once the step has played, that no weight shows before)
// stated in the question or in the narration of the step shown just before it. `step_nodes`
// point the messages at their steps (root when missing). A step whose state attention::trace
// does not compute is skipped here (check_scene reports it), and the numbers are read only in a
// scene traced in full (load/vectors.hpp).
void check_predictions(Reader& r, const Node* root, const scene::Scene& s, const std::vector<const Node*>& step_nodes);

// The narration asks the student to predict: a sentence or clause that begins "Predict"
// ("Predict before it moves: …", "… a faint question: predict how …"), not "trained to predict".
bool asks_to_predict(const std::string& say);

// A number the text states as a share: "62%", "2.6%" (a percentage), "0.44" (a decimal share
// below 1), "1/6" (a fraction); with how far a share may be from it and still read as it.
struct StatedShare {
    std::string text;  // as written
    double value = 0;  // as a share of 1
    double tolerance = 0;
};
std::vector<StatedShare> stated_shares(const std::string& text);

}  // namespace load
