// app/session: the presenter core — one presenting session apart from any platform. It owns the
// deck in force, the timeline State and the interaction Modes (modes.hpp); it translates the
// platform-neutral events of events.hpp into actions (keys through the table of bindings.hpp) and
// timeline commands (the only way the State changes), records the commands, renders a frame
// (draw::render) into plain pixels (pixels.hpp) and lays out the presenter-only overlay as a list
// of primitives (overlay.hpp) measured with the platform's fonts (SessionOptions::text). The
// clock is injected, so tests and benchmarks drive it by hand. A backend (the SDL window: sdl/)
// owns the loop: it hands events in, gives pixels to draw into and paints the overlay's text.
// Defined by concern: session.cpp (core, actions, commands, render), session_input.cpp (events →
// keys, actions and commands; the pointer), session_overlay.cpp (presenter-only layout),
// session_student.cpp (student mode); helpers they share are in session_detail.hpp.
// Knows no window system, no SDL and no font files.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "app/events.hpp"
#include "app/modes.hpp"
#include "app/overlay.hpp"
#include "app/pixels.hpp"
#include "draw/draw.hpp"
#include "draw/panel_cache.hpp"
#include "scene/scene.hpp"
#include "timeline/timeline.hpp"

namespace app {

// Presenter-facing switches that are not part of the timeline State (never exported).
struct SessionOptions {
    bool show_counter = true;     // "7 / 24" and the progress bar (H toggles)
    bool show_fps = false;        // F12 toggles
    bool exit_after_last = false; // Next on the finished last step quits
    bool overlay = true;          // lay out the overlay at all (tests turn it off to hash frames)
    bool student = false;         // --student: drawn controls along the bottom, the frame above them
    draw::Options draw;           // fonts (required) and theme for the frame
    // Measures the overlay's text as the platform will paint it (CairoText: the frames' text stack,
    // in the SDL window, the browser and the tests). Null when the platform has no fonts: no overlay is laid out,
    // and the student bar's buttons take a width estimated from their labels.
    std::shared_ptr<TextMeasure> text;
};

// The drawn controls of student mode (window overlay, never in exported frames).
enum class BarButton {
    Back, Play, Replay, Next,        // the step: back, pause/resume, replay, next
    Scrubber,                        // drag through the current step's animation
    Slower, Faster,                  // speed − / +
    TryThis, Reset, Quiz, Overview, Help,
    QuizReveal, QuizNext, QuizShowMe, QuizClose,  // while a quiz is open
};
const char* bar_button_name(BarButton c);
struct BarButtonBox {
    BarButton id;
    PixelRect rect;     // window pixels
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
    const Modes& modes() const { return modes_; }
    Mode mode() const { return modes_.mode; }
    int selected_key() const { return modes_.selected_key; }
    SessionOptions& options() { return opt_; }

    // Hot reload: a good deck replaces the old one, staying on the same step (clamped) and
    // keeping the edits; clears the error. A failed reload keeps the deck and shows `error`.
    void replace_deck(std::shared_ptr<const scene::Deck> deck);
    void set_error(std::string error);
    const std::string& error() const { return error_; }

    // ---- input ----
    // The window's size in points (pointer coordinates) and in pixels (what is drawn).
    void resize(int window_w, int window_h, int pixel_w, int pixel_h);
    // Handles one event of the platform; returns true when the picture may have changed.
    bool handle(const Event& e);
    // One action, as a key or a click would give it (react() in modes.hpp), at the current time.
    void act(const Input& in);
    // Applies (and records) one command at the current time.
    void command(const timeline::Command& c);
    bool quit_requested() const { return pending_.quit; }
    bool fullscreen_toggle_requested();  // F/F11 (or Esc while fullscreen): consumed by the loop
    bool presenter_toggle_requested();   // S
    void set_fullscreen(bool on) { win_.fullscreen = on; }
    bool laser_mode() const { return modes_.laser; }
    // --narrate (narrator.hpp advances the steps): the first key press or click only ends it, and
    // is not otherwise acted on; from then on presenting is by hand.
    void narrate(bool on);
    bool narrating() const { return narrating_; }
    // The talk timer (modes.hpp TalkTimer): 0 until the first advance, paused and reset by keys.
    double talk_elapsed() const;
    const TalkTimer& talk_timer() const { return modes_.timer; }

    // ---- student mode ----
    // Where the deck frame is drawn, in pixels: the whole target, or above the control bar.
    PixelRect frame_rect() const;
    // The drawn controls now (empty unless student mode), in pixels, in drawing order.
    std::vector<BarButtonBox> bar_buttons();
    std::optional<PixelRect> bar_button_rect(BarButton c);
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
    void record_to(std::ostream* out) { rec_.out = out; }
    // The commands recorded last, oldest first: at most kHistoryKept of them, so that a window
    // that runs for hours does not grow with every click (--record writes them all); recorded()
    // counts them all, and history()[i] is command number recorded() - history().size() + i.
    static constexpr std::size_t kHistoryKept = 1024;
    const std::deque<timeline::Event>& history() const { return rec_.history; }
    std::uint64_t recorded() const { return rec_.recorded; }

    // ---- drawing ----
    // True when a frame should be drawn: something changed since the last render, a step
    // animates (View::animating), or the overview's page is still filling in.
    bool needs_redraw() const;
    // The overview's thumbnails held now: a page of them while it is open (painted the
    // highlighted step's alone in the page's first frame, then kThumbnailsPerFrame a frame until
    // the page is complete: overview_complete()), none after.
    std::size_t overview_thumbnails() const { return thumbs_.painted; }
    bool overview_complete() const { return thumbs_.complete(); }
    static constexpr int kThumbnailsPerFrame = 8;
    void mark_dirty() { pace_.dirty = true; }
    bool dirty() const { return pace_.dirty; }
    // Draws the frame into `target` (the window's pixel size) and lays out the overlay to paint
    // over it (empty when disabled): paint_overlay(target, overlay, text painter). The list
    // stays until the next render.
    const Overlay& render(const Pixels& target);
    const Overlay& overlay() const { return overlay_; }
    // What the last render() changed in its target (a platform presents only that): the panels
    // whose pixels were already there, untouched by the overlay, are left out; nothing at all when
    // the frame and the overlay are the frame before's, in the same target.
    const Damage& damage() const { return damage_; }
    // The retained panels' counts over the session (painted, copied, left in place unread).
    draw::PanelCache::Stats panel_stats() const { return panels_->stats(); }
    // The presenter window: the current and the next step drawn into `target`; the notes, the
    // talk timer (talk_elapsed()), the wall clock `wall` ("14:05") and the counters laid out as
    // an overlay of their own.
    const Overlay& render_presenter(const Pixels& target, double talk_seconds, const std::string& wall);
    double fps() const { return pace_.fps; }

private:
    // session.cpp: actions, commands and the state helpers that need no events
    Context context(const timeline::View& v) const;
    void apply(const Reaction& r);
    PixelRect frame_rect_for(int w, int h) const;
    int step_count() const { return static_cast<int>(layout_.spans.size()); }

    // session_input.cpp: events → keys, actions and commands
    bool on_key(const KeyDown& k);
    bool on_pointer_down(const PointerDown& b);
    bool on_pointer_up();
    bool on_pointer_move(const PointerMove& m);
    core::Point design_point(int x, int y) const;
    // The design space of the frame in the window now (its width follows the window's aspect).
    draw::Space design_space() const;
    struct PixelPoint {
        int x = 0, y = 0;
    };
    PixelPoint pixel_point(int x, int y) const;  // a window point's pixel

    // session_overlay.cpp: what only the presenter sees
    void draw_overlay(OverlayWriter& o, int w, int h, const timeline::View& v);
    void draw_help(OverlayWriter& o, int w, int fh, int fs);
    void draw_overview(const Pixels& target, OverlayWriter& o);
    struct Grid {
        int cols = 1, tw = 0, th = 0, gap = 0, x0 = 0, y0 = 0, label = 14;
        int first = 0, count = 0;  // the steps on screen: a page of them when all would be too small
    };
    Grid overview_grid(int w, int h) const;
    int overview_at(int px, int py) const;
    int menu_item_at(int px, int py) const;  // experiments menu row under a pixel, -1 none, -2 outside

    // session_student.cpp: the control bar, show-me
    bool press_bar_button(BarButton c, int px);
    void scrub_to(int px);
    void draw_bar(OverlayWriter& o, int w, int h, const timeline::View& v);
    std::vector<BarButtonBox> bar_buttons_for(const timeline::View& v);
    Damage damage_of(const Pixels& target) const;  // after render()'s drawing

    // The deck and the timeline: commands change state_, nothing else does.
    std::shared_ptr<const scene::Deck> deck_;
    std::function<double()> clock_;
    SessionOptions opt_;
    // The slide's panels as last painted: one that has not changed since is copied, not painted.
    std::unique_ptr<draw::PanelCache> panels_ = std::make_unique<draw::PanelCache>();
    timeline::Layout layout_;
    timeline::State state_;
    std::string error_;  // a failed reload, on screen until a good one
    bool narrating_ = false;  // --narrate, until a key or a click takes over

    // What the keyboard and pointer are doing (modes.hpp): changed only through react().
    Modes modes_;
    Requests pending_;   // for the window loop: quit stays, fullscreen and presenter are consumed

    // The window: its size in points (mouse) and pixels (drawn), and whether it is fullscreen.
    struct Window {
        int w = 1280, h = 720, px_w = 1280, px_h = 720;
        bool fullscreen = false;
    } win_;

    // A drag in progress and the control under the pointer.
    struct Pointer {
        enum class Drag { None, Key, Slider, Scrub } drag = Drag::None;
        int key = -1;               // the token whose key is dragged
        double slider_y = 0.0;      // design y of the slider press (drags follow x along it)
        bool scrub_paused = false;  // the scrubber paused the animation (resumed on release)
        int hot_control = -1;       // the student control under the pointer (drawn lit)
    } pointer_;

    // Student mode: the deck whose place is remembered, and the step last saved.
    struct Place {
        std::string path;
        int saved_span = -1;
    } place_;

    // --record and the history of commands.
    struct Recording {
        std::ostream* out = nullptr;
        std::deque<timeline::Event> history;
        std::uint64_t recorded = 0;
    } rec_;

    // Frame pacing: whether to draw, and the measured frame rate.
    struct Pacing {
        bool dirty = true;
        bool drawn_moving = false;  // the last frame drawn was mid-animation
        bool drawn_toast = false;   // the last frame drawn showed a toast
        double last_frame = -1.0;
        double fps = 0.0;
    } pace_;

    // The overlays laid out by the last render() and render_presenter(), and the overview's
    // thumbnails (drawn once per deck, size and page while the overview is open; none when it is
    // closed).
    Overlay overlay_, presenter_overlay_;
    Damage damage_;
    Overlay drawn_overlay_;  // the overlay of the frame before (damage_)
    struct Thumbnails {
        std::vector<draw::SurfacePtr> surfaces;  // of the steps first, first + 1, …; null until painted
        std::size_t painted = 0;
        int w = 0, h = 0, first = 0;
        const scene::Deck* deck = nullptr;
        draw::SurfacePtr full;                 // while the page fills in: a slide painted whole,
        std::vector<draw::SurfacePtr> halves;  // and halved on its way to a thumbnail
        bool complete() const { return painted == surfaces.size(); }
        void drop_scratch() {
            full.reset();
            halves.clear();
        }
        void clear() {
            surfaces.clear();
            painted = 0;
            deck = nullptr;
            drop_scratch();
        }
    } thumbs_;
};

// What the presenter view shows as span `span`'s speaker notes: its step's (or title or text
// slide's) notes, else its narration, under its own title; "" out of range or when it has none.
// The window's presenter view and the live page's (web/live.cpp) both show this.
std::string speaker_notes(const scene::Deck& deck, const timeline::Layout& lay, int span);

// Draws a deck frame for `state` at `now` into `target` (no overlay): what an export of the same
// state shows. Used by the session, the presenter window and the tests.
void render_frame(const Pixels& target, const scene::Deck& deck, const timeline::Layout& lay,
                  const timeline::State& state, double now, const draw::Options& opt);

}  // namespace app
