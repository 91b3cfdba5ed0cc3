// Test support: random matrices for the property tests of the engine (one head and several),
// drawn from a seeded std::mt19937_64 so that a failure replays.
#pragma once

#include <cstddef>
#include <random>

#include "core/core.hpp"

namespace support {

// rows × cols numbers, each normal with mean 0 and standard deviation `scale`.
inline core::Mat random_mat(std::mt19937_64& rng, std::size_t rows, std::size_t cols, double scale = 1.0) {
    std::normal_distribution<double> dist(0.0, scale);
    core::Mat m(rows, core::Vec(cols));
    for (auto& r : m)
        for (double& x : r) x = dist(rng);
    return m;
}

}  // namespace support
