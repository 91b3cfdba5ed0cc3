// Holds in exports, on the real content: a frame that output::same_picture calls a repeat of the
// one before is neither rendered nor converted again by an export, so it must be exactly that
// picture. Every scene of the repository and the short deck, frame by frame.
#include <catch2/catch.hpp>

#include <cairo.h>

#include <filesystem>
#include <string>
#include <vector>

#include "draw/draw.hpp"
#include "support/pixels.hpp"
#include "load/load.hpp"
#include "output/output.hpp"
#include "support/fonts.hpp"
#include "timeline/timeline.hpp"

namespace {

using support::pixels_of;

}  // namespace

TEST_CASE("a frame an export repeats (a hold) is exactly the picture of the frame before", "[output]") {
    std::vector<std::string> files;
    for (const auto& e : std::filesystem::directory_iterator(std::string(ATTNLAB_SOURCE_DIR) + "/scenes"))
        if (e.path().extension() == ".yaml") files.push_back(e.path().string());
    files.push_back(std::string(ATTNLAB_SOURCE_DIR) + "/slides/quick-tour.yaml");
    long repeats = 0, moving = 0;
    for (const std::string& file : files) {
        load::Result r = load::load_file(file, load::Options{ATTNLAB_SOURCE_DIR, {}});
        REQUIRE(r.ok());
        const timeline::Layout lay = timeline::layout(r.deck);
        output::Options opt;
        opt.fps = 6;
        const output::Plan plan = output::plan(lay, opt);
        const output::Shots shots = output::timeline_shots(lay, plan, std::nullopt);
        output::Shot prev = shots.at(0);
        std::vector<unsigned char> prev_pixels = pixels_of(r.deck, lay, prev);
        for (long i = 1; i < shots.count(); ++i) {
            const output::Shot cur = shots.at(i);
            const bool repeat = output::same_picture(r.deck, lay, prev, cur);
            const std::vector<unsigned char> pixels = pixels_of(r.deck, lay, cur);
            if (repeat) {
                INFO(file << ", frame " << i << " at " << cur.now << " s");
                CHECK(pixels == prev_pixels);
                ++repeats;
            } else if (pixels != prev_pixels) {
                ++moving;
            }
            prev = cur;
            prev_pixels = pixels;
        }
    }
    // Both kinds happen: the holds are found, and moving frames are not taken for them.
    CHECK(repeats > 100);
    CHECK(moving > 100);
}
