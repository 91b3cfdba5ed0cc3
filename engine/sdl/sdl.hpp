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

// The window's heap policy, set before anything large is allocated (the fonts are read before
// present_command runs): a window that runs for hours must not grow. Its large blocks (font
// files, frame-sized pixel buffers, the overview's thumbnails, a trace's matrices) are mapped
// and unmapped each on its own rather than carved from the heap, whatever size glibc's adaptive
// threshold would have reached; present_command hands what the heap holds free back now and then.
// Set later (after the fonts), the heap already holds blocks the adaptive threshold let in, and
// a 30-minute soak rose by 1.8 MB at the first overview and kept rising (bench/soak).
void bound_the_heap();

}  // namespace sdl
