// sdl/present: `attnlab [present] [FILE] [options]`: the SDL backend's loop around the
// presenter core's Session. Opens the window(s), picks a renderer that does not route through
// software GL, owns the clock, hands SDL's events to the session as its own (events.hpp), polls
// the deck files for hot reload, paces frames (draws only when something changed or moves), and
// paints what the session lays out: the frame into the window's pixels, the overlay over it.
#include <SDL.h>

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

constexpr const char* kPresentUsage = R"(usage: attnlab [present] [FILE] [options]
  FILE                 a deck or a scene (default: slides/lecture.yaml, looked up in the
                       current directory, then in the source tree beside the executable)
options:
  --presenter          open the presenter window (notes, next step, timer); S toggles it
  --talk-time MM:SS    talk length for the presenter timer (also H:MM:SS or minutes)
  --screen N           put the slides on display N (0-based), fullscreen
  --fullscreen         start fullscreen
  --size WxH           window size (default 1280x720)
  --student            self-paced study: drawn controls (back, next, replay, pause, a
                       scrubber, speed, overview, Try this, Check yourself) and the place
                       where you stopped remembered in $XDG_STATE_HOME/attnlab/places
  --start-at STEP      open at step STEP (1-based, as the counter shows it); overrides
                       the remembered place
  --seed N             seed for the quiz draws (default: from the clock; --record keeps it)
  --exit-after-last    quit on Next after the last step has finished
  --narrate            a self-running kiosk: each step's (or title or text slide's) voice
                       clip plays, and the next step follows when it ends; a step without
                       one holds for its planned time. The first key or click takes over
                       (the sound stops; that press does nothing else)
  --record FILE        write every command as timestamped lines (for export --replay),
                       and the microphone into FILE.wav on the same clock
  --no-audio           with --record: do not record the microphone
  --theme light|dark   frame theme
  --fps                show frames per second (F12 toggles)
environment:
  ATTNLAB_RENDERER=software|accelerated   override the renderer choice
Keys: press ? or F1 in the window.
)";

int fail(const std::string& what) {
    std::cerr << "attnlab: error: " << core::printable(what) << "\n";
    return 2;
}

std::string default_deck() {
    const std::string rel = "slides/lecture.yaml";
    std::error_code ec;
    if (std::filesystem::exists(rel, ec)) return rel;
    auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        for (auto dir = exe.parent_path(); !dir.empty(); dir = dir.parent_path()) {
            auto p = dir / rel;
            if (std::filesystem::exists(p, ec)) return p.string();
            if (dir == dir.parent_path()) break;
            if (dir.parent_path() == exe.parent_path().parent_path().parent_path()) break;  // two levels up at most
        }
    }
    return rel;
}

bool parse_talk_time(const std::string& s, double& seconds) {
    double parts[3] = {0, 0, 0};
    int n = 0;
    std::size_t i = 0;
    while (i <= s.size() && n < 3) {
        std::size_t j = s.find(':', i);
        std::string p = s.substr(i, j == std::string::npos ? std::string::npos : j - i);
        if (p.empty() || p.find_first_not_of("0123456789.") != std::string::npos) return false;
        parts[n++] = std::atof(p.c_str());
        if (j == std::string::npos) break;
        i = j + 1;
    }
    if (n == 1) seconds = parts[0] * 60;
    else if (n == 2) seconds = parts[0] * 60 + parts[1];
    else seconds = parts[0] * 3600 + parts[1] * 60 + parts[2];
    return seconds > 0;
}

bool parse_int(const std::string& s, int& out) {
    char* end = nullptr;
    long v = std::strtol(s.c_str(), &end, 10);
    if (s.empty() || !end || *end != '\0' || v < 0 || v > 1000000) return false;
    out = static_cast<int>(v);
    return true;
}

struct Options {
    std::string file;
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

bool parse_seed(const std::string& s, std::uint64_t& out) {
    if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos || s.size() > 20) return false;
    errno = 0;
    char* end = nullptr;
    const unsigned long long v = std::strtoull(s.c_str(), &end, 10);
    if (errno == ERANGE || !end || *end != '\0') return false;
    out = v;
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

}  // namespace

int present_command(const std::vector<std::string>& args, std::shared_ptr<const draw::Fonts> fonts) {
    const auto t_start = std::chrono::steady_clock::now();
    Options o;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&](std::string& out) {
            if (i + 1 >= args.size()) return false;
            out = args[++i];
            return true;
        };
        std::string v;
        if (a == "--help" || a == "-h") {
            std::cout << kPresentUsage;
            return 0;
        } else if (a == "--presenter") o.presenter = true;
        else if (a == "--fullscreen") o.fullscreen = true;
        else if (a == "--exit-after-last") o.exit_after_last = true;
        else if (a == "--fps") o.fps = true;
        else if (a == "--student") o.student = true;
        else if (a == "--narrate") o.narrate = true;
        else if (a == "--seed") {
            std::uint64_t seed = 0;
            if (!value(v) || !parse_seed(v, seed)) return fail("--seed expects a whole number from 0 to 18446744073709551615");
            o.seed = seed;
        }
        else if (a == "--talk-time") {
            if (!value(v) || !parse_talk_time(v, o.talk_time)) return fail("--talk-time expects MM:SS, H:MM:SS or minutes");
        } else if (a == "--screen") {
            if (!value(v) || !parse_int(v, o.screen)) return fail("--screen expects a display number (0, 1, …)");
        } else if (a == "--start-at") {
            if (!value(v) || !parse_int(v, o.start_at) || o.start_at < 1) return fail("--start-at expects a step number ≥ 1");
        } else if (a == "--size") {
            if (!value(v) || std::sscanf(v.c_str(), "%dx%d", &o.width, &o.height) != 2 || o.width < 64 || o.height < 64 ||
                o.width > 16384 || o.height > 16384)
                return fail("--size expects WIDTHxHEIGHT, e.g. 1920x1080");
        } else if (a == "--no-audio") {
            o.no_audio = true;
        } else if (a == "--record") {
            if (!value(v)) return fail("--record expects a FILE");
            o.record = v;
        } else if (a == "--theme") {
            if (!value(v) || (v != "light" && v != "dark")) return fail("--theme expects light or dark");
            o.dark = v == "dark";
        } else if (!a.empty() && a[0] == '-') {
            std::cerr << "attnlab: error: unknown option for present: " << a << "\n\n" << kPresentUsage;
            return 2;
        } else if (o.file.empty()) {
            o.file = a;
        } else {
            return fail("present takes one FILE (got '" + o.file + "' and '" + a + "')");
        }
    }
    if (o.file.empty()) o.file = default_deck();

    load::Result loaded = load::load_file(o.file);
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
        std::cerr << "  to make a video instead: attnlab export " << core::printable(o.file) << " -o out.mp4\n";
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
    auto keep_place = [&] {
        std::string perr;
        if (!session.save_place(perr) && !place_warned) {
            std::cerr << "attnlab: warning: cannot remember the place: " << perr << "\n";
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
        if (!presenter->open("attnlab — presenter", pscreen, 1100, 700, false, err)) {
            std::cerr << "attnlab: warning: " << err << "\n";
            presenter.reset();
        }
        SDL_RaiseWindow(main.window());
    };

    Watcher watcher;
    watcher.watch(o.file, *deck);
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
            if (watcher.changed()) app::reload(session, o.file, &watcher);
        }
        // The cursor hides when the mouse rests (and always in laser mode: the dot is the pointer).
        const bool hide = session.laser_mode() || t - last_motion > 2.0;
        if (hide == cursor_shown) {
            SDL_ShowCursor(hide ? SDL_DISABLE : SDL_ENABLE);
            cursor_shown = !hide;
        }
        const bool main_needs = session.needs_redraw();
        if (main_needs) {
            if (!main.draw([&](const app::Pixels& px) { app::paint_overlay(px, session.render(px), text.get()); }, err))
                return fail(err);
            main_presented = clock();
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
    }
    if (o.student) keep_place();
    return 0;
}

}  // namespace sdl
