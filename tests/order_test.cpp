// Where a word stands, through the whole engine (tags [rope] and [swap]): the key plane of a
// scene with rotary positions draws every key and the question as given and turned by
// attention/positions' RoPE, the dot product of the vectors it draws is the engine's score, and
// moving every position by one offset leaves every score as it was; a step or experiment that
// swaps two tokens swaps their rows and columns of the weights and nothing else when the scene
// has no positions, and changes the pattern when it has.
#include <catch2/catch.hpp>

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "attention/positions.hpp"
#include "draw/draw.hpp"
#include "load/load.hpp"
#include "model/model.hpp"
#include "scene/scene.hpp"
#include "support/files.hpp"
#include "support/fonts.hpp"
#include "timeline/timeline.hpp"

namespace {

const std::string kRopeFile = std::string(ATTNLAB_SOURCE_DIR) + "/scenes/rope.yaml";

// The rope scene as shipped, with its `positions:` line replaced by `positions` ("" none).
std::string rope_text(const std::string& positions) {
    std::string text = support::slurp(kRopeFile);
    const std::string line = "positions: {kind: rope}\n";
    const std::size_t at = text.find(line);
    REQUIRE(at != std::string::npos);
    return text.replace(at, line.size(), positions.empty() ? "" : positions + "\n");
}

struct Loaded {
    load::Result r;
    timeline::Layout lay;
    explicit Loaded(const std::string& text)
        : r(load::load_text(text, "rope.yaml", std::string(ATTNLAB_SOURCE_DIR) + "/scenes",
                            load::Options{ATTNLAB_SOURCE_DIR, {}})),
          lay(timeline::layout(r.deck)) {
        INFO((r.errors.empty() ? std::string() : r.errors[0].message));
        REQUIRE(r.ok());
    }
    const scene::Scene& scene() const { return *r.deck.slides[0].scene; }
    // The view `u` of the way through span `span`'s animation (past its end: held).
    timeline::View view(int span, double u) const {
        const timeline::Span& sp = lay.spans[static_cast<std::size_t>(span)];
        return timeline::evaluate(r.deck, lay, timeline::state_at_span(lay, span), sp.start + u * sp.anim);
    }
    int last_span() const { return static_cast<int>(lay.spans.size()) - 1; }
};

double dot(core::Point a, core::Point b) { return a.x * b.x + a.y * b.y; }

}  // namespace

TEST_CASE("rope on the key plane: every key and the question as given and turned by attention's RoPE", "[rope]") {
    const Loaded given(rope_text(""));  // the vectors as written, no positions
    for (const std::string positions :
         {"positions: {kind: rope}", "positions: {kind: rope, offset: 3}", "positions: {kind: rope, base: 100, offset: -2.5}",
          "positions: {kind: rope, offset: 250}"}) {
        INFO(positions);
        const Loaded rope(rope_text(positions));
        const scene::Scene& sc = rope.scene();
        const std::vector<double> pos = attention::positions(sc.n(), sc.positions.offset);
        const core::Mat turned_k = attention::rotary(given.scene().heads[0].k, pos, sc.positions.base);
        const core::Mat turned_q = attention::rotary(given.scene().heads[0].q, pos, sc.positions.base);
        for (int span = 0; span <= rope.last_span(); ++span) {
            const timeline::View v = rope.view(span, 1.0);
            if (v.controls.swap) continue;  // a step that swaps two words: the swap's own tests, below
            const model::Frame f = model::frame_of(v);
            const model::KeyPlane& kp = f.scene.key_plane;
            REQUIRE(kp.rotary);
            CHECK(kp.turn == 1.0);
            const std::size_t focus = static_cast<std::size_t>(v.controls.focus);
            CHECK(kp.query.x == Approx(turned_q[focus][0]).margin(1e-12));
            CHECK(kp.query.y == Approx(turned_q[focus][1]).margin(1e-12));
            CHECK(kp.query_before.x == Approx(given.scene().heads[0].q[focus][0]).margin(1e-12));
            CHECK(kp.query_before.y == Approx(given.scene().heads[0].q[focus][1]).margin(1e-12));
            CHECK(kp.query_angle == Approx(pos[focus]).epsilon(1e-15));
            REQUIRE(kp.keys.size() == sc.n());
            for (std::size_t j = 0; j < sc.n(); ++j) {
                INFO("key " << j << " (" << sc.tokens[j] << ")");
                const model::KeyDot& k = kp.keys[j];
                CHECK(k.at.x == Approx(turned_k[j][0]).margin(1e-12));
                CHECK(k.at.y == Approx(turned_k[j][1]).margin(1e-12));
                CHECK(k.before.x == Approx(given.scene().heads[0].k[j][0]).margin(1e-12));
                CHECK(k.before.y == Approx(given.scene().heads[0].k[j][1]).margin(1e-12));
                // The angle grows with the position: θ₀ = 1 rad a token for the pair drawn.
                CHECK(k.angle == Approx(attention::rotary_angle(pos[j], 0, 2, sc.positions.base)).epsilon(1e-15));
                // The score is the dot product of the vectors drawn, the engine's q·k.
                CHECK(dot(kp.query, k.at) == Approx(v.trace().scores(focus, j)).margin(1e-12));
                CHECK(k.score == v.trace().scores(focus, j));
            }
        }
    }
}

TEST_CASE("rope on the key plane: the turn animates from as given to as scored, lengths kept", "[rope]") {
    const Loaded rope(rope_text("positions: {kind: rope}"));
    const scene::Scene& sc = rope.scene();
    REQUIRE(sc.steps[0].stage == scene::Stage::Scores);
    double last = -1;
    for (double u : {0.0, 0.05, 0.15, 0.25, 0.35, 0.45, 0.5, 0.75, 1.0}) {
        INFO("u = " << u);
        const timeline::View v = rope.view(0, u);
        const model::Frame f = model::frame_of(v);
        const model::KeyPlane& kp = f.scene.key_plane;
        CHECK(kp.turn >= last);  // the turn only goes forwards
        last = kp.turn;
        CHECK(kp.turn >= 0);
        CHECK(kp.turn <= 1);
        // No score band grows before the turn is done.
        if (kp.turn < 1) CHECK(kp.reveal == 0);
        for (std::size_t j = 0; j < sc.n(); ++j) {
            const model::KeyDot& k = kp.keys[j];
            INFO("key " << j);
            CHECK(k.angle == Approx(static_cast<double>(j) * kp.turn).margin(1e-12));
            // A rotation: the key keeps its length, and is turned from as given by its angle now.
            CHECK(std::hypot(k.at.x, k.at.y) == Approx(std::hypot(k.before.x, k.before.y)).margin(1e-12));
            const double c = std::cos(k.angle), s = std::sin(k.angle);
            CHECK(k.at.x == Approx(k.before.x * c - k.before.y * s).margin(1e-12));
            CHECK(k.at.y == Approx(k.before.x * s + k.before.y * c).margin(1e-12));
        }
    }
    CHECK(last == 1.0);
    const timeline::View v0 = rope.view(0, 0.0), v1 = rope.view(0, 0.4), v2 = rope.view(0, 0.4);
    const model::Frame start = model::frame_of(v0), mid = model::frame_of(v1);
    CHECK(start.scene.key_plane.turn == 0.0);
    CHECK(mid.scene.key_plane.turn > 0.2);
    CHECK(mid.scene.key_plane.turn < 0.8);
    // A frame is a function of its instant: the same instant twice, the same picture.
    const model::Frame again = model::frame_of(v2);
    for (std::size_t j = 0; j < sc.n(); ++j) {
        CHECK(again.scene.key_plane.keys[j].at.x == mid.scene.key_plane.keys[j].at.x);
        CHECK(again.scene.key_plane.keys[j].at.y == mid.scene.key_plane.keys[j].at.y);
    }
}

TEST_CASE("rope: moving every position by one offset leaves every score as it was", "[rope]") {
    // The property RoPE is for: q at position p and k at position p' turned by pθ and p'θ score
    // q·R((p' − p)θ)·k, which the offset does not change. Through the loader, the engine and the
    // frame model; the vectors drawn do move (the property is not the plane's alone).
    const Loaded at0(rope_text("positions: {kind: rope}"));
    for (double offset : {1.0, 7.0, -3.0, 0.5, 1000.0, -123456.0}) {
        INFO("offset " << offset);
        const Loaded moved(rope_text("positions: {kind: rope, offset: " + std::to_string(offset) + "}"));
        for (int span = 0; span <= at0.last_span(); ++span) {
            const timeline::View a = at0.view(span, 1.0), b = moved.view(span, 1.0);
            REQUIRE(a.trace().n == b.trace().n);
            for (std::size_t i = 0; i < a.trace().n; ++i)
                for (std::size_t j = 0; j < a.trace().n; ++j) {
                    CHECK(b.trace().scores(i, j) == Approx(a.trace().scores(i, j)).margin(1e-9));
                    CHECK(b.trace().weights(i, j) == Approx(a.trace().weights(i, j)).margin(1e-9));
                }
            const model::Frame fa = model::frame_of(a), fb = model::frame_of(b);
            const model::KeyPlane &ka = fa.scene.key_plane, &kb = fb.scene.key_plane;
            double moved_by = 0;
            for (std::size_t j = 0; j < ka.keys.size(); ++j) {
                CHECK(dot(kb.query, kb.keys[j].at) == Approx(dot(ka.query, ka.keys[j].at)).margin(1e-9));
                CHECK(kb.keys[j].score_text == ka.keys[j].score_text);
                moved_by = std::max(moved_by, std::hypot(kb.keys[j].at.x - ka.keys[j].at.x, kb.keys[j].at.y - ka.keys[j].at.y));
            }
            CHECK(moved_by > 0.1);
        }
    }
}

TEST_CASE("rope on the key plane: the painter draws each vector as given and the arc of its turn", "[rope]") {
    const Loaded rope(rope_text("positions: {kind: rope}"));
    const timeline::View v = rope.view(0, 1.0);
    cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1920, 1080);
    cairo_t* cr = cairo_create(s);
    draw::Recorder rec;
    draw::Options opt = support::draw_options();
    opt.recorder = &rec;
    draw::paint_view(cr, 1920, 1080, v, opt);
    cairo_destroy(cr);
    cairo_surface_destroy(s);
    auto mark = [&](const std::string& name) -> const draw::Recorder::Mark* {
        for (const auto& m : rec.marks)
            if (m.name == name) return &m;
        return nullptr;
    };
    REQUIRE(mark("before:query") != nullptr);
    REQUIRE(mark("turn:query") != nullptr);  // dog's question, at position 4
    CHECK(mark("turn:0") == nullptr);        // the first token is not turned
    double ring = mark("turn:query")->rect.w;
    for (int j = 0; j < 5; ++j) {
        INFO("key " << j);
        REQUIRE(mark("before:" + std::to_string(j)) != nullptr);
        if (j == 0) continue;
        const auto* turn = mark("turn:" + std::to_string(j));
        REQUIRE(turn != nullptr);
        CHECK(turn->rect.w > ring);  // one ring a token further out: the arcs do not cover each other
        ring = turn->rect.w;
    }
}

namespace {

// A scene's experiment with and without its swap, through the timeline and the frame model.
struct Swapped {
    scene::Deck with, without;
    timeline::Layout lay_with, lay_without;
    int experiment = -1;
    std::pair<int, int> ab;
    Swapped(const std::string& file, const std::string& title) {
        const load::Result r = load::load_file(std::string(ATTNLAB_SOURCE_DIR) + "/scenes/" + file,
                                               load::Options{ATTNLAB_SOURCE_DIR, {}});
        REQUIRE(r.ok());
        const scene::Scene& sc = *r.deck.slides[0].scene;
        for (std::size_t e = 0; e < sc.experiments.size(); ++e)
            if (sc.experiments[e].title == title) experiment = static_cast<int>(e);
        REQUIRE(experiment >= 0);
        REQUIRE(sc.experiments[static_cast<std::size_t>(experiment)].set.swap);
        ab = *sc.experiments[static_cast<std::size_t>(experiment)].set.swap;
        auto plain = std::make_shared<scene::Scene>(sc);
        plain->experiments[static_cast<std::size_t>(experiment)].set.swap.reset();
        with = r.deck;
        without = scene::deck_of(plain);
        lay_with = timeline::layout(with);
        lay_without = timeline::layout(without);
    }
    // The experiment set (its tween done), from the last step.
    static timeline::View tried(const scene::Deck& deck, const timeline::Layout& lay, int e) {
        const int span = static_cast<int>(lay.spans.size()) - 1;
        const timeline::Span& sp = lay.spans[static_cast<std::size_t>(span)];
        const timeline::State st = timeline::apply(deck, lay, timeline::state_at_span(lay, span), timeline::cmd::Experiment{e}, sp.start);
        return timeline::evaluate(deck, lay, st, sp.start + sp.anim + 5.0);
    }
    std::size_t sigma(std::size_t i) const {
        const auto a = static_cast<std::size_t>(ab.first), b = static_cast<std::size_t>(ab.second);
        return i == a ? b : i == b ? a : i;
    }
};

}  // namespace

TEST_CASE("swap without positions: two tokens' rows and columns swap, and nothing else changes", "[swap]") {
    const Swapped s("attention-matrix.yaml", "Swap two words");
    const timeline::View a = Swapped::tried(s.without, s.lay_without, s.experiment);
    const timeline::View b = Swapped::tried(s.with, s.lay_with, s.experiment);
    REQUIRE(b.controls.swap == s.ab);
    REQUIRE_FALSE(a.controls.swap);
    const std::size_t n = a.trace().n;
    REQUIRE(b.trace().n == n);
    // Through the engine: weights, scores and outputs permuted, equal to the last bits but for
    // the order a row's sum is taken in.
    for (std::size_t i = 0; i < n; ++i) {
        CHECK(b.scene->tokens[i] == a.scene->tokens[s.sigma(i)]);
        for (std::size_t j = 0; j < n; ++j) {
            CHECK(b.trace().scores(i, j) == a.trace().scores(s.sigma(i), s.sigma(j)));
            CHECK(b.trace().weights(i, j) == Approx(a.trace().weights(s.sigma(i), s.sigma(j))).margin(1e-15));
        }
        for (std::size_t c = 0; c < b.trace().output.cols; ++c)
            CHECK(b.trace().output(i, c) == Approx(a.trace().output(s.sigma(i), c)).margin(1e-14));
    }
    // Through the frame model: the matrix panel's tokens and every cell's number, permuted.
    const model::Frame fa = model::frame_of(a), fb = model::frame_of(b);
    const model::Matrix &ma = fa.scene.matrix, &mb = fb.scene.matrix;
    REQUIRE(ma.tokens.size() == n);
    int cells = 0, moved = 0;
    for (std::size_t i = 0; i < n; ++i) {
        CHECK(mb.tokens[i] == ma.tokens[s.sigma(i)]);
        const auto& rb = mb.row_text(static_cast<int>(i));
        const auto& ra = ma.row_text(static_cast<int>(s.sigma(i)));
        REQUIRE(rb.size() == n);
        REQUIRE(ra.size() == n);
        for (std::size_t j = 0; j < n; ++j, ++cells) {
            CHECK(rb[j] == ra[s.sigma(j)]);
            CHECK(mb.cell(static_cast<int>(i), static_cast<int>(j)).weight ==
                  Approx(ma.cell(static_cast<int>(s.sigma(i)), static_cast<int>(s.sigma(j))).weight).margin(1e-15));
            moved += rb[j] != ma.row_text(static_cast<int>(i))[j];
        }
        CHECK(mb.row_sum(static_cast<int>(i)) == ma.row_sum(static_cast<int>(s.sigma(i))));
    }
    CHECK(cells == static_cast<int>(n * n));
    CHECK(moved > 0);  // the swap did move numbers on the page
}

TEST_CASE("swap with positions: the pattern changes, not only its order", "[swap]") {
    for (const auto& [file, title] : {std::pair<std::string, std::string>{"rope.yaml", "Swap cat and the second the"}}) {
        INFO(file);
        const Swapped s(file, title);
        const timeline::View a = Swapped::tried(s.without, s.lay_without, s.experiment);
        const timeline::View b = Swapped::tried(s.with, s.lay_with, s.experiment);
        const std::size_t n = a.trace().n;
        double gap = 0;
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j)
                gap = std::max(gap, std::fabs(b.trace().weights(i, j) - a.trace().weights(s.sigma(i), s.sigma(j))));
        CHECK(gap > 0.01);
        // The frame model draws what the engine computed: the focused row's weights and the key
        // plane's dot products are the swapped trace's.
        const model::Frame fb = model::frame_of(b);
        const std::size_t focus = static_cast<std::size_t>(b.controls.focus);
        for (std::size_t j = 0; j < n; ++j) {
            CHECK(fb.scene.key_plane.keys[j].label == b.scene->tokens[j]);
            CHECK(dot(fb.scene.key_plane.query, fb.scene.key_plane.keys[j].at) == Approx(b.trace().scores(focus, j)).margin(1e-12));
        }
    }
    // Sinusoidal positions added to x, through the loader and the engine: the same property.
    const std::string text =
        "scene: sines\ntokens: [a, b, c, d]\n"
        "x: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [1, 1, 0, 0]]\n"
        "w_q: [[1, 0], [0, 1], [1, 1], [0.5, 0]]\nw_k: [[0, 1], [1, 0], [1, -1], [0, 0.5]]\n"
        "w_v: [[1, 0], [0, 1], [1, 1], [0, 0]]\n"
        "positions: {kind: sinusoidal}\npanels: [token-row, matrix, narration]\nstart: {focus: 3}\n"
        "experiments:\n  - {title: swap, set: {swap: [0, 2]}, look_for: x}\n  - {title: none, set: {swap: [1, 1]}, look_for: y}\n";
    const load::Result r = load::load_text(text, "sines.yaml", ATTNLAB_SOURCE_DIR, load::Options{ATTNLAB_SOURCE_DIR, {}});
    INFO((r.errors.empty() ? std::string() : r.errors[0].message));
    REQUIRE(r.ok());
    const timeline::Layout lay = timeline::layout(r.deck);
    const timeline::View b = Swapped::tried(r.deck, lay, 0), a = Swapped::tried(r.deck, lay, 1);
    REQUIRE_FALSE(a.controls.swap);  // [1, 1]: every token in its own place
    double gap = 0;
    auto sigma = [](std::size_t i) { return i == 0 ? std::size_t{2} : i == 2 ? std::size_t{0} : i; };
    for (std::size_t i = 0; i < 4; ++i)
        for (std::size_t j = 0; j < 4; ++j) gap = std::max(gap, std::fabs(b.trace().weights(i, j) - a.trace().weights(sigma(i), sigma(j))));
    CHECK(gap > 1e-3);
    // Swapping back gives the scene as it was, to the last bits of the positions' add.
    scene::Controls c = scene::start_controls(*b.slide_ptr->scene);
    scene::Settings there, back;
    there.swap = std::pair{0, 2};
    back.swap = std::pair{3, 3};
    const scene::Controls round = scene::apply(*b.slide_ptr->scene, scene::apply(*b.slide_ptr->scene, c, there), back);
    CHECK_FALSE(round.swap);
    for (std::size_t i = 0; i < 4; ++i)
        for (std::size_t k = 0; k < 2; ++k) CHECK(round.keys[i][k] == Approx(c.keys[i][k]).margin(1e-12));
}
