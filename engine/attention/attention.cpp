// attention: the trace of scaled dot-product attention — the input checked, the two products
// (keys and values packed into panels, register tiles over them), softmax and every stage of a
// block of rows while it is in the cache, and the buffers a destroyed trace leaves for the next.
// The operations on one row that the stages are made of are row_ops's.
#include "attention/attention.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sys/mman.h>
#endif

#include "attention/row_ops.hpp"
#include "attention/row_ops_x86.hpp"  // ATTNLAB_X86, and the intrinsics where it is 1

namespace attention {

Matrix Matrix::from(const core::Mat& m) {
    Matrix out(m.size(), m.empty() ? 0 : m[0].size());
    for (std::size_t r = 0; r < m.size(); ++r)
        std::copy(m[r].begin(), m[r].end(), out.row(r));
    return out;
}

namespace {

using row_ops::all_finite;
using row_ops::exponentiate_and_normalise;
using row_ops::has_avx2_fma;
using row_ops::has_avx512;
using row_ops::largest;
using row_ops::scale_finite;
using row_ops::shift_scale;
using row_ops::stream_copy;
using row_ops::stream_done;

std::string check_matrix(const core::Mat& m, const char* name, std::size_t n) {
    if (m.size() != n)
        return std::string(name) + " has " + std::to_string(m.size()) + " rows, expected " + std::to_string(n) + " (one per token)";
    std::size_t width = m.empty() ? 0 : m[0].size();
    if (width == 0) return std::string(name) + " vectors are empty, expected at least 1 dimension";
    if (width > kMaxSize)
        return std::string(name) + " vectors have " + std::to_string(width) + " dimensions, the limit is " + std::to_string(kMaxSize);
    // The common case first, without branches: every row as wide as the first, every number
    // finite. Only when that fails is the first culprit looked for, to name it.
    bool clean = true;
    for (const auto& row : m) clean &= row.size() == width && all_finite(row.data(), width);
    if (clean) return {};
    for (std::size_t r = 0; r < m.size(); ++r) {
        if (m[r].size() != width)
            return std::string(name) + " row " + std::to_string(r) + " has " + std::to_string(m[r].size()) + " numbers, expected " + std::to_string(width);
        for (std::size_t c = 0; c < width; ++c)
            if (!std::isfinite(m[r][c]))
                return std::string(name) + "[" + std::to_string(r) + "][" + std::to_string(c) + "] is not a finite number";
    }
    return {};
}

// The two products, S = Q·Kᵀ and O = A·V, are computed the same way: out(i, j) = Σ_k a_i[k]·b(k, j)
// where b is packed into panels of 16 columns, each panel stored k by k (16 numbers per k,
// zero-padded past the last column), so that a tile of the output walks contiguous memory. Every
// entry is one fused multiply-add chain over k in order from 0, in every vectorised kernel alike
// (AVX-512 and AVX2 give the same bits); the portable kernel multiplies and adds separately.
constexpr std::size_t kPanel = 16;

enum class Kernel { Portable, Avx2, Avx512 };

Kernel fastest(bool portable, bool no_avx512) {
    if (portable || !has_avx2_fma()) return Kernel::Portable;
    return has_avx512() && !no_avx512 ? Kernel::Avx512 : Kernel::Avx2;
}

// Packs b(k, j) for k < inner, j < cols into panels: panel p holds b(k, 16p + c) at
// [p·inner·16 + k·16 + c].
template <class B>
void pack(B b, std::size_t inner, std::size_t cols, double* out) {
    for (std::size_t j0 = 0; j0 < cols; j0 += kPanel) {
        const std::size_t m = std::min(kPanel, cols - j0);
        for (std::size_t k = 0; k < inner; ++k, out += kPanel) {
            for (std::size_t c = 0; c < m; ++c) out[c] = b(k, j0 + c);
            for (std::size_t c = m; c < kPanel; ++c) out[c] = 0.0;
        }
    }
}

// Stores the first m of 16 numbers of a tile row.
inline void store_first(double* o, const double* tile, std::size_t m) {
    for (std::size_t c = 0; c < m; ++c) o[c] = tile[c];
}

#if ATTNLAB_X86
// R rows of a times one panel: o[r][0..m) = Σ_k a[r][k]·panel(k, ·).
template <int R>
ATTNLAB_TARGET("avx512f") void tile_avx512(const double* const* a, const double* p, std::size_t inner,
                                                    double* const* o, std::size_t m) {
    __m512d lo[R], hi[R];
#pragma GCC unroll 12
    for (int r = 0; r < R; ++r) lo[r] = hi[r] = _mm512_setzero_pd();
    for (std::size_t k = 0; k < inner; ++k, p += kPanel) {
        const __m512d b0 = _mm512_loadu_pd(p), b1 = _mm512_loadu_pd(p + 8);
#pragma GCC unroll 12
        for (int r = 0; r < R; ++r) {
            const __m512d x = _mm512_set1_pd(a[r][k]);
            lo[r] = _mm512_fmadd_pd(x, b0, lo[r]);
            hi[r] = _mm512_fmadd_pd(x, b1, hi[r]);
        }
    }
    const __mmask8 m0 = static_cast<__mmask8>(m >= 8 ? 0xff : (1u << m) - 1);
    const __mmask8 m1 = static_cast<__mmask8>(m >= 16 ? 0xff : m > 8 ? (1u << (m - 8)) - 1 : 0);
#pragma GCC unroll 12
    for (int r = 0; r < R; ++r) {
        _mm512_mask_storeu_pd(o[r], m0, lo[r]);
        _mm512_mask_storeu_pd(o[r] + 8, m1, hi[r]);
    }
}

template <int R>
ATTNLAB_TARGET("avx2,fma") void tile_avx2(const double* const* a, const double* p, std::size_t inner,
                                                   double* const* o, std::size_t m) {
    __m256d c[R][4];
#pragma GCC unroll 4
    for (int r = 0; r < R; ++r)
        for (int v = 0; v < 4; ++v) c[r][v] = _mm256_setzero_pd();
    for (std::size_t k = 0; k < inner; ++k, p += kPanel) {
        __m256d x[R];
#pragma GCC unroll 4
        for (int r = 0; r < R; ++r) x[r] = _mm256_broadcast_sd(a[r] + k);
#pragma GCC unroll 4
        for (int v = 0; v < 4; ++v) {
            const __m256d b = _mm256_loadu_pd(p + 4 * v);
#pragma GCC unroll 4
            for (int r = 0; r < R; ++r) c[r][v] = _mm256_fmadd_pd(x[r], b, c[r][v]);
        }
    }
    for (int r = 0; r < R; ++r) {
        if (m == kPanel) {
            for (int v = 0; v < 4; ++v) _mm256_storeu_pd(o[r] + 4 * v, c[r][v]);
        } else {
            alignas(32) double tile[kPanel];
            for (int v = 0; v < 4; ++v) _mm256_store_pd(tile + 4 * v, c[r][v]);
            store_first(o[r], tile, m);
        }
    }
}
#endif  // ATTNLAB_X86

void tile_portable(const double* const* a, std::size_t rows, const double* p, std::size_t inner, double* const* o,
                   std::size_t m) {
    for (std::size_t r = 0; r < rows; ++r) {
        double c[kPanel] = {};
        const double* pk = p;
        for (std::size_t k = 0; k < inner; ++k, pk += kPanel) {
            const double x = a[r][k];
            for (std::size_t j = 0; j < kPanel; ++j) c[j] += x * pk[j];
        }
        store_first(o[r], c, m);
    }
}

// The rows the trace takes at a time, every stage: the AVX-512 tile holds 12 rows × 16 columns of
// the product in 24 of its 32 registers, which loads each panel of the other factor once for 12
// rows (the larger the tile, the fewer loads a multiply-add).
constexpr std::size_t kBlock = 12;

// Up to kBlock rows of the output: out[r][0..cols) = a[r] · b over the first `inner` rows of b,
// packed (pack) as packed × cols. `done(j0, m)` is called once columns [j0, j0 + m) of every row
// are written, while they are in the cache.
template <class Done>
void product(Kernel kernel, const double* const* a, std::size_t rows, const double* panels, std::size_t packed,
             std::size_t inner, std::size_t cols, double* const* out, Done done) {
    for (std::size_t j0 = 0; j0 < cols; j0 += kPanel) {
        const double* p = panels + (j0 / kPanel) * packed * kPanel;
        const std::size_t m = std::min(kPanel, cols - j0);
        double* o[kBlock];
        for (std::size_t r = 0; r < rows; ++r) o[r] = out[r] + j0;
        switch (kernel) {
#if ATTNLAB_X86
            case Kernel::Avx512:
                switch (rows) {
                    case 12: tile_avx512<12>(a, p, inner, o, m); break;
                    case 11: tile_avx512<11>(a, p, inner, o, m); break;
                    case 10: tile_avx512<10>(a, p, inner, o, m); break;
                    case 9: tile_avx512<9>(a, p, inner, o, m); break;
                    case 8: tile_avx512<8>(a, p, inner, o, m); break;
                    case 7: tile_avx512<7>(a, p, inner, o, m); break;
                    case 6: tile_avx512<6>(a, p, inner, o, m); break;
                    case 5: tile_avx512<5>(a, p, inner, o, m); break;
                    case 4: tile_avx512<4>(a, p, inner, o, m); break;
                    case 3: tile_avx512<3>(a, p, inner, o, m); break;
                    case 2: tile_avx512<2>(a, p, inner, o, m); break;
                    default: tile_avx512<1>(a, p, inner, o, m); break;
                }
                break;
            case Kernel::Avx2: {
                // Three rows at a time: 12 accumulators, the 16 registers' worth with the loads.
                std::size_t r = 0;
                for (; r + 3 <= rows; r += 3) tile_avx2<3>(a + r, p, inner, o + r, m);
                if (rows - r == 2) tile_avx2<2>(a + r, p, inner, o + r, m);
                else if (rows - r == 1) tile_avx2<1>(a + r, p, inner, o + r, m);
                break;
            }
#else
            case Kernel::Avx512:  // never chosen where the x86 kernels are not built (fastest)
            case Kernel::Avx2:
#endif
            case Kernel::Portable: tile_portable(a, rows, p, inner, o, m); break;
        }
        done(j0, m);
    }
}

// Buffers of destroyed traces, per thread, for the next trace (see ~Trace). Only large ones are
// kept (small ones cost malloc nothing), and only a few: about two traces' worth (a View holds
// two while the mask folds), and no more than 384 MiB (two traces at n = 2048).
constexpr std::size_t kKeepFrom = 512;  // doubles: 4 KiB
constexpr std::size_t kKeepAtMost = 16;
constexpr std::size_t kKeepBytes = std::size_t{384} << 20;

std::vector<std::vector<double>>& spare() {
    thread_local std::vector<std::vector<double>> buffers;
    return buffers;
}

void give_back(std::vector<double>&& v) noexcept {
    if (v.capacity() < kKeepFrom) return;
    try {
        auto& keep = spare();
        keep.push_back(std::move(v));
        std::size_t bytes = 0;
        for (const auto& b : keep) bytes += b.capacity() * sizeof(double);
        while (keep.size() > kKeepAtMost || bytes > kKeepBytes) {  // the oldest go
            bytes -= keep.front().capacity() * sizeof(double);
            keep.erase(keep.begin());
        }
    } catch (...) {  // no memory to keep it: let it go
    }
}

// A buffer of `size` doubles whose contents are unspecified (the caller writes every one).
std::vector<double> take(std::size_t size) {
    auto& keep = spare();
    std::size_t best = keep.size();
    for (std::size_t i = 0; i < keep.size(); ++i)
        if (keep[i].capacity() >= size && (best == keep.size() || keep[i].capacity() < keep[best].capacity())) best = i;
    if (best == keep.size()) {
        // A matrix of thousands of tokens is hundreds of megabytes: asked for in huge pages where
        // the system has them, its first touch costs a page fault per 2 MiB instead of per 4 KiB
        // (on a virtual machine, 4096 tokens' trace took 3 s in page faults alone).
        std::vector<double> v;
        v.reserve(size);
#if defined(MADV_HUGEPAGE) && !defined(__EMSCRIPTEN__)
        constexpr std::uintptr_t kHuge = std::uintptr_t{2} << 20;
        if (size * sizeof(double) >= 4 * kHuge) {
            const auto from = (reinterpret_cast<std::uintptr_t>(v.data()) + kHuge - 1) & ~(kHuge - 1);
            const auto to = (reinterpret_cast<std::uintptr_t>(v.data() + size)) & ~(kHuge - 1);
            if (to > from) madvise(reinterpret_cast<void*>(from), to - from, MADV_HUGEPAGE);  // a hint: failure is harmless
        }
#endif
        v.resize(size);
        return v;
    }
    std::vector<double> v = std::move(keep[best]);
    keep.erase(keep.begin() + static_cast<std::ptrdiff_t>(best));
    v.resize(size);  // within its capacity: writes at most the part beyond its old size
    return v;
}

void take(Matrix& m, std::size_t rows, std::size_t cols) {
    m.rows = rows;
    m.cols = cols;
    if (m.data.capacity() >= rows * cols) m.data.resize(rows * cols);
    else {
        give_back(std::move(m.data));
        m.data = take(rows * cols);
    }
}

}  // namespace

std::string check(const Input& in) {
    const std::size_t n = in.q.size();
    if (n == 0) return "there are no tokens (q has no rows)";
    if (n > kMaxSize) return std::to_string(n) + " tokens, the limit is " + std::to_string(kMaxSize);
    for (auto [m, name] : {std::pair{&in.q, "q"}, std::pair{&in.k, "k"}, std::pair{&in.v, "v"}})
        if (auto e = check_matrix(*m, name, n); !e.empty()) return e;
    if (in.q[0].size() != in.k[0].size())
        return "q has " + std::to_string(in.q[0].size()) + " dimensions but k has " + std::to_string(in.k[0].size()) + "; queries and keys must match";
    if (std::isnan(in.temperature) || in.temperature < 0)
        return "temperature must be a number ≥ 0 (0 and inf are allowed), got " + std::to_string(in.temperature);
    if (!in.x.empty()) {
        if (auto e = check_matrix(in.x, "x", n); !e.empty()) return e;
        const std::size_t m = in.x[0].size(), dv = in.v[0].size();
        if (in.w_o.empty()) {
            if (m != dv)
                return "x has " + std::to_string(m) + " dimensions but v has " + std::to_string(dv) +
                       "; without an output projection W_O the head's output is added to x, so they must match";
        } else {
            if (in.w_o.size() != dv)
                return "w_o has " + std::to_string(in.w_o.size()) + " rows, expected " + std::to_string(dv) +
                       " (one per value dimension)";
            if (auto e = check_matrix(in.w_o, "w_o", dv); !e.empty()) return e;
            if (in.w_o[0].size() != m)
                return "w_o has " + std::to_string(in.w_o[0].size()) + " columns but x has " + std::to_string(m) +
                       " dimensions; W_O maps the head's output back to x's width";
        }
    }
    return {};
}

Matrix scores(const core::Mat& q, const core::Mat& k) {
    Matrix s(q.size(), k.size());
    for (std::size_t i = 0; i < q.size(); ++i)
        for (std::size_t j = 0; j < k.size(); ++j) {
            double sum = 0;
            for (std::size_t c = 0; c < q[i].size() && c < k[j].size(); ++c) sum += q[i][c] * k[j][c];
            s(i, j) = sum;
        }
    return s;
}

namespace {

// Δ = O·W_O (O itself without W_O) and x + Δ, in long double, into the trace: a few numbers per
// token, for the scenes that give inputs.
void add_residual(const Input& in, Trace& out) {
    const std::size_t n = out.n, m = in.x[0].size();
    out.delta = Matrix(n, m);
    out.residual = Matrix(n, m);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t c = 0; c < m; ++c) {
            long double s = 0;
            if (in.w_o.empty()) s = out.output(i, c);
            else
                for (std::size_t e = 0; e < out.dv; ++e) s += static_cast<long double>(out.output(i, e)) * in.w_o[e][c];
            out.delta(i, c) = static_cast<double>(s);
            out.residual(i, c) = in.x[i][c] + out.delta(i, c);
        }
}

}  // namespace

namespace {

// The limits of softmax over the visible entries with maximum `best` (count of them > 0):
// T → ∞ shares the weight equally; T → 0 gives it to the largest score, exact ties sharing it.
template <class Visible>
void softmax_limit(const double* scaled, Visible visible, std::size_t n, std::size_t count, double best,
                   double temperature, double* w) {
    for (std::size_t j = 0; j < n; ++j) w[j] = 0.0;
    if (std::isinf(temperature)) {
        for (std::size_t j = 0; j < n; ++j)
            if (visible(j)) w[j] = 1.0 / static_cast<double>(count);
        return;
    }
    std::size_t ties = 0;
    for (std::size_t j = 0; j < n; ++j)
        if (visible(j) && scaled[j] == best) ++ties;
    for (std::size_t j = 0; j < n; ++j)
        if (visible(j) && scaled[j] == best) w[j] = 1.0 / static_cast<double>(ties);
}

// Softmax of scaled[0..n) over the entries where visible[j] is true into w[0..n).
// See softmax_row for the meaning of the limits.
void softmax_into(const double* scaled, const bool* visible, std::size_t n, double temperature, double* w) {
    double best = -kInfinity;
    std::size_t count = 0;
    for (std::size_t j = 0; j < n; ++j)
        if (visible[j]) {
            best = std::max(best, scaled[j]);
            ++count;
        }
    if (count == 0 || std::isinf(temperature) || temperature == 0.0) {
        if (count == 0) std::fill(w, w + n, 0.0);
        else softmax_limit(scaled, [&](std::size_t j) { return visible[j]; }, n, count, best, temperature, w);
        return;
    }
    // Subtract the row maximum before dividing by T and exponentiating: every exponent is ≤ 0,
    // so exp never overflows, and the largest term is exactly 1, so the sum is never 0.
    // The difference is taken first so that huge scores (1e300) and tiny T stay finite.
    const double inv_t = 1.0 / temperature;
    for (std::size_t j = 0; j < n; ++j) {
        const double diff = scaled[j] - best;  // ≤ 0, or −∞ when the scores span more than a double
        // A hidden key's exponent is −∞ (its weight exactly 0). For a T so tiny that 1/T is
        // infinite, only the maximum keeps its weight: the T → 0 limit.
        w[j] = !visible[j] ? -kInfinity : std::isinf(inv_t) ? (diff == 0.0 ? 0.0 : -kInfinity) : diff * inv_t;
    }
    exponentiate_and_normalise(w, n, true);
}

// The same for a row whose first `count` entries are visible (no mask, or the causal mask's
// row count − 1): the same numbers as softmax_into, without a test per entry. For 0 < T < ∞,
// *log_norm (when given) gets log Σ exp(scaled/T) over the visible entries: the row's maximum
// over T, plus the log of the sum of the shifted exponentials (each ≤ 1, the largest exactly 1).
void softmax_prefix(const double* scaled, std::size_t count, std::size_t n, double temperature, double* w, bool wide,
                    double* log_norm) {
    const double best = count == 0 ? -kInfinity : largest(scaled, count);
    if (count == 0 || std::isinf(temperature) || temperature == 0.0) {
        if (count == 0) std::fill(w, w + n, 0.0);
        else softmax_limit(scaled, [&](std::size_t j) { return j < count; }, n, count, best, temperature, w);
        return;
    }
    const double inv_t = 1.0 / temperature;
    if (std::isinf(inv_t))
        for (std::size_t j = 0; j < count; ++j) w[j] = scaled[j] - best == 0.0 ? 0.0 : -kInfinity;
    else shift_scale(scaled, best, inv_t, count, w);
    // The hidden entries' e^−∞ would be 0, adding nothing to the lanes of the sum.
    const double sum = exponentiate_and_normalise(w, count, wide);
    for (std::size_t j = count; j < n; ++j) w[j] = 0.0;
    // (For a T so tiny that 1/T is infinite, the row's maximum over T is ±∞, or 0 when it is 0.)
    if (log_norm) *log_norm = (best == 0.0 ? 0.0 : best * inv_t) + std::log(sum);
}

// From n = kStreamFrom on, a block's rows of the four n×n stages (4 · 12 · n doubles: 1.5 MiB
// at n = 4096, 384 KiB at 1024) no longer sit in the cache beside the packed keys and values
// (2 · n · 64 doubles at d = dv = 64), and the stages go to the trace through stream_copy.
constexpr std::size_t kStreamFrom = 1024;

}  // namespace

void exp_nonpositive(double* x, std::size_t n) { row_ops::exp_nonpositive(x, n, true); }

std::vector<double> softmax_row(const std::vector<double>& scaled, const std::vector<bool>& visible, double temperature) {
    const std::size_t n = scaled.size();
    std::unique_ptr<bool[]> vis(new bool[n]);
    for (std::size_t j = 0; j < n; ++j) vis[j] = visible[j];
    std::vector<double> w(n, 0.0);
    softmax_into(scaled.data(), vis.get(), n, temperature, w.data());
    return w;
}

Trace::~Trace() {
    for (Matrix* m : {&scores, &weights, &output}) give_back(std::move(m->data));
}

bool trace(const Input& in, Trace& out, std::string& error) {
    error = check(in);
    if (!error.empty()) return false;

    const std::size_t n = in.q.size(), d = in.q[0].size(), dv = in.v[0].size();
    out.n = n;
    out.d = d;
    out.dv = dv;
    out.temperature = in.temperature;
    out.causal = in.causal;
    // Every entry of every stage is written below: the buffers (a drag retraces every frame,
    // and ~Trace keeps a destroyed trace's) are taken as they are.
    const bool finite_t = in.temperature > 0 && std::isfinite(in.temperature);
    take(out.scores, n, n);
    take(out.weights, n, n);
    take(out.output, n, dv);
    out.log_norm.assign(finite_t ? n : 0, 0.0);

    // The keys and the values packed into panels (see product): S = Q·Kᵀ, O = A·V.
    const std::size_t panels_n = (n + kPanel - 1) / kPanel, panels_dv = (dv + kPanel - 1) / kPanel;
    std::vector<double> keys = take(panels_n * kPanel * d), values = take(panels_dv * kPanel * n);
    pack([&](std::size_t k, std::size_t j) { return in.k[j][k]; }, d, n, keys.data());
    pack([&](std::size_t k, std::size_t c) { return in.v[k][c]; }, n, dv, values.data());
    const Kernel kernel = fastest(in.portable, in.no_avx512);

    out.inv_sqrt_d = 1.0 / std::sqrt(static_cast<double>(d));
    // Multiplying by 1/T is within an ulp of dividing by T and much cheaper; where 1/T is not a
    // normal number (T below ~1e-308 or above ~4e307) the division is kept.
    out.inv_t = finite_t ? 1.0 / in.temperature : 0.0;
    out.multiply_t = std::isnormal(out.inv_t);
    const double inv_sqrt_d = out.inv_sqrt_d;
    const bool wide = kernel == Kernel::Avx512;
    // kBlock rows at a time, every stage, while their rows are in the cache: scores, then each
    // row's scaled scores and weights, then their outputs. The scaled rows are the block's own
    // (the trace recomputes them on demand). Where a block's rows of the two n×n stages outgrow
    // the cache (n ≥ kStreamFrom), they too are computed in the block's buffer, which stays in
    // the cache from block to block, and copied to the trace's matrices with stores that bypass
    // the cache: the matrices are then written without being read first, and without evicting the
    // packed keys and values the next block needs.
    const bool stream = n >= kStreamFrom;
    std::vector<double> local = take((stream ? 3 : 1) * kBlock * n);
    Matrix* const stages[] = {&out.scores, &out.weights};
    const double* a[kBlock];
    double* o[kBlock];
    bool ok = true;
    for (std::size_t i0 = 0; i0 < n && ok; i0 += kBlock) {
        const std::size_t rows = std::min(kBlock, n - i0);
        // Row r of the block in stage s (0 scores, 1 weights), and its scaled scores.
        auto row = [&](std::size_t s, std::size_t r) {
            return stream ? local.data() + ((1 + s) * kBlock + r) * n : stages[s]->row(i0 + r);
        };
        auto scaled_row = [&](std::size_t r) { return local.data() + r * n; };
        // The block's rows of stage s, computed in `local`, to the trace's matrix.
        auto publish = [&](std::size_t s) {
            if (stream) stream_copy(row(s, 0), stages[s]->row(i0), rows * n);
        };
        for (std::size_t r = 0; r < rows; ++r) {
            a[r] = in.q[i0 + r].data();
            o[r] = row(0, r);
        }
        // Each panel of scores is checked and scaled while it is in the cache.
        product(kernel, a, rows, keys.data(), d, d, n, o, [&](std::size_t j0, std::size_t m) {
            for (std::size_t r = 0; r < rows; ++r) ok &= scale_finite(row(0, r) + j0, inv_sqrt_d, m, scaled_row(r) + j0);
        });
        publish(0);  // before a score that overflows is looked for
        if (!ok) break;
        std::size_t inner = 0;  // the keys any of these rows sees: past them every weight is 0
        for (std::size_t r = 0; r < rows; ++r) {
            const std::size_t i = i0 + r;
            const std::size_t count = in.causal ? i + 1 : n;
            inner = std::max(inner, count);
            softmax_prefix(scaled_row(r), count, n, in.temperature, row(1, r), wide, finite_t ? &out.log_norm[i] : nullptr);
        }
        for (std::size_t r = 0; r < rows; ++r) {
            a[r] = row(1, r);
            o[r] = out.output.row(i0 + r);
        }
        // Only the visible keys: the products with a weight of exactly 0 add nothing.
        product(kernel, a, rows, values.data(), n, inner, dv, o, [](std::size_t, std::size_t) {});
        publish(1);
    }
    if (stream) stream_done();
    give_back(std::move(local));
    give_back(std::move(keys));
    give_back(std::move(values));
    if (!ok) {
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j)
                if (!std::isfinite(out.scores(i, j))) {
                    error = "score q" + std::to_string(i) + "·k" + std::to_string(j) +
                            " overflows the range of a double; scale the vectors down";
                    return false;
                }
    }
    if (in.x.empty()) {
        out.delta = Matrix();
        out.residual = Matrix();
    } else {
        add_residual(in, out);
    }
    return true;
}

}  // namespace attention
