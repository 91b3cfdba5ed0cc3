// Golden frames, as Manim keeps control frames: frames drawn now against frames stored in
// tests/golden/, in pixels (<name>.png, 640×360) and in texts (<name>.txt: every panel and
// every text the Recorder saw, with its box and size, compared exactly). They are the reference
// for any change to the frame model or the painters that must not change what is drawn.
//
//   row_scores_half, row_blend_end, matrix_softmax_dark   three moments of scenes built in code
//                                                          (support/decks.hpp), pixels and texts at 640×360
//   <scene>/NN-<step title>.txt    every step of scenes/one-query-row.yaml, attention-matrix.yaml,
//                                  causal-matrix.yaml, the cat-* scenes, two-heads.yaml and positions.yaml at its
//                                  end, texts at 1920×1080
//   <scene>/NN-<step title>.png    the same frame in pixels at 640×360, for a few of the steps
//
// After an intended change to what a frame shows, regenerate them (from the worktree's root):
//     ATTNLAB_REGENERATE_GOLDEN=1 ctest --test-dir build -R golden_test
// look at the new PNGs and the diff of the .txt files, and commit them. On a mismatch the test
// writes build/tests/golden-diff/<name>.actual.png and <name>.diff.png (red: the pixels over
// the tolerance), or <name>.actual.txt.
//
// The tolerance (support/golden.hpp: a channel may differ by 1, at most 1e-5 of the pixels by
// more) is measured, and "a pixel golden fails on a digit that changes" keeps it honest: every
// text of four frames, its last digit changed by one in the frame model and painted, fails the
// comparison, while the frame unchanged passes it (also in the sanitizer build, which draws the
// same bytes).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "draw/draw.hpp"
#include "load/load.hpp"
#include "model/model.hpp"
#include "scene/scene.hpp"
#include "support/decks.hpp"
#include "support/fonts.hpp"
#include "support/golden.hpp"
#include "support/image.hpp"
#include "support/views.hpp"
#include "timeline/timeline.hpp"

namespace {

using scene::Stage;
using support::Image;

// ---- the steps of a scene file ---------------------------------------------------------------

// The steps of the repository's scene files that get a pixel golden too (1-based), chosen to
// show every kind of panel once: the planes with their arrows, the blend with its arithmetic,
// the √d picture, the hidden bars of the mask, the Transformer block; a matrix with its numbers;
// the hatched causal matrix and the outputs.
const std::vector<std::pair<std::string, std::vector<int>>> kScenes = {
    {"one-query-row", {1, 7, 8, 17, 19}},
    {"attention-matrix", {3}},
    {"causal-matrix", {3, 9}},
    // Scenes in other scripts, at their softmax step (the token row, the weights and their bars):
    // CJK characters; Devanagari conjuncts; Arabic joined, its rows read right to left; titles
    // mixing scripts.
    {"cat-chinese", {4}},
    {"cat-hindi", {3}},
    {"cat-arabic", {3}},
    // Two heads: every head at once (thumbnails, the head view's edges), the second head shown in
    // the one-head panels, and the heads' outputs side by side times W_O, added to x.
    {"two-heads", {3, 4, 5}},
    // Where word order comes in: the sinusoidal table with x + p, alone and above the scores.
    {"positions", {1, 3}},
};

load::Result load_scene(const std::string& id) {
    return load::load_file(std::string(ATTNLAB_SOURCE_DIR) + "/scenes/" + id + ".yaml");
}

// A file name from a step's title: "Divide by √d" → "divide-by-sqrt-d", "T → ∞" → "t-to-inf",
// "mouse's key" → "mouses-key".
std::string slug(const std::string& title) {
    static const std::pair<const char*, const char*> kWords[] = {{"√", " sqrt "}, {"∞", " inf "}, {"→", " to "}, {"Σ", " sum "}};
    std::string s = title;
    for (const auto& [from, to] : kWords)
        for (std::size_t at; (at = s.find(from)) != std::string::npos;) s.replace(at, std::string(from).size(), to);
    std::string out;
    for (char c : s) {
        const unsigned char u = static_cast<unsigned char>(c);
        if (c == '\'') continue;  // "mouse's" → "mouses"
        if (u < 0x80 && std::isalnum(u)) out += static_cast<char>(std::tolower(u));
        else if (!out.empty() && out.back() != '-') out += '-';
    }
    while (!out.empty() && out.back() == '-') out.pop_back();
    if (out.size() > 40) out.resize(out.rfind('-', 40));
    return out;
}

// The golden's name of step `i` (0-based) of a scene: "one-query-row/07-blend-the-values-sum-a-v".
std::string step_name(const std::string& scene_id, int i, const std::string& title) {
    const std::string number = (i + 1 < 10 ? "0" : "") + std::to_string(i + 1);
    return scene_id + "/" + number + "-" + slug(title);
}

// The first line of a step's text golden: what the frame is (the step, or its question beat).
std::string step_heading(const std::string& scene_id, int i, int steps, const std::string& title, bool asking = false) {
    return "# scenes/" + scene_id + ".yaml, step " + std::to_string(i + 1) + " of " + std::to_string(steps) + " \"" +
           title + "\", " + (asking ? "its question beat (before it moves)" : "at the end of its span") +
           "; 1920x1080, light theme\n";
}

// ---- the numbers a frame shows -------------------------------------------------------------

// Every text of a scene frame's model, with a name saying where it is shown.
void for_each_text(model::SceneFrame& f, const std::function<void(const std::string&, std::string&)>& fn) {
    auto i = [](std::size_t k) { return "[" + std::to_string(k) + "]"; };
    fn("header", f.header.right);
    fn("header title", f.header.title);
    fn("pipeline subtitle", f.pipeline.subtitle);
    for (std::size_t k = 0; k < f.pipeline.cards.size(); ++k) {
        fn("pipeline card number" + i(k), f.pipeline.cards[k].number);
        fn("pipeline card label" + i(k), f.pipeline.cards[k].label);
        fn("pipeline card caption" + i(k), f.pipeline.cards[k].caption);
    }
    fn("score row heading", f.score_row.heading);
    for (std::size_t k = 0; k < f.score_row.cells.size(); ++k) fn("score" + i(k), f.score_row.cells[k].value);
    fn("score row legend low", f.score_row.legend.low);
    fn("score row legend mid", f.score_row.legend.mid);
    fn("score row legend high", f.score_row.legend.high);
    fn("weight bars Σ", f.weight_bars.aside);
    fn("weight bars hidden", f.weight_bars.hidden_label);
    fn("weight bars hidden short", f.weight_bars.hidden_short);
    for (std::size_t k = 0; k < f.weight_bars.bars.size(); ++k) fn("weight bar" + i(k), f.weight_bars.bars[k].label);
    auto& m = f.matrix;
    fn("matrix aside", m.aside);
    fn("matrix compare note", m.compare_note);
    fn("matrix legend low", m.legend.low);
    fn("matrix legend mid", m.legend.mid);
    fn("matrix legend high", m.legend.high);
    for (std::size_t r = 0; r < m.texts.size(); ++r)
        for (std::size_t c = 0; c < m.texts[r].size(); ++c) fn("matrix cell" + i(r) + i(c), m.texts[r][c]);
    for (std::size_t r = 0; r < m.sums.size(); ++r) fn("matrix row sum" + i(r), m.sums[r]);
    for (std::size_t k = 0; k < f.graph.nodes.size(); ++k) fn("graph label" + i(k), f.graph.nodes[k].label);
    fn("key plane query", f.key_plane.query_label);
    fn("key plane score key", f.key_plane.score_key);
    fn("key plane score key short", f.key_plane.score_key_short);
    fn("key plane reach key", f.key_plane.reach_key);
    fn("key plane note", f.key_plane.note);
    for (std::size_t k = 0; k < f.key_plane.keys.size(); ++k) fn("key label" + i(k), f.key_plane.keys[k].label);
    for (std::size_t k = 0; k < f.key_plane.keys.size(); ++k) fn("key score" + i(k), f.key_plane.keys[k].score_text);
    for (std::size_t k = 0; k < f.value_plane.values.size(); ++k) fn("value label" + i(k), f.value_plane.values[k].label);
    for (std::size_t k = 0; k < f.readouts.rows.size(); ++k) fn("readout " + f.readouts.rows[k].name, f.readouts.rows[k].value);
    fn("arithmetic aside", f.arithmetic.aside);
    for (std::size_t k = 0; k < f.arithmetic.lines.size(); ++k) fn("arithmetic line" + i(k), f.arithmetic.lines[k]);
    fn("narration title", f.narration.title);
    fn("narration text", f.narration.text);
    fn("controls temperature", f.control_panel.temperature);
    for (std::size_t k = 0; k < f.control_panel.ticks.size(); ++k) fn("controls tick" + i(k), f.control_panel.ticks[k].label);
    fn("controls mask caption", f.control_panel.mask_caption);
    for (std::size_t k = 0; k < f.scaling.strips.size(); ++k) {
        fn("scaling strip" + i(k), f.scaling.strips[k].label);
        fn("scaling spread" + i(k), f.scaling.strips[k].spread);
    }
    fn("scaling example", f.scaling.example);
    for (auto* bars : {&f.scaling.raw, &f.scaling.scaled}) {
        fn("scaling bars note", bars->note);
        for (std::size_t k = 0; k < bars->text.size(); ++k) fn("scaling bar" + i(k), bars->text[k]);
    }
    fn("projections aside", f.projections.aside);
    fn("outputs aside", f.outputs.aside);
    fn("block head", f.block.head);
}

// Changes the last digit of `s` by one (9 → 0); false when it has none.
bool change_a_digit(std::string& s) {
    const std::size_t at = s.find_last_of("0123456789");
    if (at == std::string::npos) return false;
    s[at] = s[at] == '9' ? '0' : static_cast<char>(s[at] + 1);
    return true;
}

struct Painted {
    std::unique_ptr<Image> image;
    std::string texts;  // support::recorded
};

Painted paint(const model::Frame& f, int w, int h, draw::ThemeKind theme) {
    draw::Recorder rec;
    draw::Options opt = support::draw_options(theme);
    opt.recorder = &rec;
    Painted p;
    p.image = support::paint_frame(f, w, h, opt);
    p.texts = support::recorded(rec);
    return p;
}

}  // namespace

// ---- the goldens -------------------------------------------------------------------------------

TEST_CASE("golden frames at 640x360: pixels, and every text with its box", "[golden]") {
    support::Staged row(support::sentence_scene()), mat(support::matrix_scene());
    auto both = [](const timeline::View& v, const std::string& name, draw::ThemeKind theme) {
        draw::Recorder rec;
        draw::Options opt = support::draw_options(theme);
        opt.recorder = &rec;
        support::check_pixel_golden(*support::draw_view(v, 640, 360, opt), name);
        REQUIRE(rec.texts.size() > 20);
        support::check_text_golden(support::recorded(rec), name);
    };
    SECTION("one-row layout, scores counting up") {
        both(row.view(row.span_of(Stage::Scores), 0.5), "row_scores_half", draw::ThemeKind::Light);
    }
    SECTION("one-row layout, blend finished") {
        both(row.view(row.span_of(Stage::Blend), 1.0), "row_blend_end", draw::ThemeKind::Light);
    }
    SECTION("matrix layout, softmax filling rows, dark") {
        both(mat.view(mat.span_of(Stage::Softmax), 0.6), "matrix_softmax_dark", draw::ThemeKind::Dark);
    }
}

TEST_CASE("every step of the scene files at its end: every text with its box, and the pixels of a few", "[golden]") {
    for (const auto& [id, pictured] : kScenes) {
        INFO("scenes/" << id << ".yaml");
        const load::Result r = load_scene(id);
        REQUIRE(r.ok());
        const scene::Deck& deck = r.deck;
        REQUIRE(deck.slides.size() == 1);
        const timeline::Layout lay = timeline::layout(deck);
        const scene::Scene& sc = *deck.slides[0].scene;
        const int steps = static_cast<int>(sc.steps.size());
        // One span a step, and one more before each step that asks a question to predict (its
        // question beat, which has a golden of its own); no question pages.
        int asks = 0;
        for (const scene::Step& st : sc.steps) asks += !st.ask.empty();
        REQUIRE(static_cast<int>(lay.spans.size()) == steps + asks);
        std::set<std::string> named;
        int i = -1;
        for (std::size_t span = 0; span < lay.spans.size(); ++span) {
            const timeline::Span& sp = lay.spans[span];
            REQUIRE(sp.question < 0);
            if (!sp.asking) ++i;
            REQUIRE(sp.step == (sp.asking ? i + 1 : i));
            const int step = sp.step;
            const std::string title = timeline::span_title(deck, sp);
            const std::string name = step_name(id, step, title) + (sp.asking ? "-predict" : "");
            INFO("step " << step + 1 << " \"" << title << "\"" << (sp.asking ? " (its question)" : "") << " → tests/golden/" << name);
            CHECK(named.insert(name).second);  // one golden a span
            // The end of the span: its animation and any cross-fade are over.
            const timeline::State state = timeline::state_at_span(lay, static_cast<int>(span));
            const double end = sp.end();
            REQUIRE_FALSE(timeline::evaluate(deck, lay, state, end).animating);
            const model::Frame f = model::frame_at(deck, lay, state, end);
            REQUIRE(f.kind == model::Frame::Kind::Scene);
            REQUIRE_FALSE(f.under);
            draw::Recorder rec;
            draw::Options opt = support::draw_options();
            opt.recorder = &rec;
            support::render_at(deck, lay, state, end, 1920, 1080, opt);
            REQUIRE(rec.texts.size() > 10);
            support::check_text_golden(step_heading(id, step, steps, title, sp.asking) + support::recorded(rec), name);
            const bool picture = !sp.asking && std::find(pictured.begin(), pictured.end(), step + 1) != pictured.end();
            if (picture) support::check_pixel_golden(*support::render_at(deck, lay, state, end, 640, 360), name);
            // No golden is left over from a step that is gone or renamed, and no picture from a
            // step that no longer has one.
            CHECK(std::filesystem::exists(support::golden_file(name, ".png")) == picture);
        }
        std::set<std::string> stored;
        for (const auto& e : std::filesystem::directory_iterator(std::string(ATTNLAB_SOURCE_DIR) + "/tests/golden/" + id))
            stored.insert(id + "/" + e.path().stem().string());
        CHECK(stored == named);
    }
}

// ---- the goldens catch what they are for -------------------------------------------------------

TEST_CASE("a pixel golden fails on a digit that changes", "[golden]") {
    // Each frame with a pixel golden whose numbers are drawn: its model, each text changed by one
    // digit, painted, and compared with the stored golden by the same comparison the goldens use.
    support::Staged row(support::sentence_scene()), mat(support::matrix_scene());
    // The end of a step of a scene file, and the name of its golden.
    struct Step {
        load::Result file;
        timeline::Layout lay;
        timeline::View view;
        std::string golden;
        Step(const std::string& id, int i, Stage stage) : file(load_scene(id)) {
            REQUIRE(file.ok());
            REQUIRE(file.deck.slides[0].scene->steps[static_cast<std::size_t>(i)].stage == stage);
            lay = timeline::layout(file.deck);
            int span = 0;  // the step's own span (after its question beat, if it asks)
            while (lay.spans[static_cast<std::size_t>(span)].step != i || lay.spans[static_cast<std::size_t>(span)].asking) ++span;
            const timeline::Span& sp = lay.spans[static_cast<std::size_t>(span)];
            view = timeline::evaluate(file.deck, lay, timeline::state_at_span(lay, span), sp.end());
            golden = step_name(id, i, timeline::span_title(file.deck, sp));
        }
    };
    const Step lecture_blend("one-query-row", 6, Stage::Blend);      // "Blend the values": cat 44%
    const Step budget("attention-matrix", 2, Stage::Softmax);        // "Attention is a budget": weights in the cells
    const timeline::View blend = row.view(row.span_of(Stage::Blend), 1.0);
    const timeline::View filling = mat.view(mat.span_of(Stage::Softmax), 0.6);
    struct Case {
        const timeline::View* view;
        std::string golden;
        draw::ThemeKind theme;
    };
    const Case cases[] = {
        {&blend, "row_blend_end", draw::ThemeKind::Light},
        {&filling, "matrix_softmax_dark", draw::ThemeKind::Dark},
        {&lecture_blend.view, lecture_blend.golden, draw::ThemeKind::Light},
        {&budget.view, budget.golden, draw::ThemeKind::Light},
    };
    std::set<std::string> caught;  // where a changed digit failed the golden ("weight bar", …)
    for (const Case& c : cases) {
        INFO("golden " << c.golden);
        const model::Frame original = model::frame_of(*c.view);
        const Painted before = paint(original, 640, 360, c.theme);
        // Unchanged, it passes: the renderer draws the same pixels as when the golden was made.
        const support::PixelVerdict same = support::compare_to_golden(*before.image, c.golden);
        INFO(same);
        REQUIRE(same.ok);
        CHECK(same.over == 0);
        // Every text with a digit, changed by one.
        std::vector<std::string> names;
        model::Frame probe = original;
        for_each_text(probe.scene, [&](const std::string& where, std::string& s) {
            if (s.find_first_of("0123456789") != std::string::npos) names.push_back(where);
        });
        REQUIRE(names.size() > 10);
        int drawn = 0;
        for (std::size_t k = 0; k < names.size(); ++k) {
            model::Frame changed = original;
            std::string was, now;
            std::size_t seen = 0;
            for_each_text(changed.scene, [&](const std::string&, std::string& s) {
                if (s.find_first_of("0123456789") == std::string::npos || seen++ != k) return;
                was = s;
                REQUIRE(change_a_digit(s));
                now = s;
            });
            INFO(names[k] << ": \"" << was << "\" → \"" << now << "\"");
            const Painted after = paint(changed, 640, 360, c.theme);
            const support::PixelVerdict pixels = support::compare_to_golden(*after.image, c.golden);
            const support::TextVerdict texts = support::compare_text(after.texts, before.texts);
            INFO("pixels: " << pixels);
            INFO("texts: " << texts);
            REQUIRE(pixels.problem.empty());
            // What is drawn fails the pixel golden and changes the texts drawn; what this frame
            // does not draw (numbers too small for the matrix's cells, a card's number once the
            // card is done, the score row in the matrix layout) does neither.
            CHECK(pixels.ok == texts.ok);
            if (!texts.ok) {
                ++drawn;
                CHECK(pixels.over > pixels.allowed);
                caught.insert(names[k].substr(0, names[k].find('[')));
            } else {
                CHECK(pixels.over == 0);
            }
        }
        CHECK(drawn > 10);
    }
    // Among them the numbers a lecture is about: a weight, the row's sum, a score, a cell.
    for (const char* where : {"weight bar", "weight bars Σ", "score", "matrix cell", "matrix row sum", "readout Top weight"}) {
        INFO(where);
        CHECK(caught.count(where) == 1);
    }
}

TEST_CASE("a text golden fails on a digit that changes", "[golden]") {
    support::Staged row(support::sentence_scene());
    const timeline::View v = row.view(row.span_of(Stage::Blend), 1.0);
    draw::Recorder rec;
    draw::Options opt = support::draw_options();
    opt.recorder = &rec;
    support::draw_view(v, 640, 360, opt);
    // The frame as drawn passes its golden.
    const support::TextVerdict same = support::compare_text_to_golden(support::recorded(rec), "row_blend_end");
    INFO(same);
    REQUIRE(same.ok);
    SECTION("a recorded weight changes") {
        bool changed = false;
        for (auto& t : rec.texts)
            if (t.text == "70%") t.text = "71%", changed = true;
        REQUIRE(changed);
        const support::TextVerdict v2 = support::compare_text_to_golden(support::recorded(rec), "row_blend_end");
        INFO(v2);
        CHECK_FALSE(v2.ok);
        CHECK(v2.problem.empty());
        CHECK(v2.line > 0);
        CHECK(v2.now.find("|71%|") != std::string::npos);
        CHECK(v2.wanted.find("|70%|") != std::string::npos);
    }
    SECTION("the model's Σ changes, and the painter draws it") {
        model::Frame f = model::frame_of(v);
        REQUIRE(f.scene.weight_bars.aside == "Σ a = 1.00");
        f.scene.weight_bars.aside = "Σ a = 1.01";
        const Painted p = paint(f, 640, 360, draw::ThemeKind::Light);
        const support::TextVerdict v2 = support::compare_text_to_golden(p.texts, "row_blend_end");
        INFO(v2);
        CHECK_FALSE(v2.ok);
        CHECK(v2.now.find("|Σ a = 1.01|") != std::string::npos);
        CHECK(v2.wanted.find("|Σ a = 1.00|") != std::string::npos);
    }
    SECTION("a line more or a line less") {
        const std::string now = support::recorded(rec);
        CHECK_FALSE(support::compare_text(now + "text - 0 0 0 0 18 |x|\n", now).ok);
        const support::TextVerdict shorter = support::compare_text(now.substr(0, now.rfind('\n', now.size() - 2) + 1), now);
        CHECK_FALSE(shorter.ok);
        CHECK(shorter.now.empty());
        CHECK_FALSE(shorter.wanted.empty());
    }
    SECTION("a missing golden is a failure that names it") {
        const support::TextVerdict none = support::compare_text_to_golden(support::recorded(rec), "no_such_golden");
        CHECK_FALSE(none.ok);
        CHECK(none.problem.find("no_such_golden.txt") != std::string::npos);
    }
}

TEST_CASE("the pixel comparison counts what it allows", "[golden]") {
    // Two images that differ in a known number of pixels by known amounts.
    Image a(640, 360), b(640, 360);
    for (Image* img : {&a, &b})
        for (int y = 0; y < 360; ++y)
            for (int x = 0; x < 640; ++x) {
                unsigned char* p = img->px(x, y);
                p[0] = 200, p[1] = 100, p[2] = 50, p[3] = 255;
            }
    cairo_surface_mark_dirty(a.s);
    auto differ = [&](int n, int by) {
        for (int i = 0; i < n; ++i) b.px(i * 7 % 640, i)[1] = static_cast<unsigned char>(100 + by);
        cairo_surface_mark_dirty(b.s);
    };
    std::unique_ptr<Image> diff;
    SECTION("by the tolerance: the same") {
        differ(300, support::kChannelTolerance);
        const auto v = support::compare_pixels(b, a);
        CHECK(v.ok);
        CHECK(v.over == 0);
        CHECK(v.worst == support::kChannelTolerance);
    }
    SECTION("over it in as many pixels as allowed: the same; one more: different, and the diff shows where") {
        const long allowed = static_cast<long>(support::kMismatchShare * 640 * 360);
        CHECK(allowed == 2);
        differ(static_cast<int>(allowed), support::kChannelTolerance + 1);
        auto v = support::compare_pixels(b, a);
        CHECK(v.ok);
        CHECK(v.over == allowed);
        differ(static_cast<int>(allowed) + 1, support::kChannelTolerance + 1);
        v = support::compare_pixels(b, a, &diff);
        CHECK_FALSE(v.ok);
        CHECK(v.over == allowed + 1);
        CHECK(v.allowed == allowed);
        REQUIRE(diff);
        CHECK(diff->px(0, 0)[2] == 255);   // red where over
        CHECK(diff->px(0, 0)[1] == 0);
        CHECK(diff->px(5, 5)[2] == 50 / 3);  // the frame dimmed elsewhere
    }
    SECTION("a different size is not compared") {
        Image small(320, 180);
        const auto v = support::compare_pixels(small, a);
        CHECK_FALSE(v.ok);
        CHECK(v.problem.find("320×180") != std::string::npos);
    }
}
