// sdl: the SDL2 window, one backend of the presenter core (app/). It owns the OS loop and the
// clock: SDL events in as the core's events (events.hpp), the core's pixels out through a
// streaming texture or the window's framebuffer (window.hpp), the overlay's text painted through
// the frames' own text stack (app::CairoText), the sound of --narrate and the microphone of
// --record (audio.hpp), and fullscreen by hand through Xlib. The only module that knows SDL2 or Xlib.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "draw/fonts.hpp"

namespace sdl {

// `attnlab [present] [FILE] [options]`, drawing the frames and the overlay with `fonts` (loaded
// by the caller). Returns the process exit code.
int present_command(const std::vector<std::string>& args, std::shared_ptr<const draw::Fonts> fonts);

}  // namespace sdl
