// model/panels/pipeline: the formula and one card per stage: done, active (with its progress) or ahead.
// The panel's row (see model/panel.hpp), what it shows, and its builder's declaration; the
// painter is draw/pipeline.cpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/panel.hpp"
#include "model/parts.hpp"
#include "scene/stages.hpp"

namespace model {

ATTNLAB_PANEL(Pipeline, "pipeline", pipeline)

// One card of the pipeline.
struct StageCard {
    scene::Stage stage = scene::Stage::Scores;
    std::string number;    // "1" … (the disc; a tick replaces it once done)
    std::string label;     // "÷ √d"
    std::string caption;   // "keep numbers modest"
    enum class State { Ahead, Active, Done } state = State::Ahead;
    std::optional<double> running;  // the active card while its step animates: linear progress
    bool operator==(const StageCard&) const = default;
};
struct Pipeline {
    static constexpr bool kOneHead = false;  // the stages every head goes through
    std::string formula = "a = softmax( q·k / (√d · T) ) · V";
    std::string subtitle = "at T = 1 this is scaled dot-product attention";
    std::vector<StageCard> cards;
    bool operator==(const Pipeline&) const = default;
};

}  // namespace model
