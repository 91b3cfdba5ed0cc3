// timeline/layout: the deck as one timeline — a span per step (animation, then a hold long
// enough to read it) and per title or text slide — and the states of the plain timeline.
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
    for (std::size_t si = 0; si < deck.slides.size(); ++si) {
        const scene::Slide& slide = deck.slides[si];
        if (slide.kind == scene::Slide::Kind::Scene && slide.scene) {
            for (std::size_t k = 0; k < slide.scene->steps.size(); ++k) {
                const scene::Step& st = slide.scene->steps[k];
                Span sp;
                sp.slide = static_cast<int>(si);
                sp.step = static_cast<int>(k);
                sp.start = t;
                sp.anim = scene::step_animation(st);
                sp.hold = scene::step_hold(st);  // unless the author says, until the narration can have been read
                sp.ease = st.ease;
                lay.spans.push_back(sp);
                t = sp.end();
            }
            const auto& questions = slide.scene->quiz.questions;
            std::vector<int> asked;
            if (pages == Pages::WithQuestions)
                for (std::size_t q = 0; q < questions.size(); ++q) asked.push_back(static_cast<int>(q));
            else if (pages == Pages::WithDrawnQuestions && !questions.empty())
                asked = scene::draw_attempt(slide.scene->quiz, 0, seed);
            for (std::size_t i = 0; i < asked.size(); ++i)
                for (const bool answer : {false, true}) {
                    const int q = asked[i];
                    Span sp;
                    sp.slide = static_cast<int>(si);
                    sp.step = static_cast<int>(slide.scene->steps.size()) - 1;
                    sp.question = q;
                    sp.asked = static_cast<int>(i);
                    sp.asks = static_cast<int>(asked.size());
                    sp.answer = answer;
                    sp.start = t;
                    sp.anim = scene::kCrossFade;
                    sp.hold = scene::question_page_hold(questions[static_cast<std::size_t>(q)], answer);
                    lay.spans.push_back(sp);
                    t = sp.end();
                }
        } else {
            Span sp;
            sp.slide = static_cast<int>(si);
            sp.start = t;
            sp.anim = scene::kCrossFade;
            sp.hold = scene::slide_hold(slide);
            lay.spans.push_back(sp);
            t = sp.end();
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

State state_at_span(const Layout& lay, int span) {
    State s;
    s.span = std::clamp(span, 0, std::max(0, static_cast<int>(lay.spans.size()) - 1));
    if (!lay.spans.empty()) s.span_started = lay.spans[static_cast<std::size_t>(s.span)].start;
    return s;
}

State state_at(const Layout& lay, double t) { return state_at_span(lay, lay.at(t)); }

}  // namespace timeline
