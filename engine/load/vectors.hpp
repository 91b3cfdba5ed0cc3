// load/vectors: a scene's vectors — q, k and v given directly, or computed as x·W_Q, x·W_K and
// x·W_V (the projections, which the scene keeps) — and whether the engine computes a scene's
// numbers. Internal to load/.
#pragma once

#include <cstddef>
#include <string>

#include "load/reader.hpp"
#include "scene/scene.hpp"

namespace load {

// Reads the keys d, q, k, v, x, w_q, w_k, w_v and w_o of the scene mapping `f` (at `root`) for n
// tokens (0 when unknown) into s.q, s.k, s.v and s.projections, and checks `d` against them.
// Returns d, the width of the queries and keys, or 0 when it is unknown after an error.
std::size_t read_vectors(Reader& r, const Reader::Fields& f, const Node* root, std::size_t n, scene::Scene& s);

// x·W: (n×m)·(m×d), accumulated in long double, then back to double (the projections of a scene
// and of each of its heads).
core::Mat multiply(const core::Mat& x, const core::Mat& w);

// Whether every number of m is finite (a product of finite numbers may overflow).
bool all_finite(const core::Mat& m);

// A scene small enough for the loader to trace it for real (n²·max(d, dv) ≤ 2²², about 0.01 s
// a state): what it may do once per step of a 10,000-step scene.
bool traced_in_full(const scene::Scene& s);

// What attention::trace would say about these controls: "" when it computes them. Small
// scenes (traced_in_full) are traced for real; large ones get attention::check plus a bound on q·k.
std::string engine_check(const scene::Scene& s, const scene::Controls& c);

}  // namespace load
