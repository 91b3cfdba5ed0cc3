// web/entry: the web module's edge to JavaScript — the C functions the page and the tools call
// on the WebAssembly module (createAttnlab(), see cmake/web.cmake) and its main. One deck is open
// at a time; its pixels stay in the module's memory until the next paint. What is drawn, and
// how, is web/player.cpp's: nothing here knows a panel or a pixel format.
#include <emscripten/emscripten.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "web/player.hpp"

namespace {

// Where the web build embeds the shipped files (cmake/web.cmake): scenes/ and slides/ under one
// root, as in the checkout (a deck's ../scenes/ includes resolve), and the DejaVu faces. No
// fallback faces are embedded yet: text in scripts DejaVu lacks draws as boxes.
constexpr const char* kRoot = "/attnlab";
constexpr const char* kFonts = "/attnlab/fonts";
constexpr const char* kFallbackFonts = "/attnlab/fallback-fonts";

std::unique_ptr<web::Player> player;
std::string error;
std::vector<std::uint8_t> pixels;

}  // namespace

extern "C" {

// Opens `path` (e.g. "/attnlab/scenes/tiny.yaml"): its number of steps, or -1 (attnlab_error says why).
EMSCRIPTEN_KEEPALIVE int attnlab_open(const char* path) {
    player = web::Player::open(path ? path : "", kRoot, kFonts, kFallbackFonts, error);
    return player ? player->steps() : -1;
}

// Why the last open or paint failed ("" when it did not).
EMSCRIPTEN_KEEPALIVE const char* attnlab_error() { return error.c_str(); }

EMSCRIPTEN_KEEPALIVE int attnlab_steps() { return player ? player->steps() : 0; }

// Step `step` (1-based) at its end, width×height, dark theme when `dark`: width·height·4 bytes
// of RGBA (straight alpha) in the module's memory, valid until the next call; null on a bad
// step or size (attnlab_error says which).
EMSCRIPTEN_KEEPALIVE const std::uint8_t* attnlab_paint(int step, int width, int height, int dark) {
    error.clear();
    if (!player) {
        error = "no deck is open";
        return nullptr;
    }
    pixels = player->paint(step, width, height, dark ? draw::ThemeKind::Dark : draw::ThemeKind::Light);
    if (pixels.empty()) {
        error = "step " + std::to_string(step) + " of 1.." + std::to_string(player->steps()) + " at " + std::to_string(width) +
                "x" + std::to_string(height) + " (16..16384 a side): out of range";
        return nullptr;
    }
    return pixels.data();
}

}  // extern "C"

// The module is ready once main has run; the page's calls come after.
int main() { return 0; }
