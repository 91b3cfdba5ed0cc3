// scene/stages: the stages of the walkthrough as one table. A stage is one row of
// ATTNLAB_STAGES: its enum value, YAML name, its card on the pipeline (label and caption), a
// step's default title and narration, its default animation length, and how the frame model
// animates it. The enum, the count, kStages and the default steps all come from the table;
// adding a stage is its row here plus what it does to the numbers (model/rows.cpp).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace scene {

// How a stage's own step moves the picture (the frame model reads it).
enum class Motion {
    Appear,    // shown at once (the tokens)
    CountUp,   // numbers count up from 0 to their value (scores)
    Morph,     // numbers move from the previous stage's value to this one's (÷ √d, ÷ T)
    Fold,      // entries fold away to a hatched "hidden" face (mask)
    TwoBeats,  // bars grow to e^s relative to the largest, then rescale to shares (softmax)
    Chain,     // weighted values laid tip to tail into the new vector (blend)
};

// The table, in pipeline order (a step shows every stage up to its own). One row per stage:
//   X(Enum, "yaml-name", "pipeline label", "caption", "default title", "default say",
//     "say when its control is off" or nullptr, default duration in seconds, Motion)
// The label is "" for a stage not on the pipeline; every stage with a label is a step of a scene
// that gives no steps (default_steps).
#define ATTNLAB_STAGES(X)                                                                                     \
    X(Tokens, "tokens", "", "", "The sequence",                                                             \
      "A short sequence. Each token carries a vector; nothing is connected yet.", nullptr, 1.0, Appear)     \
    X(Scores, "scores", "q·k", "how alike", "Match scores",                                                  \
      "Every key is scored by the dot product q·k: how far it reaches along the question, times the "       \
      "question's length.", nullptr, 2.0,                                                                    \
      CountUp)                                                                                              \
    X(Scale, "scale", "÷ √d", "keep small", "Scale by √d",                                                  \
      "Divide every score by √d so the numbers stay modest, whatever the dimension.", nullptr, 1.2, Morph)  \
    X(Temperature, "temperature", "÷ T", "how sharp", "Temperature",                                         \
      "Divide by the temperature T. Lower T makes the choice more decisive; higher T evens it out.",        \
      nullptr, 1.5, Morph)                                                                                  \
    X(Mask, "mask", "mask", "hide later", "Hide the future",                                                 \
      "Every word after the asking word is hidden: its score becomes −∞ and its weight exactly 0.",          \
      "The mask is off: every word may read every other word, the future included.", 1.2, Fold)            \
    X(Softmax, "softmax", "softmax", "shares of 1", "Softmax",                                               \
      "Exponentiate every score, then divide by the total: percentages that add up to 100%.", nullptr, 2.4, \
      TwoBeats)                                                                                             \
    X(Blend, "blend", "Σ aᵢvᵢ", "mix values", "Blend the values",                                          \
      "The new vector is a blend of the values, each taken in its percentage. It always lands inside the "  \
      "cloud of values.",                                                                                   \
      nullptr, 2.4, Chain)

enum class Stage {
#define ATTNLAB_STAGE_ENUM(e, ...) e,
    ATTNLAB_STAGES(ATTNLAB_STAGE_ENUM)
#undef ATTNLAB_STAGE_ENUM
};
#define ATTNLAB_STAGE_COUNT(e, ...) +1
constexpr int kStageCount = 0 ATTNLAB_STAGES(ATTNLAB_STAGE_COUNT);
#undef ATTNLAB_STAGE_COUNT

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

inline constexpr std::array<StageInfo, kStageCount> kStages = {{
#define ATTNLAB_STAGE_ROW(e, name, label, caption, title, say, say_off, duration, motion) \
    {Stage::e, name, label, caption, title, say, say_off, duration, Motion::motion},
    ATTNLAB_STAGES(ATTNLAB_STAGE_ROW)
#undef ATTNLAB_STAGE_ROW
}};

// Every stage, in order (index = static_cast<int>(stage)).
const std::array<StageInfo, kStageCount>& stages();
const StageInfo& info(Stage s);

const char* stage_name(Stage s);  // "tokens", "scores", … (the YAML names)
std::optional<Stage> stage_from_name(const std::string& name);
std::vector<std::string> stage_names();
double default_duration(Stage s);

}  // namespace scene
