// overview_bench: what pressing O costs. The default lecture in a window of 1920×1080 and of
// 3840×2160, on the blend step of "one query row" (a busy slide); thread CPU time, with the
// window's heap policy (sdl::bound_the_heap: a large picture is fresh memory each time).
//   floor: that slide painted whole into a new picture of the window's size (what a thumbnail,
//     painted at the slides' scale, costs before it is scaled down);
//   the overview's first frame: the key, the grid with every title, the highlighted step's
//     thumbnail — within 3× the floor at both sizes (judged);
//   the overview's page complete: every frame until its thumbnails are all painted — printed,
//     not judged, with the frames it took (the window draws them one after another).
// Fails loudly when the overview did not open, when its first frame painted another thumbnail
// than the highlighted step's or its page did not need several frames, or when the page did not
// complete.
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "app/cairo_text.hpp"
#include "app/events.hpp"
#include "app/pixels.hpp"
#include "app/session.hpp"
#include "draw/draw.hpp"
#include "floor.hpp"
#include "load/load.hpp"
#include "sdl/sdl.hpp"
#include "support/fonts.hpp"
#include "timeline/timeline.hpp"

namespace {

std::shared_ptr<const scene::Deck> lecture() {
    load::Result r = load::load_file(std::string(ATTNLAB_SOURCE_DIR) + "/slides/lecture.yaml", load::Options{ATTNLAB_SOURCE_DIR, {}});
    if (!r.ok()) bench::fail("overview_bench", "slides/lecture.yaml did not load: " + r.errors.front().message);
    return std::make_shared<const scene::Deck>(std::move(r.deck));
}

// The first step titled `title` (the blend of one query row).
int step_titled(const scene::Deck& deck, const timeline::Layout& lay, const std::string& title) {
    for (std::size_t i = 0; i < lay.spans.size(); ++i) {
        const timeline::Span& sp = lay.spans[i];
        const scene::Slide& sl = deck.slides[static_cast<std::size_t>(sp.slide)];
        if (sl.scene && scene::step_title(sl.scene->steps[static_cast<std::size_t>(sp.step)]) == title) return static_cast<int>(i);
    }
    bench::fail("overview_bench", "no step titled \"" + title + "\" in the lecture");
}

struct Window {
    int w, h;
    double t = 100.0;  // (the step's animation long over)
    std::shared_ptr<app::CairoText> text = std::make_shared<app::CairoText>(support::fonts());
    std::unique_ptr<app::Session> session;
    app::Image image;
    Window(std::shared_ptr<const scene::Deck> deck, int width, int height) : w(width), h(height), image(width, height) {
        app::SessionOptions o;
        o.draw.fonts = support::fonts();
        o.text = text;
        session = std::make_unique<app::Session>(std::move(deck), [this] { return t; }, o);
        session->resize(w, h, w, h);
    }
    void render() {
        app::Pixels px = image.pixels();
        app::paint_overlay(px, session->render(px), text.get());
    }
};

struct Sizes {
    bench::Rounds first, page;
    std::vector<double> frames, thumbnails;
};

Sizes measure(const std::shared_ptr<const scene::Deck>& deck, int w, int h, int rounds) {
    Window win(deck, w, h);
    const int blend = step_titled(*deck, win.session->layout(), "Blend the values, Σ aᵢvᵢ");
    win.session->command(timeline::cmd::Goto{blend});
    win.render();
    draw::Options whole;
    whole.fonts = support::fonts();
    Sizes s;
    for (int round = 0; round < rounds; ++round) {
        std::vector<double> floor, first, page;
        for (int k = 0; k < 3; ++k) {
            const timeline::View v = win.session->view();
            double t0 = bench::thread_ms();
            {
                draw::SurfacePtr surf(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h));
                draw::ContextPtr cr(cairo_create(surf.get()));
                draw::paint_view(cr.get(), w, h, v, whole);
                cairo_surface_flush(surf.get());
            }
            floor.push_back(bench::thread_ms() - t0);

            t0 = bench::thread_ms();
            win.session->handle(app::KeyDown{app::ch('o'), app::kNoMods});
            win.render();
            first.push_back(bench::thread_ms() - t0);
            if (win.session->mode() != app::Mode::Overview) bench::fail("overview_bench", "O did not open the overview");
            if (win.session->overview_thumbnails() != 1)
                bench::fail("overview_bench", "the first frame painted other thumbnails than the highlighted step's");
            if (win.session->overview_complete()) bench::fail("overview_bench", "the page was complete after one frame: nothing to fill");
            int frames = 1;
            while (!win.session->overview_complete() && frames < 1000) win.render(), ++frames;
            page.push_back(bench::thread_ms() - t0);
            if (!win.session->overview_complete()) bench::fail("overview_bench", "the page did not complete in 1000 frames");
            s.frames.push_back(frames);
            s.thumbnails.push_back(static_cast<double>(win.session->overview_thumbnails()));
            win.session->handle(app::KeyDown{app::Key::Escape, app::kNoMods});
            win.render();
            if (win.session->mode() != app::Mode::Slides || win.session->state().span != blend)
                bench::fail("overview_bench", "Escape did not return to the blend step");
        }
        s.first.add(bench::median(floor), bench::median(first));
        s.page.add(bench::median(floor), bench::median(page));
    }
    return s;
}

}  // namespace

int main() {
    sdl::bound_the_heap();
    const int rounds = bench::rounds();
    const auto deck = lecture();
    for (auto [w, h] : {std::pair{1920, 1080}, std::pair{3840, 2160}}) {
        const Sizes s = measure(deck, w, h, rounds);
        const std::string size = std::to_string(w) + "×" + std::to_string(h);
        bench::row("the overview's first frame, " + size + " (floor: the slide painted into a new picture)",
                   bench::fmt("%.1f ms", s.first.floor_median()), bench::fmt("%.1f ms", s.first.figure_median()), s.first, 3.0);
        bench::row(bench::fmt("the overview's page complete, %.0f thumbnails", bench::median(s.thumbnails)) +
                       bench::fmt(" in %.0f frames, ", bench::median(s.frames)) + size,
                   bench::fmt("%.1f ms", s.page.floor_median()), bench::fmt("%.1f ms", s.page.figure_median()), s.page, 0.0);
    }
}
