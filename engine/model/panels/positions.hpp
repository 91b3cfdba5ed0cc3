// model/panels/positions: where word order comes into attention — the scene's own positions drawn.
// The panel's row (see model/panel.hpp), what it shows, and its builder's declaration (in
// model/positions.cpp); the painter is draw/positions.cpp.
#pragma once

#include <string>
#include <vector>

#include "model/panel.hpp"
#include "model/parts.hpp"

namespace model {

ATTNLAB_PANEL(Positions, "positions", positions)

// What the scene's `positions:` does, for its own tokens (attention/positions's numbers):
//   - sinusoidal or learned (Kind::Added): the position vectors as a heat map, one row per place
//     (its position and the word standing there now), one column per number of x, on a diverging
//     scale; beside it, for the focused place, the word's own x, the place's p and x + p, which is
//     what W_Q, W_K and W_V multiply;
//   - rope (Kind::Turned): no vector added; per place its angle pos·θᵢ for each pair, as a dial
//     and in radians;
//   - none (Kind::Blind): the sentence and the same words with two exchanged, and what attention
//     sees of it: the same weights, rows and columns swapped.
// A swap (controls.swap) moves the words; each place keeps its position, its vector and its angle.
struct Positions {
    enum class Kind { Blind, Added, Turned } kind = Kind::Blind;
    std::string heading = "Where each word stands";
    std::string aside;    // "sinusoidal · base 10000", "learned", "rotary (RoPE)", "none"
    // One row per place, in the sentence's order.
    struct Place {
        std::string position;  // "0", "1", … (offset + index)
        std::string word;      // the token standing there now
        bool focus = false;    // the asking token's place
        bool moved = false;    // its word was exchanged with another's (a swap in force)
        bool operator==(const Place&) const = default;
    };
    std::vector<Place> places;
    Legend legend;            // the heat map's scale (Added), "p", −1 … 1 for sinusoidal

    // Kind::Added.
    Grid table;               // n × m: the position vectors, place by place, at `decimals`
    std::vector<std::string> columns;  // over each column: "sin", "cos" (sinusoidal), "0", "1", … (learned)
    std::vector<std::string> waves;    // sinusoidal, one per pair of columns: "period 6.3"
    Grid x, p, sum;           // the focused place: its word's x, its p and x + p (1 × m each)
    Legend entry_legend;      // x's and x + p's scale: the projections' ("x", −magnitude … magnitude);
                              // none (low "") when the numbers are not written: then the table's
                              // legend is all four's
    std::string x_name, p_name, sum_name;  // "x · cat", "p · 1", "x + p"

    // Kind::Turned.
    std::vector<std::string> pairs;  // over each shown pair: "θ₀ = 1", "θ₁ = 0.01"
    std::vector<std::vector<double>> angle;      // n × shown pairs: pos·θᵢ in radians
    std::vector<std::vector<std::string>> turn;  // as written: "3.00" (radians)
    int more_pairs = 0;       // pairs left out (a wide head): their angles are smaller still

    // Kind::Blind.
    std::vector<std::string> words, swapped;  // the sentence, and with words a and b exchanged
    int a = 0, b = 0;

    std::string caption;      // the formula and what it means for the scores
    std::string note;         // Kind::Added without x: nothing to add to
    bool operator==(const Positions&) const = default;
};
// Pairs of dials drawn at most (rope): a wider head's further pairs turn slower still, and the
// panel says how many are left out.
constexpr std::size_t kPositionsMaxPairs = 6;
// Numbers of x written in the table at most: a wider x (a trained model's 32 or more) is drawn as
// colours alone, its numbers left out of the model (Grid::text empty) and its caption saying so.
constexpr std::size_t kPositionsMaxWritten = 8;

}  // namespace model
