// app/modes: react(), one case per action: how each changes the modes and which timeline
// commands it issues, computed from the state before it (the session applies the commands in
// order, at one instant). The temperature and speed ladders live here too. No SDL, no clock.
#include "app/modes.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iterator>
#include <sstream>

namespace app {

namespace {

// T / Shift+T walk this ladder; both limits are on it so "break it on purpose" is two keys away.
constexpr double kLadder[] = {0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 1.0, 1.4, 2.0, 3.0, 5.0, 10.0, 25.0, attention::kInfinity};

// [ / ] and the drawn − / + walk this ladder (0.25× … 2×).
constexpr double kSpeeds[] = {0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0};

// The picked key moved one nudge in `dir` (five with Shift). A nudge is a twentieth of the keys'
// spread, so it feels the same on any plane.
std::optional<timeline::cmd::MoveKey> nudged(const timeline::View& v, int key_index, int dir, bool shift) {
    if (!v.scene) return std::nullopt;
    const int n = static_cast<int>(v.scene->n());
    if (key_index < 0 || key_index >= n) return std::nullopt;
    core::Vec key = v.controls.keys[static_cast<std::size_t>(key_index)];
    double extent = 0.0;
    for (const auto& k : v.controls.keys)
        for (double x : k) extent = std::max(extent, std::abs(x));
    const double step = std::max(extent, 0.5) * 0.05;
    const double big = shift ? 5.0 : 1.0;
    double dx = 0.0, dy = 0.0;
    switch (dir) {
        case kLeft: dx = -big; break;
        case kRight: dx = big; break;
        case kUp: dy = big; break;  // plane y points up
        case kDown: dy = -big; break;
        default: return std::nullopt;
    }
    if (!key.empty()) key[0] += dx * step;
    if (key.size() > 1) key[1] += dy * step;
    return timeline::cmd::MoveKey{key_index, key};
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
            break;
        case Action::OpenOverview:
            to.mode = Mode::Overview;
            to.menu_index = s.span;
            break;
        case Action::Replay: issue(Replay{}); break;
        case Action::Pause: issue(Pause{}); break;
        case Action::PlayPause:
            if (s.paused || v.animating) issue(Pause{});
            else issue(Replay{});
            break;
        case Action::Scrub:
            // Paused, so the animation stays where it was put.
            if (!s.paused) issue(Pause{});
            issue(Seek{std::clamp(v.u_linear + 0.1 * in.arg, 0.0, 1.0)});
            break;
        case Action::Slower: issue(Speed{speed_down(s.speed)}); break;
        case Action::Faster: issue(Speed{speed_up(s.speed)}); break;
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
        case Action::EnterKeys:
            if (!v.scene) break;
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
        case Action::Reset: issue(Reset{}); break;
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
            if (auto mv = nudged(v, to.selected_key, in.arg, in.shift)) issue(*mv);
            break;
        case Action::GrabKey:
            to.mode = Mode::Keys;
            to.selected_key = in.arg;
            break;
        case Action::TypeKey:
            to.mode = Mode::KeyEntry;
            to.entry.clear();
            to.error.clear();
            break;

        // ---- typing a step number or coordinates
        case Action::TypeDigit:
            if (in.arg >= 0 && in.arg <= 9) to.entry += static_cast<char>('0' + in.arg);
            break;
        case Action::TypeChar:
            if (in.arg == ' ') {
                if (!to.entry.empty() && to.entry.back() != ' ') to.entry += ' ';
            } else if (in.arg == '-' || in.arg == '.') {
                to.entry += static_cast<char>(in.arg);
            }
            break;
        case Action::Erase:
            if (!to.entry.empty()) to.entry.pop_back();
            break;
        case Action::Cancel:
            to.mode = m.mode == Mode::KeyEntry ? Mode::Keys : Mode::Slides;
            to.entry.clear();
            to.error.clear();
            break;
        case Action::Commit:
            if (m.mode == Mode::GotoStep) {
                if (!to.entry.empty())
                    issue(Goto{std::clamp(std::atoi(to.entry.c_str()), 1, std::max(1, c.steps)) - 1});
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
    return r;
}

}  // namespace app
