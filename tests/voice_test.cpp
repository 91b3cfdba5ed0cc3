// Voice clips (`voice:` on steps and title or text slides): the loader measures them and the
// timeline holds each step for its clip; a missing or undecodable clip is a FILE:LINE:COLUMN error
// with exit 2; an export mixes the clips into an audio track of the video's length, each heard
// from its step's start (AAC in MP4, Opus in WebM). The clips are made here with ffmpeg.
#include <catch2/catch.hpp>

#include <SDL.h>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "app/narrator.hpp"
#include "app/session.hpp"
#include "load/load.hpp"
#include "output/output.hpp"
#include "sdl/audio.hpp"
#include "sdl/events.hpp"
#include "sys/process.hpp"
#include "support/files.hpp"
#include "support/sdl.hpp"
#include "support/session.hpp"
#include "timeline/timeline.hpp"

extern char** environ;

namespace {

using support::TempDir;

struct Ran {
    int code = -1;
    std::string out, err;
};

// Runs argv (no shell) with stdout and stderr captured through files in `scratch`; `path`, when
// given, replaces PATH.
Ran run(const std::vector<std::string>& argv, const TempDir& scratch, const std::string* path = nullptr) {
    std::vector<std::string> env_store;
    for (char** e = environ; *e; ++e)
        if (!path || std::strncmp(*e, "PATH=", 5) != 0) env_store.push_back(*e);
    if (path) env_store.push_back("PATH=" + *path);
    std::vector<char*> envp;
    for (auto& kv : env_store) envp.push_back(kv.data());
    envp.push_back(nullptr);
    const std::string out = (scratch.path / ".out").string(), err = (scratch.path / ".err").string();
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&fa, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    std::vector<std::string> args = argv;
    std::vector<char*> cargv;
    for (auto& a : args) cargv.push_back(a.data());
    cargv.push_back(nullptr);
    pid_t pid = -1;
    Ran r;
    const int rc = posix_spawn(&pid, cargv[0], &fa, nullptr, cargv.data(), envp.data());
    posix_spawn_file_actions_destroy(&fa);
    REQUIRE(rc == 0);
    int status = 0;
    waitpid(pid, &status, 0);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = support::slurp(out);
    r.err = support::slurp(err);
    return r;
}

std::string tool(const char* name) {
    const std::string path = sys::find_in_path(name);
    if (path.empty()) FAIL(std::string(name) + " (from ffmpeg, which the project installs) is not in PATH");
    return path;
}

// A tone of `seconds` at `hz` into `path` (its format from the extension).
void tone(const TempDir& dir, const std::string& path, double hz, double seconds, int channels = 1) {
    std::filesystem::create_directories(std::filesystem::path(path).parent_path());
    char spec[96];
    std::snprintf(spec, sizeof spec, "sine=frequency=%g:sample_rate=44100:duration=%g", hz, seconds);
    REQUIRE(run({tool("ffmpeg"), "-v", "error", "-f", "lavfi", "-i", spec, "-ac", std::to_string(channels), "-y", path},
                dir)
                .code == 0);
}

// A scene of four steps: two with clips (one FLAC, one stereo WAV), one with a clip and an
// authored hold shorter than it, one without a clip.
const char* kScene = R"(scene: voiced
tokens: [a, b, c]
q: [[1, 0], [0, 1], [1, 1]]
k: [[1, 0.2], [-0.3, 1], [0.8, 0.9]]
v: [[1, 0], [0, 1], [-1, -0.5]]
steps:
  - stage: scores
    say: Every key is scored.
    voice: audio/one.flac
  - stage: scale
    voice: audio/two.wav
  - stage: softmax
    duration: 0.5
    hold: 0.4
    voice: audio/one.flac
  - stage: blend
    duration: 0.6
    hold: 1.2
)";

// Mono 48 kHz float samples of a file's audio track.
std::vector<float> samples(const TempDir& dir, const std::string& video) {
    const std::string raw = (dir.path / "audio.f32").string();
    REQUIRE(run({tool("ffmpeg"), "-v", "error", "-i", video, "-map", "0:a", "-ac", "1", "-ar", "48000", "-f", "f32le",
                 "-y", raw},
                dir)
                .code == 0);
    const std::string bytes = support::slurp(raw);
    std::vector<float> out(bytes.size() / sizeof(float));
    std::memcpy(out.data(), bytes.data(), out.size() * sizeof(float));
    return out;
}

// The time of the first sample louder than a quarter of ffmpeg's sine (-inf when none is).
double first_loud(const std::vector<float>& s) {
    for (std::size_t i = 0; i < s.size(); ++i)
        if (std::abs(s[i]) > 0.03f) return static_cast<double>(i) / 48000.0;
    return -std::numeric_limits<double>::infinity();
}

double rms(const std::vector<float>& s, double from, double to) {
    const auto a = static_cast<std::size_t>(std::max(0.0, from * 48000)), b = std::min(s.size(), static_cast<std::size_t>(to * 48000));
    double sum = 0;
    for (std::size_t i = a; i < b; ++i) sum += static_cast<double>(s[i]) * s[i];
    return b > a ? std::sqrt(sum / static_cast<double>(b - a)) : 0.0;
}

}  // namespace

TEST_CASE("a missing or undecodable voice clip is a FILE:LINE:COLUMN error, exit 2", "[voice]") {
    TempDir dir;
    tone(dir, (dir.path / "audio/one.flac").string(), 440, 0.5);
    dir.write("audio/not-audio.mp3", "ID3 this is text, not an MP3\n");
    const std::string missing = dir.write("missing.yaml", std::string(kScene).replace(std::string(kScene).find("audio/one.flac"), 14, "audio/gone.flac"));
    std::string bad_text = kScene;
    bad_text.replace(bad_text.find("audio/two.wav"), 13, "audio/not-audio.mp3");
    const std::string bad = dir.write("bad.yaml", bad_text);
    Ran r = run({ATTNLAB_BINARY, "check", missing}, dir);
    CHECK(r.code == 2);
    CHECK(r.err.find(missing + ":9:12: error: steps[0].voice: cannot use the voice clip 'audio/gone.flac'") != std::string::npos);
    CHECK(r.err.find("No such file or directory") != std::string::npos);
    r = run({ATTNLAB_BINARY, "check", bad}, dir);
    CHECK(r.code == 2);
    CHECK(r.err.find(bad + ":11:12: error: steps[1].voice: cannot use the voice clip 'audio/not-audio.mp3'") !=
          std::string::npos);
    CHECK(r.err.find("ffprobe cannot decode it") != std::string::npos);
    // Export refuses it the same way, and writes nothing.
    r = run({ATTNLAB_BINARY, "export", bad, "-o", (dir.path / "v.mp4").string()}, dir);
    CHECK(r.code == 2);
    CHECK(r.err.find(bad + ":11:12:") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(dir.path / "v.mp4"));
}

TEST_CASE("a voice clip outside the root (absolute, '..', a symbolic link) is refused at its line and column", "[voice][paths]") {
    // talk/ is the root; outside/secret.flac is a clip of someone's own that must not reach a video.
    TempDir dir;
    namespace fs = std::filesystem;
    const fs::path root = dir.path / "talk", secret = dir.path / "outside/secret.flac";
    fs::create_directories(secret.parent_path());
    tone(dir, secret.string(), 440, 0.5);
    tone(dir, (root / "audio/mine.flac").string(), 440, 0.5);
    fs::create_directory_symlink(secret.parent_path(), root / "linked");
    const load::Options in{root.string(), {}};
    struct Case {
        std::string key, path, says;
    };
    const Case cases[] = {
        {"voice", secret.string(), "is an absolute path"},
        {"voice", "../outside/secret.flac", "climbs out of the root with '..'"},
        {"voice", "linked/secret.flac", "leads out of the root through the symbolic link 'linked'"},
        {"ask_voice", "../outside/secret.flac", "climbs out of the root"},
        {"ask_voice", "linked/secret.flac", "symbolic link 'linked'"},
    };
    for (const Case& c : cases) {
        INFO(c.key << ": " << c.path);
        // A step's clip (line 7, after 'stage' and 'ask'), and a title slide's in a deck.
        const std::string scene = (root / "s.yaml").string();
        std::ofstream(scene) << "scene: s\ntokens: [a, b]\nq: [[1], [0]]\nk: [[1], [0]]\nv: [[1], [0]]\nsteps:\n"
                             << "  - stage: scores\n    ask: Which?\n    " << c.key << ": " << c.path << "\n";
        load::Result r = load::load_file(scene, in);
        REQUIRE(r.errors.size() == 1);
        CHECK(r.errors[0].file == scene);
        CHECK(r.errors[0].line == 9);
        CHECK(r.errors[0].column == static_cast<int>(c.key.size()) + 7);
        CHECK(r.errors[0].message.find(c.says) != std::string::npos);
        CHECK(r.errors[0].message.find("expected a path inside the root " + root.string()) != std::string::npos);
        if (c.key != "voice") continue;
        const std::string deck = (root / "d.yaml").string();
        std::ofstream(deck) << "deck: d\nslides:\n  - title: Hello\n    voice: " << c.path << "\n";
        r = load::load_file(deck, in);
        REQUIRE(r.errors.size() == 1);
        CHECK(r.errors[0].line == 4);
        CHECK(r.errors[0].column == 12);
        CHECK(r.errors[0].message.find(c.says) != std::string::npos);
    }
    // The clip inside the root is measured, and an export of the deck is refused the same way.
    std::ofstream((root / "ok.yaml").string()) << "deck: ok\nslides:\n  - title: Hello\n    voice: audio/mine.flac\n";
    const load::Result ok = load::load_file((root / "ok.yaml").string(), in);
    INFO((ok.errors.empty() ? std::string() : ok.errors[0].format()));
    REQUIRE(ok.ok());
    CHECK(ok.deck.slides[0].voice_seconds == Approx(0.5).margin(1e-3));
    std::ofstream((root / "bad.yaml").string()) << "deck: bad\nslides:\n  - title: Hello\n    voice: ../outside/secret.flac\n";
    const Ran r = run({ATTNLAB_BINARY, "export", (root / "bad.yaml").string(), "--root", root.string(), "-o",
                       (dir.path / "v.mp4").string()},
                      dir);
    CHECK(r.code == 2);
    CHECK(r.err.find((root / "bad.yaml").string() + ":4:12: error: slides[0].voice: '../outside/secret.flac' climbs out") !=
          std::string::npos);
    CHECK_FALSE(fs::exists(dir.path / "v.mp4"));
}

TEST_CASE("a step with a voice clip holds for the clip's length, unless the author gives a hold", "[voice]") {
    TempDir dir;
    tone(dir, (dir.path / "audio/one.flac").string(), 440, 2.3);
    tone(dir, (dir.path / "audio/two.wav").string(), 660, 1.4, 2);
    dir.write("s.yaml", kScene);
    dir.write("deck.yaml", "deck: voiced\nslides:\n  - title: Voices\n    voice: audio/two.wav\n  - text: Points\n"
                           "    bullets: [one]\n    voice: audio/one.flac\n    duration: 2\n  - scene: s.yaml\n");
    load::Result res = load::load_file((dir.path / "deck.yaml").string());
    INFO((res.errors.empty() ? std::string() : res.errors.front().format()));
    REQUIRE(res.ok());
    const timeline::Layout lay = timeline::layout(res.deck);
    REQUIRE(lay.spans.size() == 6);
    auto length = [&](int i) { return lay.spans[static_cast<std::size_t>(i)].anim + lay.spans[static_cast<std::size_t>(i)].hold; };
    CHECK(length(0) == Approx(1.4).margin(1e-3));         // the title slide: its clip
    CHECK(length(1) == Approx(scene::kCrossFade + 2.0));  // an authored duration wins over the clip
    CHECK(length(2) == Approx(2.3).margin(1e-3));         // steps: their clips (longer than their words)
    CHECK(length(3) == Approx(1.4).margin(1e-3));
    CHECK(length(4) == Approx(0.5 + 0.4));                // an authored hold wins
    CHECK(length(5) == Approx(0.6 + 1.2));
    const scene::Step& first = res.deck.slides[2].scene->steps[0];
    CHECK(first.voice == (dir.path / "audio/one.flac").lexically_normal().string());
    CHECK(first.voice_seconds == Approx(2.3).margin(1e-3));
}

TEST_CASE("an export mixes the clips in sync: the audio lasts the video, each clip heard from its step's start", "[voice]") {
    TempDir dir;
    tone(dir, (dir.path / "audio/one.flac").string(), 440, 2.3);
    tone(dir, (dir.path / "audio/two.wav").string(), 660, 1.4, 2);
    const std::string yaml = dir.write("s.yaml", kScene);
    load::Result res = load::load_file(yaml);
    REQUIRE(res.ok());
    const timeline::Layout lay = timeline::layout(res.deck);
    const double fps = 25;
    const long frames = std::lround(lay.total * fps);
    for (const char* ext : {"mp4", "webm"}) {
        INFO(ext);
        const std::string video = (dir.path / (std::string("talk.") + ext)).string();
        Ran r = run({ATTNLAB_BINARY, "export", yaml, "-o", video, "--size", "64x36", "--fps", "25"}, dir);
        INFO(r.err);
        REQUIRE(r.code == 0);
        r = run({tool("ffprobe"), "-v", "error", "-select_streams", "a", "-show_entries", "stream=codec_name", "-of",
                 "csv=p=0", video},
                dir);
        CHECK(r.out == (std::string(ext) == "mp4" ? "aac\n" : "opus\n"));
        const std::vector<float> s = samples(dir, video);
        // The audio track lasts the video, within a frame.
        CHECK(static_cast<double>(s.size()) / 48000.0 == Approx(frames / fps).margin(1.0 / fps));
        // Each clip plays from its step's start for its length (or until the step ends), and
        // nothing plays where no clip does: the step without one, and after a clip ends.
        const double t1 = lay.spans[1].start, t2 = lay.spans[2].start, t3 = lay.spans[3].start;
        CHECK(t1 == Approx(2.3).margin(1e-3));
        CHECK(rms(s, 0.05, t1 - 0.05) > 0.06);  // ffmpeg's sine is at 1/8 of full scale: RMS ≈ 0.088
        CHECK(rms(s, t1 + 0.05, t2 - 0.05) > 0.06);
        CHECK(rms(s, t2 + 0.05, t3 - 0.05) > 0.06);   // cut at the step's end (0.9 s of a 2.3 s clip)
        CHECK(rms(s, t3 + 0.05, lay.total - 0.05) < 0.005);
        // The boundaries: the first clip's last 40 ms and the second's first 40 ms are both heard,
        // and the softmax step's clip stops where its step does.
        CHECK(rms(s, t1 - 0.04, t1) > 0.06);
        CHECK(rms(s, t1, t1 + 0.04) > 0.06);
        CHECK(rms(s, t3 - 0.02, t3) > 0.06);
        CHECK(rms(s, t3 + 0.02, t3 + 0.06) < 0.005);
        CHECK(rms(s, 0.0, 0.02) > 0.06);  // from the first sample
    }
}

TEST_CASE("--voice espeak: a draft voice for each narrated step, audible, each step at least as long as its speech", "[voice]") {
    const std::string espeak = sys::find_in_path("espeak-ng");
    if (espeak.empty()) {
        WARN("espeak-ng is not installed (tools/setup.sh installs it): --voice espeak is not tested here");
        return;
    }
    TempDir dir;
    const std::string yaml = dir.write("s.yaml", R"(scene: drafted
tokens: [a, b, c]
q: [[1, 0], [0, 1], [1, 1]]
k: [[1, 0.2], [-0.3, 1], [0.8, 0.9]]
v: [[1, 0], [0, 1], [-1, -0.5]]
steps:
  - stage: scores
    say: Every key is scored by how far it reaches along the question.
  - stage: scale
    duration: 0.4
    hold: 0.3
  - stage: softmax
    duration: 0.3
    say: The weights add up to one.
)");
    const std::vector<std::string> says = {"Every key is scored by how far it reaches along the question.", "",
                                           "The weights add up to one."};
    const std::string video = (dir.path / "draft.mp4").string();
    Ran r = run({ATTNLAB_BINARY, "export", yaml, "-o", video, "--size", "64x36", "--fps", "25", "--voice", "espeak"}, dir);
    INFO(r.err);
    REQUIRE(r.code == 0);
    // Audible: ffmpeg's volumedetect finds a mean well above silence.
    r = run({tool("ffmpeg"), "-v", "info", "-nostats", "-i", video, "-map", "0:a", "-af", "volumedetect", "-f", "null", "-"}, dir);
    REQUIRE(r.code == 0);
    const auto at = r.err.find("mean_volume: ");
    REQUIRE(at != std::string::npos);
    CHECK(std::strtod(r.err.c_str() + at + 13, nullptr) > -40.0);
    // Each step lasts at least its speech (the same text spoken by espeak-ng here), within a frame.
    r = run({tool("ffprobe"), "-v", "error", "-show_entries", "chapter=start_time,end_time", "-of", "csv=p=0", video}, dir);
    REQUIRE(r.code == 0);
    std::vector<double> lengths;
    std::istringstream chapters(r.out);
    for (std::string line; std::getline(chapters, line);) {
        double a = 0, b = 0;
        REQUIRE(std::sscanf(line.c_str(), "%lf,%lf", &a, &b) == 2);
        lengths.push_back(b - a);
    }
    REQUIRE(lengths.size() == says.size());
    CHECK(lengths[1] == Approx(0.7).margin(1.0 / 25));  // no narration: its own timing
    for (std::size_t i : {std::size_t{0}, std::size_t{2}}) {
        // The same text spoken at the draft voice's pace.
        const std::string wav = (dir.path / ("said" + std::to_string(i) + ".wav")).string();
        REQUIRE(run({espeak, "-s", std::to_string(output::kDraftVoiceWordsPerMinute), "-w", wav, says[i]}, dir).code == 0);
        r = run({tool("ffprobe"), "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", wav}, dir);
        const double speech = std::strtod(r.out.c_str(), nullptr);
        // Held for the speech, or for its words at a calm pace when the speech is quicker.
        const double expected = std::max(speech, scene::reading_time(says[i]));
        INFO("step " << i << ": speech " << speech << " s, step " << lengths[i] << " s");
        CHECK(speech > 0.5);
        CHECK(lengths[i] >= speech - 1.0 / 25);
        CHECK(lengths[i] == Approx(expected).margin(1.0 / 25));
    }
}

TEST_CASE("--voice espeak keeps the lecture's pace: every voiced step lasts its words at 160 a minute at least", "[voice][pace]") {
    const std::string espeak = sys::find_in_path("espeak-ng");
    if (espeak.empty()) {
        WARN("espeak-ng is not installed (tools/setup.sh installs it): the voiced pace is not tested here");
        return;
    }
    load::Result res = load::load_file(std::string(ATTNLAB_SOURCE_DIR) + "/slides/lecture.yaml", load::Options{ATTNLAB_SOURCE_DIR, {}});
    REQUIRE(res.ok());
    scene::Deck deck = res.deck;
    output::VoiceFolder folder;
    std::string error;
    REQUIRE(output::draft_voices(deck, folder, error));
    auto words = [](const std::string& text) {
        std::istringstream in(text);
        int n = 0;
        for (std::string w; in >> w;) ++n;
        return n;
    };
    // The draft voice itself speaks at a pace that fits: over the lecture, at most 160 words a
    // minute (espeak-ng's default, 175, read the lecture at 174), and not a crawl either.
    double spoken_words = 0, spoken_seconds = 0;
    for (const timeline::Pages pages : {timeline::Pages::Steps, timeline::Pages::WithDrawnQuestions}) {
        const timeline::Layout lay = timeline::layout(deck, pages);
        int voiced = 0, asked = 0;
        for (const timeline::Span& sp : lay.spans) {
            const timeline::SpanVoice voice = timeline::span_voice(deck, sp);
            if (voice.path->empty()) continue;
            ++voiced;
            asked += sp.asking;
            const int n = words(timeline::span_say(deck, sp));
            const double seconds = sp.anim + sp.hold;
            INFO(timeline::span_title(deck, sp) << (sp.asking ? " (its question)" : "") << ": " << n << " words, clip "
                                                << voice.seconds << " s, the step " << seconds << " s");
            CHECK(seconds >= n * 60.0 / 160.0 - 1e-9);  // its words at 160 a minute, at least
            CHECK(seconds >= voice.seconds - 1e-9);     // its clip, heard whole
            if (sp.asking) CHECK(sp.hold >= voice.seconds + scene::kThinkSeconds - 1e-9);  // then silence
            if (pages == timeline::Pages::Steps) {
                spoken_words += n;
                spoken_seconds += voice.seconds;
            }
        }
        CHECK(voiced >= 60);
        CHECK(asked >= 10);  // the questions are spoken too
    }
    const double pace = spoken_words / spoken_seconds * 60.0;
    INFO("the draft voice reads the lecture at " << pace << " words a minute");
    CHECK(pace <= 160.0);
    CHECK(pace >= 120.0);
}

TEST_CASE("--voice espeak without espeak-ng: a clear message, exit 2, nothing written", "[voice]") {
    TempDir dir;
    const std::string yaml = dir.write("s.yaml", "scene: s\ntokens: [a, b]\nq: [[1, 0], [0, 1]]\nk: [[1, 0], [0, 1]]\n"
                                                 "v: [[1, 0], [0, 1]]\nsteps:\n  - say: Hello there.\n");
    const std::string bin = (dir.path / "bin").string();
    std::filesystem::create_directories(bin);
    std::filesystem::create_symlink(tool("ffmpeg"), bin + "/ffmpeg");
    Ran r = run({ATTNLAB_BINARY, "export", yaml, "-o", (dir.path / "v.mp4").string(), "--voice", "espeak"}, dir, &bin);
    CHECK(r.code == 2);
    CHECK(r.err.find("--voice espeak needs espeak-ng") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(dir.path / "v.mp4"));
    CHECK_FALSE(std::filesystem::exists(dir.path / "v.vtt"));
    // And a format without a voice track refuses the option.
    r = run({ATTNLAB_BINARY, "export", yaml, "-o", (dir.path / "h.pdf").string(), "--voice", "espeak"}, dir);
    CHECK(r.code == 2);
    CHECK(r.err.find("--voice espeak gives a video a voice track") != std::string::npos);
}

namespace {

// Starts attnlab with `args` and the environment plus `extra` ("NAME=value"); stdout and stderr
// to files in `dir`. Returns its pid.
pid_t start_attnlab(const std::vector<std::string>& args, const std::vector<std::string>& extra, const TempDir& dir) {
    std::vector<std::string> env_store;
    for (char** e = environ; *e; ++e) {
        bool replaced = false;
        for (const auto& x : extra) replaced = replaced || std::strncmp(*e, x.c_str(), x.find('=') + 1) == 0;
        if (!replaced) env_store.push_back(*e);
    }
    env_store.insert(env_store.end(), extra.begin(), extra.end());
    std::vector<char*> envp;
    for (auto& kv : env_store) envp.push_back(kv.data());
    envp.push_back(nullptr);
    std::vector<std::string> argv_s = {ATTNLAB_BINARY};
    argv_s.insert(argv_s.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : argv_s) argv.push_back(a.data());
    argv.push_back(nullptr);
    const std::string out = (dir.path / ".app-out").string(), err = (dir.path / ".app-err").string();
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&fa, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    pid_t pid = -1;
    const int rc = posix_spawn(&pid, argv[0], &fa, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&fa);
    REQUIRE(rc == 0);
    return pid;
}

// Waits (polling, up to a minute: a loaded machine) until `done` holds or the process ends.
bool wait_for(pid_t pid, const std::function<bool()>& done) {
    for (int i = 0; i < 600; ++i) {
        if (done()) return true;
        int status = 0;
        if (waitpid(pid, &status, WNOHANG) == pid) return done();
        usleep(100 * 1000);
    }
    return false;
}

std::uintmax_t size_of(const std::filesystem::path& p) {
    std::error_code ec;
    const auto s = std::filesystem::file_size(p, ec);
    return ec ? 0 : s;
}

}  // namespace

TEST_CASE("--record also records the microphone; a recording killed mid-talk replays with its voice in sync", "[voice][capture]") {
    TempDir dir;
    const std::string raw = (dir.path / "tone.raw").string();
    // 0.8 s of silence, then the tone: a known moment to find again in the video.
    REQUIRE(run({tool("ffmpeg"), "-v", "error", "-f", "lavfi", "-i",
                 "sine=frequency=440:sample_rate=48000:duration=60,adelay=delays=800:all=1", "-f", "s16le", "-ac", "1",
                 "-y", raw},
                dir)
                .code == 0);
    const std::string scene = std::string(ATTNLAB_SOURCE_DIR) + "/scenes/tiny.yaml";
    const std::string rec = (dir.path / "talk.rec").string();
    // SDL's disk driver captures from a file: the "microphone" hears a 440 Hz tone.
    const std::vector<std::string> env = {"SDL_VIDEODRIVER=offscreen", "SDL_AUDIODRIVER=disk",
                                          "SDL_DISKAUDIOFILEIN=" + raw, "SDL_DISKAUDIOFILE=/dev/null"};
    const pid_t pid = start_attnlab({scene, "--record", rec, "--size", "320x180"}, env, dir);
    // Killed (no chance to tidy up) once 1.5 s of sound is on disk.
    const std::uintmax_t enough = 44 + 2 * 48000 * 3 / 2;
    const bool heard = wait_for(pid, [&] { return size_of(rec + ".wav") >= enough; });
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
    INFO(support::slurp((dir.path / ".app-err").string()));
    REQUIRE(heard);
    const double recorded = output::wav_seconds(rec + ".wav");
    CHECK(recorded >= 1.5);
    const std::string commands = support::slurp(rec);
    REQUIRE(commands.find(" seed ") != std::string::npos);  // the commands, on the same clock
    // The tone in the WAV, on the session's clock: no earlier than its 0.8 s in the capture
    // (which began after the session did) and no later than that after the microphone opened,
    // which was before the seed was sent (its time, the recording's first command), give or take
    // the first block's latency.
    const double seed_at = std::strtod(commands.c_str(), nullptr);
    const double onset = first_loud(samples(dir, rec + ".wav"));
    INFO("tone in the WAV at " << onset << " s; seed sent at " << seed_at << " s");
    CHECK(onset >= 0.8 - 1.0 / 25);
    CHECK(onset <= 0.8 + seed_at + 0.25);

    for (const char* ext : {"mp4", "webm"}) {
        INFO(ext);
        const std::string video = (dir.path / (std::string("talk.") + ext)).string();
        Ran r = run({ATTNLAB_BINARY, "export", scene, "--replay", rec, "-o", video, "--size", "64x36", "--fps", "25"}, dir);
        INFO(r.err);
        REQUIRE(r.code == 0);
        r = run({tool("ffprobe"), "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                 "stream=nb_read_frames", "-of", "csv=p=0", video},
                dir);
        const long frames = std::strtol(r.out.c_str(), nullptr, 10);
        CHECK(frames / 25.0 >= recorded - 1.0 / 25);  // the video lasts the talk
        const std::vector<float> s = samples(dir, video);
        CHECK(static_cast<double>(s.size()) / 48000.0 == Approx(frames / 25.0).margin(1.0 / 25));
        // The tone starts where it starts in the recording, within a frame, and is heard from
        // there to the end; silence before it.
        CHECK(first_loud(s) == Approx(onset).margin(1.0 / 25));
        CHECK(rms(s, onset + 0.05, recorded - 0.1) > 0.06);
        CHECK(rms(s, 0.0, onset - 0.05) < 0.005);
    }

    // --no-audio: the commands only.
    const std::string quiet = (dir.path / "quiet.rec").string();
    const pid_t q = start_attnlab({scene, "--record", quiet, "--no-audio", "--size", "320x180"}, env, dir);
    const bool wrote = wait_for(q, [&] { return support::slurp(quiet).find(" seed ") != std::string::npos; });
    kill(q, SIGKILL);
    waitpid(q, nullptr, 0);
    CHECK(wrote);
    CHECK_FALSE(std::filesystem::exists(quiet + ".wav"));

    // No capture device (no audio driver at all): a clear message, and the commands recorded.
    const std::string deaf = (dir.path / "deaf.rec").string();
    const pid_t d = start_attnlab({scene, "--record", deaf, "--size", "320x180"},
                                  {"SDL_VIDEODRIVER=offscreen", "SDL_AUDIODRIVER=no-such-driver"}, dir);
    const bool warned = wait_for(d, [&] {
        return support::slurp(deaf).find(" seed ") != std::string::npos &&
               support::slurp((dir.path / ".app-err").string()).find("recording the commands without sound") !=
                   std::string::npos;
    });
    kill(d, SIGKILL);
    waitpid(d, nullptr, 0);
    CHECK(warned);
    CHECK_FALSE(std::filesystem::exists(deaf + ".wav"));
}

// ---------------------------------------------------------------------------------------------
// --narrate: the presenter plays the clips (SDL2 audio) and advances on its own.

namespace {

// A title slide with a 0.5 s clip (660 Hz), then a scene: a 0.6 s clip (440 Hz) and a 0.5 s clip,
// each longer than its step's animation,
// and a step without one (0.5 s animation, 0.4 s hold), then a last step.
const char* kNarratedScene = R"(scene: narrated
tokens: [a, b, c]
q: [[1, 0], [0, 1], [1, 1]]
k: [[1, 0.2], [-0.3, 1], [0.8, 0.9]]
v: [[1, 0], [0, 1], [-1, -0.5]]
steps:
  - stage: scores
    duration: 0.3
    voice: audio/one.flac
  - stage: scale
    duration: 0.2
    voice: audio/two.wav
  - stage: softmax
    duration: 0.5
    hold: 0.4
  - stage: blend
)";

std::shared_ptr<const scene::Deck> narrated_deck(const TempDir& dir) {
    tone(dir, (dir.path / "audio/one.flac").string(), 440, 0.6);
    tone(dir, (dir.path / "audio/two.wav").string(), 660, 0.5, 2);
    dir.write("s.yaml", kNarratedScene);
    dir.write("deck.yaml", "deck: narrated\nslides:\n  - title: Voices\n    voice: audio/two.wav\n  - scene: s.yaml\n");
    load::Result res = load::load_file((dir.path / "deck.yaml").string());
    INFO((res.errors.empty() ? std::string() : res.errors.front().format()));
    REQUIRE(res.ok());
    return std::make_shared<const scene::Deck>(std::move(res.deck));
}

// The power of `hz` in s16 samples [from, to) at 48 kHz (Goertzel), normalised by the length.
double tone_power(const std::vector<std::int16_t>& s, std::size_t from, std::size_t to, double hz) {
    const double w = 2 * M_PI * hz / 48000.0, c = 2 * std::cos(w);
    double a = 0, b = 0;
    for (std::size_t i = from; i < to && i < s.size(); ++i) {
        const double x = s[i] / 32768.0 + c * a - b;
        b = a;
        a = x;
    }
    const double n = static_cast<double>(std::min(to, s.size()) - std::min(from, s.size()));
    return n > 0 ? (a * a + b * b - c * a * b) / (n * n) : 0.0;
}

app::SessionOptions quiet() {
    app::SessionOptions o;
    o.overlay = false;
    return o;
}

struct AudioEnv {
    explicit AudioEnv(const std::string& driver, const std::string& file = "") {
        setenv("SDL_AUDIODRIVER", driver.c_str(), 1);
        if (!file.empty()) setenv("SDL_DISKAUDIOFILE", file.c_str(), 1);
    }
    ~AudioEnv() {
        unsetenv("SDL_AUDIODRIVER");
        unsetenv("SDL_DISKAUDIOFILE");
    }
};

}  // namespace

TEST_CASE("--narrate: each step advances when its clip ends, one without holds; a key takes over", "[voice][narrate]") {
    TempDir dir;
    const AudioEnv audio("dummy");
    support::SessionFixture f(320, 180, quiet(), narrated_deck(dir));
    app::Session& s = *f.session;
    std::string problem;
    app::Narrator narrator(s, std::make_unique<sdl::DeviceSpeaker>(problem), problem);
    CHECK(problem.empty());
    REQUIRE(narrator.speaker().ok());
    CHECK(s.narrating());
    REQUIRE(s.layout().spans.size() == 5);

    // The session's clock is the test's: each step ends when its clip does (title 0.5 s, then
    // 0.6 s and 0.5 s), the step without a clip after its planned 0.9 s.
    narrator.update();
    CHECK(s.state().span == 0);
    CHECK(narrator.next_due() == Approx(0.5).margin(1e-3));
    f.t = 0.49;
    narrator.update();
    CHECK(s.state().span == 0);
    const double ends[] = {0.5, 1.1, 1.6, 2.5};
    for (int i = 0; i < 3; ++i) {
        f.t = ends[i] + 1e-6;
        CHECK(narrator.update());
        CHECK(s.state().span == i + 1);
        CHECK(narrator.next_due() == Approx(ends[i + 1]).margin(1e-3));
        f.t = ends[i + 1] - 0.01;
        CHECK_FALSE(narrator.update());
        CHECK(s.state().span == i + 1);
    }
    // The softmax step: the planned hold of a step without a clip.
    CHECK(scene::step_hold(s.deck().slides[1].scene->steps[2]) == Approx(0.4));

    // A key takes over: the narration stops, that key does nothing else (Right would advance),
    // and the deck stays on its step however long it waits.
    f.key(app::Key::Right);
    CHECK_FALSE(s.narrating());
    CHECK(s.state().span == 3);
    f.t = 100;
    CHECK_FALSE(narrator.update());
    CHECK(s.state().span == 3);
    CHECK(narrator.next_due() == std::numeric_limits<double>::infinity());
    // Then the keys present as usual.
    f.key(app::Key::Right);
    CHECK(s.state().span == 4);
}

TEST_CASE("--narrate: a click takes over too; a late first clip is heard whole; the last step ends the narration", "[voice][narrate]") {
    TempDir dir;
    const AudioEnv audio("dummy");
    {
        support::SessionFixture f(320, 180, quiet(), narrated_deck(dir));
        std::string problem;
        app::Narrator narrator(*f.session, std::make_unique<sdl::DeviceSpeaker>(problem), problem);
        narrator.update();
        f.button(true, 10, 10);
        CHECK_FALSE(f.session->narrating());
        f.t = 5;
        narrator.update();
        CHECK(f.session->state().span == 0);
    }
    support::SessionFixture f(320, 180, quiet(), narrated_deck(dir));
    std::string problem;
    app::Narrator narrator(*f.session, std::make_unique<sdl::DeviceSpeaker>(problem), problem);
    // The first clip starts late (decoding took 0.3 s): it is heard whole, its step waits for it.
    f.t = 0.3;
    narrator.update();
    CHECK(narrator.next_due() == Approx(0.8).margin(1e-3));
    for (int i = 0; i < 200 && f.session->narrating(); ++i) {
        narrator.update();
        f.t += 0.1;
    }
    CHECK_FALSE(f.session->narrating());
    const app::Session& s = *f.session;
    REQUIRE(s.state().span == 4);  // the last step stays, once it had its time
    const timeline::Span& last = s.layout().spans[4];
    const double ended = f.t - 0.1;
    CHECK(ended >= s.state().span_started + last.anim + last.hold - 1e-9);
    CHECK(ended < s.state().span_started + last.anim + last.hold + 0.1 + 1e-9);
}

TEST_CASE("--narrate: the clip of the step shown is what the audio device plays (SDL's disk driver)", "[voice][narrate]") {
    TempDir dir;
    const std::string out = (dir.path / "speaker.raw").string();
    const AudioEnv audio("disk", out);
    support::SessionFixture f(320, 180, quiet(), narrated_deck(dir));
    f.session->command(timeline::cmd::Goto{1});  // the first step of the scene: 440 Hz, 0.6 s = 28800 samples
    std::string problem;
    app::Narrator narrator(*f.session, std::make_unique<sdl::DeviceSpeaker>(problem), problem);
    REQUIRE(narrator.speaker().ok());
    narrator.update();
    REQUIRE(f.session->state().span == 1);
    CHECK(narrator.speaker().queued() > 20000);
    // The disk driver writes what it plays (s16, mono, 48 kHz: the format asked for) in real
    // time, after as much silence as the device played before the first clip (seconds on a busy
    // machine): wait until the clip and a fifth of a second after it are on disk.
    std::vector<std::int16_t> s;
    std::size_t start = 0;  // where the sound starts
    auto heard = [&] {
        const std::string bytes = support::slurp(out);
        s.assign(bytes.size() / 2, 0);
        std::memcpy(s.data(), bytes.data(), s.size() * 2);
        start = 0;
        while (start < s.size() && std::abs(s[start]) < 200) ++start;
        return start < s.size() && start + 28800 + 9600 < s.size();
    };
    for (int i = 0; i < 600 && !heard(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    // Taken over: the queue is dropped at once.
    f.key(app::Key::Space);
    narrator.update();
    CHECK(narrator.speaker().queued() == 0);
    REQUIRE(heard());
    // The step's 440 Hz tone, not the title's 660 Hz, for the clip's length, then silence.
    CHECK(tone_power(s, start, start + 28000, 440) > 100 * tone_power(s, start, start + 28000, 660));
    CHECK(tone_power(s, start, start + 28000, 440) > 1e-3);
    std::size_t end = start;
    for (std::size_t i = start; i < s.size(); ++i)
        if (std::abs(s[i]) >= 200) end = i;
    CHECK(static_cast<double>(end - start) / 48000.0 == Approx(0.6).margin(0.01));
}

namespace {

// The checksum of every decoded frame of a video's picture, in order.
std::vector<std::string> frame_sums(const TempDir& dir, const std::string& video) {
    Ran m = run({tool("ffmpeg"), "-v", "error", "-i", video, "-map", "0:v", "-f", "framemd5", "-"}, dir);
    REQUIRE(m.code == 0);
    std::vector<std::string> sums;  // the checksums alone (the header names the file)
    std::istringstream lines(m.out);
    for (std::string line; std::getline(lines, line);)
        if (!line.empty() && line[0] != '#') sums.push_back(line.substr(line.rfind(',') + 1));
    return sums;
}

}  // namespace

TEST_CASE("a recording cut short in the middle of a command replays up to its last complete command", "[voice][capture]") {
    TempDir dir;
    const std::string scene = std::string(ATTNLAB_SOURCE_DIR) + "/scenes/tiny.yaml";
    const std::string whole = "0.000000 seed 7\n0.500000 next\n1.000000 next\n";
    const std::string prefix = dir.write("prefix.rec", whole);
    const std::string cut = dir.write("cut.rec", whole + "1.500000 ne");  // killed while writing "next"
    std::vector<timeline::Event> events;
    core::Diagnostics errors;
    REQUIRE(output::read_recording(cut, events, errors));
    CHECK(events.size() == 3);
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].warning);
    CHECK(errors[0].line == 4);
    // Only the last line, and only without its newline: a bad line before it is still an error.
    const std::string bad = dir.write("bad.rec", whole + "1.500000 ne\n2.0 next");
    events.clear();
    errors.clear();
    CHECK_FALSE(output::read_recording(bad, events, errors));
    REQUIRE_FALSE(errors.empty());
    CHECK_FALSE(errors[0].warning);
    CHECK(errors[0].line == 4);

    // The export says so, and shows what the complete commands show: the same frames as the
    // recording without the cut line.
    const std::string a = (dir.path / "cut.mp4").string(), b = (dir.path / "prefix.mp4").string();
    Ran r = run({ATTNLAB_BINARY, "export", scene, "--replay", cut, "-o", a, "--size", "64x36", "--fps", "25"}, dir);
    INFO(r.err);
    REQUIRE(r.code == 0);
    CHECK(r.err.find(cut + ":4:1: warning: the recording ends in the middle of a command") != std::string::npos);
    REQUIRE(run({ATTNLAB_BINARY, "export", scene, "--replay", prefix, "-o", b, "--size", "64x36", "--fps", "25"}, dir).code == 0);
    const std::vector<std::string> fa = frame_sums(dir, a), fb = frame_sums(dir, b);
    CHECK(fa.size() > 25);
    CHECK(fa == fb);
    // And a bad line anywhere else is still an error, with nothing written.
    r = run({ATTNLAB_BINARY, "export", scene, "--replay", bad, "-o", (dir.path / "bad.mp4").string(), "--size", "64x36"}, dir);
    CHECK(r.code == 2);
    CHECK_FALSE(std::filesystem::exists(dir.path / "bad.mp4"));
}

TEST_CASE("a session recorded with its microphone replays with the tone and the edits at their moments", "[voice][capture]") {
    TempDir dir;
    const std::string raw = (dir.path / "tone.raw").string();
    REQUIRE(run({tool("ffmpeg"), "-v", "error", "-f", "lavfi", "-i",
                 "sine=frequency=440:sample_rate=48000:duration=20,adelay=delays=800:all=1", "-f", "s16le", "-ac", "1",
                 "-y", raw},
                dir)
                .code == 0);
    const std::string scene = std::string(ATTNLAB_SOURCE_DIR) + "/scenes/tiny.yaml";
    load::Result loaded = load::load_file(scene);
    REQUIRE(loaded.ok());
    auto deck = std::make_shared<const scene::Deck>(std::move(loaded.deck));
    const std::string rec = (dir.path / "talk.rec").string();

    // A session as `attnlab --record` runs it (commands and microphone on one clock, the
    // session's real one), SDL's disk driver as the microphone: 0.8 s of silence, then a tone.
    setenv("SDL_DISKAUDIOFILEIN", raw.c_str(), 1);
    const AudioEnv audio("disk", "/dev/null");
    support::sdl();
    const auto t0 = std::chrono::steady_clock::now();
    auto clock = [t0] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
    app::SessionOptions so = quiet();
    so.draw.fonts = support::fonts();
    double edit_at = 0;
    {
        std::ofstream out(rec);
        app::Session session(deck, clock, so);
        session.record_to(&out);
        std::string problem;
        auto mic = std::make_unique<sdl::Microphone>(rec + ".wav", clock, problem);
        INFO(problem);
        REQUIRE(mic->recording());
        session.command(timeline::cmd::Seed{7});
        session.command(timeline::cmd::Goto{static_cast<int>(session.layout().spans.size()) - 1});
        // (Waiting on the session's clock, which is the real one here: no assertion is timed.)
        auto wait_until = [&](const std::function<bool()>& done) {
            for (int i = 0; i < 6000 && !done(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
            return done();
        };
        REQUIRE(wait_until([&] { return clock() >= 1.3; }));
        // The mask key, as the window hands it over: an edit, recorded at its moment.
        SDL_Event e{};
        e.type = SDL_KEYDOWN;
        e.key.keysym.sym = SDLK_m;
        e.key.state = SDL_PRESSED;
        session.handle(*sdl::event_of(e));
        REQUIRE(session.history().size() == 3);
        edit_at = session.history().back().t;
        REQUIRE(wait_until([&] { return size_of(rec + ".wav") >= 44 + 2 * 48000 * 5 / 2; }));
        mic.reset();
    }
    unsetenv("SDL_DISKAUDIOFILEIN");
    const std::string lines = support::slurp(rec);
    REQUIRE(std::count(lines.begin(), lines.end(), '\n') == 3);
    // The same talk without the edit: what the edit changes in the frames.
    const std::string plain = dir.write("plain.rec", lines.substr(0, lines.rfind('\n', lines.size() - 2) + 1));

    const double onset = first_loud(samples(dir, rec + ".wav"));
    CHECK(onset >= 0.8 - 1.0 / 25);
    const std::string video = (dir.path / "talk.mp4").string();
    Ran r = run({ATTNLAB_BINARY, "export", scene, "--replay", rec, "-o", video, "--size", "64x36", "--fps", "25"}, dir);
    INFO(r.err);
    REQUIRE(r.code == 0);
    // The frames, lossless (a PNG sequence: an encoder's look-ahead would blur where they differ).
    const std::string with_dir = (dir.path / "with").string() + "/", plain_dir = (dir.path / "plain").string() + "/";
    for (const auto& [recording, out] : {std::pair{rec, with_dir}, std::pair{plain, plain_dir}})
        REQUIRE(run({ATTNLAB_BINARY, "export", scene, "--replay", recording, "-o", out, "--size", "320x180", "--fps", "25"},
                    dir)
                    .code == 0);
    // The voice: the tone at the recording's moment, within a frame.
    CHECK(first_loud(samples(dir, video)) == Approx(onset).margin(1.0 / 25));
    // The edit: the frames are the talk without it up to the edit's moment, and differ from then
    // on, within a frame.
    auto pngs = [](const std::string& folder) {
        std::vector<std::string> frames;
        for (int i = 0;; ++i) {
            char name[32];
            std::snprintf(name, sizeof name, "frame_%06d.png", i);
            if (!std::filesystem::exists(folder + name)) break;
            frames.push_back(support::slurp(folder + name));
        }
        return frames;
    };
    const std::vector<std::string> with_edit = pngs(with_dir), no_edit = pngs(plain_dir);
    REQUIRE(with_edit.size() >= 60);
    REQUIRE(no_edit.size() >= 60);
    std::size_t first = 0;
    while (first < std::min(with_edit.size(), no_edit.size()) && with_edit[first] == no_edit[first]) ++first;
    INFO("edit at " << edit_at << " s; frames differ from frame " << first);
    CHECK(static_cast<double>(first) / 25.0 == Approx(edit_at).margin(1.0 / 25));
    CHECK(with_edit.back() != no_edit.back());
}

TEST_CASE("attnlab DECK --narrate: the window plays the title's clip and goes through the steps by itself", "[voice][narrate]") {
    TempDir dir;
    narrated_deck(dir);
    const std::string deck = (dir.path / "deck.yaml").string(), rec = (dir.path / "kiosk.rec").string();
    const std::string speaker = (dir.path / "speaker.raw").string();
    // Recorded (commands only), to see when the window advanced.
    const pid_t pid = start_attnlab({deck, "--narrate", "--record", rec, "--no-audio", "--size", "320x180"},
                                    {"SDL_VIDEODRIVER=offscreen", "SDL_AUDIODRIVER=disk", "SDL_DISKAUDIOFILE=" + speaker},
                                    dir);
    const bool ended = wait_for(pid, [&] { return support::slurp(rec).find(" goto 4") != std::string::npos; });
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
    INFO(support::slurp((dir.path / ".app-err").string()));
    REQUIRE(ended);
    CHECK(support::slurp((dir.path / ".app-err").string()).find("warning") == std::string::npos);
    // Each step in turn, never before the one before it had its planned length (0.5 s for the
    // title's clip, 0.6 and 0.5 s for the steps' clips, 0.9 s for the step without one).
    std::vector<std::pair<double, int>> gotos;
    std::istringstream lines(support::slurp(rec));
    for (std::string line; std::getline(lines, line);) {
        double t = 0;
        int span = 0;
        if (std::sscanf(line.c_str(), "%lf goto %d", &t, &span) == 2) gotos.emplace_back(t, span);
    }
    REQUIRE(gotos.size() == 4);
    const double lengths[] = {0.5, 0.6, 0.5, 0.9};
    for (std::size_t i = 0; i < 4; ++i) {
        CHECK(gotos[i].second == static_cast<int>(i) + 1);
        if (i > 0) CHECK(gotos[i].first - gotos[i - 1].first >= lengths[i] - 1e-3);
    }
    CHECK(gotos[0].first >= lengths[0] - 1e-3);
    // The sound card heard the title's 660 Hz first, then the first step's 440 Hz.
    const std::string bytes = support::slurp(speaker);
    std::vector<std::int16_t> s(bytes.size() / 2);
    std::memcpy(s.data(), bytes.data(), s.size() * 2);
    std::size_t start = 0;
    while (start < s.size() && std::abs(s[start]) < 200) ++start;
    REQUIRE(start + 48000 < s.size());
    CHECK(tone_power(s, start, start + 20000, 660) > 100 * tone_power(s, start, start + 20000, 440));
    CHECK(tone_power(s, start + 25000, start + 48000, 440) > 100 * tone_power(s, start + 25000, start + 48000, 660));
}

TEST_CASE("--narrate without a sound card: it says so, and the steps still advance on their time", "[voice][narrate]") {
    TempDir dir;
    const AudioEnv audio("no-such-driver");
    support::SessionFixture f(320, 180, quiet(), narrated_deck(dir));
    std::string problem;
    app::Narrator narrator(*f.session, std::make_unique<sdl::DeviceSpeaker>(problem), problem);
    CHECK_FALSE(narrator.speaker().ok());
    CHECK(problem.find("no audio") != std::string::npos);
    narrator.update();
    f.t = 0.5 + 1e-6;
    CHECK(narrator.update());
    CHECK(f.session->state().span == 1);
}
