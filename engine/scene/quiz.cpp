// scene/quiz: the quiz draw — which questions an attempt asks and in which order, and the order
// of their choices — from a seeded splitmix64, so a seed gives the same draw everywhere.
#include "scene/quiz.hpp"

#include <algorithm>
#include <functional>

namespace scene {

std::string question_page_text(const Question& q, bool answer) {
    if (answer) return q.answer;
    std::string text = q.ask;
    for (const std::string& c : q.choices) text += " " + c;
    return text;
}

double question_page_hold(const Question& q, bool answer) {
    return std::max(kDefaultHold, reading_time(question_page_text(q, answer))) + (answer ? 0.0 : kThinkSeconds);
}

double quiz_pages_seconds(const Quiz& quiz) {
    std::vector<double> each;
    for (const Question& q : quiz.questions)
        each.push_back(2 * kCrossFade + question_page_hold(q, false) + question_page_hold(q, true));
    const std::size_t asked = std::min(draw_count(quiz), each.size());
    std::partial_sort(each.begin(), each.begin() + static_cast<std::ptrdiff_t>(asked), each.end(), std::greater<>());
    double t = 0;
    for (std::size_t i = 0; i < asked; ++i) t += each[i];
    return t;
}

std::uint64_t SplitMix64::next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

std::uint64_t SplitMix64::below(std::uint64_t bound) {
    if (bound <= 1) return 0;
    // Reject the top partial block of 2^64 so that every residue is equally likely.
    const std::uint64_t limit = (~std::uint64_t{0}) - ((~std::uint64_t{0}) % bound + 1) % bound;
    std::uint64_t r = next();
    while (r > limit) r = next();
    return r % bound;
}

std::size_t draw_count(const Quiz& quiz) {
    const std::size_t size = quiz.questions.size();
    if (quiz.draw <= 0 || static_cast<std::size_t>(quiz.draw) > size) return size;
    return static_cast<std::size_t>(quiz.draw);
}

namespace {

// Fisher–Yates, driven by our own generator so every platform shuffles alike.
void shuffle(std::vector<int>& items, SplitMix64& rng) {
    for (std::size_t i = items.size(); i > 1; --i) {
        const std::size_t j = static_cast<std::size_t>(rng.below(i));
        std::swap(items[i - 1], items[j]);
    }
}

// One generator per attempt: the seed and the attempt number mixed through splitmix64 itself,
// so that neighbouring seeds or attempts give unrelated streams.
SplitMix64 attempt_rng(std::uint64_t seed, int attempt) {
    SplitMix64 mix(seed);
    const std::uint64_t a = mix.next();
    SplitMix64 rng(a ^ (static_cast<std::uint64_t>(attempt) * 0xd1b54a32d192ed03ULL));
    rng.next();
    return rng;
}

}  // namespace

std::vector<int> draw_attempt(const Quiz& quiz, int attempt, std::uint64_t seed) {
    const std::size_t size = quiz.questions.size();
    const std::size_t count = draw_count(quiz);
    if (size == 0 || count == 0) return {};
    if (attempt < 0) attempt = 0;

    std::vector<int> previous;
    for (int a = 0; a <= attempt; ++a) {
        SplitMix64 rng = attempt_rng(seed, a);
        std::vector<int> order(size);
        for (std::size_t i = 0; i < size; ++i) order[i] = static_cast<int>(i);
        shuffle(order, rng);
        // Fresh set: the questions not asked last time go first (keeping their shuffled order).
        std::stable_partition(order.begin(), order.end(), [&](int q) {
            return std::find(previous.begin(), previous.end(), q) == previous.end();
        });
        order.resize(count);
        // Fresh order: the chosen questions in a new random order…
        shuffle(order, rng);
        // …and never the previous sequence again (possible only when every question is drawn
        // or the bank is tiny): a rotation of two or more distinct indices always differs.
        if (order == previous && order.size() > 1) std::rotate(order.begin(), order.begin() + 1, order.end());
        previous = std::move(order);
    }
    return previous;
}

namespace {

// One step of a hash chain: splitmix64's output for the state h.
std::uint64_t mix(std::uint64_t h) { return SplitMix64(h).next(); }

}  // namespace

std::vector<int> choice_order(std::size_t choices, int question, int attempt, std::uint64_t seed) {
    std::vector<int> order(choices);
    for (std::size_t i = 0; i < choices; ++i) order[i] = static_cast<int>(i);
    // Chained rather than XORed together, so that no two (attempt, question) pairs share a stream;
    // the tag keeps this stream apart from the question draw's.
    constexpr std::uint64_t kTag = 0x63686f6963657321ULL;  // "choices!"
    std::uint64_t h = mix(seed ^ kTag);
    h = mix(h ^ static_cast<std::uint64_t>(static_cast<std::int64_t>(attempt)));
    h = mix(h ^ static_cast<std::uint64_t>(static_cast<std::int64_t>(question)));
    SplitMix64 rng(h);
    shuffle(order, rng);
    return order;
}

std::vector<int> retry_order(std::vector<int> questions, int attempt, std::uint64_t seed) {
    SplitMix64 rng = attempt_rng(seed, attempt < 0 ? 0 : attempt);
    shuffle(questions, rng);
    return questions;
}

namespace {

// Characters (UTF-8 code points) of a text: what a reader sees as its length.
std::size_t characters(const std::string& s) {
    std::size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
}

constexpr int kMinPatternQuestions = 3;
bool mostly(int count, int of) { return of >= kMinPatternQuestions && count * 10 >= of * 6; }

}  // namespace

bool AnswerPattern::position_bias() const { return mostly(at_position, questions) && at_position > forced; }
bool AnswerPattern::length_bias() const { return mostly(longest, questions); }

AnswerPattern answer_pattern(const Quiz& quiz) {
    AnswerPattern p;
    std::vector<int> at;
    std::size_t most_choices = 0;
    for (const Question& q : quiz.questions) {
        if (q.choices.size() < 2 || q.correct < 0 || static_cast<std::size_t>(q.correct) >= q.choices.size()) continue;
        ++p.questions;
        most_choices = std::max(most_choices, q.choices.size());
        if (at.size() < q.choices.size()) at.resize(q.choices.size(), 0);
        ++at[static_cast<std::size_t>(q.correct)];
        const std::size_t right = characters(q.choices[static_cast<std::size_t>(q.correct)]);
        bool strictly_longest = true;
        for (std::size_t i = 0; i < q.choices.size(); ++i)
            if (static_cast<int>(i) != q.correct && characters(q.choices[i]) >= right) strictly_longest = false;
        if (strictly_longest) ++p.longest;
    }
    for (std::size_t i = 0; i < at.size(); ++i)
        if (at[i] > p.at_position) {
            p.at_position = at[i];
            p.position = static_cast<int>(i);
        }
    if (most_choices > 0) p.forced = static_cast<int>((static_cast<std::size_t>(p.questions) + most_choices - 1) / most_choices);
    return p;
}

QuizScore tally(const std::vector<Outcome>& outcomes) {
    QuizScore s;
    for (Outcome o : outcomes) {
        if (o == Outcome::Right) s.record(true);
        else if (o == Outcome::Wrong) s.record(false);
        else if (o == Outcome::Revealed) {
            ++s.answered;
            ++s.revealed;
        }
    }
    return s;
}

bool is_correct(const Question& q, int choice) {
    return !q.choices.empty() && choice >= 0 && static_cast<std::size_t>(choice) < q.choices.size() && choice == q.correct;
}

}  // namespace scene
