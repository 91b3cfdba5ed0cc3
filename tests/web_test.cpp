// The web build's module (engine/web/, built by tools/web/build into ATTNLAB_WEB_BUILD) paints
// the same pixels as the native build: steps of every shipped scene, painted by the module under
// node (tests/web/stills.js) and by `attnlab export --still`, compared within the pixel goldens'
// tolerance (support/golden.hpp). Without a web build the test says so and ctest counts it as
// skipped (SKIP_REGULAR_EXPRESSION in tests/CMakeLists.txt); CI builds it first (.ci/run).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>
#include <random>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "app/session.hpp"
#include "draw/draw.hpp"
#include "load/load.hpp"
#include "support/files.hpp"
#include "support/golden.hpp"
#include "support/image.hpp"
#include "timeline/timeline.hpp"
#include "web/live.hpp"

namespace fs = std::filesystem;

namespace {

const fs::path kSource = ATTNLAB_SOURCE_DIR;
const fs::path kWebBuild = ATTNLAB_WEB_BUILD;

std::string quoted(const std::string& s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// A PAM file (P7, RGB_ALPHA, as stills.js writes it) as a Cairo image (BGRA, premultiplied).
std::unique_ptr<support::Image> read_pam(const fs::path& file) {
    const std::string bytes = support::slurp(file);
    const std::size_t end = bytes.find("ENDHDR\n");
    if (bytes.rfind("P7\n", 0) != 0 || end == std::string::npos) return nullptr;
    std::istringstream header(bytes.substr(3, end - 3));
    int w = 0, h = 0;
    for (std::string word; header >> word;) {
        if (word == "WIDTH") header >> w;
        else if (word == "HEIGHT") header >> h;
    }
    const std::size_t at = end + 7;
    if (w <= 0 || h <= 0 || bytes.size() != at + static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4) return nullptr;
    auto img = std::make_unique<support::Image>(w, h);
    cairo_surface_flush(img->s);
    const auto* p = reinterpret_cast<const unsigned char*>(bytes.data() + at);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x, p += 4) {
            unsigned char* o = img->px(x, y);
            const unsigned a = p[3];
            const auto pre = [a](unsigned c) { return static_cast<unsigned char>((c * a + 127) / 255); };
            o[0] = pre(p[2]);
            o[1] = pre(p[1]);
            o[2] = pre(p[0]);
            o[3] = static_cast<unsigned char>(a);
        }
    cairo_surface_mark_dirty(img->s);
    return img;
}

// How many steps a scene has: `attnlab export --still` takes 1 … this.
int steps_of(const fs::path& scene) {
    const load::Result r = load::load_file(scene.string());
    return r.ok() ? static_cast<int>(timeline::layout(r.deck).spans.size()) : 0;
}

struct Job {
    std::string scene;  // its file name in scenes/
    int step = 1;
    int w = 640, h = 360;
    std::string theme = "light";
    std::string name() const {
        return fs::path(scene).stem().string() + "-" + std::to_string(step) + "-" + std::to_string(w) + "x" +
               std::to_string(h) + "-" + theme;
    }
};

}  // namespace

TEST_CASE("the web module paints every shipped scene's steps as the native export does", "[web]") {
    const fs::path module = kWebBuild / "attnlab-web.js";
    if (!fs::exists(module)) {
        // CI, which has just built the module, sets ATTNLAB_WEB_REQUIRED: there a missing module fails.
        const char* required = std::getenv("ATTNLAB_WEB_REQUIRED");
        INFO("no web build at " << kWebBuild.string());
        REQUIRE_FALSE((required && std::string(required) == "1"));
        // ctest reads this line as "skipped" (tests/CMakeLists.txt).
        std::cout << "web_test: SKIPPED: no web build at " << kWebBuild.string()
                  << " (build it with tools/web/build; .ci/run does)\n";
        return;
    }
    REQUIRE(std::system("node --version > /dev/null 2>&1") == 0);  // the web build's tests run under node

    support::TempDir tmp("attnlab-web");
    // Both painters draw with DejaVu alone: the module embeds no fallback face yet, so the
    // native export is pointed at an empty folder of them (text in other scripts is boxes in both).
    fs::create_directories(tmp.path / "no-fallback-fonts");
    // Several steps of every scene: the first, a third and two thirds in, the last; at 640×360
    // light, and each scene's last step dark at 960×540, and one scene at 1280×720.
    std::vector<Job> jobs;
    std::vector<fs::path> scenes;
    for (const auto& e : fs::directory_iterator(kSource / "scenes"))
        if (e.path().extension() == ".yaml") scenes.push_back(e.path());
    std::sort(scenes.begin(), scenes.end());
    REQUIRE(scenes.size() >= 8);
    for (const fs::path& scene : scenes) {
        const int n = steps_of(scene);
        INFO(scene.string());
        REQUIRE(n >= 1);
        std::set<int> steps{1, (n + 2) / 3, (2 * n + 2) / 3, n};
        for (int s : steps) jobs.push_back({scene.filename().string(), s});
        jobs.push_back({scene.filename().string(), n, 960, 540, "dark"});
    }
    jobs.push_back({"one-query-row.yaml", 7, 1280, 720, "light"});

    // The module's pictures: one node run for them all.
    {
        std::ofstream list(tmp.path / "jobs.txt");
        for (const Job& j : jobs)
            list << "/attnlab/scenes/" << j.scene << " " << j.step << " " << j.w << " " << j.h << " " << j.theme << " "
                 << (tmp.path / (j.name() + ".pam")).string() << "\n";
    }
    const std::string node = "NODE_PATH=/usr/share/nodejs node --no-experimental-fetch " +
                             quoted((kSource / "tests" / "web" / "stills.js").string()) + " " + quoted(module.string()) + " " +
                             quoted((tmp.path / "jobs.txt").string());
    REQUIRE(std::system(node.c_str()) == 0);

    int compared = 0;
    for (const Job& j : jobs) {
        INFO(j.name());
        const fs::path png = tmp.path / (j.name() + ".png");
        const std::string cmd = "ATTNLAB_FALLBACK_FONTS=" + quoted((tmp.path / "no-fallback-fonts").string()) + " " +
                                quoted(ATTNLAB_BINARY) + " export " + quoted((kSource / "scenes" / j.scene).string()) +
                                " --still " + std::to_string(j.step) + " --size " + std::to_string(j.w) + "x" +
                                std::to_string(j.h) + " --theme " + j.theme + " -o " + quoted(png.string()) + " > /dev/null";
        REQUIRE(std::system(cmd.c_str()) == 0);
        const auto native = support::Image::load(png.string());
        const auto web = read_pam(tmp.path / (j.name() + ".pam"));
        REQUIRE(native->ok());
        REQUIRE(web);
        std::unique_ptr<support::Image> diff;
        const support::PixelVerdict v = support::compare_pixels(*web, *native, &diff);
        INFO(v);
        if (!v.ok) {
            web->write(support::diff_file("web-" + j.name(), ".web.png"));
            native->write(support::diff_file("web-" + j.name(), ".native.png"));
            diff->write(support::diff_file("web-" + j.name(), ".diff.png"));
        }
        CHECK(v.ok);
        ++compared;
    }
    std::cout << "web_test: " << compared << " frames of " << scenes.size() << " scenes compared\n";
    // The comparison sees a change: one step's picture against another's differs.
    const auto first = read_pam(tmp.path / (jobs[0].name() + ".pam"));
    const auto later = support::Image::load((tmp.path / (jobs[1].name() + ".png")).string());
    REQUIRE(first);
    CHECK_FALSE(support::compare_pixels(*first, *later).ok);
}

// ---- the live deck: the browser's backend of the presenter core (engine/web/live.cpp) ----

namespace {

// What a script of page events (tests/web/live.js's format) left: the statuses it asked for and
// its last frame.
struct LiveRun {
    std::vector<std::string> statuses;
    std::vector<std::uint8_t> rgba;
    int w = 0, h = 0;
    int drawn = 0;
};

// The script through web::Live built natively, as live.js runs it through the module.
LiveRun run_native(const std::vector<std::string>& script, const fs::path& fallback_fonts) {
    LiveRun out;
    std::unique_ptr<web::Live> live;
    std::string path;
    int student = 0, dark = 0, w = 0, h = 0, pw = 0, ph = 0;
    double now = 0;
    const auto open = [&](int start) {
        std::string error;
        live = web::Live::open((kSource / path).string(), kSource.string(), (kSource / "fonts").string(),
                               draw::debian_fallbacks(fallback_fonts.string()), student != 0, dark != 0, start, error);
        INFO(error);
        REQUIRE(live);
    };
    for (const std::string& line : script) {
        std::istringstream in(line);
        std::string what;
        in >> what;
        if (what == "open") {
            int start = 0;
            in >> path >> student >> dark >> start;
            open(start);
        } else if (what == "reopen") {
            // As a reload of the page: the place and the quiz kept, the deck opened anew.
            const std::string memory = live->quiz_memory();
            const int place = live->session().state().span;
            open(place);
            live->set_time(now);
            REQUIRE(live->restore_quiz(memory));
            if (pw > 0) live->resize(w, h, pw, ph);
        } else if (what == "size") {
            in >> w >> h >> pw >> ph;
            live->resize(w, h, pw, ph);
            out.rgba.assign(static_cast<std::size_t>(pw) * static_cast<std::size_t>(ph) * 4, 0);
            out.w = pw;
            out.h = ph;
        } else if (what == "time") {
            in >> now;
            live->set_time(now);
        } else if (what == "key") {
            std::string key, code;
            int mods = 0;
            in >> key >> code >> mods;
            live->key(key == "Space" ? " " : key, code, static_cast<app::Mods>(mods));
        } else if (what == "pointer") {
            int kind = 0, x = 0, y = 0, held = 0, mods = 0;
            in >> kind >> x >> y >> held >> mods;
            live->pointer(static_cast<web::Pointer>(kind), x, y, held != 0, static_cast<app::Mods>(mods));
        } else if (what == "frame") {
            if (live->frame()) {
                // As a page does: only the rows that changed are copied to the canvas.
                const std::size_t row = static_cast<std::size_t>(live->width()) * 4;
                std::copy(live->rgba() + static_cast<std::size_t>(live->dirty_top()) * row,
                          live->rgba() + static_cast<std::size_t>(live->dirty_bottom()) * row,
                          out.rgba.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(live->dirty_top()) * row));
                ++out.drawn;
            }
        } else if (what == "status") {
            out.statuses.push_back(live->status());
        }
    }
    return out;
}

// RGBA bytes as a Cairo image (BGRA, premultiplied; the frames are opaque).
std::unique_ptr<support::Image> image_of(const std::vector<std::uint8_t>& rgba, int w, int h) {
    auto img = std::make_unique<support::Image>(w, h);
    cairo_surface_flush(img->s);
    const std::uint8_t* p = rgba.data();
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x, p += 4) {
            unsigned char* o = img->px(x, y);
            o[0] = p[2];
            o[1] = p[1];
            o[2] = p[0];
            o[3] = p[3];
        }
    cairo_surface_mark_dirty(img->s);
    return img;
}

// Two statuses agree: the same text, and every number within 1e-12 of the other's (the browser's
// libc and the native one may round exp's last bit apart).
bool same_status(const std::string& a, const std::string& b) {
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        const bool num_a = std::isdigit(static_cast<unsigned char>(a[i])) || a[i] == '-';
        const bool num_b = std::isdigit(static_cast<unsigned char>(b[j])) || b[j] == '-';
        if (num_a && num_b) {
            char* ea = nullptr;
            char* eb = nullptr;
            const double x = std::strtod(a.c_str() + i, &ea);
            const double y = std::strtod(b.c_str() + j, &eb);
            if (std::abs(x - y) > 1e-12 * std::max(1.0, std::abs(x))) return false;
            i = static_cast<std::size_t>(ea - a.c_str());
            j = static_cast<std::size_t>(eb - b.c_str());
        } else {
            if (a[i] != b[j]) return false;
            ++i;
            ++j;
        }
    }
    return i == a.size() && j == b.size();
}

}  // namespace

TEST_CASE("the live page's backend answers a page's events in the browser as natively", "[web][live]") {
    const fs::path module = kWebBuild / "attnlab-web.js";
    support::TempDir tmp("attnlab-live");
    fs::create_directories(tmp.path / "no-fallback-fonts");
    const fs::path no_fallback = tmp.path / "no-fallback-fonts";
    constexpr int W = 1280, H = 720;

    // Where a student would click on step 7 of the one-query-row walkthrough: found by hit
    // testing the native session, so that the script says what it does ("click cat").
    std::vector<std::string> script{"open scenes/one-query-row.yaml 0 0 6", "size 1280 720 1280 720", "time 0", "frame",
                                    "time 10", "frame", "status"};
    std::string error;
    auto probe = web::Live::open((kSource / "scenes/one-query-row.yaml").string(), kSource.string(),
                                 (kSource / "fonts").string(), draw::debian_fallbacks(no_fallback.string()), false, false, 6,
                                 error);
    INFO(error);
    REQUIRE(probe);
    probe->resize(W, H, W, H);
    probe->set_time(10);
    // Where the window's hit testing says a click reaches each (web::Live::where, which the page
    // offers its tests too).
    const auto point = [&](const std::string& what, int i) -> std::optional<std::pair<int, int>> {
        std::istringstream at(probe->where(what, i));
        int x = 0, y = 0;
        if (!(at >> x >> y)) return std::nullopt;
        return std::pair{x, y};
    };
    const auto cat = point("token", 1);
    const auto mouse_key = point("key", 4);
    const auto slider = point("slider", 2);  // T = 0.5
    const auto mask = point("mask", 0);
    const auto click = [&](std::pair<int, int> p, double t) {
        const std::string at = std::to_string(p.first) + " " + std::to_string(p.second);
        script.insert(script.end(), {"time " + std::to_string(t), "pointer 2 " + at + " 0 0", "pointer 0 " + at + " 1 0",
                                     "pointer 1 " + at + " 0 0", "frame", "time " + std::to_string(t + 2), "frame", "status"});
    };
    click(*cat, 12);  // cat asks
    // The mouse's key dragged up and to the right in five moves.
    script.push_back("time 16");
    script.push_back("pointer 0 " + std::to_string(mouse_key->first) + " " + std::to_string(mouse_key->second) + " 1 0");
    for (int i = 1; i <= 5; ++i) {
        script.push_back("time " + std::to_string(16 + 0.05 * i));
        script.push_back("pointer 2 " + std::to_string(mouse_key->first + 9 * i) + " " + std::to_string(mouse_key->second - 7 * i) + " 1 0");
        script.push_back("frame");
    }
    script.insert(script.end(), {"pointer 1 " + std::to_string(mouse_key->first + 45) + " " + std::to_string(mouse_key->second - 35) + " 0 0",
                                 "time 18", "frame", "status"});
    click(*slider, 20);  // T = 0.5
    click(*mask, 24);    // the causal mask on
    script.insert(script.end(), {"time 30", "key z KeyZ 2", "frame", "time 32", "frame", "status",  // Ctrl+Z: the mask off again
                                 "key t KeyT 0", "time 34", "frame", "status",                      // T one notch up
                                 "key e KeyE 0", "key 1 Digit1 0", "time 40", "frame", "status",    // the first experiment
                                 "key 0 Digit0 0", "time 44", "frame", "status",                    // back to the script
                                 "key c KeyC 0", "time 45", "frame", "key 2 Digit2 0", "time 47", "frame",
                                 "status",                                                          // a quiz question answered
                                 "key ArrowRight ArrowRight 0", "time 48", "frame", "status",       // the next question
                                 "reopen", "time 49", "frame", "status",                            // a reload: the quiz kept
                                 "key Escape Escape 0", "key ArrowRight ArrowRight 0", "time 52", "frame", "status",
                                 "reopen", "time 53", "frame", "status", "save last"});              // closed, the next step: kept

    {
        std::ofstream f(tmp.path / "script.txt");
        for (const std::string& l : script) f << l << "\n";
    }
    const LiveRun native = run_native(script, no_fallback);
    REQUIRE(native.statuses.size() == 14);
    // The script did what it says, natively: each status differs from the one before (but for
    // the reloads, which keep it), and the first click made cat ask.
    for (std::size_t i = 1; i < native.statuses.size(); ++i) {
        if (i == 11 || i == 13) continue;
        INFO(native.statuses[i]);
        CHECK(native.statuses[i] != native.statuses[i - 1]);
    }
    CHECK(native.statuses[1].find("\"word\":\"cat\"") != std::string::npos);
    CHECK(native.statuses[3].find("\"temperature\":0.5") != std::string::npos);
    CHECK(native.statuses[4].find("\"mask\":true") != std::string::npos);
    CHECK(native.statuses[5].find("\"mask\":false") != std::string::npos);
    CHECK(native.statuses[7].find("\"experiment\":0") != std::string::npos);
    CHECK(native.statuses[8].find("\"experiment\":-1") != std::string::npos);
    CHECK(native.statuses[9].find("\"open\":true") != std::string::npos);
    INFO(native.statuses[9]);
    CHECK(native.statuses[9].find("\"revealed\":true,\"picked\":1") != std::string::npos);
    // A reload keeps the place and the quiz: the second question of the same attempt, the first
    // one's outcome counted; closed and on the next step, the same.
    const auto quiz = [](const std::string& status) { return status.substr(status.find("\"quiz\":")); };
    const auto step = [](const std::string& status) { return status.substr(0, status.find(",\"title\"")); };
    CHECK(native.statuses[10].find("\"index\":1,\"revealed\":false") != std::string::npos);
    CHECK(quiz(native.statuses[11]) == quiz(native.statuses[10]));
    CHECK(step(native.statuses[11]) == step(native.statuses[10]));
    CHECK(native.statuses[12].find("\"open\":false") != std::string::npos);
    CHECK(step(native.statuses[12]) != step(native.statuses[11]));
    CHECK(quiz(native.statuses[13]) == quiz(native.statuses[12]));
    CHECK(step(native.statuses[13]) == step(native.statuses[12]));

    if (!fs::exists(module)) {
        const char* required = std::getenv("ATTNLAB_WEB_REQUIRED");
        REQUIRE_FALSE((required && std::string(required) == "1"));
        std::cout << "web_test: SKIPPED: no web build at " << kWebBuild.string() << " (the live page's native half ran)\n";
        return;
    }
    const std::string cmd = "NODE_PATH=/usr/share/nodejs node --no-experimental-fetch " +
                            quoted((kSource / "tests" / "web" / "live.js").string()) + " " + quoted(module.string()) + " " +
                            quoted((tmp.path / "script.txt").string()) + " " + quoted(tmp.path.string()) + " > " +
                            quoted((tmp.path / "live.out").string());
    REQUIRE(std::system(cmd.c_str()) == 0);
    std::vector<std::string> web_statuses;
    {
        std::ifstream f(tmp.path / "live.out");
        for (std::string l; std::getline(f, l);)
            if (l.rfind("status ", 0) == 0) web_statuses.push_back(l.substr(7));
    }
    REQUIRE(web_statuses.size() == native.statuses.size());
    for (std::size_t i = 0; i < web_statuses.size(); ++i) {
        INFO("status " << i << "\n  web:    " << web_statuses[i] << "\n  native: " << native.statuses[i]);
        CHECK(same_status(web_statuses[i], native.statuses[i]));
    }
    // The canvas the page built from the changed rows alone equals the native frame.
    const auto web = read_pam(tmp.path / "last.pam");
    REQUIRE(web);
    const auto here = image_of(native.rgba, native.w, native.h);
    std::unique_ptr<support::Image> diff;
    const support::PixelVerdict v = support::compare_pixels(*web, *here, &diff);
    INFO(v);
    if (!v.ok) {
        web->write(support::diff_file("web-live", ".web.png"));
        here->write(support::diff_file("web-live", ".native.png"));
        diff->write(support::diff_file("web-live", ".diff.png"));
    }
    CHECK(v.ok);
}

TEST_CASE("the live page's quiz memory brings back the quiz as it was, whatever was pressed", "[web][live][quiz]") {
    // Random presses of the quiz's keys (and the slides' arrows, Esc, show me) on a step with a
    // quiz; after each, a fresh backend opened at the same place with the memory kept so far must
    // hold the same quiz (attempt, question, pick, reveal, the end screen, the outcomes) and the
    // same step, and keep the same memory; every third press it must paint the same frame (where nothing but the quiz differs).
    support::TempDir tmp("attnlab-live-quiz");
    const fs::path no_fallback = tmp.path / "no-fallback-fonts";
    fs::create_directories(no_fallback);
    const auto open = [&](int start) {
        std::string error;
        auto live = web::Live::open((kSource / "scenes/one-query-row.yaml").string(), kSource.string(),
                                    (kSource / "fonts").string(), draw::debian_fallbacks(no_fallback.string()), false, false,
                                    start, error);
        INFO(error);
        REQUIRE(live);
        live->resize(640, 360, 640, 360);
        return live;
    };
    // Weighted towards answering, so that attempts reach their end screens and their retries.
    const std::vector<std::pair<std::string, std::string>> keys{
        {"c", "KeyC"}, {"1", "Digit1"}, {"2", "Digit2"}, {"3", "Digit3"}, {" ", "Space"}, {" ", "Space"}, {" ", "Space"},
        {"Enter", "Enter"}, {"ArrowRight", "ArrowRight"}, {"ArrowRight", "ArrowRight"}, {"ArrowRight", "ArrowRight"},
        {"ArrowLeft", "ArrowLeft"}, {"m", "KeyM"}, {"m", "KeyM"}, {"Escape", "Escape"}, {"y", "KeyY"}};
    const auto same_quiz = [](const timeline::QuizState& a, const timeline::QuizState& b) {
        return a.open == b.open && a.attempt == b.attempt && a.index == b.index && a.revealed == b.revealed &&
               a.picked == b.picked && a.finished == b.finished && a.only == b.only && a.outcomes == b.outcomes;
    };
    int opened = 0, finished = 0, retried = 0, compared = 0;
    for (std::uint32_t seed = 1; seed <= 4; ++seed) {
        std::mt19937 rng(seed);
        auto live = open(6);
        double now = 0;
        for (int press = 0; press < 80; ++press) {
            now += 3;  // every animation over: a press acts on the step, not on its animation
            live->set_time(now);
            const auto& [name, code] = keys[rng() % keys.size()];
            live->key(name, code, 0);
            const timeline::State& s = live->session().state();
            opened += s.quiz.open;
            finished += s.quiz.finished;
            retried += !s.quiz.only.empty();
            const std::string memory = live->quiz_memory();
            auto again = open(s.span);
            again->set_time(now);
            INFO("seed " << seed << ", press " << press << " (" << name << "), memory:\n" << memory);
            REQUIRE(again->restore_quiz(memory));
            const timeline::State& r = again->session().state();
            CHECK(r.span == s.span);
            if (!s.quiz.open || s.quiz.attempt >= 0) CHECK(same_quiz(r.quiz, s.quiz));
            CHECK(again->quiz_memory() == memory);
            // The frame too, where the quiz is all that differs: "show me" runs an experiment, M
            // with no quiz open turns the mask, and a digit starts typing a step to go to — the
            // session's, not the quiz's to keep.
            const bool edited = std::any_of(s.edits.begin(), s.edits.end(), [](const scene::Settings& e) { return !e.empty(); });
            if (press % 3 == 2 && s.experiment < 0 && !edited && live->session().mode() == app::Mode::Slides) {
                live->set_time(now + 10);
                again->set_time(now + 10);
                ++compared;
                live->frame();  // if nothing changed since its last frame, that frame is this one
                REQUIRE(again->frame());
                const bool same = std::equal(live->rgba(), live->rgba() + 640 * 360 * 4, again->rgba());
                if (!same) {
                    std::vector<std::uint8_t> a(live->rgba(), live->rgba() + 640 * 360 * 4), b(again->rgba(), again->rgba() + 640 * 360 * 4);
                    image_of(a, 640, 360)->write(support::diff_file("live-quiz-" + std::to_string(seed) + "-" + std::to_string(press), ".kept.png"));
                    image_of(b, 640, 360)->write(support::diff_file("live-quiz-" + std::to_string(seed) + "-" + std::to_string(press), ".restored.png"));
                }
                CHECK(same);
            }
        }
    }
    // The presses reached what the memory must keep: quizzes open, end screens, retries.
    CHECK(opened > 10);
    CHECK(finished > 0);
    CHECK(retried > 0);
    CHECK(compared >= 8);

    // What is not a quiz's memory changes nothing.
    auto live = open(6);
    const std::string before = live->status();
    const std::vector<std::string> bad_memories{"0 goto 3\n0 reset\n", "0 quiz open\n", "0 goto 2\n0 set T 0.5\n",
                                                "garbage\n", "0 goto 1\n0 goto 2\n",
                                                std::string(web::Live::kMaxQuizMemory + 1, ' ')};
    for (const std::string& bad : bad_memories) {
        CHECK_FALSE(live->restore_quiz(bad));
        CHECK(live->status() == before);
    }
    CHECK(live->restore_quiz(""));
    CHECK(live->status() == before);
}
