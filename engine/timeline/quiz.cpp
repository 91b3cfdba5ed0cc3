// timeline/quiz: the questions a quiz draws from on a slide and the order of an attempt.
#include <algorithm>

#include "timeline/detail.hpp"

namespace timeline {

QuizBank quiz_bank(const scene::Deck& deck, int slide) {
    QuizBank bank;
    auto add = [&](const scene::Scene& sc) {
        for (const auto& q : sc.quiz.questions) bank.questions.push_back(&q);
    };
    if (slide >= 0 && static_cast<std::size_t>(slide) < deck.slides.size()) {
        const auto& sl = deck.slides[static_cast<std::size_t>(slide)];
        if (sl.scene && !sl.scene->quiz.questions.empty()) {
            add(*sl.scene);
            bank.draw = sl.scene->quiz.draw;
            return bank;
        }
    }
    for (const auto& sl : deck.slides)
        if (sl.scene) add(*sl.scene);
    bank.draw = 6;
    return bank;
}

std::vector<int> quiz_order(const scene::Deck& deck, const State& s, int slide) {
    QuizBank bank = quiz_bank(deck, slide);
    scene::Quiz sizes;  // draw_attempt needs only the bank's size and draw count
    sizes.draw = bank.draw;
    sizes.questions.resize(bank.questions.size());
    return scene::draw_attempt(sizes, std::max(0, s.quiz.attempt), s.seed);
}

namespace detail {

const scene::Question* current_question(const scene::Deck& deck, const State& s, int slide) {
    const std::vector<int> order = quiz_order(deck, s, slide);
    if (s.quiz.index < 0 || s.quiz.index >= static_cast<int>(order.size())) return nullptr;
    return quiz_bank(deck, slide).questions[static_cast<std::size_t>(order[static_cast<std::size_t>(s.quiz.index)])];
}

}  // namespace detail

}  // namespace timeline
