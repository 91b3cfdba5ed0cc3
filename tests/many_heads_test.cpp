// The pictures of a scene of several heads (scenes/two-heads.yaml): the head shown (the `head`
// control) is what every one-head panel draws; the `heads` panel carries every head's weights and
// the asking row's shares; the residual of several heads carries the concatenation, W_O and the
// add — every number checked against the engine's heads, traced here on their own — and a click
// on a head's thumbnail, or Shift+H, shows that head, through the presenter core (tags [heads]).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "app/events.hpp"
#include "attention/attention.hpp"
#include "attention/heads.hpp"
#include "draw/draw.hpp"
#include "load/load.hpp"
#include "model/model.hpp"
#include "scene/heads.hpp"
#include "support/rounding.hpp"
#include "support/session.hpp"
#include "timeline/timeline.hpp"

namespace {

std::shared_ptr<const scene::Scene> two_heads() {
    load::Result r = load::load_file(std::string(ATTNLAB_SOURCE_DIR) + "/scenes/two-heads.yaml");
    REQUIRE(r.ok());
    return r.deck.slides.at(0).scene;
}

int step_titled(const scene::Scene& s, const std::string& title) {
    for (std::size_t i = 0; i < s.steps.size(); ++i)
        if (s.steps[i].title == title) return static_cast<int>(i);
    FAIL("no step titled " << title);
    return -1;
}

// A deck of the scene, and its view at the end of step `step` with the person at the controls
// having set `head` and `focus` (any step's `set` yields to them).
struct Views {
    scene::Deck deck;
    timeline::Layout lay;
    explicit Views(std::shared_ptr<const scene::Scene> s) : deck(scene::deck_of(std::move(s))), lay(timeline::layout(deck)) {}
    timeline::View at(int step, int head, int focus) const {
        int span = 0;
        while (lay.spans[static_cast<std::size_t>(span)].step != step || lay.spans[static_cast<std::size_t>(span)].asking) ++span;
        timeline::State st = timeline::state_at_span(lay, span);
        scene::Settings e;
        e.head = head;
        e.focus = focus;
        st.edits.assign(1, e);
        const timeline::Span& sp = lay.spans[static_cast<std::size_t>(span)];
        return timeline::evaluate(deck, lay, st, sp.start + sp.anim + 1e-3);
    }
};

// Head h of the scene traced alone, as attention::trace traces one head: the reference.
attention::Trace head_alone(const scene::Scene& s, const timeline::View& v, std::size_t h) {
    attention::Input in;
    in.q = s.heads[h].q;
    in.k = h == 0 ? v.controls.keys : s.heads[h].k;
    in.v = s.heads[h].v;
    in.temperature = v.controls.temperature;
    in.causal = v.controls.mask;
    attention::Trace tr;
    std::string error;
    REQUIRE(attention::trace(in, tr, error));
    return tr;
}

}  // namespace

TEST_CASE("the heads panel carries every head's weights and the asking row's shares, for every head shown and every focus", "[heads][model]") {
    auto s = two_heads();
    Views views(s);
    const int step = step_titled(*s, "Every head at once");
    const int n = static_cast<int>(s->n());
    for (int shown = 0; shown < 2; ++shown)
        for (int focus = 0; focus < n; ++focus) {
            INFO("head " << shown << ", focus " << focus);
            const timeline::View v = views.at(step, shown, focus);
            const model::Frame f = model::frame_of(v);
            const model::Heads& hp = f.scene.heads;
            REQUIRE(hp.note.empty());
            REQUIRE(hp.heads.size() == 2);
            CHECK(hp.shown == shown);
            CHECK(hp.focus == focus);
            CHECK(hp.aside == "2 heads · for " + s->tokens[static_cast<std::size_t>(focus)]);
            for (std::size_t h = 0; h < 2; ++h) {
                const attention::Trace ref = head_alone(*s, v, h);
                const model::Heads::Head& head = hp.heads[h];
                CHECK(head.name == "head " + std::to_string(h + 1));
                CHECK(head.title == s->heads[h].name);
                REQUIRE(head.weights.size() == s->n());
                for (std::size_t i = 0; i < s->n(); ++i)
                    for (std::size_t j = 0; j < s->n(); ++j) {
                        CHECK(head.weights[i][j] == Approx(ref.weights(i, j)).margin(1e-12));
                        CHECK(head.weights[i][j] == v.heads.heads[h].weights(i, j));
                    }
                std::size_t best = 0;
                for (std::size_t j = 0; j < s->n(); ++j) {
                    CHECK(head.row[j] == Approx(ref.weights(static_cast<std::size_t>(focus), j)).margin(1e-12));
                    CHECK(head.share[j] == support::percent_of(head.row[j]));
                    if (head.row[j] > head.row[best]) best = j;
                }
                // The best key, or a tie when keys share the top weight (equal within 1e-12, as
                // identical keys give: The and the in the second head).
                std::size_t at_top = 0;
                for (std::size_t j = 0; j < s->n(); ++j)
                    at_top += std::fabs(head.row[j] - head.row[best]) <= 1e-12 * head.row[best];
                if (at_top == 1) {
                    CHECK(head.best == static_cast<int>(best));
                    CHECK(head.top == s->tokens[best] + " " + support::percent_of(head.row[best]));
                } else {
                    CHECK(head.best == -1);
                    CHECK(head.top == "a tie · " + support::percent_of(head.row[best]) + " each");
                }
            }
        }
}

TEST_CASE("the head shown is what every one-head panel draws, and its cards say which", "[heads][model]") {
    auto s = two_heads();
    Views views(s);
    const int step = step_titled(*s, "Its weights");  // the key plane, the value plane, the bars, the readouts
    const int n = static_cast<int>(s->n());
    for (int focus = 0; focus < n; ++focus) {
        const std::size_t f = static_cast<std::size_t>(focus);
        std::vector<std::string> bars[2];
        for (int shown = 0; shown < 2; ++shown) {
            INFO("head " << shown << ", focus " << focus);
            const timeline::View v = views.at(step, shown, focus);
            const std::size_t h = static_cast<std::size_t>(shown);
            const attention::Trace ref = head_alone(*s, v, h);
            // The one-head trace is the head shown's.
            CHECK(v.trace().weights.data == v.heads.heads[h].weights.data);
            const model::Frame fr = model::frame_of(v);
            const model::SceneFrame& sf = fr.scene;
            CHECK(sf.head_tag == (shown == 0 ? "head 1 · who did it" : "head 2 · which determiner"));
            REQUIRE(sf.weight_bars.bars.size() == s->n());
            for (std::size_t j = 0; j < s->n(); ++j) {
                CHECK(sf.weight_bars.bars[j].label == support::percent_of(ref.weights(f, j)));
                bars[shown].push_back(sf.weight_bars.bars[j].label);
                // The key plane: the head's keys and its question; its bands are its q·k.
                CHECK(sf.key_plane.keys[j].at.x == s->heads[h].k[j][0]);
                CHECK(sf.key_plane.keys[j].at.y == s->heads[h].k[j][1]);
                CHECK(sf.key_plane.keys[j].score == Approx(ref.scores(f, j)).margin(1e-12));
                // The value plane: the head's values.
                CHECK(sf.value_plane.values[j].at.x == s->heads[h].v[j][0]);
            }
            CHECK(sf.key_plane.query.x == s->heads[h].q[f][0]);
            CHECK(sf.key_plane.query.y == s->heads[h].q[f][1]);
            // The new vector the value plane marks is the head's output.
            CHECK(sf.value_plane.out.x == Approx(ref.output(f, 0)).margin(1e-12));
            CHECK(sf.value_plane.out.y == Approx(ref.output(f, 1)).margin(1e-12));
        }
        // The two heads weigh the words differently: selecting the other changes the bars' numbers.
        CHECK(bars[0] != bars[1]);
    }
}

TEST_CASE("the residual of several heads: the outputs side by side, times W_O, added to x, for every focus", "[heads][model]") {
    auto s = two_heads();
    Views views(s);
    const int step = step_titled(*s, "Side by side, then W_O");
    const core::Mat& w_o = s->w_o;
    for (int shown = 0; shown < 2; ++shown)
        for (std::size_t f = 0; f < s->n(); ++f) {
            INFO("head " << shown << ", focus " << f);
            const timeline::View v = views.at(step, shown, static_cast<int>(f));
            const model::Residual& r = model::frame_of(v).scene.residual;
            REQUIRE(r.note.empty());
            REQUIRE(r.parts.size() == 2);
            // Each head's output, recomputed from its own trace, side by side.
            core::Vec concat;
            for (std::size_t h = 0; h < 2; ++h) {
                const attention::Trace ref = head_alone(*s, v, h);
                CHECK(r.parts[h].first == concat.size());
                CHECK(r.parts[h].count == ref.dv);
                CHECK(r.parts[h].shown == (static_cast<int>(h) == shown));
                CHECK(r.parts[h].head == s->heads[h].name);
                for (std::size_t c = 0; c < ref.dv; ++c) concat.push_back(ref.output(f, c));
            }
            REQUIRE(r.out.value.at(0).size() == concat.size());
            REQUIRE(r.w_o.value.size() == w_o.size());
            for (std::size_t e = 0; e < concat.size(); ++e) CHECK(r.out.value[0][e] == Approx(concat[e]).margin(1e-12));
            for (std::size_t c = 0; c < s->x[0].size(); ++c) {
                double delta = 0;
                for (std::size_t e = 0; e < concat.size(); ++e) delta += concat[e] * w_o[e][c];
                CHECK(r.delta.value[0][c] == Approx(delta).margin(1e-12));
                CHECK(r.delta.text[0][c] == support::rounded(delta, 2));
                CHECK(r.sum.value[0][c] == Approx(s->x[f][c] + delta).margin(1e-12));
                CHECK(r.x.text[0][c] == support::rounded(s->x[f][c], 1));
                // The page's numbers multiply out: the outputs as written times W_O as written round to Δ as written.
                double from_page = 0;
                for (std::size_t e = 0; e < concat.size(); ++e)
                    from_page += support::read_number(r.out.text[0][e]) * support::read_number(r.w_o.text[e][c]);
                CHECK(support::rounded(from_page, 2) == r.delta.text[0][c]);
            }
        }
}

TEST_CASE("a scene of one head: no head is named on its cards, and its heads panel draws its one head", "[heads][model]") {
    load::Result r = load::load_file(std::string(ATTNLAB_SOURCE_DIR) + "/scenes/projections.yaml");
    REQUIRE(r.ok());
    auto s = r.deck.slides.at(0).scene;
    CHECK(scene::head_count(*s) == 1);
    CHECK(scene::shown_head_label(*s, scene::start_controls(*s)).empty());
    Views views(s);
    const timeline::View v = views.at(0, 0, 0);
    REQUIRE(v.heads.heads.size() == 1);  // a list of one
    CHECK(&v.trace() == &v.heads.heads[0]);
    CHECK(model::frame_of(v).scene.head_tag.empty());
    // Its heads panel draws its one head: the trace's weights.
    auto alone = std::make_shared<scene::Scene>(*s);
    alone->panels = {scene::Panel::Heads};
    for (scene::Step& st : alone->steps) st.panels.clear();
    Views one(alone);
    const timeline::View w = one.at(static_cast<int>(alone->steps.size()) - 1, 0, 2);
    const model::Heads& hp = model::frame_of(w).scene.heads;
    REQUIRE(hp.heads.size() == 1);
    CHECK(hp.aside == "1 head · for " + s->tokens[2]);
    for (std::size_t j = 0; j < s->n(); ++j) {
        CHECK(hp.heads[0].row[j] == w.trace().weights(2, j));
        CHECK(hp.heads[0].share[j] == support::percent_of(w.trace().weights(2, j)));
    }
}

// ---- through the presenter core --------------------------------------------------------------

namespace {

constexpr int W = 960, H = 540;

struct Presenter : support::SessionFixture {
    Presenter() : support::SessionFixture(W, H, app::SessionOptions{}, std::make_shared<scene::Deck>(scene::deck_of(two_heads()))) {}
    void click(core::Point design) {
        const core::Point px = draw::transform_for(W, H).to_pixels(design);
        button(true, static_cast<int>(std::floor(px.x)), static_cast<int>(std::floor(px.y)));
        button(false, static_cast<int>(std::floor(px.x)), static_cast<int>(std::floor(px.y)));
    }
    std::size_t shown() const {
        const timeline::View v = session->view();
        return scene::shown_head(*v.scene, v.controls);
    }
};

}  // namespace

TEST_CASE("a click on a head's thumbnail shows that head in every panel; undo takes it back; a replay shows it", "[heads][app]") {
    std::ostringstream rec;
    Presenter p;
    p.session->record_to(&rec);
    const int step = step_titled(*p.session->view().scene, "Every head at once");
    p.session->command(timeline::cmd::Goto{step});
    p.settle();
    REQUIRE(p.shown() == 0);
    const timeline::View v0 = p.session->view();
    auto second = support::find_hit(v0, draw::Hit::Kind::Head, 1);
    if (!second) FAIL("draw::hit_test finds no thumbnail of head 2");
    CHECK_FALSE(support::find_hit(v0, draw::Hit::Kind::Head, 2));  // two heads, two thumbnails
    p.click(*second);
    CHECK(p.shown() == 1);
    const timeline::View v1 = p.session->view();
    // The one-head trace is now the second head's.
    CHECK(v1.trace().weights.data == v1.heads.heads[1].weights.data);
    CHECK(v1.trace().weights.data != v0.trace().weights.data);
    CHECK(model::frame_of(v1).scene.heads.shown == 1);
    // It is an edit like the others: recorded, undone, redone.
    CHECK(rec.str().find("set head 2") != std::string::npos);
    p.key(app::ch('z'), app::kCtrl);
    CHECK(p.shown() == 0);
    p.key(app::ch('z'), app::kCtrl | app::kShift);
    CHECK(p.shown() == 1);
    // A click on the first thumbnail shows the first again.
    auto first = support::find_hit(p.session->view(), draw::Hit::Kind::Head, 0);
    REQUIRE(first);
    p.click(*first);
    CHECK(p.shown() == 0);
    // The recording replays into the same head.
    std::vector<timeline::Event> events;
    std::istringstream lines(rec.str());
    for (std::string line; std::getline(lines, line);) {
        timeline::Event e;
        std::string error;
        if (timeline::parse(line, e, error)) events.push_back(e);
    }
    timeline::State st;
    for (const timeline::Event& e : events)
        st = timeline::apply(p.session->deck(), p.session->layout(), st, e.command, e.t);
    const timeline::View replayed = timeline::evaluate(p.session->deck(), p.session->layout(), st, p.t);
    CHECK(scene::shown_head(*replayed.scene, replayed.controls) == 0);
    REQUIRE_FALSE(st.edits.empty());
    CHECK(st.edits[0].head == 0);
}

TEST_CASE("Shift+H shows the next head, round to the first; a one-head scene says it has one", "[heads][app]") {
    Presenter p;
    p.settle();
    REQUIRE(p.shown() == 0);
    p.key(app::ch('h'), app::kShift);
    CHECK(p.shown() == 1);
    CHECK(p.session->modes().toast == "head 2 of 2 · which determiner");
    p.key(app::ch('h'), app::kShift);
    CHECK(p.shown() == 0);
    // Keys move only on the first head: the second's keys are the scene's.
    p.key(app::ch('h'), app::kShift);
    p.key(app::ch('k'));
    CHECK(p.session->mode() == app::Mode::Slides);
    CHECK(p.session->modes().error == "only the first head's keys move: show head 1 (Shift+H)");

    support::SessionFixture one(W, H, app::SessionOptions{}, std::make_shared<scene::Deck>(scene::deck_of(support::cat_scene())));
    one.settle();
    one.key(app::ch('h'), app::kShift);
    CHECK(one.session->modes().error == "this scene has one head");
    CHECK(one.session->view().controls.head == 0);
}
