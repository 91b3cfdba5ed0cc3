// sdl/loop: the SDL backend's loop around the presenter core's Session (sdl::run, what `attnlab
// present` runs once cli/present.cpp has read its options and loaded the deck). Opens the
// window(s), picks a renderer that does not route through software GL, owns the clock, hands
// SDL's events to the session as its own (events.hpp), polls the deck files for hot reload, paces
// frames (draws only when something changed or moves), and paints what the session lays out: the
// frame into the window's pixels, the overlay over it.
#include <SDL.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/cairo_text.hpp"
#include "app/narrator.hpp"
#include "app/session.hpp"
#include "app/watch.hpp"
#include "app/windows.hpp"
#include "load/load.hpp"
#include "sdl/audio.hpp"
#include "sdl/events.hpp"
#include "sdl/sdl.hpp"
#include "sdl/window.hpp"

namespace sdl {

using app::Narrator;
using app::Session;
using app::SessionOptions;
using app::Watcher;

namespace {

int fail(const std::string& what) {
    std::cerr << "attnlab: error: " << core::printable(what) << "\n";
    return 2;
}

// The wall time as the presenter window shows it, "14:05".
std::string wall_clock() {
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    if (!localtime_r(&now, &local)) return "";
    char buf[16];
    std::strftime(buf, sizeof buf, "%H:%M", &local);
    return buf;
}

// What the heap holds free, handed back (bound_the_heap, sdl.hpp): resident memory is what is in
// use, not the high-water mark of every state visited (the fullscreen, the overview, the
// presenter window).
void release_free_memory() {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

}  // namespace

void bound_the_heap() {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 1 << 20);
    mallopt(M_TRIM_THRESHOLD, 4 << 20);
#endif
}

int run(Settings o) {
    // A window nobody can see is worse than none: refuse SDL's silent offscreen/dummy fallback
    // unless the user asked for it by name.
    Video video;
    if (!video.ok()) {
        fail(video.problem());
        std::cerr << o.no_window;
        return 2;
    }

    const std::shared_ptr<const scene::Deck> deck = o.deck;
    SessionOptions so = std::move(o.session);
    // The overlay's text: the frames' own text stack (shaping, bidi, the fallback faces), so the
    // help, the messages and the quiz's keys draw every script a slide does.
    const std::shared_ptr<app::CairoText> text = std::make_shared<app::CairoText>(so.draw.fonts);
    so.text = text;
    auto clock = [t_start = o.start] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t_start).count(); };
    Session session(deck, clock, so);
    if (o.record) session.record_to(o.record);
    // The microphone, on the session's clock, beside the commands (export --replay muxes it).
    std::unique_ptr<Microphone> mic;
    if (!o.microphone.empty()) {
        std::string problem;
        mic = std::make_unique<Microphone>(o.microphone, clock, problem);
        if (!mic->recording())
            std::cerr << "attnlab: warning: " << core::printable(problem)
                      << "; recording the commands without sound (--no-audio says you meant that)\n";
    }
    // Always sent, so a recording carries the seed and its replay draws the same quiz.
    session.command(timeline::cmd::Seed{o.seed});
    if (so.student) session.open_student(o.file, o.start_at > 0 ? std::optional<int>(o.start_at - 1) : std::nullopt);
    else if (o.start_at > 0) session.command(timeline::cmd::Goto{o.start_at - 1});
    // --narrate: the clips decoded once, the steps advanced as they end.
    std::unique_ptr<Narrator> narrator;
    if (o.narrate) {
        std::string problem;
        narrator = std::make_unique<Narrator>(session, std::make_unique<DeviceSpeaker>(problem), problem);
        if (!problem.empty()) std::cerr << "attnlab: warning: " << core::printable(problem) << "; narrating without it\n";
    }
    bool place_warned = false;
    bool boxes_warned = false;
    auto keep_place = [&] {
        std::string perr;
        if (!session.save_place(perr) && !place_warned) {
            std::cerr << "attnlab: warning: cannot remember the place: " << core::printable(perr) << "\n";
            place_warned = true;
        }
    };

    std::string err;
    const int displays = SDL_GetNumVideoDisplays();
    const int screen = o.screen >= 0 && o.screen < displays ? o.screen : 0;
    if (o.screen >= displays) std::cerr << "attnlab: warning: display " << o.screen << " not found; using 0\n";
    RenderTarget main;
    if (!main.open(deck->title.empty() ? "attnlab" : "attnlab — " + deck->title, screen, o.width, o.height,
                   o.fullscreen || o.screen >= 0, err))
        return fail(err);
    session.set_fullscreen(main.fullscreen());
    std::unique_ptr<RenderTarget> presenter;
    auto open_presenter = [&] {
        presenter = std::make_unique<RenderTarget>();
        const int pscreen = displays > 1 ? (screen == 0 ? 1 : 0) : screen;
        // At a place of its own beside the audience window, within its display: no window
        // manager may be there to place it, and a window opened under another stays unseen.
        SDL_Rect b{0, 0, app::kPresenterWidth, app::kPresenterHeight};
        if (SDL_GetDisplayUsableBounds(pscreen, &b) != 0) SDL_GetDisplayBounds(pscreen, &b);
        app::PixelRect audience;
        SDL_GetWindowPosition(main.window(), &audience.x, &audience.y);
        SDL_GetWindowSize(main.window(), &audience.w, &audience.h);
        const app::PixelRect at =
            app::presenter_window({b.x, b.y, b.w, b.h}, audience, app::kPresenterWidth, app::kPresenterHeight);
        if (!presenter->open("attnlab — presenter", pscreen, at.w, at.h, false, err, &at)) {
            std::cerr << "attnlab: warning: " << core::printable(err) << "\n";
            presenter.reset();
            return;
        }
        // The slides stay in front where the two do not meet; where they must (one display, the
        // slides filling it), the presenter window asked for is the one in front.
        SDL_RaiseWindow(app::overlap(at, audience) ? presenter->window() : main.window());
    };

    Watcher watcher;
    watcher.watch(o.file, *deck);
    app::Reloader reloader(o.file, [root = o.root](const std::string& path) {
        return load::load_file(path, load::Options{root, {}});  // inside the root the deck was opened with
    });
    double next_poll = 0.25;
    double last_motion = clock();
    bool cursor_shown = true;
    double presenter_drawn_at = -10;

    auto sync_size = [&] {
        int ww, wh, pw, ph;
        main.sizes(ww, wh, pw, ph);
        session.resize(ww, wh, pw, ph);
    };
    sync_size();

    bool first = true;
    double main_presented = -1;
    double released_at = 0;
    while (!session.quit_requested()) {
        const double now = clock();
        const bool animating = !session.dirty() && session.needs_redraw();
        // Input wakes us at once; an animation runs at ~60 Hz; a still slide sleeps.
        double wait = session.dirty() ? 0.0 : animating ? std::max(0.0, main_presented + 1.0 / 60 - now) : 0.25;
        wait = std::min(wait, std::max(0.0, next_poll - now));
        if (presenter) wait = std::min(wait, std::max(0.0, presenter_drawn_at + 1.0 - now));
        if (narrator) wait = std::min(wait, std::max(0.0, narrator->next_due() - now));
        SDL_Event e;
        bool got = SDL_WaitEventTimeout(&e, static_cast<int>(wait * 1000)) != 0;
        while (got) {
            bool for_presenter = presenter && ((e.type == SDL_WINDOWEVENT && e.window.windowID == presenter->id()) ||
                                               (e.type == SDL_MOUSEMOTION && e.motion.windowID == presenter->id()) ||
                                               ((e.type == SDL_MOUSEBUTTONDOWN || e.type == SDL_MOUSEBUTTONUP) &&
                                                e.button.windowID == presenter->id()));
            if (e.type == SDL_WINDOWEVENT && e.window.event == SDL_WINDOWEVENT_CLOSE) {
                if (for_presenter) presenter.reset();
                else session.handle(app::Quit{});
            } else if (for_presenter) {
                if (e.type == SDL_WINDOWEVENT) presenter_drawn_at = -10;
            } else {
                if (e.type == SDL_MOUSEMOTION || e.type == SDL_MOUSEBUTTONDOWN) {
                    last_motion = clock();
                    if (!cursor_shown && !session.laser_mode()) {
                        SDL_ShowCursor(SDL_ENABLE);
                        cursor_shown = true;
                    }
                }
                if (e.type == SDL_WINDOWEVENT) main.invalidate();  // (exposed, resized, moved: presented whole)
                if (const std::optional<app::Event> ev = event_of(e, &main)) session.handle(*ev);  // (a resize: main's sizes)
            }
            got = SDL_PollEvent(&e) != 0;
        }
        if (narrator) narrator->update();
        if (so.student) keep_place();
        if (session.fullscreen_toggle_requested()) {
            main.set_fullscreen(!main.fullscreen());
            session.set_fullscreen(main.fullscreen());
            sync_size();
        }
        if (session.presenter_toggle_requested()) {
            if (presenter) presenter.reset();
            else open_presenter();
        }
        const double t = clock();
        if (t >= next_poll) {
            next_poll = t + 0.25;
            if (watcher.changed()) reloader.request();  // loaded off this thread: the window goes on
        }
        if (reloader.poll(session, &watcher) == app::Reloader::Polled::Failed)
            std::cerr << session.error() << "\n";  // every diagnostic (each made printable); the window shows the first
        // The cursor hides when the mouse rests (and always in laser mode: the dot is the pointer).
        const bool hide = session.laser_mode() || t - last_motion > 2.0;
        if (hide == cursor_shown) {
            SDL_ShowCursor(hide ? SDL_DISABLE : SDL_ENABLE);
            cursor_shown = !hide;
        }
        const bool main_needs = session.needs_redraw();
        if (main_needs) {
            if (!main.draw([&](const app::Pixels& px) { app::paint_overlay(px, session.render(px), text.get()); }, err,
                           [&]() -> const app::Damage& { return session.damage(); }))
                return fail(err);
            main_presented = clock();
            if (main_presented - released_at >= 10.0) {  // after a present, while the next waits
                release_free_memory();
                released_at = main_presented;
            }
            if (first) {
                first = false;
                if (std::getenv("ATTNLAB_TIMING"))
                    std::cerr << "attnlab: first frame after " << clock() * 1000 << " ms\n";
                if (o.presenter) open_presenter();  // after the slides are up: they come first
            }
        }
        if (presenter && (main_needs || t - presenter_drawn_at >= 1.0)) {
            presenter_drawn_at = t;
            presenter->draw(
                [&](const app::Pixels& px) { app::paint_overlay(px, session.render_presenter(px, o.talk_time, wall_clock()), text.get()); },
                err);
        }
        // Characters no face has, drawn by the overlay as empty boxes: said once, as `check` says it.
        if (text->missing_glyphs() > 0 && !boxes_warned) {
            std::cerr << "attnlab: warning: the overlay drew " << text->missing_glyphs()
                      << " character(s) no font attnlab draws with has, as empty boxes (attnlab check FILE names them)\n";
            boxes_warned = true;
        }
    }
    if (so.student) keep_place();
    return 0;
}

}  // namespace sdl
