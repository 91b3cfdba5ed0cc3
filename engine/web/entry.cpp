// web/entry: the web module's edge to JavaScript — the C functions the page and the tools call
// on the WebAssembly module (createAttnlab(), see cmake/web.cmake) and its main. One deck is open
// at a time; its pixels stay in the module's memory until the next paint. What is drawn, and
// how, is web/player.cpp's and web/live.cpp's: nothing here knows a panel or a pixel format.
// Compiled by both configurations, empty outside the web build: the native tests use web/ through
// live.hpp and player.hpp.
#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "web/live.hpp"
#include "web/player.hpp"

namespace {

// Where the web build embeds the shipped files (cmake/web.cmake): scenes/ and slides/ under one
// root, as in the checkout (a deck's ../scenes/ includes resolve), and the DejaVu faces. The
// module embeds no fallback face (a CJK face alone is megabytes): a page that brings its deck
// brings the faces its text is drawn with, subset to its characters (`attnlab export --live`),
// and names them with attnlab_fallback before it opens the deck. Without them, text in scripts
// DejaVu lacks draws as boxes (the embedded scenes in other scripts, opened by name).
constexpr const char* kRoot = "/attnlab";
constexpr const char* kFonts = "/attnlab/fonts";

std::unique_ptr<web::Player> player;
std::vector<draw::Fallback> fallbacks;  // the page's, in the painter's order
std::unique_ptr<web::Live> live;
std::string error;
std::vector<std::uint8_t> pixels;

}  // namespace

extern "C" {

// One more fallback face, after those named before (the order the painter tries them in): the
// file of its regular and of its bold face ("" for none: the regular face draws bold text too)
// in the module's file system, and the face in the file. For the decks opened after it.
EMSCRIPTEN_KEEPALIVE void attnlab_fallback(const char* regular, const char* bold, int index) {
    fallbacks.push_back({regular ? regular : "", bold ? bold : "", index, "", ""});
}

// Opens `path` (e.g. "/attnlab/scenes/tiny.yaml"): its number of steps, or -1 (attnlab_error says why).
EMSCRIPTEN_KEEPALIVE int attnlab_open(const char* path) {
    player = web::Player::open(path ? path : "", kRoot, kFonts, fallbacks, error);
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

// ---- the live deck: the browser's backend of the presenter core (web/live.hpp) ----

// Opens `path` live, every file it names inside `root` ("" for the shipped files' /attnlab; a page
// that brings its own deck writes its files under a folder of the module's file system first):
// student mode when `student`, dark when `dark`, at 0-based step `start`. Its number of steps,
// or -1 (attnlab_error says why).
EMSCRIPTEN_KEEPALIVE int attnlab_live_open(const char* path, const char* root, int student, int dark, int start) {
    const std::string in = root && *root ? root : kRoot;
    live = web::Live::open(path ? path : "", in, kFonts, fallbacks, student != 0, dark != 0, start, error);
    return live ? static_cast<int>(live->steps()) : -1;
}

// The page's clock in seconds; every later call happens then.
EMSCRIPTEN_KEEPALIVE void attnlab_live_time(double seconds) {
    if (live) live->set_time(seconds);
}

// The canvas: CSS pixels (pointer positions) and device pixels (drawn).
EMSCRIPTEN_KEEPALIVE void attnlab_live_resize(int w, int h, int px_w, int px_h) {
    if (live) live->resize(w, h, px_w, px_h);
}

// A key went down (KeyboardEvent.key, .code; mods: 1 Shift, 2 Ctrl, 4 Alt): 1 when the deck
// takes it (the page then keeps the browser from acting on it).
EMSCRIPTEN_KEEPALIVE int attnlab_live_key(const char* key, const char* code, int mods) {
    return live && live->key(key ? key : "", code ? code : "", static_cast<app::Mods>(mods)) ? 1 : 0;
}

// The pointer in CSS pixels: what 0 down, 1 up, 2 move, 3 leave; held: the left button is down.
EMSCRIPTEN_KEEPALIVE void attnlab_live_pointer(int what, int x, int y, int held, int mods) {
    if (live && what >= 0 && what <= 3)
        live->pointer(static_cast<web::Pointer>(what), x, y, held != 0, static_cast<app::Mods>(mods));
}

// Draws the frame if anything changed: its RGBA pixels (attnlab_live_width × height × 4 bytes,
// valid until the next call), of which rows [attnlab_live_dirty_top, _bottom) changed; null when
// nothing did.
EMSCRIPTEN_KEEPALIVE const std::uint8_t* attnlab_live_frame() { return live && live->frame() ? live->rgba() : nullptr; }
EMSCRIPTEN_KEEPALIVE int attnlab_live_width() { return live ? live->width() : 0; }
EMSCRIPTEN_KEEPALIVE int attnlab_live_height() { return live ? live->height() : 0; }
EMSCRIPTEN_KEEPALIVE int attnlab_live_dirty_top() { return live ? live->dirty_top() : 0; }
EMSCRIPTEN_KEEPALIVE int attnlab_live_dirty_bottom() { return live ? live->dirty_bottom() : 0; }

// Where a click reaches `what` `index` now ("X Y" in CSS pixels, "" for nowhere): web::Live::where.
EMSCRIPTEN_KEEPALIVE const char* attnlab_live_where(const char* what, int index) {
    static std::string at;
    at = live ? live->where(what ? what : "", index) : "";
    return at.c_str();
}

// What the keys asked of the page since the last call: 1 fullscreen on or off, 2 the presenter
// view (web::Live::requests); and the page's fullscreen now, as the browser says it.
EMSCRIPTEN_KEEPALIVE int attnlab_live_requests() { return live ? live->requests() : 0; }
EMSCRIPTEN_KEEPALIVE void attnlab_live_fullscreen(int on) {
    if (live) live->set_fullscreen(on != 0);
}

// The session now, as JSON (web::Live::status), valid until the next call.
EMSCRIPTEN_KEEPALIVE const char* attnlab_live_status() {
    static std::string status;
    status = live ? live->status() : "{}";
    return status.c_str();
}

// The quiz as the page keeps it (web::Live::quiz_memory), valid until the next call; and a kept
// one replayed after the deck opened (web::Live::restore_quiz): 1, or 0 when it was refused.
EMSCRIPTEN_KEEPALIVE const char* attnlab_live_quiz() {
    static std::string memory;
    memory = live ? live->quiz_memory() : "";
    return memory.c_str();
}
EMSCRIPTEN_KEEPALIVE int attnlab_live_restore_quiz(const char* memory) {
    return live && live->restore_quiz(memory ? memory : "") ? 1 : 0;
}

}  // extern "C"

// The module is ready once main has run; the page's calls come after.
int main() { return 0; }
#endif  // __EMSCRIPTEN__
