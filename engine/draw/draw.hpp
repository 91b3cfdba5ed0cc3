// draw: Cairo. Paints a model::Frame — what one frame of attnlab shows at (deck, state, time),
// computed by model/ — choosing fonts, colours and places; computes no attention. Nothing here
// reads a clock or a window. The window and every exporter call render() or paint().
// Never includes SDL.
#pragma once

#include <cairo.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/core.hpp"
#include "draw/fonts.hpp"
#include "model/model.hpp"
#include "timeline/timeline.hpp"

namespace draw {

// ---- Cairo objects, owned: destroyed with their owner, never by hand -----------------------
struct CairoFree {
    void operator()(cairo_t* c) const { cairo_destroy(c); }
    void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
    void operator()(cairo_pattern_t* p) const { cairo_pattern_destroy(p); }
    void operator()(cairo_font_options_t* o) const { cairo_font_options_destroy(o); }
};
using ContextPtr = std::unique_ptr<cairo_t, CairoFree>;
using SurfacePtr = std::unique_ptr<cairo_surface_t, CairoFree>;
using PatternPtr = std::unique_ptr<cairo_pattern_t, CairoFree>;
using FontOptionsPtr = std::unique_ptr<cairo_font_options_t, CairoFree>;

// The logical design space every panel lays out in; scaled to the output size. It is always
// kDesignHeight units high; its width follows the output's aspect ratio, from kNarrowestWidth
// (4:3) to kDesignWidth (16:9), so that 16:10 and 4:3 screens are filled, not letterboxed.
constexpr double kDesignWidth = 1920.0;
constexpr double kDesignHeight = 1080.0;
constexpr double kNarrowestWidth = 1440.0;
// The smallest text a frame draws, in design units: 1/60 of the design height, so 18 px at
// 1920×1080 and 1/60 of the frame's height at every aspect from 4:3 to 16:9 (and wider).
constexpr double kMinText = kDesignHeight / 60.0;
// The band at the bottom of the design space that no panel enters: the window's operator
// overlays (mode, messages, step counter, frames per second) live there.
constexpr double kOperatorBand = 52.0;

// The design space of one output size: kDesignHeight high, as wide as the aspect asks within
// [kNarrowestWidth, kDesignWidth] (narrower outputs are letterboxed, wider ones pillarboxed).
struct Space {
    double w = kDesignWidth;
    double h = kDesignHeight;
};
Space space_for(int width, int height);

enum class ThemeKind { Light, Dark };

class PanelCache;  // draw/panel_cache.hpp

// Collects what a frame laid out, in output pixels: every panel's rectangle and every text box
// (with the panel it belongs to). For tests that check no text leaves its panel; null in normal use.
struct Recorder {
    struct Panel {
        std::string name;  // "key-plane", "header", "slide", …
        core::Rect rect;
    };
    struct Text {
        int panel = -1;  // index into panels, -1 when drawn outside any panel
        core::Rect rect;
        std::string text;
        double size = 0;  // font size in design units
        std::string exempt;  // why this text may be smaller than kMinText ("" when it may not)
        bool cut = false;    // the text did not fit its box: `text` is its start and "…", or a paragraph's
                             // last line shown, with the lines after it dropped
        std::array<core::Point, 4> corners{};  // the box's corners in output pixels (rect is their bounds;
                                                // they differ from its corners for rotated text)
        int notdef = 0;  // glyphs drawn as .notdef (glyph 0, a box): characters no face has
    };
    struct Mark {
        std::string name;  // what is there: "token:2", "key:4", "value:1", "cell:3:5", "diamond", "knob", "switch",
                           // "band:4" (a key's score band on the key plane: from its start to its end),
                           // "reach:4" (the tick at that key's foot),
                           // "choice:1" (a quiz choice as shown, 0-based), "button:again-missed"
                           // (a button of the quiz card), "score" (the end screen's score)
        core::Rect rect;
    };
    std::vector<Panel> panels;
    std::vector<Text> texts;
    std::vector<Mark> marks;  // where things of meaning were drawn (for pixel probes)
};

struct Options {
    // The fonts to draw with (required): loaded once by the caller with Fonts::load.
    std::shared_ptr<const Fonts> fonts;
    ThemeKind theme = ThemeKind::Light;
    Recorder* recorder = nullptr;  // when set, paint_view() and paint() record panels and text boxes into it
    // Burn the narration's captions into the frame (export --burn-captions): render() asks the
    // model for the caption showing (model::Frame::caption), and paint() draws it over the
    // slide's foot. Default off: the window and ordinary exports show none.
    bool captions = false;
    // A stop flag (the exporters' SIGINT/SIGTERM flag): once it is non-zero a frame being painted
    // stops between panels and between rows of a large panel, leaving it unfinished (the caller
    // throws it away). Null: never stops.
    const std::atomic<int>* stop = nullptr;
    // Retained panels (panel_cache.hpp): a panel whose model and place are those it was last
    // painted with is copied from here instead of painted again. The caller owns it, one per
    // thread that paints; it never changes a frame. Null: every panel is painted.
    PanelCache* cache = nullptr;
};

// The transform from design space to an output of width×height pixels: uniform scale,
// centred (the space fits the aspect from 4:3 to 16:9). The same transform maps mouse positions back.
struct Transform {
    double scale = 1.0;
    double dx = 0.0;
    double dy = 0.0;
    Space space;  // the design space this output shows
    core::Point to_design(core::Point px) const { return {(px.x - dx) / scale, (px.y - dy) / scale}; }
    core::Point to_pixels(core::Point p) const { return {p.x * scale + dx, p.y * scale + dy}; }
};
Transform transform_for(int width, int height);

// Paints a frame into `cr`, whose user space is width×height pixels.
void paint(cairo_t* cr, int width, int height, const model::Frame& frame, const Options& opt);

// Draws the frame at session time `now`: paint(model::frame_at(deck, lay, state, now)).
void render(cairo_t* cr, int width, int height, const scene::Deck& deck, const timeline::Layout& lay,
            const timeline::State& state, double now, const Options& opt);

// Draws one evaluated view (no cross-fade): paint(model::frame_of(view)).
void paint_view(cairo_t* cr, int width, int height, const timeline::View& view, const Options& opt);

// A slide's spoken words for a handout, under its picture: a strip of width×height (user space)
// with "In plain words" and the text, wrapped whole at the design size's scale for `width`. The
// PDF puts the narration of title and text slides here (a scene's is on its narration panel),
// and with --notes every page's speaker notes, under "Speaker notes".
void paint_handout_note(cairo_t* cr, int width, int height, std::string_view say, const Options& opt,
                        std::string_view notes = {});

// ---- text, for tests and benchmarks ---------------------------------------------------------

// The bytes this thread's text memos (shaped texts, laid-out paragraphs) may hold together: the
// busiest 1080p frame of the lecture holds 145 KB of text (frames_test), so an animation and a
// drag keep theirs, and a long session reaches the bound within minutes and stays there.
constexpr std::size_t kTextMemoBytes = 2u * 1024 * 1024;

// The text work of the calling thread since it started: how many times text was measured
// (shaped, memo misses), how many bytes those measurements read, and what the memos hold now
// (at most kTextMemoBytes).
struct TextStats {
    std::uint64_t measurements = 0;
    std::uint64_t measured_bytes = 0;
    std::size_t memo_bytes = 0;
    std::size_t memo_entries = 0;
};
TextStats text_stats();

// Text fitted to a box as every panel fits its labels (regular face, left-aligned, centred
// vertically): shrunk from `size` towards `min_size`, then cut to whole clusters followed by
// "…" so that it never leaves the box. Drawn into `cr` (user space in design units).
struct Fitted {
    core::Rect box;      // what the drawn text occupies; empty when nothing fits
    std::string shown;   // the text drawn: `s`, or a prefix of it and "…", or ""
    double size = 0;     // the font size used
};
Fitted fit_text(cairo_t* cr, const Fonts& fonts, std::string_view s, const core::Rect& box, double size,
                double min_size);

// ---- text through the frames' text stack, for painters outside draw/ (the window's overlay) ----
// The same shaping, bidirectional ordering, font fallback and line breaking as every frame.

// A style's line metrics at `size`: ascent, descent and line height (with the line gap).
struct LineMetrics {
    double ascent = 0, descent = 0, height = 0;
};
LineMetrics line_metrics(const Fonts& fonts, Font f, double size);
// The advance of `s` at `size`.
double text_advance(const Fonts& fonts, std::string_view s, Font f, double size);
// `s` in lines no wider than `width` where Unicode lets a line break (as paragraphs break); "\n"
// breaks a line too. A word wider than `width` stands alone on its line.
std::vector<std::string> wrap_text(const Fonts& fonts, std::string_view s, Font f, double size, double width);
// Draws `s` at `size` in `cr`'s source, the pen starting at (x, baseline) in user space.
// Returns how many of its glyphs are .notdef (characters no face has, drawn as empty boxes).
int show_text(cairo_t* cr, const Fonts& fonts, std::string_view s, Font f, double size, double x, double baseline);

// What is under a design-space point, for the window's mouse handling.
struct Hit {
    enum class Kind { None, Token, Key, Value, TemperatureSlider, MaskSwitch, MatrixCell, Panel, QuizChoice, QuizButton, Head } kind = Kind::None;
    int token = -1;          // token index for Token/Key/Value/MatrixCell (the row read from: column);
                             // QuizChoice: the choice as shown (0-based);
                             // QuizButton: the button's model::QuizCard::Button::Do, as an int;
                             // Head: the head whose thumbnail it is (0-based)
    int row = -1;            // MatrixCell: the row
    double value = 0.0;      // TemperatureSlider: the temperature at that point, clicked into the
                             // nearest of 0, ¼, ½, 1, 2, 4, ∞ within kSliderDetent design pixels
    double exact = 0.0;      // TemperatureSlider: the temperature at that point, unsnapped
    core::Point plane;       // KeyPlane: the point in plane coordinates (for dragging)
};
// `space`: the design space of the output the point was read from (transform_for(w, h).space).
Hit hit_test(const timeline::View& view, core::Point design, Space space = {});
// The temperatures the slider clicks into, and how near (design pixels along the track) it must be.
inline constexpr double kSliderDetents[] = {0.0, 0.25, 0.5, 1.0, 2.0, 4.0, std::numeric_limits<double>::infinity()};
inline constexpr double kSliderDetent = 8.0;

// A plane's grid (the key and value planes): gridlines every grid_step(span) plane units — 1, 2,
// 2.5 or 5 times a power of ten, about six across the span — each labelled with its value
// exactly, in the fewest decimals that write it (grid_label(2.5) is "2.5", grid_label(5) "5").
double grid_step(double span);
std::string grid_label(double value);

// For dragging: the key-plane coordinates of a design-space point (nullopt if no key plane).
std::optional<core::Point> key_plane_point(const timeline::View& view, core::Point design, Space space = {});

}  // namespace draw
