// cli/options: the command line's one option table — every option of `attnlab present`, `attnlab
// export`, `attnlab check` and `attnlab trace`, a row each: its flag, the name of its value, the parser that reads the value,
// its help, and which commands take it. Parsing, the option lines of each command's --help and
// "did you mean" are all made from the table, so an option both commands take (--size, --seed,
// --theme) is read by one parser and refused in the same words by both. What was read is plain
// data (Values), which each command (cli/present.cpp, export.cpp, check.cpp, trace.cpp) turns
// once into its own settings. The rows and the fields of Values they fill are both in this file. The table knows no deck, no exporter and no window: what only the
// command knows (the names of the export formats, its defaults) comes in a Context.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace options {

// The commands that take options, as bits of Row::commands.
enum Command : unsigned {
    kPresent = 1,  // `attnlab [present] [FILE] [options]`: the window
    kExport = 2,   // `attnlab export INPUT -o OUT [options]`
    kCheck = 4,    // `attnlab check FILE... [options]`: the one command that takes several files
    kTrace = 8,    // `attnlab trace SCENE --json [options]`
};
// Every command that loads a deck (each takes --root).
constexpr unsigned kLoading = kPresent | kExport | kCheck | kTrace;
// "present", "export", "check", "trace"
const char* command_name(Command command);

// --size: each side, in pixels, for the window and every export alike: from 16 (a thumbnail; the
// tests export 64x36) to 16384 (the largest texture side common graphics cards take; one frame
// that size is already a gigabyte of pixels).
constexpr int kMinSide = 16;
constexpr int kMaxSide = 16384;
// --fps: from one frame a second (fewer would leave a short deck with no frame at all, and its
// video with no picture) to 240.
constexpr double kMinFps = 1.0;
constexpr double kMaxFps = 240.0;

enum class Theme { Light, Dark };

// What the command line said, each field set by its rows' parser; a field a command's rows do not
// set keeps its default. "Given" fields are optional: a command's default applies when unset.
struct Values {
    bool help = false;                                // -h, --help
    std::string file;                                 // the one file argument: present's FILE, export's INPUT,
                                                      // trace's SCENE; check's first FILE
    std::vector<std::string> files;                   // check: every FILE
    // Every command that loads a deck.
    std::string root;                                 // --root DIR: the folder the deck's files must be inside
    // Both commands.
    std::optional<std::pair<int, int>> size;          // --size WxH, each side kMinSide…kMaxSide
    std::optional<std::uint64_t> seed;                // --seed N: the quiz's draws
    std::optional<Theme> theme;                       // --theme light|dark
    // export
    std::string out;                                  // -o, --output OUT
    std::string quality;                              // -q, --quality l|m|h|k
    std::optional<double> fps;                        // --fps N, kMinFps…kMaxFps
    std::optional<std::pair<int, int>> steps;         // --steps A-B (1-based, inclusive)
    int still = 0;                                    // --still STEP (1-based); 0: not given
    bool split_steps = false;                         // --split-steps
    std::string replay;                               // --replay FILE
    bool draft_voice = false;                         // --voice espeak
    bool burn_captions = false;                       // --burn-captions
    bool notes = false;                               // --notes
    bool no_questions = false;                        // --no-questions
    bool single_file = false;                         // --single-file
    bool live = false;                                // --live (a web page's default)
    bool recorded = false;                            // --recorded
    bool fallback = false;                            // --fallback
    std::string format;                               // --format FMT, one of Context::formats
    // present
    bool presenter = false;                           // --presenter
    double talk_time = 0;                             // --talk-time, in seconds; 0: not given
    std::optional<int> screen;                        // --screen N (0-based)
    bool fullscreen = false;                          // --fullscreen
    bool student = false;                             // --student
    int start_at = 0;                                 // --start-at STEP (1-based); 0: not given
    bool exit_after_last = false;                     // --exit-after-last
    bool narrate = false;                             // --narrate
    std::string record;                               // --record FILE
    bool no_audio = false;                            // --no-audio
    bool show_fps = false;                            // --fps (present: a switch)
    // trace
    bool json = false;                                // --json
    bool text = false;                                // --text
    std::optional<double> temperature;                // -T, --temperature T: a number ≥ 0, or inf
    std::optional<bool> mask;                         // --mask on|off
};

// What the table cannot know, given by the command that parses or prints its help.
struct Context {
    // --format's choices: the names of the table of formats (output/formats).
    std::vector<std::string> formats;
    // The {word}s of the rows' help and their text: what differs between the commands ("default
    // size", "seed") or comes from a module above ("outputs", "formats", "stills").
    std::map<std::string, std::string> words;
};

// One option.
struct Row {
    const char* flag;     // "--size"
    const char* alias;    // a short form ("-o"), or null
    const char* value;    // its value's name in --help ("WxH"); null: a switch, which takes none
    unsigned commands;    // the commands that take it (Command bits)
    // Reads `text` (a switch's is "") into `into`; false with `expects` saying what would do
    // ("WxH, each side from 16 to 16384 (e.g. 1920x1080)").
    bool (*read)(const std::string& text, const Context& ctx, Values& into, std::string& expects);
    // Its --help text: '\n' starts a line of its own, {word} is the Context's word.
    const char* help;
};

// Every option, in the order each command's --help lists its own: kRows, the table below.
const std::vector<Row>& rows();

// Reads the arguments of `command` (those after its name) into `values`: its options, as
// "--flag value", "--flag=value" or "-o value", and one file (check: any number of files). Stops at -h or --help (help set).
// False with `error` set, in the same words for every command: "--size expects WxH, each side
// from 16 to 16384 (e.g. 1920x1080), not '10x10'", "--seed needs a value (N)", "unknown option for
// export: --sise (did you mean '--size'? see 'attnlab export --help')".
bool parse(Command command, const std::vector<std::string>& args, const Context& ctx, Values& values,
           std::string& error);

// The option lines of `command`'s --help, a row each in the table's order: the flag and its
// value's name in a column of 24, then its help, its further lines beneath the first.
std::string help(Command command, const Context& ctx);

// Choices as a sentence lists them: "a, b or c".
std::string listing(const std::vector<std::string>& items);

// ---- the table -----------------------------------------------------------------------------
// A row per option, in the order each command's --help lists its own; each row's parser fills its
// field of Values (above). A new option is its row here and its field above — this one file — and
// its use where its command translates Values into its settings (cli/present.cpp, export.cpp,
// check.cpp, trace.cpp).

// The parsers the rows name (options.cpp), each reading one kind of value.
bool read_out(const std::string& text, const Context& ctx, Values& into, std::string& expects);
bool read_size(const std::string& text, const Context& ctx, Values& into, std::string& expects);
bool read_quality(const std::string& text, const Context& ctx, Values& into, std::string& expects);
bool read_fps(const std::string& text, const Context& ctx, Values& into, std::string& expects);
bool read_theme(const std::string& text, const Context& ctx, Values& into, std::string& expects);
bool read_steps(const std::string& text, const Context& ctx, Values& into, std::string& expects);
bool read_seed(const std::string& text, const Context& ctx, Values& into, std::string& expects);
bool read_still(const std::string& text, const Context& ctx, Values& into, std::string& expects);
bool read_replay(const std::string& text, const Context& ctx, Values& into, std::string& expects);
bool read_voice(const std::string& text, const Context& ctx, Values& into, std::string& expects);
bool read_format(const std::string& text, const Context& ctx, Values& into, std::string& expects);
bool read_talk_time(const std::string& text, const Context& ctx, Values& into, std::string& expects);
bool read_screen(const std::string& text, const Context& ctx, Values& into, std::string& expects);
bool read_start_at(const std::string& text, const Context& ctx, Values& into, std::string& expects);
bool read_record(const std::string& text, const Context& ctx, Values& into, std::string& expects);
bool read_root(const std::string& text, const Context& ctx, Values& into, std::string& expects);
bool read_temperature(const std::string& text, const Context& ctx, Values& into, std::string& expects);
bool read_mask(const std::string& text, const Context& ctx, Values& into, std::string& expects);

// A switch: sets one flag of Values.
template <bool Values::*Field>
bool set(const std::string&, const Context&, Values& into, std::string&) {
    into.*Field = true;
    return true;
}

constexpr unsigned kBoth = kPresent | kExport;

inline const std::vector<Row> kRows = {
    {"--output", "-o", "OUT", kExport, read_out, "{outputs}"},
    {"--presenter", nullptr, nullptr, kPresent, set<&Values::presenter>,
     "open the presenter window (notes, next step, timer); S toggles it"},
    {"--talk-time", nullptr, "MM:SS", kPresent, read_talk_time,
     "talk length for the presenter timer (also H:MM:SS or minutes)"},
    {"--screen", nullptr, "N", kPresent, read_screen, "put the slides on display N (0-based), fullscreen"},
    {"--fullscreen", nullptr, nullptr, kPresent, set<&Values::fullscreen>, "start fullscreen"},
    {"--size", nullptr, "WxH", kBoth, read_size,
     "size in pixels, each side from 16 to 16384 (default {default size})"},
    {"--quality", "-q", "l|m|h|k", kExport, read_quality,
     "480p15, 720p30, 1080p60, 2160p60 (--size and --fps override it)"},
    {"--fps", nullptr, "N", kExport, read_fps, "frames per second (default 30)"},
    {"--theme", nullptr, "light|dark", kBoth, read_theme, "colours (default light; dark for dim rooms)"},
    {"--student", nullptr, nullptr, kPresent, set<&Values::student>,
     "self-paced study: drawn controls (back, next, replay, pause, a\n"
     "scrubber, speed, overview, Try this, Check yourself) and the place\n"
     "where you stopped remembered in $XDG_STATE_HOME/attnlab/places"},
    {"--start-at", nullptr, "STEP", kPresent, read_start_at,
     "open at step STEP (1-based, as the counter shows it); overrides\n"
     "the remembered place"},
    {"--steps", nullptr, "A-B", kExport, read_steps,
     "only steps A to B (1-based, inclusive; \"A\" alone for one step)"},
    {"--seed", nullptr, "N", kBoth, read_seed, "seed of the quiz's draws (which questions, in which order){seed}"},
    {"--still", nullptr, "STEP", kExport, read_still, "one picture of a step's final state: -o step{stills}"},
    {"--split-steps", nullptr, nullptr, kExport, set<&Values::split_steps>,
     "with a video: one clip per step (NAME-001.mp4 …) and NAME.json,\n"
     "an index of step, title, file, start and duration"},
    {"--replay", nullptr, "FILE", kExport, read_replay,
     "render a recorded session (attnlab --record FILE) frame for frame,\n"
     "with the voice recorded beside it (FILE.wav) in an MP4 or WebM"},
    {"--voice", nullptr, "espeak", kExport, read_voice,
     "a draft voice (espeak-ng) for each step with narration and no\n"
     "voice clip, timed as a clip"},
    {"--burn-captions", nullptr, nullptr, kExport, set<&Values::burn_captions>,
     "draw the narration's captions into the frames (an MP4 or WebM then\n"
     "has no subtitle track; NAME.vtt and NAME.srt are still written)"},
    {"--notes", nullptr, nullptr, kExport, set<&Values::notes>,
     "a PDF handout prints each page's speaker notes beneath it"},
    {"--no-questions", nullptr, nullptr, kExport, set<&Values::no_questions>,
     "leave out the quizzes' questions: a video or handout of a whole\n"
     "deck or scene otherwise asks each after the step it follows (its\n"
     "'after:', else its scene's last), a page to predict it, then its\n"
     "answer (never with --still, --steps, --replay)"},
    {"--single-file", nullptr, nullptr, kExport, set<&Values::single_file>,
     "with a web page: one .html file with everything inside it, for\n"
     "e-mail and course sites (the live page always is one file; with\n"
     "--recorded: every picture, clip, script and style inside it)"},
    {"--live", nullptr, nullptr, kExport, set<&Values::live>,
     "with -o NAME.html (the default there): a page that runs the deck\n"
     "itself in the browser (the engine in WebAssembly, built by\n"
     "tools/web/build): click a word, drag a key, turn the temperature,\n"
     "the presenter view (S) with the speaker notes; one file that opens\n"
     "offline, with no picture or clip inside"},
    {"--recorded", nullptr, nullptr, kExport, set<&Values::recorded>,
     "with -o NAME.html: the recorded page instead, each step's picture\n"
     "(SVG) and its animation as a clip, drawn in advance; needs no\n"
     "WebAssembly and no web build"},
    {"--fallback", nullptr, nullptr, kExport, set<&Values::fallback>,
     "with -o NAME.html: the live page carrying the recorded page too,\n"
     "shown where the browser has no WebAssembly or the engine cannot\n"
     "start (one file, as large as both)"},
    {"--format", nullptr, "FMT", kExport, read_format, "{formats}, when OUT's name does not say"},
    {"--exit-after-last", nullptr, nullptr, kPresent, set<&Values::exit_after_last>,
     "quit on Next after the last step has finished"},
    {"--narrate", nullptr, nullptr, kPresent, set<&Values::narrate>,
     "a self-running kiosk: each step's (or title or text slide's) voice\n"
     "clip plays, and the next step follows when it ends; a step without\n"
     "one holds for its planned time. The first key or click takes over\n"
     "(the sound stops; that press does nothing else)"},
    {"--record", nullptr, "FILE", kPresent, read_record,
     "write every command as timestamped lines (for export --replay),\n"
     "and the microphone into FILE.wav on the same clock"},
    {"--no-audio", nullptr, nullptr, kPresent, set<&Values::no_audio>, "with --record: do not record the microphone"},
    {"--fps", nullptr, nullptr, kPresent, set<&Values::show_fps>, "show frames per second (F12 toggles)"},
    {"--json", nullptr, nullptr, kTrace, set<&Values::json>, "print every stage's numbers as JSON (this or --text is required)"},
    {"--text", nullptr, nullptr, kTrace, set<&Values::text>,
     "print every head's weights and output, and the result, as tables to read"},
    {"--temperature", "-T", "T", kTrace, read_temperature,
     "the temperature instead of the scene's start: a number ≥ 0, or inf"},
    {"--mask", nullptr, "on|off", kTrace, read_mask, "the causal mask instead of the scene's start"},
    {"--root", nullptr, "DIR", kLoading, read_root,
     "the folder every file the deck names (includes, scenes, voice clips)\n"
     "must be inside (default: the current folder when it holds the deck,\n"
     "else the deck's own folder)"},
    {"--help", "-h", nullptr, kLoading, set<&Values::help>, "this text"},
};

}  // namespace options
