// scene/quiz: drawing a quiz attempt and scoring it. Pure functions of (quiz, attempt, seed):
// no clock, no global random engine, the same answer on every platform (a small explicit PRNG,
// splitmix64, and our own Fisher–Yates shuffle instead of std::shuffle, whose results are
// implementation-defined).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "scene/scene.hpp"

namespace scene {

// splitmix64 (Steele, Lea, Flood 2014): a tiny 64-bit generator with a well-mixed output.
struct SplitMix64 {
    std::uint64_t state = 0;
    explicit SplitMix64(std::uint64_t seed) : state(seed) {}
    std::uint64_t next();
    // A uniform integer in [0, bound), bound ≥ 1, without modulo bias (rejection sampling).
    std::uint64_t below(std::uint64_t bound);
};

// How many questions one attempt asks: `draw`, or every question when draw is 0, negative or
// larger than the bank.
std::size_t draw_count(const Quiz& quiz);

// A question's pages in the video and the handout: the question and its choices to predict,
// then its answer. Each cross-fades in (kCrossFade) and holds long enough to read its words (at
// least kDefaultHold); the question's page kThinkSeconds more, to think before the answer.
std::string question_page_text(const Question& q, bool answer);
double question_page_hold(const Question& q, bool answer);
// The longest the pages of one attempt can add to a video: the draw_count(quiz) questions whose
// two pages last longest, cross-fades included. The loader bounds it with the steps.
double quiz_pages_seconds(const Quiz& quiz);

// The question indices asked in attempt `attempt` (0 for the first; negative counts as 0),
// in the order they are asked. Guarantees:
//  - draw_count(quiz) indices, each a valid index, none repeated within the attempt;
//  - the same (quiz size, draw, attempt, seed) always gives the same answer;
//  - a fresh set: the questions left out of the previous attempt come first in line, so with
//    draw < size the attempt asks as many questions not asked last time as it can;
//  - a fresh order: the attempt never repeats the previous attempt's sequence exactly,
//    unless the bank has a single question.
std::vector<int> draw_attempt(const Quiz& quiz, int attempt, std::uint64_t seed);

// The order in which question `question` (its index in the bank) shows its `choices` choices in
// attempt `attempt`: entry i is the index into Question::choices shown at position i (0-based).
// A uniformly random permutation, the same for the same (choices, question, attempt, seed) and
// unrelated across seeds, attempts and questions, so that no position is more often right than
// chance allows, whatever order the file gives the choices in.
std::vector<int> choice_order(std::size_t choices, int question, int attempt, std::uint64_t seed);

// `questions` (bank indices) in the order attempt `attempt` asks them: a fresh shuffle for an
// attempt that repeats the questions missed before.
std::vector<int> retry_order(std::vector<int> questions, int attempt, std::uint64_t seed);

// True when `choice` is the correct choice of a multiple-choice question.
bool is_correct(const Question& q, int choice);

// Where a quiz's file puts its right answers, for `attnlab check`: a pattern a student can
// score by (always the first choice, always the longest) without knowing the answers.
struct AnswerPattern {
    int questions = 0;     // multiple-choice questions (with choices and a correct index)
    int position = -1;     // the index that holds the right answer most often (the lowest on a tie)
    int at_position = 0;   // how many questions have it there
    int forced = 0;        // how many at one index no order can avoid: ⌈questions / most choices⌉
    int longest = 0;       // how many have the right answer as their strictly longest choice
    // At least 3 questions, and at least 60 % of them with the right answer at one index (more
    // than `forced`) / as the longest choice.
    bool position_bias() const;
    bool length_bias() const;
};
AnswerPattern answer_pattern(const Quiz& quiz);

// What became of one question of an attempt.
enum class Outcome {
    Unanswered,  // not answered yet, or skipped
    Right,       // the right choice picked; or, for a question without choices, revealed and graded "I had it"
    Wrong,       // a wrong choice picked; or revealed and graded "I didn't"
    Revealed,    // the answer revealed without a pick (or, without choices, not graded yet)
};

// A score for one attempt: questions answered (picked, or revealed), of which right, wrong and
// revealed.
struct QuizScore {
    int answered = 0;
    int right = 0;
    int wrong = 0;
    int revealed = 0;
    void record(bool correct) {
        ++answered;
        if (correct) ++right;
        else ++wrong;
    }
    // The share answered right, in [0, 1]; 0 before any answer.
    double fraction() const { return answered == 0 ? 0.0 : static_cast<double>(right) / answered; }
};
QuizScore tally(const std::vector<Outcome>& outcomes);

// Whether a question with this outcome comes back in "again with the ones I missed": every
// outcome but Right.
inline bool missed(Outcome o) { return o != Outcome::Right; }

}  // namespace scene
