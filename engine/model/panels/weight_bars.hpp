// model/panels/weight_bars: the softmax weights of the focused row as bars, in the two beats of the softmax step.
// The panel's row (see model/panel.hpp), what it shows, and its builder's declaration; the
// painter is draw/weight_bars.cpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/panel.hpp"
#include "model/parts.hpp"

namespace model {

ATTNLAB_PANEL(WeightBars, "weight-bars", weight_bars)

struct Bar {
    std::string token;
    double height = 0;   // 0 … 1 of the panel's bar height (the two softmax beats)
    std::string label;   // the share shown above it ("43%"), or exp(s) during the first beat
    double hide = 0;     // ≥ 0.999: a hatched stub "hidden · 0%"
    bool focus = false, hover = false, best = false;
    bool operator==(const Bar&) const = default;
};
struct WeightBars {
    bool shown = false;        // the softmax has started
    std::string aside;         // "Σ a = 1.00", or "exp(s) · bars scaled to the largest"
    std::string empty_note = "the weights appear at the softmax step";
    std::string hidden_label = "hidden · 0%";
    std::string hidden_short = "0%";  // where hidden_label does not fit its column
    bool shares = false;       // labels are shares (the second beat is far enough)
    // Up to kMost keys, as the score row: all, or the asking token's neighbourhood.
    static constexpr int kMost = 8, kWindow = 6;
    Window window;
    std::string before, after;
    std::vector<Bar> bars;
    bool operator==(const WeightBars&) const = default;
};

}  // namespace model
