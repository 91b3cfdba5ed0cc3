// Test support: the repository's fonts and Debian's Noto faces after them (as attnlab loads them),
// loaded once, and draw options that use them.
#pragma once

#include <memory>
#include <string>

#include "draw/draw.hpp"

namespace support {

inline std::shared_ptr<const draw::Fonts> fonts() {
    static const std::shared_ptr<const draw::Fonts> loaded = [] {
        std::string error;
        auto f = draw::Fonts::load(std::string(ATTNLAB_SOURCE_DIR) + "/fonts", error, draw::debian_fallbacks());
        if (!f) throw std::runtime_error(error);
        return f;
    }();
    return loaded;
}

// Draw options with the repository's fonts (and the given theme).
inline draw::Options draw_options(draw::ThemeKind theme = draw::ThemeKind::Light) {
    draw::Options o;
    o.fonts = fonts();
    o.theme = theme;
    return o;
}

}  // namespace support
