// app/cairo_text: the overlay's text measured and painted with Cairo through the frames' own text
// stack (draw::show_text and friends: HarfBuzz shaping, bidirectional order, the fallback faces
// of draw::Fonts, Unicode line breaking): the TextPainter of every backend — the SDL window, a
// browser, the core's tests. Lines break at "\n" and, when wrapped, where Unicode lets them.
// Knows Cairo and draw::Fonts; never a window.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "app/overlay.hpp"
#include "app/pixels.hpp"
#include "draw/draw.hpp"

namespace app {

class CairoText : public TextPainter {
public:
    explicit CairoText(std::shared_ptr<const draw::Fonts> fonts);
    TextSize measure(const std::string& text, int px, Face face, int wrap = 0) override;
    TextSize line_size(const std::string& text, int px, Face face) override;
    void paint(const Pixels& target, const std::vector<OverlayText>& texts) override;
    // Glyphs painted so far that were .notdef: characters no face has, drawn as empty boxes.
    long missing_glyphs() const { return missing_; }

private:
    struct Metrics {
        double ascent = 0, line = 0;  // pixels above the baseline; from one baseline to the next
        int height = 0;               // one line's box
    };
    Metrics metrics(int px, Face face) const;
    std::vector<std::string> lines(const std::string& text, int px, Face face, int wrap) const;
    int width(const std::string& s, int px, Face face) const;

    std::shared_ptr<const draw::Fonts> fonts_;
    long missing_ = 0;
};

}  // namespace app
