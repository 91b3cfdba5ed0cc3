// model/panels/token_row: the words of the sequence as chips: the asking one, the hovered one, and how far the mask has hidden each.
// The panel's row (see model/panel.hpp), what it shows, and its builder's declaration; the
// painter is draw/token_row.cpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/panel.hpp"
#include "model/parts.hpp"

namespace model {

ATTNLAB_PANEL(TokenRow, "token-row", token_row)

struct Chip {
    std::string word;
    bool focus = false, hover = false;
    double hide = 0;  // 0 visible … 1 hidden by the mask (dimmed, dashed)
    bool operator==(const Chip&) const = default;
};
struct TokenRow {
    // Up to kMost tokens: all of them, or the asking token's neighbourhood (`window`), the chips
    // of the tokens shown, in order, and the others counted at either end ("… 2,040 more").
    static constexpr int kMost = 16, kWindow = 12;  // a longer sequence shows kWindow of them
    Window window;
    std::vector<Chip> chips;
    std::string before, after;
    bool operator==(const TokenRow&) const = default;
};

}  // namespace model
