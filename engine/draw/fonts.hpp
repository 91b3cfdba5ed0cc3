// draw/fonts: the fonts a frame is drawn with — DejaVu Sans (regular, bold, oblique) and DejaVu
// Sans Mono from the caller's folder, and for a character DejaVu lacks, Debian's Noto faces tried
// in a fixed order (fonts-noto-core, fonts-noto-cjk), all FreeType faces drawn through cairo-ft,
// so PDF and SVG keep real, embedded glyphs. Loaded once by the caller and passed in
// (draw::Options::fonts): nothing in draw/ finds a file or reads the environment by itself; a
// missing DejaVu file is an error, never a silent fallback to another face, and a missing Noto
// file only leaves its characters without a face (`attnlab check` says so).
#pragma once

#include <cairo.h>

#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace draw {

enum class Font { Regular, Bold, Mono, Italic };

// A face tried, in order, for characters the DejaVu face of a style lacks.
struct Fallback {
    std::string regular;  // the file for Regular, Mono and Italic text
    std::string bold;     // the file for Bold text ("" : the regular one)
    int index = 0;        // the face in a collection (.ttc)
    std::string package;  // the Debian package that installs it
    std::string scripts;  // the ISO 15924 codes of the scripts it is there for ("Deva Beng"), for
                          // naming its package when it is missing
};

// The fixed fallback order of Debian's Noto faces under `root` (normally /usr/share/fonts):
// Noto Sans (Latin, Greek and Cyrillic DejaVu lacks), the Indic scripts, the right-to-left
// scripts, the other scripts of South-East Asia, Africa, the Caucasus and Cherokee, Noto Sans
// CJK SC (Han, kana, Hangul, and so CJK punctuation), Mongolian, Tifinagh, Canadian syllabics
// and Yi, then mathematics and symbols. Files that are absent are skipped by load().
std::vector<Fallback> debian_fallbacks(const std::string& root = "/usr/share/fonts");

// What some texts need of the fallback faces (Fonts::fallbacks_for): a row of the table and the
// characters the painter draws with each of its files.
struct FallbackUse {
    Fallback face;           // the row (bold "": its regular file draws its bold text too)
    std::u32string regular;  // drawn with its regular file, ascending
    std::u32string bold;     // drawn with its bold file, ascending (empty when bold is "")
};

class Fonts {
public:
    // The four DejaVu faces from `dir` (DejaVuSans.ttf, DejaVuSans-Bold.ttf, DejaVuSansMono.ttf,
    // DejaVuSans-Oblique.ttf), and `fallbacks` after them, those whose files exist. Null, with
    // `error` naming the file and why, when a DejaVu face cannot be read.
    static std::shared_ptr<const Fonts> load(const std::string& dir, std::string& error,
                                             const std::vector<Fallback>& fallbacks = {});
    ~Fonts();
    Fonts(const Fonts&) = delete;
    Fonts& operator=(const Fonts&) = delete;

    // The DejaVu face of a style. Never null. Cairo locks a face while it uses it, so several
    // threads may draw at once.
    cairo_font_face_t* face(Font f) const { return faces_[static_cast<std::size_t>(f)]; }

    // Whether some face of `f`'s order has a glyph for the character (whitespace, controls and
    // the invisible format characters need none).
    bool covers(char32_t c, Font f = Font::Regular) const;
    // For a character no face has: the Debian package whose face would have it, where known
    // ("fonts-noto-cjk"), else "".
    std::string package_for(char32_t c) const;
    // The files of the fallback faces found, in order (for messages and tests).
    std::vector<std::string> fallback_files() const;
    // The fallback faces found that the painter draws some character of `texts` with, in the
    // table's order: each text's faces chosen in every style's order by the painter's own choice
    // (word by word, see shaping.hpp). `joiners` (UTF-8: the punctuation and signs the engine
    // writes itself, next to a deck's words too: "‘猫’ reads") count as texts of their own, and
    // are added to each row used that has them where they can join another script's word
    // (their script is Common or Inherited), since a word is drawn with the first face that has
    // all of it. Faces subset to these characters, in this order, draw these texts as the whole
    // faces do: no word finds an earlier face, since a subset lacks what its whole face lacks.
    std::vector<FallbackUse> fallbacks_for(const std::vector<std::string>& texts, std::string_view joiners = {}) const;

    // The text stack behind these faces (shaping.hpp): internal to draw/.
    struct Engine;
    Engine& engine() const { return *engine_; }

private:
    Fonts();
    std::array<cairo_font_face_t*, 4> faces_{};
    std::unique_ptr<Engine> engine_;
};

}  // namespace draw
