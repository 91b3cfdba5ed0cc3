// web/live: the browser's backend of the presenter core — what sdl/ is for the window. A page
// hands in its DOM events in the core's own plain types (a KeyboardEvent.key name, pointer
// positions in CSS pixels, the canvas's size) and its clock; the core's Session reacts exactly
// as in the window (the same key table, the same drags, snapping, undo, experiments, quiz and
// student bar), and each frame it draws — the deck frame and the overlay, painted with the
// frames' own text stack — comes out as RGBA pixels for a canvas, with the rows that changed.
// Knows no JavaScript and no emscripten (web/entry.cpp is the module's edge to them), and no
// panel: what is drawn is app::Session's.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "app/cairo_text.hpp"
#include "app/pixels.hpp"
#include "app/session.hpp"
#include "draw/fonts.hpp"

namespace web {

// What happened to the pointer, as a page's pointer events say it.
enum class Pointer { Down, Up, Move, Leave };

class Live {
public:
    // Loads `path` (a scene or a deck inside `root`) and the faces as Player::open does; the
    // session starts at step 1 (0-based `start`, clamped), in student mode when `student` (the
    // drawn control bar along the bottom), dark when `dark`. Null, with `error` saying why.
    static std::unique_ptr<Live> open(const std::string& path, const std::string& root, const std::string& fonts_dir,
                                      const std::vector<draw::Fallback>& fallbacks, bool student, bool dark, int start,
                                      std::string& error);

    // The page's clock, in seconds: every event and frame after this call happens at `seconds`.
    void set_time(double seconds) { now_ = seconds; }
    // The canvas: `w`×`h` CSS pixels (what pointer positions are in), `px_w`×`px_h` device pixels
    // (what is drawn).
    void resize(int w, int h, int px_w, int px_h);
    // A key went down: `name` is its KeyboardEvent.key ("ArrowRight", "r", "R", "?", " ") and
    // `code` its KeyboardEvent.code ("Digit0"), with the modifiers held (app::kShift | kCtrl |
    // kAlt). True when the page should not let the browser act on it too (the table knows it).
    bool key(const std::string& name, const std::string& code, app::Mods mods);
    // The pointer, in CSS pixels from the canvas's top left; `left_held` during a drag.
    void pointer(Pointer what, int x, int y, bool left_held, app::Mods mods);

    // Draws the frame when something changed or an animation runs, at the time set last: true
    // when the pixels changed, and then rows [dirty_top, dirty_bottom) differ from the frame
    // before (the whole canvas after a resize).
    bool frame();
    // The frame: width()·height()·4 bytes of RGBA (straight alpha; opaque), valid until the next
    // frame() or resize().
    const std::uint8_t* rgba() const { return rgba_.data(); }
    int width() const { return px_w_; }
    int height() const { return px_h_; }
    int dirty_top() const { return dirty_top_; }
    int dirty_bottom() const { return dirty_bottom_; }

    // What the page and its tests read of the session now, as JSON: the step (1-based) and the
    // number of steps, its title, its speaker notes and the next step's title (as the window's
    // presenter view shows them), the talk timer, the mode, the controls in force (focus, temperature, mask,
    // experiment), the asking word's weights as the readouts show them, the narration's text
    // and a text alternative of the frame.
    std::string status() const;
    bool quit_requested() const { return session_->quit_requested(); }
    // What the keys asked of the page since the last call, as bits: 1 fullscreen on or off (F),
    // 2 the presenter view (S). A page has no window to quit: Q asks nothing of it.
    int requests();
    // Whether the page is fullscreen now (the browser's answer to a request, or Esc).
    void set_fullscreen(bool on) { session_->set_fullscreen(on); }
    std::size_t steps() const { return session_->layout().spans.size(); }
    // Where on the canvas (CSS pixels) a click reaches `what` now: "token" i, "key" i, "value" i,
    // "slider" i (the i-th of the temperatures it clicks into, draw::kSliderDetents), "mask" —
    // the first such point in reading order, found by the window's own hit testing. For tests
    // and tools that click as a student would; "" when nothing on screen answers.
    std::string where(const std::string& what, int index) const;
    // The quiz as the page keeps it in local storage: the commands that made its state, in the
    // recording format (timeline::format, at time 0, one a line) — the step the quiz was opened
    // on, as many opens as attempts had been started by then, and every quiz command since ("" before
    // any quiz). Bounded: an attempt is a few commands a question.
    std::string quiz_memory() const;
    // Replays a kept quiz_memory() on the deck as it is now; the place stays the step the page
    // opened. The quiz comes back as it was: its attempt, question, pick, reveal and outcomes (the
    // score); if it was open on another step than the place, it comes back closed, its score
    // kept. False, with nothing changed, when the text is not such a memory (another command, a
    // line that does not parse, more than kMaxQuizMemory bytes).
    bool restore_quiz(const std::string& memory);
    static constexpr std::size_t kMaxQuizMemory = 1 << 20;

    // The session itself, for the tests that drive the page's backend natively.
    const app::Session& session() const { return *session_; }

private:
    Live(std::shared_ptr<const scene::Deck> deck, std::shared_ptr<const draw::Fonts> fonts, bool student, bool dark);
    // Reads the commands the session recorded since the last call into the quiz's memory.
    void follow_quiz();

    double now_ = 0;
    std::shared_ptr<app::CairoText> text_;
    std::unique_ptr<app::Session> session_;
    int w_ = 0, h_ = 0, px_w_ = 0, px_h_ = 0;
    std::vector<std::uint32_t> argb_;    // what the session draws into (Cairo's ARGB32)
    bool argb_kept_ = false;             // argb_ holds the frame drawn last (app::Pixels::kept)
    std::vector<std::uint32_t> before_;  // the frame before, to find the rows that changed
    std::vector<std::uint8_t> rgba_;   // what the canvas takes
    int dirty_top_ = 0, dirty_bottom_ = 0;
    // The quiz's memory (quiz_memory): the session's commands read so far, the attempt started
    // before them, and since the last quiz opened its step, its opens and its commands.
    std::uint64_t seen_ = 0;  // counted as Session::recorded() counts
    int attempt_seen_ = -1;
    int quiz_span_ = -1;
    int quiz_opens_ = 0;
    std::vector<timeline::Command> quiz_commands_;
};

}  // namespace web
