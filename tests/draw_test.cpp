// Tests for draw/: golden frames, pixel probes that check meaning, text staying inside its
// panel at every output size, hit testing and determinism.
//
// Golden images live in tests/golden/ (640×360). After an intended change to the pictures,
// regenerate them with:
//     ATTNLAB_REGENERATE_GOLDEN=1 ctest -R draw_test
// (from the build directory), look at the new PNGs, and commit them. On a mismatch the test
// writes <name>.actual.png and <name>.diff.png into the build directory's tests/ folder.
// To write a PNG of every stage for looking at: ATTNLAB_PREVIEW_DIR=/tmp/x ./draw_test "[.preview]"
#include <catch2/catch.hpp>

#include <cairo.h>

#include <cmath>
#include <cstdlib>
#include <memory>
#include <string>

#include "draw/draw.hpp"
#include "scene/scene.hpp"
#include "timeline/timeline.hpp"

namespace {

using scene::Stage;

std::shared_ptr<scene::Scene> sentence_scene() {
    auto s = std::make_shared<scene::Scene>();
    s->id = "one-query-row";
    s->title = "Each word decides which other words matter";
    s->tokens = {"The", "cat", "chased", "the", "mouse", "."};
    s->q = {{0.3, -0.5}, {0.8, 0.2}, {1.0, 0.9}, {0.2, -0.4}, {0.6, 0.5}, {0.1, 0.1}};
    s->k = {{-0.6, 0.3}, {1.2, 0.6}, {0.2, -0.8}, {-0.5, 0.2}, {0.9, 1.0}, {-0.2, -0.6}};
    s->v = {{-1.0, 0.6}, {1.4, 1.0}, {0.2, -1.2}, {-0.8, 0.4}, {1.0, 1.6}, {-0.2, -0.4}};
    s->focus = 2;
    s->panels = scene::default_panels(6);
    s->steps = scene::default_steps();
    s->steps[3].set.mask = true;  // the mask step switches the mask on
    return s;
}

std::shared_ptr<scene::Scene> matrix_scene() {
    auto s = std::make_shared<scene::Scene>();
    s->id = "matrix";
    s->title = "Attention is a matrix";
    s->tokens = {"The", "animal", "didn't", "cross", "the", "street", "because", "it", "was", "too", "tired", "."};
    const std::size_t n = s->tokens.size();
    for (std::size_t i = 0; i < n; ++i) {
        double a = 0.9 * static_cast<double>(i);
        s->q.push_back({std::cos(a), std::sin(a), 0.5 * std::cos(2 * a), 0.3});
        s->k.push_back({std::cos(a + 0.4), std::sin(a + 0.4), 0.5 * std::sin(a), -0.2});
        s->v.push_back({std::cos(a), std::sin(a)});
    }
    s->focus = 7;
    s->panels = scene::default_panels(n);
    s->steps = scene::default_steps();
    s->steps[3].set.mask = true;
    s->steps[5].set.compare = std::make_pair(7, 1);
    return s;
}

// A deck, its layout and a view at (span, u).
struct Fixture {
    scene::Deck deck;
    timeline::Layout lay;
    explicit Fixture(std::shared_ptr<scene::Scene> s) : deck(scene::deck_of(std::move(s))), lay(timeline::layout(deck)) {}
    timeline::View view(int span, double u) const {
        timeline::State st = timeline::state_at_span(lay, span);
        const auto& sp = lay.spans[static_cast<std::size_t>(span)];
        return timeline::evaluate(deck, lay, st, sp.start + u * sp.anim);
    }
    int span_of(Stage s) const {
        for (std::size_t i = 0; i < lay.spans.size(); ++i)
            if (deck.slides[0].scene->steps[static_cast<std::size_t>(lay.spans[i].step)].stage == s) return static_cast<int>(i);
        return -1;
    }
};

struct Image {
    cairo_surface_t* s;
    Image(int w, int h) : s(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h)) {}
    explicit Image(cairo_surface_t* loaded) : s(loaded) {}
    ~Image() { cairo_surface_destroy(s); }
    Image(const Image&) = delete;
    Image& operator=(const Image&) = delete;
    int w() const { return cairo_image_surface_get_width(s); }
    int h() const { return cairo_image_surface_get_height(s); }
    const unsigned char* px(int x, int y) const {
        return cairo_image_surface_get_data(s) + y * cairo_image_surface_get_stride(s) + x * 4;
    }
    bool ok() const { return cairo_surface_status(s) == CAIRO_STATUS_SUCCESS; }
};

std::unique_ptr<Image> draw_view(const timeline::View& v, int w, int h, draw::Options opt = {}) {
    auto img = std::make_unique<Image>(w, h);
    cairo_t* cr = cairo_create(img->s);
    draw::frame(cr, w, h, v, opt);
    cairo_destroy(cr);
    cairo_surface_flush(img->s);
    return img;
}

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

}  // namespace

TEST_CASE("fonts are found through ATTNLAB_FONTS", "[draw]") {
    std::string dir = draw::font_dir();
    REQUIRE(!dir.empty());
    if (const char* env = std::getenv("ATTNLAB_FONTS")) CHECK(dir == env);
}

TEST_CASE("transform letterboxes 4:3 and maps points both ways", "[draw]") {
    auto t = draw::transform_for(1024, 768);
    CHECK(t.scale == Approx(1024 / 1920.0));
    CHECK(t.dx == Approx(0));
    CHECK(t.dy == Approx((768 - 1080 * t.scale) / 2));
    core::Point p = t.to_design(t.to_pixels({123, 456}));
    CHECK(p.x == Approx(123));
    CHECK(p.y == Approx(456));
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
            draw::Options opt;
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

TEST_CASE("preview: a PNG of every stage (ATTNLAB_PREVIEW_DIR)", "[.preview]") {
    const char* dir = std::getenv("ATTNLAB_PREVIEW_DIR");
    if (!dir) return;
    Fixture row(sentence_scene()), mat(matrix_scene());
    int w = 1920, h = 1080;
    if (const char* s = std::getenv("ATTNLAB_PREVIEW_W")) w = std::atoi(s), h = w * 9 / 16;
    for (auto [f, name] : {std::pair{&row, "row"}, std::pair{&mat, "mat"}}) {
        for (int span = 0; span < static_cast<int>(f->lay.spans.size()); ++span)
            for (double u : {0.35, 0.7, 1.0}) {
                for (auto th : {draw::ThemeKind::Light, draw::ThemeKind::Dark}) {
                    if (th == draw::ThemeKind::Dark && u < 1) continue;
                    draw::Options opt;
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
