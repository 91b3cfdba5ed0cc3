// model/projected: the pictures only a scene with inputs x and projections can draw — the heads'
// output added to x (the residual stream) and the score matrix with one matrix for W_Q and W_K
// beside the scene's own. Every number is the trace's (attention::HeadsTrace's concatenation,
// output and residual, attention::scores); this file picks precisions, tones and words. Knows no Cairo.
#include <algorithm>
#include <cmath>

#include "model/model.hpp"
#include "model/row.hpp"
#include "scene/heads.hpp"

namespace model {

namespace {

// The decimals (2 to 4) at which o, multiplied by W_O as written, rounds to Δ as written at 0.01:
// a student who multiplies the page's numbers gets the page's Δ.
int out_decimals(const core::Vec& o, const core::Mat& w_o, const core::Vec& delta) {
    int dq = 2;
    for (; dq < 4; ++dq) {
        const double unit = std::pow(10.0, dq);
        bool same = true;
        for (std::size_t c = 0; c < delta.size(); ++c) {
            double s = 0;
            for (std::size_t e = 0; e < o.size() && e < w_o.size(); ++e) s += std::round(o[e] * unit) / unit * w_o[e][c];
            same = same && num(s, 2) == num(delta[c], 2);
        }
        if (same) break;
    }
    return dq;
}

}  // namespace

// Every head's output for the token side by side (one head: its output), times W_O, added to x —
// read from the heads' trace (the concatenation, its product and the add).
Residual build(const Row& m, Tag<Residual>) {
    Residual out;
    const attention::HeadsTrace& ht = m.view->heads;
    const scene::Scene& sc = *m.sc;
    const std::size_t count = ht.heads.size();
    const bool several = count > 1;  // the words: "the head" or "the heads side by side"
    const std::string& tok = sc.tokens[static_cast<std::size_t>(m.focus)];
    if (!ht.has_residual()) {
        if (sc.x.empty())
            out.note = several ? "These heads are given q, k and v directly, with no input x: in a real layer their "
                                 "outputs, side by side and times W_O, are added to each token's input x."
                               : "This scene gives q, k and v directly, with no input x: in a real layer the head's output is "
                                 "added to each token's input x (the residual stream).";
        else
            out.note = several ? "The heads' outputs side by side are not as wide as x and the scene gives no W_O: "
                                 "nothing can be added to x here."
                               : "x and v differ in width and the scene gives no W_O: the head's output cannot be added to x here.";
        return out;
    }
    const std::size_t f = static_cast<std::size_t>(m.focus);
    if (several) {
        out.heading = "The heads side by side, times W_O, added to the word";
        out.out_name = count == 2 ? "concat(O₁, O₂)" : "concat(O₁ … O" + std::to_string(count) + ")";
    }
    out.aside = "for " + tok;
    out.x_name = "x · " + tok;
    out.sum_name = "x + Δ";
    const double mag = m.scales.projection;
    out.legend = {Scale::Diverging, "entry", num(-mag, 1), "0", num(mag, 1)};
    const core::Vec o = ht.concat.row_vec(f), delta = ht.output.row_vec(f), sum = ht.residual.row_vec(f);
    const int x_decimals = decimals_for(sc.x, 3);
    add_row(out.x, sc.x[f], x_decimals, mag);
    if (!sc.w_o.empty()) {
        add_row(out.out, o, out_decimals(o, sc.w_o, delta), mag);
        const int w_decimals = decimals_for(sc.w_o, 3);
        for (const core::Vec& row : sc.w_o) add_row(out.w_o, row, w_decimals, mag);
    } else {
        add_row(out.out, o, 2, mag);
    }
    add_row(out.delta, delta, 2, mag);
    // x + Δ to the finer of x's and Δ's precisions: x's one decimal plus Δ's two add exactly.
    add_row(out.sum, sum, std::max(2, x_decimals), mag);
    out.x.lit = out.sum.lit = true;
    // Each head's columns of the concatenation, named under them (one head's output is no
    // concatenation: nothing to name).
    static const char* const kSub[] = {"₁", "₂", "₃", "₄", "₅", "₆", "₇", "₈", "₉"};
    for (std::size_t h = 0; several && h < count; ++h) {
        Residual::Part part;
        part.name = h < 9 ? std::string("O") + kSub[h] : "O" + std::to_string(h + 1);
        part.head = scene::head_name(sc, h);
        part.first = ht.offsets[h];
        part.count = ht.heads[h].dv;
        part.shown = h == m.head;
        out.parts.push_back(std::move(part));
    }
    out.reveal = m.prog[Stage::Blend] >= 1 ? 1.0 : smooth(m.prog[Stage::Blend]);
    out.caption = several ? "Each head's output for " + tok + ", side by side, times W_O is Δ; " + tok +
                                "'s own x is kept and x + Δ goes on (the residual stream)."
                          : tok + "'s own x is kept: the head adds Δ to it, and x + Δ goes on to the next layer "
                                  "(the residual stream).";
    return out;
}

TiedScores build(const Row& m, Tag<TiedScores>) {
    TiedScores out;
    const attention::Trace& tr = *m.tr;
    if (!m.sc->projected()) {
        out.note = "This scene gives q and k directly: with no W_Q and W_K there is no one-matrix version to compare.";
        return out;
    }
    if (tr.n > static_cast<std::size_t>(TiedScores::kMaxTokens)) {
        out.note = std::to_string(tr.n) + " tokens: too many score matrices to draw side by side here.";
        return out;
    }
    out.tokens = m.sc->tokens;
    out.focus = m.focus;
    const std::size_t n = tr.n, f = static_cast<std::size_t>(m.focus);
    // One matrix for both: the keys are the queries (W_K = W_Q); the scene's own: the trace's.
    const attention::Matrix tied = attention::scores(*m.q, *m.q);
    const double mag = m.scales.score;
    out.legend = score_legend(m.scales);
    bool symmetric = true, asymmetric = false;
    double tied_diag = attention::kInfinity, own_diag = 0;
    std::size_t own_low = 0;
    for (std::size_t i = 0; i < n; ++i) {
        add_row(out.tied.scores, tied.row_vec(i), 2, mag);
        add_row(out.separate.scores, tr.scores.row_vec(i), 2, mag);
        tied_diag = std::min(tied_diag, tied(i, i));
        if (own_diag >= 0 && tr.scores(i, i) < 0) own_diag = tr.scores(i, i), own_low = i;  // the first negative
        for (std::size_t j = 0; j < n; ++j) {
            symmetric = symmetric && tied(i, j) == tied(j, i);
            asymmetric = asymmetric || num(tr.scores(i, j)) != num(tr.scores(j, i));
        }
    }
    // The pair to read both ways: the asker and the key it scores highest besides its own.
    for (std::size_t j = 0; j < n; ++j)
        if (j != f && (out.partner < 0 || tr.scores(f, j) > tr.scores(f, static_cast<std::size_t>(out.partner))))
            out.partner = static_cast<int>(j);
    out.tied.name = "One matrix: W_K = W_Q";
    out.tied.formula = "S = Q·Qᵀ";
    out.separate.name = "Two matrices: W_Q and W_K";
    out.separate.formula = "S = Q·Kᵀ";
    out.tied.verdict = std::string(symmetric ? "symmetric" : "not symmetric") + " · diagonal " +
                       (tied_diag >= 0 ? "≥ 0 (|q|²)" : "has a negative entry");
    out.separate.verdict = std::string(asymmetric ? "not symmetric" : "symmetric") + " · " +
                           (own_diag < 0 ? m.sc->tokens[own_low] + "'s own score: " + num(own_diag) : "diagonal ≥ 0");
    if (out.partner >= 0) {
        const std::size_t j = static_cast<std::size_t>(out.partner);
        const std::string &a = m.sc->tokens[f], &b = m.sc->tokens[j];
        out.caption = a + " → " + b + " " + num(tr.scores(f, j)) + ", " + b + " → " + a + " " + num(tr.scores(j, f)) +
                      "; with one matrix both are " + num(tied(f, j)) + ".";
    }
    return out;
}

}  // namespace model
