// model/panels/tied_scores: why W_Q and W_K are two matrices — the score matrix QKᵀ as it would be
// with one matrix making both (W_K = W_Q) beside the scene's own.
// The panel's row (see model/panel.hpp), what it shows, and its builder's declaration (in
// model/projected.cpp); the painter is draw/tied_scores.cpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/panel.hpp"
#include "model/parts.hpp"

namespace model {

ATTNLAB_PANEL(TiedScores, "tied-scores", tied_scores)

// Two n × n grids of scores q_i·k_j (before √d), a row per asking token, a column per key: on the
// left with keys made by W_Q too (S = Q·Qᵀ = X·W_Q·W_Qᵀ·Xᵀ: symmetric, its diagonal |q_i|² ≥ 0),
// on the right the scene's own (S = Q·Kᵀ). Both computed by attention::scores; coloured on the
// scores' one diverging scale (a tied score beyond it is the deepest tone). One pair of cells is
// marked in both, (asker, partner) and (partner, asker), and the diagonal is outlined; `verdict`
// says what the numbers show. A scene without projections has only `note`.
struct TiedScores {
    static constexpr Pictures kPictures{scene::Stage::Scores};  // a picture of QKᵀ
    static constexpr int kMaxTokens = 8;
    std::string heading = "One matrix or two?";
    std::string aside = "scores q·k, before ÷ √d";
    std::string note;
    std::vector<std::string> tokens;
    int focus = 0;          // the asking token: its row
    int partner = -1;       // the key it scores highest besides itself: the marked pair
    struct Side {
        std::string name;     // "W_K = W_Q: one matrix"
        std::string formula;  // "S = Q·Qᵀ"
        Grid scores;
        std::string verdict;  // "symmetric · diagonal ≥ 0"
        bool operator==(const Side&) const = default;
    };
    Side tied, separate;
    Legend legend;          // the scores' scale
    std::string caption;    // the marked pair, read both ways
    bool operator==(const TiedScores&) const = default;
};

}  // namespace model
