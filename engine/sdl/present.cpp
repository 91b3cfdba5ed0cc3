// sdl/present: `attnlab [present] [FILE] [options]`: the SDL backend's loop around the
// presenter core's Session. Opens the window(s), picks a renderer that does not route through
// software GL, owns the clock, hands SDL's events to the session as its own (events.hpp), polls
// the deck files for hot reload, paces frames (draws only when something changed or moves), and
// paints what the session lays out: the frame into the window's pixels, the overlay over it.
#include <SDL.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
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
#include "options/options.hpp"
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

// What the option table cannot know of present: the words of its help that differ from export's.
options::Context present_context() {
    options::Context ctx;
    ctx.words = {{"default size", "1280x720"}, {"seed", "\n(default: from the clock; --record keeps it)"}};
    return ctx;
}

// `attnlab present --help`: its option lines from the option table.
std::string present_usage() {
    return "usage: attnlab [present] [FILE] [options]\n"
           "  FILE                  a deck or a scene (default: slides/lecture.yaml, looked up in the\n"
           "                        current directory, then in the source tree beside the executable)\n"
           "options:\n" +
           options::help(options::kPresent, present_context()) +
           "environment:\n"
           "  ATTNLAB_RENDERER=software|accelerated   override the renderer choice\n"
           "Keys: press ? or F1 in the window.\n";
}

int fail(const std::string& what) {
    std::cerr << "attnlab: error: " << core::printable(what) << "\n";
    return 2;
}

// The lecture: slides/lecture.yaml in the current folder, else in the checkout the executable
// was built in (its root, which holds ../scenes/, set in `root` when not given).
std::string default_deck(std::string& root) {
    const std::string rel = "slides/lecture.yaml";
    std::error_code ec;
    if (std::filesystem::exists(rel, ec)) return rel;
    auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        for (auto dir = exe.parent_path(); !dir.empty(); dir = dir.parent_path()) {
            auto p = dir / rel;
            if (std::filesystem::exists(p, ec)) {
                if (root.empty()) root = dir.string();
                return p.string();
            }
            if (dir == dir.parent_path()) break;
            if (dir.parent_path() == exe.parent_path().parent_path().parent_path()) break;  // two levels up at most
        }
    }
    return rel;
}

struct Options {
    std::string file;
    std::string root;  // --root DIR ("": the loader's default)
    bool presenter = false;
    double talk_time = 0;
    int screen = -1;
    bool fullscreen = false;
    int width = 1280, height = 720;
    int start_at = 0;
    bool exit_after_last = false;
    std::string record;
    bool no_audio = false;
    bool narrate = false;
    bool dark = false;
    bool fps = false;
    bool student = false;
    std::optional<std::uint64_t> seed;
};

// Reads present's arguments (the option table's rows for present) into `o`; `help` set for -h.
// False with `error` set.
bool parse_options(const std::vector<std::string>& args, Options& o, bool& help, std::string& error) {
    options::Values v;
    if (!options::parse(options::kPresent, args, present_context(), v, error)) return false;
    help = v.help;
    o.file = v.file;
    o.root = v.root;
    o.presenter = v.presenter;
    o.talk_time = v.talk_time;
    o.screen = v.screen.value_or(-1);
    o.fullscreen = v.fullscreen;
    if (v.size) o.width = v.size->first, o.height = v.size->second;
    o.start_at = v.start_at;
    o.exit_after_last = v.exit_after_last;
    o.record = v.record;
    o.no_audio = v.no_audio;
    o.narrate = v.narrate;
    o.dark = v.theme == options::Theme::Dark;
    o.fps = v.show_fps;
    o.student = v.student;
    o.seed = v.seed;
    return true;
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

// A seed from the clock when none is given: the wall time's nanoseconds, mixed (splitmix64's
// finaliser) so that two starts a moment apart draw very different quizzes.
std::uint64_t clock_seed() {
    std::uint64_t z = static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count()) + 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
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

int present_command(const std::vector<std::string>& args, std::shared_ptr<const draw::Fonts> fonts) {
    const auto t_start = std::chrono::steady_clock::now();
    Options o;
    bool help = false;
    std::string error;
    if (!parse_options(args, o, help, error)) return fail(error);
    if (help) {
        std::cout << present_usage();
        return 0;
    }
    if (o.file.empty()) o.file = default_deck(o.root);

    load::Result loaded = load::load_file(o.file, load::Options{o.root, {}});
    if (!loaded.ok()) {
        for (const auto& d : loaded.errors) std::cerr << d.format() << "\n";
        return 2;
    }
    auto deck = std::make_shared<const scene::Deck>(std::move(loaded.deck));
    if (const std::size_t steps = timeline::layout(*deck).spans.size(); o.start_at > 0 && static_cast<std::size_t>(o.start_at) > steps)
        return fail("--start-at " + std::to_string(o.start_at) + ": " + o.file + " has " + std::to_string(steps) +
                    (steps == 1 ? " step" : " steps"));

    std::ofstream record;
    if (!o.record.empty()) {
        record.open(o.record, std::ios::out | std::ios::trunc);
        if (!record) return fail("cannot write " + o.record + ": " + std::strerror(errno));
    }

    // A window nobody can see is worse than none: refuse SDL's silent offscreen/dummy fallback
    // unless the user asked for it by name.
    Video video;
    if (!video.ok()) {
        fail(video.problem());
        std::cerr << "  to make a video instead: attnlab export " << core::printable(o.file)
                  << (o.root.empty() ? "" : " --root " + core::printable(o.root)) << " -o out.mp4\n";
        return 2;
    }

    SessionOptions so;
    so.exit_after_last = o.exit_after_last;
    so.show_fps = o.fps;
    so.student = o.student;
    so.draw.theme = o.dark ? draw::ThemeKind::Dark : draw::ThemeKind::Light;
    so.draw.fonts = std::move(fonts);
    // The overlay's text: the frames' own text stack (shaping, bidi, the fallback faces), so the
    // help, the messages and the quiz's keys draw every script a slide does.
    const std::shared_ptr<app::CairoText> text = std::make_shared<app::CairoText>(so.draw.fonts);
    so.text = text;
    auto clock = [t_start] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t_start).count(); };
    Session session(deck, clock, so);
    if (record.is_open()) session.record_to(&record);
    // The microphone, on the session's clock, beside the commands (export --replay muxes it).
    std::unique_ptr<Microphone> mic;
    if (record.is_open() && !o.no_audio) {
        std::string problem;
        mic = std::make_unique<Microphone>(o.record + ".wav", clock, problem);
        if (!mic->recording())
            std::cerr << "attnlab: warning: " << core::printable(problem)
                      << "; recording the commands without sound (--no-audio says you meant that)\n";
    }
    // Always sent, so a recording carries the seed and its replay draws the same quiz.
    session.command(timeline::cmd::Seed{o.seed ? *o.seed : clock_seed()});
    if (o.student) session.open_student(o.file, o.start_at > 0 ? std::optional<int>(o.start_at - 1) : std::nullopt);
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
        if (o.student) keep_place();
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
    if (o.student) keep_place();
    return 0;
}

}  // namespace sdl
