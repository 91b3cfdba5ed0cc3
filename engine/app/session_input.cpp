// app/session_input: SDL events → timeline commands. Keys by mode (slides, go to step, keys,
// key entry, overview, experiments), the mouse (clicks on tokens, drags of keys and the
// temperature slider, hover, the laser) and the temperature ladder of T / + / −. It changes
// the State only through Session::command and keeps the interaction modes; it must not draw,
// and knows the overlay, overview and student bar only by their hit tests.
#include "app/session.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "app/session_detail.hpp"

namespace app {

using detail::digit_of;
using detail::inside;

namespace {

// T / Shift+T walk this ladder; both limits are on it so "break it on purpose" is two keys away.
constexpr double kLadder[] = {0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 1.0, 1.4, 2.0, 3.0, 5.0, 10.0, 25.0, attention::kInfinity};

}  // namespace

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

core::Point Session::design_point(int x, int y) const {
    // Mouse coordinates are in points; the frame is drawn in pixels (HiDPI).
    double px = (x + 0.5) * px_w_ / static_cast<double>(win_w_);
    double py = (y + 0.5) * px_h_ / static_cast<double>(win_h_);
    const SDL_Rect fr = frame_rect();
    return draw::transform_for(fr.w, fr.h).to_design({px - fr.x, py - fr.y});
}

void Session::nudge_key(double dx, double dy) {
    timeline::View v = view();
    if (!v.scene) return;
    const int n = static_cast<int>(v.scene->n());
    if (selected_key_ < 0 || selected_key_ >= n) return;
    core::Vec key = v.controls.keys[static_cast<std::size_t>(selected_key_)];
    // The step is a twentieth of the keys' spread, so it feels the same on any plane.
    double extent = 0.0;
    for (const auto& k : v.controls.keys)
        for (double x : k) extent = std::max(extent, std::abs(x));
    double step = std::max(extent, 0.5) * 0.05;
    if (!key.empty()) key[0] += dx * step;
    if (key.size() > 1) key[1] += dy * step;
    command(timeline::cmd::MoveKey{selected_key_, key});
}

bool Session::handle(const SDL_Event& e) {
    switch (e.type) {
        case SDL_QUIT: quit_ = true; return false;
        case SDL_KEYDOWN: return on_key(e.key);
        case SDL_MOUSEBUTTONDOWN: return on_mouse_down(e.button);
        case SDL_MOUSEBUTTONUP: return on_mouse_up(e.button);
        case SDL_MOUSEMOTION: return on_motion(e.motion);
        case SDL_WINDOWEVENT:
            if (e.window.event == SDL_WINDOWEVENT_EXPOSED || e.window.event == SDL_WINDOWEVENT_SIZE_CHANGED ||
                e.window.event == SDL_WINDOWEVENT_RESIZED) {
                dirty_ = true;
                return true;
            }
            if (e.window.event == SDL_WINDOWEVENT_LEAVE && state_.hover != -1) {
                command(timeline::cmd::Hover{-1});
                return true;
            }
            return false;
        default: return false;
    }
}

bool Session::on_key(const SDL_KeyboardEvent& k) {
    const SDL_Keycode sym = k.keysym.sym;
    const Uint16 mod = k.keysym.mod;
    // Global keys, in every mode.
    if (sym == SDLK_q && !(mode_ == Mode::KeyEntry || mode_ == Mode::GotoStep)) {
        quit_ = true;
        return false;
    }
    if (sym == SDLK_F11 || (sym == SDLK_f && mode_ != Mode::KeyEntry)) {
        want_fullscreen_toggle_ = true;
        return true;
    }
    if (sym == SDLK_F1 || (sym == SDLK_SLASH && (mod & KMOD_SHIFT)) || sym == SDLK_QUESTION) {
        help_ = !help_;
        dirty_ = true;
        return true;
    }
    if (sym == SDLK_F12) {
        opt_.show_fps = !opt_.show_fps;
        dirty_ = true;
        return true;
    }
    if (help_ && sym == SDLK_ESCAPE) {
        help_ = false;
        dirty_ = true;
        return true;
    }
    if (state_.quiz.open && (mode_ == Mode::Slides || mode_ == Mode::Keys)) return on_key_quiz(sym);
    switch (mode_) {
        case Mode::Slides: return on_key_slides(sym, mod);
        case Mode::GotoStep: return on_key_entry(sym, mod, true);
        case Mode::Keys: return on_key_keys(sym, mod);
        case Mode::KeyEntry: return on_key_entry(sym, mod, false);
        case Mode::Overview: return on_key_overview(sym);
        case Mode::Experiments: return on_key_experiments(sym);
    }
    return false;
}

bool Session::on_key_slides(SDL_Keycode sym, Uint16 mod) {
    using namespace timeline::cmd;
    const timeline::View v = view();
    const int digit = digit_of(sym);
    if ((mod & KMOD_SHIFT) && (sym == SDLK_LEFT || sym == SDLK_RIGHT)) {
        // Scrub a tenth of the step's animation, paused so it stays where it was put.
        if (!state_.paused) command(Pause{});
        command(Seek{std::clamp(v.u_linear + (sym == SDLK_LEFT ? -0.1 : 0.1), 0.0, 1.0)});
        return true;
    }
    switch (sym) {
        case SDLK_LEFTBRACKET: command(Speed{speed_down(state_.speed)}); return true;
        case SDLK_RIGHTBRACKET: command(Speed{speed_up(state_.speed)}); return true;
        case SDLK_c: open_quiz(); return true;
        case SDLK_RIGHT: case SDLK_DOWN: case SDLK_SPACE: case SDLK_PAGEDOWN: case SDLK_RETURN: case SDLK_KP_ENTER:
            next();
            return true;
        case SDLK_LEFT: case SDLK_UP: case SDLK_PAGEUP: case SDLK_BACKSPACE:
            command(Back{});
            return true;
        case SDLK_HOME: command(Goto{0}); return true;
        case SDLK_END: command(Goto{step_count() - 1}); return true;
        case SDLK_g:
            mode_ = Mode::GotoStep;
            entry_.clear();
            dirty_ = true;
            return true;
        case SDLK_o:
            mode_ = Mode::Overview;
            menu_index_ = state_.span;
            dirty_ = true;
            return true;
        case SDLK_r: command(Replay{}); return true;
        case SDLK_p: command(Pause{}); return true;
        case SDLK_b: case SDLK_PERIOD: command(Blank{}); return true;
        case SDLK_l:
            laser_mode_ = !laser_mode_;
            if (!laser_mode_) command(Laser{});
            dirty_ = true;
            return true;
        case SDLK_h: opt_.show_counter = !opt_.show_counter; dirty_ = true; return true;
        case SDLK_s: want_presenter_toggle_ = true; return true;
        case SDLK_t:
            if (!v.scene) return false;
            command(Temperature{(mod & KMOD_SHIFT) ? temperature_down(v.controls.temperature) : temperature_up(v.controls.temperature)});
            return true;
        case SDLK_PLUS: case SDLK_EQUALS: case SDLK_KP_PLUS:
            if (!v.scene) return false;
            command(Temperature{temperature_up(v.controls.temperature)});
            return true;
        case SDLK_MINUS: case SDLK_KP_MINUS:
            if (!v.scene) return false;
            command(Temperature{temperature_down(v.controls.temperature)});
            return true;
        case SDLK_m:
            if (!v.scene) return false;
            command(Mask{!v.controls.mask});
            return true;
        case SDLK_k:
            if (!v.scene) return false;
            mode_ = Mode::Keys;
            selected_key_ = std::clamp(selected_key_, 0, static_cast<int>(v.scene->n()) - 1);
            dirty_ = true;
            return true;
        case SDLK_e: case SDLK_x:
            if (!v.scene || v.scene->experiments.empty()) {
                entry_error_ = v.scene ? "this scene has no experiments" : "";
                dirty_ = true;
                return true;
            }
            mode_ = Mode::Experiments;
            menu_index_ = std::max(0, state_.experiment);
            dirty_ = true;
            return true;
        case SDLK_ESCAPE:
            if (fullscreen_) want_fullscreen_toggle_ = true;
            else if (laser_mode_) {
                laser_mode_ = false;
                command(Laser{});
            }
            return true;
        default: break;
    }
    if (digit == 0) {
        command(Reset{});
        return true;
    }
    if (digit > 0) {
        mode_ = Mode::GotoStep;
        entry_ = std::to_string(digit);
        dirty_ = true;
        return true;
    }
    return false;
}

bool Session::on_key_entry(SDL_Keycode sym, Uint16, bool goto_step) {
    dirty_ = true;
    const int digit = digit_of(sym);
    if (sym == SDLK_ESCAPE) {
        mode_ = goto_step ? Mode::Slides : Mode::Keys;
        entry_.clear();
        entry_error_.clear();
        return true;
    }
    if (sym == SDLK_BACKSPACE) {
        if (!entry_.empty()) entry_.pop_back();
        return true;
    }
    if (digit >= 0) {
        entry_ += static_cast<char>('0' + digit);
        return true;
    }
    if (!goto_step) {
        if (sym == SDLK_MINUS || sym == SDLK_KP_MINUS) entry_ += '-';
        else if (sym == SDLK_PERIOD || sym == SDLK_KP_PERIOD) entry_ += '.';
        else if (sym == SDLK_SPACE || sym == SDLK_COMMA || sym == SDLK_TAB) {
            if (!entry_.empty() && entry_.back() != ' ') entry_ += ' ';
        }
    }
    if (sym != SDLK_RETURN && sym != SDLK_KP_ENTER) return true;
    if (goto_step) {
        if (!entry_.empty()) {
            int n = std::atoi(entry_.c_str());
            command(timeline::cmd::Goto{std::clamp(n, 1, std::max(1, step_count())) - 1});
        }
        entry_.clear();
        mode_ = Mode::Slides;
        return true;
    }
    const timeline::View v = view();
    if (!v.scene) {
        mode_ = Mode::Slides;
        return true;
    }
    std::istringstream in(entry_);
    core::Vec key;
    double x = 0;
    while (in >> x) key.push_back(x);
    if (!in.eof() || key.size() != v.scene->d() || std::any_of(key.begin(), key.end(), [](double a) { return !std::isfinite(a); })) {
        entry_error_ = "type " + std::to_string(v.scene->d()) + " numbers separated by spaces";
        return true;
    }
    command(timeline::cmd::MoveKey{selected_key_, key});
    entry_.clear();
    entry_error_.clear();
    mode_ = Mode::Keys;
    return true;
}

bool Session::on_key_keys(SDL_Keycode sym, Uint16 mod) {
    const timeline::View v = view();
    if (!v.scene) {
        mode_ = Mode::Slides;
        return on_key_slides(sym, mod);
    }
    const double big = (mod & KMOD_SHIFT) ? 5.0 : 1.0;
    const int digit = digit_of(sym);
    dirty_ = true;
    if (digit >= 1 && digit <= 9) {
        if (digit <= static_cast<int>(v.scene->n())) selected_key_ = digit - 1;
        return true;
    }
    switch (sym) {
        case SDLK_LEFT: nudge_key(-big, 0); return true;
        case SDLK_RIGHT: nudge_key(big, 0); return true;
        case SDLK_UP: nudge_key(0, big); return true;    // plane y points up
        case SDLK_DOWN: nudge_key(0, -big); return true;
        case SDLK_TAB: selected_key_ = (selected_key_ + 1) % static_cast<int>(v.scene->n()); return true;
        case SDLK_e:
            mode_ = Mode::KeyEntry;
            entry_.clear();
            entry_error_.clear();
            return true;
        case SDLK_ESCAPE: case SDLK_k:
            mode_ = Mode::Slides;
            return true;
        default: break;
    }
    // Everything else still works as on the slides (T, M, 0, Space, PageDown …).
    return on_key_slides(sym, mod);
}

bool Session::on_key_overview(SDL_Keycode sym) {
    const int n = step_count();
    int cols = 1, tw = 0, th = 0, gap = 0, x0 = 0, y0 = 0;
    overview_geometry(px_w_, px_h_, cols, tw, th, gap, x0, y0);
    dirty_ = true;
    switch (sym) {
        case SDLK_LEFT: menu_index_ = std::max(0, menu_index_ - 1); return true;
        case SDLK_RIGHT: menu_index_ = std::min(n - 1, menu_index_ + 1); return true;
        case SDLK_UP: if (menu_index_ - cols >= 0) menu_index_ -= cols; return true;
        case SDLK_DOWN: if (menu_index_ + cols < n) menu_index_ += cols; return true;
        case SDLK_HOME: menu_index_ = 0; return true;
        case SDLK_END: menu_index_ = n - 1; return true;
        case SDLK_RETURN: case SDLK_KP_ENTER: case SDLK_SPACE:
            mode_ = Mode::Slides;
            command(timeline::cmd::Goto{menu_index_});
            return true;
        case SDLK_ESCAPE: case SDLK_o: mode_ = Mode::Slides; return true;
        default: return true;
    }
}

bool Session::on_key_experiments(SDL_Keycode sym) {
    const timeline::View v = view();
    dirty_ = true;
    if (!v.scene) {
        mode_ = Mode::Slides;
        return true;
    }
    const int n = static_cast<int>(v.scene->experiments.size());
    const int digit = digit_of(sym);
    if (digit >= 1 && digit <= n) {
        command(timeline::cmd::Experiment{digit - 1});
        mode_ = Mode::Slides;
        return true;
    }
    const int rows = n + (state_.experiment >= 0 ? 1 : 0);
    switch (sym) {
        case SDLK_UP: menu_index_ = std::max(0, menu_index_ - 1); return true;
        case SDLK_DOWN: menu_index_ = std::min(rows - 1, menu_index_ + 1); return true;
        case SDLK_RETURN: case SDLK_KP_ENTER:
            command(timeline::cmd::Experiment{menu_index_ < n ? menu_index_ : -1});
            mode_ = Mode::Slides;
            return true;
        case SDLK_0: case SDLK_KP_0: case SDLK_BACKSPACE:
            command(timeline::cmd::Experiment{-1});
            mode_ = Mode::Slides;
            return true;
        case SDLK_ESCAPE: case SDLK_e: case SDLK_x: mode_ = Mode::Slides; return true;
        default: return true;
    }
}

bool Session::on_mouse_down(const SDL_MouseButtonEvent& b) {
    if (b.button != SDL_BUTTON_LEFT) return false;
    const int px = static_cast<int>(b.x * static_cast<long>(px_w_) / win_w_);
    const int py = static_cast<int>(b.y * static_cast<long>(px_h_) / win_h_);
    if (mode_ == Mode::Overview) {
        int i = overview_at(px, py);
        mode_ = Mode::Slides;  // a click beside the thumbnails leaves the overview
        if (i >= 0) command(timeline::cmd::Goto{i});
        dirty_ = true;
        return true;
    }
    if (help_) {
        help_ = false;
        dirty_ = true;
        return true;
    }
    const timeline::View v = view();
    if (opt_.student) {
        for (const ControlBox& cb : controls_for(v))
            if (inside(cb.rect, px, py)) return press_control(cb.id, px, py);
        if (py >= frame_rect().h) return false;  // the bar between its buttons
    }
    if (mode_ == Mode::Experiments) {
        const int i = menu_item_at(px, py);
        if (i >= 0 && v.scene) {
            const int n = static_cast<int>(v.scene->experiments.size());
            command(timeline::cmd::Experiment{i < n ? i : -1});
            mode_ = Mode::Slides;
        } else if (i == -2) {
            mode_ = Mode::Slides;  // a click outside the menu closes it
        }
        dirty_ = true;
        return true;
    }
    const core::Point p = design_point(b.x, b.y);
    const draw::Hit hit = draw::hit_test(v, p);
    using K = draw::Hit::Kind;
    if (state_.quiz.open) {
        // The quiz card is on top: a click on a choice picks it; the panels beneath take none.
        if (hit.kind == K::QuizChoice && hit.token >= 0) {
            command(timeline::cmd::QuizPick{hit.token});
            return true;
        }
        return false;
    }
    if (!v.scene) return false;
    switch (hit.kind) {
        case K::Token: case K::Value:
            if (hit.token >= 0) command(timeline::cmd::Focus{hit.token});
            return true;
        case K::MatrixCell:
            if (hit.row >= 0) command(timeline::cmd::Focus{hit.row});
            return true;
        case K::Key:
            drag_ = Drag::Key;
            drag_token_ = hit.token;
            selected_key_ = hit.token;
            mode_ = Mode::Keys;  // a click on the plane takes the keys
            dirty_ = true;
            return true;
        case K::TemperatureSlider:
            drag_ = Drag::Slider;
            slider_y_ = p.y;
            command(timeline::cmd::Temperature{hit.value});
            return true;
        case K::MaskSwitch:
            command(timeline::cmd::Mask{!v.controls.mask});
            return true;
        case K::QuizChoice: return false;
        case K::Panel: case K::None:
            if (draw::key_plane_point(v, p) && hit.kind == K::Panel) {
                mode_ = Mode::Keys;
                dirty_ = true;
                return true;
            }
            return false;
    }
    return false;
}

bool Session::on_mouse_up(const SDL_MouseButtonEvent& b) {
    if (b.button != SDL_BUTTON_LEFT) return false;
    const bool scrubbed = drag_ == Drag::Scrub;
    drag_ = Drag::None;
    drag_token_ = -1;
    if (scrubbed && scrub_paused_) {
        scrub_paused_ = false;
        command(timeline::cmd::Pause{});  // it plays on from where it was let go
        return true;
    }
    return false;
}

bool Session::on_motion(const SDL_MouseMotionEvent& m) {
    const core::Point p = design_point(m.x, m.y);
    if (drag_ == Drag::Scrub) {
        if (!(m.state & SDL_BUTTON_LMASK)) {
            SDL_MouseButtonEvent up{};
            up.button = SDL_BUTTON_LEFT;
            return on_mouse_up(up);
        }
        scrub_to(static_cast<int>(m.x * static_cast<long>(px_w_) / win_w_));
        return true;
    }
    if (opt_.student && drag_ == Drag::None && mode_ != Mode::Overview && !laser_mode_) {
        const int px = static_cast<int>(m.x * static_cast<long>(px_w_) / win_w_);
        const int py = static_cast<int>(m.y * static_cast<long>(px_h_) / win_h_);
        if (py >= frame_rect().h) {
            int hot = -1;
            for (const ControlBox& cb : controls())
                if (inside(cb.rect, px, py)) hot = static_cast<int>(cb.id);
            bool changed = hot != hot_control_;
            hot_control_ = hot;
            if (state_.hover != -1) {
                command(timeline::cmd::Hover{-1});
                changed = true;
            }
            if (changed) dirty_ = true;
            return changed;
        }
        if (hot_control_ != -1) {
            hot_control_ = -1;
            dirty_ = true;
        }
    }
    if (laser_mode_) {
        command(timeline::cmd::Laser{p});
        return true;
    }
    if (mode_ == Mode::Overview) {
        int i = overview_at(static_cast<int>(m.x * px_w_ / win_w_), static_cast<int>(m.y * px_h_ / win_h_));
        if (i >= 0 && i != menu_index_) {
            menu_index_ = i;
            dirty_ = true;
            return true;
        }
        return false;
    }
    const timeline::View v = view();
    if (!v.scene) return false;
    if (drag_ == Drag::Key && (m.state & SDL_BUTTON_LMASK)) {
        if (auto q = draw::key_plane_point(v, p)) {
            core::Vec key = v.controls.keys[static_cast<std::size_t>(drag_token_)];
            if (!key.empty()) key[0] = q->x;
            if (key.size() > 1) key[1] = q->y;
            command(timeline::cmd::MoveKey{drag_token_, key});
            return true;
        }
        return false;
    }
    if (drag_ == Drag::Slider && (m.state & SDL_BUTTON_LMASK)) {
        draw::Hit h = draw::hit_test(v, {p.x, slider_y_});
        if (h.kind == draw::Hit::Kind::TemperatureSlider && h.value != v.controls.temperature) {
            command(timeline::cmd::Temperature{h.value});
            return true;
        }
        return false;
    }
    drag_ = Drag::None;
    const draw::Hit h = draw::hit_test(v, p);
    int token = -1;
    using K = draw::Hit::Kind;
    if (h.kind == K::Token || h.kind == K::Key || h.kind == K::Value || h.kind == K::MatrixCell) token = h.token;
    if (token != state_.hover) {
        command(timeline::cmd::Hover{token});
        return true;
    }
    return false;
}

}  // namespace app
