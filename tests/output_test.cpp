// Tests of output/: frame counts, PNG files read back with libpng, determinism, PDF pages,
// MP4 duration read back with ffprobe, errors that leave nothing behind, replay, step timing.
#include <catch2/catch.hpp>

#include <cairo.h>
#include <fcntl.h>
#include <png.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <thread>

#include "cli/export.hpp"
#include "output/output.hpp"
#include "sys/process.hpp"
#include "timeline/timeline.hpp"
#include "support/decks.hpp"
#include "support/fonts.hpp"
#include "support/pixels.hpp"

extern char** environ;

namespace {

namespace fs = std::filesystem;

// A fresh directory under the build's temp area, removed at the end of the test.
struct TempDir {
    fs::path path;
    TempDir() {
        char tmpl[] = "/tmp/attnlab-output-test-XXXXXX";
        path = mkdtemp(tmpl);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    std::string operator/(const std::string& name) const { return (path / name).string(); }
};

// A three-token scene with steps of the given animation and hold lengths, and a quiz of
// `questions` questions (three drawn an attempt) when asked.
scene::Deck test_deck(const std::vector<std::pair<double, double>>& timing, int questions = 0) {
    auto s = support::abc_scene();
    std::vector<scene::Step> all = scene::default_steps();
    for (std::size_t i = 0; i < timing.size(); ++i) {
        scene::Step st = all[i % all.size()];
        st.duration = timing[i].first;
        st.hold = timing[i].second;
        s->steps.push_back(st);
    }
    for (int q = 1; q <= questions; ++q) {
        scene::Question question;
        question.ask = "Question " + std::to_string(q) + ": which key does token " + std::to_string(q) + " read?";
        question.answer = "Answer " + std::to_string(q);
        s->quiz.questions.push_back(question);
    }
    s->quiz.draw = questions > 0 ? 3 : 0;
    return scene::deck_of(s);
}

// The table's row for NAME written as a file (or a folder), a still or not.
const output::Format* format(const std::string& name, output::Target target = output::Target::File, bool still = false) {
    const output::Format* f = output::find_format(name, target, still);
    REQUIRE(f);
    return f;
}
const output::Format* png_frames() { return format("png", output::Target::Folder); }

output::Options options(const std::string& out, const output::Format* f, int w, int h, double fps) {
    output::Options o;
    o.draw.fonts = support::fonts();
    o.out = out;
    o.format = f;
    o.width = w;
    o.height = h;
    o.fps = fps;
    o.quiet = true;
    return o;
}

std::vector<std::string> files_in(const std::string& dir) {
    std::vector<std::string> names;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

std::string slurp(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

struct Png {
    int width = 0, height = 0;
    std::vector<unsigned char> rgb;  // 3 bytes a pixel
};

bool read_png(const std::string& path, Png& out) {
    png_image img{};
    img.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&img, path.c_str())) return false;
    img.format = PNG_FORMAT_RGB;
    out.width = static_cast<int>(img.width);
    out.height = static_cast<int>(img.height);
    out.rgb.resize(PNG_IMAGE_SIZE(img));
    bool ok = png_image_finish_read(&img, nullptr, out.rgb.data(), 0, nullptr) != 0;
    png_image_free(&img);
    return ok;
}

// The same frame drawn straight into a Cairo surface, as RGB.
std::vector<unsigned char> reference_rgb(const scene::Deck& deck, const timeline::State& s, double now, int w, int h) {
    timeline::Layout lay = timeline::layout(deck);
    cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t* cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_paint(cr);
    draw::render(cr, w, h, deck, lay, s, now, support::draw_options());
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    std::vector<unsigned char> rgb;
    const unsigned char* data = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const unsigned char* p = data + y * stride + x * 4;  // B, G, R, A
            rgb.push_back(p[2]);
            rgb.push_back(p[1]);
            rgb.push_back(p[0]);
        }
    cairo_surface_destroy(surface);
    return rgb;
}

struct Ran {
    int code = -1;
    std::string out, err;
};

// Runs a program with an argument vector; `path` (if given) replaces PATH in its environment.
Ran run_program(const std::vector<std::string>& argv, const std::string& scratch, const std::string* path = nullptr,
                int interrupt_after_ms = -1) {
    std::vector<std::string> env_store;
    for (char** e = environ; *e; ++e) {
        std::string kv = *e;
        if (path && kv.rfind("PATH=", 0) == 0) continue;
        env_store.push_back(kv);
    }
    if (path) env_store.push_back("PATH=" + *path);
    std::vector<char*> envp;
    for (auto& kv : env_store) envp.push_back(kv.data());
    envp.push_back(nullptr);
    std::vector<std::string> args = argv;
    std::vector<char*> cargv;
    for (auto& a : args) cargv.push_back(a.data());
    cargv.push_back(nullptr);
    std::string out_path = scratch + "/.stdout", err_path = scratch + "/.stderr";
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&fa, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    pid_t pid = -1;
    Ran r;
    int rc = posix_spawn(&pid, cargv[0], &fa, nullptr, cargv.data(), envp.data());
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) {
        r.err = std::string("cannot start ") + cargv[0] + ": " + std::strerror(rc);
        fs::remove(out_path);
        fs::remove(err_path);
        return r;
    }
    if (interrupt_after_ms >= 0) {
        std::this_thread::sleep_for(std::chrono::milliseconds(interrupt_after_ms));
        kill(pid, SIGINT);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = slurp(out_path);
    r.err = slurp(err_path);
    fs::remove(out_path);
    fs::remove(err_path);
    return r;
}

// Files an export may leave behind by mistake: anything named like our temporaries.
bool has_temporaries(const std::string& dir) {
    for (const auto& n : files_in(dir))
        if (n.find(".attnlab-") != std::string::npos) return true;
    return false;
}

const std::vector<std::pair<double, double>> kUneven = {{0.7, 0.35}, {0.45, 0.2}, {0.9, 0.25}};

// What an export of format `f` to STEM.EXT writes, sorted: the output, and beside a narrated
// video its chapter list and captions, beside a web page its folder of files.
std::vector<std::string> written(const output::Format& f, const std::string& stem) {
    std::vector<std::string> names = {stem + "." + f.name};
    if (f.narrated()) names.insert(names.end(), {stem + ".chapters.txt", stem + ".srt", stem + ".vtt"});
    if (f.is_site()) names.push_back(stem + "_files");
    std::sort(names.begin(), names.end());
    return names;
}

}  // namespace

TEST_CASE("bad options are refused with a reason", "[output]") {
    output::Options o;
    o.draw.fonts = support::fonts();
    bool help = false;
    std::string error;
    CHECK_FALSE(cli::export_options({"scene.yaml"}, o, help, error));
    CHECK(error.find("-o OUT") != std::string::npos);
    o = {};
    CHECK_FALSE(cli::export_options({"scene.yaml", "-o", "frame.png"}, o, help, error));
    CHECK(error.find("--still") != std::string::npos);
    o = {};
    CHECK_FALSE(cli::export_options({"scene.yaml", "-o", "x.mp4", "--steps", "3-2"}, o, help, error));
    o = {};
    CHECK_FALSE(cli::export_options({"scene.yaml", "-o", "x.mp4", "--size", "641x360"}, o, help, error));
    CHECK(error.find("even") != std::string::npos);
    o = {};
    CHECK_FALSE(cli::export_options({"scene.yaml", "-o", "frames/", "--split-steps"}, o, help, error));
    o = {};
    CHECK_FALSE(cli::export_options({"scene.yaml", "-o", "x.pdf", "--replay", "rec.txt"}, o, help, error));
}

TEST_CASE("options: presets, explicit size and fps win, output kinds", "[output]") {
    output::Options o;
    o.draw.fonts = support::fonts();
    bool help = false;
    std::string error;
    REQUIRE(cli::export_options({"s.yaml", "--fps", "24", "-q", "h", "-o", "a.mp4"}, o, help, error));
    CHECK(o.width == 1920);
    CHECK(o.height == 1080);
    CHECK(o.fps == 24.0);
    CHECK(o.format == format("mp4"));
    o = {};
    REQUIRE(cli::export_options({"s.yaml", "-q", "l", "--size=640x360", "-o", "out/", "--seed", "42", "--theme",
                                   "dark", "--steps", "2-3"},
                                  o, help, error));
    CHECK(o.width == 640);
    CHECK(o.height == 360);
    CHECK(o.fps == 15.0);
    CHECK(o.format == png_frames());
    CHECK(o.seed == 42u);
    CHECK(o.draw.theme == draw::ThemeKind::Dark);
    REQUIRE(o.steps);
    CHECK(o.steps->first == 2);
    CHECK(o.steps->second == 3);
    o = {};
    REQUIRE(cli::export_options({"s.yaml", "--still", "2", "-o", "s.png"}, o, help, error));
    CHECK(o.format == format("png", output::Target::File, true));
    o = {};
    REQUIRE(cli::export_options({"s.yaml", "--format", "svg", "-o", "pages"}, o, help, error));
    CHECK(o.format == format("svg", output::Target::Folder));
}

TEST_CASE("frame count is round(duration × fps) at 24, 30 and 60 fps", "[output]") {
    scene::Deck deck = test_deck(kUneven);
    const double total = timeline::layout(deck).total;
    for (double fps : {24.0, 30.0, 60.0}) {
        TempDir tmp;
        std::string dir = tmp / "frames";
        std::ostringstream err;
        REQUIRE(output::run(deck, options(dir, png_frames(), 64, 36, fps), {}, err) == 0);
        std::vector<std::string> names = files_in(dir);
        const long expected = std::lround(total * fps);
        CHECK(static_cast<long>(names.size()) == expected);
        REQUIRE(!names.empty());
        CHECK(names.front() == "frame_000000.png");
        char last[32];
        std::snprintf(last, sizeof last, "frame_%06ld.png", expected - 1);
        CHECK(names.back() == last);
        CHECK_FALSE(has_temporaries(tmp.path.string()));
    }
}

TEST_CASE("--steps exports only that range, from its own start", "[output]") {
    scene::Deck deck = test_deck(kUneven);
    timeline::Layout lay = timeline::layout(deck);
    output::Options o = options("unused", png_frames(), 64, 36, 30);
    o.steps = std::pair<int, int>{2, 3};
    output::Plan p = output::plan(lay, o);
    CHECK(p.t0 == Approx(lay.spans[1].start));
    CHECK(p.frames == std::lround((lay.spans[2].end() - lay.spans[1].start) * 30));
    output::Shots shots = output::timeline_shots(lay, p, {});
    CHECK(shots.count() == p.frames);
    CHECK(shots.at(0).state.span == 1);
    CHECK(shots.at(p.frames - 1).state.span == 2);
}

TEST_CASE("PNG frames have the requested size and hold exactly the rendered frame", "[output]") {
    scene::Deck deck = test_deck(kUneven);
    timeline::Layout lay = timeline::layout(deck);
    TempDir tmp;
    std::string dir = tmp / "frames";
    std::ostringstream err;
    const int w = 320, h = 180;
    const double fps = 10;
    REQUIRE(output::run(deck, options(dir, png_frames(), w, h, fps), {}, err) == 0);
    // Every frame, animated or held (held frames reuse the previous frame's encoding).
    const long frames = std::lround(lay.total * fps);
    int repeats = 0;
    std::string previous;
    for (long i = 0; i < frames; ++i) {
        char name[32];
        std::snprintf(name, sizeof name, "/frame_%06ld.png", i);
        Png png;
        REQUIRE(read_png(dir + name, png));
        CHECK(png.width == w);
        CHECK(png.height == h);
        double t = i / fps;
        std::vector<unsigned char> ref = reference_rgb(deck, timeline::state_at(lay, t), t, w, h);
        CHECK(png.rgb == ref);
        std::string bytes = slurp(dir + name);
        if (bytes == previous) ++repeats;
        previous = bytes;
    }
    CHECK(repeats > 0);  // the holds: nothing moves, and the files say so
}

TEST_CASE("two exports of the same input are byte-identical", "[output]") {
    scene::Deck deck = test_deck(kUneven);
    TempDir tmp;
    std::ostringstream err;
    output::Options o = options(tmp / "a", png_frames(), 160, 90, 12);
    REQUIRE(output::run(deck, o, {}, err) == 0);
    o.out = tmp / "b";
    REQUIRE(output::run(deck, o, {}, err) == 0);
    std::vector<std::string> a = files_in(tmp / "a"), b = files_in(tmp / "b");
    REQUIRE(a == b);
    REQUIRE(a.size() > 10);
    for (const auto& n : a) CHECK(slurp(tmp / ("a/" + n)) == slurp(tmp / ("b/" + n)));
}

TEST_CASE("a second export into the same directory leaves no stale frames", "[output]") {
    scene::Deck deck = test_deck(kUneven);
    TempDir tmp;
    std::ostringstream err;
    std::string dir = tmp / "frames";
    REQUIRE(output::run(deck, options(dir, png_frames(), 64, 36, 30), {}, err) == 0);
    std::ofstream(dir + "/notes.txt") << "mine";
    output::Options o = options(dir, png_frames(), 64, 36, 30);
    o.steps = std::pair<int, int>{1, 1};
    REQUIRE(output::run(deck, o, {}, err) == 0);
    std::vector<std::string> names = files_in(dir);
    timeline::Layout lay = timeline::layout(deck);
    CHECK(static_cast<long>(names.size()) == std::lround(lay.spans[0].end() * 30) + 1);  // + notes.txt
    CHECK(std::find(names.begin(), names.end(), "notes.txt") != names.end());
}

TEST_CASE("the PDF has one page per step", "[output]") {
    scene::Deck deck = test_deck(kUneven);
    const std::size_t steps = timeline::layout(deck).spans.size();
    TempDir tmp;
    std::ostringstream err;
    auto pages = [](const std::string& pdf) {
        // Count page objects: "/Type /Page" not followed by "s" (that is the /Pages tree).
        std::size_t n = 0, at = 0;
        while ((at = pdf.find("/Type /Page", at)) != std::string::npos) {
            at += 11;
            if (at >= pdf.size() || pdf[at] != 's') ++n;
        }
        return n;
    };
    REQUIRE(output::run(deck, options(tmp / "h.pdf", format("pdf"), 1920, 1080, 30), {}, err) == 0);
    std::string pdf = slurp(tmp / "h.pdf");
    CHECK(pdf.rfind("%PDF-", 0) == 0);
    CHECK(pages(pdf) == steps);
    output::Options o = options(tmp / "two.pdf", format("pdf"), 1920, 1080, 30);
    o.steps = std::pair<int, int>{2, 3};
    REQUIRE(output::run(deck, o, {}, err) == 0);
    CHECK(pages(slurp(tmp / "two.pdf")) == 2);
    CHECK_FALSE(has_temporaries(tmp.path.string()));
}

TEST_CASE("the PDF handout carries the narration of title and text slides", "[output]") {
    if (std::system("command -v pdftotext >/dev/null 2>&1") != 0) {
        WARN("pdftotext (poppler-utils) is not installed: the PDF's text is not read");
        return;
    }
    scene::Deck deck = test_deck(kUneven);
    scene::Slide title = support::title_slide("Attention");
    title.say = "Welcome: today one word learns which other words matter to it.";
    scene::Slide text = support::text_slide("Three ideas", {"scores", "weights", "a blend"});
    text.say = "Remember three ideas before the numbers arrive: scores, weights, and a blend of values.";
    deck.slides.insert(deck.slides.begin(), {title, text});
    TempDir tmp;
    std::ostringstream err;
    REQUIRE(output::run(deck, options(tmp / "h.pdf", format("pdf"), 1920, 1080, 30), {}, err) == 0);
    const std::string cmd = "pdftotext '" + (tmp / "h.pdf") + "' '" + (tmp / "h.txt") + "'";
    REQUIRE(std::system(cmd.c_str()) == 0);
    // The text as words, whatever the lines it was wrapped into.
    std::istringstream in(slurp(tmp / "h.txt"));
    std::string words;
    for (std::string w; in >> w;) words += (words.empty() ? "" : " ") + w;
    INFO(words);
    CHECK(words.find("Attention") != std::string::npos);  // the slide itself is still there
    CHECK(words.find(title.say) != std::string::npos);
    CHECK(words.find(text.say) != std::string::npos);
}

TEST_CASE("a handout asks every quiz question, a page to predict it and then its answer; a video the drawn ones", "[output]") {
    REQUIRE(std::system("command -v pdftotext >/dev/null 2>&1") == 0);  // the set-up installs poppler-utils
    scene::Deck deck = test_deck(kUneven, 5);  // five open questions, three drawn per attempt
    auto sc = std::make_shared<scene::Scene>(*deck.slides[0].scene);
    scene::Question mc;
    mc.ask = "Which weight can the mask set to exactly zero?";
    mc.choices = {"A weight of a later token", "The asking token's own weight", "None"};
    mc.correct = 0;
    mc.answer = "Only later tokens are hidden, so only their weights become exactly 0.";
    sc->quiz.questions.push_back(mc);
    deck.slides[0].scene = sc;
    const int steps = static_cast<int>(kUneven.size()), questions = 6;
    TempDir tmp;
    std::ostringstream err;
    auto words_of = [&](const std::string& pdf, int page) {  // one page's text as words
        const std::string txt = pdf + ".txt", n = std::to_string(page);
        REQUIRE(std::system(("pdftotext -f " + n + " -l " + n + " '" + pdf + "' '" + txt + "'").c_str()) == 0);
        std::istringstream in(slurp(txt));
        std::string words;
        for (std::string w; in >> w;) words += (words.empty() ? "" : " ") + w;
        return words;
    };
    auto pages = [](const std::string& pdf) {
        int n = 0;
        for (std::size_t at = 0; (at = pdf.find("/Type /Page", at)) != std::string::npos;) {
            at += 11;
            if (at >= pdf.size() || pdf[at] != 's') ++n;
        }
        return n;
    };
    REQUIRE(output::run(deck, options(tmp / "q.pdf", format("pdf"), 1280, 720, 30), {}, err) == 0);
    CHECK(pages(slurp(tmp / "q.pdf")) == steps + 2 * questions);
    // After the steps, each question in the file's order: its predict page, then its answer page.
    for (int q = 1; q <= 5; ++q) {
        const std::string predict = words_of(tmp / "q.pdf", steps + 2 * q - 1), answer = words_of(tmp / "q.pdf", steps + 2 * q);
        INFO("question " << q << ": " << predict << " /// " << answer);
        CHECK(predict.find("Question " + std::to_string(q) + ":") != std::string::npos);
        CHECK(predict.find("Predict the answer") != std::string::npos);
        CHECK(predict.find("Answer " + std::to_string(q)) == std::string::npos);  // not given away
        CHECK(answer.find("Answer " + std::to_string(q)) != std::string::npos);
    }
    const std::string predict = words_of(tmp / "q.pdf", steps + 11), answer = words_of(tmp / "q.pdf", steps + 12);
    INFO(predict << " /// " << answer);
    CHECK(predict.find(mc.ask) != std::string::npos);
    CHECK(predict.find("Predict your choice") != std::string::npos);
    CHECK(predict.find(mc.answer) == std::string::npos);
    CHECK(predict.find("the right answer") == std::string::npos);
    CHECK(answer.find(mc.answer) != std::string::npos);
    CHECK(answer.find("the right answer") != std::string::npos);

    output::Options none = options(tmp / "none.pdf", format("pdf"), 1280, 720, 30);
    none.questions = false;
    REQUIRE(output::run(deck, none, {}, err) == 0);
    CHECK(pages(slurp(tmp / "none.pdf")) == steps);

    // A video asks the three a first attempt draws: its frames are the timeline's with them.
    const timeline::Layout drawn = timeline::layout(deck, timeline::Pages::WithDrawnQuestions);
    int question_spans = 0;
    for (const auto& sp : drawn.spans) question_spans += sp.question >= 0;
    CHECK(question_spans == 2 * 3);
    REQUIRE(output::run(deck, options(tmp / "frames", format("png", output::Target::Folder), 64, 36, 4), {}, err) == 0);
    CHECK(static_cast<long>(files_in(tmp / "frames").size()) == output::frame_count(drawn.total, 4));
}

TEST_CASE("a handout's question pages are bounded as a video's are: past 4 hours of pages it is refused before a page is drawn", "[output][limits]") {
    // 2000 questions, three drawn per attempt: the video asks three, within its 4 hours; the
    // handout would print all 2000, each two pages held as a video holds them.
    const scene::Deck deck = test_deck(kUneven, 2000);
    const timeline::Layout all = timeline::layout(deck, timeline::Pages::WithQuestions);
    REQUIRE(all.total > scene::kMaxVideoSeconds);
    REQUIRE(timeline::layout(deck, timeline::Pages::WithDrawnQuestions).total <= scene::kMaxVideoSeconds);
    TempDir tmp;
    std::ostringstream err;
    for (const char* kind : {"pdf", "svg"}) {
        const std::string out = tmp / (std::string("many.") + kind);
        output::Options o = options(out, format(kind, std::string(kind) == "svg" ? output::Target::Folder : output::Target::File), 640, 360, 30);
        const auto t0 = std::chrono::steady_clock::now();
        CHECK(output::run(deck, o, {}, err) != 0);
        CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(60));  // a watchdog: 4000 pages took minutes
        CHECK_FALSE(std::filesystem::exists(out));
    }
    const std::string said = err.str();
    INFO(said);
    CHECK(said.find("the handout would print 2000 quiz questions") != std::string::npos);
    CHECK(said.find("at most 4 hours (the limit)") != std::string::npos);
    CHECK(said.find("--no-questions") != std::string::npos);
    // Without the questions it is the steps' pages, as ever.
    output::Options none = options(tmp / "steps.pdf", format("pdf"), 640, 360, 30);
    none.questions = false;
    REQUIRE(output::run(deck, none, {}, err) == 0);
    CHECK(std::filesystem::exists(tmp / "steps.pdf"));
}

TEST_CASE("--notes: the handout prints every page's speaker notes beneath it", "[output]") {
    REQUIRE(std::system("command -v pdftotext >/dev/null 2>&1") == 0);
    scene::Deck deck = test_deck(kUneven);
    auto sc = std::make_shared<scene::Scene>(*deck.slides[0].scene);
    for (std::size_t i = 0; i < sc->steps.size(); ++i) sc->steps[i].notes = "Ask the room about step " + std::to_string(i + 1) + ".";
    deck.slides[0].scene = sc;
    TempDir tmp;
    std::ostringstream err;
    auto text = [&](const std::string& pdf) {
        REQUIRE(std::system(("pdftotext '" + pdf + "' '" + pdf + ".txt'").c_str()) == 0);
        std::istringstream in(slurp(pdf + ".txt"));
        std::string words;
        for (std::string w; in >> w;) words += (words.empty() ? "" : " ") + w;
        return words;
    };
    REQUIRE(output::run(deck, options(tmp / "plain.pdf", format("pdf"), 1280, 720, 30), {}, err) == 0);
    CHECK(text(tmp / "plain.pdf").find("Ask the room") == std::string::npos);  // notes stay private
    output::Options o = options(tmp / "notes.pdf", format("pdf"), 1280, 720, 30);
    o.notes = true;
    REQUIRE(output::run(deck, o, {}, err) == 0);
    const std::string words = text(tmp / "notes.pdf");
    INFO(words);
    CHECK(words.find("Speaker notes") != std::string::npos);
    for (std::size_t i = 0; i < sc->steps.size(); ++i) CHECK(words.find(sc->steps[i].notes) != std::string::npos);
    // Only a handout has room for them.
    output::Options parsed;
    bool help = false;
    std::string error;
    CHECK_FALSE(cli::export_options({"deck.yaml", "-o", "talk.mp4", "--notes"}, parsed, help, error));
    CHECK(error.find("--notes") != std::string::npos);
    output::Options handout;
    CHECK(cli::export_options({"deck.yaml", "-o", "handout.pdf", "--notes"}, handout, help, error));
    CHECK(handout.notes);
}

TEST_CASE("SVG pages: one file per step", "[output]") {
    scene::Deck deck = test_deck(kUneven);
    TempDir tmp;
    std::ostringstream err;
    REQUIRE(output::run(deck, options(tmp / "svg", format("svg", output::Target::Folder), 640, 360, 30), {}, err) == 0);
    std::vector<std::string> names = files_in(tmp / "svg");
    REQUIRE(names.size() == kUneven.size());
    CHECK(names.front() == "step_001.svg");
    CHECK(slurp(tmp / "svg/step_001.svg").find("<svg") != std::string::npos);
}

TEST_CASE("--still writes one picture of a step's final state", "[output]") {
    scene::Deck deck = test_deck(kUneven);
    timeline::Layout lay = timeline::layout(deck);
    TempDir tmp;
    std::ostringstream err;
    output::Options o = options(tmp / "s.png", format("png", output::Target::File, true), 200, 120, 30);
    o.still = 2;
    REQUIRE(output::run(deck, o, {}, err) == 0);
    Png png;
    REQUIRE(read_png(tmp / "s.png", png));
    CHECK(png.width == 200);
    CHECK(png.height == 120);
    timeline::State s = timeline::state_at_span(lay, 1);
    CHECK(png.rgb == reference_rgb(deck, s, lay.spans[1].end(), 200, 120));
    o.still = 9;
    CHECK(output::run(deck, o, {}, err) == 2);
}

TEST_CASE("an MP4's duration and frame count read back with ffprobe", "[output]") {
    const std::string ffprobe = sys::find_in_path("ffprobe");
    if (ffprobe.empty()) FAIL("ffprobe (from ffmpeg, which the project installs) is not in PATH");
    scene::Deck deck = test_deck(kUneven);
    const double total = timeline::layout(deck).total;
    TempDir tmp;
    std::ostringstream err;
    const double fps = 30;
    REQUIRE(output::run(deck, options(tmp / "v.mp4", format("mp4"), 320, 180, fps), {}, err) == 0);
    Ran r = run_program({ffprobe, "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                         "stream=nb_read_frames,width,height:format=duration", "-of", "default=noprint_wrappers=1",
                         tmp / "v.mp4"},
                        tmp.path.string());
    REQUIRE(r.code == 0);
    const long frames = std::lround(total * fps);
    CHECK(r.out.find("nb_read_frames=" + std::to_string(frames)) != std::string::npos);
    CHECK(r.out.find("width=320") != std::string::npos);
    auto at = r.out.find("duration=");
    REQUIRE(at != std::string::npos);
    CHECK(std::strtod(r.out.c_str() + at + 9, nullptr) == Approx(frames / fps).margin(0.5 / fps));
    CHECK(files_in(tmp.path.string()) == written(*format("mp4"), "v"));
}

TEST_CASE("--split-steps writes one clip per step and a JSON index", "[output]") {
    scene::Deck deck = test_deck(kUneven);
    TempDir tmp;
    std::ostringstream err;
    output::Options o = options(tmp / "talk.mp4", format("mp4"), 160, 90, 20);
    o.split_steps = true;
    REQUIRE(output::run(deck, o, {}, err) == 0);
    CHECK(files_in(tmp.path.string()) ==
          std::vector<std::string>{"talk-001.mp4", "talk-001.srt", "talk-001.vtt", "talk-002.mp4", "talk-002.srt",
                                   "talk-002.vtt", "talk-003.mp4", "talk-003.srt", "talk-003.vtt",
                                   "talk.chapters.txt", "talk.json"});
    std::string json = slurp(tmp / "talk.json");
    CHECK(json.find("\"file\": \"talk-002.mp4\"") != std::string::npos);
    CHECK(json.find("\"step\": 3") != std::string::npos);
    CHECK(json.find("\"title\": \"Scale by √d\"") != std::string::npos);  // the stage's default title
}

TEST_CASE("an unwritable output path is a clear error and writes nothing", "[output]") {
    scene::Deck deck = test_deck(kUneven);
    std::ostringstream err;
    CHECK(output::run(deck, options("/nonexistent/x.mp4", format("mp4"), 64, 36, 30), {}, err) == 2);
    CHECK(err.str().find("attnlab: error: cannot write /nonexistent/x.mp4: No such file or directory") !=
          std::string::npos);
    TempDir tmp;
    std::ofstream(tmp / "file") << "x";
    std::ostringstream err2;
    CHECK(output::run(deck, options(tmp / "file/frames", png_frames(), 64, 36, 30), {}, err2) == 2);
    CHECK(err2.str().find("Not a directory") != std::string::npos);
    std::ostringstream err3;
    CHECK(output::run(deck, options(tmp / "file", png_frames(), 64, 36, 30), {}, err3) == 2);
    CHECK(err3.str().find("cannot write " + tmp / "file" + ": Not a directory") != std::string::npos);
    fs::create_directory(tmp / "dir.mp4");
    std::ostringstream err4;
    CHECK(output::run(deck, options(tmp / "dir.mp4", format("mp4"), 64, 36, 30), {}, err4) == 2);
    CHECK(err4.str().find("Is a directory") != std::string::npos);
    CHECK(files_in(tmp.path.string()) == std::vector<std::string>{"dir.mp4", "file"});
    CHECK(files_in(tmp / "dir.mp4").empty());
}

TEST_CASE("the command line: missing ffmpeg and a bad output path are reported before rendering", "[output]") {
    TempDir tmp;
    const std::string scene = std::string(ATTNLAB_SOURCE_DIR) + "/scenes/tiny.yaml";
    const std::string empty_path = tmp / "bin";
    fs::create_directory(empty_path);
    Ran r = run_program({ATTNLAB_BINARY, "export", scene, "-o", tmp / "x.mp4"}, tmp.path.string(), &empty_path);
    CHECK(r.code == 2);
    CHECK(r.err.find("ffmpeg was not found in PATH") != std::string::npos);
    CHECK(files_in(tmp.path.string()) == std::vector<std::string>{"bin"});

    r = run_program({ATTNLAB_BINARY, "export", scene, "-o", "/nonexistent/x.mp4"}, tmp.path.string());
    CHECK(r.code == 2);
    CHECK(r.err.find("attnlab: error: cannot write /nonexistent/x.mp4: No such file or directory") !=
          std::string::npos);

    // A broken input: its diagnostics, exit 2, nothing written.
    std::ofstream(tmp / "bad.yaml") << "scene: bad\ntokens: [a, b]\nq: [[1, 0]]\n";
    r = run_program({ATTNLAB_BINARY, "export", tmp / "bad.yaml", "-o", tmp / "out/"}, tmp.path.string());
    CHECK(r.code == 2);
    CHECK(r.err.find("bad.yaml:") != std::string::npos);
    CHECK(files_in(tmp.path.string()) == std::vector<std::string>{"bad.yaml", "bin"});

    // And the happy path through the binary: frames for the whole scene.
    r = run_program({ATTNLAB_BINARY, "export", scene, "-o", tmp / "frames/", "--size", "64x36", "--fps", "10"},
                    tmp.path.string());
    CHECK(r.code == 0);
    CHECK(r.err.find("attnlab: wrote") != std::string::npos);  // stderr is not a terminal: one summary line
    CHECK(files_in(tmp / "frames").size() > 5);
}

TEST_CASE("ffmpeg failing: the tail of its stderr is reported and no file is left", "[output]") {
    TempDir tmp;
    fs::create_directory(tmp / "bin");
    {
        std::ofstream f(tmp / "bin/ffmpeg");
        f << "#!/bin/sh\nhead -c 100000 >/dev/null\necho 'first line' >&2\necho 'encoder exploded: out of ideas' >&2\nexit 3\n";
    }
    fs::permissions(tmp / "bin/ffmpeg", fs::perms::owner_all);
    const char* old = std::getenv("PATH");
    std::string saved = old ? old : "";
    setenv("PATH", (tmp / "bin").c_str(), 1);
    scene::Deck deck = test_deck(kUneven);
    std::ostringstream err;
    int code = output::run(deck, options(tmp / "v.mp4", format("mp4"), 64, 36, 30), {}, err);
    setenv("PATH", saved.c_str(), 1);
    CHECK(code == 2);
    CHECK(err.str().find("ffmpeg failed (exit 3)") != std::string::npos);
    CHECK(err.str().find("encoder exploded: out of ideas") != std::string::npos);
    CHECK(files_in(tmp.path.string()) == std::vector<std::string>{"bin"});
}

TEST_CASE("SIGINT stops an export cleanly: exit 130 and no partial output", "[output]") {
    TempDir tmp;
    const std::string scene = std::string(ATTNLAB_SOURCE_DIR) + "/scenes/one-query-row.yaml";
    Ran r = run_program({ATTNLAB_BINARY, "export", scene, "-o", tmp / "frames/", "--size", "1280x720", "--fps", "60"},
                        tmp.path.string(), nullptr, 700);
    CHECK(r.code == 130);
    CHECK(files_in(tmp.path.string()).empty());
    r = run_program({ATTNLAB_BINARY, "export", scene, "-o", tmp / "v.mp4", "--size", "1280x720", "--fps", "60"},
                    tmp.path.string(), nullptr, 700);
    CHECK(r.code == 130);
    CHECK(files_in(tmp.path.string()).empty());
}

TEST_CASE("--replay: a recorded command changes the frames after its time, not before", "[output]") {
    scene::Deck deck = test_deck({{0.5, 0.5}, {0.5, 0.5}});
    timeline::Layout lay = timeline::layout(deck);
    TempDir tmp;
    {
        std::ofstream f(tmp / "rec.txt");
        f << "# a recorded session\n1.000000 temperature 8\n";
    }
    std::vector<timeline::Event> events;
    core::Diagnostics errors;
    REQUIRE(output::read_recording(tmp / "rec.txt", events, errors));
    REQUIRE(events.size() == 1);

    // The state: the edit appears exactly at the event's time.
    output::Replayer r(deck, lay, events);
    const timeline::State before = r.at(0.95);
    const bool edited_before = !before.edits.empty() && before.edits[0].temperature.has_value();
    CHECK_FALSE(edited_before);
    REQUIRE(r.at(1.0).edits.size() > 0);
    CHECK(r.at(1.0).edits[0].temperature == Approx(8.0));

    // Duration: the last event, then the step it left showing, animation and hold.
    output::Plan p = output::replay_plan(deck, lay, events, 10);
    CHECK(p.duration == Approx(1.0 + lay.spans[0].anim + lay.spans[0].hold));
    CHECK(p.frames == std::lround(p.duration * 10));

    // The frames: identical to a session without the command before 1 s, different after.
    std::ostringstream err;
    output::Options o = options(tmp / "with", png_frames(), 320, 180, 10);
    REQUIRE(output::run(deck, o, events, err) == 0);
    std::vector<timeline::Event> idle = {timeline::Event{1.0, timeline::cmd::Hover{-1}}};
    o.out = tmp / "without";
    REQUIRE(output::run(deck, o, idle, err) == 0);
    REQUIRE(files_in(tmp / "with") == files_in(tmp / "without"));
    int differ_after = 0;
    for (long i = 0; i < p.frames; ++i) {
        char name[32];
        std::snprintf(name, sizeof name, "/frame_%06ld.png", i);
        bool same = slurp(tmp / "with" + name) == slurp(tmp / "without" + name);
        if (i < 10) CHECK(same);
        else if (!same) ++differ_after;
    }
    CHECK(differ_after == p.frames - 10);

    std::ofstream(tmp / "bad.txt") << "1.0 next\n0.5 temperature x\n0.2 next\n";
    events.clear();
    errors.clear();
    CHECK_FALSE(output::read_recording(tmp / "bad.txt", events, errors));
    REQUIRE(errors.size() == 2);
    CHECK(errors[0].line == 2);
    CHECK(errors[1].line == 3);

    // A recording plans no longer a video than a deck may: 4 hours.
    std::ofstream(tmp / "long.txt") << "0.5 next\n# four hours in\n14400 next\n  14400.001 next\n1e15 next\n";
    events.clear();
    errors.clear();
    CHECK_FALSE(output::read_recording(tmp / "long.txt", events, errors));
    REQUIRE(errors.size() == 1);  // the first such event stops the reading
    CHECK(errors[0].line == 4);
    CHECK(errors[0].column == 3);
    CHECK(errors[0].message.find("later than 4 hours, the longest video attnlab makes (the limit)") != std::string::npos);
    CHECK(events.size() == 2);
}

TEST_CASE("step boundaries land on the same time at 24, 30 and 60 fps", "[output]") {
    // Steps whose lengths are whole frames at all three rates (multiples of 1/6 s)…
    scene::Deck exact = test_deck({{0.5, 1.0 / 3}, {2.0 / 3, 0.5}, {1.0 / 6, 1.5}, {1.0, 1.0 / 3}});
    timeline::Layout lay = timeline::layout(exact);
    for (double fps : {24.0, 30.0, 60.0}) {
        output::Options o = options("x", png_frames(), 64, 36, fps);
        output::Plan p = output::plan(lay, o);
        output::Shots shots = output::timeline_shots(lay, p, {});
        std::vector<double> first(lay.spans.size(), -1);
        for (long i = 0; i < p.frames; ++i) {
            int span = shots.at(i).state.span;
            if (first[static_cast<std::size_t>(span)] < 0) first[static_cast<std::size_t>(span)] = p.time(i);
        }
        for (std::size_t k = 0; k < lay.spans.size(); ++k) {
            INFO("fps " << fps << ", step " << k + 1);
            CHECK(first[k] == Approx(lay.spans[k].start).margin(1e-9));
            // …and the first frame of a step shows its animation at u = 0.
            timeline::View v = timeline::evaluate(exact, lay, timeline::state_at(lay, first[k]), first[k]);
            CHECK(v.span == static_cast<int>(k));
            CHECK(v.u_linear == Approx(0.0).margin(1e-6));
        }
    }
    // …and steps of any length start within one frame after their time.
    scene::Deck uneven = test_deck(kUneven);
    timeline::Layout lay2 = timeline::layout(uneven);
    for (double fps : {24.0, 30.0, 60.0}) {
        output::Plan p = output::plan(lay2, options("x", png_frames(), 64, 36, fps));
        output::Shots shots = output::timeline_shots(lay2, p, {});
        std::vector<double> first(lay2.spans.size(), -1);
        for (long i = 0; i < p.frames; ++i) {
            int span = shots.at(i).state.span;
            if (first[static_cast<std::size_t>(span)] < 0) first[static_cast<std::size_t>(span)] = p.time(i);
        }
        for (std::size_t k = 0; k < lay2.spans.size(); ++k) {
            CHECK(first[k] >= lay2.spans[k].start - 1e-9);
            CHECK(first[k] < lay2.spans[k].start + 1.0 / fps);
        }
    }
}

TEST_CASE("a frame on a step boundary shows the new step: the exporter and timeline::state_at agree", "[output]") {
    // Lengths in sixths of a second: every boundary is a whole frame at 24, 30 and 60 fps, yet
    // the boundaries are sums of inexact doubles (1/6, 1/3) that miss i / fps by an ulp or two.
    const double sixths[] = {0.5, 1.0 / 3, 2.0 / 3, 1.0 / 6, 1.5, 1.0, 5.0 / 6, 7.0 / 6};
    std::vector<std::pair<double, double>> timing;
    for (int i = 0; i < 12; ++i) timing.push_back({sixths[i % 8], sixths[(i * 3 + 1) % 8]});
    scene::Deck deck = test_deck(timing);
    timeline::Layout lay = timeline::layout(deck);
    REQUIRE(lay.spans.size() == timing.size());
    int missed_by_rounding = 0;  // boundaries where i / fps != the summed start: what the rule is for
    for (int fps : {24, 30, 60}) {
        for (std::size_t k = 1; k < lay.spans.size(); ++k) {
            const long i = std::lround(lay.spans[k].start * fps);
            const double t = static_cast<double>(i) / fps;
            INFO("fps " << fps << ", step " << k + 1 << ", frame " << i);
            REQUIRE(std::fabs(t - lay.spans[k].start) < 1e-9);  // the boundary is a frame
            if (t != lay.spans[k].start) ++missed_by_rounding;
            CHECK(timeline::state_at(lay, t).span == static_cast<int>(k));
            CHECK(timeline::state_at(lay, static_cast<double>(i - 1) / fps).span == static_cast<int>(k) - 1);
            // A recorded command at the boundary's time is in force from that frame on.
            std::vector<timeline::Event> events = {timeline::Event{lay.spans[k].start, timeline::cmd::Blank{}}};
            output::Replayer r(deck, lay, events);
            CHECK_FALSE(r.at(static_cast<double>(i - 1) / fps).blank);
            CHECK(r.at(t).blank);
        }
        // Every frame of the export: the exporter's state is timeline::state_at's, at i / fps.
        output::Plan p = output::plan(lay, options("x", png_frames(), 64, 36, fps));
        output::Shots shots = output::timeline_shots(lay, p, {});
        REQUIRE(shots.count() == std::lround(lay.total * fps));
        long disagree = 0;
        for (long i = 0; i < shots.count(); ++i) {
            const double t = static_cast<double>(i) / fps;
            const output::Shot shot = shots.at(i);
            if (shot.now != t || shot.state.span != timeline::state_at(lay, t).span) ++disagree;
        }
        CHECK(disagree == 0);
    }
    CHECK(missed_by_rounding > 0);
}

TEST_CASE("--seed seeds the quiz draw: replays of an open quiz differ between seeds, repeat with one", "[output]") {
    scene::Deck deck = test_deck({{0.4, 0.4}, {0.4, 0.4}}, 6);
    timeline::Layout lay = timeline::layout(deck);
    const timeline::QuizBank bank = timeline::quiz_bank(deck, 0);
    REQUIRE(bank.questions.size() == 6);
    // The first question each seed draws, from the timeline's data: the two seeds differ.
    auto first_question = [&](std::uint64_t seed) {
        timeline::State s = timeline::state_at_span(lay, 0);
        s.seed = seed;
        s.quiz.attempt = 0;
        return bank.questions[static_cast<std::size_t>(timeline::quiz_order(deck, s, 0).front())];
    };
    REQUIRE(first_question(1) != first_question(999));

    TempDir tmp;
    std::ofstream(tmp / "quiz.rec") << "# no seed line\n0.3 quiz open\n";
    std::vector<timeline::Event> events;
    core::Diagnostics errors;
    REQUIRE(output::read_recording(tmp / "quiz.rec", events, errors));
    auto export_with = [&](const std::string& seed, const std::string& dir) {
        output::Options o;
        o.draw.fonts = support::fonts();
        bool help = false;
        std::string error;
        REQUIRE(cli::export_options({"deck.yaml", "-o", tmp / dir + "/", "--replay", tmp / "quiz.rec", "--seed", seed,
                                       "--size", "320x180", "--fps", "10"},
                                      o, help, error));
        CHECK(o.seed == std::stoull(seed));
        o.quiet = true;
        std::ostringstream err;
        REQUIRE(output::run(deck, o, events, err) == 0);
        return o;
    };
    const output::Options o1 = export_with("1", "seed1");
    export_with("999", "seed999");
    export_with("999", "again999");

    // What the frames show: the question the seed draws, once the quiz is open.
    output::Plan p = output::replay_plan(deck, lay, events, 10);
    for (std::uint64_t seed : {std::uint64_t{1}, std::uint64_t{999}}) {
        output::Shots shots = output::replay_shots(deck, lay, events, p, seed);
        const output::Shot open = shots.at(5);  // 0.5 s
        CHECK(open.state.seed == seed);
        timeline::View v = timeline::evaluate(deck, lay, open.state, open.now);
        REQUIRE(v.quiz);
        CHECK(v.quiz->question == first_question(seed));
    }

    // The pixels: equal before the quiz opens, different after; the same seed repeats exactly.
    const std::vector<std::string> names = files_in(tmp / "seed1");
    REQUIRE(static_cast<long>(names.size()) == p.frames);
    REQUIRE(files_in(tmp / "seed999") == names);
    REQUIRE(files_in(tmp / "again999") == names);
    long differ = 0;
    for (std::size_t i = 0; i < names.size(); ++i) {
        const std::string a = slurp(tmp / ("seed1/" + names[i])), b = slurp(tmp / ("seed999/" + names[i]));
        if (i < 3) CHECK(a == b);  // frames 0–2: before 0.3 s
        else if (a != b) ++differ;
        CHECK(b == slurp(tmp / ("again999/" + names[i])));
    }
    CHECK(differ == p.frames - 3);

    // A seed line in the recording is a later command: it wins from its time on.
    std::vector<timeline::Event> seeded = events;
    seeded.insert(seeded.begin(), timeline::Event{0.1, timeline::cmd::Seed{999}});
    output::Shots shots = output::replay_shots(deck, lay, seeded, p, 1);
    CHECK(shots.at(0).state.seed == 1);
    CHECK(shots.at(5).state.seed == 999);
    // And the plain timeline carries --seed into every frame; without it, the timeline's default.
    output::Shots plain = output::timeline_shots(lay, output::plan(lay, o1), 7);
    CHECK(plain.at(0).state.seed == 7);
    CHECK(output::timeline_shots(lay, output::plan(lay, o1), {}).at(0).state.seed == timeline::State{}.seed);
}

// The start of a file of each format, as its specification says.
bool looks_like(const std::string& name, const std::string& bytes) {
    if (name == "png") return bytes.rfind("\x89PNG", 0) == 0;
    if (name == "pdf") return bytes.rfind("%PDF-", 0) == 0;
    if (name == "svg") return bytes.find("<svg") != std::string::npos;
    if (name == "mp4") return bytes.size() > 8 && bytes.compare(4, 4, "ftyp") == 0;
    if (name == "webm") return bytes.rfind("\x1A\x45\xDF\xA3", 0) == 0;
    if (name == "gif") return bytes.rfind("GIF89a", 0) == 0;
    if (name == "html") return bytes.rfind("<!doctype html>", 0) == 0 && bytes.find("</html>") != std::string::npos;
    return !bytes.empty();  // a format this test does not know yet: at least something was written
}

TEST_CASE("every row of the table of formats is chosen by its own name and writes its own kind of file", "[output]") {
    scene::Deck deck = test_deck({{0.2, 0.1}, {0.2, 0.1}});
    const std::size_t steps = timeline::layout(deck).spans.size();
    for (const output::Format& f : output::formats()) {
        const bool still = f.content == output::Content::Still, folder = f.target == output::Target::Folder;
        INFO("format " << f.name << (folder ? " (folder)" : "") << (still ? " (still)" : ""));
        CHECK(f.make != nullptr);  // every row has its sink, a web page's too (made of other rows' outputs)
        CHECK(!f.help.empty());
        CHECK(output::find_format(f.name, f.target, still) == &f);  // no two rows answer to one name and shape
        if (f.uses_ffmpeg()) CHECK(f.is_video());
        TempDir tmp;
        const std::string out = folder ? tmp / "out" : tmp / ("out." + f.name);
        std::vector<std::string> args = {"deck.yaml", "-o", folder ? out + "/" : out, "--size", "160x90", "--fps", "10"};
        if (folder) args.insert(args.end(), {"--format", f.name});
        if (still) args.insert(args.end(), {"--still", "2"});
        if (f.is_site()) args.push_back("--recorded");  // the page of pictures: this sink (the live page is no sink)
        output::Options o;
        o.draw.fonts = support::fonts();
        bool help = false;
        std::string error;
        REQUIRE(cli::export_options(args, o, help, error));
        CHECK(o.format == &f);
        o.quiet = true;
        std::ostringstream err;
        REQUIRE(output::run(deck, o, {}, err) == 0);
        CHECK(files_in(tmp.path.string()) == (folder ? std::vector<std::string>{"out"} : written(f, "out")));
        const std::vector<std::string> inside = folder ? files_in(out) : std::vector<std::string>{};
        if (folder && f.content == output::Content::Pages) CHECK(inside.size() == steps);
        if (folder && f.is_site()) CHECK(inside == std::vector<std::string>{"index.html", "lecture_files"});
        const std::string first = folder ? (inside.empty() ? "" : out + "/" + inside.front()) : out;
        CHECK(looks_like(f.name, slurp(first)));
    }
}

TEST_CASE("a format without a row is refused with the table's names; a row never borrows another's encoder", "[output]") {
    output::Options o;
    bool help = false;
    std::string error;
    CHECK_FALSE(cli::export_options({"s.yaml", "-o", "x.mkv"}, o, help, error));
    for (const output::Format& f : output::formats())
        if (f.target == output::Target::File && f.content != output::Content::Still)
            CHECK(error.find("." + f.name) != std::string::npos);
    o = {};
    CHECK_FALSE(cli::export_options({"s.yaml", "-o", "x", "--format", "mkv"}, o, help, error));
    for (const output::Format& f : output::formats()) CHECK(error.find(f.name) != std::string::npos);

    // A video row whose ffmpeg arguments were forgotten is an error, not another format's file.
    output::Format forgot = *format("mp4");
    forgot.name = "mkv";
    forgot.ffmpeg.clear();
    TempDir tmp;
    std::ostringstream err;
    CHECK(output::run(test_deck(kUneven), options(tmp / "x.mkv", &forgot, 64, 36, 10), {}, err) == 2);
    CHECK(err.str().find("no ffmpeg arguments") != std::string::npos);
    CHECK(files_in(tmp.path.string()).empty());

    // --help: a line for every row.
    const std::string usage = cli::export_usage();
    for (const output::Format& f : output::formats()) {
        INFO(f.name);
        if (f.content == output::Content::Still) CHECK(usage.find("." + f.name) != std::string::npos);
        else CHECK(usage.find(f.help) != std::string::npos);
    }
}

TEST_CASE("SIGINT or SIGTERM during any export, a still and SVG pages too: exit 130 or 143, the old output kept", "[output]") {
    scene::Deck deck = test_deck(kUneven);
    for (const output::Format& f : output::formats())
        for (int sig : {SIGINT, SIGTERM}) {
            const bool folder = f.target == output::Target::Folder;
            INFO("format " << f.name << (folder ? " (folder)" : "") << ", signal " << sig);
            TempDir tmp;
            const std::string out = folder ? tmp / "out" : tmp / ("out." + f.name);
            // What a previous export left there must survive an interrupted one.
            if (folder) {
                fs::create_directory(out);
                std::ofstream(out + "/keep.txt") << "old";
            } else {
                std::ofstream(out) << "old";
            }
            output::Options o = options(out, &f, 160, 90, 10);
            if (f.content == output::Content::Still) o.still = 2;
            long seen = 0;
            // The signal arrives once the first frame or page has reached its sink: for a still,
            // once the picture is complete under its temporary name.
            o.on_progress = [&](long done, long) {
                seen = done;
                if (done == 1) raise(sig);
            };
            std::ostringstream err;
            CHECK(output::run(deck, o, {}, err) == 128 + sig);
            CHECK(seen >= 1);
            CHECK(err.str().find("interrupted; partial output removed") != std::string::npos);
            CHECK(files_in(tmp.path.string()) == std::vector<std::string>{folder ? "out" : "out." + f.name});
            if (folder) CHECK(files_in(out) == std::vector<std::string>{"keep.txt"});
            else CHECK(slurp(out) == "old");
        }
}

// ---------------------------------------------------------------------------------------------
// Atomic exports: after an error, SIGINT, SIGTERM or SIGKILL at any point, the output's name holds
// the whole old output or the whole new one, and what a killed export leaves is hidden, named so
// that nothing takes it for an output, and removed by the next export to the same name.

namespace {

struct Hooked {
    int code = -1;      // exit code, or 128 + the signal that ended it
    int stops = 0;      // times the hook stopped it
    std::string err;
};

// Runs `attnlab_hooked export ARGS` (attnlab's export with test hooks: tests/support/attnlab_hooked.cpp)
// with ATTNLAB_TEST_HOOK=hook. The first time the hook stops the process (SIGSTOP), `sig` is sent to it
// (0: none) and it is continued; later stops are just continued. `binary`: another program to run so.
Hooked run_hooked(const std::vector<std::string>& args, const std::string& hook, int sig = 0,
                  const std::string& binary = ATTNLAB_HOOKED_BINARY) {
    TempDir io;
    const std::string err_path = io / "err";
    std::vector<std::string> env_store;
    for (char** e = environ; *e; ++e)
        if (std::strncmp(*e, "ATTNLAB_TEST_HOOK=", 18) != 0) env_store.push_back(*e);
    env_store.push_back("ATTNLAB_TEST_HOOK=" + hook);
    std::vector<char*> envp;
    for (auto& kv : env_store) envp.push_back(kv.data());
    envp.push_back(nullptr);
    std::vector<std::string> argv_s = {binary, "export"};
    argv_s.insert(argv_s.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : argv_s) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    pid_t pid = -1;
    Hooked h;
    const int rc = posix_spawn(&pid, argv[0], &fa, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&fa);
    REQUIRE(rc == 0);
    for (;;) {
        int status = 0;
        REQUIRE(waitpid(pid, &status, WUNTRACED) == pid);
        if (WIFSTOPPED(status)) {
            if (h.stops++ == 0 && sig != 0) kill(pid, sig);
            kill(pid, SIGCONT);
            continue;
        }
        h.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        break;
    }
    h.err = slurp(err_path);
    return h;
}

// Every file under `root` (relative path → bytes), folders as "NAME/".
std::map<std::string, std::string> tree(const std::string& root) {
    std::map<std::string, std::string> all;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(root, ec); it != fs::recursive_directory_iterator(); ++it) {
        const std::string rel = fs::relative(it->path(), root).string();
        if (it->is_directory()) all[rel + "/"] = "";
        else all[rel] = slurp(it->path().string());
    }
    return all;
}

// One export kind of the table, as the command line asks for it.
struct Kind {
    const output::Format* format;
    bool folder() const { return format->target == output::Target::Folder; }
    bool still() const { return format->content == output::Content::Still; }
    std::string name() const { return folder() ? "out" : "out." + format->name; }
    std::vector<std::string> args(const TempDir& tmp) const {
        std::vector<std::string> a = {std::string(ATTNLAB_SOURCE_DIR) + "/scenes/tiny.yaml", "-o",
                                      folder() ? tmp / "out/" : tmp / name(), "--size", "64x36", "--fps", "10"};
        if (folder()) a.insert(a.end(), {"--format", format->name});
        if (still()) a.insert(a.end(), {"--still", "2"});
        else a.insert(a.end(), {"--steps", "1-2"});
        if (format->is_site()) a.push_back("--recorded");  // the page of pictures, a sink of the table
        return a;
    }
    // What an earlier export left: a file, or a folder of old frames and a file of the user's.
    void write_old(const TempDir& tmp) const {
        if (!folder()) {
            std::ofstream(tmp / name()) << "old output";
            return;
        }
        fs::create_directories(tmp / "out/mine");
        if (format->is_site()) {  // an old page: its index and its folder of files
            fs::create_directories(tmp / "out/lecture_files");
            std::ofstream(tmp / "out/index.html") << "old frame";
            std::ofstream(tmp / "out/lecture_files/step-001.svg") << "old frame";
        }
        for (int i = 0; i < 40 && !format->is_site(); ++i) {
            char n[32];
            std::snprintf(n, sizeof n, format->name == "svg" ? "step_%03d.svg" : "frame_%06d.png", i);
            std::ofstream(tmp / ("out/" + std::string(n))) << "old frame";
        }
        std::ofstream(tmp / "out/notes.txt") << "the user's notes";
        std::ofstream(tmp / "out/mine/list.txt") << "the user's list";
    }
};

std::string kind_label(const Kind& k) {
    return k.format->name + (k.folder() ? " (folder)" : "") + (k.still() ? " (still)" : "");
}

// The names beside the output that are not it (nor a narrated video's files, nor a web page's
// NAME_files/, beside it): leftovers.
std::vector<std::string> leftovers(const TempDir& tmp, const Kind& k) {
    const std::vector<std::string> own = k.folder() ? std::vector<std::string>{k.name()} : written(*k.format, "out");
    std::vector<std::string> names;
    for (const auto& n : files_in(tmp.path.string()))
        if (std::find(own.begin(), own.end(), n) == own.end()) names.push_back(n);
    return names;
}

// A leftover that nothing takes for an output: hidden, marked as attnlab's, no extension of
// any format of the table (so no player, viewer or ffmpeg's guess by extension claims it).
bool harmless_name(const std::string& n) {
    if (n.empty() || n[0] != '.' || n.find(".attnlab-part-") == std::string::npos) return false;
    for (const output::Format& f : output::formats())
        if (n.size() > f.name.size() && n.compare(n.size() - f.name.size() - 1, f.name.size() + 1, "." + f.name) == 0)
            return false;
    return true;
}

// The kinds of the table, each once.
std::vector<Kind> kinds() {
    std::vector<Kind> all;
    for (const output::Format& f : output::formats()) all.push_back(Kind{&f});
    return all;
}

}  // namespace

TEST_CASE("every export kind: an error, SIGINT, SIGTERM or SIGKILL mid-export leaves the old output whole", "[output][atomic]") {
    for (const Kind& k : kinds()) {
        for (const std::string point : {"frame:0", "finished"}) {
            // An error: exit 2, the old output as it was, nothing beside it.
            {
                INFO(kind_label(k) << ": failing at " << point);
                TempDir tmp;
                k.write_old(tmp);
                const auto before = tree(tmp.path.string());
                const Hooked h = run_hooked(k.args(tmp), point + "=fail");
                INFO(h.err);
                CHECK(h.code == 2);
                CHECK(h.err.find("test hook '" + point + "' failed") != std::string::npos);
                CHECK(tree(tmp.path.string()) == before);
            }
            // SIGINT and SIGTERM at exactly that point: 130 / 143, the old output, nothing else.
            // At "finished" the new output is complete under its temporary name: still removed.
            for (int sig : {SIGINT, SIGTERM}) {
                INFO(kind_label(k) << ": signal " << sig << " at " << point);
                TempDir tmp;
                k.write_old(tmp);
                const auto before = tree(tmp.path.string());
                const Hooked h = run_hooked(k.args(tmp), point + "=stop", sig);
                CHECK(h.stops >= 1);
                CHECK(h.code == 128 + sig);
                CHECK(h.err.find("interrupted; partial output removed") != std::string::npos);
                CHECK(tree(tmp.path.string()) == before);
            }
            // SIGKILL: the old output whole; what is left beside it is named as no output is;
            // the next export to the same name completes and removes it.
            {
                INFO(kind_label(k) << ": SIGKILL at " << point);
                TempDir tmp;
                k.write_old(tmp);
                const std::string out = tmp / k.name();
                const auto before = k.folder() ? tree(out) : std::map<std::string, std::string>{{"", slurp(out)}};
                const Hooked h = run_hooked(k.args(tmp), point + "=stop", SIGKILL);
                CHECK(h.code == 128 + SIGKILL);
                CHECK((k.folder() ? tree(out) : std::map<std::string, std::string>{{"", slurp(out)}}) == before);
                const auto left = leftovers(tmp, k);
                // The complete new output, not yet renamed (and a narrated video's files or a web
                // page's folder beside it).
                if (point == "finished") CHECK(left.size() == (k.folder() ? 1u : written(*k.format, "out").size()));
                for (const auto& n : left) CHECK(harmless_name(n));
                const Hooked next = run_hooked(k.args(tmp), "");
                CHECK(next.code == 0);
                CHECK(leftovers(tmp, k).empty());
                if (k.folder()) {
                    const auto now = tree(out);
                    CHECK(now.at("notes.txt") == "the user's notes");
                    CHECK(now.at("mine/list.txt") == "the user's list");
                    for (const auto& [name, bytes] : now) CHECK(bytes != "old frame");
                    CHECK(looks_like(k.format->name,
                                     slurp(out + "/" + (k.format->name == "svg"    ? "step_001.svg"
                                                        : k.format->is_site() ? "index.html"
                                                                               : "frame_000000.png"))));
                } else {
                    CHECK(looks_like(k.format->name, slurp(out)));
                }
            }
        }
    }
}

TEST_CASE("attnlab itself has no test hooks: ATTNLAB_TEST_HOOK neither stops nor fails its export", "[output][atomic]") {
    for (const std::string hook : {"frame:0=fail", "finished=fail", "frame:0=stop", "finished=stop,linked=fail"}) {
        INFO(hook);
        const Kind k{format("png", output::Target::Folder)};
        TempDir tmp;
        k.write_old(tmp);
        const Hooked plain = run_hooked(k.args(tmp), hook, SIGKILL, ATTNLAB_BINARY);
        CHECK(plain.stops == 0);
        CHECK(plain.code == 0);
        CHECK(looks_like("png", slurp(tmp / "out/frame_000000.png")));
        CHECK(leftovers(tmp, k).empty());
        // The same hook in the test build does act: the seam is there, only not in attnlab.
        const Hooked hooked = run_hooked(k.args(tmp), hook, SIGKILL);
        const bool stops = hook.find("=stop") != std::string::npos;
        CHECK(hooked.stops == (stops ? 1 : 0));
        CHECK(hooked.code == (stops ? 128 + SIGKILL : 2));
    }
}

TEST_CASE("--split-steps: an error, a signal or SIGKILL leaves the old clips and index, and leftovers go next time", "[output][atomic]") {
    const std::vector<std::string> names = {"talk-001.mp4", "talk-001.srt", "talk-001.vtt",      "talk-002.mp4",
                                            "talk-002.srt", "talk-002.vtt", "talk.chapters.txt", "talk.json"};
    auto args = [](const TempDir& tmp) {
        return std::vector<std::string>{std::string(ATTNLAB_SOURCE_DIR) + "/scenes/tiny.yaml", "-o", tmp / "talk.mp4",
                                        "--size", "64x36", "--fps", "10", "--steps", "1-2", "--split-steps"};
    };
    for (const std::string point : {"frame:0", "finished"})
        for (int sig : {0, SIGINT, SIGTERM, SIGKILL}) {
            INFO("at " << point << ", signal " << sig << " (0: a failure)");
            TempDir tmp;
            for (const auto& n : names) std::ofstream(tmp / n) << "old " << n;
            const auto before = tree(tmp.path.string());
            const Hooked h = run_hooked(args(tmp), point + (sig ? "=stop" : "=fail"), sig);
            CHECK(h.code == (sig ? 128 + sig : 2));
            auto after = tree(tmp.path.string());
            std::vector<std::string> left;
            for (auto it = after.begin(); it != after.end();)
                if (!before.count(it->first)) {
                    left.push_back(it->first);
                    it = after.erase(it);
                } else {
                    ++it;
                }
            CHECK(after == before);
            if (sig != SIGKILL) CHECK(left.empty());
            if (sig == SIGKILL && point == "finished") CHECK(left.size() == names.size());
            for (const auto& n : left) CHECK(harmless_name(n));
            REQUIRE(run_hooked(args(tmp), "").code == 0);
            CHECK(files_in(tmp.path.string()) == names);
            CHECK(looks_like("mp4", slurp(tmp / "talk-002.mp4")));
            CHECK(slurp(tmp / "talk.json").find("\"file\": \"talk-002.mp4\"") != std::string::npos);
        }
}

TEST_CASE("a folder export swaps folders: SIGKILL at each point of the swap leaves all old or all new frames", "[output][atomic]") {
    for (const char* name : {"png", "svg"}) {
        const Kind k{format(name, output::Target::Folder)};
        // The new frames, as an export into a fresh folder writes them, beside the user's files.
        TempDir ref;
        REQUIRE(run_hooked(k.args(ref), "").code == 0);
        auto all_new = tree(ref / "out");
        all_new["notes.txt"] = "the user's notes";
        all_new["mine/"] = "";
        all_new["mine/list.txt"] = "the user's list";
        struct Case {
            std::string hook;   // where the process stops and is killed
            bool is_new;        // what the folder holds then
        };
        // Where renameat2 cannot exchange ("exchange=fail"), the old folder is set aside and the
        // new one renamed in: killed between the two, no folder is at the name, and the next
        // export (even one that fails) puts the old one back first.
        for (const Case& c : {Case{"frame:1=stop", false}, Case{"finished=stop", false}, Case{"linked=stop", false},
                              Case{"exchanged=stop", true}, Case{"exchange=fail,linked=stop", false},
                              Case{"exchange=fail,aside=stop", false}}) {
            INFO(name << ": SIGKILL at " << c.hook);
            TempDir tmp;
            k.write_old(tmp);
            const auto all_old = tree(tmp / "out");
            const Hooked h = run_hooked(k.args(tmp), c.hook, SIGKILL);
            CHECK(h.stops == 1);
            CHECK(h.code == 128 + SIGKILL);
            if (c.hook.find("aside") != std::string::npos) {
                CHECK_FALSE(fs::exists(tmp / "out"));
                REQUIRE(run_hooked(k.args(tmp), "frame:0=fail").code == 2);
            }
            const auto now = tree(tmp / "out");
            CHECK(now == (c.is_new ? all_new : all_old));
            for (const auto& n : leftovers(tmp, k)) CHECK(n.find(".attnlab-") != std::string::npos);
            // The next export: all new, nothing beside it.
            REQUIRE(run_hooked(k.args(tmp), "").code == 0);
            CHECK(tree(tmp / "out") == all_new);
            CHECK(leftovers(tmp, k).empty());
        }
        // Failures inside the swap: the old folder as it was, nothing beside it.
        for (const std::string hook : {"linked=fail", "exchange=fail,aside=fail"}) {
            INFO(name << ": " << hook);
            TempDir tmp;
            k.write_old(tmp);
            const auto before = tree(tmp.path.string());
            const Hooked h = run_hooked(k.args(tmp), hook);
            CHECK(h.code == 2);
            CHECK(h.err.find("cannot write " + tmp / "out: ") != std::string::npos);
            CHECK(tree(tmp.path.string()) == before);
        }
        // And the fallback itself completes: all new.
        TempDir tmp;
        k.write_old(tmp);
        REQUIRE(run_hooked(k.args(tmp), "exchange=fail").code == 0);
        CHECK(tree(tmp / "out") == all_new);
        CHECK(leftovers(tmp, k).empty());
    }
}

TEST_CASE("a PNG export into a full folder killed at increasing delays: all old or all new frames each time", "[output][atomic]") {
    const Kind k{format("png", output::Target::Folder)};
    TempDir ref;
    REQUIRE(run_hooked(k.args(ref), "").code == 0);
    auto all_new = tree(ref / "out");
    all_new["notes.txt"] = "the user's notes";
    all_new["mine/"] = "";
    all_new["mine/list.txt"] = "the user's list";
    int olds = 0, news = 0;
    for (int delay_us = 0; delay_us <= 5000000 && news < 3; delay_us += 4000 + delay_us / 4) {
        INFO("SIGKILL after " << delay_us << " µs");
        TempDir tmp;
        k.write_old(tmp);
        const auto all_old = tree(tmp / "out");
        std::vector<std::string> argv_s = {ATTNLAB_BINARY, "export"};
        for (const auto& a : k.args(tmp)) argv_s.push_back(a);
        std::vector<char*> argv;
        for (auto& a : argv_s) argv.push_back(a.data());
        argv.push_back(nullptr);
        posix_spawn_file_actions_t fa;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
        pid_t pid = -1;
        REQUIRE(posix_spawn(&pid, argv[0], &fa, nullptr, argv.data(), environ) == 0);
        posix_spawn_file_actions_destroy(&fa);
        std::this_thread::sleep_for(std::chrono::microseconds(delay_us));
        kill(pid, SIGKILL);
        int status = 0;
        REQUIRE(waitpid(pid, &status, 0) == pid);
        const auto now = tree(tmp / "out");
        const bool is_old = now == all_old, is_new = now == all_new;
        CHECK((is_old || is_new));
        olds += is_old;
        news += is_new;
    }
    CHECK(olds > 0);  // the kills did land mid-export, and late enough to find it done
    CHECK(news > 0);
}

TEST_CASE("a killed MP4 export: ffmpeg dies with attnlab and leaves no playable file", "[output][atomic]") {
    const Kind k{format("mp4")};
    TempDir tmp;
    const Hooked h = run_hooked(k.args(tmp), "frame:5=stop", SIGKILL);
    CHECK(h.code == 128 + SIGKILL);
    CHECK_FALSE(fs::exists(tmp / k.name()));
    // Given the time to finish the file, as it would have if it had read the closed pipe as the
    // end of the video: an MP4 without its index ("moov") plays nowhere.
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    // The video, its captions and its chapters' input, each under a temporary name.
    const auto left = leftovers(tmp, k);
    REQUIRE(left.size() == 4);
    for (const auto& n : left) CHECK(harmless_name(n));
    const auto video = std::find_if(left.begin(), left.end(), [](const std::string& n) { return n.rfind(".out.mp4.", 0) == 0; });
    REQUIRE(video != left.end());
    CHECK(slurp(tmp / *video).find("moov") == std::string::npos);
}

TEST_CASE("leftovers: a dead export's are removed by the next one to the same name, a live one's are kept", "[output][atomic]") {
    TempDir tmp;
    // A process id that is certainly gone: a child that has exited and been waited for.
    pid_t dead = fork();
    REQUIRE(dead >= 0);
    if (dead == 0) _exit(0);
    REQUIRE(waitpid(dead, nullptr, 0) == dead);
    const std::string d = std::to_string(dead);
    const pid_t live = getppid();  // alive while this test runs
    const std::string l = std::to_string(live);
    fs::create_directory(tmp / (".frames.attnlab-part-" + d));
    std::ofstream(tmp / (".frames.attnlab-part-" + d + "/frame_000000.png")) << "x";
    std::ofstream(tmp / (".v.mp4.attnlab-part-" + d)) << "x";
    std::ofstream(tmp / (".v.mp4.attnlab-" + d + ".part")) << "x";  // as attnlab named them before
    std::ofstream(tmp / (".v.mp4.attnlab-part-" + l)) << "x";      // a concurrent export's
    std::ofstream(tmp / (".w.mp4.attnlab-part-" + d)) << "x";      // another output's
    std::ofstream(tmp / (".talk-007.mp4.attnlab-part-" + d)) << "x";  // a clip of a longer cut
    std::ofstream(tmp / (".talk.json.attnlab-part-" + d)) << "x";
    std::ofstream(tmp / (".talk-009.vtt.attnlab-part-" + d)) << "x";  // a clip's captions
    std::ofstream(tmp / (".talk-009.ffmetadata.attnlab-part-" + d)) << "x";  // and its chapters
    std::ofstream(tmp / (".talk.chapters.txt.attnlab-part-" + d)) << "x";
    std::ofstream(tmp / (".talk-x.mp4.attnlab-part-" + d)) << "x";  // not a clip's name
    scene::Deck deck = test_deck(kUneven);
    std::ostringstream err;
    REQUIRE(output::run(deck, options(tmp / "frames", png_frames(), 32, 18, 5), {}, err) == 0);
    REQUIRE(output::run(deck, options(tmp / "v.mp4", format("mp4"), 32, 18, 5), {}, err) == 0);
    output::Options split = options(tmp / "talk.mp4", format("mp4"), 32, 18, 5);
    split.split_steps = true;
    split.steps = std::make_pair(1, 1);
    REQUIRE(output::run(deck, split, {}, err) == 0);
    CHECK(files_in(tmp.path.string()) ==
          std::vector<std::string>{".talk-x.mp4.attnlab-part-" + d, ".v.mp4.attnlab-part-" + l, ".w.mp4.attnlab-part-" + d,
                                   "frames", "talk-001.mp4", "talk-001.srt", "talk-001.vtt", "talk.chapters.txt",
                                   "talk.json", "v.chapters.txt", "v.mp4", "v.srt", "v.vtt"});
}

TEST_CASE("a folder export into an existing folder keeps its mode, the user's files and their inodes", "[output][atomic]") {
    TempDir tmp;
    fs::create_directories(tmp / "frames/sub");
    std::ofstream(tmp / "frames/notes.txt") << "notes";
    std::ofstream(tmp / "frames/sub/x") << "x";
    std::ofstream(tmp / "frames/frame_000999.png") << "stale";
    REQUIRE(chmod((tmp / "frames").c_str(), 0750) == 0);
    struct stat before {};
    REQUIRE(stat((tmp / "frames/notes.txt").c_str(), &before) == 0);
    std::ostringstream err;
    REQUIRE(output::run(test_deck(kUneven), options(tmp / "frames", png_frames(), 32, 18, 5), {}, err) == 0);
    struct stat dir {}, after {};
    REQUIRE(stat((tmp / "frames").c_str(), &dir) == 0);
    CHECK((dir.st_mode & 07777) == 0750);
    REQUIRE(stat((tmp / "frames/notes.txt").c_str(), &after) == 0);
    CHECK(after.st_ino == before.st_ino);  // the same file, not a copy
    CHECK(after.st_nlink == 1);            // and no second name left anywhere
    CHECK(slurp(tmp / "frames/sub/x") == "x");
    CHECK_FALSE(fs::exists(tmp / "frames/frame_000999.png"));
    CHECK(fs::exists(tmp / "frames/frame_000000.png"));
    CHECK(files_in(tmp.path.string()) == std::vector<std::string>{"frames"});
}

namespace {

using support::pixels_of;

}  // namespace

TEST_CASE("a replayed command ends a repeat: the frame at its time is drawn anew", "[output]") {
    scene::Deck deck = test_deck({{0.5, 2.0}});
    const timeline::Layout lay = timeline::layout(deck);
    std::vector<timeline::Event> events = {{1.5, timeline::Command{timeline::cmd::Temperature{8.0}}}};
    const output::Plan plan = output::replay_plan(deck, lay, events, 10);
    const output::Shots shots = output::replay_shots(deck, lay, events, plan, std::nullopt);
    REQUIRE(shots.count() > 20);
    // Shots are asked for in order (a replay only moves forward).
    std::vector<output::Shot> shot;
    for (long i = 0; i <= 15; ++i) shot.push_back(shots.at(i));
    // 1.0 s and 1.1 s: the hold before the command repeats; 1.5 s: the command's frame does not.
    CHECK(output::same_picture(deck, lay, shot[10], shot[11]));
    CHECK_FALSE(output::same_picture(deck, lay, shot[14], shot[15]));
    CHECK(pixels_of(deck, lay, shot[14]) != pixels_of(deck, lay, shot[15]));
}

// ---------------------------------------------------------------------------------------------
// Narrated videos: chapters and captions.

namespace {

// A deck of a title slide with narration, then a scene of three steps (the first two narrated)
// with uneven timing.
scene::Deck narrated_deck() {
    scene::Deck deck = test_deck(kUneven);
    auto sc = std::make_shared<scene::Scene>(*deck.slides.front().scene);
    sc->steps[0].title = "Scores: q·k, one per key";
    sc->steps[0].say = "Every key is scored by how far it reaches along the question: the dot product.";
    sc->steps[1].say = "Divide by the square root of d, so that the scores stay in a range the softmax "
                       "can tell apart; otherwise one key takes every weight.";
    sc->steps[1].hold = -1;  // held long enough to read it
    deck.slides.front().scene = sc;
    scene::Slide title = support::title_slide("Attention = a weighted average; #1");
    title.say = "Attention is a weighted average of values.";
    title.duration = 1.3;
    deck.slides.insert(deck.slides.begin(), title);
    return deck;
}

// The values of "KEY": "VALUE" in ffprobe's JSON, in order (no escapes in what we look for).
std::vector<std::string> json_values(const std::string& json, const std::string& key) {
    std::vector<std::string> out;
    const std::string needle = "\"" + key + "\": \"";
    for (auto at = json.find(needle); at != std::string::npos; at = json.find(needle, at + 1)) {
        const auto from = at + needle.size();
        out.push_back(json.substr(from, json.find('"', from) - from));
    }
    return out;
}

std::string need_ffprobe() {
    const std::string ffprobe = sys::find_in_path("ffprobe");
    if (ffprobe.empty()) FAIL("ffprobe (from ffmpeg, which the project installs) is not in PATH");
    return ffprobe;
}

std::string read_all(const std::string& path) { return slurp(path); }

// A number as the index writes it: six significant digits.
std::string six_digits(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", x);
    return buf;
}

}  // namespace

namespace {

// A deck for the web page: three steps (the second does not move), narration and notes, an
// experiment and a quiz of two questions.
scene::Deck web_deck() {
    auto s = support::abc_scene("web", "Web scene");
    const std::vector<scene::Step> all = scene::default_steps();
    const double anim[] = {0.3, 0.0, 0.3};
    for (int i = 0; i < 3; ++i) {
        scene::Step st = all[static_cast<std::size_t>(i) * 2];
        st.duration = anim[i];
        st.hold = 0.2;
        st.say = "Narration of step " + std::to_string(i + 1) + " <with> \"quotes\" & </script>";
        st.notes = "Notes of step " + std::to_string(i + 1);
        s->steps.push_back(st);
    }
    scene::Experiment e;
    e.title = "Cold";
    e.set.temperature = 0.25;
    e.look_for = "The best match takes nearly everything.";
    s->experiments.push_back(e);
    for (int q = 1; q <= 2; ++q) {
        scene::Question question;
        question.ask = "Question " + std::to_string(q);
        question.answer = "Answer " + std::to_string(q);
        if (q == 1) {
            question.choices = {"yes", "no"};
            question.correct = 0;
        }
        s->quiz.questions.push_back(question);
    }
    s->quiz.draw = 1;
    return scene::deck_of(s);
}

}  // namespace

TEST_CASE("MP4 and WebM carry a chapter per step, titled and timed as the timeline's spans", "[output][narration]") {
    const std::string ffprobe = need_ffprobe();
    const scene::Deck deck = narrated_deck();
    const timeline::Layout lay = timeline::layout(deck);
    REQUIRE(lay.spans.size() == 4);
    const double fps = 20;
    for (const char* ext : {"mp4", "webm"}) {
        INFO(ext);
        TempDir tmp;
        std::ostringstream err;
        REQUIRE(output::run(deck, options(tmp / (std::string("talk.") + ext), format(ext), 96, 54, fps), {}, err) == 0);
        std::vector<std::string> names = {"talk.chapters.txt", std::string("talk.") + ext, "talk.srt", "talk.vtt"};
        std::sort(names.begin(), names.end());
        CHECK(files_in(tmp.path.string()) == names);
        Ran r = run_program({ffprobe, "-v", "error", "-show_chapters", "-of", "json", tmp / (std::string("talk.") + ext)},
                            tmp.path.string());
        REQUIRE(r.code == 0);
        const auto starts = json_values(r.out, "start_time");
        const auto ends = json_values(r.out, "end_time");
        const auto titles = json_values(r.out, "title");
        REQUIRE(starts.size() == lay.spans.size());
        REQUIRE(titles.size() == lay.spans.size());
        REQUIRE(ends.size() == lay.spans.size());
        std::string list;
        for (std::size_t i = 0; i < lay.spans.size(); ++i) {
            INFO("chapter " << i);
            const scene::Slide& slide = deck.slides[static_cast<std::size_t>(lay.spans[i].slide)];
            const std::string title = slide.kind == scene::Slide::Kind::Scene
                                          ? scene::step_title(slide.scene->steps[static_cast<std::size_t>(lay.spans[i].step)])
                                          : slide.title;
            CHECK(titles[i] == title);
            CHECK(std::strtod(starts[i].c_str(), nullptr) == Approx(lay.spans[i].start).margin(1.0 / fps));
            CHECK(std::strtod(ends[i].c_str(), nullptr) == Approx(lay.spans[i].end()).margin(1.0 / fps));
            char line[64];
            const int s = static_cast<int>(std::floor(lay.spans[i].start));
            std::snprintf(line, sizeof line, "%d:%02d ", s / 60, s % 60);
            list += line + title + "\n";
        }
        CHECK(read_all(tmp / "talk.chapters.txt") == list);
    }
}

TEST_CASE("--split-steps: each clip carries its step's chapter; the index and chapters.txt give the same starts", "[output][narration]") {
    const std::string ffprobe = need_ffprobe();
    const scene::Deck deck = narrated_deck();
    const timeline::Layout lay = timeline::layout(deck);
    TempDir tmp;
    std::ostringstream err;
    output::Options o = options(tmp / "talk.webm", format("webm"), 64, 36, 10);
    o.split_steps = true;
    o.steps = std::pair<int, int>{2, 4};
    REQUIRE(output::run(deck, o, {}, err) == 0);
    CHECK(files_in(tmp.path.string()) ==
          std::vector<std::string>{"talk-002.srt", "talk-002.vtt", "talk-002.webm", "talk-003.srt", "talk-003.vtt",
                                   "talk-003.webm", "talk-004.srt", "talk-004.vtt", "talk-004.webm",
                                   "talk.chapters.txt", "talk.json"});
    const std::string json = slurp(tmp / "talk.json");
    const std::string list = slurp(tmp / "talk.chapters.txt");
    for (int k = 1; k <= 3; ++k) {
        INFO("span " << k);
        const timeline::Span& sp = lay.spans[static_cast<std::size_t>(k)];
        const std::string title = scene::step_title(deck.slides[1].scene->steps[static_cast<std::size_t>(sp.step)]);
        char clip[32];
        std::snprintf(clip, sizeof clip, "talk-%03d.webm", k + 1);
        Ran r = run_program({ffprobe, "-v", "error", "-show_chapters", "-of", "json", tmp / clip}, tmp.path.string());
        REQUIRE(r.code == 0);
        CHECK(json_values(r.out, "title") == std::vector<std::string>{title});
        // The index's start, relative to the first clip, is the chapter list's (to the second).
        const double start = sp.start - lay.spans[1].start;
        CHECK(json.find("\"start\": " + six_digits(start)) != std::string::npos);
        char line[64];
        std::snprintf(line, sizeof line, "%d:%02d ", static_cast<int>(start) / 60, static_cast<int>(start) % 60);
        CHECK(list.find(line + title + "\n") != std::string::npos);
    }
}

namespace {

struct ReadCue {
    double start = 0, end = 0;
    std::vector<std::string> lines;
};

// "HH:MM:SS.mmm", "HH:MM:SS,mmm" or "MM:SS.mmm" → seconds.
double clock_seconds(const std::string& s) {
    int h = 0, m = 0, sec = 0, ms = 0;
    char sep = 0;
    if (std::count(s.begin(), s.end(), ':') == 1) REQUIRE(std::sscanf(s.c_str(), "%d:%d%c%d", &m, &sec, &sep, &ms) == 4);
    else REQUIRE(std::sscanf(s.c_str(), "%d:%d:%d%c%d", &h, &m, &sec, &sep, &ms) == 5);
    return h * 3600.0 + m * 60.0 + sec + ms / 1000.0;
}

// The cues of a WebVTT or SRT file: blocks separated by blank lines, a "A --> B" line, then text.
std::vector<ReadCue> read_cues(const std::string& text) {
    std::vector<ReadCue> cues;
    std::istringstream in(text);
    std::string line;
    ReadCue* cur = nullptr;
    while (std::getline(in, line)) {
        const auto arrow = line.find(" --> ");
        if (arrow != std::string::npos) {
            cues.push_back(ReadCue{clock_seconds(line.substr(0, arrow)), clock_seconds(line.substr(arrow + 5)), {}});
            cur = &cues.back();
        } else if (line.empty()) {
            cur = nullptr;
        } else if (cur) {
            cur->lines.push_back(line);
        }
    }
    return cues;
}

std::size_t code_points(const std::string& s) {
    std::size_t n = 0;
    for (unsigned char ch : s) n += (ch & 0xC0) != 0x80;
    return n;
}

std::vector<std::string> words(const std::string& s) {
    std::vector<std::string> out;
    std::istringstream in(s);
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

}  // namespace

TEST_CASE("captions: WebVTT and SRT beside the video cover each step's narration within its span, and are muxed", "[output][narration]") {
    const std::string ffprobe = need_ffprobe();
    const std::string ffmpeg = sys::find_in_path("ffmpeg");
    REQUIRE(!ffmpeg.empty());
    const scene::Deck deck = narrated_deck();
    const timeline::Layout lay = timeline::layout(deck);
    for (const char* ext : {"mp4", "webm"}) {
        INFO(ext);
        TempDir tmp;
        std::ostringstream err;
        const std::string video = tmp / (std::string("talk.") + ext);
        REQUIRE(output::run(deck, options(video, format(ext), 64, 36, 10), {}, err) == 0);
        const auto vtt = read_cues(slurp(tmp / "talk.vtt"));
        const auto srt = read_cues(slurp(tmp / "talk.srt"));
        CHECK(slurp(tmp / "talk.vtt").rfind("WEBVTT\n", 0) == 0);
        REQUIRE(vtt.size() == srt.size());
        REQUIRE(!vtt.empty());
        for (std::size_t i = 0; i < vtt.size(); ++i) {
            INFO("cue " << i);
            CHECK(srt[i].start == vtt[i].start);
            CHECK(srt[i].end == vtt[i].end);
            CHECK(srt[i].lines == vtt[i].lines);
            CHECK(vtt[i].lines.size() >= 1);
            CHECK(vtt[i].lines.size() <= 2);
            for (const auto& l : vtt[i].lines) CHECK(code_points(l) <= 42);
            CHECK(vtt[i].end - vtt[i].start >= 1.0 - 1e-9);
            if (i > 0) CHECK(vtt[i].start >= vtt[i - 1].end);  // in order, no overlap
        }
        // Each step's cues lie within its span and say its narration, word for word.
        for (std::size_t k = 0; k < lay.spans.size(); ++k) {
            INFO("span " << k);
            const timeline::Span& sp = lay.spans[k];
            std::vector<std::string> said;
            for (const auto& c : vtt)
                if (c.start >= sp.start - 0.0005 && c.start < sp.end() - 0.0005) {
                    CHECK(c.end <= sp.end() + 0.0005);
                    for (const auto& l : c.lines)
                        for (const auto& w : words(l)) said.push_back(w);
                }
            const scene::Slide& slide = deck.slides[static_cast<std::size_t>(sp.slide)];
            const std::string& say = slide.kind == scene::Slide::Kind::Scene
                                         ? slide.scene->steps[static_cast<std::size_t>(sp.step)].say
                                         : slide.say;
            CHECK(said == words(say));
        }
        // The soft subtitle track: its codec, and its cues' text read back by ffmpeg.
        Ran r = run_program({ffprobe, "-v", "error", "-select_streams", "s", "-show_entries", "stream=codec_name", "-of",
                             "default=noprint_wrappers=1", video},
                            tmp.path.string());
        REQUIRE(r.code == 0);
        CHECK(r.out == std::string("codec_name=") + (std::string(ext) == "mp4" ? "mov_text" : "webvtt") + "\n");
        r = run_program({ffmpeg, "-v", "error", "-i", video, "-map", "0:s", "-f", "webvtt", "-y", tmp / "back.vtt"},
                        tmp.path.string());
        REQUIRE(r.code == 0);
        const auto back = read_cues(slurp(tmp / "back.vtt"));
        REQUIRE(back.size() == vtt.size());
        for (std::size_t i = 0; i < vtt.size(); ++i) {
            CHECK(back[i].lines == vtt[i].lines);
            CHECK(back[i].start == Approx(vtt[i].start).margin(0.002));
        }
    }
}

TEST_CASE("caption files escape what WebVTT reads as markup; a video without narration has empty ones and no track", "[output][narration]") {
    const std::string ffprobe = need_ffprobe();
    scene::Deck deck = test_deck({{0.5, 1.5}});
    TempDir tmp;
    std::ostringstream err;
    REQUIRE(output::run(deck, options(tmp / "quiet.mp4", format("mp4"), 64, 36, 10), {}, err) == 0);
    CHECK(slurp(tmp / "quiet.vtt") == "WEBVTT\n");
    CHECK(slurp(tmp / "quiet.srt").empty());
    Ran r = run_program({ffprobe, "-v", "error", "-select_streams", "s", "-show_entries", "stream=codec_name", "-of",
                         "csv=p=0", tmp / "quiet.mp4"},
                        tmp.path.string());
    REQUIRE(r.code == 0);
    CHECK(r.out.empty());

    model::Cue cue{1.5, 3.25, {"q<k & k>v --> a", "second"}};
    CHECK(output::webvtt({cue}) == "WEBVTT\n\n00:00:01.500 --> 00:00:03.250\nq&lt;k &amp; k&gt;v --&gt; a\nsecond\n");
    CHECK(output::srt({cue, model::Cue{3.25, 3661.0, {"next"}}}) ==
          "1\n00:00:01,500 --> 00:00:03,250\nq<k & k>v --> a\nsecond\n\n2\n00:00:03,250 --> 01:01:01,000\nnext\n");
}

TEST_CASE("--burn-captions: the frame model carries the cue showing, and draw paints exactly its lines", "[output][narration]") {
    const scene::Deck deck = narrated_deck();
    const timeline::Layout lay = timeline::layout(deck);
    cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 320, 180);
    int checked = 0;
    for (int span = 0; span < static_cast<int>(lay.spans.size()); ++span) {
        const auto cues = model::span_cues(deck, lay, span);
        const timeline::State state = timeline::state_at_span(lay, span);
        const double start = lay.spans[static_cast<std::size_t>(span)].start;
        // A step without narration shows no caption.
        if (cues.empty()) CHECK(model::frame_at(deck, lay, state, start + 0.1, true).caption.empty());
        for (const model::Cue& cue : cues) {
            const double t = start + (cue.start + cue.end) / 2;
            INFO("span " << span << " at " << t);
            CHECK(model::frame_at(deck, lay, state, t, true).caption == cue.lines);
            CHECK(model::frame_at(deck, lay, state, t).caption.empty());  // not asked for: none
            for (bool burn : {false, true}) {
                draw::Recorder rec;
                draw::Options o = support::draw_options();
                o.recorder = &rec;
                o.captions = burn;
                cairo_t* cr = cairo_create(surface);
                draw::render(cr, 320, 180, deck, lay, state, t, o);
                cairo_destroy(cr);
                int panel = -1;
                for (std::size_t p = 0; p < rec.panels.size(); ++p)
                    if (rec.panels[p].name == "caption") panel = static_cast<int>(p);
                std::vector<std::string> shown;
                for (const auto& text : rec.texts)
                    if (panel >= 0 && text.panel == panel) {
                        shown.push_back(text.text);
                        CHECK(text.size >= draw::kMinText);
                    }
                CHECK(shown == (burn ? cue.lines : std::vector<std::string>{}));
            }
            ++checked;
        }
    }
    cairo_surface_destroy(surface);
    CHECK(checked >= 3);  // the title slide's cue and the two narrated steps' cues
}

TEST_CASE("--burn-captions: every exported frame is the frame drawn with its caption, across cue changes in a hold", "[output][narration]") {
    const scene::Deck deck = narrated_deck();
    const timeline::Layout lay = timeline::layout(deck);
    TempDir tmp;
    std::ostringstream err;
    output::Options o = options(tmp / "frames/", png_frames(), 96, 54, 5);
    bool help = false;
    std::string error;
    REQUIRE(cli::export_options({"deck.yaml", "-o", tmp / "frames/", "--burn-captions"}, o, help, error));
    CHECK(o.draw.captions);
    o.draw.fonts = support::fonts();
    o.width = 96, o.height = 54, o.fps = 5, o.quiet = true;
    REQUIRE(output::run(deck, o, {}, err) == 0);
    // The second step's cues change while it holds: those frames are not repeats of the one before.
    const int span = 2;
    const auto cues = model::span_cues(deck, lay, span);
    REQUIRE(cues.size() >= 2);
    draw::Options d = support::draw_options();
    d.captions = true;
    int changes = 0;
    for (long i = 0; i < std::lround(lay.total * 5); ++i) {
        const double t = i / 5.0;
        const timeline::State s = timeline::state_at(lay, t);
        char name[64];
        std::snprintf(name, sizeof name, "frames/frame_%06ld.png", i);
        Png png;
        REQUIRE(read_png(tmp / name, png));
        cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 96, 54);
        cairo_t* cr = cairo_create(surface);
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_paint(cr);
        draw::render(cr, 96, 54, deck, lay, s, t, d);
        cairo_destroy(cr);
        cairo_surface_flush(surface);
        std::vector<unsigned char> rgb;
        const unsigned char* data = cairo_image_surface_get_data(surface);
        for (int y = 0; y < 54; ++y)
            for (int x = 0; x < 96; ++x) {
                const unsigned char* p = data + y * cairo_image_surface_get_stride(surface) + x * 4;
                rgb.insert(rgb.end(), {p[2], p[1], p[0]});
            }
        cairo_surface_destroy(surface);
        INFO("frame " << i);
        CHECK(png.rgb == rgb);
        if (i > 0 && s.span == span &&
            model::caption_at(deck, lay, s, t) != model::caption_at(deck, lay, timeline::state_at(lay, t - 0.2), t - 0.2))
            ++changes;
    }
    CHECK(changes >= 1);
    // And a still or a PDF has no frames to burn into.
    output::Options bad;
    CHECK_FALSE(cli::export_options({"deck.yaml", "-o", tmp / "h.pdf", "--burn-captions"}, bad, help, error));
    CHECK(error.find("--burn-captions") != std::string::npos);
}

TEST_CASE("options: a web page is -o NAME.html or --format html, 720p unless asked, --single-file only for it", "[output][html]") {
    auto parse = [](std::vector<std::string> args, output::Options& o, std::string& error) {
        bool help = false;
        return cli::export_options(args, o, help, error);
    };
    std::string error;
    {
        output::Options o;
        REQUIRE(parse({"d.yaml", "-o", "/tmp/lecture.html"}, o, error));
        CHECK(o.format == output::find_format("html", output::Target::File, false));
        CHECK(o.format->is_site());
        CHECK((o.width == 1280 && o.height == 720));
        CHECK_FALSE(o.single_file);
        CHECK(o.live);  // the live page is the default
        CHECK_FALSE(o.fallback);
    }
    {
        output::Options o;
        REQUIRE(parse({"d.yaml", "-o", "/tmp/site/", "--format", "html", "-q", "h", "--single-file", "--recorded"}, o, error));
        CHECK(o.format == output::find_format("html", output::Target::Folder, false));
        CHECK((o.width == 1920 && o.height == 1080));
        CHECK(o.single_file);
        CHECK_FALSE(o.live);
    }
    {
        output::Options o;
        REQUIRE(parse({"d.yaml", "-o", "/tmp/lecture.html", "--fallback", "--single-file"}, o, error));
        CHECK((o.live && o.fallback && o.single_file));
        output::Options p;
        REQUIRE(parse({"d.yaml", "-o", "/tmp/lecture.html", "--live"}, p, error));
        CHECK((p.live && !p.fallback));
        output::Options v;
        REQUIRE(parse({"d.yaml", "-o", "/tmp/v.mp4"}, v, error));
        CHECK_FALSE(v.live);
    }
    {
        output::Options o;
        CHECK_FALSE(parse({"d.yaml", "-o", "/tmp/x.mp4", "--single-file"}, o, error));
        CHECK(error.find("--single-file") != std::string::npos);
    }
    {
        output::Options o;
        CHECK_FALSE(parse({"d.yaml", "-o", "/tmp/x.html", "--split-steps"}, o, error));
        CHECK(error.find("--split-steps") != std::string::npos);
    }
    {
        output::Options o;
        CHECK_FALSE(parse({"d.yaml", "-o", "/tmp/x.html", "--size", "641x360", "--recorded"}, o, error));
        CHECK(error.find("even") != std::string::npos);
        // The live page draws at the browser's size: --size does not size it.
        output::Options live;
        CHECK(parse({"d.yaml", "-o", "/tmp/x.html", "--size", "641x360"}, live, error));
    }
    CHECK(cli::export_usage().find("--single-file") != std::string::npos);
    CHECK(cli::export_usage().find("DIR/ --format html") != std::string::npos);
}

TEST_CASE("a web page: each step's SVG (titled, else the SVG pages' own), its clips, the page's data; the user's files kept", "[output][html]") {
    const scene::Deck deck = web_deck();
    TempDir tmp;
    std::ostringstream err;
    output::Options o = options(tmp / "site", format("html", output::Target::Folder), 64, 36, 10);
    o.keys.push_back({"slides", "next", 0, {"ArrowRight", " "}, "→ Space", "next"});
    fs::create_directories(tmp / "site");
    std::ofstream(tmp / "site/notes.txt") << "the user's notes";
    REQUIRE(output::run(deck, o, {}, err) == 0);
    CHECK(files_in(tmp / "site") == std::vector<std::string>{"index.html", "lecture_files", "notes.txt"});
    // Step 2 does not move: a picture and no clip. The experiment is set on the scene's last step.
    CHECK(files_in(tmp / "site/lecture_files") ==
          std::vector<std::string>{"lecture.css", "lecture.js", "step-001.mp4", "step-001.svg", "step-001.webm",
                                   "step-002.svg", "step-003.mp4", "step-003.svg", "step-003.webm", "try-003-01.mp4",
                                   "try-003-01.svg", "try-003-01.webm"});
    CHECK(looks_like("webm", slurp(tmp / "site/lecture_files/step-001.webm")));
    CHECK(looks_like("mp4", slurp(tmp / "site/lecture_files/step-003.mp4")));

    // The pictures are the SVG pages' pictures, with a title for screen readers.
    output::Options pages = options(tmp / "pages", format("svg", output::Target::Folder), 64, 36, 10);
    REQUIRE(output::run(deck, pages, {}, err) == 0);
    for (int i = 1; i <= 3; ++i) {
        char page[32], picture[40];
        std::snprintf(page, sizeof page, "pages/step_%03d.svg", i);
        std::snprintf(picture, sizeof picture, "site/lecture_files/step-%03d.svg", i);
        std::string svg = slurp(tmp / picture);
        const std::string title = "<title>Step " + std::to_string(i) + ": " +
                                  scene::step_title(deck.slides[0].scene->steps[static_cast<std::size_t>(i - 1)]) +
                                  "</title>";
        INFO(picture);
        REQUIRE(svg.find(title) != std::string::npos);
        svg.erase(svg.find("\n" + title), title.size() + 1);
        svg.erase(svg.find(" role=\"img\""), 11);
        // The page's numbers have two decimals; and Cairo numbers its surfaces in the order a
        // process makes them. Nothing else differs.
        const std::regex surface("id=\"surface[0-9]+\""), decimals("([0-9]\\.[0-9]{1,2})[0-9]*");
        const std::string want = std::regex_replace(std::regex_replace(slurp(tmp / page), decimals, "$1"), surface,
                                                    "id=\"surface\"");
        CHECK(std::regex_replace(svg, surface, "id=\"surface\"") == want);
        CHECK_FALSE(std::regex_search(svg, std::regex("[0-9]\\.[0-9]{3}")));
    }
    CHECK(slurp(tmp / "site/lecture_files/try-003-01.svg").find("<title>Try this: Cold</title>") != std::string::npos);

    const std::string page = slurp(tmp / "site/index.html");
    CHECK(looks_like("html", page));
    CHECK(page.find("<html lang=\"en\">") != std::string::npos);
    CHECK(page.find("<link rel=\"stylesheet\" href=\"lecture_files/lecture.css\">") != std::string::npos);
    CHECK(page.find("<script src=\"lecture_files/lecture.js\"></script>") != std::string::npos);
    // The data: every step's narration and notes as text (escaped for JSON inside <script>), its
    // picture and clips, the experiment, the quiz bank and the keys.
    CHECK(page.find(R"("say":"Narration of step 2 \u003cwith\u003e \"quotes\" \u0026 \u003c/script\u003e")") !=
          std::string::npos);
    CHECK(page.find(R"("notes":"Notes of step 3")") != std::string::npos);
    CHECK(page.find(R"("picture":"lecture_files/step-002.svg","clips":[],)") != std::string::npos);
    CHECK(page.find(R"("clips":[{"src":"lecture_files/step-003.webm","type":"video/webm"},{"src":"lecture_files/step-003.mp4","type":"video/mp4"}])") != std::string::npos);
    CHECK(page.find(R"("trials":[{"title":"Cold","look_for":"The best match takes nearly everything.","step":2,)") != std::string::npos);
    CHECK(page.find(R"("quizzes":[{"draw":1,"questions":[{"ask":"Question 1","answer":"Answer 1","choices":["yes","no"],"correct":0,)") != std::string::npos);
    CHECK(page.find(R"("keys":[{"layer":"slides","action":"next","arg":0,"keys":["ArrowRight"," "],)") != std::string::npos);
    CHECK(page.find("</script>\"") == std::string::npos);

    // A second export replaces the page and its files, and keeps the user's.
    REQUIRE(output::run(deck, o, {}, err) == 0);
    CHECK(files_in(tmp / "site") == std::vector<std::string>{"index.html", "lecture_files", "notes.txt"});
    CHECK(slurp(tmp / "site/notes.txt") == "the user's notes");
    CHECK_FALSE(has_temporaries(tmp.path.string()));
}

namespace {

// The bytes of base64 text; a gzip member inflated (for the single file's packed SVGs).
std::string unbase64(const std::string& text) {
    std::string out;
    unsigned v = 0;
    int n = 0;
    for (char c : text) {
        const char* digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        const char* at = c ? std::strchr(digits, c) : nullptr;
        if (!at) continue;  // '=' and anything else
        v = v << 6 | static_cast<unsigned>(at - digits);
        if ((n += 6) >= 8) {
            n -= 8;
            out += static_cast<char>((v >> n) & 0xff);
        }
    }
    return out;
}

std::string gunzip(const std::string& gz) {
    z_stream z{};
    if (inflateInit2(&z, 15 + 16) != Z_OK) return "";
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(gz.data()));
    z.avail_in = static_cast<uInt>(gz.size());
    std::string out;
    char buf[65536];
    int rc = Z_OK;
    while (rc == Z_OK) {
        z.next_out = reinterpret_cast<Bytef*>(buf);
        z.avail_out = sizeof buf;
        rc = inflate(&z, Z_NO_FLUSH);
        out.append(buf, sizeof buf - z.avail_out);
    }
    inflateEnd(&z);
    return rc == Z_STREAM_END ? out : "";
}

}  // namespace

TEST_CASE("a web page as one file: NAME.html beside NAME_files/, or --single-file with every file inside", "[output][html]") {
    const scene::Deck deck = web_deck();
    TempDir tmp;
    std::ostringstream err;
    output::Options o = options(tmp / "talk.html", format("html"), 64, 36, 10);
    REQUIRE(output::run(deck, o, {}, err) == 0);
    CHECK(files_in(tmp.path.string()) == std::vector<std::string>{"talk.html", "talk_files"});
    CHECK(slurp(tmp / "talk.html").find("\"picture\":\"talk_files/step-001.svg\"") != std::string::npos);
    CHECK(fs::exists(tmp / "talk_files/step-001.svg"));

    // DIR/index.html: the folder form's files, DIR/lecture_files/ beside it (as -o DIR/ --format html).
    TempDir web;
    fs::create_directories(web / "site");
    std::ofstream(web / "site/notes.txt") << "the user's notes";
    output::Options idx = options(web / "site/index.html", format("html"), 64, 36, 10);
    REQUIRE(output::run(deck, idx, {}, err) == 0);
    CHECK(files_in(web / "site") == std::vector<std::string>{"index.html", "lecture_files", "notes.txt"});
    CHECK(slurp(web / "site/index.html").find("\"picture\":\"lecture_files/step-001.svg\"") != std::string::npos);
    CHECK(fs::exists(web / "site/lecture_files/lecture.js"));
    REQUIRE(output::run(deck, idx, {}, err) == 0);  // again: replaced, the user's file kept
    CHECK(files_in(web / "site") == std::vector<std::string>{"index.html", "lecture_files", "notes.txt"});
    CHECK_FALSE(has_temporaries(web.path.string()));

    TempDir one;
    o.out = one / "talk.html";
    o.single_file = true;
    REQUIRE(output::run(deck, o, {}, err) == 0);
    CHECK(files_in(one.path.string()) == std::vector<std::string>{"talk.html"});
    const std::string page = slurp(one / "talk.html");
    CHECK(page.find("talk_files") == std::string::npos);
    CHECK(page.find("<script src=") == std::string::npos);
    CHECK(page.find("<link rel=") == std::string::npos);
    // An SVG gzip-compressed and in base64 ("svgz"): inflated, the folder form's picture (but for
    // the numbering of Cairo's surfaces, in the order a process makes them).
    CHECK(page.find("data:image/svg+xml") == std::string::npos);
    const std::size_t at = page.find("\"picture\":\"\",\"svgz\":\"");
    REQUIRE(at != std::string::npos);
    const std::size_t from = at + 21;
    const std::string packed = page.substr(from, page.find('"', from) - from);
    const std::string svg = gunzip(unbase64(packed));
    const std::regex surface("id=\"surface[0-9]+\"");
    CHECK(std::regex_replace(svg, surface, "") == std::regex_replace(slurp(tmp / "talk_files/step-001.svg"), surface, ""));
    CHECK(svg.find("<title>Step 1: ") != std::string::npos);
    CHECK(packed.size() * 3 < svg.size());  // a sixth of the text, a third in base64
    CHECK(page.find("{\"src\":\"data:video/webm;base64,") != std::string::npos);
    CHECK(page.find("{\"src\":\"data:video/mp4;base64,") == std::string::npos);  // the WebM alone
    // The script is inside, whole: its last line is there.
    CHECK(page.find("window.attnlab = {") != std::string::npos);

    TempDir folder;
    output::Options f = options(folder / "site", format("html", output::Target::Folder), 64, 36, 10);
    f.single_file = true;
    REQUIRE(output::run(deck, f, {}, err) == 0);
    CHECK(files_in(folder / "site") == std::vector<std::string>{"index.html"});
}

TEST_CASE("a web page's clips: WebM at libvpx's realtime settings, and the single file encodes no MP4", "[output][html]") {
    // The webm row itself keeps its slower preset; the page's WebM is its own, realtime.
    auto has = [](const std::vector<std::string>& args, const std::string& option, const std::string& value) {
        for (std::size_t i = 0; i + 1 < args.size(); ++i)
            if (args[i] == option && args[i + 1] == value) return true;
        return false;
    };
    REQUIRE(output::site_clip_formats().size() == 2);
    const output::Format& page_webm = *output::site_clip_formats().front();
    CHECK(page_webm.name == "webm");
    CHECK(has(page_webm.ffmpeg, "-deadline", "realtime"));
    CHECK(has(page_webm.ffmpeg, "-cpu-used", "8"));
    CHECK(has(page_webm.ffmpeg, "-row-mt", "1"));
    CHECK(has(format("webm")->ffmpeg, "-deadline", "good"));
    CHECK(output::site_clip_formats().back() == format("mp4"));

    // Every ffmpeg the export runs, one line of arguments each, through a wrapper in PATH.
    const std::string ffmpeg = sys::find_in_path("ffmpeg");
    REQUIRE_FALSE(ffmpeg.empty());
    TempDir tmp;
    fs::create_directory(tmp / "bin");
    {
        std::ofstream f(tmp / "bin/ffmpeg");
        f << "#!/bin/sh\necho \"$*\" >>'" << (tmp / "runs.txt") << "'\nexec '" << ffmpeg << "' \"$@\"\n";
    }
    fs::permissions(tmp / "bin/ffmpeg", fs::perms::owner_all);
    const char* old = std::getenv("PATH");
    const std::string saved = old ? old : "";
    setenv("PATH", (tmp / "bin").c_str(), 1);
    auto runs = [&](bool single_file) {
        fs::remove(tmp / "runs.txt");
        output::Options o = options(tmp / (single_file ? "one.html" : "two.html"), format("html"), 64, 36, 10);
        o.single_file = single_file;
        std::ostringstream err;
        const int code = output::run(web_deck(), o, {}, err);
        INFO(err.str());
        CHECK(code == 0);
        std::vector<std::string> lines;
        std::ifstream in(tmp / "runs.txt");
        for (std::string line; std::getline(in, line);) lines.push_back(line);
        return lines;
    };
    // Steps 1 and 3 move, and the experiment: three clips, each encoded once, as WebM alone.
    const std::vector<std::string> one = runs(true);
    const std::vector<std::string> two = runs(false);
    setenv("PATH", saved.c_str(), 1);
    REQUIRE(one.size() == 3);
    for (const std::string& line : one) {
        INFO(line);
        CHECK(line.find("-c:v libvpx-vp9") != std::string::npos);
        CHECK(line.find("-deadline realtime -cpu-used 8") != std::string::npos);
        CHECK(line.find("libx264") == std::string::npos);
        CHECK(line.find("-f mp4") == std::string::npos);
    }
    // The page with its folder: each clip as WebM (realtime) and as MP4.
    REQUIRE(two.size() == 6);
    int webm = 0, mp4 = 0;
    for (const std::string& line : two) {
        webm += line.find("-deadline realtime") != std::string::npos && line.find("-f webm") != std::string::npos;
        mp4 += line.find("-c:v libx264") != std::string::npos && line.find("-f mp4") != std::string::npos;
    }
    CHECK(webm == 3);
    CHECK(mp4 == 3);
}

// ---- predict, then see ----------------------------------------------------------------------

namespace {

// The test deck whose fourth step (the mask stage, a step of its own) lowers T with a question
// to predict first.
scene::Deck asking_deck() {
    scene::Deck deck = test_deck({{0.7, 0.35}, {0.45, 0.2}, {0.9, 0.25}, {1.5, 0.5}, {0.5, 0.3}});
    auto sc = std::make_shared<scene::Scene>(*deck.slides.front().scene);
    scene::Step& st = sc->steps[3];
    st.set.temperature = 0.2;
    st.ask = "Which weight will grow when T falls?";
    st.say = "The best match's weight grows.";
    st.title = "Lower T";
    deck.slides.front().scene = sc;
    return deck;
}

int pdf_pages(const std::string& pdf) {
    int n = 0;
    for (std::size_t at = 0; (at = pdf.find("/Type /Page", at)) != std::string::npos;) {
        at += 11;
        if (at >= pdf.size() || pdf[at] != 's') ++n;
    }
    return n;
}

}  // namespace

TEST_CASE("the handout asks a step's question on a page before it moves, and answers it on the next", "[output][predict]") {
    REQUIRE(std::system("command -v pdftotext >/dev/null 2>&1") == 0);
    const scene::Deck deck = asking_deck();
    const scene::Step& st = deck.slides[0].scene->steps[3];
    TempDir tmp;
    std::ostringstream err;
    REQUIRE(output::run(deck, options(tmp / "h.pdf", format("pdf"), 1280, 720, 30), {}, err) == 0);
    REQUIRE(pdf_pages(slurp(tmp / "h.pdf")) == 6);  // five steps, one of them asked first
    auto page = [&](int n) {
        const std::string txt = tmp / "p.txt", num = std::to_string(n);
        REQUIRE(std::system(("pdftotext -f " + num + " -l " + num + " '" + (tmp / "h.pdf") + "' '" + txt + "'").c_str()) == 0);
        std::istringstream in(slurp(txt));
        std::string words;
        for (std::string w; in >> w;) words += (words.empty() ? "" : " ") + w;
        return words;
    };
    const std::string before = page(4), after = page(5);
    INFO(before << " /// " << after);
    CHECK(before.find("Predict first") != std::string::npos);
    CHECK(before.find(st.ask) != std::string::npos);
    CHECK(before.find(st.say) == std::string::npos);
    CHECK(before.find("T = 1.00") != std::string::npos);  // the temperature has not moved yet
    CHECK(after.find(st.say) != std::string::npos);
    CHECK(after.find(st.ask) == std::string::npos);
    CHECK(after.find("Predict first") == std::string::npos);
    CHECK(after.find("T = 0.20") != std::string::npos);
    // Both pages are the step's: the same title in the header.
    CHECK(before.find("Lower T") != std::string::npos);
    CHECK(after.find("Lower T") != std::string::npos);
}

TEST_CASE("the video holds the picture still while it asks: no frame changes for the question and 4 s after it", "[output][predict]") {
    const scene::Deck deck = asking_deck();
    const timeline::Layout lay = timeline::layout(deck);
    REQUIRE(lay.spans[3].asking);
    const timeline::Span& ask = lay.spans[3];
    const timeline::Span& play = lay.spans[4];
    REQUIRE(ask.hold >= scene::kThinkSeconds + scene::kDefaultHold);
    const double fps = 10;
    TempDir tmp;
    std::ostringstream err;
    output::Options o = options(tmp / "frames", png_frames(), 96, 54, fps);
    o.steps = std::pair<int, int>{3, 5};  // the step before, the question, the step
    REQUIRE(output::run(deck, o, {}, err) == 0);
    const std::vector<std::string> names = files_in(tmp / "frames");
    const double t0 = lay.spans[2].start;
    auto frame = [&](long i) {
        Png p;
        REQUIRE(read_png(tmp / ("frames/" + names[static_cast<std::size_t>(i)]), p));
        return p.rgb;
    };
    // From the first frame of the question beat to its last: one picture, for more than 4 s.
    const long settled = static_cast<long>(std::ceil((ask.start - t0) * fps));
    const long asked_until = static_cast<long>(std::ceil((play.start - t0) * fps)) - 1;
    REQUIRE(static_cast<double>(asked_until - settled + 1) / fps >= scene::kThinkSeconds);
    const auto still = frame(settled);
    long same = 0;
    for (long i = settled; i <= asked_until; ++i) same += frame(i) == still;
    CHECK(same == asked_until - settled + 1);
    // Then the step moves: its animation's frames differ from the question's picture.
    const long moving = static_cast<long>(std::floor((play.start + play.anim / 2 - t0) * fps));
    CHECK(frame(moving) != still);
    CHECK(frame(static_cast<long>(names.size()) - 1) != still);
}

TEST_CASE("a narrated video speaks the question over the still picture, then 4 s of silence, then the step", "[output][predict][narration]") {
    scene::Deck deck = asking_deck();
    auto sc = std::make_shared<scene::Scene>(*deck.slides.front().scene);
    scene::Step& st = sc->steps[3];
    st.ask_voice = "/clips/ask.wav";  // voices() places clips; nothing reads them here
    st.ask_voice_seconds = 6.5;
    st.voice = "/clips/say.wav";
    st.voice_seconds = 3;
    deck.slides.front().scene = sc;
    const timeline::Layout lay = timeline::layout(deck);
    const timeline::Span& ask = lay.spans[3];
    const timeline::Span& play = lay.spans[4];
    CHECK(ask.hold == Approx(6.5 + scene::kThinkSeconds));
    output::Plan p;
    p.fps = 30;
    p.duration = lay.total;
    p.frames = output::frame_count(lay.total, p.fps);
    const std::vector<output::Chapter> chapters =
        output::chapters(deck, lay, output::timeline_shots(lay, p, {}), p, true);
    const std::vector<output::VoiceClip> clips = output::voices(deck, lay, chapters);
    REQUIRE(clips.size() == 2);
    CHECK(clips[0].path == "/clips/ask.wav");
    CHECK(clips[0].start == Approx(ask.start));
    CHECK(play.start - (clips[0].start + clips[0].length) >= scene::kThinkSeconds - 1e-9);  // silence before it moves
    CHECK(clips[1].path == "/clips/say.wav");
    CHECK(clips[1].start == Approx(play.start));
    // The captions: the question over the beat, the answer over the step.
    const std::vector<model::Cue> cues = output::captions(deck, lay, chapters);
    std::string during, after;
    for (const model::Cue& c : cues)
        for (const auto& line : c.lines) (c.start < play.start - 1e-9 ? during : after) += line + " ";
    CHECK(during.find("Which weight") != std::string::npos);
    CHECK(during.find("grows") == std::string::npos);
    CHECK(after.find("grows") != std::string::npos);
    // The chapter list: the step once, from its question on.
    const std::string list = output::chapter_list(chapters);
    CHECK(std::count(list.begin(), list.end(), '\n') == static_cast<long>(lay.spans.size()) - 1);
    std::size_t at = list.find("Lower T");
    REQUIRE(at != std::string::npos);
    CHECK(list.find("Lower T", at + 1) == std::string::npos);
    const std::string meta = output::ffmetadata(chapters);
    std::size_t n = 0;
    for (std::size_t k = meta.find("[CHAPTER]"); k != std::string::npos; k = meta.find("[CHAPTER]", k + 1)) ++n;
    CHECK(n == lay.spans.size() - 1);
    CHECK(meta.find("START=" + std::to_string(std::llround(ask.start * 1000)) + "\nEND=" +
                    std::to_string(std::llround(play.end() * 1000)) + "\ntitle=Lower T") != std::string::npos);
}

TEST_CASE("the web page shows a step's question beat as a question, its picture before the step moves", "[output][predict][html]") {
    const scene::Deck deck = asking_deck();
    TempDir tmp;
    std::ostringstream err;
    REQUIRE(output::run(deck, options(tmp / "site", format("html", output::Target::Folder), 64, 36, 10), {}, err) == 0);
    const std::string page = slurp(tmp / "site/index.html");
    CHECK(page.find(R"("say":"Which weight will grow when T falls?","ask":true,)") != std::string::npos);
    CHECK(page.find(R"("say":"The best match's weight grows.","ask":false,)") != std::string::npos);
    // Nothing moves while it asks: the question's picture has no clip; the step's play has one.
    const std::vector<std::string> files = files_in(tmp / "site/lecture_files");
    auto has = [&](const std::string& name) { return std::find(files.begin(), files.end(), name) != files.end(); };
    CHECK(has("step-004.svg"));
    CHECK_FALSE(has("step-004.webm"));
    CHECK(has("step-005.svg"));
    CHECK(has("step-005.webm"));
    CHECK(page.find(R"("picture":"lecture_files/step-004.svg","clips":[],)") != std::string::npos);
}
