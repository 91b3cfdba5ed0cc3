// tests/panel_probe: a panel added the way docs/DESIGN.md says — its model header (this file,
// copied to model/panels/probe.hpp) and its painter (painter.cpp) — with its halves left out one
// at a time by tests/panel_probe.cmake, to show that each omission stops the build.
#pragma once

#include <string>

#include "model/panel.hpp"

namespace model {

ATTNLAB_PANEL(Probe, "probe", probe)

#ifndef PROBE_NO_STRUCT
struct Probe {
    std::string text;
    bool operator==(const Probe&) const = default;  // (retained panels compare what a panel shows)
};
#endif

}  // namespace model
