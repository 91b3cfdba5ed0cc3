// app/modes: what the keyboard and the pointer are doing, as plain state — the interaction
// modes (the slides, typing a step number, key editing and typing a key's coordinates, the
// overview, the "Try this" menu), the help and the laser — and react(), the pure function that
// turns one action (a key looked up in bindings.hpp, or a click the session translated) into the
// next modes, the timeline commands to apply and the requests for the window loop.
// SDL-free and clock-free: a test, a benchmark or a recording drives it without a window.
// Knows timeline/ (State, View, commands) and scene/; never SDL, never the Session.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "timeline/timeline.hpp"

namespace app {

// What the keyboard is doing right now; always named on screen.
enum class Mode {
    Slides,       // arrows, Space, PageUp/Down move through the steps
    GotoStep,     // G or a digit: typing a step number, Enter goes there
    Keys,         // the arrows move the selected key (K, or a click on the key plane; never a drag)
    KeyEntry,     // E in Keys mode: typing exact coordinates of the selected key
    Overview,     // O: a grid of every step to pick from
    Experiments,  // E or X: the scene's "Try this" menu
};
const char* mode_name(Mode m);

// What a key (bindings.hpp) or a click means, whatever produced it. Where an action takes an
// argument, Input::arg carries it (noted after the name).
enum class Action {
    None,
    // anywhere
    Quit, Fullscreen, ToggleHelp, CloseHelp, ToggleFps,
    // the slides
    Next, Back, First, Last,
    StartGoto,        // arg: the first digit of the step number, 0 for none
    OpenOverview, Replay, Pause,
    PlayPause,        // pause while it moves, resume when paused, play a finished step again
    Scrub,            // arg: −1 or +1, a tenth of the step's animation (pauses)
    Slower, Faster, Blank, ToggleLaser, ToggleCounter, TogglePresenter,
    TemperatureUp, TemperatureDown, ToggleMask,
    NextHead,         // a scene of several heads: the next head shown in every one-head panel
    PickHead,         // arg: the head (0-based) whose thumbnail was clicked: shown in every panel
    EnterKeys,        // key editing on
    OpenMenu,         // the "Try this" menu (or say why there is none)
    ToggleMenu,       // the menu's button: open it, or close it when open
    Reset,            // every edit and experiment of the scene
    ResetStep,        // the edits and experiment as this step found them
    Undo, Redo,       // the last edit of this scene undone / done again
    TimerPause,       // the talk timer: pause, or run again
    TimerReset,       // the talk timer back to 0:00, waiting for the next advance
    OpenQuiz,         // a fresh attempt
    Escape,           // leave fullscreen, else end the laser
    // key editing
    PickKey,          // arg: the key's number, 1-based as typed
    NextKey,
    NudgeKey,         // arg: a Direction; to the next line of the key grid (key_grid()), Input::shift
                      // five lines, Input::alt a tenth of a line off the grid
    GrabKey,          // arg: the token whose key dot was pressed: that key picked for K (the mode
                      // stays: a drag never takes the arrows; the word asking stays too)
    TypeKey,          // type the picked key's coordinates
    // typing a step number or coordinates
    TypeDigit,        // arg: the digit
    TypeChar,         // arg: '-', '.' or ' ' (between two numbers)
    Erase, Commit, Cancel,
    // the overview and the "Try this" menu
    MoveSelection,    // arg: a Direction
    Choose,           // the highlighted thumbnail or row
    Pick,             // arg: the thumbnail or row under the pointer (overview: −1 leaves)
    Point,            // arg: the thumbnail under the pointer (highlighted)
    RunExperiment,    // arg: the experiment's number, 1-based as typed
    EndExperiment,
    Leave,            // back to the slides
    // the quiz
    QuizPick,         // arg: the choice's number, 1-based as typed
    QuizAnswer,       // reveal, or the next question once revealed
    QuizReveal, QuizNext, QuizClose,
    QuizGrade,        // arg: 1 "I had it", 0 "I didn't" (a revealed question without choices)
    QuizRetry,        // on the end screen: again with the questions missed
    ShowMe,           // close the quiz and run the experiment a revealed answer names
};

// The argument of NudgeKey and MoveSelection.
enum Direction : int { kLeft, kRight, kUp, kDown, kFirst, kLast };

// One action with its argument.
struct Input {
    Action action = Action::None;
    int arg = 0;         // see Action
    bool shift = false;  // Shift was held: key nudges go five times as far
    bool alt = false;    // Alt was held: key nudges are fine, off the grid
};

// The talk timer of the presenter window: it starts at the first advance (Next), not when the
// program starts, and can be paused and reset. Times are session times.
struct TalkTimer {
    bool started = false;  // set by the first Next; Reset waits for the next one
    bool running = false;
    double since = 0.0;    // when it last started running
    double banked = 0.0;   // seconds counted before `since`
    double elapsed(double now) const { return banked + (running && now > since ? now - since : 0.0); }
    bool operator==(const TalkTimer&) const = default;
};

// How long a toast (a short message at the bottom of the window) stays, in seconds.
inline constexpr double kToastSeconds = 1.8;

// The interaction state that is not the timeline's: never exported, never recorded as commands.
struct Modes {
    Mode mode = Mode::Slides;
    std::string entry;      // the digits or coordinates typed so far (GotoStep, KeyEntry)
    std::string error;      // what the last key could not do ("" for nothing); shown on screen
    int selected_key = 0;   // the key the arrows move in Keys mode (token index)
    int menu_index = 0;     // highlighted overview thumbnail (a step) or "Try this" row
    bool help = false;      // the key table is open
    bool laser = false;     // the pointer lays a laser dot
    TalkTimer timer;
    std::string toast;      // the last short message ("speed 0.5×", "paused", "undone"), shown for
    double toast_at = 0.0;  // kToastSeconds from this session time
    bool toast_visible(double now) const { return !toast.empty() && now >= toast_at && now < toast_at + kToastSeconds; }
    bool operator==(const Modes&) const = default;
};

// What react() asks of the window loop and the presenter's options.
struct Requests {
    bool quit = false;
    bool fullscreen = false;  // toggle
    bool presenter = false;   // toggle the presenter window
    bool counter = false;     // toggle the step counter and progress bar
    bool fps = false;         // toggle the frames-per-second readout
    bool any() const { return quit || fullscreen || presenter || counter || fps; }
};

// What react() reads besides the modes: the timeline's state and the view evaluated now, and
// a few facts about the window and the deck the session knows.
struct Context {
    const timeline::State& state;
    const timeline::View& view;
    int steps = 0;                 // spans of the deck's layout
    int overview_columns = 1;      // thumbnails per row of the overview grid (↑ ↓ move by a row)
    bool fullscreen = false;
    bool exit_after_last = false;  // Next on the finished last step quits
    bool quiz_available = false;   // the current slide has questions to check yourself on
    double now = 0.0;              // session time (stamps toasts, runs the talk timer)
    std::optional<std::pair<int, int>> show_me;  // (step, experiment) of a revealed answer, if it names one
};

struct Reaction {
    Modes modes;                               // the modes after the action
    std::vector<timeline::Command> commands;   // to apply in order, now
    Requests requests;
};

// The next modes, commands and requests for one action. Pure.
Reaction react(const Modes& m, const Input& in, const Context& c);

// The temperature ladder of T / Shift+T and + / −: multiplicative steps from 0 to ∞ inclusive.
double temperature_up(double t);
double temperature_down(double t);

// The grid keys snap to when nudged or dragged: 0.1 on planes whose keys stay within ±5, a
// coarser power of ten on larger ones (1 up to ±50, …), so a nudge gives 1.3, never 1.26.
double key_grid(const timeline::View& v);
// x on the nearest line of `grid` (written exactly: 1.3, not 1.3000000000000003).
double snap_to(double x, double grid);
// The key of `token` dropped at plane point `at` (its first two coordinates), on the grid unless
// `fine`; nullopt when the view has no such key.
std::optional<timeline::cmd::MoveKey> dragged_key(const timeline::View& v, int token, core::Point at, bool fine);

// The speed ladder of [ and ] and the drawn − / + buttons: 0.25× … 2×.
double speed_up(double s);
double speed_down(double s);

}  // namespace app
