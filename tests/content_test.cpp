// The content: every scene and deck in the repo loads cleanly, and every claim the text makes
// about the numbers is true of the numbers (asserted on attention::trace of the same scene).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <numeric>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "attention/attention.hpp"
#include "attention/positions.hpp"
#include "load/load.hpp"
#include "scene/heads.hpp"
#include "model/display.hpp"
#include "model/model.hpp"
#include "scene/quiz.hpp"
#include "scene/scene.hpp"
#include "support/rounding.hpp"

namespace fs = std::filesystem;

namespace {

const fs::path kSource = ATTNLAB_SOURCE_DIR;

std::vector<fs::path> yaml_files(const char* folder) {
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(kSource / folder))
        if (entry.is_regular_file() && entry.path().extension() == ".yaml") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

std::string errors_of(const load::Result& r) {
    std::string out;
    for (const auto& e : r.errors) out += e.format() + "\n";
    return out;
}

// Loads scenes/<name>.yaml and returns its scene; fails the test with the diagnostics otherwise.
std::shared_ptr<const scene::Scene> scene_file(const std::string& name) {
    const load::Result r = load::load_file((kSource / "scenes" / (name + ".yaml")).string(), load::Options{ATTNLAB_SOURCE_DIR, {}});
    INFO(errors_of(r));
    REQUIRE(r.ok());
    REQUIRE(r.deck.slides.size() == 1);
    REQUIRE(r.deck.slides[0].scene);
    return r.deck.slides[0].scene;
}

const scene::Experiment& experiment(const scene::Scene& s, const std::string& title) {
    for (const auto& e : s.experiments)
        if (e.title == title) return e;
    FAIL("scene " << s.id << " has no experiment titled '" << title << "'");
    throw 0;  // unreachable: FAIL throws
}

// The trace of a scene after applying `set` to its starting controls, as the player does.
attention::Trace trace_with(const scene::Scene& s, const scene::Settings& set = {}) {
    const scene::Controls c = scene::apply(s, scene::start_controls(s), set);
    attention::Trace t;
    std::string error;
    const bool ok = attention::trace(scene::attention_input(s, c), t, error);
    INFO(error);
    REQUIRE(ok);
    return t;
}

// Every head's trace, and what is made of them (the concatenation, W_O, the add), as above.
attention::HeadsTrace heads_with(const scene::Scene& s, const scene::Settings& set = {}) {
    const scene::Controls c = scene::apply(s, scene::start_controls(s), set);
    attention::HeadsTrace t;
    std::string error;
    const bool ok = attention::trace(scene::heads_input(s, c), t, error);
    INFO(error);
    REQUIRE(ok);
    return t;
}

attention::Trace trace_experiment(const scene::Scene& s, const std::string& title) {
    return trace_with(s, experiment(s, title).set);
}

int focus_after(const scene::Scene& s, const scene::Settings& set) {
    return scene::apply(s, scene::start_controls(s), set).focus;
}

std::vector<double> row(const attention::Matrix& m, std::size_t r) { return m.row_vec(r); }

// Indices sorted by weight, largest first.
std::vector<std::size_t> ranking(const std::vector<double>& w) {
    std::vector<std::size_t> idx(w.size());
    for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = i;
    std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return w[a] > w[b]; });
    return idx;
}

double spread(const std::vector<double>& w) {
    const auto [lo, hi] = std::minmax_element(w.begin(), w.end());
    return *hi - *lo;
}

double norm(const core::Vec& a) {
    double s = 0;
    for (double x : a) s += x * x;
    return std::sqrt(s);
}

double distance(const core::Vec& a, const core::Vec& b) {
    double s = 0;
    for (std::size_t i = 0; i < a.size(); ++i) s += (a[i] - b[i]) * (a[i] - b[i]);
    return std::sqrt(s);
}

double cosine(const core::Vec& a, const core::Vec& b) {
    double s = 0;
    for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
    return s / (norm(a) * norm(b));
}

core::Vec mean_of(const core::Mat& m) {
    core::Vec out(m[0].size(), 0.0);
    for (const auto& r : m)
        for (std::size_t c = 0; c < r.size(); ++c) out[c] += r[c] / static_cast<double>(m.size());
    return out;
}

// The index of the token spelled `word` (the first one at or after `from`).
std::size_t token(const scene::Scene& s, const std::string& word, std::size_t from = 0) {
    for (std::size_t i = from; i < s.tokens.size(); ++i)
        if (s.tokens[i] == word) return i;
    FAIL("no token '" << word << "' in " << s.id);
    return 0;
}

bool contains(const std::string& text, const std::string& phrase) {
    auto lower = [](std::string x) {
        for (char& c : x) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return x;
    };
    return lower(text).find(lower(phrase)) != std::string::npos;
}

const scene::Question* question_with(const scene::Scene& s, const std::string& phrase) {
    for (const auto& q : s.quiz.questions)
        if (contains(q.ask, phrase)) return &q;
    return nullptr;
}

void check_rows_are_budgets(const attention::Trace& t) {
    for (std::size_t i = 0; i < t.n; ++i) {
        double sum = 0;
        for (std::size_t j = 0; j < t.n; ++j) {
            CHECK(t.weights(i, j) >= 0.0);
            sum += t.weights(i, j);
        }
        CHECK(sum == Approx(1.0).margin(1e-12));
    }
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Every file loads.

TEST_CASE("every scene and deck in the repo loads with no diagnostics", "[content]") {
    std::vector<fs::path> files = yaml_files("scenes");
    const auto decks = yaml_files("slides");
    files.insert(files.end(), decks.begin(), decks.end());
    REQUIRE(files.size() >= 6);  // the four scenes, tiny, the lecture, the quick tour
    for (const auto& f : files) {
        const load::Result r = load::load_file(f.string(), load::Options{ATTNLAB_SOURCE_DIR, {}});
        INFO(f.string() << "\n" << errors_of(r));
        CHECK(r.ok());
        CHECK(!r.deck.slides.empty());
    }
}

TEST_CASE("exported videos narrate at a calm pace: no step or slide at more than 160 words a minute", "[content]") {
    std::vector<fs::path> files = yaml_files("scenes");
    const auto decks = yaml_files("slides");
    files.insert(files.end(), decks.begin(), decks.end());
    auto words = [](const std::string& text) {
        std::istringstream in(text);
        int n = 0;
        for (std::string w; in >> w;) ++n;
        return n;
    };
    int spoken = 0;
    for (const auto& f : files) {
        const load::Result r = load::load_file(f.string(), load::Options{ATTNLAB_SOURCE_DIR, {}});
        REQUIRE(r.ok());
        const timeline::Layout lay = timeline::layout(r.deck);
        for (const timeline::Span& sp : lay.spans) {
            // A step's question beat narrates its question; the step then its answer.
            const std::string& say = timeline::span_say(r.deck, sp);
            const int n = words(say);
            if (n == 0) continue;
            ++spoken;
            const double seconds = sp.end() - sp.start;
            INFO(f.filename().string() << ", slide " << sp.slide + 1 << " step " << sp.step + 1 << ": " << n << " words in "
                                       << seconds << " s");
            CHECK(n / seconds * 60.0 <= 160.0 + 1e-9);
        }
    }
    CHECK(spoken >= 60);
}

TEST_CASE("every shipped quiz passes its own check: no position and no length gives the answers away", "[content]") {
    std::vector<fs::path> files = yaml_files("scenes");
    const auto decks = yaml_files("slides");
    files.insert(files.end(), decks.begin(), decks.end());
    int questions = 0, first = 0, longest = 0;
    for (const auto& f : files) {
        const load::Result r = load::load_file(f.string(), load::Options{ATTNLAB_SOURCE_DIR, {}});
        std::string warnings;
        for (const auto& w : r.warnings) warnings += "\n" + w.format();
        INFO(f.string() << warnings);
        CHECK(r.warnings.empty());
        if (f.parent_path().filename() != "scenes") continue;
        for (const auto& sl : r.deck.slides) {
            if (!sl.scene) continue;
            const scene::AnswerPattern p = scene::answer_pattern(sl.scene->quiz);
            questions += p.questions;
            longest += p.longest;
            for (const auto& q : sl.scene->quiz.questions) first += !q.choices.empty() && q.correct == 0;
        }
    }
    // Over every shipped scene: the right answer is first, or the longest, in at most a third.
    INFO(first << " first, " << longest << " longest, of " << questions);
    CHECK(questions >= 20);
    CHECK(first * 3 <= questions);
    CHECK(longest * 3 <= questions);
}

TEST_CASE("the lecture runs the five parts in order and every slide speaks", "[content]") {
    const load::Result r = load::load_file((kSource / "slides" / "lecture.yaml").string(), load::Options{ATTNLAB_SOURCE_DIR, {}});
    INFO(errors_of(r));
    REQUIRE(r.ok());
    std::vector<std::string> scenes;
    for (const auto& slide : r.deck.slides) {
        if (slide.kind == scene::Slide::Kind::Scene) {
            scenes.push_back(slide.scene->id);
            for (const auto& step : slide.scene->steps) {
                INFO(slide.scene->id << ": step '" << step.title << "'");
                CHECK(!step.say.empty());
                CHECK(!step.notes.empty());
            }
        } else {
            INFO("slide '" << slide.title << "'");
            CHECK(!slide.say.empty());
            CHECK(!slide.notes.empty());
        }
    }
    CHECK(scenes == std::vector<std::string>{"attention-matrix", "one-query-row", "projections", "causal-matrix", "two-heads",
                                             "positions", "rope", "trained-previous-token", "trained-induction"});
    CHECK(r.deck.slides.front().kind == scene::Slide::Kind::Title);
    CHECK(r.deck.slides.back().kind == scene::Slide::Kind::Title);
    // Played as a video (every animation, every hold long enough to read its narration at 160
    // words a minute), the lecture fits a 45-minute class with its questions (about 27 minutes
    // of steps), and its first four parts alone a 25-minute slot.
    const double minutes = timeline::layout(r.deck).total / 60.0;
    scene::Deck first_four = r.deck;
    const auto part5 = std::find_if(first_four.slides.begin(), first_four.slides.end(),
                                    [](const scene::Slide& sl) { return sl.subtitle == "Part 5"; });
    REQUIRE(part5 != first_four.slides.end());
    first_four.slides.erase(part5, first_four.slides.end());
    const double four_parts = timeline::layout(first_four).total / 60.0;
    INFO("its first four parts run " << four_parts << " minutes");
    CHECK(four_parts >= 15.0);
    CHECK(four_parts <= 25.0);
    // The video also asks each scene's quiz (the questions a first attempt draws), a page to
    // predict each, then its answer.
    const double video = timeline::layout(r.deck, timeline::Pages::WithDrawnQuestions).total / 60.0;
    INFO("the lecture runs " << minutes << " minutes, its video " << video);
    CHECK(minutes >= 25.0);
    CHECK(minutes <= 38.0);
    CHECK(video > minutes + 2.0);  // the questions are there
    CHECK(video <= 45.0);
}

TEST_CASE("every quiz question is well formed and names experiments that exist", "[content]") {
    for (const auto& f : yaml_files("scenes")) {
        const load::Result r = load::load_file(f.string(), load::Options{ATTNLAB_SOURCE_DIR, {}});
        REQUIRE(r.ok());
        const scene::Scene& s = *r.deck.slides[0].scene;
        std::set<std::string> titles;
        for (const auto& e : s.experiments) {
            CHECK(titles.insert(e.title).second);  // titles are unique, so a name finds one experiment
            CHECK(!e.look_for.empty());
            CHECK(!e.set.empty());
        }
        CHECK(scene::draw_count(s.quiz) <= s.quiz.questions.size());
        for (const auto& q : s.quiz.questions) {
            INFO(f.filename().string() << ": " << q.ask);
            CHECK(!q.answer.empty());
            if (!q.choices.empty()) {
                CHECK(q.correct >= 0);
                CHECK(q.correct < static_cast<int>(q.choices.size()));
            }
            if (!q.experiment.empty()) CHECK(titles.count(q.experiment) == 1);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// One query row: "The cat chased the mouse ."

TEST_CASE("one-query-row: the hand-placed vectors do what the text says", "[content]") {
    const auto s = scene_file("one-query-row");
    REQUIRE(s->tokens == std::vector<std::string>{"The", "cat", "chased", "the", "mouse", "."});
    REQUIRE(s->d() == 2);
    const std::size_t the0 = 0, cat = 1, chased = 2, the3 = 3, mouse = 4, period = 5;
    CHECK(s->focus == static_cast<int>(chased));
    CHECK(s->temperature == 1.0);
    CHECK_FALSE(s->mask);

    const attention::Trace t = trace_with(*s);
    check_rows_are_budgets(t);

    SECTION("chased favours cat and mouse, clearly") {
        const auto w = row(t.weights, chased);
        const auto rank = ranking(w);
        CHECK(std::set<std::size_t>{rank[0], rank[1]} == std::set<std::size_t>{cat, mouse});
        // Clearly: each of the two takes several times the share of any other word.
        CHECK(std::min(w[cat], w[mouse]) > 4 * w[rank[2]]);
        CHECK(w[cat] + w[mouse] > 0.75);
        // (The figures the narration quotes are checked against the trace by "every share the
        // narration quotes …" below, read from the text itself.)
    }
    SECTION("the determiners' keys sit close together: the closest pair of keys") {
        const double dets = distance(s->heads[0].k[the0], s->heads[0].k[the3]);
        CHECK(dets < 0.25);
        for (std::size_t i = 0; i < s->n(); ++i)
            for (std::size_t j = i + 1; j < s->n(); ++j)
                if (!(i == the0 && j == the3)) CHECK(distance(s->heads[0].k[i], s->heads[0].k[j]) > dets);
    }
    SECTION("the period's query is short and its row nearly flat") {
        for (std::size_t i = 0; i < s->n(); ++i)
            if (i != period) CHECK(norm(s->heads[0].q[period]) < 0.25 * norm(s->heads[0].q[i]));
        CHECK(spread(row(t.weights, period)) < 0.1);
        for (double w : row(t.weights, period)) CHECK(w == Approx(1.0 / 6).margin(0.03));
    }
    SECTION("the values are spread out and the dashed arrow is long") {
        for (std::size_t i = 0; i < s->n(); ++i)
            for (std::size_t j = i + 1; j < s->n(); ++j) CHECK(distance(s->heads[0].v[i], s->heads[0].v[j]) > 0.3);
        CHECK(distance(s->heads[0].v[cat], s->heads[0].v[chased]) > 2.0);
        CHECK(distance(s->heads[0].v[mouse], s->heads[0].v[chased]) > 2.0);
        // The new vector moved far from chased's own value, toward cat and mouse.
        const core::Vec out = t.output.row_vec(chased);
        CHECK(distance(out, s->heads[0].v[chased]) > 2.0);
        for (std::size_t i : {the0, the3, period}) {
            CHECK(distance(out, s->heads[0].v[cat]) < distance(out, s->heads[0].v[i]));
            CHECK(distance(out, s->heads[0].v[mouse]) < distance(out, s->heads[0].v[i]));
        }
    }
    SECTION("chased's own key points away from its query") {
        CHECK(t.scores(chased, chased) < 0.0);
    }
}

TEST_CASE("one-query-row: every experiment does what it says", "[content]") {
    const auto s = scene_file("one-query-row");
    const std::size_t n = s->n();
    const std::size_t cat = 1, chased = 2, mouse = 4, period = 5;
    const attention::Trace base = trace_with(*s);

    SECTION("identical keys: 1/n each, the output is the mean of the values, for every query") {
        const auto t = trace_experiment(*s, "Identical keys");
        const core::Vec mean = mean_of(s->heads[0].v);
        for (std::size_t i = 0; i < n; ++i) {
            for (std::size_t j = 0; j < n; ++j) CHECK(t.weights(i, j) == Approx(1.0 / n).margin(1e-12));
            for (std::size_t c = 0; c < s->heads[0].v[0].size(); ++c) CHECK(t.output(i, c) == Approx(mean[c]).margin(1e-12));
        }
    }
    SECTION("doubling every key is T = 0.5, and so is the 'Halve the temperature' experiment") {
        const auto doubled = trace_experiment(*s, "Double every key");
        scene::Settings half;
        half.temperature = 0.5;
        const auto tempered = trace_with(*s, half);
        const auto halved = trace_experiment(*s, "Halve the temperature");
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j) {
                CHECK(doubled.weights(i, j) == Approx(tempered.weights(i, j)).margin(1e-12));
                CHECK(halved.weights(i, j) == Approx(tempered.weights(i, j)).margin(1e-12));
            }
        // …and it is more decisive than T = 1: cat and mouse pull further ahead.
        CHECK(doubled.weights(chased, cat) + doubled.weights(chased, mouse) >
              base.weights(chased, cat) + base.weights(chased, mouse));
    }
    SECTION("the mask with the first word: 100% on itself, output = its own value") {
        const auto& e = experiment(*s, "The first word with the mask on");
        const int f = focus_after(*s, e.set);
        REQUIRE(f == 0);
        const auto t = trace_with(*s, e.set);
        CHECK(t.weights(0, 0) == 1.0);
        for (std::size_t j = 1; j < n; ++j) CHECK(t.weights(0, j) == 0.0);
        for (std::size_t c = 0; c < s->heads[0].v[0].size(); ++c) CHECK(t.output(0, c) == s->heads[0].v[0][c]);
    }
    SECTION("hiding the future from chased: mouse drops out, cat takes about 82%") {
        const auto& e = experiment(*s, "Hide the future from chased");
        REQUIRE(focus_after(*s, e.set) == static_cast<int>(chased));
        const auto t = trace_with(*s, e.set);
        for (std::size_t j = chased + 1; j < n; ++j) CHECK(t.weights(chased, j) == 0.0);
        CHECK(t.weights(chased, mouse) == 0.0);
        CHECK(ranking(row(t.weights, chased))[0] == cat);
        CHECK(t.weights(chased, cat) == Approx(0.82).margin(0.005));
        // Without the mask no weight is ever exactly 0.
        for (std::size_t j = 0; j < n; ++j) CHECK(base.weights(chased, j) > 0.0);
    }
    SECTION("the period's short query: a nearly flat row") {
        const auto& e = experiment(*s, "The period's short query");
        REQUIRE(focus_after(*s, e.set) == static_cast<int>(period));
        const auto t = trace_with(*s, e.set);
        CHECK(spread(row(t.weights, period)) < 0.1);
        // Nearly flat, not flat: its query does have a direction.
        CHECK(spread(row(t.weights, period)) > 0.0);
    }
    SECTION("T → 0: one-hot on cat, the output is cat's value") {
        const auto& e = experiment(*s, "T → 0: a hard lookup");
        REQUIRE(e.set.temperature);
        CHECK(*e.set.temperature == 0.0);
        const auto t = trace_with(*s, e.set);
        for (std::size_t j = 0; j < n; ++j) CHECK(t.weights(chased, j) == (j == cat ? 1.0 : 0.0));
        for (std::size_t c = 0; c < s->heads[0].v[0].size(); ++c) CHECK(t.output(chased, c) == Approx(s->heads[0].v[cat][c]).margin(1e-12));
    }
    SECTION("T → ∞: uniform, the output is the mean of the values") {
        const auto& e = experiment(*s, "T → ∞: no preference");
        REQUIRE(e.set.temperature);
        CHECK(std::isinf(*e.set.temperature));
        const auto t = trace_with(*s, e.set);
        const core::Vec mean = mean_of(s->heads[0].v);
        for (std::size_t j = 0; j < n; ++j) CHECK(t.weights(chased, j) == Approx(1.0 / n).margin(1e-12));
        for (std::size_t c = 0; c < s->heads[0].v[0].size(); ++c) CHECK(t.output(chased, c) == Approx(mean[c]).margin(1e-12));
    }
    SECTION("dragging mouse's key away lowers its weight; cat gains; the question does not move") {
        const auto& e = experiment(*s, "Drag mouse's key away");
        REQUIRE(e.set.keys.size() == 1);
        CHECK(e.set.keys[0].first == static_cast<int>(mouse));
        const auto t = trace_with(*s, e.set);
        CHECK(t.weights(chased, mouse) < base.weights(chased, mouse) / 5);
        CHECK(t.weights(chased, mouse) == Approx(0.03).margin(0.01));
        CHECK(t.weights(chased, cat) > base.weights(chased, cat));
        CHECK(t.scores(chased, mouse) < 0.0);
        CHECK(base.scores(chased, mouse) > 0.0);
    }
    SECTION("reading is not being read: (The, cat) against (cat, The)") {
        const auto& e = experiment(*s, "Reading is not being read");
        REQUIRE(e.set.compare);
        const auto [a, b] = *e.set.compare;
        const auto t = trace_with(*s, e.set);
        const double ab = t.weights(static_cast<std::size_t>(a), static_cast<std::size_t>(b));
        const double ba = t.weights(static_cast<std::size_t>(b), static_cast<std::size_t>(a));
        CHECK(ab - ba > 0.25);
        CHECK(ab == Approx(0.37).margin(0.005));
        CHECK(ba == Approx(0.06).margin(0.005));
    }
}

TEST_CASE("one-query-row: the mask step hides mouse and the next step brings it back", "[content]") {
    const auto s = scene_file("one-query-row");
    // Walk the steps, applying each step's settings on top of the last, as the timeline does.
    scene::Controls c = scene::start_controls(*s);
    bool saw_mask_step = false;
    for (const auto& step : s->steps) {
        c = scene::apply(*s, c, step.set);
        attention::Trace t;
        std::string error;
        REQUIRE(attention::trace(scene::attention_input(*s, c), t, error));
        if (c.mask && c.focus == 2) {
            saw_mask_step = true;
            CHECK(t.weights(2, 4) == 0.0);
            CHECK(t.weights(2, 1) > 0.8);
        }
        if (c.mask && c.focus == 0) CHECK(t.weights(0, 0) == 1.0);  // the first word reads only itself
    }
    CHECK(saw_mask_step);
    CHECK_FALSE(c.mask);  // the lecture leaves the scene with the mask off again,
    CHECK(c.focus == 2);  // chased asking,
    CHECK(c.keys == s->heads[0].k);  // and every key where the scene put it
}

TEST_CASE("one-query-row: the quiz holds the second explainer's six questions", "[content]") {
    const auto s = scene_file("one-query-row");
    struct Expect {
        const char* ask;        // a phrase of the question
        const char* answer;     // a phrase its answer must contain
        const char* experiment; // the experiment that demonstrates it ("" when none is required)
    };
    const Expect expected[] = {
        {"every key were identical", "average of the values", "Identical keys"},
        {"never leave the cloud", "add up to 1", ""},
        {"doubling every key", "T = 0.5", "Double every key"},
        {"mask on and the first token", "its own value", "The first word with the mask on"},
        {"never exactly 0 unless the mask", "positive", ""},
        {"short query", "faint question", "The period's short query"},
    };
    for (const auto& e : expected) {
        INFO(e.ask);
        const scene::Question* q = question_with(*s, e.ask);
        REQUIRE(q != nullptr);
        CHECK(contains(q->answer, e.answer));
        if (*e.experiment) CHECK(q->experiment == e.experiment);
    }
    // The doubling question's correct choice is T = 0.5.
    const scene::Question* dbl = question_with(*s, "doubling every key");
    REQUIRE(dbl->correct >= 0);
    CHECK(contains(dbl->choices[static_cast<std::size_t>(dbl->correct)], "0.5"));
    CHECK(s->quiz.draw > 0);
    CHECK(static_cast<std::size_t>(s->quiz.draw) < s->quiz.questions.size());  // a fresh set each attempt
}

// ---------------------------------------------------------------------------------------------
// Attention is a matrix: "I left my money on the river bank".

TEST_CASE("attention-matrix: bank's row favours river, and reading is not being read", "[content]") {
    const auto s = scene_file("attention-matrix");
    CHECK(s->n() >= 6);
    CHECK(s->n() <= 8);
    CHECK(s->d() >= 3);
    CHECK(s->d() <= 4);
    const std::size_t bank = token(*s, "bank"), river = token(*s, "river"), money = token(*s, "money");
    CHECK(s->focus == static_cast<int>(bank));
    const auto t = trace_with(*s);
    check_rows_are_budgets(t);

    const auto rank = ranking(row(t.weights, bank));
    CHECK(rank[0] == river);
    CHECK(rank[1] == money);
    CHECK(t.weights(bank, river) == Approx(0.44).margin(0.005));
    CHECK(t.weights(bank, money) == Approx(0.18).margin(0.005));

    // The compare step and experiment point at (bank, river) against (river, bank).
    const auto& e = experiment(*s, "Reading is not being read");
    REQUIRE(e.set.compare);
    CHECK(e.set.compare->first == static_cast<int>(bank));
    CHECK(e.set.compare->second == static_cast<int>(river));
    CHECK(t.weights(bank, river) - t.weights(river, bank) > 0.3);
    CHECK(t.weights(river, bank) == Approx(0.07).margin(0.005));
    // The scores are asymmetric too: queries and keys differ.
    CHECK(std::abs(t.scores(bank, river) - t.scores(river, bank)) > 1.0);
    // river's row: its edge to bank is among its three thinnest.
    const auto river_rank = ranking(row(t.weights, river));
    CHECK(std::find(river_rank.end() - 3, river_rank.end(), bank) != river_rank.end());
}

TEST_CASE("attention-matrix: breaking it on purpose", "[content]") {
    const auto s = scene_file("attention-matrix");
    const std::size_t n = s->n(), bank = token(*s, "bank"), river = token(*s, "river");
    SECTION("T → ∞ washes every row out to 1/n") {
        const auto t = trace_experiment(*s, "T → ∞: wash it out");
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j) CHECK(t.weights(i, j) == Approx(1.0 / n).margin(1e-12));
    }
    SECTION("T → 0 makes every row one-hot; bank's 1 is on river") {
        const auto t = trace_experiment(*s, "T → 0: winner takes all");
        for (std::size_t i = 0; i < n; ++i) {
            int ones = 0;
            for (std::size_t j = 0; j < n; ++j) {
                CHECK((t.weights(i, j) == 0.0 || t.weights(i, j) == 1.0));
                ones += t.weights(i, j) == 1.0;
            }
            CHECK(ones == 1);
        }
        CHECK(t.weights(bank, river) == 1.0);
    }
    SECTION("a small positive T gives the winner 99% or more") {
        scene::Settings cold;
        cold.temperature = 0.05;
        const auto t = trace_with(*s, cold);
        CHECK(t.weights(bank, river) > 0.99);
    }
    SECTION("the temperature steps go to ∞, then 0, then back to 1") {
        std::vector<double> temps;
        for (const auto& step : s->steps)
            if (step.set.temperature) temps.push_back(*step.set.temperature);
        REQUIRE(temps.size() >= 3);
        CHECK(std::find_if(temps.begin(), temps.end(), [](double x) { return std::isinf(x); }) != temps.end());
        CHECK(std::find(temps.begin(), temps.end(), 0.0) != temps.end());
        CHECK(temps.back() == 1.0);
    }
    SECTION("identical keys: every row uniform") {
        const auto t = trace_experiment(*s, "Identical keys");
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j) CHECK(t.weights(i, j) == Approx(1.0 / n).margin(1e-12));
    }
    SECTION("the steps start at the tokens stage with the explainer's words") {
        REQUIRE(!s->steps.empty());
        CHECK(s->steps[0].stage == scene::Stage::Tokens);
        CHECK(contains(s->steps[0].say, "Each token carries a vector; nothing is connected yet."));
    }
}

TEST_CASE("attention-matrix: the quiz asks the first explainer's four ideas", "[content]") {
    const auto s = scene_file("attention-matrix");
    REQUIRE(s->quiz.questions.size() >= 4);
    const scene::Question* budget = question_with(*s, "add up to");
    const scene::Question* asym = question_with(*s, "must river pay");
    const scene::Question* hot = question_with(*s, "raised very high");
    const scene::Question* cold = question_with(*s, "lowered toward 0");
    REQUIRE(budget);
    REQUIRE(asym);
    REQUIRE(hot);
    REQUIRE(cold);
    CHECK(contains(budget->answer, "exactly 1"));
    CHECK(contains(asym->answer, "query"));
    CHECK(contains(hot->answer, "1/n"));
    CHECK(contains(cold->answer, "highest-scoring"));
    for (const auto* q : {budget, asym, hot, cold}) CHECK(!q->choices.empty());
}

// ---------------------------------------------------------------------------------------------
// Where q, k and v come from.

TEST_CASE("projections: q, k, v are x·W, and a query points where its key does not", "[content]") {
    const auto s = scene_file("projections");
    REQUIRE(s->projected());
    const auto& p = s->heads[0];
    CHECK(s->x[0].size() >= 3);
    CHECK(s->x[0].size() <= 4);
    CHECK(s->d() == 2);
    CHECK(s->has(scene::Panel::Projections));
    // The loader's q, k, v are exactly the products (computed here independently).
    auto product = [](const core::Mat& x, const core::Mat& w) {
        core::Mat out(x.size(), core::Vec(w[0].size(), 0.0));
        for (std::size_t i = 0; i < x.size(); ++i)
            for (std::size_t c = 0; c < w[0].size(); ++c)
                for (std::size_t m = 0; m < w.size(); ++m) out[i][c] += x[i][m] * w[m][c];
        return out;
    };
    for (auto [got, w] : {std::pair{&s->heads[0].q, &p.w_q}, std::pair{&s->heads[0].k, &p.w_k}, std::pair{&s->heads[0].v, &p.w_v}}) {
        const core::Mat want = product(s->x, *w);
        for (std::size_t i = 0; i < s->n(); ++i)
            for (std::size_t c = 0; c < want[i].size(); ++c) CHECK((*got)[i][c] == Approx(want[i][c]).margin(1e-12));
    }
    const std::size_t the0 = 0, cat = token(*s, "cat"), chased = token(*s, "chased"), mouse = token(*s, "mouse");
    // chased's query is nearly at right angles to its own key; The's query points away from its key.
    CHECK(std::abs(cosine(s->heads[0].q[chased], s->heads[0].k[chased])) < 0.2);
    CHECK(cosine(s->heads[0].q[the0], s->heads[0].k[the0]) < -0.5);
    const auto t = trace_with(*s);
    const auto rank = ranking(row(t.weights, chased));
    CHECK(rank[0] == cat);
    CHECK(rank[1] == mouse);
    CHECK(t.weights(chased, cat) == Approx(0.47).margin(0.005));
    CHECK(t.weights(chased, mouse) == Approx(0.36).margin(0.005));
    // The experiment's figures for The.
    const auto te = trace_experiment(*s, "A determiner's query points away from its key");
    CHECK(te.weights(the0, cat) == Approx(0.41).margin(0.005));
    CHECK(te.weights(the0, mouse) == Approx(0.33).margin(0.005));
    CHECK(te.weights(the0, the0) == Approx(0.05).margin(0.005));
    // T → 0: chased reads only cat; its output is cat's value.
    const auto cold = trace_experiment(*s, "T → 0: a hard lookup");
    CHECK(cold.weights(chased, cat) == 1.0);
    for (std::size_t c = 0; c < s->heads[0].v[0].size(); ++c) CHECK(cold.output(chased, c) == Approx(s->heads[0].v[cat][c]).margin(1e-12));
}

TEST_CASE("projections: the head's output is added to x through W_O, and one matrix would make the scores symmetric", "[content]") {
    const auto s = scene_file("projections");
    REQUIRE(s->projected());
    REQUIRE(s->residual());
    CHECK(s->w_o.size() == s->heads[0].v[0].size());      // W_O: dv × m, back to x's width
    CHECK(s->w_o[0].size() == s->x[0].size());
    const std::size_t the0 = 0, cat = token(*s, "cat"), chased = token(*s, "chased");
    const auto t = trace_with(*s);
    const auto traced = heads_with(*s);
    REQUIRE(traced.has_residual());
    // "chased keeps its 'verb' and gains some 'noun' from cat and mouse".
    CHECK(traced.output(chased, 0) > 0.2);
    CHECK(traced.residual(chased, 1) >= s->x[chased][1]);
    CHECK(traced.residual(chased, 0) > s->x[chased][0]);
    // The steps: the residual's picture after the values', the tied scores' on "Why three
    // matrices?", each a picture of its own (not the page before's).
    auto step_of = [&](const std::string& title) {
        for (std::size_t i = 0; i < s->steps.size(); ++i)
            if (s->steps[i].title == title) return static_cast<int>(i);
        FAIL("no step '" << title << "'");
        return -1;
    };
    const int added = step_of("Added to the word, not put in its place"), why = step_of("Why three matrices?");
    CHECK(added == step_of("Values from a third matrix") + 1);
    CHECK(why == added + 1);
    for (int i : {added, why}) {
        INFO(s->steps[static_cast<std::size_t>(i)].title);
        CHECK(s->panels_at(i) != s->panels_at(i - 1));
    }
    const auto has = [&](int i, scene::Panel panel) {
        const auto& ps = s->panels_at(i);
        return std::find(ps.begin(), ps.end(), panel) != ps.end();
    };
    CHECK(has(added, scene::Panel::Residual));
    CHECK_FALSE(has(added - 1, scene::Panel::Residual));
    CHECK(has(why, scene::Panel::TiedScores));
    CHECK_FALSE(has(why - 1, scene::Panel::TiedScores));
    // The numbers "Why three matrices?" quotes: chased would match itself best with one matrix
    // (2.57); with two, chased → cat 2.26, cat → chased 1.83, The's own score −1.12.
    const attention::Matrix tied = attention::scores(s->heads[0].q, s->heads[0].q);
    for (std::size_t j = 0; j < s->n(); ++j)
        if (j != chased) CHECK(tied(chased, chased) > tied(chased, j));
    CHECK(support::rounded(tied(chased, chased), 2) == "2.57");
    CHECK(support::rounded(t.scores(chased, cat), 2) == "2.26");
    CHECK(support::rounded(t.scores(cat, chased), 2) == "1.83");
    CHECK(support::rounded(t.scores(the0, the0), 2) == "−1.12");
    const std::string& say = s->steps[static_cast<std::size_t>(why)].say;
    for (const char* quoted : {"2.57", "2.26", "1.83", "−1.12"}) CHECK(say.find(quoted) != std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// The whole matrix with the mask.

TEST_CASE("causal-matrix: a lower triangle of budgets", "[content]") {
    const auto s = scene_file("causal-matrix");
    const std::size_t n = s->n();
    CHECK(n >= 12);
    CHECK(n <= 16);
    CHECK(s->d() >= 4);
    CHECK(s->d() <= 8);
    CHECK(s->mask);
    CHECK(s->has(scene::Panel::Matrix));
    const auto t = trace_with(*s);
    check_rows_are_budgets(t);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) {
            if (j > i) CHECK(t.weights(i, j) == 0.0);
            else CHECK(t.weights(i, j) > 0.0);
        }
    CHECK(t.weights(0, 0) == 1.0);

    const std::size_t cat = token(*s, "cat"), dog = token(*s, "dog"), chased = token(*s, "chased"),
                      ran = token(*s, "ran"), hid = token(*s, "hid"), tall = token(*s, "tall"),
                      tree = token(*s, "tree"), period = token(*s, ".");
    CHECK(ranking(row(t.weights, ran))[0] == cat);
    CHECK(t.weights(ran, cat) == Approx(0.59).margin(0.005));
    CHECK(ranking(row(t.weights, hid))[0] == cat);
    CHECK(t.weights(hid, cat) == Approx(0.48).margin(0.005));
    CHECK(ranking(row(t.weights, chased))[0] == dog);
    CHECK(t.weights(chased, dog) == Approx(0.46).margin(0.005));
    CHECK(t.weights(chased, cat) == Approx(0.28).margin(0.005));
    CHECK(ranking(row(t.weights, tree))[0] == tall);
    CHECK(period == n - 1);
    for (std::size_t j = 0; j < n; ++j) CHECK(t.weights(period, j) == Approx(1.0 / n).margin(0.02));

    SECTION("T → ∞ with the mask: row i is 1/(i+1) on each visible cell") {
        const auto hot = trace_experiment(*s, "T → ∞ with the mask: a staircase");
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j <= i; ++j) CHECK(hot.weights(i, j) == Approx(1.0 / (i + 1)).margin(1e-12));
        // The quiz: the fifth token (dog) gives 1/5 to each token it sees.
        CHECK(dog == 4);
        CHECK(hot.weights(dog, 0) == Approx(0.2).margin(1e-12));
    }
    SECTION("T → 0 with the mask: a single 1 on or below the diagonal") {
        const auto cold = trace_experiment(*s, "T → 0 with the mask");
        for (std::size_t i = 0; i < n; ++i) {
            int ones = 0;
            for (std::size_t j = 0; j < n; ++j) ones += cold.weights(i, j) == 1.0 && j <= i;
            CHECK(ones == 1);
        }
    }
    SECTION("mask off: the upper triangle fills in") {
        const auto open = trace_experiment(*s, "Mask off, encoder-style");
        for (std::size_t i = 0; i + 1 < n; ++i) CHECK(open.weights(i, n - 1) > 0.0);
        check_rows_are_budgets(open);
    }
}

TEST_CASE("every step and experiment of the repo's scenes keeps the controls valid", "[content]") {
    for (const auto& f : yaml_files("scenes")) {
        const load::Result r = load::load_file(f.string(), load::Options{ATTNLAB_SOURCE_DIR, {}});
        REQUIRE(r.ok());
        const scene::Scene& s = *r.deck.slides[0].scene;
        scene::Controls c = scene::start_controls(s);
        for (const auto& step : s.steps) {
            // A focus a step names must be a token: apply() would silently ignore anything else.
            if (step.set.focus) CHECK((*step.set.focus >= 0 && *step.set.focus < static_cast<int>(s.n())));
            c = scene::apply(s, c, step.set);
            attention::Trace t;
            std::string error;
            INFO(f.filename().string() << " step '" << step.title << "': " << error);
            CHECK(attention::trace(scene::attention_input(s, c), t, error));
        }
        for (const auto& e : s.experiments) {
            if (e.set.focus) CHECK((*e.set.focus >= 0 && *e.set.focus < static_cast<int>(s.n())));
            for (const auto& [tok, key] : e.set.keys) {
                CHECK((tok >= 0 && tok < static_cast<int>(s.n())));
                CHECK(key.size() == s.d());
            }
            if (e.set.compare) {
                CHECK((e.set.compare->first >= 0 && e.set.compare->first < static_cast<int>(s.n())));
                CHECK((e.set.compare->second >= 0 && e.set.compare->second < static_cast<int>(s.n())));
            }
        }
    }
}

namespace {

// Whether a page writes weights in whole percent (its matrix writes its cells in 0.01).
bool whole_percent(const model::SceneFrame& sf) {
    return std::find(sf.panels.begin(), sf.panels.end(), scene::Panel::Matrix) != sf.panels.end() &&
           sf.n <= model::Matrix::kNumbers;
}

bool shows(const model::SceneFrame& sf, scene::Panel p) {
    return std::find(sf.panels.begin(), sf.panels.end(), p) != sf.panels.end();
}

// The number after the last "= " or " · " of a line ("share:  6.84 ÷ 15.54 = 44%" → "44%"), or
// after its last space ("share:  17%" → "17%").
std::string last_value(const std::string& line) {
    if (line.find("= ") == std::string::npos && line.find(" · ") == std::string::npos)
        return line.substr(line.rfind(' ') + 1);
    const std::size_t eq = line.rfind("= "), dot = line.rfind(" · ");
    const std::size_t at = eq == std::string::npos ? (dot == std::string::npos ? 0 : dot + 4)
                                                    : (dot == std::string::npos || eq > dot ? eq + 2 : dot + 4);
    return line.substr(at);
}

// Every number the frame shows for a weight, a score or an output, at the end of a step's
// animation (or with an experiment set), is the trace's value correctly rounded at the precision
// it is shown with (support/rounding.hpp, written apart from model/display); a weight has one
// precision on a page, so it reads the same digits in every panel. Returns how many it checked.
int check_numbers(const model::Frame& f, const std::string& where) {
    if (f.kind != model::Frame::Kind::Scene || !f.scene.error.empty()) return 0;
    const model::SceneFrame& sf = f.scene;
    const timeline::View& v = *f.view;
    const attention::Trace& tr = v.trace();
    const scene::Scene& sc = *sf.scene;
    const std::size_t n = tr.n, focus = static_cast<std::size_t>(sf.focus);
    const bool whole = whole_percent(sf);
    auto weight = [&](std::size_t i, std::size_t j) { return tr.weights(i, j); };
    int checked = 0;
    INFO(where);
    // Weights: the bars, the graph's labels, the readouts, the arithmetic's share.
    if (shows(sf, scene::Panel::WeightBars) && sf.weight_bars.shares)
        for (std::size_t j = 0; j < n; ++j, ++checked) {
            INFO("bar " << sc.tokens[j]);
            CHECK(sf.weight_bars.bars[j].label == support::percent_of(weight(focus, j), whole));
        }
    if (shows(sf, scene::Panel::Graph))
        for (std::size_t j = 0; j < n; ++j)
            if (!sf.graph.nodes[j].label.empty()) {
                INFO("graph node " << sc.tokens[j]);
                CHECK(sf.graph.nodes[j].label == support::percent_of(weight(focus, j), whole));
                ++checked;
                // The matrix's cell of the same weight: the same digits.
                if (shows(sf, scene::Panel::Matrix) && !sf.matrix.row_text(sf.focus).empty())
                    CHECK(support::read_number(sf.matrix.row_text(sf.focus)[j]) * 100 ==
                          Approx(support::read_number(sf.graph.nodes[j].label)).margin(1e-9));
            }
    double top = 0, sum = 0;
    for (std::size_t j = 0; j < n; ++j) top = std::max(top, weight(focus, j)), sum += weight(focus, j);
    if (shows(sf, scene::Panel::Readouts) && v.stage >= scene::Stage::Softmax) {
        for (const model::Readout& r : sf.readouts.rows) {
            INFO("readout " << r.name << ": " << r.value);
            if (r.name == "Top weight") CHECK(last_value(r.value) == support::percent_of(top, whole));
            if (r.name == "Σ weights") CHECK(r.value == support::rounded(sum, 2));
            if (r.name == "New vector" && v.stage >= scene::Stage::Blend) {
                std::string want = "(";
                for (std::size_t c = 0; c < tr.dv && c < 4; ++c) want += (c ? ", " : "") + support::rounded(tr.output(focus, c), 2);
                CHECK(r.value == want + (tr.dv > 4 ? ", …)" : ")"));
            }
            ++checked;
        }
    }
    // Scores: the score row, q·k before the scale stage and q·k/√d from it on.
    if (shows(sf, scene::Panel::ScoreRow) && sf.score_row.scored)
        for (std::size_t j = 0; j < n; ++j, ++checked) {
            const double s = v.stage >= scene::Stage::Scale ? tr.scaled(focus, j) : tr.scores(focus, j);
            INFO("score of " << sc.tokens[j]);
            CHECK(sf.score_row.cells[j].value == support::rounded(s, 2));
        }
    // The arithmetic of one key: its q·k, ÷ √d, exp and share.
    if (shows(sf, scene::Panel::Arithmetic) && !sf.arithmetic.aside.empty()) {
        const std::string word = sf.arithmetic.aside.substr(0, sf.arithmetic.aside.find(" · "));
        const std::size_t j = static_cast<std::size_t>(std::find(sc.tokens.begin(), sc.tokens.end(), word) - sc.tokens.begin());
        REQUIRE(j < n);
        for (const std::string& line : sf.arithmetic.lines) {
            INFO("arithmetic: " << line);
            if (line.rfind("= (", 0) == 0) {
                CHECK(last_value(line) == support::rounded(tr.scores(focus, j), 2));
                // The coordinates as written multiply out to the q·k as written: a student who
                // recomputes the line from the page gets its result.
                const std::regex pair(R"(\(([^)]+)\)\(([^)]+)\))");
                double product = 0;
                int terms = 0;
                for (std::sregex_iterator p(line.begin(), line.end(), pair), e; p != e; ++p, ++terms)
                    product += support::read_number((*p)[1]) * support::read_number((*p)[2]);
                CHECK(terms == static_cast<int>(v.scene->d()));
                CHECK(support::rounded(product, 2) == last_value(line));
            }
            if (line.rfind("÷ √d:", 0) == 0) CHECK(last_value(line) == support::rounded(tr.scaled(focus, j), 2));
            if (line.rfind("share:", 0) == 0) CHECK(last_value(line) == support::percent_of(weight(focus, j), whole));
            if (line.rfind("exp:", 0) == 0 && tr.has_logits()) {
                CHECK(line == "exp:  exp(" + support::rounded(tr.logits(focus, j), 2) + ") = " +
                                  support::rounded(std::exp(tr.logits(focus, j)), 2));
            }
            ++checked;
        }
    }
    // The matrix: each cell its weight (or score), each row's Σ the true sum of its weights.
    if (shows(sf, scene::Panel::Matrix)) {
        for (int i = 0; i < static_cast<int>(n); ++i) {
            const std::vector<std::string>& text = sf.matrix.row_text(i);
            const std::size_t I = static_cast<std::size_t>(i);
            if (sf.matrix.row_budget(i)) {
                double row_sum = 0;
                for (std::size_t j = 0; j < n; ++j) row_sum += weight(I, j);
                CHECK(sf.matrix.row_sum(i) == support::rounded(row_sum, 2));
                ++checked;
            } else {
                CHECK(sf.matrix.row_sum(i).empty());  // no sum of scores
            }
            for (std::size_t j = 0; j < text.size(); ++j, ++checked) {
                INFO("cell (" << sc.tokens[I] << ", " << sc.tokens[j] << ")");
                if (sf.matrix.row_budget(i)) CHECK(text[j] == support::decimal_of(weight(I, j)));
                else CHECK(text[j] == support::rounded(v.stage >= scene::Stage::Scale ? tr.scaled(I, j) : tr.scores(I, j), 2));
            }
        }
        if (sf.matrix.compare) {
            const auto [a, b] = *sf.matrix.compare;
            const std::size_t A = static_cast<std::size_t>(a), B = static_cast<std::size_t>(b);
            const auto q = [&](std::size_t i) { return "‘" + sc.tokens[i] + "’"; };  // tokens quoted
            CHECK(sf.matrix.compare_note == q(A) + " reads " + q(B) + ": " + support::percent_of(weight(A, B), whole) +
                                                "   ·   " + q(B) + " reads " + q(A) + ": " +
                                                support::percent_of(weight(B, A), whole));
            ++checked;
        }
    }
    // Every output at once: V as the scene writes it, A·V at 0.01.
    if (shows(sf, scene::Panel::Outputs) && !sf.outputs.outputs.text.empty())
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t c = 0; c < tr.dv; ++c, ++checked) {
                CHECK(sf.outputs.outputs.text[i][c] == support::rounded(tr.output(i, c), 2));
                CHECK(support::read_number(sf.outputs.values.text[i][c]) ==
                      Approx(scene::shown_v(sc, v.controls)[i][c]).margin(1e-12));
            }
    // The projections: every entry of x, W and q, k, v written exactly (the products too).
    for (const model::Projections::Equation& e : sf.projections.equations)
        for (const model::Projections::Grid* g : {&e.x, &e.w, &e.out})
            for (std::size_t r = 0; r < g->value.size(); ++r)
                for (std::size_t c = 0; c < g->value[r].size(); ++c, ++checked) {
                    INFO(e.w_name << " / " << e.out_name << ": " << g->text[r][c]);
                    CHECK(support::read_number(g->text[r][c]) == Approx(g->value[r][c]).margin(1e-9));
                }
    // The residual: the head's output, Δ and x + Δ, the trace's, correctly rounded (x and W_O as
    // the scene writes them); the output's digits multiply out to Δ's.
    // The heads' outputs side by side (the heads' trace's concat; one head's output), times W_O,
    // added to x; each head's columns named when there are several.
    if (shows(sf, scene::Panel::Residual) && !sf.residual.x.text.empty()) {
        const attention::HeadsTrace& ht = v.heads;
        REQUIRE(sf.residual.parts.size() == (sc.heads.size() > 1 ? sc.heads.size() : 0));
        for (std::size_t c = 0; c < ht.residual.cols; ++c, ++checked) {
            CHECK(sf.residual.delta.text[0][c] == support::rounded(ht.output(focus, c), 2));
            CHECK(sf.residual.sum.text[0][c] == support::rounded(ht.residual(focus, c), 2));
            CHECK(support::read_number(sf.residual.x.text[0][c]) == Approx(sc.x[focus][c]).margin(1e-12));
            double from_page = 0;
            for (std::size_t e = 0; e < ht.concat.cols; ++e)
                from_page += support::read_number(sf.residual.out.text[0][e]) *
                             (sc.w_o.empty() ? (e == c) : support::read_number(sf.residual.w_o.text[e][c]));
            CHECK(support::rounded(from_page, 2) == sf.residual.delta.text[0][c]);
        }
        for (std::size_t e = 0; e < ht.concat.cols; ++e, ++checked)
            CHECK(support::read_number(sf.residual.out.text[0][e]) == Approx(ht.concat(focus, e)).margin(0.5e-2 + 1e-12));
    }
    // Every head at once: each head's shares of the asking row, the heads' trace's weights
    // correctly rounded at the page's precision.
    if (shows(sf, scene::Panel::Heads) && !sf.heads.heads.empty())
        for (std::size_t h = 0; h < sf.heads.heads.size(); ++h)
            for (std::size_t j = 0; j < n; ++j, ++checked)
                CHECK(sf.heads.heads[h].share[j] == support::percent_of(v.heads.heads[h].weights(focus, j), whole));
    // One matrix for W_Q and W_K beside the scene's two: every score q·q and q·k at 0.01.
    if (shows(sf, scene::Panel::TiedScores) && !sf.tied_scores.tokens.empty())
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j, ++checked) {
                double tied = 0;
                for (std::size_t c = 0; c < sc.d(); ++c)
                    tied += scene::shown_q(sc, v.controls)[i][c] * scene::shown_q(sc, v.controls)[j][c];
                CHECK(sf.tied_scores.tied.scores.text[i][j] == support::rounded(tied, 2));
                CHECK(sf.tied_scores.separate.scores.text[i][j] == support::rounded(tr.scores(i, j), 2));
            }
    // The key plane: every key's score q·k (before ÷ √d, as its key says), written at its band's
    // end, the band as long as the score along the question, and the reach a score / |q|.
    if (shows(sf, scene::Panel::KeyPlane) && sf.key_plane.feet && sf.key_plane.score_bands) {
        const model::KeyPlane& kp = sf.key_plane;
        const double qlen = std::hypot(kp.query.x, kp.query.y);
        CHECK(kp.score_key == "q·k = |q| × reach");
        for (std::size_t j = 0; j < n; ++j, ++checked) {
            const model::KeyDot& k = kp.keys[j];
            const double s = tr.scores(focus, j);
            INFO("key plane, score of " << sc.tokens[j]);
            CHECK(k.score_text == support::rounded(s, 2));
            CHECK(k.score == s);
            // The band: along the question, as long as the score, its sign the side of the origin.
            CHECK(std::hypot(k.score_end.x, k.score_end.y) == Approx(std::fabs(s)).margin(1e-9));
            CHECK(k.score_end.x * kp.query.x + k.score_end.y * kp.query.y == Approx(s * qlen).margin(1e-9));
            // The reach: the band's length over |q|, where the key's projection lands.
            CHECK(k.reach * qlen == Approx(s).margin(1e-9));
            CHECK(k.foot.x * kp.query.x + k.foot.y * kp.query.y == Approx(k.reach * qlen).margin(1e-9));
        }
    }
    // Where each word stands: the position vectors the scene added to x, x as written and x + p
    // (what the projections multiply), correctly rounded at one precision; RoPE's angles at 0.01.
    if (shows(sf, scene::Panel::Positions) && !sf.positions.table.text.empty()) {
        const model::Positions& p = sf.positions;
        const core::Mat& xp = sc.x;
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t c = 0; c < p.table.text[i].size(); ++c, ++checked) {
                const std::string& t = p.table.text[i][c];
                const int decimals = static_cast<int>(t.size() - t.find('.') - 1);
                CHECK(t == support::rounded(sc.positions.added[i][c], decimals));
            }
        for (std::size_t c = 0; c < p.sum.text[0].size(); ++c, ++checked) {
            CHECK(p.p.text[0][c] == p.table.text[focus][c]);
            const std::string& t = p.sum.text[0][c];
            const int decimals = static_cast<int>(t.size() - t.find('.') - 1);
            CHECK(t == support::rounded(xp[focus][c], decimals));
            const double x = xp[focus][c] - sc.positions.added[focus][c];  // x as written
            const std::string& tx = p.x.text[0][c];
            CHECK(tx == support::rounded(x, static_cast<int>(tx.find('.') == std::string::npos ? 0 : tx.size() - tx.find('.') - 1)));
            // Where x is written exactly (a hand-made scene's), the column addition adds up as
            // shown; a trained model's x is rounded too, and its sum may differ in the last digit.
            if (std::fabs(support::read_number(p.x.text[0][c]) - x) < 1e-12)
                CHECK(support::read_number(p.x.text[0][c]) + support::read_number(p.p.text[0][c]) ==
                      Approx(support::read_number(t)).margin(1e-9));
        }
    }
    if (shows(sf, scene::Panel::Positions))
        for (std::size_t i = 0; i < sf.positions.turn.size(); ++i)
            for (std::size_t k = 0; k < sf.positions.turn[i].size(); ++k, ++checked)
                CHECK(sf.positions.turn[i][k] == support::rounded(sf.positions.angle[i][k], 2));
    // The temperature: as set, or the limit it is.
    if (shows(sf, scene::Panel::ControlPanel)) {
        const double T = v.controls.temperature;
        CHECK(sf.control_panel.temperature == (T == 0 ? "T → 0" : std::isinf(T) ? "T → ∞" : "T = " + support::rounded(T, 2)));
        ++checked;
    }
    return checked;
}

// Every frame at the end of a step's animation, and with each experiment of its scene set.
template <class Check>
void for_every_step_and_experiment(Check check) {
    for (const char* folder : {"scenes", "slides"})
        for (const fs::path& file : yaml_files(folder)) {
            const load::Result r = load::load_file(file.string(), load::Options{ATTNLAB_SOURCE_DIR, {}});
            INFO(errors_of(r));
            REQUIRE(r.ok());
            const timeline::Layout lay = timeline::layout(r.deck);
            for (int span = 0; span < static_cast<int>(lay.spans.size()); ++span) {
                const timeline::Span& sp = lay.spans[static_cast<std::size_t>(span)];
                const timeline::State st = timeline::state_at_span(lay, span);
                const std::string where = file.filename().string() + " step " + std::to_string(span + 1);
                check(model::frame_at(r.deck, lay, st, sp.start + sp.anim), where, -1);
                const scene::Slide& slide = r.deck.slides[static_cast<std::size_t>(sp.slide)];
                if (!slide.scene) continue;
                for (int e = 0; e < static_cast<int>(slide.scene->experiments.size()); ++e) {
                    const timeline::State ex = timeline::apply(r.deck, lay, st, timeline::cmd::Experiment{e}, sp.start);
                    check(model::frame_at(r.deck, lay, ex, sp.start + sp.anim + 5.0),
                          where + " experiment " + slide.scene->experiments[static_cast<std::size_t>(e)].title, e);
                }
            }
        }
}

}  // namespace

TEST_CASE("every number a page shows is the trace's value correctly rounded, the same digits in every panel", "[content]") {
    int frames = 0, numbers = 0;
    for_every_step_and_experiment([&](const model::Frame& f, const std::string& where, int) {
        numbers += check_numbers(f, where);
        ++frames;
    });
    CHECK(frames > 400);
    CHECK(numbers > 10000);  // the check saw the numbers, not only empty panels
}

TEST_CASE("the key plane writes every key's score on every page that shows it, a tied row's too", "[content]") {
    // The score of every key, not only the best match's: a band along the question as long as
    // q·k = |q| × reach, and its number. A row with no best match (identical keys, T → ∞) draws
    // every band as well.
    int pages = 0, tied = 0, period = 0;
    for_every_step_and_experiment([&](const model::Frame& f, const std::string& where, int) {
        if (f.kind != model::Frame::Kind::Scene || !f.scene.error.empty() || !shows(f.scene, scene::Panel::KeyPlane)) return;
        const model::KeyPlane& kp = f.scene.key_plane;
        if (!kp.feet) return;
        INFO(where);
        ++pages;
        REQUIRE(f.view->trace().d == 2);  // the shipped key planes: q and k drawn whole
        CHECK(kp.score_bands);
        REQUIRE(kp.keys.size() == f.view->trace().n);
        for (const model::KeyDot& k : kp.keys) CHECK_FALSE(k.score_text.empty());
        tied += kp.emphasis < 0;
        period += f.scene.focus == 5 && f.scene.scene->id == "one-query-row";
    });
    CHECK(pages > 50);
    CHECK(tied > 0);     // identical keys, T → ∞
    CHECK(period > 0);   // the period's short question: every band short
}

TEST_CASE("every step lights its own stage on the pipeline; a picture step the stage it pictures", "[content]") {
    // What a step lights, from its data: the step's stage (none for the tokens, which are not on
    // the pipeline); a step with a picture of its own lights what it pictures: the √d picture
    // (scaling) ÷ √d, the outputs and the residual Σ aᵢvᵢ, the two score matrices q·k, the block
    // (the whole head) no one stage. Every stage
    // up to the step's own is done, the ones after it ahead.
    int steps = 0, pictures = 0;
    for (const char* folder : {"scenes", "slides"})
        for (const fs::path& file : yaml_files(folder)) {
            const load::Result r = load::load_file(file.string(), load::Options{ATTNLAB_SOURCE_DIR, {}});
            REQUIRE(r.ok());
            const timeline::Layout lay = timeline::layout(r.deck);
            for (int span = 0; span < static_cast<int>(lay.spans.size()); ++span) {
                const timeline::Span& sp = lay.spans[static_cast<std::size_t>(span)];
                const scene::Slide& slide = r.deck.slides[static_cast<std::size_t>(sp.slide)];
                if (!slide.scene) continue;
                const scene::Step& step = slide.scene->steps[static_cast<std::size_t>(sp.step)];
                const auto has = [&](scene::Panel p) { return std::find(step.panels.begin(), step.panels.end(), p) != step.panels.end(); };
                // The lit card's stage, or -1 for none.
                int want = step.stage == scene::Stage::Tokens ? -1 : static_cast<int>(step.stage);
                if (has(scene::Panel::Scaling)) want = static_cast<int>(scene::Stage::Scale);
                if (has(scene::Panel::Outputs)) want = static_cast<int>(scene::Stage::Blend);
                if (has(scene::Panel::Residual)) want = static_cast<int>(scene::Stage::Blend);
                if (has(scene::Panel::TiedScores)) want = static_cast<int>(scene::Stage::Scores);  // QKᵀ
                if (has(scene::Panel::Block)) want = -1;
                pictures += has(scene::Panel::Scaling) || has(scene::Panel::Block) || has(scene::Panel::Outputs) ||
                            has(scene::Panel::Residual) || has(scene::Panel::TiedScores);
                for (double u : {0.5, 1.0}) {
                    const model::Frame f = model::frame_at(r.deck, lay, timeline::state_at_span(lay, span), sp.start + u * sp.anim);
                    REQUIRE(f.kind == model::Frame::Kind::Scene);
                    if (!shows(f.scene, scene::Panel::Pipeline)) continue;
                    INFO(file.filename().string() << " step " << span + 1 << " '" << scene::step_title(step) << "' at u " << u);
                    for (const model::StageCard& c : f.scene.pipeline.cards) {
                        INFO("card " << c.label);
                        const auto state = static_cast<int>(c.stage) == want ? model::StageCard::State::Active
                                                           : (c.stage <= step.stage ? model::StageCard::State::Done
                                                                                    : model::StageCard::State::Ahead);
                        CHECK(c.state == state);
                    }
                    ++steps;
                }
            }
        }
    CHECK(steps > 100);
    CHECK(pictures >= 4);  // the √d picture and the block in the scene and in the lecture, the outputs
}

TEST_CASE("ties are judged on the weights: the period's 18.59 % and 18.71 % are no tie", "[content]") {
    const load::Result r = load::load_file((kSource / "scenes" / "one-query-row.yaml").string(), load::Options{ATTNLAB_SOURCE_DIR, {}});
    REQUIRE(r.ok());
    const timeline::Layout lay = timeline::layout(r.deck);
    int found = 0;
    for (int span = 0; span < static_cast<int>(lay.spans.size()); ++span) {
        const timeline::Span& sp = lay.spans[static_cast<std::size_t>(span)];
        // The step itself, not its question beat (which still shows the step before).
        if (model::span_title(r.deck, lay, span) != "Try it: the period asks" || sp.asking) continue;
        ++found;
        const model::Frame f = model::frame_at(r.deck, lay, timeline::state_at_span(lay, span), sp.start + sp.anim);
        const attention::Trace& tr = f.view->trace();
        const std::size_t period = 5, chased = 2, mouse = 4;
        REQUIRE(f.scene.focus == static_cast<int>(period));
        // What makes this the case: two weights a tenth of a percent apart, written alike.
        REQUIRE(tr.weights(period, mouse) > tr.weights(period, chased));
        REQUIRE(tr.weights(period, mouse) - tr.weights(period, chased) < 0.002);
        REQUIRE(model::percent(tr.weights(period, mouse)) == model::percent(tr.weights(period, chased)));
        CHECK(f.scene.readouts.rows[2].value == "mouse · 19%");
        CHECK(f.scene.arithmetic.heading == "Arithmetic of the best match");
        CHECK(f.scene.arithmetic.aside == "mouse");
        CHECK(f.scene.key_plane.emphasis == static_cast<int>(mouse));
        for (std::size_t j = 0; j < tr.n; ++j) CHECK(f.scene.weight_bars.bars[j].best == (j == mouse));
    }
    CHECK(found == 1);
}

TEST_CASE("the lecture shows a small T that gives about 99 % to one token, and says so", "[content]") {
    const load::Result r = load::load_file((kSource / "slides" / "lecture.yaml").string(), load::Options{ATTNLAB_SOURCE_DIR, {}});
    REQUIRE(r.ok());
    const timeline::Layout lay = timeline::layout(r.deck);
    int pages = 0;
    for (int span = 0; span < static_cast<int>(lay.spans.size()); ++span) {
        const timeline::Span& sp = lay.spans[static_cast<std::size_t>(span)];
        const model::Frame f = model::frame_at(r.deck, lay, timeline::state_at_span(lay, span), sp.start + sp.anim);
        if (f.kind != model::Frame::Kind::Scene) continue;
        const double T = f.view->controls.temperature;
        if (!(T > 0 && T <= 0.25)) continue;
        const attention::Trace& tr = f.view->trace();
        const std::size_t focus = static_cast<std::size_t>(f.scene.focus);
        double top = 0;
        for (std::size_t j = 0; j < tr.n; ++j) top = std::max(top, tr.weights(focus, j));
        if (support::percent_of(top, whole_percent(f.scene)) != "99%") continue;
        ++pages;
        INFO("step " << span + 1);
        // Not 1: T is positive, and no visible weight is 0, or written so.
        CHECK(top < 1.0);
        for (std::size_t j = 0; j < tr.n; ++j) CHECK(tr.weights(focus, j) > 0.0);
        CHECK(f.scene.readouts.rows[2].value.ends_with("· 99%"));
        CHECK(f.scene.narration.text.find("about 99%") != std::string::npos);
        for (int i = 0; i < f.scene.n; ++i)
            for (const std::string& cell : f.scene.matrix.row_text(i)) CHECK(cell != "0");
    }
    CHECK(pages == 1);
}

TEST_CASE("the projections' matrices are written to the precision that reproduces q, k and v", "[content]") {
    const load::Result r = load::load_file((kSource / "scenes" / "projections.yaml").string(), load::Options{ATTNLAB_SOURCE_DIR, {}});
    REQUIRE(r.ok());
    const timeline::Layout lay = timeline::layout(r.deck);
    const model::Frame f = model::frame_at(r.deck, lay, timeline::state_at_span(lay, 1), lay.spans[1].start + lay.spans[1].anim);
    REQUIRE(f.scene.focus == 2);  // chased asks
    const auto& eqs = f.scene.projections.equations;
    REQUIRE(eqs.size() == 3);
    // chased's key is (−0.05, 1.52): x · W_K of one-decimal numbers, never (−0.1, 1.5).
    CHECK(eqs[1].out.text == std::vector<std::vector<std::string>>{{"−0.05", "1.52"}});
    // A student multiplying the page's x by the page's W gets the page's q, k, v exactly.
    for (const auto& e : eqs)
        for (std::size_t c = 0; c < e.out.text[0].size(); ++c) {
            double product = 0;
            for (std::size_t m = 0; m < e.x.text[0].size(); ++m)
                product += support::read_number(e.x.text[0][m]) * support::read_number(e.w.text[m][c]);
            INFO(e.out_name << "[" << c << "] = " << e.out.text[0][c]);
            CHECK(support::read_number(e.out.text[0][c]) == Approx(product).margin(1e-9));
        }
}

namespace {

// A share the narration quotes: "<asker> reads <word> with about N%", "<asker> gives <word>
// about N%", "[<asker> gives] about N% [of its budget] to <word>", "N% on itself".
struct Quote {
    std::string asker, word;  // asker "" = the word asking in that step
    double percent = 0;
    std::string text;
    std::string number;       // as written: "44", "2.6"
};

std::vector<Quote> quotes_in(const std::string& say) {
    std::vector<Quote> out;
    // One clause at a time: the subject of "gives" carries to the shares after it.
    std::string text = say;
    std::replace(text.begin(), text.end(), '\n', ' ');
    const std::regex sentence(R"([^.;]+(\.\d[^.;]*)*)");
    const std::regex reads(R"((\S+) reads (\S+) with (?:only )?(?:about )?(\d+(?:\.\d+)?)%)");
    const std::regex gives_word(R"((\S+) gives (?!about |only |more )(\S+) (?:only )?(?:about )?(\d+(?:\.\d+)?)%)");
    const std::regex share_to(R"((?:(\S+) gives )?(?:only )?(?:about )?(\d+(?:\.\d+)?)% (?:of its budget )?(?:to|on) (\S+))");
    for (std::sregex_iterator it(text.begin(), text.end(), sentence), end; it != end; ++it) {
        const std::string clause = it->str();
        std::string subject;
        std::smatch m;
        if (std::regex_search(clause, m, std::regex(R"((\S+) gives)"))) subject = m[1];
        if (std::regex_search(clause, std::regex(R"(first (row|word))"))) subject = "#0";  // the first row
        for (std::sregex_iterator r(clause.begin(), clause.end(), reads), e; r != e; ++r)
            out.push_back({(*r)[1], (*r)[2], std::stod((*r)[3]), r->str(), (*r)[3]});
        for (std::sregex_iterator r(clause.begin(), clause.end(), gives_word), e; r != e; ++r)
            out.push_back({(*r)[1], (*r)[2], std::stod((*r)[3]), r->str(), (*r)[3]});
        for (std::sregex_iterator r(clause.begin(), clause.end(), share_to), e; r != e; ++r) {
            std::string word = (*r)[3];
            while (!word.empty() && std::ispunct(static_cast<unsigned char>(word.back()))) word.pop_back();
            out.push_back({(*r)[1].matched ? (*r)[1].str() : subject, word, std::stod((*r)[2]), r->str(), (*r)[2]});
        }
    }
    return out;
}

int token_index(const scene::Scene& sc, const std::string& word) {
    for (std::size_t i = 0; i < sc.tokens.size(); ++i)
        if (sc.tokens[i] == word) return static_cast<int>(i);
    return -1;
}

// Checks every quote of `say` against the view's trace; returns how many named two tokens.
int check_quotes(const std::string& say, const timeline::View& v, const std::string& where) {
    int checked = 0;
    for (const Quote& q : quotes_in(say)) {
        const scene::Scene& sc = *v.scene;
        int a = q.asker.empty() || q.asker == "It" || q.asker == "it" ? v.controls.focus : token_index(sc, q.asker);
        if (q.asker == "#0") a = 0;
        if (q.asker == "period") a = token_index(sc, ".");  // "the period gives …"
        int b = q.word == "itself" ? a : token_index(sc, q.word);
        if (a < 0 || b < 0) continue;  // not a share between two tokens ("… 100% of the weight")
        INFO(where << ": \"" << q.text << "\" (" << sc.tokens[static_cast<std::size_t>(a)] << " → "
                   << sc.tokens[static_cast<std::size_t>(b)] << ")");
        // "about N%" is that weight as the page writes it: correctly rounded, at the page's one
        // precision for weights (whole percent where its matrix writes cells), the same digits.
        const std::vector<scene::Panel>& panels = v.panels ? *v.panels : sc.panels;
        const bool whole = std::find(panels.begin(), panels.end(), scene::Panel::Matrix) != panels.end() &&
                           sc.n() <= static_cast<std::size_t>(model::Matrix::kNumbers);
        const std::string shown = support::percent_of(v.trace().weights(static_cast<std::size_t>(a), static_cast<std::size_t>(b)), whole);
        INFO("the page writes " << shown);
        CHECK(q.number + "%" == shown);
        ++checked;
    }
    // "X's own key scores −1.12", "cat's scores 1.74": the score q·k, correctly rounded.
    const std::regex scores(R"((\S+)'s (?:own key )?scores (−?\d+\.\d+))");
    for (std::sregex_iterator r(say.begin(), say.end(), scores), e; r != e; ++r) {
        const int b = token_index(*v.scene, (*r)[1]);
        if (b < 0) continue;
        const std::string number = (*r)[2];
        const int decimals = static_cast<int>(number.size() - number.find('.') - 1);
        INFO(where << ": \"" << r->str() << "\"");
        CHECK(number == support::rounded(v.trace().scores(static_cast<std::size_t>(v.controls.focus), static_cast<std::size_t>(b)), decimals));
        ++checked;
    }
    return checked;
}

}  // namespace

TEST_CASE("the narration's quoting parser finds what it should", "[content]") {
    const auto q = quotes_in("Here bank gives river about 44%, river gives bank about 7%. bank gives about 44% to river "
                             "and about 18% to money; it puts 100% on itself. falls from about 39% to about 3%.");
    REQUIRE(q.size() >= 5);
    CHECK((q[0].asker == "bank" && q[0].word == "river" && q[0].percent == 44));
    CHECK((q[1].asker == "river" && q[1].word == "bank" && q[1].percent == 7));
    CHECK((q[2].asker == "bank" && q[2].word == "river"));
    CHECK((q[3].asker == "bank" && q[3].word == "money" && q[3].percent == 18));
    CHECK((q[4].word == "itself" && q[4].percent == 100));
}

TEST_CASE("every number the narration quotes is the number on screen at that step, the same digits", "[content]") {
    int checked = 0;
    for (const char* folder : {"scenes", "slides"})
        for (const fs::path& file : yaml_files(folder)) {
            const load::Result r = load::load_file(file.string(), load::Options{ATTNLAB_SOURCE_DIR, {}});
            REQUIRE(r.ok());
            const timeline::Layout lay = timeline::layout(r.deck);
            for (int span = 0; span < static_cast<int>(lay.spans.size()); ++span) {
                const timeline::Span& sp = lay.spans[static_cast<std::size_t>(span)];
                const timeline::State st = timeline::state_at_span(lay, span);
                const timeline::View v = timeline::evaluate(r.deck, lay, st, sp.start + sp.anim);
                if (!v.scene || !v.step_ptr) continue;
                const std::string where = file.filename().string() + " step " + std::to_string(span + 1);
                // What the span narrates: on a step's question beat its question, over the picture before.
                checked += check_quotes(timeline::span_say(r.deck, sp), v, where);
                for (int e = 0; e < static_cast<int>(v.scene->experiments.size()); ++e) {
                    const timeline::State ex = timeline::apply(r.deck, lay, st, timeline::cmd::Experiment{e}, sp.start);
                    const timeline::View ve = timeline::evaluate(r.deck, lay, ex, sp.start + sp.anim + 5.0);
                    checked += check_quotes(v.scene->experiments[static_cast<std::size_t>(e)].look_for, ve,
                                            where + " experiment " + std::to_string(e + 1));
                }
            }
        }
    CHECK(checked >= 20);  // the parser found the narration's figures, not nothing
}

namespace {

// Every text a frame shows: the slide's words, every panel's headings, labels and numbers, the
// quiz card.
std::vector<std::string> frame_texts(const model::Frame& f) {
    std::vector<std::string> out;
    auto add = [&](const std::string& s) {
        if (!s.empty()) out.push_back(s);
    };
    add(f.title.title), add(f.title.subtitle), add(f.title.deck), add(f.text.title);
    for (const auto& b : f.text.bullets) add(b);
    if (f.quiz) {
        add(f.quiz->question), add(f.quiz->verdict), add(f.quiz->answer), add(f.quiz->prompt);
        for (const auto& c : f.quiz->choices) add(c.text);
    }
    if (f.kind != model::Frame::Kind::Scene) return out;
    const model::SceneFrame& s = f.scene;
    add(s.error), add(s.header.title), add(s.header.right);
    add(s.pipeline.formula), add(s.pipeline.subtitle);
    for (const auto& c : s.pipeline.cards) add(c.label), add(c.caption);
    add(s.score_row.heading);
    for (const auto& c : s.score_row.cells) add(c.value);
    add(s.weight_bars.aside), add(s.weight_bars.empty_note), add(s.weight_bars.hidden_label);
    for (const auto& b : s.weight_bars.bars) add(b.label);
    add(s.matrix.heading), add(s.matrix.aside), add(s.matrix.sum_heading), add(s.matrix.compare_note);
    for (const model::Legend* l : {&s.matrix.legend, &s.score_row.legend, &s.outputs.legend, &s.projections.legend})
        add(l->name), add(l->low), add(l->mid), add(l->high);
    for (const model::Grid* g : {&s.outputs.values, &s.outputs.outputs})
        for (const auto& row : g->text)
            for (const auto& t : row) add(t);
    for (const auto& e : s.projections.equations)
        for (const model::Grid* g : {&e.x, &e.w, &e.out})
            for (const auto& row : g->text)
                for (const auto& t : row) add(t);
    for (const model::Grid* g : {&s.residual.out, &s.residual.w_o, &s.residual.delta, &s.residual.x, &s.residual.sum,
                                 &s.tied_scores.tied.scores, &s.tied_scores.separate.scores})
        for (const auto& row : g->text)
            for (const auto& t : row) add(t);
    add(s.residual.heading), add(s.residual.aside), add(s.residual.note), add(s.residual.caption);
    add(s.tied_scores.heading), add(s.tied_scores.aside), add(s.tied_scores.note), add(s.tied_scores.caption);
    add(s.tied_scores.tied.verdict), add(s.tied_scores.separate.verdict);
    for (int i = 0; i < s.n; ++i) {
        add(s.matrix.row_sum(i));
        for (const auto& t : s.matrix.row_text(i)) add(t);
    }
    add(s.graph.heading);
    for (const auto& node : s.graph.nodes) add(node.label);
    add(s.key_plane.heading), add(s.key_plane.query_label), add(s.key_plane.note);
    for (const auto& k : s.key_plane.keys) add(k.label);
    add(s.value_plane.heading), add(s.value_plane.out_label);
    for (const auto& val : s.value_plane.values) add(val.label);
    for (const auto& r : s.readouts.rows) add(r.name), add(r.value);
    add(s.arithmetic.heading), add(s.arithmetic.aside), add(s.arithmetic.placeholder);
    for (const auto& l : s.arithmetic.lines) add(l);
    add(s.narration.heading), add(s.narration.aside), add(s.narration.title), add(s.narration.subheading);
    add(s.narration.text);
    add(s.control_panel.temperature), add(s.control_panel.mask_caption);
    add(s.projections.heading), add(s.projections.aside), add(s.projections.note), add(s.projections.caption);
    const model::Positions& pos = s.positions;
    add(pos.heading), add(pos.aside), add(pos.caption), add(pos.note), add(pos.x_name), add(pos.p_name), add(pos.sum_name);
    for (const auto& pl : pos.places) add(pl.position), add(pl.word);
    for (const auto* list : {&pos.columns, &pos.waves, &pos.pairs, &pos.words, &pos.swapped})
        for (const auto& t : *list) add(t);
    for (const model::Grid* g : {&pos.table, &pos.x, &pos.p, &pos.sum})
        for (const auto& row : g->text)
            for (const auto& t : row) add(t);
    for (const auto& row : pos.turn)
        for (const auto& t : row) add(t);
    return out;
}

// Every frame text of every step of every shipped scene and deck: during each step's animation
// (the softmax's first beat shows exponentials), at its end, and with each experiment set.
template <class Check>
int for_every_shipped_frame(Check check) {
    int frames = 0;
    for (const char* folder : {"scenes", "slides"})
        for (const fs::path& file : yaml_files(folder)) {
            const load::Result r = load::load_file(file.string(), load::Options{ATTNLAB_SOURCE_DIR, {}});
            REQUIRE(r.ok());
            const timeline::Layout lay = timeline::layout(r.deck);
            for (int span = 0; span < static_cast<int>(lay.spans.size()); ++span) {
                const timeline::Span& sp = lay.spans[static_cast<std::size_t>(span)];
                const timeline::State st = timeline::state_at_span(lay, span);
                const std::string where = file.filename().string() + " step " + std::to_string(span + 1);
                for (double u : {0.3, 0.5, 1.0}) {
                    check(model::frame_at(r.deck, lay, st, sp.start + u * sp.anim), where);
                    ++frames;
                }
                const scene::Slide& slide = r.deck.slides[static_cast<std::size_t>(sp.slide)];
                if (!slide.scene) continue;
                for (int e = 0; e < static_cast<int>(slide.scene->experiments.size()); ++e) {
                    const timeline::State ex = timeline::apply(r.deck, lay, st, timeline::cmd::Experiment{e}, sp.start);
                    check(model::frame_at(r.deck, lay, ex, sp.start + sp.anim + 5.0), where + " experiment " + std::to_string(e + 1));
                    ++frames;
                }
            }
        }
    return frames;
}

// Every text the shipped files give: titles, narration, notes, bullets, experiments, quizzes.
std::vector<std::pair<std::string, std::string>> shipped_texts() {
    std::vector<std::pair<std::string, std::string>> out;
    for (const char* folder : {"scenes", "slides"})
        for (const fs::path& file : yaml_files(folder)) {
            const load::Result r = load::load_file(file.string(), load::Options{ATTNLAB_SOURCE_DIR, {}});
            REQUIRE(r.ok());
            const std::string name = file.filename().string();
            for (const scene::Slide& sl : r.deck.slides) {
                for (const std::string* s : {&sl.title, &sl.subtitle, &sl.say, &sl.notes}) out.emplace_back(name, *s);
                for (const auto& b : sl.bullets) out.emplace_back(name, b);
                if (!sl.scene) continue;
                out.emplace_back(name, sl.scene->title);
                for (const auto& st : sl.scene->steps)
                    for (const std::string* s : {&st.title, &st.say, &st.notes}) out.emplace_back(name, *s);
                for (const auto& e : sl.scene->experiments) out.emplace_back(name, e.title), out.emplace_back(name, e.look_for);
                for (const auto& q : sl.scene->quiz.questions) {
                    out.emplace_back(name, q.ask), out.emplace_back(name, q.answer);
                    for (const auto& c : q.choices) out.emplace_back(name, c);
                }
            }
        }
    return out;
}

}  // namespace

TEST_CASE("no frame writes an exponential with a caret: exp(1.92), not e^1.92", "[content]") {
    int texts = 0;
    const int frames = for_every_shipped_frame([&](const model::Frame& f, const std::string& where) {
        for (const std::string& t : frame_texts(f)) {
            INFO(where << ": \"" << t << "\"");
            CHECK(t.find('^') == std::string::npos);
            ++texts;
        }
    });
    CHECK(frames > 500);
    CHECK(texts > 10000);
    for (const auto& [file, t] : shipped_texts()) {
        INFO(file << ": \"" << t << "\"");
        CHECK(t.find('^') == std::string::npos);
    }
}

namespace {

// A capitalised token of `tokens` starting a sentence as the subject of a verb, unquoted: "The
// puts 100% on itself", "I reads bank". Such a sentence reads as a typo ("The" an article with its
// noun missing); written "‘The’ puts" it reads as the token it is. (A token in lower case at a
// sentence's start, "bank reads river", is marked as a token by its case.) Returns the
// fragment, or "".
std::string unquoted_subject(const std::string& text, const std::set<std::string>& tokens) {
    static const std::set<std::string> verbs = {"puts", "reads", "takes", "gives", "gets", "asks", "attends", "looks",
                                                "keeps", "spreads", "sends", "draws", "has", "holds", "pays"};
    std::vector<std::string> words;
    std::vector<bool> starts;  // the word starts a sentence (or the text, or a clause after ':' ';' '·')
    bool start = true;
    std::string word;
    auto end_word = [&] {
        if (!word.empty()) {
            words.push_back(word);
            starts.push_back(start);
            start = false;
        }
        word.clear();
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == ' ' || c == '\n' || c == '\t') {
            end_word();
            continue;
        }
        if (text.compare(i, 2, "·") == 0) {  // a separator of generated notes: "a · b"
            end_word();
            start = true;
            ++i;
            continue;
        }
        word += c;
        const bool last = i + 1 == text.size() || text[i + 1] == ' ' || text[i + 1] == '\n';
        if (last && (c == '.' || c == '?' || c == '!' || c == ':' || c == ';') && word.size() > 1) {
            word.pop_back();  // the sentence's end is no part of the word
            end_word();
            start = true;
        }
    }
    end_word();
    for (std::size_t i = 0; i + 1 < words.size(); ++i)
        if (starts[i] && tokens.count(words[i]) && std::isupper(static_cast<unsigned char>(words[i][0])) &&
            verbs.count(words[i + 1]))
            return words[i] + " " + words[i + 1];
    return "";
}

}  // namespace

TEST_CASE("a token that starts a sentence as its subject is quoted, in the files and in every frame", "[content]") {
    std::set<std::string> tokens;
    for (const char* folder : {"scenes", "slides"})
        for (const fs::path& file : yaml_files(folder)) {
            const load::Result r = load::load_file(file.string(), load::Options{ATTNLAB_SOURCE_DIR, {}});
            REQUIRE(r.ok());
            for (const scene::Slide& sl : r.deck.slides)
                if (sl.scene) tokens.insert(sl.scene->tokens.begin(), sl.scene->tokens.end());
        }
    REQUIRE(tokens.count("The"));
    // The detector: the sentence the lecture had, a generated note, and what passes.
    CHECK(unquoted_subject("Only itself. The puts 100% on itself.", tokens) == "The puts");
    REQUIRE(tokens.count("I"));
    CHECK(unquoted_subject("bank reads I: 4%   ·   I reads bank: 12%", tokens) == "I reads");
    CHECK(unquoted_subject("Only itself. ‘The’ puts 100% on itself.", tokens).empty());
    CHECK(unquoted_subject("‘bank’ reads ‘I’: 4%   ·   ‘I’ reads ‘bank’: 12%", tokens).empty());
    CHECK(unquoted_subject("The cat reads the mouse.", tokens).empty());  // an article with its noun
    int texts = 0;
    for (const auto& [file, t] : shipped_texts()) {
        INFO(file << ": \"" << t << "\"");
        CHECK(unquoted_subject(t, tokens).empty());
        ++texts;
    }
    const int frames = for_every_shipped_frame([&](const model::Frame& f, const std::string& where) {
        for (const std::string& t : frame_texts(f)) {
            INFO(where << ": \"" << t << "\"");
            CHECK(unquoted_subject(t, tokens).empty());
            ++texts;
        }
    });
    CHECK(frames > 500);
    CHECK(texts > 10000);
}

TEST_CASE("no shipped text calls the weights positive: masked weights are exactly 0", "[content]") {
    // "positive weights", "every weight is positive", "weights are ≥ … positive", over line breaks.
    const std::regex weights_positive(R"(\bweights?\b[^.;()]{0,25}\bpositive\b|\bpositive\b[^.;]{0,12}\bweights?\b)",
                                      std::regex::icase);
    CHECK(std::regex_search(std::string("Every weight is positive and"), weights_positive));
    CHECK(std::regex_search(std::string("into positive weights that"), weights_positive));
    CHECK_FALSE(std::regex_search(std::string("At a small but positive T the winner gets nearly all the weight"),
                                  weights_positive));
    int texts = 0;
    for (auto [file, t] : shipped_texts()) {
        std::replace(t.begin(), t.end(), '\n', ' ');
        INFO(file << ": \"" << t << "\"");
        CHECK_FALSE(std::regex_search(t, weights_positive));
        CHECK_FALSE(contains(t, "budget: positive"));
        ++texts;
    }
    CHECK(texts > 200);
}

TEST_CASE("every \"X stage\" the text names is a stage of the pipeline, by its label", "[content]") {
    const std::set<std::string> not_names = {"a", "the", "each", "every", "this", "that", "next", "one", "its",
                                             "previous", "last", "first", "same", "any", "which", "own", "one's"};
    auto lower = [](std::string s) {
        for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        return s;
    };
    const std::regex named(R"((\S+) stages?\b)", std::regex::icase);
    int named_stages = 0;
    for (auto [file, t] : shipped_texts()) {
        std::replace(t.begin(), t.end(), '\n', ' ');
        for (std::sregex_iterator it(t.begin(), t.end(), named), end; it != end; ++it) {
            std::string word = lower((*it)[1]);
            while (!word.empty() && std::ispunct(static_cast<unsigned char>(word.front()))) word.erase(0, 1);
            while (!word.empty() && std::ispunct(static_cast<unsigned char>(word.back()))) word.pop_back();
            if (word.empty() || not_names.count(word)) continue;
            bool label = false;
            for (const scene::StageInfo& st : scene::kStages) {
                const std::string l = lower(st.label);
                label = label || (!l.empty() && (l == word || l.ends_with(" " + word)));
            }
            INFO(file << ": \"" << it->str() << "\" in \"" << t << "\"");
            CHECK(label);
            ++named_stages;
        }
    }
    CHECK(named_stages >= 1);  // the quiz's "softmax stage"
}

TEST_CASE("the lecture says on screen what its sources say only aloud: all at once, the next layer, the decoder's rule", "[content]") {
    const load::Result r = load::load_file((kSource / "slides" / "lecture.yaml").string(), load::Options{ATTNLAB_SOURCE_DIR, {}});
    REQUIRE(r.ok());
    // Each claim must be in a step's narration (shown on the narration panel), not only in the
    // speaker notes; the mask's rule on the step that introduces the mask.
    bool at_once = false, next_layer = false, decoder_on_mask = false;
    for (const auto& slide : r.deck.slides) {
        if (!slide.scene) continue;
        for (const auto& step : slide.scene->steps) {
            at_once |= step.say.find("every token at once") != std::string::npos;
            next_layer |= step.say.find("next layer") != std::string::npos;
            decoder_on_mask |= step.stage == scene::Stage::Mask && step.say.find("decoder") != std::string::npos &&
                               step.say.find("encoder") != std::string::npos;
        }
    }
    CHECK(at_once);
    CHECK(next_layer);
    CHECK(decoder_on_mask);
}

namespace {

// A row of a table in docs/claims.md with the header
// "seed | # | claim | step | scene | step title | shown by", and the "## " heading above it.
struct ClaimRow {
    int line = 0;
    std::string section;
    std::vector<std::string> cells;
};

std::string trimmed(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

// The cells of a Markdown table row: split at every '|' not written "\|" ("\|" is a '|' in a cell).
std::vector<std::string> table_cells(const std::string& line) {
    std::vector<std::string> cells;
    std::string cell;
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '\\' && i + 1 < line.size() && line[i + 1] == '|') {
            cell += '|';
            ++i;
        } else if (line[i] == '|') {
            cells.push_back(trimmed(cell));
            cell.clear();
        } else {
            cell += line[i];
        }
    }
    cells.push_back(trimmed(cell));
    // The text before the first '|' and after the last.
    if (!cells.empty() && cells.front().empty()) cells.erase(cells.begin());
    if (!cells.empty() && cells.back().empty()) cells.pop_back();
    return cells;
}

// Every row of every claims table in `file` (other tables are skipped).
std::vector<ClaimRow> claim_rows(const fs::path& file) {
    const std::vector<std::string> header{"seed", "#", "claim", "step", "scene", "step title", "shown by"};
    std::ifstream in(file);
    REQUIRE(in);
    std::vector<ClaimRow> rows;
    std::string section;
    bool in_table = false;
    int n = 0;
    for (std::string line; std::getline(in, line);) {
        ++n;
        if (line.rfind("## ", 0) == 0) section = line.substr(3);
        if (line.empty() || line[0] != '|') {
            in_table = false;
            continue;
        }
        const std::vector<std::string> cells = table_cells(line);
        if (cells == header) {
            in_table = true;
            continue;
        }
        if (!in_table) continue;
        if (std::all_of(cells.begin(), cells.end(), [](const std::string& c) {
                return c.find_first_not_of("-: ") == std::string::npos;
            }))
            continue;  // the line under the header
        INFO("docs/claims.md:" << n << ": " << line);
        REQUIRE(cells.size() == header.size());
        rows.push_back({n, section, cells});
    }
    return rows;
}

}  // namespace

TEST_CASE("docs/claims.md maps every seed claim to a page of the lecture that exists", "[content]") {
    const load::Result r = load::load_file((kSource / "slides" / "lecture.yaml").string(), load::Options{ATTNLAB_SOURCE_DIR, {}});
    INFO(errors_of(r));
    REQUIRE(r.ok());
    const timeline::Layout lay = timeline::layout(r.deck);  // the window's steps, no question pages
    const std::vector<ClaimRow> rows = claim_rows(kSource / "docs" / "claims.md");
    REQUIRE(rows.size() >= 100);

    std::map<std::string, std::map<int, bool>> missing_of;  // seed → claim number → listed as missing
    std::map<std::string, std::set<int>> interface;         // seed → u-numbers
    int pages = 0, quizzes = 0;
    for (const ClaimRow& row : rows) {
        const std::vector<std::string>& c = row.cells;
        const std::string &seed = c[0], &number = c[1], &claim = c[2], &step = c[3], &scene_id = c[4],
                          &title = c[5], &shown = c[6];
        INFO("docs/claims.md:" << row.line << " (under \"" << row.section << "\"): " << seed << " #" << number
                               << " → step " << step << " '" << title << "'");
        const bool missing = row.section.find("Missing") != std::string::npos;
        const bool is_interface = row.section.find("Interface") != std::string::npos;
        CHECK(!claim.empty());
        CHECK(!shown.empty());

        // Claims are numbered per seed; a claim is mapped or missing, never both.
        std::smatch m;
        if (seed == "000" || seed == "004") {
            if (is_interface) {
                REQUIRE(std::regex_match(number, m, std::regex(R"(u(\d+))")));
                CHECK(interface[seed].insert(std::stoi(m[1])).second);
            } else {
                REQUIRE(std::regex_match(number, std::regex(R"(\d+)")));
                const auto it = missing_of[seed].emplace(std::stoi(number), missing).first;
                CHECK(it->second == missing);  // a claim's rows are all mapped or all missing
            }
        } else {
            CHECK(seed == "lecture");  // a claim of the lecture itself, beyond the seeds
            CHECK((missing || row.section.find("Beyond the seeds") != std::string::npos));
            CHECK(std::regex_match(number, std::regex(R"(L\d+)")));
        }
        // A missing claim says why; a mapped one does not claim a picture still being built.
        if (missing)
            CHECK((shown.rfind("(being added)", 0) == 0 || shown.rfind("Missing:", 0) == 0));
        else
            CHECK(shown.find("(being added)") == std::string::npos);

        // The page: that step exists, in that scene, under that title.
        if (step == "—") {
            CHECK((missing || is_interface));  // a mapped claim names its page
            CHECK(scene_id == "—");
            CHECK(title == "—");
            continue;
        }
        REQUIRE(std::regex_match(step, std::regex(R"(\d+)")));
        const int n = std::stoi(step);
        INFO("the lecture has " << lay.spans.size() << " steps");
        REQUIRE(n >= 1);
        REQUIRE(n <= static_cast<int>(lay.spans.size()));
        const timeline::Span& sp = lay.spans[static_cast<std::size_t>(n - 1)];
        const scene::Slide& slide = r.deck.slides[static_cast<std::size_t>(sp.slide)];
        const std::string actual_scene = slide.kind == scene::Slide::Kind::Scene ? slide.scene->id : "—";
        const std::string actual_title = model::span_title(r.deck, lay, n - 1);
        INFO("step " << n << " is '" << actual_title << "' of " << actual_scene);
        CHECK(scene_id == actual_scene);
        CHECK(title == actual_title);
        ++pages;

        // quiz: "…" names a question of that scene's quiz by the start of its ask.
        const std::regex quiz(R"re(quiz: "([^"]+)")re");
        for (std::sregex_iterator q(shown.begin(), shown.end(), quiz), e; q != e; ++q) {
            const std::string ask = (*q)[1];
            INFO("quiz question \"" << ask << "…\"");
            REQUIRE(slide.scene);
            const auto& qs = slide.scene->quiz.questions;
            CHECK(std::any_of(qs.begin(), qs.end(), [&](const auto& question) { return question.ask.rfind(ask, 0) == 0; }));
            ++quizzes;
        }
    }

    // Each seed's claims and interface rows are numbered 1, 2, 3 … with no gap.
    for (const char* seed : {"000", "004"}) {
        INFO("seed " << seed);
        const auto& claims = missing_of[seed];
        REQUIRE(!claims.empty());
        CHECK(claims.begin()->first == 1);
        CHECK(claims.rbegin()->first == static_cast<int>(claims.size()));
        const auto& ui = interface[seed];
        if (!ui.empty()) {
            CHECK(*ui.begin() == 1);
            CHECK(*ui.rbegin() == static_cast<int>(ui.size()));
        }
    }
    CHECK(missing_of["000"].size() >= 30);
    CHECK(missing_of["004"].size() >= 70);
    CHECK(pages >= 100);
    CHECK(quizzes >= 6);
}

// ---------------------------------------------------------------------------------------------
// Predict, then see: a question is asked before anything moves, and answered only after.

namespace {

std::vector<fs::path> scenes_and_decks() {
    std::vector<fs::path> files = yaml_files("scenes");
    const auto decks = yaml_files("slides");
    files.insert(files.end(), decks.begin(), decks.end());
    return files;
}

// The words of a text, whitespace collapsed.
std::string words_of(const std::string& text) {
    std::istringstream in(text);
    std::string out;
    for (std::string w; in >> w;) out += (out.empty() ? "" : " ") + w;
    return out;
}

// Every number and label the frame's row panels show that a step's play could change.
std::string row_shown(const model::Frame& f) {
    std::ostringstream out;
    for (const auto& b : f.scene.weight_bars.bars) out << b.label << ':' << b.height << ' ';
    for (const auto& c : f.scene.score_row.cells) out << c.value << ' ';
    for (const auto& line : f.scene.readouts.rows) out << line.name << "=" << line.value << " ";
    return out.str();
}

}  // namespace

TEST_CASE("every \"Try it\" step of a shipped scene asks its question before it moves", "[content][predict]") {
    int asks = 0;
    for (const auto& f : yaml_files("scenes")) {
        const load::Result r = load::load_file(f.string(), load::Options{ATTNLAB_SOURCE_DIR, {}});
        REQUIRE(r.ok());
        for (const auto& step : r.deck.slides[0].scene->steps) {
            if (step.title.rfind("Try it", 0) != 0) continue;
            INFO(f.filename().string() << ": " << step.title);
            CHECK(!step.ask.empty());
            CHECK(!step.say.empty());
            asks += !step.ask.empty();
        }
    }
    CHECK(asks >= 9);  // one-query-row's eight and causal-matrix's
    // The lecture's "Try it" steps are one-query-row's steps 10 to 18 (17 is the mask's own step).
    const auto sc = scene_file("one-query-row");
    for (int i = 10; i <= 18; ++i) {
        const scene::Step& st = sc->steps[static_cast<std::size_t>(i - 1)];
        INFO("step " << i << ": " << st.title);
        CHECK((i == 17 || !st.ask.empty()));
    }
}

TEST_CASE("no narration states the answer before its reveal: the question beat shows the question and the step before's numbers", "[content][predict]") {
    int beats = 0;
    for (const auto& f : scenes_and_decks()) {
        const load::Result r = load::load_file(f.string(), load::Options{ATTNLAB_SOURCE_DIR, {}});
        REQUIRE(r.ok());
        // No warning either: no `say` of a shipped scene asks for a prediction itself.
        CHECK(r.warnings.empty());
        for (const timeline::Pages pages :
             {timeline::Pages::Steps, timeline::Pages::WithQuestions, timeline::Pages::WithDrawnQuestions}) {
            const timeline::Layout lay = timeline::layout(r.deck, pages);
            for (std::size_t i = 0; i < lay.spans.size(); ++i) {
                const timeline::Span& sp = lay.spans[i];
                if (!sp.asking) continue;
                ++beats;
                const scene::Step& st = r.deck.slides[static_cast<std::size_t>(sp.slide)].scene->steps[static_cast<std::size_t>(sp.step)];
                INFO(f.filename().string() << ", span " << i + 1 << ": " << st.title);
                // The next span plays the step and answers; the beat itself holds still long enough.
                REQUIRE(i + 1 < lay.spans.size());
                CHECK(lay.spans[i + 1].step == sp.step);
                CHECK_FALSE(lay.spans[i + 1].asking);
                CHECK(sp.anim == 0.0);
                CHECK(sp.hold >= scene::kThinkSeconds + scene::reading_time(st.ask) - 1e-9);
                // What is heard and read during the beat: the question, never the answer.
                CHECK(timeline::span_say(r.deck, sp) == st.ask);
                std::string cues;
                for (const model::Cue& c : model::span_cues(r.deck, lay, static_cast<int>(i)))
                    for (const auto& line : c.lines) cues += (cues.empty() ? "" : " ") + line;
                CHECK(words_of(cues) == words_of(st.ask));
                // The picture before: the last step shown before the beat, at its end (a question
                // page between them shows the step it follows).
                std::size_t b = i;
                while (b > 0 && lay.spans[b - 1].question >= 0) --b;
                if (b == 0 || lay.spans[b - 1].slide != sp.slide) continue;  // the scene's first step asks
                const timeline::State before_state = timeline::state_at_span(lay, static_cast<int>(b - 1));
                const model::Frame before = model::frame_at(r.deck, lay, before_state, lay.spans[b - 1].end());
                for (double u : {0.0, 0.5, 1.0 - 1e-6}) {
                    const double t = sp.start + u * (sp.anim + sp.hold);
                    const model::Frame fr = model::frame_at(r.deck, lay, timeline::state_at(lay, t), t, true);
                    INFO("at " << u << " of the beat");
                    CHECK(fr.scene.narration.kind == model::Narration::Kind::Predict);
                    CHECK(fr.scene.narration.text == st.ask);
                    CHECK(words_of(fr.scene.narration.text).find(words_of(st.say)) == std::string::npos);
                    CHECK(row_shown(fr) == row_shown(before));  // no weight changes during the question
                    CHECK(fr.view->trace().weights.row_vec(static_cast<std::size_t>(fr.scene.focus)) ==
                          before.view->trace().weights.row_vec(static_cast<std::size_t>(before.scene.focus)));
                }
                // Once played, the step's numbers are its own.
                const timeline::Span& play = lay.spans[i + 1];
                const model::Frame end = model::frame_at(r.deck, lay, timeline::state_at_span(lay, static_cast<int>(i + 1)), play.end());
                CHECK(end.scene.narration.text == st.say);
            }
        }
    }
    CHECK(beats >= 3 * 2 * 10);  // the ten asking steps, in the scenes and in the lecture, three layouts each
}

TEST_CASE("a scene's quiz questions are asked right after the steps that teach them", "[content][predict]") {
    for (const char* name : {"one-query-row", "attention-matrix", "causal-matrix", "projections", "two-heads", "rope",
                             "trained-previous-token", "trained-induction"}) {
        const auto sc = scene_file(name);
        INFO(name);
        int placed = 0;
        for (const auto& q : sc->quiz.questions) placed += q.after >= 0;
        CHECK(placed * 3 >= static_cast<int>(sc->quiz.questions.size()) * 2);  // most of them
        const scene::Deck deck = scene::deck_of(sc);
        const timeline::Layout lay = timeline::layout(deck, timeline::Pages::WithQuestions);
        for (std::size_t i = 0; i < lay.spans.size(); ++i) {
            const timeline::Span& sp = lay.spans[i];
            if (sp.question < 0 || sp.answer) continue;
            const scene::Question& q = sc->quiz.questions[static_cast<std::size_t>(sp.question)];
            INFO(q.ask);
            const int step = q.after >= 0 ? q.after : static_cast<int>(sc->steps.size()) - 1;
            CHECK(sp.step == step);
            // Straight after that step's play, or after another question about it.
            CHECK(lay.spans[i - 1].step == step);
            CHECK_FALSE(lay.spans[i - 1].asking);
            // The answer page shows the experiment the question names.
            const model::Frame answer = model::frame_at(deck, lay, timeline::state_at_span(lay, static_cast<int>(i + 1)),
                                                        lay.spans[i + 1].end());
            if (!q.experiment.empty()) CHECK(answer.scene.header.right == "Try this: " + q.experiment);
            CHECK(answer.scene.narration.kind == model::Narration::Kind::Answer);
        }
    }
}

TEST_CASE("the quick tour is what its title says: about three minutes of one query row", "[content][predict]") {
    const load::Result r = load::load_file((kSource / "slides" / "quick-tour.yaml").string(), load::Options{ATTNLAB_SOURCE_DIR, {}});
    INFO(errors_of(r));
    REQUIRE(r.ok());
    CHECK(r.deck.title == "Attention in three minutes");
    const scene::Scene* part = nullptr;
    for (const auto& sl : r.deck.slides)
        if (sl.scene) part = sl.scene.get();
    REQUIRE(part);
    // One query row from its three arrows to the blend: no "Try it", no experiment, no quiz.
    const auto whole = scene_file("one-query-row");
    REQUIRE(part->steps.size() == 7);
    for (std::size_t i = 0; i < part->steps.size(); ++i) CHECK(part->steps[i].title == whole->steps[i].title);
    CHECK(part->steps.back().stage == scene::Stage::Blend);
    CHECK(part->experiments.empty());
    CHECK(part->quiz.questions.empty());
    // Its exported video (with whatever questions a video asks) lasts 2½ to 3½ minutes.
    const double minutes = timeline::layout(r.deck, timeline::Pages::WithDrawnQuestions).total / 60.0;
    INFO("the quick tour's video runs " << minutes << " minutes");
    CHECK(minutes >= 2.5);
    CHECK(minutes <= 3.5);
    // And the README says so.
    std::ifstream readme(kSource / "README.md");
    std::stringstream text;
    text << readme.rdbuf();
    CHECK(text.str().find("a 3-minute tour") != std::string::npos);
}

TEST_CASE("the lecture tells its T from the sampling temperature of a language model's API", "[content]") {
    const load::Result r = load::load_file((kSource / "slides" / "lecture.yaml").string(), load::Options{ATTNLAB_SOURCE_DIR, {}});
    REQUIRE(r.ok());
    int said = 0;
    for (const scene::Slide& slide : r.deck.slides) {
        if (slide.kind != scene::Slide::Kind::Scene) continue;
        for (const scene::Step& st : slide.scene->steps)
            if (st.say.find("temperature") != std::string::npos && st.say.find("sampled") != std::string::npos &&
                st.say.find("API") != std::string::npos)
                ++said;
    }
    CHECK(said >= 1);  // said aloud on a page, not only in the speaker's notes
}

// ---------------------------------------------------------------------------------------------
// Part 5 of the lecture: several heads, positions, heads a model learned. What its narration and
// questions say, checked on the numbers the frames show (timeline::evaluate, swap and head shown
// as the window applies them).

namespace {

// The view at the end of the scene's step titled `title` (its play, not its question beat).
timeline::View view_after(const scene::Deck& deck, const timeline::Layout& lay, const std::string& title) {
    for (int i = 0; i < static_cast<int>(lay.spans.size()); ++i) {
        const timeline::Span& sp = lay.spans[static_cast<std::size_t>(i)];
        if (sp.asking || sp.question >= 0) continue;
        if (model::span_title(deck, lay, i) != title) continue;
        return timeline::evaluate(deck, lay, timeline::state_at_span(lay, i), sp.end());
    }
    FAIL("no step titled '" << title << "'");
    throw 0;
}

double sum_at(const std::vector<double>& row, const scene::Scene& s, std::initializer_list<const char*> words) {
    double total = 0;
    for (std::size_t j = 0; j < s.n(); ++j)
        for (const char* w : words) total += s.tokens[j] == w ? row[j] : 0.0;
    return total;
}

}  // namespace

TEST_CASE("two-heads: each head spends its budget on its own pattern, and a swap without positions only reorders", "[content]") {
    const auto sc = scene_file("two-heads");
    const scene::Deck deck = scene::deck_of(sc);
    const timeline::Layout lay = timeline::layout(deck);
    const timeline::View v = view_after(deck, lay, "Why several heads");
    REQUIRE(v.heads.heads.size() == 2);
    const std::size_t chased = token(*sc, "chased"), cat = token(*sc, "cat"), mouse = token(*sc, "mouse");
    // "a verb spends most of its budget on the nouns; a noun most of its budget on the determiners"
    CHECK(sum_at(v.heads.heads[0].weights.row_vec(chased), *sc, {"cat", "mouse"}) > 0.5);
    CHECK(sum_at(v.heads.heads[1].weights.row_vec(cat), *sc, {"The", "the"}) > 0.5);
    CHECK(sum_at(v.heads.heads[1].weights.row_vec(mouse), *sc, {"The", "the"}) > 0.5);
    // "One softmax row could not do both": the first head's noun rows do not read determiners,
    // the second head's verb row does not read nouns.
    CHECK(sum_at(v.heads.heads[0].weights.row_vec(cat), *sc, {"The", "the"}) < 0.2);
    CHECK(sum_at(v.heads.heads[1].weights.row_vec(chased), *sc, {"cat", "mouse"}) < 0.5);

    // The swap: in both heads rows and columns trade places and nothing else changes.
    const timeline::View w = view_after(deck, lay, "Try it: swap cat and mouse");
    REQUIRE(w.swapped);
    REQUIRE(w.heads.heads.size() == 2);
    CHECK(w.swapped->tokens[cat] == "mouse");
    CHECK(w.swapped->tokens[mouse] == "cat");
    auto place = [&](std::size_t i) { return i == cat ? mouse : i == mouse ? cat : i; };
    for (std::size_t h = 0; h < 2; ++h)
        for (std::size_t i = 0; i < sc->n(); ++i)
            for (std::size_t j = 0; j < sc->n(); ++j)
                CHECK(w.heads.heads[h].weights(place(i), place(j)) == Approx(v.heads.heads[h].weights(i, j)).margin(1e-12));
}

TEST_CASE("rope: the same word at two places is weighed differently, and a swap changes the pattern", "[content]") {
    const auto sc = scene_file("rope");
    const scene::Deck deck = scene::deck_of(sc);
    const timeline::Layout lay = timeline::layout(deck);
    const timeline::View before = view_after(deck, lay, "Same word, different weight");
    const std::size_t dog = token(*sc, "dog"), cat = token(*sc, "cat"), the1 = token(*sc, "the", 1);
    REQUIRE(the1 == 3);
    // The same key as written (the loader keeps them turned: turned back, they are equal) …
    const auto as_written = [&](std::size_t i) {
        return attention::rotary(core::Mat{sc->heads[0].k[i]}, {-static_cast<double>(i)}, sc->positions.base)[0];
    };
    for (std::size_t c = 0; c < sc->d(); ++c) CHECK(as_written(0)[c] == Approx(as_written(the1)[c]).margin(1e-12));
    CHECK(std::abs(sc->heads[0].k[0][0] - sc->heads[0].k[the1][0]) > 0.5);  // … and turned apart
    const auto a = before.trace().weights.row_vec(dog);
    CHECK(std::abs(a[0] - a[the1]) > 0.1);  // … weighed differently
    const timeline::View after = view_after(deck, lay, "Try it: swap cat and the second the");
    REQUIRE(after.swapped);
    const auto b = after.trace().weights.row_vec(dog);
    // "cat, one token before dog, is scored as a neighbour": it now leads dog's row; and the
    // weights did not merely trade places, as they would without positions.
    CHECK(ranking(b)[0] == the1);
    CHECK(after.swapped->tokens[the1] == "cat");
    CHECK(std::abs(b[the1] - a[cat]) > 0.1);
    CHECK(std::abs(b[cat] - a[the1]) > 0.1);
}

TEST_CASE("trained heads: the experiments and questions of part 5 say what the model's numbers do", "[content]") {
    const auto prev = scene_file("trained-previous-token");
    // The first letter reads only itself; the first B reads the C before it, as the second does.
    CHECK(trace_experiment(*prev, "The first letter").weights(0, 0) == 1.0);
    const auto first_copy = trace_experiment(*prev, "Letters from the first copy");
    REQUIRE(focus_after(*prev, experiment(*prev, "Letters from the first copy").set) == 3);
    CHECK(prev->tokens[3] == "B");
    CHECK(ranking(row(first_copy.weights, 3))[0] == 2);
    CHECK(first_copy.weights(3, 2) > 0.8);
    // T → ∞ erases the pattern: row i is 1/(i + 1) on every visible cell.
    const auto flat = trace_experiment(*prev, "T → ∞: the pattern gone");
    for (std::size_t i = 0; i < prev->n(); ++i)
        for (std::size_t j = 0; j <= i; ++j) CHECK(flat.weights(i, j) == Approx(1.0 / static_cast<double>(i + 1)).margin(1e-12));

    // A swap moves the letters, not the places: F still reads the place before it.
    const auto swapped = trace_experiment(*prev, "Swap two letters");
    REQUIRE(focus_after(*prev, experiment(*prev, "Swap two letters").set) == 13);
    CHECK(ranking(row(swapped.weights, 13))[0] == 12);
    CHECK(swapped.weights(13, 12) > 0.8);

    const auto ind = scene_file("trained-induction");
    // The first B has nothing to continue: its row spreads (no cell above one half).
    const auto spread_row = row(trace_experiment(*ind, "A letter of the first copy").weights, 3);
    CHECK(*std::max_element(spread_row.begin(), spread_row.end()) < 0.5);
    // The second P reads the I where the second copy began: the successor of the first P.
    const std::size_t p1 = token(*ind, "P"), p2 = token(*ind, "P", p1 + 1);
    REQUIRE(focus_after(*ind, experiment(*ind, "The last letter of the repeat").set) == static_cast<int>(p2));
    CHECK(ranking(row(trace_experiment(*ind, "The last letter of the repeat").weights, p2))[0] == p1 + 1);
    CHECK(ind->tokens[p1 + 1] == "I");
    // T → 0: one cell per row, in the second copy the successor of the letter's first place.
    const auto cold = trace_experiment(*ind, "T → 0: a lookup");
    for (std::size_t i = 8; i < 13; ++i) {
        const std::size_t first = token(*ind, ind->tokens[i]);
        REQUIRE(first < i);
        INFO("row " << i << " (" << ind->tokens[i] << ")");
        CHECK(cold.weights(i, first + 1) == 1.0);
    }
}
