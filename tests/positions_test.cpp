// The positions panel (model::Positions, tag [positions-panel]): its numbers are
// attention/positions's, correctly rounded — the sinusoidal table is attention::sinusoidal of the
// scene's positions, each pair of its columns on the unit circle; a learned table is the scene's
// vectors; x + p is attention::add of the word's own x and its place's vector; RoPE's angles are
// attention::rotary_angle — and a swap moves the words while each place keeps its vector.
#include <catch2/catch.hpp>

#include <cairo.h>

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
#include "support/rounding.hpp"
#include "timeline/timeline.hpp"

namespace {

const std::string kScenes = std::string(ATTNLAB_SOURCE_DIR) + "/scenes";

// A shipped scene's text with one whole line replaced (the line must be there; a comment that
// quotes it is not it).
std::string scene_text(const std::string& file, const std::string& line, const std::string& with) {
    std::string text = support::slurp(kScenes + "/" + file);
    const std::size_t at = text.find("\n" + line + "\n");
    REQUIRE(at != std::string::npos);
    return text.replace(at + 1, line.size(), with);
}

struct Loaded {
    load::Result r;
    timeline::Layout lay;
    explicit Loaded(const std::string& text)
        : r(load::load_text(text, "positions.yaml", kScenes, load::Options{ATTNLAB_SOURCE_DIR, {}})), lay(timeline::layout(r.deck)) {
        INFO((r.errors.empty() ? std::string() : r.errors[0].format()));
        REQUIRE(r.ok());
    }
    const scene::Scene& scene() const { return *r.deck.slides[0].scene; }
    int spans() const { return static_cast<int>(lay.spans.size()); }
    // The end of span `span`, asking `focus` (-1: the step's own), with experiment `e` set (-1: none).
    model::Frame frame(int span, int focus = -1, int e = -1) const {
        const timeline::Span& sp = lay.spans[static_cast<std::size_t>(span)];
        timeline::State st = timeline::state_at_span(lay, span);
        if (e >= 0) st = timeline::apply(r.deck, lay, st, timeline::cmd::Experiment{e}, sp.start);
        if (focus >= 0) st = timeline::apply(r.deck, lay, st, timeline::cmd::Focus{focus}, sp.start);
        return model::frame_at(r.deck, lay, st, sp.start + sp.anim + 5.0);
    }
};

const std::string kSinusoidal = "positions: {kind: sinusoidal}";

// The inputs x as scenes/positions.yaml writes them (the scene without positions: its x as given).
core::Mat written_x() { return Loaded(scene_text("positions.yaml", kSinusoidal, "")).scene().x; }

// Every entry of a grid written as the independent rounding writes its value.
void check_written(const model::Grid& g) {
    for (std::size_t i = 0; i < g.value.size(); ++i)
        for (std::size_t c = 0; c < g.value[i].size(); ++c) {
            const std::string& t = g.text[i][c];
            const std::size_t dot = t.find('.');
            const int decimals = dot == std::string::npos ? 0 : static_cast<int>(t.size() - dot - 1);
            INFO("entry (" << i << ", " << c << ") written " << t);
            CHECK(t == support::rounded(g.value[i][c], decimals));
        }
}

}  // namespace

TEST_CASE("the sinusoidal table is attention's encoding of the scene's positions, and x + p goes into W", "[positions-panel]") {
    const core::Mat x = written_x();
    for (const std::string& positions : {kSinusoidal, std::string("positions: {kind: sinusoidal, base: 100, offset: 7}"),
                                        std::string("positions: {kind: sinusoidal, offset: -2.5}")}) {
        INFO(positions);
        const Loaded l(scene_text("positions.yaml", kSinusoidal, positions));
        const scene::Scene& sc = l.scene();
        const std::size_t n = sc.n(), m = x[0].size();
        const core::Mat pe = attention::sinusoidal(attention::positions(n, sc.positions.offset), m, sc.positions.base);
        const core::Mat sum = attention::add(x, pe);
        for (int span = 0; span < l.spans(); ++span)
            for (int focus = 0; focus < static_cast<int>(n); ++focus) {
                const model::Frame f = l.frame(span, focus);
                const model::Positions& p = f.scene.positions;
                INFO("span " << span << ", asking " << focus);
                REQUIRE(p.kind == model::Positions::Kind::Added);
                REQUIRE(p.table.value.size() == n);
                REQUIRE(p.places.size() == n);
                for (std::size_t i = 0; i < n; ++i) {
                    CHECK(p.places[i].word == sc.tokens[i]);
                    const bool whole = sc.positions.offset == std::floor(sc.positions.offset);
                    CHECK(p.places[i].position == support::rounded(sc.positions.offset + static_cast<double>(i), whole ? 0 : 1));
                    CHECK(p.places[i].focus == (static_cast<int>(i) == focus));
                    CHECK_FALSE(p.places[i].moved);
                    REQUIRE(p.table.value[i].size() == m);
                    for (std::size_t c = 0; c < m; ++c) CHECK(p.table.value[i][c] == pe[i][c]);
                    // Each pair (sin, cos) of one frequency lies on the unit circle.
                    for (std::size_t c = 0; c + 1 < m; c += 2)
                        CHECK(p.table.value[i][c] * p.table.value[i][c] + p.table.value[i][c + 1] * p.table.value[i][c + 1] ==
                              Approx(1.0).margin(1e-12));
                }
                check_written(p.table);
                // The asking place: the word's own x as written, its place's vector, and their sum,
                // which is the x the projections multiply.
                const std::size_t a = static_cast<std::size_t>(focus);
                for (std::size_t c = 0; c < m; ++c) {
                    CHECK(p.x.value[0][c] == Approx(x[a][c]).margin(1e-15));
                    CHECK(p.x.text[0][c] == support::rounded(x[a][c], 1));
                    CHECK(p.p.value[0][c] == pe[a][c]);
                    CHECK(p.sum.value[0][c] == sum[a][c]);
                    CHECK(p.sum.value[0][c] == sc.x[a][c]);
                    // Written: x's one decimal plus p's digits add up to x + p's.
                    CHECK(support::read_number(p.x.text[0][c]) + support::read_number(p.p.text[0][c]) ==
                          Approx(support::read_number(p.sum.text[0][c])).margin(1e-12));
                    CHECK(p.p.text[0][c] == p.table.text[a][c]);  // one number, one text
                }
                check_written(p.p);
                check_written(p.sum);
                CHECK(p.caption.find("sin(pos·ωᵢ)") != std::string::npos);
                CHECK(p.caption.find("wave of its own frequency") != std::string::npos);
                CHECK(p.waves.size() == (m + 1) / 2);
            }
    }
}

TEST_CASE("a swap moves the words; each place keeps its position vector", "[positions-panel]") {
    const core::Mat x = written_x();
    const Loaded shipped(support::slurp(kScenes + "/positions.yaml"));
    const int last = shipped.spans() - 1;
    const model::Positions before = shipped.frame(last).scene.positions;
    const std::string set = "    set: {focus: 2, swap: [1, 4]}";
    for (int focus = 0; focus < 5; ++focus) {
        // The scene's swap experiment, asked by each place in turn.
        const Loaded l(scene_text("positions.yaml", set, "    set: {focus: " + std::to_string(focus) + ", swap: [1, 4]}"));
        const scene::Scene& sc = l.scene();
        const std::size_t A = 1, B = 4, n = sc.n();
        const model::Frame f = l.frame(last, -1, 0);
        const model::Positions& p = f.scene.positions;
        INFO("asking " << focus);
        REQUIRE(f.scene.focus == focus);
        REQUIRE(p.places.size() == n);
        for (std::size_t i = 0; i < n; ++i) {
            const std::size_t from = i == A ? B : i == B ? A : i;  // the word standing at place i now
            CHECK(p.places[i].word == sc.tokens[from]);
            CHECK(p.places[i].position == before.places[i].position);
            CHECK(p.places[i].moved == (i == A || i == B));
            CHECK(p.table.value[i] == before.table.value[i]);  // the place keeps its vector
            CHECK(p.table.text[i] == before.table.text[i]);
        }
        // The asking place: the word that stands there now, with that place's vector.
        const std::size_t at = static_cast<std::size_t>(focus), from = at == A ? B : at == B ? A : at;
        CHECK(p.x_name == "x · " + sc.tokens[from]);
        for (std::size_t c = 0; c < x[0].size(); ++c) {
            CHECK(p.x.value[0][c] == Approx(x[from][c]).margin(1e-15));
            CHECK(p.p.value[0][c] == before.table.value[at][c]);
            CHECK(p.sum.value[0][c] == Approx(x[from][c] + before.table.value[at][c]).margin(1e-15));
            CHECK(p.sum.value[0][c] == f.view->scene->x[at][c]);  // what the swapped scene projects
        }
        CHECK(p.caption.find("exchanged places") != std::string::npos);
    }
}

TEST_CASE("a learned table is the scene's own vectors, on the scale of their largest entry", "[positions-panel]") {
    const std::string vectors = "[[0.1, 0, -0.2], [0.3, 0.1, 0], [0, -0.25, 0.1], [0.05, 0.05, 0.05], [-0.3, 0, 0.2]]";
    const Loaded l(scene_text("positions.yaml", kSinusoidal, "positions: {kind: learned, vectors: " + vectors + "}"));
    const scene::Scene& sc = l.scene();
    const core::Mat x = written_x();
    const core::Mat given = {{0.1, 0, -0.2}, {0.3, 0.1, 0}, {0, -0.25, 0.1}, {0.05, 0.05, 0.05}, {-0.3, 0, 0.2}};
    const model::Frame f = l.frame(0, 3);
    const model::Positions& p = f.scene.positions;
    REQUIRE(p.kind == model::Positions::Kind::Added);
    CHECK(p.aside == "learned");
    CHECK(p.waves.empty());
    CHECK(p.columns == std::vector<std::string>{"0", "1", "2"});
    for (std::size_t i = 0; i < sc.n(); ++i)
        for (std::size_t c = 0; c < 3; ++c) {
            CHECK(p.table.value[i][c] == given[i][c]);
            CHECK(p.table.tone[i][c] == Approx(given[i][c] / 0.3).margin(1e-12));
        }
    check_written(p.table);
    CHECK(p.table.text[2][1] == "−0.25");
    CHECK(p.legend.high == "0.30");
    const core::Mat sum = attention::add(x, given);
    for (std::size_t c = 0; c < 3; ++c) CHECK(p.sum.value[0][c] == sum[3][c]);
    CHECK(p.caption.find("learned table") != std::string::npos);
}

TEST_CASE("rope: each place's angle pos·θᵢ for each pair, no vector added", "[positions-panel]") {
    for (const std::string& positions : {std::string("positions: {kind: rope}"), std::string("positions: {kind: rope, base: 100, offset: 3}")}) {
        INFO(positions);
        const Loaded l(scene_text("rope.yaml", "positions: {kind: rope}",
                                  positions + "\npanels: [token-row, positions, key-plane, narration]"));
        const scene::Scene& sc = l.scene();
        const std::vector<double> pos = attention::positions(sc.n(), sc.positions.offset);
        const model::Positions& p = l.frame(0).scene.positions;
        REQUIRE(p.kind == model::Positions::Kind::Turned);
        REQUIRE(p.pairs.size() == sc.d() / 2);
        CHECK(p.more_pairs == 0);
        CHECK(p.table.value.empty());
        REQUIRE(p.angle.size() == sc.n());
        for (std::size_t t = 0; t < sc.n(); ++t)
            for (std::size_t i = 0; i < p.pairs.size(); ++i) {
                CHECK(p.angle[t][i] == attention::rotary_angle(pos[t], i, sc.d(), sc.positions.base));
                CHECK(p.turn[t][i] == support::rounded(p.angle[t][i], 2));
            }
        CHECK(p.caption.find("turned by pos·θᵢ") != std::string::npos);
        CHECK(p.caption.find("distance j − i") != std::string::npos);
    }
}

TEST_CASE("without positions the panel draws what attention cannot tell apart", "[positions-panel]") {
    const Loaded l(scene_text("rope.yaml", "positions: {kind: rope}", "panels: [token-row, positions, matrix, narration]"));
    const scene::Scene& sc = l.scene();
    const model::Positions& p = l.frame(0).scene.positions;
    REQUIRE(p.kind == model::Positions::Kind::Blind);
    CHECK(p.aside == "none");
    CHECK(p.words == sc.tokens);
    REQUIRE(p.swapped.size() == sc.n());
    CHECK(p.swapped[static_cast<std::size_t>(p.a)] == sc.tokens[static_cast<std::size_t>(p.b)]);
    CHECK(p.swapped[static_cast<std::size_t>(p.b)] == sc.tokens[static_cast<std::size_t>(p.a)]);
    CHECK(p.a != p.b);
    // rope.yaml starts with the mask on: then the mask is what knows order, and the panel says so.
    CHECK(sc.mask);
    CHECK(p.caption.find("only the mask knows order") != std::string::npos);
}

// The kinds no shipped scene draws (rope, none, learned, and sinusoidal with a swap in force) are
// as legible as the shipped one: at 16:9 and 4:3, both themes, every text of the panel whole,
// in the panel, at kMinText at least, with every glyph in a face, and no two overprinting.
TEST_CASE("every kind of the panel is legible at 16:9 and 4:3, in both themes", "[positions-panel]") {
    const std::string learned = "positions: {kind: learned, vectors: [[0.1, 0, -0.2], [0.3, 0.1, 0], [0, -0.25, 0.1], "
                                "[0.05, 0.05, 0.05], [-0.3, 0, 0.2]]}";
    const std::vector<std::pair<std::string, std::string>> variants = {
        {"rope", scene_text("rope.yaml", "positions: {kind: rope}", "positions: {kind: rope}\npanels: [token-row, positions, key-plane, narration]")},
        {"none", scene_text("rope.yaml", "positions: {kind: rope}", "panels: [token-row, positions, matrix, narration]")},
        {"learned", scene_text("positions.yaml", kSinusoidal, learned)},
        {"sinusoidal", support::slurp(kScenes + "/positions.yaml")},
    };
    int texts = 0;
    for (const auto& [name, text] : variants) {
        const Loaded l(text);
        for (int span = 0; span < l.spans(); ++span)
            for (int e = -1; e < static_cast<int>(l.scene().experiments.size()); ++e) {
                const timeline::Span& sp = l.lay.spans[static_cast<std::size_t>(span)];
                timeline::State st = timeline::state_at_span(l.lay, span);
                if (e >= 0) st = timeline::apply(l.r.deck, l.lay, st, timeline::cmd::Experiment{e}, sp.start);
                const timeline::View v = timeline::evaluate(l.r.deck, l.lay, st, sp.start + sp.anim + 5.0);
                for (auto [w, h] : {std::pair{1280, 720}, std::pair{1920, 1080}, std::pair{1024, 768}})
                    for (draw::ThemeKind theme : {draw::ThemeKind::Light, draw::ThemeKind::Dark}) {
                        draw::Recorder rec;
                        cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
                        cairo_t* cr = cairo_create(surface);
                        draw::Options opt = support::draw_options(theme);
                        opt.recorder = &rec;
                        draw::paint_view(cr, w, h, v, opt);
                        cairo_destroy(cr);
                        cairo_surface_destroy(surface);
                        INFO(name << ", span " << span << ", experiment " << e << ", " << w << "x" << h);
                        std::vector<const draw::Recorder::Text*> mine;
                        for (const auto& t : rec.texts)
                            if (t.panel >= 0 && rec.panels[static_cast<std::size_t>(t.panel)].name == "positions") {
                                INFO("'" << t.text << "'");
                                CHECK(rec.panels[static_cast<std::size_t>(t.panel)].rect.inset(-0.5).contains(t.rect));
                                CHECK_FALSE(t.cut);
                                CHECK(t.notdef == 0);
                                CHECK(t.size >= 18.0);
                                mine.push_back(&t);
                            }
                        REQUIRE(mine.size() > 5);
                        for (std::size_t i = 0; i < mine.size(); ++i)
                            for (std::size_t j = i + 1; j < mine.size(); ++j) {
                                const core::Rect a = mine[i]->rect.inset(1), b = mine[j]->rect.inset(1);
                                INFO("'" << mine[i]->text << "' and '" << mine[j]->text << "'");
                                CHECK_FALSE((a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom()));
                            }
                        texts += static_cast<int>(mine.size());
                    }
            }
    }
    CHECK(texts > 1000);
}
