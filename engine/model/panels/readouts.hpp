// model/panels/readouts: the numbers in force, one name and value per row.
// The panel's row (see model/panel.hpp), what it shows, and its builder's declaration; the
// painter is draw/readouts.cpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/panel.hpp"
#include "model/parts.hpp"

namespace model {

ATTNLAB_PANEL(Readouts, "readouts", readouts)

struct Readout {
    std::string name, value;
    bool operator==(const Readout&) const = default;
};
struct Readouts {
    std::vector<Readout> rows;
    bool operator==(const Readouts&) const = default;
};

}  // namespace model
