// load/kind: a scene, a deck or neither, told from a file's top; the messages of neither quote
// none of the file's text (see kind.hpp).
#include "load/kind.hpp"

namespace load {

namespace {

const char* kExpected = "a scene (a mapping with 'scene:') or a deck (a mapping with 'deck:')";

// What a node is, without a word of it: "text", "a list of 3 items".
std::string kind_of(const Node* n) {
    if (n->kind == Kind::Scalar) return "text";
    if (n->kind == Kind::Sequence) return "a list of " + plural(n->size(), "item", "items");
    return describe(n);
}

}  // namespace

Holds what_file_holds(Reader& r, const Node* root) {
    if (!root || root->kind == Kind::Null) {
        r.error_at(1, 1, std::string("the file is empty; expected ") + kExpected);
        return Holds::Neither;
    }
    if (root->kind != Kind::Map) {
        r.error(root, std::string("expected ") + kExpected + ", found " + kind_of(root) + " (not quoted: is it a scene or deck file?)");
        return Holds::Neither;
    }
    bool has_scene = false, has_deck = false;
    for (std::size_t i = 0; i < root->size(); ++i) {
        if (root->key(i)->kind != Kind::Scalar) continue;
        has_scene |= root->key(i)->value == "scene";
        has_deck |= root->key(i)->value == "deck";
    }
    if (has_scene && has_deck) {
        r.error(root, "a file is a scene or a deck, not both: it has both 'scene:' and 'deck:'");
        return Holds::Neither;
    }
    if (has_scene) return Holds::Scene;
    if (has_deck) return Holds::Deck;
    // Typos such as 'scen:' are named; any other key may be a line of a file that is no scene at
    // all, and is not quoted.
    for (std::size_t i = 0; i < root->size(); ++i) {
        const Node* k = root->key(i);
        if (k->kind != Kind::Scalar) continue;
        const std::string near = core::nearest(k->value, {"scene", "deck"});
        if (!near.empty()) r.error(k, "unknown key '" + k->value + "' (did you mean '" + near + "'?)");
    }
    r.error(root, std::string("missing key 'scene' or 'deck'; expected ") + kExpected);
    return Holds::Neither;
}

void name_not_yaml(core::Diagnostic& e) {
    // The parser's own words may quote the text ("bad YAML version: …", an alias's name).
    if (e.line <= 1) e.message = "malformed YAML from the first line on; expected a scene or deck file (its text is not quoted)";
}

}  // namespace load
