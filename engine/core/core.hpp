// core: small shared types every module may use (vectors, colours, rectangles, diagnostics).
// Knows nothing of attention, YAML, Cairo or SDL: the standard library only.
#pragma once

#include <cmath>
#include <string>
#include <vector>

namespace core {

// A vector of any dimension: one token's query, key or value.
using Vec = std::vector<double>;
// A row-major matrix: one Vec per row (one row per token).
using Mat = std::vector<Vec>;

// A point or direction in the 2-D design space (and on the planes).
struct Point {
    double x = 0.0;
    double y = 0.0;
    bool operator==(const Point&) const = default;
};

// An axis-aligned rectangle in design units (origin top-left, y down).
struct Rect {
    double x = 0.0;
    double y = 0.0;
    double w = 0.0;
    double h = 0.0;

    double right() const { return x + w; }
    double bottom() const { return y + h; }
    Point centre() const { return {x + w / 2, y + h / 2}; }
    bool contains(Point p) const { return p.x >= x && p.x <= x + w && p.y >= y && p.y <= y + h; }
    bool contains(const Rect& r) const {
        return r.x >= x - 1e-9 && r.y >= y - 1e-9 && r.right() <= right() + 1e-9 && r.bottom() <= bottom() + 1e-9;
    }
    Rect inset(double d) const { return {x + d, y + d, w - 2 * d, h - 2 * d}; }
    bool operator==(const Rect&) const = default;
};

// A straight RGBA colour, each channel in [0, 1].
struct Color {
    double r = 0.0;
    double g = 0.0;
    double b = 0.0;
    double a = 1.0;

    Color with_alpha(double alpha) const { return {r, g, b, alpha}; }
    // Parses "#rrggbb" or "#rrggbbaa"; false on anything else.
    static bool parse(const std::string& hex, Color& out);
    bool operator==(const Color&) const = default;
};

// Linear interpolation; u = 0 gives a, u = 1 gives b. Never overflows between finite ends: where
// b − a would (a tween from 1e308 to −1e308), the weighted sum a(1 − u) + bu is used instead.
inline double lerp(double a, double b, double u) {
    const double d = b - a;
    if (std::isfinite(d) || !std::isfinite(a) || !std::isfinite(b)) return a + d * u;
    return a * (1 - u) + b * u;
}
Color lerp(const Color& a, const Color& b, double u);

// Where a diagnostic points: 1-based line and column, 0 when unknown.
struct Diagnostic {
    std::string file;
    int line = 0;
    int column = 0;
    std::string message;
    bool warning = false;  // a warning: worth a look, but the file loads

    // "FILE:LINE:COLUMN: error: MESSAGE" ("warning:" for a warning; line and column omitted when
    // unknown), with control characters of the file name and the message escaped (printable()).
    std::string format() const;
};

using Diagnostics = std::vector<Diagnostic>;

// `s` with every character that could change what a terminal or the window shows around it
// written as an escape: C0 and DEL as \xHH, C1 (U+0080 … U+009F) as \uHHHH; the bidirectional
// controls (U+202A … U+202E, U+2066 … U+2069, U+200E, U+200F, U+061C), the line and paragraph
// separators (U+2028, U+2029) and the other invisible format characters (U+200B, U+00AD, U+FEFF,
// U+2060 … U+2064, tags U+E0000 … as \UHHHHHHHH) as \uHHHH; a byte that is no UTF-8 as \xHH.
// Everything else, other UTF-8 included, as it is. For untrusted text in any message.
std::string printable(const std::string& s);
// The same, each line apart: the line feeds of a message of several lines (a program's last
// lines of errors) are kept.
std::string printable_lines(const std::string& s);

// JSON text: a string with quotes and escapes; a number with 17 significant digits (enough to
// round-trip every double), or null for a non-finite one (JSON has no infinity).
void json_string(std::string& out, const std::string& s);
void json_number(std::string& out, double x);

// Levenshtein distance, for "did you mean" suggestions.
int edit_distance(const std::string& a, const std::string& b);
// The candidate nearest to `word` within a sensible distance, or "" if none is close.
std::string nearest(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace core
