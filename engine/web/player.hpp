// web/player: a deck in the browser, without the browser — loaded once (from the embedded file
// system the web build packs the scenes, decks and fonts into), its timeline laid out, and a
// step painted at its end into plain RGBA pixels (straight alpha, rows top to bottom: what a
// canvas's ImageData takes), through the same model::frame_at and draw::render as every native
// output. Knows no JavaScript and no emscripten: web/entry.cpp is the module's edge to them.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "draw/draw.hpp"
#include "scene/scene.hpp"
#include "timeline/timeline.hpp"

namespace web {

// The deck at `path` (every file it names inside `root`, "" for the default root) and the faces:
// DejaVu from `fonts_dir`, then `fallbacks` in their order (a page's own faces, or
// draw::debian_fallbacks of a folder; absent faces are skipped). False, with `error` saying why
// (the loader's diagnostics, file:line:col, a line each), when either fails. What Player and
// Live open with.
bool load_deck(const std::string& path, const std::string& root, const std::string& fonts_dir,
               const std::vector<draw::Fallback>& fallbacks, scene::Deck& deck, std::shared_ptr<const draw::Fonts>& fonts,
               std::string& error);

class Player {
public:
    // Loads `path` (a scene or a deck; every file it names inside `root`, "" for the default
    // root) and the faces as load_deck does. Null, with `error` saying why (the loader's
    // diagnostics, file:line:col), when either fails.
    static std::unique_ptr<Player> open(const std::string& path, const std::string& root, const std::string& fonts_dir,
                                        const std::vector<draw::Fallback>& fallbacks, std::string& error);

    // How many steps the deck has (`attnlab export --still N` takes 1 … steps()).
    int steps() const { return static_cast<int>(lay_.spans.size()); }

    // Step `step` (1-based) at its end — the picture `attnlab export --still STEP` writes — at
    // width×height in `theme`: width·height·4 bytes of RGBA. Empty when the step or the size
    // is out of range (16 … 16384 pixels a side, as for every output).
    std::vector<std::uint8_t> paint(int step, int width, int height, draw::ThemeKind theme) const;

private:
    Player(scene::Deck deck, std::shared_ptr<const draw::Fonts> fonts);
    scene::Deck deck_;
    timeline::Layout lay_;
    std::shared_ptr<const draw::Fonts> fonts_;
};

}  // namespace web
