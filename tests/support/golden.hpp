// Test support: golden frames, as Manim keeps its control frames. A golden is a stored picture
// (tests/golden/<name>.png) or a stored list of every panel and every text the Recorder saw,
// with its box and size (tests/golden/<name>.txt). The comparisons return a verdict with their
// counts, so that a test can check that a change is caught as well as that none happened; the
// check_* functions REQUIRE a match, regenerate the golden instead when
// ATTNLAB_REGENERATE_GOLDEN=1, and on a mismatch write what was drawn and a diff image into
// the build's tests/golden-diff/.
//
// The pixel tolerance is Manim's, and measured to be tight enough: a channel may differ by
// kChannelTolerance, and at most kMismatchShare of the pixels (2 of 640×360) by more. Renders
// here are deterministic (one Cairo, the repository's fonts: repeated renders, and the Debug
// ASan/UBSan build, draw the same bytes), while changing the first or the last digit of any text
// of five frames (the blend and softmax steps, both layouts) to any other digit moved 11 pixels
// or more past that tolerance. golden_test's "a pixel golden fails on a digit that changes"
// keeps it so.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <ostream>
#include <sstream>
#include <string>

#include "draw/draw.hpp"
#include "support/image.hpp"

namespace support {

// A channel (B, G, R or A, 0…255) may differ by this much: rounding, not a change.
constexpr int kChannelTolerance = 1;
// The share of a frame's pixels that may differ by more (Manim's ratio): 2 pixels of 640×360.
constexpr double kMismatchShare = 1e-5;

inline bool regenerating() {
    const char* regen = std::getenv("ATTNLAB_REGENERATE_GOLDEN");
    return regen && std::string(regen) == "1";
}

inline std::string golden_file(const std::string& name, const std::string& extension) {
    return std::string(ATTNLAB_SOURCE_DIR) + "/tests/golden/" + name + extension;
}

// Where a mismatch leaves what was drawn and the diff: the build's tests/golden-diff/.
inline std::string diff_file(const std::string& name, const std::string& suffix) {
    const std::filesystem::path p = std::filesystem::path(ATTNLAB_TEST_OUTPUT) / "golden-diff" / (name + suffix);
    std::error_code ec;
    std::filesystem::create_directories(p.parent_path(), ec);
    return p.string();
}

inline const char* regenerate_hint() {
    return "regenerate after an intended change: ATTNLAB_REGENERATE_GOLDEN=1 ctest --test-dir build -R golden_test";
}

// ---- pixels --------------------------------------------------------------------------------

struct PixelVerdict {
    bool ok = false;
    std::string problem;  // why the images cannot be compared ("" when they were)
    long over = 0;        // pixels with a channel differing by more than kChannelTolerance
    long allowed = 0;     // how many may: kMismatchShare of the pixels
    long pixels = 0;
    int worst = 0;        // the largest difference of a channel
};

inline std::ostream& operator<<(std::ostream& os, const PixelVerdict& v) {
    if (!v.problem.empty()) return os << v.problem;
    return os << v.over << " of " << v.pixels << " pixels differ by more than " << kChannelTolerance
              << " in a channel (" << v.allowed << " may); the largest difference is " << v.worst;
}

// `now` against `want`. With `diff`, a picture of where they differ: `now` dimmed, and every
// pixel over the tolerance red.
inline PixelVerdict compare_pixels(const Image& now, const Image& want, std::unique_ptr<Image>* diff = nullptr) {
    PixelVerdict v;
    if (!want.ok()) {
        v.problem = "the golden could not be read";
        return v;
    }
    if (now.w() != want.w() || now.h() != want.h()) {
        v.problem = "the frame is " + std::to_string(now.w()) + "×" + std::to_string(now.h()) + ", the golden " +
                    std::to_string(want.w()) + "×" + std::to_string(want.h());
        return v;
    }
    v.pixels = static_cast<long>(now.w()) * now.h();
    v.allowed = static_cast<long>(kMismatchShare * static_cast<double>(v.pixels));
    if (diff) *diff = std::make_unique<Image>(now.w(), now.h());
    for (int y = 0; y < now.h(); ++y)
        for (int x = 0; x < now.w(); ++x) {
            const unsigned char* a = now.px(x, y);
            const unsigned char* b = want.px(x, y);
            int d = 0;
            for (int ch = 0; ch < 4; ++ch) d = std::max(d, std::abs(int(a[ch]) - int(b[ch])));
            v.worst = std::max(v.worst, d);
            const bool over = d > kChannelTolerance;
            v.over += over;
            if (diff) {
                unsigned char* o = (*diff)->px(x, y);
                o[0] = over ? 0 : a[0] / 3;
                o[1] = over ? 0 : a[1] / 3;
                o[2] = over ? 255 : a[2] / 3;
                o[3] = 255;
            }
        }
    if (diff) cairo_surface_mark_dirty((*diff)->s);
    v.ok = v.over <= v.allowed;
    return v;
}

// `now` against tests/golden/<name>.png (no regeneration, nothing written).
inline PixelVerdict compare_to_golden(const Image& now, const std::string& name, std::unique_ptr<Image>* diff = nullptr) {
    const auto want = Image::load(golden_file(name, ".png"));
    PixelVerdict v = compare_pixels(now, *want, diff);
    if (!v.problem.empty()) v.problem = golden_file(name, ".png") + ": " + v.problem;
    return v;
}

// REQUIREs that `now` matches tests/golden/<name>.png (or writes it when regenerating). On a
// mismatch, golden-diff/<name>.actual.png and <name>.diff.png are written.
inline void check_pixel_golden(const Image& now, const std::string& name) {
    const std::string golden = golden_file(name, ".png");
    if (regenerating()) {
        std::error_code ec;
        std::filesystem::create_directories(std::filesystem::path(golden).parent_path(), ec);
        REQUIRE(now.write(golden));
        WARN("regenerated " << golden);
        return;
    }
    std::unique_ptr<Image> diff;
    const PixelVerdict v = compare_to_golden(now, name, &diff);
    INFO("golden " << golden << " (" << regenerate_hint() << ")");
    INFO(v);
    if (!v.ok && v.problem.empty()) {
        const std::string actual = diff_file(name, ".actual.png"), picture = diff_file(name, ".diff.png");
        now.write(actual);
        diff->write(picture);
        INFO("wrote " << actual << " and " << picture << " (red: over the tolerance)");
        REQUIRE(v.ok);
    }
    REQUIRE(v.ok);
}

// ---- texts and boxes -----------------------------------------------------------------------

// Every panel and every text the Recorder saw — the string, its box and size — one a line; a
// text with glyphs no face has says how many ("notdef N").
inline std::string recorded(const draw::Recorder& rec) {
    std::string out;
    char buf[256];
    for (const auto& p : rec.panels) {
        std::snprintf(buf, sizeof buf, "panel %s %.2f %.2f %.2f %.2f\n", p.name.c_str(), p.rect.x, p.rect.y, p.rect.w, p.rect.h);
        out += buf;
    }
    for (const auto& t : rec.texts) {
        std::snprintf(buf, sizeof buf, "text %s %.2f %.2f %.2f %.2f %.2f |",
                      t.panel >= 0 ? rec.panels[static_cast<std::size_t>(t.panel)].name.c_str() : "-", t.rect.x,
                      t.rect.y, t.rect.w, t.rect.h, t.size);
        out += buf + t.text + "|";
        if (t.notdef > 0) out += " notdef " + std::to_string(t.notdef);  // a character no face has: an empty box
        out += "\n";
    }
    return out;
}

struct TextVerdict {
    bool ok = false;
    std::string problem;      // why there was nothing to compare with ("" when there was)
    int line = 0;             // the first line that differs (1-based; 0 when none does)
    std::string now, wanted;  // that line now and in the golden ("" past the end)
};

inline std::ostream& operator<<(std::ostream& os, const TextVerdict& v) {
    if (!v.problem.empty()) return os << v.problem;
    if (v.ok) return os << "the same";
    return os << "line " << v.line << " differs\nnow:    " << v.now << "\nwanted: " << v.wanted;
}

// Exactly equal, or the first line that differs.
inline TextVerdict compare_text(const std::string& now, const std::string& want) {
    TextVerdict v;
    if (want.empty()) {
        v.problem = "the golden is empty or missing";
        return v;
    }
    v.ok = now == want;
    if (v.ok) return v;
    std::istringstream a(now), b(want);
    for (int line = 1;; ++line) {
        std::string la, lb;
        const bool more_a = static_cast<bool>(std::getline(a, la)), more_b = static_cast<bool>(std::getline(b, lb));
        if (la != lb || more_a != more_b || (!more_a && !more_b)) {
            v.line = line;
            v.now = la;
            v.wanted = lb;
            return v;
        }
    }
}

inline std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// `now` against tests/golden/<name>.txt (no regeneration, nothing written).
inline TextVerdict compare_text_to_golden(const std::string& now, const std::string& name) {
    TextVerdict v = compare_text(now, read_file(golden_file(name, ".txt")));
    if (!v.problem.empty()) v.problem = golden_file(name, ".txt") + ": " + v.problem;
    return v;
}

// REQUIREs that `now` matches tests/golden/<name>.txt exactly (or writes it when
// regenerating). On a mismatch, golden-diff/<name>.actual.txt is written.
inline void check_text_golden(const std::string& now, const std::string& name) {
    const std::string golden = golden_file(name, ".txt");
    if (regenerating()) {
        std::error_code ec;
        std::filesystem::create_directories(std::filesystem::path(golden).parent_path(), ec);
        std::ofstream(golden, std::ios::binary) << now;
        REQUIRE(read_file(golden) == now);
        WARN("regenerated " << golden);
        return;
    }
    const TextVerdict v = compare_text_to_golden(now, name);
    INFO("text golden " << golden << " (" << regenerate_hint() << ")");
    INFO(v);
    if (!v.ok && v.problem.empty()) {
        const std::string actual = diff_file(name, ".actual.txt");
        std::ofstream(actual, std::ios::binary) << now;
        INFO("wrote " << actual << " (diff -u it against the golden)");
        REQUIRE(v.ok);
    }
    REQUIRE(v.ok);
}

}  // namespace support
