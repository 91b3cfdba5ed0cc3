// model/parts: the small pieces the panels' models share — easing of a stage's progress, the
// region a plane shows, the colour scales (a number's place on its quantity's scale, and the
// legend that says what the colours mean), a small matrix drawn as cells, and what a picture
// panel is a picture of. Cairo-free, like the rest of model/.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/core.hpp"
#include "scene/stages.hpp"

namespace model {

double smooth(double x);                        // smoothstep on [0, 1], clamped
double beat(double u, double from, double to);  // progress of a sub-beat [from, to] of u
core::Point vec2(const core::Vec& v);           // the first two coordinates (missing ones 0)

// The region of a plane that its panel shows, in plane coordinates (before fitting to a box).
struct Extent {
    double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    bool operator==(const Extent&) const = default;
};

// The two colour scales a frame uses (draw/ paints both with one function, Theme::shade).
enum class Scale {
    Sequential,  // a weight, 0 … 1: pale (little) → deep (much)
    Diverging,   // a signed quantity (scores, V, A·V, projections), −1 … 1 of its magnitude:
                 // one hue below 0, another above, the neutral colour at 0
};
// A signed number's place on its diverging scale: x / magnitude, clamped to −1 … 1. The magnitude
// is the quantity's, one per scene (model::Scales), so one number has one colour in every panel.
double tone(double x, double magnitude);

// What a scale's colours mean: the name of the quantity and the numbers at its ends (and, for a
// diverging scale, its middle, 0).
struct Legend {
    Scale scale = Scale::Diverging;
    std::string name;              // "score", "weight", "value"
    std::string low, mid, high;    // "−2.7", "0", "2.7"; sequential: "0", "", "1"
    bool operator==(const Legend&) const = default;
};

// A small matrix drawn as cells: its numbers, as written, and each entry's tone on the grid's
// diverging scale.
struct Grid {
    std::vector<std::vector<double>> value;     // rows × columns, the numbers themselves
    std::vector<std::vector<std::string>> text; // as written: rounded at the grid's precision
    std::vector<std::vector<double>> tone;      // −1 … 1 (model::tone)
    bool lit = false;
    bool operator==(const Grid&) const = default;
};
// Appends a row to `g`: its numbers, written at `decimals` (model::num), and their tones on a
// diverging scale of `magnitude`.
void add_row(Grid& g, std::vector<double> row, int decimals, double magnitude);

// The tokens a panel that draws one thing per token shows: all of them, or, in a sequence longer
// than the panel can draw legibly, the neighbourhood of the asking token — tokens
// [first, first + count) of n — with the others counted at either end ("… 2,040 more").
struct Window {
    int first = 0;
    int count = 0;
    int n = 0;
    int before() const { return first; }
    int after() const { return n - first - count; }
    bool whole() const { return count == n; }
    bool contains(int token) const { return token >= first && token < first + count; }
    bool operator==(const Window&) const = default;
};
// At most `most` tokens of n (at least 1), centred on `focus` as far as the ends allow.
Window window_around(int n, int focus, int most);
// A count as written on a frame, its thousands grouped with commas: "4,096".
std::string count_text(long count);
// The mark at an end of a window: "2,040 more" ("" for none; no "…", which reads as a word cut).
std::string more_text(int count);
// "tokens 2,041–2,056 of 4,096" (1-based, as a reader counts).
std::string window_text(const Window& w);

// What a picture panel is a picture of, for the pipeline's lit card: a panel whose struct declares
//     static constexpr Pictures kPictures{scene::Stage::Scale};
// lights that stage's card on a step that shows it among its own panels (the √d picture lights
// ÷ √d); Pictures{} (no stage) is a picture of the whole head, and lights no card. A panel
// without kPictures is not a picture: its steps light their own stage.
struct Pictures {
    std::optional<scene::Stage> stage;
};

}  // namespace model
