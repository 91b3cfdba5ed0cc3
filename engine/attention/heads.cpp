// attention/heads: the trace of several heads (see heads.hpp): each head through
// attention::trace, the concatenation, W_O and the residual add. The products of the output side
// are a few numbers per token, summed in long double as the single head's add_residual sums them,
// so that one head gives the same bits either way.
#include "attention/heads.hpp"

#include <cmath>

namespace attention {

namespace {

Input head_input(const HeadsInput& in, std::size_t h) {
    Input one;
    one.q = in.heads[h].q;
    one.k = in.heads[h].k;
    one.v = in.heads[h].v;
    one.temperature = in.temperature;
    one.causal = in.causal;
    one.portable = in.portable;
    one.no_avx512 = in.no_avx512;
    return one;
}

std::string head_name(std::size_t h) { return "heads[" + std::to_string(h) + "]"; }

bool finite_rows(const core::Mat& m, std::size_t width) {
    for (const auto& row : m) {
        if (row.size() != width) return false;
        for (double x : row)
            if (!std::isfinite(x)) return false;
    }
    return true;
}

}  // namespace

HeadsInput heads_of(const Input& in) {
    HeadsInput out;
    out.heads.push_back(Head{in.q, in.k, in.v});
    out.temperature = in.temperature;
    out.causal = in.causal;
    out.w_o = in.w_o;
    out.x = in.x;
    out.portable = in.portable;
    out.no_avx512 = in.no_avx512;
    return out;
}

std::string check(const HeadsInput& in) {
    if (in.heads.empty()) return "there are no heads";
    if (in.heads.size() > kMaxHeads)
        return std::to_string(in.heads.size()) + " heads, the limit is " + std::to_string(kMaxHeads);
    const std::size_t n = in.heads[0].q.size();
    std::size_t width = 0;  // Σ dv
    for (std::size_t h = 0; h < in.heads.size(); ++h) {
        Input one = head_input(in, h);
        if (auto e = check(one); !e.empty()) return head_name(h) + ": " + e;
        if (one.q.size() != n)
            return head_name(h) + " has " + std::to_string(one.q.size()) + " tokens, heads[0] has " + std::to_string(n) +
                   "; every head reads the same tokens";
        width += one.v[0].size();
    }
    if (width > kMaxSize)
        return "the heads' outputs side by side are " + std::to_string(width) + " numbers wide, the limit is " +
               std::to_string(kMaxSize);
    std::size_t m = 0;  // the result's width
    if (!in.w_o.empty()) {
        if (in.w_o.size() != width)
            return "w_o has " + std::to_string(in.w_o.size()) + " rows, expected " + std::to_string(width) +
                   " (one per number of the heads' outputs side by side)";
        m = in.w_o[0].size();
        if (m == 0 || m > kMaxSize) return "w_o rows must have 1 to " + std::to_string(kMaxSize) + " numbers";
        if (!finite_rows(in.w_o, m)) {
            for (std::size_t r = 0; r < in.w_o.size(); ++r) {
                if (in.w_o[r].size() != m)
                    return "w_o row " + std::to_string(r) + " has " + std::to_string(in.w_o[r].size()) + " numbers, expected " +
                           std::to_string(m);
                for (std::size_t c = 0; c < m; ++c)
                    if (!std::isfinite(in.w_o[r][c]))
                        return "w_o[" + std::to_string(r) + "][" + std::to_string(c) + "] is not a finite number";
            }
        }
    } else {
        m = width;
    }
    if (!in.x.empty()) {
        if (in.x.size() != n)
            return "x has " + std::to_string(in.x.size()) + " rows, expected " + std::to_string(n) + " (one per token)";
        const std::size_t xm = in.x[0].size();
        if (xm == 0 || !finite_rows(in.x, xm)) return "x must be rows of the same width, every number finite";
        if (xm != m)
            return in.w_o.empty()
                       ? "x has " + std::to_string(xm) + " dimensions but the heads' outputs side by side have " +
                             std::to_string(width) + "; without an output projection W_O they are added to x, so they must match"
                       : "w_o has " + std::to_string(m) + " columns but x has " + std::to_string(xm) +
                             " dimensions; W_O maps the heads' outputs back to x's width";
    }
    return {};
}

bool trace(const HeadsInput& in, HeadsTrace& out, std::string& error) {
    error = check(in);
    if (!error.empty()) return false;
    const std::size_t count = in.heads.size();
    out.heads.resize(count);
    out.offsets.assign(count, 0);
    std::size_t width = 0;
    for (std::size_t h = 0; h < count; ++h) {
        if (!trace(head_input(in, h), out.heads[h], error)) {
            error = head_name(h) + ": " + error;
            return false;
        }
        out.offsets[h] = width;
        width += out.heads[h].dv;
    }
    const std::size_t n = out.n();
    out.concat = Matrix(n, width);
    for (std::size_t h = 0; h < count; ++h)
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t c = 0; c < out.heads[h].dv; ++c) out.concat(i, out.offsets[h] + c) = out.heads[h].output(i, c);
    if (in.w_o.empty()) {
        out.output = out.concat;
    } else {
        const std::size_t m = in.w_o[0].size();
        out.output = Matrix(n, m);
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t c = 0; c < m; ++c) {
                long double s = 0;
                for (std::size_t e = 0; e < width; ++e) s += static_cast<long double>(out.concat(i, e)) * in.w_o[e][c];
                out.output(i, c) = static_cast<double>(s);
            }
    }
    if (in.x.empty()) {
        out.residual = Matrix();
    } else {
        out.residual = Matrix(n, out.output.cols);
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t c = 0; c < out.output.cols; ++c) out.residual(i, c) = in.x[i][c] + out.output(i, c);
    }
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t c = 0; c < out.output.cols; ++c)
            if (!std::isfinite(out.output(i, c)) || (!in.x.empty() && !std::isfinite(out.residual(i, c)))) {
                error = "the heads' result for token " + std::to_string(i) + " overflows the range of a double; scale W_O down";
                return false;
            }
    return true;
}

}  // namespace attention
