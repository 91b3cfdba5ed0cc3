// Test support for the tests of the presenter core (app_test, student_test, and voice_test's
// narration): a session at a fixed window size driven by the core's own events (app/events.hpp)
// and drawn into pixels of its own, its overlay's text painted with Cairo (app/cairo_text.hpp),
// and where a drawn thing sits in design space. SDL-free: what links this links the core alone
// (sdl_test drives SDL's events). Their decks (support::cat_scene, titled_deck) are in decks.hpp.
#pragma once

#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "app/cairo_text.hpp"
#include "app/events.hpp"
#include "app/pixels.hpp"
#include "app/session.hpp"
#include "draw/draw.hpp"
#include "support/decks.hpp"
#include "support/fonts.hpp"
#include "scene/scene.hpp"
#include "timeline/timeline.hpp"

namespace support {

// A session in a w×h window (points = pixels) on a clock the test sets (`t`), with pixels of the
// window's size to render into; the overlay's text measured and painted by `text` (Cairo's,
// unless the options bring a painter of their own).
struct SessionFixture {
    const int w, h;
    double t = 0.0;
    std::shared_ptr<app::TextPainter> text = std::make_shared<app::CairoText>(fonts());
    std::unique_ptr<app::Session> session;
    app::Image image;
    app::Pixels surf;  // the window's pixels: image's
    SessionFixture(int width, int height, const app::SessionOptions& o, std::shared_ptr<const scene::Deck> deck)
        : w(width), h(height), image(width, height), surf(image.pixels()) {
        app::SessionOptions with_fonts = o;
        if (!with_fonts.draw.fonts) with_fonts.draw.fonts = fonts();
        if (auto painter = std::dynamic_pointer_cast<app::TextPainter>(with_fonts.text)) text = painter;
        with_fonts.text = text;
        session = std::make_unique<app::Session>(std::move(deck), [this] { return t; }, with_fonts);
        session->resize(w, h, w, h);
    }
    SessionFixture(const SessionFixture&) = delete;
    SessionFixture& operator=(const SessionFixture&) = delete;
    // Hands one event to the session, as a platform would.
    bool handle(const app::Event& e) { return session->handle(e); }
    void key(app::Key k, app::Mods mods = app::kNoMods) { handle(app::KeyDown{k, mods}); }
    // Typed characters, one key each (' ' is the space bar).
    void keys(const std::string& s) {
        for (char c : s) key(c == ' ' ? app::Key::Space : app::ch(c));
    }
    // Left-button and motion events at window points.
    void button(bool down, int x, int y, app::Mods mods = app::kNoMods) {
        if (down) handle(app::PointerDown{x, y, app::Button::Left, mods});
        else handle(app::PointerUp{x, y, app::Button::Left, mods});
    }
    void motion(int x, int y, bool held, app::Mods mods = app::kNoMods) { handle(app::PointerMove{x, y, held, mods}); }
    // Renders into `surf` and paints the overlay over it, as a window does: its pixels kept from
    // one frame to the next (app::Pixels::kept) once drawn.
    void render() {
        app::Pixels px = surf;
        px.kept = drawn;
        app::paint_overlay(px, session->render(px), text.get());
        drawn = true;
    }
    bool drawn = false;  // surf holds the frame render() drew last
    std::uint64_t frame_hash() {
        render();
        return app::pixel_hash(surf);
    }
    // Renders until the overview's page is complete (it fills in a few thumbnails a frame, the
    // window drawing again while needs_redraw()); one render when the overview is not open.
    void fill_overview() {
        render();
        for (int k = 0; k < 10000 && !session->overview_complete(); ++k) render();
    }
    // Lets the running animation finish.
    void settle() { t += 10.0; }
};

// The share of the pixels of `r` that differ between `a` and `b` (of one size).
inline double pixel_diff_ratio(const app::Pixels& a, const app::Pixels& b, app::PixelRect r) {
    long differ = 0, total = 0;
    for (int y = r.y; y < r.y + r.h; ++y)
        for (int x = r.x; x < r.x + r.w; ++x) {
            differ += a.row(y)[x] != b.row(y)[x];
            ++total;
        }
    return total ? static_cast<double>(differ) / total : 0.0;
}

// A copy of `p`'s pixels.
inline app::Image copy_of(const app::Pixels& p) {
    app::Image out(p.w, p.h);
    app::copy(p, out.pixels(), 0, 0);
    return out;
}

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
