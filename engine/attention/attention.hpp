// attention: scaled dot-product attention, stage by stage.
//
//   scores  S = Q·Kᵀ            (n×n)
//   scaled  S / √d
//   logits  S / (√d·T), with the causal mask: column > row → −∞
//   weights A = row-wise softmax(logits) = exp(logits − log_norm), log_norm = log Σ exp(logits)
//   output  O = A·V             (n×dv)
//   and, given the inputs x (n×m): what the head adds to each, Δ = O·W_O (n×m), and x + Δ
//
// A Trace keeps every stage so that panels can draw any of them: the scores and weights as
// matrices, scaled and logits as the one multiplication (or division) each is away from a score,
// done on demand exactly as the softmax did it (so they are its numbers, bit for bit, at half the
// memory: 268 MB, not 537, for the scores and weights of 4096 tokens). Knows nothing of
// scenes, files or pixels; uses core/ only. Errors are returned, never thrown.
#pragma once

#include <cstddef>
#include <limits>
#include <string>
#include <vector>

#include "core/core.hpp"

namespace attention {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
// The largest number of tokens or dimensions a scene may use (the loader enforces it too).
constexpr std::size_t kMaxSize = 4096;

// A dense row-major matrix of doubles; one row per token.
struct Matrix {
    std::size_t rows = 0;
    std::size_t cols = 0;
    std::vector<double> data;

    Matrix() = default;
    Matrix(std::size_t r, std::size_t c, double fill = 0.0) : rows(r), cols(c), data(r * c, fill) {}
    double& operator()(std::size_t r, std::size_t c) { return data[r * cols + c]; }
    double operator()(std::size_t r, std::size_t c) const { return data[r * cols + c]; }
    const double* row(std::size_t r) const { return data.data() + r * cols; }
    double* row(std::size_t r) { return data.data() + r * cols; }
    core::Vec row_vec(std::size_t r) const { return core::Vec(row(r), row(r) + cols); }
    static Matrix from(const core::Mat& m);
};

// What goes in. q and k are n×d, v is n×dv.
struct Input {
    core::Mat q;
    core::Mat k;
    core::Mat v;
    double temperature = 1.0;  // T ≥ 0; 0 and +∞ are the limits (one-hot, uniform)
    bool causal = false;       // hide every key after the query (column > row)
    // The residual stream, optional: each token's input x (n×m) and the output projection W_O
    // (dv×m). With x the trace also holds what the head adds to each input, Δ = O·W_O (O itself
    // where W_O is empty, which needs dv = m), and the sum x + Δ that goes on to the next layer.
    core::Mat x;
    core::Mat w_o;
    bool portable = false;     // use the portable products even where AVX2+FMA is available
                               // (the two kernels round differently in the last bits; tests
                               // compare them)
    bool no_avx512 = false;    // use the AVX2 products even where AVX-512 is available (the two
                               // give the same bits: every entry is the same chain of fused
                               // multiply-adds; tests check it)
};

// Every stage's numbers for the full n×n matrix.
struct Trace {
    std::size_t n = 0;   // tokens
    std::size_t d = 0;   // query/key dimension
    std::size_t dv = 0;  // value dimension
    double temperature = 1.0;
    bool causal = false;

    Matrix scores;   // q_i·k_j
    Matrix weights;  // row-wise softmax; masked entries exactly 0; every row sums to 1
    Matrix output;   // weights · V (n×dv)
    Matrix delta;     // output · W_O (n×m): what the head adds to each token's input; empty without x
    Matrix residual;  // x + delta (n×m): each token's vector after the head; empty without x
    // Per row i, the softmax's denominator in logs: log Σⱼ exp(logitsᵢⱼ) over the visible keys
    // (so it never overflows), weightsᵢⱼ = exp(logitsᵢⱼ − log_normᵢ). Empty when T is 0 or ∞.
    std::vector<double> log_norm;
    double inv_sqrt_d = 1.0;  // 1/√d
    double inv_t = 0.0;       // 1/T where it is a normal number (multiply_t); else T divides
    bool multiply_t = false;

    // The buffers of a Trace that is destroyed are kept (a few, per thread) for the next trace to
    // fill: the app evaluates a fresh View every frame, and fresh memory costs a page fault per
    // 4 KiB, which for n = 512 is as long as the arithmetic.
    Trace() = default;
    Trace(const Trace&) = default;
    Trace(Trace&&) noexcept = default;
    Trace& operator=(const Trace&) = default;
    Trace& operator=(Trace&&) noexcept = default;
    ~Trace();

    // True when key j is visible to query i (always, unless the mask hides j > i).
    bool visible(std::size_t i, std::size_t j) const { return !causal || j <= i; }
    // scores / √d, as the trace multiplied it (by 1/√d).
    double scaled(std::size_t i, std::size_t j) const { return scores(i, j) * inv_sqrt_d; }
    // scaled / T, masked entries −∞; NaN-free. Defined only when has_logits().
    double logits(std::size_t i, std::size_t j) const {
        if (!visible(i, j)) return -kInfinity;
        return multiply_t ? scaled(i, j) * inv_t : scaled(i, j) / temperature;
    }
    // True when there are logits (0 < T < ∞).
    bool has_logits() const { return n > 0 && temperature > 0 && temperature < kInfinity; }
    // True when the input x was given: `delta` and `residual` hold numbers.
    bool has_residual() const { return residual.rows == n && n > 0; }
};

// Checks the input: shapes agree, 1 ≤ n, d, dv ≤ kMaxSize, every number finite, T ≥ 0 (∞ allowed).
// Returns "" when valid, else a sentence saying what is wrong.
std::string check(const Input& in);

// Computes every stage. On invalid input (see check) or a score that overflows the double range,
// returns false and fills `error`; `out` is then left unspecified.
bool trace(const Input& in, Trace& out, std::string& error);

// The scores alone, S = Q·Kᵀ (one row per query, one column per key), before √d. Each entry
// sums its products in the same order whichever way round, so with K = Q (one matrix making
// queries and keys, W_K = W_Q) S is exactly symmetric and its diagonal is |q_i|² ≥ 0.
Matrix scores(const core::Mat& q, const core::Mat& k);

// Numerically stable softmax of one row of logits over the entries where visible[j] is true;
// invisible entries get exactly 0. `scaled` are the scores before T; T may be 0 or ∞ (limits).
// Used by trace and by panels that animate a single row.
std::vector<double> softmax_row(const std::vector<double>& scaled, const std::vector<bool>& visible, double temperature);

// e^x in place for every x ≤ 0 (x may be −∞), within 2 ulp of the exact value, and exactly 1
// at x = 0. Results below ~1e-308 (x < −708) are 0: a weight that small is 0 after
// normalising anyway. Branch-free, so a row of exponentials vectorises; softmax uses it.
void exp_nonpositive(double* x, std::size_t n);

}  // namespace attention
