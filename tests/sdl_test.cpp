// sdl: the SDL window backend (engine/sdl/) without a display (SDL_VIDEODRIVER=offscreen): SDL's
// events pushed through its own queue and translated into the presenter core's (keys, the keypad,
// modifiers, the mouse, the window's events), the overlay's text measured and painted as the window
// paints it (app::CairoText, the frames' text stack), and a window of the offscreen driver showing
// what the core drew.
#include <SDL.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <string>
#include <variant>

#include "app/overlay.hpp"
#include "app/pixels.hpp"
#include "app/session.hpp"
#include "sdl/events.hpp"
#include "app/cairo_text.hpp"
#include "sdl/window.hpp"
#include "support/sdl.hpp"
#include "support/session.hpp"

namespace {

constexpr int W = 960, H = 540;

std::shared_ptr<const scene::Deck> cat_deck() { return support::titled_deck(support::cat_scene()); }

}  // namespace

// ---- failure cases first ----

TEST_CASE("SDL events the core does not take are not translated", "[sdl]") {
    SDL_Event e{};
    e.type = SDL_WINDOWEVENT;
    e.window.event = SDL_WINDOWEVENT_MOVED;
    CHECK_FALSE(sdl::event_of(e));
    e.type = SDL_JOYAXISMOTION;
    CHECK_FALSE(sdl::event_of(e));
    // A key the table cannot name is still a key press (it takes a narration over).
    e = {};
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = SDLK_LSHIFT;
    const auto k = sdl::event_of(e);
    REQUIRE(k);
    REQUIRE(std::holds_alternative<app::KeyDown>(*k));
    CHECK(std::get<app::KeyDown>(*k).key == app::Key::None);
}

// ---- events ----

TEST_CASE("SDL's key codes are attnlab's keys; its modifiers are attnlab's", "[sdl]") {
    CHECK(sdl::key_of(SDLK_RIGHT) == app::Key::Right);
    CHECK(sdl::key_of(SDLK_RETURN) == app::Key::Enter);
    CHECK(sdl::key_of(SDLK_KP_ENTER) == app::Key::Enter);
    CHECK(sdl::key_of(SDLK_SPACE) == app::Key::Space);
    CHECK(sdl::key_of(SDLK_F11) == app::Key::F11);
    CHECK(sdl::key_of(SDLK_q) == app::ch('q'));
    CHECK(sdl::key_of(SDLK_SLASH) == app::ch('/'));
    CHECK(sdl::key_of(SDLK_RIGHTBRACKET) == app::ch(']'));
    for (int d = 0; d <= 9; ++d) CHECK(sdl::key_of(SDLK_0 + d) == app::ch(static_cast<char>('0' + d)));
    CHECK(sdl::key_of(SDLK_KP_0) == app::ch('0'));
    CHECK(sdl::key_of(SDLK_KP_7) == app::ch('7'));
    CHECK(sdl::mods_of(KMOD_LSHIFT) == app::kShift);
    CHECK(sdl::mods_of(KMOD_RCTRL | KMOD_LSHIFT) == (app::kCtrl | app::kShift));
    CHECK(sdl::mods_of(KMOD_LALT) == app::kAlt);
    CHECK(sdl::mods_of(KMOD_NUM) == app::kNoMods);
}

TEST_CASE("The keypad types what the main keys type", "[sdl]") {
    support::SdlSessionFixture f(W, H, {}, cat_deck());
    f.sdl_key(SDLK_KP_4);
    CHECK(f.session->mode() == app::Mode::GotoStep);
    f.sdl_key(SDLK_KP_ENTER);
    CHECK(f.session->state().span == 3);
    f.settle();
    f.sdl_key(SDLK_KP_ENTER);
    CHECK(f.session->state().span == 4);
    const double t0 = f.session->view().controls.temperature;
    f.sdl_key(SDLK_KP_PLUS);
    CHECK(f.session->view().controls.temperature > t0);
    f.sdl_key(SDLK_KP_MINUS);
    CHECK(f.session->view().controls.temperature == Approx(t0));
}

TEST_CASE("SDL's mouse and window events reach the session through SDL's queue", "[sdl]") {
    support::SdlSessionFixture f(W, H, {}, cat_deck());
    f.session->command(timeline::cmd::Goto{1});
    f.settle();
    auto cat = support::find_hit(f.session->view(), draw::Hit::Kind::Token, 1);
    REQUIRE(cat);
    const core::Point px = draw::transform_for(W, H).to_pixels(*cat);
    const int x = static_cast<int>(px.x), y = static_cast<int>(px.y);
    // Hover, then a click: the word asks.
    f.sdl_motion(x, y, false);
    CHECK(f.session->state().hover == 1);
    f.sdl_button(true, x, y, SDL_BUTTON_RIGHT);  // only the left button clicks
    CHECK(f.session->view().controls.focus != 1);
    f.sdl_button(true, x, y);
    f.sdl_button(false, x, y);
    CHECK(f.session->view().controls.focus == 1);
    // The pointer leaving the window drops the hover.
    SDL_Event leave{};
    leave.type = SDL_WINDOWEVENT;
    leave.window.event = SDL_WINDOWEVENT_LEAVE;
    f.push(leave);
    CHECK(f.session->state().hover == -1);
    // A resize: the frame's place follows (clicks map through it).
    SDL_Event size{};
    size.type = SDL_WINDOWEVENT;
    size.window.event = SDL_WINDOWEVENT_SIZE_CHANGED;
    size.window.data1 = 640;
    size.window.data2 = 360;
    f.push(size);
    CHECK(f.session->frame_rect() == app::PixelRect{0, 0, 640, 360});
    // Closing the window quits.
    SDL_Event quit{};
    quit.type = SDL_QUIT;
    f.push(quit);
    CHECK(f.session->quit_requested());
}

TEST_CASE("A pointer event carries the modifiers SDL holds as it is translated", "[sdl]") {
    SDL_Event e{};
    e.type = SDL_MOUSEBUTTONDOWN;
    e.button.button = SDL_BUTTON_LEFT;
    support::sdl();
    SDL_SetModState(KMOD_LSHIFT);
    const auto shifted = sdl::event_of(e);
    SDL_SetModState(KMOD_NONE);
    const auto plain = sdl::event_of(e);
    REQUIRE(shifted);
    REQUIRE(plain);
    CHECK(std::get<app::PointerDown>(*shifted).mods == app::kShift);
    CHECK(std::get<app::PointerDown>(*plain).mods == app::kNoMods);
}

// ---- the overlay's text ----

TEST_CASE("The window's text painter paints each run where its measure says, in its colour", "[sdl]") {
    const auto text = std::make_shared<app::CairoText>(support::fonts());
    const app::TextSize one = text->measure("attnlab keys", 20, app::Face::Bold);
    CHECK(one.w > 60);
    CHECK(one.h >= 20);
    CHECK(text->line_size("attnlab keys", 20, app::Face::Bold).w == Approx(one.w).margin(2));
    const app::TextSize wrapped = text->measure("one two three four five six seven eight", 20, app::Face::Regular, 120);
    CHECK(wrapped.w <= 120);
    CHECK(wrapped.h >= 2 * one.h);
    // On black, right-aligned at x = 300: ink only within [300 − w, 300) × [40, 40 + h).
    app::Image img(400, 100);
    app::fill(img.pixels(), {0, 0, 400, 100}, app::opaque(0, 0, 0));
    app::Overlay list;
    app::OverlayWriter o(list, text.get());
    o.text("attnlab keys", 300, 40, 20, app::Rgba{255, 0, 0, 255}, app::Face::Bold, 2);
    o.flush();
    app::paint_overlay(img.pixels(), list, text.get());
    int inked = 0, outside = 0;
    for (int y = 0; y < 100; ++y)
        for (int x = 0; x < 400; ++x) {
            const std::uint32_t p = img.pixels().row(y)[x];
            if ((p & 0xFFFFFF) == 0) continue;
            ++inked;
            CHECK((p & 0x00FFFF) == 0);  // red only
            outside += !(x >= 300 - one.w && x < 300 && y >= 40 && y < 40 + one.h);
        }
    CHECK(inked > 100);
    CHECK(outside == 0);
}

// ---- the window ----

TEST_CASE("The window shows the pixels the core drew, and the overlay over them", "[sdl]") {
    support::sdl();
    sdl::Video video;
    INFO(video.problem());
    REQUIRE(video.ok());
    sdl::RenderTarget win;
    std::string err;
    REQUIRE(win.open("attnlab sdl_test", 0, W, H, false, err));
    int ww = 0, wh = 0, pw = 0, ph = 0;
    win.sizes(ww, wh, pw, ph);
    REQUIRE(pw > 0);
    const auto text = std::make_shared<app::CairoText>(support::fonts());
    app::SessionOptions o;
    o.draw.fonts = support::fonts();
    o.text = text;
    double t = 100;
    app::Session session(cat_deck(), [&] { return t; }, o);
    session.resize(ww, wh, pw, ph);
    app::Image shown(pw, ph), frame(pw, ph);
    REQUIRE(win.draw(
        [&](const app::Pixels& px) {
            app::paint_overlay(px, session.render(px), text.get());
            app::copy(px, shown.pixels(), 0, 0);  // what the window presents
        },
        err));
    app::render_frame(frame.pixels(), session.deck(), session.layout(), session.state(), t, o.draw);
    // The frame as an export draws it, with the overlay's chips over the band below the panels.
    const int band = static_cast<int>(draw::transform_for(pw, ph).to_pixels({0, draw::kDesignHeight - draw::kOperatorBand}).y);
    long above = 0, below = 0;
    for (int y = 0; y < ph; ++y)
        for (int x = 0; x < pw; ++x)
            if (shown.pixels().row(y)[x] != frame.pixels().row(y)[x]) ++(y < band ? above : below);
    CHECK(above == 0);
    CHECK(below > 500);
    CHECK_FALSE(session.overlay().texts().empty());
}
