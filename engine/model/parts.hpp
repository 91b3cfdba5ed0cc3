// model/parts: the small pieces the panels' models share — easing of a stage's progress, the
// region a plane shows, a small matrix drawn as cells. Cairo-free, like the rest of model/.
#pragma once

#include <vector>

#include "core/core.hpp"

namespace model {

double smooth(double x);                        // smoothstep on [0, 1], clamped
double beat(double u, double from, double to);  // progress of a sub-beat [from, to] of u
core::Point vec2(const core::Vec& v);           // the first two coordinates (missing ones 0)

// The region of a plane that its panel shows, in plane coordinates (before fitting to a box).
struct Extent {
    double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
};

// A small matrix drawn as cells: its numbers and a heat per entry.
struct Grid {
    std::vector<std::vector<double>> value;  // rows × columns (written with as many
                                             // decimals as the cell's size allows)
    std::vector<std::vector<double>> heat;   // 0 … 1
    bool lit = false;
};

}  // namespace model
