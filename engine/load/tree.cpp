// load/tree: yaml-cpp's event stream → load::tree::Document. The one file that includes
// yaml-cpp; every yaml-cpp exception is caught here.
#include "load/tree.hpp"

#include <yaml-cpp/anchor.h>
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <map>
#include <optional>
#include <istream>
#include <streambuf>
#include <utility>
#include <vector>

namespace load::tree {

namespace {

// Thrown from the event handler to stop the parse at the first fatal problem.
struct Stop {
    core::Diagnostic error;
};
// Thrown at the start of a second document: one file holds one.
struct SecondDocument {};

int one_based(int zero_based) { return zero_based >= 0 ? zero_based + 1 : 0; }

// Where the '[' or '{' left open before byte `end` of `text` was opened: yaml-cpp notices an
// unclosed flow collection only where the next line no longer fits it, one or more lines later.
// Quoted scalars and comments are skipped; a quote counts only where a scalar may start.
// `opener` '\0': the innermost bracket left open, of either kind.
std::optional<core::Diagnostic> unclosed_flow(const std::string& text, std::size_t end, char opener) {
    struct Open { char c; int line, column; };
    std::vector<Open> open;
    int line = 1, column = 1;
    char prev = '\n';  // the last character that is not a space
    for (std::size_t i = 0; i < end && i < text.size(); ++i, ++column) {
        const char c = text[i];
        if (c == '\n') {
            ++line;
            column = 0;
            prev = '\n';
            continue;
        }
        if (c == ' ' || c == '\t') continue;
        const bool starts_scalar = prev == '\n' || prev == '[' || prev == '{' || prev == ',' || prev == ':' || prev == '-';
        if (c == '#' && (i == 0 || text[i - 1] == ' ' || text[i - 1] == '\t' || text[i - 1] == '\n')) {
            while (i + 1 < end && text[i + 1] != '\n') ++i;
            continue;
        }
        if ((c == '"' || c == '\'') && starts_scalar) {
            const char q = c;
            while (i + 1 < end && text[i + 1] != q) {
                if (q == '"' && text[i + 1] == '\\') ++i, ++column;
                if (i + 1 < end && text[i + 1] == '\n') ++line, column = 0;
                ++i, ++column;
            }
            ++i, ++column;  // the closing quote
            prev = q;
            continue;
        }
        if (c == '[' || c == '{') open.push_back({c, line, column});
        else if ((c == ']' || c == '}') && !open.empty()) open.pop_back();
        prev = c;
    }
    for (auto it = open.rbegin(); it != open.rend(); ++it)
        if (it->c == opener || opener == '\0')
            return core::Diagnostic{"", it->line, it->column,
                                    std::string("malformed YAML: this '") + it->c + "' is never closed (expected '" +
                                        (it->c == '[' ? "]" : "}") + "' before the line ends or the list goes on)"};
    return std::nullopt;
}

std::uint32_t saturating_add(std::uint32_t a, std::uint64_t b) {
    constexpr std::uint64_t kMax = std::uint64_t{1} << 31;
    return static_cast<std::uint32_t>(std::min<std::uint64_t>(kMax, std::uint64_t{a} + std::min(b, kMax)));
}

// The 1-based column, in characters, of byte `pos` of `text` (messages name columns as editors do).
int char_column(const std::string& text, std::size_t pos) {
    pos = std::min(pos, text.size());
    const std::size_t start = pos == 0 ? 0 : text.rfind('\n', pos - 1) + 1;  // npos + 1 == 0
    int column = 1;
    for (std::size_t i = start; i < pos; ++i)
        if ((static_cast<unsigned char>(text[i]) & 0xC0u) != 0x80u) ++column;
    return column;
}

class Builder : public YAML::EventHandler {
public:
    Builder(Document& doc, const std::string& text, const Limits& limits) : doc_(doc), text_(text), limits_(limits) {}

    int documents = 0;
    YAML::Mark second_document;
    bool stop_at_second = false;

    void OnDocumentStart(const YAML::Mark& mark) override {
        if (++documents == 2) {
            second_document = mark;
            if (stop_at_second) throw SecondDocument{};
        }
    }
    void OnDocumentEnd() override {}

    void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
        begin_item(mark);
        Node* n = make(Node::Kind::Null, mark, anchor);
        // yaml-cpp marks an empty value where the next token starts (often the next line);
        // "key:" with nothing after it reads better pointing at the key.
        if (!open_.empty() && open_.back().node->kind == Node::Kind::Map && open_.back().node->items.size() % 2 == 1) {
            const Node* key = open_.back().node->items.back();
            n->line = key->line;
            n->column = key->column;
        }
        finish(n);
    }

    void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
        begin_item(mark);
        auto it = anchors_.find(anchor);
        const std::string name = "*" + anchor_name(anchor);
        if (it == anchors_.end()) stop(mark, "alias '" + name + "' names no anchor");
        const Node* target = it->second;
        if (!target->complete)
            stop(mark, "alias '" + name + "' refers to a node that contains it (a YAML structure cannot contain itself)");
        alias_nodes_ += std::min<std::uint64_t>(target->weight, kAliasBudget + 1);
        if (alias_nodes_ > kAliasBudget)
            stop(mark, "alias '" + name + "' would expand the file past " + std::to_string(kAliasBudget) +
                           " nodes (nested aliases: an alias bomb?); write the values out instead");
        attach(target);
    }

    void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                  const std::string& value) override {
        begin_item(mark);
        const bool plain = tag == "?" || tag.empty();
        if (value.size() > limits_.scalar_bytes) {
            const bool item = !open_.empty() && open_.back().limit && !open_.back().limit->item_says.empty();
            stop(mark, where() + std::string(item ? open_.back().limit->item_says : limits_.scalar_says) + ", found " +
                           std::to_string(value.size()));
        }
        // A number of a row, while the row is all numbers: a double, not a node.
        if (!open_.empty() && open_.back().row && open_.back().node->items.empty() && plain &&
            anchor == YAML::NullAnchor && limits_.finite_number) {
            double x = 0;
            if (limits_.finite_number(value, x)) {
                Node* row = open_.back().node;
                open_.back().row->push_back(x);
                row->weight = saturating_add(row->weight, 1);
                return;
            }
        }
        Node* n = make(Node::Kind::Scalar, mark, anchor);
        n->value = value;
        n->plain = plain;
        finish(n);
    }

    void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                         YAML::EmitterStyle::value) override {
        begin_item(mark);
        const ListLimit* limit = list_limit();
        Node* n = make(Node::Kind::Sequence, mark, anchor);
        std::vector<double>* row = nullptr;
        if (limit->numbers) {
            row = &doc_.rows.emplace_back();
            n->numbers = row;
        }
        open_.push_back({n, limit, row});
    }
    void OnSequenceEnd() override { close(); }

    void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                    YAML::EmitterStyle::value) override {
        begin_item(mark);
        open_.push_back({make(Node::Kind::Map, mark, anchor), nullptr, nullptr});
    }
    void OnMapEnd() override { close(); }

    void OnAnchor(const YAML::Mark&, const std::string& name) override { pending_anchor_name_ = name; }

private:
    struct Open {
        Node* node;
        const ListLimit* limit;     // a list's (null for a mapping)
        std::vector<double>* row;   // a row's numbers (Node::numbers), or null
    };
    Document& doc_;
    const std::string& text_;
    const Limits& limits_;
    std::vector<Open> open_;                         // collections being filled, innermost last
    std::map<YAML::anchor_t, const Node*> anchors_;  // anchor id → its node
    std::map<YAML::anchor_t, std::string> anchor_names_;
    std::string pending_anchor_name_;
    std::uint64_t alias_nodes_ = 0;  // nodes aliases have added so far, as if expanded
    std::size_t nodes_ = 0;          // nodes made

    [[noreturn]] static void stop(const YAML::Mark& mark, std::string message) {
        throw Stop{core::Diagnostic{"", one_based(mark.line), one_based(mark.column), std::move(message)}};
    }

    // The keys from the root to the node about to be read ("[]" for a list's item).
    std::vector<std::string_view> path() const {
        std::vector<std::string_view> p;
        for (const Open& o : open_) {
            const Node* c = o.node;
            if (c->kind == Node::Kind::Sequence) p.emplace_back("[]");
            else if (c->items.size() % 2 == 1) p.emplace_back(c->items.back()->kind == Node::Kind::Scalar ? std::string_view(c->items.back()->value) : std::string_view("?"));
            else p.emplace_back("?");  // a key being read
        }
        return p;
    }

    // How messages name the node about to be read, as the loader names keys: "q[0]: ", "steps: ".
    std::string where() const {
        std::string w;
        for (const Open& o : open_) {
            const Node* c = o.node;
            if (c->kind == Node::Kind::Sequence) {
                w += "[" + std::to_string(c->size()) + "]";
            } else if (c->items.size() % 2 == 1 && c->items.back()->kind == Node::Kind::Scalar) {
                w += (w.empty() ? "" : ".") + c->items.back()->value;
            }
        }
        return w.empty() ? w : w + ": ";
    }

    const ListLimit* list_limit() const {
        if (limits_.list) {
            const std::vector<std::string_view> p = path();
            if (const ListLimit* l = limits_.list(p)) return l;
        }
        return &limits_.any_list;
    }

    // Before an item of a list is read: the list has room for it, or the parse stops here, at the
    // list, saying where the first item past its limit is (nothing after it has been read).
    void begin_item(const YAML::Mark& mark) {
        if (open_.empty() || open_.back().node->kind != Node::Kind::Sequence) return;
        const Node* list = open_.back().node;
        const ListLimit& limit = *open_.back().limit;
        if (list->size() < limit.items) return;
        std::string key = where();
        key = key.substr(0, key.rfind('['));  // the list's own key, not its next item's
        throw Stop{core::Diagnostic{
            "", list->line, list->column,
            key + (key.empty() ? "" : ": ") + std::string(limit.says) + ", found more: its item " +
                std::to_string(limit.items + 1) + " (line " + std::to_string(one_based(mark.line)) + ", column " +
                std::to_string(mark.pos >= 0 ? char_column(text_, static_cast<std::size_t>(mark.pos)) : one_based(mark.column)) +
                ") passes the limit, and nothing after it was read"}};
    }

    std::string anchor_name(YAML::anchor_t anchor) const {
        auto it = anchor_names_.find(anchor);
        return it == anchor_names_.end() ? std::to_string(anchor) : it->second;
    }

    Node* make(Node::Kind kind, const YAML::Mark& mark, YAML::anchor_t anchor) {
        if (++nodes_ > limits_.nodes)
            stop(mark, "the file has more than " + std::to_string(limits_.nodes) +
                           " values (the limit; the numbers of the vectors are not counted), and nothing after this one was read");
        Node* n = &doc_.arena.emplace_back();
        n->kind = kind;
        n->line = one_based(mark.line);
        n->column = one_based(mark.column);
        if (anchor != YAML::NullAnchor) {
            anchors_[anchor] = n;
            anchor_names_[anchor] = pending_anchor_name_;
        }
        pending_anchor_name_.clear();
        return n;
    }

    void attach(const Node* n) {
        if (open_.empty()) {
            if (!doc_.root) doc_.root = n;
            return;
        }
        Node* parent = open_.back().node;
        parent->items.push_back(n);
        parent->weight = saturating_add(parent->weight, n->weight);
    }

    void finish(Node* n) {
        n->complete = true;
        attach(n);
    }

    void close() {
        if (open_.empty()) return;
        Open o = open_.back();
        open_.pop_back();
        o.node->items.shrink_to_fit();
        if (o.row) o.row->shrink_to_fit();
        finish(o.node);
    }
};

// The text as a stream without a copy of it.
struct TextBuffer : std::streambuf {
    explicit TextBuffer(const std::string& text) {
        char* begin = const_cast<char*>(text.data());  // only read
        setg(begin, begin, begin + text.size());
    }
};

}  // namespace

bool parse(const std::string& text, Document& doc, core::Diagnostic& error, const Limits& limits) {
    if (auto e = check_flow(text, limits)) {
        error = *e;
        doc.root = nullptr;
        return false;
    }
    try {
        TextBuffer buffer(text);
        std::istream in(&buffer);
        YAML::Parser parser(in);
        Builder builder(doc, text, limits);
        parser.HandleNextDocument(builder);
        if (builder.documents > 0) {
            // A second document is an error: one file holds one scene or one deck.
            Document ignored;
            Builder rest(ignored, text, limits);
            rest.documents = 1;
            rest.stop_at_second = true;  // not read: its start is all the message needs
            try {
                parser.HandleNextDocument(rest);
            } catch (const SecondDocument&) {
            }
            if (rest.documents > 1) {
                error = {"", one_based(rest.second_document.line), one_based(rest.second_document.column),
                         "a second YAML document ('---'); a file holds one scene or one deck"};
                return false;
            }
        }
        return true;
    } catch (const Stop& s) {
        error = s.error;
    } catch (const YAML::DeepRecursion& e) {
        error = {"", one_based(e.mark.line), one_based(e.mark.column),
                 "malformed YAML: lists or mappings nested " + std::to_string(e.depth()) + " levels deep; that is too deep"};
    } catch (const YAML::Exception& e) {
        error = {"", one_based(e.mark.line), one_based(e.mark.column), "malformed YAML: " + e.msg};
        // Point at the bracket left open, not at where the parser gave up on it: the end of the
        // text, or the next item of a block list ("illegal block entry": its '-' read inside the
        // open bracket).
        const bool seq = e.msg == YAML::ErrorMsg::END_OF_SEQ_FLOW, map = e.msg == YAML::ErrorMsg::END_OF_MAP_FLOW;
        const bool item = e.msg == YAML::ErrorMsg::BLOCK_ENTRY;
        if ((seq || map || item) && e.mark.pos >= 0)
            if (auto at = unclosed_flow(text, static_cast<std::size_t>(e.mark.pos), seq ? '[' : map ? '{' : '\0'))
                if (!item || at->line < one_based(e.mark.line)) error = *at;
    } catch (const std::exception& e) {
        error = {"", 0, 0, std::string("could not read the YAML: ") + e.what()};
    }
    doc.root = nullptr;
    return false;
}

bool check_utf8(const std::string& bytes, core::Diagnostic& error) {
    const auto* s = reinterpret_cast<const unsigned char*>(bytes.data());
    const std::size_t size = bytes.size();
    int line = 1;
    int column = 1;
    auto fail = [&](std::size_t at, const std::string& what) {
        char hex[8];
        std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned>(s[at]));
        error = {"", line, column, what + " (byte " + hex + " at offset " + std::to_string(at) + ")"};
        return false;
    };
    std::size_t i = 0;
    while (i < size) {
        const unsigned char c = s[i];
        if (c < 0x80) {
            if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F)
                return fail(i, "control character not allowed in YAML; is this a text file?");
            if (c == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
            ++i;
            continue;
        }
        // Multi-byte sequence: the lead byte gives the length and the smallest code point
        // (to refuse overlong forms); surrogates and code points past U+10FFFF are invalid.
        std::size_t len = 0;
        std::uint32_t cp = 0;
        std::uint32_t min = 0;
        if (c >= 0xC2 && c <= 0xDF) {
            len = 2;
            cp = c & 0x1Fu;
            min = 0x80;
        } else if (c >= 0xE0 && c <= 0xEF) {
            len = 3;
            cp = c & 0x0Fu;
            min = 0x800;
        } else if (c >= 0xF0 && c <= 0xF4) {
            len = 4;
            cp = c & 0x07u;
            min = 0x10000;
        } else {
            return fail(i, "the file is not UTF-8; save it as UTF-8");
        }
        if (i + len > size) return fail(i, "the file is not UTF-8 (a character is cut off at the end); save it as UTF-8");
        for (std::size_t k = 1; k < len; ++k) {
            if ((s[i + k] & 0xC0u) != 0x80u) return fail(i, "the file is not UTF-8; save it as UTF-8");
            cp = (cp << 6) | (s[i + k] & 0x3Fu);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return fail(i, "the file is not UTF-8 (an invalid character encoding); save it as UTF-8");
        ++column;
        i += len;
    }
    return true;
}

}  // namespace load::tree
