#include "scene/stages.hpp"

namespace scene {

namespace {

constexpr std::array<StageInfo, kStageCount> kStages = {{
    {Stage::Tokens, "tokens", "", "", "The sequence",
     "A short sequence. Each token carries a vector; nothing is connected yet.", nullptr, 1.0, Motion::Appear},
    {Stage::Scores, "scores", "q·k", "how well they match", "Match scores",
     "Every key is scored by how far it reaches along the question: the dot product q·k.", nullptr, 2.0,
     Motion::CountUp},
    {Stage::Scale, "scale", "÷ √d", "keep numbers modest", "Scale by √d",
     "Divide every score by √d so the numbers stay modest, whatever the dimension.", nullptr, 1.2, Motion::Morph},
    {Stage::Temperature, "temperature", "÷ T", "how decisive", "Temperature",
     "Divide by the temperature T. Lower T makes the choice more decisive; higher T evens it out.", nullptr, 1.5,
     Motion::Morph},
    {Stage::Mask, "mask", "mask", "hide later words", "Hide the future",
     "Every word after the asking word is hidden: its score becomes −∞ and its weight exactly 0.",
     "The mask is off: every word may read every other word, the future included.", 1.2, Motion::Fold},
    {Stage::Softmax, "softmax", "softmax", "percentages, total 1", "Softmax",
     "Exponentiate every score, then divide by the total: percentages that add up to 100%.", nullptr, 2.4,
     Motion::TwoBeats},
    {Stage::Blend, "blend", "Σ aᵢvᵢ", "blend the values", "Blend the values",
     "The new vector is a blend of the values, each taken in its percentage. It always lands inside the cloud of "
     "values.",
     nullptr, 2.4, Motion::Chain},
}};

constexpr bool in_order() {
    for (int i = 0; i < kStageCount; ++i)
        if (static_cast<int>(kStages[static_cast<std::size_t>(i)].stage) != i) return false;
    return true;
}
static_assert(in_order(), "kStages lists the stages in the order of the Stage enum");

}  // namespace

const std::array<StageInfo, kStageCount>& stages() { return kStages; }
const StageInfo& info(Stage s) { return kStages[static_cast<std::size_t>(s)]; }
const char* stage_name(Stage s) { return info(s).name; }

std::optional<Stage> stage_from_name(const std::string& name) {
    for (const StageInfo& s : kStages)
        if (name == s.name) return s.stage;
    return std::nullopt;
}

std::vector<std::string> stage_names() {
    std::vector<std::string> out;
    for (const StageInfo& s : kStages) out.emplace_back(s.name);
    return out;
}

double default_duration(Stage s) { return info(s).duration; }

}  // namespace scene
