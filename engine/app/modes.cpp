// app/modes: react(), one case per action: how each changes the modes and which timeline
// commands it issues, computed from the state before it (the session applies the commands in
// order, at one instant). The temperature and speed ladders live here too. No SDL, no clock.
#include "app/modes.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iterator>
#include <sstream>

#include "scene/heads.hpp"

namespace app {

namespace {

// T / Shift+T walk this ladder; both limits are on it so "break it on purpose" is two keys away.
constexpr double kLadder[] = {0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 1.0, 1.4, 2.0, 3.0, 5.0, 10.0, 25.0, attention::kInfinity};

// [ / ] and the drawn − / + walk this ladder (0.25× … 2×).
constexpr double kSpeeds[] = {0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0};

// One coordinate moved `lines` lines of the grid in the direction of its sign: to the next line
// first (a key off the grid lands on it), then whole lines.
double step_on_grid(double x, double grid, int lines) {
    const double at = x / grid;
    const double next = lines > 0 ? std::floor(at + 1e-9) + 1 : std::ceil(at - 1e-9) - 1;
    return snap_to((next + (lines > 0 ? lines - 1 : lines + 1)) * grid, grid);
}

// The picked key moved one nudge in `dir`: to the next line of the key grid (five lines with
// Shift), or a tenth of a line without snapping with Alt.
std::optional<timeline::cmd::MoveKey> nudged(const timeline::View& v, int key_index, int dir, bool shift, bool fine) {
    if (!v.scene || scene::shown_head(*v.scene, v.controls) != 0) return std::nullopt;  // the first head's keys only
    const int n = static_cast<int>(v.scene->n());
    if (key_index < 0 || key_index >= n) return std::nullopt;
    core::Vec key = v.controls.keys[static_cast<std::size_t>(key_index)];
    const double grid = key_grid(v);
    const int lines = shift ? 5 : 1;
    std::size_t axis = 0;
    int sign = 1;
    switch (dir) {
        case kLeft: sign = -1; break;
        case kRight: break;
        case kUp: axis = 1; break;  // plane y points up
        case kDown: axis = 1; sign = -1; break;
        default: return std::nullopt;
    }
    if (axis >= key.size()) return std::nullopt;
    double& x = key[axis];
    const double moved = fine ? x + sign * lines * grid / 10 : step_on_grid(x, grid, sign * lines);
    if (!std::isfinite(moved)) return std::nullopt;
    x = moved;
    return timeline::cmd::MoveKey{key_index, key};
}

bool navigates(const timeline::Command& c) {
    return std::holds_alternative<timeline::cmd::Next>(c) || std::holds_alternative<timeline::cmd::Back>(c) ||
           std::holds_alternative<timeline::cmd::Goto>(c);
}

bool editing_mode(Mode m) { return m == Mode::Keys || m == Mode::KeyEntry; }

// The longest entry of a typing mode: a step number has as many digits as the step count at
// most; a key's coordinates, a few numbers.
std::size_t entry_limit(Mode m, int steps) {
    if (m == Mode::GotoStep) return std::to_string(std::max(1, steps)).size();
    return 64;
}

std::string speed_text(double s) {
    std::ostringstream o;
    o << "speed " << s << "×";
    return o.str();
}

// The typed coordinates of a key: exactly `d` finite numbers separated by spaces.
std::optional<core::Vec> typed_key(const std::string& entry, std::size_t d) {
    std::istringstream in(entry);
    core::Vec key;
    double x = 0;
    while (in >> x) key.push_back(x);
    if (!in.eof() || key.size() != d || std::any_of(key.begin(), key.end(), [](double a) { return !std::isfinite(a); }))
        return std::nullopt;
    return key;
}

}  // namespace

const char* mode_name(Mode m) {
    switch (m) {
        case Mode::Slides: return "slides";
        case Mode::GotoStep: return "go to step";
        case Mode::Keys: return "keys";
        case Mode::KeyEntry: return "key coordinates";
        case Mode::Overview: return "overview";
        case Mode::Experiments: return "experiments";
    }
    return "";
}

double temperature_up(double t) {
    for (double x : kLadder)
        if (x > t * (1 + 1e-9) + 1e-12) return x;
    return attention::kInfinity;
}

double temperature_down(double t) {
    double best = 0.0;
    for (double x : kLadder)
        if (x < t * (1 - 1e-9)) best = x;
    return best;
}

double key_grid(const timeline::View& v) {
    double extent = 0.0;
    for (const auto& k : v.controls.keys)
        for (double x : k)
            if (std::isfinite(x)) extent = std::max(extent, std::abs(x));
    // 0.1 while the keys stay within ±5; a tenth of the power of ten past that (1 to ±50, …).
    const double e = std::floor(std::log10(std::max(extent, 0.5) * 0.2));
    return std::pow(10.0, std::clamp(e, -1.0, 300.0));
}

double snap_to(double x, double grid) {
    if (!(grid > 0) || !std::isfinite(x)) return x;
    // Divide by 10^k rather than multiply by 0.1^k: 13 / 10 is the double nearest 1.3.
    if (grid < 1) {
        const double inv = std::round(1 / grid);
        return std::round(x * inv) / inv;
    }
    return std::round(x / grid) * grid;
}

std::optional<timeline::cmd::MoveKey> dragged_key(const timeline::View& v, int token, core::Point at, bool fine) {
    if (!v.scene || token < 0 || token >= static_cast<int>(v.controls.keys.size())) return std::nullopt;
    if (scene::shown_head(*v.scene, v.controls) != 0) return std::nullopt;  // the first head's keys only
    core::Vec key = v.controls.keys[static_cast<std::size_t>(token)];
    const double grid = key_grid(v);
    if (!key.empty()) key[0] = fine ? at.x : snap_to(at.x, grid);
    if (key.size() > 1) key[1] = fine ? at.y : snap_to(at.y, grid);
    return timeline::cmd::MoveKey{token, key};
}

double speed_up(double s) {
    for (double x : kSpeeds)
        if (x > s + 1e-9) return x;
    return kSpeeds[std::size(kSpeeds) - 1];
}

double speed_down(double s) {
    double best = kSpeeds[0];
    for (double x : kSpeeds)
        if (x < s - 1e-9) best = x;
    return best;
}

Reaction react(const Modes& m, const Input& in, const Context& c) {
    using namespace timeline::cmd;
    Reaction r{m, {}, {}};
    Modes& to = r.modes;
    auto issue = [&](timeline::Command cmd) { r.commands.push_back(std::move(cmd)); };
    auto toast = [&](std::string text) {
        to.toast = std::move(text);
        to.toast_at = c.now;
    };
    const timeline::State& s = c.state;
    const timeline::View& v = c.view;
    const int tokens = v.scene ? static_cast<int>(v.scene->n()) : 0;
    const int experiments = v.scene ? static_cast<int>(v.scene->experiments.size()) : 0;

    switch (in.action) {
        case Action::None: break;

        // ---- anywhere
        case Action::Quit: r.requests.quit = true; break;
        case Action::Fullscreen: r.requests.fullscreen = true; break;
        case Action::ToggleHelp: to.help = !to.help; break;
        case Action::CloseHelp: to.help = false; break;
        case Action::ToggleFps: r.requests.fps = true; break;

        // ---- the slides
        case Action::Next:
            if (c.exit_after_last && s.span + 1 >= c.steps && !v.animating) r.requests.quit = true;
            else issue(Next{});
            break;
        case Action::Back: issue(Back{}); break;
        case Action::First: issue(Goto{0}); break;
        case Action::Last: issue(Goto{c.steps - 1}); break;
        case Action::StartGoto:
            to.mode = Mode::GotoStep;
            to.entry = in.arg > 0 ? std::to_string(in.arg) : "";
            to.error.clear();
            break;
        case Action::OpenOverview:
            to.mode = Mode::Overview;
            to.menu_index = s.span;
            break;
        case Action::Replay: issue(Replay{}); break;
        case Action::Pause:
            issue(Pause{});
            toast(s.paused ? "playing" : "paused");
            break;
        case Action::PlayPause:
            if (s.paused || v.animating) {
                issue(Pause{});
                toast(s.paused ? "playing" : "paused");
            } else {
                issue(Replay{});
            }
            break;
        case Action::Scrub:
            // Paused, so the animation stays where it was put.
            if (!s.paused) issue(Pause{});
            issue(Seek{std::clamp(v.u_linear + 0.1 * in.arg, 0.0, 1.0)});
            break;
        case Action::Slower:
            issue(Speed{speed_down(s.speed)});
            toast(speed_text(speed_down(s.speed)));
            break;
        case Action::Faster:
            issue(Speed{speed_up(s.speed)});
            toast(speed_text(speed_up(s.speed)));
            break;
        case Action::Blank: issue(Blank{}); break;
        case Action::ToggleLaser:
            to.laser = !to.laser;
            if (!to.laser) issue(Laser{});
            break;
        case Action::ToggleCounter: r.requests.counter = true; break;
        case Action::TogglePresenter: r.requests.presenter = true; break;
        case Action::TemperatureUp:
            if (v.scene) issue(Temperature{temperature_up(v.controls.temperature)});
            break;
        case Action::TemperatureDown:
            if (v.scene) issue(Temperature{temperature_down(v.controls.temperature)});
            break;
        case Action::ToggleMask:
            if (v.scene) issue(Mask{!v.controls.mask});
            break;
        case Action::NextHead:
        case Action::PickHead: {
            if (!v.scene) break;
            const int count = static_cast<int>(scene::head_count(*v.scene));
            if (count < 2) {
                to.error = "this scene has one head";
                break;
            }
            const int shown = static_cast<int>(scene::shown_head(*v.scene, v.controls));
            const int next = in.action == Action::PickHead ? in.arg : (shown + 1) % count;
            if (next < 0 || next >= count || next == shown) break;
            scene::Settings change;
            change.head = next;
            issue(Set{change});
            toast(scene::shown_head_label(*v.scene, scene::apply(*v.scene, v.controls, change)));
            break;
        }
        case Action::EnterKeys:
            if (!v.scene) break;
            if (scene::shown_head(*v.scene, v.controls) != 0) {
                // The keys a student moves are the first head's (the controls' keys).
                to.error = "only the first head's keys move: show head 1 (Shift+H)";
                break;
            }
            // Keys are picked and moved on the key plane: a step that shows a picture of its own
            // instead (√d, the outputs, the block) has nothing to show them on.
            if (!v.panels || std::find(v.panels->begin(), v.panels->end(), scene::Panel::KeyPlane) == v.panels->end()) {
                to.error = "this step shows no key plane to edit keys on";
                break;
            }
            to.mode = Mode::Keys;
            to.selected_key = std::clamp(to.selected_key, 0, std::max(0, tokens - 1));
            break;
        case Action::ToggleMenu:
            if (m.mode == Mode::Experiments) {
                to.mode = Mode::Slides;
                break;
            }
            [[fallthrough]];
        case Action::OpenMenu:
            if (experiments == 0) {
                to.error = v.scene ? "this scene has no experiments" : "";
                break;
            }
            to.mode = Mode::Experiments;
            to.menu_index = std::max(0, s.experiment);
            break;
        case Action::Reset:
            issue(Reset{});
            toast("every edit of the scene reset (Ctrl+Z undoes)");
            break;
        case Action::ResetStep:
            issue(ResetStep{});
            toast("this step's edits reset (Ctrl+Z undoes)");
            break;
        case Action::Undo:
        case Action::Redo: {
            const bool undo = in.action == Action::Undo;
            const std::size_t slide = static_cast<std::size_t>(v.slide);
            const bool any = slide < s.history.size() && !(undo ? s.history[slide].undo : s.history[slide].redo).empty();
            if (!any) {
                toast(undo ? "nothing to undo on this slide" : "nothing to redo on this slide");
                break;
            }
            if (undo) issue(Undo{});
            else issue(Redo{});
            toast(undo ? "undone" : "redone");
            break;
        }
        case Action::TimerPause:
            if (to.timer.running) {
                to.timer.banked = to.timer.elapsed(c.now);
                to.timer.running = false;
                toast("talk timer paused");
            } else {
                to.timer.started = true;
                to.timer.running = true;
                to.timer.since = c.now;
                toast("talk timer running");
            }
            break;
        case Action::TimerReset:
            to.timer = TalkTimer{};
            toast("talk timer at 0:00: it starts at the next advance");
            break;
        case Action::OpenQuiz:
            issue(QuizOpen{});
            to.mode = Mode::Slides;
            to.error = c.quiz_available ? "" : "no questions to check yourself on here";
            break;
        case Action::Escape:
            if (c.fullscreen) {
                r.requests.fullscreen = true;
            } else if (to.laser) {
                to.laser = false;
                issue(Laser{});
            }
            break;

        // ---- key editing
        case Action::PickKey:
            if (in.arg >= 1 && in.arg <= tokens) to.selected_key = in.arg - 1;
            break;
        case Action::NextKey:
            if (tokens > 0) to.selected_key = (to.selected_key + 1) % tokens;
            break;
        case Action::NudgeKey:
            if (auto mv = nudged(v, to.selected_key, in.arg, in.shift, in.alt)) issue(*mv);
            break;
        case Action::GrabKey:
            if (in.arg >= 0 && in.arg < tokens) to.selected_key = in.arg;
            break;
        case Action::TypeKey:
            to.mode = Mode::KeyEntry;
            to.entry.clear();
            to.error.clear();
            break;

        // ---- typing a step number or coordinates
        case Action::TypeDigit:
            // A step number has at most as many digits as the step count; coordinates are short.
            if (in.arg >= 0 && in.arg <= 9 && to.entry.size() < entry_limit(m.mode, c.steps))
                to.entry += static_cast<char>('0' + in.arg);
            break;
        case Action::TypeChar:
            if (to.entry.size() >= entry_limit(m.mode, c.steps)) break;
            if (in.arg == ' ') {
                if (!to.entry.empty() && to.entry.back() != ' ') to.entry += ' ';
            } else if (in.arg == '-' || in.arg == '.') {
                to.entry += static_cast<char>(in.arg);
            }
            break;
        case Action::Erase:
            if (!to.entry.empty()) to.entry.pop_back();
            else if (m.mode == Mode::GotoStep) to.mode = Mode::Slides;  // nothing left to erase: the prompt goes
            break;
        case Action::Cancel:
            to.mode = m.mode == Mode::KeyEntry ? Mode::Keys : Mode::Slides;
            to.entry.clear();
            to.error.clear();
            break;
        case Action::Commit:
            if (m.mode == Mode::GotoStep) {
                // The entry has at most the step count's digits (TypeDigit): it cannot overflow.
                const int step = to.entry.empty() ? 0 : std::atoi(to.entry.c_str());
                if (!to.entry.empty() && (step < 1 || step > c.steps))
                    to.error = "no step " + to.entry + ": the steps are 1 to " + std::to_string(c.steps);  // and stay
                else if (!to.entry.empty())
                    issue(Goto{step - 1});
                to.entry.clear();
                to.mode = Mode::Slides;
            } else if (m.mode == Mode::KeyEntry) {
                if (!v.scene) {
                    to.mode = Mode::Slides;
                    break;
                }
                const std::optional<core::Vec> key = typed_key(to.entry, v.scene->d());
                if (!key) {
                    to.error = "type " + std::to_string(v.scene->d()) + " numbers separated by spaces";
                    break;
                }
                issue(MoveKey{to.selected_key, *key});
                to.entry.clear();
                to.error.clear();
                to.mode = Mode::Keys;
            }
            break;

        // ---- the overview and the "Try this" menu
        case Action::MoveSelection:
            if (m.mode == Mode::Overview) {
                const int n = c.steps, cols = std::max(1, c.overview_columns);
                int& i = to.menu_index;
                switch (in.arg) {
                    case kLeft: i = std::max(0, i - 1); break;
                    case kRight: i = std::min(n - 1, i + 1); break;
                    case kUp: if (i - cols >= 0) i -= cols; break;
                    case kDown: if (i + cols < n) i += cols; break;
                    case kFirst: i = 0; break;
                    case kLast: i = n - 1; break;
                    default: break;
                }
            } else if (m.mode == Mode::Experiments) {
                // One row per experiment, and "back to the script" while one runs.
                const int rows = experiments + (s.experiment >= 0 ? 1 : 0);
                if (in.arg == kUp) to.menu_index = std::max(0, to.menu_index - 1);
                if (in.arg == kDown) to.menu_index = std::min(rows - 1, to.menu_index + 1);
            }
            break;
        case Action::Choose:
            if (m.mode == Mode::Overview) {
                to.mode = Mode::Slides;
                issue(Goto{to.menu_index});
            } else if (m.mode == Mode::Experiments) {
                issue(Experiment{to.menu_index < experiments ? to.menu_index : -1});
                to.mode = Mode::Slides;
            }
            break;
        case Action::Pick:
            if (m.mode == Mode::Overview) {
                to.mode = Mode::Slides;  // a click beside the thumbnails leaves the overview
                if (in.arg >= 0) issue(Goto{in.arg});
            } else if (m.mode == Mode::Experiments && v.scene && in.arg >= 0) {
                issue(Experiment{in.arg < experiments ? in.arg : -1});
                to.mode = Mode::Slides;
            }
            break;
        case Action::Point:
            if (m.mode == Mode::Overview && in.arg >= 0) to.menu_index = in.arg;
            break;
        case Action::RunExperiment:
            if (in.arg >= 1 && in.arg <= experiments) {
                issue(Experiment{in.arg - 1});
                to.mode = Mode::Slides;
            }
            break;
        case Action::EndExperiment:
            issue(Experiment{-1});
            to.mode = Mode::Slides;
            break;
        case Action::Leave: to.mode = Mode::Slides; break;

        // ---- the quiz
        case Action::QuizPick:
            if (in.arg >= 1 && in.arg <= 9) issue(QuizPick{in.arg - 1});
            break;
        case Action::QuizAnswer:
            if (s.quiz.finished) break;  // the end screen waits for M, C or Esc
            if (s.quiz.revealed) issue(QuizNext{});
            else issue(QuizReveal{});
            break;
        case Action::QuizReveal: issue(QuizReveal{}); break;
        case Action::QuizNext: issue(QuizNext{}); break;
        case Action::QuizClose: issue(QuizClose{}); break;
        case Action::QuizGrade:
            // Only a revealed question without choices, not graded yet.
            if (v.quiz && v.quiz->question && v.quiz->question->choices.empty() && v.quiz->revealed &&
                v.quiz->outcome == scene::Outcome::Revealed)
                issue(QuizGrade{in.arg != 0});
            break;
        case Action::QuizRetry:
            if (v.quiz && v.quiz->finished && !v.quiz->missed.empty()) issue(QuizRetry{});
            break;
        case Action::ShowMe:
            if (!c.show_me) break;
            issue(QuizClose{});
            if (c.show_me->first != s.span) issue(Goto{c.show_me->first});
            issue(Experiment{c.show_me->second});
            to.mode = Mode::Slides;
            break;
    }

    // Whatever leaves the step (or completes its animation) ends key editing: the arrows are the
    // slides' again. The first Next starts the talk timer.
    const bool nav = std::any_of(r.commands.begin(), r.commands.end(), navigates);
    if (nav && editing_mode(to.mode)) {
        to.mode = Mode::Slides;
        to.entry.clear();
    }
    if (nav) to.error.clear();  // what the last key could not do is the old step's
    if (!to.timer.started && std::any_of(r.commands.begin(), r.commands.end(), [](const timeline::Command& x) {
            return std::holds_alternative<timeline::cmd::Next>(x);
        })) {
        to.timer.started = to.timer.running = true;
        to.timer.since = c.now;
        to.timer.banked = 0.0;
    }
    // The key-editing banner (State::editing) follows the mode and the picked key.
    const int editing = editing_mode(to.mode) && v.scene ? to.selected_key : -1;
    if (nav ? s.editing >= 0 : editing != s.editing) issue(EditKey{editing});
    if (to.mode == Mode::Keys && m.mode == Mode::Slides)
        toast("key editing: arrows move the key, Esc to finish");
    else if (to.mode == Mode::Slides && editing_mode(m.mode))
        toast("key editing ended: the arrows move through the slides");
    return r;
}

}  // namespace app
