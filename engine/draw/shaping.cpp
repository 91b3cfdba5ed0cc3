// draw/shaping: the pieces of the text stack that need no face — UTF-8, a text's direction
// (FriBiDi's character types), clusters (HarfBuzz's character categories), and where a line may break inside a run without spaces
// (a subset of UAX #14; see shaping.hpp and docs/DESIGN.md).
#include "draw/shaping.hpp"

#include <fribidi.h>
#include <hb.h>

#include <algorithm>

namespace draw {

std::u32string decode_utf8(std::string_view s, std::vector<std::uint32_t>* starts) {
    std::u32string out;
    out.reserve(s.size());
    if (starts) {
        starts->clear();
        starts->reserve(s.size());
    }
    std::size_t i = 0;
    while (i < s.size()) {
        const auto b = static_cast<unsigned char>(s[i]);
        int len = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 0;
        char32_t c = len == 1 ? b : len == 2 ? (b & 0x1F) : len == 3 ? (b & 0x0F) : (b & 0x07);
        bool ok = len > 0 && i + static_cast<std::size_t>(len) <= s.size();
        for (int k = 1; ok && k < len; ++k) {
            const auto t = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
            ok = (t & 0xC0) == 0x80;
            c = (c << 6) | (t & 0x3F);
        }
        // Overlong forms, surrogates and values past U+10FFFF are not UTF-8 either.
        ok = ok && !(len == 2 && c < 0x80) && !(len == 3 && (c < 0x800 || (c >= 0xD800 && c <= 0xDFFF))) &&
             !(len == 4 && (c < 0x10000 || c > 0x10FFFF));
        if (!ok) c = 0xFFFD, len = 1;
        if (starts) starts->push_back(static_cast<std::uint32_t>(i));
        out.push_back(c);
        i += static_cast<std::size_t>(len);
    }
    return out;
}

void append_utf8(std::string& out, char32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

Direction direction_of(std::string_view s) {
    for (char32_t c : decode_utf8(s)) {
        const FriBidiCharType t = fribidi_get_bidi_type(c);
        if (t == FRIBIDI_TYPE_LTR) return Direction::LeftToRight;
        if (t == FRIBIDI_TYPE_RTL || t == FRIBIDI_TYPE_AL) return Direction::RightToLeft;
    }
    return Direction::Auto;
}

Direction paragraph_direction(std::string_view s) {
    const std::u32string u = decode_utf8(s);
    if (!u.empty() && u[0] == 0x200E) return Direction::LeftToRight;  // LRM first: the author's word
    if (!u.empty() && u[0] == 0x200F) return Direction::RightToLeft;  // RLM
    // Words, each with its first strong letter's direction.
    long ltr = 0, rtl = 0;
    Direction word = Direction::Auto;
    for (char32_t c : u) {
        if (c == ' ' || c == '\n' || c == '\t' || c == 0x3000) {
            word = Direction::Auto;
            continue;
        }
        if (word != Direction::Auto) continue;
        const FriBidiCharType t = fribidi_get_bidi_type(c);
        if (t == FRIBIDI_TYPE_LTR) word = Direction::LeftToRight, ++ltr;
        else if (t == FRIBIDI_TYPE_RTL || t == FRIBIDI_TYPE_AL) word = Direction::RightToLeft, ++rtl;
    }
    if (ltr == rtl) return direction_of(s);
    return rtl > ltr ? Direction::RightToLeft : Direction::LeftToRight;
}

Direction label_direction(std::string_view s) {
    bool rtl = false;
    for (char32_t c : decode_utf8(s)) {
        const FriBidiCharType t = fribidi_get_bidi_type(c);
        if (t == FRIBIDI_TYPE_LTR) return Direction::LeftToRight;
        rtl = rtl || t == FRIBIDI_TYPE_RTL || t == FRIBIDI_TYPE_AL;
    }
    return rtl ? Direction::RightToLeft : Direction::LeftToRight;
}

bool continues_cluster(char32_t c) {
    // A combining mark (the vowel signs and viramas of the Indic scripts, Arabic and Hebrew
    // points, accents), a joiner, a variation selector or a skin tone. HarfBuzz's clusters refine
    // this where a text is shaped (conjuncts, ligatures): the canvas cuts only at those.
    if (c == 0x200C || c == 0x200D || (c >= 0xFE00 && c <= 0xFE0F) || (c >= 0xE0100 && c <= 0xE01EF) ||
        (c >= 0x1F3FB && c <= 0x1F3FF))
        return true;
    switch (hb_unicode_general_category(hb_unicode_funcs_get_default(), c)) {
        case HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK:
        case HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK:
        case HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK: return true;
        default: return false;
    }
}

namespace {

bool ideographic(char32_t c) {
    return (c >= 0x2E80 && c <= 0x2FFF) || (c >= 0x3000 && c <= 0x303F) || (c >= 0x3040 && c <= 0x31FF) ||
           (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF) ||
           (c >= 0xAC00 && c <= 0xD7AF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) ||
           (c >= 0xFF00 && c <= 0xFFEF) || (c >= 0x20000 && c <= 0x3FFFD);
}

// Closing punctuation, full stops and commas, small kana and the iteration marks (UAX #14's
// CL, CP, EX, IS, NS and IN): no line starts with one.
bool no_break_before(char32_t c) {
    static constexpr char32_t kList[] = {
        U')', U']', U'}', U',', U'.', U':', U';', U'!', U'?', U'%', 0x2026, 0x2025, 0x2010, 0x2013, 0x2014, 0x203C, 0x2047,
        0x2048, 0x2049, 0x2030, 0x2103, 0x3001, 0x3002, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019,
        0x301B, 0x301E, 0x301F, 0x3005, 0x303B, 0x309B, 0x309C, 0x309D, 0x309E, 0x30A0, 0x30FB, 0x30FC, 0x30FD, 0x30FE,
        0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096, 0x30A1, 0x30A3,
        0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6, 0xFF01, 0xFF09, 0xFF0C, 0xFF0E,
        0xFF1A, 0xFF1B, 0xFF1F, 0xFF3D, 0xFF5D, 0xFF60, 0xFF61, 0xFF63, 0xFF64, 0xFF05, 0x00BB, 0x201D, 0x2019};
    return std::find(std::begin(kList), std::end(kList), c) != std::end(kList) || (c >= 0x31F0 && c <= 0x31FF);
}

// Opening punctuation and prefixes (UAX #14's OP and PR): no line ends with one.
bool no_break_after(char32_t c) {
    static constexpr char32_t kList[] = {U'(', U'[', U'{', 0x00AB, 0x201C, 0x2018, 0x00BF, 0x00A1, U'$', 0x00A3,
                                         0x00A5, 0x20AC, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016,
                                         0x3018, 0x301A, 0x301D, 0xFF08, 0xFF3B, 0xFF5B, 0xFF5F, 0xFF62, 0xFF04, 0xFFE5};
    return std::find(std::begin(kList), std::end(kList), c) != std::end(kList);
}

}  // namespace

bool break_between(char32_t before, char32_t after) {
    if (continues_cluster(after) || before == 0x200D || before == 0x2060 || after == 0x2060 || before == 0xFEFF)
        return false;
    if (before == 0x200B) return true;  // after a zero-width space
    if (!ideographic(before) && !ideographic(after)) return false;
    return !no_break_before(after) && !no_break_after(before);
}

}  // namespace draw
