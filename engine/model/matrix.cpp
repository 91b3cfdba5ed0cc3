// model/matrix: the attention matrix as a heatmap. Scores fill in row by row during the scores
// step (on the scores' diverging scale, the score row's), then the softmax turns each row into
// weights (a sequential scale) and the column beside it shows each row's true sum, 1. A matrix of up
// to Matrix::kWhole tokens keeps its cells (196 at most: the model is what is drawn, and equal
// models draw equal pixels); a larger one keeps its heat image, read from the trace row by row,
// so that a matrix of thousands of tokens is never copied. The numbers written in the cells are
// each the value correctly rounded.
#include <algorithm>
#include <cmath>

#include "model/model.hpp"
#include "model/row.hpp"

namespace model {

namespace {

// How far row i of n has come in during a step at progress p (rows arrive one after another).
double row_reveal(double p, int n, int i) { return smooth(p * n - i); }

// What the cells are read from: the trace, the trace without the mask while it folds, and how far
// each stage has come. The scores stay q·k/√d whatever T (T acts inside the softmax).
struct Source {
    const attention::Trace& tr;
    const attention::Trace* open = nullptr;
    double magnitude = 1, mask_u = 0, p_scores = 0, p_scale = 0, p_mask = 0, p_softmax = 0;

    Matrix::Cell cell(int i, int j) const {
        Matrix::Cell c;
        const std::size_t I = static_cast<std::size_t>(i), J = static_cast<std::size_t>(j);
        const int n = static_cast<int>(tr.n);
        c.score_reveal = row_reveal(p_scores, n, i);
        c.weight_reveal = row_reveal(p_softmax, n, i);
        double s = tr.scores(I, J) * c.score_reveal;
        s = core::lerp(s, tr.scaled(I, J), p_scale);
        c.score = s;
        c.score_tone = tone(s, magnitude);
        c.weight = tr.weights(I, J);
        if (open) c.weight = core::lerp(open->weights(I, J), c.weight, mask_u);
        c.hide = (j > i && mask_u > 0) ? mask_u * p_mask : 0.0;
        c.weights = c.weight_reveal > 0.5;
        return c;
    }
};

// The cells, the numbers of each row, and the sum of its weights (over the cells not folded away).
void numbers(Matrix& out, const Source& src, const int n) {
    const bool write = n <= Matrix::kNumbers;
    out.sums.resize(static_cast<std::size_t>(n));
    out.budgets.resize(static_cast<std::size_t>(n));
    if (write) out.texts.resize(static_cast<std::size_t>(n));
    out.cells.resize(static_cast<std::size_t>(n) * static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        const auto cells = out.cells.begin() + static_cast<std::ptrdiff_t>(i) * n;
        for (int j = 0; j < n; ++j) cells[j] = src.cell(i, j);
        if (!(out.scored && cells[0].score_reveal > 0.3)) continue;  // the row has not arrived
        const bool budget = cells[0].weights;
        out.budgets[static_cast<std::size_t>(i)] = budget;
        std::vector<std::string> text;
        if (write)
            for (int j = 0; j < n; ++j) {
                const Matrix::Cell& c = cells[j];
                text.push_back(budget ? decimal(c.weight) : num(c.score));
            }
        // Σ weights: the true sum of the row's visible weights (1, whatever the cells, each
        // rounded on its own, add up to as written). A row of scores has no sum: softmax never
        // adds scores up.
        if (budget) {
            double sum = 0;
            for (int j = 0; j < n; ++j)
                if (cells[j].hide < 0.5) sum += cells[j].weight;
            out.sums[static_cast<std::size_t>(i)] = num(sum);
        }
        if (write) out.texts[static_cast<std::size_t>(i)] = std::move(text);
    }
    bool has_weights = false;
    for (int i = 0; i < n; ++i) has_weights = has_weights || out.budgets[static_cast<std::size_t>(i)];
    out.sum_heading = has_weights ? "Σ weights" : "";
}

// The heat image of a summarised matrix: each square the mean of the pairs it covers, read from
// the trace row by row (no cell is copied; the work is the n² reads, not n² labels).
void summarise(Matrix& out, const Source& src, const int n) {
    Matrix::Heat& h = out.heat;
    h.per = (n + Matrix::kBins - 1) / Matrix::kBins;
    h.bins = (n + h.per - 1) / h.per;
    h.squares.assign(static_cast<std::size_t>(h.bins) * static_cast<std::size_t>(h.bins), Matrix::Square{});
    const attention::Trace& tr = src.tr;
    std::vector<double> tones(static_cast<std::size_t>(h.bins)), weight(tones.size()), hide(tones.size());
    std::vector<int> count(tones.size());
    for (int bi = 0; bi < h.bins; ++bi) {
        const int i0 = bi * h.per, i1 = std::min(n, i0 + h.per);
        std::fill(tones.begin(), tones.end(), 0.0);
        std::fill(weight.begin(), weight.end(), 0.0);
        std::fill(hide.begin(), hide.end(), 0.0);
        std::fill(count.begin(), count.end(), 0);
        double score_reveal = 0, weight_reveal = 0;
        for (int i = i0; i < i1; ++i) {
            const std::size_t I = static_cast<std::size_t>(i);
            const double sr = row_reveal(src.p_scores, n, i);
            score_reveal += sr;
            weight_reveal += row_reveal(src.p_softmax, n, i);
            const double* scores = tr.scores.row(I);
            const double* w = tr.weights.row(I);
            const double* open = src.open ? src.open->weights.row(I) : nullptr;
            const double fold = src.mask_u > 0 ? src.mask_u * src.p_mask : 0.0;
            for (int j = 0; j < n; ++j) {
                const std::size_t J = static_cast<std::size_t>(j), b = J / static_cast<std::size_t>(h.per);
                const double s = core::lerp(scores[J] * sr, tr.scaled(I, J), src.p_scale);
                tones[b] += tone(s, src.magnitude);
                weight[b] = std::max(weight[b], open ? core::lerp(open[J], w[J], src.mask_u) : w[J]);
                if (j > i) hide[b] += fold;
                ++count[b];
            }
        }
        const double rows = i1 - i0;
        for (int bj = 0; bj < h.bins; ++bj) {
            const std::size_t B = static_cast<std::size_t>(bj);
            const double c = std::max(1, count[B]);
            Matrix::Square& q = h.squares[static_cast<std::size_t>(bi * h.bins + bj)];
            q.score_tone = static_cast<float>(tones[B] / c);
            q.weight = static_cast<float>(weight[B]);
            q.hide = static_cast<float>(hide[B] / c);
            q.score_reveal = static_cast<float>(score_reveal / rows);
            q.weight_reveal = static_cast<float>(weight_reveal / rows);
        }
    }
    // Scores averaged (their colours' mean); weights at their largest, so that one strong pair
    // among thousands of faint ones (a head that reads the word before) still shows.
    const std::string pairs = std::to_string(h.per) + " × " + std::to_string(h.per) + " pairs";
    h.caption = count_text(n) + " tokens · " +
                (h.per == 1 ? std::string("a square a pair")
                            : src.p_softmax >= 0.5 ? "a square: the largest weight of its " + pairs
                                                   : "a square: the mean score of its " + pairs);
}

}  // namespace

Matrix::Cell Matrix::cell(int i, int j) const {
    const std::size_t n = tokens.size(), I = static_cast<std::size_t>(i), J = static_cast<std::size_t>(j);
    if (i < 0 || j < 0 || I >= n || J >= n || cells.size() != n * n) return {};  // none kept (summarised)
    return cells[I * n + J];
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
    const Source src{tr, v.open.n == tr.n && v.mask_u < 1.0 ? &v.open : nullptr, m.scales.score, v.mask_u,
                     m.prog[Stage::Scores], m.prog[Stage::Scale], m.prog[Stage::Mask], m.prog[Stage::Softmax]};
    out.tokens = m.sc->tokens;
    out.focus = m.focus;
    out.hover = v.hover;
    out.scored = src.p_scores > 0;
    const bool weights_legend = src.p_softmax >= 0.5;
    out.aside = weights_legend ? "every row sums to 1" : (out.scored ? "scores" : "");
    // The scores' scale is the scene's, the score row's: one score, one colour.
    out.magnitude = m.scales.score;
    out.legend = weights_legend ? Legend{Scale::Sequential, "weight", "0", "", "1"} : score_legend(m.scales);

    const int n = m.n;
    if (n > Matrix::kWhole) summarise(out, src, n);
    else numbers(out, src, n);

    // Compare (A,B) against (B,A): reading is not symmetric.
    if (v.controls.compare) {
        auto [a, b] = *v.controls.compare;
        if (a >= 0 && b >= 0 && a < n && b < n) {
            out.compare = v.controls.compare;
            const auto& t = m.sc->tokens;
            const std::size_t A = static_cast<std::size_t>(a), B = static_cast<std::size_t>(b);
            // Each at the page's precision, so the note reads the digits of the cells it outlines;
            // the tokens quoted: "‘The’ reads ‘cat’", never "The reads cat", which reads as a typo.
            auto shown = [&](std::size_t row, std::size_t col) { return m.weight_text(tr.weights(row, col)); };
            auto q = [&](std::size_t i) { return "‘" + t[i] + "’"; };
            out.compare_note = q(A) + " reads " + q(B) + ": " + shown(A, B) + "   ·   " + q(B) + " reads " + q(A) + ": " + shown(B, A);
        }
    }
    return out;
}

}  // namespace model
