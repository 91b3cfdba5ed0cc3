// load: YAML → scene::Deck, or diagnostics with file:line:column. The only module that
// includes yaml-cpp; no yaml-cpp exception leaves it.
#pragma once

#include <functional>
#include <string>

#include "core/core.hpp"
#include "scene/scene.hpp"

namespace load {

// Decks included in decks (`deck:`), the top deck counted: a lecture has two or three levels; a
// chain deeper than this is an error at the include that passes it, read no further.
constexpr std::size_t kMaxDeckDepth = 32;

struct Result {
    scene::Deck deck;            // valid only when errors is empty
    core::Diagnostics errors;    // every problem found, each with file, line, column
    core::Diagnostics warnings;  // worth a look, but the deck loads (a quiz whose right answers
                                 // follow a pattern); kept when there are errors too
    std::vector<std::string> files;  // every file read or tried, in order (also when it failed)
    // How many states of its scenes the engine computed to check them: each scene's start, each
    // step that changes what the engine reads (keys, temperature, mask), each experiment, and the
    // state before and after each question to predict. Steps that only move the focus cost none.
    std::size_t states_computed = 0;
    bool ok() const { return errors.empty(); }
};

// What can go wrong in drawing one character of a text the deck shows: "" when nothing, else
// what to say ("no face has '猫' (U+732B); Debian's fonts-noto-cjk has it"). `attnlab check`
// asks the fonts; the loader knows none, only where each text is.
using CharacterCheck = std::function<std::string(char32_t)>;
// Given every text the deck shows, whole, as it is read (a text of a scene read twice comes twice).
using TextSink = std::function<void(const std::string&)>;

// How a file is loaded.
struct Options {
    // The folder every file a deck names must lie inside (its includes, its scenes, its voice
    // clips): a path written in a deck that is absolute, climbs out of it with '..' or leads out
    // through a symbolic link is an error at its file, line and column. "" (the default): the
    // current folder when the top file lies inside it, else the top file's own folder
    // (default_root). The top file itself must lie inside it.
    std::string root;
    // With a check, every text the deck shows (tokens, titles, narration, notes, bullets, the
    // quiz, the experiments) is read character by character, and a character it has something to
    // say about is a warning at that character's line and column (once per character and file).
    CharacterCheck characters;
    // With a sink, every text the deck shows — the same texts as the character check reads —
    // goes to it whole (a live page subsets the fallback faces to their characters).
    TextSink texts;
};

// The root when none is given: the current folder when `top` lies inside it (so `attnlab
// slides/lecture.yaml` from the checkout reaches ../scenes/), else the folder of `top`.
std::string default_root(const std::string& top);

// Loads a scene file (top-level `scene:`) as a one-slide deck, or a deck file (top-level
// `deck:`), following the files a deck names relative to the folder of the file that names
// them, inside the root (Options::root).
Result load_file(const std::string& path, const Options& options);
inline Result load_file(const std::string& path, const CharacterCheck& characters = {}) {  // the default root
    return load_file(path, Options{"", characters});
}

// The same from text already in memory; `file` names it in diagnostics, `dir` is its folder
// (where the paths it writes start; the default root is found from dir/file).
Result load_text(const std::string& text, const std::string& file, const std::string& dir, const Options& options);
inline Result load_text(const std::string& text, const std::string& file, const std::string& dir,
                        const CharacterCheck& characters = {}) {
    return load_text(text, file, dir, Options{"", characters});
}

}  // namespace load
