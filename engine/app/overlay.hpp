// app/overlay: what only the person at the keyboard sees (help, mode, counter, toasts, errors,
// fps, the overview's labels, the student bar, the presenter window's texts), as a list of plain
// primitives: boxes, paths (icons, the scrubber) and text runs, in layers. The session lays them
// out (session_overlay.cpp, session_student.cpp) with an injected TextMeasure — the platform's
// fonts — and a backend paints the list over the frame: boxes and paths with Cairo
// (paint_overlay), the text with its own TextPainter (cairo_text.hpp: the frames' text stack, in
// the SDL window, the tests and the browser). Never part of an exported frame. Knows Cairo for the
// boxes; never a window or a font file.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/pixels.hpp"
#include "core/core.hpp"

namespace app {

// A colour of 8 bits a channel, straight alpha.
struct Rgba {
    std::uint8_t r = 255, g = 255, b = 255, a = 255;
    bool operator==(const Rgba&) const = default;
};

enum class Face { Regular, Bold, Mono };

// A filled rectangle, its corners rounded by `radius` pixels (0: square; at most half a side).
struct OverlayBox {
    double x = 0, y = 0, w = 0, h = 0;
    Rgba colour;
    double radius = 0;
    bool operator==(const OverlayBox&) const = default;
};

// A figure of lines and arcs, filled (line_width 0) or stroked: the student bar's icons and its
// scrubber. Each segment is Cairo's path operation of the same name.
struct OverlayPath {
    enum class Op { Move, Line, Arc, Rect, Close };
    struct Segment {
        Op op = Op::Move;
        double a = 0, b = 0, c = 0, d = 0, e = 0;  // Move/Line: (a, b); Arc: centre (a, b), radius c, from angle d to e;
                                                   // Rect: x a, y b, width c, height d
        bool operator==(const Segment&) const = default;
    };
    std::vector<Segment> segments;
    core::Color colour;      // straight RGBA in [0, 1]
    double line_width = 0;   // 0: filled; else stroked this wide
    bool operator==(const OverlayPath&) const = default;
};

// One run of text. (x, y) is its anchor: align 0 puts the text's left there, 1 its middle, 2 its
// right; y is the top of its first line.
struct OverlayText {
    std::string text;        // UTF-8; "\n" breaks a wrapped text
    double x = 0, y = 0;
    int px = 12;             // the size: pixels to the em
    Rgba colour;
    Face face = Face::Regular;
    int align = 0;
    int wrap = 0;            // wrap width in pixels; 0 for one line
    bool operator==(const OverlayText&) const = default;
};

// What one layer holds, painted in this order: the boxes, the paths, then the texts on top.
// Layers are painted one after another (the overview's labels under the chips of the operator band).
struct OverlayLayer {
    std::vector<OverlayBox> boxes;
    std::vector<OverlayPath> paths;
    std::vector<OverlayText> texts;
    bool operator==(const OverlayLayer&) const = default;
};
struct Overlay {
    std::vector<OverlayLayer> layers;
    bool empty() const { return layers.empty(); }
    // Every text run, in painting order.
    std::vector<const OverlayText*> texts() const;
    bool operator==(const Overlay&) const = default;
};

// The size of text as a platform's fonts lay it out, in whole pixels.
struct TextSize {
    int w = 0, h = 0;
    bool operator==(const TextSize&) const = default;
};
class TextMeasure {
public:
    virtual ~TextMeasure() = default;
    // The box `text` covers when painted: one line, or wrapped at `wrap` pixels when wrap > 0.
    virtual TextSize measure(const std::string& text, int px, Face face, int wrap = 0) = 0;
    // The size of one line laid out without painting it: for layouts that try several sizes.
    virtual TextSize line_size(const std::string& text, int px, Face face) = 0;
};
class TextPainter : public TextMeasure {
public:
    // Paints `texts` over `target`, in order, each where measure() says it goes.
    virtual void paint(const Pixels& target, const std::vector<OverlayText>& texts) = 0;
};

// Paints the list over `target`: each layer's boxes and paths with Cairo, then its text with
// `text` (none when null).
void paint_overlay(const Pixels& target, const Overlay& overlay, TextPainter* text);
// The rectangles of a w×h target that painting the list may touch: each box, each path's extent
// and each text's box as `text` measures it (with a pixel of antialiasing round each; the whole
// target for a text when there is nothing to measure it with).
std::vector<PixelRect> overlay_extents(const Overlay& overlay, TextMeasure* text, int w, int h);

// Builds an Overlay: what the session's drawing code writes to. A layer is ended by flush(); with
// no TextMeasure (fonts that did not load) ok() is false and nothing is measured.
class OverlayWriter {
public:
    OverlayWriter(Overlay& out, TextMeasure* text) : out_(out), text_(text) {}
    bool ok() const { return text_ != nullptr; }
    TextSize measure(const std::string& s, int px, Face face = Face::Regular, int wrap = 0) {
        return text_ && !s.empty() ? text_->measure(s, px, face, wrap) : TextSize{};
    }
    TextSize size(const std::string& s, int px, Face face = Face::Regular) {
        return text_ && !s.empty() ? text_->line_size(s, px, face) : TextSize{};
    }
    void box(double x, double y, double w, double h, Rgba c, double radius = 0) { layer_.boxes.push_back({x, y, w, h, c, radius}); }
    void path(OverlayPath p) { layer_.paths.push_back(std::move(p)); }
    void text(const std::string& s, double x, double y, int px, Rgba c, Face face = Face::Regular, int align = 0, int wrap = 0) {
        layer_.texts.push_back({s, x, y, px, c, face, align, wrap});
    }
    // Ends the layer: what comes after is painted over it.
    void flush();

private:
    Overlay& out_;
    TextMeasure* text_;
    OverlayLayer layer_;
};

}  // namespace app
