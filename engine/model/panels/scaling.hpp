// model/panels/scaling: why the scores are divided by √d: spreads of random dot products, and one row through softmax.
// The panel's row (see model/panel.hpp), what it shows, and its builder's declaration; the
// painter is draw/scaling.cpp.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "model/panel.hpp"
#include "model/parts.hpp"

namespace model {

ATTNLAB_PANEL(Scaling, "scaling", scaling)

// Why the scores are divided by √d — a picture of the argument: the dot products q·k of random
// vectors whose coordinates have size 1 (standard normal) spread as √d, one strip of
// kScalingSamples per d in kScalingDims (the nearest giving way to the scene's own d when it is
// none of them, so that the scene's d is always marked); and one row of such scores (a query and
// kScalingExampleKeys keys at d = kScalingExampleDim) through softmax, without and with the
// division. Fixed samples (a seeded splitmix64), computed once per d.
inline constexpr std::size_t kScalingDims[] = {2, 8, 32, 128, 512};
inline constexpr int kScalingSamples = 200;
inline constexpr std::size_t kScalingExampleDim = 128;
inline constexpr int kScalingExampleKeys = 6;

struct Scaling {
    static constexpr bool kOneHead = false;  // a picture of why the scores are divided by √d, of no head
    static constexpr Pictures kPictures{scene::Stage::Scale};  // a step showing it lights ÷ √d
    std::string heading = "Why divide by √d";
    std::string aside = "random q and k, coordinates of size 1";
    struct Strip {
        int d = 0;
        std::string label;         // "d = 128"
        std::string spread;        // "spread 11.6 · √d = 11.3"
        std::vector<double> dots;  // q·k of each sample pair
        double sd = 0;             // their spread (root mean square; the mean is 0)
        bool scene = false;        // the scene's own d
        double reveal = 0;         // 0 … 1: the strip's dots arriving
        bool operator==(const Strip&) const = default;
    };
    std::vector<Strip> strips;
    double axis = 1;               // the strips run from −axis to axis
    std::vector<double> ticks;     // q·k values with a tick and a number
    struct Bars {
        std::string label;               // "softmax( q·k )"
        std::vector<double> share;       // 0 … 1, summing to 1
        std::vector<std::string> text;   // as displayed, each share correctly rounded
        double gradient = 0;             // the largest ∂aᵢ/∂sⱼ: aᵢ(1 − aᵢ) at its largest
        std::string note;                // "one key takes 99% · gradient ≤ 0.008"
        bool operator==(const Bars&) const = default;
    };
    std::string example;           // "one query, 6 keys, d = 128"
    Bars raw, scaled;
    double bars_reveal = 0;        // 0 … 1
    bool operator==(const Scaling&) const = default;
};

}  // namespace model
