// load: YAML files → scene::Deck, following format v1 (documented for authors in scenes/README.md).
// tree.cpp turns bytes into a positioned tree; this file checks the tree against the format and
// fills the scene model. Every problem becomes a Diagnostic with file, line and column; several
// are collected per file. No exception leaves this file.
#include "load/load.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <sstream>

#include "attention/attention.hpp"
#include "load/tree.hpp"

namespace load {

namespace {

namespace fs = std::filesystem;
using tree::Node;
using Kind = tree::Node::Kind;

constexpr std::size_t kMax = attention::kMaxSize;            // tokens and dimensions
constexpr std::uintmax_t kMaxFileBytes = 64u * 1024 * 1024;  // larger files are refused unread
constexpr std::size_t kMaxErrors = 30;                       // per file

const std::vector<std::string> kSceneKeys = {"version", "scene", "title", "tokens", "d", "q", "k", "v", "x",
                                             "w_q", "w_k", "w_v", "start", "panels", "steps", "experiments", "quiz"};
const std::vector<std::string> kDeckKeys = {"version", "deck", "title", "slides"};
const std::vector<std::string> kStartKeys = {"focus", "temperature", "mask"};
const std::vector<std::string> kStepKeys = {"stage", "title", "say", "notes", "set", "duration", "hold", "ease"};
const std::vector<std::string> kExperimentKeys = {"title", "set", "look_for"};
const std::vector<std::string> kQuizKeys = {"draw", "questions"};
const std::vector<std::string> kQuestionKeys = {"ask", "answer", "choices", "correct", "experiment"};
const std::vector<std::string> kTitleSlideKeys = {"title", "subtitle", "say", "notes", "duration"};
const std::vector<std::string> kTextSlideKeys = {"text", "bullets", "say", "notes", "duration"};
const std::vector<std::string> kSceneSlideKeys = {"scene", "title"};
const std::vector<std::string> kDeckSlideKeys = {"deck"};

std::string join(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : ", ") + w;
    return out;
}

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// What a node is, for "found …" in messages.
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

std::string plural(std::size_t count, const char* one, const char* many) {
    return std::to_string(count) + " " + (count == 1 ? one : many);
}

enum class Num { Ok, NotNumber, NaN, PosInf, NegInf, Range };

// A YAML 1.2 core-schema float or int, written plain (quoted text is a string, not a number).
Num parse_number(const Node* n, double& out) {
    if (n->kind != Kind::Scalar || !n->plain || n->value.empty()) return Num::NotNumber;
    const std::string& s = n->value;
    const std::string l = lower(s);
    if (l == ".nan" || l == "nan") return Num::NaN;
    if (l == ".inf" || l == "+.inf" || l == "inf" || l == "+inf" || l == "infinity" || l == "+infinity")
        return Num::PosInf;
    if (l == "-.inf" || l == "-inf" || l == "-infinity") return Num::NegInf;
    const char* first = s.data();
    const char* last = s.data() + s.size();
    if (*first == '+') ++first;
    if (first == last || !(std::isdigit(static_cast<unsigned char>(*first)) || *first == '-' || *first == '.'))
        return Num::NotNumber;
    auto [ptr, ec] = std::from_chars(first, last, out, std::chars_format::general);
    if (ptr != last) return Num::NotNumber;
    if (ec == std::errc::result_out_of_range) return Num::Range;
    if (ec != std::errc()) return Num::NotNumber;
    return Num::Ok;
}

// yaml-cpp counts columns in bytes; people and editors count characters. `byte_column` is
// 1-based; so is the result.
class Columns {
public:
    explicit Columns(const std::string& text) : text_(text) {}
    int to_chars(int line, int byte_column) {
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

private:
    const std::string& text_;
    std::vector<std::size_t> starts_;
};

// ---------------------------------------------------------------------------------------------
// Reader: checks one file's tree and collects its diagnostics.

class Reader {
public:
    Reader(std::string file, core::Diagnostics& errors, Columns& columns)
        : file_(std::move(file)), errors_(errors), columns_(columns) {}

    const std::string& file() const { return file_; }

    void error(const Node* at, const std::string& message) { error_at(at ? at->line : 0, at ? at->column : 0, message); }
    void error_at(int line, int byte_column, const std::string& message) {
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
    bool failed() const { return count_ > 0; }
    std::size_t error_count() const { return count_; }

    // A mapping's entries by key; unknown and repeated keys are reported.
    struct Fields {
        std::map<std::string, const Node*> values;
        std::map<std::string, const Node*> keys;
        const Node* get(const std::string& k) const {
            auto it = values.find(k);
            return it == values.end() ? nullptr : it->second;
        }
        const Node* key(const std::string& k) const {
            auto it = keys.find(k);
            return it == keys.end() ? nullptr : it->second;
        }
    };

    // `where` names the mapping in messages ("the scene", "start", "steps[2]").
    bool is_map(const Node* n, const std::string& where, const std::string& expected) {
        if (n->kind == Kind::Map) return true;
        error(n, where + ": expected " + expected + ", found " + describe(n));
        return false;
    }

    Fields fields(const Node* map, const std::string& where, const std::vector<std::string>& known) {
        Fields f;
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

    // A string; null counts as "" when `null_ok`.
    std::optional<std::string> text(const Node* n, const std::string& key, bool null_ok = true) {
        if (n->kind == Kind::Scalar) return n->value;
        if (n->kind == Kind::Null && null_ok) return std::string();
        error(n, key + ": expected text, found " + describe(n));
        return std::nullopt;
    }

    std::optional<std::string> name(const Node* n, const std::string& key) {
        if (n->kind == Kind::Scalar && !n->value.empty()) return n->value;
        error(n, key + ": expected a name, found " + describe(n));
        return std::nullopt;
    }

    std::optional<std::vector<std::string>> texts(const Node* n, const std::string& key) {
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

    // A finite number.
    std::optional<double> number(const Node* n, const std::string& key) {
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

    // Seconds: a finite number ≥ 0.
    std::optional<double> seconds(const Node* n, const std::string& key) {
        auto x = number(n, key);
        if (x && *x < 0) {
            error(n, key + ": expected seconds ≥ 0, found " + describe(n));
            return std::nullopt;
        }
        return x;
    }

    // A temperature: a number ≥ 0, or inf / .inf.
    std::optional<double> temperature(const Node* n, const std::string& key) {
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

    std::optional<bool> boolean(const Node* n, const std::string& key) {
        if (n->kind == Kind::Scalar && n->plain) {
            const std::string l = lower(n->value);
            if (l == "true" || l == "yes" || l == "on") return true;
            if (l == "false" || l == "no" || l == "off") return false;
        }
        error(n, key + ": expected true or false, found " + describe(n));
        return std::nullopt;
    }

    // An integer in [lo, hi]; `what` says what it is ("a token index").
    std::optional<long long> integer(const Node* n, const std::string& key, long long lo, long long hi,
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

    // A list of finite numbers; `width` 0 means any width 1..kMax.
    std::optional<core::Vec> vector(const Node* n, const std::string& key, std::size_t width, const std::string& why) {
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
        core::Vec out(n->size());
        bool ok = true;
        for (std::size_t i = 0; i < n->size(); ++i) {
            auto x = number(n->items[i], key + "[" + std::to_string(i) + "]");
            if (x) out[i] = *x;
            else ok = false;
        }
        if (!ok) return std::nullopt;
        return out;
    }

    // A matrix: a list of rows of the same width. Row count and width are checked by the caller.
    struct Matrix {
        core::Mat rows;
        const Node* node = nullptr;
        std::size_t width() const { return rows.empty() ? 0 : rows[0].size(); }
    };
    std::optional<Matrix> matrix(const Node* n, const std::string& key, const std::string& rows_are) {
        if (n->kind != Kind::Sequence) {
            error(n, key + ": expected a list of rows (" + rows_are + "), each a list of numbers, found " + describe(n));
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

private:
    std::string file_;
    core::Diagnostics& errors_;
    Columns& columns_;
    std::size_t count_ = 0;
};

// `version:` is optional; only 1 exists.
void version(Reader& r, const Node* v) {
    if (v->kind == Kind::Scalar && v->plain && v->value == "1") return;
    r.error(v, "version: expected 1 (this attnlab reads format version 1), found " + describe(v));
}

// q = x·W: (n×m)·(m×d); long double accumulation, then back to double.
core::Mat multiply(const core::Mat& x, const core::Mat& w) {
    const std::size_t n = x.size(), m = w.size(), d = w.empty() ? 0 : w[0].size();
    core::Mat out(n, core::Vec(d, 0.0));
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < d; ++j) {
            long double s = 0;
            for (std::size_t c = 0; c < m; ++c) s += static_cast<long double>(x[i][c]) * w[c][j];
            out[i][j] = static_cast<double>(s);
        }
    return out;
}

bool all_finite(const core::Mat& m) {
    for (const auto& row : m)
        for (double x : row)
            if (!std::isfinite(x)) return false;
    return true;
}

// What attention::trace would say about these controls: "" when it computes them.
// Small problems are traced for real; large ones get attention::check plus a bound on q·k.
std::string engine_check(const scene::Scene& s, const scene::Controls& c) {
    attention::Input in = scene::attention_input(s, c);
    std::string e = attention::check(in);
    if (!e.empty()) return e;
    const std::size_t n = s.n(), d = s.d();
    if (n * n * std::max(d, s.dv()) <= (std::size_t{1} << 22)) {
        attention::Trace tr;
        return attention::trace(in, tr, e) ? std::string() : e;
    }
    // |q_i·k_j| ≤ |q_i|·|k_j|: if the largest norms multiply to a finite double, no score overflows.
    long double qmax = 0, kmax = 0;
    for (const auto& r : in.q) {
        long double s2 = 0;
        for (double x : r) s2 += static_cast<long double>(x) * x;
        qmax = std::max(qmax, std::sqrt(s2));
    }
    for (const auto& r : in.k) {
        long double s2 = 0;
        for (double x : r) s2 += static_cast<long double>(x) * x;
        kmax = std::max(kmax, std::sqrt(s2));
    }
    if (qmax * kmax > std::numeric_limits<double>::max())
        return "the queries and keys are so large that q·k may exceed the range of a double";
    return {};
}

// ---------------------------------------------------------------------------------------------
// Scenes

struct SceneReader {
    Reader& r;
    scene::Scene& s;
    std::size_t n = 0;  // tokens (0: unknown because of an error)
    std::size_t d = 0;  // query/key width (0: unknown)

    std::string token_range() const { return "0.." + std::to_string(n ? n - 1 : 0); }

    std::optional<int> token_index(const Node* node, const std::string& key) {
        if (!n) return std::nullopt;
        auto i = r.integer(node, key, 0, static_cast<long long>(n) - 1, "a token index");
        if (!i) return std::nullopt;
        return static_cast<int>(*i);
    }

    // set: the controls of scene::controls(), each read by its kind.
    void settings(const Node* node, const std::string& where, scene::Settings& out) {
        if (node->kind == Kind::Null) return;
        const std::vector<std::string> names = scene::control_names();
        if (!r.is_map(node, where, "settings (" + join(names) + ")")) return;
        auto f = r.fields(node, where, names);
        for (const scene::ControlInfo& c : scene::controls())
            if (const Node* v = f.get(c.name))
                if (auto value = control(c.kind, v, where + "." + c.name)) c.put(out, *value);
    }

    // One control's value in its kind's YAML form.
    std::optional<scene::ControlValue> control(scene::ControlKind kind, const Node* v, const std::string& key) {
        using K = scene::ControlKind;
        switch (kind) {
            case K::Token:
                if (auto i = token_index(v, key)) return scene::ControlValue(std::in_place_type<int>, *i);
                return std::nullopt;
            case K::Temperature:
                if (auto t = r.temperature(v, key)) return scene::ControlValue(std::in_place_type<double>, *t);
                return std::nullopt;
            case K::Switch:
                if (auto b = r.boolean(v, key)) return scene::ControlValue(std::in_place_type<bool>, *b);
                return std::nullopt;
            case K::TokenPair: {
                if (v->kind != Kind::Sequence || v->size() != 2) {
                    r.error(v, key + ": expected two token indices [a, b], found " + describe(v));
                    return std::nullopt;
                }
                auto a = token_index(v->items[0], key + "[0]");
                auto b = token_index(v->items[1], key + "[1]");
                if (a && b) return scene::ControlValue(std::make_pair(*a, *b));
                return std::nullopt;
            }
            case K::Keys: {
                scene::KeyChange k = keys(v, key);
                if (k == scene::KeyChange{}) return std::nullopt;
                return scene::ControlValue(std::move(k));
            }
        }
        return std::nullopt;
    }

    // keys: same | {scale: number} | {TOKEN: [d numbers], …}
    scene::KeyChange keys(const Node* v, const std::string& key) {
        scene::KeyChange out;
        const std::string expected = "'same', {scale: NUMBER} or {TOKEN: [" + std::string(d ? std::to_string(d) : "d") + " numbers]}";
        if (v->kind == Kind::Scalar) {
            if (v->value == "same") out.same = true;
            else r.error(v, key + ": expected " + expected + ", found " + describe(v));
            return out;
        }
        if (v->kind != Kind::Map) {
            r.error(v, key + ": expected " + expected + ", found " + describe(v));
            return out;
        }
        std::set<long long> seen;
        for (std::size_t i = 0; i < v->size(); ++i) {
            const Node* k = v->key(i);
            const Node* val = v->val(i);
            if (k->kind == Kind::Scalar && k->value == "scale") {
                if (auto x = r.number(val, key + ".scale")) out.scale = *x;
                continue;
            }
            double ignored = 0;
            if (k->kind == Kind::Scalar && parse_number(k, ignored) == Num::NotNumber) {
                std::string near = core::nearest(k->value, {"scale", "same"});
                r.error(k, key + ": unknown key '" + k->value + "'" + (near == "scale" ? " (did you mean 'scale'?)" : "") +
                               "; expected 'scale' or a token index");
                continue;
            }
            auto t = token_index(k, key);
            if (!t) continue;
            if (!seen.insert(*t).second) {
                r.error(k, key + ": token " + std::to_string(*t) + " is given twice");
                continue;
            }
            if (!d) continue;
            if (auto vec = r.vector(val, key + "." + std::to_string(*t), d, "d, the width of the keys"))
                out.moved.emplace_back(*t, *vec);
        }
        return out;
    }

    // Reads q/k/v or x/w_q/w_k/w_v. Sets n-consistent matrices in s, or reports why not.
    void vectors(const Reader::Fields& f, const Node* root) {
        const bool direct = f.get("q") || f.get("k") || f.get("v");
        const bool projected = f.get("x") || f.get("w_q") || f.get("w_k") || f.get("w_v");
        if (direct && projected) {
            const Node* at = f.key("x") ? f.key("x") : f.key("w_q") ? f.key("w_q") : f.key("w_k") ? f.key("w_k") : f.key("w_v");
            r.error(at, "give either q, k and v, or x with w_q, w_k and w_v, not both");
            return;
        }
        auto need = [&](const char* key, const char* what) -> const Node* {
            if (const Node* v = f.get(key)) return v;
            r.error(root, std::string("missing key '") + key + "' (" + what + ")");
            return nullptr;
        };
        auto rows_must_be = [&](const Reader::Matrix& m, const std::string& key, std::size_t rows, const std::string& why) {
            if (m.rows.size() == rows) return true;
            r.error(m.node, key + ": expected " + plural(rows, "row", "rows") + " (" + why + "), found " + std::to_string(m.rows.size()));
            return false;
        };
        auto width_must_be = [&](const Reader::Matrix& m, const std::string& key, std::size_t width, const std::string& why) {
            if (m.width() == width) return true;
            r.error(m.node->items[0], key + "[0]: expected " + plural(width, "number", "numbers") + " (" + why + "), found " +
                                          std::to_string(m.width()));
            return false;
        };
        const std::string per_token = "one per token: " + std::to_string(n) + " tokens";
        if (!projected) {
            const Node* qn = need("q", "the queries: one row of d numbers per token");
            const Node* kn = need("k", "the keys: one row of d numbers per token");
            const Node* vn = need("v", "the values: one row of numbers per token");
            std::optional<Reader::Matrix> q, k, v;
            if (qn) q = r.matrix(qn, "q", "one query per token");
            if (kn) k = r.matrix(kn, "k", "one key per token");
            if (vn) v = r.matrix(vn, "v", "one value per token");
            bool ok = q && k && v;
            if (n) {
                if (q && !rows_must_be(*q, "q", n, per_token)) ok = false;
                if (k && !rows_must_be(*k, "k", n, per_token)) ok = false;
                if (v && !rows_must_be(*v, "v", n, per_token)) ok = false;
            } else {
                ok = false;
            }
            if (q && k && !width_must_be(*k, "k", q->width(), "d, the width of q")) ok = false;
            if (q) d = q->width();
            if (!ok) {
                d = 0;
                return;
            }
            s.q = std::move(q->rows);
            s.k = std::move(k->rows);
            s.v = std::move(v->rows);
            return;
        }
        const Node* xn = need("x", "the inputs: one row of m numbers per token");
        const Node* qn = need("w_q", "m rows of d numbers");
        const Node* kn = need("w_k", "m rows of d numbers");
        const Node* vn = need("w_v", "m rows of numbers");
        std::optional<Reader::Matrix> x, wq, wk, wv;
        if (xn) x = r.matrix(xn, "x", "one input per token");
        if (qn) wq = r.matrix(qn, "w_q", "one per input dimension");
        if (kn) wk = r.matrix(kn, "w_k", "one per input dimension");
        if (vn) wv = r.matrix(vn, "w_v", "one per input dimension");
        bool ok = x && wq && wk && wv;
        if (n) {
            if (x && !rows_must_be(*x, "x", n, per_token)) ok = false;
        } else {
            ok = false;
        }
        if (x) {
            const std::string why = "m, the width of x";
            if (wq && !rows_must_be(*wq, "w_q", x->width(), why)) ok = false;
            if (wk && !rows_must_be(*wk, "w_k", x->width(), why)) ok = false;
            if (wv && !rows_must_be(*wv, "w_v", x->width(), why)) ok = false;
        }
        if (wq && wk && !width_must_be(*wk, "w_k", wq->width(), "d, the width of w_q")) ok = false;
        if (!ok) return;
        s.q = multiply(x->rows, wq->rows);
        s.k = multiply(x->rows, wk->rows);
        s.v = multiply(x->rows, wv->rows);
        if (!all_finite(s.q) || !all_finite(s.k) || !all_finite(s.v)) {
            r.error(xn, "x·w_q, x·w_k or x·w_v overflows the range of a double; use smaller numbers");
            s.q.clear(), s.k.clear(), s.v.clear();
            return;
        }
        d = wq->width();
        s.projections = scene::Projections{std::move(x->rows), std::move(wq->rows), std::move(wk->rows), std::move(wv->rows)};
    }

    void read(const Node* root) {
        auto f = r.fields(root, "the scene", kSceneKeys);
        if (auto v = f.get("version")) version(r, v);
        if (auto v = f.get("scene")) {
            if (auto id = r.name(v, "scene")) s.id = *id;
        }
        s.title = s.id;
        if (auto v = f.get("title")) {
            if (auto t = r.text(v, "title")) s.title = t->empty() ? s.id : *t;
        }

        // Tokens first: n checks everything else.
        if (const Node* t = f.get("tokens")) {
            if (t->kind == Kind::Sequence && t->size() == 0) {
                r.error(t, "tokens: expected at least one token, found an empty list");
            } else if (t->kind == Kind::Sequence && t->size() > kMax) {
                r.error(t, "tokens: at most " + std::to_string(kMax) + " tokens are supported, found " + std::to_string(t->size()));
            } else if (auto list = r.texts(t, "tokens")) {
                s.tokens = std::move(*list);
                n = s.tokens.size();
            }
        } else {
            r.error(root, "missing key 'tokens' (a list of 1.." + std::to_string(kMax) + " token strings)");
        }

        vectors(f, root);
        if (const Node* dn = f.get("d")) {
            auto given = r.integer(dn, "d", 1, static_cast<long long>(kMax), "the query/key width");
            if (given && d && static_cast<std::size_t>(*given) != d)
                r.error(dn, "d: expected " + std::to_string(d) + " (the width of " + (s.projections ? "w_q" : "q") + "), found " + describe(dn));
        }

        if (const Node* st = f.get("start"); st && st->kind != Kind::Null && r.is_map(st, "start", "a mapping with focus, temperature, mask")) {
            auto sf = r.fields(st, "start", kStartKeys);
            if (auto v = sf.get("focus"))
                if (auto i = token_index(v, "start.focus")) s.focus = *i;
            if (auto v = sf.get("temperature"))
                if (auto x = r.temperature(v, "start.temperature")) s.temperature = *x;
            if (auto v = sf.get("mask"))
                if (auto b = r.boolean(v, "start.mask")) s.mask = *b;
        }

        s.panels = scene::default_panels(n);
        if (const Node* p = f.get("panels")) panels(p);

        s.steps = scene::default_steps();
        if (const Node* st = f.get("steps")) steps(st);
        if (const Node* ex = f.get("experiments")) experiments(ex);
        if (const Node* q = f.get("quiz")) quiz(q);

        // Nothing invalid reaches the engine: the start, every step's controls in turn, and
        // every experiment must be something attention::trace computes.
        if (r.failed() || !n || !d) return;
        scene::Controls start = scene::start_controls(s);
        if (auto e = engine_check(s, start); !e.empty()) {
            r.error(root, "the scene cannot be computed: " + e);
            return;
        }
        scene::Controls c = start;
        for (std::size_t i = 0; i < s.steps.size(); ++i) {
            c = scene::apply(s, c, s.steps[i].set);
            if (auto e = engine_check(s, c); !e.empty()) {
                r.error(step_nodes_.size() > i ? step_nodes_[i] : root, "steps[" + std::to_string(i) + "]: its settings cannot be computed: " + e);
                return;
            }
        }
        for (std::size_t i = 0; i < s.experiments.size(); ++i) {
            if (auto e = engine_check(s, scene::apply(s, start, s.experiments[i].set)); !e.empty())
                r.error(experiment_nodes_[i], "experiments[" + std::to_string(i) + "]: its settings cannot be computed: " + e);
        }
    }

    void panels(const Node* p) {
        if (p->kind != Kind::Sequence) {
            r.error(p, "panels: expected a list of panel names, found " + describe(p));
            return;
        }
        if (p->size() == 0) {
            r.error(p, "panels: expected at least one panel (leave 'panels' out for the default layout), found an empty list");
            return;
        }
        std::vector<scene::Panel> out;
        const auto known = scene::panel_names();
        for (std::size_t i = 0; i < p->size(); ++i) {
            const Node* item = p->items[i];
            const std::string key = "panels[" + std::to_string(i) + "]";
            auto nm = r.text(item, key, false);
            if (!nm) continue;
            auto panel = scene::panel_from_name(*nm);
            if (!panel) {
                std::string near = core::nearest(*nm, known);
                r.error(item, key + ": unknown panel '" + *nm + "'" + (near.empty() ? "" : " (did you mean '" + near + "'?)") +
                                  "; known panels: " + join(known));
                continue;
            }
            if (std::find(out.begin(), out.end(), *panel) == out.end()) out.push_back(*panel);
        }
        s.panels = std::move(out);
    }

    void steps(const Node* st) {
        if (st->kind != Kind::Sequence) {
            r.error(st, "steps: expected a list of steps, found " + describe(st));
            return;
        }
        if (st->size() == 0) {
            r.error(st, "steps: expected at least one step (leave 'steps' out for the six default stages), found an empty list");
            return;
        }
        std::vector<scene::Step> out;
        scene::Stage previous = scene::Stage::Blend;
        const auto stages = scene::stage_names();
        const auto eases = scene::ease_names();
        for (std::size_t i = 0; i < st->size(); ++i) {
            const Node* node = st->items[i];
            const std::string where = "steps[" + std::to_string(i) + "]";
            scene::Step step;
            step.stage = previous;
            step_nodes_.push_back(node);
            if (node->kind == Kind::Null) {
                out.push_back(step);
                continue;
            }
            if (!r.is_map(node, where, "a step (a mapping with stage, say, …)")) continue;
            auto f = r.fields(node, where, kStepKeys);
            if (auto v = f.get("stage")) {
                if (auto nm = r.text(v, where + ".stage", false)) {
                    if (auto sg = scene::stage_from_name(*nm)) step.stage = *sg;
                    else {
                        std::string near = core::nearest(*nm, stages);
                        r.error(v, where + ".stage: unknown stage '" + *nm + "'" + (near.empty() ? "" : " (did you mean '" + near + "'?)") +
                                       "; known stages: " + join(stages));
                    }
                }
            }
            if (auto v = f.get("title")) step.title = r.text(v, where + ".title").value_or("");
            if (auto v = f.get("say")) step.say = r.text(v, where + ".say").value_or("");
            if (auto v = f.get("notes")) step.notes = r.text(v, where + ".notes").value_or("");
            if (auto v = f.get("set")) settings(v, where + ".set", step.set);
            if (auto v = f.get("duration")) step.duration = r.seconds(v, where + ".duration").value_or(-1);
            if (auto v = f.get("hold")) step.hold = r.seconds(v, where + ".hold").value_or(-1);
            if (auto v = f.get("ease")) {
                if (auto nm = r.text(v, where + ".ease", false)) {
                    if (auto e = scene::ease_from_name(*nm)) step.ease = *e;
                    else {
                        std::string near = core::nearest(*nm, eases);
                        r.error(v, where + ".ease: unknown ease '" + *nm + "'" + (near.empty() ? "" : " (did you mean '" + near + "'?)") +
                                       "; known eases: " + join(eases));
                    }
                }
            }
            previous = step.stage;
            out.push_back(std::move(step));
        }
        s.steps = std::move(out);
    }

    void experiments(const Node* ex) {
        if (ex->kind == Kind::Null) return;
        if (ex->kind != Kind::Sequence) {
            r.error(ex, "experiments: expected a list of experiments, found " + describe(ex));
            return;
        }
        std::map<std::string, const Node*> titles;
        for (std::size_t i = 0; i < ex->size(); ++i) {
            const Node* node = ex->items[i];
            const std::string where = "experiments[" + std::to_string(i) + "]";
            if (!r.is_map(node, where, "an experiment (a mapping with title, set, look_for)")) continue;
            auto f = r.fields(node, where, kExperimentKeys);
            scene::Experiment e;
            if (auto v = f.get("title")) {
                if (auto t = r.name(v, where + ".title")) {
                    e.title = *t;
                    if (auto it = titles.find(*t); it != titles.end())
                        r.error(v, where + ".title: the title '" + *t + "' is already used on line " + std::to_string(it->second->line) +
                                       " (quiz questions name experiments by title)");
                    else titles[*t] = v;
                }
            } else {
                r.error(node, where + ": missing key 'title'");
            }
            if (auto v = f.get("set")) settings(v, where + ".set", e.set);
            if (auto v = f.get("look_for")) e.look_for = r.text(v, where + ".look_for").value_or("");
            experiment_nodes_.push_back(node);
            s.experiments.push_back(std::move(e));
        }
    }

    void quiz(const Node* qz) {
        if (qz->kind == Kind::Null) return;
        if (!r.is_map(qz, "quiz", "a mapping with draw and questions")) return;
        auto f = r.fields(qz, "quiz", kQuizKeys);
        const Node* qs = f.get("questions");
        if (!qs) {
            r.error(qz, "quiz: missing key 'questions'");
        } else if (qs->kind != Kind::Sequence) {
            r.error(qs, "quiz.questions: expected a list of questions, found " + describe(qs));
        } else {
            std::vector<std::string> titles;
            for (const auto& e : s.experiments) titles.push_back(e.title);
            for (std::size_t i = 0; i < qs->size(); ++i) question(qs->items[i], "quiz.questions[" + std::to_string(i) + "]", titles);
        }
        if (auto v = f.get("draw")) {
            const long long count = static_cast<long long>(s.quiz.questions.size());
            if (auto x = r.integer(v, "quiz.draw", 0, std::max(count, 0LL), "a number of questions (0: all)"))
                s.quiz.draw = static_cast<int>(*x);
        }
    }

    void question(const Node* node, const std::string& where, const std::vector<std::string>& titles) {
        if (!r.is_map(node, where, "a question (a mapping with ask, answer, …)")) return;
        auto f = r.fields(node, where, kQuestionKeys);
        scene::Question q;
        if (auto v = f.get("ask")) q.ask = r.text(v, where + ".ask", false).value_or("");
        else r.error(node, where + ": missing key 'ask'");
        if (auto v = f.get("answer")) q.answer = r.text(v, where + ".answer").value_or("");
        if (auto v = f.get("choices")) {
            if (auto c = r.texts(v, where + ".choices")) {
                if (c->size() < 2) r.error(v, where + ".choices: expected at least 2 choices, found " + std::to_string(c->size()));
                q.choices = std::move(*c);
            }
            if (auto c = f.get("correct")) {
                if (!q.choices.empty())
                    if (auto x = r.integer(c, where + ".correct", 0, static_cast<long long>(q.choices.size()) - 1, "an index into choices"))
                        q.correct = static_cast<int>(*x);
            } else {
                r.error(f.key("choices"), where + ": missing key 'correct' (the index of the right choice)");
            }
        } else if (const Node* c = f.get("correct")) {
            r.error(f.key("correct"), where + ".correct: only meaningful with 'choices'");
            (void)c;
        }
        if (!f.get("answer") && !f.get("choices")) r.error(node, where + ": missing key 'answer' (or 'choices' with 'correct')");
        if (auto v = f.get("experiment")) {
            if (auto t = r.text(v, where + ".experiment", false)) {
                if (std::find(titles.begin(), titles.end(), *t) == titles.end()) {
                    std::string near = core::nearest(*t, titles);
                    r.error(v, where + ".experiment: no experiment of this scene is titled '" + *t + "'" +
                                   (near.empty() ? "" : " (did you mean '" + near + "'?)") +
                                   (titles.empty() ? "; the scene has no experiments" : "; experiments: " + join(titles)));
                } else {
                    q.experiment = *t;
                }
            }
        }
        s.quiz.questions.push_back(std::move(q));
    }

    std::vector<const Node*> step_nodes_;
    std::vector<const Node*> experiment_nodes_;
};

// ---------------------------------------------------------------------------------------------
// Files and decks

struct Source {
    std::string text;
    std::string error;  // "" when read
};

Source read_source(const std::string& path) {
    Source src;
    std::error_code ec;
    auto st = fs::status(path, ec);
    if (ec || !fs::exists(st)) {
        src.error = "cannot open the file: " + (ec ? ec.message() : std::string("no such file"));
        return src;
    }
    if (fs::is_directory(st)) {
        src.error = "is a directory; expected a scene or deck file (.yaml)";
        return src;
    }
    if (fs::is_regular_file(st)) {
        auto size = fs::file_size(path, ec);
        if (!ec && size > kMaxFileBytes) {
            src.error = "the file is " + std::to_string(size / (1024 * 1024)) + " MiB; the limit is " +
                        std::to_string(kMaxFileBytes / (1024 * 1024)) + " MiB";
            return src;
        }
    }
    errno = 0;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        src.error = std::string("cannot open the file: ") + (errno ? std::strerror(errno) : "unknown reason");
        return src;
    }
    std::string text;
    char buf[1 << 16];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
        text.append(buf, static_cast<std::size_t>(in.gcount()));
        if (text.size() > kMaxFileBytes) {
            src.error = "the file is larger than the limit of " + std::to_string(kMaxFileBytes / (1024 * 1024)) + " MiB";
            return src;
        }
    }
    if (in.bad()) {
        src.error = "cannot read the file";
        return src;
    }
    src.text = std::move(text);
    return src;
}

std::string canonical_key(const std::string& path) {
    std::error_code ec;
    fs::path p = fs::weakly_canonical(fs::path(path), ec);
    if (ec) return fs::absolute(fs::path(path), ec).lexically_normal().string();
    return p.string();
}

// Where a path written in a file at `dir` points, as the user would type it.
std::string resolve(const std::string& dir, const std::string& rel) {
    fs::path p(rel);
    if (p.is_absolute() || dir.empty()) return p.lexically_normal().string();
    return (fs::path(dir) / p).lexically_normal().string();
}

// True when line `line` (1-based) starts with whitespace that holds a tab.
bool indented_with_tab(const std::string& text, int line) {
    std::size_t at = 0;
    for (int l = 1; l < line; ++l) {
        at = text.find('\n', at);
        if (at == std::string::npos) return false;
        ++at;
    }
    for (; at < text.size() && (text[at] == ' ' || text[at] == '\t'); ++at)
        if (text[at] == '\t') return true;
    return false;
}

class Loader {
public:
    core::Diagnostics errors;

    // Parses and checks one file's text. Kind tells what the caller needs.
    enum class Want { Any, Scene, Deck };
    struct Parsed {
        bool ok = false;
        bool is_deck = false;
        std::shared_ptr<const scene::Scene> scene;
        std::vector<scene::Slide> slides;
        std::string title;
    };

    Parsed load_text(const std::string& text, const std::string& file, const std::string& dir, const std::string& key) {
        Parsed out;
        core::Diagnostic e;
        if (!tree::check_utf8(text, e)) {
            e.file = file;
            errors.push_back(e);
            return out;
        }
        tree::Document doc;
        Columns columns(text);
        if (!tree::parse(text, doc, e)) {
            e.file = file;
            e.column = columns.to_chars(e.line, e.column);
            if (indented_with_tab(text, e.line)) e.message += " (a tab indents this line; YAML indents with spaces only)";
            errors.push_back(e);
            return out;
        }
        Reader r(file, errors, columns);
        const Node* root = doc.root;
        const std::string expected = "a scene (a mapping with 'scene:') or a deck (a mapping with 'deck:')";
        if (!root || root->kind == Kind::Null) {
            r.error_at(1, 1, "the file is empty; expected " + expected);
            return out;
        }
        if (root->kind != Kind::Map) {
            r.error(root, "expected " + expected + ", found " + describe(root));
            return out;
        }
        bool has_scene = false, has_deck = false;
        for (std::size_t i = 0; i < root->size(); ++i) {
            if (root->key(i)->kind != Kind::Scalar) continue;
            has_scene |= root->key(i)->value == "scene";
            has_deck |= root->key(i)->value == "deck";
        }
        if (has_scene && has_deck) {
            r.error(root, "a file is a scene or a deck, not both: it has both 'scene:' and 'deck:'");
            return out;
        }
        if (!has_scene && !has_deck) {
            std::vector<std::string> all = kSceneKeys;
            all.insert(all.end(), kDeckKeys.begin(), kDeckKeys.end());
            r.fields(root, "the file", all);  // reports typos such as 'scen:'
            r.error(root, "missing key 'scene' or 'deck'; expected " + expected);
            return out;
        }
        out.is_deck = has_deck;
        if (has_scene) {
            auto s = std::make_shared<scene::Scene>();
            s->file = file;
            SceneReader sr{r, *s};
            sr.read(root);
            if (r.failed()) return out;
            out.scene = std::move(s);
            out.title = out.scene->title;
            out.ok = true;
            return out;
        }
        stack_.push_back({key, file});
        read_deck(r, root, dir, out);
        stack_.pop_back();
        out.ok = !r.failed() && out.ok;
        return out;
    }

    Parsed load_path(const std::string& path, const Node* from, Reader* from_reader, const std::string& what) {
        Source src = read_source(path);
        if (!src.error.empty()) {
            if (from_reader)
                from_reader->error(from, what + ": '" + from->value + "' (" + path + "): " + src.error);
            else
                errors.push_back({path, 0, 0, src.error});
            return {};
        }
        fs::path parent = fs::path(path).parent_path();
        return load_text(src.text, path, parent.string(), canonical_key(path));
    }

private:
    struct Open {
        std::string key;   // canonical path
        std::string file;  // as shown
    };
    std::vector<Open> stack_;  // decks being read, outermost first
    std::map<std::string, std::shared_ptr<const scene::Scene>> scenes_;  // by canonical path
    std::set<std::string> bad_scenes_;

    void read_deck(Reader& r, const Node* root, const std::string& dir, Parsed& out) {
        auto f = r.fields(root, "the deck", kDeckKeys);
        if (auto v = f.get("version")) version(r, v);
        std::string id;
        if (auto v = f.get("deck")) id = r.name(v, "deck").value_or("");
        out.title = id;
        if (auto v = f.get("title"))
            if (auto t = r.text(v, "title"); t && !t->empty()) out.title = *t;
        const Node* sl = f.get("slides");
        if (!sl) {
            r.error(root, "missing key 'slides' (a list of title, text, scene and deck slides)");
            return;
        }
        if (sl->kind != Kind::Sequence) {
            r.error(sl, "slides: expected a list of slides, found " + describe(sl));
            return;
        }
        if (sl->size() == 0) {
            r.error(sl, "slides: expected at least one slide, found an empty list");
            return;
        }
        bool nested_ok = true;
        for (std::size_t i = 0; i < sl->size(); ++i)
            if (!slide(r, sl->items[i], "slides[" + std::to_string(i) + "]", dir, out)) nested_ok = false;
        out.ok = nested_ok;
    }

    // Returns false when a file the slide names failed (its errors are already reported).
    bool slide(Reader& r, const Node* node, const std::string& where, const std::string& dir, Parsed& out) {
        if (!r.is_map(node, where, "a slide (a mapping with title, text, scene or deck)")) return true;
        auto has = [&](const char* k) {
            for (std::size_t i = 0; i < node->size(); ++i)
                if (node->key(i)->kind == Kind::Scalar && node->key(i)->value == k) return true;
            return false;
        };
        std::vector<std::string> kinds;
        for (const char* k : {"text", "scene", "deck"})
            if (has(k)) kinds.push_back(std::string("'") + k + "'");
        if (kinds.size() > 1) {
            r.error(node, where + ": a slide is one kind; this one has " + join(kinds));
            return true;
        }
        scene::Slide s;
        if (has("deck")) {
            auto f = r.fields(node, where + " (a deck include)", kDeckSlideKeys);
            const Node* v = f.get("deck");
            if (!v || !r.name(v, where + ".deck")) return true;
            const std::string path = resolve(dir, v->value);
            const std::string key = canonical_key(path);
            for (std::size_t i = 0; i < stack_.size(); ++i) {
                if (stack_[i].key != key) continue;
                std::string chain;
                for (std::size_t j = i; j < stack_.size(); ++j) chain += stack_[j].file + " → ";
                chain += path;
                r.error(v, where + ".deck: '" + v->value + "' includes itself: " + chain);
                return true;
            }
            Parsed inc = load_path(path, v, &r, where + ".deck");
            if (!inc.ok) return false;
            if (!inc.is_deck) {
                r.error(v, where + ".deck: '" + v->value + "' is a scene, not a deck; write 'scene: " + v->value + "'");
                return true;
            }
            for (auto& x : inc.slides) out.slides.push_back(std::move(x));
            return true;
        }
        if (has("scene")) {
            auto f = r.fields(node, where + " (a scene slide)", kSceneSlideKeys);
            const Node* v = f.get("scene");
            if (!v || !r.name(v, where + ".scene")) return true;
            if (auto t = f.get("title")) s.title = r.text(t, where + ".title").value_or("");
            const std::string path = resolve(dir, v->value);
            const std::string key = canonical_key(path);
            s.kind = scene::Slide::Kind::Scene;
            if (bad_scenes_.count(key)) return false;
            if (auto it = scenes_.find(key); it != scenes_.end()) {
                s.scene = it->second;
            } else {
                Parsed sc = load_path(path, v, &r, where + ".scene");
                if (!sc.ok) {
                    bad_scenes_.insert(key);
                    return false;
                }
                if (sc.is_deck) {
                    r.error(v, where + ".scene: '" + v->value + "' is a deck, not a scene; write 'deck: " + v->value + "'");
                    return true;
                }
                scenes_[key] = sc.scene;
                s.scene = sc.scene;
            }
            out.slides.push_back(std::move(s));
            return true;
        }
        const bool text = has("text");
        auto f = r.fields(node, where + (text ? " (a text slide)" : " (a title slide)"), text ? kTextSlideKeys : kTitleSlideKeys);
        s.kind = text ? scene::Slide::Kind::Text : scene::Slide::Kind::Title;
        if (text) {
            if (auto v = f.get("text")) s.title = r.text(v, where + ".text").value_or("");
            if (auto v = f.get("bullets")) s.bullets = r.texts(v, where + ".bullets").value_or(std::vector<std::string>{});
        } else {
            if (auto v = f.get("title")) s.title = r.text(v, where + ".title").value_or("");
            else r.error(node, where + ": missing key 'title', 'text', 'scene' or 'deck' (what kind of slide is it?)");
            if (auto v = f.get("subtitle")) s.subtitle = r.text(v, where + ".subtitle").value_or("");
        }
        if (auto v = f.get("say")) s.say = r.text(v, where + ".say").value_or("");
        if (auto v = f.get("notes")) s.notes = r.text(v, where + ".notes").value_or("");
        if (auto v = f.get("duration")) s.duration = r.seconds(v, where + ".duration").value_or(-1);
        out.slides.push_back(std::move(s));
        return true;
    }
};

Result finish(Loader& loader, Loader::Parsed& p, const std::string& file) {
    Result res;
    if (!loader.errors.empty() || !p.ok) {
        res.errors = std::move(loader.errors);
        if (res.errors.empty()) res.errors.push_back({file, 0, 0, "the file could not be loaded"});
        return res;
    }
    if (!p.is_deck) {
        res.deck = scene::deck_of(p.scene);
        res.deck.file = file;
        return res;
    }
    res.deck.file = file;
    res.deck.title = p.title;
    res.deck.slides = std::move(p.slides);
    return res;
}

}  // namespace

Result load_file(const std::string& path) {
    try {
        Loader loader;
        Loader::Parsed p = loader.load_path(path, nullptr, nullptr, "");
        return finish(loader, p, path);
    } catch (const std::exception& e) {
        Result res;
        res.errors.push_back({path, 0, 0, std::string("could not load the file: ") + e.what()});
        return res;
    }
}

Result load_text(const std::string& text, const std::string& file, const std::string& dir) {
    try {
        Loader loader;
        std::string key = canonical_key(dir.empty() ? file : resolve(dir, fs::path(file).filename().string()));
        Loader::Parsed p = loader.load_text(text, file, dir, key);
        return finish(loader, p, file);
    } catch (const std::exception& e) {
        Result res;
        res.errors.push_back({file, 0, 0, std::string("could not load the text: ") + e.what()});
        return res;
    }
}

}  // namespace load
