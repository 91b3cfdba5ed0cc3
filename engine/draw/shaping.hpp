// draw/shaping: the text stack under every text draw/ paints — UTF-8 in, positioned glyphs out.
// A text is itemized by script and split into words, each word given the first face of its
// style's fixed order that has all of its characters (a word no face has whole goes cluster by
// cluster), then shaped and ordered by libraqm (HarfBuzz for the glyphs and their positions,
// FriBiDi for right-to-left text). Results are in ems, independent of the size drawn, and
// memoised per thread (text.cpp). Also here: the grapheme and line-break opportunities the
// canvas wraps and cuts text at. Internal to draw/; knows no panel.
#pragma once

#include <cairo.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "draw/fonts.hpp"

namespace draw {

enum class Direction : std::uint8_t { Auto, LeftToRight, RightToLeft };

// One glyph of a shaped text, in visual order. Positions are in ems from the pen's start, y down.
struct Glyph {
    std::uint32_t index = 0;    // the glyph in its face (0: .notdef, a character the face lacks)
    std::uint32_t face = 0;     // the engine's face number
    std::uint32_t cluster = 0;  // the byte where the cluster this glyph draws begins
    double x = 0, y = 0;
};

struct Shaped {
    std::vector<Glyph> glyphs;
    double advance = 0;                                    // ems
    double ink_x0 = 0, ink_y0 = 0, ink_x1 = 0, ink_y1 = 0;  // the glyphs' ink, ems, y down (all 0: no ink)
    // The bytes where clusters begin (ascending, from 0): a text may be cut only there, never
    // inside a grapheme, a combining sequence or a conjunct.
    std::vector<std::uint32_t> cuts;
    int notdef = 0;    // glyphs drawn as .notdef
    bool rtl = false;  // the direction the text was laid out in
};

// The first strong character's direction (Unicode's rules P2–P3): Auto when there is none.
Direction direction_of(std::string_view s);
// A paragraph's direction (a wrapped text: the narration, a bullet, a slide's title; a sentence
// of tokens): the direction of most of its words (a word's: its first letter's), so that an
// English sentence quoting Arabic words reads left to right and an Arabic one quoting an English
// word right to left, whichever word comes first; a tie goes to the first strong character
// (direction_of). A mark that comes first decides: U+200E (LRM) or U+200F (RLM).
Direction paragraph_direction(std::string_view s);
// A label's direction on attnlab's left-to-right page: right to left only when it has
// right-to-left letters and no left-to-right ones (a word of Arabic alone, its punctuation on its
// left); a label that mixes them is a left-to-right line with its right-to-left runs reversed.
Direction label_direction(std::string_view s);

// UTF-8 → code points, and back. Bytes that are not UTF-8 decode as U+FFFD, one byte each.
// `starts` (when given) is set to the byte where each code point begins.
std::u32string decode_utf8(std::string_view s, std::vector<std::uint32_t>* starts = nullptr);
void append_utf8(std::string& out, char32_t c);

// Where a line may break inside a run without spaces (a subset of Unicode's UAX #14): before
// or after an ideograph, kana or Hangul syllable, but not before closing punctuation and small
// kana, nor after opening punctuation; after a zero-width space.
bool break_between(char32_t before, char32_t after);
// A character that continues the cluster before it (a combining mark, a joiner, a variation selector).
bool continues_cluster(char32_t c);

struct Fonts::Engine {
    struct Impl;
    Impl* impl = nullptr;
    // This set of faces among all loaded in the process (1, 2, …): the memos of shaped text are
    // keyed by it, since the same text shaped with other faces gives other glyphs.
    std::uint64_t serial = 0;
    ~Engine();

    // `s` shaped in `f`'s faces. Thread-safe (one shaper at a time); callers memoise.
    Shaped shape(std::string_view s, Font f, Direction d);
    // The cairo face to draw the engine's face `face` with (made on first use; never null).
    cairo_font_face_t* cairo_face(std::uint32_t face);
    // The line metrics of `f`'s DejaVu face, in ems.
    double ascent(Font f) const;
    double descent(Font f) const;
    double line_height(Font f) const;  // ascent + descent + line gap
    bool covers(char32_t c, Font f);
    std::string package_for(char32_t c);
    std::vector<std::string> fallback_files() const;
    std::vector<FallbackUse> fallbacks_for(const std::vector<std::string>& texts, std::string_view joiners);
};

}  // namespace draw
