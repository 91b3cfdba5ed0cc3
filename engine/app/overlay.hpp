// app/overlay: what only the person at the keyboard sees (help, mode, counter, notes, errors,
// fps), painted on top of a frame: translucent boxes with Cairo, text with SDL2_ttf from the
// fonts of draw::font_dir(). Never part of an exported frame.
#pragma once

#include <SDL.h>
#include <SDL_ttf.h>
#include <cairo.h>

#include <functional>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace app {

struct Rgba {
    Uint8 r = 255, g = 255, b = 255, a = 255;
};

// Collects boxes and text for one surface, then paints them: boxes first (Cairo), then the
// text on top (SDL_BlitSurface), so the two never write the same pixels out of order.
class Overlay {
public:
    explicit Overlay(std::string font_dir);
    ~Overlay();
    Overlay(const Overlay&) = delete;
    Overlay& operator=(const Overlay&) = delete;
    bool ok() const { return ok_; }
    const std::string& problem() const { return problem_; }

    enum class Face { Regular, Bold, Mono };
    // Size of a line of text at `px` pixels, or of wrapped text when wrap > 0.
    SDL_Point measure(const std::string& text, int px, Face face = Face::Regular, int wrap = 0);
    // Size of a line of text without rendering (nor caching) it: for layouts that try several sizes.
    SDL_Point size(const std::string& text, int px, Face face = Face::Regular);

    void box(double x, double y, double w, double h, Rgba c, double radius = 0);
    // Any Cairo drawing (icons, knobs), painted after the boxes and before the text.
    void shape(std::function<void(cairo_t*)> draw);
    // Anchored at (x, y): align 0 = left, 1 = centre, 2 = right (vertical: top).
    void text(const std::string& text, double x, double y, int px, Rgba c, Face face = Face::Regular,
              int align = 0, int wrap = 0);
    void paint(SDL_Surface* target);

private:
    TTF_Font* font(Face face, int px);
    SDL_Surface* rendered(const std::string& text, int px, Face face, Rgba c, int wrap);

    struct Box { double x, y, w, h; Rgba c; double radius; };
    struct Text { std::string s; double x, y; int px; Rgba c; Face face; int align; int wrap; };
    std::vector<Box> boxes_;
    std::vector<std::function<void(cairo_t*)>> shapes_;
    std::vector<Text> texts_;
    std::map<std::pair<int, int>, TTF_Font*> fonts_;
    std::map<std::tuple<std::string, int, int, Uint32, int>, SDL_Surface*> cache_;
    std::string dir_;
    bool ok_ = false;
    bool ttf_inited_ = false;
    std::string problem_;
};

}  // namespace app
