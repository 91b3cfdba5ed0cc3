// timeline/layout: the deck as one timeline — a span per step (animation, then a hold long
// enough to read it; before it, a step's question beat), per title or text slide and per quiz
// page — what each span says and plays, and the states of the plain timeline.
#include <algorithm>
#include <string>
#include <vector>

#include "timeline/timeline.hpp"

namespace timeline {

int Layout::at(double t) const {
    if (spans.empty()) return 0;
    for (std::size_t i = 0; i < spans.size(); ++i)
        if (!reached(t, spans[i].end())) return static_cast<int>(i);
    return static_cast<int>(spans.size()) - 1;
}

int Layout::first_of(int slide) const {
    for (std::size_t i = 0; i < spans.size(); ++i)
        if (spans[i].slide == slide) return static_cast<int>(i);
    return -1;
}

Layout layout(const scene::Deck& deck, Pages pages, std::uint64_t seed) {
    Layout lay;
    double t = 0.0;
    auto add = [&](Span sp) {
        sp.start = t;
        lay.spans.push_back(sp);
        t = sp.end();
    };
    for (std::size_t si = 0; si < deck.slides.size(); ++si) {
        const scene::Slide& slide = deck.slides[si];
        if (slide.kind != scene::Slide::Kind::Scene || !slide.scene) {
            Span sp;
            sp.slide = static_cast<int>(si);
            sp.anim = scene::kCrossFade;
            sp.hold = scene::slide_hold(slide);
            add(sp);
            continue;
        }
        const scene::Scene& sc = *slide.scene;
        const int steps = static_cast<int>(sc.steps.size());
        // The questions this layout asks, in the order asked: every one (the handout), the ones a
        // first attempt draws (the video), none (the window); each after the step it follows.
        const auto& questions = sc.quiz.questions;
        std::vector<int> asked;
        if (pages == Pages::WithQuestions)
            for (std::size_t q = 0; q < questions.size(); ++q) asked.push_back(static_cast<int>(q));
        else if (pages == Pages::WithDrawnQuestions && !questions.empty())
            asked = scene::draw_attempt(sc.quiz, 0, seed);
        auto follows = [&](int q) {
            const int after = questions[static_cast<std::size_t>(q)].after;
            return after >= 0 && after < steps ? after : steps - 1;
        };
        std::vector<int> placed;  // `asked` in the order the pages come: by the step each follows
        for (int k = 0; k < steps; ++k)
            for (const int q : asked)
                if (follows(q) == k) placed.push_back(q);
        int number = 0;
        for (int k = 0; k < steps; ++k) {
            const scene::Step& st = sc.steps[static_cast<std::size_t>(k)];
            Span sp;
            sp.slide = static_cast<int>(si);
            sp.step = k;
            if (!st.ask.empty()) {  // the question beat: nothing moves while it is asked
                Span ask = sp;
                ask.asking = true;
                ask.hold = scene::ask_hold(st);
                add(ask);
            }
            sp.anim = scene::step_animation(st);
            sp.hold = scene::step_hold(st);  // unless the author says, until the narration can have been read
            sp.ease = st.ease;
            add(sp);
            for (const int q : placed) {
                if (follows(q) != k) continue;
                for (const bool answer : {false, true}) {
                    Span page;
                    page.slide = static_cast<int>(si);
                    page.step = k;
                    page.question = q;
                    page.asked = number;
                    page.asks = static_cast<int>(placed.size());
                    page.answer = answer;
                    page.anim = scene::kCrossFade;
                    page.hold = scene::question_page_hold(questions[static_cast<std::size_t>(q)], answer);
                    add(page);
                }
                ++number;
            }
        }
    }
    lay.total = t;
    return lay;
}

std::string span_title(const scene::Deck& deck, const Span& sp) {
    if (sp.slide < 0 || static_cast<std::size_t>(sp.slide) >= deck.slides.size()) return {};
    if (sp.question >= 0) return (sp.answer ? "Answer " : "Check yourself: question ") + std::to_string(sp.asked + 1);
    const scene::Slide& slide = deck.slides[static_cast<std::size_t>(sp.slide)];
    if (slide.kind != scene::Slide::Kind::Scene || !slide.scene) return slide.title;
    if (sp.step < 0 || static_cast<std::size_t>(sp.step) >= slide.scene->steps.size()) return {};
    return scene::step_title(slide.scene->steps[static_cast<std::size_t>(sp.step)]);
}

int answer_experiment(const scene::Scene& sc, int question) {
    if (question < 0 || static_cast<std::size_t>(question) >= sc.quiz.questions.size()) return -1;
    const std::string& title = sc.quiz.questions[static_cast<std::size_t>(question)].experiment;
    if (title.empty()) return -1;
    for (std::size_t e = 0; e < sc.experiments.size(); ++e)
        if (sc.experiments[e].title == title) return static_cast<int>(e);
    return -1;
}

const std::string& span_say(const scene::Deck& deck, const Span& sp) {
    static const std::string none;
    if (sp.slide < 0 || static_cast<std::size_t>(sp.slide) >= deck.slides.size()) return none;
    const scene::Slide& slide = deck.slides[static_cast<std::size_t>(sp.slide)];
    if (slide.kind != scene::Slide::Kind::Scene) return slide.say;
    if (!slide.scene) return none;
    if (sp.question >= 0) {  // a question page says its question, then its answer
        if (sp.question >= static_cast<int>(slide.scene->quiz.questions.size())) return none;
        const scene::Question& q = slide.scene->quiz.questions[static_cast<std::size_t>(sp.question)];
        return sp.answer ? q.answer : q.ask;
    }
    if (sp.step < 0 || sp.step >= static_cast<int>(slide.scene->steps.size())) return none;
    const scene::Step& st = slide.scene->steps[static_cast<std::size_t>(sp.step)];
    return sp.asking ? st.ask : st.say;
}

SpanVoice span_voice(const scene::Deck& deck, const Span& sp) {
    static const std::string none;
    SpanVoice out{&none, 0};
    if (sp.question >= 0 || sp.slide < 0 || static_cast<std::size_t>(sp.slide) >= deck.slides.size()) return out;
    const scene::Slide& slide = deck.slides[static_cast<std::size_t>(sp.slide)];
    if (slide.kind != scene::Slide::Kind::Scene) return {&slide.voice, slide.voice_seconds};
    if (!slide.scene || sp.step < 0 || sp.step >= static_cast<int>(slide.scene->steps.size())) return out;
    const scene::Step& st = slide.scene->steps[static_cast<std::size_t>(sp.step)];
    return sp.asking ? SpanVoice{&st.ask_voice, st.ask_voice_seconds} : SpanVoice{&st.voice, st.voice_seconds};
}

State state_at_span(const Layout& lay, int span) {
    State s;
    s.span = std::clamp(span, 0, std::max(0, static_cast<int>(lay.spans.size()) - 1));
    if (!lay.spans.empty()) s.span_started = lay.spans[static_cast<std::size_t>(s.span)].start;
    return s;
}

State state_at(const Layout& lay, double t) { return state_at_span(lay, lay.at(t)); }

}  // namespace timeline
