// model/panels/residual: the head's output added to the word's own vector — the residual stream.
// The panel's row (see model/panel.hpp), what it shows, and its builder's declaration (in
// model/projected.cpp); the painter is draw/residual.cpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/panel.hpp"
#include "model/parts.hpp"

namespace model {

ATTNLAB_PANEL(Residual, "residual", residual)

// For the asking token: the head's output o = Σ aᵢvᵢ, times the output projection W_O (where the
// scene gives one), is Δ, what the head adds; its input x plus Δ is the vector that goes on to
// the next layer. Every number is the trace's (o, Δ, x + Δ), written to the precision that
// reproduces the next one (o's decimals make o·W_O round to Δ as shown), on the projections'
// diverging scale. A scene without inputs x, or whose x and v differ in width with no W_O, has
// only `note`.
// In a scene of several heads the output is every head's output for the token side by side (the
// concatenation, `out`, its columns in `parts`, one per head), W_O the whole output matrix, and Δ
// = concat·W_O (attention::HeadsTrace's concat, output and residual).
struct Residual {
    static constexpr bool kOneHead = false;  // every head's output, side by side
    static constexpr Pictures kPictures{scene::Stage::Blend};  // after Σ aᵢvᵢ: what is done with it
    std::string heading = "Added to the word, not put in its place";
    std::string aside;      // "for chased"
    std::string note;       // when there is nothing to add to
    Grid out;               // o = Σ aᵢvᵢ (1 × dv)
    Grid w_o;               // W_O (dv × m); empty: the head's output is Δ as it is
    Grid delta;             // Δ = o·W_O (1 × m)
    Grid x;                 // the token's input (1 × m)
    Grid sum;               // x + Δ (1 × m)
    std::string out_name = "Σ aᵢvᵢ";
    std::string w_o_name = "W_O";
    std::string delta_name = "Δ";
    std::string x_name;     // "x · chased"
    std::string sum_name;   // "x + Δ"
    Legend legend;          // the projections' one diverging scale
    double reveal = 1;      // 0 … 1: the sum arriving
    std::string caption;    // "chased's x + Δ goes on to the next layer: …"
    // Several heads: head h's output is columns [first, first + count) of `out`.
    struct Part {
        std::string name;       // "O₁": written under its columns, in the head's colour
        std::string head;       // "who did it" (the head's name)
        std::size_t first = 0, count = 0;
        bool shown = false;     // the head the one-head panels draw
        bool operator==(const Part&) const = default;
    };
    std::vector<Part> parts;    // empty in a scene of one head
    bool operator==(const Residual&) const = default;
};

}  // namespace model
