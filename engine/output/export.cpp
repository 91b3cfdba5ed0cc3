// output: `attnlab export` — options, the frame plan, replaying a recording, the render-ahead
// driver that feeds a sink, progress on the terminal, signals.
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <sstream>
#include <sys/stat.h>

#include "output/pages.hpp"

namespace output {

const char* const kExportUsage = R"(usage: attnlab export INPUT -o OUT [options]

  INPUT                 a deck (slides/*.yaml) or a scene (scenes/*.yaml)
  -o, --output OUT      DIR/            PNG sequence frame_000000.png …
                        NAME.mp4        H.264 (x264 veryfast, yuv420p, faststart)
                        NAME.webm       VP9
                        NAME.gif        GIF with a palette made from the frames
                        NAME.pdf        one vector page per step (its final state)
                        DIR/ --format svg   one SVG per step (its final state)
  --size WxH            output size in pixels (default 1920x1080)
  -q, --quality l|m|h|k 480p15, 720p30, 1080p60, 2160p60 (--size and --fps override it)
  --fps N               frames per second (default 30)
  --theme light|dark    colours (default light; dark for dim rooms)
  --steps A-B           only steps A to B (1-based, inclusive; "A" alone for one step)
  --seed N              seed for anything drawn at random (default 0)
  --still STEP          one picture of a step's final state: -o step.png (or .svg, .pdf)
  --split-steps         with a video: one clip per step (NAME-001.mp4 …) and NAME.json,
                        an index of step, title, file, start and duration
  --replay FILE         render a recorded session (attnlab --record FILE) frame for frame
  --format FMT          png, svg, pdf, mp4, webm or gif, when OUT's name does not say
  -h, --help            this text

Frames: frame i shows time i / fps; a deck of T seconds gives round(T × fps) frames.
Files are written under a temporary name and renamed when complete; on an error or Ctrl-C
nothing is left behind. Exit codes: 0 done, 2 error, 130 interrupted.
)";

bool is_video(Kind k) { return k == Kind::Mp4 || k == Kind::Webm || k == Kind::Gif; }

namespace {

std::string extension_of(const std::string& path) {
    std::string p = strip_slashes(path);
    auto slash = p.rfind('/');
    std::string base = slash == std::string::npos ? p : p.substr(slash + 1);
    auto dot = base.rfind('.');
    if (dot == std::string::npos || dot == 0) return "";
    std::string ext = base.substr(dot + 1);
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return ext;
}

bool parse_int(const std::string& s, long long lo, long long hi, long long& out) {
    if (s.empty()) return false;
    char* end = nullptr;
    errno = 0;
    long long v = std::strtoll(s.c_str(), &end, 10);
    if (errno || !end || *end != '\0' || v < lo || v > hi) return false;
    out = v;
    return true;
}

bool parse_size(const std::string& s, int& w, int& h) {
    auto x = s.find_first_of("xX");
    if (x == std::string::npos) return false;
    long long a = 0, b = 0;
    if (!parse_int(s.substr(0, x), 16, 16384, a) || !parse_int(s.substr(x + 1), 16, 16384, b)) return false;
    w = static_cast<int>(a);
    h = static_cast<int>(b);
    return true;
}

std::string number(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", x);
    return buf;
}

}  // namespace

bool parse_options(const std::vector<std::string>& raw, Options& opt, bool& help, std::string& error) {
    help = false;
    std::vector<std::string> args;
    for (const auto& a : raw) {  // --name=value is --name value
        auto eq = a.find('=');
        if (a.rfind("--", 0) == 0 && eq != std::string::npos) {
            args.push_back(a.substr(0, eq));
            args.push_back(a.substr(eq + 1));
        } else {
            args.push_back(a);
        }
    }
    std::optional<std::pair<int, int>> size;
    std::optional<double> fps;
    std::string preset, format;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&](std::string& v) {
            if (i + 1 >= args.size()) {
                error = a + " needs a value";
                return false;
            }
            v = args[++i];
            return true;
        };
        std::string v;
        if (a == "-h" || a == "--help") {
            help = true;
            return true;
        } else if (a == "-o" || a == "--output") {
            if (!value(opt.out)) return false;
        } else if (a == "--size") {
            int w = 0, h = 0;
            if (!value(v)) return false;
            if (!parse_size(v, w, h)) {
                error = "--size expects WxH (16 to 16384 each), e.g. 1920x1080, not '" + v + "'";
                return false;
            }
            size = {w, h};
        } else if (a == "-q" || a == "--quality") {
            if (!value(preset)) return false;
            if (preset != "l" && preset != "m" && preset != "h" && preset != "k") {
                error = "-q expects l, m, h or k (480p15, 720p30, 1080p60, 2160p60), not '" + preset + "'";
                return false;
            }
        } else if (a == "--fps") {
            if (!value(v)) return false;
            char* end = nullptr;
            double f = std::strtod(v.c_str(), &end);
            if (!end || *end != '\0' || v.empty() || !(f > 0 && f <= 240)) {
                error = "--fps expects a number of frames per second in (0, 240], not '" + v + "'";
                return false;
            }
            fps = f;
        } else if (a == "--theme") {
            if (!value(v)) return false;
            if (v == "light") opt.draw.theme = draw::ThemeKind::Light;
            else if (v == "dark") opt.draw.theme = draw::ThemeKind::Dark;
            else {
                error = "--theme expects light or dark, not '" + v + "'";
                return false;
            }
        } else if (a == "--steps") {
            if (!value(v)) return false;
            auto dash = v.find('-');
            long long lo = 0, hi = 0;
            bool ok = dash == std::string::npos ? parse_int(v, 1, 1 << 20, lo) && (hi = lo, true)
                                                : parse_int(v.substr(0, dash), 1, 1 << 20, lo) &&
                                                      parse_int(v.substr(dash + 1), 1, 1 << 20, hi);
            if (!ok || lo > hi) {
                error = "--steps expects A-B with 1 ≤ A ≤ B (or one step A), not '" + v + "'";
                return false;
            }
            opt.steps = std::pair<int, int>{static_cast<int>(lo), static_cast<int>(hi)};
        } else if (a == "--seed") {
            if (!value(v)) return false;
            char* end = nullptr;
            errno = 0;
            unsigned long long s = std::strtoull(v.c_str(), &end, 10);
            if (v.empty() || v[0] == '-' || errno || !end || *end != '\0') {
                error = "--seed expects a non-negative integer, not '" + v + "'";
                return false;
            }
            opt.draw.seed = s;
        } else if (a == "--still") {
            long long s = 0;
            if (!value(v)) return false;
            if (!parse_int(v, 1, 1 << 20, s)) {
                error = "--still expects a step number (1 for the first), not '" + v + "'";
                return false;
            }
            opt.still = static_cast<int>(s);
        } else if (a == "--split-steps") {
            opt.split_steps = true;
        } else if (a == "--replay") {
            if (!value(opt.replay)) return false;
        } else if (a == "--format") {
            if (!value(format)) return false;
            static const char* known[] = {"png", "svg", "pdf", "mp4", "webm", "gif"};
            if (std::find_if(std::begin(known), std::end(known), [&](const char* k) { return format == k; }) ==
                std::end(known)) {
                error = "--format expects png, svg, pdf, mp4, webm or gif, not '" + format + "'";
                return false;
            }
        } else if (!a.empty() && a[0] == '-' && a != "-") {
            error = "unknown option for export: " + a + " (see 'attnlab export --help')";
            return false;
        } else if (opt.input.empty()) {
            opt.input = a;
        } else {
            error = "export takes one INPUT file, got '" + opt.input + "' and '" + a + "'";
            return false;
        }
    }
    if (opt.input.empty()) {
        error = "export needs an INPUT file (a deck or a scene)";
        return false;
    }
    if (opt.out.empty()) {
        error = "export needs -o OUT (a directory, or a .mp4, .webm, .gif or .pdf file)";
        return false;
    }
    if (preset == "l") opt.width = 854, opt.height = 480, opt.fps = 15;
    if (preset == "m") opt.width = 1280, opt.height = 720, opt.fps = 30;
    if (preset == "h") opt.width = 1920, opt.height = 1080, opt.fps = 60;
    if (preset == "k") opt.width = 3840, opt.height = 2160, opt.fps = 60;
    if (size) opt.width = size->first, opt.height = size->second;
    if (fps) opt.fps = *fps;

    // What to write: --format, else OUT's name.
    const std::string ext = extension_of(opt.out);
    const bool slash = !opt.out.empty() && opt.out.back() == '/';
    struct stat st {};
    const bool is_dir = stat(opt.out.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
    std::string f = format;
    if (f.empty()) {
        static const char* known[] = {"png", "svg", "pdf", "mp4", "webm", "gif"};
        const bool known_ext =
            std::find_if(std::begin(known), std::end(known), [&](const char* k) { return ext == k; }) != std::end(known);
        if (slash || ext.empty() || (is_dir && !known_ext)) f = "dir";
        else f = ext;
    }
    if (opt.still) {
        if (f == "png" || f == "dir") opt.kind = Kind::StillPng;
        else if (f == "svg") opt.kind = Kind::StillSvg;
        else if (f == "pdf") opt.kind = Kind::StillPdf;
        else {
            error = "--still writes one picture: give -o STEP.png (or .svg, .pdf), not '" + opt.out + "'";
            return false;
        }
        if (slash || is_dir) {
            error = "--still writes one file, and '" + opt.out + "' is a directory";
            return false;
        }
    } else if (f == "dir" || (f == "png" && (slash || is_dir || ext.empty()))) {
        opt.kind = Kind::PngSequence;
    } else if (f == "svg" && (slash || is_dir || ext.empty())) {
        opt.kind = Kind::SvgPages;
    } else if (f == "mp4") {
        opt.kind = Kind::Mp4;
    } else if (f == "webm") {
        opt.kind = Kind::Webm;
    } else if (f == "gif") {
        opt.kind = Kind::Gif;
    } else if (f == "pdf") {
        opt.kind = Kind::Pdf;
    } else if (f == "png" || f == "svg") {
        error = "a ." + f + " file holds one picture: use --still STEP, or -o DIR/ for " +
                (f == "png" ? "a PNG sequence" : "one SVG per step (--format svg)");
        return false;
    } else {
        error = "cannot tell what to write from '" + opt.out +
                "': use a directory (PNG sequence), .mp4, .webm, .gif or .pdf, or --format";
        return false;
    }
    if (opt.split_steps && !is_video(opt.kind)) {
        error = "--split-steps cuts a video into one clip per step: give -o NAME.mp4 (or .webm, .gif)";
        return false;
    }
    if (!opt.replay.empty()) {
        if (!(is_video(opt.kind) || opt.kind == Kind::PngSequence)) {
            error = "--replay renders frames: give a video (.mp4, .webm, .gif) or a directory for PNGs";
            return false;
        }
        if (opt.steps || opt.split_steps) {
            error = "--replay plays the whole recording: it cannot be combined with --steps or --split-steps";
            return false;
        }
    }
    if (opt.still && opt.steps) {
        error = "--still takes one step: drop --steps";
        return false;
    }
    if (is_video(opt.kind) && (opt.width % 2 || opt.height % 2)) {
        error = "video needs an even width and height (yuv420p), not " + std::to_string(opt.width) + "x" +
                std::to_string(opt.height);
        return false;
    }
    return true;
}

// ---- the frame plan ----

long frame_count(double seconds, double fps) { return std::max(0L, std::lround(seconds * fps)); }

Plan plan(const timeline::Layout& lay, const Options& opt) {
    Plan p;
    p.fps = opt.fps;
    if (lay.spans.empty()) return p;
    int first = 0, last = static_cast<int>(lay.spans.size()) - 1;
    if (opt.steps) {
        first = std::clamp(opt.steps->first - 1, 0, last);
        last = std::clamp(opt.steps->second - 1, first, last);
    }
    p.t0 = lay.spans[static_cast<std::size_t>(first)].start;
    p.duration = lay.spans[static_cast<std::size_t>(last)].end() - p.t0;
    p.frames = frame_count(p.duration, p.fps);
    return p;
}

timeline::State plain_state(const timeline::Layout& lay, double t) { return timeline::state_at(lay, t + 1e-9); }

Replayer::Replayer(const scene::Deck& deck, const timeline::Layout& lay, const std::vector<timeline::Event>& events)
    : deck_(deck), lay_(lay), events_(events), state_(timeline::state_at_span(lay, 0)) {}

const timeline::State& Replayer::at(double t) {
    while (next_ < events_.size() && events_[next_].t <= t + 1e-9) {
        state_ = timeline::apply(deck_, lay_, state_, events_[next_].command, events_[next_].t);
        ++next_;
    }
    return state_;
}

Plan replay_plan(const scene::Deck& deck, const timeline::Layout& lay, const std::vector<timeline::Event>& events,
                 double fps) {
    Plan p;
    p.fps = fps;
    if (lay.spans.empty()) return p;
    Replayer r(deck, lay, events);
    double last = events.empty() ? 0.0 : events.back().t;
    const timeline::State& s = r.at(last);
    const timeline::Span& sp = lay.spans[static_cast<std::size_t>(std::clamp(s.span, 0, static_cast<int>(lay.spans.size()) - 1))];
    p.duration = last + sp.anim + sp.hold;
    p.frames = frame_count(p.duration, fps);
    return p;
}

bool read_recording(const std::string& path, std::vector<timeline::Event>& events, core::Diagnostics& errors) {
    std::ifstream in(path);
    if (!in) {
        errors.push_back({path, 0, 0, std::string("cannot read the recording: ") + std::strerror(errno)});
        return false;
    }
    std::string line;
    int number_of_line = 0;
    double previous = 0.0;
    while (std::getline(in, line)) {
        ++number_of_line;
        auto first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos || line[first] == '#') continue;
        timeline::Event e;
        std::string error;
        if (!timeline::parse(line, e, error)) {
            errors.push_back({path, number_of_line, static_cast<int>(first) + 1, error});
            continue;
        }
        if (e.t < 0 || e.t < previous) {
            errors.push_back({path, number_of_line, static_cast<int>(first) + 1,
                              "events must be in time order from 0 (" + number(e.t) + " comes after " +
                                  number(previous) + ")"});
            continue;
        }
        previous = e.t;
        events.push_back(e);
    }
    return errors.empty();
}

// ---- progress, signals, the driver ----

namespace {

class Progress {
public:
    Progress(std::ostream& err, bool tty, bool quiet, long total)
        : err_(err), tty_(tty), quiet_(quiet), total_(total), start_(Clock::now()) {}

    void tick(long done) {
        done_ = done;
        if (!tty_ || quiet_) return;
        auto now = Clock::now();
        if (done < total_ && now - last_ < std::chrono::milliseconds(100)) return;
        last_ = now;
        double secs = seconds();
        double rate = secs > 0 ? done / secs : 0.0;
        double eta = rate > 0 ? (total_ - done) / rate : 0.0;
        const int width = 30;
        int filled = total_ > 0 ? static_cast<int>(width * done / total_) : width;
        std::string bar(static_cast<std::size_t>(filled), '#');
        bar.resize(width, '.');
        char line[160];
        std::snprintf(line, sizeof line, "\r[%s] frame %ld/%ld  %.1f frames/s  ETA %d:%02d ", bar.c_str(), done,
                      total_, rate, static_cast<int>(eta) / 60, static_cast<int>(eta) % 60);
        err_ << line << std::flush;
        drawn_ = true;
    }

    void clear() {
        if (drawn_) err_ << "\r" << std::string(78, ' ') << "\r" << std::flush;
        drawn_ = false;
    }

    void summary(const std::string& what, const std::string& out) {
        clear();
        if (quiet_) return;
        double secs = seconds();
        char line[200];
        std::snprintf(line, sizeof line, "attnlab: wrote %s to %s in %.1f s (%.1f frames/s)\n", what.c_str(),
                      out.c_str(), secs, secs > 0 ? done_ / secs : 0.0);
        err_ << line;
    }

    double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

private:
    using Clock = std::chrono::steady_clock;
    std::ostream& err_;
    bool tty_, quiet_, drawn_ = false;
    long total_, done_ = 0;
    Clock::time_point start_, last_{};
};

void on_signal(int) { g_stop.store(1); }

// Ctrl-C and SIGTERM set g_stop (no SA_RESTART: a blocked write returns EINTR); SIGPIPE is
// ignored so that a dying ffmpeg is an error, not a silent death. Restored on exit.
class SignalGuard {
public:
    SignalGuard() {
        struct sigaction sa {};
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGINT, &sa, &old_int_);
        sigaction(SIGTERM, &sa, &old_term_);
        struct sigaction ign {};
        ign.sa_handler = SIG_IGN;
        sigemptyset(&ign.sa_mask);
        sigaction(SIGPIPE, &ign, &old_pipe_);
    }
    ~SignalGuard() {
        sigaction(SIGINT, &old_int_, nullptr);
        sigaction(SIGTERM, &old_term_, nullptr);
        sigaction(SIGPIPE, &old_pipe_, nullptr);
    }

private:
    struct sigaction old_int_ {}, old_term_ {}, old_pipe_ {};
};

enum class Outcome { Done, Failed, Interrupted };

// Renders frames [0, frames) ahead on one thread while this thread hands them to the sink.
// Leaves the sink finished (not committed) on Done, aborted otherwise.
Outcome drive(Sink& sink, long frames, int w, int h, const std::function<void(long, Image&)>& render,
              Progress& progress, long done_before, std::string& error) {
    if (!sink.begin(error)) {
        sink.abort();
        return g_stop.load() ? Outcome::Interrupted : Outcome::Failed;
    }
    FramePool pool(w, h, sink.pool_size());
    std::mutex m;
    std::condition_variable cv;
    std::deque<std::pair<long, std::unique_ptr<Image>>> ready;
    bool produced_all = false;
    std::atomic<bool> cancel{false};
    std::thread producer([&] {
        for (long i = 0; i < frames && !cancel.load() && !g_stop.load(); ++i) {
            auto img = pool.acquire();
            if (!img) break;
            render(i, *img);
            {
                std::lock_guard lock(m);
                ready.emplace_back(i, std::move(img));
            }
            cv.notify_one();
        }
        {
            std::lock_guard lock(m);
            produced_all = true;
        }
        cv.notify_one();
    });
    Outcome out = Outcome::Done;
    for (long i = 0; i < frames; ++i) {
        std::unique_ptr<Image> img;
        {
            std::unique_lock lock(m);
            cv.wait(lock, [&] { return !ready.empty() || produced_all; });
            if (ready.empty()) break;
            img = std::move(ready.front().second);
            ready.pop_front();
        }
        if (g_stop.load()) {
            pool.release(std::move(img));
            break;
        }
        if (!sink.frame(i, std::move(img), pool, error)) {
            out = Outcome::Failed;
            break;
        }
        progress.tick(done_before + i + 1);
    }
    cancel.store(true);
    pool.close();
    producer.join();
    if (out == Outcome::Done && !g_stop.load() && !sink.finish(error)) out = Outcome::Failed;
    if (g_stop.load()) out = Outcome::Interrupted;
    if (out != Outcome::Done) sink.abort();
    return out;
}

std::string step_title(const scene::Deck& deck, const timeline::Span& sp) {
    const scene::Slide& slide = deck.slides[static_cast<std::size_t>(sp.slide)];
    if (slide.kind == scene::Slide::Kind::Scene && slide.scene) {
        return scene::step_title(slide.scene->steps[static_cast<std::size_t>(sp.step)]);
    }
    return slide.title;
}

int threads_for_png() {
    unsigned n = std::thread::hardware_concurrency();
    return static_cast<int>(std::clamp(n, 1u, 8u));
}

}  // namespace

int run(const scene::Deck& deck, const Options& opt, const std::vector<timeline::Event>& events, std::ostream& err) {
    g_stop.store(0);
    SignalGuard guard;
    auto fail = [&](const std::string& msg) {
        err << "attnlab: error: " << msg << "\n";
        return 2;
    };
    auto interrupted = [&] {
        err << "\nattnlab: interrupted; partial output removed\n";
        return 130;
    };
    const timeline::Layout lay = timeline::layout(deck);
    const int spans = static_cast<int>(lay.spans.size());
    if (spans == 0) return fail("nothing to export: " + (deck.file.empty() ? std::string("the deck") : deck.file) +
                                " has no slides");
    int first = 0, last = spans - 1;
    if (opt.steps) {
        if (opt.steps->first < 1 || opt.steps->second > spans || opt.steps->first > opt.steps->second)
            return fail("--steps " + std::to_string(opt.steps->first) + "-" + std::to_string(opt.steps->second) +
                        " is outside the deck's steps 1-" + std::to_string(spans));
        first = opt.steps->first - 1;
        last = opt.steps->second - 1;
    }
    if (opt.still > spans)
        return fail("--still " + std::to_string(opt.still) + ": the deck has " + std::to_string(spans) + " steps");
    std::string ffmpeg;
    if (is_video(opt.kind)) {
        ffmpeg = find_in_path("ffmpeg");
        if (ffmpeg.empty())
            return fail("ffmpeg was not found in PATH; it is needed to write " + opt.out +
                        " (install ffmpeg, or export PNG frames with -o DIR/)");
    }
    if (std::string why = check_writable(opt.out, writes_directory(opt.kind)); !why.empty()) return fail(why);

    std::string error;
    if (opt.kind == Kind::StillPng || opt.kind == Kind::StillSvg || opt.kind == Kind::StillPdf ||
        opt.kind == Kind::Pdf || opt.kind == Kind::SvgPages) {
        bool ok = false;
        std::string what;
        if (opt.kind == Kind::Pdf) {
            ok = write_pdf(opt.out, first, last, opt.width, opt.height, deck, lay, opt.draw, error);
            what = std::to_string(last - first + 1) + " pages";
        } else if (opt.kind == Kind::SvgPages) {
            ok = write_svg_pages(opt.out, first, last, opt.width, opt.height, deck, lay, opt.draw, error);
            what = std::to_string(last - first + 1) + " SVG pages";
        } else {
            ok = write_still(opt.kind, opt.out, opt.still - 1, opt.width, opt.height, deck, lay, opt.draw, error);
            what = "step " + std::to_string(opt.still);
        }
        if (g_stop.load()) return interrupted();
        if (!ok) return fail(error);
        if (!opt.quiet) err << "attnlab: wrote " << what << " to " << opt.out << "\n";
        return 0;
    }

    // Frames: the plain timeline (or a range of it), or a replayed session.
    const bool replay = !opt.replay.empty() || !events.empty();
    std::unique_ptr<Replayer> replayer;
    if (replay) replayer = std::make_unique<Replayer>(deck, lay, events);
    auto render_range = [&](const Plan& p) {
        return [&, p](long i, Image& img) {
            double now = p.time(i);
            if (replayer) render_image(img, deck, lay, replayer->at(now), now, opt.draw);
            else render_image(img, deck, lay, plain_state(lay, now), now, opt.draw);
        };
    };

    auto make_sink = [&](const std::string& out) {
        return opt.kind == Kind::PngSequence ? make_png_sequence(out, threads_for_png())
                                             : make_ffmpeg(ffmpeg, out, opt.kind, opt.width, opt.height, opt.fps);
    };

    if (!opt.split_steps) {
        Plan p = replay ? replay_plan(deck, lay, events, opt.fps) : plan(lay, opt);
        Progress bar(err, opt.tty, opt.quiet, p.frames);
        auto sink = make_sink(opt.out);
        Outcome o = drive(*sink, p.frames, opt.width, opt.height, render_range(p), bar, 0, error);
        if (o == Outcome::Done && !sink->commit(error)) o = Outcome::Failed;
        if (o != Outcome::Done) sink->abort();
        bar.clear();
        if (o == Outcome::Interrupted) return interrupted();
        if (o == Outcome::Failed) return fail(error);
        char what[96];
        std::snprintf(what, sizeof what, "%ld frames (%dx%d, %s fps)", p.frames, opt.width, opt.height,
                      number(opt.fps).c_str());
        bar.summary(what, opt.out);
        return 0;
    }

    // --split-steps: NAME-001.EXT … and NAME.json; everything renamed into place only at the end.
    std::string stem = strip_slashes(opt.out);
    std::string ext = "." + extension_of(stem);
    stem = stem.substr(0, stem.size() - ext.size());
    std::string base = stem.substr(stem.rfind('/') == std::string::npos ? 0 : stem.rfind('/') + 1);
    std::vector<std::unique_ptr<Sink>> clips;
    std::vector<Plan> plans;
    long total = 0;
    for (int k = first; k <= last; ++k) {
        const timeline::Span& sp = lay.spans[static_cast<std::size_t>(k)];
        Plan p;
        p.fps = opt.fps;
        p.t0 = sp.start;
        p.duration = sp.anim + sp.hold;
        p.frames = frame_count(p.duration, p.fps);
        plans.push_back(p);
        total += p.frames;
    }
    Progress bar(err, opt.tty, opt.quiet, total);
    std::string index = "{\n  \"fps\": " + number(opt.fps) + ",\n  \"size\": [" + std::to_string(opt.width) + ", " +
                        std::to_string(opt.height) + "],\n  \"steps\": [\n";
    long done = 0;
    for (int k = first; k <= last; ++k) {
        const Plan& p = plans[static_cast<std::size_t>(k - first)];
        char suffix[16];
        std::snprintf(suffix, sizeof suffix, "-%03d", k + 1);
        std::string file = stem + suffix + ext;
        clips.push_back(make_sink(file));
        Outcome o = drive(*clips.back(), p.frames, opt.width, opt.height, render_range(p), bar, done, error);
        if (o != Outcome::Done) {
            for (auto& c : clips) c->abort();
            bar.clear();
            return o == Outcome::Interrupted ? interrupted() : fail(error);
        }
        done += p.frames;
        index += "    {\"step\": " + std::to_string(k + 1) + ", \"title\": ";
        core::json_string(index, step_title(deck, lay.spans[static_cast<std::size_t>(k)]));
        index += ", \"file\": ";
        core::json_string(index, base + suffix + ext);
        index += ", \"start\": " + number(p.t0 - plans.front().t0) + ", \"duration\": " + number(p.duration) +
                 ", \"frames\": " + std::to_string(p.frames) + "}";
        index += k < last ? ",\n" : "\n";
    }
    index += "  ]\n}\n";
    std::string json = stem + ".json", json_tmp = temp_name(json);
    {
        std::ofstream f(json_tmp, std::ios::binary);
        f << index;
        f.close();
        if (!f) {
            std::remove(json_tmp.c_str());
            for (auto& c : clips) c->abort();
            return fail("cannot write " + json + ": " + std::strerror(errno ? errno : EIO));
        }
    }
    for (auto& c : clips)
        if (!c->commit(error)) {
            std::remove(json_tmp.c_str());
            for (auto& cc : clips) cc->abort();
            return fail(error);
        }
    if (rename(json_tmp.c_str(), json.c_str()) != 0) {
        std::remove(json_tmp.c_str());
        return fail("cannot write " + json + ": " + std::strerror(errno));
    }
    bar.summary(std::to_string(clips.size()) + " clips (" + std::to_string(total) + " frames) and " + json, stem + "-*" + ext);
    return 0;
}

int export_command(const std::vector<std::string>& args, const Loader& load) {
    Options opt;
    bool help = false;
    std::string error;
    if (!parse_options(args, opt, help, error)) {
        std::cerr << "attnlab: error: " << error << "\n";
        return 2;
    }
    if (help) {
        std::cout << kExportUsage;
        return 0;
    }
    opt.tty = isatty(STDERR_FILENO) == 1;
    // Reported before anything is loaded or rendered.
    if (is_video(opt.kind) && find_in_path("ffmpeg").empty()) {
        std::cerr << "attnlab: error: ffmpeg was not found in PATH; it is needed to write " << opt.out
                  << " (install ffmpeg, or export PNG frames with -o DIR/)\n";
        return 2;
    }
    if (std::string why = check_writable(opt.out, writes_directory(opt.kind)); !why.empty()) {
        std::cerr << "attnlab: error: " << why << "\n";
        return 2;
    }
    scene::Deck deck;
    core::Diagnostics load_errors;
    if (!load(opt.input, deck, load_errors)) {
        for (const auto& e : load_errors) std::cerr << e.format() << "\n";
        return 2;
    }
    std::vector<timeline::Event> events;
    if (!opt.replay.empty()) {
        core::Diagnostics errors;
        if (!read_recording(opt.replay, events, errors)) {
            for (const auto& e : errors) std::cerr << e.format() << "\n";
            return 2;
        }
    }
    return run(deck, opt, events, std::cerr);
}

}  // namespace output
