// model/panels/matrix: the attention matrix as a heatmap: its cells, or the heat image that sums up
// a large one.
// The panel's row (see model/panel.hpp), what it shows, and its builder's declaration; the
// painter is draw/matrix.cpp.
#pragma once

#include <utility>
#include <optional>
#include <string>
#include <vector>

#include "model/panel.hpp"
#include "model/parts.hpp"

namespace model {

ATTNLAB_PANEL(Matrix, "matrix", matrix)

// The heatmap: its n×n cells (n ≤ kWhole), or its heat image (a matrix of thousands of tokens is
// summarised, never copied).
struct Matrix {
    struct Cell {
        double score = 0;        // the score shown now (counting up, scaled, tempered)
        double score_tone = 0;   // −1 … 1 on the scores' diverging scale (the score row's)
        double score_reveal = 0; // 0 … 1: how far the score colour has come in (row by row)
        double weight = 0;       // the weight (the mask's fold tweened)
        double weight_reveal = 0;// 0 … 1: how far the weight colour has come in (row by row)
        double hide = 0;         // the mask's fold
        bool weights = false;    // the cell shows its weight (else its score)
        bool operator==(const Cell&) const = default;
    };
    std::string heading = "Attention matrix · row reads column";
    std::string aside;           // "every row sums to 1", "scores", ""
    std::vector<std::string> tokens;
    int focus = 0, hover = -1;
    bool scored = false;         // scoring has started (legend, colours)
    double magnitude = 1;        // the scores' scale (model::Scales::score): the legend's ends
    Legend legend;               // the scores' (diverging), or once the weights arrive the weights'
    std::string sum_heading;     // "Σ weights" once a row shows weights; "" before (no sum of scores)
    std::optional<std::pair<int, int>> compare;
    std::string compare_note;    // "it reads animal: 43%   ·   animal reads it: 4%" (the page's precision)

    // The cells row by row, n × n (n ≤ kWhole; empty for a summarised matrix): cell(i, j).
    std::vector<Cell> cells;
    Cell cell(int i, int j) const;
    // The numbers written in row i (empty when the row shows none yet, or the matrix is too big
    // to write numbers: more than kNumbers tokens), each correctly rounded ("0.44", "<0.01", "0"
    // for a masked cell), and the true sum of its weights.
    const std::vector<std::string>& row_text(int i) const;
    std::string row_sum(int i) const;  // "1.00"; "" while the row has not arrived or shows scores
    bool row_budget(int i) const;      // the row shows weights (and so its sum)

    static constexpr int kNumbers = 24;

    // A matrix of more than kWhole tokens is summarised (its labels and cells would not be
    // legible one by one): a heat image of `bins` × `bins` squares, each covering `per` × `per`
    // pairs (fewer in the last row and column of squares) — its score the mean of theirs, its
    // weight the largest of theirs — its words sampled (draw/ writes every so many), the asking
    // row's always, outlined, and `caption` saying what a square is. No numbers and no row sums
    // are written then.
    static constexpr int kWhole = 14;
    static constexpr int kBins = 256;  // squares a side at most: 4096 tokens, 16 × 16 pairs a square
    struct Square {
        float score_tone = 0, score_reveal = 0, weight_reveal = 0;  // the mean of its pairs'
        float weight = 0;                                          // the largest of its pairs'

        float hide = 0;  // the share of its pairs the mask has folded away (as far as it has)
        bool operator==(const Square&) const = default;
    };
    struct Heat {
        int bins = 0;   // 0: not summarised
        int per = 1;
        std::vector<Square> squares;  // row by row
        std::string caption;          // "4,096 tokens · a square: the largest weight of its 16 × 16 pairs"
        const Square& at(int i, int j) const { return squares[static_cast<std::size_t>(i * bins + j)]; }
        bool operator==(const Heat&) const = default;
    } heat;
    bool summary() const { return heat.bins > 0; }

    std::vector<std::vector<std::string>> texts;  // per row (kNumbers tokens at most)
    std::vector<std::string> sums;
    std::vector<bool> budgets;
    bool operator==(const Matrix&) const = default;
};

}  // namespace model
