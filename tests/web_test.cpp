// The web build's module (engine/web/, built by tools/web/build into ATTNLAB_WEB_BUILD) paints
// the same pixels as the native build: steps of every shipped scene, painted by the module under
// node (tests/web/stills.js) and by `attnlab export --still`, compared within the pixel goldens'
// tolerance (support/golden.hpp). Without a web build the test says so and ctest counts it as
// skipped (SKIP_REGULAR_EXPRESSION in tests/CMakeLists.txt); CI builds it first (.ci/run).
#include <catch2/catch.hpp>

#include <algorithm>
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
