// Quiz drawing: fresh per attempt, no repeats within one, reproducible with a seed, `draw` respected.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>

#include "scene/quiz.hpp"

namespace {

scene::Quiz bank(int size, int draw) {
    scene::Quiz quiz;
    quiz.draw = draw;
    for (int i = 0; i < size; ++i) {
        scene::Question q;
        q.ask = "question " + std::to_string(i);
        q.answer = "answer " + std::to_string(i);
        quiz.questions.push_back(q);
    }
    return quiz;
}

bool all_valid_and_distinct(const std::vector<int>& drawn, int size) {
    std::set<int> seen;
    for (int i : drawn) {
        if (i < 0 || i >= size) return false;
        if (!seen.insert(i).second) return false;
    }
    return true;
}

}  // namespace

TEST_CASE("an empty bank draws nothing", "[quiz]") {
    CHECK(scene::draw_attempt(bank(0, 0), 0, 1).empty());
    CHECK(scene::draw_attempt(bank(0, 3), 5, 1).empty());
}

TEST_CASE("draw_count respects draw and falls back to the whole bank", "[quiz]") {
    CHECK(scene::draw_count(bank(6, 4)) == 4);
    CHECK(scene::draw_count(bank(6, 0)) == 6);
    CHECK(scene::draw_count(bank(6, -2)) == 6);
    CHECK(scene::draw_count(bank(6, 9)) == 6);
}

TEST_CASE("each attempt asks draw questions, none repeated", "[quiz]") {
    for (int size : {1, 2, 3, 4, 6, 8, 13}) {
        for (int draw : {0, 1, 2, 3, 4, 5, 20}) {
            const scene::Quiz quiz = bank(size, draw);
            const std::size_t expected = draw <= 0 || draw > size ? static_cast<std::size_t>(size) : static_cast<std::size_t>(draw);
            for (int attempt = 0; attempt < 12; ++attempt) {
                const auto drawn = scene::draw_attempt(quiz, attempt, 42);
                INFO("size " << size << " draw " << draw << " attempt " << attempt);
                CHECK(drawn.size() == expected);
                CHECK(all_valid_and_distinct(drawn, size));
            }
        }
    }
}

TEST_CASE("the same seed and attempt reproduce the same draw", "[quiz]") {
    const scene::Quiz quiz = bank(8, 4);
    for (std::uint64_t seed : {0ULL, 1ULL, 7ULL, 0xffffffffffffffffULL})
        for (int attempt = 0; attempt < 6; ++attempt)
            CHECK(scene::draw_attempt(quiz, attempt, seed) == scene::draw_attempt(quiz, attempt, seed));
}

TEST_CASE("different seeds give different draws", "[quiz]") {
    const scene::Quiz quiz = bank(8, 4);
    std::set<std::vector<int>> firsts;
    for (std::uint64_t seed = 0; seed < 20; ++seed) firsts.insert(scene::draw_attempt(quiz, 0, seed));
    // 8·7·6·5 = 1680 possible sequences: twenty seeds landing on three or fewer would be no shuffle.
    CHECK(firsts.size() > 15);
}

TEST_CASE("consecutive attempts are never the same sequence", "[quiz]") {
    for (int size : {2, 3, 4, 6, 8}) {
        for (int draw : {0, 1, 2, 4}) {
            const scene::Quiz quiz = bank(size, draw);
            for (std::uint64_t seed = 0; seed < 30; ++seed) {
                auto previous = scene::draw_attempt(quiz, 0, seed);
                for (int attempt = 1; attempt < 8; ++attempt) {
                    auto drawn = scene::draw_attempt(quiz, attempt, seed);
                    INFO("size " << size << " draw " << draw << " seed " << seed << " attempt " << attempt);
                    CHECK(drawn != previous);
                    previous = drawn;
                }
            }
        }
    }
}

TEST_CASE("with draw below half the bank, the next attempt is a wholly fresh set", "[quiz]") {
    const scene::Quiz quiz = bank(6, 3);  // the first explainer's spirit: a fresh set each time
    for (std::uint64_t seed = 0; seed < 25; ++seed) {
        for (int attempt = 1; attempt < 6; ++attempt) {
            auto before = scene::draw_attempt(quiz, attempt - 1, seed);
            auto now = scene::draw_attempt(quiz, attempt, seed);
            std::sort(before.begin(), before.end());
            std::sort(now.begin(), now.end());
            std::vector<int> common;
            std::set_intersection(before.begin(), before.end(), now.begin(), now.end(), std::back_inserter(common));
            CHECK(common.empty());
        }
    }
}

TEST_CASE("with draw above half the bank, every question left out last time is asked", "[quiz]") {
    const scene::Quiz quiz = bank(6, 4);
    for (std::uint64_t seed = 0; seed < 25; ++seed) {
        auto before = scene::draw_attempt(quiz, 2, seed);
        auto now = scene::draw_attempt(quiz, 3, seed);
        for (int q = 0; q < 6; ++q) {
            const bool asked_before = std::find(before.begin(), before.end(), q) != before.end();
            const bool asked_now = std::find(now.begin(), now.end(), q) != now.end();
            if (!asked_before) CHECK(asked_now);
        }
    }
}

TEST_CASE("drawing the whole bank gives a fresh order, and every order shows up", "[quiz]") {
    const scene::Quiz quiz = bank(4, 0);
    std::map<std::vector<int>, int> seen;
    for (std::uint64_t seed = 0; seed < 400; ++seed) ++seen[scene::draw_attempt(quiz, 0, seed)];
    CHECK(seen.size() == 24);  // all 4! orders reachable
    // Roughly uniform: each order about 400/24 ≈ 17 times; none absurdly frequent.
    for (const auto& [order, times] : seen) CHECK(times < 45);
    // Each question leads the attempt about a quarter of the time.
    std::map<int, int> first;
    for (const auto& [order, times] : seen) first[order[0]] += times;
    for (const auto& [q, times] : first) CHECK(times > 60);
}

TEST_CASE("a negative attempt counts as the first", "[quiz]") {
    const scene::Quiz quiz = bank(5, 3);
    CHECK(scene::draw_attempt(quiz, -3, 9) == scene::draw_attempt(quiz, 0, 9));
}

TEST_CASE("splitmix64 matches its published reference output", "[quiz]") {
    // First outputs of splitmix64 seeded with 1234567 (the reference C implementation by Vigna).
    scene::SplitMix64 rng(1234567);
    CHECK(rng.next() == 6457827717110365317ULL);
    CHECK(rng.next() == 3203168211198807973ULL);
    CHECK(rng.next() == 9817491932198370423ULL);
}

TEST_CASE("below stays in range and covers it", "[quiz]") {
    scene::SplitMix64 rng(5);
    std::set<std::uint64_t> seen;
    for (int i = 0; i < 2000; ++i) {
        const auto r = rng.below(7);
        CHECK(r < 7);
        seen.insert(r);
    }
    CHECK(seen.size() == 7);
    CHECK(rng.below(1) == 0);
    CHECK(rng.below(0) == 0);
}

TEST_CASE("scoring: a choice is right only when it is the correct index", "[quiz]") {
    scene::Question q;
    q.choices = {"a", "b", "c"};
    q.correct = 1;
    CHECK(scene::is_correct(q, 1));
    CHECK_FALSE(scene::is_correct(q, 0));
    CHECK_FALSE(scene::is_correct(q, 3));
    CHECK_FALSE(scene::is_correct(q, -1));
    scene::Question open;  // no choices: nothing to pick
    CHECK_FALSE(scene::is_correct(open, -1));

    scene::QuizScore score;
    CHECK(score.fraction() == 0.0);
    CHECK(score.wrong == 0);
    score.record(true);
    score.record(false);
    score.record(true);
    CHECK(score.answered == 3);
    CHECK(score.right == 2);
    CHECK(score.fraction() == Approx(2.0 / 3.0));
}

// ---- the order of the choices ----

TEST_CASE("choice_order is a permutation, reproducible, and differs across seeds, attempts and questions", "[quiz]") {
    for (std::size_t n : {0u, 1u, 2u, 3u, 4u, 9u}) {
        const auto order = scene::choice_order(n, 3, 2, 11);
        REQUIRE(order.size() == n);
        CHECK(all_valid_and_distinct(order, static_cast<int>(n)));
        CHECK(order == scene::choice_order(n, 3, 2, 11));
    }
    std::set<std::vector<int>> by_seed, by_attempt, by_question;
    for (int i = 0; i < 30; ++i) {
        by_seed.insert(scene::choice_order(5, 0, 0, static_cast<std::uint64_t>(i)));
        by_attempt.insert(scene::choice_order(5, 0, i, 1));
        by_question.insert(scene::choice_order(5, i, 0, 1));
    }
    // 120 orders of 5: thirty draws landing on fewer than 20 distinct ones would be no shuffle.
    CHECK(by_seed.size() >= 20);
    CHECK(by_attempt.size() >= 20);
    CHECK(by_question.size() >= 20);
    // Negative attempts and questions are valid input, not a crash.
    CHECK(all_valid_and_distinct(scene::choice_order(4, -1, -7, 0), 4));
}

TEST_CASE("choice_order puts each choice at each position equally often", "[quiz]") {
    // Over many (seed, question) pairs, the right answer (file index 0, say) is shown at each of
    // the 4 positions about a quarter of the time: pressing one key scores chance, 1/4.
    const int draws = 8000;
    std::map<std::pair<int, int>, int> at;  // (file index, position) → count
    for (int i = 0; i < draws; ++i) {
        const auto order = scene::choice_order(4, i % 21, i / 21, 2024);
        for (int pos = 0; pos < 4; ++pos) ++at[{order[static_cast<std::size_t>(pos)], pos}];
    }
    for (const auto& [key, count] : at) {
        INFO("choice " << key.first << " at " << key.second);
        CHECK(std::abs(count - draws / 4) < 4 * 39);  // sd = √(8000 · 1/4 · 3/4) ≈ 39
    }
    CHECK(at.size() == 16);
}

TEST_CASE("retry_order asks exactly the given questions, in a reproducible order", "[quiz]") {
    const std::vector<int> missed = {7, 2, 5, 11};
    std::set<std::vector<int>> orders;
    for (int attempt = 1; attempt < 30; ++attempt) {
        auto order = scene::retry_order(missed, attempt, 3);
        CHECK(order == scene::retry_order(missed, attempt, 3));
        orders.insert(order);
        std::sort(order.begin(), order.end());
        CHECK(order == std::vector<int>{2, 5, 7, 11});
    }
    CHECK(orders.size() > 10);
    CHECK(scene::retry_order({}, 1, 3).empty());
}

TEST_CASE("tally: a reveal is its own outcome; missed is everything but right", "[quiz]") {
    using O = scene::Outcome;
    const scene::QuizScore s = scene::tally({O::Right, O::Revealed, O::Wrong, O::Unanswered, O::Right});
    CHECK(s.right == 2);
    CHECK(s.wrong == 1);
    CHECK(s.revealed == 1);
    CHECK(s.answered == 4);
    CHECK_FALSE(scene::missed(O::Right));
    for (O o : {O::Wrong, O::Revealed, O::Unanswered}) CHECK(scene::missed(o));
}

// ---- patterns in the file ----

namespace {

scene::Quiz choices_quiz(const std::vector<std::pair<std::vector<std::string>, int>>& qs) {
    scene::Quiz quiz;
    for (const auto& [choices, correct] : qs) {
        scene::Question q;
        q.ask = "?";
        q.choices = choices;
        q.correct = correct;
        quiz.questions.push_back(q);
    }
    return quiz;
}

}  // namespace

TEST_CASE("answer_pattern: the right answer mostly at one position, or mostly the longest", "[quiz]") {
    const std::vector<std::string> abc = {"aa", "bb", "cc"};
    // 3 of 4 first: 75 %.
    auto p = scene::answer_pattern(choices_quiz({{abc, 0}, {abc, 0}, {abc, 1}, {abc, 0}}));
    CHECK(p.questions == 4);
    CHECK(p.position == 0);
    CHECK(p.at_position == 3);
    CHECK(p.position_bias());
    CHECK_FALSE(p.length_bias());
    // Spread: 2 of 4 at most.
    CHECK_FALSE(scene::answer_pattern(choices_quiz({{abc, 0}, {abc, 2}, {abc, 1}, {abc, 0}})).position_bias());
    // 3 of 5 at index 2: exactly 60 %.
    CHECK(scene::answer_pattern(choices_quiz({{abc, 2}, {abc, 2}, {abc, 1}, {abc, 0}, {abc, 2}})).position_bias());
    // Fewer than 3 questions with choices: no pattern to speak of. Open questions do not count.
    scene::Quiz two = choices_quiz({{abc, 0}, {abc, 0}});
    scene::Question open;
    open.ask = "why?";
    open.answer = "because";
    two.questions.push_back(open);
    CHECK(scene::answer_pattern(two).questions == 2);
    CHECK_FALSE(scene::answer_pattern(two).position_bias());
    // What the choices force is no pattern: three yes/no questions share a position twice.
    const std::vector<std::string> yn = {"yes", "no"};
    CHECK_FALSE(scene::answer_pattern(choices_quiz({{yn, 0}, {yn, 1}, {yn, 0}})).position_bias());
    CHECK(scene::answer_pattern(choices_quiz({{yn, 0}, {yn, 0}, {yn, 0}})).position_bias());
    // The longest (strictly, in characters: "é" is one): 3 of 4.
    const scene::Quiz longest = choices_quiz({{{"short", "the long right answer"}, 1},
                                              {{"the long right answer", "short"}, 0},
                                              {{"éééé", "eee", "dd"}, 0},
                                              {{"same", "same"}, 1}});
    p = scene::answer_pattern(longest);
    CHECK(p.longest == 3);
    CHECK(p.length_bias());
    CHECK_FALSE(p.position_bias());
    // Counted in characters, not bytes: "ééééé" (10 bytes) is shorter than "eeeeee".
    const std::vector<std::string> accents = {"ééééé", "eeeeee"};
    CHECK(scene::answer_pattern(choices_quiz({{accents, 0}, {accents, 0}, {accents, 0}})).longest == 0);
}
