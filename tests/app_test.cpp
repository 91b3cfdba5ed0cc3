// app: the presenter core driven without a platform: its own events (app/events.hpp) are handed
// to the session, and the state, the numbers, the overlay's list and the rendered pixels (the
// overlay's text painted with Cairo) are asserted. Links the core alone: no SDL (sdl_test checks
// the SDL window's translation of its events).
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <future>
#include <atomic>
#include <bit>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <variant>
#include <vector>

#include "app/bindings.hpp"
#include "app/modes.hpp"
#include "app/session.hpp"
#include "app/watch.hpp"
#include "app/windows.hpp"
#include "draw/draw.hpp"
#include "load/load.hpp"
#include "model/model.hpp"
#include "output/output.hpp"
#include "support/files.hpp"
#include "support/session.hpp"
#include "timeline/timeline.hpp"

namespace {

constexpr int W = 960, H = 540;

// "The cat chased the mouse ." (support::cat_scene) with presenter notes on its first step and
// one experiment.
std::shared_ptr<const scene::Scene> cat_scene() {
    auto s = support::cat_scene();
    s->steps[0].notes = "Ask the room which word chased should read from.";
    scene::Experiment same;
    same.title = "Identical keys";
    same.set.keys_same = true;
    s->experiments.push_back(same);
    return s;
}

std::shared_ptr<const scene::Deck> cat_deck() { return support::titled_deck(cat_scene()); }

app::SessionOptions presenter(bool overlay) {
    app::SessionOptions o;
    o.overlay = overlay;
    return o;
}

// The presenter's session in a W×H window; mouse events are given at design-space points.
struct Fixture : support::SessionFixture {
    explicit Fixture(bool overlay = true, std::shared_ptr<const scene::Deck> deck = cat_deck())
        : support::SessionFixture(W, H, presenter(overlay), std::move(deck)) {}
    using support::SessionFixture::button;
    using support::SessionFixture::motion;
    // The window point of a design-space point.
    struct WindowPoint {
        int x = 0, y = 0;
    };
    WindowPoint at(core::Point design) const {
        core::Point px = draw::transform_for(W, H).to_pixels(design);
        return {static_cast<int>(std::floor(px.x)), static_cast<int>(std::floor(px.y))};
    }
    void button(bool down, core::Point design, app::Mods mods = app::kNoMods) {
        WindowPoint p = at(design);
        button(down, p.x, p.y, mods);
    }
    void motion(core::Point design, bool held) {
        WindowPoint p = at(design);
        motion(p.x, p.y, held);
    }
    // Sets the clock, then presses the key.
    void key_at(double when, app::Key sym) {
        t = when;
        key(sym);
    }
};

using support::find_hit;

using support::copy_of;
using support::pixel_diff_ratio;

}  // namespace

// ---- failure and edge cases first ----

TEST_CASE("Back on the first step stays there; Next on the last step stays there", "[app]") {
    Fixture f;
    f.settle();
    f.key(app::Key::Left);
    CHECK(f.session->state().span == 0);
    f.key(app::Key::End);
    const int last = static_cast<int>(f.session->layout().spans.size()) - 1;
    CHECK(f.session->state().span == last);
    f.settle();
    f.key(app::Key::Right);
    CHECK(f.session->state().span == last);
    CHECK_FALSE(f.session->quit_requested());
}

TEST_CASE("--exit-after-last: Next on the finished last step quits", "[app]") {
    Fixture f;
    f.session->options().exit_after_last = true;
    f.key(app::Key::End);
    f.key(app::Key::Right);  // completes the animation: not yet the end
    CHECK_FALSE(f.session->quit_requested());
    f.key(app::Key::Right);
    CHECK(f.session->quit_requested());
}

TEST_CASE("A typed step number out of range says so and stays on the step", "[app]") {
    Fixture f;
    const int steps = static_cast<int>(f.session->layout().spans.size());
    REQUIRE(steps < 9);
    f.settle();
    f.key(app::Key::Right);
    f.settle();
    REQUIRE(f.session->state().span == 1);
    f.keys("g99");  // the field holds one digit: the steps are 1 to 7
    CHECK(f.session->mode() == app::Mode::GotoStep);
    CHECK(f.session->modes().entry == "9");
    f.key(app::Key::Enter);
    CHECK(f.session->mode() == app::Mode::Slides);
    CHECK(f.session->state().span == 1);
    CHECK(f.session->modes().error == "no step 9: the steps are 1 to " + std::to_string(steps));
    // The message is on screen, in the operator band.
    f.render();
    bool said = false;
    for (const app::OverlayText* t : f.session->overlay().texts()) said = said || t->text.find("no step 9:") != std::string::npos;
    CHECK(said);
    // It goes with the next step.
    f.key(app::Key::Right);
    CHECK(f.session->state().span == 2);
    CHECK(f.session->modes().error.empty());
}

TEST_CASE("Typed key coordinates of the wrong count are refused and change nothing", "[app]") {
    Fixture f;
    f.session->command(timeline::cmd::Goto{1});
    f.settle();
    const core::Vec before = f.session->view().controls.keys[4];
    f.keys("k5e");
    CHECK(f.session->mode() == app::Mode::KeyEntry);
    f.keys("1 2 3");
    f.key(app::Key::Enter);
    CHECK(f.session->mode() == app::Mode::KeyEntry);
    CHECK(f.session->view().controls.keys[4] == before);
    f.key(app::Key::Escape);
    CHECK(f.session->mode() == app::Mode::Keys);
    f.key(app::Key::Escape);
    CHECK(f.session->mode() == app::Mode::Slides);
}

TEST_CASE("A broken reload keeps the last good deck and shows file:line:column", "[app]") {
    Fixture f;
    f.session->command(timeline::cmd::Goto{3});
    auto before = f.session->deck_ptr();
    const auto dir = std::filesystem::temp_directory_path() / "attnlab_app_test_broken";
    std::filesystem::create_directories(dir);
    const std::string file = (dir / "broken.yaml").string();
    {
        std::ofstream out(file);
        out << "scene: broken\ntokens: [a, b\n  q: {\n";
    }
    f.frame_hash();
    app::Image good = copy_of(f.surf);
    CHECK_FALSE(app::reload(*f.session, file, nullptr));
    CHECK(f.session->deck_ptr() == before);
    CHECK(f.session->state().span == 3);
    const std::string& err = f.session->error();
    REQUIRE_FALSE(err.empty());
    CHECK(err.rfind(file + ":", 0) == 0);  // names the file first
    // The error is on screen, in the operator band below every panel: the frame above the band
    // (the formula, the pipeline's cards, every panel) is the good deck's, untouched; the band
    // shows the file and line.
    f.frame_hash();
    const int band_top = static_cast<int>(std::ceil(draw::transform_for(W, H).to_pixels({0, draw::space_for(W, H).h - draw::kOperatorBand}).y));
    CHECK(pixel_diff_ratio(good.pixels(), f.surf, {0, 0, W, band_top}) == 0.0);
    CHECK(pixel_diff_ratio(good.pixels(), f.surf, {0, band_top, W, H - band_top}) > 0.05);
    bool named = false;
    for (const app::OverlayText* t : f.session->overlay().texts()) {
        named = named || t->text.rfind(file + ":", 0) == 0;
        const app::TextSize sz = f.text->measure(t->text, t->px, t->face, t->wrap);
        INFO("'" << t->text << "' at y " << t->y);
        CHECK(t->y >= band_top);
        CHECK(t->y + sz.h <= H);
    }
    CHECK(named);
    // At 4:3 and 16:10 too, with the hot-reload error and a toast at once.
    for (auto [w, h] : {std::pair{1024, 768}, std::pair{1280, 800}, std::pair{1920, 1080}}) {
        f.session->resize(w, h, w, h);
        app::Image image(w, h);
        f.key(app::ch(']'));  // a toast: "speed 1.25×"
        const int top = static_cast<int>(std::ceil(draw::transform_for(w, h).to_pixels({0, draw::space_for(w, h).h - draw::kOperatorBand}).y));
        int texts = 0;
        for (const app::OverlayText* t : f.session->render(image.pixels()).texts()) {
            const app::TextSize sz = f.text->measure(t->text, t->px, t->face, t->wrap);
            const double left = t->x - (t->align == 1 ? sz.w / 2.0 : t->align == 2 ? sz.w : 0.0);
            INFO(w << "x" << h << ": '" << t->text << "' at (" << t->x << ", " << t->y << ") " << sz.w << "x" << sz.h);
            CHECK(t->y >= top);
            CHECK(t->y + sz.h <= h);
            CHECK(left >= 0);
            CHECK(left + sz.w <= w);
            ++texts;
        }
        CHECK(texts >= 3);  // the error, the toast, the counter
        f.key(app::ch('['));
    }
    std::filesystem::remove_all(dir);
}

// ---- presenting ----

TEST_CASE("Next keys advance, Back keys return, the first press completes an animation", "[app]") {
    Fixture f;
    const auto& s = *f.session;
    f.key(app::Key::Right);  // t = 0: the title's fade-in is running, so this completes it
    CHECK(s.state().span == 0);
    CHECK(s.view().u == 1.0);
    f.key(app::Key::Right);
    CHECK(s.state().span == 1);
    for (app::Key next : {app::Key::Space, app::Key::PageDown, app::Key::Down, app::Key::Enter}) {
        int was = s.state().span;
        f.settle();
        f.key(next);
        CHECK(s.state().span == was + 1);
    }
    for (app::Key back : {app::Key::Left, app::Key::PageUp, app::Key::Up, app::Key::Backspace}) {
        int was = s.state().span;
        f.key(back);
        CHECK(s.state().span == was - 1);
        CHECK(s.view().u == 1.0);  // shown at its end state
    }
    CHECK(s.state().span == 1);
    f.key(app::Key::Home);
    CHECK(s.state().span == 0);
}

TEST_CASE("The counter on screen follows the step; the overlay is not part of the frame", "[app]") {
    Fixture f;
    f.settle();
    f.frame_hash();
    app::Image one = copy_of(f.surf);
    f.key(app::Key::Right);
    f.settle();
    f.frame_hash();
    // The bottom-right corner holds "1 / 7" then "2 / 7".
    CHECK(pixel_diff_ratio(one.pixels(), f.surf, {W * 4 / 5, H * 9 / 10, W / 5, H / 10}) > 0.002);

    Fixture plain(false);
    plain.t = f.t;
    plain.session->command(timeline::cmd::Goto{1});
    plain.settle();
    const std::uint64_t h = plain.frame_hash();
    app::render_frame(plain.surf, plain.session->deck(), plain.session->layout(), plain.session->state(), plain.t, support::draw_options());
    CHECK(app::pixel_hash(plain.surf) == h);
}

TEST_CASE("G or a digit, then Enter, goes to that step; O picks from the overview", "[app]") {
    Fixture f;
    f.keys("g4");
    f.key(app::Key::Enter);
    CHECK(f.session->state().span == 3);
    f.key(app::ch('5'));
    f.key(app::Key::Enter);
    CHECK(f.session->state().span == 4);
    f.key(app::ch('o'));
    CHECK(f.session->mode() == app::Mode::Overview);
    f.fill_overview();
    const std::uint64_t grid = f.frame_hash();
    f.key(app::Key::Left);
    f.key(app::Key::Left);
    f.fill_overview();
    CHECK(f.frame_hash() != grid);  // the highlight moved
    f.key(app::Key::Enter);
    CHECK(f.session->mode() == app::Mode::Slides);
    CHECK(f.session->state().span == 2);
}

TEST_CASE("The overview holds its thumbnails while it is open, a page of them, and none once closed", "[app]") {
    Fixture f;
    f.render();
    CHECK(f.session->overview_thumbnails() == 0);  // never opened
    f.key(app::ch('o'));
    f.render();
    CHECK(f.session->overview_thumbnails() > 0);
    f.fill_overview();
    CHECK(f.session->overview_complete());
    const std::size_t page = f.session->overview_thumbnails();
    CHECK(page > 0);
    CHECK(page <= f.session->layout().spans.size());
    f.key(app::Key::End);  // the last step's page (the same page when they fit on one)
    f.fill_overview();
    CHECK(f.session->overview_thumbnails() > 0);
    CHECK(f.session->overview_thumbnails() <= page);
    f.key(app::Key::Escape);
    REQUIRE(f.session->mode() == app::Mode::Slides);
    f.render();
    CHECK(f.session->overview_thumbnails() == 0);
    f.key(app::ch('o'));  // opened again: drawn again
    f.render();
    CHECK(f.session->overview_thumbnails() > 0);
}

// The overview answers its key within a frame: the first frame paints the grid, the titles and
// the highlighted step's thumbnail alone, and the window draws again, a few thumbnails a frame,
// until the page is complete; the complete page is the same picture however it was filled.
TEST_CASE("The overview's page fills in a few thumbnails a frame, the highlighted step's first", "[app]") {
    auto sc = std::make_shared<scene::Scene>(*cat_scene());
    const scene::Step last = sc->steps.back();
    for (int k = 0; k < 30; ++k) sc->steps.push_back(last);  // more steps than a frame paints
    const auto deck = std::make_shared<const scene::Deck>(scene::deck_of(sc));
    Fixture f(true, deck);
    f.session->command(timeline::cmd::Goto{20});
    f.settle();
    f.key(app::ch('o'));
    REQUIRE(f.session->mode() == app::Mode::Overview);
    f.render();
    const std::size_t n = f.session->layout().spans.size();
    CHECK(f.session->overview_thumbnails() == 1);  // the highlighted step's alone
    CHECK_FALSE(f.session->overview_complete());
    CHECK(f.session->needs_redraw());
    // The highlighted step (20: the twenty-first in reading order) is the one painted: inside its
    // gold frame, not the grey tile of a thumbnail still to come.
    const auto* px = reinterpret_cast<const std::uint32_t*>(f.surf.data);
    const int stride = f.surf.stride / 4;
    auto rgb = [](std::uint32_t p) { return p & 0xFFFFFFu; };
    int x0 = f.w, y0 = f.h, x1 = -1, y1 = -1;
    for (int y = 0; y < f.h; ++y)
        for (int x = 0; x < f.w; ++x)
            if (rgb(px[y * stride + x]) == 0xFFBF33u) x0 = std::min(x0, x), y0 = std::min(y0, y), x1 = std::max(x1, x), y1 = std::max(y1, y);
    REQUIRE(x1 > x0);
    auto is_tile = [&](std::uint32_t p) {  // (0.22, 0.23, 0.26)
        const int r = (p >> 16) & 255, g = (p >> 8) & 255, b = p & 255;
        return std::abs(r - 56) <= 1 && std::abs(g - 59) <= 1 && std::abs(b - 66) <= 1;
    };
    CHECK_FALSE(is_tile(px[((y0 + y1) / 2) * stride + (x0 + x1) / 2]));
    int tiles = 0;  // and thumbnails still to come are tiles
    for (int y = 0; y < f.h; y += 2)
        for (int x = 0; x < f.w; x += 2) tiles += is_tile(px[y * stride + x]);
    CHECK(tiles > 100);
    int frames = 1;
    while (f.session->needs_redraw() && frames < 1000) f.render(), ++frames;
    CHECK(f.session->overview_complete());
    const std::size_t page = f.session->overview_thumbnails();  // the page that holds step 20
    CHECK(page > 20);
    CHECK(page <= n);
    CHECK(frames == 1 + static_cast<int>((page - 1 + app::Session::kThumbnailsPerFrame - 1) / app::Session::kThumbnailsPerFrame));
    const std::uint64_t filled = f.frame_hash();
    // The same page filled in another order (the highlight moved to step 19 after the first
    // frame, so 19's thumbnail comes second, then back to 20): the same picture.
    Fixture g(true, deck);
    g.session->command(timeline::cmd::Goto{20});
    g.settle();
    g.key(app::ch('o'));
    g.render();
    g.key(app::Key::Left);
    g.render();
    g.render();
    CHECK(g.session->overview_thumbnails() == 1 + 2 * static_cast<std::size_t>(app::Session::kThumbnailsPerFrame));
    g.key(app::Key::Right);
    g.fill_overview();
    CHECK(g.frame_hash() == filled);
    tiles = 0;
    for (int y = 0; y < f.h; y += 2)
        for (int x = 0; x < f.w; x += 2) tiles += is_tile(px[y * stride + x]);
    CHECK(tiles == 0);
}

TEST_CASE("R replays, P pauses, B blanks, L lays a laser dot", "[app]") {
    Fixture f;
    f.session->command(timeline::cmd::Goto{1});
    f.settle();
    f.key(app::ch('r'));
    CHECK(f.session->view().u == 0.0);
    f.t += 0.5;
    f.key(app::ch('p'));
    const double u = f.session->view().u_linear;
    f.t += 0.5;
    CHECK(f.session->view().u_linear == u);
    CHECK_FALSE(f.session->view().animating);
    f.key(app::ch('p'));
    f.t += 0.1;
    CHECK(f.session->view().u_linear > u);
    f.key(app::ch('b'));
    CHECK(f.session->view().blank);
    f.key(app::ch('.'));
    CHECK_FALSE(f.session->view().blank);
    f.key(app::ch('l'));
    f.motion({960, 540}, false);
    REQUIRE(f.session->view().laser);
    CHECK(f.session->view().laser->x == Approx(960).margin(2));
    CHECK(f.session->view().laser->y == Approx(540).margin(2));
    f.key(app::ch('l'));
    CHECK_FALSE(f.session->view().laser);
}

TEST_CASE("Help shows every key over the middle of the screen", "[app]") {
    Fixture f;
    f.settle();
    f.frame_hash();
    app::Image before = copy_of(f.surf);
    f.key(app::Key::F1);
    f.frame_hash();
    CHECK(pixel_diff_ratio(before.pixels(), f.surf, {W / 3, H / 3, W / 3, H / 3}) > 0.3);
    f.key(app::Key::Escape);
    f.frame_hash();
    CHECK(pixel_diff_ratio(before.pixels(), f.surf, {0, 0, W, H}) == 0.0);
}

// ---- the overlay as a list (app/overlay.hpp) ----

namespace {

// Text of a fixed width a character (half its size) and height (6/5 of it), wrapped by
// characters: layouts come out in numbers a test can work out. It paints nothing; it counts.
struct FixedText : app::TextPainter {
    int painted = 0;  // text runs handed to paint()
    std::vector<std::size_t> batches;
    static int chars(const std::string& s) {
        int n = 0;
        for (unsigned char c : s) n += (c & 0xC0) != 0x80;
        return n;
    }
    app::TextSize measure(const std::string& s, int px, app::Face, int wrap) override {
        int w = 0, lines = 0;
        for (std::size_t at = 0;; ) {
            const std::size_t nl = s.find('\n', at);
            const int lw = chars(s.substr(at, nl == std::string::npos ? std::string::npos : nl - at)) * px / 2;
            const int n = wrap > 0 && lw > wrap ? (lw + wrap - 1) / wrap : 1;
            w = std::max(w, wrap > 0 ? std::min(lw, wrap) : lw);
            lines += n;
            if (nl == std::string::npos) break;
            at = nl + 1;
        }
        return {w, lines * px * 6 / 5};
    }
    app::TextSize line_size(const std::string& s, int px, app::Face f) override { return measure(s, px, f, 0); }
    void paint(const app::Pixels&, const std::vector<app::OverlayText>& texts) override {
        painted += static_cast<int>(texts.size());
        batches.push_back(texts.size());
    }
};

const app::OverlayText* find_text(const app::Overlay& o, const std::string& prefix) {
    for (const app::OverlayText* t : o.texts())
        if (t->text.rfind(prefix, 0) == 0) return t;
    return nullptr;
}

// The box a text run covers, by its measure.
core::Rect extent(app::TextMeasure& m, const app::OverlayText& t) {
    const app::TextSize sz = m.measure(t.text, t.px, t.face, t.wrap);
    const double x = t.align == 1 ? t.x - sz.w / 2.0 : t.align == 2 ? t.x - sz.w : t.x;
    return {x, t.y, static_cast<double>(sz.w), static_cast<double>(sz.h)};
}

// The boxes of `o`'s layers that hold all of `r`.
int boxes_around(const app::Overlay& o, const core::Rect& r) {
    int n = 0;
    for (const app::OverlayLayer& l : o.layers)
        for (const app::OverlayBox& b : l.boxes) n += core::Rect{b.x, b.y, b.w, b.h}.contains(r);
    return n;
}

}  // namespace

TEST_CASE("Overlay list: no text measure, no overlay; nothing in it is part of the frame", "[app][overlay]") {
    app::SessionOptions o = presenter(true);
    o.draw.fonts = support::fonts();
    double t = 0;
    app::Session s(cat_deck(), [&] { return t; }, o);  // a platform without fonts
    s.resize(W, H, W, H);
    app::Image img(W, H);
    CHECK(s.render(img.pixels()).empty());
    const std::uint64_t frame = app::pixel_hash(img.pixels());
    // With a measure the list fills, and the pixels render() drew are the same frame: the
    // overlay is painted over them afterwards, by the platform.
    o.text = std::make_shared<FixedText>();
    app::Session m(cat_deck(), [&] { return t; }, o);
    m.resize(W, H, W, H);
    CHECK_FALSE(m.render(img.pixels()).empty());
    CHECK(app::pixel_hash(img.pixels()) == frame);
}

TEST_CASE("Overlay list: the counter, the progress and the mode chips in the operator band", "[app][overlay]") {
    auto text = std::make_shared<FixedText>();
    app::SessionOptions o = presenter(true);
    o.text = text;
    support::SessionFixture f(W, H, o, cat_deck());
    const int n = static_cast<int>(f.session->layout().spans.size());
    f.session->command(timeline::cmd::Goto{1});
    f.settle();
    const app::Overlay& list = f.session->render(f.surf);
    REQUIRE(list.layers.size() == 1);
    // The step counter, right-aligned in a chip at the bottom right, below every panel.
    const app::OverlayText* counter = find_text(list, "2 / " + std::to_string(n));
    REQUIRE(counter);
    CHECK(counter->align == 2);
    const core::Rect c = extent(*text, *counter);
    CHECK(c.right() <= W);
    CHECK(c.right() > W * 0.95);
    CHECK(c.bottom() <= H);
    CHECK(c.y > draw::transform_for(W, H).to_pixels({0, draw::kDesignHeight - draw::kOperatorBand}).y);
    CHECK(boxes_around(list, c) == 1);
    // The progress bar along the bottom: the whole width under the part done, (span / (n − 1)).
    int bars = 0;
    for (const app::OverlayBox& b : list.layers[0].boxes)
        if (b.y + b.h == Approx(H) && b.x == 0) {
            ++bars;
            CHECK((b.w == Approx(W) || b.w == Approx(W * 1.0 / (n - 1))));
        }
    CHECK(bars == 2);
    // The mode, named on the left; key editing says which key and how to move it.
    REQUIRE(find_text(list, "slides"));
    CHECK(find_text(list, "slides")->x < W / 10.0);
    f.keys("k2");
    const app::Overlay& editing = f.session->render(f.surf);
    const app::OverlayText* mode = find_text(editing, "keys · k2 (cat) = (");
    REQUIRE(mode);
    CHECK(boxes_around(editing, extent(*text, *mode)) == 1);
    // The toast of the last key, in a box of its own, gone after kToastSeconds.
    f.key(app::ch(']'));
    REQUIRE(f.session->modes().toast_visible(f.t));
    CHECK(find_text(f.session->render(f.surf), f.session->modes().toast));
    f.t += app::kToastSeconds + 0.1;
    CHECK_FALSE(find_text(f.session->render(f.surf), f.session->modes().toast));
    // Painted: the boxes by the core, the runs by the platform's painter, all of them.
    text->painted = 0;
    f.render();
    CHECK(text->painted == static_cast<int>(f.session->overlay().texts().size()));
}

TEST_CASE("Overlay list: the help lists every line of the key table inside its box", "[app][overlay]") {
    auto text = std::make_shared<FixedText>();
    app::SessionOptions o = presenter(true);
    o.text = text;
    support::SessionFixture f(W, H, o, cat_deck());
    f.key(app::Key::F1);
    const app::Overlay& list = f.session->render(f.surf);
    const app::OverlayText* title = find_text(list, "attnlab keys");
    REQUIRE(title);
    // The help's box: the one around its title; it fits the window.
    const app::OverlayBox* box = nullptr;
    for (const app::OverlayBox& b : list.layers.back().boxes)
        if (core::Rect{b.x, b.y, b.w, b.h}.contains(extent(*text, *title))) box = &b;
    REQUIRE(box);
    const core::Rect help{box->x, box->y, box->w, box->h};
    CHECK(core::Rect{0, 0, W, H}.contains(help));
    int lines = 0;
    for (const app::HelpSection& sec : app::help_sections()) {
        INFO(sec.title);
        REQUIRE(find_text(list, sec.title));
        CHECK(help.contains(extent(*text, *find_text(list, sec.title))));
        for (const app::HelpLine& l : sec.lines) {
            INFO(l.keys);
            bool keys = false, what = false;
            for (const app::OverlayText* t : list.texts()) {
                if (!help.contains(extent(*text, *t))) continue;
                keys = keys || t->text == l.keys;
                what = what || t->text == l.help;
            }
            CHECK(keys);
            CHECK(what);
            ++lines;
        }
    }
    CHECK(lines > 40);
}

TEST_CASE("Overlay list: the overview's labels are a layer under the chips", "[app][overlay]") {
    auto text = std::make_shared<FixedText>();
    app::SessionOptions o = presenter(true);
    o.text = text;
    support::SessionFixture f(W, H, o, cat_deck());
    f.key(app::ch('o'));
    REQUIRE(f.session->mode() == app::Mode::Overview);
    text->batches.clear();
    f.render();
    const app::Overlay& list = f.session->overlay();
    REQUIRE(list.layers.size() == 2);
    const int n = static_cast<int>(f.session->layout().spans.size());
    CHECK(list.layers[0].boxes.empty());
    CHECK(static_cast<int>(list.layers[0].texts.size()) == n);  // a label a step
    CHECK(list.layers[0].texts[1].text.rfind("2  ", 0) == 0);
    CHECK(find_text(list, "overview · arrows"));
    // Painted in that order: the labels, then the chips' texts.
    CHECK(text->batches == std::vector<std::size_t>{list.layers[0].texts.size(), list.layers[1].texts.size()});
}

// ---- live interaction ----

TEST_CASE("M zeroes the future columns, every row still sums to 1", "[app]") {
    Fixture f;
    f.session->command(timeline::cmd::Goto{1});
    f.settle();
    auto v = f.session->view();
    REQUIRE_FALSE(v.controls.mask);
    double future = 0;
    for (std::size_t i = 0; i < v.trace().n; ++i)
        for (std::size_t j = i + 1; j < v.trace().n; ++j) future += v.trace().weights(i, j);
    REQUIRE(future > 0.1);
    f.key(app::ch('m'));
    v = f.session->view();
    CHECK(v.controls.mask);
    for (std::size_t i = 0; i < v.trace().n; ++i) {
        double sum = 0;
        for (std::size_t j = 0; j < v.trace().n; ++j) {
            if (j > i) CHECK(v.trace().weights(i, j) == 0.0);
            sum += v.trace().weights(i, j);
        }
        CHECK(sum == Approx(1.0).margin(1e-12));
    }
    CHECK(v.trace().weights(0, 0) == Approx(1.0));  // the first token can only read itself
    f.key(app::ch('m'));
    CHECK_FALSE(f.session->view().controls.mask);
}

TEST_CASE("The temperature ladder reaches 0 and infinity; T, Shift+T, + and − walk it", "[app]") {
    double t = 1.0;
    int guard = 0;
    while (!std::isinf(t) && ++guard < 100) {
        double up = app::temperature_up(t);
        CHECK(up > t);
        t = up;
    }
    CHECK(std::isinf(t));
    while (t > 0 && ++guard < 200) {
        double down = app::temperature_down(t);
        CHECK(down < t);
        t = down;
    }
    CHECK(t == 0.0);

    Fixture f;
    f.session->command(timeline::cmd::Goto{3});
    f.settle();
    const double t0 = f.session->view().controls.temperature;
    f.key(app::ch('t'));
    CHECK(f.session->view().controls.temperature > t0);
    f.key(app::ch('t'), app::kShift);
    CHECK(f.session->view().controls.temperature == Approx(t0));
    f.key(app::ch('-'));
    CHECK(f.session->view().controls.temperature < t0);
    for (int i = 0; i < 30; ++i) f.key(app::ch('='));
    auto v = f.session->view();
    REQUIRE(std::isinf(v.controls.temperature));
    for (std::size_t j = 0; j < v.trace().n; ++j) CHECK(v.trace().weights(2, j) == Approx(1.0 / 6));  // uniform
    for (int i = 0; i < 30; ++i) f.key(app::ch('-'));
    v = f.session->view();
    REQUIRE(v.controls.temperature == 0.0);
    double top = 0;
    for (std::size_t j = 0; j < v.trace().n; ++j) top = std::max(top, v.trace().weights(2, j));
    CHECK(top == Approx(1.0));  // one-hot
    f.key(app::ch('0'));  // reset
    CHECK(f.session->view().controls.temperature == Approx(t0));
}

TEST_CASE("Keyboard-only key editing: K, a digit, arrows, E with exact coordinates", "[app]") {
    Fixture f;
    f.session->command(timeline::cmd::Goto{1});
    f.settle();
    const auto v0 = f.session->view();
    const core::Vec k0 = v0.controls.keys[4];
    f.key(app::ch('k'));
    CHECK(f.session->mode() == app::Mode::Keys);
    f.key(app::ch('5'));
    CHECK(f.session->selected_key() == 4);
    f.key(app::Key::Right);
    CHECK(f.session->state().span == 1);  // the arrows belong to the key now
    const core::Vec k1 = f.session->view().controls.keys[4];
    CHECK(k1[0] > k0[0]);
    CHECK(k1[1] == Approx(k0[1]));
    f.key(app::Key::Up, app::kShift);
    const core::Vec k2 = f.session->view().controls.keys[4];
    CHECK(k2[1] - k1[1] > 4 * (k1[0] - k0[0]));  // Shift: five times the step (of the keys' spread)
    f.key(app::ch('e'));
    f.keys("-1.5 0.25");
    f.key(app::Key::Enter);
    auto v = f.session->view();
    CHECK(v.controls.keys[4] == core::Vec{-1.5, 0.25});
    CHECK(v.trace().scores(2, 4) == Approx(1.8 * -1.5 + 0.7 * 0.25));
    CHECK(v.trace().weights(2, 4) < v0.trace().weights(2, 4));
    f.key(app::Key::Escape);
    CHECK(f.session->mode() == app::Mode::Slides);
    f.key(app::Key::Right);
    CHECK(f.session->state().span == 2);
    CHECK(f.session->view().controls.keys[4] == core::Vec{-1.5, 0.25});  // edits persist across steps
}

TEST_CASE("Experiments: X opens the menu, a digit runs one", "[app]") {
    Fixture f;
    f.session->command(timeline::cmd::Goto{6});
    f.settle();
    f.key(app::ch('x'));
    CHECK(f.session->mode() == app::Mode::Experiments);
    f.key(app::ch('1'));
    CHECK(f.session->state().experiment == 0);
    f.settle();
    auto v = f.session->view();
    for (std::size_t j = 0; j < v.trace().n; ++j) CHECK(v.trace().weights(2, j) == Approx(1.0 / 6));  // identical keys
    f.key(app::ch('0'));
    CHECK(f.session->state().experiment == -1);
}

TEST_CASE("Dragging a key dot on the key plane changes the weights and the bars", "[app]") {
    Fixture f(false);
    f.session->command(timeline::cmd::Goto{5});  // softmax: the bars show weights
    f.settle();
    const auto v0 = f.session->view();
    auto dot = find_hit(v0, draw::Hit::Kind::Key, 4);
    if (!dot) FAIL("draw::hit_test finds no key dot for 'mouse' on the key plane (panels not drawn yet?)");
    const std::uint64_t h0 = f.frame_hash();
    app::Image before = copy_of(f.surf);
    f.button(true, *dot);
    CHECK(f.session->mode() == app::Mode::Slides);  // a drag never takes the arrows
    CHECK(f.session->selected_key() == 4);
    // Drag the mouse's key toward where the plane has chased's question pointing away.
    const core::Point to{dot->x - 120, dot->y + 90};
    f.motion({dot->x - 60, dot->y + 45}, true);
    const auto mid = f.session->view();
    CHECK(mid.controls.keys[4] != v0.controls.keys[4]);  // moves while the mouse moves
    f.motion(to, true);
    f.button(false, to);
    auto v = f.session->view();
    auto expect = draw::key_plane_point(mid, to);
    REQUIRE(expect);
    // Dropped on the 0.1 grid, exactly.
    CHECK(app::key_grid(mid) == 0.1);
    CHECK(v.controls.keys[4][0] == app::snap_to(expect->x, 0.1));
    CHECK(v.controls.keys[4][1] == app::snap_to(expect->y, 0.1));
    CHECK(v.controls.keys[4][0] == Approx(expect->x).margin(0.0501));
    CHECK(v.controls.keys[4] != v0.controls.keys[4]);
    CHECK(v.trace().weights(2, 4) != Approx(v0.trace().weights(2, 4)));
    CHECK(f.frame_hash() != h0);
    CHECK(pixel_diff_ratio(before.pixels(), f.surf, {0, 0, W, H}) > 0.001);
}

TEST_CASE("Clicking a token makes it the one asking", "[app]") {
    Fixture f;
    f.session->command(timeline::cmd::Goto{1});
    f.settle();
    auto cat = find_hit(f.session->view(), draw::Hit::Kind::Token, 1);
    if (!cat) FAIL("draw::hit_test finds no token 'cat' (panels not drawn yet?)");
    f.motion(*cat, false);
    CHECK(f.session->state().hover == 1);
    f.button(true, *cat);
    f.button(false, *cat);
    auto v = f.session->view();
    CHECK(v.controls.focus == 1);
    // The row read is cat's: its weights are the trace's row 1.
    CHECK(f.session->state().edits[1].focus == 1);
}

TEST_CASE("A recorded session replays through timeline::apply into the same frames", "[app]") {
    std::ostringstream rec;
    std::vector<std::pair<double, std::uint64_t>> live;
    std::vector<double> live_w;
    {
        Fixture f(false);
        f.session->record_to(&rec);
        // A snapshot at `when`: the frame's hash and the weight of token 1 in the focus row.
        auto snap = [&](double when) {
            f.t = when;
            live.emplace_back(f.t, f.frame_hash());
            auto v = f.session->view();
            live_w.push_back(v.trace().n ? v.trace().weights(static_cast<std::size_t>(v.controls.focus), 1) : -1);
        };
        // Snapshots fall between events, never at the same instant.
        f.key_at(0.7, app::Key::Right);
        f.key_at(1.3, app::Key::Right);
        snap(1.9);  // mid-animation
        f.key_at(1.95, app::ch('m'));
        snap(2.35);
        f.key_at(2.5, app::ch('t'));
        f.keys("k2");
        f.key(app::Key::Left, app::kShift);
        f.key(app::Key::Escape);  // (the key-editing banner is the presenter's: no replay shows it)
        snap(4.0);
        f.key_at(4.2, app::Key::Space);
        snap(4.6);
        f.key_at(4.7, app::ch('b'));
        snap(5.0);
    }
    // Replay: parse the lines, apply each at its time, draw at the same instants.
    Fixture r(false);
    std::istringstream in(rec.str());
    std::vector<timeline::Event> events;
    std::string line, error;
    while (std::getline(in, line)) {
        timeline::Event e;
        REQUIRE(timeline::parse(line, e, error));
        events.push_back(e);
    }
    CHECK(events.size() == 7);  // next, next, mask, temperature, key, next, blank: mode keys are no commands
    const auto& deck = r.session->deck();
    const auto& lay = r.session->layout();
    timeline::State s;
    std::size_t next = 0;
    std::vector<double> replay_w;
    for (std::size_t i = 0; i < live.size(); ++i) {
        while (next < events.size() && events[next].t <= live[i].first) {
            s = timeline::apply(deck, lay, s, events[next].command, events[next].t);
            ++next;
        }
        app::render_frame(r.surf, deck, lay, s, live[i].first, support::draw_options());
        CHECK(app::pixel_hash(r.surf) == live[i].second);
        auto v = timeline::evaluate(deck, lay, s, live[i].first);
        replay_w.push_back(v.trace().n ? v.trace().weights(static_cast<std::size_t>(v.controls.focus), 1) : -1);
    }
    CHECK(replay_w == live_w);
    CHECK(live_w[1] != live_w[2]);  // the edits did change the numbers between snapshots
}

TEST_CASE("Hot reload: a good save stays on the step, a broken one keeps it, a fix clears the error", "[app]") {
    const std::string src = std::string(ATTNLAB_SOURCE_DIR) + "/scenes/one-query-row.yaml";
    load::Result first = load::load_file(src);
    if (!first.ok()) FAIL("the loader cannot load " << src << ": " << first.errors[0].format());
    const auto dir = std::filesystem::temp_directory_path() / "attnlab_app_test_reload";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string file = (dir / "scene.yaml").string();
    std::filesystem::copy_file(src, file);
    Fixture f(true, std::make_shared<const scene::Deck>(load::load_file(file).deck));
    app::Watcher w;
    w.watch(file, f.session->deck());
    CHECK_FALSE(w.changed());
    f.session->command(timeline::cmd::Goto{3});
    std::string text;
    {
        std::ifstream in(file);
        std::stringstream ss;
        ss << in.rdbuf();
        text = ss.str();
    }
    auto save = [&](const std::string& t) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        std::ofstream out(file, std::ios::trunc);
        out << t;
    };
    // A good edit: the title changes, the step stays.
    const auto pos = text.find("title: Each word");
    REQUIRE(pos != std::string::npos);
    std::string edited = text;
    edited.replace(pos, 16, "title: Every word");
    save(edited);
    CHECK(w.changed());
    CHECK_FALSE(w.changed());
    REQUIRE(app::reload(*f.session, file, &w));
    CHECK(f.session->deck().slides[0].scene->title.rfind("Every word", 0) == 0);
    CHECK(f.session->state().span == 3);
    CHECK(f.session->error().empty());
    // A broken save: an unclosed list. The deck stays, the error names file:line:column.
    auto good = f.session->deck_ptr();
    save(edited + "\nextra: [1, 2\n");
    CHECK(w.changed());
    CHECK_FALSE(app::reload(*f.session, file, &w));
    CHECK(f.session->deck_ptr() == good);
    CHECK(f.session->state().span == 3);
    const std::string& err = f.session->error();
    CHECK(err.rfind(file + ":", 0) == 0);
    unsigned line = 0, col = 0;
    CHECK(std::sscanf(err.c_str() + file.size(), ":%u:%u:", &line, &col) == 2);
    CHECK(line > 0);
    save(edited);
    CHECK(app::reload(*f.session, file, &w));
    CHECK(f.session->error().empty());
    std::filesystem::remove_all(dir);
}

TEST_CASE("Hot reload loads off the window's thread: keys are answered while a slow load runs, then its deck is swapped in", "[app]") {
    const std::string file = std::string(ATTNLAB_SOURCE_DIR) + "/scenes/one-query-row.yaml";
    load::Result loaded = load::load_file(file);
    REQUIRE(loaded.ok());
    Fixture f(true, std::make_shared<const scene::Deck>(loaded.deck));
    // A load that holds until the test releases it: as a large scene's would, for seconds.
    std::promise<void> release;
    std::shared_future<void> released = release.get_future().share();
    std::atomic<int> loads{0};
    app::Reloader reloader(file, [&](const std::string& path) {
        ++loads;
        released.wait();
        load::Result r = load::load_file(path);
        r.deck.title = "reloaded " + std::to_string(loads.load());
        return r;
    });
    // Released when the test ends, whatever happens, before the reloader waits for its thread.
    struct Releaser {
        std::promise<void>& promise;
        bool done = false;
        void operator()() {
            if (!done) promise.set_value();
            done = true;
        }
        ~Releaser() { (*this)(); }
    } releaser{release};
    reloader.request();
    reloader.request();  // a second change while loading: loaded once more, after the first
    REQUIRE(reloader.busy());
    // The presenter core goes on: each key moves the step, each frame is drawn, nothing is swapped in.
    const auto old_deck = f.session->deck_ptr();
    for (int i = 1; i <= 3; ++i) {
        f.settle();
        f.key(app::Key::Right);
        CHECK(f.session->state().span == i);
        CHECK(reloader.poll(*f.session, nullptr) == app::Reloader::Polled::Nothing);
    }
    f.settle();
    CHECK(f.session->deck_ptr() == old_deck);
    CHECK(loads.load() <= 1);  // one load at a time (the thread may not have begun it yet)
    releaser();
    // Swapped in once ready (a watchdog, not a timing: the load itself takes milliseconds).
    auto poll_until_loaded = [&] {
        const auto t0 = std::chrono::steady_clock::now();
        while (std::chrono::steady_clock::now() - t0 < std::chrono::seconds(60)) {
            if (reloader.poll(*f.session, nullptr) == app::Reloader::Polled::Loaded) return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        return false;
    };
    REQUIRE(poll_until_loaded());
    CHECK(f.session->deck().title == "reloaded 1");
    CHECK(f.session->state().span == 3);  // the step the keys reached is kept
    REQUIRE(poll_until_loaded());          // the change that came while loading
    CHECK(f.session->deck().title == "reloaded 2");
    CHECK_FALSE(reloader.busy());
    CHECK(loads.load() == 2);
}

TEST_CASE("With no display the window refuses to open and points at attnlab export", "[app]") {
    const std::string src = std::string(ATTNLAB_SOURCE_DIR) + "/scenes/one-query-row.yaml";
    const std::string out = (std::filesystem::temp_directory_path() / "attnlab_app_nodisplay.txt").string();
    // No XDG_RUNTIME_DIR either, as on a bare server: nothing but attnlab's own lines.
    const std::string cmd = "env -u SDL_VIDEODRIVER -u DISPLAY -u WAYLAND_DISPLAY -u XDG_RUNTIME_DIR '" + std::string(ATTNLAB_BINARY) +
                            "' '" + src + "' >/dev/null 2>'" + out + "'";
    int status = std::system(cmd.c_str());
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 2);
    std::ifstream in(out);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string err = ss.str();
    INFO(err);
    CHECK(err.rfind("attnlab: error: no display", 0) == 0);
    CHECK(err.find("XDG_RUNTIME_DIR") == std::string::npos);
    CHECK(err.find("\\x0A") == std::string::npos);  // its own lines, not an escaped newline
    CHECK(err.find("attnlab export") != std::string::npos);
    std::filesystem::remove(out);
}

// ---- the interaction modes without a window (app/modes.hpp, app/bindings.hpp) ----

namespace {

// What react() sees, kept up to date by hand: a deck, its layout, the timeline State and the
// View at rest on `span`. press() looks a key up as the session does, applies the commands to
// the State and lets the animation settle.
struct World {
    std::shared_ptr<const scene::Deck> deck;
    timeline::Layout lay;
    timeline::State state;
    timeline::View view;
    double now = 1000.0;
    bool fullscreen = false;
    explicit World(int span, std::shared_ptr<const scene::Deck> d = cat_deck()) : deck(std::move(d)), lay(timeline::layout(*deck)) {
        state = timeline::state_at_span(lay, span);
        state.span_started = 0.0;
        state.edits.resize(deck->slides.size());
        view = timeline::evaluate(*deck, lay, state, now);
    }
    app::Context context() const {
        app::Context c{state, view};
        c.steps = static_cast<int>(lay.spans.size());
        c.overview_columns = 3;
        c.fullscreen = fullscreen;
        c.quiz_available = !timeline::quiz_bank(*deck, view.slide).questions.empty();
        c.now = now;
        return c;
    }
    void apply(const app::Reaction& r) {
        for (const timeline::Command& c : r.commands) state = timeline::apply(*deck, lay, state, c, now);
        now += 100.0;
        view = timeline::evaluate(*deck, lay, state, now);
    }
    app::Reaction press(app::Modes& m, app::Key key, app::Mods mods = app::kNoMods) {
        const app::Reaction r = app::press(m, key, mods, context());
        m = r.modes;
        apply(r);
        return r;
    }
    app::Reaction press(app::Modes& m, char c, app::Mods mods = app::kNoMods) { return press(m, app::ch(c), mods); }
    void type(app::Modes& m, const std::string& s) {
        for (char c : s) press(m, c == ' ' ? app::Key::Space : app::ch(c));
    }
    app::Reaction act(app::Modes& m, app::Input in) {
        const app::Reaction r = app::react(m, in, context());
        m = r.modes;
        apply(r);
        return r;
    }
};

// The commands of a reaction as recording lines without their time ("goto 3", "key 4 1.2 0.8").
std::vector<std::string> commands(const app::Reaction& r) {
    std::vector<std::string> out;
    for (const timeline::Command& c : r.commands) {
        const std::string line = timeline::format(timeline::Event{0.0, c});
        out.push_back(line.substr(line.find(' ') + 1));
    }
    return out;
}
using Lines = std::vector<std::string>;

// A mode in which a row of the table applies (the layers are asked in these modes).
app::Mode mode_for(const app::Binding& b) {
    using app::Mode;
    Mode m = Mode::Slides;
    switch (b.layer) {
        case app::Layer::Keys: m = Mode::Keys; break;
        case app::Layer::Typing: m = Mode::GotoStep; break;
        case app::Layer::Overview: m = Mode::Overview; break;
        case app::Layer::Menu: m = Mode::Experiments; break;
        default: break;
    }
    if (!(b.modes & app::in(m)))
        for (Mode x : {Mode::Slides, Mode::GotoStep, Mode::Keys, Mode::KeyEntry, Mode::Overview, Mode::Experiments})
            if (b.modes & app::in(x)) return x;
    return m;
}

// The page that documents the keys (the README links to it).
std::string keys_page_path() { return std::string(ATTNLAB_SOURCE_DIR) + "/docs/presenting.md"; }

// docs/presenting.md's key table: the lines from "| keys | what they do |" to the last line of the table.
std::string page_key_table(const std::string& page, std::size_t* begin = nullptr, std::size_t* end = nullptr) {
    const std::size_t b = page.find("| keys | what they do |\n");
    if (b == std::string::npos) return "";
    std::size_t e = b;
    while (e < page.size() && page[e] == '|') {
        const std::size_t nl = page.find('\n', e);
        e = nl == std::string::npos ? page.size() : nl + 1;
    }
    if (begin) *begin = b;
    if (end) *end = e;
    return page.substr(b, e - b);
}

std::vector<std::string> split(const std::string& s, const std::string& by) {
    std::vector<std::string> out;
    std::size_t at = 0;
    for (std::size_t next; (next = s.find(by, at)) != std::string::npos; at = next + by.size()) out.push_back(s.substr(at, next - at));
    out.push_back(s.substr(at));
    return out;
}

}  // namespace

TEST_CASE("Modes: a typed step number, then Enter, gives one Goto", "[modes]") {
    World w(0);
    app::Modes m;
    CHECK(commands(w.press(m, '4')).empty());
    CHECK(m.mode == app::Mode::GotoStep);
    CHECK(m.entry == "4");
    REQUIRE(w.lay.spans.size() < 10);
    w.press(m, '2');  // one digit more than the step count has: not taken
    CHECK(m.entry == "4");
    w.press(m, app::Key::Backspace);
    CHECK(m.entry.empty());
    w.press(m, '4');
    CHECK(m.entry == "4");
    CHECK(commands(w.press(m, app::Key::Enter)) == Lines{"goto 3"});
    CHECK(m.mode == app::Mode::Slides);
    CHECK(w.state.span == 3);
    // G, nothing typed, Enter: back to the slides without a command; Esc cancels.
    w.press(m, 'g');
    CHECK(m.mode == app::Mode::GotoStep);
    CHECK(commands(w.press(m, app::Key::Enter)).empty());
    CHECK(m.mode == app::Mode::Slides);
    w.type(m, "g5");
    CHECK(commands(w.press(m, app::Key::Escape)).empty());
    CHECK(m.mode == app::Mode::Slides);
    CHECK(m.entry.empty());
    // Past the end: said, and no step changes.
    const int steps = static_cast<int>(w.lay.spans.size());
    REQUIRE(steps < 10);
    w.type(m, "9");
    CHECK(commands(w.press(m, app::Key::Enter)).empty());
    CHECK(m.mode == app::Mode::Slides);
    CHECK(m.error == "no step 9: the steps are 1 to " + std::to_string(steps));
    CHECK(w.state.span == 3);
    w.type(m, "g0");
    CHECK(commands(w.press(m, app::Key::Enter)).empty());
    CHECK(m.error == "no step 0: the steps are 1 to " + std::to_string(steps));
}

TEST_CASE("Modes: a stray digit never takes the arrows; any other key ends the prompt and acts", "[modes]") {
    World w(0);
    const int steps = static_cast<int>(w.lay.spans.size());
    app::Modes m;
    // A stray 2, then →: the prompt goes and the slide turns, as on a projector's remote.
    w.press(m, '2');
    CHECK(m.mode == app::Mode::GotoStep);
    CHECK(commands(w.press(m, app::Key::Right)) == Lines{"next"});
    CHECK(m.mode == app::Mode::Slides);
    CHECK(m.entry.empty());
    CHECK(w.state.span == 1);
    // The same for every key of the slides that types no step number: Space, ←, PageDown, End,
    // M, T; each acts exactly as it does without the digit before it.
    for (app::Key k : {app::Key::Space, app::Key::Left, app::Key::PageDown, app::Key::PageUp, app::Key::End, app::Key::Home,
                       app::ch('m'), app::ch('t'), app::ch('o'), app::ch('x')}) {
        INFO("key " << app::chord_label({k}));
        World plain(1), stray(1);
        app::Modes a, b;
        const Lines expected = commands(plain.press(a, k));
        stray.press(b, '3');
        REQUIRE(b.mode == app::Mode::GotoStep);
        CHECK(commands(stray.press(b, k)) == expected);
        CHECK(b.mode == a.mode);
        CHECK(stray.state.span == plain.state.span);
    }
    // G opens the prompt too, and → ends it the same way.
    w.press(m, 'g');
    CHECK(m.mode == app::Mode::GotoStep);
    CHECK(commands(w.press(m, app::Key::Right)) == Lines{"next"});
    CHECK(m.mode == app::Mode::Slides);
    // Backspace on an empty prompt ends it; Q ends it without quitting.
    w.press(m, '1');
    w.press(m, app::Key::Backspace);
    CHECK(m.mode == app::Mode::GotoStep);
    w.press(m, app::Key::Backspace);
    CHECK(m.mode == app::Mode::Slides);
    w.press(m, '1');
    CHECK_FALSE(w.press(m, 'q').requests.quit);
    CHECK(m.mode == app::Mode::Slides);
    // The field holds at most the step count's digits: a soak of digits stays that short.
    m = app::Modes{};
    w.press(m, 'g');
    for (int i = 0; i < 1000; ++i) w.press(m, static_cast<char>('1' + i % 9));
    CHECK(m.entry.size() == std::to_string(steps).size());
}

TEST_CASE("Modes: K then a digit picks a key; arrows in key editing give MoveKey, never Next", "[modes]") {
    World w(1);
    app::Modes m;
    w.press(m, 'k');
    CHECK(m.mode == app::Mode::Keys);
    w.press(m, '5');
    CHECK(m.selected_key == 4);
    w.press(m, '9');  // six tokens: no ninth key
    CHECK(m.selected_key == 4);
    const core::Vec k0 = w.view.controls.keys[4];  // mouse: (1.3, 0.3)
    app::Reaction r = w.press(m, app::Key::Right);
    REQUIRE(r.commands.size() == 1);
    const auto* mv = std::get_if<timeline::cmd::MoveKey>(&r.commands[0]);
    REQUIRE(mv);
    CHECK(mv->token == 4);
    CHECK(mv->key[0] == 1.4);  // the next line of the 0.1 grid, exactly
    CHECK(mv->key[1] == k0[1]);
    CHECK(w.state.span == 1);
    // Shift: five lines.
    r = w.press(m, app::Key::Up, app::kShift);
    mv = std::get_if<timeline::cmd::MoveKey>(&r.commands.at(0));
    REQUIRE(mv);
    CHECK(mv->key[1] == 0.8);
    for (app::Key k : {app::Key::Left, app::Key::Down, app::Key::Left, app::Key::Down})
        CHECK(commands(w.press(m, k)).at(0).rfind("key 4 ", 0) == 0);
    CHECK(w.state.span == 1);
    // Tab walks the keys and wraps; other keys act as on the slides.
    w.press(m, app::Key::Tab);
    CHECK(m.selected_key == 5);
    w.press(m, app::Key::Tab);
    CHECK(m.selected_key == 0);
    CHECK(commands(w.press(m, 'm')) == Lines{"mask on"});
    // Space goes on, and going on ends key editing.
    CHECK(commands(w.press(m, app::Key::Space)) == Lines{"next", "edit-key -1"});
    CHECK(m.mode == app::Mode::Slides);
}

TEST_CASE("Modes: Esc leaves key editing; E types exact coordinates, refused until they fit", "[modes]") {
    World w(1);
    app::Modes m;
    w.type(m, "k2");
    CHECK(w.state.editing == 1);
    w.press(m, 'e');
    CHECK(m.mode == app::Mode::KeyEntry);
    w.type(m, "1 2 3");
    CHECK(commands(w.press(m, app::Key::Enter)).empty());
    CHECK(m.mode == app::Mode::KeyEntry);
    CHECK(m.error == "type 2 numbers separated by spaces");
    w.press(m, app::Key::Escape);
    CHECK(m.mode == app::Mode::Keys);
    CHECK(m.error.empty());
    w.press(m, 'e');
    w.type(m, "-1.5,,0.25");  // a comma separates as a space does; two in a row count once
    CHECK(m.entry == "-1.5 0.25");
    CHECK(commands(w.press(m, app::Key::Enter)) == Lines{"key 1 -1.5 0.25"});
    CHECK(m.mode == app::Mode::Keys);
    CHECK(w.view.controls.keys[1] == core::Vec{-1.5, 0.25});
    CHECK(commands(w.press(m, app::Key::Escape)) == Lines{"edit-key -1"});
    CHECK(m.mode == app::Mode::Slides);
    CHECK(w.state.editing == -1);
    CHECK(commands(w.press(m, app::Key::Right)) == Lines{"next"});  // the arrows are the slides' again
    // K leaves as Esc does.
    w.press(m, 'k');
    w.press(m, 'k');
    CHECK(m.mode == app::Mode::Slides);
}

TEST_CASE("Modes: key editing on a step without a scene falls back to the slides", "[modes]") {
    World w(1);
    app::Modes m;
    w.press(m, 'k');
    REQUIRE(m.mode == app::Mode::Keys);
    World title(0);
    CHECK(commands(title.press(m, app::Key::Right)) == Lines{"next"});
    CHECK(m.mode == app::Mode::Slides);
    // And K does nothing there.
    World again(0);
    again.press(m, 'k');
    CHECK(m.mode == app::Mode::Slides);
}

TEST_CASE("Modes: K on a step whose picture has no key plane says so and stays on the slides", "[modes]") {
    auto sc = std::make_shared<scene::Scene>(*cat_scene());
    REQUIRE(sc->steps.size() >= 2);
    sc->steps[1].panels = {scene::Panel::Scaling};
    World w(2, support::titled_deck(sc));  // the title, then the scene's steps: span 2 is step 1
    REQUIRE(w.view.panels);
    REQUIRE(*w.view.panels == std::vector<scene::Panel>{scene::Panel::Scaling});
    app::Modes m;
    CHECK(commands(w.press(m, 'k')).empty());
    CHECK(m.mode == app::Mode::Slides);
    CHECK(m.error == "this step shows no key plane to edit keys on");
    CHECK(w.state.editing == -1);
    // The step before shows the scene's panels, the key plane among them: K edits keys there.
    w.press(m, app::Key::Left);
    w.press(m, 'k');
    CHECK(m.mode == app::Mode::Keys);
}

TEST_CASE("Modes: keys that work anywhere, and the ones that wait while typing", "[modes]") {
    World w(1);
    app::Modes m;
    CHECK(w.press(m, 'q').requests.quit);
    CHECK(w.press(m, 'q', app::kCtrl).requests.quit);
    CHECK(w.press(m, 'f').requests.fullscreen);
    w.press(m, 'g');
    CHECK_FALSE(w.press(m, 'q').requests.quit);  // typing a number: Q is no number, and no quit
    CHECK(w.press(m, 'f').requests.fullscreen);
    w.press(m, app::Key::Escape);
    w.type(m, "ke");
    REQUIRE(m.mode == app::Mode::KeyEntry);
    CHECK_FALSE(w.press(m, 'f').requests.fullscreen);
    CHECK(w.press(m, app::Key::F11).requests.fullscreen);
    // Help: ?, F1 or Shift+/ toggle it in any mode; Esc closes it before anything else.
    w.press(m, '/', app::kShift);
    CHECK(m.help);
    CHECK(m.mode == app::Mode::KeyEntry);
    w.press(m, app::Key::Escape);
    CHECK_FALSE(m.help);
    CHECK(m.mode == app::Mode::KeyEntry);
    w.press(m, app::Key::F1);
    w.press(m, '?');
    CHECK_FALSE(m.help);
    CHECK(w.press(m, app::Key::F12).requests.fps);
}

TEST_CASE("Modes: Esc leaves fullscreen first, then the laser", "[modes]") {
    World w(1);
    app::Modes m;
    w.press(m, 'l');
    CHECK(m.laser);
    w.fullscreen = true;
    app::Reaction r = w.press(m, app::Key::Escape);
    CHECK(r.requests.fullscreen);
    CHECK(m.laser);
    w.fullscreen = false;
    r = w.press(m, app::Key::Escape);
    CHECK_FALSE(r.requests.fullscreen);
    CHECK_FALSE(m.laser);
    CHECK(commands(r) == Lines{"laser off"});
}

TEST_CASE("Modes: the overview moves by thumbnails and rows, Enter goes there", "[modes]") {
    World w(2);
    app::Modes m;
    w.press(m, 'o');
    CHECK(m.mode == app::Mode::Overview);
    CHECK(m.menu_index == 2);
    w.press(m, app::Key::Down);  // three columns in this World
    CHECK(m.menu_index == 5);
    w.press(m, app::Key::Down);  // no row below
    CHECK(m.menu_index == 5);
    w.press(m, app::Key::Left);
    CHECK(m.menu_index == 4);
    w.press(m, app::Key::Home);
    CHECK(m.menu_index == 0);
    w.press(m, app::Key::End);
    CHECK(m.menu_index == static_cast<int>(w.lay.spans.size()) - 1);
    CHECK(commands(w.press(m, 't')).empty());  // the overview takes every key
    CHECK(commands(w.press(m, app::Key::Enter)) == Lines{"goto " + std::to_string(w.lay.spans.size() - 1)});
    CHECK(m.mode == app::Mode::Slides);
    // A click: a thumbnail goes there, beside them leaves.
    w.press(m, 'o');
    CHECK(commands(w.act(m, {app::Action::Pick, 1})) == Lines{"goto 1"});
    w.press(m, 'o');
    CHECK(commands(w.act(m, {app::Action::Pick, -1})).empty());
    CHECK(m.mode == app::Mode::Slides);
}

TEST_CASE("Modes: the Try this menu runs an experiment by number or row, 0 ends it", "[modes]") {
    World w(6);
    app::Modes m;
    w.press(m, 'x');
    CHECK(m.mode == app::Mode::Experiments);
    CHECK(commands(w.press(m, '2')).empty());  // one experiment only
    CHECK(commands(w.press(m, '1')) == Lines{"experiment 0"});
    CHECK(m.mode == app::Mode::Slides);
    w.press(m, 'e');
    CHECK(m.menu_index == 0);
    w.press(m, app::Key::Down);  // the row "back to the script"
    CHECK(commands(w.press(m, app::Key::Enter)) == Lines{"experiment -1"});
    w.press(m, 'e');
    CHECK(commands(w.press(m, app::Key::Escape)).empty());
    CHECK(m.mode == app::Mode::Slides);
    // A scene without experiments says so, and stays on the slides.
    World bare(1, support::titled_deck(support::cat_scene()));
    app::Modes b;
    bare.press(b, 'e');
    CHECK(b.mode == app::Mode::Slides);
    CHECK(b.error == "this scene has no experiments");
}

TEST_CASE("Modes: every row of a long Try this menu has a key, and the menu shows it", "[modes]") {
    // Fourteen experiments: rows 1–9 by digit, the rest by the letter the menu prints beside them.
    auto s = support::cat_scene();
    for (int i = 0; i < 14; ++i) {
        scene::Experiment ex;
        ex.title = "Experiment " + std::to_string(i + 1);
        ex.set.temperature = 0.5 + i;
        s->experiments.push_back(ex);
    }
    World w(1, support::titled_deck(s));
    std::vector<std::string> seen;
    for (int row = 0; row < 14; ++row) {
        const std::string label = app::menu_key(row);
        INFO("row " << row << " key '" << label << "'");
        REQUIRE(label.size() == 1);
        CHECK(std::find(seen.begin(), seen.end(), label) == seen.end());  // one key, one row
        seen.push_back(label);
        const std::optional<app::Chord> key = app::parse_chord(label);
        REQUIRE(key);
        app::Modes m;
        w.press(m, 'e');
        REQUIRE(m.mode == app::Mode::Experiments);
        CHECK(commands(w.press(m, key->key)) == Lines{"experiment " + std::to_string(row)});
        CHECK(m.mode == app::Mode::Slides);
    }
    CHECK(app::menu_key(9) == "A");
    // The keys of the menu's rows are none that closes it or acts anywhere.
    for (const std::string& k : seen)
        for (const char* other : {"E", "X", "F", "Q", "0"}) CHECK(k != other);
    // The lecture's own scene: each of its "Try this" rows is reached by its key.
    const load::Result r = load::load_file(std::string(ATTNLAB_SOURCE_DIR) + "/scenes/one-query-row.yaml");
    REQUIRE(r.ok());
    const auto& ex = r.deck.slides.front().scene->experiments;
    REQUIRE(ex.size() > 9);
    World lecture(1, std::make_shared<const scene::Deck>(r.deck));
    for (int row = 0; row < static_cast<int>(ex.size()); ++row) {
        app::Modes m;
        lecture.press(m, 'e');
        CHECK(commands(lecture.press(m, app::parse_chord(app::menu_key(row))->key)) ==
              Lines{"experiment " + std::to_string(row)});
    }
    // The window's menu prints each row's key beside its title.
    Fixture f(true, std::make_shared<const scene::Deck>(r.deck));
    f.session->command(timeline::cmd::Goto{1});
    f.key(app::ch('e'));
    REQUIRE(f.session->mode() == app::Mode::Experiments);
    f.render();
    for (int row = 0; row < static_cast<int>(ex.size()); ++row) {
        const std::string line = app::menu_key(row) + "  " + ex[static_cast<std::size_t>(row)].title;
        bool shown = false;
        for (const app::OverlayText* t : f.session->overlay().texts()) shown = shown || t->text.rfind(line, 0) == 0;
        CHECK(shown);
    }
}

TEST_CASE("Modes: while a quiz is open it takes every key", "[modes]") {
    auto s = support::cat_scene();
    scene::Question q;
    q.ask = "What does a row of weights sum to?";
    q.answer = "1";
    q.choices = {"0", "1", "n"};
    q.correct = 1;
    s->quiz.questions = {q, q};
    World w(2, support::titled_deck(s));
    app::Modes m;
    app::Reaction r = w.press(m, 'c');
    CHECK(commands(r) == Lines{"quiz open"});
    REQUIRE(w.state.quiz.open);
    // The digit of the position the right choice ("1") is shown at.
    REQUIRE(w.view.quiz);
    const auto& shown = w.view.quiz->choices;
    const int at = static_cast<int>(std::find(shown.begin(), shown.end(), 1) - shown.begin());
    REQUIRE(at < 3);
    CHECK(commands(w.press(m, static_cast<char>('1' + at))) == Lines{"quiz pick " + std::to_string(at)});
    CHECK(w.state.quiz.score().right == 1);
    CHECK(commands(w.press(m, 'h')).empty());  // a question with choices is not self-graded
    CHECK(commands(w.press(m, app::Key::Right)) == Lines{"quiz next"});
    CHECK(w.state.span == 2);
    CHECK(commands(w.press(m, app::Key::Space)) == Lines{"quiz reveal"});
    CHECK(commands(w.press(m, app::Key::Enter)) == Lines{"quiz next"});  // revealed: on to the next
    CHECK(w.state.quiz.finished);  // after the last: the score
    CHECK(commands(w.press(m, app::Key::Space)).empty());  // Space does not leave it
    CHECK(commands(w.press(m, 'm')) == Lines{"quiz retry"});  // the one revealed, again
    CHECK_FALSE(w.state.quiz.finished);
    CHECK(w.view.quiz->total == 1);
    CHECK(commands(w.press(m, 'm')).empty());  // only on the score
    w.press(m, 'c');
    CHECK(commands(w.press(m, 'k')).empty());
    CHECK(m.mode == app::Mode::Slides);
    CHECK(commands(w.press(m, 'y')).empty());  // nothing revealed that names an experiment
    CHECK(commands(w.press(m, app::Key::Escape)) == Lines{"quiz close"});
    CHECK(commands(w.press(m, app::Key::Right)) == Lines{"next"});
    // Without questions, C says so.
    World none(2);
    app::Modes n;
    none.press(n, 'c');
    CHECK(n.error == "no questions to check yourself on here");
}

TEST_CASE("Modes: a click on a key dot picks it for K; the controls' actions react as their keys", "[modes]") {
    World w(1);
    app::Modes m;
    CHECK(commands(w.act(m, {app::Action::GrabKey, 3})).empty());  // the word asking stays
    CHECK(m.mode == app::Mode::Slides);
    CHECK(m.selected_key == 3);
    CHECK(commands(w.press(m, 'k')) == Lines{"edit-key 3"});
    CHECK(commands(w.act(m, {app::Action::Next})) == Lines{"next", "edit-key -1"});
    CHECK(commands(w.act(m, {app::Action::Faster})) == Lines{"speed 1.25"});
    w.act(m, {app::Action::ToggleMenu});
    CHECK(m.mode == app::Mode::Experiments);
    w.act(m, {app::Action::ToggleMenu});
    CHECK(m.mode == app::Mode::Slides);
}

// ---- a presenter who can't be tripped ----

TEST_CASE("Modes: after grabbing or dragging a key dot, the arrows still turn the slides", "[modes]") {
    // Every step of the deck: grab a key, then every navigation key navigates.
    for (int span = 1; span < 7; ++span) {
        World w(span);
        app::Modes m;
        for (int token = 0; token < 6; ++token) {
            CHECK(commands(w.act(m, {app::Action::GrabKey, token})).empty());  // the word asking stays
            CHECK(m.mode == app::Mode::Slides);
            CHECK(m.selected_key == token);
        }
        const core::Mat keys = w.view.controls.keys;
        CHECK(commands(w.press(m, app::Key::Down)) == Lines{"next"});
        CHECK(commands(w.press(m, app::Key::Up)) == Lines{"back"});
        CHECK(commands(w.press(m, app::Key::Right)) == Lines{"next"});
        CHECK(commands(w.press(m, app::Key::Left)) == Lines{"back"});
        CHECK(w.view.controls.keys == keys);  // no number moved
        CHECK(w.state.editing == -1);
    }
}

TEST_CASE("Modes: key editing is entered deliberately, shown on the slide, and ends on Esc or leaving the step", "[modes]") {
    World w(2);
    app::Modes m;
    CHECK(commands(w.press(m, 'k')) == Lines{"edit-key 0"});
    CHECK(w.press(m, '2').commands.size() == 1);
    REQUIRE(w.state.editing == 1);
    // The frame carries the banner (model/draw), and the edited key is ringed.
    {
        const model::Frame f = model::frame_of(w.view);
        CHECK(f.scene.header.editing == "Editing key of \u2018cat\u2019 \u2014 arrows move it, Esc to finish");
        CHECK(f.scene.key_plane.keys.at(1).editing);
        CHECK_FALSE(f.scene.key_plane.keys.at(0).editing);
    }
    CHECK(commands(w.press(m, app::Key::Right)).at(0).rfind("key 1 ", 0) == 0);
    CHECK(w.state.span == 2);
    // Leaving the step (any navigation) ends it: the next arrow turns the slide.
    CHECK(commands(w.press(m, app::Key::PageDown)) == Lines{"next", "edit-key -1"});
    CHECK(m.mode == app::Mode::Slides);
    CHECK(w.state.editing == -1);
    CHECK(model::frame_of(w.view).scene.header.editing.empty());
    CHECK(commands(w.press(m, app::Key::Right)) == Lines{"next"});
    // The reducer ends it on any step change, too (a Goto from anywhere).
    w.press(m, 'k');
    REQUIRE(w.state.editing == 1);
    w.state = timeline::apply(*w.deck, w.lay, w.state, timeline::cmd::Goto{1}, w.now);
    CHECK(w.state.editing == -1);
    // Esc ends it where it is.
    World e(2);
    app::Modes n;
    e.press(n, 'k');
    CHECK(commands(e.press(n, app::Key::Escape)) == Lines{"edit-key -1"});
    CHECK(n.mode == app::Mode::Slides);
}

TEST_CASE("Modes: toasts say what speed, pause and mode keys did", "[modes]") {
    World w(1);
    app::Modes m;
    w.press(m, '[');
    CHECK(m.toast == "speed 0.75×");
    CHECK(m.toast_at == 1000.0);  // stamped with the session time of the press
    CHECK(m.toast_visible(1000.5));
    CHECK_FALSE(m.toast_visible(1000.0 + app::kToastSeconds));
    w.press(m, '[');
    w.press(m, '[');
    w.press(m, '[');
    CHECK(w.state.speed == 0.25);
    CHECK(m.toast == "speed 0.25×");
    w.press(m, ']');
    CHECK(m.toast == "speed 0.5×");
    w.press(m, 'p');
    CHECK(m.toast == "paused");
    w.press(m, 'p');
    CHECK(m.toast == "playing");
    w.press(m, 'k');
    CHECK(m.toast == "key editing: arrows move the key, Esc to finish");
    w.press(m, app::Key::Escape);
    CHECK(m.toast == "key editing ended: the arrows move through the slides");
}

TEST_CASE("The presenter window shows its whole text at its default size, on every step of the lecture", "[app][presenter]") {
    const load::Result r = load::load_file(std::string(ATTNLAB_SOURCE_DIR) + "/slides/lecture.yaml", load::Options{ATTNLAB_SOURCE_DIR, {}});
    REQUIRE(r.ok());
    Fixture f(true, std::make_shared<const scene::Deck>(r.deck));
    const int steps = static_cast<int>(f.session->layout().spans.size());
    int checked = 0;
    const std::pair<int, int> sizes[] = {{app::kPresenterWidth, app::kPresenterHeight}, {960, 600}};
    // Each run of text inside the window: its box (wrapped where it wraps) from its anchor.
    auto check_inside = [&](int w, int h, const std::string& where) {
        app::Image image(w, h);
        for (const app::OverlayText* t : f.session->render_presenter(image.pixels(), 20 * 60, "14:05").texts()) {
            const app::TextSize sz = f.text->measure(t->text, t->px, t->face, t->wrap);
            const double left = t->x - (t->align == 1 ? sz.w / 2.0 : t->align == 2 ? sz.w : 0.0);
            INFO(where << " " << w << "x" << h << ": '" << t->text.substr(0, 60) << "' at (" << t->x << ", " << t->y << ") "
                       << sz.w << "x" << sz.h << " px " << t->px);
            CHECK(left >= 0);
            CHECK(left + sz.w <= w);
            CHECK(t->y >= 0);
            CHECK(t->y + sz.h <= h);
            CHECK(t->px >= 11);
            ++checked;
        }
    };
    auto shows = [&](const std::string& text) {
        app::Image image(app::kPresenterWidth, app::kPresenterHeight);
        for (const app::OverlayText* t : f.session->render_presenter(image.pixels(), 20 * 60, "14:05").texts())
            if (t->text.find(text) != std::string::npos) return true;
        return false;
    };
    REQUIRE_FALSE(f.session->modes().timer.started);
    CHECK(shows("starts at the first →"));
    for (int span = 0; span < steps; ++span) {
        f.session->command(timeline::cmd::Goto{span});
        for (auto [w, h] : sizes) check_inside(w, h, "step " + std::to_string(span + 1));
    }
    f.session->command(timeline::cmd::Goto{0});
    f.settle();
    f.key(app::Key::Right);  // the timer starts; Shift+P pauses it
    f.key(app::ch('p'), app::kShift);
    REQUIRE(f.session->modes().timer.started);
    REQUIRE_FALSE(f.session->modes().timer.running);
    CHECK(shows("paused: Shift+P runs it"));
    for (auto [w, h] : sizes) check_inside(w, h, "timer paused");
    CHECK(checked > 400);
}

TEST_CASE("The presenter window opens beside the audience window, within the display", "[app][presenter]") {
    using app::PixelRect;
    const int pw = app::kPresenterWidth, ph = app::kPresenterHeight;
    auto inside = [](PixelRect r, PixelRect d) { return r.x >= d.x && r.y >= d.y && r.x + r.w <= d.x + d.w && r.y + r.h <= d.y + d.h; };
    // One 1920×1080 display, the slides centred at 1280×720: no room right or left (320 each
    // side), none below or above (180): the farthest corner, overlapping, inside the display.
    const PixelRect display{0, 0, 1920, 1080};
    const PixelRect centred{320, 180, 1280, 720};
    PixelRect p = app::presenter_window(display, centred, pw, ph);
    CHECK(inside(p, display));
    CHECK(p.w == pw);
    CHECK(p.h == ph);
    // The slides at the left, 800 wide: the presenter window right of them, not under them.
    const PixelRect left{0, 0, 800, 600};
    p = app::presenter_window(display, left, pw, ph);
    CHECK(inside(p, display));
    CHECK_FALSE(app::overlap(p, left));
    CHECK(p.x == 800);
    // A second display: the presenter window on it, whole, wherever the slides are.
    const PixelRect second{1920, 0, 1280, 800};
    p = app::presenter_window(second, {0, 0, 1920, 1080}, pw, ph);
    CHECK(inside(p, second));
    // A small display: shrunk to it.
    const PixelRect small{0, 0, 1024, 768};
    p = app::presenter_window(small, {0, 0, 1024, 768}, pw, ph);
    CHECK(inside(p, small));
    CHECK(p.w == 1024);
    // Every place of the slides on a 2560×1440 display: within it, and beside them where the
    // display leaves room for the whole presenter window on some side.
    const PixelRect big{0, 0, 2560, 1440};
    for (int x = 0; x <= 2560 - 1280; x += 160)
        for (int y = 0; y <= 1440 - 720; y += 120) {
            const PixelRect a{x, y, 1280, 720};
            INFO("slides at " << x << ", " << y);
            p = app::presenter_window(big, a, pw, ph);
            CHECK(inside(p, big));
            const bool room = 2560 - (x + 1280) >= pw || x >= pw || 1440 - (y + 720) >= ph || y >= ph;
            if (room) CHECK_FALSE(app::overlap(p, a));
        }
}

TEST_CASE("Modes: the talk timer starts at the first advance, pauses and resets", "[modes]") {
    World w(0);
    app::Modes m;
    w.press(m, 't');
    w.press(m, 'o');
    w.press(m, app::Key::Escape);
    CHECK_FALSE(m.timer.started);
    CHECK(m.timer.elapsed(w.now) == 0.0);  // the deck opened early: the talk is not late
    const double start = w.now;
    w.press(m, app::Key::Right);
    CHECK(m.timer.started);
    CHECK(m.timer.running);
    CHECK(m.timer.elapsed(start + 42) == Approx(42));
    w.now = start + 60;
    w.press(m, 'p', app::kShift);  // Shift+P, not P: the animation's pause is untouched
    CHECK_FALSE(m.timer.running);
    CHECK_FALSE(w.state.paused);
    CHECK(m.toast == "talk timer paused");
    CHECK(m.timer.elapsed(start + 500) == Approx(60));
    w.now = start + 1000;
    w.press(m, 'p', app::kShift);
    CHECK(m.timer.elapsed(start + 1010) == Approx(70));
    w.press(m, 'r', app::kShift);
    CHECK_FALSE(m.timer.started);
    CHECK(m.timer.elapsed(start + 2000) == 0.0);
    CHECK(commands(w.press(m, 'r', app::kShift)).empty());  // not a replay
    const double again = w.now;
    w.press(m, app::Key::Space);
    CHECK(m.timer.elapsed(again + 5) == Approx(5));
}

TEST_CASE("Modes: Ctrl+Z undoes an edit, Ctrl+Shift+Z redoes it; Shift+0 resets this step only", "[modes]") {
    World w(1);
    app::Modes m;
    CHECK(commands(w.press(m, 'z', app::kCtrl)).empty());
    CHECK(m.toast == "nothing to undo on this slide");
    w.press(m, 't');  // an edit on step 1
    const double t1 = w.view.controls.temperature;
    w.press(m, app::Key::Right);
    w.press(m, 'm');  // edits on step 2
    w.press(m, 't');
    REQUIRE(w.view.controls.mask);
    CHECK(commands(w.press(m, 'z', app::kCtrl)) == Lines{"undo"});
    CHECK(w.view.controls.temperature == t1);
    CHECK(w.view.controls.mask);
    CHECK(commands(w.press(m, 'z', app::kCtrl | app::kShift)) == Lines{"redo"});
    CHECK(w.view.controls.temperature > t1);
    CHECK(commands(w.press(m, 'y', app::kCtrl)).empty());  // nothing left to redo
    // Shift+0: the step as it was entered, keeping step 1's edit; 0: the whole scene.
    CHECK(commands(w.press(m, '0', app::kShift)) == Lines{"reset-step"});
    CHECK(w.view.controls.temperature == t1);
    CHECK_FALSE(w.view.controls.mask);
    CHECK(commands(w.press(m, 'z', app::kCtrl)) == Lines{"undo"});  // a reset undoes too
    CHECK(w.view.controls.mask);
    w.press(m, '0');
    CHECK(w.view.controls.temperature == 1.0);
    CHECK_FALSE(w.view.controls.mask);
}

TEST_CASE("Modes: nudges land on the 0.1 grid; Shift goes five lines, Alt a hundredth off the grid", "[modes]") {
    World w(1);
    app::Modes m;
    w.type(m, "k2");  // cat's key: (1.2, 0.8)
    REQUIRE(w.view.controls.keys[1] == core::Vec{1.2, 0.8});
    w.press(m, app::Key::Right);
    CHECK(w.view.controls.keys[1] == core::Vec{1.3, 0.8});  // not 1.26
    w.press(m, app::Key::Right, app::kAlt);
    CHECK(w.view.controls.keys[1][0] == Approx(1.31).margin(1e-12));
    w.press(m, app::Key::Left);  // off the grid: onto the line below
    CHECK(w.view.controls.keys[1][0] == 1.3);
    w.press(m, app::Key::Down, app::kShift);
    CHECK(w.view.controls.keys[1][1] == 0.3);
    // Property: from any point, a nudge lands on a line of the grid, within one line of the start,
    // in the direction pressed, and its coordinate prints with at most one decimal.
    for (int i = 0; i < 200; ++i) {
        const double x = -2.0 + 0.0173 * i;
        auto at = timeline::apply(*w.deck, w.lay, w.state, timeline::cmd::MoveKey{1, {x, 0.8}}, w.now);
        World v(1);
        v.state = at;
        v.view = timeline::evaluate(*v.deck, v.lay, v.state, v.now);
        app::Modes k = m;
        for (app::Key dir : {app::Key::Right, app::Key::Left}) {
            const app::Reaction r = app::press(k, dir, app::kNoMods, v.context());
            const auto* mv = std::get_if<timeline::cmd::MoveKey>(&r.commands.at(0));
            REQUIRE(mv);
            const double got = mv->key[0];
            INFO("from " << x << " to " << got);
            CHECK(got == app::snap_to(got, 0.1));
            CHECK(std::abs(got - x) <= 0.1 + 1e-9);
            CHECK((dir == app::Key::Right ? got > x : got < x));
            char buf[32];
            std::snprintf(buf, sizeof buf, "%g", got);
            CHECK(std::stod(buf) == got);
        }
    }
}

TEST_CASE("Modes: a dragged key drops on the grid, or freely with a modifier", "[modes]") {
    World w(1);
    const auto snapped = app::dragged_key(w.view, 4, {0.5337, -0.861}, false);
    REQUIRE(snapped);
    CHECK(snapped->key == core::Vec{0.5, -0.9});
    const auto fine = app::dragged_key(w.view, 4, {0.5337, -0.861}, true);
    REQUIRE(fine);
    CHECK(fine->key == core::Vec{0.5337, -0.861});
    CHECK_FALSE(app::dragged_key(w.view, 6, {0, 0}, false));
    CHECK(app::snap_to(1.26, 0.1) == 1.3);
    CHECK(app::snap_to(-0.049, 0.1) == 0.0);
    // Larger planes snap to a coarser power of ten.
    auto big = timeline::apply(*w.deck, w.lay, w.state, timeline::cmd::MoveKey{0, {40, 0}}, w.now);
    CHECK(app::key_grid(timeline::evaluate(*w.deck, w.lay, big, w.now)) == 1.0);
}

// ---- the key table (app/bindings.hpp) ----

TEST_CASE("Every key of the table reaches its own row, and its label reads back as the same key", "[bindings]") {
    int keys = 0;
    for (const app::Binding& b : app::bindings()) {
        INFO("row: " << app::chord_label(b.keys.front()) << " (" << b.help << ")");
        REQUIRE_FALSE(b.keys.empty());
        for (const app::Chord& c : b.keys) {
            const int first = static_cast<int>(c.key);
            const int last = c.last == app::Key::None ? first : static_cast<int>(c.last);
            for (int k = first; k <= last; ++k) {
                INFO("key " << app::chord_label({static_cast<app::Key>(k), app::Key::None, c.mods}));
                CHECK(app::find(b.layer, mode_for(b), static_cast<app::Key>(k), c.mods) == &b);
                ++keys;
            }
            const auto back = app::parse_chord(app::chord_label(c));
            REQUIRE(back);
            CHECK(back->key == c.key);
            CHECK(back->last == c.last);
            CHECK(back->mods == c.mods);
        }
    }
    CHECK(keys > 60);
    // The drawn buttons name their keys from the table.
    CHECK(app::shortcut(app::Layer::Slides, app::Action::OpenMenu) == "E");
    CHECK(app::shortcut(app::Layer::Quiz, app::Action::QuizNext) == "→");
}

TEST_CASE("docs/presenting.md's key table is the one the bindings generate", "[bindings]") {
    // To regenerate after changing a row: ATTNLAB_WRITE_README=1 build/tests/app_test "[bindings]"
    // (it rewrites the table in docs/presenting.md; app::readme_key_table() makes it).
    std::string page;
    {
        std::ifstream in(keys_page_path());
        REQUIRE(in);
        std::stringstream ss;
        ss << in.rdbuf();
        page = ss.str();
    }
    std::size_t begin = 0, end = 0;
    const std::string table = page_key_table(page, &begin, &end);
    REQUIRE_FALSE(table.empty());
    const std::string want = app::readme_key_table();
    if (table != want && std::getenv("ATTNLAB_WRITE_README")) {
        std::ofstream out(keys_page_path(), std::ios::trunc);
        out << page.substr(0, begin) << want << page.substr(end);
        WARN("docs/presenting.md's key table rewritten from app::bindings()");
        return;
    }
    INFO("docs/presenting.md's key table differs from app::bindings(); regenerate with\n"
         "  ATTNLAB_WRITE_README=1 build/tests/app_test \"[bindings]\"\nexpected:\n"
         << want);
    CHECK(table == want);
}

TEST_CASE("Every key docs/presenting.md lists does what its row says", "[bindings]") {
    std::ifstream in(keys_page_path());
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string table = page_key_table(ss.str());
    REQUIRE_FALSE(table.empty());
    // The help line each row of the table is listed under, and the layer of each section.
    std::map<const app::Binding*, std::string> line_of;
    std::map<std::string, app::Layer> layer_of;
    for (const app::HelpSection& s : app::help_sections())
        for (const app::HelpLine& l : s.lines)
            for (const app::Binding* b : l.rows) {
                line_of[b] = l.help;
                layer_of[s.title] = b->layer;
            }
    std::optional<app::Layer> layer;
    int checked = 0;
    for (const std::string& row : split(table, "\n")) {
        if (row.rfind("| ", 0) != 0 || row == "| keys | what they do |") continue;
        if (row.rfind("| **", 0) == 0) {  // a section: "| **title** | |"
            const std::size_t end = row.find("** |");
            REQUIRE(end != std::string::npos);
            const std::string title = row.substr(4, end - 4);
            layer = layer_of.count(title) ? std::optional(layer_of[title]) : std::nullopt;  // none: the mouse
            continue;
        }
        const std::vector<std::string> cells = split(row.substr(2, row.size() - 4), " | ");
        REQUIRE(cells.size() == 2);
        if (!layer) continue;
        INFO("docs/presenting.md: " << row);
        for (const std::string& part : split(cells[0], " / "))
            for (const std::string& label : split(part, " ")) {
                const auto chord = app::parse_chord(label);
                INFO("key " << label);
                REQUIRE(chord);
                // Asked in a mode where the section applies, the key reaches a row of this line.
                const app::Binding* any = nullptr;
                for (const app::Binding& b : app::bindings())
                    if (b.layer == *layer && line_of[&b] == cells[1]) any = &b;
                REQUIRE(any);
                const app::Binding* got = app::find(*layer, mode_for(*any), chord->key, chord->mods);
                REQUIRE(got);
                CHECK(line_of[got] == cells[1]);
                ++checked;
            }
    }
    CHECK(checked > 50);
}

TEST_CASE("The modes and the key table know no SDL", "[bindings]") {
    for (const char* f : {"modes.hpp", "modes.cpp", "bindings.hpp", "bindings.cpp"}) {
        std::ifstream in(std::string(ATTNLAB_SOURCE_DIR) + "/engine/app/" + f);
        REQUIRE(in);
        std::stringstream ss;
        ss << in.rdbuf();
        INFO(f);
        for (const std::string& line : split(ss.str(), "\n")) {
            if (line.rfind("#include", 0) != 0) continue;
            INFO(line);
            CHECK(line.find("SDL") == std::string::npos);
            CHECK(line.find("session") == std::string::npos);
            CHECK(line.find("overlay") == std::string::npos);
        }
        CHECK(ss.str().find("SDL_") == std::string::npos);  // no SDL type or call either
    }
}

TEST_CASE("The presenter core knows no SDL, SDL_ttf or Xlib: only the sdl backend does", "[app]") {
    int files = 0;
    for (const auto& e : std::filesystem::directory_iterator(std::string(ATTNLAB_SOURCE_DIR) + "/engine/app")) {
        std::ifstream in(e.path());
        std::stringstream ss;
        ss << in.rdbuf();
        INFO(e.path().filename().string());
        for (const std::string& line : split(ss.str(), "\n")) {
            if (line.rfind("#include", 0) != 0) continue;
            INFO(line);
            CHECK(line.find("SDL") == std::string::npos);
            CHECK(line.find("X11") == std::string::npos);
            CHECK(line.find("sdl/") == std::string::npos);
        }
        CHECK(ss.str().find("SDL_") == std::string::npos);
        CHECK(ss.str().find("TTF_") == std::string::npos);
        ++files;
    }
    CHECK(files > 20);
}

TEST_CASE("the overview of 10,000 steps shows legible thumbnails a page at a time", "[app]") {
    auto sc = std::make_shared<scene::Scene>(*cat_scene());
    sc->steps.assign(10000, sc->steps.back());
    Fixture f(true, std::make_shared<const scene::Deck>(scene::deck_of(sc)));
    f.key(app::ch('o'));
    REQUIRE(f.session->mode() == app::Mode::Overview);
    // Share of the window covered by the light background of the (light-theme) thumbnails: with
    // 10,000 thumbnails of 0 pixels the overview was its dark backdrop alone.
    auto light_share = [&] {
        f.fill_overview();
        const auto* px = reinterpret_cast<const unsigned char*>(f.surf.data);
        long light = 0;
        for (int y = 0; y < f.h; ++y)
            for (int x = 0; x < f.w; ++x) light += px[y * f.surf.stride + x * 4 + 1] > 200;
        return static_cast<double>(light) / (f.w * f.h);
    };
    CHECK(light_share() > 0.3);
    const std::uint64_t first_page = f.frame_hash();
    f.key(app::Key::End);  // the last step: its page comes up
    CHECK(light_share() > 0.1);
    CHECK(f.frame_hash() != first_page);
    f.key(app::Key::Enter);
    CHECK(f.session->state().span == 9999);
}

TEST_CASE("Hot reload: the error overlay escapes what the file says, and a deck saved to name a file outside its root is refused", "[app][paths]") {
    support::TempDir tmp;
    const std::string secret = tmp.write("outside/notes.yaml", "deck: n\nslides:\n  - title: Private\n");
    const std::string top = tmp.write("talk/deck.yaml", "deck: talk\nslides:\n  - title: Welcome\n");
    const std::string root = (tmp.path / "talk").string();
    load::Result r = load::load_file(top, load::Options{root, {}});
    REQUIRE(r.ok());
    Fixture f(true, std::make_shared<const scene::Deck>(std::move(r.deck)));
    auto save = [&](const std::string& text) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        std::ofstream(top, std::ios::trunc) << text;
    };
    // An override and a line separator in a key: escaped in the overlay's text.
    save("deck: talk\nslides:\n  - title: Welcome\n    \"x\\u202Ey\\u2028\": 1\n");
    CHECK_FALSE(app::reload(*f.session, top, nullptr, root));
    CHECK(f.session->error().find("x\\u202Ey\\u2028") != std::string::npos);
    CHECK(f.session->error().find("\u202E") == std::string::npos);
    CHECK(f.session->error().find("\u2028") == std::string::npos);
    // An include that climbs out of the root: refused at its line and column, the deck kept.
    save("deck: talk\nslides:\n  - title: Welcome\n  - deck: ../outside/notes.yaml\n");
    CHECK_FALSE(app::reload(*f.session, top, nullptr, root));
    CHECK(f.session->error().rfind(top + ":4:11: error: slides[1].deck: '../outside/notes.yaml' climbs out of the root", 0) == 0);
    CHECK(f.session->deck().slides.size() == 1);
    CHECK(f.session->error().find("Private") == std::string::npos);
    (void)secret;
}

TEST_CASE("Hot reload watches every file a deck was built from: an included deck's edit reloads", "[app]") {
    support::TempDir tmp;
    auto write = [&](const std::string& name, const std::string& text) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        std::ofstream(tmp.path / name, std::ios::trunc) << text;
        return (tmp.path / name).string();
    };
    write("part.yaml", "deck: part\nslides:\n  - title: First part\n");
    const std::string top = write("talk.yaml", "deck: talk\nslides:\n  - title: Welcome\n  - deck: part.yaml\n");
    load::Result r = load::load_file(top);
    REQUIRE(r.ok());
    CHECK(r.files.size() == 2);
    Fixture f(true, std::make_shared<const scene::Deck>(std::move(r.deck)));
    app::Watcher w;
    w.watch(top, f.session->deck());
    CHECK(w.files().size() == 2);
    CHECK_FALSE(w.changed());
    // An edit of the included deck (not of the file presented) is seen and reloaded.
    write("part.yaml", "deck: part\nslides:\n  - title: The first part, renamed\n");
    REQUIRE(w.changed());
    REQUIRE(app::reload(*f.session, top, &w));
    CHECK(f.session->deck().slides[1].title == "The first part, renamed");
    // A broken include keeps the deck; fixing it there is seen too.
    write("part.yaml", "deck: part\nslides: [\n");
    REQUIRE(w.changed());
    CHECK_FALSE(app::reload(*f.session, top, &w));
    CHECK(f.session->deck().slides[1].title == "The first part, renamed");
    write("part.yaml", "deck: part\nslides:\n  - title: Fixed\n");
    REQUIRE(w.changed());
    REQUIRE(app::reload(*f.session, top, &w));
    CHECK(f.session->deck().slides[1].title == "Fixed");
}

namespace {

// A little-endian float64 .npy (version 1.0) of `rows`, and a .safetensors file holding it as F64
// under `name`: the two tensor files a scene may name.
std::string le_bytes(std::uint64_t x, int bytes) {
    std::string out;
    for (int i = 0; i < bytes; ++i) out += static_cast<char>((x >> (8 * i)) & 0xff);
    return out;
}
std::string f64_bytes(const core::Mat& rows) {
    std::string out;
    for (const auto& row : rows)
        for (double x : row) out += le_bytes(std::bit_cast<std::uint64_t>(x), 8);
    return out;
}
std::string npy_of(const core::Mat& rows) {
    std::string dict = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + std::to_string(rows.size()) + ", " +
                       std::to_string(rows[0].size()) + "), }";
    while ((10 + dict.size() + 1) % 64) dict += ' ';
    dict += '\n';
    return std::string("\x93NUMPY\x01\x00", 8) + le_bytes(dict.size(), 2) + dict + f64_bytes(rows);
}
std::string safetensors_of(const std::string& name, const core::Mat& rows) {
    const std::string data = f64_bytes(rows);
    std::string header = "{\"" + name + "\": {\"dtype\": \"F64\", \"shape\": [" + std::to_string(rows.size()) + ", " +
                         std::to_string(rows[0].size()) + "], \"data_offsets\": [0, " + std::to_string(data.size()) + "]}}";
    while (header.size() % 8) header += ' ';
    return le_bytes(header.size(), 8) + header + data;
}

}  // namespace

TEST_CASE("Hot reload watches the tensor files a scene names: an edit of one reloads, a bad one keeps the scene", "[app]") {
    support::TempDir tmp;
    auto write = [&](const std::string& name, const std::string& bytes) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        std::ofstream(tmp.path / name, std::ios::binary | std::ios::trunc) << bytes;
        return (tmp.path / name).string();
    };
    const core::Mat q = {{1, 0}, {0, 1}, {1, 1}}, k = {{0.5, 0}, {0, 0.5}, {1, -1}};
    write("q.npy", npy_of(q));
    write("head.safetensors", safetensors_of("k", k));
    const std::string file = write("scene.yaml", "scene: files\ntokens: [a, b, c]\nq: {file: q.npy}\n"
                                                 "k: {file: head.safetensors, tensor: k}\nv: [[1, 0], [0, 1], [1, 1]]\n");
    load::Result r = load::load_file(file);
    INFO((r.errors.empty() ? std::string() : r.errors[0].format()));
    REQUIRE(r.ok());
    Fixture f(true, std::make_shared<const scene::Deck>(std::move(r.deck)));
    app::Watcher w;
    w.watch(file, f.session->deck());
    // The scene and its two tensor files.
    CHECK(w.files().size() == 3);
    CHECK_FALSE(w.changed());
    // A new q in the .npy file: seen, and the reload reads it.
    write("q.npy", npy_of({{2, 0}, {0, 2}, {2, 2}}));
    REQUIRE(w.changed());
    REQUIRE(app::reload(*f.session, file, &w));
    CHECK(f.session->deck().slides[0].scene->heads[0].q[0][0] == 2.0);
    CHECK(f.session->error().empty());
    // A new k in the .safetensors file.
    write("head.safetensors", safetensors_of("k", {{3, 0}, {0, 3}, {3, -3}}));
    REQUIRE(w.changed());
    REQUIRE(app::reload(*f.session, file, &w));
    CHECK(f.session->deck().slides[0].scene->heads[0].k[2][1] == -3.0);
    // A bad tensor file (cut short): the last good scene stays, and the error names the scene's
    // key that names the file, file:line:column.
    auto good = f.session->deck_ptr();
    const std::string cut = npy_of({{4, 0}, {0, 4}, {4, 4}});
    write("q.npy", cut.substr(0, cut.size() - 3));
    REQUIRE(w.changed());
    CHECK_FALSE(app::reload(*f.session, file, &w));
    CHECK(f.session->deck_ptr() == good);
    CHECK(f.session->error().rfind(file + ":3:", 0) == 0);
    CHECK(f.session->error().find("q.npy") != std::string::npos);
    // Still watched after the failure: the fix reloads and clears the error.
    write("q.npy", cut);
    REQUIRE(w.changed());
    REQUIRE(app::reload(*f.session, file, &w));
    CHECK(f.session->deck().slides[0].scene->heads[0].q[1][1] == 4.0);
    CHECK(f.session->error().empty());
}

TEST_CASE("Window: a drag of a key dot leaves the arrows on the slides and undoes as one", "[app]") {
    Fixture f(false);
    f.session->command(timeline::cmd::Goto{5});  // softmax
    f.settle();
    const auto v0 = f.session->view();
    auto dot = find_hit(v0, draw::Hit::Kind::Key, 1);
    REQUIRE(dot);
    f.button(true, *dot);
    for (int i = 1; i <= 6; ++i) f.motion({dot->x + 10 * i, dot->y + 6 * i}, true);
    f.button(false, {dot->x + 60, dot->y + 36});
    CHECK(f.session->view().controls.keys[1] != v0.controls.keys[1]);
    CHECK(f.session->view().controls.focus == v0.controls.focus);  // the word asking stays
    CHECK(f.session->mode() == app::Mode::Slides);
    // One Ctrl+Z takes the whole drag back.
    f.key(app::ch('z'), app::kCtrl);
    CHECK(f.session->view().controls.keys[1] == v0.controls.keys[1]);
    f.key(app::ch('z'), app::kCtrl | app::kShift);
    CHECK(f.session->view().controls.keys[1] != v0.controls.keys[1]);
    f.key(app::Key::Right);
    CHECK(f.session->state().span == 6);
}

TEST_CASE("Window: the history keeps the last commands only, however many a long session records", "[app]") {
    // A window runs for hours: every click and drag records commands, and nothing of the window
    // reads the old ones (--record writes them as they come), so the history is bounded.
    std::ostringstream rec;
    Fixture f(false);
    f.session->record_to(&rec);
    const std::uint64_t before = f.session->recorded();
    const std::size_t kept = app::Session::kHistoryKept;
    const std::uint64_t n = 3 * kept + 7;
    for (std::uint64_t i = 0; i < n; ++i) {
        f.session->command(timeline::cmd::Seed{1000 + i});
        REQUIRE(f.session->history().size() <= kept);
    }
    CHECK(f.session->recorded() == before + n);
    REQUIRE(f.session->history().size() == kept);
    // Oldest first, the last `kept` of them: command number recorded() − kept is the first.
    const auto* first = std::get_if<timeline::cmd::Seed>(&f.session->history().front().command);
    const auto* last = std::get_if<timeline::cmd::Seed>(&f.session->history().back().command);
    REQUIRE(first);
    REQUIRE(last);
    CHECK(first->value == 1000 + n - kept);
    CHECK(last->value == 1000 + n - 1);
    // The recording has every one of them.
    const std::string lines = rec.str();
    CHECK(static_cast<std::uint64_t>(std::count(lines.begin(), lines.end(), '\n')) == n);
}

TEST_CASE("Window: the hover outline is not recorded, and a replay skips it", "[app]") {
    std::ostringstream rec;
    Fixture f(false);
    f.session->record_to(&rec);
    f.session->command(timeline::cmd::Goto{1});
    f.settle();
    auto cat = find_hit(f.session->view(), draw::Hit::Kind::Token, 1);
    REQUIRE(cat);
    f.motion(*cat, false);
    REQUIRE(f.session->state().hover == 1);
    f.key(app::ch('k'));
    REQUIRE(f.session->state().editing == 0);
    CHECK(rec.str().find("hover") == std::string::npos);
    CHECK(rec.str().find("edit-key") == std::string::npos);
    for (const timeline::Event& e : f.session->history()) CHECK_FALSE(timeline::presenter_only(e.command));
    // A recording of old with hover lines: its replay shows no outline.
    std::vector<timeline::Event> events = {{0.5, timeline::cmd::Goto{1}}, {1.0, timeline::cmd::Hover{1}},
                                           {1.2, timeline::cmd::EditKey{2}}};
    output::Replayer r(f.session->deck(), f.session->layout(), events);
    const timeline::State& s = r.at(5.0);
    CHECK(s.span == 1);
    CHECK(s.hover == -1);
    CHECK(s.editing == -1);
}

TEST_CASE("Window: key editing draws a banner over the header and a toast; both leave", "[app]") {
    Fixture f(true);
    f.session->command(timeline::cmd::Goto{6});
    f.settle();
    f.frame_hash();
    app::Image before = copy_of(f.surf);
    f.key(app::ch('k'));
    f.key(app::ch('2'));
    f.frame_hash();
    // The banner sits in the header band (design y 14…78), covering no panel.
    const draw::Transform tr = draw::transform_for(W, H);
    const int top = static_cast<int>(tr.to_pixels({0, 14}).y), bottom = static_cast<int>(tr.to_pixels({0, 78}).y);
    CHECK(pixel_diff_ratio(before.pixels(), f.surf, {0, top, W, bottom - top}) > 0.5);
    // The toast: drawn for kToastSeconds, then gone.
    CHECK(f.session->modes().toast_visible(f.t));
    CHECK(f.session->needs_redraw());
    app::Image with_toast = copy_of(f.surf);
    f.t += app::kToastSeconds + 0.1;
    CHECK(f.session->needs_redraw());  // one frame more, without it
    f.frame_hash();
    CHECK_FALSE(f.session->needs_redraw());
    CHECK(pixel_diff_ratio(with_toast.pixels(), f.surf, {0, H / 2, W, H / 2}) > 0.002);
    // Esc: the header is the title again.
    f.key(app::Key::Escape);
    f.t += app::kToastSeconds + 0.1;
    f.frame_hash();
    CHECK(pixel_diff_ratio(before.pixels(), f.surf, {0, top, W, bottom - top}) == 0.0);
}

TEST_CASE("Window: the slider clicks into 1 near it, and moves freely with Shift", "[app]") {
    Fixture f(false);
    f.session->command(timeline::cmd::Goto{2});
    f.settle();
    const auto v = f.session->view();
    auto slider = find_hit(v, draw::Hit::Kind::TemperatureSlider, -1);
    REQUIRE(slider);
    // Along the track, find where T = 1 sits, then press 4 design pixels beside it.
    std::optional<double> one_x;
    for (double x = slider->x; x < slider->x + 600 && !one_x; x += 0.25)
        if (draw::hit_test(v, {x, slider->y + 3}).exact >= 1.0) one_x = x;
    REQUIRE(one_x);
    const core::Point near{*one_x + 4, slider->y + 3};
    const draw::Hit h = draw::hit_test(v, near);
    CHECK(h.value == 1.0);
    CHECK(h.exact != 1.0);
    f.button(true, near);
    f.button(false, near);
    CHECK(f.session->view().controls.temperature == 1.0);
    f.button(true, near, app::kShift);  // Shift held at the press
    f.button(false, near, app::kShift);
    // Off the detent: where the pointer is (to the window's pixel), not 1.
    CHECK(f.session->view().controls.temperature != 1.0);
    CHECK(f.session->view().controls.temperature == Approx(h.exact).epsilon(0.03));
}

TEST_CASE("Window: the operator's chips keep out of every panel at 16:9, 16:10 and 4:3", "[app][legible]") {
    // The mode bar (key editing: the longest), the toast, the fps counter, the step counter and the
    // progress bar are drawn over the frame; every pixel they change lies outside every panel the
    // frame lays out (the Recorder's boxes), and the key-editing banner stays in the header's place.
    for (auto [w, h] : {std::pair{1280, 720}, std::pair{1920, 1200}, std::pair{1024, 768}}) {
        INFO(w << "x" << h);
        app::SessionOptions o = presenter(true);
        o.show_fps = true;
        support::SessionFixture f(w, h, o, cat_deck());
        f.session->command(timeline::cmd::Goto{4});
        f.settle();
        f.key(app::ch('k'));
        f.key(app::ch('3'));
        f.key(app::ch(']'));  // a speed toast, and the speed named in the mode bar
        REQUIRE(f.session->modes().toast_visible(f.t));
        f.render();
        app::Image plain(w, h);
        app::render_frame(plain.pixels(), f.session->deck(), f.session->layout(), f.session->state(), f.t, support::draw_options());
        draw::Recorder rec;
        {
            cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
            cairo_t* cr = cairo_create(s);
            draw::Options opt = support::draw_options();
            opt.recorder = &rec;
            draw::render(cr, w, h, f.session->deck(), f.session->layout(), f.session->state(), f.t, opt);
            cairo_destroy(cr);
            cairo_surface_destroy(s);
        }
        REQUIRE(rec.panels.size() > 5);
        const core::Rect* header = nullptr;
        for (const auto& p : rec.panels)
            if (p.name == "header") header = &p.rect;
        REQUIRE(header);
        int changed = 0;
        std::map<std::string, int> covered;  // panel → overlay pixels on it
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                const std::uint32_t a = f.surf.row(y)[x];
                const std::uint32_t b = plain.pixels().row(y)[x];
                if (a == b) continue;
                ++changed;
                for (const auto& p : rec.panels)
                    if (p.rect.inset(1).contains(core::Point{x + 0.5, y + 0.5})) ++covered[p.name];
            }
        std::string report;
        for (const auto& [name, count] : covered) report += name + ": " + std::to_string(count) + " px\n";
        INFO("overlay pixels on panels:\n" << report);
        CHECK(changed > 500);  // the chips were drawn
        CHECK(covered.empty());
        // The banner (part of the frame) says which key the arrows move, in the header's place.
        bool banner = false;
        for (const auto& t : rec.texts)
            if (t.text.find("Editing key of") != std::string::npos) {
                banner = true;
                CHECK(header->inset(-0.5).contains(t.rect));
            }
        CHECK(banner);
        for (const auto& p : rec.panels)
            if (&p.rect != header) {
                INFO(p.name);
                CHECK(std::min(p.rect.bottom(), header->bottom()) <= std::max(p.rect.y, header->y));
            }
    }
}

TEST_CASE("the web page's keys are the table's rows a browser can honour, each an action lecture.js does", "[app][html]") {
    const std::vector<core::WebKey> keys = app::web_keys();
    auto keys_of = [&](const std::string& layer, const std::string& action) {
        for (const core::WebKey& k : keys)
            if (k.layer == layer && k.action == action) return k.keys;
        return std::vector<std::string>{};
    };
    // The app's slide keys, as KeyboardEvent.key names them.
    CHECK(keys_of("slides", "next") == std::vector<std::string>{"ArrowRight", "ArrowDown", " ", "PageDown", "Enter"});
    CHECK(keys_of("slides", "back") == std::vector<std::string>{"ArrowLeft", "ArrowUp", "PageUp", "Backspace"});
    CHECK(keys_of("slides", "first") == std::vector<std::string>{"Home"});
    CHECK(keys_of("slides", "last") == std::vector<std::string>{"End"});
    CHECK(keys_of("slides", "goto") == std::vector<std::string>{"g", "1", "2", "3", "4", "5", "6", "7", "8", "9"});
    CHECK(keys_of("slides", "replay") == std::vector<std::string>{"r"});
    CHECK(keys_of("slides", "timer-reset") == std::vector<std::string>{"Shift+r"});
    CHECK(keys_of("slides", "overview") == std::vector<std::string>{"o"});
    CHECK(keys_of("anywhere", "fullscreen") == std::vector<std::string>{"f"});  // F11 is the browser's own
    CHECK(keys_of("anywhere", "help") == std::vector<std::string>{"?", "F1"});   // Shift+/ is "?" in a browser
    CHECK(keys_of("typing", "commit") == std::vector<std::string>{"Enter"});
    CHECK(keys_of("quiz", "pick").size() == 9);
    // No key a page cannot have: Tab moves the focus, F12 opens the developer tools; nothing of
    // key editing, the temperature or the mask (a page's pictures are drawn in advance).
    for (const core::WebKey& k : keys) {
        INFO(k.layer << " " << k.action);
        CHECK(k.layer != "keys");
        for (const std::string& name : k.keys) CHECK((name != "Tab" && name != "F12" && name != "F11"));
    }
    CHECK(keys_of("slides", "temperature-up").empty());
    // Every action is one lecture.js does, and each row's help is the table's.
    std::ifstream in(std::string(ATTNLAB_SOURCE_DIR) + "/engine/output/web/lecture.js");
    std::stringstream js;
    js << in.rdbuf();
    const std::string script = js.str();
    const std::string actions = script.substr(script.find("const actions = {"));
    for (const core::WebKey& k : keys) {
        if (k.layer == "window") continue;  // listed, acted on by nothing (the next test)
        INFO(k.action);
        REQUIRE_FALSE(k.action.empty());
        const bool plain = k.action.find('-') == std::string::npos;
        CHECK(actions.find(plain ? k.action : "'" + k.action + "'") != std::string::npos);
    }
    CHECK(keys.front().help == "next (a running animation completes first)");
    // The help names the window-only section (lecture.js's section titles).
    CHECK(script.find("window: 'only in the window") != std::string::npos);
}

TEST_CASE("every key of the window's slides is the page's or listed in its help as the window's, Shift+H too", "[app][html]") {
    const std::vector<core::WebKey> keys = app::web_keys();
    // Each key of each row of the slides that a browser can name: in the page's table, in the
    // row of the same action when the page can do it, else in a "window" row after all others.
    bool window_rows_started = false;
    for (const core::WebKey& k : keys) {
        if (k.layer == "window") window_rows_started = true;
        else CHECK_FALSE(window_rows_started);  // one section, after the page's rows
        if (k.layer == "window") CHECK(k.action.empty());
    }
    auto row_with = [&](const std::string& layer, const std::string& name) -> const core::WebKey* {
        for (const core::WebKey& k : keys)
            if (k.layer == layer && std::find(k.keys.begin(), k.keys.end(), name) != k.keys.end()) return &k;
        return nullptr;
    };
    int window_keys = 0;
    for (const app::Binding& b : app::bindings()) {
        if (b.layer != app::Layer::Slides) continue;
        for (const app::Chord& c : b.keys) {
            if (c.last != app::Key::None) continue;  // ranges: G's digits, the page's
            // The browser's name of the chord, as the page's key table spells it.
            std::string name;
            if (c.mods & app::kCtrl) name += "Ctrl+";
            if (c.mods & app::kAlt) name += "Alt+";
            const int code = static_cast<int>(c.key);
            const bool letter = code >= 'a' && code <= 'z';
            if ((c.mods & app::kShift) && !letter && code < 127) continue;  // Shift+0 is ")" in a browser
            if (c.mods & app::kShift) name += "Shift+";
            if (code > ' ' && code < 127) name += static_cast<char>(code);
            else continue;  // named keys: the page's (checked above)
            INFO(app::chord_label(c) << " → " << name);
            const core::WebKey* page = row_with("slides", name);
            const core::WebKey* window = row_with("window", name);
            CHECK((page != nullptr) != (window != nullptr));
            window_keys += window != nullptr;
        }
    }
    CHECK(window_keys >= 8);  // T + = Shift+T - M Shift+H K Ctrl+Z … L
    const core::WebKey* head = row_with("window", "Shift+h");
    REQUIRE(head);
    CHECK(head->label == "Shift+H");
    CHECK(head->help.find("the next head") != std::string::npos);
    CHECK(row_with("slides", "h"));  // H alone: the page hides its counter, as the window does
    // Every window row's line is its own or the one above's; none is empty at its start.
    const core::WebKey* first = nullptr;
    for (const core::WebKey& k : keys)
        if (k.layer == "window" && !first) first = &k;
    REQUIRE(first);
    CHECK_FALSE(first->help.empty());
    const core::WebKey* laser = row_with("window", "l");
    REQUIRE(laser);
    CHECK(laser->help.find("laser") != std::string::npos);
}
