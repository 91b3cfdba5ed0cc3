// output (internal): the fallback faces a live page carries. The module embeds DejaVu only; a
// deck's text in other scripts (Chinese, Hindi, Arabic …) is drawn with Debian's Noto faces, and
// the page brings each face the painter draws the deck's texts with (draw::Fonts::fallbacks_for,
// the painter's own choice), subset by HarfBuzz's subsetter to the characters drawn with it: its
// layout tables (GSUB, GPOS) kept for them and the glyphs their substitutions reach, so
// Devanagari conjuncts and Arabic joining shape as with the whole face; a face of a collection
// (.ttc) becomes a face of its own. Not included outside engine/output/ (and its tests).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "draw/fonts.hpp"

namespace output {

// The characters the engine's own text writes next to a deck's words ("‘猫’ reads", "猫's own
// score: 0.42", "Editing key of ‘猫’"): ASCII's punctuation and digits and the signs of the
// panels and readouts, in UTF-8. Each used face keeps those of them it has, and a character
// DejaVu lacks brings the face that has it (draw::Fonts::fallbacks_for).
// tests/page_fonts_test.cpp checks that every non-ASCII character of a string in model/, draw/
// and app/ is here.
std::string_view engine_joiners();

struct PageFace {
    std::string name;   // its file name in the page ("NotoSansCJK-Regular-2.otf")
    std::string bytes;  // the subset face
};

struct PageFonts {
    // The table the module opens the faces with, in the painter's order: regular and bold are
    // names of `faces` (bold "" when the regular face draws bold text too), each face's index 0.
    std::vector<draw::Fallback> table;
    std::vector<PageFace> faces;
    std::size_t bytes() const;  // of every face
};

// The fallback faces of `fonts` that draw some character of `texts` (every text a deck shows),
// each subset to the characters it draws (and the joiners it has). False, with `why`, when a
// face cannot be read or subset.
bool page_fonts(const draw::Fonts& fonts, const std::vector<std::string>& texts, PageFonts& out, std::string& why);

// Face `index` of the font file `path`, subset to `chars` with the subsetter's defaults (layout
// tables, hinting and the glyph closure kept): the bytes of a font file of one face. False, with
// `why`, when the file is no font or the subsetter fails.
bool subset_face(const std::string& path, int index, const std::u32string& chars, std::string& out, std::string& why);

}  // namespace output
