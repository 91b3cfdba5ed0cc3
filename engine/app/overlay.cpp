#include "app/overlay.hpp"

#include <algorithm>
#include <cmath>

#include "draw/draw.hpp"

namespace app {

Overlay::Overlay(std::string font_dir) : dir_(std::move(font_dir)) {
    if (TTF_WasInit() == 0 && TTF_Init() != 0) {
        problem_ = std::string("SDL_ttf: ") + TTF_GetError();
        return;
    }
    ttf_inited_ = true;
    TTF_Font* probe = font(Face::Regular, 16);
    if (!probe) return;
    ok_ = true;
}

Overlay::~Overlay() {
    for (auto& [k, s] : cache_) SDL_FreeSurface(s);
    for (auto& [k, f] : fonts_)
        if (f) TTF_CloseFont(f);
    // TTF_Quit is left to process exit: other overlays (the presenter window) may share it.
}

TTF_Font* Overlay::font(Face face, int px) {
    px = std::max(6, px);
    auto key = std::make_pair(static_cast<int>(face), px);
    auto it = fonts_.find(key);
    if (it != fonts_.end()) return it->second;
    const char* name = face == Face::Bold ? "DejaVuSans-Bold.ttf" : face == Face::Mono ? "DejaVuSansMono.ttf" : "DejaVuSans.ttf";
    std::string path = dir_ + "/" + name;
    TTF_Font* f = TTF_OpenFont(path.c_str(), px);
    if (!f) problem_ = "cannot open font " + path + ": " + TTF_GetError();
    fonts_[key] = f;
    return f;
}

SDL_Surface* Overlay::rendered(const std::string& s, int px, Face face, Rgba c, int wrap) {
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

SDL_Point Overlay::measure(const std::string& s, int px, Face face, int wrap) {
    SDL_Surface* surf = rendered(s, px, face, Rgba{}, wrap);
    if (!surf) return {0, 0};
    return {surf->w, surf->h};
}

SDL_Point Overlay::size(const std::string& s, int px, Face face) {
    TTF_Font* f = s.empty() ? nullptr : font(face, px);
    int w = 0, h = 0;
    if (!f || TTF_SizeUTF8(f, s.c_str(), &w, &h) != 0) return {0, 0};
    return {w, h};
}

void Overlay::box(double x, double y, double w, double h, Rgba c, double radius) {
    boxes_.push_back({x, y, w, h, c, radius});
}

void Overlay::shape(std::function<void(cairo_t*)> draw) { shapes_.push_back(std::move(draw)); }

void Overlay::text(const std::string& s, double x, double y, int px, Rgba c, Face face, int align, int wrap) {
    texts_.push_back({s, x, y, px, c, face, align, wrap});
}

void Overlay::paint(SDL_Surface* target) {
    if (!boxes_.empty() || !shapes_.empty()) {
        SDL_LockSurface(target);
        cairo_surface_t* cs = cairo_image_surface_create_for_data(static_cast<unsigned char*>(target->pixels),
                                                                  CAIRO_FORMAT_ARGB32, target->w, target->h, target->pitch);
        cairo_t* cr = cairo_create(cs);
        for (const Box& b : boxes_) {
            cairo_set_source_rgba(cr, b.c.r / 255.0, b.c.g / 255.0, b.c.b / 255.0, b.c.a / 255.0);
            if (b.radius > 0) {
                double r = std::min({b.radius, b.w / 2, b.h / 2});
                cairo_new_sub_path(cr);
                cairo_arc(cr, b.x + b.w - r, b.y + r, r, -M_PI / 2, 0);
                cairo_arc(cr, b.x + b.w - r, b.y + b.h - r, r, 0, M_PI / 2);
                cairo_arc(cr, b.x + r, b.y + b.h - r, r, M_PI / 2, M_PI);
                cairo_arc(cr, b.x + r, b.y + r, r, M_PI, 3 * M_PI / 2);
                cairo_close_path(cr);
            } else {
                cairo_rectangle(cr, b.x, b.y, b.w, b.h);
            }
            cairo_fill(cr);
        }
        for (const auto& f : shapes_) {
            cairo_save(cr);
            f(cr);
            cairo_restore(cr);
        }
        cairo_destroy(cr);
        cairo_surface_flush(cs);
        cairo_surface_destroy(cs);
        SDL_UnlockSurface(target);
    }
    for (const Text& t : texts_) {
        SDL_Surface* surf = rendered(t.s, t.px, t.face, t.c, t.wrap);
        if (!surf) continue;
        double x = t.x;
        if (t.align == 1) x -= surf->w / 2.0;
        else if (t.align == 2) x -= surf->w;
        SDL_Rect dst{static_cast<int>(std::lround(x)), static_cast<int>(std::lround(t.y)), surf->w, surf->h};
        SDL_BlitSurface(surf, nullptr, target, &dst);
    }
    boxes_.clear();
    shapes_.clear();
    texts_.clear();
}

}  // namespace app
