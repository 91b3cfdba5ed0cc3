// draw/fonts: the fonts a frame is drawn with — DejaVu Sans (regular, bold, oblique) and DejaVu
// Sans Mono as FreeType faces drawn through cairo-ft, so PDF and SVG keep real text. Loaded once
// by the caller and passed in (draw::Options::fonts): nothing in draw/ finds a file by itself,
// and a missing font is an error, never a silent fallback to another face.
#pragma once

#include <cairo.h>

#include <array>
#include <memory>
#include <string>

namespace draw {

enum class Font { Regular, Bold, Mono, Italic };

class Fonts {
public:
    // The four faces from `dir` (DejaVuSans.ttf, DejaVuSans-Bold.ttf, DejaVuSansMono.ttf,
    // DejaVuSans-Oblique.ttf). Null, with `error` naming the file and why, when one cannot be read.
    static std::shared_ptr<const Fonts> load(const std::string& dir, std::string& error);
    ~Fonts();
    Fonts(const Fonts&) = delete;
    Fonts& operator=(const Fonts&) = delete;

    // Never null. Cairo locks a face while it uses it, so several threads may draw at once.
    cairo_font_face_t* face(Font f) const { return faces_[static_cast<std::size_t>(f)]; }

private:
    Fonts() = default;
    std::array<cairo_font_face_t*, 4> faces_{};
};

}  // namespace draw
