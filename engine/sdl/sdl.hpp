// sdl: the SDL2 window, one backend of the presenter core (app/). It owns the OS loop and the
// clock: SDL events in as the core's events (events.hpp), the core's pixels out through a
// streaming texture or the window's framebuffer (window.hpp), the overlay's text painted through
// the frames' own text stack (app::CairoText), the sound of --narrate and the microphone of
// --record (audio.hpp), and fullscreen by hand through Xlib. The only module that knows SDL2 or Xlib.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <ostream>
#include <string>

#include "app/session.hpp"
#include "scene/scene.hpp"

namespace sdl {

// What the window shows and how: a deck already loaded, the session's options and the window's
// place, as the present command (cli/present.cpp) translates its options. The window reads no
// argument itself.
struct Settings {
    std::shared_ptr<const scene::Deck> deck;
    std::string file;               // the deck's file: watched for hot reload; the student's place is kept for it
    std::string root;               // the folder its files must be inside ("": the loader's default), kept by hot reload
    app::SessionOptions session;    // the frames' fonts and theme, student mode, …; its `text` is the window's own
    std::chrono::steady_clock::time_point start;  // the session clock's 0
    std::uint64_t seed = 0;         // the quiz's draws, the session's first command (so a recording carries it)
    int start_at = 0;               // the step to open at, 1-based (student mode: over the remembered place); 0: none
    std::ostream* record = nullptr; // every command as timestamped lines (null: none)
    std::string microphone;         // a WAV file the microphone is recorded into on the session's clock ("": none)
    bool narrate = false;           // each step's voice clip played, the next step following when it ends
    bool presenter = false;         // open the presenter window once the slides are up
    double talk_time = 0;           // the presenter timer's talk length, in seconds; 0: none
    int screen = -1;                // the display to put the slides on, fullscreen; -1: the first, as asked
    bool fullscreen = false;
    int width = 1280, height = 720;
    std::string no_window;          // said beneath the error when there is no display a window can be seen on
};

// Opens the window(s) and runs the session until it quits. Returns the process exit code.
int run(Settings settings);

// The window's heap policy, set before anything large is allocated (the fonts are read before
// run is called): a window that runs for hours must not grow. Its large blocks (font
// files, frame-sized pixel buffers, the overview's thumbnails, a trace's matrices) are mapped
// and unmapped each on its own rather than carved from the heap, whatever size glibc's adaptive
// threshold would have reached; run hands what the heap holds free back now and then.
// Set later (after the fonts), the heap already holds blocks the adaptive threshold let in, and
// a 30-minute soak rose by 1.8 MB at the first overview and kept rising (bench/soak).
void bound_the_heap();

}  // namespace sdl
