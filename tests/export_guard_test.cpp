// Tests of what an export writes beside its output and how it ends: every file it commits (the
// clips of --split-steps and their index, a narrated video's captions and chapter list, a web
// page's folder) refuses a link, FIFO or socket at its name as the output does, and long names
// get short temporaries; the web page's data and URLs escaped for their context (its rendering is
// browser_test's); chapter titles read back from the MP4 exactly; a stopped encoder cannot hold
// Ctrl-C; --fps's bound; a recording's words after a command; a full disk named where it filled.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <thread>
#include <tuple>

#include "output/output.hpp"
#include "sys/process.hpp"
#include "support/decks.hpp"
#include "support/files.hpp"
#include "support/fonts.hpp"

namespace {

namespace fs = std::filesystem;
using support::contains;
using support::slurp;
using support::TempDir;

const std::string kTiny = std::string(ATTNLAB_SOURCE_DIR) + "/scenes/tiny.yaml";

// A deck of title slides, one step each, 0.3 s apiece: quick to export, its chapters titled.
scene::Deck titles_deck(const std::vector<std::string>& titles) {
    scene::Deck deck;
    deck.title = "guard";
    for (const std::string& t : titles) {
        scene::Slide s = support::title_slide(t);
        s.duration = 0.3;
        s.say = "Narration of " + t;
        deck.slides.push_back(s);
    }
    return deck;
}

const output::Format* format(const std::string& name, output::Target target = output::Target::File) {
    const output::Format* f = output::find_format(name, target, false);
    REQUIRE(f);
    return f;
}

output::Options options(const std::string& out, const output::Format* f) {
    output::Options o;
    o.draw.fonts = support::fonts();
    o.out = out;
    o.format = f;
    o.width = 64;
    o.height = 36;
    o.fps = 10;
    o.quiet = true;
    return o;
}

std::vector<std::string> files_in(const fs::path& dir) {
    std::vector<std::string> names;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

struct Run {
    int code = -1;
    std::string out, err;
};

// Runs `argv` (no shell) with stdout and stderr captured; `before_exec` runs in the child first.
Run run(const std::vector<std::string>& argv, void (*before_exec)() = nullptr) {
    TempDir io("attnlab-guard-io");
    const std::string out_path = (io.path / "out").string(), err_path = (io.path / "err").string();
    std::vector<std::string> args = argv;
    std::vector<char*> cargv;
    for (auto& a : args) cargv.push_back(a.data());
    cargv.push_back(nullptr);
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        const int out = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        const int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (out < 0 || err < 0) _exit(126);
        dup2(out, 1);
        dup2(err, 2);
        if (before_exec) before_exec();
        execv(cargv[0], cargv.data());
        _exit(127);
    }
    int status = 0;
    REQUIRE(waitpid(pid, &status, 0) == pid);
    Run r;
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = slurp(out_path);
    r.err = slurp(err_path);
    return r;
}

Run attnlab(std::vector<std::string> args, void (*before_exec)() = nullptr) {
    args.insert(args.begin(), ATTNLAB_BINARY);
    return run(args, before_exec);
}

mode_t kind_at(const fs::path& p) {
    struct stat st {};
    REQUIRE(lstat(p.c_str(), &st) == 0);
    return st.st_mode & S_IFMT;
}

// A UNIX socket bound at `path` (kept open while the test runs).
struct Socket {
    int fd = -1;
    explicit Socket(const fs::path& path) {
        fd = socket(AF_UNIX, SOCK_STREAM, 0);
        REQUIRE(fd >= 0);
        sockaddr_un addr{};
        addr.sun_family = AF_UNIX;
        REQUIRE(path.string().size() < sizeof addr.sun_path);
        std::strcpy(addr.sun_path, path.c_str());
        REQUIRE(bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
    }
    ~Socket() { close(fd); }
};

// The values of "title" in ffprobe's JSON, their escapes read.
std::vector<std::string> json_titles(const std::string& json) {
    std::vector<std::string> out;
    const std::string needle = "\"title\": \"";
    for (auto at = json.find(needle); at != std::string::npos; at = json.find(needle, at + 1)) {
        std::string v;
        for (std::size_t i = at + needle.size(); i < json.size() && json[i] != '"'; ++i) {
            if (json[i] != '\\') {
                v += json[i];
                continue;
            }
            const char e = json[++i];
            v += e == 'n' ? '\n' : e == 'r' ? '\r' : e == 't' ? '\t' : e;  // \\ \" \/ as themselves
        }
        out.push_back(v);
    }
    return out;
}

std::string name_of(std::size_t bytes, const std::string& ext) { return std::string(bytes - ext.size(), 'n') + ext; }

}  // namespace

// ---- every file an export commits is guarded like its output ---------------------------------

TEST_CASE("--split-steps: a FIFO named like a clip, a link named like the index are refused before any work, and left", "[guard][split]") {
    const scene::Deck deck = titles_deck({"One", "Two", "Three"});
    {
        TempDir tmp("attnlab-guard");
        REQUIRE(mkfifo((tmp.path / "talk-002.mp4").c_str(), 0644) == 0);
        output::Options o = options((tmp.path / "talk.mp4").string(), format("mp4"));
        o.split_steps = true;
        std::ostringstream err;
        CHECK(output::run(deck, o, {}, err) == 2);
        CHECK(contains(err.str(), "talk-002.mp4: it is a FIFO"));
        CHECK(kind_at(tmp.path / "talk-002.mp4") == S_IFIFO);
        CHECK(files_in(tmp.path) == std::vector<std::string>{"talk-002.mp4"});  // no clip was cut
    }
    {
        TempDir tmp("attnlab-guard");
        tmp.write("elsewhere.json", "mine");
        REQUIRE(symlink("elsewhere.json", (tmp.path / "talk.json").c_str()) == 0);
        output::Options o = options((tmp.path / "talk.mp4").string(), format("mp4"));
        o.split_steps = true;
        std::ostringstream err;
        CHECK(output::run(deck, o, {}, err) == 2);
        CHECK(contains(err.str(), "talk.json: it is a symbolic link"));
        CHECK(kind_at(tmp.path / "talk.json") == S_IFLNK);
        CHECK(slurp(tmp.path / "elsewhere.json") == "mine");
        CHECK(files_in(tmp.path) == std::vector<std::string>{"elsewhere.json", "talk.json"});
    }
}

TEST_CASE("a narrated video: a socket or FIFO named like its captions or chapter list is refused, and left", "[guard][narration]") {
    const scene::Deck deck = titles_deck({"One", "Two"});
    for (const std::string side : {"talk.vtt", "talk.srt", "talk.chapters.txt"}) {
        INFO(side);
        TempDir tmp("attnlab-guard");
        std::optional<Socket> sock;
        if (side == "talk.vtt") sock.emplace(tmp.path / side);
        else REQUIRE(mkfifo((tmp.path / side).c_str(), 0644) == 0);
        std::ostringstream err;
        CHECK(output::run(deck, options((tmp.path / "talk.mp4").string(), format("mp4")), {}, err) == 2);
        CHECK(contains(err.str(), side + ": it is a " + (sock ? "socket" : "FIFO")));
        CHECK(kind_at(tmp.path / side) == (sock ? S_IFSOCK : S_IFIFO));
        CHECK(files_in(tmp.path) == std::vector<std::string>{side});
    }
}

TEST_CASE("a web page: a link at its folder of files, a FIFO named like the folder form's page, are refused", "[guard][html]") {
    {
        TempDir tmp("attnlab-guard");
        fs::create_directory(tmp.path / "elsewhere");
        REQUIRE(symlink("elsewhere", (tmp.path / "talk_files").c_str()) == 0);
        const Run r = attnlab({"export", kTiny, "--steps", "1-1", "--size", "64x36", "--fps", "5", "--recorded", "-o",
                               (tmp.path / "talk.html").string()});
        CHECK(r.code == 2);
        CHECK(contains(r.err, "talk_files: it is a symbolic link"));
        CHECK(kind_at(tmp.path / "talk_files") == S_IFLNK);
        CHECK(files_in(tmp.path) == std::vector<std::string>{"elsewhere", "talk_files"});
        CHECK(files_in(tmp.path / "elsewhere").empty());
    }
    {
        TempDir tmp("attnlab-guard");
        fs::create_directory(tmp.path / "site");
        REQUIRE(mkfifo((tmp.path / "site/index.html").c_str(), 0644) == 0);
        const Run r = attnlab({"export", kTiny, "--steps", "1-1", "--size", "64x36", "--fps", "5", "--format", "html",
                               "--recorded", "-o", (tmp.path / "site").string() + "/"});
        CHECK(r.code == 2);
        CHECK(contains(r.err, "index.html: it is a FIFO"));
        CHECK(kind_at(tmp.path / "site/index.html") == S_IFIFO);
        CHECK(files_in(tmp.path) == std::vector<std::string>{"site"});
    }
}

TEST_CASE("a FIFO made at a caption's name while the export runs is refused at the rename, and left", "[guard][narration]") {
    // attnlab_hooked stops at "finished": everything complete under temporary names, nothing
    // renamed yet. The FIFO appears then.
    TempDir tmp("attnlab-guard");
    const std::string out = (tmp.path / "talk.mp4").string();
    std::vector<std::string> argv = {ATTNLAB_HOOKED_BINARY, "export", kTiny, "--steps", "1-1", "--size", "64x36",
                                     "--fps", "5", "-o", out};
    std::vector<char*> cargv;
    for (auto& a : argv) cargv.push_back(a.data());
    cargv.push_back(nullptr);
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        setenv("ATTNLAB_TEST_HOOK", "finished=stop", 1);
        const int null = open("/dev/null", O_WRONLY);
        dup2(null, 2);
        execv(cargv[0], cargv.data());
        _exit(127);
    }
    int status = 0;
    REQUIRE(waitpid(pid, &status, WUNTRACED) == pid);
    REQUIRE(WIFSTOPPED(status));
    REQUIRE(mkfifo((tmp.path / "talk.srt").c_str(), 0644) == 0);
    kill(pid, SIGCONT);
    REQUIRE(waitpid(pid, &status, 0) == pid);
    CHECK((WIFEXITED(status) && WEXITSTATUS(status) == 2));
    CHECK(kind_at(tmp.path / "talk.srt") == S_IFIFO);
    CHECK(files_in(tmp.path) == std::vector<std::string>{"talk.srt"});  // nothing renamed, nothing left
}

// ---- long names --------------------------------------------------------------------------------

TEST_CASE("a legal 246-byte output name works: its temporaries are shortened, its sidecars fit", "[guard][names]") {
    const scene::Deck deck = titles_deck({"One", "Two"});
    for (const char* ext : {".mp4", ".html"}) {
        INFO(ext);
        TempDir tmp("attnlab-guard");
        const std::string name = name_of(246, ext);
        std::ostringstream err;
        output::Options o = options((tmp.path / name).string(), format(std::string(ext).substr(1)));
        CHECK(output::run(deck, o, {}, err) == 0);
        INFO(err.str());
        const std::string stem = name.substr(0, name.size() - std::strlen(ext));
        std::vector<std::string> want = {name};
        if (std::string(ext) == ".mp4") want.insert(want.end(), {stem + ".chapters.txt", stem + ".srt", stem + ".vtt"});
        else want.push_back(stem + "_files");
        std::sort(want.begin(), want.end());
        CHECK(files_in(tmp.path) == want);
    }
    // --split-steps: the clips (242 + "-001.mp4" bytes) and the index.
    TempDir tmp("attnlab-guard");
    const std::string name = name_of(246, ".mp4"), stem = name.substr(0, 242);
    output::Options o = options((tmp.path / name).string(), format("mp4"));
    o.split_steps = true;
    std::ostringstream err;
    CHECK(output::run(deck, o, {}, err) == 0);
    INFO(err.str());
    CHECK(files_in(tmp.path) ==
          std::vector<std::string>{stem + "-001.mp4", stem + "-001.srt", stem + "-001.vtt", stem + "-002.mp4",
                                   stem + "-002.srt", stem + "-002.vtt", stem + ".chapters.txt", stem + ".json"});
    // A still and a PNG folder of 250 bytes.
    for (const auto& [out, args] :
         std::vector<std::pair<std::string, std::vector<std::string>>>{{name_of(250, ".png"), {"--still", "1"}},
                                                                        {name_of(250, "") + "/", {"--steps", "1-1"}}}) {
        std::vector<std::string> a = {"export", kTiny, "--size", "64x36", "--fps", "5", "-o", (tmp.path / out).string()};
        a.insert(a.end(), args.begin(), args.end());
        const Run r = attnlab(a);
        INFO(r.err);
        CHECK(r.code == 0);
    }
    for (const std::string& n : files_in(tmp.path)) CHECK(!contains(n, ".attnlab-"));
}

TEST_CASE("a sidecar name that would pass 255 bytes is a clear error before any work", "[guard][names]") {
    const scene::Deck deck = titles_deck({"One", "Two"});
    TempDir tmp("attnlab-guard");
    const std::string name = name_of(250, ".mp4");  // its chapter list: 246 + 13 = 259 bytes
    std::ostringstream err;
    CHECK(output::run(deck, options((tmp.path / name).string(), format("mp4")), {}, err) == 2);
    CHECK(contains(err.str(), ".chapters.txt beside "));
    CHECK(contains(err.str(), "its name is 259 bytes, more than the 255 a file name may have"));
    CHECK(contains(err.str(), "shorten the output's name by 4 bytes"));
    CHECK(files_in(tmp.path).empty());
}

TEST_CASE("a killed export's shortened temporaries are removed by the next export to the same long name", "[guard][names]") {
    TempDir tmp("attnlab-guard");
    const std::string name = name_of(246, ".png");
    // Stopped by its hook with the still complete under its temporary name, then killed: the
    // temporary (the shortened name) stays.
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        setenv("ATTNLAB_TEST_HOOK", "finished=stop", 1);
        const int null = open("/dev/null", O_WRONLY);
        dup2(null, 2);
        execl(ATTNLAB_HOOKED_BINARY, ATTNLAB_HOOKED_BINARY, "export", kTiny.c_str(), "--still", "1", "--size", "64x36",
              "-o", (tmp.path / name).c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    int status = 0;
    REQUIRE(waitpid(pid, &status, WUNTRACED) == pid);
    REQUIRE(WIFSTOPPED(status));
    kill(pid, SIGKILL);
    REQUIRE(waitpid(pid, &status, 0) == pid);
    const std::vector<std::string> left = files_in(tmp.path);
    REQUIRE(left.size() == 1);
    CHECK(left[0].size() <= 255);
    CHECK(left[0][0] == '.');
    CHECK(contains(left[0], ".attnlab-part-" + std::to_string(pid)));
    const Run r = attnlab({"export", kTiny, "--still", "1", "--size", "64x36", "-o", (tmp.path / name).string()});
    CHECK(r.code == 0);
    CHECK(files_in(tmp.path) == std::vector<std::string>{name});
}

// ---- the web page's text in its contexts -------------------------------------------------------

TEST_CASE("a web page: its JSON has no '<', '>', '&' or line separators raw; its asset URLs are percent-encoded", "[guard][html]") {
    scene::Deck deck = titles_deck({"One"});
    deck.slides[0].say = "A lecture about HTML: <!-- a comment --> and <script>alert(1)</script> & more\u2028next\u2029";
    TempDir tmp("attnlab-guard");
    const std::string name = "g\"h #3?%41.html";
    std::ostringstream err;
    REQUIRE(output::run(deck, options((tmp.path / name).string(), format("html")), {}, err) == 0);
    const std::string page = slurp(tmp.path / name);
    const std::string open = "id=\"attnlab-data\">";
    const std::size_t from = page.find(open);
    REQUIRE(from != std::string::npos);
    const std::size_t to = page.find("</script>", from);
    REQUIRE(to != std::string::npos);
    const std::string data = page.substr(from + open.size(), to - from - open.size());
    CHECK(data.find_first_of("<>&") == std::string::npos);
    CHECK(!contains(data, "\u2028"));
    CHECK(!contains(data, "\u2029"));
    CHECK(contains(data, "\\u003c!-- a comment --\\u003e and \\u003cscript\\u003e"));
    CHECK(contains(data, "\\u2028next\\u2029"));
    // The folder's name percent-encoded wherever it is a URL (the data's pictures too).
    const std::string url = "g%22h%20%233%3F%2541_files/";
    CHECK(contains(page, "href=\"" + url + "lecture.css\""));
    CHECK(contains(page, "src=\"" + url + "lecture.js\""));
    CHECK(contains(data, "\"picture\":\"" + url + "step-001.svg\""));
    CHECK(fs::is_directory(tmp.path / "g\"h #3?%41_files"));
}

// ---- chapter titles ----------------------------------------------------------------------------

TEST_CASE("chapter titles with '\\', ';', '=', '#' and line breaks read back from the MP4 exactly", "[guard][narration]") {
    const std::string ffprobe = sys::find_in_path("ffprobe");
    if (ffprobe.empty()) FAIL("ffprobe (from ffmpeg, which the project installs) is not in PATH");
    const std::vector<std::string> titles = {"back\\slash", "semi;colon", "a=b", "#hash", "two\nlines",
                                             "ends in \\", "\\\\ twice \\\\", ";#=\\\n\\", "last"};
    const scene::Deck deck = titles_deck(titles);
    TempDir tmp("attnlab-guard");
    std::ostringstream err;
    REQUIRE(output::run(deck, options((tmp.path / "talk.mp4").string(), format("mp4")), {}, err) == 0);
    sys::Child child;
    std::string why, out;
    REQUIRE(child.start({{ffprobe, "-v", "error", "-show_chapters", "-of", "json", (tmp.path / "talk.mp4").string()},
                         sys::Stream::null(), sys::Stream::pipe(), sys::Stream::null()},
                        why));
    REQUIRE(child.read_all(&out, nullptr));
    REQUIRE(child.wait().ok());
    CHECK(json_titles(out) == titles);
    // And every chapter where the timeline puts it: none swallowed by the one before.
    std::size_t starts = 0;
    for (auto at = out.find("\"start_time\""); at != std::string::npos; at = out.find("\"start_time\"", at + 1)) ++starts;
    CHECK(starts == titles.size());
}

// ---- a stopped encoder -------------------------------------------------------------------------

namespace {

// The first child of `parent` whose command is `comm`, or -1.
pid_t child_named(pid_t parent, const std::string& comm) {
    for (const auto& e : fs::directory_iterator("/proc")) {
        const std::string pid = e.path().filename().string();
        if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
        const std::string stat = slurp(e.path() / "stat");
        const std::size_t close = stat.rfind(')');
        if (close == std::string::npos || stat.size() < close + 4) continue;
        const std::string name = stat.substr(stat.find('(') + 1, close - stat.find('(') - 1);
        std::istringstream rest(stat.substr(close + 2));
        std::string state;
        long ppid = 0;
        rest >> state >> ppid;
        if (ppid == parent && name == comm) return static_cast<pid_t>(std::stol(pid));
    }
    return -1;
}

}  // namespace

TEST_CASE("Ctrl-C with the encoder stopped (SIGSTOP): exit 130 within 2 s, nothing at the final name", "[guard][signals]") {
    TempDir tmp("attnlab-guard");
    const std::string out = (tmp.path / "v.mp4").string();
    const std::string scene = std::string(ATTNLAB_SOURCE_DIR) + "/scenes/one-query-row.yaml";
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        const int null = open("/dev/null", O_WRONLY);
        dup2(null, 2);
        execl(ATTNLAB_BINARY, ATTNLAB_BINARY, "export", scene.c_str(), "-o", out.c_str(), "--size", "640x360", "--fps",
              "30", static_cast<char*>(nullptr));
        _exit(127);
    }
    pid_t ffmpeg = -1;
    for (int i = 0; i < 500 && ffmpeg < 0; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        ffmpeg = child_named(pid, "ffmpeg");
    }
    REQUIRE(ffmpeg > 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    kill(ffmpeg, SIGSTOP);
    // Long enough for the pipe (1 MiB, 11 frames of 640x360) to fill: attnlab waits on it.
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    const auto sent = std::chrono::steady_clock::now();
    kill(pid, SIGINT);
    int status = 0;
    bool ended = false;
    while (!ended && std::chrono::steady_clock::now() - sent < std::chrono::seconds(10)) {
        ended = waitpid(pid, &status, WNOHANG) == pid;
        if (!ended) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count();
    if (!ended) {  // still blocked: end it, and the encoder
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
        kill(ffmpeg, SIGKILL);
        kill(ffmpeg, SIGCONT);
    }
    REQUIRE(ended);
    CHECK(took < 2.0);
    CHECK((WIFEXITED(status) && WEXITSTATUS(status) == 130));
    CHECK(!fs::exists(out));
    // The encoder is gone too, and its temporary with it.
    bool gone = false;
    for (int i = 0; i < 200 && !gone; ++i) {
        gone = kill(ffmpeg, 0) != 0 || contains(slurp("/proc/" + std::to_string(ffmpeg) + "/stat"), ") Z ");
        if (!gone) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    CHECK(gone);
    CHECK(files_in(tmp.path).empty());
}

// ---- smaller ones ------------------------------------------------------------------------------

TEST_CASE("--fps below one frame a second is refused, saying the bound; 1 fps makes a video with a picture", "[guard][options]") {
    TempDir tmp("attnlab-guard");
    for (const char* fps : {"0.001", "0.5", "0"}) {
        INFO(fps);
        const Run r = attnlab({"export", kTiny, "-o", (tmp.path / "v.mp4").string(), "--fps", fps});
        CHECK(r.code == 2);
        CHECK(contains(r.err, "--fps"));
        CHECK(contains(r.err, "from 1 to 240"));
        CHECK(files_in(tmp.path).empty());
    }
    const std::string ffprobe = sys::find_in_path("ffprobe");
    if (ffprobe.empty()) FAIL("ffprobe (from ffmpeg, which the project installs) is not in PATH");
    const Run r = attnlab({"export", kTiny, "--steps", "1-1", "--size", "64x36", "-o", (tmp.path / "v.mp4").string(),
                           "--fps", "1"});
    INFO(r.err);
    REQUIRE(r.code == 0);
    const Run probe = run({ffprobe, "-v", "error", "-select_streams", "v", "-show_entries", "stream=codec_type", "-of",
                           "csv=p=0", (tmp.path / "v.mp4").string()});
    CHECK(probe.out == "video\n");
}

TEST_CASE("a recording's words after a command are an error at their file, line and column", "[guard][replay]") {
    TempDir tmp("attnlab-guard");
    for (const auto& [text, line, column] : std::vector<std::tuple<std::string, int, int>>{
             {"1.0 next garbage\n", 1, 10},
             {"0.5 next\n1.0 goto 2 and more\n", 2, 12},
             {"1.0 quiz grade right now\n", 1, 22},
             {"1.0 laser off again\n", 1, 15},
             {"1.0 next garbage", 1, 10}}) {  // the last line, without its newline: no cut-short command
        INFO(text);
        const std::string path = tmp.write("talk.rec", text);
        std::vector<timeline::Event> events;
        core::Diagnostics errors;
        CHECK(!output::read_recording(path, events, errors));
        REQUIRE(errors.size() == 1);
        CHECK(errors[0].line == line);
        CHECK(errors[0].column == column);
        CHECK(!errors[0].warning);
        CHECK(contains(errors[0].message, "unexpected"));
    }
    const std::string path = tmp.write("talk.rec", "1.0 next garbage\n");
    const Run r = attnlab({"export", kTiny, "--replay", path, "-o", (tmp.path / "v.mp4").string()});
    CHECK(r.code == 2);
    CHECK(contains(r.err, path + ":1:10: "));
    CHECK(!fs::exists(tmp.path / "v.mp4"));
}

namespace {

// A "full disk" for the process about to exec: no file may grow past 2 KiB (writes then fail
// with EFBIG, SIGXFSZ ignored), so every frame's write fails part-way as on a full disk.
void small_disk() {
    signal(SIGXFSZ, SIG_IGN);
    rlimit limit{2048, 2048};
    setrlimit(RLIMIT_FSIZE, &limit);
}

}  // namespace

TEST_CASE("a full disk during a PNG export names the file being written, under its temporary name", "[guard][disk]") {
    TempDir tmp("attnlab-guard");
    for (const bool still : {false, true}) {
        INFO(still);
        const std::string out = (tmp.path / (still ? "s.png" : "frames")).string();
        std::vector<std::string> args = {"export", kTiny, "--size", "320x180", "--fps", "5", "-o", still ? out : out + "/"};
        args.insert(args.end(), {still ? "--still" : "--steps", still ? "1" : "1-1"});
        const Run r = attnlab(args, small_disk);
        INFO(r.err);
        CHECK(r.code == 2);
        const std::string temp = tmp.path.string() + "/." + (still ? "s.png" : "frames") + ".attnlab-part-";
        CHECK(contains(r.err, "cannot write " + temp));
        CHECK(contains(r.err, std::string(" (") + out + (still ? " once" : "/frame_")));
        CHECK(contains(r.err, "once complete): " + std::string(std::strerror(EFBIG))));
        CHECK(files_in(tmp.path).empty());
    }
}
