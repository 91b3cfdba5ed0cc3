#include "attention/attention.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <bit>
#include <memory>

#include <immintrin.h>

namespace attention {

Matrix Matrix::from(const core::Mat& m) {
    Matrix out(m.size(), m.empty() ? 0 : m[0].size());
    for (std::size_t r = 0; r < m.size(); ++r)
        std::copy(m[r].begin(), m[r].end(), out.row(r));
    return out;
}

namespace {

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
    for (const auto& row : m) {
        clean &= row.size() == width;
        unsigned bad = 0;  // x − x is 0 for every finite x, NaN for ±∞ and NaN
        for (double x : row) bad |= static_cast<unsigned>(!(x - x == 0.0));
        clean &= bad == 0;
    }
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

// True when the processor runs the AVX2+FMA kernels below (asked once).
bool has_avx2_fma() {
    static const bool yes = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    }();
    return yes;
}

// The two products (Q·Kᵀ with Kᵀ stored d×n, and A·V) as out += A·M for row-major matrices.
// Every output entry is summed over the inner index in the order of the textbook formula.

// Portable: the inner loops run over contiguous memory so the compiler vectorises them, and
// four rows of A share each load of a row of M.
void row_times_matrix(const double* a, const double* m, std::size_t inner, std::size_t cols, double* out) {
    for (std::size_t r = 0; r < inner; ++r) {
        const double ar = a[r];
        const double* mr = m + r * cols;
        for (std::size_t c = 0; c < cols; ++c) out[c] += ar * mr[c];
    }
}

void four_rows_times_matrix(const double* __restrict a, std::size_t lda, const double* __restrict m,
                            std::size_t inner, std::size_t cols, double* __restrict out, std::size_t ldo) {
    double* __restrict o0 = out;
    double* __restrict o1 = out + ldo;
    double* __restrict o2 = out + 2 * ldo;
    double* __restrict o3 = out + 3 * ldo;
    for (std::size_t r = 0; r < inner; ++r) {
        const double x0 = a[r], x1 = a[lda + r], x2 = a[2 * lda + r], x3 = a[3 * lda + r];
        const double* __restrict mr = m + r * cols;
        for (std::size_t c = 0; c < cols; ++c) {
            const double v = mr[c];
            o0[c] += x0 * v;
            o1[c] += x1 * v;
            o2[c] += x2 * v;
            o3[c] += x3 * v;
        }
    }
}

void multiply_portable(const Matrix& a, const Matrix& m, Matrix& out) {
    std::size_t i = 0;
    for (; i + 4 <= a.rows; i += 4) four_rows_times_matrix(a.row(i), a.cols, m.data.data(), m.rows, m.cols, out.row(i), out.cols);
    for (; i < a.rows; ++i) row_times_matrix(a.row(i), m.data.data(), m.rows, m.cols, out.row(i));
}

// AVX2 + FMA: a 4×8 tile of the output stays in eight registers over the whole inner loop, so
// each step loads one row segment of M and four numbers of A instead of reading and writing the
// output. The edges (rows beyond a multiple of 4, columns beyond a multiple of 8) go portable.
__attribute__((target("avx2,fma"))) void multiply_avx2(const Matrix& a, const Matrix& m, Matrix& out) {
    const std::size_t rows = a.rows, inner = m.rows, cols = m.cols;
    const std::size_t rows4 = rows - rows % 4, cols8 = cols - cols % 8;
    for (std::size_t i = 0; i < rows4; i += 4) {
        const double* a0 = a.row(i);
        const double* a1 = a.row(i + 1);
        const double* a2 = a.row(i + 2);
        const double* a3 = a.row(i + 3);
        for (std::size_t j = 0; j < cols8; j += 8) {
            __m256d c00 = _mm256_setzero_pd(), c01 = _mm256_setzero_pd();
            __m256d c10 = _mm256_setzero_pd(), c11 = _mm256_setzero_pd();
            __m256d c20 = _mm256_setzero_pd(), c21 = _mm256_setzero_pd();
            __m256d c30 = _mm256_setzero_pd(), c31 = _mm256_setzero_pd();
            for (std::size_t k = 0; k < inner; ++k) {
                const double* mk = m.data.data() + k * cols + j;
                const __m256d b0 = _mm256_loadu_pd(mk), b1 = _mm256_loadu_pd(mk + 4);
                __m256d x = _mm256_broadcast_sd(a0 + k);
                c00 = _mm256_fmadd_pd(x, b0, c00);
                c01 = _mm256_fmadd_pd(x, b1, c01);
                x = _mm256_broadcast_sd(a1 + k);
                c10 = _mm256_fmadd_pd(x, b0, c10);
                c11 = _mm256_fmadd_pd(x, b1, c11);
                x = _mm256_broadcast_sd(a2 + k);
                c20 = _mm256_fmadd_pd(x, b0, c20);
                c21 = _mm256_fmadd_pd(x, b1, c21);
                x = _mm256_broadcast_sd(a3 + k);
                c30 = _mm256_fmadd_pd(x, b0, c30);
                c31 = _mm256_fmadd_pd(x, b1, c31);
            }
            double* o = out.row(i) + j;
            const std::size_t ld = out.cols;
            _mm256_storeu_pd(o, _mm256_add_pd(_mm256_loadu_pd(o), c00));
            _mm256_storeu_pd(o + 4, _mm256_add_pd(_mm256_loadu_pd(o + 4), c01));
            _mm256_storeu_pd(o + ld, _mm256_add_pd(_mm256_loadu_pd(o + ld), c10));
            _mm256_storeu_pd(o + ld + 4, _mm256_add_pd(_mm256_loadu_pd(o + ld + 4), c11));
            _mm256_storeu_pd(o + 2 * ld, _mm256_add_pd(_mm256_loadu_pd(o + 2 * ld), c20));
            _mm256_storeu_pd(o + 2 * ld + 4, _mm256_add_pd(_mm256_loadu_pd(o + 2 * ld + 4), c21));
            _mm256_storeu_pd(o + 3 * ld, _mm256_add_pd(_mm256_loadu_pd(o + 3 * ld), c30));
            _mm256_storeu_pd(o + 3 * ld + 4, _mm256_add_pd(_mm256_loadu_pd(o + 3 * ld + 4), c31));
        }
        for (std::size_t r = 0; r < 4 && cols8 < cols; ++r) {  // the columns past the last full tile
            const double* ar = a.row(i + r);
            double* o = out.row(i + r);
            for (std::size_t k = 0; k < inner; ++k) {
                const double* mk = m.data.data() + k * cols;
                for (std::size_t c = cols8; c < cols; ++c) o[c] += ar[k] * mk[c];
            }
        }
    }
    for (std::size_t i = rows4; i < rows; ++i) row_times_matrix(a.row(i), m.data.data(), inner, cols, out.row(i));
}

// out (rows × cols, zeroed) += A (rows × inner) · M (inner × cols), on the fastest kernel the
// processor runs.
void multiply(const Matrix& a, const Matrix& m, Matrix& out, bool portable) {
    if (has_avx2_fma() && !portable) multiply_avx2(a, m, out);
    else multiply_portable(a, m, out);
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
    return {};
}

namespace {

// e^x = 2^k · e^r with k = round(x / ln 2) and r = x − k·ln 2 in [−0.35, 0.35]. ln 2 is split
// in two (Cody and Waite) so that k·ln2_hi is exact; e^r is its Taylor series to degree 12,
// whose truncation error (0.35¹³/13! ≈ 2e-16) is below half an ulp. 2^k is built from bits:
// adding 1.5·2⁵² rounds x/ln 2 to an integer that lands in the low bits of the sum.
// The constants of exp_np and its AVX2 twin.
constexpr double kLog2e = 1.4426950408889634;
constexpr double kLn2Hi = 6.93147180369123816490e-01;
constexpr double kLn2Lo = 1.90821492927058770002e-10;
constexpr double kRound = 6755399441055744.0;  // 1.5 · 2⁵²
// 1/12!, 1/11!, …, 1/1!, 1/0!: e^r's series from the highest term down, for Horner's rule.
constexpr double kExpSeries[] = {1.0 / 479001600.0, 1.0 / 39916800.0, 1.0 / 3628800.0, 1.0 / 362880.0,
                                 1.0 / 40320.0,     1.0 / 5040.0,     1.0 / 720.0,     1.0 / 120.0,
                                 1.0 / 24.0,        1.0 / 6.0,        0.5,             1.0,
                                 1.0};

inline double exp_np(double x) {
    const double xc = x < -708.0 ? -708.0 : x;
    const double t = xc * kLog2e + kRound;
    const double k = t - kRound;
    const double r = (xc - k * kLn2Hi) - k * kLn2Lo;
    double p = kExpSeries[0];
    for (std::size_t c = 1; c < std::size(kExpSeries); ++c) p = p * r + kExpSeries[c];
    // The low bits of t hold k; shifted up, k + 1023 becomes the exponent field of 2^k.
    const double scale = std::bit_cast<double>((std::bit_cast<std::uint64_t>(t) + 1023) << 52);
    return x < -708.0 ? 0.0 : p * scale;
}

// The same arithmetic four lanes at a time (AVX2 + FMA), where the processor has it.
__attribute__((target("avx2,fma"))) void exp_nonpositive_avx2(double* x, std::size_t n) {
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

void exp_nonpositive_kernel(double* x, std::size_t n) {
    if (has_avx2_fma()) exp_nonpositive_avx2(x, n);
    else
        for (std::size_t j = 0; j < n; ++j) x[j] = exp_np(x[j]);
}

// Softmax of scaled[0..count) (the visible prefix or all of a row) into w[0..count).
// See softmax_row for the meaning of the limits.
void softmax_into(const double* scaled, const bool* visible, std::size_t n, double temperature, double* w) {
    double best = -kInfinity;
    std::size_t count = 0;
    for (std::size_t j = 0; j < n; ++j)
        if (visible[j]) {
            best = std::max(best, scaled[j]);
            ++count;
        }
    for (std::size_t j = 0; j < n; ++j) w[j] = 0.0;
    if (count == 0) return;

    if (std::isinf(temperature)) {
        // T → ∞: every logit tends to 0, so the visible keys share the weight equally.
        for (std::size_t j = 0; j < n; ++j)
            if (visible[j]) w[j] = 1.0 / static_cast<double>(count);
        return;
    }
    if (temperature == 0.0) {
        // T → 0: the largest score takes everything; exact ties share it equally.
        std::size_t ties = 0;
        for (std::size_t j = 0; j < n; ++j)
            if (visible[j] && scaled[j] == best) ++ties;
        for (std::size_t j = 0; j < n; ++j)
            if (visible[j] && scaled[j] == best) w[j] = 1.0 / static_cast<double>(ties);
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
    exp_nonpositive_kernel(w, n);
    double sum = 0.0;
    for (std::size_t j = 0; j < n; ++j) sum += w[j];
    const double inv_sum = 1.0 / sum;
    for (std::size_t j = 0; j < n; ++j) w[j] *= inv_sum;
}

}  // namespace

void exp_nonpositive(double* x, std::size_t n) { exp_nonpositive_kernel(x, n); }

std::vector<double> softmax_row(const std::vector<double>& scaled, const std::vector<bool>& visible, double temperature) {
    const std::size_t n = scaled.size();
    std::unique_ptr<bool[]> vis(new bool[n]);
    for (std::size_t j = 0; j < n; ++j) vis[j] = visible[j];
    std::vector<double> w(n, 0.0);
    softmax_into(scaled.data(), vis.get(), n, temperature, w.data());
    return w;
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
    // Reuse the trace's buffers when the sizes repeat (a drag retraces every frame).
    auto reset = [](Matrix& m, std::size_t r, std::size_t c) {
        m.rows = r;
        m.cols = c;
        m.data.assign(r * c, 0.0);
    };
    // Only the two products accumulate into their buffers; every other stage overwrites each entry.
    auto resize = [](Matrix& m, std::size_t r, std::size_t c) {
        m.rows = r;
        m.cols = c;
        m.data.resize(r * c);
    };
    reset(out.scores, n, n);
    resize(out.scaled, n, n);
    resize(out.weights, n, n);
    reset(out.output, n, dv);
    const bool finite_t = in.temperature > 0 && std::isfinite(in.temperature);
    if (finite_t) resize(out.logits, n, n);
    else out.logits = Matrix();

    // Keys transposed (d×n), so that S = Q·Kᵀ and O = A·V are the same kind of product.
    Matrix kt(d, n);
    for (std::size_t j = 0; j < n; ++j)
        for (std::size_t c = 0; c < d; ++c) kt(c, j) = in.k[j][c];
    const Matrix values = Matrix::from(in.v);
    multiply(Matrix::from(in.q), kt, out.scores, in.portable);

    const double inv_sqrt_d = 1.0 / std::sqrt(static_cast<double>(d));
    // Multiplying by 1/T is within an ulp of dividing by T and much cheaper; where 1/T is not a
    // normal number (T below ~1e-308 or above ~4e307) the division is kept.
    const double inv_t = finite_t ? 1.0 / in.temperature : 0.0;
    const bool multiply_t = std::isnormal(inv_t);
    std::unique_ptr<bool[]> visible(new bool[n]);
    for (std::size_t i = 0; i < n; ++i) {
        const double* scores = out.scores.row(i);
        double* scaled = out.scaled.row(i);
        for (std::size_t j = 0; j < n; ++j) {
            const double s = scores[j];
            if (!std::isfinite(s)) {
                error = "score q" + std::to_string(i) + "·k" + std::to_string(j) + " overflows the range of a double; scale the vectors down";
                return false;
            }
            scaled[j] = s * inv_sqrt_d;
            visible[j] = out.visible(i, j);
            if (finite_t)
                out.logits(i, j) = !visible[j] ? -kInfinity : multiply_t ? scaled[j] * inv_t : scaled[j] / in.temperature;
        }
        double* w = out.weights.row(i);
        softmax_into(scaled, visible.get(), n, in.temperature, w);
    }
    multiply(out.weights, values, out.output, in.portable);
    return true;
}

}  // namespace attention
