// model/panels/value_plane: the values, the hull a blend can reach, and the chain of weighted values into the new vector.
// The panel's row (see model/panel.hpp), what it shows, and its builder's declaration; the
// painter is draw/value_plane.cpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/panel.hpp"
#include "model/parts.hpp"

namespace model {

ATTNLAB_PANEL(ValuePlane, "value-plane", value_plane)

struct ValueDot {
    core::Point at;      // plane coordinates
    std::string label;   // "cat", "chased · own value"
    double weight = 0;   // grows the dot once the weights exist (already × their progress)
    double hide = 0;
    bool focus = false, hover = false;
    bool operator==(const ValueDot&) const = default;
};
struct Segment {
    core::Point from, to;  // plane coordinates
    double alpha = 1;
    bool operator==(const Segment&) const = default;
};
struct ValuePlane {
    std::string heading = "Values, and the new vector";
    Extent extent;
    std::vector<core::Point> hull;  // the convex hull of the values, counter-clockwise
    // Up to kMost values drawn: all, or the asking token's neighbourhood (`window`), their
    // indices counting from its first; `note` says how many are not drawn (the blend's chain
    // and its result use every value).
    static constexpr int kMost = 12;
    Window window;
    std::string note;
    std::vector<ValueDot> values;
    std::vector<Segment> chain;     // each value × its weight, tip to tail (the blend step)
    bool blending = false;          // the blend has started
    core::Point out;                // the new vector Σ aᵢvᵢ
    core::Point own;                // the asking word's own value
    double diamond = 0;             // 0 … 1: the new vector's marker arriving
    double arrow = 0;               // 0 … 1: the dashed arrow from the own value
    std::string out_label = "new vector";
    bool operator==(const ValuePlane&) const = default;
};

}  // namespace model
