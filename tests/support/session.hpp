// Test support for the window tests (app_test, student_test): SDL started once without a display,
// a session at a fixed window size whose events go through SDL's own queue, and where a drawn
// thing sits in design space. Their decks (support::cat_scene, titled_deck) are in decks.hpp.
#pragma once

#include <SDL.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "app/session.hpp"
#include "draw/draw.hpp"
#include "support/decks.hpp"
#include "support/fonts.hpp"
#include "scene/scene.hpp"
#include "timeline/timeline.hpp"

namespace support {

// SDL_Init once per test executable (video and events; offscreen unless the caller chose a driver).
inline void sdl() {
    struct Once {
        Once() {
            if (!std::getenv("SDL_VIDEODRIVER")) setenv("SDL_VIDEODRIVER", "offscreen", 1);
            if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) FAIL("SDL_Init: " << SDL_GetError());
        }
    };
    static Once once;
}

// A session in a w×h window (points = pixels) on a clock the test sets (`t`), with a surface of
// the window's size to render into. Events are pushed through SDL's queue and then handed over.
struct SessionFixture {
    const int w, h;
    double t = 0.0;
    std::unique_ptr<app::Session> session;
    SDL_Surface* surf = nullptr;
    SessionFixture(int width, int height, const app::SessionOptions& o, std::shared_ptr<const scene::Deck> deck)
        : w(width), h(height) {
        sdl();
        app::SessionOptions with_fonts = o;
        if (!with_fonts.draw.fonts) with_fonts.draw.fonts = fonts();
        if (with_fonts.font_dir.empty()) with_fonts.font_dir = std::string(ATTNLAB_SOURCE_DIR) + "/fonts";
        session = std::make_unique<app::Session>(std::move(deck), [this] { return t; }, with_fonts);
        session->resize(w, h, w, h);
        surf = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
        SDL_FlushEvents(SDL_FIRSTEVENT, SDL_LASTEVENT);
    }
    ~SessionFixture() { SDL_FreeSurface(surf); }
    SessionFixture(const SessionFixture&) = delete;
    SessionFixture& operator=(const SessionFixture&) = delete;
    // Pushes through SDL's own queue, then lets the session take everything queued.
    void push(SDL_Event e) {
        REQUIRE(SDL_PushEvent(&e) == 1);
        SDL_Event got;
        while (SDL_PollEvent(&got)) session->handle(got);
    }
    void key(SDL_Keycode sym, Uint16 mod = KMOD_NONE) {
        SDL_Event e{};
        e.type = SDL_KEYDOWN;
        e.key.keysym.sym = sym;
        e.key.keysym.mod = mod;
        e.key.state = SDL_PRESSED;
        push(e);
    }
    // Typed characters, one key each (' ' is the space bar).
    void keys(const std::string& s) {
        for (char c : s) key(c == ' ' ? SDLK_SPACE : static_cast<SDL_Keycode>(c));
    }
    // Left-button and motion events at window pixels.
    void button(bool down, int x, int y) {
        SDL_Event e{};
        e.type = down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
        e.button.button = SDL_BUTTON_LEFT;
        e.button.state = down ? SDL_PRESSED : SDL_RELEASED;
        e.button.x = x;
        e.button.y = y;
        push(e);
    }
    void motion(int x, int y, bool held) {
        SDL_Event e{};
        e.type = SDL_MOUSEMOTION;
        e.motion.state = held ? SDL_BUTTON_LMASK : 0;
        e.motion.x = x;
        e.motion.y = y;
        push(e);
    }
    std::uint64_t frame_hash() {
        session->render(surf);
        return app::surface_hash(surf);
    }
    // Lets the running animation finish.
    void settle() { t += 10.0; }
};

// Where the frame puts something of `kind` for `token` (any token when negative): scans the design
// space with draw::hit_test (panels own their geometry; the session only asks), row by row at
// 6-unit steps from (3, 3).
inline std::optional<core::Point> find_hit(const timeline::View& v, draw::Hit::Kind kind, int token) {
    for (double y = 3; y < draw::kDesignHeight; y += 6)
        for (double x = 3; x < draw::kDesignWidth; x += 6) {
            draw::Hit hit = draw::hit_test(v, {x, y});
            if (hit.kind == kind && (token < 0 || hit.token == token)) return core::Point{x, y};
        }
    return std::nullopt;
}

}  // namespace support
