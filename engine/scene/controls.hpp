// scene/controls: what a lecturer or student can change between steps, and what steps and
// experiments set: `Settings` (a change, every field optional) and `Controls` (the values in
// force). Plain data and the rule that applies one to the other.
#pragma once

#include <optional>
#include <utility>
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

    bool empty() const {
        return !focus && !temperature && !mask && !key_scale && !keys_same && keys.empty() && !compare;
    }
};

// The controls in force: the scene's start, then `set` (applied on top). Pure data.
struct Controls {
    int focus = 0;
    double temperature = 1.0;
    bool mask = false;
    core::Mat keys;  // the keys in force (start: the scene's k)
    std::optional<std::pair<int, int>> compare;
};
Controls start_controls(const Scene& s);
Controls apply(const Scene& s, Controls c, const Settings& set);

// The attention input for these controls (q and v from the scene, keys from the controls).
attention::Input attention_input(const Scene& s, const Controls& c);

// The temperature on a unit scale, g = T / (1 + T): [0, ∞] onto [0, 1], T = 1 in the middle.
// Tweens run in g (a tween from 1 to ∞ passes through every T once and looks even to the eye)
// and the slider is drawn in g.
double temperature_unit(double T);
double temperature_from_unit(double g);  // g ≥ 1 gives +∞

}  // namespace scene
