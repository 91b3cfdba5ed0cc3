// attention/row_ops: see the header. The portable loops live here and choose the x86 kernels
// (row_ops_x86) at run time where they are built and the processor runs them.
#include "attention/row_ops.hpp"

#include <algorithm>
#include <limits>

#include "attention/exp_np.hpp"
#include "attention/row_ops_x86.hpp"

namespace attention::row_ops {

bool has_avx2_fma() {
    if constexpr (x86::kBuilt) return x86::has_avx2_fma();
    else return false;
}

bool has_avx512() {
    if constexpr (x86::kBuilt) return x86::has_avx512();
    else return false;
}

namespace {

// e^w[j] for every j, then each divided by their sum: the last half of every softmax, shared by
// the full matrix and softmax_row so that both give the same bits. The sum runs in four lanes
// (entry j into lane j mod 4), which keeps the adds from waiting on each other; the AVX2 twin
// below adds the same numbers in the same lanes.
double exponentiate_and_normalise_portable(double* w, std::size_t n) {
    for (std::size_t j = 0; j < n; ++j) w[j] = exp_np(w[j]);
    double lane[4] = {0.0, 0.0, 0.0, 0.0};
    std::size_t j = 0;
    for (; j + 4 <= n; j += 4)
        for (std::size_t l = 0; l < 4; ++l) lane[l] += w[j + l];
    for (std::size_t l = 0; j < n; ++j, ++l) lane[l] += w[j];
    const double sum = (lane[0] + lane[1]) + (lane[2] + lane[3]);
    const double inv_sum = 1.0 / sum;
    for (j = 0; j < n; ++j) w[j] *= inv_sum;
    return sum;
}

}  // namespace

void exp_nonpositive(double* x, std::size_t n, bool wide) {
    if constexpr (x86::kBuilt) {
        if (wide && has_avx512() && has_avx2_fma()) return x86::exp_nonpositive_avx512(x, n);
        if (has_avx2_fma()) return x86::exp_nonpositive_avx2(x, n);
    }
    for (std::size_t j = 0; j < n; ++j) x[j] = exp_np(x[j]);
}

// `wide`: the exponentials eight lanes at a time where the processor has AVX-512 (the same bits).
double exponentiate_and_normalise(double* w, std::size_t n, bool wide) {
    if constexpr (x86::kBuilt)
        if (has_avx2_fma()) return x86::exponentiate_and_normalise_avx2(w, n, wide);
    return exponentiate_and_normalise_portable(w, n);
}

void scale(const double* x, double s, std::size_t n, double* out) {
    if constexpr (x86::kBuilt)
        if (has_avx2_fma()) return x86::scale_avx2(x, s, n, out);
    for (std::size_t j = 0; j < n; ++j) out[j] = x[j] * s;
}

bool scale_finite(const double* x, double s, std::size_t n, double* out) {
    if constexpr (x86::kBuilt)
        if (has_avx2_fma()) return x86::scale_finite_avx2(x, s, n, out);
    bool ok = true;
    for (std::size_t j = 0; j < n; ++j) {
        ok &= x[j] - x[j] == 0.0;
        out[j] = x[j] * s;
    }
    return ok;
}

bool all_finite(const double* x, std::size_t n) {
    if constexpr (x86::kBuilt)
        if (has_avx2_fma()) return x86::all_finite_avx2(x, n);
    unsigned bad = 0;
    for (std::size_t j = 0; j < n; ++j) bad |= static_cast<unsigned>(!(x[j] - x[j] == 0.0));
    return bad == 0;
}

double largest(const double* x, std::size_t n) {
    if constexpr (x86::kBuilt)
        if (has_avx2_fma()) return x86::largest_avx2(x, n);
    double best = -std::numeric_limits<double>::infinity();
    for (std::size_t j = 0; j < n; ++j) best = x[j] > best ? x[j] : best;
    return best;
}

void shift_scale(const double* x, double best, double s, std::size_t n, double* out) {
    if constexpr (x86::kBuilt)
        if (has_avx2_fma()) return x86::shift_scale_avx2(x, best, s, n, out);
    for (std::size_t j = 0; j < n; ++j) out[j] = (x[j] - best) * s;
}

void stream_copy(const double* from, double* to, std::size_t n) {
    if constexpr (x86::kBuilt)
        if (has_avx2_fma()) return x86::stream_copy_avx2(from, to, n);
    std::copy(from, from + n, to);
}

void stream_done() {
    if constexpr (x86::kBuilt) x86::stream_done();
}

}  // namespace attention::row_ops
