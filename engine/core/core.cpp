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

std::string printable(const std::string& s) {
    std::string out;
    out.reserve(s.size());
    char buf[8];
    for (std::size_t i = 0; i < s.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        const bool c1 = c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) >= 0x80 &&
                        static_cast<unsigned char>(s[i + 1]) <= 0x9F;  // U+0080 … U+009F
        if (c < 0x20 || c == 0x7F) {
            std::snprintf(buf, sizeof buf, "\\x%02X", c);
            out += buf;
        } else if (c1) {
            std::snprintf(buf, sizeof buf, "\\u%04X", static_cast<unsigned char>(s[++i]));
            out += buf;
        } else {
            out += static_cast<char>(c);
        }
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
