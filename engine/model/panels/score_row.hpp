// model/panels/score_row: the focused row's scores, one cell per key, as the stage has brought them.
// The panel's row (see model/panel.hpp), what it shows, and its builder's declaration; the
// painter is draw/score_row.cpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/panel.hpp"
#include "model/parts.hpp"

namespace model {

ATTNLAB_PANEL(ScoreRow, "score-row", score_row)

struct ScoreCell {
    std::string token;
    std::string value;  // the score this stage has reached ("1.92"), "—" before scoring
    double tone = 0;    // −1 … 1 on the scores' diverging scale (model::Scales::score): the same
                        // score has the same colour here and in the matrix
    double hide = 0;    // the mask's fold: 0 front … 1 hidden face
    bool focus = false, hover = false;
    bool operator==(const ScoreCell&) const = default;
};
struct ScoreRow {
    std::string heading;     // "Match scores · q·k / √d"
    bool scored = false;     // cells coloured by their tone, the legend shown
    Legend legend;           // the scores' scale: "−2.7 … 0 … 2.7"
    // Up to kMost keys: all of them, or the asking token's neighbourhood (`window`), the others
    // counted at either end ("… 2,040 more").
    static constexpr int kMost = 8, kWindow = 6;  // a longer sequence shows kWindow keys
    Window window;
    std::string before, after;
    std::vector<ScoreCell> cells;
    double badge_scale = 0;  // opacity of the "÷√d" badge on each cell during its step
    // No "÷T" badge: the row stays on q·k/√d, T acts inside the softmax.
    bool operator==(const ScoreRow&) const = default;
};

}  // namespace model
