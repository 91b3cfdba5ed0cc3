// model/panels/control_panel: the temperature slider and the mask switch as they stand.
// The panel's row (see model/panel.hpp), what it shows, and its builder's declaration; the
// painter is draw/control_panel.cpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/panel.hpp"
#include "model/parts.hpp"

namespace model {

ATTNLAB_PANEL(ControlPanel, "controls", control_panel)

struct ControlPanel {
    static constexpr bool kOneHead = false;  // the controls every head shares
    std::string heading = "Controls";
    std::string temperature_name = "Temperature T";
    std::string temperature;  // "T = 0.50"
    double slider = 0.5;      // knob position 0 … 1 (temperature_unit)
    struct Tick {
        double at = 0;
        std::string label;
        bool operator==(const Tick&) const = default;
    };
    std::vector<Tick> ticks;
    double mask = 0;          // the switch: 0 off … 1 on (animated)
    std::string mask_name = "Hide the future";
    std::string mask_caption; // "later words get weight 0" / "every word sees every word"
    std::string mask_state;   // "on" / "off"
    bool operator==(const ControlPanel&) const = default;
};

}  // namespace model
