// scene: the plain, immutable data a deck is made of: Deck → Slide → Scene → Step.
// Filled by load/ (from YAML) or by code (tests); read by timeline/, draw/ and app/.
// No behaviour beyond small lookups; knows nothing of YAML, Cairo or SDL.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "attention/attention.hpp"
#include "core/core.hpp"

namespace scene {

// The stages of the walkthrough, in pipeline order. A step shows every stage up to its own.
enum class Stage {
    Tokens,       // the sequence and its vectors; nothing connected yet
    Scores,       // q·k
    Scale,        // ÷ √d
    Temperature,  // ÷ T
    Mask,         // causal mask
    Softmax,      // exponentiate, then normalise: weights that sum to 1
    Blend,        // Σ aᵢvᵢ: the new vector
};
constexpr int kStageCount = 7;
const char* stage_name(Stage s);                     // "tokens", "scores", … (the YAML names)
std::optional<Stage> stage_from_name(const std::string& name);
std::vector<std::string> stage_names();

// The panels a scene can show. Their order in a scene does not matter: the layout places them.
enum class Panel {
    TokenRow,     // the sequence, focused token marked
    Matrix,       // attention-matrix heatmap (rows read, columns are read)
    Graph,        // tokens as nodes, edges from the focused token
    KeyPlane,     // query arrow, key dots, projections
    ValuePlane,   // value dots, hull, output diamond, arrow from own value
    ScoreRow,     // q·k/√d per key, heat-coloured
    WeightBars,   // weights as bars, Σ a = 1.00
    Pipeline,     // the formula as six stages, active one highlighted
    Readouts,     // temperature, top weight, Σ weights, new vector, raw row sum
    Narration,    // the step's `say`, wrapped
    Arithmetic,   // the arithmetic for the best match
    Controls,     // temperature slider and mask switch
    Projections,  // x, W_Q, W_K, W_V → q, k, v (scenes that give inputs)
};
const char* panel_name(Panel p);                     // "token-row", "matrix", … (the YAML names)
std::optional<Panel> panel_from_name(const std::string& name);
std::vector<std::string> panel_names();

// The interactive controls: what a lecturer or student can change between steps, and what
// steps and experiments set. Every field is optional: unset means "leave as it is".
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

// Easing curves for step animations and tweens.
enum class Ease { Linear, InOutCubic, OutCubic, InOutSine };
std::optional<Ease> ease_from_name(const std::string& name);
std::vector<std::string> ease_names();

// One step of a walkthrough: a marker on the timeline.
struct Step {
    Stage stage = Stage::Blend;   // the stage this step reveals (defaults: the six stages)
    std::string title;            // short heading ("Scale by √d"); default from the stage
    std::string say;              // narration a student reads alone
    std::string notes;            // speaker notes, shown only to the presenter
    Settings set;                 // controls this step sets, tweened during its animation
    double duration = -1;         // animation seconds; < 0 means the stage's default
    double hold = -1;             // seconds held after the animation in exports; < 0: long enough
                                  // to read `say` (reading_time), at least kDefaultHold
    Ease ease = Ease::InOutCubic;
};

// An experiment: "Try this".
struct Experiment {
    std::string title;
    Settings set;
    std::string look_for;         // what to look for once it is set
};

// A quiz question: the student predicts, then reveals, or picks among choices.
struct Question {
    std::string ask;
    std::string answer;
    std::vector<std::string> choices;  // optional; when given, `correct` indexes it
    int correct = -1;
    std::string experiment;            // title of an experiment that demonstrates the answer
};

struct Quiz {
    int draw = 0;                      // questions per attempt (0: all)
    std::vector<Question> questions;
};

// Where the vectors came from when the scene gives inputs and projection matrices.
struct Projections {
    core::Mat x;     // n × m inputs
    core::Mat w_q;   // m × d
    core::Mat w_k;   // m × d
    core::Mat w_v;   // m × dv
};

// One scene: tokens, their vectors, the starting controls, the panels and the steps.
struct Scene {
    std::string file;             // the file it came from ("" for scenes built in code)
    std::string id;               // `scene:` name
    std::string title;
    std::vector<std::string> tokens;  // addressed by index; words may repeat
    core::Mat q, k, v;            // n×d, n×d, n×dv (computed from projections if given)
    std::optional<Projections> projections;
    int focus = 0;                // starting focused token
    double temperature = 1.0;     // starting T
    bool mask = false;            // starting mask
    std::vector<Panel> panels;    // which panels show (default: by the scene's size)
    std::vector<Step> steps;      // default: the six stages scores … blend
    std::vector<Experiment> experiments;
    Quiz quiz;

    std::size_t n() const { return tokens.size(); }
    std::size_t d() const { return k.empty() ? 0 : k[0].size(); }
    std::size_t dv() const { return v.empty() ? 0 : v[0].size(); }
    bool has(Panel p) const;
};

// A slide of a deck: a scene, or a title / text slide.
struct Slide {
    enum class Kind { Scene, Title, Text } kind = Kind::Scene;
    std::shared_ptr<const Scene> scene;   // Kind::Scene
    std::string title;                    // Title/Text: heading; Scene: optional override
    std::string subtitle;                 // Title: the line under the heading
    std::vector<std::string> bullets;     // Text: the points
    std::string say;                      // Title/Text: narration
    std::string notes;                    // Title/Text: speaker notes
    double duration = -1;                 // Title/Text: seconds shown in exports; < 0: long enough to
                                          // read the slide, at least kDefaultSlideDuration
};

struct Deck {
    std::string file;
    std::string title;
    std::vector<Slide> slides;
};

// Default durations (seconds) when a step or slide does not give its own.
double default_duration(Stage s);
constexpr double kDefaultHold = 1.5;
constexpr double kDefaultSlideDuration = 4.0;
constexpr double kCrossFade = 0.4;

// Seconds a viewer needs to read `text` (about 240 words a minute): a video holds each step
// at least this long, so that its narration can be read before the next one.
double reading_time(const std::string& text);

// The default steps: one per stage from scores to blend.
std::vector<Step> default_steps();
// The default panels for a scene of n tokens (one-row layout for small n, matrix otherwise).
std::vector<Panel> default_panels(std::size_t n);

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

// A one-scene deck around a scene (so that a lone scene presents and exports like a deck).
Deck deck_of(std::shared_ptr<const Scene> s);

}  // namespace scene
