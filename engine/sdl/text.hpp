// sdl/text: the overlay's text with SDL2_ttf — the SDL window's TextPainter (app/overlay.hpp).
// It measures the runs the presenter core lays out and blits them over the frame, from the DejaVu
// files of draw::font_dir(): TTF_RenderUTF8_Blended (wrapped where a run wraps), cached per text,
// size, face, colour and wrap. Only the SDL backend knows it.
#pragma once

#include <SDL.h>
#include <SDL_ttf.h>

#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "app/overlay.hpp"

namespace sdl {

class TtfText : public app::TextPainter {
public:
    // The fonts of `font_dir`; null, with `problem` saying why, when SDL2_ttf or the files fail
    // (the window then shows no overlay).
    static std::shared_ptr<TtfText> open(const std::string& font_dir, std::string& problem);
    ~TtfText() override;
    TtfText(const TtfText&) = delete;
    TtfText& operator=(const TtfText&) = delete;

    // The size of the rendered text (its surface), one line or wrapped.
    app::TextSize measure(const std::string& text, int px, app::Face face, int wrap = 0) override;
    // TTF_SizeUTF8: a line's size without rendering (nor caching) it.
    app::TextSize line_size(const std::string& text, int px, app::Face face) override;
    // Blits each run's rendered text onto `target` (SDL's blending, alpha-modulated by its colour).
    void paint(const app::Pixels& target, const std::vector<app::OverlayText>& texts) override;

private:
    explicit TtfText(std::string font_dir) : dir_(std::move(font_dir)) {}
    TTF_Font* font(app::Face face, int px);
    SDL_Surface* rendered(const std::string& text, int px, app::Face face, app::Rgba c, int wrap);

    std::map<std::pair<int, int>, TTF_Font*> fonts_;
    std::map<std::tuple<std::string, int, int, Uint32, int>, SDL_Surface*> cache_;
    std::string dir_;
    std::string problem_;
};

}  // namespace sdl
