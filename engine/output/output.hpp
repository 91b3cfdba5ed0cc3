// output: frame sinks with a begin / frame / end life cycle (PNG sequence, ffmpeg pipe,
// PDF/SVG pages) and `attnlab export`. Draws only through draw::render; knows no window.
#pragma once

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "draw/draw.hpp"
#include "scene/scene.hpp"
#include "timeline/timeline.hpp"

namespace output {

// What an export writes, decided from -o OUT and --format.
enum class Kind {
    PngSequence,  // OUT is a directory: frame_000000.png …
    SvgPages,     // --format svg with a directory: step_001.svg … (each step's final state)
    Pdf,          // one vector page per step (its final state)
    Mp4,          // x264 veryfast, yuv420p, +faststart
    Webm,         // VP9
    Gif,          // palette generated from the frames
    StillPng,     // --still STEP -o step.png
    StillSvg,     // --still STEP -o step.svg
    StillPdf,     // --still STEP -o step.pdf
};
bool is_video(Kind k);

// Every option of `attnlab export`; defaults as documented in `attnlab export --help`.
struct Options {
    std::string input;                       // the deck or scene file
    std::string out;                         // -o OUT (required)
    Kind kind = Kind::PngSequence;           // from OUT (and --format)
    int width = 1920;                        // --size WxH, or -q
    int height = 1080;
    double fps = 30.0;                       // --fps, or -q
    draw::Options draw;                      // --theme, --seed
    std::optional<std::pair<int, int>> steps;  // --steps A-B: 1-based inclusive range of spans
    int still = 0;                           // --still STEP (1-based); 0 = not a still
    bool split_steps = false;                // --split-steps: one clip per step + JSON index
    std::string replay;                      // --replay FILE: a recording of timeline::Event lines
    bool tty = false;                        // draw a live progress bar (stderr is a terminal)
    bool quiet = false;                      // no summary line either (tests, benchmarks)
};

// Parses the arguments after `export`. On a mistake returns false with `error` set. `help` is set
// (and true returned) for --help.
bool parse_options(const std::vector<std::string>& args, Options& out, bool& help, std::string& error);
extern const char* const kExportUsage;

// The frames of an export: frame i shows deck time t0 + i / fps; frames = round(duration × fps).
struct Plan {
    double t0 = 0.0;
    double duration = 0.0;
    double fps = 30.0;
    long frames = 0;
    double time(long i) const { return t0 + static_cast<double>(i) / fps; }
};
long frame_count(double seconds, double fps);
// The plain timeline of a deck (or of the --steps range).
Plan plan(const timeline::Layout& lay, const Options& opt);
// A replayed session: lasts until the last event plus the final step's animation and hold.
Plan replay_plan(const scene::Deck& deck, const timeline::Layout& lay, const std::vector<timeline::Event>& events,
                 double fps);

// The state shown by frame time `t` of the plain timeline. Step boundaries are compared with a
// nanosecond of slack so that t = i / fps lands on a step's start at every frame rate.
timeline::State plain_state(const timeline::Layout& lay, double t);

// Replays a recording frame by frame: the state at time t is every event with time ≤ t applied
// in order. Times must be asked in non-decreasing order.
class Replayer {
public:
    Replayer(const scene::Deck& deck, const timeline::Layout& lay, const std::vector<timeline::Event>& events);
    const timeline::State& at(double t);

private:
    const scene::Deck& deck_;
    const timeline::Layout& lay_;
    const std::vector<timeline::Event>& events_;
    std::size_t next_ = 0;
    timeline::State state_;
};

// Reads a recording (one timeline::Event per line; blank lines and # comments skipped).
// Mistakes are reported as FILE:LINE:COLUMN diagnostics.
bool read_recording(const std::string& path, std::vector<timeline::Event>& events, core::Diagnostics& errors);

// Looks an executable up in $PATH ("" when absent). A name with a '/' is taken as a path.
std::string find_in_path(const std::string& name);

// Exports a deck that is already loaded. `events` non-empty means --replay. Messages go to
// `err`. Returns the exit code: 0 done, 2 error (nothing left behind), 130 interrupted.
int run(const scene::Deck& deck, const Options& opt, const std::vector<timeline::Event>& events, std::ostream& err);

// `attnlab export …` with the arguments after "export". Returns the process exit code.
// Reads a deck or scene file; false with diagnostics on bad input. output/ does not parse
// files itself (that is load/'s job): main.cpp hands it load::load_file through this.
using Loader = std::function<bool(const std::string& path, scene::Deck& deck, core::Diagnostics& errors)>;
int export_command(const std::vector<std::string>& args, const Loader& load);

}  // namespace output
