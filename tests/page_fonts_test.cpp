// A live page's fallback faces (output/page_fonts.hpp): each Noto face the painter draws a deck's
// texts with, subset to the characters drawn with it. Subset, they draw every step of a deck in
// Chinese, Hindi and Arabic exactly as the whole faces do — through the page's own backend
// (web::Player, web::Live) built natively, the session's overlay (quiz, experiment) included —
// and cost kilobytes; the page carries them and nothing more. tests/webfonts_test.py opens such a
// page in Chromium.
#include <catch2/catch.hpp>

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "draw/draw.hpp"
#include "draw/shaping.hpp"
#include "load/load.hpp"
#include "output/page_fonts.hpp"
#include "support/files.hpp"
#include "support/fonts.hpp"
#include "web/live.hpp"
#include "web/player.hpp"

namespace fs = std::filesystem;
using support::TempDir;

namespace {

const fs::path kSource = ATTNLAB_SOURCE_DIR;
const std::string kDeck = (kSource / "tests/data/scripts/deck.yaml").string();
const std::string kFonts = (kSource / "fonts").string();
const std::string kCjk = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc";

// Every text the deck shows, as `attnlab export` collects them (load::Options::texts).
std::vector<std::string> texts_of(const std::string& deck) {
    std::vector<std::string> texts;
    load::Options opt{kSource.string(), {}};
    opt.texts = [&](const std::string& t) { texts.push_back(t); };
    REQUIRE(load::load_file(deck, opt).ok());
    return texts;
}

// The deck's page faces, written to a folder, and the table the module opens them with.
struct Subsets {
    TempDir dir{"attnlab-page-fonts"};
    output::PageFonts page;
    std::vector<draw::Fallback> table;
    explicit Subsets(const std::vector<std::string>& texts) {
        std::string why;
        INFO(why);
        REQUIRE(output::page_fonts(*support::fonts(), texts, page, why));
        for (const output::PageFace& f : page.faces) dir.write(f.name, f.bytes);
        for (draw::Fallback row : page.table) {
            row.regular = (dir.path / row.regular).string();
            if (!row.bold.empty()) row.bold = (dir.path / row.bold).string();
            table.push_back(row);
        }
    }
};

std::vector<std::string> names_of(const output::PageFonts& page) {
    std::vector<std::string> out;
    for (const draw::Fallback& row : page.table) out.push_back(row.regular);
    return out;
}

struct FaceFree {
    void operator()(FT_Face f) const { FT_Done_Face(f); }
};
struct LibraryFree {
    void operator()(FT_Library l) const { FT_Done_FreeType(l); }
};

// How long face `index`'s table `tag` is in `bytes` (0: none).
FT_ULong table_length(const std::string& bytes, FT_ULong tag, long* faces = nullptr, std::u32string has = {},
                      std::u32string lacks = {}) {
    FT_Library lib = nullptr;
    REQUIRE(FT_Init_FreeType(&lib) == 0);
    std::unique_ptr<FT_LibraryRec_, LibraryFree> hold(lib);
    FT_Face face = nullptr;
    REQUIRE(FT_New_Memory_Face(lib, reinterpret_cast<const FT_Byte*>(bytes.data()), static_cast<FT_Long>(bytes.size()), 0, &face) == 0);
    std::unique_ptr<FT_FaceRec_, FaceFree> f(face);
    if (faces) *faces = face->num_faces;
    for (char32_t c : has) CHECK(FT_Get_Char_Index(face, c) != 0);
    for (char32_t c : lacks) CHECK(FT_Get_Char_Index(face, c) == 0);
    FT_ULong length = 0;
    if (FT_Load_Sfnt_Table(face, tag, 0, nullptr, &length) != 0) return 0;
    return length;
}

}  // namespace

TEST_CASE("the test deck's text has a face for every character natively, and needs two Noto faces", "[page-fonts]") {
    const auto texts = texts_of(kDeck);
    const auto fonts = support::fonts();
    int characters = 0;
    for (const std::string& t : texts)
        for (char32_t c : draw::decode_utf8(t)) {
            INFO("U+" << std::hex << static_cast<unsigned>(c));
            CHECK(fonts->covers(c));
            CHECK(fonts->covers(c, draw::Font::Bold));
            ++characters;
        }
    CHECK(characters > 300);
    Subsets s(texts);
    // In the painter's order (debian_fallbacks): Devanagari, then CJK. DejaVu Sans has Arabic.
    REQUIRE(names_of(s.page) == std::vector<std::string>{"NotoSansDevanagari-Regular.ttf", "NotoSansCJK-Regular-2.otf"});
    for (const draw::Fallback& row : s.page.table) CHECK(row.index == 0);  // a face of its own, even CJK's third
    CHECK(s.page.table[1].bold == "NotoSansCJK-Bold-2.otf");
    CHECK(fonts->fallbacks_for({"انتباه"}).empty());
    CHECK(fonts->fallbacks_for({"猫"}).size() == 1);
}

TEST_CASE("a deck in English carries no face: the engine's own signs are DejaVu's", "[page-fonts]") {
    for (const char* deck : {"slides/lecture.yaml", "tests/data/web/deck.yaml"}) {
        INFO(deck);
        output::PageFonts page;
        std::string why;
        CHECK(output::page_fonts(*support::fonts(), texts_of((kSource / deck).string()), page, why));
        CHECK(page.faces.empty());
        CHECK(page.table.empty());
    }
}

TEST_CASE("a face subset to a few characters is a few kilobytes, one face, its layout tables kept", "[page-fonts]") {
    std::string cjk, why;
    REQUIRE(output::subset_face(kCjk, 2, U"注意力", cjk, why));
    long faces = 0;
    table_length(cjk, FT_MAKE_TAG('c', 'm', 'a', 'p'), &faces, U"注意力", U"猫鼠");
    CHECK(faces == 1);
    CHECK(cjk.size() < 8000);  // of a 19 MB collection
    CHECK(fs::file_size(kCjk) > 10000000);
    std::string deva;
    REQUIRE(output::subset_face("/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf", 0, U"क्षण", deva, why));
    CHECK(table_length(deva, FT_MAKE_TAG('G', 'S', 'U', 'B'), nullptr, U"क्षण", U"ध") > 0);
    CHECK(table_length(deva, FT_MAKE_TAG('G', 'P', 'O', 'S')) > 0);
    CHECK(deva.size() < 20000);
    std::string arab;
    REQUIRE(output::subset_face("/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf", 0, U"انتباه", arab, why));
    CHECK(table_length(arab, FT_MAKE_TAG('G', 'S', 'U', 'B'), nullptr, U"انتباه") > 0);
    CHECK(arab.size() < 20000);
    // What cannot be read says so.
    std::string none;
    CHECK_FALSE(output::subset_face((kSource / "README.md").string(), 0, U"a", none, why));
    CHECK(why == "cannot read the font " + (kSource / "README.md").string() + " (not a font HarfBuzz can open)");
    CHECK_FALSE(output::subset_face(kCjk, 99, U"a", none, why));
    CHECK(why == kCjk + " has no face 99");
}

TEST_CASE("the subsets draw every step of the deck as the whole faces do, and without them it differs", "[page-fonts]") {
    const auto texts = texts_of(kDeck);
    Subsets s(texts);
    // The deck's whole text in a page: kilobytes, not the megabytes of the faces. Devanagari's
    // subset keeps every conjunct its letters can form (the substitutions' closure): a third of
    // the face for the 30-odd letters here; CJK's 50-odd characters (and the punctuation that
    // may join them) take 25 KB of the 19 MB collection.
    std::uintmax_t whole_bytes = 0;
    for (const draw::FallbackUse& use : support::fonts()->fallbacks_for(texts, output::engine_joiners()))
        whole_bytes += fs::file_size(use.face.regular) + (use.face.bold.empty() ? 0 : fs::file_size(use.face.bold));
    for (const output::PageFace& f : s.page.faces) {
        INFO(f.name << ": " << f.bytes.size() << " bytes");
        CHECK(f.bytes.size() < (f.name.find("CJK") != std::string::npos ? 40000u : 100000u));
    }
    CHECK(s.page.bytes() < 250000);
    CHECK(s.page.bytes() * 100 < whole_bytes);
    std::string error;
    const auto whole = web::Player::open(kDeck, kSource.string(), kFonts, draw::debian_fallbacks(), error);
    const auto subset = web::Player::open(kDeck, kSource.string(), kFonts, s.table, error);
    const auto dejavu = web::Player::open(kDeck, kSource.string(), kFonts, {}, error);
    INFO(error);
    REQUIRE((whole && subset && dejavu));
    REQUIRE(whole->steps() == 4);
    for (int step = 1; step <= whole->steps(); ++step)
        for (draw::ThemeKind theme : {draw::ThemeKind::Light, draw::ThemeKind::Dark}) {
            INFO("step " << step << (theme == draw::ThemeKind::Dark ? " dark" : " light"));
            const auto w = whole->paint(step, 1280, 720, theme);
            CHECK(subset->paint(step, 1280, 720, theme) == w);
            CHECK(dejavu->paint(step, 1280, 720, theme) != w);  // the faces draw something DejaVu cannot
        }
}

TEST_CASE("the page's backend with the subsets draws its overlay as with the whole faces: quiz, experiment, a word asking", "[page-fonts]") {
    const auto texts = texts_of(kDeck);
    Subsets s(texts);
    std::string error;
    auto whole = web::Live::open(kDeck, kSource.string(), kFonts, draw::debian_fallbacks(), false, false, 2, error);
    auto subset = web::Live::open(kDeck, kSource.string(), kFonts, s.table, false, false, 2, error);
    INFO(error);
    REQUIRE((whole && subset));
    double t = 0;
    const auto same = [&](const char* what) {
        t += 10;  // every animation over
        for (auto* l : {whole.get(), subset.get()}) {
            l->set_time(t);
            l->frame();
        }
        INFO(what);
        CHECK(std::equal(whole->rgba(), whole->rgba() + 1280 * 720 * 4, subset->rgba()));
    };
    for (auto* l : {whole.get(), subset.get()}) l->resize(1280, 720, 1280, 720);
    same("step 3");
    for (auto* l : {whole.get(), subset.get()}) l->key("c", "KeyC", 0);
    same("the quiz, in Chinese");
    for (auto* l : {whole.get(), subset.get()}) l->key("1", "Digit1", 0);
    same("its answer, in three scripts");
    for (auto* l : {whole.get(), subset.get()}) {
        l->key("Escape", "Escape", 0);
        l->key("e", "KeyE", 0);
    }
    same("the experiments' menu, in Hindi");
    for (auto* l : {whole.get(), subset.get()}) l->key("1", "Digit1", 0);
    same("an experiment run, its look-for in Chinese");
    const std::string at = whole->where("token", 3);
    REQUIRE_FALSE(at.empty());
    const int x = std::atoi(at.c_str()), y = std::atoi(at.c_str() + at.find(' ') + 1);
    for (auto* l : {whole.get(), subset.get()}) {
        l->pointer(web::Pointer::Down, x, y, true, 0);
        l->pointer(web::Pointer::Up, x, y, false, 0);
    }
    same("انتباه asking: its name quoted in the readouts");
}

TEST_CASE("a live page grows by the subset faces only", "[page-fonts][cli]") {
    // A stand-in for the web build's folder: the page is put together from it, not run.
    TempDir module("attnlab-page-fonts-module");
    module.write("live.html", "<html><script src=\"attnlab-web.js\"></script>\n<script src=\"live.js\"></script></html>\n");
    module.write("attnlab-web.js", "var createAttnlab;\n");
    module.write("attnlab-web.wasm", std::string(1000, 'w'));
    module.write("live.js", "'use strict';\n");
    TempDir out("attnlab-page-fonts-out");
    TempDir none("attnlab-page-fonts-none");
    const auto run = [&](const std::string& page, const std::string& fallbacks) {
        const std::string cmd = "ATTNLAB_WEB_MODULE='" + module.path.string() + "' " + fallbacks + " '" + ATTNLAB_BINARY +
                                "' export '" + kDeck + "' -o '" + (out.path / page).string() + "' --live 2>'" +
                                (out.path / (page + ".err")).string() + "'";
        INFO(cmd);
        REQUIRE(std::system(cmd.c_str()) == 0);
        return support::slurp(out.path / page);
    };
    const std::string with = run("with.html", "");
    const std::string without = run("without.html", "ATTNLAB_FALLBACK_FONTS='" + none.path.string() + "'");
    const std::string said = support::slurp(out.path / "with.html.err");
    INFO(said);
    CHECK(std::regex_search(said, std::regex("the fallback faces [0-9]+ KB\\)")));
    CHECK(support::slurp(out.path / "without.html.err").find("fallback") == std::string::npos);
    // The faces, in base64, and their table: nothing else is added.
    Subsets s(texts_of(kDeck));
    std::size_t base64 = 0;
    for (const output::PageFace& f : s.page.faces) {
        base64 += (f.bytes.size() + 2) / 3 * 4;
        CHECK(with.find("\"" + f.name + "\"") != std::string::npos);
    }
    const std::size_t grown = with.size() - without.size();
    CHECK(grown >= base64);
    CHECK(grown < base64 + 1000);
    CHECK(grown < 350000);
    // The table in the painter's order, the module opening each subset as face 0.
    const std::size_t deva = with.find("{\"regular\":\"NotoSansDevanagari-Regular.ttf\",\"bold\":\"NotoSansDevanagari-Bold.ttf\",\"index\":0}");
    const std::size_t cjk = with.find("{\"regular\":\"NotoSansCJK-Regular-2.otf\",\"bold\":\"NotoSansCJK-Bold-2.otf\",\"index\":0}");
    CHECK((deva != std::string::npos && cjk != std::string::npos && deva < cjk));
    CHECK(without.find("\"fonts\":{},\"fallbacks\":[]") != std::string::npos);
}

TEST_CASE("every character the engine's own text writes beside a deck's words is a joiner", "[page-fonts]") {
    // A word is drawn with the first face that has all of it, and "‘猫’" is one word: the
    // punctuation the frame model, the painter and the overlay write next to a token must be in
    // the subsets that draw it, so in engine_joiners (those of them whose script is Common).
    const std::u32string joiners = draw::decode_utf8(output::engine_joiners());
    int literals = 0;
    for (const char* module : {"model", "draw", "app"})
        for (const auto& e : fs::recursive_directory_iterator(kSource / "engine" / module)) {
            if (e.path().extension() != ".cpp" && e.path().extension() != ".hpp") continue;
            std::string text;  // the code, without its comments (which quote a deck's words)
            std::istringstream lines(support::slurp(e.path()));
            for (std::string line; std::getline(lines, line);) {
                const std::size_t code = line.find_first_not_of(' ');
                if (code != std::string::npos && line.compare(code, 2, "//") == 0) continue;
                text += line.substr(0, line.find(" // ")) + "\n";
            }
            const std::regex literal("\"([^\"\\\\\\n]|\\\\.)*\"");
            for (std::sregex_iterator it(text.begin(), text.end(), literal), end; it != end; ++it)
                for (char32_t c : draw::decode_utf8(it->str())) {
                    if (c < 0x80) continue;
                    ++literals;
                    INFO(e.path().filename().string() << ": U+" << std::hex << static_cast<unsigned>(c));
                    CHECK(joiners.find(c) != std::u32string::npos);
                }
        }
    CHECK(literals > 20);
}
