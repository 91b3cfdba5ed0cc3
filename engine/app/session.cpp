#include "app/session.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "app/overlay.hpp"
#include "app/places.hpp"

namespace app {

namespace {

// T / Shift+T walk this ladder; both limits are on it so "break it on purpose" is two keys away.
constexpr double kSpeeds[] = {0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0};
constexpr double kLadder[] = {0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 1.0, 1.4, 2.0, 3.0, 5.0, 10.0, 25.0, attention::kInfinity};

std::string step_label(int i, int n) { return std::to_string(i + 1) + " / " + std::to_string(n); }

// The student bar's geometry in pixels for a w×h target: scrubber row over a row of buttons.
struct BarGeo {
    int top = 0;  // first row of the bar
    int pad = 4;
    int sh = 14;  // scrubber row height
    int u = 28;   // button size
    int fs = 12;  // label size
};
BarGeo bar_geo(int, int h) {
    BarGeo g;
    g.u = std::max(26, h * 50 / 1080);
    g.pad = std::max(4, g.u / 7);
    g.sh = std::max(14, g.u * 2 / 5);
    g.fs = std::max(11, g.u * 2 / 5);
    g.top = h - (g.pad + g.sh + g.u + g.pad);
    return g;
}

// The experiments menu: a box in the upper middle with one row per experiment (and a last row
// "back to the script" while one runs).
struct MenuGeo {
    int x = 0, y = 0, w = 0, h = 0;
    int rows_y = 0, row_h = 0, fs = 12, pad = 6;
};
MenuGeo menu_geo(int w, int h, int rows) {
    MenuGeo m;
    m.fs = std::max(11, h / 54);
    m.pad = m.fs / 2;
    m.y = h / 6;
    m.w = w / 2;
    m.x = (w - m.w) / 2;
    m.row_h = m.fs + 2 * m.pad;
    m.h = m.row_h * (rows + 2) + 2 * m.pad;
    m.rows_y = m.y + m.fs + 3 * m.pad;
    return m;
}

bool inside(const SDL_Rect& r, int x, int y) { return x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h; }

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string fmt(double x) {
    if (std::isinf(x)) return "∞";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", x);
    return buf;
}

const char* kHelp[][2] = {
    {"→ ↓ Space PgDn Enter", "next (first press completes an animation)"},
    {"← ↑ PgUp Backspace", "back (previous step at its end)"},
    {"Home / End", "first / last step"},
    {"G or a number, Enter", "go to step"},
    {"O", "overview of every step"},
    {"R / P", "replay / pause the animation"},
    {"B or .", "blank the screen"},
    {"L", "laser pointer"},
    {"H", "hide the counter and progress bar"},
    {"F / F11, Esc", "fullscreen, leave fullscreen"},
    {"S", "presenter window"},
    {"click a token", "make it the one asking"},
    {"drag a key dot", "move that key"},
    {"T / Shift+T, + / −", "temperature up / down (0 … ∞)"},
    {"M", "causal mask on / off"},
    {"K, 1–9, arrows", "take the keys, pick one, move it (Shift: bigger)"},
    {"E (in keys)", "type exact coordinates"},
    {"E or X", "experiments: Try this (0 ends)"},
    {"0", "reset every edit of this scene"},
    {"C", "check yourself: a fresh quiz each time"},
    {"quiz: 1–9 · Space · →", "pick a choice · reveal, then next · next"},
    {"quiz: Y · Esc", "show me the experiment · close the quiz"},
    {"Shift+← / Shift+→", "scrub the step's animation (pauses)"},
    {"[ / ]", "slower / faster (0.25× … 2×)"},
    {"the bottom bar", "--student: a button for each of these"},
    {"Esc", "hand the arrows back to the slides"},
    {"? / F1", "this help"},
    {"Q / Ctrl+Q", "quit"},
};

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

const char* control_name(Control c) {
    switch (c) {
        case Control::Back: return "back";
        case Control::Play: return "play";
        case Control::Replay: return "replay";
        case Control::Next: return "next";
        case Control::Scrubber: return "scrubber";
        case Control::Slower: return "slower";
        case Control::Faster: return "faster";
        case Control::TryThis: return "try this";
        case Control::Reset: return "reset";
        case Control::Quiz: return "check yourself";
        case Control::Overview: return "overview";
        case Control::Help: return "help";
        case Control::QuizReveal: return "reveal";
        case Control::QuizNext: return "next question";
        case Control::QuizShowMe: return "show me";
        case Control::QuizClose: return "close quiz";
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

void render_frame(SDL_Surface* target, const scene::Deck& deck, const timeline::Layout& lay,
                  const timeline::State& state, double now, const draw::Options& opt) {
    SDL_LockSurface(target);
    cairo_surface_t* cs = cairo_image_surface_create_for_data(static_cast<unsigned char*>(target->pixels),
                                                              CAIRO_FORMAT_ARGB32, target->w, target->h, target->pitch);
    cairo_t* cr = cairo_create(cs);
    draw::render(cr, target->w, target->h, deck, lay, state, now, opt);
    cairo_destroy(cr);
    cairo_surface_flush(cs);
    cairo_surface_destroy(cs);
    SDL_UnlockSurface(target);
}

std::uint64_t surface_hash(const SDL_Surface* s) {
    std::uint64_t h = 1469598103934665603ull;
    const int row_bytes = s->w * s->format->BytesPerPixel;
    for (int y = 0; y < s->h; ++y) {
        const unsigned char* p = static_cast<const unsigned char*>(s->pixels) + static_cast<std::ptrdiff_t>(y) * s->pitch;
        for (int i = 0; i < row_bytes; ++i) {
            h ^= p[i];
            h *= 1099511628211ull;
        }
    }
    return h;
}

Session::Session(std::shared_ptr<const scene::Deck> deck, std::function<double()> clock, SessionOptions opt)
    : deck_(std::move(deck)), clock_(std::move(clock)), opt_(opt) {
    layout_ = timeline::layout(*deck_);
    state_.span_started = clock_();
    state_.edits.resize(deck_->slides.size());
}

Session::~Session() { clear_thumbs(); }

void Session::clear_thumbs() {
    for (cairo_surface_t* s : thumbs_) cairo_surface_destroy(s);
    thumbs_.clear();
    thumbs_deck_ = nullptr;
}

void Session::replace_deck(std::shared_ptr<const scene::Deck> deck) {
    deck_ = std::move(deck);
    layout_ = timeline::layout(*deck_);
    const int n = step_count();
    state_.span = std::clamp(state_.span, 0, std::max(0, n - 1));
    state_.edits.resize(deck_->slides.size());
    // An experiment index or a key that no longer exists falls back to the script.
    if (!layout_.spans.empty()) {
        const scene::Slide& sl = deck_->slides[static_cast<std::size_t>(layout_.spans[static_cast<std::size_t>(state_.span)].slide)];
        if (!sl.scene || state_.experiment >= static_cast<int>(sl.scene->experiments.size())) state_.experiment = -1;
    }
    error_.clear();
    clear_thumbs();
    dirty_ = true;
}

void Session::set_error(std::string error) {
    error_ = std::move(error);
    dirty_ = true;
}

void Session::resize(int window_w, int window_h, int pixel_w, int pixel_h) {
    win_w_ = std::max(1, window_w);
    win_h_ = std::max(1, window_h);
    px_w_ = std::max(1, pixel_w);
    px_h_ = std::max(1, pixel_h);
    dirty_ = true;
}

bool Session::fullscreen_toggle_requested() {
    bool r = want_fullscreen_toggle_;
    want_fullscreen_toggle_ = false;
    return r;
}

bool Session::presenter_toggle_requested() {
    bool r = want_presenter_toggle_;
    want_presenter_toggle_ = false;
    return r;
}

void Session::command(const timeline::Command& c) {
    const double t = clock_();
    state_ = timeline::apply(*deck_, layout_, std::move(state_), c, t);
    timeline::Event ev{t, c};
    history_.push_back(ev);
    if (record_) {
        *record_ << timeline::format(ev) << '\n';
        record_->flush();
    }
    dirty_ = true;
}

core::Point Session::design_point(int x, int y) const {
    // Mouse coordinates are in points; the frame is drawn in pixels (HiDPI).
    double px = (x + 0.5) * px_w_ / static_cast<double>(win_w_);
    double py = (y + 0.5) * px_h_ / static_cast<double>(win_h_);
    const SDL_Rect fr = frame_rect();
    return draw::transform_for(fr.w, fr.h).to_design({px - fr.x, py - fr.y});
}

SDL_Rect Session::frame_rect_for(int w, int h) const {
    if (!opt_.student) return {0, 0, w, h};
    return {0, 0, w, std::max(1, bar_geo(w, h).top)};
}

SDL_Rect Session::frame_rect() const { return frame_rect_for(px_w_, px_h_); }

Overlay& Session::overlay() {
    if (!overlay_) overlay_ = std::make_unique<Overlay>();
    return *overlay_;
}

bool Session::needs_redraw() const {
    if (dirty_ || drawn_moving_) return true;  // (one frame more after an animation: its end state)
    return view().animating;
}

void Session::next() {
    timeline::View v = view();
    const bool last = state_.span + 1 >= step_count();
    if (opt_.exit_after_last && last && !v.animating) {
        quit_ = true;
        return;
    }
    command(timeline::cmd::Next{});
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

namespace {
int digit_of(SDL_Keycode sym) {
    if (sym >= SDLK_0 && sym <= SDLK_9) return static_cast<int>(sym - SDLK_0);
    if (sym >= SDLK_KP_1 && sym <= SDLK_KP_9) return static_cast<int>(sym - SDLK_KP_1) + 1;
    if (sym == SDLK_KP_0) return 0;
    return -1;
}
}  // namespace

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

// ---------------------------------------------------------------------------------------------
// drawing

void Session::render(SDL_Surface* target) {
    const double t = clock_();
    if (last_frame_ >= 0 && t > last_frame_) fps_ = 0.9 * fps_ + 0.1 / (t - last_frame_);
    last_frame_ = t;
    // Evaluated once: the frame and the overlay share this view (a cross-fade needs the
    // previous step too, and draw::render evaluates both then).
    const timeline::View v = timeline::evaluate(*deck_, layout_, state_, t);
    if (mode_ == Mode::Overview) {
        draw_overview(target);
    } else {
        const SDL_Rect fr = frame_rect_for(target->w, target->h);
        SDL_LockSurface(target);
        cairo_surface_t* cs = cairo_image_surface_create_for_data(
            static_cast<unsigned char*>(target->pixels) + static_cast<std::ptrdiff_t>(fr.y) * target->pitch,
            CAIRO_FORMAT_ARGB32, fr.w, fr.h, target->pitch);
        cairo_t* cr = cairo_create(cs);
        if (v.fade_from_span < 0 || v.fade_u >= 1.0 || v.blank) draw::frame(cr, fr.w, fr.h, v, opt_.draw);
        else draw::render(cr, fr.w, fr.h, *deck_, layout_, state_, t, opt_.draw);
        cairo_destroy(cr);
        cairo_surface_flush(cs);
        cairo_surface_destroy(cs);
        SDL_UnlockSurface(target);
        if (fr.h < target->h) {
            SDL_Rect bar{0, fr.h, target->w, target->h - fr.h};
            SDL_FillRect(target, &bar, SDL_MapRGB(target->format, 24, 26, 32));
        }
    }
    if (opt_.overlay) draw_overlay(target, v);
    dirty_ = false;
    drawn_moving_ = v.animating;
}

void Session::overview_geometry(int w, int h, int& cols, int& tw, int& th, int& gap, int& x0, int& y0) const {
    const int n = std::max(1, step_count());
    gap = std::max(8, h / 60);
    const int label = std::max(14, h / 45);
    tw = 0;
    cols = 1;
    for (int c = 1; c <= n; ++c) {
        int rows = (n + c - 1) / c;
        int wc = (w - gap * (c + 1)) / c;
        int hc = wc * 9 / 16;
        if (rows * (hc + label + gap) + gap > h) {
            hc = (h - gap) / rows - label - gap;
            wc = hc * 16 / 9;
        }
        if (wc > tw) {
            tw = wc;
            cols = c;
        }
    }
    th = tw * 9 / 16;
    const int rows = (n + cols - 1) / cols;
    x0 = (w - (cols * tw + (cols - 1) * gap)) / 2;
    y0 = (h - (rows * (th + label + gap) - gap)) / 2;
}

int Session::overview_at(int px, int py) const {
    int cols = 1, tw = 0, th = 0, gap = 0, x0 = 0, y0 = 0;
    overview_geometry(px_w_, px_h_, cols, tw, th, gap, x0, y0);
    const int label = std::max(14, px_h_ / 45);
    if (tw <= 0 || px < x0 || py < y0) return -1;
    int c = (px - x0) / (tw + gap);
    int r = (py - y0) / (th + label + gap);
    if (c >= cols || (px - x0) % (tw + gap) > tw) return -1;
    int i = r * cols + c;
    return i < step_count() ? i : -1;
}

void Session::draw_overview(SDL_Surface* target) {
    const int w = target->w, h = target->h;
    int cols = 1, tw = 0, th = 0, gap = 0, x0 = 0, y0 = 0;
    overview_geometry(w, h, cols, tw, th, gap, x0, y0);
    const int label = std::max(14, h / 45);
    if (thumbs_deck_ != deck_.get() || thumb_w_ != tw || thumb_h_ != th) {
        clear_thumbs();
        thumb_w_ = tw;
        thumb_h_ = th;
        thumbs_deck_ = deck_.get();
        for (int i = 0; i < step_count() && tw > 0 && th > 0; ++i) {
            cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, tw, th);
            cairo_t* cr = cairo_create(s);
            timeline::State st = timeline::state_at_span(layout_, i);
            st.edits = state_.edits;  // the thumbnails show the edits in force
            const timeline::Span& sp = layout_.spans[static_cast<std::size_t>(i)];
            timeline::View v = timeline::evaluate(*deck_, layout_, st, sp.start + sp.anim + scene::kCrossFade);
            draw::frame(cr, tw, th, v, opt_.draw);
            cairo_destroy(cr);
            thumbs_.push_back(s);
        }
    }
    SDL_LockSurface(target);
    cairo_surface_t* cs = cairo_image_surface_create_for_data(static_cast<unsigned char*>(target->pixels),
                                                              CAIRO_FORMAT_ARGB32, w, h, target->pitch);
    cairo_t* cr = cairo_create(cs);
    cairo_set_source_rgb(cr, 0.13, 0.14, 0.16);
    cairo_paint(cr);
    for (int i = 0; i < static_cast<int>(thumbs_.size()); ++i) {
        const int x = x0 + (i % cols) * (tw + gap);
        const int y = y0 + (i / cols) * (th + label + gap);
        if (i == menu_index_ || i == state_.span) {
            const double pad = i == menu_index_ ? 4 : 2;
            if (i == menu_index_) cairo_set_source_rgb(cr, 1.0, 0.75, 0.2);
            else cairo_set_source_rgb(cr, 0.55, 0.6, 0.7);
            cairo_rectangle(cr, x - pad, y - pad, tw + 2 * pad, th + 2 * pad);
            cairo_fill(cr);
        }
        cairo_set_source_surface(cr, thumbs_[static_cast<std::size_t>(i)], x, y);
        cairo_paint(cr);
    }
    cairo_destroy(cr);
    cairo_surface_flush(cs);
    cairo_surface_destroy(cs);
    SDL_UnlockSurface(target);
    if (!overlay_) overlay_ = std::make_unique<Overlay>();
    if (!overlay_->ok()) return;
    for (int i = 0; i < static_cast<int>(thumbs_.size()); ++i) {
        const int x = x0 + (i % cols) * (tw + gap);
        const int y = y0 + (i / cols) * (th + label + gap);
        const timeline::Span& sp = layout_.spans[static_cast<std::size_t>(i)];
        const scene::Slide& sl = deck_->slides[static_cast<std::size_t>(sp.slide)];
        std::string name = std::to_string(i + 1) + "  ";
        if (sl.scene) {
            const scene::Step& st = sl.scene->steps[static_cast<std::size_t>(sp.step)];
            name += st.title.empty() ? scene::stage_name(st.stage) : st.title;
        } else {
            name += sl.title;
        }
        const int lpx = std::max(10, label - 4);
        // Cut a long title to the thumbnail's width (whole UTF-8 characters), marked with "…".
        if (overlay_->measure(name, lpx).x > tw) {
            while (name.size() > 4 && overlay_->measure(name + "…", lpx).x > tw) {
                while (!name.empty() && (static_cast<unsigned char>(name.back()) & 0xC0) == 0x80) name.pop_back();
                if (!name.empty()) name.pop_back();  // the lead byte (or an ASCII character)
            }
            name += "…";
        }
        overlay_->text(name, x, y + th + 2, lpx, Rgba{230, 230, 235, 255});
    }
    overlay_->paint(target);
}

void Session::draw_overlay(SDL_Surface* target, const timeline::View& v) {
    if (!overlay_) overlay_ = std::make_unique<Overlay>();
    Overlay& o = *overlay_;
    if (!o.ok()) return;
    const int w = target->w, h = target->h;
    const int fs = std::max(11, h / 54);   // 20 px at 1080p
    const int pad = fs / 2;
    const Rgba chip{20, 22, 28, 190};
    const Rgba ink{245, 245, 245, 255};
    const Rgba dim{200, 204, 212, 255};
    const int n = step_count();
    const int fh = mode_ == Mode::Overview ? h : frame_rect_for(w, h).h;  // the frame's bottom: the student bar is below it
    if (opt_.student && mode_ != Mode::Overview) draw_bar(target, v);

    if (opt_.show_counter && !opt_.student && mode_ != Mode::Overview && !v.blank) {
        // Thin progress bar along the bottom edge and the counter above its right end.
        const double bar = std::max(3, h / 270);
        const double frac = n > 1 ? static_cast<double>(state_.span) / (n - 1) : 1.0;
        o.box(0, h - bar, w, bar, Rgba{0, 0, 0, 50});
        o.box(0, h - bar, w * frac, bar, Rgba{230, 140, 30, 230});
        const std::string counter = step_label(state_.span, n);
        SDL_Point sz = o.measure(counter, fs);
        o.box(w - sz.x - 3 * pad, h - bar - sz.y - 2 * pad, sz.x + 2 * pad, sz.y + pad, chip, pad / 2.0);
        o.text(counter, w - 2 * pad, h - bar - sz.y - 1.5 * pad, fs, ink, Overlay::Face::Regular, 2);
    }

    // The mode, always named (faint while on the slides).
    {
        std::string m = mode_name(mode_);
        if (mode_ == Mode::Keys && v.scene && selected_key_ < static_cast<int>(v.scene->n()))
        {
            const core::Vec& key = v.controls.keys[static_cast<std::size_t>(selected_key_)];
            std::string at;
            for (double x : key) at += (at.empty() ? "" : ", ") + fmt(x);
            m = "keys · k" + std::to_string(selected_key_ + 1) + " (" + v.scene->tokens[static_cast<std::size_t>(selected_key_)] +
                ") = (" + at + ") · 1–9 pick · arrows move · Shift bigger · E exact · Esc slides";
        }
        else if (mode_ == Mode::KeyEntry)
            m = "key k" + std::to_string(selected_key_ + 1) + " = " + entry_ + "▏  (Enter sets, Esc cancels)";
        else if (mode_ == Mode::GotoStep)
            m = "go to step " + entry_ + "▏ of " + std::to_string(n) + "  (Enter)";
        else if (mode_ == Mode::Overview)
            m = "overview · arrows + Enter or click · Esc back";

        if (laser_mode_) m += " · laser";
        if (state_.paused) m += " · paused";
        const bool quiet = mode_ == Mode::Slides && !laser_mode_ && !state_.paused;  // (the quiz card names its keys)
        if (!(quiet && (!opt_.show_counter || v.blank || opt_.student))) {
            SDL_Point sz = o.measure(m, fs);
            o.box(pad, fh - sz.y - 3 * pad, sz.x + 2 * pad, sz.y + pad, quiet ? Rgba{20, 22, 28, 70} : chip, pad / 2.0);
            o.text(m, 2 * pad, fh - sz.y - 2.5 * pad, fs, quiet ? Rgba{255, 255, 255, 150} : ink);
        }
        if (!entry_error_.empty() && (mode_ == Mode::KeyEntry || mode_ == Mode::Slides)) {
            SDL_Point sz = o.measure(entry_error_, fs);
            o.box(pad, fh - 2 * sz.y - 6 * pad, sz.x + 2 * pad, sz.y + pad, Rgba{150, 30, 30, 220}, pad / 2.0);
            o.text(entry_error_, 2 * pad, fh - 2 * sz.y - 5.5 * pad, fs, ink);
        }
    }

    if (opt_.show_fps) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.0f fps", fps_);
        SDL_Point sz = o.measure(buf, fs, Overlay::Face::Mono);
        o.box(w - sz.x - 3 * pad, pad, sz.x + 2 * pad, sz.y + pad, chip, pad / 2.0);
        o.text(buf, w - 2 * pad, 1.5 * pad, fs, ink, Overlay::Face::Mono, 2);
    }

    if (mode_ == Mode::Experiments && v.scene) {
        const auto& ex = v.scene->experiments;
        const int rows = static_cast<int>(ex.size()) + (state_.experiment >= 0 ? 1 : 0);
        const MenuGeo g = menu_geo(w, h, rows);
        const int x = g.x, bw = g.w;
        int y = g.y;
        o.box(x, y, bw, g.h, Rgba{20, 22, 28, 225}, pad);
        o.text("Try this — click, 1–9 or arrows + Enter · 0 ends · Esc closes", x + 2 * pad, y + pad, fs, dim, Overlay::Face::Bold);
        y = g.rows_y;
        for (int i = 0; i < rows; ++i) {
            if (i == menu_index_) o.box(x + pad, y - pad / 2, bw - 2 * pad, g.row_h, Rgba{230, 140, 30, 200}, pad / 2.0);
            std::string line = i < static_cast<int>(ex.size())
                                   ? std::to_string(i + 1) + "  " + ex[static_cast<std::size_t>(i)].title + (i == state_.experiment ? "  ✓" : "")
                                   : "0  back to the script (end the experiment)";
            o.text(line, x + 2 * pad, y + pad / 2, fs, ink);
            y += g.row_h;
        }
    }
    // (A running experiment's title and what to look for are part of the frame: draw's "Try this" panel.)

    if (!error_.empty()) {
        // A broken save: the last good deck stays on screen, the error on top until fixed.
        const int wrap = w * 3 / 4;
        const std::string s = error_ + "\n(showing the last version that loaded; save again to retry)";
        SDL_Point sz = o.measure(s, fs, Overlay::Face::Mono, wrap);
        const double bx = (w - sz.x) / 2.0 - 2 * pad;
        o.box(bx, h / 12.0, sz.x + 4 * pad, sz.y + 2 * pad, Rgba{140, 24, 24, 235}, pad / 2.0);
        o.text(s, bx + 2 * pad, h / 12.0 + pad, fs, ink, Overlay::Face::Mono, 0, wrap);
    }

    if (help_) {
        const int rows = static_cast<int>(std::size(kHelp));
        const int line = fs + pad;
        const int bw = std::min(w - 4 * pad, fs * 40);
        const int bh = (rows + 2) * line + 2 * pad;
        const int x = (w - bw) / 2, y = std::max(pad, (fh - bh) / 2);
        o.box(x, y, bw, bh, Rgba{16, 18, 24, 235}, pad);
        o.text("attnlab keys", x + 2 * pad, y + pad, fs, Rgba{255, 190, 90, 255}, Overlay::Face::Bold);
        for (int i = 0; i < rows; ++i) {
            const int ty = y + pad + (i + 2) * line;
            o.text(kHelp[i][0], x + 2 * pad, ty, fs, Rgba{255, 214, 150, 255}, Overlay::Face::Bold);
            o.text(kHelp[i][1], x + bw * 4 / 10, ty, fs, ink);
        }
    }
    o.paint(target);
}

void Session::render_presenter(SDL_Surface* target, double talk_seconds, double elapsed) {
    const int w = target->w, h = target->h;
    const int n = step_count();
    const double t = clock_();
    SDL_FillRect(target, nullptr, SDL_MapRGB(target->format, 24, 26, 32));
    const int pad = std::max(8, h / 60);
    const int fs = std::max(12, h / 36);

    // Current frame (left, large) and the next step's end state (right, small).
    const int cw = w * 3 / 5 - 2 * pad;
    const int ch = cw * 9 / 16;
    const int nw = w - cw - 3 * pad;
    const int nh = nw * 9 / 16;
    auto draw_into = [&](int x, int y, int tw, int th, const timeline::State& st, double at) {
        SDL_Surface* sub = SDL_CreateRGBSurfaceWithFormat(0, tw, th, 32, SDL_PIXELFORMAT_ARGB8888);
        if (!sub) return;
        render_frame(sub, *deck_, layout_, st, at, opt_.draw);
        SDL_Rect dst{x, y, tw, th};
        SDL_BlitSurface(sub, nullptr, target, &dst);
        SDL_FreeSurface(sub);
    };
    draw_into(pad, pad + fs + pad, cw, ch, state_, t);
    const bool has_next = state_.span + 1 < n;
    if (has_next) {
        timeline::State nx = state_;
        nx.span = state_.span + 1;
        const timeline::Span& sp = layout_.spans[static_cast<std::size_t>(nx.span)];
        nx.span_started = t - sp.anim - scene::kCrossFade;
        nx.paused = false;
        nx.blank = false;
        draw_into(cw + 2 * pad, pad + fs + pad, nw, nh, nx, t);
    }

    if (!overlay_) overlay_ = std::make_unique<Overlay>();
    Overlay& o = *overlay_;
    if (!o.ok()) return;
    const Rgba ink{240, 240, 240, 255};
    const Rgba dim{170, 176, 190, 255};
    o.text("now · " + step_label(state_.span, n), pad, pad, fs, dim, Overlay::Face::Bold);
    o.text(has_next ? "next · " + step_label(state_.span + 1, n) : "end of the deck", cw + 2 * pad, pad, fs, dim,
           Overlay::Face::Bold);

    // Timer: elapsed, and remaining (red when over) when a talk time is given.
    auto clock_text = [](double s) {
        const bool neg = s < 0;
        long v = static_cast<long>(std::floor(std::abs(s)));
        char buf[32];
        std::snprintf(buf, sizeof buf, "%s%ld:%02ld", neg ? "−" : "", v / 60, v % 60);
        return std::string(buf);
    };
    int ty = pad + fs + pad + nh + 2 * pad;
    o.text("elapsed " + clock_text(elapsed), cw + 2 * pad, ty, fs * 3 / 2, ink, Overlay::Face::Mono);
    ty += fs * 2;
    if (talk_seconds > 0) {
        const double left = talk_seconds - elapsed;
        o.text("left " + clock_text(left), cw + 2 * pad, ty, fs * 3 / 2, left < 0 ? Rgba{255, 90, 80, 255} : Rgba{150, 220, 150, 255},
               Overlay::Face::Mono);
        ty += fs * 2;
        o.box(cw + 2 * pad, ty, nw, pad / 2.0, Rgba{70, 74, 84, 255});
        o.box(cw + 2 * pad, ty, nw * std::clamp(elapsed / talk_seconds, 0.0, 1.0), pad / 2.0, Rgba{230, 140, 30, 255});
    }

    // Speaker notes of the current step, below the current frame.
    std::string notes;
    const timeline::Span& sp = layout_.spans.empty() ? timeline::Span{} : layout_.spans[static_cast<std::size_t>(state_.span)];
    if (!layout_.spans.empty()) {
        const scene::Slide& sl = deck_->slides[static_cast<std::size_t>(sp.slide)];
        if (sl.scene) {
            const scene::Step& st = sl.scene->steps[static_cast<std::size_t>(sp.step)];
            notes = st.notes.empty() ? st.say : st.notes;
            if (!st.title.empty()) notes = st.title + "\n\n" + notes;
        } else {
            notes = sl.notes.empty() ? sl.say : sl.notes;
            if (!sl.title.empty()) notes = sl.title + "\n\n" + notes;
        }
    }
    if (notes.empty()) notes = "(no notes for this step)";
    o.text(notes, pad, pad + fs + pad + ch + 2 * pad, fs, ink, Overlay::Face::Regular, 0, cw);
    o.paint(target);
}

// ---------------------------------------------------------------------------------------------
// student mode: the drawn controls, the quiz keys, the remembered place

void Session::open_quiz() {
    command(timeline::cmd::QuizOpen{});
    mode_ = Mode::Slides;
    entry_error_ = state_.quiz.open ? "" : "no questions to check yourself on here";
    dirty_ = true;
}

bool Session::on_key_quiz(SDL_Keycode sym) {
    using namespace timeline::cmd;
    const int digit = digit_of(sym);
    if (digit >= 1 && digit <= 9) {
        command(QuizPick{digit - 1});
        return true;
    }
    switch (sym) {
        case SDLK_SPACE: case SDLK_RETURN: case SDLK_KP_ENTER:
            if (state_.quiz.revealed) command(QuizNext{});
            else command(QuizReveal{});
            return true;
        case SDLK_RIGHT: case SDLK_DOWN: case SDLK_PAGEDOWN: command(QuizNext{}); return true;
        case SDLK_ESCAPE: command(QuizClose{}); return true;
        case SDLK_c: open_quiz(); return true;
        case SDLK_y: show_me(); return true;
        default: return true;  // nothing else reaches the slides while the quiz is open
    }
}

std::optional<std::pair<int, int>> Session::show_me_target() const {
    return show_me_target(timeline::evaluate(*deck_, layout_, state_, clock_()));
}

std::optional<std::pair<int, int>> Session::show_me_target(const timeline::View& v) const {
    if (!state_.quiz.open || !state_.quiz.revealed || !v.quiz || !v.quiz->question) return std::nullopt;
    const scene::Question* q = v.quiz->question;
    if (q->experiment.empty()) return std::nullopt;
    const std::string want = lower(q->experiment);
    auto find = [&](const scene::Scene& sc) {
        for (std::size_t i = 0; i < sc.experiments.size(); ++i)
            if (lower(sc.experiments[i].title) == want) return static_cast<int>(i);
        return -1;
    };
    if (v.scene) {
        const int i = find(*v.scene);
        if (i >= 0) return std::make_pair(state_.span, i);
    }
    // A question drawn from another scene's bank (a slide without its own quiz): go to the end
    // of that scene, where every stage is on screen, and run its experiment there.
    for (std::size_t sl = 0; sl < deck_->slides.size(); ++sl) {
        const auto& scp = deck_->slides[sl].scene;
        if (!scp) continue;
        const auto& qs = scp->quiz.questions;
        if (std::none_of(qs.begin(), qs.end(), [&](const scene::Question& x) { return &x == q; })) continue;
        const int i = find(*scp);
        if (i < 0) return std::nullopt;
        int span = -1;
        for (std::size_t k = 0; k < layout_.spans.size(); ++k)
            if (layout_.spans[k].slide == static_cast<int>(sl)) span = static_cast<int>(k);
        if (span < 0) return std::nullopt;
        return std::make_pair(span, i);
    }
    return std::nullopt;
}

void Session::show_me() {
    const auto target = show_me_target();
    if (!target) return;
    command(timeline::cmd::QuizClose{});
    if (target->first != state_.span) command(timeline::cmd::Goto{target->first});
    command(timeline::cmd::Experiment{target->second});
    mode_ = Mode::Slides;
}

void Session::open_student(const std::string& deck_path, std::optional<int> start_at) {
    place_path_ = deck_path;
    const std::optional<int> remembered = start_at ? std::nullopt : load_place(deck_path);
    const std::optional<int> at = start_at ? start_at : remembered;
    if (at && step_count() > 0) command(timeline::cmd::Goto{std::clamp(*at, 0, step_count() - 1)});
    saved_span_ = remembered ? state_.span : -1;
}

bool Session::save_place(std::string& error) {
    if (place_path_.empty() || state_.span == saved_span_) return true;
    saved_span_ = state_.span;  // one try per step: a failing disk is reported once, not every frame
    return app::save_place(place_path_, state_.span, error);
}

int Session::bar_height(int h) const { return h - bar_geo(px_w_, h).top; }

int Session::menu_item_at(int px, int py) const {
    const timeline::View v = view();
    if (!v.scene) return -2;
    const int rows = static_cast<int>(v.scene->experiments.size()) + (state_.experiment >= 0 ? 1 : 0);
    const MenuGeo g = menu_geo(px_w_, px_h_, rows);
    if (!inside({g.x, g.y, g.w, g.h}, px, py)) return -2;
    if (py < g.rows_y - g.pad / 2) return -1;
    const int i = (py - (g.rows_y - g.pad / 2)) / g.row_h;
    return i < rows ? i : -1;
}

void Session::scrub_to(int px) {
    const std::optional<SDL_Rect> r = control_rect(Control::Scrubber);
    if (!r || r->w <= 0) return;
    command(timeline::cmd::Seek{std::clamp((px - r->x) / static_cast<double>(r->w), 0.0, 1.0)});
}

bool Session::press_control(Control c, int px, int) {
    using namespace timeline::cmd;
    dirty_ = true;
    switch (c) {
        case Control::Back: command(Back{}); return true;
        case Control::Next: next(); return true;
        case Control::Replay: command(Replay{}); return true;
        case Control::Play: {
            // Pause while it moves, resume when paused, and play a finished step again.
            const timeline::View v = view();
            if (state_.paused || v.animating) command(Pause{});
            else command(Replay{});
            return true;
        }
        case Control::Scrubber:
            drag_ = Drag::Scrub;
            scrub_paused_ = !state_.paused;
            if (scrub_paused_) command(Pause{});  // held still under the pointer while dragging
            scrub_to(px);
            return true;
        case Control::Slower: command(Speed{speed_down(state_.speed)}); return true;
        case Control::Faster: command(Speed{speed_up(state_.speed)}); return true;
        case Control::TryThis:
            if (mode_ == Mode::Experiments) mode_ = Mode::Slides;
            else {
                mode_ = Mode::Experiments;
                menu_index_ = std::max(0, state_.experiment);
            }
            return true;
        case Control::Reset: command(Reset{}); return true;
        case Control::Quiz: open_quiz(); return true;
        case Control::Overview:
            mode_ = Mode::Overview;
            menu_index_ = state_.span;
            return true;
        case Control::Help: help_ = !help_; return true;
        case Control::QuizReveal: command(QuizReveal{}); return true;
        case Control::QuizNext: command(QuizNext{}); return true;
        case Control::QuizShowMe: show_me(); return true;
        case Control::QuizClose: command(QuizClose{}); return true;
    }
    return false;
}

std::vector<ControlBox> Session::controls() { return controls_for(view()); }

std::optional<SDL_Rect> Session::control_rect(Control c) {
    for (const ControlBox& cb : controls())
        if (cb.id == c) return cb.rect;
    return std::nullopt;
}

std::vector<ControlBox> Session::controls_for(const timeline::View& v) {
    std::vector<ControlBox> out;
    if (!opt_.student || mode_ == Mode::Overview) return out;
    const BarGeo g = bar_geo(px_w_, px_h_);
    Overlay& o = overlay();
    auto width_of = [&](const std::string& s) {
        const int tw = o.ok() ? o.measure(s, g.fs, Overlay::Face::Bold).x : static_cast<int>(s.size()) * g.fs * 3 / 5;
        return std::max(g.u, tw + 3 * g.pad);
    };
    out.push_back({Control::Scrubber, {2 * g.pad, g.top + g.pad, px_w_ - 4 * g.pad, g.sh}, ""});
    const int y = g.top + g.pad + g.sh;
    const bool quiz = state_.quiz.open;
    if (!quiz) {
        int x = 2 * g.pad;
        for (Control c : {Control::Back, Control::Play, Control::Replay, Control::Next}) {
            out.push_back({c, {x, y, g.u, g.u}, ""});
            x += g.u + g.pad / 2;
        }
    }
    int r = px_w_ - 2 * g.pad;
    auto right = [&](Control c, const std::string& label) {
        const int bw = width_of(label);
        r -= bw;
        out.push_back({c, {r, y, bw, g.u}, label});
        r -= g.pad;
    };
    right(Control::Help, "?");
    if (quiz) {
        right(Control::QuizClose, "Close (Esc)");
        if (show_me_target(v)) right(Control::QuizShowMe, "Show me (Y)");
        right(Control::QuizNext, "Next (→)");
        if (!state_.quiz.revealed) right(Control::QuizReveal, "Reveal (Space)");
        return out;
    }
    right(Control::Faster, "+");
    r -= width_of("0.25×") - g.pad;  // the speed between − and +
    right(Control::Slower, "−");
    r -= g.pad;
    right(Control::Overview, "Overview (O)");
    if (!timeline::quiz_bank(*deck_, v.slide).questions.empty()) right(Control::Quiz, "Check yourself (C)");
    if (v.scene && !v.scene->experiments.empty()) right(Control::TryThis, "Try this (E)");
    const bool edited = state_.experiment >= 0 ||
                        (static_cast<std::size_t>(v.slide) < state_.edits.size() && !state_.edits[static_cast<std::size_t>(v.slide)].empty());
    if (v.scene && edited) right(Control::Reset, "Reset (0)");
    return out;
}

namespace {
// Cuts `s` (whole UTF-8 characters) until it fits `width` pixels, marked with "…".
std::string fit(Overlay& o, std::string s, int px, int width, Overlay::Face face = Overlay::Face::Regular) {
    if (width <= 0) return "";
    if (o.measure(s, px, face).x <= width) return s;
    while (!s.empty() && o.measure(s + "…", px, face).x > width) {
        while (!s.empty() && (static_cast<unsigned char>(s.back()) & 0xC0) == 0x80) s.pop_back();
        if (!s.empty()) s.pop_back();
    }
    return s.empty() ? "" : s + "…";
}
}  // namespace

void Session::draw_bar(SDL_Surface* target, const timeline::View& v) {
    Overlay& o = overlay();
    const int w = target->w;
    const BarGeo g = bar_geo(w, target->h);
    const std::vector<ControlBox> cbs = controls_for(v);
    const Rgba ink{240, 241, 245, 255};
    const Rgba dim{170, 176, 190, 255};
    const Rgba accent{230, 140, 30, 255};
    int text_left = 2 * g.pad, text_right = w - 2 * g.pad;
    const SDL_Rect* slower = nullptr;
    const SDL_Rect* faster = nullptr;
    for (const ControlBox& cb : cbs) {
        const SDL_Rect& r = cb.rect;
        const bool hot = hot_control_ == static_cast<int>(cb.id);
        if (cb.id == Control::Scrubber) {
            const double cy = r.y + r.h / 2.0;
            const double th = std::max(3.0, r.h / 4.0);
            const double u = v.u_linear;
            const double kx = r.x + u * r.w;
            const bool dragging = drag_ == Drag::Scrub;
            o.shape([=](cairo_t* cr) {
                cairo_set_source_rgba(cr, 1, 1, 1, 0.22);
                cairo_rectangle(cr, r.x, cy - th / 2, r.w, th);
                cairo_fill(cr);
                cairo_set_source_rgba(cr, accent.r / 255.0, accent.g / 255.0, accent.b / 255.0, 1);
                cairo_rectangle(cr, r.x, cy - th / 2, kx - r.x, th);
                cairo_fill(cr);
                cairo_arc(cr, kx, cy, r.h * (hot || dragging ? 0.45 : 0.36), 0, 2 * M_PI);
                cairo_fill(cr);
            });
            continue;
        }
        const bool lit = cb.id == Control::Quiz || cb.id == Control::TryThis || cb.id == Control::QuizShowMe;
        const Rgba fill = lit ? Rgba{accent.r, accent.g, accent.b, static_cast<Uint8>(hot ? 255 : 200)}
                              : Rgba{255, 255, 255, static_cast<Uint8>(hot ? 64 : 26)};
        o.box(r.x, r.y, r.w, r.h, fill, g.u / 5.0);
        if (cb.id == Control::Back || cb.id == Control::Next || cb.id == Control::Play || cb.id == Control::Replay) {
            text_left = std::max(text_left, r.x + r.w + 2 * g.pad);
            const double cx = r.x + r.w / 2.0, cy = r.y + r.h / 2.0, z = r.w * 0.22;
            const Control id = cb.id;
            const bool playing = v.animating && !state_.paused;
            o.shape([=](cairo_t* cr) {
                cairo_set_source_rgba(cr, ink.r / 255.0, ink.g / 255.0, ink.b / 255.0, 1);
                if (id == Control::Back || id == Control::Next) {
                    const double sgn = id == Control::Next ? 1 : -1;
                    cairo_move_to(cr, cx - sgn * z * 0.8, cy - z);
                    cairo_line_to(cr, cx - sgn * z * 0.8, cy + z);
                    cairo_line_to(cr, cx + sgn * z * 0.6, cy);
                    cairo_close_path(cr);
                    cairo_fill(cr);
                    cairo_rectangle(cr, sgn > 0 ? cx + z * 0.6 : cx - z * 0.95, cy - z, z * 0.35, 2 * z);
                    cairo_fill(cr);
                } else if (id == Control::Play) {
                    if (playing) {
                        cairo_rectangle(cr, cx - z * 0.75, cy - z, z * 0.5, 2 * z);
                        cairo_rectangle(cr, cx + z * 0.25, cy - z, z * 0.5, 2 * z);
                    } else {
                        cairo_move_to(cr, cx - z * 0.7, cy - z);
                        cairo_line_to(cr, cx - z * 0.7, cy + z);
                        cairo_line_to(cr, cx + z * 0.9, cy);
                        cairo_close_path(cr);
                    }
                    cairo_fill(cr);
                } else {
                    // ↺: three quarters of a circle with an arrow head at its open end.
                    cairo_set_line_width(cr, z * 0.3);
                    cairo_arc(cr, cx, cy, z * 0.85, -M_PI * 0.35, M_PI * 1.25);
                    cairo_stroke(cr);
                    const double ax = cx + z * 0.85 * std::cos(-M_PI * 0.35), ay = cy + z * 0.85 * std::sin(-M_PI * 0.35);
                    cairo_move_to(cr, ax + z * 0.45, ay - z * 0.1);
                    cairo_line_to(cr, ax - z * 0.35, ay - z * 0.45);
                    cairo_line_to(cr, ax - z * 0.05, ay + z * 0.45);
                    cairo_close_path(cr);
                    cairo_fill(cr);
                }
            });
            continue;
        }
        text_right = std::min(text_right, r.x - 2 * g.pad);
        if (cb.id == Control::Slower) slower = &cb.rect;
        if (cb.id == Control::Faster) faster = &cb.rect;
        o.text(cb.label, r.x + r.w / 2.0, r.y + (r.h - o.measure(cb.label, g.fs, Overlay::Face::Bold).y) / 2.0, g.fs,
               lit ? Rgba{20, 20, 24, 255} : ink, Overlay::Face::Bold, 1);
    }
    if (slower && faster) {
        char buf[16];
        std::snprintf(buf, sizeof buf, "%g×", state_.speed);
        const double mid = (slower->x + slower->w + faster->x) / 2.0;
        o.text(buf, mid, slower->y + (slower->h - o.measure(buf, g.fs).y) / 2.0, g.fs,
               state_.speed == 1.0 ? dim : accent, Overlay::Face::Mono, 1);
    }
    // The step: "7 / 24  Title", or the quiz's progress while it is open.
    std::string head, title;
    if (state_.quiz.open && v.quiz) {
        head = "Check yourself · " + std::to_string(v.quiz->index + 1) + " / " + std::to_string(v.quiz->total);
        title = std::to_string(v.quiz->right) + " of " + std::to_string(v.quiz->answered) + " right";
    } else {
        head = step_label(state_.span, step_count());
        if (v.step_ptr) title = v.step_ptr->title.empty() ? scene::stage_name(v.stage) : v.step_ptr->title;
        if (v.slide_ptr && !v.slide_ptr->title.empty()) title = v.step_ptr ? v.slide_ptr->title + " — " + title : v.slide_ptr->title;
        else if (v.scene && !v.scene->title.empty()) title = v.scene->title + " — " + title;
    }
    const int ty = g.top + g.pad + g.sh + (g.u - o.measure(head, g.fs + 2, Overlay::Face::Bold).y) / 2;
    const int hw = o.measure(head, g.fs + 2, Overlay::Face::Bold).x;
    if (text_right - text_left > hw) {
        o.text(head, text_left, ty, g.fs + 2, accent, Overlay::Face::Bold);
        o.text(fit(o, title, g.fs + 2, text_right - text_left - hw - 2 * g.pad), text_left + hw + 2 * g.pad, ty, g.fs + 2, ink);
    }
}

}  // namespace app
