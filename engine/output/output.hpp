// output: `attnlab export`. Frame sinks with a begin / frame / end life cycle (PNG sequence,
// ffmpeg pipe, PDF/SVG pages, stills, the web page), chosen from the table of formats
// (formats.hpp) and fed by one driver. Draws only through draw::render; knows no window.
//
// The room: formats.cpp (the table), plan.cpp
// (which frames or pages, replaying a recording), driver.cpp (the life cycle, the render-ahead
// thread, signals), progress.cpp (the bar and the summary line), frames.cpp (frame buffers and
// the painter), narration.cpp and voice.cpp (a narrated video's chapters, captions and voice),
// staging.cpp (the one commit-by-rename path every output reaches its final name through),
// web_text.cpp (the web page's escapes), and
// sinks/, one file per sink: png.cpp, ffmpeg.cpp, pages.cpp (PDF and SVG), site.cpp (the web
// page, made of other rows' outputs). sinks.hpp, staging.hpp, progress.hpp and web_text.hpp
// are internal to output/.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "draw/draw.hpp"
#include "core/web_key.hpp"
#include "model/model.hpp"
#include "output/formats.hpp"
#include "scene/scene.hpp"
#include "timeline/timeline.hpp"

namespace output {

// A key of the web page (`-o NAME.html`): see core/web_key.hpp. Filled by the caller (output/
// does not know the window's key table).
using WebKey = core::WebKey;

// Points of an export where a test stops it or makes it fail on purpose (the tests of atomic
// exports). Only a test build makes one (tests/support/attnlab_hooked.cpp); attnlab itself
// passes none, and an export without hooks calls nothing.
struct Hooks {
    // Called at each point: "frame:N" once frame or page N (0-based, per output) is in its sink,
    // "finished" once every output is complete under its temporary name, and in a folder's swap
    // "linked" (what the new folder keeps of the old one is linked into it), "exchange" (the two
    // folders are about to exchange names), "exchanged", "aside" (the old folder renamed aside,
    // the new one not yet in). True makes the step at that point fail ("exchange": as on a file
    // system that cannot exchange names, so the swap goes the other way).
    std::function<bool(const std::string& point)> at;
};

// Every setting of an export; defaults as documented in `attnlab export --help` (cli/export.cpp
// fills them from the command line).
struct Options {
    std::string input;                       // the deck or scene file
    std::string root;                        // --root DIR: where its files must be ("": the loader's default)
    std::string out;                         // -o OUT (required)
    const Format* format = default_format(Target::Folder, false);  // from OUT and --format; a PNG sequence
    int width = 1920;                        // --size WxH, or -q
    int height = 1080;
    double fps = 30.0;                       // --fps, or -q
    draw::Options draw;                      // --theme, --burn-captions (captions)
    // --seed: timeline::State::seed, which draws the quiz's questions, from the first frame on
    // (a `seed` line in a --replay recording is a later command and wins). Unset: the
    // timeline's default seed.
    std::optional<std::uint64_t> seed;
    std::optional<std::pair<int, int>> steps;  // --steps A-B: 1-based inclusive range of spans
    int still = 0;                           // --still STEP (1-based); 0 = not a still
    bool split_steps = false;                // --split-steps: one clip per step + JSON index
    bool notes = false;                      // --notes: a handout prints every page's speaker notes
    bool questions = true;                   // each quiz question as a predict page, then its answer
                                             // (--no-questions: off; never with --still, --steps, --replay)
    bool single_file = false;                // --single-file: a web page with every file inside it
    bool live = false;                       // a web page that runs the deck itself (live_page.cpp): the
                                             // default of -o NAME.html; --recorded: the page of pictures
    bool fallback = false;                   // --fallback: the live page carries the recorded one too
    std::vector<WebKey> keys;                // a web page's keys (see WebKey); none: only the
                                             // buttons and swipes move it
    std::string replay;                      // --replay FILE: a recording of timeline::Event lines
    bool draft_voice = false;                // --voice espeak: synthesise a voice for narration without a clip
    // --replay FILE: the microphone recorded beside it (FILE.wav, attnlab --record) is the
    // video's sound when present.
    bool tty = false;                        // draw a live progress bar (stderr is a terminal)
    bool quiet = false;                      // no summary line either (tests, benchmarks)
    // Called on the exporting thread each time a frame or page has reached its sink, with the
    // count so far and the total (optional).
    std::function<void(long done, long total)> on_progress;
    const Hooks* hooks = nullptr;            // a test's (see Hooks); none in attnlab itself
};

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

// What one frame or page shows: the state at session time `now`.
struct Shot {
    timeline::State state;
    double now = 0.0;
    // Shots of one export with the same version ≥ 0 have equal states (only `now` differs): the
    // span of a plain timeline, the number of events applied in a replay. −1: not known.
    long version = -1;
};

// Whether shot `cur` shows exactly the picture of `prev`, the shot before it: the same state, and
// nothing moving at either time (timeline::View::animating false: no step animation, cross-fade
// or experiment under way, or paused), so the frame at each is the step's settled frame — a hold.
// Exports render, convert and encode such a frame once and repeat it.
bool same_picture(const scene::Deck& deck, const timeline::Layout& lay, const Shot& prev, const Shot& cur);
// Nothing moves at the shot's time (its view is not animating): half of same_picture.
bool settled(const scene::Deck& deck, const timeline::Layout& lay, const Shot& shot);

// What an export shows, in order: count() shots, asked for by at(i) with i increasing (a
// replay only moves forward).
class Shots {
public:
    Shots() = default;
    Shots(long count, std::function<Shot(long)> at) : count_(count), at_(std::move(at)) {}
    long count() const { return count_; }
    Shot at(long i) const { return at_(i); }

private:
    long count_ = 0;
    std::function<Shot(long)> at_;
};
// The plain timeline: shot i is timeline::state_at(lay, plan.time(i)) at that time — the same
// state the window shows at that time. `seed`, when given, is every shot's State::seed.
Shots timeline_shots(const timeline::Layout& lay, const Plan& plan, std::optional<std::uint64_t> seed);
// A recording replayed at the plan's frame times (see Replayer). deck, lay and events must
// outlive the shots.
Shots replay_shots(const scene::Deck& deck, const timeline::Layout& lay, const std::vector<timeline::Event>& events,
                   const Plan& plan, std::optional<std::uint64_t> seed);
// Spans [first, last] (0-based, inclusive), each at its final state: the end of its hold.
Shots page_shots(const timeline::Layout& lay, int first, int last, std::optional<std::uint64_t> seed);

// Replays a recording frame by frame: the state at time t is every event whose time t has
// reached (timeline::reached, the rule that places frames on steps) applied in order, starting
// from the first step with State::seed = `seed` when given. Times must be asked in
// non-decreasing order.
class Replayer {
public:
    Replayer(const scene::Deck& deck, const timeline::Layout& lay, const std::vector<timeline::Event>& events,
             std::optional<std::uint64_t> seed = {});
    const timeline::State& at(double t);
    std::size_t applied() const { return next_; }  // events reached so far

private:
    const scene::Deck& deck_;
    const timeline::Layout& lay_;
    const std::vector<timeline::Event>& events_;
    std::size_t next_ = 0;
    timeline::State state_;
};

// Reads a recording (one timeline::Event per line; blank lines and # comments skipped).
// Mistakes are reported as FILE:LINE:COLUMN diagnostics. A last line that has no newline and
// does not read (a recording cut short mid-command) ends the reading with a warning, not an
// error: returns true when there is no error.
bool read_recording(const std::string& path, std::vector<timeline::Event>& events, core::Diagnostics& errors);

// What a narrated video muxes beside its frames: files ffmpeg reads as further inputs ("": none).
// A voice clip placed on a video's clock: heard from `start` for at most `length` seconds.
struct VoiceClip {
    std::string path;
    double start = 0.0;
    double length = 0.0;
};
struct MuxInputs {
    std::string chapters;        // an FFMETADATA file (ffmetadata()): its chapters
    // Titles of those chapters given on the command line (chapter_titles()), by chapter index.
    std::vector<std::pair<int, std::string>> chapter_titles;
    std::string subtitles;       // a WebVTT file (webvtt()): a subtitle track
    std::string subtitle_codec;  // what that track is encoded as (the format's `subtitles`)
    // The voice clips, mixed into one audio track (48 kHz stereo) of exactly `length` seconds,
    // silent where no clip plays, encoded with `audio_codec` (the format's `audio`).
    std::vector<VoiceClip> voices;
    double length = 0.0;
    std::vector<std::string> audio_codec;
};

// The command line the ffmpeg sink runs: `ffmpeg` reading raw I420 frames (width × height, at
// fps) from its standard input, encoding them with a format's `encoder` arguments into `path`,
// with the chapters and subtitles of `mux` when given.
std::vector<std::string> ffmpeg_arguments(const std::string& ffmpeg, const std::vector<std::string>& encoder,
                                          int width, int height, double fps, const std::string& path,
                                          const MuxInputs& mux = {});

// ---- chapters and captions (narration.cpp) ---------------------------------------------------

// A chapter of a video: one step, from `start` to `end` seconds on the video's clock.
struct Chapter {
    int span = 0;
    std::string title;  // model::span_title
    double start = 0.0;
    double end = 0.0;
    // The step played right after its question beat (the chapter before): the video's chapter
    // list (ffmetadata, chapter_list) gives the two one chapter, from the question on.
    bool continues = false;
};
// The chapters of an export: one each time the step shown changes, read from `scan` (the
// export's shots, a fresh instance: a replay's shots move forward only). `exact`: the plain
// timeline, whose chapters start at their spans' starts (relative to plan.t0) rather than at
// the first frame that shows them (within a frame of it). The last ends with the last frame.
std::vector<Chapter> chapters(const scene::Deck& deck, const timeline::Layout& lay, const Shots& scan,
                              const Plan& plan, bool exact);
// The captions of those chapters: each step's cues (model::span_cues) from its chapter's start,
// cut at its end, its last cue held to its end.
std::vector<model::Cue> captions(const scene::Deck& deck, const timeline::Layout& lay,
                                 const std::vector<Chapter>& chapters);
// The chapters as an FFMETADATA file (millisecond time base), as ffmpeg reads it to mux them; a
// chapter that `continues` the one before is part of it here and in chapter_list. Titles are
// escaped by ffmpeg's rules ('=', ';', '#', '\\', line breaks), and read back exactly but for one
// case its reader cannot take, a title ending in '\\' (chapter_titles).
std::string ffmetadata(const std::vector<Chapter>& chapters);
// The titles of ffmetadata's chapters (by their index in it) that its file cannot carry — those
// ending in '\\', which ffmpeg's reader takes for a line continued — given to ffmpeg on its
// command line instead (MuxInputs::chapter_titles).
std::vector<std::pair<int, std::string>> chapter_titles(const std::vector<Chapter>& chapters);
// The chapters as video sites read them from a description: "0:00 Title" lines ("1:02:03 …"
// past an hour), each start rounded down to the second.
std::string chapter_list(const std::vector<Chapter>& chapters);
// The voice clips of those chapters: each step's clip (scene::Step::voice, or a title or text
// slide's) from its chapter's start, cut at its end.
std::vector<VoiceClip> voices(const scene::Deck& deck, const timeline::Layout& lay, const std::vector<Chapter>& chapters);
// Cues as a WebVTT file and as an SRT file (times rounded to the millisecond).
std::string webvtt(const std::vector<model::Cue>& cues);
std::string srt(const std::vector<model::Cue>& cues);

// The length in seconds of a PCM WAV file: its data chunk at the fmt chunk's byte rate (a data
// chunk longer than the file — a recording cut short — counts what the file holds); < 0 when it
// is not a WAV.
double wav_seconds(const std::string& path);

// A temporary folder of synthesised voice clips, removed with it.
struct VoiceFolder {
    std::string path;
    VoiceFolder() = default;
    VoiceFolder(const VoiceFolder&) = delete;
    VoiceFolder& operator=(const VoiceFolder&) = delete;
    ~VoiceFolder();
};
// --voice espeak: gives every step and title or text slide of `deck` that has narration (`say`)
// but no voice clip a draft clip spoken by espeak-ng (WAV files in `folder`), with its length,
// so that the timeline holds it and the export mixes it as a recorded clip; likewise a step's
// question (`ask`) without its `ask_voice`. False with `error` set when espeak-ng is missing or
// fails.
// The draft voice's pace (espeak-ng -s): under scene::kNarrationWordsPerMinute, so that a step
// lasts its clip, heard whole at a calm pace, rather than a clip that hurries its words.
constexpr int kDraftVoiceWordsPerMinute = 150;
bool draft_voices(scene::Deck& deck, VoiceFolder& folder, std::string& error);

// Exports a deck that is already loaded. `events` non-empty means --replay. Messages go to
// `err`. Returns the exit code: 0 done, 2 error, 130 interrupted by SIGINT, 143 by SIGTERM (on
// an error or an interruption the old output, if any, is left as it was and nothing else).
int run(const scene::Deck& deck, const Options& opt, const std::vector<timeline::Event>& events, std::ostream& err);

// Reads a deck or scene file, every file it names inside `root` ("": the default root); false
// with diagnostics on bad input. `files`: every file it read, the top file first (a live page
// carries them); `texts`: every text the deck shows (load::Options::texts: a live page carries
// the fallback faces they are drawn with, subset to their characters). output/ does not parse
// files itself (that is load/'s job): cli/export.cpp hands it load::load_file through this.
using Loader = std::function<bool(const std::string& path, const std::string& root, scene::Deck& deck,
                                  core::Diagnostics& errors, std::vector<std::string>& files,
                                  std::vector<std::string>& texts)>;
// The export `opt` asks for (`attnlab export …`, its arguments translated by cli/export.cpp):
// checks that OUT can be written, loads opt.input with `load`, reads a --replay recording, then
// writes the live page or runs the export. Returns the process exit code. opt.draw.fonts are the
// fonts frames are drawn with (loaded by the caller).
int export_file(Options opt, const Loader& load);

}  // namespace output
