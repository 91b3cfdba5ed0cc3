#include "attention/attention.hpp"

#include <algorithm>
#include <cmath>

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

std::vector<double> softmax_row(const std::vector<double>& scaled, const std::vector<bool>& visible, double temperature) {
    const std::size_t n = scaled.size();
    std::vector<double> w(n, 0.0);
    double best = -kInfinity;
    std::size_t count = 0;
    for (std::size_t j = 0; j < n; ++j)
        if (visible[j]) {
            best = std::max(best, scaled[j]);
            ++count;
        }
    if (count == 0) return w;

    if (std::isinf(temperature)) {
        // T → ∞: every logit tends to 0, so the visible keys share the weight equally.
        for (std::size_t j = 0; j < n; ++j)
            if (visible[j]) w[j] = 1.0 / static_cast<double>(count);
        return w;
    }
    if (temperature == 0.0) {
        // T → 0: the largest score takes everything; exact ties share it equally.
        std::size_t ties = 0;
        for (std::size_t j = 0; j < n; ++j)
            if (visible[j] && scaled[j] == best) ++ties;
        for (std::size_t j = 0; j < n; ++j)
            if (visible[j] && scaled[j] == best) w[j] = 1.0 / static_cast<double>(ties);
        return w;
    }
    // Subtract the row maximum before dividing by T and exponentiating: every exponent is ≤ 0,
    // so exp never overflows, and the largest term is exactly 1, so the sum is never 0.
    // The difference is taken first so that huge scores (1e300) and tiny T stay finite.
    double sum = 0.0;
    for (std::size_t j = 0; j < n; ++j)
        if (visible[j]) {
            double diff = scaled[j] - best;  // ≤ 0, possibly −∞ if the scores span more than the double range
            double e = std::exp(diff / temperature);
            w[j] = e;
            sum += e;
        }
    for (std::size_t j = 0; j < n; ++j) w[j] /= sum;
    return w;
}

bool trace(const Input& in, Trace& out, std::string& error) {
    error = check(in);
    if (!error.empty()) return false;

    const std::size_t n = in.q.size(), d = in.q[0].size(), dv = in.v[0].size();
    const Matrix Q = Matrix::from(in.q), K = Matrix::from(in.k), V = Matrix::from(in.v);
    out = Trace{};
    out.n = n;
    out.d = d;
    out.dv = dv;
    out.temperature = in.temperature;
    out.causal = in.causal;
    out.scores = Matrix(n, n);
    out.scaled = Matrix(n, n);
    out.weights = Matrix(n, n);
    out.output = Matrix(n, dv);
    const bool finite_t = in.temperature > 0 && std::isfinite(in.temperature);
    if (finite_t) out.logits = Matrix(n, n);

    const double inv_sqrt_d = 1.0 / std::sqrt(static_cast<double>(d));
    std::vector<double> scaled_row(n);
    std::vector<bool> visible(n);
    for (std::size_t i = 0; i < n; ++i) {
        const double* q = Q.row(i);
        for (std::size_t j = 0; j < n; ++j) {
            const double* k = K.row(j);
            double s = 0.0;
            for (std::size_t c = 0; c < d; ++c) s += q[c] * k[c];
            if (!std::isfinite(s)) {
                error = "score q" + std::to_string(i) + "·k" + std::to_string(j) + " overflows the range of a double; scale the vectors down";
                return false;
            }
            out.scores(i, j) = s;
            out.scaled(i, j) = s * inv_sqrt_d;
            scaled_row[j] = out.scaled(i, j);
            visible[j] = out.visible(i, j);
            if (finite_t) out.logits(i, j) = visible[j] ? scaled_row[j] / in.temperature : -kInfinity;
        }
        std::vector<double> w = softmax_row(scaled_row, visible, in.temperature);
        std::copy(w.begin(), w.end(), out.weights.row(i));
        double* o = out.output.row(i);
        for (std::size_t j = 0; j < n; ++j) {
            if (w[j] == 0.0) continue;
            const double* v = V.row(j);
            for (std::size_t c = 0; c < dv; ++c) o[c] += w[j] * v[c];
        }
    }
    return true;
}

}  // namespace attention
