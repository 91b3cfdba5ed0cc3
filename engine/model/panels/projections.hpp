// model/panels/projections: where q, k and v come from: the asking token's x times W_Q, W_K and W_V.
// The panel's row (see model/panel.hpp), what it shows, and its builder's declaration; the
// painter is draw/projections.cpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/panel.hpp"
#include "model/parts.hpp"

namespace model {

ATTNLAB_PANEL(Projections, "projections", projections)

struct Projections {
    std::string heading = "Where q, k, v come from";
    std::string aside;  // "for chased"
    std::string note;   // when the scene gives q, k and v directly
    using Grid = model::Grid;
    struct Equation {
        std::string x_name, w_name, out_name;  // "x · chased", "W_Q", "q · chased"
        enum class Ink { Query, Key, Value } ink = Ink::Query;
        Grid x, w, out;
        bool operator==(const Equation&) const = default;
    };
    std::vector<Equation> equations;  // empty: no projections
    Legend legend;                    // the one diverging scale of every entry shown
    std::string caption = "every token uses the same three matrices";
    bool operator==(const Projections&) const = default;
};

}  // namespace model
