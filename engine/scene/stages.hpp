// scene/stages: the stages of the walkthrough as one table. A stage is one row: its YAML name,
// its card on the pipeline (label and caption), a step's default title and narration, its
// default animation length, and how the frame model animates it. Adding a stage is a value
// of `Stage` and a row in stages.cpp (plus what it does to the numbers, in model/).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace scene {

// In pipeline order. A step shows every stage up to its own.
enum class Stage {
    Tokens,       // the sequence and its vectors; nothing connected yet
    Scores,       // q·k
    Scale,        // ÷ √d
    Temperature,  // ÷ T
    Mask,         // causal mask
    Softmax,      // exponentiate, then normalise: weights that sum to 1
    Blend,        // Σ aᵢvᵢ: the new vector
};
constexpr int kStageCount = 7;

// How a stage's own step moves the picture (the frame model reads it).
enum class Motion {
    Appear,    // shown at once (the tokens)
    CountUp,   // numbers count up from 0 to their value (scores)
    Morph,     // numbers move from the previous stage's value to this one's (÷ √d, ÷ T)
    Fold,      // entries fold away to a hatched "hidden" face (mask)
    TwoBeats,  // bars grow to e^s relative to the largest, then rescale to shares (softmax)
    Chain,     // weighted values laid tip to tail into the new vector (blend)
};

struct StageInfo {
    Stage stage;
    const char* name;      // the YAML name: "scale"
    const char* label;     // on its pipeline card: "÷ √d" ("" for a stage not on the pipeline)
    const char* caption;   // under the label: "keep numbers modest"
    const char* title;     // a step's title when it gives none: "Scale by √d"
    const char* say;       // a step's narration when it gives none
    const char* say_off;   // the same when the control it depends on is off (mask off); else null
    double duration;       // seconds of animation when a step gives no `duration`
    Motion motion;
};

// Every stage, in order (index = static_cast<int>(stage)).
const std::array<StageInfo, kStageCount>& stages();
const StageInfo& info(Stage s);

const char* stage_name(Stage s);  // "tokens", "scores", … (the YAML names)
std::optional<Stage> stage_from_name(const std::string& name);
std::vector<std::string> stage_names();
double default_duration(Stage s);

}  // namespace scene
