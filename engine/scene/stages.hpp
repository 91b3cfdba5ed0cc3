// scene/stages: the stages of the walkthrough as one table. A stage is one row: its YAML name,
// its card on the pipeline (label and caption), a step's default title and narration, its
// default animation length, and how the frame model animates it. Adding a stage is a value
// of `Stage` and a row in kStages, both in this file (plus what it does to the numbers, in model/).
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
    const char* caption;   // under the label, one short line at 16:10: "keep small"
    const char* title;     // a step's title when it gives none: "Scale by √d"
    const char* say;       // a step's narration when it gives none
    const char* say_off;   // the same when the control it depends on is off (mask off); else null
    double duration;       // seconds of animation when a step gives no `duration`
    Motion motion;
};

// The table: one row per stage, in the order of the enum.
inline constexpr std::array<StageInfo, kStageCount> kStages = {{
    {Stage::Tokens, "tokens", "", "", "The sequence",
     "A short sequence. Each token carries a vector; nothing is connected yet.", nullptr, 1.0, Motion::Appear},
    {Stage::Scores, "scores", "q·k", "how alike", "Match scores",
     "Every key is scored by how far it reaches along the question: the dot product q·k.", nullptr, 2.0,
     Motion::CountUp},
    {Stage::Scale, "scale", "÷ √d", "keep small", "Scale by √d",
     "Divide every score by √d so the numbers stay modest, whatever the dimension.", nullptr, 1.2, Motion::Morph},
    {Stage::Temperature, "temperature", "÷ T", "how sharp", "Temperature",
     "Divide by the temperature T. Lower T makes the choice more decisive; higher T evens it out.", nullptr, 1.5,
     Motion::Morph},
    {Stage::Mask, "mask", "mask", "hide later", "Hide the future",
     "Every word after the asking word is hidden: its score becomes −∞ and its weight exactly 0.",
     "The mask is off: every word may read every other word, the future included.", 1.2, Motion::Fold},
    {Stage::Softmax, "softmax", "softmax", "shares of 1", "Softmax",
     "Exponentiate every score, then divide by the total: percentages that add up to 100%.", nullptr, 2.4,
     Motion::TwoBeats},
    {Stage::Blend, "blend", "Σ aᵢvᵢ", "mix values", "Blend the values",
     "The new vector is a blend of the values, each taken in its percentage. It always lands inside the cloud of "
     "values.",
     nullptr, 2.4, Motion::Chain},
}};

constexpr bool stages_in_order() {
    for (int i = 0; i < kStageCount; ++i)
        if (static_cast<int>(kStages[static_cast<std::size_t>(i)].stage) != i) return false;
    return true;
}
static_assert(stages_in_order(), "kStages lists the stages in the order of the Stage enum");

// Every stage, in order (index = static_cast<int>(stage)).
const std::array<StageInfo, kStageCount>& stages();
const StageInfo& info(Stage s);

const char* stage_name(Stage s);  // "tokens", "scores", … (the YAML names)
std::optional<Stage> stage_from_name(const std::string& name);
std::vector<std::string> stage_names();
double default_duration(Stage s);

}  // namespace scene
