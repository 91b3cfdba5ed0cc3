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
};
struct GraphEdge {
    int to = 0;
    double strength = 0;  // 0 … 1: width and opacity
};
struct Graph {
    std::string heading;  // "Who chased reads"
    int focus = 0;
    std::vector<GraphNode> nodes;
    std::vector<GraphEdge> edges;  // from the focus; the focus itself is a loop
};

}  // namespace model
