// cli/options: the command line's one option table — every option of `attnlab present`, `attnlab
// export`, `attnlab check` and `attnlab trace`, a row each: its flag, the name of its value, the parser that reads the value,
// its help, and which commands take it. Parsing, the option lines of each command's --help and
// "did you mean" are all made from the table, so an option both commands take (--size, --seed,
// --theme) is read by one parser and refused in the same words by both. What was read is plain
// data (Values), which each command (cli/present.cpp, export.cpp, check.cpp, trace.cpp) turns
// once into its own settings. The table knows no deck, no exporter and no window: what only the
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

// Every option, in the order each command's --help lists its own.
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

}  // namespace options
