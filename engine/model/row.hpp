// model/row: the focused row of one frame — every per-key number the row panels share, already
// animated by stage — from which every panel's builder (model/panel.hpp) starts.
#pragma once

#include <array>
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

struct Row {
    const timeline::View* view = nullptr;
    const scene::Scene* sc = nullptr;
    const attention::Trace* tr = nullptr;
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
    std::vector<std::string> share;  // the weights as displayed (a row that adds up)
    double score_scale = 1;        // magnitude for the heat colour of scores
    int best = 0;                  // the key with the largest weight (the first, in a tie)
    std::vector<int> top;          // the keys whose weight equals the largest as displayed: more
                                   // than one is a tie, and then no key is "the best match"
    core::Vec out;                 // Σ aᵢvᵢ with the weights shown (the trace's output)
    double exp_sum = 0;            // Σ exp(logits) over the keys shown: the softmax's
                                   // denominator (the trace's log_norm); 0 at T = 0 or ∞
    bool folding = false;          // the mask is part-way through its fold

    double heat(double s) const;   // 0 poor … 1 good, on the row's scale
    bool tied() const { return top.size() > 1; }
};
Row focused_row(const timeline::View& v);

// Whether the view is an answer page of a video or handout whose picture shows the narration
// panel: the answer is written there (panels.cpp) instead of on a card over the picture, so the
// step or experiment that shows it stays in view.
bool answer_page(const timeline::View& v);

}  // namespace model
