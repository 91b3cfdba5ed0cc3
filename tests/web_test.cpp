// The web build's module (engine/web/, built by tools/web/build into ATTNLAB_WEB_BUILD) paints
// the same pixels as the native build: steps of every shipped scene, painted by the module under
// node (tests/web/stills.js) and by `attnlab export --still`, compared within the pixel goldens'
// tolerance (support/golden.hpp); and the live page's script of events (support/live_script.hpp)
// through the module (tests/web/live.js) and natively, the same statuses and canvas. Every case
// needs the module: without a web build each is skipped (support::skip: the test exits 77, which
// ctest counts as skipped), but where CI has just built it (ATTNLAB_WEB_REQUIRED=1) it fails.
// What runs without the module, the live page's backend natively, is web_live_test's.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "load/load.hpp"
#include "support/files.hpp"
#include "support/golden.hpp"
#include "support/image.hpp"
#include "support/live_script.hpp"
#include "support/skip.hpp"
#include "timeline/timeline.hpp"

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

// Whether the module is here to test: without it the case is skipped, or fails where CI has just
// built it (ATTNLAB_WEB_REQUIRED=1).
bool module_here(const fs::path& module) {
    if (fs::exists(module)) return true;
    const char* required = std::getenv("ATTNLAB_WEB_REQUIRED");
    INFO("no web build at " << kWebBuild.string());
    REQUIRE_FALSE((required && std::string(required) == "1"));
    support::skip("no web build at " + kWebBuild.string() + " (build it with tools/web/build; .ci/run does)");
    return false;
}

}  // namespace

TEST_CASE("the web module paints every shipped scene's steps as the native export does", "[web]") {
    const fs::path module = kWebBuild / "attnlab-web.js";
    if (!module_here(module)) return;
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
    if (!module_here(module)) return;
    support::TempDir tmp("attnlab-live");
    const fs::path no_fallback = tmp.path / "no-fallback-fonts";
    fs::create_directories(no_fallback);
    const std::vector<std::string> script = support::live_script(no_fallback);
    {
        std::ofstream f(tmp.path / "script.txt");
        for (const std::string& l : script) f << l << "\n";
    }
    // What the script does natively is web_live_test's to check; here, that the module does the same.
    const support::LiveRun native = support::run_native(script, no_fallback);
    REQUIRE(native.statuses.size() == 14);
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
    const auto here = support::image_of(native.rgba, native.w, native.h);
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
