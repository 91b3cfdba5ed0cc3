// load/flow: the lists and collections a file writes in brackets, counted from its text before
// yaml-cpp reads it (tree::check_flow). yaml-cpp holds a collection in brackets whole before it
// hands over its first value (the collection might be a key), so a row of ten million numbers
// would be held whole before tree::parse could count it: counted here, it is refused at its item
// past the limit, in one pass over the text. Knows YAML's flow indicators, quotes, comments and
// block scalars; no scene format beyond the loader's Limits.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "load/tree.hpp"

namespace load::tree {

namespace {

// The 1-based column, in characters, of byte `pos` on the line that starts at `line_start`.
int columns_to(const std::string& text, std::size_t line_start, std::size_t pos) {
    int column = 1;
    for (std::size_t i = line_start; i < pos; ++i)
        if ((static_cast<unsigned char>(text[i]) & 0xC0u) != 0x80u) ++column;
    return column;
}

constexpr std::size_t kMaxDepth = 1000;  // more than yaml-cpp's depth guard allows

struct Open {
    char bracket;                  // '[' or '{'
    int line, column;              // where it opens (column in bytes)
    std::size_t items = 0;         // items begun so far
    bool content = false;          // the current item has begun
    const ListLimit* limit;        // a list's ('[')
    std::string key;               // how messages name it ("q[0]"), or "" where its keys are not plain
};

}  // namespace

std::optional<core::Diagnostic> check_flow(const std::string& text, const Limits& limits) {
    const std::size_t n = text.size();
    std::vector<Open> open;
    std::size_t values = 0;          // begun in the outermost collection open
    int line = 1;
    std::size_t line_start = 0;
    // The plain path to a collection: the key of the last line that starts at column 1 ("q:"),
    // whether nothing follows its colon, and the block list items ("- ") under it since.
    std::string top_key;
    bool top_bare = false;
    std::size_t dashes = 0;
    std::size_t key_colon = std::string::npos;   // where top_key's colon is, on its own line
    std::size_t dash_at = std::string::npos;     // where the "- " of the current line is
    int indent = 0;                              // of the current line
    int block_indent = -1;                       // in a block scalar: its lines are indented more
    char prev = '\n';                            // the last character that is not a space
    std::size_t block_bytes = 0;                 // the block scalar's, counted so far
    std::string block_name;                      // and where it starts
    int block_line = 0, block_column = 0;

    auto over = [&](const Open& at, const std::string& says, const char* noun, std::size_t count, std::size_t pos,
                    const char* after) -> core::Diagnostic {
        const std::string name = at.key.empty() ? (at.bracket == '[' ? "a list in brackets" : "a mapping in braces") : at.key;
        return core::Diagnostic{"", at.line, at.column,
                                name + ": " + says + ", found more: its " + noun + " " + std::to_string(count) + " (line " + std::to_string(line) + ", column " +
                                    std::to_string(columns_to(text, line_start, pos)) +
                                    ") passes the limit, and nothing after it was read" + after};
    };
    // A scalar longer than any may be, at (line, byte column): named by its key where it is plain.
    auto long_text = [&](const std::string& name, int at_line, int at_column, std::size_t bytes) {
        return core::Diagnostic{"", at_line, at_column,
                                (name.empty() ? std::string("a text") : name) + ": " + std::string(limits.scalar_says) + ", found " +
                                    std::to_string(bytes) + " or more, and nothing after it was read"};
    };
    // The key of a value that starts at `pos` where it is plain to see: a top key's on its line.
    auto value_key = [&](std::size_t pos) -> std::string {
        (void)pos;
        return open.empty() && prev == ':' && key_colon != std::string::npos ? top_key : std::string();
    };
    // An item of the innermost collection begins at `pos`.
    auto begin_item = [&](std::size_t pos) -> std::optional<core::Diagnostic> {
        Open& o = open.back();
        if (o.content) return std::nullopt;
        o.content = true;
        ++o.items;
        ++values;
        if (o.bracket == '[' && o.items > o.limit->items) return over(o, std::string(o.limit->says), "item", o.items, pos, "");
        if (values > limits.flow_values)
            return over(open.front(), "at most " + std::to_string(limits.flow_values) + " values may be written in one collection in brackets (the limit)",
                        "value", values, pos, "; write a large matrix as a block list of rows, one '- [...]' a line");
        return std::nullopt;
    };
    // The limit and name of a list that opens at `pos`, nested in the collections open.
    auto list_at = [&]() -> std::pair<const ListLimit*, std::string> {
        std::vector<std::string_view> path;
        std::string key;
        if (open.empty()) {
            const bool after_key = key_colon != std::string::npos && prev == ':' && !top_key.empty();
            const bool row_item = dash_at != std::string::npos && prev == '-' && top_bare && dashes > 0 && indent > 0;
            if (after_key) {
                key = top_key;
            } else if (row_item) {
                key = top_key + "[" + std::to_string(dashes - 1) + "]";
            } else {
                return {&limits.any_list, ""};
            }
            path.emplace_back(top_key);
            if (row_item) path.emplace_back("[]");
        } else {
            const Open& parent = open.back();
            // Rows are lists in a list at most: deeper, any list's limit (and no path to build).
            if (parent.key.empty() || parent.bracket != '[' || open.size() > 2) return {&limits.any_list, ""};
            // The plain path again: the top key, then "[]" for every list open (and the block item).
            path.emplace_back(top_key);
            const bool row_item = parent.key.size() > top_key.size() && open.size() == 1 && parent.key[top_key.size()] == '[';
            if (row_item) path.emplace_back("[]");
            for (std::size_t k = 0; k < open.size(); ++k) path.emplace_back("[]");
            key = parent.key + "[" + std::to_string(parent.items - 1) + "]";
        }
        const ListLimit* l = limits.list ? limits.list(path) : nullptr;
        return {l ? l : &limits.any_list, key};
    };

    std::size_t i = 0;
    while (i < n) {
        if (i == line_start) {
            std::size_t j = i;
            while (j < n && text[j] == ' ') ++j;
            indent = static_cast<int>(j - i);
            const bool blank = j >= n || text[j] == '\n' || text[j] == '\r' || text[j] == '#';
            if (block_indent >= 0) {
                if (blank || indent > block_indent) {  // a line of the block scalar: not read here
                    const std::size_t end = text.find('\n', i);
                    // Its bytes past the line's indentation (fewer than the text's, never more).
                    block_bytes += (end == std::string::npos ? n : end) - j + 1;
                    if (block_bytes > limits.scalar_bytes + 1)
                        return long_text(block_name, block_line, block_column, block_bytes - 1);
                    if (end == std::string::npos) break;
                    i = end;  // the newline below counts the line
                    prev = '\n';
                    goto newline;
                }
                block_indent = -1;
            }
            // A line that starts at column 1 leaves any brackets (else it would be malformed):
            // counted as out of them, the count can only be lower.
            if (!open.empty() && indent == 0 && !blank && text[j] != ']' && text[j] != '}' && text[j] != ',') {
                open.clear();
                values = 0;
            }
            key_colon = dash_at = std::string::npos;
            if (open.empty() && !blank) {
                if (indent == 0) {
                    std::size_t k = j;
                    while (k < n && text[k] != ':' && text[k] != '\n' && text[k] != '#' && text[k] != ' ') ++k;
                    if (k < n && text[k] == ':' && (k + 1 == n || text[k + 1] == ' ' || text[k + 1] == '\n' || text[k + 1] == '\r')) {
                        top_key = text.substr(j, k - j);
                        key_colon = k;
                        std::size_t r = k + 1;
                        while (r < n && (text[r] == ' ' || text[r] == '\r')) ++r;
                        top_bare = r >= n || text[r] == '\n' || text[r] == '#';
                        dashes = 0;
                    } else {
                        top_key.clear();
                        top_bare = false;
                    }
                } else if (text[j] == '-' && (j + 1 == n || text[j + 1] == ' ' || text[j + 1] == '\n')) {
                    ++dashes;
                    dash_at = j;
                }
            }
            prev = '\n';
            i = j;
            if (i >= n) break;
        }
        {
            const char c = text[i];
            if (c == '\n') {
                goto newline;
            }
            if (c == ' ' || c == '\t' || c == '\r') {
                ++i;
                continue;
            }
            if (c == '#' && (i == 0 || text[i - 1] == ' ' || text[i - 1] == '\t' || text[i - 1] == '\n')) {
                const std::size_t end = text.find('\n', i);
                if (end == std::string::npos) break;
                i = end;
                goto newline;
            }
            const bool in_flow = !open.empty();
            const bool node_start = in_flow ? (prev == '[' || prev == '{' || prev == ',' || prev == ':' || prev == '?')
                                            : (prev == '\n' || prev == ':' || prev == '-' || prev == '?');
            if (in_flow && c != ',' && c != ']' && c != '}')
                if (auto e = begin_item(i)) return e;
            if ((c == '&' || c == '!') && node_start) {  // an anchor or a tag: the node comes after it
                while (i < n && text[i] != ' ' && text[i] != '\n' && !(in_flow && (text[i] == ',' || text[i] == ']' || text[i] == '}'))) ++i;
                continue;
            }
            if ((c == '"' || c == '\'') && node_start) {
                // A quoted scalar, across lines if it goes on ('' and \" do not end it). Its bytes
                // are counted as its value has them or fewer: an escape as one, a line break and
                // the indentation after it as one.
                const std::string name = value_key(i);
                const int at_line = line, at_column = static_cast<int>(i - line_start) + 1;
                std::size_t bytes = 0;
                std::size_t k = i + 1;
                while (k < n) {
                    if (++bytes > limits.scalar_bytes) return long_text(name, at_line, at_column, bytes);
                    if (c == '"' && text[k] == '\\') {
                        const char e = k + 1 < n ? text[k + 1] : '\0';
                        k += e == 'x' ? 4 : e == 'u' ? 6 : e == 'U' ? 10 : 2;
                        continue;
                    }
                    if (text[k] == c) {
                        if (c == '\'' && k + 1 < n && text[k + 1] == '\'') {
                            k += 2;
                            continue;
                        }
                        break;
                    }
                    if (text[k] == '\n') {
                        ++line;
                        line_start = k + 1;
                        while (k + 1 < n && (text[k + 1] == ' ' || text[k + 1] == '\t')) ++k;
                    }
                    ++k;
                }
                i = k + 1;
                prev = c;
                continue;
            }
            if ((c == '[' || c == '{') && (in_flow || node_start)) {
                Open o{c, line, static_cast<int>(i - line_start) + 1, 0, false, nullptr, ""};
                if (c == '[') {
                    auto [limit, key] = list_at();
                    o.limit = limit;
                    o.key = std::move(key);
                } else {
                    o.limit = &limits.any_list;
                }
                if (open.empty()) values = 0;
                // Nested deeper than yaml-cpp reads (its depth guard says so, at once): not counted.
                if (open.size() >= kMaxDepth) return std::nullopt;
                open.push_back(std::move(o));
                prev = c;
                ++i;
                continue;
            }
            if (in_flow && (c == ']' || c == '}')) {
                open.pop_back();
                prev = c;
                ++i;
                continue;
            }
            if (in_flow && c == ',') {
                open.back().content = false;
                prev = c;
                ++i;
                continue;
            }
            if (!in_flow && (c == '|' || c == '>') && node_start) {
                block_indent = indent;  // its lines are the ones indented more than this line
                block_bytes = 0;
                block_name = value_key(i);
                block_line = line;
                block_column = static_cast<int>(i - line_start) + 1;
                const std::size_t end = text.find('\n', i);
                if (end == std::string::npos) break;
                i = end;
                goto newline;
            }
            const bool indicator = (c == '-' || c == '?' || c == ':') && (i + 1 == n || text[i + 1] == ' ' || text[i + 1] == '\n' || text[i + 1] == '\r');
            if (!in_flow && node_start && !indicator) {
                // A plain scalar: on this line it runs to a key's ": ", a comment or the line's end
                // (a line after it may add more: not counted).
                std::size_t k = i;
                while (k < n && text[k] != '\n' && !(text[k] == ':' && (k + 1 == n || text[k + 1] == ' ' || text[k + 1] == '\n' || text[k + 1] == '\r')) &&
                       !(text[k] == '#' && k > i && (text[k - 1] == ' ' || text[k - 1] == '\t')))
                    ++k;
                std::size_t end = k;
                while (end > i && (text[end - 1] == ' ' || text[end - 1] == '\t' || text[end - 1] == '\r')) --end;
                if (end - i > limits.scalar_bytes)
                    return long_text(value_key(i), line, static_cast<int>(i - line_start) + 1, end - i);
                if (k > i) {
                    prev = text[k - 1];
                    i = k;
                    continue;
                }
            }
            prev = c;
            ++i;
            continue;
        }
    newline:
        ++line;
        line_start = i + 1;
        i = line_start;
    }
    return std::nullopt;
}

}  // namespace load::tree
