// app/cairo_text: the overlay's text measured and painted with Cairo, in the DejaVu faces the
// frame is drawn with (draw::Fonts, FreeType through cairo-ft): the TextPainter of a platform
// without SDL2_ttf (a browser) and of the core's tests. Lines break at "\n" and, when wrapped,
// between words. Knows Cairo and draw::Fonts; never a window.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "app/overlay.hpp"
#include "app/pixels.hpp"
#include "draw/fonts.hpp"

namespace app {

class CairoText : public TextPainter {
public:
    explicit CairoText(std::shared_ptr<const draw::Fonts> fonts);
    TextSize measure(const std::string& text, int px, Face face, int wrap = 0) override;
    TextSize line_size(const std::string& text, int px, Face face) override;
    void paint(const Pixels& target, const std::vector<OverlayText>& texts) override;

private:
    struct Metrics {
        double ascent = 0, line = 0;  // pixels above the baseline; from one baseline to the next
        int height = 0;               // one line's box
    };
    Metrics use(cairo_t* cr, int px, Face face) const;
    std::vector<std::string> lines(cairo_t* cr, const std::string& text, int wrap) const;
    static int width(cairo_t* cr, const std::string& s);

    std::shared_ptr<const draw::Fonts> fonts_;
    Image scratch_{1, 1};  // what measuring draws on: nothing
    std::unique_ptr<Painting> measuring_;
};

}  // namespace app
