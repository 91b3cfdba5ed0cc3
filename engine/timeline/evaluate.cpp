// timeline/evaluate: (deck, layout, state, time) → View: the step and its eased progress, the
// controls in force (script, then edits, then an experiment, tweened) and every head's Trace.
#include <cmath>

#include "scene/heads.hpp"
#include "scene/order.hpp"
#include "timeline/detail.hpp"

namespace timeline {

using detail::clamp01;
using detail::current_question;
using detail::local_time;

namespace {

// Controls tweened from a to b; the mask as a fold amount so the picture can animate it.
struct Tweened {
    scene::Controls controls;
    double mask_u = 0.0;
};

Tweened tween(const scene::Controls& a, const scene::Controls& b, double u) {
    Tweened out;
    out.controls = b;
    if (u >= 1.0) {  // at its end, exactly b: a step's end is the next question beat's picture, bit for bit
        out.mask_u = b.mask ? 1.0 : 0.0;
        return out;
    }
    out.controls.focus = u < 0.5 ? a.focus : b.focus;
    out.controls.head = u < 0.5 ? a.head : b.head;  // another head shows as another word asks: half-way
    out.controls.temperature = tween_temperature(a.temperature, b.temperature, u);
    for (std::size_t i = 0; i < b.keys.size() && i < a.keys.size(); ++i)
        for (std::size_t c = 0; c < b.keys[i].size() && c < a.keys[i].size(); ++c)
            out.controls.keys[i][c] = core::lerp(a.keys[i][c], b.keys[i][c], u);
    out.mask_u = core::lerp(a.mask ? 1.0 : 0.0, b.mask ? 1.0 : 0.0, u);
    out.controls.mask = out.mask_u > 0.0;
    return out;
}

}  // namespace

double ease(scene::Ease e, double u) {
    u = clamp01(u);
    switch (e) {
        case scene::Ease::Linear: return u;
        case scene::Ease::InOutCubic: return u < 0.5 ? 4 * u * u * u : 1 - std::pow(-2 * u + 2, 3) / 2;
        case scene::Ease::OutCubic: return 1 - std::pow(1 - u, 3);
        case scene::Ease::InOutSine: return -(std::cos(M_PI * u) - 1) / 2;
    }
    return u;
}

double tween_temperature(double from, double to, double u) {
    if (u <= 0) return from;
    if (u >= 1) return to;
    return scene::temperature_from_unit(core::lerp(scene::temperature_unit(from), scene::temperature_unit(to), u));
}

namespace {

// The view at `now`; `traced`: with its trace (else everything but the trace and what reads it).
View evaluate_view(const scene::Deck& deck, const Layout& lay, const State& s, double now, bool traced) {
    View v;
    v.deck = &deck;
    if (lay.spans.empty()) return v;
    v.span = std::clamp(s.span, 0, static_cast<int>(lay.spans.size()) - 1);
    const Span& sp = lay.spans[static_cast<std::size_t>(v.span)];
    v.slide = sp.slide;
    v.step = sp.step;
    v.slide_ptr = &deck.slides[static_cast<std::size_t>(sp.slide)];
    v.local = local_time(s, now);
    v.u_linear = sp.anim > 0 ? clamp01(v.local / sp.anim) : 1.0;
    v.u = ease(sp.ease, v.u_linear);
    v.hover = s.hover;
    v.editing = s.editing;
    v.blank = s.blank;
    v.laser = s.laser;
    const double at = s.paused ? s.paused_at : now;

    // A question page: over the end of the step it follows. A question beat: nothing moves.
    if (sp.question >= 0 || sp.asking) v.u_linear = v.u = 1.0;
    v.asking = sp.asking;
    // The same step's question beat just before: the picture goes on, it does not fade in again.
    const bool after_its_question = v.span > 0 && lay.spans[static_cast<std::size_t>(v.span - 1)].asking &&
                                    lay.spans[static_cast<std::size_t>(v.span - 1)].slide == sp.slide &&
                                    lay.spans[static_cast<std::size_t>(v.span - 1)].step == sp.step;
    if (sp.step == 0 && v.span > 0 && !after_its_question) {
        v.fade_u = clamp01(v.local / scene::kCrossFade);
        if (v.fade_u < 1.0) v.fade_from_span = v.span - 1;
    }
    v.animating = !s.paused && (v.u_linear < 1.0 || v.fade_u < 1.0);

    if (s.quiz.open) {
        const scene::QuizScore score = s.quiz.score();
        View::Quiz q;
        q.index = s.quiz.index;
        q.total = static_cast<int>(quiz_order(deck, s, sp.slide).size());
        q.attempt = s.quiz.attempt;
        q.retry = !s.quiz.only.empty();
        q.revealed = s.quiz.revealed;
        q.picked = s.quiz.picked;
        q.answered = score.answered;
        q.right = score.right;
        q.revealed_count = score.revealed;
        if (s.quiz.finished) {
            q.finished = true;
            const QuizBank bank = quiz_bank(deck, sp.slide);
            for (int i : quiz_missed(deck, s, sp.slide)) q.missed.push_back(bank.questions[static_cast<std::size_t>(i)]);
            v.quiz = q;
        } else if (const scene::Question* asked = current_question(deck, s, sp.slide)) {
            q.question = asked;
            q.choices = detail::current_choices(deck, s, sp.slide);
            const std::size_t i = static_cast<std::size_t>(std::max(0, s.quiz.index));
            if (i < s.quiz.outcomes.size()) q.outcome = s.quiz.outcomes[i];
            v.quiz = q;
        }
    }

    if (sp.question >= 0 && !v.quiz && v.slide_ptr->scene &&
        sp.question < static_cast<int>(v.slide_ptr->scene->quiz.questions.size())) {
        // A question page of an export: asked (predict it), or answered with the right choice marked.
        View::Quiz q;
        q.page = true;
        q.index = sp.asked;
        q.total = sp.asks;
        q.question = &v.slide_ptr->scene->quiz.questions[static_cast<std::size_t>(sp.question)];
        q.choices = scene::choice_order(q.question->choices.size(), sp.question, 0, s.seed);
        q.revealed = sp.answer;
        q.outcome = sp.answer ? scene::Outcome::Revealed : scene::Outcome::Unanswered;
        v.quiz = q;
    }

    if (v.slide_ptr->kind != scene::Slide::Kind::Scene || !v.slide_ptr->scene) return v;
    const scene::Scene& sc = *v.slide_ptr->scene;
    v.scene = &sc;
    v.step_ptr = &sc.steps[static_cast<std::size_t>(sp.step)];
    v.stage = v.step_ptr->stage;
    v.prev_stage = sp.step > 0 ? sc.steps[static_cast<std::size_t>(sp.step - 1)].stage : scene::Stage::Tokens;
    if (sp.asking) v.stage = v.prev_stage;  // the question beat shows what the step before showed

    // The script: the scene's start, every earlier step's `set`, and this step's tweened in (on
    // its question beat, not yet).
    scene::Controls before = scene::start_controls(sc);
    for (int i = 0; i < sp.step; ++i) before = scene::apply(sc, before, sc.steps[static_cast<std::size_t>(i)].set);
    scene::Controls after = sp.asking ? before : scene::apply(sc, before, v.step_ptr->set);
    Tweened now_c = tween(before, after, v.u);

    // The person at the controls, on top of the script.
    if (static_cast<std::size_t>(sp.slide) < s.edits.size()) {
        const scene::Settings& e = s.edits[static_cast<std::size_t>(sp.slide)];
        now_c.controls = scene::apply(sc, now_c.controls, e);
        if (e.mask) now_c.mask_u = *e.mask ? 1.0 : 0.0;
    }
    // An experiment: its settings on top of the scene's start (as its `look_for` describes it,
    // whichever step it is tried from), tweened in from whatever was there.
    // An answer page whose question names an experiment shows that experiment, set as the page opens.
    int experiment = s.experiment;
    double experiment_started = s.experiment_started;
    if (sp.question >= 0 && sp.answer && experiment < 0) {
        experiment = answer_experiment(sc, sp.question);
        experiment_started = s.span_started;
    }
    if (experiment >= 0 && static_cast<std::size_t>(experiment) < sc.experiments.size()) {
        v.experiment = experiment;
        scene::Controls target =
            scene::apply(sc, scene::start_controls(sc), sc.experiments[static_cast<std::size_t>(experiment)].set);
        double ue = clamp01((at - experiment_started) / kExperimentTween);
        double mask_from = now_c.mask_u;
        Tweened t = tween(now_c.controls, target, ease(scene::Ease::InOutCubic, ue));
        t.mask_u = core::lerp(mask_from, target.mask ? 1.0 : 0.0, ease(scene::Ease::InOutCubic, ue));
        t.controls.mask = t.mask_u > 0.0;
        now_c = t;
        if (ue < 1.0 && !s.paused) v.animating = true;
    }
    v.controls = now_c.controls;
    v.mask_u = now_c.mask_u;

    // The panels showing: the step's own, the scene's during an experiment. A step that shows
    // other panels than the step before cross-fades from it, as a new slide does.
    v.panels = v.experiment >= 0 ? &sc.panels : &sc.panels_at(sp.step);
    if (sp.step > 0 && sp.question < 0 && v.experiment < 0 && v.span > 0 && *v.panels != sc.panels_at(sp.step - 1)) {
        const Span& before_sp = lay.spans[static_cast<std::size_t>(v.span - 1)];
        if (before_sp.slide == sp.slide && before_sp.step == sp.step - 1 && before_sp.question < 0) {
            v.fade_u = clamp01(v.local / scene::kCrossFade);
            if (v.fade_u < 1.0) {
                v.fade_from_span = v.span - 1;
                if (!s.paused) v.animating = true;
            }
        }
    }

    if (!traced) return v;
    // Two tokens exchanged: the frame reads the scene as it now stands, and so does the trace.
    scene::Controls in_place = v.controls;
    if (v.controls.swap) {
        v.swapped = std::make_shared<const scene::Scene>(scene::swapped(sc, *v.controls.swap));
        v.scene = v.swapped.get();
        in_place.swap.reset();
    }
    const scene::Scene& standing = *v.scene;
    // Every head traced, and the shown one is the one-head panels' trace.
    if (!attention::trace(scene::heads_input(standing, in_place), v.heads, v.error)) return v;
    v.shown = scene::shown_head(standing, in_place);
    if (v.mask_u > 0.0 && v.mask_u < 1.0) {
        attention::Input in = scene::attention_input(standing, in_place);
        in.causal = false;
        std::string ignored;
        attention::trace(in, v.open, ignored);
    }
    return v;
}

}  // namespace

const attention::Trace& View::trace() const {
    static const attention::Trace none;
    return shown < heads.heads.size() ? heads.heads[shown] : none;
}

View evaluate(const scene::Deck& deck, const Layout& lay, const State& s, double now) {
    return evaluate_view(deck, lay, s, now, true);
}

bool animating(const scene::Deck& deck, const Layout& lay, const State& s, double now) {
    return evaluate_view(deck, lay, s, now, false).animating;
}

}  // namespace timeline
