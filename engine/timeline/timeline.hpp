// timeline: a deck laid out as one timeline whose markers are the steps; the interaction
// State and the commands that change it; evaluate(), which turns (deck, state, time) into the
// View a frame draws. Pure: no clock, no window, no files. Uses scene/ and attention/.
//
// Time is a double in seconds on the session clock (`now`); frame numbers exist only in
// exporters (now = i / fps). Progress within an animation is u in [0, 1].
//
// One public header; the rooms: layout.cpp (spans, state_at), reducer.cpp (apply), evaluate.cpp
// (View, easing, tweens), recording.cpp (format, parse), quiz.cpp (bank and order).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "attention/attention.hpp"
#include "attention/heads.hpp"
#include "scene/quiz.hpp"
#include "scene/scene.hpp"

namespace timeline {

// One step of the deck on the timeline: its animation, then a hold (exports only; live, the
// presenter holds as long as they like).
struct Span {
    int slide = 0;           // index into deck.slides
    int step = 0;            // index into the slide's scene steps (0 for title/text slides)
    double start = 0.0;      // seconds from the start of the deck (export timeline)
    double anim = 0.0;       // animation length
    double hold = 0.0;       // hold after the animation
    scene::Ease ease = scene::Ease::InOutCubic;
    // A step's question beat (a step with `ask`): the question over the step's before state,
    // nothing moving (no animation; held for scene::ask_hold in exports, until the next command
    // live). The span after it is the same step, played and answered by its `say`.
    bool asking = false;
    // A "Check yourself" page (Pages::WithQuestions): question `question` of the slide's scene's
    // quiz (file order) over the end of step `step` (the one it follows, scene::Question::after,
    // else the scene's last), asked (predict it) or, when `answer`, answered. -1: a step or a slide.
    int question = -1;
    bool answer = false;
    int asked = 0, asks = 0;  // its place among the questions this scene asks, and how many
    double end() const { return start + anim + hold; }
};

// Whether time t has reached `mark` (a step boundary, an event's time): t ≥ mark, where a t
// short of the mark by less than kTimeSlack counts as on it. Frame times (i / fps) and step
// boundaries (sums of step lengths) are rounded differently, so a frame meant to fall exactly
// on a boundary can miss it by a few ulps; without the slack, whether that frame shows the old
// step or the new one would depend on the frame rate. The slack is relative, 1e-12 × |mark|
// with a floor of 1e-12 s: at least ~4,500 ulps of the mark, far above that rounding error, and
// far below one frame at any rate (a frame at 240 fps lasts 4·10^-3 s).
constexpr double kTimeSlack = 1e-12;
inline bool reached(double t, double mark) {
    const double m = mark < 0 ? -mark : mark;
    return t >= mark - kTimeSlack * (m > 1.0 ? m : 1.0);
}

struct Layout {
    std::vector<Span> spans;
    double total = 0.0;  // sum of every span's anim + hold

    // The span playing at deck time t: the last span whose start t has reached (see reached()),
    // so a time on a boundary belongs to the new span. The first span for t before 0, the last
    // for t at or past total. The one rule for "which step at t": every exported frame takes
    // its state from state_at, and a replayed recording applies a command once reached().
    int at(double t) const;
    // The first span of a slide, or -1.
    int first_of(int slide) const;
};
// What the timeline lays out: the steps and slides (the window), or also every quiz question as a
// page to predict followed by its answer (the video and the handout: the window keeps the
// interactive quiz), right after the step it follows (scene::Question::after), else after the
// scene's last step. Either way a step with `ask` is two spans: its question beat, then the step.
// WithQuestions asks every question (the handout); WithDrawnQuestions the ones a first attempt
// draws with `seed` (the quiz's `draw`, in the order drawn: the video).
enum class Pages { Steps, WithQuestions, WithDrawnQuestions };
// A question page holds long enough to read it, plus this long to think before the answer
// (scene::question_page_hold).
constexpr double kThinkSeconds = scene::kThinkSeconds;
Layout layout(const scene::Deck& deck, Pages pages = Pages::Steps, std::uint64_t seed = 1);
// A span's title: its step's, its slide's, or "Check yourself: question 2" / "Answer 2".
std::string span_title(const scene::Deck& deck, const Span& sp);
// What a span narrates: a step's `say` (its `ask` on its question beat), a title or text slide's
// `say`, a question page's question or answer ("" out of range).
const std::string& span_say(const scene::Deck& deck, const Span& sp);
// The voice clip heard from a span's start and its length: a step's `voice` (its `ask_voice` on
// its question beat), a title or text slide's; none ("", 0) for a question page.
struct SpanVoice {
    const std::string* path = nullptr;  // never null
    double seconds = 0;
};
SpanVoice span_voice(const scene::Deck& deck, const Span& sp);

// Seconds an experiment takes to set the controls (tweened in from whatever was there).
constexpr double kExperimentTween = 0.8;
// The experiment (index into the scene's) that question `question` of the scene's quiz names, whose
// picture its answer page shows (set as the page opens, over kExperimentTween); -1 for none.
int answer_experiment(const scene::Scene& sc, int question);

// Eased progress: u in [0, 1] → [0, 1].
double ease(scene::Ease e, double u);

// A quiz in progress ("Check yourself"): the questions of the current scene, or of every
// scene of the deck on a slide without its own quiz.
struct QuizState {
    bool open = false;
    int attempt = -1;       // attempts started so far (−1: none); each draws a fresh set and order
    int index = 0;          // position within the attempt
    bool revealed = false;  // the answer of the current question is shown
    int picked = -1;        // the position (as shown, 0-based) of the choice picked for the current
                            // question, −1 for none; the shown order is scene::choice_order
    bool finished = false;  // past the last question: the end screen with the score
    std::vector<int> only;  // an attempt of the questions missed before: their bank indices (empty:
                            // a fresh draw, scene::draw_attempt)
    std::vector<scene::Outcome> outcomes;  // per position in the attempt (missing: Unanswered)
    scene::QuizScore score() const { return scene::tally(outcomes); }
};

// What undo restores on a slide: its edits and its experiment as they were before a change.
struct EditSnapshot {
    scene::Settings edits;
    int experiment = -1;
};
// A slide's undo and redo stacks (the most recent last; at most kUndoDepth each).
struct EditHistory {
    std::vector<EditSnapshot> undo, redo;
};
constexpr std::size_t kUndoDepth = 64;

// Everything that changes while presenting or studying. Commands change it; nothing else does.
struct State {
    int span = 0;                 // the step being shown (index into Layout::spans)
    double span_started = 0.0;    // session time at which that step's animation started
    double speed = 1.0;           // animation speed (0.25 … 2)
    bool paused = false;
    double paused_at = 0.0;       // session time when paused (frozen `now` while paused)
    std::vector<scene::Settings> edits;  // per slide (index = slide): what the person at the controls
                                         // changed, on top of the script (scene::merge)
    int experiment = -1;          // active experiment of the current scene, or -1
    double experiment_started = 0.0;
    int hover = -1;               // token under the pointer, -1 for none (presenter-only: never recorded)
    int editing = -1;             // the key being edited with the arrows, -1 for none (presenter-only:
                                  // never recorded); leaving the step ends it
    std::vector<EditHistory> history;  // per slide: undo / redo of the edits (and experiment)
    bool gesture = false;         // a drag is held: its edits undo as one
    bool gesture_saved = false;   // the held drag's undo entry is already taken
    EditSnapshot step_start;      // the slide's edits and experiment when this step was entered
                                  // (ResetStep goes back to them)
    bool blank = false;           // screen blanked (B)
    std::optional<core::Point> laser;  // laser dot in design coordinates
    QuizState quiz;
    std::uint64_t seed = 1;       // for anything drawn at random (quiz draws); recorded (layout's default too)
};

// The commands: what app/ turns input events into, what --record writes and --replay reads.
namespace cmd {
struct Next {};                        // complete a running animation, else go to the next step
struct Back {};                        // previous step, shown at its end state
struct Replay {};                      // the current step's animation again
struct Goto { int span = 0; };         // a step, shown from its start
struct Seek { double u = 0.0; };       // scrub the current step's animation to u
struct Pause {};                       // toggle pause
struct Speed { double speed = 1.0; };
struct Focus { int token = 0; };
struct MoveKey { int token = 0; core::Vec key; };
struct Temperature { double value = 1.0; };
struct Mask { bool on = false; };
struct Experiment { int index = -1; };  // -1 ends the experiment
struct Reset {};                        // drop every edit and experiment of this scene
struct Hover { int token = -1; };
struct Blank {};                        // toggle
struct Laser { std::optional<core::Point> at; };
struct QuizOpen {};                     // start a fresh attempt
struct QuizPick { int choice = 0; };    // pick a choice of the current question
struct QuizReveal {};                   // show the answer
struct QuizNext {};                     // the next question (after the last: the end screen)
struct QuizClose {};
struct QuizGrade { bool right = false; };  // a revealed question without choices: "I had it" / "I didn't"
struct QuizRetry {};                    // on the end screen: a new attempt of the questions not right
struct Seed { std::uint64_t value = 1; };
struct Set { scene::Settings change; };  // any controls (scene::controls()); Focus, MoveKey,
                                         // Temperature and Mask are shorthands for one each
struct EditKey { int token = -1; };     // key editing of this token's key (-1 ends it); presenter-only
struct Undo {};                         // the last edit of this slide undone
struct Redo {};                         // the last undone edit of this slide done again
struct ResetStep {};                    // the edits and experiment as this step found them
struct Gesture { bool begin = true; };  // a drag begins / ends: the edits between undo as one
}  // namespace cmd

using Command = std::variant<cmd::Next, cmd::Back, cmd::Replay, cmd::Goto, cmd::Seek, cmd::Pause, cmd::Speed,
                             cmd::Focus, cmd::MoveKey, cmd::Temperature, cmd::Mask, cmd::Experiment, cmd::Reset,
                             cmd::Hover, cmd::Blank, cmd::Laser, cmd::QuizOpen, cmd::QuizPick, cmd::QuizReveal,
                             cmd::QuizNext, cmd::QuizClose, cmd::QuizGrade, cmd::QuizRetry, cmd::Seed, cmd::Set,
                             cmd::EditKey, cmd::Undo, cmd::Redo, cmd::ResetStep, cmd::Gesture>;

// Commands only the person at the keyboard sees the effect of (the hover outline, the key-editing
// banner): a session does not record them and a replay skips them, so no video shows them.
bool presenter_only(const Command& c);

// A command at a session time: one line of a recording.
struct Event {
    double t = 0.0;
    Command command;
};

// The change of controls a command makes (Focus, MoveKey, Temperature, Mask, Set), or nullopt
// for a command that changes none. The reducer merges it into the slide's edits.
std::optional<scene::Settings> change_of(const Command& c);

// Applies one command at session time `now`. Pure.
State apply(const scene::Deck& deck, const Layout& lay, State s, const Command& c, double now);

// The state at the start of a span, as an export of the plain deck plays it.
State state_at_span(const Layout& lay, int span);
// The state at deck time t of the plain timeline (no interaction): state_at_span(lay, lay.at(t)).
// Exact at frame times: frame i / fps on a step boundary shows the new step, at every rate.
State state_at(const Layout& lay, double t);

// One line per event and back again: "<seconds> <command> [arguments]", e.g. "12.345000 next",
// "13.000000 key 4 0.5 -1.25". Any control is written through scene::controls():
// "14.000000 set NAME VALUE[; NAME VALUE …]" with each kind's text form ("set temperature inf;
// mask on", "set keys same, 2 0.5 1", "set compare 1 3"). The shorthands focus, temperature,
// mask and key (one moved key) are written and read under their own names.
// A time beyond kMaxRecordedSeconds (about 115 days) or below 0 is refused, and so is a word after
// a command's arguments ("1.0 next garbage"): then `extra`, when given, is where that word starts
// in the line (std::string::npos for every other mistake).
constexpr double kMaxRecordedSeconds = 1e7;
std::string format(const Event& e);
bool parse(const std::string& line, Event& out, std::string& error, std::size_t* extra = nullptr);

// Everything a frame needs, evaluated at one instant.
struct View {
    const scene::Deck* deck = nullptr;
    int span = 0;
    int slide = 0;
    int step = 0;
    const scene::Slide* slide_ptr = nullptr;
    const scene::Scene* scene = nullptr;  // null for title/text slides
    const scene::Step* step_ptr = nullptr;  // null for title/text slides
    // The panels showing: the step's own (scene::Scene::panels_at), the scene's during an
    // experiment; null for title/text slides.
    const std::vector<scene::Panel>* panels = nullptr;

    scene::Stage stage = scene::Stage::Blend;       // the stage this step reveals (on its question
                                                    // beat, the stage shown before it)
    scene::Stage prev_stage = scene::Stage::Tokens;  // the stage shown before it (same slide), for transitions
    // The step's question beat (Span::asking): the step's `ask` over its before state — the
    // controls and stage the step before ended with, nothing moving.
    bool asking = false;
    double local = 0.0;       // seconds since the step's animation started (scaled by speed)
    double u = 1.0;           // eased animation progress in [0, 1]
    double u_linear = 1.0;    // un-eased progress
    bool animating = false;   // something moves: the window must keep drawing

    scene::Controls controls;       // in force now (steps, edits and experiment, tweened)
    double mask_u = 0.0;            // 0 = mask off … 1 = future columns fully folded away
    // Every head's trace at `controls` (with the mask as controls.mask) and what is made of them
    // (the concatenation, W_O, the add); empty (no heads) for a title or text slide, or when the
    // trace could not be computed.
    attention::HeadsTrace heads;
    std::size_t shown = 0;          // the head the one-head panels draw (scene::shown_head of `controls`)
    // The shown head's trace (an empty one, n = 0, without heads).
    const attention::Trace& trace() const;
    attention::Trace open;          // the shown head's without the mask (for the fold animation); n = 0 if not needed
    std::string error;              // why `trace` could not be computed (should not happen after load)
    // Two tokens exchanged (controls.swap): the scene as it now reads (scene::swapped), which
    // `scene` points to; null without a swap.
    std::shared_ptr<const scene::Scene> swapped;

    int fade_from_span = -1;  // cross-fade: the span whose end state is drawn beneath, or -1
    double fade_u = 1.0;      // opacity of this slide over it

    int experiment = -1;
    int hover = -1;
    int editing = -1;  // the key being edited (State::editing), when the slide has a scene
    bool blank = false;
    std::optional<core::Point> laser;

    // The quiz card, when a quiz is open.
    struct Quiz {
        const scene::Question* question = nullptr;  // the question asked now (null on the end screen)
        std::vector<int> choices;  // the order its choices are shown in: index into question->choices
        int index = 0;            // 0-based position in the attempt
        int total = 0;            // questions in the attempt
        int attempt = 0;
        bool retry = false;       // an attempt of the questions missed before
        bool revealed = false;
        int picked = -1;          // the position picked, as shown (index into `choices`)
        scene::Outcome outcome = scene::Outcome::Unanswered;  // of the question asked now
        int answered = 0;
        int right = 0;
        int revealed_count = 0;   // answers revealed without a pick (or not graded)
        bool finished = false;    // the end screen
        bool page = false;        // a question page of an export (Span::question): no score, no keys
        std::vector<const scene::Question*> missed;  // on the end screen: the questions not right, as asked
    };
    std::optional<Quiz> quiz;
};

// The questions a quiz draws from on a slide: its scene's own, else every scene's in the deck.
struct QuizBank {
    std::vector<const scene::Question*> questions;
    int draw = 0;
};
QuizBank quiz_bank(const scene::Deck& deck, int slide);
// The question indices (into the bank) of the state's current attempt.
std::vector<int> quiz_order(const scene::Deck& deck, const State& s, int slide);
// The bank indices of the current attempt's questions not answered right, in the order asked.
std::vector<int> quiz_missed(const scene::Deck& deck, const State& s, int slide);

View evaluate(const scene::Deck& deck, const Layout& lay, const State& s, double now);
// Whether anything moves at `now` (View::animating), without the trace evaluate() computes: the
// exporters ask it of every frame, and a trace of thousands of tokens is the frame's largest cost.
bool animating(const scene::Deck& deck, const Layout& lay, const State& s, double now);

// Temperature is tweened in g = T / (1 + T), which maps [0, ∞] onto [0, 1]: a tween from 1 to ∞
// passes through every T once and looks even to the eye.
double tween_temperature(double from, double to, double u);

}  // namespace timeline
