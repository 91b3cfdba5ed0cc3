// The live page's backend (engine/web/live.cpp, web::Live) built natively: the script of page
// events the web module is compared against (support/live_script.hpp; web_test runs it through
// the module too) does what it says, and the quiz's memory a page keeps across a reload brings
// the quiz back as it was. Needs no web build: it runs everywhere, under the sanitizers too.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "app/session.hpp"
#include "draw/draw.hpp"
#include "support/files.hpp"
#include "support/golden.hpp"
#include "support/image.hpp"
#include "support/live_script.hpp"
#include "timeline/timeline.hpp"
#include "web/live.hpp"

namespace fs = std::filesystem;

namespace {

const fs::path kSource = ATTNLAB_SOURCE_DIR;

}  // namespace

TEST_CASE("the live page's backend answers a page's events natively as its script says", "[web][live]") {
    support::TempDir tmp("attnlab-live");
    const fs::path no_fallback = tmp.path / "no-fallback-fonts";
    fs::create_directories(no_fallback);
    const std::vector<std::string> script = support::live_script(no_fallback);
    const support::LiveRun native = support::run_native(script, no_fallback);
    REQUIRE(native.statuses.size() == 14);
    // The script did what it says, natively: each status differs from the one before (but for
    // the reloads, which keep it), and the first click made cat ask.
    for (std::size_t i = 1; i < native.statuses.size(); ++i) {
        if (i == 11 || i == 13) continue;
        INFO(native.statuses[i]);
        CHECK(native.statuses[i] != native.statuses[i - 1]);
    }
    CHECK(native.statuses[1].find("\"word\":\"cat\"") != std::string::npos);
    CHECK(native.statuses[3].find("\"temperature\":0.5") != std::string::npos);
    CHECK(native.statuses[4].find("\"mask\":true") != std::string::npos);
    CHECK(native.statuses[5].find("\"mask\":false") != std::string::npos);
    CHECK(native.statuses[7].find("\"experiment\":0") != std::string::npos);
    CHECK(native.statuses[8].find("\"experiment\":-1") != std::string::npos);
    CHECK(native.statuses[9].find("\"open\":true") != std::string::npos);
    INFO(native.statuses[9]);
    CHECK(native.statuses[9].find("\"revealed\":true,\"picked\":1") != std::string::npos);
    // A reload keeps the place and the quiz: the second question of the same attempt, the first
    // one's outcome counted; closed and on the next step, the same.
    const auto quiz = [](const std::string& status) { return status.substr(status.find("\"quiz\":")); };
    const auto step = [](const std::string& status) { return status.substr(0, status.find(",\"title\"")); };
    CHECK(native.statuses[10].find("\"index\":1,\"revealed\":false") != std::string::npos);
    CHECK(quiz(native.statuses[11]) == quiz(native.statuses[10]));
    CHECK(step(native.statuses[11]) == step(native.statuses[10]));
    CHECK(native.statuses[12].find("\"open\":false") != std::string::npos);
    CHECK(step(native.statuses[12]) != step(native.statuses[11]));
    CHECK(quiz(native.statuses[13]) == quiz(native.statuses[12]));
    CHECK(step(native.statuses[13]) == step(native.statuses[12]));
}

TEST_CASE("the live page's quiz memory brings back the quiz as it was, whatever was pressed", "[web][live][quiz]") {
    // Random presses of the quiz's keys (and the slides' arrows, Esc, show me) on a step with a
    // quiz; after each, a fresh backend opened at the same place with the memory kept so far must
    // hold the same quiz (attempt, question, pick, reveal, the end screen, the outcomes) and the
    // same step, and keep the same memory; every third press it must paint the same frame (where nothing but the quiz differs).
    support::TempDir tmp("attnlab-live-quiz");
    const fs::path no_fallback = tmp.path / "no-fallback-fonts";
    fs::create_directories(no_fallback);
    const auto open = [&](int start) {
        std::string error;
        auto live = web::Live::open((kSource / "scenes/one-query-row.yaml").string(), kSource.string(),
                                    (kSource / "fonts").string(), draw::debian_fallbacks(no_fallback.string()), false, false,
                                    start, error);
        INFO(error);
        REQUIRE(live);
        live->resize(640, 360, 640, 360);
        return live;
    };
    // Weighted towards answering, so that attempts reach their end screens and their retries.
    const std::vector<std::pair<std::string, std::string>> keys{
        {"c", "KeyC"}, {"1", "Digit1"}, {"2", "Digit2"}, {"3", "Digit3"}, {" ", "Space"}, {" ", "Space"}, {" ", "Space"},
        {"Enter", "Enter"}, {"ArrowRight", "ArrowRight"}, {"ArrowRight", "ArrowRight"}, {"ArrowRight", "ArrowRight"},
        {"ArrowLeft", "ArrowLeft"}, {"m", "KeyM"}, {"m", "KeyM"}, {"Escape", "Escape"}, {"y", "KeyY"}};
    const auto same_quiz = [](const timeline::QuizState& a, const timeline::QuizState& b) {
        return a.open == b.open && a.attempt == b.attempt && a.index == b.index && a.revealed == b.revealed &&
               a.picked == b.picked && a.finished == b.finished && a.only == b.only && a.outcomes == b.outcomes;
    };
    int opened = 0, finished = 0, retried = 0, compared = 0;
    for (std::uint32_t seed = 1; seed <= 4; ++seed) {
        std::mt19937 rng(seed);
        auto live = open(6);
        double now = 0;
        for (int press = 0; press < 80; ++press) {
            now += 3;  // every animation over: a press acts on the step, not on its animation
            live->set_time(now);
            const auto& [name, code] = keys[rng() % keys.size()];
            live->key(name, code, 0);
            const timeline::State& s = live->session().state();
            opened += s.quiz.open;
            finished += s.quiz.finished;
            retried += !s.quiz.only.empty();
            const std::string memory = live->quiz_memory();
            auto again = open(s.span);
            again->set_time(now);
            INFO("seed " << seed << ", press " << press << " (" << name << "), memory:\n" << memory);
            REQUIRE(again->restore_quiz(memory));
            const timeline::State& r = again->session().state();
            CHECK(r.span == s.span);
            if (!s.quiz.open || s.quiz.attempt >= 0) CHECK(same_quiz(r.quiz, s.quiz));
            CHECK(again->quiz_memory() == memory);
            // The frame too, where the quiz is all that differs: "show me" runs an experiment, M
            // with no quiz open turns the mask, and a digit starts typing a step to go to — the
            // session's, not the quiz's to keep.
            const bool edited = std::any_of(s.edits.begin(), s.edits.end(), [](const scene::Settings& e) { return !e.empty(); });
            if (press % 3 == 2 && s.experiment < 0 && !edited && live->session().mode() == app::Mode::Slides) {
                live->set_time(now + 10);
                again->set_time(now + 10);
                ++compared;
                live->frame();  // if nothing changed since its last frame, that frame is this one
                REQUIRE(again->frame());
                const bool same = std::equal(live->rgba(), live->rgba() + 640 * 360 * 4, again->rgba());
                if (!same) {
                    std::vector<std::uint8_t> a(live->rgba(), live->rgba() + 640 * 360 * 4), b(again->rgba(), again->rgba() + 640 * 360 * 4);
                    support::image_of(a, 640, 360)->write(support::diff_file("live-quiz-" + std::to_string(seed) + "-" + std::to_string(press), ".kept.png"));
                    support::image_of(b, 640, 360)->write(support::diff_file("live-quiz-" + std::to_string(seed) + "-" + std::to_string(press), ".restored.png"));
                }
                CHECK(same);
            }
        }
    }
    // The presses reached what the memory must keep: quizzes open, end screens, retries.
    CHECK(opened > 10);
    CHECK(finished > 0);
    CHECK(retried > 0);
    CHECK(compared >= 8);

    // What is not a quiz's memory changes nothing.
    auto live = open(6);
    const std::string before = live->status();
    const std::vector<std::string> bad_memories{"0 goto 3\n0 reset\n", "0 quiz open\n", "0 goto 2\n0 set T 0.5\n",
                                                "garbage\n", "0 goto 1\n0 goto 2\n",
                                                std::string(web::Live::kMaxQuizMemory + 1, ' ')};
    for (const std::string& bad : bad_memories) {
        CHECK_FALSE(live->restore_quiz(bad));
        CHECK(live->status() == before);
    }
    CHECK(live->restore_quiz(""));
    CHECK(live->status() == before);
}
