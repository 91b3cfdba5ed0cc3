// core/: rectangles, colours, lerp, diagnostics, JSON text and "did you mean" (tag [core]).
// Failure cases first; round trips over many random values.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <optional>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "core/core.hpp"

namespace {

// Decodes the JSON string literal json_string writes (quotes, \" \\ \uXXXX for bytes < 0x20).
bool decode_json_string(const std::string& json, std::string& out) {
    if (json.size() < 2 || json.front() != '"' || json.back() != '"') return false;
    out.clear();
    for (std::size_t i = 1; i + 1 < json.size(); ++i) {
        const char c = json[i];
        if (static_cast<unsigned char>(c) < 0x20) return false;  // raw control characters are not JSON
        if (c == '"') return false;                               // an unescaped quote ends the string early
        if (c != '\\') {
            out += c;
            continue;
        }
        if (++i + 1 >= json.size()) return false;  // a backslash right before the closing quote
        const char e = json[i];
        if (e == '"' || e == '\\') {
            out += e;
        } else if (e == 'u' && i + 5 < json.size()) {
            const long code = std::strtol(json.substr(i + 1, 4).c_str(), nullptr, 16);
            if (code >= 0x20) return false;  // json_string escapes only control characters
            out += static_cast<char>(code);
            i += 4;
        } else {
            return false;
        }
    }
    return true;
}

std::string random_bytes(std::mt19937& rng, std::size_t max_len) {
    std::string s(rng() % (max_len + 1), '\0');
    for (char& c : s) c = static_cast<char>(rng() & 0xFF);
    return s;
}

std::string random_word(std::mt19937& rng, std::size_t max_len, const char* alphabet = "abcd") {
    const std::size_t k = std::strlen(alphabet);
    std::string s(rng() % (max_len + 1), 'a');
    for (char& c : s) c = alphabet[rng() % k];
    return s;
}

}  // namespace

TEST_CASE("Color::parse refuses anything but #rrggbb and #rrggbbaa", "[core]") {
    core::Color c{0.25, 0.5, 0.75, 0.5};
    for (const char* bad : {"", "#", "ff8000", "#ff800", "#ff80000", "#ff8000f", "#ff8000ff0", "#gg0000", "#ff 000",
                            " #ff8000", "#ff8000 ", "ff8000ff", "#-f8000"}) {
        CAPTURE(bad);
        CHECK_FALSE(core::Color::parse(bad, c));
    }
    // A refused text leaves the colour as it was.
    CHECK(c.r == 0.25);
    CHECK(c.a == 0.5);
}

TEST_CASE("Color::parse reads every channel, upper or lower case, alpha 1 by default", "[core]") {
    core::Color c;
    REQUIRE(core::Color::parse("#FF8000", c));
    CHECK(c.r == 1.0);
    CHECK(c.g == 128 / 255.0);
    CHECK(c.b == 0.0);
    CHECK(c.a == 1.0);
    REQUIRE(core::Color::parse("#00ff0080", c));
    CHECK(c.g == 1.0);
    CHECK(c.a == 128 / 255.0);
    CHECK(c.with_alpha(0.25).a == 0.25);
    CHECK(c.with_alpha(0.25).g == 1.0);

    // Every 8-bit colour written as hex reads back as channel / 255.
    std::mt19937 rng(1);
    for (int i = 0; i < 2000; ++i) {
        const unsigned r = rng() & 0xFF, g = rng() & 0xFF, b = rng() & 0xFF, a = rng() & 0xFF;
        char hex[16];
        std::snprintf(hex, sizeof hex, i % 2 ? "#%02x%02x%02x%02x" : "#%02X%02X%02X%02X", r, g, b, a);
        REQUIRE(core::Color::parse(hex, c));
        CHECK(c.r == r / 255.0);
        CHECK(c.g == g / 255.0);
        CHECK(c.b == b / 255.0);
        CHECK(c.a == a / 255.0);
    }
}

TEST_CASE("lerp gives a at 0, b at 1 and moves evenly between", "[core]") {
    std::mt19937 rng(2);
    std::uniform_real_distribution<double> any(-1e6, 1e6), unit(0.0, 1.0);
    for (int i = 0; i < 1000; ++i) {
        const double a = any(rng), b = any(rng), u = unit(rng);
        CHECK(core::lerp(a, b, 0.0) == a);
        CHECK(core::lerp(a, b, 1.0) == Approx(b).margin(1e-9));
        CHECK(core::lerp(a, b, u) == Approx(a + (b - a) * u).margin(1e-9));
        // Between a and b, and half way is the mean.
        CHECK(core::lerp(a, b, u) >= std::min(a, b) - 1e-9);
        CHECK(core::lerp(a, b, u) <= std::max(a, b) + 1e-9);
        CHECK(core::lerp(a, b, 0.5) == Approx((a + b) / 2).margin(1e-9));
    }
    const core::Color black{0, 0, 0, 0}, white{1, 1, 1, 1};
    const core::Color mid = core::lerp(black, white, 0.25);
    CHECK(mid.r == 0.25);
    CHECK(mid.g == 0.25);
    CHECK(mid.b == 0.25);
    CHECK(mid.a == 0.25);
}

TEST_CASE("Rect: edges, centre, inclusive containment and inset", "[core]") {
    const core::Rect r{10, 20, 100, 50};
    CHECK(r.right() == 110);
    CHECK(r.bottom() == 70);
    CHECK(r.centre().x == 60);
    CHECK(r.centre().y == 45);
    // Points: the edges belong to the rectangle, one step outside does not.
    CHECK(r.contains(core::Point{10, 20}));
    CHECK(r.contains(core::Point{110, 70}));
    CHECK_FALSE(r.contains(core::Point{9.999, 45}));
    CHECK_FALSE(r.contains(core::Point{60, 70.001}));
    CHECK_FALSE(r.contains(core::Point{110.001, 20}));
    // Rectangles: itself, insets, not one that pokes out by more than the tolerance.
    CHECK(r.contains(r));
    CHECK(r.contains(r.inset(5)));
    CHECK_FALSE(r.inset(5).contains(r));
    CHECK(r.contains(core::Rect{10 - 1e-12, 20, 100, 50}));
    CHECK_FALSE(r.contains(core::Rect{10 - 1e-6, 20, 100, 50}));
    const core::Rect in = r.inset(5);
    CHECK(in.x == 15);
    CHECK(in.y == 25);
    CHECK(in.w == 90);
    CHECK(in.h == 40);
    CHECK(in.centre().x == r.centre().x);
    CHECK(in.centre().y == r.centre().y);
}

TEST_CASE("Diagnostic::format leaves out what is unknown", "[core]") {
    CHECK(core::Diagnostic{"a.yaml", 3, 5, "bad"}.format() == "a.yaml:3:5: error: bad");
    CHECK(core::Diagnostic{"a.yaml", 3, 0, "bad"}.format() == "a.yaml:3: error: bad");
    CHECK(core::Diagnostic{"a.yaml", 0, 5, "bad"}.format() == "a.yaml: error: bad");
    CHECK(core::Diagnostic{"", 0, 0, "bad"}.format() == "attnlab: error: bad");
    CHECK(core::Diagnostic{"", 2, 1, "bad"}.format() == "attnlab:2:1: error: bad");
}

TEST_CASE("json_string escapes quotes, backslashes and control bytes, and nothing else", "[core]") {
    std::string out;
    core::json_string(out, "a\"b\\c\n\t\x01\x1f\x7f é");
    CHECK(out == "\"a\\\"b\\\\c\\u000a\\u0009\\u0001\\u001f\x7f é\"");
    out = "prefix ";
    core::json_string(out, "");
    CHECK(out == "prefix \"\"");  // appends

    // Every byte string reads back as itself.
    std::mt19937 rng(3);
    for (int i = 0; i < 3000; ++i) {
        const std::string s = random_bytes(rng, 40);
        std::string json, back;
        core::json_string(json, s);
        REQUIRE(decode_json_string(json, back));
        CHECK(back == s);
    }
}

TEST_CASE("json_number round-trips every finite double and writes null for the rest", "[core]") {
    for (double x : {std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                     std::numeric_limits<double>::quiet_NaN()}) {
        std::string out;
        core::json_number(out, x);
        CHECK(out == "null");
    }
    std::mt19937_64 rng(4);
    int checked = 0;
    for (int i = 0; i < 20000; ++i) {
        std::uint64_t bits = rng();
        double x = 0;
        std::memcpy(&x, &bits, sizeof x);
        if (i % 4 == 0) x = std::ldexp(static_cast<double>(rng() % 2000001) - 1e6, -static_cast<int>(rng() % 40));
        if (!std::isfinite(x)) continue;
        std::string out;
        core::json_number(out, x);
        CAPTURE(out);
        // JSON numbers: no inf, no nan, no hex, no leading '+'.
        CHECK(out.find_first_not_of("0123456789-+.e") == std::string::npos);
        CHECK(out[0] != '+');
        const double back = std::strtod(out.c_str(), nullptr);
        CHECK(std::memcmp(&back, &x, sizeof x) == 0);  // bit for bit, -0 included
        ++checked;
    }
    CHECK(checked > 15000);
}

TEST_CASE("edit_distance is a metric and counts single edits", "[core]") {
    CHECK(core::edit_distance("kitten", "sitting") == 3);
    CHECK(core::edit_distance("", "abc") == 3);
    CHECK(core::edit_distance("abc", "") == 3);
    CHECK(core::edit_distance("flaw", "lawn") == 2);
    CHECK(core::edit_distance("softmx", "softmax") == 1);
    std::mt19937 rng(5);
    for (int i = 0; i < 2000; ++i) {
        const std::string a = random_word(rng, 8), b = random_word(rng, 8), c = random_word(rng, 8);
        const int ab = core::edit_distance(a, b);
        CHECK(core::edit_distance(a, a) == 0);
        CHECK(ab == core::edit_distance(b, a));
        CHECK((ab == 0) == (a == b));
        CHECK(ab <= core::edit_distance(a, c) + core::edit_distance(c, b));
        CHECK(ab >= std::abs(static_cast<int>(a.size()) - static_cast<int>(b.size())));
        CHECK(ab <= static_cast<int>(std::max(a.size(), b.size())));
        // One insertion, deletion or substitution is one edit.
        std::string one = a;
        const std::size_t at = one.empty() ? 0 : rng() % one.size();
        switch (rng() % 3) {
            case 0: one.insert(at, 1, 'z'); break;
            case 1: if (!one.empty()) one.erase(at, 1); else one = "z"; break;
            default: if (!one.empty()) one[at] = 'z'; else one = "z"; break;
        }
        CHECK(core::edit_distance(a, one) == 1);
    }
}

TEST_CASE("nearest suggests the closest candidate within a third of the word, at least 2 edits", "[core]") {
    const std::vector<std::string> stages = {"tokens", "scores", "scale", "temperature", "mask", "softmax", "blend"};
    CHECK(core::nearest("softmx", stages) == "softmax");
    CHECK(core::nearest("scale", stages) == "scale");
    CHECK(core::nearest("temprature", stages) == "temperature");
    CHECK(core::nearest("zzzzzzzz", stages).empty());
    CHECK(core::nearest("anything", {}).empty());
    CHECK(core::nearest("ab", {"xy"}) == "xy");       // 2 edits: the least any word is allowed
    CHECK(core::nearest("abc", {"xyz"}).empty());     // 3 edits for a 3-letter word: too far
    CHECK(core::nearest("abcdefghi", {"abcxyzghi"}) == "abcxyzghi");  // 3 edits, 9 letters
    CHECK(core::nearest("abcdefghi", {"abwxyzghi"}).empty());         // 4 edits, 9 letters
    CHECK(core::nearest("mask", {"mast", "mass"}) == "mast");         // ties: the first listed

    std::mt19937 rng(6);
    for (int i = 0; i < 1000; ++i) {
        std::vector<std::string> candidates;
        // Names are never empty (an empty best candidate would read as "no suggestion").
        for (int k = 0; k < 5; ++k) candidates.push_back("a" + random_word(rng, 6));
        const std::string w = random_word(rng, 7);
        const std::string near = core::nearest(w, candidates);
        int best = 1 << 30;
        for (const auto& c : candidates) best = std::min(best, core::edit_distance(w, c));
        const int limit = std::max(2, static_cast<int>(w.size()) / 3);
        if (best <= limit) {
            REQUIRE_FALSE(near.empty());
            CHECK(core::edit_distance(w, near) == best);
        } else {
            CHECK(near.empty());
        }
    }
}

TEST_CASE("diagnostics escape control characters of what the user wrote", "[core]") {
    core::Diagnostic d{"scene\x1b[31m.yaml", 3, 5, "unknown key 'a\x07\x1b]0;title\x07" "b' (did you mean 'ab'?)"};
    const std::string s = d.format();
    CHECK(s == "scene\\x1B[31m.yaml:3:5: error: unknown key 'a\\x07\\x1B]0;title\\x07b' (did you mean 'ab'?)");
    for (unsigned char c : s) CHECK((c >= 0x20 && c != 0x7F));
    CHECK(core::printable("√d · café") == "√d · café");        // UTF-8 stays
    CHECK(core::printable("\xC2\x9B" "2J") == "\\u009B2J");     // a C1 CSI is escaped
    CHECK(core::printable("line\nnext\tx\x7F") == "line\\x0Anext\\x09x\\x7F");
}

TEST_CASE("lerp never overflows between finite ends", "[core]") {
    CHECK(core::lerp(1e308, -1e308, 0.5) == 0.0);
    for (double u : {0.0, 0.1, 0.25, 0.5, 0.9, 1.0}) {
        const double x = core::lerp(1.7e308, -1.7e308, u);
        CHECK(std::isfinite(x));
        CHECK(x == Approx(1.7e308 * (1 - 2 * u)).epsilon(1e-12));
    }
    CHECK(core::lerp(-1e308, 1e308, 1.0) == 1e308);
    CHECK(core::lerp(2.0, 4.0, 0.5) == 3.0);  // the ordinary formula where nothing overflows
}

namespace {

std::string utf8(char32_t c) {
    std::string s;
    if (c < 0x80) s += static_cast<char>(c);
    else if (c < 0x800) s += {static_cast<char>(0xC0 | (c >> 6)), static_cast<char>(0x80 | (c & 0x3F))};
    else if (c < 0x10000)
        s += {static_cast<char>(0xE0 | (c >> 12)), static_cast<char>(0x80 | ((c >> 6) & 0x3F)), static_cast<char>(0x80 | (c & 0x3F))};
    else
        s += {static_cast<char>(0xF0 | (c >> 18)), static_cast<char>(0x80 | ((c >> 12) & 0x3F)),
              static_cast<char>(0x80 | ((c >> 6) & 0x3F)), static_cast<char>(0x80 | (c & 0x3F))};
    return s;
}

// The code points of `s`, or nothing when it is not well-formed UTF-8 (written apart from core's).
std::optional<std::vector<char32_t>> code_points(const std::string& s) {
    std::vector<char32_t> out;
    for (std::size_t i = 0; i < s.size();) {
        const auto b = static_cast<unsigned char>(s[i]);
        std::size_t len = b < 0x80 ? 1 : (b & 0xE0) == 0xC0 ? 2 : (b & 0xF0) == 0xE0 ? 3 : (b & 0xF8) == 0xF0 ? 4 : 0;
        if (len == 0 || i + len > s.size()) return std::nullopt;
        char32_t c = len == 1 ? b : b & (0x7F >> len);
        for (std::size_t k = 1; k < len; ++k) {
            const auto x = static_cast<unsigned char>(s[i + k]);
            if ((x & 0xC0) != 0x80) return std::nullopt;
            c = (c << 6) | (x & 0x3F);
        }
        if (utf8(c) != s.substr(i, len)) return std::nullopt;  // overlong
        out.push_back(c);
        i += len;
    }
    return out;
}

// What must never reach a terminal or the window raw: controls, and the characters that reorder,
// break or hide the text around them.
bool reorders_or_hides(char32_t c) {
    return c < 0x20 || (c >= 0x7F && c <= 0x9F) || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) ||
           c == 0x2028 || c == 0x2029 || c == 0x200E || c == 0x200F || c == 0x061C || c == 0x200B || c == 0xFEFF ||
           (c >= 0xE0000 && c <= 0xE007F);
}

}  // namespace

TEST_CASE("diagnostics escape bidirectional controls, separators and invisible format characters", "[core]") {
    // Every bidirectional control and separator, alone and inside a line that it would reorder.
    std::vector<char32_t> hidden = {0x200E, 0x200F, 0x061C, 0x2028, 0x2029, 0x200B, 0xFEFF, 0x00AD, 0x2060};
    for (char32_t c = 0x202A; c <= 0x202E; ++c) hidden.push_back(c);
    for (char32_t c = 0x2066; c <= 0x2069; ++c) hidden.push_back(c);
    for (char32_t c : hidden) {
        char want[16];
        std::snprintf(want, sizeof want, "\\u%04X", static_cast<unsigned>(c));
        INFO(want);
        CHECK(core::printable(utf8(c)) == want);
        CHECK(core::printable("key 'a" + utf8(c) + "b'") == "key 'a" + std::string(want) + "b'");
    }
    CHECK(core::printable(utf8(0xE0041)) == "\\U000E0041");  // a tag: hidden text
    // "Trojan Source": an override that would show the file name reversed is written out.
    const core::Diagnostic d{"scene" + utf8(0x202E) + "lmay.yaml", 2, 1, "unknown key 'x" + utf8(0x2066) + "'" + utf8(0x2028)};
    CHECK(d.format() == "scene\\u202Elmay.yaml:2:1: error: unknown key 'x\\u2066'\\u2028");
    // Scripts stay as they are, joiners too (Devanagari conjuncts, emoji sequences need them).
    for (const std::string kept : {"القطة", "חתול", "क्‍ष", "猫", "👩‍💻", "café"}) CHECK(core::printable(kept) == kept);
    // A byte that is no UTF-8 (a lone 0x9B is a CSI to some terminals) is written as a byte.
    CHECK(core::printable("a\x9B" "2Jb") == "a\\x9B2Jb");
    CHECK(core::printable("\xE2\x80") == "\\xE2\\x80");            // a cut sequence
    CHECK(core::printable("\xC0\xAF") == "\\xC0\\xAF");            // an overlong '/'
    CHECK(core::printable("\xED\xA0\x80") == "\\xED\\xA0\\x80");   // a surrogate
    // Multi-line messages keep their lines, each escaped.
    CHECK(core::printable_lines("a" + utf8(0x202E) + "\nb\x1b") == "a\\u202E\nb\\x1B");
}

TEST_CASE("printable text of any bytes is UTF-8 with nothing that reorders or hides, and stays as it is", "[core]") {
    std::mt19937 rng(26);
    // Bytes drawn to hit the interesting places: ASCII, controls, lead and continuation bytes.
    const std::vector<std::string> pieces = {"a", " ", "\x1b", "\n", "\x7f", "\xc2", "\x9b", "\xe2", "\x80", "\xae",
                                             "\xa8", "\x81", "\xf3", "\xa0", "\xef", "\xbb", "\xbf", "\xd8", "\xb1"};
    for (int round = 0; round < 20000; ++round) {
        std::string s;
        const int n = static_cast<int>(rng() % 12);
        for (int i = 0; i < n; ++i) s += pieces[rng() % pieces.size()];
        for (int i = 0; i < 2; ++i)
            if (rng() % 3 == 0) s += utf8(static_cast<char32_t>(0x2000 + rng() % 0x70));
        const std::string p = core::printable(s);
        const auto cps = code_points(p);
        INFO(round);
        REQUIRE(cps);
        for (char32_t c : *cps) CHECK_FALSE(reorders_or_hides(c));
        CHECK(core::printable(p) == p);  // nothing left to escape
        const auto given = code_points(s);
        if (given && std::none_of(given->begin(), given->end(), [](char32_t c) {
                return reorders_or_hides(c) || c == 0x00AD || (c >= 0x2060 && c <= 0x206F);
            }))
            CHECK(p == s);  // text with nothing to escape is left alone
    }
}
