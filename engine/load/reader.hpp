// load/reader: typed reads of a positioned YAML tree, each problem a Diagnostic with
// FILE:LINE:COLUMN; and Key tables, which declare a mapping's keys once, each with the code
// that reads it. Internal to load/; knows no scene format.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "attention/attention.hpp"
#include "core/core.hpp"
#include "load/tree.hpp"
#include "scene/scene.hpp"

namespace load {

struct Root;  // load/root

using tree::Node;
using Kind = tree::Node::Kind;

constexpr std::size_t kMax = attention::kMaxSize;  // tokens and dimensions
constexpr std::size_t kMaxErrors = 30;             // per file
// Limits on what a file may ask to be drawn and read (documented in scenes/README.md):
constexpr std::size_t kMaxText = 4000;    // bytes of any one text: a `say`, a note, a title, an answer
constexpr std::size_t kMaxToken = 64;     // bytes of one token
constexpr std::size_t kMaxSlides = 1000;  // slides of a deck once its includes are expanded
// Steps of a scene, and of a deck once its includes are expanded (a title or text slide is one
// step): about a hundred times a long lecture (94), and what the overview still pages through legibly.
constexpr std::size_t kMaxSteps = 10000;
// Items of any other list (the most any of the limits above allows), and the values of a file
// besides the numbers of its vectors: reading stops at the first past them (load/limits.cpp), so
// that a file's tree stays within tens of megabytes whatever it holds.
constexpr std::size_t kMaxList = 10000;
constexpr std::size_t kMaxNodes = 1'000'000;
// Values written in one collection in brackets (yaml-cpp holds such a collection whole while it
// reads it): a larger matrix is written as a block list of rows, one `- [...]` a line.
constexpr std::size_t kMaxFlowValues = 1'000'000;
// The video a deck or scene plans: every step's animation and hold (a hold without `hold:` is
// long enough to read the narration), every slide's cross-fade and duration. Four hours: a
// day's lectures; each frame of it is rendered on export.
constexpr double kMaxSeconds = scene::kMaxVideoSeconds;
// A length of video, for messages: "2.4 s", "50400 s (14.0 hours)".
std::string length_text(double seconds);

std::string join(const std::vector<std::string>& words);  // "a, b, c"
std::string plural(std::size_t count, const char* one, const char* many);  // "1 row", "2 rows"
// What a node is, for "found …" in messages: "'3'", "the string \"x\"", "a list of 2 items".
std::string describe(const Node* n);

enum class Num { Ok, NotNumber, NaN, PosInf, NegInf, Range };
// A YAML 1.2 core-schema float or int, written plain (quoted text is a string, not a number).
Num parse_number(const Node* n, double& out);
Num parse_number(std::string_view text, bool plain, double& out);

// yaml-cpp counts columns in bytes; people and editors count characters. `byte_column` is
// 1-based; so is the result.
class Columns {
public:
    explicit Columns(const std::string& text) : text_(text) {}
    int to_chars(int line, int byte_column);
    // Where `needle` is first written at or after (line, byte_column): true with its line and
    // byte column, false when it is not (an escape sequence wrote it).
    bool find(int line, int byte_column, std::string_view needle, int& at_line, int& at_byte_column);

private:
    const std::string& text_;
    std::vector<std::size_t> starts_;
};

// Checks one file's tree and collects its diagnostics (at most kMaxErrors, then one more
// saying so). Every typed read names the key (`key`: "steps[2].title") in its message.
class Reader {
public:
    // Warnings go to `warnings` when given (else nowhere): they never make a load fail.
    Reader(std::string file, core::Diagnostics& errors, Columns& columns, core::Diagnostics* warnings = nullptr)
        : file_(std::move(file)), errors_(errors), columns_(columns), warnings_(warnings) {}

    const std::string& file() const { return file_; }
    // The folder every file this one names must lie inside (load/root); null: this file's own.
    void confine(const Root* root) { root_ = root; }
    const Root* root() const { return root_; }

    void error(const Node* at, const std::string& message);
    void warn(const Node* at, const std::string& message);
    // A text the deck shows, named `key`: it goes to the text sink whole, and each of its
    // characters to the character check (when there are), what the check says a warning at
    // that character.
    void shown(const Node* n, const std::string& key);
    void check_characters(const std::function<std::string(char32_t)>* check) { characters_ = check; }
    void collect_texts(const std::function<void(const std::string&)>* sink) { texts_ = sink; }
    // Each state of a scene the engine computes to check it is counted in `*count` (when given):
    // the loader's work, which the deck's size bounds and Result::states_computed reports.
    void count_computed(std::size_t* count) { computed_ = count; }
    // Every other file this one reads (a tensor file) goes to `*files` (when given), once: the
    // load's Result::files, which hot reload watches.
    void record_files(std::vector<std::string>* files) { files_ = files; }
    void read_file(const std::string& path) {
        if (!files_) return;
        for (const std::string& f : *files_)
            if (f == path) return;
        files_->push_back(path);
    }
    void computed() {
        if (computed_) ++*computed_;
    }
    void error_at(int line, int byte_column, const std::string& message);
    bool failed() const { return count_ > 0; }
    std::size_t error_count() const { return count_; }

    // A mapping's entries by key; unknown and repeated keys are reported when it is made.
    struct Fields {
        std::vector<std::string> known;  // the keys the mapping may have
        std::map<std::string, const Node*> values;
        std::map<std::string, const Node*> keys;
        // The value (or the key node) of `k`, null when absent. Asking for a key that is not
        // known is a mistake in the loader: it throws std::logic_error.
        const Node* get(const std::string& k) const;
        const Node* key(const std::string& k) const;
    };

    // `where` names the mapping in messages ("the scene", "start", "steps[2]").
    bool is_map(const Node* n, const std::string& where, const std::string& expected);
    Fields fields(const Node* map, const std::string& where, const std::vector<std::string>& known);

    // A string; null counts as "" when `null_ok`.
    std::optional<std::string> text(const Node* n, const std::string& key, bool null_ok = true);
    std::optional<std::string> name(const Node* n, const std::string& key);
    std::optional<std::vector<std::string>> texts(const Node* n, const std::string& key);
    // A finite number.
    std::optional<double> number(const Node* n, const std::string& key);
    // Seconds: a finite number ≥ 0.
    std::optional<double> seconds(const Node* n, const std::string& key);
    // A temperature: a number ≥ 0, or inf / .inf.
    std::optional<double> temperature(const Node* n, const std::string& key);
    std::optional<bool> boolean(const Node* n, const std::string& key);
    // An integer in [lo, hi]; `what` says what it is ("a token index").
    std::optional<long long> integer(const Node* n, const std::string& key, long long lo, long long hi,
                                     const std::string& what);
    // A list of finite numbers; `width` 0 means any width 1..kMax.
    std::optional<core::Vec> vector(const Node* n, const std::string& key, std::size_t width, const std::string& why);

    // A matrix: a list of rows of the same width, or a tensor file ({file: PATH, tensor: NAME},
    // load/tensors). Row count and width are checked by the caller.
    struct Matrix {
        core::Mat rows;
        const Node* node = nullptr;
        // Where the rows were read from, for messages: "" when written inline, else "the tensor
        // 'q' of head.safetensors, shape [5, 2]" (node is then the mapping that names it).
        std::string source;
        std::size_t width() const { return rows.empty() ? 0 : rows[0].size(); }
    };
    std::optional<Matrix> matrix(const Node* n, const std::string& key, const std::string& rows_are);

private:
    std::string file_;
    core::Diagnostics& errors_;
    Columns& columns_;
    core::Diagnostics* warnings_ = nullptr;
    std::size_t count_ = 0;
    const std::function<std::string(char32_t)>* characters_ = nullptr;
    const std::function<void(const std::string&)>* texts_ = nullptr;
    std::size_t* computed_ = nullptr;
    std::vector<std::string>* files_ = nullptr;
    const Root* root_ = nullptr;
    std::vector<char32_t> warned_;  // characters already warned about in this file
};

// `version:` is optional; only 1 exists.
void version(Reader& r, const Node* v);

// ---- Key tables -----------------------------------------------------------------------------

// One key's value as a Key's reader sees it.
struct Value {
    const Node* node = nullptr;     // the value; null when the key is absent
    const Node* map = nullptr;      // the mapping (for "missing key" messages)
    std::string key;                // how messages name it: "tokens", "steps[2].title"
    const Reader::Fields* fields = nullptr;  // every key of the mapping (for readers of several keys)
    explicit operator bool() const { return node != nullptr; }
};

// One key of a mapping, declared once: its name and the code that reads its value into `R`.
// Readers run in table order for every key, present or not (so they can default or report a
// missing key). Keys read together share one reader, which runs once, at the first of them.
template <class R>
struct Key {
    const char* name;
    void (*read)(R&, const Value&);
};

template <class R>
std::vector<std::string> names(std::span<const Key<R>> keys) {
    std::vector<std::string> out;
    for (const Key<R>& k : keys) out.emplace_back(k.name);
    return out;
}

// Reads mapping `map` by its Key table: unknown and repeated keys are reported (with the
// nearest known one), then every reader runs. `where` names the mapping in messages ("the
// scene", "steps[2]"); `prefix` is what its keys are named under ("" or "steps[2]").
template <class R>
void read_keys(Reader& r, const Node* map, const std::string& where, const std::string& prefix,
               std::span<const Key<R>> keys, R& into) {
    const Reader::Fields f = r.fields(map, where, names(keys));
    for (std::size_t i = 0; i < keys.size(); ++i) {
        bool read_before = false;
        for (std::size_t j = 0; j < i; ++j) read_before |= keys[j].read == keys[i].read;
        if (read_before) continue;
        Value v;
        v.node = f.get(keys[i].name);
        v.map = map;
        v.key = prefix.empty() ? std::string(keys[i].name) : prefix + "." + keys[i].name;
        v.fields = &f;
        keys[i].read(into, v);
    }
}

}  // namespace load
