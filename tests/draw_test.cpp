// Tests for draw/: pixel probes that check meaning, text staying inside its panel at every
// output size, hit testing and determinism. The golden frames (stored pictures and texts) are
// in golden_test.cpp.
//
// To write a PNG of every stage for looking at: ATTNLAB_PREVIEW_DIR=/tmp/x ./draw_test "[.preview]"
#include <catch2/catch.hpp>

#include <cairo-pdf.h>
#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "draw/draw.hpp"
#include "scene/scene.hpp"
#include "support/decks.hpp"
#include "support/fonts.hpp"
#include "support/image.hpp"
#include "support/rounding.hpp"
#include "support/views.hpp"
#include "timeline/timeline.hpp"

namespace {

using scene::Stage;

using support::draw_view;
using support::Image;
using support::matrix_scene;
using support::sentence_scene;

// A deck, its layout and a view at (span, u); the span of a stage.
using Fixture = support::Staged;

// Colour (0..255, BGRA in memory) at a design-space point of an image.
struct Rgb {
    int r, g, b;
};
[[maybe_unused]] Rgb at(const Image& img, core::Point design) {
    draw::Transform t = draw::transform_for(img.w(), img.h());
    core::Point p = t.to_pixels(design);
    const unsigned char* q = img.px(static_cast<int>(p.x), static_cast<int>(p.y));
    return {q[2], q[1], q[0]};
}
[[maybe_unused]] int dist(Rgb a, Rgb b) { return std::max({std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b)}); }

[[maybe_unused]] const draw::Recorder::Panel* panel_named(const draw::Recorder& rec, const std::string& name) {
    for (const auto& p : rec.panels)
        if (p.name == name) return &p;
    return nullptr;
}

const draw::Recorder::Mark* mark(const draw::Recorder& rec, const std::string& name) {
    for (const auto& m : rec.marks)
        if (m.name == name) return &m;
    return nullptr;
}

// Colour at a pixel position.
Rgb pixel(const Image& img, core::Point p) {
    const unsigned char* q = img.px(static_cast<int>(p.x), static_cast<int>(p.y));
    return {q[2], q[1], q[0]};
}
Rgb rgb_of(const char* hex) {
    unsigned v = static_cast<unsigned>(std::strtoul(hex + 1, nullptr, 16));
    return {int((v >> 16) & 0xff), int((v >> 8) & 0xff), int(v & 0xff)};
}

}  // namespace

TEST_CASE("fonts come from the caller; a missing one is an error naming it", "[draw]") {
    std::string error;
    CHECK_FALSE(draw::Fonts::load("/nonexistent", error));
    CHECK(error.find("/nonexistent/DejaVuSans.ttf") != std::string::npos);
    // A folder with some of the fonts: the first missing one is named, nothing is half-loaded.
    const std::string dir = std::string(ATTNLAB_SOURCE_DIR) + "/tests/data";
    error.clear();
    CHECK_FALSE(draw::Fonts::load(dir, error));
    CHECK(error.find("DejaVuSans.ttf") != std::string::npos);
    // The repository's fonts: four distinct faces, and text measured with them.
    const auto f = support::fonts();
    REQUIRE(f);
    for (draw::Font a : {draw::Font::Regular, draw::Font::Bold, draw::Font::Mono, draw::Font::Italic}) {
        CHECK(f->face(a) != nullptr);
        CHECK(cairo_font_face_status(f->face(a)) == CAIRO_STATUS_SUCCESS);
        CHECK(cairo_font_face_get_type(f->face(a)) == CAIRO_FONT_TYPE_FT);
    }
    CHECK(f->face(draw::Font::Regular) != f->face(draw::Font::Bold));
}

TEST_CASE("the design space fills 16:9, 16:10 and 4:3 outputs, and the transform maps points both ways", "[draw]") {
    // From 4:3 to 16:9 the design space has the output's aspect: no letterbox, and a design unit
    // is 1/1080 of the output's height at every one of them.
    for (auto [w, h] : {std::pair{1920, 1080}, std::pair{1280, 720}, std::pair{1920, 1200}, std::pair{1680, 1050},
                        std::pair{1024, 768}, std::pair{1600, 1200}, std::pair{1280, 1024}}) {
        INFO(w << "x" << h);
        const auto t = draw::transform_for(w, h);
        const double aspect = static_cast<double>(w) / h;
        CHECK(t.space.h == draw::kDesignHeight);
        if (aspect >= 4.0 / 3.0) {
            CHECK(t.space.w == Approx(draw::kDesignHeight * aspect));
            CHECK(t.scale == Approx(h / draw::kDesignHeight));
            CHECK(t.dx == Approx(0).margin(1e-9));
            CHECK(t.dy == Approx(0).margin(1e-9));
        } else {  // narrower than 4:3 (5:4): 4:3's space, letterboxed
            CHECK(t.space.w == draw::kNarrowestWidth);
            CHECK(t.scale == Approx(w / draw::kNarrowestWidth));
            CHECK(t.dy > 0);
        }
        core::Point p = t.to_design(t.to_pixels({123, 456}));
        CHECK(p.x == Approx(123));
        CHECK(p.y == Approx(456));
    }
    // Wider than 16:9: 16:9's space, pillarboxed.
    const auto wide = draw::transform_for(2560, 1080);
    CHECK(wide.space.w == draw::kDesignWidth);
    CHECK(wide.scale == Approx(1.0));
    CHECK(wide.dx == Approx((2560 - 1920) / 2.0));
}

TEST_CASE("every text box stays inside its panel at every output size", "[draw]") {
    Fixture row(sentence_scene()), mat(matrix_scene());
    struct Case {
        const Fixture* f;
        Stage stage;
        double u;
    };
    const Case cases[] = {{&row, Stage::Scores, 0.5}, {&row, Stage::Scale, 0.5}, {&row, Stage::Mask, 1.0},
                          {&row, Stage::Softmax, 0.3}, {&row, Stage::Blend, 1.0}, {&mat, Stage::Softmax, 0.6},
                          {&mat, Stage::Blend, 1.0}};
    const int sizes[][2] = {{1280, 720}, {1920, 1080}, {3840, 2160}, {1024, 768}};
    for (const auto& size : sizes) {
        for (const Case& c : cases) {
            draw::Recorder rec;
            draw::Options opt = support::draw_options();
            opt.recorder = &rec;
            timeline::View v = c.f->view(c.f->span_of(c.stage), c.u);
            draw_view(v, size[0], size[1], opt);
            INFO("size " << size[0] << "x" << size[1] << " stage " << scene::stage_name(c.stage));
            REQUIRE(rec.texts.size() > 20);
            const double slack = 0.5;  // antialiasing half-pixel
            for (const auto& t : rec.texts) {
                INFO("text '" << t.text << "'");
                REQUIRE(t.panel >= 0);
                core::Rect p = rec.panels[static_cast<std::size_t>(t.panel)].rect;
                INFO("panel " << rec.panels[static_cast<std::size_t>(t.panel)].name << " " << p.x << "," << p.y << " "
                              << p.w << "x" << p.h << "; text " << t.rect.x << "," << t.rect.y << " " << t.rect.w << "x"
                              << t.rect.h);
                CHECK(p.inset(-slack).contains(t.rect));
            }
            for (const auto& p : rec.panels) {
                INFO("panel " << p.name);
                CHECK(core::Rect{0, 0, double(size[0]), double(size[1])}.inset(-0.5).contains(p.rect));
            }
        }
    }
}

TEST_CASE("pixel probes: what a frame shows means what it should", "[draw]") {
    Fixture row(sentence_scene()), mat(matrix_scene());
    const int W = 1280, H = 720;
    SECTION("a masked cell is hatched in the hidden colours, an open one is not") {
        draw::Recorder rec;
        draw::Options opt = support::draw_options();
        opt.recorder = &rec;
        auto img = draw_view(mat.view(mat.span_of(Stage::Blend), 1.0), W, H, opt);
        const auto* hidden = mark(rec, "cell:0:11");
        const auto* open = mark(rec, "cell:11:0");
        REQUIRE(hidden);
        REQUIRE(open);
        // Scan the hidden cell: only the hidden fill and its hatching (and antialiased mixes
        // of the two) appear, and both of them do.
        const Rgb fill = rgb_of("#e4e2dc"), hatch = rgb_of("#a8a59c");
        int n_fill = 0, n_hatch = 0, n_other = 0;
        for (double y = hidden->rect.y + 4; y < hidden->rect.bottom() - 4; y += 1)
            for (double x = hidden->rect.x + 4; x < hidden->rect.right() - 4; x += 1) {
                Rgb p = pixel(*img, {x, y});
                if (dist(p, fill) < 10) ++n_fill;
                else if (dist(p, hatch) < 10) ++n_hatch;
                else if (std::abs(p.r - p.g) > 12 || p.r > fill.r + 8 || p.r < hatch.r - 8) ++n_other;
            }
        CHECK(n_fill > 20);
        CHECK(n_hatch > 5);
        CHECK(n_other == 0);
        Rgb o = pixel(*img, {open->rect.x + 3, open->rect.y + 3});
        CHECK(dist(o, fill) > 10);
        CHECK(dist(o, hatch) > 10);
    }
    SECTION("the diamond is drawn in rose and lies inside the hull of the values") {
        draw::Recorder rec;
        draw::Options opt = support::draw_options();
        opt.recorder = &rec;
        auto img = draw_view(row.view(row.span_of(Stage::Blend), 1.0), W, H, opt);
        const auto* dia = mark(rec, "diamond");
        REQUIRE(dia);
        CHECK(dist(pixel(*img, {dia->rect.x, dia->rect.y}), rgb_of("#cc79a7")) < 12);
        std::vector<core::Point> vals;
        for (int j = 0; j < 6; ++j) {
            const auto* v = mark(rec, "value:" + std::to_string(j));
            REQUIRE(v);
            vals.push_back({v->rect.x, v->rect.y});
        }
        // Inside the convex hull ⇔ not strictly outside any edge of it: check against every
        // pair of value points that has all others on one side (the hull edges).
        core::Point d{dia->rect.x, dia->rect.y};
        int edges = 0;
        for (std::size_t a = 0; a < vals.size(); ++a)
            for (std::size_t b = 0; b < vals.size(); ++b) {
                if (a == b) continue;
                auto side = [&](core::Point p) {
                    return (vals[b].x - vals[a].x) * (p.y - vals[a].y) - (vals[b].y - vals[a].y) * (p.x - vals[a].x);
                };
                bool edge = true;
                for (std::size_t c = 0; c < vals.size(); ++c)
                    if (c != a && c != b && side(vals[c]) < 0) edge = false;
                if (!edge) continue;
                ++edges;
                CHECK(side(d) >= -1e-6);
            }
        CHECK(edges >= 3);
    }
    SECTION("the focused token is marked in gold, the others are not") {
        draw::Recorder rec;
        draw::Options opt = support::draw_options();
        opt.recorder = &rec;
        auto img = draw_view(row.view(row.span_of(Stage::Scores), 1.0), W, H, opt);
        const Rgb gold = rgb_of("#e69f00");
        for (int j = 0; j < 6; ++j) {
            const auto* t = mark(rec, "token:" + std::to_string(j));
            REQUIRE(t);
            Rgb p = pixel(*img, {t->rect.x + 5, t->rect.y + t->rect.h / 2});
            INFO("token " << j);
            if (j == 2) CHECK(dist(p, gold) < 12);
            else CHECK(dist(p, gold) > 60);
        }
    }
    SECTION("blank is a black frame") {
        timeline::View v = row.view(0, 1.0);
        v.blank = true;
        auto img = draw_view(v, 320, 180);
        for (int y = 0; y < 180; y += 7)
            for (int x = 0; x < 320; x += 7) CHECK(pixel(*img, {double(x), double(y)}).r == 0);
    }
}

TEST_CASE("scores on a diverging scale: negative and positive on either side, 0 the neutral colour, a legend that says so", "[draw]") {
    auto sc = sentence_scene();
    sc->heads[0].k[0] = {0.9, -1.0};  // at right angles to chased's query (1.0, 0.9): a score of exactly 0
    Fixture row(sc);
    const timeline::View v = row.view(row.span_of(Stage::Scores), 1.0);
    const model::Frame f = model::frame_of(v);
    REQUIRE(f.scene.score_row.scored);
    const auto& cells = f.scene.score_row.cells;
    REQUIRE(v.trace().scores(2, 0) == 0.0);
    std::size_t lowest = 0, highest = 0;
    for (std::size_t j = 0; j < cells.size(); ++j) {
        if (cells[j].tone < cells[lowest].tone) lowest = j;
        if (cells[j].tone > cells[highest].tone) highest = j;
    }
    REQUIRE(v.trace().scores(2, lowest) < 0);  // what makes this a test: both signs
    REQUIRE(v.trace().scores(2, highest) > 0);
    for (auto theme : {draw::ThemeKind::Light, draw::ThemeKind::Dark}) {
        INFO((theme == draw::ThemeKind::Dark ? "dark" : "light"));
        draw::Recorder rec;
        draw::Options opt = support::draw_options(theme);
        opt.recorder = &rec;
        auto img = draw_view(v, 1280, 720, opt);
        auto fill_of = [&](std::size_t j) {
            const auto* m = mark(rec, "score:" + std::to_string(j));
            REQUIRE(m);
            return pixel(*img, {m->rect.x + 6, m->rect.y + m->rect.h / 2});
        };
        // 0 is the neutral colour: a grey, neither warm nor cool.
        const Rgb zero = fill_of(0);
        INFO("0: " << zero.r << "," << zero.g << "," << zero.b);
        CHECK(std::abs(zero.r - zero.b) <= 12);
        CHECK(std::abs(zero.r - zero.g) <= 12);
        // A negative score is warm (red-orange), a positive one cool (blue): opposite sides.
        for (std::size_t j = 0; j < cells.size(); ++j) {
            const double s = v.trace().scores(2, j);
            if (std::fabs(cells[j].tone) < 0.15) continue;  // too near 0 to have a hue to speak of
            const Rgb p = fill_of(j);
            INFO("key " << j << " score " << s << ": " << p.r << "," << p.g << "," << p.b);
            if (s < 0) CHECK(p.r - p.b > 25);
            else CHECK(p.b - p.r > 25);
        }
        // Further from 0, further from the neutral colour, on both sides.
        CHECK(dist(fill_of(lowest), zero) > 40);
        CHECK(dist(fill_of(highest), zero) > 40);
        // The legend: "−m", the gradient warm → neutral → cool, "m"; its middle written "0".
        const auto* legend = mark(rec, "legend:score");
        REQUIRE(legend);
        const double y = legend->rect.y + legend->rect.h / 2;
        const Rgb left = pixel(*img, {legend->rect.x + 3, y}), right = pixel(*img, {legend->rect.right() - 3, y});
        CHECK(left.r - left.b > 25);
        CHECK(right.b - right.r > 25);
        bool low = false, high = false, mid = false;
        for (const auto& t : rec.texts) {
            low = low || t.text == f.scene.score_row.legend.low;
            high = high || t.text == f.scene.score_row.legend.high;
            mid = mid || (t.text == "0" && t.rect.x > legend->rect.x && t.rect.right() < legend->rect.right());
        }
        CHECK(low);
        CHECK(high);
        CHECK(mid);
        CHECK(f.scene.score_row.legend.low.rfind("−", 0) == 0);
    }
}

TEST_CASE("a plane's axis labels write their gridline's value exactly, for any step and extent", "[draw]") {
    // The property: gridlines every grid_step(span), a nice step (1, 2, 2.5 or 5 × 10^k); each
    // gridline of any extent labelled with its value, in the fewest decimals that write it.
    std::mt19937 rng(27);
    std::uniform_real_distribution<double> exponent(-3, 4), unit(0, 1);
    int lines = 0, halves = 0;
    for (int trial = 0; trial < 4000; ++trial) {
        const double span = std::pow(10.0, exponent(rng));
        const double step = draw::grid_step(span);
        INFO("span " << span << ", step " << step);
        const double mantissa = step / std::pow(10.0, std::floor(std::log10(step) + 1e-12));
        CHECK((std::fabs(mantissa - 1) < 1e-9 || std::fabs(mantissa - 2) < 1e-9 || std::fabs(mantissa - 2.5) < 1e-9 ||
               std::fabs(mantissa - 5) < 1e-9));
        CHECK(span / step <= 6 + 1e-9);  // about six lines across, never fewer than two
        CHECK(span / step > 2);
        const double x0 = (unit(rng) - 0.7) * span;
        for (double k = std::ceil(x0 / step); k * step <= x0 + span; ++k, ++lines) {
            const double value = k * step;
            const std::string label = draw::grid_label(value);
            INFO("gridline " << value << " labelled '" << label << "'");
            CHECK(support::read_number(label) == Approx(value).margin(1e-9 * step));
            // The fewest decimals: no trailing zero after the point.
            if (label.find('.') != std::string::npos) CHECK(label.back() != '0');
            halves += std::fabs(mantissa - 2.5) < 1e-9 && std::fmod(k, 2.0) != 0;
        }
    }
    CHECK(draw::grid_label(2.5) == "2.5");
    CHECK(draw::grid_label(-2.5) == "−2.5");
    CHECK(draw::grid_label(5) == "5");
    CHECK(draw::grid_label(0.25) == "0.25");
    CHECK(lines > 10000);
    CHECK(halves > 100);  // the case that was wrong: odd multiples of a 2.5 step

    // Drawn: on the key plane of the one-query-row scene, with its panels (gridlines every 2.5), each number
    // under the plane sits where the plane puts its value, found from the key dots' own places.
    auto sc = support::cat_scene();
    using scene::Panel;
    sc->panels = {Panel::TokenRow, Panel::KeyPlane,  Panel::ValuePlane, Panel::ScoreRow, Panel::WeightBars,
                  Panel::Pipeline, Panel::Readouts, Panel::Narration,  Panel::Arithmetic, Panel::ControlPanel};
    sc->steps.back().set.key_scale = 2.0;  // as its "double every key" step: the plane holds the doubled keys
    support::Staged row(sc);
    const timeline::View v = row.view(row.span_of(Stage::Scores), 1.0);
    draw::Recorder rec;
    draw::Options opt = support::draw_options();
    opt.recorder = &rec;
    draw_view(v, 1920, 1080, opt);
    int kp = -1;
    for (std::size_t i = 0; i < rec.panels.size(); ++i)
        if (rec.panels[i].name == "key-plane") kp = static_cast<int>(i);
    REQUIRE(kp >= 0);
    // x in plane units → pixels, from the two keys furthest apart in x.
    std::size_t a = 0, b = 0;
    for (std::size_t j = 0; j < v.controls.keys.size(); ++j) {
        if (v.controls.keys[j][0] < v.controls.keys[a][0]) a = j;
        if (v.controls.keys[j][0] > v.controls.keys[b][0]) b = j;
    }
    const auto* ma = mark(rec, "key:" + std::to_string(a));
    const auto* mb = mark(rec, "key:" + std::to_string(b));
    REQUIRE(ma);
    REQUIRE(mb);
    const double scale = (mb->rect.x - ma->rect.x) / (v.controls.keys[b][0] - v.controls.keys[a][0]);
    const auto px = [&](double x) { return ma->rect.x + (x - v.controls.keys[a][0]) * scale; };
    // The x axis's labels: the numbers on the panel's lowest line of numbers.
    double bottom = 0;
    const auto is_number = [](const std::string& t) { return !t.empty() && t.find_first_not_of("0123456789.−") == std::string::npos; };
    for (const auto& t : rec.texts)
        if (t.panel == kp && is_number(t.text)) bottom = std::max(bottom, t.rect.y);
    int checked = 0;
    bool half = false;
    for (const auto& t : rec.texts) {
        if (t.panel != kp || !is_number(t.text) || std::fabs(t.rect.y - bottom) > 1) continue;
        const double value = support::read_number(t.text);
        INFO("label '" << t.text << "' centred at " << t.rect.x + t.rect.w / 2 << ", the plane puts " << value << " at " << px(value));
        CHECK(std::fabs(t.rect.x + t.rect.w / 2 - px(value)) < 2);
        half = half || t.text.find(".5") != std::string::npos;
        ++checked;
    }
    CHECK(checked >= 2);
    CHECK(half);  // the scene's step is 2.5: a label such as "2.5" is drawn
}

TEST_CASE("weights before the softmax step are not drawn; at softmax they are", "[draw]") {
    Fixture row(sentence_scene());
    draw::Recorder before, after;
    draw::Options a = support::draw_options(), b = support::draw_options();
    a.recorder = &before;
    b.recorder = &after;
    draw_view(row.view(row.span_of(Stage::Scale), 1.0), 1280, 720, a);
    draw_view(row.view(row.span_of(Stage::Softmax), 1.0), 1280, 720, b);
    auto has = [](const draw::Recorder& r, const std::string& s) {
        for (const auto& t : r.texts)
            if (t.text == s) return true;
        return false;
    };
    CHECK_FALSE(has(before, "Σ a = 1.00"));
    CHECK(has(after, "Σ a = 1.00"));
    CHECK(has(before, "the weights appear at the softmax step"));
}

TEST_CASE("hit testing finds tokens, keys, cells and the controls", "[draw]") {
    Fixture row(sentence_scene()), mat(matrix_scene());
    const int W = 1920, H = 1080;  // design space = pixels
    draw::Recorder rec;
    draw::Options opt = support::draw_options();
    opt.recorder = &rec;
    timeline::View v = row.view(row.span_of(Stage::Blend), 1.0);
    draw_view(v, W, H, opt);
    auto centre = [](const draw::Recorder::Mark* m) { return core::Point{m->rect.x + m->rect.w / 2, m->rect.y + m->rect.h / 2}; };
    for (int j = 0; j < 6; ++j) {
        auto h = draw::hit_test(v, centre(mark(rec, "token:" + std::to_string(j))));
        CHECK(h.kind == draw::Hit::Kind::Token);
        CHECK(h.token == j);
        auto k = draw::hit_test(v, centre(mark(rec, "key:" + std::to_string(j))));
        CHECK(k.kind == draw::Hit::Kind::Key);
        CHECK(k.token == j);
        auto p = draw::key_plane_point(v, centre(mark(rec, "key:" + std::to_string(j))));
        REQUIRE(p);
        CHECK(p->x == Approx(row.deck.slides[0].scene->heads[0].k[static_cast<std::size_t>(j)][0]).margin(1e-6));
    }
    auto knob = draw::hit_test(v, centre(mark(rec, "knob")));
    CHECK(knob.kind == draw::Hit::Kind::TemperatureSlider);
    CHECK(knob.value == Approx(1.0).margin(0.02));
    CHECK(draw::hit_test(v, centre(mark(rec, "switch"))).kind == draw::Hit::Kind::MaskSwitch);

    draw::Recorder mrec;
    opt.recorder = &mrec;
    timeline::View mv = mat.view(mat.span_of(Stage::Blend), 1.0);
    draw_view(mv, W, H, opt);
    auto cell = draw::hit_test(mv, centre(mark(mrec, "cell:3:8")));
    CHECK(cell.kind == draw::Hit::Kind::MatrixCell);
    CHECK(cell.row == 3);
    CHECK(cell.token == 8);
}

TEST_CASE("the same view gives identical pixels", "[draw]") {
    Fixture row(sentence_scene());
    timeline::View v = row.view(row.span_of(Stage::Softmax), 0.4);
    auto a = draw_view(v, 800, 450);
    auto b = draw_view(v, 800, 450);
    const std::size_t bytes = static_cast<std::size_t>(cairo_image_surface_get_stride(a->s)) * 450;
    CHECK(std::memcmp(cairo_image_surface_get_data(a->s), cairo_image_surface_get_data(b->s), bytes) == 0);
    // …and a different moment gives different pixels.
    auto c = draw_view(row.view(row.span_of(Stage::Softmax), 0.8), 800, 450);
    CHECK(std::memcmp(cairo_image_surface_get_data(a->s), cairo_image_surface_get_data(c->s), bytes) != 0);
}

TEST_CASE("title and text slides cross-fade into a scene", "[draw]") {
    scene::Deck deck;
    deck.title = "How attention works";
    deck.slides = {support::title_slide("Attention is a weighted read", "Part 1"),
                   support::text_slide("Where q, k and v come from", {"One input x per token", "q = x·W_Q, k = x·W_K, v = x·W_V"}),
                   support::scene_slide(sentence_scene())};
    timeline::Layout lay = timeline::layout(deck);
    auto at = [&](double t) { return support::render_at(deck, lay, timeline::state_at(lay, t), t, 640, 360); };
    const double t2 = lay.spans[2].start;
    auto before = at(t2 - 0.01), mid = at(t2 + scene::kCrossFade / 2), after = at(t2 + scene::kCrossFade + 0.01);
    // Half-way through the fade a pixel lies between the text slide's and the scene's.
    int between = 0, total = 0;
    for (int y = 5; y < 360; y += 9)
        for (int x = 5; x < 640; x += 9) {
            Rgb a = pixel(*before, {double(x), double(y)}), m = pixel(*mid, {double(x), double(y)}),
                b = pixel(*after, {double(x), double(y)});
            if (dist(a, b) < 40) continue;
            ++total;
            if (dist(m, a) > 5 && dist(m, b) > 5) ++between;
        }
    REQUIRE(total > 50);
    CHECK(between > total * 0.8);
    // Text slides lay their text out inside the slide area.
    draw::Recorder rec;
    draw::Options opt = support::draw_options();
    opt.recorder = &rec;
    timeline::View v = timeline::evaluate(deck, lay, timeline::state_at_span(lay, 1), lay.spans[1].start + 1);
    auto img = draw_view(v, 1280, 720, opt);
    REQUIRE(rec.texts.size() >= 3);
    for (const auto& t : rec.texts) CHECK(rec.panels[static_cast<std::size_t>(t.panel)].rect.contains(t.rect));
}

namespace {

std::string joined_texts(const draw::Recorder& rec, const std::string& panel) {
    std::string out;
    for (const auto& t : rec.texts)
        if (t.panel >= 0 && rec.panels[static_cast<std::size_t>(t.panel)].name == panel) out += t.text + " ";
    return out;
}

// The colour nearest to `want` within a few pixels of a point (strokes are antialiased).
int nearest(const Image& img, core::Point p, Rgb want) {
    int best = 1000;
    for (int dy = -3; dy <= 3; ++dy)
        for (int dx = -3; dx <= 3; ++dx) {
            int x = static_cast<int>(p.x) + dx, y = static_cast<int>(p.y) + dy;
            if (x < 0 || y < 0 || x >= img.w() || y >= img.h()) continue;
            best = std::min(best, dist(pixel(img, {double(x), double(y)}), want));
        }
    return best;
}

// "Doubling every key at T = 1 has the same effect as which temperature?", right answer choice 1.
scene::Question doubling_question(std::vector<std::string> choices) {
    scene::Question q;
    q.ask = "Doubling every key at T = 1 has the same effect as which temperature?";
    q.answer = "T = 0.5: doubling the keys doubles every score, and so does dividing by 0.5.";
    q.choices = std::move(choices);
    q.correct = 1;
    return q;
}

// The quiz card mid-attempt: question 2 of 4 in the third attempt, one right of two answered, and
// the answer revealed after a wrong pick (choice 0), the choices shown in file order.
timeline::View::Quiz revealed_after_wrong_pick(const scene::Question& q) {
    std::vector<int> in_order;
    for (std::size_t i = 0; i < q.choices.size(); ++i) in_order.push_back(static_cast<int>(i));
    return {.question = &q, .choices = in_order, .index = 1, .total = 4, .attempt = 2, .revealed = true, .picked = 0,
            .outcome = scene::Outcome::Wrong, .answered = 2, .right = 1};
}

// A revealed question without choices, waiting for its self-grade: "Did you have it?".
timeline::View::Quiz waiting_for_grade(const scene::Question& q) {
    return {.question = &q, .index = 4, .total = 5, .attempt = 0, .revealed = true, .outcome = scene::Outcome::Revealed,
            .answered = 5, .right = 3, .revealed_count = 1};
}

// The end screen of a first attempt of 5: 3 right, 1 wrong, 1 revealed.
timeline::View::Quiz finished(const std::vector<const scene::Question*>& missed) {
    return {.total = 5, .attempt = 0, .answered = 5, .right = 3, .revealed_count = 1, .finished = true, .missed = missed};
}

}  // namespace

TEST_CASE("the quiz card: question, numbered choices, feedback, answer, progress; choices take clicks", "[draw]") {
    Fixture row(sentence_scene());
    const scene::Question q = doubling_question({"T = 2", "T = 0.5", "T = 1 (no change)"});
    timeline::View v = row.view(row.span_of(Stage::Blend), 1.0);
    v.quiz = revealed_after_wrong_pick(q);
    const int W = 1280, H = 720;
    draw::Recorder rec;
    draw::Options opt = support::draw_options();
    opt.recorder = &rec;
    auto img = draw_view(v, W, H, opt);
    const std::string text = joined_texts(rec, "quiz");
    CHECK(text.find("Check yourself") != std::string::npos);
    CHECK(text.find("question 2 of 4 · attempt 3 · score 1/2") != std::string::npos);
    CHECK(text.find("T = 0.5") != std::string::npos);
    CHECK(text.find("your pick") != std::string::npos);
    CHECK(text.find("1–3 pick") != std::string::npos);
    CHECK(text.find("…") == std::string::npos);
    for (const char* word : {"Doubling", "temperature?", "dividing", "0.5."}) CHECK(text.find(word) != std::string::npos);
    // Every text of the card stays inside it.
    for (const auto& t : rec.texts) {
        if (rec.panels[static_cast<std::size_t>(t.panel)].name != "quiz") continue;
        INFO(t.text);
        CHECK(rec.panels[static_cast<std::size_t>(t.panel)].rect.inset(-0.5).contains(t.rect));
    }
    // Feedback: the wrong pick is framed in red, the right answer in green; the third neither.
    const auto* c0 = mark(rec, "choice:0");
    const auto* c1 = mark(rec, "choice:1");
    const auto* c2 = mark(rec, "choice:2");
    REQUIRE(c0);
    REQUIRE(c1);
    REQUIRE(c2);
    CHECK_FALSE(mark(rec, "choice:3"));
    const Rgb red{204, 41, 26}, green = rgb_of("#009e73");
    auto left_edge = [](const draw::Recorder::Mark* m) { return core::Point{m->rect.x, m->rect.y + m->rect.h / 2}; };
    CHECK(nearest(*img, left_edge(c0), red) < 30);
    CHECK(nearest(*img, left_edge(c1), green) < 30);
    CHECK(nearest(*img, left_edge(c2), red) > 60);
    CHECK(nearest(*img, left_edge(c2), green) > 60);
    // Clicks: the centre of each choice (in design space) is that choice.
    const draw::Transform t = draw::transform_for(W, H);
    for (int i = 0; i < 3; ++i) {
        const auto* m = mark(rec, "choice:" + std::to_string(i));
        core::Point d = t.to_design({m->rect.x + m->rect.w / 2, m->rect.y + m->rect.h / 2});
        draw::Hit h = draw::hit_test(v, d);
        CHECK(h.kind == draw::Hit::Kind::QuizChoice);
        CHECK(h.token == i);
    }
    // Without the quiz the same point is a panel of the scene, not a choice.
    core::Point d = t.to_design({c1->rect.x + c1->rect.w / 2, c1->rect.y + c1->rect.h / 2});
    v.quiz.reset();
    CHECK(draw::hit_test(v, d).kind != draw::Hit::Kind::QuizChoice);
    draw::Recorder plain;
    opt.recorder = &plain;
    draw_view(v, W, H, opt);
    CHECK_FALSE(mark(plain, "choice:0"));
}

TEST_CASE("the quiz card shows the choices in the attempt's order: the key 1 picks what is shown first", "[draw]") {
    Fixture row(sentence_scene());
    const scene::Question q = doubling_question({"T = 2", "T = 0.5", "T = 1 (no change)"});  // right: file index 1
    timeline::View v = row.view(row.span_of(Stage::Blend), 1.0);
    v.quiz = revealed_after_wrong_pick(q);
    v.quiz->choices = {1, 2, 0};  // shown: T = 0.5, T = 1, T = 2
    v.quiz->picked = 2;           // the third shown, T = 2: wrong
    const model::Frame f = model::frame_of(v);
    REQUIRE(f.quiz);
    REQUIRE(f.quiz->choices.size() == 3);
    CHECK(f.quiz->choices[0].text == "T = 0.5");
    CHECK(f.quiz->choices[1].text == "T = 1 (no change)");
    CHECK(f.quiz->choices[2].text == "T = 2");
    CHECK(f.quiz->choices[0].right);  // the tick follows the shuffle
    CHECK_FALSE(f.quiz->choices[1].right);
    CHECK(f.quiz->choices[2].wrong);
    CHECK(f.quiz->choices[2].note == "your pick");
    CHECK(f.quiz->choices[0].note == "the right answer");
}

TEST_CASE("the self-grade prompt: a revealed question without choices asks \"Did you have it?\" with two buttons", "[draw]") {
    Fixture row(sentence_scene());
    scene::Question q;
    q.ask = "Why is a weight never exactly 0 unless the mask is on?";
    q.answer = "Softmax exponentiates every score, and e to any power is positive.";
    timeline::View v = row.view(row.span_of(Stage::Blend), 1.0);
    v.quiz = waiting_for_grade(q);
    const int W = 1280, H = 720;
    draw::Recorder rec;
    draw::Options opt = support::draw_options();
    opt.recorder = &rec;
    draw_view(v, W, H, opt);
    const std::string text = joined_texts(rec, "quiz");
    for (const char* want : {"Did you have it?", "I had it", "I didn't", "H I had it · N I didn't", "e to any power is positive."})
        CHECK(text.find(want) != std::string::npos);
    CHECK(text.find("…") == std::string::npos);
    for (const auto& t : rec.texts) {
        if (rec.panels[static_cast<std::size_t>(t.panel)].name != "quiz") continue;
        INFO(t.text);
        CHECK(rec.panels[static_cast<std::size_t>(t.panel)].rect.inset(-0.5).contains(t.rect));
    }
    // The buttons take clicks: each centre is its button.
    const draw::Transform t = draw::transform_for(W, H);
    using Do = model::QuizCard::Button::Do;
    for (auto [name, what] : {std::pair{"button:had-it", Do::HadIt}, std::pair{"button:did-not", Do::DidNot}}) {
        const auto* m = mark(rec, name);
        REQUIRE(m);
        const draw::Hit h = draw::hit_test(v, t.to_design(m->rect.centre()));
        CHECK(h.kind == draw::Hit::Kind::QuizButton);
        CHECK(h.token == static_cast<int>(what));
    }
    // Once graded, the buttons give way to the verdict.
    v.quiz->outcome = scene::Outcome::Right;
    draw::Recorder rec2;
    opt.recorder = &rec2;
    draw_view(v, W, H, opt);
    CHECK_FALSE(mark(rec2, "button:had-it"));
    CHECK(joined_texts(rec2, "quiz").find("You had it: counted as right.") != std::string::npos);
}

TEST_CASE("the end screen: the score and what it is made of, the ones missed, buttons that take clicks", "[draw]") {
    Fixture row(sentence_scene());
    scene::Question a, b;
    a.ask = "Doubling every key at T = 1 has the same effect as which temperature?";
    b.ask = "Why is a weight never exactly 0 unless the mask is on?";
    timeline::View v = row.view(row.span_of(Stage::Blend), 1.0);
    v.quiz = finished({&a, &b});
    const int W = 1280, H = 720;
    draw::Recorder rec;
    draw::Options opt = support::draw_options();
    opt.recorder = &rec;
    draw_view(v, W, H, opt);
    const std::string text = joined_texts(rec, "quiz");
    for (const char* want : {"3 of 5", "1 wrong · 1 revealed", "The 2 to try again", "Doubling every key", "exactly 0 unless",
                             "Again with the ones I missed", "Again: a fresh draw", "Close", "attempt 1 · done"})
        CHECK(text.find(want) != std::string::npos);
    CHECK(text.find("…") == std::string::npos);
    for (const auto& t : rec.texts) {
        if (rec.panels[static_cast<std::size_t>(t.panel)].name != "quiz") continue;
        INFO(t.text);
        CHECK(rec.panels[static_cast<std::size_t>(t.panel)].rect.inset(-0.5).contains(t.rect));
    }
    const draw::Transform t = draw::transform_for(W, H);
    using Do = model::QuizCard::Button::Do;
    for (auto [name, what] : {std::pair{"button:again-missed", Do::AgainMissed}, std::pair{"button:again", Do::Again},
                              std::pair{"button:close", Do::Close}}) {
        const auto* m = mark(rec, name);
        REQUIRE(m);
        const draw::Hit h = draw::hit_test(v, t.to_design(m->rect.centre()));
        CHECK(h.kind == draw::Hit::Kind::QuizButton);
        CHECK(h.token == static_cast<int>(what));
    }
    // A perfect attempt: "5 of 5", all right, nothing to try again.
    v.quiz = finished({});
    v.quiz->right = 5;
    v.quiz->revealed_count = 0;
    const model::Frame f = model::frame_of(v);
    CHECK(f.quiz->score == "5 of 5");
    CHECK(f.quiz->score_detail == "all right");
    CHECK(f.quiz->perfect);
    CHECK(f.quiz->missed.empty());
    REQUIRE(f.quiz->buttons.size() == 2);
    CHECK(f.quiz->buttons[0].what == Do::Again);
}

TEST_CASE("the quiz card before a pick: no feedback, no answer; on a text slide too", "[draw]") {
    scene::Deck deck;
    deck.slides = {support::text_slide("Check yourself", {"Questions from the whole deck"})};
    timeline::Layout lay = timeline::layout(deck);
    timeline::View v = timeline::evaluate(deck, lay, timeline::state_at_span(lay, 0), 1.0);
    scene::Question q;
    q.ask = "Why can the diamond never leave the cloud of values?";
    q.answer = "The weights are non-negative and add up to 1.";
    timeline::View::Quiz quiz;
    quiz.question = &q;
    quiz.total = 3;
    v.quiz = quiz;
    draw::Recorder rec;
    draw::Options opt = support::draw_options();
    opt.recorder = &rec;
    draw_view(v, 1280, 720, opt);
    const std::string text_q = joined_texts(rec, "quiz");
    CHECK(text_q.find("question 1 of 3 · attempt 1 · score 0/0") != std::string::npos);
    CHECK(text_q.find("Why can the diamond never leave the cloud of values?") != std::string::npos);
    CHECK(text_q.find("non-negative") == std::string::npos);  // not revealed yet
    CHECK(text_q.find("Space reveal") != std::string::npos);
    CHECK_FALSE(mark(rec, "choice:0"));
    v.quiz->revealed = true;
    draw::Recorder rec2;
    opt.recorder = &rec2;
    draw_view(v, 1280, 720, opt);
    CHECK(joined_texts(rec2, "quiz").find("The weights are non-negative and add up to 1.") != std::string::npos);
}

TEST_CASE("keys at one place are counted once, the asking word's own among them", "[draw]") {
    // Every key the same vector: one label for the six, which says the own key is one of them
    // (not "all 6 keys · own key", which reads as a seventh).
    auto s = sentence_scene();
    for (auto& k : s->heads[0].k) k = s->heads[0].k.front();
    Fixture row(s);
    const timeline::View v = row.view(row.span_of(Stage::Blend), 1.0);
    draw::Recorder rec;
    draw::Options opt = support::draw_options();
    opt.recorder = &rec;
    draw_view(v, 1920, 1080, opt);
    const std::string plane = joined_texts(rec, "key-plane");
    INFO("key plane: " << plane);
    CHECK(plane.find("all 6 keys, its own too") != std::string::npos);
    CHECK(plane.find("own key") == std::string::npos);
}

TEST_CASE("an experiment shows its title and what to look for, whole", "[draw]") {
    auto s = sentence_scene();
    scene::Experiment ex;
    ex.title = "Identical keys";
    ex.set.keys_same = true;
    ex.look_for = "Every key becomes the same vector, so every score is the same and every weight is exactly 1/6. "
                  "The new vector is the plain average of the six values, whatever the question.";
    s->experiments.push_back(ex);
    Fixture row(s);
    timeline::View v = row.view(row.span_of(Stage::Blend), 1.0);
    v.experiment = 0;
    for (auto size : {std::pair{1280, 720}, std::pair{1920, 1080}}) {
        draw::Recorder rec;
        draw::Options opt = support::draw_options();
        opt.recorder = &rec;
        draw_view(v, size.first, size.second, opt);
        const std::string narr = joined_texts(rec, "narration");
        CHECK(narr.find("Try this") != std::string::npos);
        CHECK(narr.find("Identical keys") != std::string::npos);
        CHECK(narr.find("Look for") != std::string::npos);
        CHECK(narr.find("…") == std::string::npos);
        for (const char* w : {"Every key becomes", "exactly 1/6.", "whatever the question."}) CHECK(narr.find(w) != std::string::npos);
        CHECK(joined_texts(rec, "header").find("Try this: Identical keys") != std::string::npos);
        for (const auto& t : rec.texts) {
            if (rec.panels[static_cast<std::size_t>(t.panel)].name != "narration") continue;
            INFO(t.text);
            CHECK(rec.panels[static_cast<std::size_t>(t.panel)].rect.inset(-0.5).contains(t.rect));
            if (t.text != "Try this" && t.text != "0 resets · E for more") CHECK(t.size >= 20);
        }
    }
}

TEST_CASE("preview: a PNG of every stage (ATTNLAB_PREVIEW_DIR)", "[.preview]") {
    const char* dir = std::getenv("ATTNLAB_PREVIEW_DIR");
    if (!dir) return;
    Fixture row(sentence_scene()), mat(matrix_scene());
    int w = 1920, h = 1080;
    if (const char* s = std::getenv("ATTNLAB_PREVIEW_W")) w = std::atoi(s), h = w * 9 / 16;
    {
        scene::Question q = doubling_question({"T = 2", "T = 0.5", "T = 1 (no change: softmax ignores scale)", "T = 0.25"});
        q.experiment = "Double every key";
        timeline::View v = row.view(row.span_of(Stage::Blend), 1.0);
        v.quiz = revealed_after_wrong_pick(q);
        auto img = draw_view(v, w, h);
        cairo_surface_write_to_png(img->s, (std::string(dir) + "/quiz.png").c_str());
        v.quiz->picked = -1;
        v.quiz->revealed = false;
        auto img2 = draw_view(v, w, h, support::draw_options(draw::ThemeKind::Dark));
        cairo_surface_write_to_png(img2->s, (std::string(dir) + "/quiz_open_dark.png").c_str());
        scene::Question open;
        open.ask = "Why is a weight never exactly 0 unless the mask is on?";
        open.answer = "Softmax exponentiates every score, and e to any power is positive, so every weight is above 0. "
                      "Only the mask, which sets a score to −∞, gives an exact 0.";
        v.quiz = waiting_for_grade(open);
        for (auto th : {draw::ThemeKind::Light, draw::ThemeKind::Dark}) {
            auto img3 = draw_view(v, w, h, support::draw_options(th));
            cairo_surface_write_to_png(img3->s, (std::string(dir) + (th == draw::ThemeKind::Dark ? "/quiz_grade_dark.png" : "/quiz_grade.png")).c_str());
        }
        v.quiz = finished({&q, &open});
        for (auto th : {draw::ThemeKind::Light, draw::ThemeKind::Dark}) {
            auto img4 = draw_view(v, w, h, support::draw_options(th));
            cairo_surface_write_to_png(img4->s, (std::string(dir) + (th == draw::ThemeKind::Dark ? "/quiz_end_dark.png" : "/quiz_end.png")).c_str());
        }
    }
    for (auto [f, name] : {std::pair{&row, "row"}, std::pair{&mat, "mat"}}) {
        for (int span = 0; span < static_cast<int>(f->lay.spans.size()); ++span)
            for (double u : {0.35, 0.7, 1.0}) {
                for (auto th : {draw::ThemeKind::Light, draw::ThemeKind::Dark}) {
                    if (th == draw::ThemeKind::Dark && u < 1) continue;
                    draw::Options opt = support::draw_options();
                    opt.theme = th;
                    auto img = draw_view(f->view(span, u), w, h, opt);
                    char file[512];
                    std::snprintf(file, sizeof file, "%s/%s_%d_%02d%s.png", dir, name, span, int(u * 100),
                                  th == draw::ThemeKind::Dark ? "_dark" : "");
                    cairo_surface_write_to_png(img->s, file);
                }
            }
    }
}

TEST_CASE("the raster caches never change a frame: cold and after a thousand others, byte-identical", "[draw]") {
    Fixture row(sentence_scene()), mat(matrix_scene());
    const timeline::View probe = row.view(row.span_of(Stage::Blend), 1.0);
    auto bytes = [&](const timeline::View& v, int w, int h, draw::ThemeKind theme) {
        auto img = draw_view(v, w, h, support::draw_options(theme));
        const unsigned char* d = cairo_image_surface_get_data(img->s);
        return std::vector<unsigned char>(d, d + static_cast<std::size_t>(cairo_image_surface_get_stride(img->s)) * h);
    };
    std::vector<unsigned char> cold, warm;
    // A fresh thread starts with empty per-thread caches.
    std::thread([&] {
        cold = bytes(probe, 1280, 720, draw::ThemeKind::Light);
        const int sizes[][2] = {{320, 180}, {640, 360}, {800, 600}, {1280, 720}, {1000, 1000}};
        int drawn = 0;
        for (int i = 0; drawn < 1000; ++i) {
            const Fixture& f = i % 3 == 0 ? mat : row;
            const int span = i % static_cast<int>(f.lay.spans.size());
            const auto& sz = sizes[i % 5];
            bytes(f.view(span, (i % 7) / 6.0), sz[0], sz[1], i % 2 ? draw::ThemeKind::Dark : draw::ThemeKind::Light);
            ++drawn;
            if (i % 100 == 0) {
                // A vector page too: the caches must not leak raster tiles into it or back.
                cairo_surface_t* pdf = cairo_pdf_surface_create_for_stream(
                    [](void*, const unsigned char*, unsigned int) { return CAIRO_STATUS_SUCCESS; }, nullptr, 1920, 1080);
                cairo_t* cr = cairo_create(pdf);
                draw::paint_view(cr, 1920, 1080, f.view(span, 1.0), support::draw_options());
                cairo_destroy(cr);
                cairo_surface_finish(pdf);
                cairo_surface_destroy(pdf);
            }
        }
        warm = bytes(probe, 1280, 720, draw::ThemeKind::Light);
    }).join();
    REQUIRE(cold.size() == warm.size());
    CHECK(cold == warm);
    CHECK(bytes(probe, 1280, 720, draw::ThemeKind::Light) == cold);  // and on another thread's caches
}

// ---- text at hostile lengths -------------------------------------------------------------------

namespace {

// A random string of `chars` characters: ASCII letters and spaces, two- three- and four-byte
// UTF-8, and combining marks (zero advance).
std::string random_text(std::mt19937& rng, std::size_t chars) {
    static const char* const kPieces[] = {"a", "W", "i", " ", ".", "é", "√", "·", "→", "😀", "\xCC\x81" /* U+0301 */};
    std::uniform_int_distribution<std::size_t> pick(0, std::size(kPieces) - 1);
    std::string s;
    for (std::size_t i = 0; i < chars; ++i) s += kPieces[pick(rng)];
    return s;
}

bool starts_at_character(const std::string& s, std::size_t at) {
    return at == s.size() || (static_cast<unsigned char>(s[at]) & 0xC0) != 0x80;
}

// The shaped advance, as the canvas measures it.
double advance(cairo_t*, const draw::Fonts& fonts, double size, const std::string& s) {
    return draw::text_advance(fonts, s, draw::Font::Regular, size);
}

// Where the cluster that starts at `at` ends: past the combining marks (U+0301) that follow it.
std::size_t next_cluster(const std::string& s, std::size_t at) {
    std::size_t next = at + 1;
    while (!starts_at_character(s, next)) ++next;
    while (s.compare(next, 2, "\xCC\x81") == 0) next += 2;
    return next;
}

}  // namespace

TEST_CASE("fitted text never leaves its box; a cut text is its longest fitting prefix and '…'", "[draw][text]") {
    Image img(800, 200);
    cairo_t* cr = cairo_create(img.s);
    const draw::Fonts& fonts = *support::fonts();
    std::mt19937 rng(20240611);
    const std::string ell = "…";
    int cut = 0, whole = 0;
    for (int trial = 0; trial < 400; ++trial) {
        std::uniform_real_distribution<double> wd(4, 700), hd(4, 60), sd(6, 40);
        const core::Rect box{10, 10, wd(rng), hd(rng)};
        const double size = sd(rng), min_size = std::uniform_real_distribution<double>(4, size)(rng);
        const std::size_t chars = std::uniform_int_distribution<std::size_t>(1, 120)(rng);
        const std::string s = random_text(rng, chars);
        INFO("trial " << trial << ": '" << s << "' in " << box.w << "×" << box.h << " at " << size << " down to " << min_size);
        const draw::Fitted f = draw::fit_text(cr, fonts, s, box, size, min_size);
        if (f.shown.empty()) {
            // Nothing fits, not even "…": nothing drawn.
            CHECK(f.box.w == 0);
            CHECK(advance(cr, fonts, f.size, ell) > box.w);
            continue;
        }
        // Inside the box horizontally (the advance; ink may overhang by a fraction of a glyph, as
        // a leading combining mark does).
        CHECK(advance(cr, fonts, f.size, f.shown) <= box.w + 1e-9);
        CHECK(f.box.x >= box.x - 0.5 * f.size);
        CHECK(f.box.right() <= box.right() + 0.5 * f.size);
        CHECK(f.size <= size + 1e-12);
        if (f.shown == s) {
            ++whole;
            continue;
        }
        ++cut;
        // Cut: a prefix in whole characters, then "…", at the smallest size…
        REQUIRE(f.shown.size() >= ell.size());
        CHECK(f.shown.compare(f.shown.size() - ell.size(), ell.size(), ell) == 0);
        const std::size_t kept = f.shown.size() - ell.size();
        CHECK(s.compare(0, kept, f.shown, 0, kept) == 0);
        CHECK(starts_at_character(s, kept));
        CHECK(f.size >= min_size - 1e-12);
        // …never inside a cluster (a combining mark stays with its letter)…
        if (kept > 0) CHECK(s.compare(kept, 2, "\xCC\x81") != 0);
        // …and the longest such: one cluster more does not fit — unless the cut is at the most
        // characters that could fit at 0.1 em each (zero-width marks can make more fit).
        std::size_t kept_chars = 0;
        for (std::size_t i = 0; i < kept; ++i) kept_chars += starts_at_character(s, i) ? 1 : 0;
        if (kept < s.size() && static_cast<double>(kept_chars) < box.w / (0.1 * min_size))
            CHECK(advance(cr, fonts, f.size, s.substr(0, next_cluster(s, kept)) + ell) > box.w);
    }
    CHECK(cut > 50);  // both branches were exercised
    CHECK(whole > 50);
    cairo_destroy(cr);
}

TEST_CASE("fitting a 1 MiB string to a box measures a bounded prefix a logarithmic number of times", "[draw][text]") {
    Image img(400, 100);
    cairo_t* cr = cairo_create(img.s);
    const draw::Fonts& fonts = *support::fonts();
    std::mt19937 rng(7);
    for (const std::string& s : {std::string(1 << 20, 'x'), random_text(rng, 300000), std::string(1 << 20, ' ')}) {
        const draw::TextStats before = draw::text_stats();
        const draw::Fitted f = draw::fit_text(cr, fonts, s, {0, 0, 380, 30}, 24, 9);
        const draw::TextStats after = draw::text_stats();
        // 2 sizes, then a binary search over at most 4096 characters: 2 + 1 + 13.
        CHECK(after.measurements - before.measurements <= 16);
        CHECK(after.measured_bytes - before.measured_bytes <= 16u * 4096 * 4);
        REQUIRE(f.shown.size() > 3);
        CHECK(f.shown.substr(f.shown.size() - 3) == "…");
        CHECK(f.shown.size() < 1000);
        CHECK(advance(cr, fonts, f.size, f.shown) <= 380);
        // The same text again is a memo hit: no measuring at all.
        const draw::TextStats again = draw::text_stats();
        CHECK(draw::fit_text(cr, fonts, s, {0, 0, 380, 30}, 24, 9).shown == f.shown);
        CHECK(draw::text_stats().measurements == again.measurements);
    }
    cairo_destroy(cr);
}

TEST_CASE("the text memos stay within their bytes after many distinct long strings", "[draw][text]") {
    std::thread([] {
        Image img(400, 100);
        cairo_t* cr = cairo_create(img.s);
        const draw::Fonts& fonts = *support::fonts();
        std::mt19937 rng(11);
        std::size_t peak = 0, stored_after_first = 0;
        for (int i = 0; i < 1500; ++i) {  // about 11 MB of distinct strings
            // 4000 characters of 1–4 bytes each, all distinct, each fit at a tiny minimum size so
            // that the whole bounded prefix is measured and kept.
            const std::string s = std::to_string(i) + random_text(rng, 4000);
            draw::fit_text(cr, fonts, s, {0, 0, 100000, 30}, 20, 0.5);
            const draw::TextStats st = draw::text_stats();
            if (i == 0) stored_after_first = st.memo_bytes;
            peak = std::max(peak, st.memo_bytes);
        }
        CHECK(stored_after_first > 4000);  // long strings are kept (up to the bound), not refused
        CHECK(peak <= draw::kTextMemoBytes);
        CHECK(peak > draw::kTextMemoBytes / 4);  // the bound was reached, so it was what held it
        cairo_destroy(cr);
    }).join();
}

// The memos turn over half at a time: a text drawn every frame stays found while thousands of
// others pass through, and the memos, once full, are never emptied whole (a long session's memory
// stays level instead of falling and climbing back higher).
TEST_CASE("a text in use stays in the memos while many others churn through them", "[draw][text]") {
    std::thread([] {
        Image img(400, 100);
        cairo_t* cr = cairo_create(img.s);
        const draw::Fonts& fonts = *support::fonts();
        std::mt19937 rng(5);
        const std::string kept = "the label of every frame";
        const std::size_t bound = draw::kTextMemoBytes / 2;  // the shaped texts' memo: half of the bytes
        std::size_t full = 0, lowest_after_full = SIZE_MAX, peak = 0;
        int remeasured = 0;
        for (int i = 0; i < 3000; ++i) {  // about 6 MB of distinct strings: the bound three times over
            draw::fit_text(cr, fonts, std::to_string(i) + random_text(rng, 600), {0, 0, 100000, 30}, 20, 0.5);
            const std::uint64_t before = draw::text_stats().measurements;
            draw::fit_text(cr, fonts, kept, {0, 0, 100000, 30}, 20, 0.5);
            if (i > 0 && draw::text_stats().measurements != before) ++remeasured;
            const std::size_t held = draw::text_stats().memo_bytes;
            CHECK(held <= bound);
            if (held > bound * 3 / 4) full = std::max(full, held);
            if (full > 0) lowest_after_full = std::min(lowest_after_full, held);
            peak = std::max(peak, held);
        }
        INFO("peak " << peak << " of " << bound);
        CHECK(remeasured == 0);  // found every time: never dropped while in use
        CHECK(full > 0);         // the bound was reached
        CHECK(lowest_after_full >= bound / 4);  // and the memo never emptied after
        cairo_destroy(cr);
    }).join();
}

TEST_CASE("a step with every text at the loader's limits draws with work linear in its text", "[draw][text]") {
    // 64-byte tokens, a 4000-byte title (one unbreakable word) and a 4000-byte narration.
    auto s = sentence_scene();
    for (std::size_t i = 0; i < s->tokens.size(); ++i) s->tokens[i] = std::string(63, static_cast<char>('a' + i)) + "W";
    s->title = std::string(4000, 'M');
    std::string say;
    std::mt19937 rng(3);
    while (say.size() < 3990) say += random_text(rng, 6) + " ";
    say.resize(4000);
    for (auto& st : s->steps) {
        st.say = say;
        st.title = std::string(1000, 'T') + " " + say.substr(0, 2999);
    }
    std::size_t text_bytes = s->title.size() + say.size() + s->steps[0].title.size();
    for (const auto& t : s->tokens) text_bytes += t.size();
    Fixture f(s);
    std::thread([&] {  // cold memos
        const draw::TextStats before = draw::text_stats();
        draw::Recorder rec;
        draw::Options opt = support::draw_options();
        opt.recorder = &rec;
        draw_view(f.view(f.span_of(Stage::Blend), 1.0), 1920, 1080, opt);
        const draw::TextStats after = draw::text_stats();
        const std::uint64_t bytes = after.measured_bytes - before.measured_bytes;
        INFO("measured " << bytes << " bytes in " << after.measurements - before.measurements << " measurements for "
                         << text_bytes << " bytes of text");
        // Cutting one character at a time measured ~8 MB for the title alone.
        CHECK(bytes <= 64 * text_bytes);
        CHECK(after.memo_bytes <= draw::kTextMemoBytes);
        // The title was cut to fit, with "…".
        bool cut_title = false;
        for (const auto& t : rec.texts)
            cut_title |= t.text.size() > 3 && t.text.rfind("MMM", 0) == 0 && t.text.substr(t.text.size() - 3) == "…";
        CHECK(cut_title);
    }).join();
}

TEST_CASE("a key moved far off the plane is drawn at the edge with bounded work", "[draw]") {
    // Found by tests/fuzz/session_fuzz: a recording moved a key to (1e300, -1e300), and the dotted
    // projection from it was laid dot by dot along its whole length (Cairo grew past 1.5 GB).
    for (const double far : {1e6, 1e300}) {
        Fixture row(sentence_scene());
        const int span = row.span_of(Stage::Blend);
        const double t = row.time(span, 1.0);
        const timeline::State moved =
            timeline::apply(row.deck, row.lay, row.state(span), timeline::cmd::MoveKey{1, core::Vec{far, -far}}, t);
        draw::Recorder rec;
        draw::Options opt = support::draw_options();
        opt.recorder = &rec;
        // Before the fix this never returned (CTest's timeout fails it).
        draw_view(timeline::evaluate(row.deck, row.lay, moved, t), 1920, 1080, opt);
        INFO("key at " << far);
        const draw::Recorder::Mark* k = mark(rec, "key:1");
        REQUIRE(k);
        const core::Rect plane = std::find_if(rec.panels.begin(), rec.panels.end(), [](const auto& p) {
                                     return p.name == "key-plane";
                                 })->rect;
        CHECK(plane.contains(k->rect));
        bool labelled = false;
        std::string texts;
        for (const auto& text : rec.texts) {
            labelled |= text.text.find("off the plane") != std::string::npos;
            texts += text.text + " | ";
        }
        INFO(texts);
        CHECK(labelled);
    }
}
