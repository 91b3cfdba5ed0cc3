// model/row: the focused row of one frame — every per-key number the row panels share, already
// animated by stage — from which every panel's builder (model/panel.hpp) starts.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "attention/attention.hpp"
#include "model/display.hpp"
#include "model/parts.hpp"
#include "scene/scene.hpp"
#include "timeline/timeline.hpp"

namespace model {

using scene::Stage;

// Per stage: 0 not reached … 1 shown (see the rules in model.hpp).
struct Progress {
    std::array<double, scene::kStageCount> p{};
    double operator[](Stage s) const { return p[static_cast<std::size_t>(s)]; }
    bool reached(Stage s) const { return (*this)[s] > 0; }
};
Progress progress(const timeline::View& v);

// The magnitudes of the scene's colour scales, one per quantity, computed once per frame from the
// scene (scales_of), so that one number has one colour wherever it is shown.
struct Scales {
    double score = 1;       // the largest |q·k| between any query and key of the scene as written
                            // (not as dragged or set by a step: a flat row looks flat, doubled keys
                            // more decisive); above kFixedScaleTokens, of the trace as it stands
    double value = 1;       // the largest |v| coordinate: V and A·V (a convex blend never goes beyond);
                            // in a scene with projections, `projection` (v is one of its products)
    double projection = 1;  // the largest |entry| of x, W_Q, W_K, W_V, q, k and v
};
// Scores are coloured on the scene as written up to this many tokens; beyond, on the trace.
constexpr std::size_t kFixedScaleTokens = 64;
Scales scales_of(const timeline::View& v);
// The scores' legend: "score", −magnitude … 0 … magnitude (the score row's and the matrix's).
Legend score_legend(const Scales& s);

struct Row {
    const timeline::View* view = nullptr;
    const scene::Scene* sc = nullptr;
    const attention::Trace* tr = nullptr;  // the shown head's (scene::shown_head)
    // The shown head's vectors (scene::shown_q, shown_k, shown_v): its q and v, and its keys in
    // force (the first head's are the controls' keys, which a student moves).
    const core::Mat* q = nullptr;
    const core::Mat* k = nullptr;
    const core::Mat* v = nullptr;
    // The shown head as the scene writes it: its name, q, k and v as given or projected, and its
    // W_Q, W_K and W_V when the scene's x is projected (sc->projected()).
    const scene::Head* written = nullptr;
    std::size_t head = 0;          // the shown head (0: the first)
    std::string head_label;        // "head 2 of 2 · which determiner"; "" in a scene of one head
    int n = 0;
    int focus = 0;
    std::size_t d = 0;
    double sqrt_d = 1;
    double T = 1;
    Progress prog;

    // Per key j of the focused row.
    std::vector<double> raw;       // q·k
    std::vector<double> scaled;    // q·k/√d
    std::vector<double> tempered;  // the logits q·k/(√d·T) as shown (rows.cpp: logit_shown)
    std::vector<double> shown;     // the score the row shows now (counting up, shrinking)
    std::vector<double> hide;      // 0 visible … 1 folded away by the mask
    std::vector<double> weight;    // softmax weights (mask fold tweened)
    std::vector<double> bar;       // bar height now, 0 … 1 (two softmax beats)
    std::vector<std::string> share;  // the weights as written on this page (percent at `precision`)
    Percent precision = Percent::Fine;  // Whole on a page whose matrix writes its cells (0.01):
                                   // one weight, one precision, in every panel of the page
    Scales scales;                 // the colour scales' magnitudes
    int best = 0;                  // the key with the largest weight (the first, in a tie)
    std::vector<int> top;          // the visible keys whose weight is the largest (same_weight):
                                   // more than one is a tie, and then no key is "the best match"
    core::Vec out;                 // Σ aᵢvᵢ with the weights shown (the trace's output)
    double exp_sum = 0;            // Σ exp(logits) over the keys shown: the softmax's
                                   // denominator (the trace's log_norm); 0 at T = 0 or ∞
    bool folding = false;          // the mask is part-way through its fold

    double score_tone(double s) const { return tone(s, scales.score); }  // −1 … 1
    std::string weight_text(double w) const { return percent(w, precision); }
    bool tied() const { return top.size() > 1; }
};
Row focused_row(const timeline::View& v);

// Whether the view is an answer page of a video or handout whose picture shows the narration
// panel: the answer is written there (panels.cpp) instead of on a card over the picture, so the
// step or experiment that shows it stays in view.
bool answer_page(const timeline::View& v);

}  // namespace model
