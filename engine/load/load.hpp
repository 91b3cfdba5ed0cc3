// load: YAML → scene::Deck, or diagnostics with file:line:column. The only module that
// includes yaml-cpp; no yaml-cpp exception leaves it.
#pragma once

#include <string>

#include "core/core.hpp"
#include "scene/scene.hpp"

namespace load {

struct Result {
    scene::Deck deck;            // valid only when errors is empty
    core::Diagnostics errors;    // every problem found, each with file, line, column
    core::Diagnostics warnings;  // worth a look, but the deck loads (a quiz whose right answers
                                 // follow a pattern); kept when there are errors too
    std::vector<std::string> files;  // every file read or tried, in order (also when it failed)
    bool ok() const { return errors.empty(); }
};

// Loads a scene file (top-level `scene:`) as a one-slide deck, or a deck file (top-level
// `deck:`), following the scene files a deck names relative to the deck's folder.
Result load_file(const std::string& path);

// The same from text already in memory; `file` names it in diagnostics, `dir` resolves
// scene paths of a deck.
Result load_text(const std::string& text, const std::string& file, const std::string& dir);

}  // namespace load
