// cli: `attnlab export INPUT -o OUT [options]` — its options read with the command line's option
// table, then translated once into the export's settings (output::Options): the format chosen
// from the table of formats, presets, the combinations that cannot go together; the help text,
// whose option lines come from the option table and whose format lines from the table of
// formats; and the command, which hands those settings and the loader to output::export_file.
#include "cli/export.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <iostream>

#include "app/bindings.hpp"
#include "cli/cli.hpp"
#include "cli/common.hpp"
#include "cli/options.hpp"
#include "load/load.hpp"

namespace cli {

using output::Content;
using output::default_format;
using output::find_format;
using output::Format;
using output::formats;
using output::is_format_name;
using output::Options;
using output::Target;

namespace {

// OUT without the slashes that end it ("out/" → "out"; "/" stays).
std::string strip_slashes(const std::string& path) {
    std::string p = path;
    while (p.size() > 1 && p.back() == '/') p.pop_back();
    return p;
}

std::string pad(std::string s, std::size_t width) {
    if (s.size() < width) s.resize(width, ' ');
    else s += "  ";
    return s;
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
        error = "--still writes one picture: give -o STEP" + options::listing(still_extensions()) + ", not '" + opt.out + "'";
    } else if (!is_format_name(name)) {
        error = "cannot tell what to write from '" + opt.out + "': use a directory (" +
                default_format(Target::Folder, false)->help + "), " + options::listing(file_extensions()) + ", or --format";
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
    if (opt.live && (opt.still > 0 || opt.steps || opt.draft_voice)) {
        error = "the live page runs the whole deck in the browser: drop --steps and --voice, or pass --recorded "
                "for the recorded page";
        return false;
    }
    if (opt.single_file && !f.is_site()) {
        error = "--single-file puts a web page's files inside it: give -o NAME.html";
        return false;
    }
    if (f.is_site() && (opt.split_steps || !opt.replay.empty())) {
        error = "a web page shows each step's picture and clip: drop --split-steps and --replay";
        return false;
    }
    if (opt.split_steps && !f.is_video()) {
        error = "--split-steps cuts a video into one clip per step: give -o NAME" + options::listing(video_extensions());
        return false;
    }
    if (opt.notes && !f.notes) {
        std::vector<std::string> handouts;
        for (const Format& g : formats())
            if (g.notes) handouts.push_back(shown_as(g));
        error = "--notes prints speaker notes in a PDF handout: give -o " + options::listing(handouts);
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
        error = "--voice espeak gives a video a voice track: give -o NAME" + options::listing(extensions([](const Format& g) {
                    return g.narrated();
                }));
        return false;
    }
    if (opt.still && opt.steps) {
        error = "--still takes one step: drop --steps";
        return false;
    }
    // ffmpeg is fed I420, whose chroma planes are half the size in each direction.
    if (f.needs_ffmpeg() && !(opt.live && !opt.fallback) && (opt.width % 2 || opt.height % 2)) {
        error = "video needs an even width and height (yuv420p), not " + std::to_string(opt.width) + "x" +
                std::to_string(opt.height);
        return false;
    }
    return true;
}

// What the option table cannot know of export: the format names, and the words of its help that
// come from the table of formats or differ from present's.
options::Context context() {
    options::Context ctx;
    ctx.formats = format_names();
    std::string outputs;
    for (const Format& f : formats()) {
        if (f.content == Content::Still) continue;
        outputs += (outputs.empty() ? "" : "\n") + pad(shown_as(f), 16) + f.help;
    }
    ctx.words = {
        {"outputs", outputs},
        {"default size", "1920x1080;\na web page's 1280x720"},
        {"seed", ", from\nthe first frame; with --replay, a 'seed' line of the recording\nis a later command and wins "
                 "(default: the timeline's, " +
                     std::to_string(timeline::State{}.seed) + ")"},
        {"stills", options::listing(still_extensions())},
        {"formats", options::listing(format_names())},
    };
    return ctx;
}

}  // namespace

bool export_options(const std::vector<std::string>& args, Options& opt, bool& help, std::string& error) {
    help = false;
    options::Values v;
    if (!options::parse(options::kExport, args, context(), v, error)) return false;
    if (v.help) {
        help = true;
        return true;
    }
    if (!v.file.empty()) opt.input = v.file;
    opt.root = v.root;
    if (!v.out.empty()) opt.out = v.out;
    if (v.theme) opt.draw.theme = *v.theme == options::Theme::Dark ? draw::ThemeKind::Dark : draw::ThemeKind::Light;
    if (v.steps) opt.steps = v.steps;
    if (v.seed) opt.seed = v.seed;
    if (v.still) opt.still = v.still;
    if (!v.replay.empty()) opt.replay = v.replay;
    if (v.draft_voice) opt.draft_voice = true;
    if (v.split_steps) opt.split_steps = true;
    if (v.no_questions) opt.questions = false;
    if (v.notes) opt.notes = true;
    if (v.burn_captions) opt.draw.captions = true;
    if (v.single_file) opt.single_file = true;
    if (opt.input.empty()) {
        error = "export needs an INPUT file (a deck or a scene)";
        return false;
    }
    if (opt.out.empty()) {
        error = "export needs -o OUT (a directory, or a " + options::listing(file_extensions()) + " file)";
        return false;
    }
    if (v.quality == "l") opt.width = 854, opt.height = 480, opt.fps = 15;
    if (v.quality == "m") opt.width = 1280, opt.height = 720, opt.fps = 30;
    if (v.quality == "h") opt.width = 1920, opt.height = 1080, opt.fps = 60;
    if (v.quality == "k") opt.width = 3840, opt.height = 2160, opt.fps = 60;
    if (v.size) opt.width = v.size->first, opt.height = v.size->second;
    if (v.fps) opt.fps = *v.fps;
    if (!choose_format(opt, v.format, error)) return false;
    // A web page's pictures are vectors; its clips are 720p unless asked otherwise (a lecture's
    // page stays a few tens of megabytes).
    if (opt.format->is_site() && !v.size && v.quality.empty()) opt.width = 1280, opt.height = 720;
    // Which web page: the live one unless --recorded (--fallback: the live one carrying the other).
    if (v.live || v.recorded || v.fallback) {
        const char* which = v.recorded ? "--recorded" : v.fallback ? "--fallback" : "--live";
        if (!opt.format->is_site()) {
            error = std::string(which) + " chooses the web page to write: give -o NAME.html";
            return false;
        }
        if (v.recorded && (v.live || v.fallback)) {
            error = std::string("--recorded writes the page of pictures alone: drop ") + (v.live ? "--live" : "--fallback");
            return false;
        }
    }
    opt.live = opt.format->is_site() && !v.recorded;
    opt.fallback = opt.live && v.fallback;
    return check_combinations(opt, error);
}

std::string export_usage() {
    return "usage: attnlab export INPUT -o OUT [options]\n\n"
           "  INPUT                 a deck (slides/*.yaml) or a scene (scenes/*.yaml)\n" +
           options::help(options::kExport, context()) +
           "\n"
           "Frames: frame i shows time i / fps; a deck of T seconds gives round(T × fps) frames.\n"
           "Files are written under a temporary name and renamed when complete; on an error or Ctrl-C\n"
           "nothing is left behind. Exit codes: 0 done, 2 error, 130 interrupted (143 by SIGTERM).\n";
}

namespace {

// The deck or scene file and every file it names, read by load/ (the exporter parses no file).
bool load_deck(const std::string& path, const std::string& root, scene::Deck& deck, core::Diagnostics& errors,
               std::vector<std::string>& files, std::vector<std::string>& texts) {
    load::Options options{root, {}};
    options.texts = [&texts](const std::string& t) { texts.push_back(t); };
    load::Result r = load::load_file(path, options);
    deck = std::move(r.deck);
    errors = std::move(r.errors);
    files = std::move(r.files);
    return errors.empty();
}

}  // namespace

int export_(const std::vector<std::string>& args, std::shared_ptr<const draw::Fonts> fonts, const output::Hooks* hooks) {
    Options opt;
    opt.draw.fonts = std::move(fonts);
    opt.keys = app::web_keys();
    opt.hooks = hooks;
    bool help = false;
    std::string error;
    if (!export_options(args, opt, help, error)) {
        std::cerr << "attnlab: error: " << core::printable(error) << "\n";
        return 2;
    }
    if (help) return std::cout << export_usage() ? 0 : 1;
    return output::export_file(std::move(opt), load_deck);
}

int export_(const std::vector<std::string>& args) {
    const std::string dir = fonts_dir();
    auto fonts = load_fonts(dir);
    if (!fonts) return 2;
    return export_(args, std::move(fonts), nullptr);
}

}  // namespace cli
