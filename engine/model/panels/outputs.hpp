// model/panels/outputs: every new vector at once: V and A·V on one heat scale.
// The panel's row (see model/panel.hpp), what it shows, and its builder's declaration; the
// painter is draw/outputs.cpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/panel.hpp"
#include "model/parts.hpp"

namespace model {

ATTNLAB_PANEL(Outputs, "outputs", outputs)

// Every new vector at once: the values V (n × dv) and the product A·V (a row per token, the
// weights as they stand), their numbers at 0.01 and their colours on the values' one diverging
// scale, with its legend; the asking token's row lit. Up to kMaxRows tokens and kMaxColumns
// value coordinates; beyond that only `note`.
struct Outputs {
    static constexpr Pictures kPictures{scene::Stage::Blend};  // A·V: Σ aᵢvᵢ for every row
    static constexpr int kMaxRows = 64, kMaxColumns = 16;
    std::string heading = "All outputs at once";
    std::string aside;            // "14 rows, one product"
    std::string note;             // when it is too large to draw
    std::vector<std::string> tokens;
    int focus = 0, hover = -1;
    Grid values;                  // V
    Grid outputs;                 // A·V
    Legend legend;                // the values' scale: "−1.0 … 0 … 1.0"
    std::string values_name = "V";
    std::string outputs_name = "A·V";
    double reveal = 1;            // 0 … 1: every row of the product arriving together
    std::string caption;          // "Row i of A·V is Σⱼ aᵢⱼ vⱼ: added to token i's input, it goes on to the next layer."
    bool operator==(const Outputs&) const = default;
};

}  // namespace model
