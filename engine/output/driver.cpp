// output: the export driver — every format goes through the same life cycle: begin, the pieces
// a sink is made of (other rows' outputs, e.g. a web page's pictures and clips, each driven
// through its own row's sink the same way), frames or pages, finish, and only then commit (rename
// into place). drive.cpp drives one sink: raster sinks are fed by a render-ahead thread; vector
// sinks are handed shots to paint. Each frame or page is counted into the progress (progress.cpp);
// SIGINT and SIGTERM stop the export and remove everything it wrote. Knows no format by name: the
// table's rows and the sinks they make say it all.
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <optional>

#include "output/drive.hpp"
#include "output/live_export.hpp"
#include "output/progress.hpp"
#include "output/sinks.hpp"
#include "sys/process.hpp"

namespace output {

namespace {

void on_signal(int sig) { g_stop.store(sig); }

// Ctrl-C and SIGTERM set g_stop to the signal (no SA_RESTART: a blocked write returns EINTR);
// SIGPIPE is ignored so that a dying ffmpeg is an error, not a silent death. Restored on exit.
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

// One output of an export and what it shows: the whole export, or with --split-steps one clip.
struct Part {
    std::string out;
    Shots shots;
    Plan plan;      // frames: when they start and how long they last (the --split-steps index)
    int span = -1;  // --split-steps: the step the clip shows
    Shots scan;     // the same shots again, for its chapters (a narrated video)
    bool exact = true;  // the plain timeline: chapters start where their spans do
};

std::string clip_name(const std::string& stem, const Format& f, int span) {
    char suffix[16];
    std::snprintf(suffix, sizeof suffix, "-%03d.", span + 1);
    return stem + suffix + f.name;
}

// The files a narrated video has beside it, by what they end with: its captions, and the
// chapters ffmpeg muxes (a temporary input, never left beside the video).
const char* const kCaptionExtensions[] = {".vtt", ".srt"};
const char* const kMetadataExtension = ".ffmetadata";
const char* const kChapterList = ".chapters.txt";

bool ends_with(const std::string& s, const std::string& end) {
    return s.size() >= end.size() && s.compare(s.size() - end.size(), end.size(), end) == 0;
}

// PATH without the format's extension (in any case): "talk-001" of "talk-001.mp4".
std::string stem_of(const std::string& path, const Format& f) {
    std::string out = strip_slashes(path), ext = "." + f.name;
    bool has_ext = out.size() > ext.size();
    for (std::size_t i = 0; has_ext && i < ext.size(); ++i)
        has_ext = std::tolower(static_cast<unsigned char>(out[out.size() - ext.size() + i])) == ext[i];
    return has_ext ? out.substr(0, out.size() - ext.size()) : out;
}

// "NAME" of NAME.mp4, to which --split-steps adds "-001.mp4" … and ".json".
std::string stem_of(const Options& opt) { return stem_of(opt.out, *opt.format); }

// Whether `base` is "NAME-NNN.EXT" (a clip of --split-steps, or its captions or chapters),
// "NAME.json" (its index) or "NAME.chapters.txt".
bool is_clip_of(const std::string& base, const std::string& name, const Format& f) {
    if (base == name + ".json" || base == name + kChapterList) return true;
    std::string ext = "." + f.name;
    for (const char* e : kCaptionExtensions)
        if (ends_with(base, e)) ext = e;
    if (ends_with(base, kMetadataExtension)) ext = kMetadataExtension;
    if (base.size() < name.size() + 1 + 3 + ext.size() || base.compare(0, name.size() + 1, name + "-") != 0 ||
        base.compare(base.size() - ext.size(), ext.size(), ext) != 0)
        return false;
    const std::string digits = base.substr(name.size() + 1, base.size() - name.size() - 1 - ext.size());
    return digits.find_first_not_of("0123456789") == std::string::npos;
}

// What the export commits beside its output, each checked as the output is (final_problem)
// before anything is drawn: the clips of --split-steps and their index, a narrated video's
// captions, chapters and chapter list. "" or why one of them cannot be written.
std::string check_beside(const Options& opt, const std::vector<Part>& todo) {
    std::vector<std::string> names;
    for (const Part& p : todo) {
        if (p.out != opt.out) names.push_back(p.out);
        if (!opt.format->narrated()) continue;
        const std::string stem = stem_of(p.out, *opt.format);
        for (const char* e : kCaptionExtensions) names.push_back(stem + e);
    }
    if (opt.split_steps) names.push_back(stem_of(opt) + ".json");
    if (opt.format->narrated()) names.push_back(stem_of(opt) + kChapterList);
    for (const std::string& name : names) {
        const std::string why = final_problem(name, Target::File);
        if (why.empty()) continue;
        const std::size_t slash = name.rfind('/');
        const std::size_t length = name.size() - (slash == std::string::npos ? 0 : slash + 1);
        if (length <= kNameMax) return "cannot write " + name + ": " + why;
        return "cannot write " + name + " beside " + opt.out + ": " + why + " (shorten the output's name by " +
               std::to_string(length - kNameMax) + " bytes)";
    }
    return "";
}

// What the export writes: spans [first, last] as the format shows them.
std::vector<Part> parts(const scene::Deck& deck, const timeline::Layout& lay, const Options& opt,
                        const std::vector<timeline::Event>& events, int first, int last, double recorded_seconds) {
    switch (opt.format->content) {
        case Content::Still: return {Part{opt.out, page_shots(lay, opt.still - 1, opt.still - 1, opt.seed), {}}};
        case Content::Pages: return {Part{opt.out, page_shots(lay, first, last, opt.seed), {}}};
        case Content::Site: return {Part{opt.out, Shots{}, {}}};  // nothing of its own: its sink's pieces
        case Content::Frames: break;
    }
    if (!opt.split_steps) {
        const bool replay = !opt.replay.empty() || !events.empty();
        Plan p = replay ? replay_plan(deck, lay, events, opt.fps) : plan(lay, opt);
        // A replayed talk lasts at least as long as the voice recorded with it.
        if (replay && recorded_seconds > p.duration) {
            p.duration = recorded_seconds;
            p.frames = frame_count(p.duration, p.fps);
        }
        auto shots = [&] {
            return replay ? replay_shots(deck, lay, events, p, opt.seed) : timeline_shots(lay, p, opt.seed);
        };
        return {Part{opt.out, shots(), p, -1, shots(), !replay}};
    }
    std::vector<Part> clips;
    const std::string stem = stem_of(opt);
    for (int k = first; k <= last; ++k) {
        const timeline::Span& sp = lay.spans[static_cast<std::size_t>(k)];
        Plan p{sp.start, sp.anim + sp.hold, opt.fps, frame_count(sp.anim + sp.hold, opt.fps)};
        clips.push_back(Part{clip_name(stem, *opt.format, k), timeline_shots(lay, p, opt.seed), p, k,
                             timeline_shots(lay, p, opt.seed), true});
    }
    return clips;
}

// --split-steps' NAME.json: for each clip its step, title, file, start and duration.
std::string split_index(const scene::Deck& deck, const timeline::Layout& lay, const Options& opt,
                        const std::vector<Part>& clips) {
    std::string index = "{\n  \"fps\": " + number(opt.fps) + ",\n  \"size\": [" + std::to_string(opt.width) + ", " +
                        std::to_string(opt.height) + "],\n  \"steps\": [\n";
    for (std::size_t i = 0; i < clips.size(); ++i) {
        const Part& c = clips[i];
        const timeline::Span& sp = lay.spans[static_cast<std::size_t>(c.span)];
        const std::string title = timeline::span_title(deck, sp);
        index += "    {\"step\": " + std::to_string(c.span + 1) + ", \"title\": ";
        core::json_string(index, title);
        index += ", \"file\": ";
        core::json_string(index, c.out.substr(c.out.rfind('/') == std::string::npos ? 0 : c.out.rfind('/') + 1));
        index += ", \"start\": " + number(c.plan.t0 - clips.front().plan.t0) + ", \"duration\": " +
                 number(c.plan.duration) + ", \"frames\": " + std::to_string(c.plan.frames) + "}";
        index += i + 1 < clips.size() ? ",\n" : "\n";
    }
    return index + "  ]\n}\n";
}

// A file written whole under its temporary name (Staged), to be committed with the export (or,
// not `committed`, removed once read: ffmpeg's chapters input).
bool stage(std::optional<Staged>& file, const std::string& final_path, const std::string& bytes, std::string& error,
           bool committed = true) {
    file.emplace(final_path, Target::File);
    if (!file->create(error, committed)) return false;
    std::string why;
    if (write_file(file->path(), bytes, why)) return true;
    error = written_as(file->path(), final_path, why);
    return false;
}

// What a narrated video muxes and has beside it: its chapters (an FFMETADATA input, removed once
// ffmpeg has read it) and its captions (NAME.vtt, NAME.srt, committed with the video).
struct Narration {
    std::vector<Chapter> chapters;
    std::optional<Staged> metadata, vtt, srt;
    MuxInputs mux;
};

bool narrate(const scene::Deck& deck, const timeline::Layout& lay, const Format& f, const Part& part, bool burned,
             const std::string& recorded, Narration& n, std::string& error) {
    n.chapters = chapters(deck, lay, part.scan, part.plan, part.exact);
    const std::vector<model::Cue> cues = captions(deck, lay, n.chapters);
    const std::string stem = stem_of(part.out, f);
    if (!stage(n.metadata, stem + kMetadataExtension, ffmetadata(n.chapters), error, false) ||
        !stage(n.vtt, stem + ".vtt", webvtt(cues), error) || !stage(n.srt, stem + ".srt", srt(cues), error))
        return false;
    n.mux.chapters = n.metadata->path();
    n.mux.chapter_titles = chapter_titles(n.chapters);
    // A video with no narration has empty caption files beside it and no subtitle track, and
    // one whose captions are burned into its frames has no track either.
    if (!cues.empty() && !burned) n.mux.subtitles = n.vtt->path();
    n.mux.subtitle_codec = f.subtitles;
    n.mux.length = static_cast<double>(part.plan.frames) / part.plan.fps;
    n.mux.voices = voices(deck, lay, n.chapters);
    // A replayed talk: the voice recorded with it, from its start, in place of any clips.
    if (const double s = recorded.empty() ? -1 : wav_seconds(recorded); s > 0)
        n.mux.voices = {VoiceClip{recorded, 0.0, std::min(s, n.mux.length)}};
    n.mux.audio_codec = f.audio;
    return true;
}

// The files committed beside the output: the index, the chapter list, each video's captions.
std::vector<const std::optional<Staged>*> sidecars(const std::optional<Staged>& index,
                                                   const std::optional<Staged>& chapter_list,
                                                   const std::vector<Narration>& narrations) {
    std::vector<const std::optional<Staged>*> out = {&index, &chapter_list};
    for (const Narration& n : narrations) out.insert(out.end(), {&n.vtt, &n.srt});
    return out;
}

// What to say at the end: "120 frames (1920x1080, 30 fps)", "12 pages", "step 3", … unless the
// one sink says it itself (a web page: its steps, clips and experiments).
std::string summary(const Options& opt, const std::vector<Part>& written, long total,
                    const std::vector<std::unique_ptr<Sink>>& sinks) {
    if (sinks.size() == 1 && !sinks.front()->summary().empty()) return sinks.front()->summary();
    if (opt.format->content == Content::Still) return "step " + std::to_string(opt.still);
    if (opt.format->content == Content::Pages) return std::to_string(total) + " pages";
    if (opt.split_steps)
        return std::to_string(written.size()) + " clips (" + std::to_string(total) + " frames) and " +
               stem_of(opt) + ".json";
    return std::to_string(total) + " frames (" + std::to_string(opt.width) + "x" + std::to_string(opt.height) + ", " +
           number(opt.fps) + " fps)";
}

// The ffmpeg to use (for a format that needs it), or why OUT cannot be written.
std::string check_output(const Options& opt, std::string& ffmpeg) {
    if (opt.format->needs_ffmpeg() && (!opt.live || opt.fallback)) {  // a live page has no clip but its fallback's
        ffmpeg = sys::find_in_path("ffmpeg");
        if (ffmpeg.empty())
            return "ffmpeg was not found in PATH; it is needed to write " + opt.out +
                   " (install ffmpeg, or export PNG frames with -o DIR/)";
    }
    return opt.live ? live_page_problem(opt) : check_writable(opt.out, opt.format->target);
}

// The steps to export (0-based, inclusive) and the ffmpeg to use, or why the export cannot run.
std::string check(const scene::Deck& deck, const timeline::Layout& lay, const Options& opt, int& first, int& last,
                  std::string& ffmpeg) {
    const int spans = static_cast<int>(lay.spans.size());
    if (spans == 0)
        return "nothing to export: " + (deck.file.empty() ? std::string("the deck") : deck.file) + " has no slides";
    first = 0;
    last = spans - 1;
    if (opt.steps) {
        if (opt.steps->first < 1 || opt.steps->second > spans || opt.steps->first > opt.steps->second)
            return "--steps " + std::to_string(opt.steps->first) + "-" + std::to_string(opt.steps->second) +
                   " is outside the deck's steps 1-" + std::to_string(spans);
        first = opt.steps->first - 1;
        last = opt.steps->second - 1;
    }
    if (opt.format->content == Content::Still && (opt.still < 1 || opt.still > spans))
        return "--still " + std::to_string(opt.still) + ": the deck has " + std::to_string(spans) + " steps";
    // A handout prints every question of every quiz, where a video asks one attempt's (which the
    // loader bounds): its pages are bounded as the video is, held as the video would hold them.
    if (opt.format->content == Content::Pages && lay.total > scene::kMaxVideoSeconds) {
        int questions = 0;
        for (const timeline::Span& sp : lay.spans) questions += sp.question >= 0 && !sp.answer;
        char lasting[64];
        std::snprintf(lasting, sizeof lasting, "%.1f hours", lay.total / 3600.0);
        return "the handout would print " + std::to_string(questions) + " quiz questions, a page each and one for its answer (" +
               std::to_string(spans) + " pages); a handout is bounded as a video is: its pages, each held as long as a video "
               "holds it, may last at most " + std::to_string(static_cast<int>(scene::kMaxVideoSeconds / 3600)) +
               " hours (the limit), and these would last " + lasting + "; "
               "export it with --no-questions, or give its quizzes fewer questions";
    }
    return check_output(opt, ffmpeg);
}

}  // namespace

int run(const scene::Deck& given, const Options& opt, const std::vector<timeline::Event>& events, std::ostream& err) {
    g_stop.store(0);
    SignalGuard guard;
    // --voice espeak: the deck with a draft clip for each narration without one.
    std::optional<scene::Deck> voiced;
    VoiceFolder voice_folder;
    if (opt.draft_voice && opt.format->narrated()) {
        voiced = given;
        std::string why;
        if (!draft_voices(*voiced, voice_folder, why)) {
            err << "attnlab: error: " << core::printable_lines(why) << "\n";
            return 2;
        }
    }
    const scene::Deck& deck = voiced ? *voiced : given;
    // A whole deck or scene played through also asks its quizzes' questions, each a page to
    // predict and then its answer; a still, a range of steps and a replay keep the window's steps.
    // (A web page asks them in its own quiz.)
    const bool questions = opt.questions &&
                           (opt.format->content == Content::Frames || opt.format->content == Content::Pages) &&
                           !opt.steps && opt.replay.empty();
    // (A handout asks them all; a video the ones a first attempt draws, as in the window.)
    const timeline::Pages pages = !questions ? timeline::Pages::Steps
                                  : opt.format->content == Content::Pages ? timeline::Pages::WithQuestions
                                                                          : timeline::Pages::WithDrawnQuestions;
    const timeline::Layout lay = timeline::layout(deck, pages, opt.seed.value_or(timeline::State{}.seed));
    int first = 0, last = 0;
    std::string ffmpeg;
    if (std::string why = check(deck, lay, opt, first, last, ffmpeg); !why.empty()) {
        err << "attnlab: error: " << core::printable_lines(why) << "\n";
        return 2;
    }
    // --replay FILE: the microphone recorded beside it (attnlab --record), when there is one.
    std::string recorded;
    if (struct stat st {}; !opt.replay.empty() && stat((opt.replay + ".wav").c_str(), &st) == 0 && S_ISREG(st.st_mode))
        recorded = opt.replay + ".wav";
    const double recorded_seconds = recorded.empty() || !opt.format->narrated() ? 0.0 : wav_seconds(recorded);
    std::vector<Part> todo = parts(deck, lay, opt, events, first, last, recorded_seconds);
    std::string error;
    Outcome o = Outcome::Done;
    if (std::string why = check_beside(opt, todo); !why.empty()) {
        err << "attnlab: error: " << why << "\n";
        return 2;
    }
    if (opt.split_steps) {
        // A killed export may have been cutting other steps: its leftovers of every clip go.
        const std::string stem = stem_of(opt);
        const std::string name = stem.substr(stem.rfind('/') == std::string::npos ? 0 : stem.rfind('/') + 1);
        remove_leftovers(parent_of(opt.out), [&](const std::string& base) {
            return is_clip_of(base, name, *opt.format) || shortened_from(base, name);
        });
    }
    long total = 0;
    for (const Part& p : todo) total += p.shots.count();
    Progress progress(err, opt, total, opt.format->content == Content::Pages ? "page" : "frame");
    // Frames stop being painted, between panels and between rows of a large one, on a signal.
    draw::Options drawing = opt.draw;
    drawing.stop = &g_stop;
    const Painter painter(deck, lay, drawing, opt.notes);
    const Making making{opt, painter, ffmpeg, first, last, progress};

    // Every part is written completely before any is committed.
    std::vector<std::unique_ptr<Sink>> sinks;
    std::vector<Narration> narrations(opt.format->narrated() ? todo.size() : 0);
    for (std::size_t i = 0; i < todo.size() && o == Outcome::Done; ++i) {
        MuxInputs mux;
        if (opt.format->narrated()) {
            if (!narrate(deck, lay, *opt.format, todo[i], opt.draw.captions, recorded, narrations[i], error)) {
                o = Outcome::Failed;
                break;
            }
            mux = narrations[i].mux;
        }
        sinks.push_back(making.sink(*opt.format, todo[i].out, mux));
        o = drive(*sinks.back(), todo[i].shots, making, error);
        if (opt.format->narrated()) narrations[i].metadata.reset();  // read by ffmpeg: removed
    }
    std::optional<Staged> index, chapter_list_file;
    if (o == Outcome::Done && opt.split_steps) {
        if (!stage(index, stem_of(opt) + ".json", split_index(deck, lay, opt, todo), error)) o = Outcome::Failed;
    }
    if (o == Outcome::Done && opt.format->narrated()) {
        // One list for the export: the video's chapters, or each clip's start as the index gives it.
        std::vector<Chapter> list;
        if (!opt.split_steps) list = narrations.front().chapters;
        for (std::size_t i = 0; opt.split_steps && i < todo.size(); ++i)
            list.push_back(Chapter{todo[i].span, model::span_title(deck, lay, todo[i].span),
                                   todo[i].plan.t0 - todo.front().plan.t0,
                                   todo[i].plan.t0 - todo.front().plan.t0 + todo[i].plan.duration});
        if (!stage(chapter_list_file, stem_of(opt) + kChapterList, chapter_list(list), error)) o = Outcome::Failed;
    }
    if (o == Outcome::Done && hook_failed(opt.hooks, "finished", error)) o = Outcome::Failed;
    // Every final name once more before the first rename (each is checked again at its own): a
    // name taken meanwhile by a link, FIFO, socket or device fails the export, not half of it.
    for (std::size_t i = 1; i < todo.size() && o == Outcome::Done; ++i)
        if (std::string why = final_problem(todo[i].out, opt.format->target); !why.empty()) {
            error = "cannot write " + todo[i].out + ": " + why;
            o = Outcome::Failed;
        }
    for (const std::optional<Staged>* s : sidecars(index, chapter_list_file, narrations)) {
        if (o != Outcome::Done || !*s) continue;
        error = (*s)->problem();
        if (!error.empty()) o = Outcome::Failed;
    }
    // Checked last before the renames: an interrupted export leaves nothing, even when complete.
    // (A signal after this point finds the renames under way: they finish, and the export is done.)
    if (o == Outcome::Done && g_stop.load()) o = Outcome::Interrupted;
    for (std::size_t i = 0; i < sinks.size() && o == Outcome::Done; ++i)
        if (!sinks[i]->commit(error)) o = Outcome::Failed;
    if (o == Outcome::Done && index && !index->commit(error)) o = Outcome::Failed;
    for (std::size_t i = 0; i < narrations.size() && o == Outcome::Done; ++i)
        if (!narrations[i].vtt->commit(error) || !narrations[i].srt->commit(error)) o = Outcome::Failed;
    if (o == Outcome::Done && chapter_list_file && !chapter_list_file->commit(error)) o = Outcome::Failed;
    if (o != Outcome::Done) {
        for (auto& s : sinks) s->abort();
        if (index) index->discard();
        // The narrations' and the chapter list's files are discarded as they go.
    }
    progress.clear();
    if (o == Outcome::Interrupted) {
        err << "\nattnlab: interrupted; partial output removed\n";
        return 128 + g_stop.load();  // 130 for SIGINT, 143 for SIGTERM
    }
    if (o == Outcome::Failed) {
        err << "attnlab: error: " << core::printable_lines(error) << "\n";
        return 2;
    }
    progress.summary(summary(opt, todo, total, sinks),
                     opt.split_steps ? stem_of(opt) + "-*." + opt.format->name : opt.out);
    return 0;
}

int export_file(Options opt, const Loader& load) {
    opt.tty = isatty(STDERR_FILENO) == 1;
    // Reported before anything is loaded or rendered.
    std::string ffmpeg;
    if (std::string why = check_output(opt, ffmpeg); !why.empty()) {
        std::cerr << "attnlab: error: " << core::printable(why) << "\n";
        return 2;
    }
    scene::Deck deck;
    core::Diagnostics load_errors;
    std::vector<std::string> files, texts;
    if (!load(opt.input, opt.root, deck, load_errors, files, texts)) {
        for (const auto& e : load_errors) std::cerr << e.format() << "\n";
        return 2;
    }
    if (opt.live) return export_live_page(deck, opt, files, texts, std::cerr);
    std::vector<timeline::Event> events;
    if (!opt.replay.empty()) {
        core::Diagnostics errors;
        const bool ok = read_recording(opt.replay, events, errors);
        for (const auto& e : errors) std::cerr << e.format() << "\n";
        if (!ok) return 2;
    }
    return run(deck, opt, events, std::cerr);
}

}  // namespace output
