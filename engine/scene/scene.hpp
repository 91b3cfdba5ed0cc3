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
#include "attention/positions.hpp"
#include "core/core.hpp"
#include "scene/controls.hpp"
#include "scene/panels.hpp"
#include "scene/stages.hpp"

namespace scene {

// Easing curves for step animations and tweens.
enum class Ease { Linear, InOutCubic, OutCubic, InOutSine };
std::optional<Ease> ease_from_name(const std::string& name);
std::vector<std::string> ease_names();

// One step of a walkthrough: a marker on the timeline.
struct Step {
    Stage stage = Stage::Blend;   // the stage this step reveals (defaults: the six stages)
    std::string id;               // a name quiz questions follow it by (`after:`); "" none
    std::string title;            // short heading ("Scale by √d"); "" gives the stage's (step_title)
    std::string ask;              // a question to predict before the step moves ("" none): the
                                  // timeline asks it over the step's before state (a beat of its
                                  // own, ask_hold), then plays the step, whose `say` answers it
    std::string say;              // narration a student reads alone
    std::string notes;            // speaker notes, shown only to the presenter
    Settings set;                 // controls this step sets, tweened during its animation
    double duration = -1;         // animation seconds; < 0 means the stage's default
    double hold = -1;             // seconds held after the animation in exports; < 0: until the
                                  // voice clip ends, else long enough to read `say` (reading_time),
                                  // at least kDefaultHold
    Ease ease = Ease::InOutCubic;
    std::string voice;            // a voice clip heard from the step's start (a path, resolved
                                  // by the loader); "" none
    double voice_seconds = 0;     // its length (measured by the loader); 0 without a clip
    std::string ask_voice;        // a voice clip of the question (`ask`), heard from its beat's start
    double ask_voice_seconds = 0; // its length
    std::vector<Panel> panels;    // the panels this step shows instead of the scene's (a picture
                                  // of its own, e.g. why √d); empty: the scene's. This step only.
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
    int after = -1;                    // the step (index into the scene's steps) it is asked after in
                                       // a video or handout; -1: after the scene's last step
};

struct Quiz {
    int draw = 0;                      // questions per attempt (0: all)
    std::vector<Question> questions;
};

// Where each token is, told to attention (attention/positions.hpp): nothing (attention is blind
// to order), sinusoidal encodings or learned vectors added to each input x before the
// projections, or the rotary rotation (RoPE) of every query and key.
struct Positions {
    enum class Kind { None, Sinusoidal, Learned, Rotary } kind = Kind::None;
    double base = attention::kPositionBase;  // sinusoidal and rotary: 10000 in the papers
    double offset = 0;                       // the first token's position
    core::Mat added;                         // sinusoidal or learned: what was added to each x (n × m)
};

// One head: its vectors as it uses them (projected, rotated), and where they came from.
struct Head {
    std::string name;          // "" unnamed: "head 1", … where it is shown
    core::Mat q, k, v;         // n×d, n×d, n×dv
    core::Mat w_q, w_k, w_v;   // m×d, m×d, m×dv when they were projected from the scene's x; else empty
};

// One scene: tokens, their vectors, the starting controls, the panels and the steps.
struct Scene {
    std::string file;             // the file it came from ("" for scenes built in code)
    std::string id;               // `scene:` name
    std::string title;
    std::vector<std::string> tokens;  // addressed by index; words may repeat
    // The heads, at least one (a scene of one head is a list of one), every head over the same
    // tokens; each traced with the shared controls (scene/heads.hpp). The controls' keys are the
    // first head's.
    std::vector<Head> heads;
    core::Mat x;                  // n × m, the inputs the heads read (positions added) when they
                                  // project them (every head's w_q, w_k, w_v); empty when the
                                  // heads give q, k and v
    core::Mat w_o;                // (Σ dv) × m, the output projection, row block h for head h: what
                                  // the heads add to x is concat(O₁, …)·W_O. Optional: empty, the
                                  // concatenation is added as it is (when Σ dv = m), or nothing is
                                  // added (when Σ dv ≠ m: no residual is drawn)
    Positions positions;          // none unless the scene gives `positions:`
    int focus = 0;                // starting focused token
    double temperature = 1.0;     // starting T
    bool mask = false;            // starting mask
    std::vector<Panel> panels;    // which panels show (default: by the scene's size)
    std::vector<Step> steps;      // default: the six stages scores … blend
    std::vector<Experiment> experiments;
    Quiz quiz;
    // A part of a scene (a deck's `steps: A-B`): the `set` of every step left out before the
    // first one kept, in order, applied on top of the start (start_controls), so that the part
    // opens with the controls the whole scene has there. Empty for a whole scene.
    std::vector<Settings> prelude;

    std::size_t n() const { return tokens.size(); }
    // The width of the first head's keys (the keys the controls move); 0 without heads.
    std::size_t d() const { return heads.empty() || heads[0].k.empty() ? 0 : heads[0].k[0].size(); }
    // Whether the heads project the inputs x (every head's w_q, w_k and w_v from x).
    bool projected() const { return !x.empty() && !heads.empty() && !heads[0].w_q.empty(); }
    // Whether the heads' result can be added to x (the residual stream): x given, and W_O given
    // or the heads' values side by side as wide as x.
    bool residual() const;
    bool has(Panel p) const;
    // The panels step `step` shows: its own list if it gives one, else the scene's.
    const std::vector<Panel>& panels_at(int step) const;
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
    double duration = -1;                 // Title/Text: seconds shown in exports; < 0: until the voice
                                          // clip ends, else long enough to read the slide, at least
                                          // kDefaultSlideDuration
    std::string voice;                    // Title/Text: a voice clip heard from its start; "" none
    double voice_seconds = 0;             // its length
};

struct Deck {
    std::string file;
    std::string title;
    std::vector<Slide> slides;
    std::vector<std::string> sources;  // every file it was built from (itself, included decks,
                                       // scenes): what hot reload watches; empty when built in code
};

// The longest video attnlab plans, in seconds (four hours): the loader refuses a deck whose steps
// and slides last longer, and a recording with an event later than this is refused too.
constexpr double kMaxVideoSeconds = 4 * 3600.0;

// Default times (seconds) when a step or slide does not give its own.
constexpr double kDefaultHold = 1.5;
constexpr double kDefaultSlideDuration = 4.0;
constexpr double kCrossFade = 0.4;

// Seconds of silence a video leaves to think before it shows an answer: after a step's question
// (`ask`) before the step moves, after a quiz question before its answer page.
constexpr double kThinkSeconds = 4.0;

// A calm pace for narration read or heard in a video: 160 words a minute.
constexpr double kNarrationWordsPerMinute = 160;
// Seconds a viewer needs to read `text` at kNarrationWordsPerMinute: a video holds each step
// (and a title or text slide) at least this long, so that its narration can be read before the
// next one.
double reading_time(const std::string& text);

// How long exports show a step or a slide (the timeline lays the deck out with these): a step's
// animation is its `duration`, else its stage's; it then holds for `hold`, else until its
// narration has been heard and can have been read: animation and hold last the longer of its
// voice clip and its `say` at kNarrationWordsPerMinute (or the animation alone when longer;
// without a clip, at least kDefaultHold). A title or text slide cross-fades in (kCrossFade), then
// holds for `duration`, else until its voice clip ends and its `say` can have been read (the
// slide lasts the longer), else long enough to read it (at least kDefaultSlideDuration).
double step_animation(const Step& s);
double step_hold(const Step& s);
double slide_hold(const Slide& s);
// A step's question beat (a step with `ask`; 0 without): nothing moves while its question is read
// or heard (its `ask_voice`, else the words at kNarrationWordsPerMinute, at least kDefaultHold),
// then kThinkSeconds of silence to commit to a prediction before the step plays.
double ask_hold(const Step& s);
// When a slide that starts at `start` ends in exports: after each of its steps' animation and
// hold (a scene), or its cross-fade and hold; summed in the order the timeline sums them.
double slide_end(double start, const Slide& s);

// The default steps: one per stage from scores to blend.
std::vector<Step> default_steps();
// A step's title: its own, else its stage's default ("Scale by √d").
std::string step_title(const Step& s);
// The default panels for a scene of n tokens (one-row layout for small n, matrix otherwise).
std::vector<Panel> default_panels(std::size_t n);

// Part of a scene, as a deck takes it: steps [first, last] (0-based, inclusive, within the
// scene's), with the steps before `first` kept as the prelude; without its experiments or quiz
// when they are not kept. The questions kept follow their steps (`after`) when those are kept,
// else come after the part's last step; a question loses the experiment the part leaves out.
Scene part_of(const Scene& whole, int first, int last, bool experiments, bool quiz);

// A one-scene deck around a scene (so that a lone scene presents and exports like a deck).
Deck deck_of(std::shared_ptr<const Scene> s);

}  // namespace scene
