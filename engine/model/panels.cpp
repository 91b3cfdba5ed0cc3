// model/panels: the panels that do not read the focused row's numbers (pipeline, narration,
// controls) or read only its words (token row, projections).
#include <algorithm>
#include <cmath>

#include "model/model.hpp"
#include "model/row.hpp"

namespace model {

namespace {

// What panel P is a picture of (its kPictures), or nothing when it is not a picture.
template <class P>
std::optional<Pictures> pictures_of() {
    if constexpr (requires { P::kPictures; }) return P::kPictures;
    else return std::nullopt;
}

std::optional<Pictures> pictures(scene::Panel p) {
    switch (p) {
#define ATTNLAB_PANEL_PICTURES(e, name, member) \
    case scene::Panel::e:                        \
        return pictures_of<e>();
        ATTNLAB_PANELS(ATTNLAB_PANEL_PICTURES)
#undef ATTNLAB_PANEL_PICTURES
    }
    return std::nullopt;
}

// The pipeline card a step lights: its own stage; on a step with a picture of its own (its own
// panels), the stage the picture is about (the √d picture: ÷ √d), or none when it pictures the
// whole head (the block). None for the tokens, which are not on the pipeline.
std::optional<scene::Stage> lit_stage(const timeline::View& v) {
    if (v.step_ptr && !v.step_ptr->panels.empty() && v.experiment < 0)
        for (scene::Panel p : v.step_ptr->panels)
            if (const std::optional<Pictures> pic = pictures(p)) return pic->stage;
    if (!*scene::info(v.stage).label) return std::nullopt;  // not on the pipeline (the tokens)
    return v.stage;
}

}  // namespace

Pipeline build(const Row& row, Tag<Pipeline>) {
    const timeline::View& v = *row.view;
    Pipeline out;
    const std::optional<scene::Stage> lit = lit_stage(v);
    int number = 0;
    for (const scene::StageInfo& st : scene::stages()) {
        if (!*st.label) continue;  // not on the pipeline (the tokens)
        StageCard c;
        c.stage = st.stage;
        c.number = std::to_string(++number);
        c.label = st.label;
        c.caption = st.caption;
        // Done: every stage whose numbers the step shows (up to its own), but the one it lights.
        c.state = st.stage == lit ? StageCard::State::Active
                                  : (st.stage <= v.stage ? StageCard::State::Done : StageCard::State::Ahead);
        if (c.state == StageCard::State::Active && v.u < 1) c.running = v.u_linear;
        out.cards.push_back(std::move(c));
    }
    return out;
}

TokenRow build(const Row& m, Tag<TokenRow>) {
    TokenRow out;
    out.window = window_around(m.n, m.focus, m.n <= TokenRow::kMost ? m.n : TokenRow::kWindow);
    out.before = more_text(out.window.before());
    out.after = more_text(out.window.after());
    for (int j = out.window.first; j < out.window.first + out.window.count; ++j) {
        const std::size_t J = static_cast<std::size_t>(j);
        out.chips.push_back({m.sc->tokens[J], j == m.focus, j == m.view->hover, m.hide[J]});
    }
    return out;
}

// An answer page of a video or handout (a quiz page, revealed) whose picture shows the narration
// panel: the answer goes there, and the picture of the step or experiment stays in view.
bool answer_page(const timeline::View& v) {
    return v.quiz && v.quiz->page && v.quiz->revealed && v.quiz->question && v.panels &&
           std::find(v.panels->begin(), v.panels->end(), scene::Panel::Narration) != v.panels->end();
}

namespace {

Narration answer(const timeline::View& v, Narration out) {
    const timeline::View::Quiz& q = *v.quiz;
    const scene::Question& qu = *q.question;
    out = Narration{};
    out.kind = Narration::Kind::Answer;
    out.heading = "Check yourself";
    out.aside = "answer " + std::to_string(q.index + 1) + " of " + std::to_string(q.total);
    out.title = qu.ask;
    out.subheading = "Answer";
    if (qu.correct >= 0 && static_cast<std::size_t>(qu.correct) < qu.choices.size()) {
        out.subheading = "the right answer";  // ticked, as the card marks it
        out.choice = qu.choices[static_cast<std::size_t>(qu.correct)];
    }
    out.text = qu.answer;
    return out;
}

}  // namespace

Narration build(const Row& row, Tag<Narration>) {
    const timeline::View& v = *row.view;
    Narration out;
    const scene::Scene& sc = *v.scene;
    if (v.experiment >= 0 && static_cast<std::size_t>(v.experiment) < sc.experiments.size()) {
        // An experiment replaces the step's narration (whose numbers no longer hold): what was
        // set and what to look for.
        const scene::Experiment& ex = sc.experiments[static_cast<std::size_t>(v.experiment)];
        if (answer_page(v)) return answer(v, out);
        out.kind = Narration::Kind::Experiment;
        out.experiment = true;
        out.heading = "Try this";
        out.aside = "0 resets · E for more";
        out.title = ex.title;
        out.subheading = "Look for";
        out.text = ex.look_for.empty() ? "How the weights and the new vector change." : ex.look_for;
        return out;
    }
    if (answer_page(v)) return answer(v, out);
    const scene::StageInfo& st = scene::info(v.stage);
    if (v.asking && v.step_ptr) {
        // The question beat: the question alone (the step's `say` answers it, after it plays).
        out.kind = Narration::Kind::Predict;
        out.heading = "Predict first";
        out.aside = "nothing has moved yet";
        out.title = scene::step_title(*v.step_ptr);
        out.text = v.step_ptr->ask;
        out.prompt = "Commit to an answer, then go on: the step plays and answers it.";
        return out;
    }
    out.heading = "In plain words";
    out.title = v.step_ptr ? scene::step_title(*v.step_ptr) : st.title;
    out.text = v.step_ptr && !v.step_ptr->say.empty() ? v.step_ptr->say
                                                       : (st.say_off && !v.controls.mask ? st.say_off : st.say);
    return out;
}

ControlPanel build(const Row& row, Tag<ControlPanel>) {
    const timeline::View& v = *row.view;
    ControlPanel out;
    const double T = v.controls.temperature;
    // "T = 0.25"; the limits as limits: "T → 0", "T → ∞".
    const std::string shown = temperature(T);
    out.temperature = shown.rfind("→", 0) == 0 ? "T " + shown : "T = " + shown;
    out.slider = scene::temperature_unit(T);
    for (double t : {0.0, 0.25, 1.0, 4.0, attention::kInfinity})
        out.ticks.push_back({scene::temperature_unit(t), std::isinf(t) ? "∞" : (t == 0.25 ? "0.25" : num(t, 0))});
    out.mask = v.mask_u;
    const bool on = v.mask_u > 0.5;
    out.mask_caption = on ? "later words get weight 0" : "every word sees every word";
    out.mask_state = on ? "on" : "off";
    return out;
}

Projections build(const Row& m, Tag<Projections>) {
    Projections out;
    const std::string& tok = m.sc->tokens[static_cast<std::size_t>(m.focus)];
    if (!m.sc->projected()) {
        out.note = "This scene gives q, k and v directly. A real layer makes them from one input per token: "
                   "q = x·W_Q, k = x·W_K, v = x·W_V.";
        return out;
    }
    out.aside = "for " + tok;
    // The asking token's row, three times: x · W_Q = q, x · W_K = k, x · W_V = v.
    const scene::Head& p = *m.written;
    const core::Mat& xs = m.sc->x;
    const std::size_t f = static_cast<std::size_t>(m.focus);
    if (f >= xs.size()) return out;
    // One diverging scale for every entry of x, W and q, k, v (v's, the value scale's too), and
    // each grid written to the precision that reproduces it: x and W as the scene writes them,
    // the products exactly (x·W of one-decimal entries has two: chased's key is (−0.05, 1.52)).
    const double mag = m.scales.projection;
    out.legend = {Scale::Diverging, "entry", num(-mag, 1), "0", num(mag, 1)};
    // (The precision of a whole matrix: asking another token does not change it.)
    auto grid = [&](const core::Mat& a, const core::Mat& whole, bool lit) {
        Projections::Grid g;
        g.lit = lit;
        const int decimals = decimals_for(whole, 3);
        for (const auto& row : a) add_row(g, row, decimals, mag);
        return g;
    };
    using Ink = Projections::Equation::Ink;
    const core::Mat x{xs[f]};
    // k = x·W_K as the scene makes it (a key dragged by hand is no longer a product).
    const core::Mat& k_written = p.k;
    const struct {
        const core::Mat* w;
        const core::Vec* out;
        const core::Mat* whole;  // every token's product
        const char* wn;
        const char* on;
        Ink ink;
    } eqs[3] = {{&p.w_q, &(*m.q)[f], m.q, "W_Q", "q", Ink::Query},
                {&p.w_k, &k_written[f], &k_written, "W_K", "k", Ink::Key},
                {&p.w_v, &(*m.v)[f], m.v, "W_V", "v", Ink::Value}};
    for (const auto& e : eqs) {
        Projections::Equation eq;
        eq.x_name = "x · " + tok;
        eq.w_name = e.wn;
        eq.out_name = std::string(e.on) + " · " + tok;
        eq.ink = e.ink;
        eq.x = grid(x, xs, true);
        eq.w = grid(*e.w, *e.w, false);
        eq.out = grid(core::Mat{*e.out}, *e.whole, true);
        out.equations.push_back(std::move(eq));
    }
    return out;
}

}  // namespace model
