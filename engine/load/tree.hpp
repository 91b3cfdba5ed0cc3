// load/tree: a small, read-only YAML tree with 1-based positions, built from yaml-cpp's event
// stream (tree.cpp is where yaml-cpp is included). Internal to load/.
//
// Why not YAML::Node: building our own tree lets us (1) refuse alias bombs while parsing — an
// alias adds the expanded size of its target to a budget, so nested aliases that would expand
// to billions of nodes stop at the first alias past the budget, in microseconds; (2) see
// duplicate keys, which YAML::Node silently drops; (3) keep every node's line and column; (4)
// refuse a file while reading it, at the first list, text or node past a limit (Limits), before
// anything after it is read; (5) read a row of numbers straight into numbers (Node::numbers),
// not a node per number. It knows no scene format: which lists are rows, and each list's limit,
// come from the loader (file_limits(), load/limits.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/core.hpp"

namespace load::tree {

struct Node {
    enum class Kind : std::uint8_t { Null, Scalar, Sequence, Map };
    Kind kind = Kind::Null;
    bool plain = true;                // a plain scalar: not quoted, no explicit tag
    bool complete = false;            // false while the parser is still inside it
    int line = 0;                     // 1-based
    int column = 0;                   // 1-based, in bytes
    std::uint32_t weight = 1;         // nodes in the subtree with aliases expanded (saturating)
    std::string value;                // Scalar: its text
    // A row of numbers (a list the loader reads as numbers, Limits::list): its leading items,
    // each a plain number that reads as a finite double, as those doubles; `items` holds the
    // items from the first that is not one on (as nodes, so that a message can point at them).
    // Item i of the list is (*numbers)[i] for i < packed(), else items[i - packed()]. Null for any
    // other node (the numbers are the document's, kept apart so that other nodes stay small).
    const std::vector<double>* numbers = nullptr;
    std::vector<const Node*> items;   // Sequence: the items (after the numbers); Map: key, value, key, value, …

    std::size_t packed() const { return numbers ? numbers->size() : 0; }
    std::size_t size() const { return kind == Kind::Map ? items.size() / 2 : packed() + items.size(); }
    const Node* key(std::size_t i) const { return items[2 * i]; }
    const Node* val(std::size_t i) const { return items[2 * i + 1]; }
};

// Nodes are owned by the document (aliases make the tree a DAG: a node may have many parents).
struct Document {
    std::deque<Node> arena;      // a deque: a node stays where it is made, with no allocation of its own
    std::deque<std::vector<double>> rows;  // the numbers of rows (Node::numbers)
    const Node* root = nullptr;  // null for an empty file
};

// Aliases may add at most this many nodes to a document, counted as if expanded.
constexpr std::uint64_t kAliasBudget = 1'000'000;

// What a list may hold, as the loader says it for the list at a path of keys.
struct ListLimit {
    std::size_t items = 0;  // the most items it may have
    // How a message names the limit, after the list's key: "at most 4096 tokens are supported".
    std::string_view says;
    bool numbers = false;   // a row of numbers: read into Node::numbers
    // How a message names the limit of an item's text past Limits::scalar_bytes, when the list's
    // items have a limit of their own ("a token is at most 64 bytes"); else Limits::scalar_says.
    std::string_view item_says = {};
};

// The limits a file is read within: past any of them the parse stops, at once, with an error at
// the list, text or node that passes it, naming the limit.
struct Limits {
    std::size_t nodes = 0;         // nodes in the file (aliases and the numbers of rows not counted)
    std::size_t scalar_bytes = 0;  // bytes of any one scalar
    std::string_view scalar_says;  // "at most 4000 bytes of text are allowed"
    ListLimit any_list;            // any list the loader does not name
    // The limit of the list at `path` (the keys from the root, "[]" for an item of a list: a
    // scene's first query is {"q", "[]"}), or null for `any_list`.
    const ListLimit* (*list)(std::span<const std::string_view> path) = nullptr;
    // Whether the text of a plain scalar reads as a finite number, and which (for the rows).
    bool (*finite_number)(std::string_view text, double& out) = nullptr;
    // Values in one collection written in brackets, nested ones included: yaml-cpp reads such a
    // collection whole before it hands over its first value (it might be a key), so this bounds
    // what it holds at once.
    std::size_t flow_values = 0;
};

// The limits of a scene or deck file (load/limits.cpp: the loader's own, documented in
// scenes/README.md).
const Limits& file_limits();

// Parses one YAML document. Returns false and fills `error` (line, column in bytes, message; not
// the file) on malformed YAML, a second document, an alias bomb, a recursive alias or a limit
// passed. Never throws: yaml-cpp's exceptions are caught inside.
bool parse(const std::string& text, Document& doc, core::Diagnostic& error, const Limits& limits = file_limits());

// The lists and collections written in brackets (`[…]`, `{…}`), counted from the text before
// yaml-cpp reads it (load/flow.cpp): the first list past its limit (Limits::list where its keys
// are plain to see, else any_list) or collection past flow_values is an error at its bracket
// (line, column in bytes) that names where the first value past the limit is. Conservative: where
// the text is not plain (a block scalar, a line that leaves the brackets), it counts less, never
// more, and parse() checks every list again as it reads it.
std::optional<core::Diagnostic> check_flow(const std::string& text, const Limits& limits);

// Checks that `bytes` is UTF-8 and holds no control characters YAML forbids (C0 other than
// tab, LF, CR; DEL). Returns false with the 1-based line and column (in characters) of the first
// bad byte and a message.
bool check_utf8(const std::string& bytes, core::Diagnostic& error);

}  // namespace load::tree
