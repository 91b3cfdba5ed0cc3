// Test support: the live page's backend (engine/web/live.cpp) driven by a script of page events
// (tests/web/live.js's format: open, size, time, key, pointer, frame, status, reopen, save),
// natively; the script web_live_test checks natively and web_test runs through the web module as
// well; a frame's RGBA bytes as an image. Header-only; include as "support/live_script.hpp".
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "app/session.hpp"
#include "draw/draw.hpp"
#include "support/image.hpp"
#include "web/live.hpp"

namespace support {

// What a script of page events (tests/web/live.js's format) left: the statuses it asked for and
// its last frame.
struct LiveRun {
    std::vector<std::string> statuses;
    std::vector<std::uint8_t> rgba;
    int w = 0, h = 0;
    int drawn = 0;
};

// The script through web::Live built natively, as live.js runs it through the module.
inline LiveRun run_native(const std::vector<std::string>& script, const std::filesystem::path& fallback_fonts) {
    const std::filesystem::path source = ATTNLAB_SOURCE_DIR;
    LiveRun out;
    std::unique_ptr<web::Live> live;
    std::string path;
    int student = 0, dark = 0, w = 0, h = 0, pw = 0, ph = 0;
    double now = 0;
    const auto open = [&](int start) {
        std::string error;
        live = web::Live::open((source / path).string(), source.string(), (source / "fonts").string(),
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
inline std::unique_ptr<Image> image_of(const std::vector<std::uint8_t>& rgba, int w, int h) {
    auto img = std::make_unique<Image>(w, h);
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

// The script both tests run, on step 7 of the one-query-row walkthrough at 1280x720: a word
// clicked, a key dragged, the slider, the mask, undo, T up, an experiment and back, a quiz
// question answered, the next one, reloads; a status after each. `no_fallback`: the empty folder
// of fallback faces both painters draw with.
inline std::vector<std::string> live_script(const std::filesystem::path& no_fallback) {
    const std::filesystem::path source = ATTNLAB_SOURCE_DIR;
    constexpr int W = 1280, H = 720;

    // Where a student would click on step 7 of the one-query-row walkthrough: found by hit
    // testing the native session, so that the script says what it does ("click cat").
    std::vector<std::string> script{"open scenes/one-query-row.yaml 0 0 6", "size 1280 720 1280 720", "time 0", "frame",
                                    "time 10", "frame", "status"};
    std::string error;
    auto probe = web::Live::open((source / "scenes/one-query-row.yaml").string(), source.string(),
                                 (source / "fonts").string(), draw::debian_fallbacks(no_fallback.string()), false, false, 6,
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
    return script;
}

}  // namespace support
