// Prints the quiz's draws (scene/quiz.hpp) for many sizes, attempts and seeds as JSON, so that
// tests/browser_test.py can check that the web page's copy of them
// (engine/output/web/lecture/quiz_draws.js) draws the same questions and orders the same choices
// as the app.
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "scene/quiz.hpp"

namespace {

std::string list(const std::vector<int>& v) {
    std::string s = "[";
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
    return s + "]";
}

}  // namespace

int main() {
    const std::uint64_t seeds[] = {1, 7, 123456789, 0x8000000000000005ULL, 0xFFFFFFFFFFFFFFFFULL};
    std::string out = "{\"draws\":[";
    bool first = true;
    for (std::uint64_t seed : seeds)
        for (int size = 1; size <= 7; ++size)
            for (int draw = 0; draw <= size; ++draw)
                for (int attempt = 0; attempt <= 4; ++attempt) {
                    scene::Quiz q;
                    q.draw = draw;
                    q.questions.resize(static_cast<std::size_t>(size));
                    out += std::string(first ? "" : ",") + "[" + std::to_string(size) + "," + std::to_string(draw) +
                           "," + std::to_string(attempt) + ",\"" + std::to_string(seed) + "\"," +
                           list(scene::draw_attempt(q, attempt, seed)) + "]";
                    first = false;
                }
    out += "],\"choices\":[";
    first = true;
    for (std::uint64_t seed : seeds)
        for (int n = 0; n <= 5; ++n)
            for (int question = 0; question <= 6; ++question)
                for (int attempt = 0; attempt <= 3; ++attempt) {
                    out += std::string(first ? "" : ",") + "[" + std::to_string(n) + "," + std::to_string(question) +
                           "," + std::to_string(attempt) + ",\"" + std::to_string(seed) + "\"," +
                           list(scene::choice_order(static_cast<std::size_t>(n), question, attempt, seed)) + "]";
                    first = false;
                }
    out += "],\"retries\":[";
    first = true;
    for (std::uint64_t seed : seeds)
        for (int attempt = 0; attempt <= 3; ++attempt) {
            const std::vector<int> missed = {4, 1, 6, 2};
            out += std::string(first ? "" : ",") + "[" + list(missed) + "," + std::to_string(attempt) + ",\"" +
                   std::to_string(seed) + "\"," + list(scene::retry_order(missed, attempt, seed)) + "]";
            first = false;
        }
    out += "]}\n";
    std::fputs(out.c_str(), stdout);
    return 0;
}
