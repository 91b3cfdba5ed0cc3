// model/panels/arithmetic: the arithmetic of the best match, line by line as the stages run.
// The panel's row (see model/panel.hpp), what it shows, and its builder's declaration; the
// painter is draw/arithmetic.cpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/panel.hpp"
#include "model/parts.hpp"

namespace model {

ATTNLAB_PANEL(Arithmetic, "arithmetic", arithmetic)

struct Arithmetic {
    std::string heading = "Arithmetic of the best match";
    std::string aside;               // the best match's word, once the weights exist
    std::vector<std::string> lines;  // first line emphasised
    std::string placeholder = "The numbers appear as the stages run.";
    bool operator==(const Arithmetic&) const = default;
};

}  // namespace model
