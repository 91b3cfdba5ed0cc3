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
    const int attempt = std::max(0, s.quiz.attempt);
    if (!s.quiz.only.empty()) {
        // A retry of the questions missed: those still in the bank (a reload may have shrunk it).
        std::vector<int> only;
        for (int q : s.quiz.only)
            if (q >= 0 && static_cast<std::size_t>(q) < bank.questions.size()) only.push_back(q);
        if (!only.empty()) return scene::retry_order(std::move(only), attempt, s.seed);
    }
    scene::Quiz sizes;  // draw_attempt needs only the bank's size and draw count
    sizes.draw = bank.draw;
    sizes.questions.resize(bank.questions.size());
    return scene::draw_attempt(sizes, attempt, s.seed);
}

std::vector<int> quiz_missed(const scene::Deck& deck, const State& s, int slide) {
    const std::vector<int> order = quiz_order(deck, s, slide);
    std::vector<int> out;
    for (std::size_t i = 0; i < order.size(); ++i) {
        const scene::Outcome o = i < s.quiz.outcomes.size() ? s.quiz.outcomes[i] : scene::Outcome::Unanswered;
        if (scene::missed(o)) out.push_back(order[i]);
    }
    return out;
}

namespace detail {

const scene::Question* current_question(const scene::Deck& deck, const State& s, int slide) {
    const std::vector<int> order = quiz_order(deck, s, slide);
    if (s.quiz.index < 0 || s.quiz.index >= static_cast<int>(order.size())) return nullptr;
    return quiz_bank(deck, slide).questions[static_cast<std::size_t>(order[static_cast<std::size_t>(s.quiz.index)])];
}

std::vector<int> current_choices(const scene::Deck& deck, const State& s, int slide) {
    const std::vector<int> order = quiz_order(deck, s, slide);
    if (s.quiz.index < 0 || s.quiz.index >= static_cast<int>(order.size())) return {};
    const int q = order[static_cast<std::size_t>(s.quiz.index)];
    const scene::Question* asked = quiz_bank(deck, slide).questions[static_cast<std::size_t>(q)];
    return scene::choice_order(asked->choices.size(), q, std::max(0, s.quiz.attempt), s.seed);
}

}  // namespace detail

}  // namespace timeline
