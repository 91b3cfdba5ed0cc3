// model/panels/graph: the focused token's edges to every word it reads, weighted.
// The panel's row (see model/panel.hpp), what it shows, and its builder's declaration; the
// painter is draw/graph.cpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/panel.hpp"
#include "model/parts.hpp"

namespace model {

ATTNLAB_PANEL(Graph, "graph", graph)

struct GraphNode {
    std::string word;
    bool focus = false, hover = false, hidden = false;
    std::string label;  // the share beside the node ("43%"), "" when not labelled
    bool operator==(const GraphNode&) const = default;
};
struct GraphEdge {
    int to = 0;
    double strength = 0;  // 0 … 1: width and opacity
    bool operator==(const GraphEdge&) const = default;
};
struct Graph {
    std::string heading;  // "Who chased reads"
    // Up to kMost tokens on the ring: all, or the asking token's neighbourhood (`window`); then
    // `note` says which ("tokens 2,041–2,056 of 4,096").
    static constexpr int kMost = 16;
    Window window;
    std::string note;
    int focus = 0;                 // among the nodes
    std::vector<GraphNode> nodes;  // the tokens of the window, in order
    std::vector<GraphEdge> edges;  // from the focus (to a node); the focus itself is a loop
    bool operator==(const Graph&) const = default;
};

}  // namespace model
