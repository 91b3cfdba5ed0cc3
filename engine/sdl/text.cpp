// sdl/text: overlay text with SDL2_ttf (see the header).
#include "sdl/text.hpp"

#include <algorithm>
#include <cmath>

namespace sdl {

std::shared_ptr<TtfText> TtfText::open(const std::string& font_dir, std::string& problem) {
    if (TTF_WasInit() == 0 && TTF_Init() != 0) {
        problem = std::string("SDL_ttf: ") + TTF_GetError();
        return nullptr;
    }
    std::shared_ptr<TtfText> t(new TtfText(font_dir));
    if (!t->font(app::Face::Regular, 16)) {  // a probe: the files are there
        problem = t->problem_;
        return nullptr;
    }
    return t;
}

TtfText::~TtfText() {
    for (auto& [k, s] : cache_) SDL_FreeSurface(s);
    for (auto& [k, f] : fonts_)
        if (f) TTF_CloseFont(f);
    // TTF_Quit is left to process exit.
}

TTF_Font* TtfText::font(app::Face face, int px) {
    px = std::max(6, px);
    auto key = std::make_pair(static_cast<int>(face), px);
    auto it = fonts_.find(key);
    if (it != fonts_.end()) return it->second;
    const char* name = face == app::Face::Bold   ? "DejaVuSans-Bold.ttf"
                       : face == app::Face::Mono ? "DejaVuSansMono.ttf"
                                                 : "DejaVuSans.ttf";
    std::string path = dir_ + "/" + name;
    TTF_Font* f = TTF_OpenFont(path.c_str(), px);
    if (!f) problem_ = "cannot open font " + path + ": " + TTF_GetError();
    fonts_[key] = f;
    return f;
}

SDL_Surface* TtfText::rendered(const std::string& s, int px, app::Face face, app::Rgba c, int wrap) {
    if (s.empty()) return nullptr;
    Uint32 col = (Uint32(c.r) << 24) | (Uint32(c.g) << 16) | (Uint32(c.b) << 8) | c.a;
    auto key = std::make_tuple(s, px, static_cast<int>(face), col, wrap);
    auto it = cache_.find(key);
    if (it != cache_.end()) return it->second;
    if (cache_.size() > 400) {
        for (auto& [k, surf] : cache_) SDL_FreeSurface(surf);
        cache_.clear();
    }
    TTF_Font* f = font(face, px);
    if (!f) return nullptr;
    SDL_Color sc{c.r, c.g, c.b, 255};
    SDL_Surface* surf = wrap > 0 ? TTF_RenderUTF8_Blended_Wrapped(f, s.c_str(), sc, static_cast<Uint32>(wrap))
                                 : TTF_RenderUTF8_Blended(f, s.c_str(), sc);
    if (surf) {
        SDL_SetSurfaceBlendMode(surf, SDL_BLENDMODE_BLEND);
        if (c.a < 255) SDL_SetSurfaceAlphaMod(surf, c.a);
    }
    cache_[key] = surf;
    return surf;
}

app::TextSize TtfText::measure(const std::string& s, int px, app::Face face, int wrap) {
    SDL_Surface* surf = rendered(s, px, face, app::Rgba{}, wrap);
    if (!surf) return {0, 0};
    return {surf->w, surf->h};
}

app::TextSize TtfText::line_size(const std::string& s, int px, app::Face face) {
    TTF_Font* f = s.empty() ? nullptr : font(face, px);
    int w = 0, h = 0;
    if (!f || TTF_SizeUTF8(f, s.c_str(), &w, &h) != 0) return {0, 0};
    return {w, h};
}

void TtfText::paint(const app::Pixels& target, const std::vector<app::OverlayText>& texts) {
    SDL_Surface* dst = SDL_CreateRGBSurfaceWithFormatFrom(target.data, target.w, target.h, 32, target.stride, SDL_PIXELFORMAT_ARGB8888);
    if (!dst) return;
    for (const app::OverlayText& t : texts) {
        SDL_Surface* surf = rendered(t.text, t.px, t.face, t.colour, t.wrap);
        if (!surf) continue;
        double x = t.x;
        if (t.align == 1) x -= surf->w / 2.0;
        else if (t.align == 2) x -= surf->w;
        SDL_Rect at{static_cast<int>(std::lround(x)), static_cast<int>(std::lround(t.y)), surf->w, surf->h};
        SDL_BlitSurface(surf, nullptr, dst, &at);
    }
    SDL_FreeSurface(dst);
}

}  // namespace sdl
