// output: the options of `attnlab export` — parsing, choosing the format from the table of
// formats, and the help text, whose format lines are made from that table.
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>

#include "output/output.hpp"
#include "output/staging.hpp"

namespace output {

namespace {

std::string pad(std::string s, std::size_t width) {
    if (s.size() < width) s.resize(width, ' ');
    else s += "  ";
    return s;
}

// "a, b or c"
std::string listing(const std::vector<std::string>& items) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i) out += i + 1 == items.size() ? " or " : ", ";
        out += items[i];
    }
    return out;
}

// How OUT is shown for a format in --help and in errors: DIR/, NAME.mp4, DIR/ --format svg.
std::string shown_as(const Format& f) {
    if (f.target == Target::File) return "NAME." + f.name;
    return &f == default_format(Target::Folder, false) ? "DIR/" : "DIR/ --format " + f.name;
}

std::vector<std::string> format_names() {
    std::vector<std::string> names;
    for (const Format& f : formats())
        if (std::find(names.begin(), names.end(), f.name) == names.end()) names.push_back(f.name);
    return names;
}

// ".mp4", ".webm" … of the rows a predicate picks, in table order.
template <class Pick>
std::vector<std::string> extensions(Pick pick) {
    std::vector<std::string> exts;
    for (const Format& f : formats())
        if (f.target == Target::File && pick(f)) exts.push_back("." + f.name);
    return exts;
}
std::vector<std::string> still_extensions() {
    return extensions([](const Format& f) { return f.content == Content::Still; });
}
std::vector<std::string> file_extensions() {
    return extensions([](const Format& f) { return f.content != Content::Still; });
}
std::vector<std::string> video_extensions() {
    return extensions([](const Format& f) { return f.is_video(); });
}

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

// What the command line said, before presets and the format are settled.
struct Given {
    std::optional<std::pair<int, int>> size;
    std::optional<double> fps;
    std::string preset;  // -q
    std::string format;  // --format
};

// One option that takes a value. False with `error` set on a bad value.
bool set_option(const std::string& a, const std::string& v, Options& opt, Given& given, std::string& error) {
    auto bad = [&](const std::string& expects) {
        error = a + " expects " + expects + ", not '" + v + "'";
        return false;
    };
    if (a == "-o" || a == "--output") {
        opt.out = v;
    } else if (a == "--size") {
        int w = 0, h = 0;
        if (!parse_size(v, w, h)) return bad("WxH (16 to 16384 each), e.g. 1920x1080");
        given.size = {w, h};
    } else if (a == "-q" || a == "--quality") {
        if (v != "l" && v != "m" && v != "h" && v != "k") return bad("l, m, h or k (480p15, 720p30, 1080p60, 2160p60)");
        given.preset = v;
    } else if (a == "--fps") {
        char* end = nullptr;
        double f = std::strtod(v.c_str(), &end);
        if (!end || *end != '\0' || v.empty() || !(f > 0 && f <= 240))
            return bad("a number of frames per second in (0, 240]");
        given.fps = f;
    } else if (a == "--theme") {
        if (v == "light") opt.draw.theme = draw::ThemeKind::Light;
        else if (v == "dark") opt.draw.theme = draw::ThemeKind::Dark;
        else return bad("light or dark");
    } else if (a == "--steps") {
        auto dash = v.find('-');
        long long lo = 0, hi = 0;
        bool ok = dash == std::string::npos ? parse_int(v, 1, 1 << 20, lo) && (hi = lo, true)
                                            : parse_int(v.substr(0, dash), 1, 1 << 20, lo) &&
                                                  parse_int(v.substr(dash + 1), 1, 1 << 20, hi);
        if (!ok || lo > hi) return bad("A-B with 1 ≤ A ≤ B (or one step A)");
        opt.steps = std::pair<int, int>{static_cast<int>(lo), static_cast<int>(hi)};
    } else if (a == "--seed") {
        char* end = nullptr;
        errno = 0;
        unsigned long long s = std::strtoull(v.c_str(), &end, 10);
        if (v.empty() || v[0] == '-' || errno || !end || *end != '\0') return bad("a non-negative integer");
        opt.seed = static_cast<std::uint64_t>(s);
    } else if (a == "--still") {
        long long s = 0;
        if (!parse_int(v, 1, 1 << 20, s)) return bad("a step number (1 for the first)");
        opt.still = static_cast<int>(s);
    } else if (a == "--replay") {
        opt.replay = v;
    } else if (a == "--voice") {
        if (v != "espeak") return bad("espeak (a draft voice from each step's narration, by espeak-ng)");
        opt.draft_voice = true;
    } else if (a == "--format") {
        if (!is_format_name(v)) return bad(listing(format_names()));
        given.format = v;
    }
    return true;
}

bool takes_value(const std::string& a) {
    static const char* const with_value[] = {"-o",      "--output", "--size",  "-q",     "--quality", "--fps",
                                             "--theme", "--steps",  "--seed",  "--still", "--replay", "--format", "--voice"};
    return std::find(std::begin(with_value), std::end(with_value), a) != std::end(with_value);
}

// Reads every argument into `opt` and `given`.
bool read_args(const std::vector<std::string>& raw, Options& opt, Given& given, bool& help, std::string& error) {
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
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "-h" || a == "--help") {
            help = true;
            return true;
        }
        if (takes_value(a)) {
            if (i + 1 >= args.size()) {
                error = a + " needs a value";
                return false;
            }
            if (!set_option(a, args[++i], opt, given, error)) return false;
        } else if (a == "--split-steps") {
            opt.split_steps = true;
        } else if (a == "--no-questions") {
            opt.questions = false;
        } else if (a == "--notes") {
            opt.notes = true;
        } else if (a == "--burn-captions") {
            opt.draw.captions = true;
        } else if (a == "--single-file") {
            opt.single_file = true;
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
    return true;
}

// The row of the table that OUT (and --format) names. Errors say what would work instead.
bool choose_format(Options& opt, const std::string& format, std::string& error) {
    const std::string ext = extension_of(opt.out);
    const bool slash = !opt.out.empty() && opt.out.back() == '/';
    struct stat st {};
    const bool is_dir = stat(opt.out.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
    const bool still = opt.still > 0;
    if (still && (slash || is_dir)) {
        error = "--still writes one file, and '" + opt.out + "' is a directory";
        return false;
    }
    // --format, else OUT's extension; else (DIR/, a name without extension, an existing
    // directory) the first row of the wanted shape.
    std::string name = format;
    if (name.empty() && !slash && !ext.empty() && !(is_dir && !is_format_name(ext))) name = ext;
    const Target target = still || !(slash || is_dir || ext.empty()) ? Target::File : Target::Folder;
    if (name.empty()) name = default_format(target, still)->name;
    opt.format = find_format(name, target, still);
    // A format written only as a file writes OUT as a file, whatever OUT looks like (an existing
    // directory there is refused by check_writable, before anything is rendered).
    if (!opt.format && target == Target::Folder) opt.format = find_format(name, Target::File, still);
    if (opt.format) return true;
    if (still) {
        error = "--still writes one picture: give -o STEP" + listing(still_extensions()) + ", not '" + opt.out + "'";
    } else if (!is_format_name(name)) {
        error = "cannot tell what to write from '" + opt.out + "': use a directory (" +
                default_format(Target::Folder, false)->help + "), " + listing(file_extensions()) + ", or --format";
    } else {
        const Format* folder = find_format(name, Target::Folder, false);
        error = "a ." + name + " file holds one picture: use --still STEP" +
                (folder ? ", or give -o " + shown_as(*folder) + " (" + folder->help + ")" : std::string());
    }
    return false;
}

// Options that do not go together, and what the chosen format needs.
bool check_combinations(const Options& opt, std::string& error) {
    const Format& f = *opt.format;
    if (opt.single_file && !f.is_site()) {
        error = "--single-file puts a web page's files inside it: give -o NAME.html";
        return false;
    }
    if (f.is_site() && (opt.split_steps || !opt.replay.empty())) {
        error = "a web page shows each step's picture and clip: drop --split-steps and --replay";
        return false;
    }
    if (opt.split_steps && !f.is_video()) {
        error = "--split-steps cuts a video into one clip per step: give -o NAME" + listing(video_extensions());
        return false;
    }
    if (opt.notes && !f.notes) {
        std::vector<std::string> handouts;
        for (const Format& g : formats())
            if (g.notes) handouts.push_back(shown_as(g));
        error = "--notes prints speaker notes in a PDF handout: give -o " + listing(handouts);
        return false;
    }
    if (!opt.replay.empty()) {
        if (f.content != Content::Frames) {
            error = "--replay renders frames: give a video or a directory for PNGs";
            return false;
        }
        if (opt.steps || opt.split_steps) {
            error = "--replay plays the whole recording: it cannot be combined with --steps or --split-steps";
            return false;
        }
    }
    if (opt.draw.captions && f.content != Content::Frames) {
        error = "--burn-captions draws the narration into video frames: give a video or a directory for PNGs";
        return false;
    }
    if (opt.draft_voice && !f.narrated()) {
        error = "--voice espeak gives a video a voice track: give -o NAME" + listing(extensions([](const Format& g) {
                    return g.narrated();
                }));
        return false;
    }
    if (opt.still && opt.steps) {
        error = "--still takes one step: drop --steps";
        return false;
    }
    // ffmpeg is fed I420, whose chroma planes are half the size in each direction.
    if (f.needs_ffmpeg() && (opt.width % 2 || opt.height % 2)) {
        error = "video needs an even width and height (yuv420p), not " + std::to_string(opt.width) + "x" +
                std::to_string(opt.height);
        return false;
    }
    return true;
}

}  // namespace

bool parse_options(const std::vector<std::string>& args, Options& opt, bool& help, std::string& error) {
    help = false;
    Given given;
    if (!read_args(args, opt, given, help, error)) return false;
    if (help) return true;
    if (opt.input.empty()) {
        error = "export needs an INPUT file (a deck or a scene)";
        return false;
    }
    if (opt.out.empty()) {
        error = "export needs -o OUT (a directory, or a " + listing(file_extensions()) + " file)";
        return false;
    }
    if (given.preset == "l") opt.width = 854, opt.height = 480, opt.fps = 15;
    if (given.preset == "m") opt.width = 1280, opt.height = 720, opt.fps = 30;
    if (given.preset == "h") opt.width = 1920, opt.height = 1080, opt.fps = 60;
    if (given.preset == "k") opt.width = 3840, opt.height = 2160, opt.fps = 60;
    if (given.size) opt.width = given.size->first, opt.height = given.size->second;
    if (given.fps) opt.fps = *given.fps;
    if (!choose_format(opt, given.format, error)) return false;
    // A web page's pictures are vectors; its clips are 720p unless asked otherwise (a lecture's
    // page stays a few tens of megabytes).
    if (opt.format->is_site() && !given.size && given.preset.empty()) opt.width = 1280, opt.height = 720;
    return check_combinations(opt, error);
}

std::string export_usage() {
    std::string formats_help;
    for (const Format& f : formats()) {
        if (f.content == Content::Still) continue;
        formats_help += pad(formats_help.empty() ? "  -o, --output OUT" : "", 24) + pad(shown_as(f), 16) + f.help + "\n";
    }
    return "usage: attnlab export INPUT -o OUT [options]\n\n"
           "  INPUT                 a deck (slides/*.yaml) or a scene (scenes/*.yaml)\n" +
           formats_help +
           "  --size WxH            output size in pixels (default 1920x1080; a web page's 1280x720)\n"
           "  -q, --quality l|m|h|k 480p15, 720p30, 1080p60, 2160p60 (--size and --fps override it)\n"
           "  --fps N               frames per second (default 30)\n"
           "  --theme light|dark    colours (default light; dark for dim rooms)\n"
           "  --steps A-B           only steps A to B (1-based, inclusive; \"A\" alone for one step)\n"
           "  --seed N              seed of the quiz's draws (which questions, in which order), from\n"
           "                        the first frame; with --replay, a 'seed' line of the recording\n"
           "                        is a later command and wins (default: the timeline's, " +
           std::to_string(timeline::State{}.seed) +
           ")\n"
           "  --still STEP          one picture of a step's final state: -o step" + listing(still_extensions()) +
           "\n"
           "  --split-steps         with a video: one clip per step (NAME-001.mp4 …) and NAME.json,\n"
           "                        an index of step, title, file, start and duration\n"
           "  --replay FILE         render a recorded session (attnlab --record FILE) frame for frame,\n"
           "                        with the voice recorded beside it (FILE.wav) in an MP4 or WebM\n"
           "  --voice espeak        a draft voice (espeak-ng) for each step with narration and no\n"
           "                        voice clip, timed as a clip\n"
           "  --burn-captions       draw the narration's captions into the frames (an MP4 or WebM then\n"
           "                        has no subtitle track; NAME.vtt and NAME.srt are still written)\n"
           "  --notes               a PDF handout prints each page's speaker notes beneath it\n"
           "  --no-questions        leave out the quizzes' questions: a video or handout of a whole\n"
           "                        deck or scene otherwise asks each after its scene, a page to\n"
           "                        predict it, then its answer (never with --still, --steps, --replay)\n"
           "  --single-file         with a web page: every picture, clip, script and style inside\n"
           "                        the one .html file (the SVGs gzip-compressed), for e-mail and\n"
           "                        course sites\n"
           "  --format FMT          " +
           listing(format_names()) +
           ", when OUT's name does not say\n"
           "  -h, --help            this text\n\n"
           "Frames: frame i shows time i / fps; a deck of T seconds gives round(T × fps) frames.\n"
           "Files are written under a temporary name and renamed when complete; on an error or Ctrl-C\n"
           "nothing is left behind. Exit codes: 0 done, 2 error, 130 interrupted (143 by SIGTERM).\n";
}

}  // namespace output
