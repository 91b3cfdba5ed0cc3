// app/bindings: every key of the window, declared once. One row of the table (bindings.cpp) is
// the key(s) with their modifiers, the layer and modes where they apply, the action (modes.hpp)
// and its help text. The table drives the key handling (press() looks keys up here, then
// react() does what the action says), the help overlay (help_sections()) and docs/presenting.md's key table
// (readme_key_table(), which a test compares with that page).
//
// To add a key: one row in kBindings (bindings.cpp); if its action is new, one enumerator in
// Action and one case in react() (modes.cpp); then regenerate that table (see
// tests/app_test.cpp, "docs/presenting.md's key table").
//
// SDL-free: keys are attnlab's own Key values; a backend translates its key codes (sdl/events.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/modes.hpp"
#include "core/web_key.hpp"

namespace app {

// A key as attnlab names it: a printable key by its character ('q' for Q, '0', '[', '.', '-'),
// the others by name. The keypad types what the main keys type (its Enter is Enter).
enum class Key : int {
    None = 0,
    Space = 0x100, Enter, Escape, Backspace, Tab,
    Left, Right, Up, Down, PageUp, PageDown, Home, End,
    F1, F11, F12,
};
constexpr Key ch(char c) { return static_cast<Key>(c); }

// Modifier keys, as a bit set.
using Mods = unsigned;
inline constexpr Mods kNoMods = 0, kShift = 1, kCtrl = 2, kAlt = 4;

// A key (or a range of keys, '1'…'9') and the modifiers that must be held for it. Other
// modifiers may be held as well: Ctrl+Q quits as Q does. Where two rows match, the one that
// asks for more modifiers wins (Shift+T before T).
struct Chord {
    Key key = Key::None;
    Key last = Key::None;  // the end of a range key…last, or None for one key
    Mods mods = kNoMods;
};

// Where a row is looked up; also the section it is listed under. For one key press the layers
// are asked in this order, and the first that has the key takes it:
//   Anywhere; Help while the help is open; then Quiz while a quiz is open on the slides or in
//   key editing (it takes every key); else the mode's own layer — Slides; Keys, then Slides;
//   Typing in GotoStep and KeyEntry; Overview; Menu in Experiments (these take every key).
enum class Layer { Slides, Anywhere, Help, Keys, Typing, Overview, Menu, Quiz };

// Which modes a row applies in (within its layer), as a bit set of Mode.
using ModeSet = unsigned;
constexpr ModeSet in(Mode m) { return 1u << static_cast<unsigned>(m); }
inline constexpr ModeSet kEveryMode = 0x3F;

struct Binding {
    Layer layer = Layer::Slides;
    std::vector<Chord> keys;    // any of these
    Action action = Action::None;
    int arg = 0;                // the action's argument; a range key passes its digit instead
    std::string help;           // its line in the help and docs/presenting.md; "" continues the row above's line
    ModeSet modes = kEveryMode; // where in the layer it applies (Q does not quit while typing)
    std::string web_help;       // its line in the web page's help where the page lacks part of
                                // `help` (the laser, F11, key editing); "" for the same line
};

// The table, in the order the help lists it.
const std::vector<Binding>& bindings();

// The row that takes `key` with `held` modifiers in `layer` and `mode`, or null.
const Binding* find(Layer layer, Mode mode, Key key, Mods held);

// One key press: looked up through the layers (see Layer) and handed to react().
Reaction press(const Modes& m, Key key, Mods held, const Context& c);

// ---- names, for the help and docs/presenting.md

// "Shift+T", "1–9", "PageDown", "−", "Esc".
std::string chord_label(const Chord& c);
// The chord a label names (the inverse of chord_label), if any.
std::optional<Chord> parse_chord(const std::string& label);
// The first key of the first row of `layer` bound to `action` ("E" for the "Try this" menu), for
// the labels of the drawn buttons; "" when none.
std::string shortcut(Layer layer, Action action);

// The key of row `row` (0-based) of the "Try this" menu: 1–9, then the letters the menu and the
// keys of anywhere leave free (A B C D G H …, not E X F Q); "" past the last such letter (the row
// is still reached with the arrows and Enter, or a click).
std::string menu_key(int row);

// What the pointer does: not looked up (the session hit-tests the frame), but listed with the keys.
struct Gesture {
    std::string what;  // "drag a key dot"
    std::string help;
};
const std::vector<Gesture>& gestures();

// One line of the help: the keys of one row or of a few rows that share it ("Home / End").
struct HelpLine {
    std::string keys;
    std::string help;
    std::vector<const Binding*> rows;  // empty for a gesture
};
struct HelpSection {
    std::string title;  // "on the slides", "key editing (K, or a click on the key plane)", …
    std::vector<HelpLine> lines;
};
// Every row of the table and every gesture, by section, in table order (the gestures after the slides).
std::vector<HelpSection> help_sections();

// The keys of the web page (`attnlab export … -o NAME.html`): the rows of the table whose action
// a page of pre-rendered steps can do (no temperature, mask or key editing), with their keys as
// a browser's KeyboardEvent.key names them. Help lines are the table's. After them, in layer
// "window" with no action, the slide keys such a page cannot do (the temperature, the mask, the
// next head, key editing, undo, the laser): its help lists them as the window's and the live
// page's. Every row of the slides with a key a browser can name is in one or the other.
std::vector<core::WebKey> web_keys();

// A browser's key as the table's: KeyboardEvent.key and .code and the modifiers held → the key
// and the modifiers the window would see for the same press, the inverse of the names web_keys()
// gives ("ArrowRight" → Right; "R" with Shift → r with Shift). A shifted symbol is named by the
// key it is on, as the window names it ("Digit0" with Shift, which types ")", → Shift+0).
// Key::None for a key the table never names (it still counts as a press).
std::pair<Key, Mods> key_of_web(const std::string& key, const std::string& code, Mods mods);

// docs/presenting.md's key table, from "| keys | what they do |" to its last row, each line ending in '\n'.
std::string readme_key_table();

}  // namespace app
