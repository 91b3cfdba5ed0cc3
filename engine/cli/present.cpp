// cli: `attnlab [present] [FILE] [options]`: present's options read with the option table, the
// deck found (the lecture when no FILE is given) and loaded, --start-at and --record checked, and
// all of it translated once into the window's settings (sdl::Settings, the session's options
// among them), which the SDL window (sdl::run) then runs.
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "cli/common.hpp"
#include "cli/options.hpp"
#include "draw/draw.hpp"
#include "load/load.hpp"
#include "sdl/sdl.hpp"
#include "timeline/timeline.hpp"

namespace cli {

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

// A seed from the clock when none is given: the wall time's nanoseconds, mixed (splitmix64's
// finaliser) so that two starts a moment apart draw very different quizzes.
std::uint64_t clock_seed() {
    std::uint64_t z = static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count()) + 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

}  // namespace

int present(const std::vector<std::string>& args) {
    sdl::bound_the_heap();  // first: the fonts are the window's first large blocks
    const std::string dir = fonts_dir();
    auto fonts = load_fonts(dir);
    if (!fonts) return 2;
    const auto t_start = std::chrono::steady_clock::now();
    options::Values v;
    std::string error;
    if (!options::parse(options::kPresent, args, present_context(), v, error)) return fail(error);
    if (v.help) {
        std::cout << present_usage();
        return 0;
    }
    std::string file = v.file, root = v.root;
    if (file.empty()) file = default_deck(root);

    load::Result loaded = load::load_file(file, load::Options{root, {}});
    if (!loaded.ok()) {
        for (const auto& d : loaded.errors) std::cerr << d.format() << "\n";
        return 2;
    }
    auto deck = std::make_shared<const scene::Deck>(std::move(loaded.deck));
    if (const std::size_t steps = timeline::layout(*deck).spans.size(); v.start_at > 0 && static_cast<std::size_t>(v.start_at) > steps)
        return fail("--start-at " + std::to_string(v.start_at) + ": " + file + " has " + std::to_string(steps) +
                    (steps == 1 ? " step" : " steps"));

    std::ofstream record;
    if (!v.record.empty()) {
        record.open(v.record, std::ios::out | std::ios::trunc);
        if (!record) return fail("cannot write " + v.record + ": " + std::strerror(errno));
    }

    // The options, translated once into the window's settings.
    sdl::Settings s;
    s.deck = std::move(deck);
    s.file = file;
    s.root = root;
    s.start = t_start;
    s.session.exit_after_last = v.exit_after_last;
    s.session.show_fps = v.show_fps;
    s.session.student = v.student;
    s.session.draw.theme = v.theme == options::Theme::Dark ? draw::ThemeKind::Dark : draw::ThemeKind::Light;
    s.session.draw.fonts = std::move(fonts);
    s.seed = v.seed ? *v.seed : clock_seed();
    s.start_at = v.start_at;
    if (record.is_open()) s.record = &record;
    if (record.is_open() && !v.no_audio) s.microphone = v.record + ".wav";
    s.narrate = v.narrate;
    s.presenter = v.presenter;
    s.talk_time = v.talk_time;
    s.screen = v.screen.value_or(-1);
    s.fullscreen = v.fullscreen;
    if (v.size) s.width = v.size->first, s.height = v.size->second;
    s.no_window = "  to make a video instead: attnlab export " + core::printable(file) +
                  (root.empty() ? "" : " --root " + core::printable(root)) + " -o out.mp4\n";
    return sdl::run(std::move(s));
}

}  // namespace cli
