// model/panels/block: where this head sits in a Transformer block.
// The panel's row (see model/panel.hpp), what it shows, and its builder's declaration; the
// painter is draw/block.cpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/panel.hpp"
#include "model/parts.hpp"

namespace model {

ATTNLAB_PANEL(Block, "block", block)

// Where this head sits: one Transformer block drawn bottom to top as the paper draws it —
// inputs with positions, h heads side by side, add & norm, feed-forward, add & norm, on to the
// next layer — with what the lecture shows lit and what it leaves out greyed; the residual paths,
// whose add the lecture draws (the projections' x + Δ), in ink with a "+" where they join.
struct Block {
    static constexpr bool kOneHead = false;  // where the heads sit in a layer
    static constexpr Pictures kPictures{};  // the whole head: a step showing it lights no one stage
    std::string heading = "One head of one Transformer block";
    std::string aside = "grey: not in this lecture";
    struct Part {
        std::string name;      // "Feed-forward network"
        std::string note;      // "every token on its own: not shown"
        bool shown = false;    // lit: this lecture draws it
        bool residual = false; // an "add & norm" the input skips ahead to
        bool add = false;      // its add drawn as shown: the residual path in ink, "+" where it joins
        bool operator==(const Part&) const = default;
    };
    std::vector<Part> parts;   // bottom to top
    int heads = 0;             // the attention part's heads, drawn side by side; the first is this one
    int attention = -1;        // the index of the attention part in `parts`
    std::string head;          // "this head · d = 2"
    std::string head_note;     // "softmax(q·k/√d)·V"
    std::string other_heads = "other heads";
    bool operator==(const Block&) const = default;
};

}  // namespace model
