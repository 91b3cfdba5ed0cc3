// load/heads: a scene's several heads (`heads:`, with `x` and `w_o` beside them) and its
// positions (`positions:`), read with the file's line and column, and what positions do to the
// vectors the loader makes: sinusoidal or learned vectors added to x before the projections,
// the rotary rotation of every query and key after them. Internal to load/.
#pragma once

#include <cstddef>
#include <optional>

#include "attention/heads.hpp"
#include "core/core.hpp"
#include "load/reader.hpp"
#include "scene/scene.hpp"

namespace load {

// The most heads a scene may have: attention's.
constexpr std::size_t kMaxHeads = attention::kMaxHeads;

// `positions:` at `node` for n tokens (0 when unknown): its kind and numbers, or nothing after
// an error. Learned vectors are read here (n rows); their width is checked by add_positions.
std::optional<scene::Positions> read_positions(Reader& r, const Node* node, std::size_t n);

// Sinusoidal or learned positions added to the inputs x (n × m), the encodings kept in
// p.added; nothing for none or rotary. False after an error (reported at `node`).
bool add_positions(Reader& r, const Node* node, scene::Positions& p, core::Mat& x);

// Rotary positions: q and k (of the head `who`, "" for a scene of one head) rotated in place;
// nothing for the other kinds. False after an error: RoPE turns pairs, so d must be even.
bool rotate_positions(Reader& r, const Node* node, const scene::Positions& p, core::Mat& q, core::Mat& k,
                      const std::string& who);

// Refuses, at `root`, the panels that draw q = x·W_Q and k = x·W_K (projections, tied scores)
// in a scene whose rope turns q and k after the product.
void check_positions_panels(Reader& r, const scene::Scene& s, const Node* root);

// Reads `heads:` (with the scene's x and w_o) of the scene mapping `f` for n tokens into
// s.heads, and head 0's vectors into s.q, s.k and s.v; `positions` (read already) applied.
// Returns head 0's d, or 0 after an error.
std::size_t read_heads(Reader& r, const Reader::Fields& f, const Node* root, std::size_t n, scene::Scene& s,
                       std::optional<scene::Positions>& positions);

}  // namespace load
