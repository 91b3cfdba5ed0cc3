// model/panels/narration: the step's words, or an experiment's "Try this" card.
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
    bool experiment = false;  // "Try this" card instead of the step's words
    std::string heading, aside;
    std::string title;        // the step's title, or the experiment's
    std::string subheading;   // "Look for" during an experiment
    std::string text;         // the step's `say`, or what to look for
};

}  // namespace model
