// Test support for the tests of the SDL window backend (sdl_test, voice_test): SDL started once
// without a display (offscreen unless the caller chose a driver), and a session whose events go
// through SDL's own queue and the backend's translation (sdl/events.hpp), as the window's loop
// hands them over.
#pragma once

#include <SDL.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <memory>
#include <optional>
#include <utility>

#include "sdl/events.hpp"
#include "support/session.hpp"

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

// A SessionFixture whose input comes as SDL events: pushed through SDL's queue, then each taken
// out, translated by sdl::event_of and handed to the session.
struct SdlSessionFixture : SessionFixture {
    SdlSessionFixture(int width, int height, const app::SessionOptions& o, std::shared_ptr<const scene::Deck> deck)
        : SessionFixture(width, height, o, std::move(deck)) {
        sdl();
        SDL_FlushEvents(SDL_FIRSTEVENT, SDL_LASTEVENT);
    }
    void push(SDL_Event e) {
        REQUIRE(SDL_PushEvent(&e) == 1);
        SDL_Event got;
        while (SDL_PollEvent(&got))
            if (const std::optional<app::Event> ev = sdl::event_of(got)) session->handle(*ev);
    }
    void sdl_key(SDL_Keycode sym, Uint16 mod = KMOD_NONE) {
        SDL_Event e{};
        e.type = SDL_KEYDOWN;
        e.key.keysym.sym = sym;
        e.key.keysym.mod = mod;
        e.key.state = SDL_PRESSED;
        push(e);
    }
    void sdl_button(bool down, int x, int y, Uint8 button = SDL_BUTTON_LEFT) {
        SDL_Event e{};
        e.type = down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
        e.button.button = button;
        e.button.state = down ? SDL_PRESSED : SDL_RELEASED;
        e.button.x = x;
        e.button.y = y;
        push(e);
    }
    void sdl_motion(int x, int y, bool held) {
        SDL_Event e{};
        e.type = SDL_MOUSEMOTION;
        e.motion.state = held ? SDL_BUTTON_LMASK : 0;
        e.motion.x = x;
        e.motion.y = y;
        push(e);
    }
};

}  // namespace support
