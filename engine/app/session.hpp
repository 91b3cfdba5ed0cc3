// app/session: one presenting session apart from the OS loop. It owns the deck in force, the
// timeline State and the interaction modes; it turns SDL events into timeline commands (the
// only way the State changes), records them, and renders a frame (draw::render) plus the
// presenter-only overlay (SDL2_ttf) into any ARGB8888 SDL_Surface. The clock is injected, so
// tests and benchmarks drive it by hand; the window loop lives in present.cpp.
// Defined by concern: session.cpp (core, commands, render), session_input.cpp (events),
// session_overlay.cpp (presenter-only drawing), session_student.cpp (student mode); helpers
// they share are in session_detail.hpp.
#pragma once

#include <SDL.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "draw/draw.hpp"
#include "scene/scene.hpp"
#include "timeline/timeline.hpp"

namespace app {

class Overlay;

// What the keyboard is doing right now; always named on screen.
enum class Mode {
    Slides,       // arrows, Space, PageUp/Down move through the steps
    GotoStep,     // G or a digit: typing a step number, Enter goes there
    Keys,         // the arrows move the selected key (K, or a click on the key plane)
    KeyEntry,     // E in Keys mode: typing exact coordinates of the selected key
    Overview,     // O: a grid of every step to pick from
    Experiments,  // E or X: the scene's "Try this" menu
};
const char* mode_name(Mode m);

// Presenter-facing switches that are not part of the timeline State (never exported).
struct SessionOptions {
    bool show_counter = true;     // "7 / 24" and the progress bar (H toggles)
    bool show_fps = false;        // F12 toggles
    bool exit_after_last = false; // Next on the finished last step quits
    bool overlay = true;          // draw the SDL2_ttf overlay at all (tests turn it off to hash frames)
    bool student = false;         // --student: drawn controls along the bottom, the frame above them
    draw::Options draw;           // theme for the frame
};

// The temperature ladder of T / Shift+T and + / −: multiplicative steps from 0 to ∞ inclusive.
double temperature_up(double t);
double temperature_down(double t);

// The speed ladder of [ and ] and the drawn − / + buttons: 0.25× … 2×.
double speed_up(double s);
double speed_down(double s);

// The drawn controls of student mode (window overlay, never in exported frames).
enum class Control {
    Back, Play, Replay, Next,        // the step: back, pause/resume, replay, next
    Scrubber,                        // drag through the current step's animation
    Slower, Faster,                  // speed − / +
    TryThis, Reset, Quiz, Overview, Help,
    QuizReveal, QuizNext, QuizShowMe, QuizClose,  // while a quiz is open
};
const char* control_name(Control c);
struct ControlBox {
    Control id;
    SDL_Rect rect;      // window pixels
    std::string label;  // text drawn on it ("" for icons)
};

class Session {
public:
    // `clock` returns session time in seconds; 0 at the start by convention.
    Session(std::shared_ptr<const scene::Deck> deck, std::function<double()> clock, SessionOptions opt = {});
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    // ---- the deck in force ----
    const scene::Deck& deck() const { return *deck_; }
    std::shared_ptr<const scene::Deck> deck_ptr() const { return deck_; }
    const timeline::Layout& layout() const { return layout_; }
    const timeline::State& state() const { return state_; }
    timeline::View view() const { return timeline::evaluate(*deck_, layout_, state_, clock_()); }
    double now() const { return clock_(); }
    Mode mode() const { return mode_; }
    int selected_key() const { return selected_key_; }
    SessionOptions& options() { return opt_; }

    // Hot reload: a good deck replaces the old one, staying on the same step (clamped) and
    // keeping the edits; clears the error. A failed reload keeps the deck and shows `error`.
    void replace_deck(std::shared_ptr<const scene::Deck> deck);
    void set_error(std::string error);
    const std::string& error() const { return error_; }

    // ---- input ----
    // The window's size in points (mouse coordinates) and in pixels (what is drawn).
    void resize(int window_w, int window_h, int pixel_w, int pixel_h);
    // Handles one SDL event; returns true when the picture may have changed.
    bool handle(const SDL_Event& e);
    // Applies (and records) one command at the current time.
    void command(const timeline::Command& c);
    bool quit_requested() const { return quit_; }
    bool fullscreen_toggle_requested();  // F/F11 (or Esc while fullscreen): consumed by the loop
    bool presenter_toggle_requested();   // S
    void set_fullscreen(bool on) { fullscreen_ = on; }
    bool laser_mode() const { return laser_mode_; }

    // ---- student mode ----
    // Where the deck frame is drawn, in pixels: the whole target, or above the control bar.
    SDL_Rect frame_rect() const;
    // The drawn controls now (empty unless student mode), in pixels, in drawing order.
    std::vector<ControlBox> controls();
    std::optional<SDL_Rect> control_rect(Control c);
    // The place remembered for `deck_path` (XDG state dir) is restored, unless `start_at`
    // (0-based) overrides it. Afterwards save_place() keeps it current.
    void open_student(const std::string& deck_path, std::optional<int> start_at);
    // Writes the place when the step changed since the last save; returns false (with the
    // reason in `error`) only when a write failed.
    bool save_place(std::string& error);
    // "Show me" of a revealed quiz question: the step and the experiment index that demonstrate
    // the answer, if the question names one.
    std::optional<std::pair<int, int>> show_me_target() const;
    std::optional<std::pair<int, int>> show_me_target(const timeline::View& v) const;

    // Every command, as timeline::format lines, flushed as it happens.
    void record_to(std::ostream* out) { record_ = out; }
    const std::vector<timeline::Event>& history() const { return history_; }

    // ---- drawing ----
    // True when a frame should be drawn: something changed since the last render, or a step
    // animates (View::animating).
    bool needs_redraw() const;
    void mark_dirty() { dirty_ = true; }
    bool dirty() const { return dirty_; }
    // Draws the frame (and the overlay, if enabled) into an ARGB8888 surface of the pixel size.
    void render(SDL_Surface* target);
    // The presenter window: notes, next step, timer, counter.
    void render_presenter(SDL_Surface* target, double talk_seconds, double elapsed);
    double fps() const { return fps_; }

private:
    // session.cpp: state helpers that need no events
    Overlay& overlay();
    SDL_Rect frame_rect_for(int w, int h) const;
    void next();
    int step_count() const { return static_cast<int>(layout_.spans.size()); }

    // session_input.cpp: SDL events → commands
    bool on_key(const SDL_KeyboardEvent& k);
    bool on_key_slides(SDL_Keycode sym, Uint16 mod);
    bool on_key_keys(SDL_Keycode sym, Uint16 mod);
    bool on_key_entry(SDL_Keycode sym, Uint16 mod, bool goto_step);
    bool on_key_overview(SDL_Keycode sym);
    bool on_key_experiments(SDL_Keycode sym);
    bool on_mouse_down(const SDL_MouseButtonEvent& b);
    bool on_mouse_up(const SDL_MouseButtonEvent& b);
    bool on_motion(const SDL_MouseMotionEvent& m);
    core::Point design_point(int x, int y) const;
    void nudge_key(double dx, double dy);

    // session_overlay.cpp: what only the presenter sees
    void draw_overlay(SDL_Surface* target, const timeline::View& v);
    void draw_overview(SDL_Surface* target);
    void overview_geometry(int w, int h, int& cols, int& tw, int& th, int& gap, int& x0, int& y0) const;
    int overview_at(int px, int py) const;
    int menu_item_at(int px, int py) const;  // experiments menu row under a pixel, -1 none, -2 outside

    // session_student.cpp: the control bar, the quiz keys, show-me
    bool on_key_quiz(SDL_Keycode sym);
    bool press_control(Control c, int px, int py);
    void scrub_to(int px);
    void show_me();
    int bar_height(int h) const;
    void draw_bar(SDL_Surface* target, const timeline::View& v);
    std::vector<ControlBox> controls_for(const timeline::View& v);
    void open_quiz();

    std::shared_ptr<const scene::Deck> deck_;
    std::function<double()> clock_;
    SessionOptions opt_;
    timeline::Layout layout_;
    timeline::State state_;
    std::unique_ptr<Overlay> overlay_;

    Mode mode_ = Mode::Slides;
    std::string entry_;          // typed digits / coordinates
    std::string entry_error_;
    int selected_key_ = 0;
    int menu_index_ = 0;         // experiments menu and overview selection
    bool help_ = false;
    bool laser_mode_ = false;
    bool quit_ = false;
    bool fullscreen_ = false;
    bool want_fullscreen_toggle_ = false;
    bool want_presenter_toggle_ = false;
    std::string error_;

    enum class Drag { None, Key, Slider, Scrub } drag_ = Drag::None;
    bool scrub_paused_ = false;  // the scrubber paused the animation (resumed on release)
    int hot_control_ = -1;       // the control under the pointer (drawn lit)
    std::string place_path_;     // student mode: the deck whose place is remembered
    int saved_span_ = -1;
    int drag_token_ = -1;
    double slider_y_ = 0.0;      // design y of the slider press (drags follow x along it)

    int win_w_ = 1280, win_h_ = 720, px_w_ = 1280, px_h_ = 720;
    bool dirty_ = true;
    bool drawn_moving_ = false;  // the last frame drawn was mid-animation
    std::ostream* record_ = nullptr;
    std::vector<timeline::Event> history_;

    // overview thumbnails, drawn once per deck and size
    std::vector<cairo_surface_t*> thumbs_;
    int thumb_w_ = 0, thumb_h_ = 0;
    const scene::Deck* thumbs_deck_ = nullptr;
    void clear_thumbs();

    double last_frame_ = -1.0;
    double fps_ = 0.0;
};

// Draws a deck frame for `state` at `now` into an ARGB8888 surface (no overlay): what an
// export of the same state shows. Used by the session, the presenter window and the tests.
void render_frame(SDL_Surface* target, const scene::Deck& deck, const timeline::Layout& lay,
                  const timeline::State& state, double now, const draw::Options& opt);

// FNV-1a of a surface's visible pixels (rows without pitch padding).
std::uint64_t surface_hash(const SDL_Surface* s);

}  // namespace app
