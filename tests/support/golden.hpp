// Test support: golden frames as Manim keeps them — a stored PNG compared with a per-channel
// tolerance and a share of pixels allowed over it (a diff image written on failure), and a text
// golden of every panel and text the Recorder saw, compared exactly. Regenerate them with
// ATTNLAB_REGENERATE_GOLDEN=1 (see tests/draw_test.cpp), then look at them.
#pragma once

#include <catch2/catch.hpp>

#include <cairo.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "draw/draw.hpp"

namespace support {

// Golden comparison: per-channel tolerance and the share of pixels allowed to exceed it.
inline void compare_golden(cairo_surface_t* img, const std::string& name) {
    struct Surface {  // frees a surface it owns
        cairo_surface_t* s;
        ~Surface() { cairo_surface_destroy(s); }
        int w() const { return cairo_image_surface_get_width(s); }
        int h() const { return cairo_image_surface_get_height(s); }
        const unsigned char* px(int x, int y) const {
            return cairo_image_surface_get_data(s) + y * cairo_image_surface_get_stride(s) + x * 4;
        }
    };
    cairo_surface_flush(img);
    const Surface got{cairo_surface_reference(img)};
    const std::string golden = std::string(ATTNLAB_SOURCE_DIR) + "/tests/golden/" + name + ".png";
    if (const char* regen = std::getenv("ATTNLAB_REGENERATE_GOLDEN"); regen && *regen == '1') {
        REQUIRE(cairo_surface_write_to_png(img, golden.c_str()) == CAIRO_STATUS_SUCCESS);
        WARN("regenerated " << golden);
        return;
    }
    const Surface want{cairo_image_surface_create_from_png(golden.c_str())};
    INFO("golden " << golden << " (regenerate: ATTNLAB_REGENERATE_GOLDEN=1 ctest -R draw_test)");
    REQUIRE(cairo_surface_status(want.s) == CAIRO_STATUS_SUCCESS);
    REQUIRE(want.w() == got.w());
    REQUIRE(want.h() == got.h());
    const int tol = 8;  // antialiasing only: the renderer is deterministic on one Cairo version
    long bad = 0;
    const Surface diff{cairo_image_surface_create(CAIRO_FORMAT_ARGB32, got.w(), got.h())};
    unsigned char* dd = cairo_image_surface_get_data(diff.s);
    const int ds = cairo_image_surface_get_stride(diff.s);
    for (int y = 0; y < got.h(); ++y)
        for (int x = 0; x < got.w(); ++x) {
            const unsigned char* a = got.px(x, y);
            const unsigned char* b = want.px(x, y);
            int d = 0;
            for (int ch = 0; ch < 3; ++ch) d = std::max(d, std::abs(int(a[ch]) - int(b[ch])));
            unsigned char* o = dd + y * ds + x * 4;
            bool over = d > tol;
            bad += over;
            o[0] = over ? 0 : a[0] / 3;
            o[1] = over ? 0 : a[1] / 3;
            o[2] = over ? 255 : a[2] / 3;
            o[3] = 255;
        }
    double ratio = double(bad) / (got.w() * got.h());
    if (ratio > 1e-4) {
        cairo_surface_mark_dirty(diff.s);
        cairo_surface_write_to_png(img, (name + ".actual.png").c_str());
        cairo_surface_write_to_png(diff.s, (name + ".diff.png").c_str());
    }
    INFO("mismatched pixels: " << bad << " (" << ratio * 100 << "%); wrote " << name << ".diff.png in the test's working dir");
    CHECK(ratio <= 1e-4);
}

// Text golden: every panel and every text the Recorder saw — the string, its box and size —
// compared exactly, so that a digit that changes or a label that moves fails.
inline std::string recorded(const draw::Recorder& rec) {
    std::string out;
    char buf[256];
    for (const auto& p : rec.panels) {
        std::snprintf(buf, sizeof buf, "panel %s %.2f %.2f %.2f %.2f\n", p.name.c_str(), p.rect.x, p.rect.y, p.rect.w, p.rect.h);
        out += buf;
    }
    for (const auto& t : rec.texts) {
        std::snprintf(buf, sizeof buf, "text %s %.2f %.2f %.2f %.2f %.2f |", t.panel >= 0 ? rec.panels[static_cast<std::size_t>(t.panel)].name.c_str() : "-",
                      t.rect.x, t.rect.y, t.rect.w, t.rect.h, t.size);
        out += buf + t.text + "|";
        if (t.notdef > 0) out += " notdef " + std::to_string(t.notdef);  // a character no face has
        out += "\n";
    }
    return out;
}

inline void compare_text_golden(const draw::Recorder& rec, const std::string& name) {
    const std::string golden = std::string(ATTNLAB_SOURCE_DIR) + "/tests/golden/" + name + ".txt";
    const std::string now = recorded(rec);
    if (const char* regen = std::getenv("ATTNLAB_REGENERATE_GOLDEN"); regen && *regen == '1') {
        std::FILE* f = std::fopen(golden.c_str(), "wb");
        REQUIRE(f);
        std::fwrite(now.data(), 1, now.size(), f);
        std::fclose(f);
        WARN("regenerated " << golden);
        return;
    }
    std::string want;
    if (std::FILE* f = std::fopen(golden.c_str(), "rb")) {
        char buf[4096];
        for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) want.append(buf, n);
        std::fclose(f);
    }
    INFO("text golden " << golden << " (regenerate: ATTNLAB_REGENERATE_GOLDEN=1 ctest -R draw_test)");
    REQUIRE(!want.empty());
    if (now != want) {
        // The first line that differs, to say what changed.
        std::size_t a = 0, b = 0;
        while (true) {
            const std::size_t ea = now.find('\n', a), eb = want.find('\n', b);
            const std::string la = now.substr(a, ea - a), lb = want.substr(b, eb - b);
            if (la != lb || ea == std::string::npos || eb == std::string::npos) {
                INFO("now:    " << la << "\nwanted: " << lb);
                CHECK(now == want);
                break;
            }
            a = ea + 1, b = eb + 1;
        }
    }
}

}  // namespace support
