// sdl/events: SDL's events as the presenter core's (app/events.hpp) — a key code as attnlab's
// own Key (the keypad types what the main keys type) with its modifiers, the mouse in window
// points with the modifiers held now, the window's size, exposure, the pointer leaving, quitting.
// The SDL window's loop (present.cpp) hands every translated event to app::Session::handle.
#pragma once

#include <SDL.h>

#include <optional>

#include "app/events.hpp"

namespace sdl {

class RenderTarget;

// SDL's key code as attnlab's Key (Key::None for a key the table cannot name).
app::Key key_of(SDL_Keycode sym);
// SDL's modifier bits as attnlab's.
app::Mods mods_of(Uint16 mod);
// The core's event for an SDL event, or nothing for one the core does not take. The size of a
// resized window is asked of `window` (points and pixels differ on HiDPI screens); without one
// the event's own size counts as both. A pointer event carries the modifiers held as it is
// translated (SDL_GetModState).
std::optional<app::Event> event_of(const SDL_Event& e, const RenderTarget* window = nullptr);

}  // namespace sdl
