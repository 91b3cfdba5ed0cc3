// Export end to end (render → encoder → file), as `attnlab export` runs it, against the floor its
// encoder sets on this machine, measured in the same run:
//  - PNG sequence, 1920×1080, 60 fps (`-q h`), the busiest step (the last that shows every panel
//    and moves: an animation and a hold), against libpng writing the same frames with the same
//    settings (8-bit RGB, zlib level 1, no filtering, one thread a core, a repeated frame's bytes
//    written again), the frames prepared in memory first. Target: ≤ 1.1× its time;
//  - MP4, 1920×1080, 60 fps (`-q h`), a whole scene (animations and holds), against ffmpeg encoding the
//    same frames, converted to I420 in memory first, fed through the same kind of pipe with
//    attnlab's own ffmpeg arguments (output::ffmpeg_arguments). Target: ≥ 80 % of that rate.
//  - the recorded single-file web page of a deck (`--recorded --single-file`: each step's SVG and
//    its animation as a WebM clip, 1280×720 at 30 fps, its default) against the MP4 export of the
//    same deck at the same size (`--size 1280x720`), both as `attnlab export` runs them, in wall
//    time (`--page`; slides/quick-tour.yaml unless a deck is given: 9 steps, 5,154 frames as a
//    video). Target: the page in at most 1.5× the video's time.
// Rates are frames over wall time (an export is several threads and a process). Floor and figure
// runs alternate, one of each a round (5 rounds for PNG, 3 for MP4: bench::rounds); each round
// gives a ratio, the median ratio is judged and the smallest and largest are its spread.
//
//   export_bench [SCENE] [--rounds N] [--png | --mp4 | --page] [--mp4-steps A-B] [--fps F]
//   (default: scenes/one-query-row.yaml at 60 fps, PNG and the MP4 of the whole scene; --page:
//   slides/quick-tour.yaml, or the deck given, 3 rounds)
#include <cairo.h>
#include <fcntl.h>
#include <libyuv.h>
#include <png.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <sstream>
#include <thread>

#include "floor.hpp"
#include "load/load.hpp"
#include "output/output.hpp"
#include "sys/process.hpp"
#include "support/fonts.hpp"

extern char** environ;

namespace {

constexpr int kW = 1920, kH = 1080;

struct TempDir {
    std::string path;
    TempDir() {
        char tmpl[] = "/tmp/attnlab-export-bench-XXXXXX";
        path = mkdtemp(tmpl);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
};

// The export's frames, rendered (untimed) as attnlab draws them; `distinct` holds each picture
// once and `frame[i]` names the picture of frame i (equal pixels: the same picture).
struct Frames {
    std::vector<std::vector<unsigned char>> distinct;
    std::vector<std::size_t> frame;
};

// Renders every frame of `opt`'s export and keeps what `convert` makes of each new picture.
// The pages are the export's (output::run): a whole scene played through also asks its quiz's
// drawn questions, a range of steps does not.
template <class Convert>
Frames render_all(const scene::Deck& deck, const output::Options& opt, Convert convert) {
    const timeline::Pages pages = opt.questions && !opt.steps ? timeline::Pages::WithDrawnQuestions : timeline::Pages::Steps;
    const timeline::Layout lay = timeline::layout(deck, pages, opt.seed.value_or(timeline::State{}.seed));
    const output::Plan plan = output::plan(lay, opt);
    const output::Shots shots = output::timeline_shots(lay, plan, opt.seed);
    cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, kW, kH);
    const unsigned char* data = cairo_image_surface_get_data(surface);
    const int stride = cairo_image_surface_get_stride(surface);
    std::vector<unsigned char> previous;
    Frames out;
    for (long i = 0; i < shots.count(); ++i) {
        const output::Shot shot = shots.at(i);
        cairo_t* cr = cairo_create(surface);
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_paint(cr);
        draw::render(cr, kW, kH, deck, lay, shot.state, shot.now, opt.draw);
        cairo_destroy(cr);
        cairo_surface_flush(surface);
        const std::size_t size = static_cast<std::size_t>(stride) * kH;
        if (out.distinct.empty() || previous.size() != size || std::memcmp(previous.data(), data, size) != 0) {
            previous.assign(data, data + size);
            out.distinct.push_back(convert(data, stride));
        }
        out.frame.push_back(out.distinct.size() - 1);
    }
    cairo_surface_destroy(surface);
    return out;
}

// ---- PNG: libpng alone ----------------------------------------------------------------------

void on_write(png_structp png, png_bytep data, png_size_t size) {
    static_cast<std::string*>(png_get_io_ptr(png))->append(reinterpret_cast<const char*>(data), size);
}
void on_flush(png_structp) {}

// The PNG sink's settings: 8-bit RGB, no filtering, zlib level 1, a 128 KiB buffer.
void encode_png(const unsigned char* rgb, std::string& bytes) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
    png_infop info = png_create_info_struct(png);
    if (!png || !info || setjmp(png_jmpbuf(png))) bench::fail("export_bench", "libpng failed");
    png_set_write_fn(png, &bytes, on_write, on_flush);
    png_set_IHDR(png, info, kW, kH, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_compression_level(png, 1);
    png_set_compression_buffer_size(png, 1 << 17);
    png_write_info(png, info);
    for (int y = 0; y < kH; ++y) png_write_row(png, rgb + static_cast<std::size_t>(y) * kW * 3);
    png_write_end(png, nullptr);
    png_destroy_write_struct(&png, &info);
}

void write_file(const std::string& path, const std::string& bytes) {
    FILE* f = std::fopen(path.c_str(), "wb");
    if (!f || std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size() || std::fclose(f) != 0)
        bench::fail("export_bench", "cannot write " + path);
}

// Frames a second libpng writes the frames at: every picture encoded once, on one thread a core
// (as the sink), each frame's file written.
double png_floor(const Frames& frames) {
    TempDir dir;
    const unsigned threads = std::clamp(std::thread::hardware_concurrency(), 1u, 8u);
    std::vector<std::string> bytes(frames.distinct.size());
    std::atomic<std::size_t> next{0};
    auto t0 = bench::Clock::now();
    auto work = [&](bool encode) {
        for (std::size_t i; (i = next.fetch_add(1)) < frames.frame.size();) {
            const std::size_t p = frames.frame[i];
            const bool first = i == 0 || frames.frame[i - 1] != p;
            if (encode != first) continue;
            if (encode) encode_png(frames.distinct[p].data(), bytes[p]);
            char name[32];
            std::snprintf(name, sizeof name, "/frame_%06zu.png", i);
            write_file(dir.path + name, bytes[p]);
        }
    };
    for (bool encode : {true, false}) {  // the new pictures, then the repeats of them
        next = 0;
        std::vector<std::thread> pool;
        for (unsigned t = 0; t < threads; ++t) pool.emplace_back(work, encode);
        for (auto& t : pool) t.join();
    }
    return static_cast<double>(frames.frame.size()) / (bench::ms_since(t0) / 1e3);
}

// ---- MP4: ffmpeg alone ----------------------------------------------------------------------

// Frames a second ffmpeg encodes the frames at, fed from memory through a 1 MiB pipe with
// attnlab's own arguments.
double mp4_floor(const Frames& frames, const output::Format& mp4, double fps) {
    TempDir dir;
    const std::string ffmpeg = sys::find_in_path("ffmpeg");
    if (ffmpeg.empty()) bench::fail("export_bench", "ffmpeg is not in PATH");
    std::vector<std::string> args = output::ffmpeg_arguments(ffmpeg, mp4.ffmpeg, kW, kH, fps, dir.path + "/floor.mp4");
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    auto t0 = bench::Clock::now();
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) bench::fail("export_bench", "pipe");
    fcntl(fds[1], F_SETPIPE_SZ, 1 << 20);
    const pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[0], 0);
        int null = open("/dev/null", O_WRONLY);
        dup2(null, 1);
        execve(ffmpeg.c_str(), argv.data(), environ);
        _exit(127);
    }
    close(fds[0]);
    signal(SIGPIPE, SIG_IGN);
    for (std::size_t p : frames.frame) {
        const auto& f = frames.distinct[p];
        for (std::size_t off = 0; off < f.size();) {
            const ssize_t n = write(fds[1], f.data() + off, f.size() - off);
            if (n <= 0) bench::fail("export_bench", "ffmpeg stopped reading");
            off += static_cast<std::size_t>(n);
        }
    }
    close(fds[1]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) bench::fail("export_bench", "ffmpeg failed on the floor's frames");
    return static_cast<double>(frames.frame.size()) / (bench::ms_since(t0) / 1e3);
}

// ---- attnlab ---------------------------------------------------------------------------------

// The frames of a video file, as ffprobe counts its packets (0 when it cannot tell).
std::size_t video_frames(const std::string& file) {
    const std::string ffprobe = sys::find_in_path("ffprobe");
    if (ffprobe.empty()) bench::fail("export_bench", "ffprobe is not in PATH: cannot count the video's frames");
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) bench::fail("export_bench", "pipe");
    const pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[1], 1);
        execl(ffprobe.c_str(), "ffprobe", "-v", "error", "-select_streams", "v:0", "-count_packets", "-show_entries",
              "stream=nb_read_packets", "-of", "csv=p=0", file.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    close(fds[1]);
    std::string out;
    char buf[256];
    for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) > 0;) out.append(buf, static_cast<std::size_t>(n));
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    return static_cast<std::size_t>(std::strtoull(out.c_str(), nullptr, 10));
}

double export_rate(const scene::Deck& deck, output::Options opt, long frames) {
    TempDir dir;
    opt.out = dir.path + "/" + opt.out;
    std::ostringstream err;
    auto t0 = bench::Clock::now();
    if (output::run(deck, opt, {}, err) != 0) bench::fail("export_bench", "the export failed: " + err.str());
    const double secs = bench::ms_since(t0) / 1e3;
    std::size_t written = 0;
    if (std::filesystem::is_directory(opt.out))
        for (const auto& e : std::filesystem::directory_iterator(opt.out)) written += e.path().extension() == ".png";
    else written = video_frames(opt.out);
    if (written != static_cast<std::size_t>(frames)) bench::fail("export_bench", "the export wrote " + std::to_string(written) + " frames, not " + std::to_string(frames));
    return static_cast<double>(frames) / secs;
}

// CPU seconds this process and its waited-for children (ffmpeg) have used so far.
double cpu_seconds() {
    double s = 0;
    for (int who : {RUSAGE_SELF, RUSAGE_CHILDREN}) {
        rusage u{};
        getrusage(who, &u);
        s += double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
    }
    return s;
}

// Alternates floor and figure runs, one of each a round; prints the medians and the rounds' ratios,
// and the CPU time each took (all threads and ffmpeg: on two cores, a run bound by the CPU takes
// about half of it in wall time).
void compare(const char* what, int rounds, long frames, const std::function<double()>& floor,
             const std::function<double()>& figure, double target_share) {
    bench::Rounds r;
    r.rates = true;
    std::vector<double> floor_cpu, figure_cpu;
    for (int i = 0; i < rounds; ++i) {
        double c0 = cpu_seconds();
        const double f = floor();
        floor_cpu.push_back(cpu_seconds() - c0);
        c0 = cpu_seconds();
        r.add(f, figure());
        figure_cpu.push_back(cpu_seconds() - c0);
    }
    const double fm = r.floor_median(), gm = r.figure_median();
    std::printf("  %s (%ld frames): floor %.1f frames/s, attnlab %.1f frames/s: %.2f× the floor's time (%.0f %% of its "
                "rate; rounds %.2f–%.2f×), target ≤ %.2f×\n",
                what, frames, fm, gm, r.ratio(), 100 / r.ratio(), r.lowest(), r.highest(), 1 / target_share);
    std::printf("      floor rounds:");
    for (double x : r.floor) std::printf(" %.1f", x);
    std::printf("; attnlab rounds:");
    for (double x : r.figure) std::printf(" %.1f", x);
    std::printf("\n      CPU seconds, floor rounds:");
    for (double x : floor_cpu) std::printf(" %.2f", x);
    std::printf("; attnlab rounds:");
    for (double x : figure_cpu) std::printf(" %.2f", x);
    std::printf(" (CPU ratio %.2f×)\n", bench::median(figure_cpu) / bench::median(floor_cpu));
    bench::row(what, bench::fmt("%.1f frames/s", fm), bench::fmt("%.1f frames/s", gm), r, 1 / target_share);
}

// ---- the web page against the video ---------------------------------------------------------

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::size_t count_of(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
    return n;
}

// Seconds (wall) `opt`'s export takes; fails loudly when it fails. `check` looks at what it wrote.
double export_seconds(const scene::Deck& deck, output::Options opt, const TempDir& dir,
                      const std::function<void(const std::string&)>& check) {
    opt.out = dir.path + "/" + opt.out;
    std::ostringstream err;
    auto t0 = bench::Clock::now();
    if (output::run(deck, opt, {}, err) != 0) bench::fail("export_bench", "the export of " + opt.out + " failed: " + err.str());
    const double secs = bench::ms_since(t0) / 1e3;
    check(opt.out);
    std::filesystem::remove(opt.out);
    return secs;
}

// The recorded single-file page of `deck` against its MP4 at the same size and frame rate.
void compare_page(const scene::Deck& deck, const std::string& file, int rounds) {
    output::Options mp4;
    mp4.draw.fonts = support::fonts();
    mp4.width = 1280;  // the page's size and rate unless asked (options.cpp)
    mp4.height = 720;
    mp4.fps = 30;
    mp4.quiet = true;
    mp4.out = "deck.mp4";
    mp4.format = output::find_format("mp4", output::Target::File, false);
    output::Options page = mp4;
    page.out = "deck.html";
    page.format = output::find_format("html", output::Target::File, false);
    page.single_file = true;  // recorded: not live
    if (!mp4.format || !page.format) bench::fail("export_bench", "no mp4 or html row in the table of formats");
    // The clips the page must carry: one per step that moves (its experiments' besides).
    const timeline::Layout lay = timeline::layout(deck);
    std::size_t moving = 0;
    for (const timeline::Span& sp : lay.spans) moving += output::frame_count(sp.anim, page.fps) > 0;
    std::printf("  page: %s, %zu steps (%zu that move), 1280x720 at 30 fps, %d rounds\n", file.c_str(), lay.spans.size(),
                moving, rounds);
    TempDir dir;
    bench::Rounds r;
    std::vector<double> floor_cpu, figure_cpu;
    std::size_t page_bytes = 0, clips = 0;
    for (int i = 0; i < rounds; ++i) {
        double c0 = cpu_seconds();
        const double video = export_seconds(deck, mp4, dir, [](const std::string& out) {
            if (video_frames(out) == 0) bench::fail("export_bench", "the MP4 export wrote no frame");
        });
        floor_cpu.push_back(cpu_seconds() - c0);
        c0 = cpu_seconds();
        const double web = export_seconds(deck, page, dir, [&](const std::string& out) {
            const std::string html = slurp(out);
            page_bytes = html.size();
            clips = count_of(html, "\"src\":\"data:video/webm;base64,");
            if (clips < moving) bench::fail("export_bench", "the page carries " + std::to_string(clips) + " WebM clips, not " +
                                                                std::to_string(moving) + " or more");
            if (html.find("data:video/mp4") != std::string::npos) bench::fail("export_bench", "the single file carries an MP4 clip");
        });
        figure_cpu.push_back(cpu_seconds() - c0);
        r.add(video, web);
        std::printf("      round %d: MP4 %.2f s, page %.2f s (%.2f×)\n", i + 1, video, web, web / video);
        std::fflush(stdout);
    }
    std::printf("  recorded single-file page (%.1f MB, %zu WebM clips): %.2f s against the MP4's %.2f s: %.2f× (rounds "
                "%.2f–%.2f×), target ≤ 1.5×\n",
                page_bytes / 1e6, clips, r.figure_median(), r.floor_median(), r.ratio(), r.lowest(), r.highest());
    std::printf("      CPU seconds, MP4 rounds:");
    for (double x : floor_cpu) std::printf(" %.2f", x);
    std::printf("; page rounds:");
    for (double x : figure_cpu) std::printf(" %.2f", x);
    std::printf(" (CPU ratio %.2f×)\n", bench::median(figure_cpu) / bench::median(floor_cpu));
    bench::row("recorded single-file web page of a deck vs its MP4, 720p30", bench::fmt("%.2f s", r.floor_median()),
               bench::fmt("%.2f s", r.figure_median()), r, 1.5);
}

double load_average() {
    double l[1] = {0};
    return getloadavg(l, 1) == 1 ? l[0] : -1;
}

}  // namespace

int main(int argc, char** argv) {
    std::string file;
    int png_rounds = bench::rounds(), mp4_rounds = bench::rounds(3), page_rounds = bench::rounds(3);
    double fps = 60;  // `-q h`: 1080p60
    std::string only;
    // The MP4 export's steps (1-based, inclusive): the whole scene unless --mp4-steps A-B.
    std::optional<std::pair<int, int>> mp4_steps;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--rounds" && i + 1 < argc) png_rounds = mp4_rounds = page_rounds = std::max(1, std::atoi(argv[++i]));
        else if (a == "--mp4-steps" && i + 1 < argc) {
            int from = 0, to = 0;
            if (std::sscanf(argv[++i], "%d-%d", &from, &to) != 2 || from < 1 || to < from)
                bench::fail("export_bench", "--mp4-steps wants A-B");
            mp4_steps = std::pair<int, int>{from, to};
        } else if (a == "--png") only = "png";
        else if (a == "--mp4") only = "mp4";
        else if (a == "--page") only = "page";
        else file = a;
    }
    if (!getenv("ATTNLAB_FONTS")) setenv("ATTNLAB_FONTS", (std::string(ATTNLAB_SOURCE_DIR) + "/fonts").c_str(), 0);
    if (only == "page") {
        if (file.empty()) file = std::string(ATTNLAB_SOURCE_DIR) + "/slides/quick-tour.yaml";
        // The checkout is the root: a deck in slides/ reaches ../scenes/, as from the command line.
        load::Result deck = load::load_file(file, load::Options{ATTNLAB_SOURCE_DIR, {}});
        if (!deck.ok()) {
            for (const auto& e : deck.errors) std::cerr << e.format() << "\n";
            return 2;
        }
        std::printf("export bench: the web page against the video; load average at start %.2f\n", load_average());
        compare_page(deck.deck, file, page_rounds);
        return 0;
    }
    if (file.empty()) file = std::string(ATTNLAB_SOURCE_DIR) + "/scenes/one-query-row.yaml";
    if (only == "png") mp4_rounds = 0;
    if (only == "mp4") png_rounds = 0;
    load::Result r = load::load_file(file);
    if (!r.ok()) {
        for (const auto& e : r.errors) std::cerr << e.format() << "\n";
        return 2;
    }
    const timeline::Layout lay = timeline::layout(r.deck);
    // The busiest step: the last one that shows every panel of the scene and moves (an animation
    // and a hold) — not a step with a picture of its own, not a question beat or a Try-it step,
    // which wait for the viewer with nothing moving. `last` counts the export's steps (its spans).
    int last = 0;
    const scene::Scene* sc = r.deck.slides.empty() ? nullptr : r.deck.slides[0].scene.get();
    if (sc)
        for (int i = static_cast<int>(lay.spans.size()) - 1; i >= 0 && last == 0; --i) {
            const timeline::Span& sp = lay.spans[static_cast<std::size_t>(i)];
            if (!sp.asking && sp.question < 0 && sp.anim > 0 && sp.hold > 0 && sc->panels_at(sp.step) == sc->panels)
                last = i + 1;
        }
    if (last == 0) bench::fail("export_bench", file + " has no step that shows every panel of its scene and moves");
    std::printf("export bench: %s, 1920x1080 at %g fps, %d rounds (PNG) and %d (MP4); load average at start %.2f\n",
                file.c_str(), fps, png_rounds, mp4_rounds, load_average());
    const std::string p = "1080p" + bench::fmt("%g", fps);

    output::Options png;
    png.draw.fonts = support::fonts();
    png.out = "frames";
    png.format = output::find_format("png", output::Target::Folder, false);
    png.width = kW;
    png.height = kH;
    png.fps = fps;
    png.quiet = true;
    png.steps = std::pair<int, int>{last, last};
    if (png_rounds > 0) {
        const Frames frames = render_all(r.deck, png, [](const unsigned char* bgra, int stride) {
            std::vector<unsigned char> rgb(static_cast<std::size_t>(kW) * kH * 3);
            libyuv::ARGBToRAW(bgra, stride, rgb.data(), kW * 3, kW, kH);
            return rgb;
        });
        const long n = static_cast<long>(frames.frame.size());
        if (frames.distinct.size() < 2 || frames.distinct.size() == frames.frame.size())
            bench::fail("export_bench", "the PNG step has no animation or no hold (" + std::to_string(frames.distinct.size()) + " pictures of " + std::to_string(frames.frame.size()) + " frames)");
        std::printf("  PNG: step %d, %ld frames, %zu pictures\n", last, n, frames.distinct.size());
        compare(("PNG sequence, " + p + ", a step (animation and hold)").c_str(), png_rounds, n, [&] { return png_floor(frames); },
                [&] { return export_rate(r.deck, png, n); }, 1 / 1.1);
    }

    output::Options mp4 = png;
    mp4.out = "out.mp4";
    mp4.format = output::find_format("mp4", output::Target::File, false);
    mp4.steps = mp4_steps;
    if (mp4_rounds > 0) {
        const Frames frames = render_all(r.deck, mp4, [](const unsigned char* bgra, int stride) {
            const std::size_t y = static_cast<std::size_t>(kW) * kH;
            std::vector<unsigned char> yuv(y + y / 2);
            libyuv::ARGBToI420(bgra, stride, yuv.data(), kW, yuv.data() + y, kW / 2, yuv.data() + y + y / 4, kW / 2,
                               kW, kH);
            return yuv;
        });
        const long n = static_cast<long>(frames.frame.size());
        if (frames.distinct.size() < 2 || frames.distinct.size() == frames.frame.size())
            bench::fail("export_bench", "the scene has no animation or no hold");
        const std::string part = mp4_steps ? "steps " + std::to_string(mp4_steps->first) + "-" +
                                                 std::to_string(mp4_steps->second) + " of the scene"
                                           : std::string("the whole scene");
        std::printf("  MP4: %s, %ld frames, %zu pictures (%.0f MB of I420 in memory)\n", part.c_str(), n,
                    frames.distinct.size(), frames.distinct.size() * frames.distinct[0].size() / 1e6);
        compare(("MP4 x264 veryfast, " + p + ", " + part + " (holds included)").c_str(), mp4_rounds, n,
                [&] { return mp4_floor(frames, *mp4.format, fps); }, [&] { return export_rate(r.deck, mp4, n); }, 0.8);
    }
    return 0;
}
