// Tests for model/: displayed rounding (every number its value correctly rounded, ties judged on
// the weights) and the frame model, without a pixel: every panel's numbers agree with the
// attention Trace and with each other, and the stage rules hold.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "attention/attention.hpp"
#include "model/display.hpp"
#include "model/model.hpp"
#include "support/decks.hpp"
#include "support/rounding.hpp"
#include "support/views.hpp"

namespace {

using model::Percent;
using scene::Stage;

// A row of weights: softmax of random scores at a random temperature, with some keys hidden.
std::vector<double> random_row(std::mt19937& rng, std::size_t n, bool mask) {
    std::normal_distribution<double> score(0, 1.5);
    std::uniform_real_distribution<double> temp(0.05, 5);
    std::vector<double> s(n);
    std::vector<bool> visible(n, true);
    for (auto& x : s) x = score(rng);
    if (mask)
        for (std::size_t j = 1 + rng() % n; j < n; ++j) visible[j] = false;
    return attention::softmax_row(s, visible, temp(rng));
}

}  // namespace

TEST_CASE("every number is its value rounded half away from zero at the precision shown", "[model][display]") {
    std::mt19937 rng(8);
    std::uniform_real_distribution<double> mantissa(-10, 10);
    std::uniform_int_distribution<int> exponent(-4, 3), digits(0, 4);
    for (int trial = 0; trial < 20000; ++trial) {
        const double x = mantissa(rng) * std::pow(10.0, exponent(rng));
        const int d = digits(rng);
        INFO("x = " << x << ", " << d << " decimals");
        CHECK(model::num(x, d) == support::rounded(x, d));
    }
    // Halves go away from zero (printf's go to even), exact ones and the decimals a student
    // writes (0.285 is 0.28499999999999998 as a double).
    CHECK(model::num(2.5, 0) == "3");
    CHECK(model::num(-2.5, 0) == "−3");
    CHECK(model::num(0.125) == "0.13");
    CHECK(model::num(0.285) == "0.29");
    CHECK(model::num(1.005) == "1.01");
    CHECK(model::num(-0.05, 1) == "−0.1");
    CHECK(model::num(0.1835) == "0.18");  // bank's money: 0.18, never a forced 0.19
    CHECK(model::num(-0.25) == "−0.25");
    CHECK(model::num(-0.001) == "0.00");  // no "−0.00"
    CHECK(model::num(1.0 / 0.0) == "∞");
    CHECK(model::num(1e300, 1).size() > 300);  // too large to count in units: still written whole
}

TEST_CASE("weights are written correctly rounded, each on its own: no row is forced to add up", "[model][display]") {
    std::mt19937 rng(8);
    for (int trial = 0; trial < 3000; ++trial) {
        const std::size_t n = 1 + rng() % 16;
        const std::vector<double> w = random_row(rng, n, trial % 3 == 0);
        for (std::size_t j = 0; j < n; ++j) {
            INFO("trial " << trial << ", weight " << w[j]);
            CHECK(model::percent(w[j]) == support::percent_of(w[j]));
            CHECK(model::percent(w[j], Percent::Whole) == support::percent_of(w[j], true));
            CHECK(model::decimal(w[j]) == support::decimal_of(w[j]));
            // A positive weight is never written as 0; only an exact 0 is.
            if (w[j] > 0) {
                CHECK(model::percent(w[j]) != "0%");
                CHECK(model::percent(w[j]).find_first_not_of("0.%") != std::string::npos);
                CHECK(model::decimal(w[j]) != "0");
                CHECK(model::decimal(w[j]) != "0.00");
            } else {
                CHECK(model::percent(w[j]) == "0%");
                CHECK(model::decimal(w[j]) == "0");
            }
        }
    }
    // The cases the forced sums got wrong: bank's money at 18.35 %, the period at T = 4 at 10.50 %,
    // weights of 0.56 % and 0.51 % that a row of decimals showed as 0.00.
    CHECK(model::decimal(0.183496) == "0.18");
    CHECK(model::percent(0.183496) == "18%");
    CHECK(model::percent(0.1050) == "11%");  // 10.50 % rounds half away: 11 %
    CHECK(model::percent(0.104996) == "10%");
    CHECK(model::decimal(0.0056) == "0.01");
    CHECK(model::decimal(0.0051) == "0.01");
    CHECK(model::decimal(0.0049) == "<0.01");
    // The precision boundary at 10 %, judged on the value as rounded.
    CHECK(model::percent(0.0994) == "9.9%");
    CHECK(model::percent(0.0996) == "10%");
    CHECK(model::percent(0.0004) == "<0.1%");
    CHECK(model::percent(0.0005) == "0.1%");
    CHECK(model::percent(0.004, Percent::Whole) == "<1%");
    // No fractions: equal shares are written as numbers too, and may add up to more than 100 %.
    CHECK(model::percent(1.0 / 6) == "17%");
    CHECK(model::decimal(1.0 / 6) == "0.17");
    CHECK(model::percent(0.125) == "13%");
    CHECK(model::decimal(0.125) == "0.13");
    CHECK(model::percent(1.0) == "100%");
    CHECK(model::decimal(1.0) == "1.00");
}

TEST_CASE("ties are judged on the weights, never on their text", "[model][display]") {
    // 18.59 % and 18.71 % both read "19%", and are not a tie.
    CHECK(model::percent(0.1859) == model::percent(0.1871));
    CHECK_FALSE(model::same_weight(0.1859, 0.1871));
    CHECK(model::same_weight(1.0 / 6, (1.0 / 6) * (1 + 1e-14)));
    CHECK_FALSE(model::same_weight(1.0 / 6, (1.0 / 6) * (1 + 1e-10)));
    CHECK(model::same_weight(0.0, 0.0));
}

TEST_CASE("matrices are written to the precision that reproduces them; temperatures' limits as limits", "[model][display]") {
    CHECK(model::decimals_for({{0.1, 1.0, 0.0}}, 3) == 1);
    CHECK(model::decimals_for({{-0.05, 1.52}, {1.6, 0.12}}, 3) == 2);  // x·W of one-decimal entries
    CHECK(model::decimals_for({{1.0, 2.0}}, 3) == 0);
    CHECK(model::decimals_for({{1.0 / 3}}, 3) == 3);  // no exact writing: at most `most`
    CHECK(model::decimals_for({{0.15 - 0.2}}, 3) == 2);  // −0.05 as a double computes it
    CHECK(model::temperature(0.25) == "0.25");
    CHECK(model::temperature(1) == "1.00");
    CHECK(model::temperature(0) == "→ 0");
    CHECK(model::temperature(attention::kInfinity) == "→ ∞");
    CHECK(model::temperature(0.001) == "0.001");  // a positive T is never written 0
}

namespace {

// The sentence scene with every panel of the one-row layout and the arithmetic.
std::shared_ptr<scene::Scene> sentence_all_panels() {
    auto s = support::sentence_scene();
    s->panels.push_back(scene::Panel::Arithmetic);
    return s;
}

struct Sentence : support::Staged {
    Sentence() : support::Staged(sentence_all_panels()) {}
    // The frame at (stage, u), made by frame_at. The copy of its panels outlives the frame: fine
    // for every panel but the matrix, whose cells read the frame's view (this scene has none).
    model::SceneFrame at(Stage s, double u) const {
        const int span = span_of(s);
        const model::Frame f = model::frame_at(deck, lay, state(span), time(span, u));
        REQUIRE(f.kind == model::Frame::Kind::Scene);
        return f.scene;
    }
};

}  // namespace

TEST_CASE("the frame's numbers are the trace's, as the stages reach them", "[model]") {
    Sentence s;
    const timeline::View end = s.view(s.span_of(Stage::Blend), 1.0);
    const attention::Trace& tr = end.trace();
    const std::size_t f = static_cast<std::size_t>(end.controls.focus);

    // Scores: counting up during the scores step, q·k at its end; ÷√d at the scale step's end.
    const model::SceneFrame half = s.at(Stage::Scores, 0.5);
    const model::SceneFrame scored = s.at(Stage::Scores, 1.0);
    const model::SceneFrame scaled = s.at(Stage::Scale, 1.0);
    for (std::size_t j = 0; j < tr.n; ++j) {
        CHECK(scored.score_row.cells[j].value == model::num(tr.scores(f, j)));
        CHECK(scaled.score_row.cells[j].value == model::num(tr.scaled(f, j)));
    }
    CHECK(half.score_row.scored);
    CHECK_FALSE(s.at(Stage::Scores, 0.0).score_row.scored);
    CHECK(s.at(Stage::Scores, 0.0).score_row.cells[1].value == "—");

    // Weights: no bars before the softmax; at the blend, each share its weight correctly rounded,
    // the same text in the readouts and the arithmetic; the hidden keys (mask on) exactly 0 %.
    CHECK_FALSE(s.at(Stage::Mask, 1.0).weight_bars.shown);
    const model::SceneFrame blend = s.at(Stage::Blend, 1.0);
    std::vector<std::string> labels;
    for (const model::Bar& b : blend.weight_bars.bars) labels.push_back(b.label);
    for (std::size_t j = 0; j < tr.n; ++j) CHECK(labels[j] == support::percent_of(tr.weights(f, j)));
    for (std::size_t j = f + 1; j < tr.n; ++j) {
        CHECK(tr.weights(f, j) == 0.0);
        CHECK(labels[j] == "0%");
        CHECK(blend.weight_bars.bars[j].hide >= 0.999);
    }
    int best = 0;
    for (std::size_t j = 0; j < tr.n; ++j)
        if (tr.weights(f, j) > tr.weights(f, static_cast<std::size_t>(best))) best = static_cast<int>(j);
    CHECK(blend.weight_bars.bars[static_cast<std::size_t>(best)].best);
    CHECK(blend.readouts.rows[2].value == end.scene->tokens[static_cast<std::size_t>(best)] +
                                             " · " + labels[static_cast<std::size_t>(best)]);
    REQUIRE_FALSE(blend.arithmetic.lines.empty());
    CHECK(blend.arithmetic.lines.back().ends_with("= " + labels[static_cast<std::size_t>(best)]));
    CHECK(blend.arithmetic.aside == end.scene->tokens[static_cast<std::size_t>(best)]);

    // The blend: the new vector is the trace's output row, and it lies inside the hull of the
    // visible values (a convex combination).
    const model::ValuePlane& vp = blend.value_plane;
    CHECK(vp.out.x == Approx(tr.output(f, 0)).margin(1e-12));
    CHECK(vp.out.y == Approx(tr.output(f, 1)).margin(1e-12));
    REQUIRE(vp.hull.size() >= 3);
    for (std::size_t i = 0; i < vp.hull.size(); ++i) {
        const core::Point a = vp.hull[i], b = vp.hull[(i + 1) % vp.hull.size()];
        CHECK((b.x - a.x) * (vp.out.y - a.y) - (b.y - a.y) * (vp.out.x - a.x) >= -1e-12);  // counter-clockwise: left of every edge
    }
    CHECK(vp.diamond == 1.0);
    CHECK(vp.chain.size() == f + 1);  // the hidden values take no part

    // The key plane: each key's foot is its projection on the question's line.
    const model::KeyPlane& kp = blend.key_plane;
    for (const model::KeyDot& k : kp.keys) {
        CHECK((k.at.x - k.foot.x) * kp.query.x + (k.at.y - k.foot.y) * kp.query.y == Approx(0).margin(1e-12));
        CHECK(k.foot.x * kp.query.y - k.foot.y * kp.query.x == Approx(0).margin(1e-12));
    }
    CHECK(kp.feet);
}

TEST_CASE("the stages: done before the step's own, running during it, ahead after it", "[model]") {
    Sentence s;
    const model::SceneFrame f = s.at(Stage::Temperature, 0.5);
    REQUIRE(f.pipeline.cards.size() == 6);
    CHECK(f.pipeline.cards[0].state == model::StageCard::State::Done);
    CHECK(f.pipeline.cards[1].state == model::StageCard::State::Done);
    CHECK(f.pipeline.cards[2].state == model::StageCard::State::Active);
    CHECK(f.pipeline.cards[2].running);
    CHECK(f.pipeline.cards[3].state == model::StageCard::State::Ahead);
    CHECK(f.pipeline.cards[2].label == scene::info(Stage::Temperature).label);
    CHECK_FALSE(s.at(Stage::Temperature, 1.0).pipeline.cards[2].running);
    // The narration falls back to the stage table's title and words.
    CHECK(f.narration.title == scene::info(Stage::Temperature).title);
    CHECK(f.narration.text == scene::info(Stage::Temperature).say);
    CHECK(f.header.right == "step 3 of 6 · Temperature");
}

TEST_CASE("the matrix: each cell its weight correctly rounded, each row's Σ its true sum", "[model]") {
    auto sc = support::sentence_scene();
    sc->panels = {scene::Panel::Matrix, scene::Panel::Graph};
    support::Staged st(sc);
    const timeline::View v = st.view(static_cast<int>(st.lay.spans.size()) - 1, 1.0);
    const model::Frame f = model::frame_of(v);
    const model::Matrix& m = f.scene.matrix;
    for (int i = 0; i < static_cast<int>(v.trace().n); ++i) {
        REQUIRE(m.row_budget(i));
        const std::vector<std::string>& text = m.row_text(i);
        REQUIRE(text.size() == v.trace().n);
        double sum = 0;
        for (int j = 0; j < static_cast<int>(v.trace().n); ++j) sum += v.trace().weights(static_cast<std::size_t>(i), static_cast<std::size_t>(j));
        CHECK(m.row_sum(i) == support::rounded(sum, 2));
        CHECK(m.row_sum(i) == "1.00");
        for (int j = 0; j < static_cast<int>(v.trace().n); ++j) {
            const model::Matrix::Cell c = m.cell(i, j);
            CHECK(c.weight == v.trace().weights(static_cast<std::size_t>(i), static_cast<std::size_t>(j)));
            CHECK(text[static_cast<std::size_t>(j)] == support::decimal_of(c.weight));
            if (j > i) CHECK(c.hide == 1.0);
        }
    }
}

TEST_CASE("a cross-fade carries the step beneath at its end", "[model]") {
    scene::Deck deck;
    deck.slides = {support::title_slide("Attention"), support::scene_slide(support::sentence_scene())};
    const timeline::Layout lay = timeline::layout(deck);
    timeline::State s = timeline::state_at_span(lay, 1);
    const model::Frame f = model::frame_at(deck, lay, s, lay.spans[1].start + scene::kCrossFade / 2);
    REQUIRE(f.under);
    CHECK(f.under->kind == model::Frame::Kind::Title);
    CHECK(f.fade > 0);
    CHECK(f.fade < 1);
    CHECK_FALSE(model::frame_at(deck, lay, s, lay.spans[1].start + scene::kCrossFade).under);
}

TEST_CASE("a frame made by frame_at keeps what it reads alive", "[model]") {
    auto sc = support::sentence_scene();
    sc->panels = {scene::Panel::Matrix};
    support::Staged st(sc);
    const int last = static_cast<int>(st.lay.spans.size()) - 1;
    const model::Frame f = model::frame_at(st.deck, st.lay, st.state(last), st.time(last, 1.0));
    REQUIRE(f.view);
    // Read after the view that frame_at evaluated has gone out of its scope (ASan would see a
    // dangling read here).
    const model::Matrix::Cell c = f.scene.matrix.cell(2, 1);
    CHECK(c.weight == f.view->trace().weights(2, 1));
    CHECK(c.weight > 0);
}

TEST_CASE("the graph's title names the asking token, quoting one that is not a word", "[model]") {
    auto sc = support::sentence_scene();
    sc->panels = {scene::Panel::Graph};
    for (const auto& [focus, want] : {std::pair{2, "Who chased reads"}, std::pair{5, "Who ‘.’ reads"}}) {
        sc->focus = focus;
        support::Staged st(sc);
        const timeline::View v = st.view(static_cast<int>(st.lay.spans.size()) - 1, 1.0);
        CHECK(model::frame_of(v).scene.graph.heading == want);
    }
}

TEST_CASE("identical keys tie: no key is crowned the best match", "[model]") {
    auto sc = sentence_all_panels();
    for (auto& k : sc->heads[0].k) k = {0.7, -0.2};
    SECTION("six keys, the mask off: every weight 1/6") {
        sc->steps[3].set.mask = false;
        support::Staged st(sc);
        const timeline::View v = st.view(static_cast<int>(st.lay.spans.size()) - 1, 1.0);
        const model::SceneFrame f = model::frame_of(v).scene;
        CHECK(f.readouts.rows[2].name == "Top weight");
        CHECK(f.readouts.rows[2].value == "6-way tie · 17%");  // 1/6, correctly rounded
        CHECK(f.arithmetic.heading == "Arithmetic of its own key");
        CHECK(f.arithmetic.aside == "chased · a tie");
        REQUIRE_FALSE(f.arithmetic.lines.empty());
        CHECK(f.arithmetic.lines.back() == "all equal: every visible key gets 17%");
        for (const model::Bar& b : f.weight_bars.bars) CHECK_FALSE(b.best);
        CHECK(f.key_plane.emphasis == -1);
    }
    SECTION("the mask on: the three visible keys tie at 1/3") {
        support::Staged st(sc);
        const timeline::View v = st.view(static_cast<int>(st.lay.spans.size()) - 1, 1.0);
        const model::SceneFrame f = model::frame_of(v).scene;
        CHECK(f.readouts.rows[2].value == "3-way tie · 33%");
        CHECK(f.arithmetic.aside == "chased · a tie");
        CHECK(f.arithmetic.lines.back() == "all equal: every visible key gets 33%");
    }
}

TEST_CASE("two keys tied for the top weight are named as equals", "[model]") {
    auto sc = sentence_all_panels();
    sc->steps[3].set.mask = false;
    sc->heads[0].k[1] = sc->heads[0].k[4] = {1.5, 1.2};  // cat and mouse, both well ahead of the rest
    support::Staged st(sc);
    const timeline::View v = st.view(static_cast<int>(st.lay.spans.size()) - 1, 1.0);
    const model::SceneFrame f = model::frame_of(v).scene;
    const std::string& value = f.readouts.rows[2].value;
    CHECK(value.rfind("cat = mouse · ", 0) == 0);
    CHECK(f.arithmetic.aside == "chased · a tie");
}

TEST_CASE("two weights that read the same are not a tie: the heavier is the best match", "[model]") {
    // mouse's key a hair shorter than cat's along the question: 1 % apart as weights, the same
    // "N%" as text. The old rule (ties by text) crowned neither.
    auto sc = sentence_all_panels();
    sc->steps[3].set.mask = false;
    sc->heads[0].k[1] = {1.45, 1.2};  // cat 40.4 %
    sc->heads[0].k[4] = {1.44, 1.2};  // mouse 40.1 %
    support::Staged st(sc);
    const timeline::View v = st.view(static_cast<int>(st.lay.spans.size()) - 1, 1.0);
    const model::SceneFrame f = model::frame_of(v).scene;
    const double cat = v.trace().weights(2, 1), mouse = v.trace().weights(2, 4);
    INFO("cat " << cat << ", mouse " << mouse);
    REQUIRE(cat > mouse);
    REQUIRE(model::percent(cat) == model::percent(mouse));  // what makes this a test
    CHECK(f.readouts.rows[2].value == "cat · " + model::percent(cat));
    CHECK(f.arithmetic.heading == "Arithmetic of the best match");
    CHECK(f.arithmetic.aside == "cat");
    CHECK(f.weight_bars.bars[1].best);
    CHECK_FALSE(f.weight_bars.bars[4].best);
    CHECK(f.key_plane.emphasis == 1);
}

TEST_CASE("the graph labels its three heaviest edges, the self-loop among them", "[model]") {
    auto sc = sentence_all_panels();
    sc->panels.push_back(scene::Panel::Graph);
    sc->steps[3].set.mask = false;
    sc->heads[0].k[2] = {0.9, 0.8};  // chased's own key near the top: the self-loop is one of the heaviest
    support::Staged st(sc);
    const timeline::View v = st.view(static_cast<int>(st.lay.spans.size()) - 1, 1.0);
    const model::SceneFrame f = model::frame_of(v).scene;
    const std::size_t focus = static_cast<std::size_t>(v.controls.focus), n = v.trace().n;
    std::vector<double> w(n);
    for (std::size_t j = 0; j < n; ++j) w[j] = v.trace().weights(focus, j);
    std::vector<double> sorted = w;
    std::sort(sorted.begin(), sorted.end(), std::greater<>());
    // What makes this row a test: the self-loop is in the top three, and a lighter edge still
    // carries more than 5 %.
    REQUIRE(w[focus] >= sorted[2]);
    REQUIRE(sorted[3] >= 0.05);
    int labelled = 0;
    for (std::size_t j = 0; j < n; ++j) {
        INFO("node " << f.graph.nodes[j].word << " weight " << w[j]);
        CHECK(f.graph.nodes[j].label.empty() == (w[j] < sorted[2]));
        if (!f.graph.nodes[j].label.empty()) CHECK(f.graph.nodes[j].label == f.weight_bars.bars[j].label);
        labelled += !f.graph.nodes[j].label.empty();
    }
    CHECK(labelled == 3);
    CHECK_FALSE(f.graph.nodes[focus].label.empty());
}

TEST_CASE("the graph's labels do not turn on the last bit of a weight: ties and the 5 % floor hold under an ulp", "[model]") {
    // The browser's maths library may round exp and pow in the last bit otherwise than glibc:
    // weights that tie (equal shares) or sit on the 5 % floor then differ by an ulp. The labelled
    // nodes must be the same either way, on every platform.
    auto sc = sentence_all_panels();
    sc->panels.push_back(scene::Panel::Graph);
    sc->steps[3].set.mask = false;
    support::Staged st(sc);
    const timeline::View base = st.view(static_cast<int>(st.lay.spans.size()) - 1, 1.0);
    const std::size_t focus = static_cast<std::size_t>(base.controls.focus), n = base.trace().n;
    REQUIRE(n == 6);
    const double sixth = 1.0 / 6, rest = 0.6 / 5;
    struct Row {
        const char* what;
        std::vector<double> w;
        std::size_t labelled;  // how many nodes the unperturbed row labels
    };
    const std::vector<Row> rows = {
        {"six equal shares: all tie with the third heaviest", {sixth, sixth, sixth, sixth, sixth, sixth}, 6},
        {"one heavy, five tied after it", {0.4, rest, rest, rest, rest, rest}, 6},
        {"one heavy, five on the 5 % floor", {0.75, 0.05, 0.05, 0.05, 0.05, 0.05}, 6},
        {"two heavy, four tied just under 5 %", {0.5, 0.34, 0.04, 0.04, 0.04, 0.04}, 2},
    };
    auto labels_of = [&](const timeline::View& v) {
        std::vector<std::string> out;
        for (const model::GraphNode& node : model::frame_of(v).scene.graph.nodes) out.push_back(node.label);
        return out;
    };
    std::mt19937 rng(25);
    for (const Row& r : rows) {
        INFO(r.what);
        timeline::View v = base;
        for (std::size_t j = 0; j < n; ++j) v.heads.heads[v.shown].weights(focus, j) = r.w[j];
        const std::vector<std::string> want = labels_of(v);
        CHECK(static_cast<std::size_t>(std::count_if(want.begin(), want.end(), [](const std::string& l) { return !l.empty(); })) ==
              r.labelled);
        for (int trial = 0; trial < 200; ++trial) {
            timeline::View p = base;
            std::ostringstream pattern;
            for (std::size_t j = 0; j < n; ++j) {
                const int dir = static_cast<int>(rng() % 3) - 1;  // an ulp down, none, an ulp up
                p.heads.heads[p.shown].weights(focus, j) = dir == 0 ? r.w[j] : std::nextafter(r.w[j], dir < 0 ? 0.0 : 1.0);
                pattern << (dir < 0 ? '-' : dir > 0 ? '+' : '=');
            }
            INFO("ulps " << pattern.str());
            CHECK(labels_of(p) == want);
        }
    }
}

TEST_CASE("every sum on screen says what it sums; no raw Σ q·k that softmax never uses", "[model]") {
    auto sc = support::sentence_scene();
    sc->panels = {scene::Panel::Matrix, scene::Panel::Readouts};
    support::Staged st(sc);
    int scores_span = -1;
    for (std::size_t i = 0; i < st.lay.spans.size(); ++i)
        if (sc->steps[static_cast<std::size_t>(st.lay.spans[i].step)].stage == Stage::Scores) scores_span = static_cast<int>(i);
    REQUIRE(scores_span >= 0);
    const timeline::View scored = st.view(scores_span, 1.0);
    const timeline::View end = st.view(static_cast<int>(st.lay.spans.size()) - 1, 1.0);
    for (const timeline::View* v : {&scored, &end}) {
        const model::Frame f = model::frame_of(*v);
        for (const model::Readout& r : f.scene.readouts.rows) {
            INFO(r.name << ": " << r.value);
            CHECK(r.name.find("q·k") == std::string::npos);
            CHECK(r.name.find("Raw") == std::string::npos);
        }
    }
    // The matrix's sums: none while the rows show scores (softmax never adds scores up: a "Σ
    // scores" column invited that misconception), the true sum of each row's weights after.
    const model::Frame fs = model::frame_of(scored);
    CHECK(fs.scene.matrix.sum_heading.empty());
    for (int i = 0; i < static_cast<int>(scored.trace().n); ++i) {
        REQUIRE_FALSE(fs.scene.matrix.row_text(i).empty());  // the row shows its scores
        CHECK(fs.scene.matrix.row_sum(i).empty());
    }
    const model::Frame fe = model::frame_of(end);
    CHECK(fe.scene.matrix.sum_heading == "Σ weights");
    for (int i = 0; i < static_cast<int>(end.trace().n); ++i) {
        double sum = 0;
        for (int j = 0; j < static_cast<int>(end.trace().n); ++j)
            if (fe.scene.matrix.cell(i, j).hide < 0.5) sum += end.trace().weights(static_cast<std::size_t>(i), static_cast<std::size_t>(j));
        CHECK(fe.scene.matrix.row_sum(i) == support::rounded(sum, 2));
    }
    // Half-way through the softmax some rows show weights, some still scores: the column sums
    // weights, and a row of scores shows no sum under that heading.
    int softmax_span = -1;
    for (std::size_t i = 0; i < st.lay.spans.size(); ++i)
        if (sc->steps[static_cast<std::size_t>(st.lay.spans[i].step)].stage == Stage::Softmax) softmax_span = static_cast<int>(i);
    const timeline::View mid = st.view(softmax_span, 0.5);
    const model::Frame fm = model::frame_of(mid);
    int weights = 0, scores = 0;
    for (int i = 0; i < static_cast<int>(mid.trace().n); ++i) {
        if (fm.scene.matrix.row_budget(i)) {
            ++weights;
            CHECK(fm.scene.matrix.row_sum(i) == "1.00");
        } else if (!fm.scene.matrix.row_text(i).empty()) {
            ++scores;
            CHECK(fm.scene.matrix.row_sum(i).empty());
        }
    }
    REQUIRE(weights > 0);
    REQUIRE(scores > 0);
    CHECK(fm.scene.matrix.sum_heading == "Σ weights");
}

TEST_CASE("the score row stays on q·k/√d whatever T: the dial acts inside the softmax only", "[model]") {
    Sentence s;
    const int span = s.span_of(Stage::Blend);
    const double t = s.time(span, 1.0);
    std::vector<std::string> values;
    std::vector<double> tones;
    std::vector<std::string> shares;
    for (const double T : {1.0, 0.25, 4.0, attention::kInfinity, 0.0}) {
        const timeline::State st = timeline::apply(s.deck, s.lay, s.state(span), timeline::cmd::Temperature{T}, t);
        const timeline::View v = timeline::evaluate(s.deck, s.lay, st, t);
        const model::SceneFrame f = model::frame_of(v).scene;
        INFO("T = " << T);
        CHECK(f.score_row.heading == "Match scores · q·k / √d");
        std::vector<std::string> vs;
        std::vector<double> hs;
        for (const model::ScoreCell& c : f.score_row.cells) vs.push_back(c.value), hs.push_back(c.tone);
        std::string sh;
        for (const model::Bar& b : f.weight_bars.bars) sh += b.label + " ";
        if (values.empty()) {
            values = vs, tones = hs;
            // The row shows q·k/√d itself.
            for (std::size_t j = 0; j < vs.size(); ++j) CHECK(vs[j] == model::num(v.trace().scaled(2, j)));
        }
        CHECK(vs == values);
        CHECK(hs == tones);
        shares.push_back(sh);
    }
    // …while the weights do follow the dial.
    for (std::size_t i = 1; i < shares.size(); ++i) CHECK(shares[i] != shares[0]);
}

TEST_CASE("scores are coloured on one scale for every row: a faint question's row looks flat", "[model]") {
    Sentence s;
    const int span = s.span_of(Stage::Scale);
    const double t = s.time(span, 1.0);
    auto spread = [&](int focus) {
        const timeline::State st = timeline::apply(s.deck, s.lay, s.state(span), timeline::cmd::Focus{focus}, t);
        const timeline::View v = timeline::evaluate(s.deck, s.lay, st, t);
        const model::SceneFrame f = model::frame_of(v).scene;
        double lo = 1, hi = -1;
        for (const model::ScoreCell& c : f.score_row.cells) lo = std::min(lo, c.tone), hi = std::max(hi, c.tone);
        return (hi - lo) / 2;  // of the scale's whole range, −1 … 1
    };
    // chased's query is long and the period's short ({0.1, 0.1}): on a per-row scale both rows
    // would span the whole colour range; on one scale the period's spans a small part of it.
    const double chased = spread(2), period = spread(5);
    INFO("chased spans " << chased << ", the period " << period);
    CHECK(chased > 0.4);
    CHECK(period < 0.25 * chased);
}

TEST_CASE("the key plane draws every key's score as a length: its reach times |q|", "[model]") {
    Sentence s;
    const model::SceneFrame f = s.at(Stage::Softmax, 1.0);
    const model::KeyPlane& kp = f.key_plane;
    REQUIRE(kp.score_bands);
    REQUIRE(kp.feet);
    const core::Vec& q = s.deck.slides[0].scene->heads[0].q[2];
    const double qlen = std::hypot(q[0], q[1]);
    REQUIRE(kp.keys.size() == 6);
    int shorter = 0;  // keys whose band is shorter than their reach: |q| < 1 would make all
    for (std::size_t j = 0; j < kp.keys.size(); ++j) {
        const model::KeyDot& key = kp.keys[j];
        const core::Vec& k = s.deck.slides[0].scene->heads[0].k[j];
        const double score = q[0] * k[0] + q[1] * k[1];
        INFO("key " << j << ": q·k = " << score);
        // Along the question, as long as the score (not the reach: that is score / |q|), on the
        // origin's side the score's sign says.
        CHECK(key.score == Approx(score).margin(1e-12));
        CHECK(std::hypot(key.score_end.x, key.score_end.y) == Approx(std::fabs(score)).margin(1e-12));
        CHECK(key.score_end.x * q[0] + key.score_end.y * q[1] == Approx(qlen * score).margin(1e-12));
        CHECK(key.reach == Approx(score / qlen).margin(1e-12));
        CHECK(std::hypot(key.foot.x, key.foot.y) == Approx(std::fabs(score) / qlen).margin(1e-12));
        CHECK(key.score_text == model::num(score));
        shorter += std::fabs(key.reach) > std::fabs(key.score);
    }
    CHECK(shorter == 0);  // chased's question is longer than 1: every score outreaches its key
    CHECK(kp.score_key == "q·k = |q| × reach");
    CHECK(kp.reach_key == "reach");

    // A short question (the period's, |q| < 1): every band shorter than its key's reach.
    auto sc = sentence_all_panels();
    sc->steps.back().set.focus = 5;
    sc->heads[0].q[5] = {0.15, -0.12};
    support::Staged period(sc);
    const timeline::View pv = period.view(period.span_of(Stage::Blend), 1.0);
    const model::KeyPlane& pk = model::frame_of(pv).scene.key_plane;
    REQUIRE(pv.controls.focus == 5);
    for (std::size_t j = 0; j < pk.keys.size(); ++j) {
        INFO("key " << j);
        CHECK(pk.keys[j].score == pv.trace().scores(5, j));
        CHECK(std::fabs(pk.keys[j].score) < std::fabs(pk.keys[j].reach));
        CHECK_FALSE(pk.keys[j].score_text.empty());
    }

    // No best match (identical keys: a six-way tie): every key's band is drawn all the same.
    auto same = sentence_all_panels();
    for (auto& k : same->heads[0].k) k = {0.7, -0.2};
    same->steps[3].set.mask = false;
    support::Staged tie(same);
    const timeline::View tv = tie.view(static_cast<int>(tie.lay.spans.size()) - 1, 1.0);
    const model::KeyPlane& tk = model::frame_of(tv).scene.key_plane;
    REQUIRE(tk.emphasis == -1);
    CHECK(tk.score_bands);
    for (std::size_t j = 0; j < tk.keys.size(); ++j) {
        CHECK(tk.keys[j].score_text == model::num(tv.trace().scores(static_cast<std::size_t>(tv.controls.focus), j)));
        CHECK(std::hypot(tk.keys[j].score_end.x, tk.keys[j].score_end.y) > 0.1);
    }
}

TEST_CASE("the key plane of more than two dimensions draws no score: q·k is not what the plane shows", "[model]") {
    auto sc = sentence_all_panels();
    for (auto* m : {&sc->heads[0].q, &sc->heads[0].k})
        for (auto& row : *m) row.push_back(0.5);
    support::Staged st(sc);
    const timeline::View v = st.view(st.span_of(Stage::Blend), 1.0);
    const model::KeyPlane& kp = model::frame_of(v).scene.key_plane;
    CHECK_FALSE(kp.score_bands);
    CHECK(kp.note == "d = 3: the plane shows the first two coordinates");
    for (const model::KeyDot& k : kp.keys) {
        CHECK(k.score_text.empty());
        // The foot is the projection of the key as drawn onto the question as drawn.
        CHECK((k.at.x - k.foot.x) * kp.query.x + (k.at.y - k.foot.y) * kp.query.y == Approx(0).margin(1e-12));
    }
}

// ---- captions ------------------------------------------------------------------------------------

namespace {

std::size_t utf8_length(const std::string& s) {
    std::size_t n = 0;
    for (unsigned char ch : s) n += (ch & 0xC0) != 0x80;
    return n;
}

// Random narration: words of 1 to 14 letters (some of them multi-byte, "√" and "·"), now and
// then a word longer than a line, separated by runs of spaces, tabs and newlines.
std::string random_text(std::mt19937& rng) {
    std::uniform_int_distribution<int> words(0, 60), len(1, 14), pick(0, 30), gap(1, 3);
    const char* alphabet[] = {"a", "e", "t", "s", "√", "·", "k", "q", "é"};
    std::string text;
    const int n = words(rng);
    for (int w = 0; w < n; ++w) {
        const int spaces = gap(rng);
        for (int i = 0; i < spaces; ++i) text += " \t\n"[static_cast<std::size_t>(pick(rng) % 3)];
        const int l = pick(rng) == 0 ? 50 : len(rng);
        for (int i = 0; i < l; ++i) text += alphabet[static_cast<std::size_t>(pick(rng) % 9)];
    }
    return text;
}

std::vector<std::string> words_of(const std::string& s) {
    std::vector<std::string> out;
    std::istringstream in(s);
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

}  // namespace

TEST_CASE("caption cues: short lines, at most two a cue, the text's words exactly and in order", "[model][captions]") {
    std::mt19937 rng(12);
    for (int trial = 0; trial < 400; ++trial) {
        const std::string text = random_text(rng);
        INFO("text: '" << text << "'");
        const auto blocks = model::caption_blocks(text);
        std::vector<std::string> words;
        for (const auto& b : blocks) {
            REQUIRE(!b.empty());
            CHECK(b.size() <= model::kCaptionLines);
            for (const auto& line : b) {
                const auto in_line = words_of(line);
                REQUIRE(!in_line.empty());
                // A line is over-long only when it is one word that alone is longer.
                if (utf8_length(line) > model::kCaptionChars) CHECK(in_line.size() == 1);
                CHECK(line.front() != ' ');
                CHECK(line.back() != ' ');
                words.insert(words.end(), in_line.begin(), in_line.end());
            }
        }
        CHECK(words == words_of(text));
        // Greedy: a line's first word did not fit on the line before.
        std::vector<std::string> lines;
        for (const auto& b : blocks) lines.insert(lines.end(), b.begin(), b.end());
        for (std::size_t i = 1; i < lines.size(); ++i)
            CHECK(utf8_length(lines[i - 1]) + 1 + utf8_length(words_of(lines[i]).front()) > model::kCaptionChars);
    }
}

TEST_CASE("caption cues are timed back to back over the step, each at least a second when it can be", "[model][captions]") {
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> length(0.2, 40.0);
    for (int trial = 0; trial < 400; ++trial) {
        const std::string text = random_text(rng);
        const double len = length(rng);
        INFO("text: '" << text << "', length " << len);
        const auto blocks = model::caption_blocks(text);
        const auto cues = model::caption_cues(text, len);
        REQUIRE(cues.size() == blocks.size());
        if (cues.empty()) continue;
        CHECK(cues.front().start == 0.0);
        CHECK(cues.back().end == len);
        const bool roomy = len >= model::kCaptionMin * static_cast<double>(cues.size());
        for (std::size_t i = 0; i < cues.size(); ++i) {
            CHECK(cues[i].lines == blocks[i]);
            CHECK(cues[i].end > cues[i].start);
            if (i > 0) CHECK(cues[i].start == cues[i - 1].end);
            if (roomy) CHECK(cues[i].end - cues[i].start >= model::kCaptionMin - 1e-9);
            else CHECK(cues[i].end - cues[i].start == Approx(len / static_cast<double>(cues.size())));
        }
    }
    CHECK(model::caption_cues("", 5.0).empty());
    CHECK(model::caption_cues("  \n\t ", 5.0).empty());
}

TEST_CASE("a question page's chapter title and captions are its question, then its answer", "[model][captions]") {
    auto sc = sentence_all_panels();
    scene::Question q;
    q.ask = "What does the mask do to a later word's weight?";
    q.answer = "It makes it exactly 0.";
    sc->quiz.questions.push_back(q);
    sc->steps.back().say = "The last step's own narration.";
    const scene::Deck deck = scene::deck_of(sc);
    const timeline::Layout lay = timeline::layout(deck, timeline::Pages::WithQuestions);
    REQUIRE(lay.spans.size() == sc->steps.size() + 2);
    const int predict = static_cast<int>(sc->steps.size()), answer = predict + 1;
    CHECK(model::span_title(deck, lay, predict) == "Check yourself: question 1");
    CHECK(model::span_title(deck, lay, answer) == "Answer 1");
    CHECK(model::span_say(deck, lay, predict) == q.ask);  // not the last step's narration again
    CHECK(model::span_say(deck, lay, answer) == q.answer);
    CHECK(model::span_title(deck, lay, predict - 1) == scene::step_title(sc->steps.back()));
}

namespace {

// The sentence scene whose blend step shows `panels` instead of the scene's.
struct Pictured : support::Staged {
    explicit Pictured(std::vector<scene::Panel> panels, bool mask = false)
        : support::Staged([&] {
              auto s = support::sentence_scene();
              if (!mask) s->steps[3].set.mask = false;
              s->steps.back().panels = std::move(panels);
              return s;
          }()) {}
    int last() const { return static_cast<int>(lay.spans.size()) - 1; }
    model::Frame at(double u) const { return model::frame_at(deck, lay, state(last()), time(last(), u)); }
};

}  // namespace

TEST_CASE("why √d: random dot products spread as √d, and softmax saturates without the division", "[model]") {
    Pictured p({scene::Panel::TokenRow, scene::Panel::Scaling, scene::Panel::Narration});
    const model::Frame f = p.at(1.0);
    const model::Scaling& s = f.scene.scaling;
    REQUIRE(s.strips.size() == std::size(model::kScalingDims));
    double before = 0;
    for (const model::Scaling::Strip& st : s.strips) {
        INFO("d = " << st.d);
        REQUIRE(st.dots.size() == static_cast<std::size_t>(model::kScalingSamples));
        // Mean 0, variance d: the measured spread is √d within the sampling error of 200 samples.
        CHECK(st.sd / std::sqrt(static_cast<double>(st.d)) == Approx(1.0).margin(0.15));
        CHECK(st.sd > before);  // the strips widen with d
        before = st.sd;
        double far = 0;
        for (double x : st.dots) far = std::max(far, std::fabs(x));
        CHECK(far <= s.axis);  // every dot is on the axis
        CHECK(st.scene == (st.d == 2));  // the sentence scene's d
        CHECK(st.reveal == 1.0);
    }
    // One row of scores at d = 128: softmax gives nearly everything to one key without the
    // division, a mixture with it; every share written correctly rounded.
    const auto top = [](const model::Scaling::Bars& b) { return *std::max_element(b.share.begin(), b.share.end()); };
    CHECK(top(s.raw) > 0.95);
    CHECK(top(s.scaled) < 0.6);
    // Saturated, softmax passes back almost no gradient: aᵢ(1 − aᵢ) is tiny for every key.
    CHECK(s.raw.gradient == Approx(top(s.raw) * (1 - top(s.raw))));
    CHECK(s.raw.gradient < 0.02);
    CHECK(s.scaled.gradient > 0.1);
    CHECK(s.raw.note.find(model::num(s.raw.gradient, 3)) != std::string::npos);
    for (const model::Scaling::Bars* b : {&s.raw, &s.scaled}) {
        REQUIRE(b->share.size() == static_cast<std::size_t>(model::kScalingExampleKeys));
        REQUIRE(b->text.size() == b->share.size());
        for (std::size_t j = 0; j < b->share.size(); ++j) CHECK(b->text[j] == support::percent_of(b->share[j]));
    }
    // The same row: the division by √128 does not reorder the keys.
    for (std::size_t i = 0; i < s.raw.share.size(); ++i)
        for (std::size_t j = 0; j < s.raw.share.size(); ++j)
            CHECK((s.raw.share[i] < s.raw.share[j]) == (s.scaled.share[i] < s.scaled.share[j]));
    // It arrives strip by strip, the bars last.
    const model::Scaling& start = p.at(0.0).scene.scaling;
    CHECK(start.strips.front().reveal == 0.0);
    CHECK(start.bars_reveal == 0.0);
    const model::Scaling& mid = p.at(0.3).scene.scaling;
    CHECK(mid.strips.front().reveal > mid.strips.back().reveal);
    CHECK(mid.bars_reveal == 0.0);
    // Pure: the same picture in every frame.
    CHECK(p.at(1.0).scene.scaling.strips[3].dots == s.strips[3].dots);
}

TEST_CASE("why √d: a scene whose d is none of the picture's has a strip of its own", "[model]") {
    for (std::size_t d : {std::size_t{6}, std::size_t{64}, std::size_t{1000}}) {
        auto sc = support::sentence_scene();
        for (core::Mat* m : {&sc->heads[0].q, &sc->heads[0].k})
            for (core::Vec& row : *m) row.resize(d, 0.0);  // the same scores, in d dimensions
        sc->steps.back().panels = {scene::Panel::TokenRow, scene::Panel::Scaling, scene::Panel::Narration};
        const support::Staged p(sc);
        const int last = static_cast<int>(p.lay.spans.size()) - 1;
        const model::Scaling& s = model::frame_at(p.deck, p.lay, p.state(last), p.time(last, 1.0)).scene.scaling;
        INFO("the scene's d = " << d);
        REQUIRE(s.strips.size() == std::size(model::kScalingDims));
        int marked = 0;
        for (std::size_t i = 0; i < s.strips.size(); ++i) {
            const model::Scaling::Strip& st = s.strips[i];
            if (i > 0) CHECK(st.d > s.strips[i - 1].d);  // still in order
            marked += st.scene;
            CHECK(st.scene == (static_cast<std::size_t>(st.d) == d));
            CHECK(st.sd / std::sqrt(static_cast<double>(st.d)) == Approx(1.0).margin(0.15));
            for (double x : st.dots) CHECK(std::fabs(x) <= s.axis);
        }
        CHECK(marked == 1);
        // The nearest of the picture's own gave way: 8 for 6, 32 for 64 (as near as 128), 512 for 1000.
        const auto has = [&](int want) {
            return std::any_of(s.strips.begin(), s.strips.end(), [&](const auto& st) { return st.d == want; });
        };
        CHECK(!has(d == 6 ? 8 : d == 64 ? 32 : 512));
    }
}

TEST_CASE("every output at once: row i of A·V blends the values by row i of A", "[model]") {
    for (bool mask : {false, true}) {
        Pictured p({scene::Panel::TokenRow, scene::Panel::Outputs, scene::Panel::Readouts}, mask);
        const model::Frame f = p.at(1.0);
        const attention::Trace& tr = f.view->trace();
        const scene::Scene& sc = *p.deck.slides[0].scene;
        const model::Outputs& o = f.scene.outputs;
        INFO("mask " << mask);
        CHECK(tr.causal == mask);
        REQUIRE(o.outputs.value.size() == sc.n());
        REQUIRE(o.values.value.size() == sc.n());
        double largest_v = 0;
        for (const auto& row : sc.heads[0].v)
            for (double x : row) largest_v = std::max(largest_v, std::fabs(x));
        CHECK(o.legend.scale == model::Scale::Diverging);
        CHECK(o.legend.low == support::rounded(-largest_v, 1));
        CHECK(o.legend.high == support::rounded(largest_v, 1));
        for (std::size_t i = 0; i < sc.n(); ++i)
            for (std::size_t c = 0; c < sc.heads[0].v[0].size(); ++c) {
                double blend = 0;
                for (std::size_t j = 0; j < sc.n(); ++j) blend += tr.weights(i, j) * sc.heads[0].v[j][c];
                CHECK(o.outputs.value[i][c] == Approx(blend).margin(1e-12));
                CHECK(o.values.value[i][c] == sc.heads[0].v[i][c]);
                // On the values' one diverging scale, written at 0.01 (V as the scene writes it).
                CHECK(o.outputs.tone[i][c] == Approx(o.outputs.value[i][c] / largest_v).margin(1e-12));
                CHECK(o.values.tone[i][c] == Approx(sc.heads[0].v[i][c] / largest_v).margin(1e-12));
                CHECK(o.outputs.text[i][c] == support::rounded(blend, 2));
                CHECK(o.values.text[i][c] == model::num(sc.heads[0].v[i][c], model::decimals_for(sc.heads[0].v, 2)));
            }
        // Under the mask the first token reads only itself: its new vector is its own value.
        if (mask)
            for (std::size_t c = 0; c < sc.heads[0].v[0].size(); ++c) CHECK(o.outputs.value[0][c] == Approx(sc.heads[0].v[0][c]).margin(1e-12));
        CHECK(o.focus == f.scene.focus);
        CHECK(o.reveal == 1.0);
        CHECK(p.at(0.0).scene.outputs.reveal == 0.0);
        // The readouts' new vector is the lit row.
        const auto nv = std::find_if(f.scene.readouts.rows.begin(), f.scene.readouts.rows.end(),
                                     [](const model::Readout& r) { return r.name == "New vector"; });
        REQUIRE(nv != f.scene.readouts.rows.end());
        const auto& row = o.outputs.value[static_cast<std::size_t>(o.focus)];
        CHECK(nv->value == "(" + model::num(row[0]) + ", " + model::num(row[1]) + ")");
    }
}

TEST_CASE("every output at once, for a scene too large to draw, says so instead", "[model]") {
    auto s = support::sentence_scene();
    const std::size_t n = model::Outputs::kMaxRows + 1;
    s->tokens.assign(n, "w");
    s->heads[0].q.assign(n, {1.0, 0.5});
    s->heads[0].k.assign(n, {0.5, 1.0});
    s->heads[0].v.assign(n, {1.0, -1.0});
    s->steps.back().panels = {scene::Panel::Outputs};
    support::Staged st(s);
    const int last = static_cast<int>(st.lay.spans.size()) - 1;
    const model::Frame f = model::frame_at(st.deck, st.lay, st.state(last), st.time(last, 1.0));
    CHECK(f.scene.outputs.outputs.value.empty());
    CHECK_FALSE(f.scene.outputs.note.empty());
}

TEST_CASE("a step's own panels show on that step only, and not during an experiment", "[model]") {
    using P = scene::Panel;
    Pictured p({P::TokenRow, P::Scaling});
    CHECK(p.at(1.0).scene.panels == std::vector<P>{P::TokenRow, P::Scaling});
    const model::Frame before = model::frame_at(p.deck, p.lay, p.state(p.last() - 1), p.time(p.last() - 1, 1.0));
    CHECK(before.scene.panels == p.deck.slides[0].scene->panels);
    CHECK(before.scene.scaling.strips.empty());  // a panel not showing is not computed
    auto s = support::sentence_scene();
    s->steps.back().panels = {P::TokenRow, P::Scaling};
    s->experiments.push_back({"cold", scene::Settings{.temperature = 0.0}, "one-hot"});
    support::Staged st(s);
    const int last = static_cast<int>(st.lay.spans.size()) - 1;
    timeline::State trying = st.state(last);
    trying.experiment = 0;
    const model::Frame f = model::frame_at(st.deck, st.lay, trying, st.time(last, 1.0));
    CHECK(f.scene.panels == s->panels);
}

TEST_CASE("the block: this head lit among the parts of a Transformer block the lecture leaves out", "[model]") {
    Pictured p({scene::Panel::TokenRow, scene::Panel::Block});
    const model::Block& b = p.at(1.0).scene.block;
    REQUIRE(b.attention >= 0);
    REQUIRE(static_cast<std::size_t>(b.attention) < b.parts.size());
    CHECK(b.parts[static_cast<std::size_t>(b.attention)].shown);
    CHECK(b.heads > 1);  // multi-head: this one among others
    CHECK(b.head.find("d = 2") != std::string::npos);
    // What the lecture does not draw is there, greyed: positions, residuals with their norms, the
    // feed-forward network.
    int residuals = 0, greyed = 0;
    for (const model::Block::Part& part : b.parts) {
        residuals += part.residual;
        greyed += !part.shown;
        if (part.residual) CHECK_FALSE(part.shown);
        // The add of every residual path is drawn (its norm is not): a head's output is added to
        // the token's input, never put in its place.
        CHECK(part.add == part.residual);
    }
    CHECK(residuals == 2);
    CHECK(greyed == 4);
    CHECK_FALSE(b.parts.front().shown);  // the inputs with their positions, at the bottom
    CHECK(b.parts.back().shown);         // on to the next layer, at the top
}

// ---- predict, then see ---------------------------------------------------------------------

namespace {

// The bars as shown: every label and height, to compare two frames.
std::vector<std::pair<std::string, double>> bars_of(const model::Frame& f) {
    std::vector<std::pair<std::string, double>> out;
    for (const auto& b : f.scene.weight_bars.bars) out.emplace_back(b.label, b.height);
    return out;
}

}  // namespace

TEST_CASE("a step's question beat: the question on a framed card, the step before's bars, no narration of the step", "[model][predict]") {
    auto sc = sentence_all_panels();
    scene::Step& st = sc->steps.back();  // blend: it comes after the softmax, so bars are shown
    st.set.temperature = 0.25;
    st.ask = "T is about to fall to 0.25. Which bars grow?";
    st.say = "cat's bar grows; the others shrink.";
    const scene::Deck deck = scene::deck_of(sc);
    const timeline::Layout lay = timeline::layout(deck);
    const int ask = static_cast<int>(lay.spans.size()) - 2, play = ask + 1;
    REQUIRE(lay.spans[static_cast<std::size_t>(ask)].asking);
    const timeline::Span& before = lay.spans[static_cast<std::size_t>(ask - 1)];
    const model::Frame end_before = model::frame_at(deck, lay, timeline::state_at_span(lay, ask - 1), before.end());
    REQUIRE(!bars_of(end_before).empty());
    const timeline::Span& a = lay.spans[static_cast<std::size_t>(ask)];
    for (double f : {0.0, 0.3, 0.99}) {
        const double t = a.start + f * a.hold;
        const model::Frame fr = model::frame_at(deck, lay, timeline::state_at(lay, t), t, true);
        INFO("at " << f << " of the question beat");
        CHECK(fr.scene.narration.kind == model::Narration::Kind::Predict);
        CHECK(fr.scene.narration.text == st.ask);
        CHECK(!fr.scene.narration.prompt.empty());
        CHECK(fr.scene.narration.heading.find("Predict") != std::string::npos);
        CHECK(bars_of(fr) == bars_of(end_before));  // nothing has moved
        // The caption is the question's; nothing of the answer is on screen.
        std::string caption;
        for (const auto& line : fr.caption) caption += line + " ";
        CHECK(!caption.empty());
        CHECK(caption.find("grows") == std::string::npos);
        CHECK(st.ask.find(fr.caption.front()) != std::string::npos);
    }
    // At the end of the step's play: its words, the new bars.
    const timeline::Span& p = lay.spans[static_cast<std::size_t>(play)];
    const model::Frame after = model::frame_at(deck, lay, timeline::state_at_span(lay, play), p.end());
    CHECK(after.scene.narration.kind == model::Narration::Kind::Words);
    CHECK(after.scene.narration.text == st.say);
    CHECK(bars_of(after) != bars_of(end_before));
}

TEST_CASE("an answer page writes the answer on the narration panel over the picture it names", "[model][predict][quiz]") {
    auto sc = sentence_all_panels();
    sc->experiments.push_back({"Cold", scene::Settings{.temperature = 0.0}, "one-hot"});
    scene::Question open;
    open.ask = "What does T = 0 do?";
    open.answer = "All the weight goes to the best match.";
    open.experiment = "Cold";
    open.after = 4;
    scene::Question mc;
    mc.ask = "Do the weights add up to 1?";
    mc.choices = {"No", "Yes, always"};
    mc.correct = 1;
    mc.answer = "Softmax makes them a budget.";
    sc->quiz.questions = {open, mc};
    const scene::Deck deck = scene::deck_of(sc);
    const timeline::Layout lay = timeline::layout(deck, timeline::Pages::WithQuestions);
    int seen = 0;
    for (std::size_t i = 0; i < lay.spans.size(); ++i) {
        const timeline::Span& sp = lay.spans[i];
        if (sp.question < 0) continue;
        const model::Frame f = model::frame_at(deck, lay, timeline::state_at_span(lay, static_cast<int>(i)), sp.end());
        const scene::Question& q = sc->quiz.questions[static_cast<std::size_t>(sp.question)];
        INFO("question " << sp.question << (sp.answer ? " answered" : " asked"));
        if (!sp.answer) {
            // Asked: the card, over the step it follows, nothing of the answer.
            REQUIRE(f.quiz);
            CHECK(f.quiz->question == q.ask);
            CHECK(f.quiz->answer.empty());
            CHECK(f.scene.narration.kind == model::Narration::Kind::Words);
            continue;
        }
        ++seen;
        CHECK_FALSE(f.quiz);  // no card over the picture
        CHECK(f.scene.narration.kind == model::Narration::Kind::Answer);
        CHECK(f.scene.narration.title == q.ask);
        CHECK(f.scene.narration.text == q.answer);
        if (sp.question == 0) {
            CHECK(sp.step == 4);
            CHECK(f.scene.header.experiment);  // the experiment's picture: T = 0, one-hot
            CHECK(f.scene.header.right.find("Cold") != std::string::npos);
            int full = 0;
            for (const auto& b : f.scene.weight_bars.bars) full += b.label == "100%";
            CHECK(full == 1);
        } else {
            CHECK(f.scene.narration.choice == "Yes, always");
            CHECK(f.scene.narration.subheading == "the right answer");
            CHECK_FALSE(f.scene.header.experiment);
        }
    }
    CHECK(seen == 2);
}

TEST_CASE("one score, one colour: the score row and the matrix colour a score alike, by its sign", "[model]") {
    auto sc = sentence_all_panels();
    sc->panels.push_back(scene::Panel::Matrix);
    support::Staged st(sc);
    for (Stage stage : {Stage::Scores, Stage::Scale}) {
        int span = -1;
        for (std::size_t i = 0; i < st.lay.spans.size(); ++i)
            if (sc->steps[static_cast<std::size_t>(st.lay.spans[i].step)].stage == stage) span = static_cast<int>(i);
        REQUIRE(span >= 0);
        const timeline::View v = st.view(span, 1.0);
        const model::SceneFrame f = model::frame_of(v).scene;
        const std::size_t focus = static_cast<std::size_t>(f.focus);
        int negative = 0, positive = 0;
        for (std::size_t j = 0; j < v.trace().n; ++j) {
            const double score = stage == Stage::Scores ? v.trace().scores(focus, j) : v.trace().scaled(focus, j);
            const double t = f.score_row.cells[j].tone;
            INFO("key " << j << ", score " << score << ", tone " << t);
            CHECK(t == f.matrix.cell(static_cast<int>(focus), static_cast<int>(j)).score_tone);
            CHECK(t >= -1.0);
            CHECK(t <= 1.0);
            CHECK((score < 0) == (t < 0));  // the other side of the scale's 0
            negative += score < 0, positive += score > 0;
        }
        CHECK(negative > 0);  // what makes this a test: scores of both signs
        CHECK(positive > 0);
        // Both legends are the scores' diverging one, −m … 0 … m for the largest |q·k| m.
        CHECK(f.score_row.legend.scale == model::Scale::Diverging);
        CHECK(f.score_row.legend.mid == "0");
        CHECK(f.matrix.legend.low == f.score_row.legend.low);
        CHECK(f.matrix.legend.high == f.score_row.legend.high);
        CHECK(support::read_number(f.score_row.legend.low) == -support::read_number(f.score_row.legend.high));
    }
    // Once the weights arrive, the matrix's legend is theirs: sequential, 0 … 1.
    const timeline::View last = st.view(static_cast<int>(st.lay.spans.size()) - 1, 1.0);
    const model::SceneFrame end = model::frame_of(last).scene;
    CHECK(end.matrix.legend.scale == model::Scale::Sequential);
    CHECK(end.matrix.legend.low == "0");
    CHECK(end.matrix.legend.high == "1");
}

TEST_CASE("a picture step lights what it pictures on the pipeline: √d its ÷ √d, the block no one stage", "[model]") {
    using P = scene::Panel;
    for (const auto& [panels, want] : {std::pair{std::vector<P>{P::TokenRow, P::Scaling, P::Pipeline}, std::optional<Stage>{Stage::Scale}},
                                       std::pair{std::vector<P>{P::TokenRow, P::Block, P::Pipeline}, std::optional<Stage>{}},
                                       std::pair{std::vector<P>{P::TokenRow, P::Outputs, P::Pipeline}, std::optional<Stage>{Stage::Blend}}}) {
        Pictured p(panels);
        const model::Pipeline& pl = p.at(1.0).scene.pipeline;
        REQUIRE(pl.cards.size() == 6);
        for (const model::StageCard& c : pl.cards) {
            INFO("card " << c.label);
            // The step is at the blend: every stage's numbers are there, the pictured one lit.
            CHECK(c.state == (c.stage == want ? model::StageCard::State::Active : model::StageCard::State::Done));
        }
        // Mid-animation the lit card runs with the picture.
        const model::Pipeline& mid = p.at(0.5).scene.pipeline;
        for (const model::StageCard& c : mid.cards) CHECK(c.running.has_value() == (c.stage == want));
    }
}

TEST_CASE("T = 0 and T = ∞ are shown as the limits they are", "[model]") {
    Sentence s;
    const int span = s.span_of(Stage::Blend);
    const double t = s.time(span, 1.0);
    for (const auto& [T, limit] : {std::pair{0.0, "→ 0"}, std::pair{attention::kInfinity, "→ ∞"}}) {
        const timeline::State st = timeline::apply(s.deck, s.lay, s.state(span), timeline::cmd::Temperature{T}, t);
        const timeline::View v = timeline::evaluate(s.deck, s.lay, st, t);
        const model::SceneFrame f = model::frame_of(v).scene;
        CHECK(f.control_panel.temperature == std::string("T ") + limit);
        CHECK(f.readouts.rows[1].name == "Temperature T");
        CHECK(f.readouts.rows[1].value == std::string(limit) + " (limit)");
        bool line = false;
        for (const std::string& l : f.arithmetic.lines) line = line || l.rfind(std::string("÷ T:  T ") + limit, 0) == 0;
        CHECK(line);
    }
    const timeline::State st = timeline::apply(s.deck, s.lay, s.state(span), timeline::cmd::Temperature{0.05}, t);
    const timeline::View v = timeline::evaluate(s.deck, s.lay, st, t);
    const model::SceneFrame f = model::frame_of(v).scene;
    CHECK(f.control_panel.temperature == "T = 0.05");
    CHECK(f.readouts.rows[1].value == "0.05");
}

// ---- the residual, and one matrix for W_Q and W_K ---------------------------------------------

namespace {

core::Mat product(const core::Mat& a, const core::Mat& b) {
    core::Mat out(a.size(), core::Vec(b[0].size(), 0.0));
    for (std::size_t i = 0; i < a.size(); ++i)
        for (std::size_t j = 0; j < b[0].size(); ++j)
            for (std::size_t c = 0; c < b.size(); ++c) out[i][j] += a[i][c] * b[c][j];
    return out;
}

core::Mat random_mat(std::mt19937& rng, std::size_t rows, std::size_t cols) {
    std::uniform_int_distribution<int> tenths(-20, 20);  // one decimal, as a scene writes them
    core::Mat m(rows, core::Vec(cols));
    for (auto& r : m)
        for (double& x : r) x = tenths(rng) / 10.0;
    return m;
}

// The sentence's six tokens with random inputs x (6 × 3) and projections W_Q, W_K, W_V (3 × 2)
// and W_O (2 × 3, or none), its last step showing `panels`.
struct Projected : support::Staged {
    Projected(std::mt19937& rng, std::vector<scene::Panel> panels, bool w_o = true)
        : support::Staged([&] {
              auto s = support::sentence_scene();
              s->x = random_mat(rng, 6, 3);
              scene::Head& h = s->heads[0];
              h.w_q = random_mat(rng, 3, 2);
              h.w_k = random_mat(rng, 3, 2);
              h.w_v = random_mat(rng, 3, w_o ? 2 : 3);
              if (w_o) s->w_o = random_mat(rng, 2, 3);
              h.q = product(s->x, h.w_q);
              h.k = product(s->x, h.w_k);
              h.v = product(s->x, h.w_v);
              s->steps.back().panels = std::move(panels);
              return s;
          }()) {}
    const scene::Scene& scene() const { return *deck.slides[0].scene; }
    model::Frame at(double u) const {
        const int last = static_cast<int>(lay.spans.size()) - 1;
        return model::frame_at(deck, lay, state(last), time(last, u));
    }
};

}  // namespace

TEST_CASE("one matrix for W_Q and W_K makes the scores symmetric with a diagonal ≥ 0; two need not", "[model]") {
    std::mt19937 rng(27);
    int asymmetric = 0;
    for (int trial = 0; trial < 40; ++trial) {
        Projected p(rng, {scene::Panel::TokenRow, scene::Panel::TiedScores});
        const model::Frame f = p.at(1.0);
        const model::TiedScores& t = f.scene.tied_scores;
        const scene::Scene& s = p.scene();
        const std::size_t n = s.n();
        REQUIRE(t.tied.scores.value.size() == n);
        REQUIRE(t.separate.scores.value.size() == n);
        bool differs = false;
        for (std::size_t i = 0; i < n; ++i) {
            INFO("trial " << trial << " row " << i);
            CHECK(t.tied.scores.value[i][i] >= 0);
            for (std::size_t j = 0; j < n; ++j) {
                CHECK(t.tied.scores.value[i][j] == t.tied.scores.value[j][i]);   // exactly
                CHECK(t.tied.scores.text[i][j] == t.tied.scores.text[j][i]);
                // Each side is the scores of its keys: q_i·q_j, and the scene's q_i·k_j.
                double tied = 0, own = 0;
                for (std::size_t c = 0; c < s.d(); ++c) tied += s.heads[0].q[i][c] * s.heads[0].q[j][c], own += s.heads[0].q[i][c] * s.heads[0].k[j][c];
                CHECK(t.tied.scores.value[i][j] == Approx(tied).margin(1e-12));
                CHECK(t.separate.scores.value[i][j] == Approx(own).margin(1e-12));
                CHECK(t.separate.scores.text[i][j] == support::rounded(own, 2));
                differs |= t.separate.scores.text[i][j] != t.separate.scores.text[j][i];
            }
        }
        asymmetric += differs;
        CHECK(t.tied.verdict.rfind("symmetric", 0) == 0);
        CHECK(t.separate.verdict.rfind(differs ? "not symmetric" : "symmetric", 0) == 0);
        // The marked pair is the asker and the key it scores highest besides its own.
        REQUIRE(t.partner >= 0);
        CHECK(t.partner != t.focus);
    }
    CHECK(asymmetric >= 35);  // separate matrices are almost never symmetric
}

TEST_CASE("the residual: the head's output times W_O is Δ, and x + Δ goes on, from the trace", "[model]") {
    std::mt19937 rng(11);
    for (int trial = 0; trial < 30; ++trial) {
        const bool w_o = trial % 3 != 0;  // without W_O, x and v are as wide and Δ is the output itself
        Projected p(rng, {scene::Panel::TokenRow, scene::Panel::Residual}, w_o);
        const model::Frame f = p.at(1.0);
        const model::Residual& r = f.scene.residual;
        const scene::Scene& s = p.scene();
        const std::size_t focus = static_cast<std::size_t>(f.scene.focus), m = 3;
        INFO("trial " << trial);
        REQUIRE(r.note.empty());
        REQUIRE(r.x.value.size() == 1);
        REQUIRE(r.delta.value[0].size() == m);
        CHECK(r.w_o.value.size() == (w_o ? 2u : 0u));
        // The head's output, recomputed here: Σ a_j v_j with the trace's weights.
        const attention::Trace& tr = f.view->trace();
        core::Vec o(s.heads[0].v[0].size(), 0.0);
        for (std::size_t j = 0; j < s.n(); ++j)
            for (std::size_t c = 0; c < s.heads[0].v[0].size(); ++c) o[c] += tr.weights(focus, j) * s.heads[0].v[j][c];
        for (std::size_t c = 0; c < m; ++c) {
            double delta = 0;
            if (w_o)
                for (std::size_t e = 0; e < s.heads[0].v[0].size(); ++e) delta += o[e] * s.w_o[e][c];
            else
                delta = o[c];
            CHECK(r.delta.value[0][c] == Approx(delta).margin(1e-12));
            CHECK(r.sum.value[0][c] == Approx(s.x[focus][c] + delta).margin(1e-12));
            CHECK(r.delta.text[0][c] == support::rounded(delta, 2));
            CHECK(r.x.text[0][c] == support::rounded(s.x[focus][c], 1));
            // The page's numbers multiply out: o as written times W_O as written rounds to Δ as written.
            if (w_o) {
                double from_page = 0;
                for (std::size_t e = 0; e < s.heads[0].v[0].size(); ++e)
                    from_page += support::read_number(r.out.text[0][e]) * support::read_number(r.w_o.text[e][c]);
                CHECK(support::rounded(from_page, 2) == r.delta.text[0][c]);
            }
        }
    }
}

TEST_CASE("a scene with no input x, or x and v of different widths and no W_O, draws no residual", "[model]") {
    Pictured plain({scene::Panel::TokenRow, scene::Panel::Residual});
    CHECK(plain.at(1.0).scene.residual.x.value.empty());
    CHECK_FALSE(plain.at(1.0).scene.residual.note.empty());
    auto s = support::sentence_scene();
    s->x = core::Mat(6, core::Vec{1, 0, 0});
    s->heads[0].w_q = s->heads[0].w_k = s->heads[0].w_v = {{1, 0}, {0, 1}, {0, 0}};
    s->heads[0].q = s->heads[0].k = s->heads[0].v = core::Mat(6, core::Vec{1, 0});
    s->steps.back().panels = {scene::Panel::TokenRow, scene::Panel::Residual};
    CHECK_FALSE(s->residual());
    support::Staged st(s);
    const int last = static_cast<int>(st.lay.spans.size()) - 1;
    const model::Frame f = model::frame_at(st.deck, st.lay, st.state(last), st.time(last, 1.0));
    CHECK(f.scene.residual.x.value.empty());
    CHECK(f.scene.residual.note.find("W_O") != std::string::npos);
}
