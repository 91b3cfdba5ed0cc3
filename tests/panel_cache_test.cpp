// Retained panels (draw::PanelCache): the cache only skips work, it never changes a frame. Every
// step of every shipped scene and deck — during its animation and settled, a word hovered, a key
// dragged, each experiment — is painted twice, in both themes, at 16:9 and at 4:3: with a cache,
// into a buffer reused from frame to frame (as the window and the exporters paint), and without
// one; the bytes must be the same. And the cache does what it is for: a frame that changes one
// panel paints that panel and copies the rest, and it holds at most one frame's pixels. The
// window presents only the damage a frame did (app::Session::damage): every pixel that changed is
// inside it, over hundreds of random moves, and the panels that did not change are left out.
#include <catch2/catch.hpp>

#include <cairo.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "app/pixels.hpp"
#include "draw/draw.hpp"
#include "draw/panel_cache.hpp"
#include "load/load.hpp"
#include "support/files.hpp"
#include "support/fonts.hpp"
#include "support/session.hpp"
#include "support/views.hpp"
#include "timeline/timeline.hpp"

namespace {

using support::content_files;

// An ARGB32 image surface kept from frame to frame, first filled with a colour no frame has.
struct Buffer {
    int w, h;
    cairo_surface_t* s;
    explicit Buffer(int width, int height)
        : w(width), h(height), s(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)) {
        const int stride = cairo_image_surface_get_stride(s);
        unsigned char* px = cairo_image_surface_get_data(s);
        for (int y = 0; y < h; ++y) std::fill_n(reinterpret_cast<std::uint32_t*>(px + y * stride), w, 0xffff00ffu);
        cairo_surface_mark_dirty(s);
    }
    ~Buffer() { cairo_surface_destroy(s); }
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;

    void render(const scene::Deck& deck, const timeline::Layout& lay, const timeline::State& st, double now,
                const draw::Options& opt) {
        cairo_t* cr = cairo_create(s);
        draw::render(cr, w, h, deck, lay, st, now, opt);
        cairo_destroy(cr);
        cairo_surface_flush(s);
    }
    // The first pixel (x, y) where the two differ, or (-1, -1).
    std::pair<int, int> first_difference(const Buffer& o) const {
        const int stride = cairo_image_surface_get_stride(s);
        const unsigned char* a = cairo_image_surface_get_data(s);
        const unsigned char* b = cairo_image_surface_get_data(o.s);
        for (int y = 0; y < h; ++y) {
            const auto* ra = reinterpret_cast<const std::uint32_t*>(a + y * stride);
            const auto* rb = reinterpret_cast<const std::uint32_t*>(b + y * stride);
            for (int x = 0; x < w; ++x)
                if (ra[x] != rb[x]) return {x, y};
        }
        return {-1, -1};
    }
};

// What a student does on a step: watches it arrive (the cross-fade, the animation), lets it
// settle, hovers a word, drags the asking word's key a little, and runs each experiment. The
// states and times, in the order a session would meet them.
struct Moment {
    std::string what;
    timeline::State state;
    double now = 0;
};
std::vector<Moment> moments(const scene::Deck& deck, const timeline::Layout& lay, int span) {
    const timeline::Span& sp = lay.spans[static_cast<std::size_t>(span)];
    const timeline::State st = timeline::state_at_span(lay, span);
    std::vector<Moment> out;
    for (double u : {0.0, 0.1, 0.4, 0.7, 1.0}) out.push_back({"at " + std::to_string(u), st, sp.start + u * sp.anim});
    const double settled = sp.start + sp.anim + 5.0;
    out.push_back({"settled", st, settled});
    out.push_back({"settled, again", st, settled + 1.0});
    const scene::Slide& slide = deck.slides[static_cast<std::size_t>(sp.slide)];
    if (!slide.scene) return out;
    const scene::Scene& sc = *slide.scene;
    const int n = static_cast<int>(sc.tokens.size());
    timeline::State hover = timeline::apply(deck, lay, st, timeline::cmd::Hover{0}, settled);
    out.push_back({"the first word hovered", hover, settled});
    hover = timeline::apply(deck, lay, hover, timeline::cmd::Hover{n - 1}, settled);
    out.push_back({"the last word hovered", hover, settled});
    const timeline::View v = timeline::evaluate(deck, lay, st, settled);
    const int focus = v.controls.focus;
    if (v.scene && v.error.empty() && focus >= 0 && static_cast<std::size_t>(focus) < v.controls.keys.size() &&
        !v.controls.keys[static_cast<std::size_t>(focus)].empty()) {
        core::Vec key = v.controls.keys[static_cast<std::size_t>(focus)];
        key[0] += 0.25;
        const timeline::State moved = timeline::apply(deck, lay, st, timeline::cmd::MoveKey{focus, key}, settled);
        out.push_back({"the asking word's key moved", moved, settled});
    }
    for (int e = 0; e < static_cast<int>(sc.experiments.size()); ++e) {
        const timeline::State ex = timeline::apply(deck, lay, st, timeline::cmd::Experiment{e}, settled);
        out.push_back({"experiment " + std::to_string(e + 1) + " arriving", ex, settled + 0.2});
        out.push_back({"experiment " + std::to_string(e + 1), ex, settled + 10.0});
    }
    return out;
}

}  // namespace

TEST_CASE("a frame painted with retained panels is the frame painted without them, everywhere", "[cache]") {
    long frames = 0;
    std::uint64_t hits = 0, misses = 0;
    for (const auto& file : content_files()) {
        load::Result r = load::load_file(file, load::Options{ATTNLAB_SOURCE_DIR, {}});
        INFO(file);
        REQUIRE(r.ok());
        const std::string name = std::filesystem::path(file).filename().string();
        const timeline::Layout lay = timeline::layout(r.deck);
        for (draw::ThemeKind theme : {draw::ThemeKind::Light, draw::ThemeKind::Dark})
            for (auto [w, h] : {std::pair{960, 540}, std::pair{800, 600}}) {
                draw::PanelCache cache;
                draw::Options plain = support::draw_options(theme);
                draw::Options kept = plain;
                kept.cache = &cache;
                Buffer with(w, h), without(w, h);
                for (int span = 0; span < static_cast<int>(lay.spans.size()); ++span)
                    for (const Moment& m : moments(r.deck, lay, span)) {
                        with.render(r.deck, lay, m.state, m.now, kept);
                        without.render(r.deck, lay, m.state, m.now, plain);
                        const auto [x, y] = with.first_difference(without);
                        INFO(name << " step " << span + 1 << ", " << m.what << ", " << w << "×" << h
                                  << (theme == draw::ThemeKind::Dark ? ", dark" : ", light") << ": pixel (" << x << ", "
                                  << y << ") differs");
                        REQUIRE(x == -1);
                        REQUIRE(cache.stats().bytes <= static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4);
                        ++frames;
                    }
                hits += cache.stats().hits;
                misses += cache.stats().misses;
            }
    }
    INFO(frames << " frames, " << hits << " panels copied, " << misses << " painted");
    CHECK(frames > 10000);
    CHECK(hits > 20000);   // the cache was used: most panels of most frames were copied
    CHECK(misses > 5000);  // and panels that changed were painted
}

TEST_CASE("a hovered word repaints the panels that show it and copies the rest", "[cache]") {
    load::Result r = load::load_file(std::string(ATTNLAB_SOURCE_DIR) + "/scenes/one-query-row.yaml",
                                     load::Options{ATTNLAB_SOURCE_DIR, {}});
    REQUIRE(r.ok());
    const timeline::Layout lay = timeline::layout(r.deck);
    const int span = static_cast<int>(lay.spans.size()) - 1;
    const timeline::Span& sp = lay.spans[static_cast<std::size_t>(span)];
    const timeline::State st = timeline::state_at_span(lay, span);
    const double settled = sp.start + sp.anim + 5.0;
    draw::PanelCache cache;
    draw::Options opt = support::draw_options();
    opt.cache = &cache;
    Buffer b(1280, 720);
    b.render(r.deck, lay, st, settled, opt);
    const auto first = cache.stats();
    CHECK(first.hits == 0);
    const std::uint64_t panels = first.misses;
    REQUIRE(panels >= 4);
    b.render(r.deck, lay, st, settled + 1.0, opt);  // nothing changed: every panel copied
    CHECK(cache.stats().hits == panels);
    CHECK(cache.stats().misses == panels);
    const timeline::State hover = timeline::apply(r.deck, lay, st, timeline::cmd::Hover{0}, settled);
    b.render(r.deck, lay, hover, settled + 2.0, opt);  // one word hovered: some panels show it
    const std::uint64_t repainted = cache.stats().misses - panels, copied = cache.stats().hits - panels;
    CHECK(repainted >= 1);
    CHECK(copied >= 1);
    CHECK(repainted + copied == panels);
    // What is held is the panels of one frame, no more.
    CHECK(cache.stats().bytes > 0);
    CHECK(cache.stats().bytes <= 1280u * 720u * 4u);
}

TEST_CASE("panels are not retained where their pixels cannot be copied", "[cache]") {
    load::Result r = load::load_file(std::string(ATTNLAB_SOURCE_DIR) + "/scenes/one-query-row.yaml",
                                     load::Options{ATTNLAB_SOURCE_DIR, {}});
    REQUIRE(r.ok());
    const timeline::Layout lay = timeline::layout(r.deck);
    const timeline::State st = timeline::state_at_span(lay, 2);
    draw::PanelCache cache;
    draw::Options opt = support::draw_options();
    opt.cache = &cache;
    SECTION("a vector surface (PDF, SVG)") {
        cairo_surface_t* s = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nullptr);
        cairo_t* cr = cairo_create(s);
        draw::render(cr, 1280, 720, r.deck, lay, st, 100.0, opt);
        cairo_destroy(cr);
        cairo_surface_destroy(s);
    }
    SECTION("a frame whose layout is recorded") {
        draw::Recorder rec;
        opt.recorder = &rec;
        Buffer b(640, 360);
        b.render(r.deck, lay, st, 100.0, opt);
        CHECK(!rec.panels.empty());
    }
    SECTION("a surface with a device offset") {
        Buffer b(640, 360);
        cairo_surface_set_device_offset(b.s, 3, 2);
        b.render(r.deck, lay, st, 100.0, opt);
    }
    CHECK(cache.stats().hits == 0);
    CHECK(cache.stats().misses == 0);
    CHECK(cache.stats().bytes == 0);
}

// ---- presenting only the damage -------------------------------------------------------------

TEST_CASE("the window's damage holds every pixel a frame changed, and leaves out the panels that did not", "[cache][damage]") {
    for (const bool student : {false, true}) {
        load::Result r = load::load_file(std::string(ATTNLAB_SOURCE_DIR) + "/scenes/one-query-row.yaml", load::Options{ATTNLAB_SOURCE_DIR, {}});
        REQUIRE(r.ok());
        app::SessionOptions o;
        o.student = student;
        const auto deck = std::make_shared<const scene::Deck>(std::move(r.deck));
        support::SessionFixture fx(960, 540, o, deck);
        // Its twin gets every move too, and draws each frame into a blank image (nothing kept,
        // nothing in place): the window's pixels must be that frame, whatever it left alone.
        support::SessionFixture twin(960, 540, o, deck);
        fx.settle();
        twin.settle();
        fx.render();
        std::mt19937_64 gen(student ? 7 : 3);
        auto below = [&](int n) { return static_cast<int>(std::uniform_int_distribution<int>(0, n - 1)(gen)); };
        int partial = 0, nothing = 0, whole = 0;
        long left_out = 0;  // pixels not presented, over the run
        for (int i = 0; i < 600; ++i) {
            const app::Image before = support::copy_of(fx.surf);
            // A student's or a lecturer's next move: a step, a word hovered, a drag across the
            // slide, the temperature, the mask, an experiment, the help, time passing.
            const int move = below(10), a = below(3), b = below(960), c = below(540), e = below(2);
            for (support::SessionFixture* f : {&fx, &twin}) {
                switch (move) {
                    case 0: f->key(a ? app::Key::Right : app::Key::Left); break;
                    case 1: f->t += 0.5; break;
                    case 2: f->motion(b, c, false); break;
                    case 3:
                        f->button(true, b, c);
                        f->motion(b + 9, c - 6, true);
                        f->button(false, b + 9, c - 6);
                        break;
                    case 4: f->keys(e ? "t" : "-"); break;
                    case 5: f->keys("m"); break;
                    case 6: f->keys(e ? "e" : "1"); break;
                    case 7:
                        if (a) f->key(app::Key::Escape);  // (out of the help, the menu, the quiz, the overview)
                        else f->keys("?");
                        break;
                    case 8: f->t += 0.05; break;
                    default: f->t += 3.0; break;
                }
            }
            fx.render();
            {
                app::Image blank(960, 540);
                app::paint_overlay(blank.pixels(), twin.session->render(blank.pixels()), twin.text.get());
                INFO("move " << i << (student ? " (student)" : "") << ": the window's pixels are not the frame");
                REQUIRE(app::pixel_hash(blank.pixels()) == app::pixel_hash(fx.surf));
            }
            const app::Damage& d = fx.session->damage();
            if (d.all) {
                ++whole;
                continue;
            }
            (d.rects.empty() ? nothing : partial) += 1;
            long presented = 0;
            for (const app::PixelRect& q : d.rects) {
                REQUIRE(q.x >= 0);
                REQUIRE(q.y >= 0);
                REQUIRE(q.x + q.w <= fx.w);
                REQUIRE(q.y + q.h <= fx.h);
                presented += static_cast<long>(q.w) * q.h;
            }
            left_out += static_cast<long>(fx.w) * fx.h - presented;
            app::Image copy = before;
            const app::Pixels was = copy.pixels();
            for (int y = 0; y < fx.h; ++y)
                for (int x = 0; x < fx.w; ++x) {
                    if (was.row(y)[x] == fx.surf.row(y)[x]) continue;
                    const bool inside = std::any_of(d.rects.begin(), d.rects.end(), [&](const app::PixelRect& q) { return q.contains(x, y); });
                    INFO("move " << i << (student ? " (student)" : "") << ": pixel (" << x << ", " << y
                                 << ") changed outside the damage (" << d.rects.size() << " rectangles)");
                    REQUIRE(inside);
                }
        }
        INFO((student ? "student: " : "lecturer: ") << partial << " frames presented in part, " << nothing
                                                     << " not at all, " << whole << " whole");
        CHECK(partial > 100);
        CHECK(nothing > 10);
        CHECK(left_out > 0);
        // The panels left in place were left unread (the window's promise, Pixels::kept), often.
        CHECK(fx.session->panel_stats().unread > 1000);
    }
}

TEST_CASE("a frame in which nothing changed is not presented", "[cache][damage]") {
    for (const bool student : {false, true}) {
        app::SessionOptions o;
        o.student = student;
        support::SessionFixture fx(960, 540, o, std::make_shared<const scene::Deck>(scene::deck_of(support::cat_scene())));
        fx.settle();
        fx.render();
        fx.t += 1.0;
        fx.render();  // the same frame again
        INFO((student ? "student" : "lecturer"));
        CHECK_FALSE(fx.session->damage().all);
        CHECK(fx.session->damage().rects.empty());
    }
}
