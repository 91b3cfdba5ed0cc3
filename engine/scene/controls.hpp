// scene/controls: what a lecturer or student can change between steps, and what steps and
// experiments set: `Settings` (a change, every field optional) and `Controls` (the values in
// force), the rule that applies one to the other, and the one table of the controls that the
// loader (YAML `set:`), the edits of a session and the recordings all read and write through.
//
// Adding a control of an existing kind: a field in Settings (and in Controls, if it has a value
// in force), a row in kControls and its effect in apply() — all in this header and controls.cpp.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "attention/attention.hpp"
#include "core/core.hpp"

namespace scene {

struct Scene;

// A change to the controls. Every field is optional: unset means "leave as it is".
struct Settings {
    std::optional<int> focus;                 // the token asking (row of the matrix)
    std::optional<double> temperature;        // T ≥ 0, may be +∞
    std::optional<bool> mask;                 // causal mask on/off
    std::optional<double> key_scale;          // multiply every key (k: {scale: 2})
    bool keys_same = false;                   // every key becomes the mean key (k: same)
    std::vector<std::pair<int, core::Vec>> keys;  // individual keys moved: (token, new key)
    std::optional<std::pair<int, int>> compare;   // highlight cell (A,B) against (B,A)
    std::optional<int> head;                  // the head the one-head panels draw (0-based; a scene
                                              // of several heads), shown "head 2 of 2"
    std::optional<std::pair<int, int>> swap;      // tokens A and B exchange places (scene/order.hpp);
                                                  // [A, A]: every token back in its own place

    bool empty() const;  // no control set (asks the table)
    bool operator==(const Settings&) const = default;
};

// The controls in force: the scene's start, then `set` (applied on top). Pure data.
struct Controls {
    int focus = 0;
    double temperature = 1.0;
    bool mask = false;
    core::Mat keys;  // the keys in force (start: the scene's k): the first head's; with a swap, of the swapped scene
    std::optional<std::pair<int, int>> compare;
    int head = 0;    // the head the one-head panels draw (0: the first)
    std::optional<std::pair<int, int>> swap;  // the two tokens exchanged, if any (never A = A)
};
// The scene's start: its `start`, then its prelude (the settings of the steps a deck left out).
Controls start_controls(const Scene& s);
// `set` on top of `c`. Values the scene cannot take are ignored: a focus out of range, a
// negative temperature, a moved key of the wrong width or token, a head the scene has not. Keys:
// first the keys in force follow a swap (scene::carried_keys: back from the swap in force, then to
// the new one), then every key becomes the mean (same), then all are scaled, then the moved ones
// are placed (a moved key's index is a place in the sentence as it stands, swapped or not).
Controls apply(const Scene& s, Controls c, const Settings& set);

// The temperature on a unit scale, g = T / (1 + T): [0, ∞] onto [0, 1], T = 1 in the middle.
// Tweens run in g (a tween from 1 to ∞ passes through every T once and looks even to the eye)
// and the slider is drawn in g.
double temperature_unit(double T);
double temperature_from_unit(double g);  // g ≥ 1 gives +∞

// ---- the table of controls ----------------------------------------------------------------

// What `keys:` changes: every key the mean key (same), then all scaled, then some moved.
struct KeyChange {
    bool same = false;
    std::optional<double> scale;
    std::vector<std::pair<int, core::Vec>> moved;  // (token, new key)
    bool operator==(const KeyChange&) const = default;
};

// The kinds of value a control takes. Each kind has one text form (recordings, below) and one
// YAML form (read in load/):
enum class ControlKind {
    Token,        // a token index          text: 2                     YAML: 2
    Temperature,  // T ≥ 0 or +∞            text: 0.5, inf              YAML: 0.5, inf, .inf
    Switch,       // on or off              text: on, off               YAML: true/false, on/off, yes/no
    TokenPair,    // two token indices      text: 0 2                   YAML: [0, 2]
    Keys,         // a KeyChange            text: same, scale 2, 1 3 4  YAML: same | {scale: 2, 1: [3, 4]}
                  //                        (parts joined by ", "; "1 3 4" moves key 1 to (3, 4))
    Head,         // a HeadChoice           text: 2 (as shown: 1 is    YAML: 2 | which determiner
                  //                        the first head)                   (its number as shown, or its name)
};

// Which head is shown: its index (0-based), written as its number as shown (index + 1).
struct HeadChoice {
    int index = 0;
    bool operator==(const HeadChoice&) const = default;
};

// A control's value; the alternative's index is its ControlKind.
using ControlValue = std::variant<int, double, bool, std::pair<int, int>, KeyChange, HeadChoice>;

struct ControlInfo {
    const char* name;     // as written under `set:` and in recordings: "temperature"
    ControlKind kind;
    const char* meaning;  // for messages and help: "the temperature T"
    // How the control sits in Settings (rows are made by the helpers in controls.cpp).
    std::optional<ControlValue> (*get)(const Settings&);  // nullopt when the control is unset
    void (*put)(Settings&, const ControlValue&);           // later wins; see merge()
    void (*clear)(Settings&);
};

// Every control, in the order messages list them.
const std::vector<ControlInfo>& controls();
const ControlInfo* control(const std::string& name);  // null for an unknown name
std::vector<std::string> control_names();

// The person at the controls changes one thing after another: every control `change` sets
// replaces the one in `edits`. Moved keys replace that token's earlier move (last move wins);
// "same" or a scale replaces every earlier key change. A temperature that is negative or NaN
// is ignored.
void merge(Settings& edits, const Settings& change);
// Drops from `edits` every control that `script` sets: a step that sets a control takes it back
// from the person at the controls.
void yield(Settings& edits, const Settings& script);

// Text forms (one line of a recording, and the round trip the tests check).
std::string to_text(ControlKind kind, const ControlValue& value);
// Reads `text` as a value of `kind`; false with a message ("expected …") on anything else.
bool from_text(ControlKind kind, const std::string& text, ControlValue& out, std::string& error);

}  // namespace scene
