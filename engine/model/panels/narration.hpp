// model/panels/narration: the step's words, its question to predict, an experiment's "Try this"
// card, or a quiz question's answer.
// The panel's row (see model/panel.hpp), what it shows, and its builder's declaration; the
// painter is draw/narration.cpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/panel.hpp"
#include "model/parts.hpp"

namespace model {

ATTNLAB_PANEL(Narration, "narration", narration)

struct Narration {
    static constexpr bool kOneHead = false;  // words, no head's numbers
    // What the panel holds: the step's words; an experiment's "Try this" card; a step's question
    // to predict (its question beat: nothing has moved yet); a quiz question's answer (the answer
    // page of a video or handout, over the picture of the step or experiment that shows it).
    enum class Kind { Words, Experiment, Predict, Answer } kind = Kind::Words;
    bool experiment = false;  // kind == Experiment
    std::string heading, aside;
    std::string title;        // the step's title, the experiment's, or the quiz question
    std::string subheading;   // "Look for" during an experiment; on an answer page "Answer", or
                              // "the right answer" above the right choice
    std::string choice;       // an answer page: the right choice (ticked), "" without choices
    std::string text;         // the step's `say` (or `ask`), what to look for, or the answer
    std::string prompt;       // a question beat: what to do before going on
    bool operator==(const Narration&) const = default;
};

}  // namespace model
