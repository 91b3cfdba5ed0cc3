// model/matrix: the attention matrix as a heatmap. Scores fill in row by row during the scores
// step, then the softmax turns each row into weights (the row sums land on 1). Cells are read
// through Matrix::cell so that a matrix of thousands of tokens is never copied; the numbers
// written in the cells (small matrices only) are rounded row by row so that each row adds up.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "model/model.hpp"
#include "model/row.hpp"

namespace model {

namespace {

// How far row i of n has come in during a step at progress p (rows arrive one after another).
double row_reveal(double p, int n, int i) { return smooth(p * n - i); }

}  // namespace

Matrix::Cell Matrix::cell(int i, int j) const {
    Cell c;
    const attention::Trace& tr = *trace;
    const std::size_t I = static_cast<std::size_t>(i), J = static_cast<std::size_t>(j);
    const int n = static_cast<int>(tr.n);
    c.score_reveal = row_reveal(p_scores, n, i);
    c.weight_reveal = row_reveal(p_softmax, n, i);
    const double scaled = tr.scaled(I, J);
    double s = tr.scores(I, J) * c.score_reveal;
    s = core::lerp(s, scaled, p_scale);
    c.score = s;
    c.score_heat = std::clamp(0.5 + 0.5 * s / magnitude, 0.0, 1.0);
    c.weight = tr.weights(I, J);
    if (open) c.weight = core::lerp(open->weights(I, J), c.weight, mask_u);
    c.hide = (j > i && mask_u > 0) ? mask_u * p_mask : 0.0;
    c.weights = c.weight_reveal > 0.5;
    return c;
}

const std::vector<std::string>& Matrix::row_text(int i) const {
    static const std::vector<std::string> none;
    return i >= 0 && static_cast<std::size_t>(i) < texts.size() ? texts[static_cast<std::size_t>(i)] : none;
}

std::string Matrix::row_sum(int i) const {
    return i >= 0 && static_cast<std::size_t>(i) < sums.size() ? sums[static_cast<std::size_t>(i)] : std::string();
}

bool Matrix::row_budget(int i) const {
    return i >= 0 && static_cast<std::size_t>(i) < budgets.size() && budgets[static_cast<std::size_t>(i)];
}

Matrix build(const Row& m, Tag<Matrix>) {
    Matrix out;
    const timeline::View& v = *m.view;
    const attention::Trace& tr = *m.tr;
    out.trace = &tr;
    out.open = v.open.n == tr.n && v.mask_u < 1.0 ? &v.open : nullptr;
    out.mask_u = v.mask_u;
    out.p_scores = m.prog[Stage::Scores];
    out.p_scale = m.prog[Stage::Scale];
    out.p_mask = m.prog[Stage::Mask];
    out.p_softmax = m.prog[Stage::Softmax];
    out.tokens = m.sc->tokens;
    out.focus = m.focus;
    out.hover = v.hover;
    out.scored = out.p_scores > 0;
    out.weights_legend = out.p_softmax >= 0.5;
    out.aside = out.weights_legend ? "every row sums to 1" : (out.scored ? "scores" : "");
    double mag = 0;
    for (double s : tr.scores.data) mag = std::max(mag, std::fabs(s));
    out.magnitude = mag < 1e-9 ? 1 : mag;
    out.legend_name = out.weights_legend ? "weight" : "score";
    out.legend_low = out.weights_legend ? "0" : num(-out.magnitude, 1);
    out.legend_high = out.weights_legend ? "1" : num(out.magnitude, 1);

    // The numbers of each row and its sum (over the cells not folded away).
    const int n = m.n;
    const bool write = n <= Matrix::kNumbers;
    out.sums.resize(static_cast<std::size_t>(n));
    out.budgets.resize(static_cast<std::size_t>(n));
    if (write) out.texts.resize(static_cast<std::size_t>(n));
    std::vector<Matrix::Cell> cells(static_cast<std::size_t>(n));
    std::vector<double> weights(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) cells[static_cast<std::size_t>(j)] = out.cell(i, j);
        if (!(out.scored && cells[0].score_reveal > 0.3)) continue;  // the row has not arrived
        const bool budget = cells[0].weights;
        out.budgets[static_cast<std::size_t>(i)] = budget;
        std::vector<std::string> text;
        if (budget) {
            for (int j = 0; j < n; ++j) weights[static_cast<std::size_t>(j)] = cells[static_cast<std::size_t>(j)].weight;
            text = write ? shares(weights, ShareStyle::Decimal) : std::vector<std::string>{};
        }
        if (!budget && write)
            for (int j = 0; j < n; ++j) text.push_back(num(cells[static_cast<std::size_t>(j)].score));
        // The sum of what the row shows: its written numbers exactly where there are some.
        long long sn = 0, sd = 1;
        double sum = 0;
        bool exact = write && budget;
        for (int j = 0; j < n; ++j) {
            const Matrix::Cell& c = cells[static_cast<std::size_t>(j)];
            if (c.hide >= 0.5) continue;  // hidden cells take no part in the row
            sum += budget ? c.weight : c.score;
            long long a = 0, b = 1;
            if (exact && share_value(text[static_cast<std::size_t>(j)], a, b)) {
                sn = sn * b + a * sd;
                sd *= b;
                const long long g = std::gcd(sn, sd);
                sn /= g, sd /= g;
            } else {
                exact = false;
            }
        }
        out.sums[static_cast<std::size_t>(i)] = num(exact ? static_cast<double>(sn) / static_cast<double>(sd) : sum);
        if (write) out.texts[static_cast<std::size_t>(i)] = std::move(text);
    }

    // The sums' column says what it adds up: the scores shown, or the weights. Once a row shows
    // weights the column sums weights only (a row still showing scores shows no sum).
    bool has_weights = false;
    for (int i = 0; i < n; ++i) has_weights = has_weights || out.budgets[static_cast<std::size_t>(i)];
    out.sum_heading = has_weights ? "Σ weights" : "Σ scores";
    if (has_weights)
        for (int i = 0; i < n; ++i)
            if (!out.budgets[static_cast<std::size_t>(i)]) out.sums[static_cast<std::size_t>(i)].clear();

    // Compare (A,B) against (B,A): reading is not symmetric.
    if (v.controls.compare) {
        auto [a, b] = *v.controls.compare;
        if (a >= 0 && b >= 0 && a < n && b < n) {
            out.compare = v.controls.compare;
            const auto& t = m.sc->tokens;
            const std::size_t A = static_cast<std::size_t>(a), B = static_cast<std::size_t>(b);
            // Each as its row shows it, so the note agrees with the cells and the bars.
            auto shown = [&](std::size_t row, std::size_t col) {
                std::vector<double> w(tr.n);
                for (std::size_t j = 0; j < tr.n; ++j) w[j] = tr.weights(row, j);
                return shares(w, ShareStyle::Percent)[col];
            };
            // The tokens quoted: "‘The’ reads ‘cat’", never "The reads cat", which reads as a typo.
            auto q = [&](std::size_t i) { return "‘" + t[i] + "’"; };
            out.compare_note = q(A) + " reads " + q(B) + ": " + shown(A, B) + "   ·   " + q(B) + " reads " + q(A) + ": " + shown(B, A);
        }
    }
    return out;
}

}  // namespace model
