// draw/canvas: the thin layer over Cairo every panel paints through — RAII for cairo objects,
// the theme (light/dark, Okabe–Ito categorical colours, the colour scales), text that fits
// its box (text.cpp), shapes (shapes.cpp) and the raster caches behind cards, dots and hatching
// (sprites.cpp). Internal to draw/: nothing outside draw/ includes this header.
#pragma once

#include <cairo.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/core.hpp"
#include "draw/draw.hpp"
#include "draw/fonts.hpp"
#include "draw/shaping.hpp"

namespace draw {

// cairo_save on construction, cairo_restore on destruction.
class Saved {
public:
    explicit Saved(cairo_t* cr) : cr_(cr) { cairo_save(cr_); }
    ~Saved() { cairo_restore(cr_); }
    Saved(const Saved&) = delete;
    Saved& operator=(const Saved&) = delete;

private:
    cairo_t* cr_;
};

// ---- theme ---------------------------------------------------------------------------------
struct Theme {
    bool dark = false;
    core::Color bg, card, card_edge, ink, ink_soft, ink_faint, grid, axis;
    core::Color query;    // gold: the question
    core::Color query_ink;  // gold deep enough for text on a card
    core::Color key;      // blue: keys
    core::Color value;    // bluish green: values
    core::Color output;   // rose: the new vector
    core::Color output_ink;  // rose deep enough for text
    core::Color accent;   // vermillion: compare, highlights
    core::Color accent2;  // sky blue: the other side of a comparison
    core::Color hidden, hidden_hatch;  // masked: a neutral fill and its hatching
    core::Color hover;
    // The one colour-scale function: the colour of a number on its scale (model::Scale).
    //  - Sequential, t in [0, 1] (a weight): YlGnBu, pale → deep, on light; viridis, dark →
    //    bright, on dark.
    //  - Diverging, t in [−1, 1] (a signed number over its quantity's magnitude, model::tone):
    //    red-orange below 0, blue above (ColorBrewer RdBu; on dark, the same hues brightening
    //    away from a dark grey), and `neutral` at exactly 0.
    // Out of range is clamped; NaN is the scale's start (sequential) or neutral (diverging).
    core::Color shade(model::Scale scale, double t) const;
    core::Color neutral;  // the diverging scale's 0
    // Ink that reads on top of a fill.
    core::Color ink_on(const core::Color& fill) const;
    // Head h's colour in a scene of several heads (its name, its edges, its part of the
    // concatenation): Okabe–Ito hues other than the question's gold, in turn.
    core::Color head(std::size_t h) const;
};
const Theme& theme_for(ThemeKind k);

// A rounded rectangle's path (radius > 0, at most half of each side).
void rounded_path(cairo_t* cr, const core::Rect& r, double rad);

// ---- canvas --------------------------------------------------------------------------------
enum class Align { Left, Center, Right };

// What one frame paints with: the cairo context (design-space user units), the theme, the
// fonts, and the recorder that collects laid-out text boxes for the layout test.
class Canvas {
public:
    Canvas(cairo_t* context, const Theme& theme, const Fonts& fonts, Recorder* rec)
        : cr(context), th(theme), fonts_(fonts), rec_(rec) {}

    cairo_t* cr;
    const Theme& th;
    Space design;  // the design space of this frame (draw::space_for of the output)
    // Which head a one-head panel draws, in a scene of several ("head 2 · which determiner"):
    // card() writes it in the heading's aside. Set by the scene's painter around each panel; "".
    std::string head_tag;
    // The frame's stop flag (Options::stop): painters look at it between panels and between rows
    // of a large one, and stop when it is set.
    const std::atomic<int>* stop = nullptr;
    bool stopped() const { return stop && stop->load(std::memory_order_relaxed) != 0; }

    void color(const core::Color& c) const { cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a); }
    void color(const core::Color& c, double alpha) const { cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a * alpha); }
    void font(Font f, double size) const;
    // The text shaped in the current font (shaping.hpp), memoised per thread in ems (key: font,
    // direction, string): the same label is shaped once, not once per frame or per size. The
    // reference lives until this thread shapes another text.
    const Shaped& shaped(std::string_view s) const;
    // Text extents with the current font and size (from shaped()).
    struct Extents {
        double x_bearing = 0, y_bearing = 0, width = 0, height = 0, x_advance = 0;
    };
    Extents extents(std::string_view s) const;
    double measure(std::string_view s) const { return s.empty() ? 0.0 : extents(s).x_advance; }
    double ascent() const;
    double descent() const;

    // Text at a baseline point. Returns the box it occupies (design units).
    core::Rect text(std::string_view s, double x, double baseline, Align a = Align::Left) const;
    // Text centred vertically in `box`, aligned horizontally, shrunk (down to min_size) and then
    // ellipsized so that it never leaves the box.
    core::Rect text_in(std::string_view s, const core::Rect& box, Font f, double size, double min_size,
                       Align a = Align::Left) const;
    // What text_in shows: the font size (the current font after the call) and the text, whole
    // or cut to its longest prefix of whole clusters that fits with "…" ("" when nothing fits).
    // Measures at most a bounded prefix of `s`, O(log n) times, however long `s` is.
    struct Fit {
        double size = 0;
        std::string shown;
        bool cut = false;  // shown is a prefix of the text and "…"
    };
    Fit fit(std::string_view s, const core::Rect& box, Font f, double size, double min_size) const;
    // Draws a fit in `box` (centred vertically, aligned horizontally); returns the box it occupies.
    core::Rect place(const Fit& ft, const core::Rect& box, Align a) const;
    // Greedy line breaking at the current font, where Unicode lets a line break (spaces, and
    // between ideographs). Appends lines; returns their count.
    int wrap(std::string_view s, double width, std::vector<std::string>& lines) const;
    // A wrapped paragraph inside `box` starting at its top: shrinks the size until it fits.
    // Returns the height used.
    double paragraph(std::string_view s, const core::Rect& box, Font f, double size, double min_size,
                     double leading = 1.3) const;
    // A paragraph that must be read whole (narration): never drops a line, never ellipsizes.
    // Shrinks from `size` towards `min_size`, and below it only when nothing else fits.
    // Returns the font size used; *used_h (if given) the height used.
    double paragraph_whole(std::string_view s, const core::Rect& box, Font f, double size, double min_size,
                           double leading = 1.3, double* used_h = nullptr) const;

    void rounded(const core::Rect& r, double radius) const;
    void line(core::Point a, core::Point b) const {
        cairo_move_to(cr, a.x, a.y);
        cairo_line_to(cr, b.x, b.y);
    }
    void circle(core::Point c, double r) const {
        cairo_new_sub_path(cr);
        cairo_arc(cr, c.x, c.y, r, 0, 2 * 3.141592653589793);
    }
    // An arrow from a to b with a filled head (stroke width w, head length h).
    void arrow(core::Point a, core::Point b, double w, double head, const core::Color& c, double alpha = 1.0) const;
    // Diagonal hatching over a rectangle (the "hidden" look of masked entries).
    void hatch(const core::Rect& r, double radius) const;
    // Clip to a rectangle, snapped to device pixels (fast in cairo).
    void clip_rect(const core::Rect& r) const;
    // A rectangle snapped to device pixels (in user units). Cairo fills such rectangles as
    // boxes, one memory fill each, instead of rasterising them row by row.
    core::Rect snap(const core::Rect& r) const;
    // A horizontal or vertical line as a snapped rectangle at least one device pixel wide.
    void hline(double x0, double x1, double y, double width) const;
    void vline(double x, double y0, double y1, double width) const;
    // A filled rounded rectangle with an optional border (inside the rectangle), drawn as snapped
    // boxes and, on raster targets, corners blitted from a cached tile. `under` is the opaque
    // colour around it (its corners are painted with it; default: the page background), so
    // use it for a card on the page or a chip on a card.
    void panel(const core::Rect& r, double radius, const core::Color& fill, const core::Color* edge = nullptr,
               double edge_w = 1.5, const core::Color* under = nullptr) const;
    // A dot: a disc of radius r filled with `fill`, ringed by a stroke of `ring` (width ring_w,
    // dashed if dash_on > 0). On raster targets it is blitted from a per-thread sprite rendered
    // at the nearest quarter pixel.
    void dot(core::Point p, double r, const core::Color& fill, const core::Color& ring, double ring_w,
             double dash_on = 0, double dash_off = 0) const;
    // A card: rounded panel background with a heading; returns the content rect.
    core::Rect card(const core::Rect& r, std::string_view heading, std::string_view aside = {}) const;
    // A small pill badge centred at p.
    core::Rect badge(std::string_view s, core::Point p, const core::Color& fill, double size, double alpha = 1.0) const;

    // Text is never smaller than kMinText: fit() and paragraphs do not shrink below it. While a
    // Small lives, text may be smaller; `why` (a literal) says why, and the Recorder keeps it.
    class Small {
    public:
        Small(const Canvas& c, const char* why) : c_(c), was_(c.small_) { c_.small_ = why; }
        ~Small() { c_.small_ = was_; }
        Small(const Small&) = delete;
        Small& operator=(const Small&) = delete;

    private:
        const Canvas& c_;
        const char* was_;
    };
    // The smallest size text may have here: kMinText, or 0 inside a Small.
    double floor() const { return small_ ? 0.0 : kMinText; }

    void record_panel(const char* name, const core::Rect& r);
    void record_text(const core::Rect& r, std::string_view s, int notdef = 0) const;
    void mark(const std::string& name, const core::Rect& r) const;
    void mark(const std::string& name, core::Point p) const { mark(name, {p.x, p.y, 0, 0}); }
    bool recording() const { return rec_ != nullptr; }

    // This thread's memo tables (text.cpp): shaped texts and paragraphs, bounded in bytes
    // together by kTextMemoBytes.
    struct Memos;
    static Memos& memos();

private:
    struct Para {
        double size = 0;
        std::vector<std::string> lines;
        bool rtl = false;  // the paragraph reads right to left (its first strong character's direction)
    };
    // Wraps and shrinks a paragraph (memoised like extents); `whole`: may go below min_size.
    const Para& layout_paragraph(std::string_view s, const core::Rect& box, Font f, double size, double min_size,
                                 double leading, bool whole) const;
    double draw_paragraph(const Para& p, const core::Rect& box, Font f, double leading, bool whole) const;
    // Draws a shaped text's glyphs with the pen starting at (x, baseline).
    void show(const Shaped& sh, std::string_view s, double x, double baseline) const;
    double scale_key() const;  // the transform's scale: design units to device pixels

    const Fonts& fonts_;
    Recorder* rec_;
    int panel_ = -1;
    mutable Font font_ = Font::Regular;
    mutable double size_ = 10;
    mutable const char* small_ = nullptr;
    mutable bool cut_ = false;  // the text being drawn is a fit cut to its box (for the Recorder)
    mutable Direction dir_ = Direction::Auto;  // the direction texts are shaped in (a paragraph's, or each text's own)
};


}  // namespace draw
