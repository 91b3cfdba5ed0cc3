// load/: a scene's several heads (`heads:`, `w_o`) and positions (`positions:`): what the file
// says arrives in the scene, positions do what they say to the vectors, and every mistake is
// refused with its line and column (tags [load][heads] and [load][positions]).
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "attention/heads.hpp"
#include "attention/positions.hpp"
#include "load/load.hpp"
#include "scene/heads.hpp"
#include "support/files.hpp"

namespace {

using support::contains;
using support::TempDir;

struct Loaded {
    TempDir dir;
    load::Result result;
};

std::unique_ptr<Loaded> load_yaml(const std::string& text) {
    auto l = std::make_unique<Loaded>();
    const std::string file = l->dir.write("scene.yaml", text);
    l->result = load::load_file(file, load::Options{l->dir.path.string(), {}});
    return l;
}

const scene::Scene& scene_of(const Loaded& l) {
    std::string all;
    for (const auto& e : l.result.errors) all += "\n  " + e.format();
    INFO("errors:" << all);
    REQUIRE(l.result.ok());
    return *l.result.deck.slides.at(0).scene;
}

// The diagnostic containing `needle`, which must sit at line:column.
void expect(const std::string& yaml, const std::string& needle, int line, int column) {
    auto l = load_yaml(yaml);
    INFO(yaml);
    std::string all;
    for (const auto& e : l->result.errors) {
        all += "\n  " + e.format();
        if (e.message.find(needle) != std::string::npos) {
            CHECK(e.line == line);
            CHECK(e.column == column);
            return;
        }
    }
    FAIL("no diagnostic contains '" << needle << "'; got:" << all);
}

core::Mat times(const core::Mat& a, const core::Mat& b) {
    core::Mat out(a.size(), core::Vec(b[0].size(), 0.0));
    for (std::size_t i = 0; i < a.size(); ++i)
        for (std::size_t j = 0; j < b[0].size(); ++j) {
            long double s = 0;
            for (std::size_t c = 0; c < b.size(); ++c) s += static_cast<long double>(a[i][c]) * b[c][j];
            out[i][j] = static_cast<double>(s);
        }
    return out;
}

const std::string kTokens = "scene: s\ntokens: [a, b, c]\n";
const std::string kX = "x: [[1, 0], [0, 1], [1, 1]]\n";
const std::string kTwoHeads = kTokens + kX +
                              "heads:\n"
                              "  - name: first\n"
                              "    w_q: [[1, 0], [0, 1]]\n"
                              "    w_k: [[0.5, 0], [0, 2]]\n"
                              "    w_v: [[1], [2]]\n"
                              "  - w_q: [[0, 1, 1], [1, 0, 1]]\n"
                              "    w_k: [[1, 1, 0], [0, 1, 1]]\n"
                              "    w_v: [[3, 0], [0, 1]]\n";

}  // namespace

TEST_CASE("heads: each head's projections of x, W_O's row blocks, the trace of the whole", "[load][heads]") {
    auto l = load_yaml(kTwoHeads + "w_o: [[1, 0], [0, 1], [2, 2]]\nstart: {temperature: 0.5, mask: true}\n");
    const scene::Scene& s = scene_of(*l);
    REQUIRE(s.heads.size() == 2);
    CHECK(scene::head_name(s, 0) == "first");
    CHECK(scene::head_name(s, 1) == "head 2");
    const core::Mat x = {{1, 0}, {0, 1}, {1, 1}};
    const scene::Head& h1 = s.heads[1];
    CHECK(h1.q == times(x, {{0, 1, 1}, {1, 0, 1}}));
    CHECK(h1.k == times(x, {{1, 1, 0}, {0, 1, 1}}));
    CHECK(h1.v == times(x, {{3, 0}, {0, 1}}));
    // The controls' keys are the first head's.
    CHECK(scene::start_controls(s).keys == s.heads[0].k);
    CHECK(s.d() == 2);
    CHECK(s.projected());
    // The engine gets every head, W_O and x, under the controls.
    const attention::HeadsInput in = scene::heads_input(s, scene::start_controls(s));
    CHECK(in.heads.size() == 2);
    CHECK(in.temperature == 0.5);
    CHECK(in.causal);
    CHECK(in.x == x);
    attention::HeadsTrace tr;
    std::string error;
    REQUIRE(attention::trace(in, tr, error));
    CHECK(tr.concat.cols == 3);
    CHECK(tr.has_residual());
    // Token 0 sees only itself: its result is v0 of each head side by side, times W_O, plus x0.
    const double v00 = h1.v[0][0], v01 = h1.v[0][1], u0 = s.heads[0].v[0][0];
    CHECK(tr.residual(0, 0) == Approx(1 + u0 * 1 + v00 * 0 + v01 * 2));
    CHECK(tr.residual(0, 1) == Approx(0 + u0 * 0 + v00 * 1 + v01 * 2));
}

TEST_CASE("heads given as q, k and v; W_O without x; the concatenation without W_O", "[load][heads]") {
    auto l = load_yaml(kTokens +
                       "heads:\n"
                       "  - {q: [[1, 0], [0, 1], [1, 1]], k: [[1, 0], [0, 1], [1, 1]], v: [[1], [2], [3]]}\n"
                       "  - {q: [[1], [2], [3]], k: [[3], [2], [1]], v: [[1, 0], [0, 1], [1, 1]]}\n"
                       "w_o: [[1], [1], [1]]\n");
    const scene::Scene& s = scene_of(*l);
    REQUIRE(s.heads.size() == 2);
    CHECK(s.x.empty());
    CHECK_FALSE(s.projected());
    CHECK_FALSE(s.residual());
    attention::HeadsTrace tr;
    std::string error;
    REQUIRE(attention::trace(scene::heads_input(s, scene::start_controls(s)), tr, error));
    CHECK(tr.output.cols == 1);
    CHECK_FALSE(tr.has_residual());
    for (std::size_t i = 0; i < 3; ++i) CHECK(tr.output(i, 0) == Approx(tr.concat(i, 0) + tr.concat(i, 1) + tr.concat(i, 2)));
}

TEST_CASE("bad heads are refused where they are written", "[load][heads][errors]") {
    // A scene's own q beside heads.
    expect(kTwoHeads + "q: [[1], [2], [3]]\n", "q: a scene of several heads gives each head its own q", 12, 1);
    // A head without its w_v.
    expect(kTokens + kX + "heads:\n  - w_q: [[1], [1]]\n    w_k: [[1], [1]]\n", "heads[0]: missing key 'w_v'", 5, 5);
    // A head's w_k narrower than its w_q.
    expect(kTokens + kX + "heads:\n  - w_q: [[1, 0], [0, 1]]\n    w_k: [[1], [1]]\n    w_v: [[1], [1]]\n",
           "heads[0].w_k[0]: expected 2 numbers (d, the width of heads[0].w_q)", 6, 11);
    // A head's w_q with a row per token, not per feature.
    expect(kTokens + kX + "heads:\n  - w_q: [[1], [1], [1]]\n    w_k: [[1], [1]]\n    w_v: [[1], [1]]\n",
           "heads[0].w_q: expected 2 rows (m, the width of x)", 5, 10);
    // W_O with a row per head instead of per number of their values.
    expect(kTwoHeads + "w_o: [[1, 0], [0, 1]]\n", "w_o: expected 3 rows (one per number of the heads' values side by side", 12, 6);
    expect(kTwoHeads + "w_o: [[1], [0], [2]]\n", "w_o[0]: expected 2 numbers (m, the width of x", 12, 7);
    // One head of each form.
    expect(kTokens + kX + "heads:\n  - {w_q: [[1], [1]], w_k: [[1], [1]], w_v: [[1], [1]]}\n  - {q: [[1], [1], [1]], k: [[1], [1], [1]], v: [[1], [1], [1]]}\n",
           "heads[1]: every head gives q, k and v, or every head gives w_q, w_k and w_v", 6, 5);
    // x beside heads that give q, k, v.
    expect(kTokens + kX + "heads:\n  - {q: [[1], [1], [1]], k: [[1], [1], [1]], v: [[1], [1], [1]]}\n",
           "x: the heads give q, k and v themselves", 3, 1);
    // Projected heads without x.
    expect(kTokens + "heads:\n  - {w_q: [[1], [1]], w_k: [[1], [1]], w_v: [[1], [1]]}\n",
           "heads[0]: w_q, w_k and w_v project the inputs: give the scene's x", 4, 5);
    // An unknown key in a head, with its nearest.
    expect(kTokens + "heads:\n  - {q: [[1], [1], [1]], key: [[1], [1], [1]], v: [[1], [1], [1]]}\n", "unknown key 'key'", 4, 26);
    // Not a list; an empty list; a NaN in a head.
    expect(kTokens + "heads: 3\n", "heads: expected a list of heads", 3, 8);
    expect(kTokens + "heads: []\n", "heads: expected a list of heads", 3, 8);
    expect(kTokens + "heads:\n  - {q: [[1], [.nan], [1]], k: [[1], [1], [1]], v: [[1], [1], [1]]}\n",
           "heads[0].q[1][0]: expected a finite number", 4, 16);
    // d beside heads.
    expect(kTwoHeads + "d: 2\n", "d: each head's width is its own", 12, 1);
}

TEST_CASE("more heads than the limit are refused while the file is read", "[load][heads][errors]") {
    std::string yaml = kTokens + "heads:\n";
    for (int h = 0; h < 257; ++h) yaml += "  - {q: [[1], [1], [1]], k: [[1], [1], [1]], v: [[1], [1], [1]]}\n";
    auto l = load_yaml(yaml);
    REQUIRE_FALSE(l->result.ok());
    const core::Diagnostic& e = l->result.errors.at(0);
    CHECK(contains(e.message, "at most 256 heads are supported"));
    CHECK(contains(e.message, "its item 257"));
    CHECK(e.line == 4);
    // 256 are read.
    std::string most = kTokens + "heads:\n";
    for (int h = 0; h < 256; ++h) most += "  - {q: [[1], [1], [1]], k: [[1], [1], [1]], v: [[1], [1], [1]]}\n";
    auto ok = load_yaml(most);
    CHECK(scene_of(*ok).heads.size() == 256);
}

TEST_CASE("positions: sinusoidal and learned vectors are added to x before the projections", "[load][positions]") {
    const std::string projected = kTokens + kX + "w_q: [[1, 0], [0, 1]]\nw_k: [[1, 0], [0, 1]]\nw_v: [[1, 0], [0, 1]]\n";
    const core::Mat x = {{1, 0}, {0, 1}, {1, 1}};
    SECTION("sinusoidal, with an offset") {
        auto l = load_yaml(projected + "positions: {kind: sinusoidal, offset: 2}\n");
        const scene::Scene& s = scene_of(*l);
        const core::Mat pe = attention::sinusoidal({2, 3, 4}, 2);
        CHECK(s.positions.kind == scene::Positions::Kind::Sinusoidal);
        CHECK(s.positions.added == pe);
        REQUIRE(s.projected());
        CHECK(s.x == attention::add(x, pe));
        CHECK(s.heads[0].q == times(attention::add(x, pe), {{1, 0}, {0, 1}}));
        CHECK(pe[0][0] == std::sin(2.0));
    }
    SECTION("learned") {
        auto l = load_yaml(projected + "positions:\n  kind: learned\n  vectors: [[0.5, 0], [0, 0.5], [0.25, 0.25]]\n");
        const scene::Scene& s = scene_of(*l);
        CHECK(s.x == core::Mat{{1.5, 0}, {0, 1.5}, {1.25, 1.25}});
        CHECK(s.heads[0].k == s.x);
    }
    SECTION("in a scene of several heads, every head reads x with its positions") {
        auto l = load_yaml(kTwoHeads + "positions: {kind: sinusoidal}\n");
        const scene::Scene& s = scene_of(*l);
        const core::Mat xp = attention::add(x, attention::sinusoidal({0, 1, 2}, 2));
        CHECK(s.x == xp);
        CHECK(s.heads[1].q == times(xp, {{0, 1, 1}, {1, 0, 1}}));
    }
}

TEST_CASE("positions: rope turns every query and key by its position", "[load][positions]") {
    auto l = load_yaml(support::kTiny + "positions: {kind: rope, base: 100, offset: 1}\n");
    const scene::Scene& s = scene_of(*l);
    const std::vector<double> pos = {1, 2, 3};
    CHECK(s.heads[0].q == attention::rotary({{1, 0}, {0, 1}, {1, 1}}, pos, 100));
    CHECK(s.heads[0].k == s.heads[0].q);
    CHECK(s.heads[0].v == core::Mat{{1, 0}, {0, 1}, {1, 1}});  // values are not turned
    // The shipped scene: two tokens with the same key as written, different once turned.
    const load::Result rope = load::load_file(std::string(ATTNLAB_SOURCE_DIR) + "/scenes/rope.yaml",
                                              load::Options{ATTNLAB_SOURCE_DIR, {}});
    REQUIRE(rope.ok());
    const scene::Scene& r = *rope.deck.slides[0].scene;
    CHECK(r.positions.kind == scene::Positions::Kind::Rotary);
    CHECK(r.heads[0].k[0] != r.heads[0].k[3]);
    CHECK(std::hypot(r.heads[0].k[0][0], r.heads[0].k[0][1]) == Approx(std::hypot(r.heads[0].k[3][0], r.heads[0].k[3][1])));
    // With heads, each head is turned by its own d.
    auto heads = load_yaml(kTokens +
                           "heads:\n"
                           "  - {q: [[1, 0], [0, 1], [1, 1]], k: [[1, 0], [0, 1], [1, 1]], v: [[1], [2], [3]]}\n"
                           "  - {q: [[1, 0, 0, 1], [0, 1, 0, 1], [1, 1, 0, 1]], k: [[1, 0, 0, 0], [0, 1, 0, 0], [1, 1, 1, 1]], v: [[1], [0], [1]]}\n"
                           "positions: {kind: rope}\n");
    const scene::Scene& hs = scene_of(*heads);
    CHECK(hs.heads[1].q == attention::rotary({{1, 0, 0, 1}, {0, 1, 0, 1}, {1, 1, 0, 1}}, {0, 1, 2}));
}

TEST_CASE("bad positions are refused where they are written", "[load][positions][errors]") {
    const std::string projected = kTokens + kX + "w_q: [[1, 0], [0, 1]]\nw_k: [[1, 0], [0, 1]]\nw_v: [[1, 0], [0, 1]]\n";
    expect(projected + "positions: {kind: sinusoidl}\n", "unknown kind 'sinusoidl' (did you mean 'sinusoidal'?)", 7, 19);
    expect(projected + "positions: {base: 10}\n", "positions: missing key 'kind'", 7, 12);
    expect(projected + "positions: rope\n", "positions: expected a mapping", 7, 12);
    expect(projected + "positions: {kind: rope, bse: 10}\n", "unknown key 'bse' (did you mean 'base'?)", 7, 25);
    expect(projected + "positions: {kind: rope, base: 1}\n", "positions.base: expected a number > 1", 7, 31);
    expect(projected + "positions: {kind: rope, offset: 1e9}\n", "positions.offset: expected a number from -1000000 to 1000000", 7, 33);
    expect(projected + "positions: {kind: learned}\n", "positions: missing key 'vectors'", 7, 12);
    expect(projected + "positions: {kind: learned, vectors: [[1, 0], [0, 1]]}\n", "positions.vectors: expected 3 rows", 7, 37);
    expect(projected + "positions: {kind: learned, vectors: [[1], [0], [1]]}\n", "positions.vectors: expected rows of 2 numbers", 7, 12);
    expect(projected + "positions: {kind: sinusoidal, vectors: [[1, 0]]}\n", "only learned positions are given as vectors", 7, 31);
    expect(projected + "positions: {kind: learned, base: 3, vectors: [[1, 0], [0, 1], [1, 1]]}\n", "positions.base: learned positions",
           7, 28);
    // Sinusoidal positions need an x to add to.
    expect(support::kTiny + "positions: {kind: sinusoidal}\n", "sinusoidal and learned positions are added to the inputs x", 6, 12);
    // RoPE turns pairs: an odd d is refused, naming the head.
    expect(kTokens + "q: [[1], [2], [3]]\nk: [[1], [2], [3]]\nv: [[1], [2], [3]]\npositions: {kind: rope}\n", "d must be even", 6, 12);
    expect(kTokens + "heads:\n  - {q: [[1], [2], [3]], k: [[1], [2], [3]], v: [[1], [2], [3]]}\npositions: {kind: rope}\n",
           "heads[0]'s queries have 1", 5, 12);
    // The projections panel draws x·W_Q, which rope turns afterwards.
    expect(projected + "positions: {kind: rope}\npanels: [token-row, projections]\n", "the 'projections' panel draws q and k", 1, 1);
}

TEST_CASE("set: head: by its number as shown or by its name; a head the scene has not is refused", "[load][heads]") {
    auto l = load_yaml(kTwoHeads +
                       "steps:\n"
                       "  - {stage: scores}\n"
                       "  - {stage: softmax, set: {head: 2}}\n"
                       "  - {stage: blend, set: {head: first}}\n");
    const scene::Scene& s = scene_of(*l);
    REQUIRE(s.steps.size() == 3);
    CHECK_FALSE(s.steps[0].set.head);
    CHECK(s.steps[1].set.head == 1);  // 0-based: the second head
    CHECK(s.steps[2].set.head == 0);  // by its name
    // The controls: the second head shown after step 2, its vectors the ones the panels draw.
    scene::Controls c = scene::apply(s, scene::start_controls(s), s.steps[1].set);
    CHECK(scene::shown_head(s, c) == 1);
    CHECK(scene::shown_q(s, c) == s.heads[1].q);
    CHECK(scene::shown_k(s, c) == s.heads[1].k);
    CHECK(scene::shown_v(s, c) == s.heads[1].v);
    CHECK(scene::shown_head_label(s, c) == "head 2 of 2");
    c = scene::apply(s, c, s.steps[2].set);
    CHECK(scene::shown_head(s, c) == 0);
    CHECK(scene::shown_k(s, c) == c.keys);  // the first head's keys are the controls' (a student moves them)
    CHECK(scene::shown_head_label(s, c) == "head 1 of 2 · first");

    const std::string steps = "steps:\n  - {stage: scores, set: {head: ";
    expect(kTwoHeads + steps + "3}}\n", "expected a head's number (1 is the first)", 13, 33);
    expect(kTwoHeads + steps + "0}}\n", "expected a head's number (1 is the first)", 13, 33);
    expect(kTwoHeads + steps + "firts}}\n", "no head is named 'firts' (did you mean 'first'?)", 13, 33);
    // A scene of one head has only head 1.
    expect(kTokens + "q: [[1], [2], [3]]\nk: [[1], [2], [3]]\nv: [[1], [2], [3]]\n" + steps + "2}}\n",
           "this scene has one head", 7, 33);
}
