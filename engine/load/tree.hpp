// load/tree: a small, read-only YAML tree with 1-based positions, built from yaml-cpp's event
// stream (tree.cpp is where yaml-cpp is included). Internal to load/.
//
// Why not YAML::Node: building our own tree lets us (1) refuse alias bombs while parsing — an
// alias adds the expanded size of its target to a budget, so nested aliases that would expand
// to billions of nodes stop at the first alias past the budget, in microseconds; (2) see
// duplicate keys, which YAML::Node silently drops; (3) keep every node's line and column.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/core.hpp"

namespace load::tree {

struct Node {
    enum class Kind { Null, Scalar, Sequence, Map };
    Kind kind = Kind::Null;
    int line = 0;    // 1-based
    int column = 0;  // 1-based
    bool plain = true;                // a plain scalar: not quoted, no explicit tag
    std::string value;                // Scalar: its text
    std::vector<const Node*> items;   // Sequence: the items; Map: key, value, key, value, …
    std::uint64_t weight = 1;         // nodes in the subtree with aliases expanded (saturating)
    bool complete = false;            // false while the parser is still inside it

    std::size_t size() const { return kind == Kind::Map ? items.size() / 2 : items.size(); }
    const Node* key(std::size_t i) const { return items[2 * i]; }
    const Node* val(std::size_t i) const { return items[2 * i + 1]; }
};

// Nodes are owned by the document (aliases make the tree a DAG: a node may have many parents).
struct Document {
    std::vector<std::unique_ptr<Node>> arena;
    const Node* root = nullptr;  // null for an empty file
};

// Aliases may add at most this many nodes to a document, counted as if expanded.
constexpr std::uint64_t kAliasBudget = 1'000'000;

// Parses one YAML document. Returns false and fills `error` (line, column, message; not the file)
// on malformed YAML, a second document, an alias bomb or a recursive alias.
// Never throws: yaml-cpp's exceptions are caught inside.
bool parse(const std::string& text, Document& doc, core::Diagnostic& error);

// Checks that `bytes` is UTF-8 and holds no control characters YAML forbids (C0 other than
// tab, LF, CR; DEL). Returns false with the 1-based line and column (in characters) of the first
// bad byte and a message.
bool check_utf8(const std::string& bytes, core::Diagnostic& error);

}  // namespace load::tree
