// app/places: where a student stopped in each deck, remembered for the next `--student` open.
// One file, $XDG_STATE_HOME/attnlab/places (or ~/.local/state/attnlab/places), one line per deck:
// "STEP<TAB>ABSOLUTE-PATH" with STEP 1-based as the counter shows it. Written whole to a
// temporary file in the same directory, then renamed over the old one (atomic on POSIX).
#pragma once

#include <optional>
#include <string>

namespace app {

// The places file, or "" when neither XDG_STATE_HOME nor HOME is set (then nothing is kept).
std::string places_file();

// The key a deck is remembered by: its absolute, normalised path.
std::string place_key(const std::string& deck_path);

// The 0-based step where the student stopped in `deck_path`, if remembered.
std::optional<int> load_place(const std::string& deck_path);

// Remembers `span` (0-based) for `deck_path`, keeping every other deck's line. False (with a
// reason in `error`) when the file cannot be written; the old file is then left as it was.
bool save_place(const std::string& deck_path, int span, std::string& error);

}  // namespace app
