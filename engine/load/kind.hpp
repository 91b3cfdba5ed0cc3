// load/kind: what a file holds — a scene, a deck or neither — told from the top of its tree, and
// the messages of a file that is neither or is no YAML from its first line. Those name the file
// and never quote its text: a deck may name a file that is not YAML at all (a password file, a
// key), and its lines must not reach a terminal or the window's error overlay. Internal to load/.
#pragma once


#include "core/core.hpp"
#include "load/reader.hpp"

namespace load {

enum class Holds { Neither, Scene, Deck };

// What the file whose tree's top is `root` holds. When neither (empty, not a mapping, both
// 'scene:' and 'deck:', or neither of them), the reason is reported through `r`, quoting only a
// key that is a near miss of 'scene' or 'deck' ("unknown key 'scen' (did you mean 'scene'?)").
Holds what_file_holds(Reader& r, const Node* root);

// A parse error `e` of a file: at its first line the file may be no YAML at all, and the message
// then says so without a word of the parser's, which could quote its text.
void name_not_yaml(core::Diagnostic& e);

}  // namespace load
