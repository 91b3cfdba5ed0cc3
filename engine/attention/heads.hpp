// attention/heads: several heads over the same tokens. Each head is one scaled dot-product
// attention with its own q, k and v, traced by attention::trace with the controls they share (T
// and the mask); their outputs are concatenated, head by head, and projected by the output
// matrix W_O, and, given each token's input x, that projection is added to it (the residual
// stream): x + concat(O₁, …, O_h)·W_O. One head with x is exactly Input's x + O·W_O.
// Knows nothing of scenes, files or pixels; uses core/ only. Errors are returned, never thrown.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "attention/attention.hpp"
#include "core/core.hpp"

namespace attention {

// The most heads a scene may have (the loader enforces it too).
constexpr std::size_t kMaxHeads = 256;

// One head's vectors: q and k are n×d, v is n×dv (d and dv may differ from head to head).
struct Head {
    core::Mat q;
    core::Mat k;
    core::Mat v;
};

// What goes in: the heads, the controls every head shares, and the output side.
struct HeadsInput {
    std::vector<Head> heads;
    double temperature = 1.0;  // T ≥ 0; 0 and +∞ are the limits, as in Input
    bool causal = false;       // the causal mask, in every head
    // The output projection, (Σₕ dvₕ) × m: row block h (dvₕ rows, after the heads before it)
    // takes head h's output. Empty: the concatenation itself is the result.
    core::Mat w_o;
    // Each token's input (n × m), optional: the result is added to it. Without W_O, Σₕ dvₕ = m.
    core::Mat x;
    bool portable = false;   // as in Input
    bool no_avx512 = false;  // as in Input
};

// Every head's trace, and what is made of them.
struct HeadsTrace {
    std::vector<Trace> heads;          // head h's every stage, as attention::trace gives them
    std::vector<std::size_t> offsets;  // the first column of head h's output in `concat`
    Matrix concat;    // n × Σₕ dvₕ: the heads' outputs side by side, head 0 first
    Matrix output;    // concat · W_O (n × m), or concat itself without W_O
    Matrix residual;  // x + output (n × m); empty without x

    std::size_t n() const { return heads.empty() ? 0 : heads.front().n; }
    bool has_residual() const { return residual.rows == n() && n() > 0; }
};

// The input in the shape of one head: its x and W_O go to the heads' output side.
HeadsInput heads_of(const Input& in);

// Checks the input: 1 ≤ heads ≤ kMaxHeads, each head valid as attention::check says (its
// message naming the head), every head over the same n tokens, W_O's rows one per column of the
// concatenation, x and W_O as wide as each other. "" when valid.
std::string check(const HeadsInput& in);

// Traces every head and the result. On invalid input or a score that overflows, returns false
// and fills `error` (naming the head); `out` is then left unspecified.
bool trace(const HeadsInput& in, HeadsTrace& out, std::string& error);

}  // namespace attention
