#include "attention/attention.hpp"

#include <algorithm>
#include <cmath>
#include <memory>

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
    for (std::size_t r = 0; r < m.size(); ++r) {
        if (m[r].size() != width)
            return std::string(name) + " row " + std::to_string(r) + " has " + std::to_string(m[r].size()) + " numbers, expected " + std::to_string(width);
        for (std::size_t c = 0; c < width; ++c)
            if (!std::isfinite(m[r][c]))
                return std::string(name) + "[" + std::to_string(r) + "][" + std::to_string(c) + "] is not a finite number";
    }
    return {};
}

// y += a·x over n contiguous doubles: the one kernel of both products (Q·Kᵀ and A·V).
// Built twice, for AVX2+FMA and for the baseline, and picked at load time by the CPU.
__attribute__((target_clones("arch=haswell", "default"))) void axpy(double a, const double* x, double* y, std::size_t n) {
    for (std::size_t j = 0; j < n; ++j) y[j] += a * x[j];
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
    double sum = 0.0;
    for (std::size_t j = 0; j < n; ++j)
        if (visible[j]) {
            const double diff = scaled[j] - best;  // ≤ 0, or −∞ when the scores span more than a double
            // diff·(1/T) can overflow to −∞ for tiny T: exp gives exactly 0, the right limit.
            w[j] = std::exp(std::isinf(inv_t) ? (diff == 0.0 ? 0.0 : -kInfinity) : diff * inv_t);
            sum += w[j];
        }
    const double inv_sum = 1.0 / sum;
    for (std::size_t j = 0; j < n; ++j) w[j] *= inv_sum;
}

}  // namespace

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
    reset(out.scores, n, n);
    reset(out.scaled, n, n);
    reset(out.weights, n, n);
    reset(out.output, n, dv);
    const bool finite_t = in.temperature > 0 && std::isfinite(in.temperature);
    if (finite_t) reset(out.logits, n, n);
    else out.logits = Matrix();

    // Keys transposed (d×n): a row of scores is then Σ_c q_c · Kᵀ[c], a run of independent
    // multiply-adds over contiguous memory that the compiler vectorises, summed in the same
    // order as the textbook dot product.
    Matrix kt(d, n);
    for (std::size_t j = 0; j < n; ++j)
        for (std::size_t c = 0; c < d; ++c) kt(c, j) = in.k[j][c];

    const double inv_sqrt_d = 1.0 / std::sqrt(static_cast<double>(d));
    std::unique_ptr<bool[]> visible(new bool[n]);
    for (std::size_t i = 0; i < n; ++i) {
        const double* q = in.q[i].data();
        double* scores = out.scores.row(i);
        double* scaled = out.scaled.row(i);
        for (std::size_t c = 0; c < d; ++c) {
            const double qc = q[c];
            const double* kc = kt.row(c);
            axpy(qc, kc, scores, n);
        }
        for (std::size_t j = 0; j < n; ++j) {
            const double s = scores[j];
            if (!std::isfinite(s)) {
                error = "score q" + std::to_string(i) + "·k" + std::to_string(j) + " overflows the range of a double; scale the vectors down";
                return false;
            }
            scaled[j] = s * inv_sqrt_d;
            visible[j] = out.visible(i, j);
            if (finite_t) out.logits(i, j) = visible[j] ? scaled[j] / in.temperature : -kInfinity;
        }
        double* w = out.weights.row(i);
        softmax_into(scaled, visible.get(), n, in.temperature, w);
        double* o = out.output.row(i);
        for (std::size_t j = 0; j < n; ++j) {
            if (w[j] == 0.0) continue;
            axpy(w[j], in.v[j].data(), o, dv);
        }
    }
    return true;
}

}  // namespace attention
