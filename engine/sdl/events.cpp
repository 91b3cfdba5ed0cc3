// sdl/events: SDL events → the core's events (see the header).
#include "sdl/events.hpp"

#include "sdl/window.hpp"

namespace sdl {

namespace {

// The digit a key types (top row or keypad), or -1.
int digit_of(SDL_Keycode sym) {
    if (sym >= SDLK_0 && sym <= SDLK_9) return static_cast<int>(sym - SDLK_0);
    if (sym >= SDLK_KP_1 && sym <= SDLK_KP_9) return static_cast<int>(sym - SDLK_KP_1) + 1;
    if (sym == SDLK_KP_0) return 0;
    return -1;
}

app::Button button_of(Uint8 b) {
    switch (b) {
        case SDL_BUTTON_LEFT: return app::Button::Left;
        case SDL_BUTTON_MIDDLE: return app::Button::Middle;
        case SDL_BUTTON_RIGHT: return app::Button::Right;
        default: return app::Button::Other;
    }
}

}  // namespace

app::Key key_of(SDL_Keycode sym) {
    using app::Key;
    using app::ch;
    switch (sym) {
        case SDLK_SPACE: return Key::Space;
        case SDLK_RETURN: case SDLK_KP_ENTER: return Key::Enter;
        case SDLK_ESCAPE: return Key::Escape;
        case SDLK_BACKSPACE: return Key::Backspace;
        case SDLK_TAB: return Key::Tab;
        case SDLK_LEFT: return Key::Left;
        case SDLK_RIGHT: return Key::Right;
        case SDLK_UP: return Key::Up;
        case SDLK_DOWN: return Key::Down;
        case SDLK_PAGEUP: return Key::PageUp;
        case SDLK_PAGEDOWN: return Key::PageDown;
        case SDLK_HOME: return Key::Home;
        case SDLK_END: return Key::End;
        case SDLK_F1: return Key::F1;
        case SDLK_F11: return Key::F11;
        case SDLK_F12: return Key::F12;
        case SDLK_KP_PLUS: return ch('+');
        case SDLK_KP_MINUS: return ch('-');
        case SDLK_KP_PERIOD: return ch('.');
        default: break;
    }
    if (const int d = digit_of(sym); d >= 0) return ch(static_cast<char>('0' + d));
    // Printable keys: SDL's key codes are their (lower-case) characters.
    if (sym > ' ' && sym < 127 && !(sym >= 'A' && sym <= 'Z')) return ch(static_cast<char>(sym));
    return Key::None;
}

app::Mods mods_of(Uint16 mod) {
    app::Mods m = app::kNoMods;
    if (mod & KMOD_SHIFT) m |= app::kShift;
    if (mod & KMOD_CTRL) m |= app::kCtrl;
    if (mod & KMOD_ALT) m |= app::kAlt;
    return m;
}

std::optional<app::Event> event_of(const SDL_Event& e, const RenderTarget* window) {
    switch (e.type) {
        case SDL_QUIT: return app::Quit{};
        case SDL_KEYDOWN: return app::KeyDown{key_of(e.key.keysym.sym), mods_of(e.key.keysym.mod)};
        case SDL_KEYUP: return app::KeyUp{key_of(e.key.keysym.sym), mods_of(e.key.keysym.mod)};
        case SDL_MOUSEBUTTONDOWN:
            return app::PointerDown{e.button.x, e.button.y, button_of(e.button.button), mods_of(static_cast<Uint16>(SDL_GetModState()))};
        case SDL_MOUSEBUTTONUP:
            return app::PointerUp{e.button.x, e.button.y, button_of(e.button.button), mods_of(static_cast<Uint16>(SDL_GetModState()))};
        case SDL_MOUSEMOTION:
            return app::PointerMove{e.motion.x, e.motion.y, (e.motion.state & SDL_BUTTON_LMASK) != 0,
                                    mods_of(static_cast<Uint16>(SDL_GetModState()))};
        case SDL_MOUSEWHEEL: {
            int x = 0, y = 0;
            SDL_GetMouseState(&x, &y);
            return app::Wheel{x, y, static_cast<double>(e.wheel.x), static_cast<double>(e.wheel.y)};
        }
        case SDL_WINDOWEVENT:
            switch (e.window.event) {
                case SDL_WINDOWEVENT_EXPOSED: return app::Exposed{};
                case SDL_WINDOWEVENT_SIZE_CHANGED: case SDL_WINDOWEVENT_RESIZED: {
                    app::Resize r{e.window.data1, e.window.data2, e.window.data1, e.window.data2};
                    if (window) window->sizes(r.w, r.h, r.px_w, r.px_h);
                    return r;
                }
                case SDL_WINDOWEVENT_LEAVE: return app::PointerLeave{};
                case SDL_WINDOWEVENT_CLOSE: return app::Quit{};
                default: return std::nullopt;
            }
        default: return std::nullopt;
    }
}

}  // namespace sdl
