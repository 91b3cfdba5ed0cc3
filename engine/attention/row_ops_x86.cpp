// attention/row_ops_x86: the AVX2+FMA and AVX-512 kernels of row_ops, each giving the same bits
// as its portable loop in row_ops.cpp, and the question whether the processor runs them. Built
// only for x86 processors (elsewhere, as in WebAssembly, this file is empty and row_ops runs its
// portable loops).
#include "attention/row_ops_x86.hpp"

#if ATTNLAB_X86

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <limits>

#include "attention/exp_np.hpp"
#include "attention/row_ops.hpp"

namespace attention::row_ops::x86 {

bool has_avx2_fma() {
    static const bool yes = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    }();
    return yes;
}

bool has_avx512() {
    static const bool yes = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx512f") != 0;
    }();
    return yes;
}

// The same arithmetic four lanes at a time (AVX2 + FMA), where the processor has it.
ATTNLAB_TARGET("avx2,fma") void exp_nonpositive_avx2(double* x, std::size_t n) {
    const __m256d log2e = _mm256_set1_pd(kLog2e), round = _mm256_set1_pd(kRound);
    const __m256d ln2_hi = _mm256_set1_pd(kLn2Hi), ln2_lo = _mm256_set1_pd(kLn2Lo);
    const __m256d floor = _mm256_set1_pd(-708.0);
    std::size_t j = 0;
    for (; j + 4 <= n; j += 4) {
        const __m256d v = _mm256_loadu_pd(x + j);
        const __m256d below = _mm256_cmp_pd(v, floor, _CMP_LT_OQ);
        const __m256d xc = _mm256_max_pd(v, floor);
        const __m256d t = _mm256_fmadd_pd(xc, log2e, round);
        const __m256d k = _mm256_sub_pd(t, round);
        const __m256d r = _mm256_fnmadd_pd(k, ln2_lo, _mm256_fnmadd_pd(k, ln2_hi, xc));
        __m256d p = _mm256_set1_pd(kExpSeries[0]);
        for (std::size_t c = 1; c < std::size(kExpSeries); ++c) p = _mm256_fmadd_pd(p, r, _mm256_set1_pd(kExpSeries[c]));
        const __m256i bits = _mm256_slli_epi64(_mm256_add_epi64(_mm256_castpd_si256(t), _mm256_set1_epi64x(1023)), 52);
        const __m256d y = _mm256_mul_pd(p, _mm256_castsi256_pd(bits));
        _mm256_storeu_pd(x + j, _mm256_andnot_pd(below, y));
    }
    for (; j < n; ++j) x[j] = exp_np(x[j]);
}

// Eight lanes at a time (AVX-512): every lane the same operations as exp_nonpositive_avx2's, so
// the same bits.
ATTNLAB_TARGET("avx512f,avx2,fma") void exp_nonpositive_avx512(double* x, std::size_t n) {
    const __m512d log2e = _mm512_set1_pd(kLog2e), round = _mm512_set1_pd(kRound);
    const __m512d ln2_hi = _mm512_set1_pd(kLn2Hi), ln2_lo = _mm512_set1_pd(kLn2Lo);
    const __m512d floor = _mm512_set1_pd(-708.0);
    std::size_t j = 0;
    for (; j + 8 <= n; j += 8) {
        const __m512d v = _mm512_loadu_pd(x + j);
        const __mmask8 kept = _mm512_cmp_pd_mask(v, floor, _CMP_NLT_UQ);  // not below −708
        // (The masked forms with every lane set: GCC 12 warns that the unmasked ones' undefined
        // source is uninitialised.)
        const __m512d xc = _mm512_mask_max_pd(v, 0xff, v, floor);
        const __m512d t = _mm512_fmadd_pd(xc, log2e, round);
        const __m512d k = _mm512_sub_pd(t, round);
        const __m512d r = _mm512_fnmadd_pd(k, ln2_lo, _mm512_fnmadd_pd(k, ln2_hi, xc));
        __m512d p = _mm512_set1_pd(kExpSeries[0]);
        for (std::size_t c = 1; c < std::size(kExpSeries); ++c) p = _mm512_fmadd_pd(p, r, _mm512_set1_pd(kExpSeries[c]));
        const __m512i e = _mm512_add_epi64(_mm512_castpd_si512(t), _mm512_set1_epi64(1023));
        const __m512i bits = _mm512_mask_slli_epi64(e, 0xff, e, 52);
        const __m512d y = _mm512_mul_pd(p, _mm512_castsi512_pd(bits));
        _mm512_storeu_pd(x + j, _mm512_maskz_mov_pd(kept, y));
    }
    exp_nonpositive_avx2(x + j, n - j);
}

ATTNLAB_TARGET("avx2,fma") double exponentiate_and_normalise_avx2(double* w, std::size_t n, bool wide) {
    exp_nonpositive(w, n, wide);
    __m256d acc = _mm256_setzero_pd();
    std::size_t j = 0;
    for (; j + 4 <= n; j += 4) acc = _mm256_add_pd(acc, _mm256_loadu_pd(w + j));
    alignas(32) double lane[4];
    _mm256_store_pd(lane, acc);
    for (std::size_t l = 0; j < n; ++j, ++l) lane[l] += w[j];
    const double sum = (lane[0] + lane[1]) + (lane[2] + lane[3]);
    const double inv_sum = 1.0 / sum;
    const __m256d scale = _mm256_set1_pd(inv_sum);
    for (j = 0; j + 4 <= n; j += 4) _mm256_storeu_pd(w + j, _mm256_mul_pd(_mm256_loadu_pd(w + j), scale));
    for (; j < n; ++j) w[j] *= inv_sum;
    return sum;
}

// out[j] = x[j] · s for j < n (the same product, vector or not).
ATTNLAB_TARGET("avx2,fma") void scale_avx2(const double* x, double s, std::size_t n, double* out) {
    const __m256d f = _mm256_set1_pd(s);
    std::size_t j = 0;
    for (; j + 4 <= n; j += 4) _mm256_storeu_pd(out + j, _mm256_mul_pd(_mm256_loadu_pd(x + j), f));
    for (; j < n; ++j) out[j] = x[j] * s;
}

// out[j] = x[j] · s for j < n; true when every x[j] is finite (as all_finite, in the same pass).
ATTNLAB_TARGET("avx2,fma") bool scale_finite_avx2(const double* x, double s, std::size_t n, double* out) {
    const __m256d f = _mm256_set1_pd(s);
    __m256d bad = _mm256_setzero_pd();
    std::size_t j = 0;
    for (; j + 4 <= n; j += 4) {
        const __m256d v = _mm256_loadu_pd(x + j);
        bad = _mm256_or_pd(bad, _mm256_cmp_pd(_mm256_sub_pd(v, v), _mm256_setzero_pd(), _CMP_NEQ_UQ));
        _mm256_storeu_pd(out + j, _mm256_mul_pd(v, f));
    }
    bool ok = _mm256_movemask_pd(bad) == 0;
    for (; j < n; ++j) {
        ok &= x[j] - x[j] == 0.0;
        out[j] = x[j] * s;
    }
    return ok;
}

// True when every x[j], j < n, is finite (x − x is 0 for every finite x, NaN for ±∞ and NaN).
ATTNLAB_TARGET("avx2,fma") bool all_finite_avx2(const double* x, std::size_t n) {
    __m256d bad = _mm256_setzero_pd();
    std::size_t j = 0;
    for (; j + 4 <= n; j += 4) {
        const __m256d v = _mm256_loadu_pd(x + j);
        bad = _mm256_or_pd(bad, _mm256_cmp_pd(_mm256_sub_pd(v, v), _mm256_setzero_pd(), _CMP_NEQ_UQ));
    }
    bool ok = _mm256_movemask_pd(bad) == 0;
    for (; j < n; ++j) ok &= x[j] - x[j] == 0.0;
    return ok;
}

// The largest of x[0..n), n ≥ 1 (exact in any order).
ATTNLAB_TARGET("avx2,fma") double largest_avx2(const double* x, std::size_t n) {
    __m256d m = _mm256_set1_pd(-std::numeric_limits<double>::infinity());
    std::size_t j = 0;
    for (; j + 4 <= n; j += 4) m = _mm256_max_pd(m, _mm256_loadu_pd(x + j));
    alignas(32) double lane[4];
    _mm256_store_pd(lane, m);
    double best = std::max(std::max(lane[0], lane[1]), std::max(lane[2], lane[3]));
    for (; j < n; ++j) best = x[j] > best ? x[j] : best;
    return best;
}

// out[j] = (x[j] − best) · s for j < n.
ATTNLAB_TARGET("avx2,fma") void shift_scale_avx2(const double* x, double best, double s, std::size_t n,
                                                          double* out) {
    const __m256d b = _mm256_set1_pd(best), f = _mm256_set1_pd(s);
    std::size_t j = 0;
    for (; j + 4 <= n; j += 4) _mm256_storeu_pd(out + j, _mm256_mul_pd(_mm256_sub_pd(_mm256_loadu_pd(x + j), b), f));
    for (; j < n; ++j) out[j] = (x[j] - best) * s;
}

// to[0..n) = from[0..n), stored past the cache (non-temporal stores) where the processor has
// AVX2; stream_done() orders them before whatever the thread writes next.
ATTNLAB_TARGET("avx2,fma") void stream_copy_avx2(const double* from, double* to, std::size_t n) {
    std::size_t j = 0;
    for (; j < n && reinterpret_cast<std::uintptr_t>(to + j) % 32 != 0; ++j) to[j] = from[j];
    for (; j + 4 <= n; j += 4) _mm256_stream_pd(to + j, _mm256_loadu_pd(from + j));
    for (; j < n; ++j) to[j] = from[j];
}

void stream_done() { _mm_sfence(); }

}  // namespace attention::row_ops::x86

#endif  // ATTNLAB_X86
