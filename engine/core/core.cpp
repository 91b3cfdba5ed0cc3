// core: colours, printable text for diagnostics, a diagnostic as file:line:col text, JSON
// strings and numbers, and the "did you mean" of an unknown name (edit distance).
#include "core/core.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>

namespace core {

bool Color::parse(const std::string& hex, Color& out) {
    if (hex.size() != 7 && hex.size() != 9) return false;
    if (hex[0] != '#') return false;
    for (size_t i = 1; i < hex.size(); ++i)
        if (!std::isxdigit(static_cast<unsigned char>(hex[i]))) return false;
    auto channel = [&](size_t at) { return std::strtol(hex.substr(at, 2).c_str(), nullptr, 16) / 255.0; };
    out = {channel(1), channel(3), channel(5), hex.size() == 9 ? channel(7) : 1.0};
    return true;
}

Color lerp(const Color& a, const Color& b, double u) {
    return {lerp(a.r, b.r, u), lerp(a.g, b.g, u), lerp(a.b, b.b, u), lerp(a.a, b.a, u)};
}

namespace {

// Characters a terminal or a text stack draws as nothing but that change what is shown around
// them: the bidirectional controls (embeddings, overrides, isolates, marks: "Trojan Source"
// reorders a line with them), the line and paragraph separators, and the other invisible format
// characters (a zero-width space, a soft hyphen, a byte-order mark, the tags that can spell
// hidden text). Joiners (U+200C, U+200D) are kept: scripts and emoji need them and they move nothing.
bool invisible(char32_t c) {
    return c == 0x00AD || c == 0x061C || c == 0x180E || c == 0x200B || c == 0x200E || c == 0x200F ||
           (c >= 0x2028 && c <= 0x202E) || (c >= 0x2060 && c <= 0x2064) || (c >= 0x2066 && c <= 0x206F) ||
           c == 0xFEFF || (c >= 0xFFF9 && c <= 0xFFFB) || (c >= 0xE0000 && c <= 0xE007F);
}

// The length of the well-formed UTF-8 sequence at s[i] (1 to 4) and its code point, or 0 when
// the bytes there are no such sequence (a stray continuation, an overlong form, a surrogate).
std::size_t utf8_at(const std::string& s, std::size_t i, char32_t& c) {
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
    const unsigned char b0 = b(0);
    if (b0 < 0x80) return c = b0, 1;
    const std::size_t len = b0 >= 0xC2 && b0 <= 0xDF ? 2 : b0 >= 0xE0 && b0 <= 0xEF ? 3 : b0 >= 0xF0 && b0 <= 0xF4 ? 4 : 0;
    if (len == 0 || i + len > s.size()) return 0;
    c = b0 & (len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07);
    for (std::size_t k = 1; k < len; ++k) {
        if ((b(k) & 0xC0) != 0x80) return 0;
        c = (c << 6) | (b(k) & 0x3F);
    }
    const char32_t least = len == 2 ? 0x80 : len == 3 ? 0x800 : 0x10000;
    if (c < least || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return 0;
    return len;
}

}  // namespace

std::string printable(const std::string& s) {
    std::string out;
    out.reserve(s.size());
    char buf[16];
    for (std::size_t i = 0; i < s.size();) {
        char32_t c = 0;
        const std::size_t len = utf8_at(s, i, c);
        if (len == 0 || c < 0x20 || c == 0x7F) {  // C0, DEL, and a byte of no character (a lone 0x9B is a CSI)
            std::snprintf(buf, sizeof buf, "\\x%02X", static_cast<unsigned char>(s[i]));
            out += buf;
            ++i;
            continue;
        }
        if ((c >= 0x80 && c <= 0x9F) || invisible(c)) {
            std::snprintf(buf, sizeof buf, c > 0xFFFF ? "\\U%08X" : "\\u%04X", static_cast<unsigned>(c));
            out += buf;
        } else {
            out.append(s, i, len);
        }
        i += len;
    }
    return out;
}

std::string printable_lines(const std::string& s) {
    std::string out;
    for (std::size_t at = 0; at <= s.size();) {
        std::size_t nl = s.find('\n', at);
        if (nl == std::string::npos) nl = s.size();
        out += printable(s.substr(at, nl - at));
        if (nl < s.size()) out += '\n';
        at = nl + 1;
    }
    return out;
}

std::string Diagnostic::format() const {
    // File names and messages quote what the user wrote: no byte of it may reach a terminal as
    // a control sequence.
    std::string out = file.empty() ? std::string("attnlab") : printable(file);
    if (line > 0) {
        out += ":" + std::to_string(line);
        if (column > 0) out += ":" + std::to_string(column);
    }
    return out + (warning ? ": warning: " : ": error: ") + printable(message);
}

void json_string(std::string& out, const std::string& s) {
    out += '"';
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else {
            out += static_cast<char>(c);
        }
    }
    out += '"';
}

void json_number(std::string& out, double x) {
    if (!std::isfinite(x)) {
        out += "null";
        return;
    }
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", x);
    out += buf;
}

int edit_distance(const std::string& a, const std::string& b) {
    std::vector<int> prev(b.size() + 1), cur(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) prev[j] = static_cast<int>(j);
    for (size_t i = 1; i <= a.size(); ++i) {
        cur[0] = static_cast<int>(i);
        for (size_t j = 1; j <= b.size(); ++j) {
            int subst = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, subst});
        }
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

std::string nearest(const std::string& word, const std::vector<std::string>& candidates) {
    std::string best;
    int best_d = 1 << 30;
    for (const auto& c : candidates) {
        int d = edit_distance(word, c);
        if (d < best_d) {
            best_d = d;
            best = c;
        }
    }
    // Accept up to a third of the word's length (at least 2 edits) as "near".
    int limit = std::max(2, static_cast<int>(word.size()) / 3);
    return best_d <= limit ? best : std::string();
}

}  // namespace core
