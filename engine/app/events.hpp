// app/events: what a platform tells the presenter core, in plain types — a key pressed or let go
// (attnlab's own Key and modifiers, bindings.hpp), the pointer pressed, let go or moved (in window
// points, with the modifiers held), the wheel, the window resized (points and pixels), uncovered,
// left by the pointer or closed. A backend translates its own events into these (the SDL window:
// sdl/events.cpp; a browser: its DOM events) and hands them to Session::handle. Knows no platform.
#pragma once

#include <variant>

#include "app/bindings.hpp"

namespace app {

// A key went down. Every key press counts, even one the table does not know (Key::None): the
// first press of any key takes a narration over.
struct KeyDown {
    Key key = Key::None;
    Mods mods = kNoMods;  // the modifiers held with it
};
// A key went up. No binding acts on a release; a backend may send it or not.
struct KeyUp {
    Key key = Key::None;
    Mods mods = kNoMods;
};

enum class Button { Left, Middle, Right, Other };

// Pointer positions are window points, whole, from the window's top left: the point the pointer
// is in (the core takes its middle). A window's points may be fewer than its pixels (HiDPI): see
// Resize.
struct PointerDown {
    int x = 0, y = 0;
    Button button = Button::Left;
    Mods mods = kNoMods;  // held at the press: Shift or Alt lets a slider drag move freely
};
struct PointerUp {
    int x = 0, y = 0;
    Button button = Button::Left;
    Mods mods = kNoMods;
};
struct PointerMove {
    int x = 0, y = 0;
    bool left_held = false;  // the left button is down (a drag); false also when it went up outside the window
    Mods mods = kNoMods;     // Shift or Alt held: a drag moves freely, off the grid and the detents
};
// The pointer left the window: nothing is hovered any more.
struct PointerLeave {};
// The wheel turned by (dx, dy) notches over the point (x, y). Nothing is bound to it yet.
struct Wheel {
    int x = 0, y = 0;
    double dx = 0.0, dy = 0.0;
};
// The window's size now: in points (what pointer positions are in) and in pixels (what is drawn).
struct Resize {
    int w = 0, h = 0;
    int px_w = 0, px_h = 0;
};
// The window was uncovered (or the platform lost its picture): draw again.
struct Exposed {};
// The window was closed, or the platform asked the program to end.
struct Quit {};

using Event = std::variant<KeyDown, KeyUp, PointerDown, PointerUp, PointerMove, PointerLeave, Wheel, Resize, Exposed, Quit>;

}  // namespace app
