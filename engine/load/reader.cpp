// load/reader: typed reads with FILE:LINE:COLUMN diagnostics (see reader.hpp).
#include "load/reader.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <string_view>

#include "load/tensors.hpp"

namespace load {

std::string join(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : ", ") + w;
    return out;
}

namespace {

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

}  // namespace

std::string describe(const Node* n) {
    switch (n->kind) {
        case Kind::Null: return "nothing";
        case Kind::Scalar: {
            std::string v = n->value.size() > 40 ? n->value.substr(0, 37) + "..." : n->value;
            return n->plain ? "'" + v + "'" : "the string \"" + v + "\"";
        }
        case Kind::Sequence: return "a list of " + std::to_string(n->size()) + (n->size() == 1 ? " item" : " items");
        case Kind::Map: return "a mapping (key: value)";
    }
    return "something else";
}

std::string length_text(double seconds) {
    char b[96];
    if (seconds < 3600) std::snprintf(b, sizeof b, "%.6g s", seconds);
    else std::snprintf(b, sizeof b, "%.6g s (%.1f hours)", seconds, seconds / 3600.0);
    return b;
}

std::string plural(std::size_t count, const char* one, const char* many) {
    return std::to_string(count) + " " + (count == 1 ? one : many);
}

Num parse_number(const Node* n, double& out) {
    if (n->kind != Kind::Scalar) return Num::NotNumber;
    return parse_number(n->value, n->plain, out);
}

namespace {

bool digit(char c) { return c >= '0' && c <= '9'; }

bool same_letters(std::string_view s, std::string_view lower_word) {
    if (s.size() != lower_word.size()) return false;
    for (std::size_t i = 0; i < s.size(); ++i)
        if ((s[i] | 0x20) != lower_word[i]) return false;
    return true;
}

// The decimal text `s` (after the caller's grammar check) as the nearest double, with the rules
// of std::from_chars in its general format, which this replaces (a WebAssembly build's C++ library
// has none for doubles): `-`? then digits with at most one point and at least one digit, then an
// exponent `e`/`E`, `+`/`-`?, digits; after a `-` also inf, infinity and nan(chars), in any case.
// A finite result that overflows, or a nonzero one that rounds to 0, is Range; a subnormal is Ok.
// The digits go to strtod (correctly rounded in glibc and musl) as "[-]DIGITSeEXPONENT", with no
// decimal point: the point is the only part of strtod's form that the C locale in force can
// change (LC_NUMERIC "de_DE" wants a comma), so the result is the same in every locale, and
// nothing here reads or sets one (setlocale is not thread-safe; the reload thread parses too).
Num decimal(std::string_view s, double& out) {
    std::size_t i = 0;
    const bool negative = i < s.size() && s[i] == '-';
    if (negative) ++i;
    const std::string_view rest = s.substr(i);
    if (same_letters(rest, "inf") || same_letters(rest, "infinity")) {
        out = negative ? -HUGE_VAL : HUGE_VAL;
        return Num::Ok;
    }
    if (rest.size() >= 3 && same_letters(rest.substr(0, 3), "nan")) {
        // nan, or nan(n-char-sequence): letters, digits, '_'.
        bool whole = rest.size() == 3;
        if (!whole && rest[3] == '(' && rest.back() == ')') {
            whole = true;
            for (char c : rest.substr(4, rest.size() - 5))
                if (!(digit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '_')) whole = false;
        }
        if (!whole) return Num::NotNumber;
        out = negative ? -std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::quiet_NaN();
        return Num::Ok;
    }
    // The significand: its digits without the point, and how many of them follow it.
    const std::size_t begin = i;
    std::size_t digits = 0, after_point = 0;  // digits of the significand; of those, after its point
    bool point = false;
    for (; i < s.size() && (digit(s[i]) || (s[i] == '.' && !point)); ++i) {
        if (s[i] == '.') point = true;
        else ++digits, after_point += point;
    }
    if (digits == 0) return Num::NotNumber;
    const std::size_t end = i;
    // The exponent, saturated far beyond any double's (a saturated one decides the result alone).
    constexpr long long kSaturated = 1'000'000'000'000'000LL;
    long long exponent = 0;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        const bool minus = i < s.size() && s[i] == '-';
        if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
        if (i == s.size() || !digit(s[i])) return Num::NotNumber;  // "1e", "1e+": not a number here
        for (; i < s.size() && digit(s[i]); ++i) exponent = std::min(kSaturated, exponent * 10 + (s[i] - '0'));
        if (minus) exponent = -exponent;
    }
    if (i != s.size()) return Num::NotNumber;
    // The significant digits start at the first nonzero one: the value is 0.D₁D₂…Dₖ × 10^magnitude.
    std::size_t first = begin;
    long long zeros = 0;  // leading zeros (of the digits)
    for (; first < end && (s[first] == '0' || s[first] == '.'); ++first) zeros += s[first] == '0';
    if (first == end) {
        out = negative ? -0.0 : 0.0;
        return Num::Ok;
    }
    const long long k = static_cast<long long>(digits) - zeros;
    // The value lies in [10^(magnitude-1), 10^magnitude). Outside [-323, 309] no double is near:
    // at least 1e309 (over DBL_MAX, 1.8e308), or under 1e-324 (less than half the smallest
    // subnormal, 4.9e-324), which rounds to 0.
    const long long magnitude = exponent - static_cast<long long>(after_point) + k;
    if (magnitude > 309 || magnitude < -323) return Num::Range;
    // "[-]D₁D₂…DₖeN", N = magnitude - k; on the stack unless the digits are many.
    char small[80];
    std::string large;
    char* text = small;
    if (static_cast<std::size_t>(k) + 24 > sizeof small) {
        large.resize(static_cast<std::size_t>(k) + 24);
        text = large.data();
    }
    char* at = text;
    if (negative) *at++ = '-';
    for (std::size_t j = first; j < end; ++j)
        if (s[j] != '.') *at++ = s[j];
    *at++ = 'e';
    at = std::to_chars(at, at + 21, magnitude - k).ptr;
    *at = '\0';
    out = std::strtod(text, nullptr);
    if (std::isinf(out) || out == 0) return Num::Range;
    return Num::Ok;
}

}  // namespace

Num parse_number(std::string_view s, bool plain, double& out) {
    if (!plain || s.empty()) return Num::NotNumber;
    // The common case first: digits, a sign, a point, an exponent (no word to compare).
    const bool word = s.find_first_not_of("0123456789+-.eE") != std::string_view::npos;
    const std::string l = word && s.size() <= 10 ? lower(std::string(s)) : std::string();
    if (l == ".nan" || l == "nan") return Num::NaN;
    if (l == ".inf" || l == "+.inf" || l == "inf" || l == "+inf" || l == "infinity" || l == "+infinity")
        return Num::PosInf;
    if (l == "-.inf" || l == "-inf" || l == "-infinity") return Num::NegInf;
    std::string_view rest = s;
    if (rest.front() == '+') rest.remove_prefix(1);
    if (rest.empty() || !(digit(rest.front()) || rest.front() == '-' || rest.front() == '.')) return Num::NotNumber;
    double x = 0;
    const Num read = decimal(rest, x);
    if (read == Num::Ok) out = x;
    return read;
}

int Columns::to_chars(int line, int byte_column) {
    if (line <= 0 || byte_column <= 0) return byte_column;
    if (starts_.empty()) {
        starts_.push_back(0);
        for (std::size_t i = 0; i < text_.size(); ++i)
            if (text_[i] == '\n') starts_.push_back(i + 1);
    }
    if (static_cast<std::size_t>(line) > starts_.size()) return byte_column;
    std::size_t at = starts_[static_cast<std::size_t>(line) - 1];
    const std::size_t end = std::min(text_.size(), at + static_cast<std::size_t>(byte_column) - 1);
    int column = 1;
    for (; at < end; ++at)
        if ((static_cast<unsigned char>(text_[at]) & 0xC0u) != 0x80u) ++column;  // not a continuation byte
    return column;
}

bool Columns::find(int line, int byte_column, std::string_view needle, int& at_line, int& at_byte_column) {
    to_chars(line, byte_column);  // makes the line starts
    if (line <= 0 || static_cast<std::size_t>(line) > starts_.size() || byte_column <= 0) return false;
    const std::size_t from = starts_[static_cast<std::size_t>(line) - 1] + static_cast<std::size_t>(byte_column) - 1;
    const std::size_t at = text_.find(needle, std::min(from, text_.size()));
    if (at == std::string::npos) return false;
    const auto it = std::upper_bound(starts_.begin(), starts_.end(), at);
    at_line = static_cast<int>(it - starts_.begin());
    at_byte_column = static_cast<int>(at - *(it - 1)) + 1;
    return true;
}

const Node* Reader::Fields::get(const std::string& k) const {
    if (std::find(known.begin(), known.end(), k) == known.end())
        throw std::logic_error("the loader asked for the undeclared key '" + k + "'");
    auto it = values.find(k);
    return it == values.end() ? nullptr : it->second;
}

const Node* Reader::Fields::key(const std::string& k) const {
    if (std::find(known.begin(), known.end(), k) == known.end())
        throw std::logic_error("the loader asked for the undeclared key '" + k + "'");
    auto it = keys.find(k);
    return it == keys.end() ? nullptr : it->second;
}

void Reader::error(const Node* at, const std::string& message) { error_at(at ? at->line : 0, at ? at->column : 0, message); }
void Reader::warn(const Node* at, const std::string& message) {
    if (!warnings_) return;
    core::Diagnostic w{file_, at ? at->line : 0, at ? columns_.to_chars(at->line, at->column) : 0, message};
    w.warning = true;
    warnings_->push_back(std::move(w));
}
void Reader::shown(const Node* n, const std::string& key) {
    if (!n || n->kind != Kind::Scalar) return;
    if (texts_ && *texts_) (*texts_)(n->value);
    if (!characters_ || !*characters_ || !warnings_) return;
    const std::string& v = n->value;
    for (std::size_t i = 0; i < v.size();) {
        // One UTF-8 character (the loader has checked the file is UTF-8).
        const auto b = static_cast<unsigned char>(v[i]);
        const std::size_t len = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : 4;
        char32_t c = len == 1 ? b : len == 2 ? (b & 0x1F) : len == 3 ? (b & 0x0F) : (b & 0x07);
        for (std::size_t k = 1; k < len && i + k < v.size(); ++k) c = (c << 6) | (static_cast<unsigned char>(v[i + k]) & 0x3F);
        const std::string_view ch(v.data() + i, std::min(len, v.size() - i));
        i += len;
        if (std::find(warned_.begin(), warned_.end(), c) != warned_.end()) continue;
        const std::string problem = (*characters_)(c);
        if (problem.empty()) continue;
        warned_.push_back(c);
        int line = n->line, byte_column = n->column;
        columns_.find(n->line, n->column, ch, line, byte_column);  // where the character is written, if it is
        core::Diagnostic w{file_, line, columns_.to_chars(line, byte_column), key + ": " + problem};
        w.warning = true;
        warnings_->push_back(std::move(w));
    }
}

void Reader::error_at(int line, int byte_column, const std::string& message) {
    const int column = columns_.to_chars(line, byte_column);
    if (count_ == kMaxErrors) {
        errors_.push_back({file_, line, column, "too many errors; stopping after " + std::to_string(kMaxErrors)});
        ++count_;
        return;
    }
    if (count_ > kMaxErrors) return;
    ++count_;
    errors_.push_back({file_, line, column, message});
}

bool Reader::is_map(const Node* n, const std::string& where, const std::string& expected) {
    if (n->kind == Kind::Map) return true;
    error(n, where + ": expected " + expected + ", found " + describe(n));
    return false;
}

Reader::Fields Reader::fields(const Node* map, const std::string& where, const std::vector<std::string>& known) {
    Fields f;
    f.known = known;
    for (std::size_t i = 0; i < map->size(); ++i) {
        const Node* k = map->key(i);
        if (k->kind != Kind::Scalar) {
            error(k, where + ": expected a key name, found " + describe(k));
            continue;
        }
        const std::string& name = k->value;
        if (std::find(known.begin(), known.end(), name) == known.end()) {
            std::string near = core::nearest(name, known);
            if (!near.empty())
                error(k, "unknown key '" + name + "' (did you mean '" + near + "'?)");
            else
                error(k, "unknown key '" + name + "' in " + where + " (known keys: " + join(known) + ")");
            continue;
        }
        if (f.keys.count(name)) {
            error(k, "duplicate key '" + name + "' (first given on line " + std::to_string(f.keys[name]->line) + ")");
            continue;
        }
        f.keys[name] = k;
        f.values[name] = map->val(i);
    }
    return f;
}

std::optional<std::string> Reader::text(const Node* n, const std::string& key, bool null_ok) {
    if (n->kind == Kind::Scalar && n->value.size() > kMaxText) {
        error(n, key + ": at most " + std::to_string(kMaxText) + " bytes of text are allowed, found " +
                     std::to_string(n->value.size()));
        return std::nullopt;
    }
    if (n->kind == Kind::Scalar) return n->value;
    if (n->kind == Kind::Null && null_ok) return std::string();
    error(n, key + ": expected text, found " + describe(n));
    return std::nullopt;
}

std::optional<std::string> Reader::name(const Node* n, const std::string& key) {
    if (n->kind == Kind::Scalar && !n->value.empty()) return n->value;
    error(n, key + ": expected a name, found " + describe(n));
    return std::nullopt;
}

std::optional<std::vector<std::string>> Reader::texts(const Node* n, const std::string& key) {
    if (n->kind != Kind::Sequence) {
        error(n, key + ": expected a list of text, found " + describe(n));
        return std::nullopt;
    }
    std::vector<std::string> out;
    bool ok = true;
    for (std::size_t i = 0; i < n->size(); ++i) {
        auto t = text(n->items[i], key + "[" + std::to_string(i) + "]", false);
        if (t) out.push_back(*t);
        else ok = false;
    }
    if (!ok) return std::nullopt;
    return out;
}

std::optional<double> Reader::number(const Node* n, const std::string& key) {
    double x = 0;
    switch (parse_number(n, x)) {
        case Num::Ok: return x;
        case Num::NaN:
        case Num::PosInf:
        case Num::NegInf:
            error(n, key + ": expected a finite number, found " + describe(n));
            return std::nullopt;
        case Num::Range:
            error(n, key + ": expected a finite number, found " + describe(n) + " (outside the range of a double)");
            return std::nullopt;
        case Num::NotNumber: break;
    }
    error(n, key + ": expected a number, found " + describe(n));
    return std::nullopt;
}

std::optional<double> Reader::seconds(const Node* n, const std::string& key) {
    auto x = number(n, key);
    if (x && *x < 0) {
        error(n, key + ": expected seconds ≥ 0, found " + describe(n));
        return std::nullopt;
    }
    return x;
}

std::optional<double> Reader::temperature(const Node* n, const std::string& key) {
    double x = 0;
    switch (parse_number(n, x)) {
        case Num::Ok:
            if (x >= 0) return x + 0.0;  // -0 becomes +0
            error(n, key + ": expected a temperature ≥ 0 (or inf), found " + describe(n) + "; a negative temperature is not defined");
            return std::nullopt;
        case Num::PosInf: return attention::kInfinity;
        case Num::NegInf:
        case Num::NaN:
            error(n, key + ": expected a temperature ≥ 0 (or inf), found " + describe(n));
            return std::nullopt;
        case Num::Range:
            error(n, key + ": expected a temperature ≥ 0 (or inf), found " + describe(n) + " (outside the range of a double; write inf)");
            return std::nullopt;
        case Num::NotNumber: break;
    }
    error(n, key + ": expected a temperature ≥ 0 (or inf), found " + describe(n));
    return std::nullopt;
}

std::optional<bool> Reader::boolean(const Node* n, const std::string& key) {
    if (n->kind == Kind::Scalar && n->plain) {
        const std::string l = lower(n->value);
        if (l == "true" || l == "yes" || l == "on") return true;
        if (l == "false" || l == "no" || l == "off") return false;
    }
    error(n, key + ": expected true or false, found " + describe(n));
    return std::nullopt;
}

std::optional<long long> Reader::integer(const Node* n, const std::string& key, long long lo, long long hi,
                                 const std::string& what) {
    const std::string range = std::to_string(lo) + ".." + std::to_string(hi);
    if (n->kind == Kind::Scalar && n->plain && !n->value.empty()) {
        const std::string& s = n->value;
        const char* first = s.data() + (s[0] == '+' ? 1 : 0);
        long long x = 0;
        auto [ptr, ec] = std::from_chars(first, s.data() + s.size(), x);
        if (ec == std::errc() && ptr == s.data() + s.size()) {
            if (x >= lo && x <= hi) return x;
            error(n, key + ": expected " + what + " in " + range + ", found " + describe(n) + " (out of range)");
            return std::nullopt;
        }
    }
    error(n, key + ": expected " + what + " (an integer in " + range + "), found " + describe(n));
    return std::nullopt;
}

std::optional<core::Vec> Reader::vector(const Node* n, const std::string& key, std::size_t width, const std::string& why) {
    if (n->kind != Kind::Sequence) {
        error(n, key + ": expected a list of numbers, found " + describe(n));
        return std::nullopt;
    }
    if (n->size() > kMax) {
        error(n, key + ": at most " + std::to_string(kMax) + " dimensions are supported, found " + std::to_string(n->size()));
        return std::nullopt;
    }
    if (n->size() == 0) {
        error(n, key + ": expected at least one number, found an empty list");
        return std::nullopt;
    }
    if (width && n->size() != width) {
        error(n, key + ": expected " + plural(width, "number", "numbers") + " (" + why + "), found " + std::to_string(n->size()));
        return std::nullopt;
    }
    // A row read as numbers while the file was read (tree::Node::numbers), then any items from
    // the first that is not a finite number on, each read here.
    const std::size_t packed = n->packed();
    core::Vec out(n->size());
    if (packed) std::copy(n->numbers->begin(), n->numbers->end(), out.begin());
    bool ok = true;
    for (std::size_t i = packed; i < n->size(); ++i) {
        auto x = number(n->items[i - packed], key + "[" + std::to_string(i) + "]");
        if (x) out[i] = *x;
        else ok = false;
    }
    if (!ok) return std::nullopt;
    return out;
}

std::optional<Reader::Matrix> Reader::matrix(const Node* n, const std::string& key, const std::string& rows_are) {
    if (n->kind == Kind::Map) return tensor_matrix(*this, n, key, rows_are);  // {file: …, tensor: …}
    if (n->kind != Kind::Sequence) {
        error(n, key + ": expected a list of rows (" + rows_are + "), each a list of numbers, or a tensor file ({file: " +
                     "PATH, tensor: NAME}), found " + describe(n));
        return std::nullopt;
    }
    if (n->size() > kMax) {
        error(n, key + ": at most " + std::to_string(kMax) + " rows are supported, found " + std::to_string(n->size()));
        return std::nullopt;
    }
    if (n->size() == 0) {
        error(n, key + ": expected rows (" + rows_are + "), found an empty list");
        return std::nullopt;
    }
    Matrix m;
    m.node = n;
    bool ok = true;
    std::size_t width = 0;
    for (std::size_t r = 0; r < n->size(); ++r) {
        const std::string row_key = key + "[" + std::to_string(r) + "]";
        auto row = vector(n->items[r], row_key, width, "as many as " + key + "[0]");
        if (!row) {
            ok = false;
            if (r == 0) return std::nullopt;  // no width to compare the other rows with
            continue;
        }
        if (r == 0) width = row->size();
        m.rows.push_back(std::move(*row));
    }
    if (!ok) return std::nullopt;
    return m;
}

// `version:` is optional; only 1 exists.
void version(Reader& r, const Node* v) {
    if (v->kind == Kind::Scalar && v->plain && v->value == "1") return;
    r.error(v, "version: expected 1 (this attnlab reads format version 1), found " + describe(v));
}

}  // namespace load
