// The text stack under every text a frame or the window's overlay draws (draw/shaping.hpp,
// draw/fonts.hpp): faces chosen in the fixed fallback order, shaping (Devanagari conjuncts, Arabic
// joining), bidirectional order (Arabic right to left inside a left-to-right label, numbers left to
// right inside Arabic), the direction of paragraphs and of the rows of a sentence, line breaking
// and ellipsizing by clusters, and the count of .notdef glyphs (characters no face has) that the
// layout checks and the text goldens read. Needs Debian's fonts-noto-core and fonts-noto-cjk
// (tools/setup.sh installs them).
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "draw/draw.hpp"
#include "draw/paint.hpp"
#include "draw/shaping.hpp"
#include "scene/scene.hpp"
#include "support/decks.hpp"
#include "support/fonts.hpp"
#include "support/image.hpp"
#include "support/views.hpp"

namespace {

using draw::Direction;
using draw::Font;

draw::Shaped shape(const std::string& s, Direction d = Direction::Auto) {
    if (d == Direction::Auto) d = draw::label_direction(s);
    return support::fonts()->engine().shape(s, Font::Regular, d);
}

// The file of the face glyph `g` was drawn with ("" for DejaVu).
std::string face_file(const draw::Glyph& g) {
    if (g.face < 4) return "";
    return support::fonts()->fallback_files().at(g.face - 4);
}

// The glyph that draws the character starting at byte `at`.
const draw::Glyph& glyph_at(const draw::Shaped& sh, std::uint32_t at) {
    const auto it = std::find_if(sh.glyphs.begin(), sh.glyphs.end(), [&](const draw::Glyph& g) { return g.cluster == at; });
    REQUIRE(it != sh.glyphs.end());
    return *it;
}

std::size_t code_points(const std::string& s) { return draw::decode_utf8(s).size(); }

}  // namespace

TEST_CASE("the fallback order is fixed: DejaVu, Noto Sans, the Indic and right-to-left scripts, CJK before Mongolian and Yi", "[text]") {
    const std::vector<draw::Fallback> order = draw::debian_fallbacks("/root");
    auto at = [&](const std::string& part) {
        for (std::size_t i = 0; i < order.size(); ++i)
            if (order[i].regular.find(part) != std::string::npos) return static_cast<long>(i);
        return -1L;
    };
    CHECK(at("/NotoSans-Regular") == 0);
    CHECK(at("Devanagari") > 0);
    CHECK(at("Devanagari") < at("Arabic"));
    CHECK(at("Arabic") < at("NotoSansCJK"));
    CHECK(at("NotoSansCJK") < at("Mongolian"));
    CHECK(at("NotoSansCJK") < at("Yi-"));
    CHECK(order[static_cast<std::size_t>(at("NotoSansCJK"))].package == "fonts-noto-cjk");
    CHECK(order[static_cast<std::size_t>(at("Devanagari"))].package == "fonts-noto-core");
    // Latin stays DejaVu's; each script gets its face, and CJK punctuation the CJK face's.
    for (const draw::Glyph& g : shape("attention").glyphs) CHECK(face_file(g).empty());
    for (const draw::Glyph& g : shape("नमस्ते").glyphs) CHECK(face_file(g).find("NotoSansDevanagari") != std::string::npos);
    for (const draw::Glyph& g : shape("老鼠。").glyphs) CHECK(face_file(g).find("NotoSansCJK") != std::string::npos);
    for (const draw::Glyph& g : shape("stop 。 here").glyphs)
        if (g.cluster == 5) CHECK(face_file(g).find("NotoSansCJK") != std::string::npos);
}

TEST_CASE("Devanagari is shaped: a conjunct is one glyph, a vowel sign is placed before its consonant", "[text]") {
    // स्त (sa, virama, ta): a conjunct, fewer glyphs than characters.
    const draw::Shaped conjunct = shape("स्त");
    CHECK(conjunct.notdef == 0);
    CHECK(conjunct.glyphs.size() < code_points("स्त"));
    // कि (ka, vowel sign i): the sign is drawn on the left of the consonant it follows, so the
    // first glyph drawn is not ka's.
    const draw::Shaped ki = shape("कि");
    REQUIRE(ki.glyphs.size() == 2);
    CHECK(ki.glyphs[0].index != shape("क").glyphs.at(0).index);
    CHECK(ki.glyphs[1].index == shape("क").glyphs.at(0).index);
    // Cut only at clusters: नमस्ते has न, म, स्ते — never between स and its virama.
    const draw::Shaped namaste = shape("नमस्ते");
    CHECK(namaste.notdef == 0);
    const std::vector<std::uint32_t> want = {0, 3, 6};
    CHECK(namaste.cuts == want);
}

TEST_CASE("Arabic joins: a letter inside a word is not its form alone", "[text]") {
    const std::string word = "مرحبا";  // marhaban: م ر ح ب ا
    const draw::Shaped joined = shape(word);
    CHECK(joined.notdef == 0);
    CHECK(joined.rtl);
    // Each letter's glyph in the word against the letter shaped alone: the joining ones differ.
    int differ = 0;
    std::vector<std::uint32_t> starts;
    const std::u32string u = draw::decode_utf8(word, &starts);
    for (std::size_t i = 0; i < u.size(); ++i) {
        std::string alone;
        draw::append_utf8(alone, u[i]);
        differ += glyph_at(joined, starts[i]).index != shape(alone).glyphs.at(0).index;
    }
    CHECK(differ >= 3);  // م initial, ح medial, ب medial (ر and ا do not join forward)
}

TEST_CASE("bidirectional order: Arabic reads right to left inside a left-to-right label, numbers left to right inside Arabic", "[text]") {
    // A label with Latin letters is left to right: "cat" first on the left, then the Arabic word,
    // its first letter on its right.
    const std::string mixed = "cat مرحبا";
    CHECK(draw::label_direction(mixed) == Direction::LeftToRight);
    const draw::Shaped m = shape(mixed);
    const double c = glyph_at(m, 0).x, first = glyph_at(m, 4).x, last = glyph_at(m, 12).x;
    CHECK(c < last);
    CHECK(last < first);
    // An Arabic label keeps its direction (right to left: the word on the right), and its number
    // reads left to right ("49", not "94").
    const std::string share = "القطة 49";
    CHECK(draw::label_direction(share) == Direction::RightToLeft);
    const draw::Shaped s = shape(share);
    const double four = glyph_at(s, 11).x, nine = glyph_at(s, 12).x, word = glyph_at(s, 0).x;
    CHECK(four < nine);
    CHECK(nine < word);
}

TEST_CASE("a paragraph reads in the direction of most of its words; a first mark decides", "[text]") {
    CHECK(draw::paragraph_direction("القطة and الفأر: the words طاردت reads most") == Direction::LeftToRight);
    CHECK(draw::paragraph_direction("تسأل الكلمة softmax: من طارد من؟") == Direction::RightToLeft);
    CHECK(draw::paragraph_direction("猫 and 老鼠") == Direction::LeftToRight);
    CHECK(draw::paragraph_direction("\u200Fcat dog القطة") == Direction::RightToLeft);
    CHECK(draw::paragraph_direction("\u200EالقطةالفأرABC القطة") == Direction::LeftToRight);
    // A tie: the first strong letter's.
    CHECK(draw::paragraph_direction("القطة cat") == Direction::RightToLeft);
    CHECK(draw::paragraph_direction("cat القطة") == Direction::LeftToRight);
    CHECK(draw::paragraph_direction("12 · 3") == Direction::Auto);
}

TEST_CASE("lines break between CJK characters and at spaces, never inside a cluster; no line starts with a full stop", "[text]") {
    const auto fonts = support::fonts();
    const std::string zh = "猫追了老鼠。老鼠跑得很快，猫也跑得很快。注意力告诉每个词该看哪里。";
    const double width = draw::text_advance(*fonts, zh, Font::Regular, 20) / 4.5;
    const std::vector<std::string> lines = draw::wrap_text(*fonts, zh, Font::Regular, 20, width);
    REQUIRE(lines.size() >= 5);
    std::string joined;
    for (const std::string& l : lines) {
        INFO(l);
        CHECK(draw::text_advance(*fonts, l, Font::Regular, 20) <= width + 1e-9);
        CHECK(l.rfind("。", 0) != 0);
        CHECK(l.rfind("，", 0) != 0);
        joined += l;
    }
    CHECK(joined == zh);  // nothing lost, nothing added: the breaks are between characters
    // Hindi breaks at spaces only: the lines joined by single spaces give the text back.
    const std::string hi = "बिल्ली ने चूहे का पीछा किया और ध्यान ने हर शब्द को देखा";
    const double hw = draw::text_advance(*fonts, hi, Font::Regular, 20) / 3;
    std::string words;
    for (const std::string& l : draw::wrap_text(*fonts, hi, Font::Regular, 20, hw)) {
        INFO(l);
        words += (words.empty() ? "" : " ") + l;
    }
    CHECK(words == hi);
}

TEST_CASE("an ellipsis never cuts a cluster: a Devanagari word is cut after a whole conjunct", "[text]") {
    const auto fonts = support::fonts();
    cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 800, 200);
    cairo_t* cr = cairo_create(s);
    const std::string text = "स्त्री स्त्री स्त्री स्त्री स्त्री स्त्री स्त्री स्त्री";
    int cut = 0;
    for (double w = 30; w < 300; w += 3.7) {
        const draw::Fitted f = draw::fit_text(cr, *fonts, text, {0, 0, w, 40}, 24, 24);
        const std::string ell = "…";
        if (f.shown.size() <= ell.size() || f.shown == text) continue;  // nothing but "…", or whole
        ++cut;
        REQUIRE(f.shown.compare(f.shown.size() - ell.size(), ell.size(), ell) == 0);
        const std::string kept = f.shown.substr(0, f.shown.size() - ell.size());
        INFO("kept '" << kept << "'");
        // What is kept ends where a cluster of the whole text ends.
        const draw::Shaped whole = shape(text);
        CHECK(std::binary_search(whole.cuts.begin(), whole.cuts.end(), static_cast<std::uint32_t>(kept.size())));
        CHECK(f.box.w <= w + 0.5);
    }
    CHECK(cut > 10);
    cairo_destroy(cr);
    cairo_surface_destroy(s);
}

TEST_CASE("a character no face has is drawn as .notdef and counted; with the Noto faces, CJK and Devanagari have faces", "[text]") {
    const auto fonts = support::fonts();
    cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 400, 100);
    cairo_t* cr = cairo_create(s);
    CHECK(draw::show_text(cr, *fonts, "注意力 — 猫追老鼠 · नमस्ते · مرحبا", Font::Regular, 20, 0, 50) == 0);
    CHECK(draw::show_text(cr, *fonts, "a \uE000 b", Font::Regular, 20, 0, 50) == 1);  // private use: no face
    CHECK_FALSE(fonts->covers(0xE000));
    // DejaVu alone (no fallback faces): the Han and Devanagari characters are boxes.
    std::string error;
    const auto dejavu = draw::Fonts::load(std::string(ATTNLAB_SOURCE_DIR) + "/fonts", error);
    REQUIRE(dejavu);
    CHECK(draw::show_text(cr, *dejavu, "猫追老鼠", Font::Regular, 20, 0, 50) == 4);
    CHECK(draw::show_text(cr, *dejavu, "नमस्ते", Font::Regular, 20, 0, 50) > 0);
    CHECK(dejavu->package_for(U'猫').empty());  // no fallbacks asked for: nothing to name
    const auto absent = draw::Fonts::load(std::string(ATTNLAB_SOURCE_DIR) + "/fonts", error, draw::debian_fallbacks("/nonexistent"));
    REQUIRE(absent);
    CHECK(absent->package_for(U'猫') == "fonts-noto-cjk");
    CHECK(absent->package_for(U'न') == "fonts-noto-core");
    cairo_destroy(cr);
    cairo_surface_destroy(s);
}

TEST_CASE("the Recorder counts a frame's .notdef glyphs, text by text: what the layout checks fail on", "[text]") {
    auto sc = support::sentence_scene();
    sc->tokens = {"The", "cat", "\uE000\uE001", "the", "mouse", "."};
    const support::Staged staged(sc);
    draw::Recorder rec;
    draw::Options opt = support::draw_options();
    opt.recorder = &rec;
    support::draw_view(staged.view(0, 1.0), 1920, 1080, opt);
    int boxes = 0, texts = 0;
    for (const auto& t : rec.texts) {
        if (t.text.find("\uE000") == std::string::npos) CHECK(t.notdef == 0);
        else ++texts, boxes += t.notdef;
    }
    CHECK(texts > 0);
    CHECK(boxes >= texts);
}

TEST_CASE("a sentence that reads right to left puts its first token on the right of the token row and the score row", "[text]") {
    auto rows = [](const std::vector<std::string>& tokens) {
        auto sc = support::sentence_scene();
        sc->tokens = tokens;
        const support::Staged staged(sc);
        draw::Recorder rec;
        draw::Options opt = support::draw_options();
        opt.recorder = &rec;
        support::draw_view(staged.view(staged.span_of(scene::Stage::Softmax), 1.0), 1920, 1080, opt);
        // The x of the first and the last token in each row that shows the sentence.
        std::vector<std::pair<double, double>> out;
        for (const char* panel : {"token-row", "score-row", "weight-bars"}) {
            double first = -1, last = -1;
            for (const auto& t : rec.texts) {
                if (t.panel < 0 || rec.panels[static_cast<std::size_t>(t.panel)].name != panel) continue;
                if (t.text == tokens.front() && first < 0) first = t.rect.x;
                if (t.text == tokens.back() && last < 0) last = t.rect.x;
                INFO(panel << " '" << t.text << "'");
                CHECK(t.notdef == 0);
            }
            INFO(panel);
            REQUIRE(first >= 0);
            REQUIRE(last >= 0);
            out.emplace_back(first, last);
        }
        return out;
    };
    for (const auto& [first, last] : rows({"طاردت", "القطة", "الفأر", "ثم", "نام", "هنا"})) CHECK(first > last);
    // The mixed row: most tokens are left to right, so the row is.
    for (const auto& [first, last] : rows({"猫", "追", "了", "老鼠", "مرحبا", "नमस्ते"})) CHECK(first < last);
}
