// attention/positions: where a token is, told to attention, three ways.
//   - sinusoidal encodings (Vaswani et al. 2017), added to each input x:
//       PE(pos, 2i) = sin(pos / base^(2i/m)),  PE(pos, 2i+1) = cos(pos / base^(2i/m)),  base 10000;
//   - learned position vectors, one per position, added to x the same way (given, not made here);
//   - rotary embeddings (RoPE, Su et al. 2021): each pair (q_2i, q_2i+1) of a query, and the same
//     pair of a key, rotated by the angle pos·θᵢ, θᵢ = base^(−2i/d), so that q·k depends on the
//     two positions only through their difference.
// A position is a token's index plus an offset (the first token's position). Pure functions of
// numbers; knows nothing of scenes or files. Uses core/ only.
#pragma once

#include <cstddef>
#include <vector>

#include "core/core.hpp"

namespace attention {

constexpr double kPositionBase = 10000.0;  // the 2017 paper's, and RoPE's

// The positions of n tokens, offset, offset + 1, …, offset + n − 1.
std::vector<double> positions(std::size_t n, double offset = 0.0);

// The sinusoidal encodings of those positions, n × m: column 2i is sin(pos/base^(2i/m)), column
// 2i+1 its cos (with m odd, the last column is a sine alone).
core::Mat sinusoidal(const std::vector<double>& pos, std::size_t m, double base = kPositionBase);

// x + p, row by row (same shape).
core::Mat add(const core::Mat& x, const core::Mat& p);

// The angle of pair i of a d-wide vector at position `pos`: pos·base^(−2i/d).
double rotary_angle(double pos, std::size_t i, std::size_t d, double base = kPositionBase);

// Each row t of m rotated by RoPE at position pos[t]: pair (2i, 2i+1) turned through
// rotary_angle(pos[t], i, d). With d odd, the last number is left as it is (the loader asks for
// an even d). A rotation: every row keeps its length.
core::Mat rotary(const core::Mat& m, const std::vector<double>& pos, double base = kPositionBase);

}  // namespace attention
