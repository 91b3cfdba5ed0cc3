// draw_bench: renders the busiest frame (one-query-row at the blend stage, all panels, half-way
// through its animation) repeatedly and prints the median and p95 render time at 1920×1080
// and 3840×2160 (`--breakdown`: what each panel costs), against its floor on this machine,
// measured in the same loop: a Cairo clear of a surface of the same size plus a copy of another
// onto it (what any frame costs before a single mark). Thread CPU time; five rounds
// (bench::rounds), the lines in turn, each a ratio of medians; the median ratio is judged.
// Every panel painted (a frame all of which changes: a theme switch, a resize): 1080p within 2.5×
// the floor, 2160p within 1.5×. The same animation with retained panels (draw::PanelCache: the
// panels a frame changes painted, the rest copied; it prints how many of each a frame), as the
// window draws it: into pixels of its own that keep the frame before (app::Pixels::kept, so the
// panels in place are left alone), the floor on surfaces beside it. With one panel animating (the
// value plane's blend; the scene without the pipeline, whose active card's progress bar moves
// too) within 1.3× at both sizes; with both, 1080p: printed, not judged. And as an exporter draws it,
// into an image that holds another picture (the floor's, on the same surface: a pool image reused
// for another frame), one panel animating, 1080p: printed, not judged (every copied panel is
// written). Then a still of 4096 tokens (the limit) at 1080p against its trace alone: within 3×
// (the panels summarise what they cannot draw legibly, so the frame costs what it shows and its
// n² reads, not n² labels; 343 ms against a trace of 139 ms here, 2.5×).
#include <cairo.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <ctime>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "draw/draw.hpp"
#include "draw/panel_cache.hpp"
#include "floor.hpp"
#include "scene/scene.hpp"
#include "support/fonts.hpp"
#include "support/views.hpp"
#include "timeline/timeline.hpp"

namespace {

// The sentence scene with every panel of one row, the arithmetic included.
std::shared_ptr<scene::Scene> busiest() {
    auto s = support::sentence_scene();
    s->panels = {scene::Panel::TokenRow,   scene::Panel::KeyPlane, scene::Panel::ValuePlane, scene::Panel::ScoreRow,
                 scene::Panel::WeightBars, scene::Panel::Pipeline, scene::Panel::Readouts,   scene::Panel::Narration,
                 scene::Panel::Arithmetic, scene::Panel::ControlPanel};
    return s;
}

// The busiest scene with one panel animating at the blend: the value plane (the pipeline, whose
// active card's progress bar moves with every step's animation, left out).
std::shared_ptr<scene::Scene> one_animating() {
    auto s = busiest();
    s->panels.erase(std::find(s->panels.begin(), s->panels.end(), scene::Panel::Pipeline));
    return s;
}

// Where the frames go, and what the floor writes.
enum class Target {
    Painted,  // every panel painted; the floor clears and copies onto the frame's own surface
    Window,   // retained panels into pixels that keep the frame before; the floor on surfaces beside
    Reused,   // retained panels into a surface the floor overwrites between frames (an export's pool)
};

// One line's surfaces: the frame is drawn on one, the floor copies another onto it (or onto a
// third, for the window).
class Bench {
public:
    Bench(int w, int h, std::shared_ptr<scene::Scene> sc, Target target)
        : width(w), height(h), target_(target), staged_(std::move(sc)),
          span_(static_cast<int>(staged_.lay.spans.size()) - 1),  // blend
          st_(staged_.state(span_)) {
        opt_ = support::draw_options();
        if (target != Target::Painted) {
            cache_ = std::make_unique<draw::PanelCache>();
            opt_.cache = cache_.get();
        }
        surf_ = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
        cr_ = cairo_create(surf_);
        floor_surf_ = target == Target::Window ? cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h)
                                               : cairo_surface_reference(surf_);
        floor_cr_ = cairo_create(floor_surf_);
        other_ = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
        cairo_t* o = cairo_create(other_);
        cairo_set_source_rgb(o, 0.2, 0.3, 0.4);
        cairo_paint(o);
        cairo_destroy(o);
    }
    ~Bench() {
        cairo_destroy(cr_);
        cairo_destroy(floor_cr_);
        cairo_surface_destroy(surf_);
        cairo_surface_destroy(floor_surf_);
        cairo_surface_destroy(other_);
    }
    Bench(const Bench&) = delete;
    Bench& operator=(const Bench&) = delete;

    // `frames` frames (after 10 of warm-up), each followed by the floor: medians of thread CPU.
    // Every frame's times are also kept in `wall` and `cpu`.
    std::pair<double, double> block(int frames) {
        std::vector<double> frame_cpu, floor;
        for (int i = 0; i < frames + 10; ++i) {
            const double c0 = bench::thread_ms();
            const double now = staged_.time(span_, 0.5 + 0.5 * (i % 20) / 20.0);  // blend in motion
            const auto t0 = bench::Clock::now();
            // The window's promise: its pixels hold the frame before, nothing drawn over them.
            if (target_ == Target::Window) cache_->in_place({});
            draw::render(cr_, width, height, staged_.deck, staged_.lay, st_, now, opt_);
            cairo_surface_flush(surf_);
            const double wall_ms = bench::ms_since(t0);
            const double c1 = bench::thread_ms();
            // The floor: clear a surface, copy another of the same size onto it.
            const double f0 = bench::thread_ms();
            cairo_save(floor_cr_);
            cairo_set_operator(floor_cr_, CAIRO_OPERATOR_SOURCE);
            cairo_set_source_rgb(floor_cr_, 1, 1, 1);
            cairo_paint(floor_cr_);
            cairo_set_source_surface(floor_cr_, other_, 0, 0);
            cairo_paint(floor_cr_);
            cairo_restore(floor_cr_);
            cairo_surface_flush(floor_surf_);
            const double f1 = bench::thread_ms();
            if (i >= 10) {  // 10 warm-up frames
                this->wall.push_back(wall_ms);
                frame_cpu.push_back(c1 - c0);
                floor.push_back(f1 - f0);
            }
        }
        if (cairo_surface_status(surf_) != CAIRO_STATUS_SUCCESS) bench::fail("draw_bench", "the surface failed");
        cpu.insert(cpu.end(), frame_cpu.begin(), frame_cpu.end());
        ++blocks_;
        return {bench::median(floor), bench::median(frame_cpu)};
    }

    // Panels painted, copied and left in place unread a frame, on average (retained panels; 0 without).
    double painted() const { return per_frame(cache_ ? cache_->stats().misses : 0); }
    double copied() const { return per_frame(cache_ ? cache_->stats().hits : 0); }
    double unread() const { return per_frame(cache_ ? cache_->stats().unread : 0); }

    const int width, height;
    std::vector<double> wall, cpu;  // every frame's, thread CPU and wall

private:
    double per_frame(std::uint64_t n) const { return double(n) / double(std::max<std::size_t>(1, cpu.size() + 10 * blocks_)); }
    const Target target_;
    std::unique_ptr<draw::PanelCache> cache_;
    draw::Options opt_;
    const support::Staged staged_;
    const int span_;
    const timeline::State st_;
    cairo_surface_t* surf_ = nullptr;
    cairo_surface_t* floor_surf_ = nullptr;  // surf_ itself but for the window
    cairo_surface_t* other_ = nullptr;
    cairo_t* cr_ = nullptr;
    cairo_t* floor_cr_ = nullptr;
    int blocks_ = 0;
};

double p(std::vector<double> v, double q) {
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<std::size_t>(q * double(v.size())))];
}

// A scene of 4096 tokens (the limit) with the panels that draw one thing per token: 4-D random
// vectors, short words, the asking token in the middle.
std::shared_ptr<scene::Scene> longest() {
    auto s = std::make_shared<scene::Scene>();
    s->heads.resize(1);
    s->id = "longest";
    s->title = "A text of 4096 tokens";
    const char* words[] = {"the", "river", "bank", "was", "steep", "and", "money", "sat", "in", "a", "vault"};
    std::uint64_t x = 4096;
    auto next = [&] {  // SplitMix64 → [-1, 1)
        x += 0x9e3779b97f4a7c15ull;
        std::uint64_t z = x;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return static_cast<double>((z ^ (z >> 31)) >> 11) / 4503599627370496.0 - 1.0;
    };
    for (std::size_t i = 0; i < 4096; ++i) s->tokens.push_back(words[i % 11]);
    for (auto* m : {&s->heads[0].q, &s->heads[0].k, &s->heads[0].v})
        for (std::size_t i = 0; i < 4096; ++i) m->push_back({next(), next(), next(), next()});
    s->panels = {scene::Panel::TokenRow, scene::Panel::Matrix,   scene::Panel::Graph,   scene::Panel::ScoreRow,
                 scene::Panel::WeightBars, scene::Panel::Readouts, scene::Panel::Narration};
    s->steps = scene::default_steps();
    s->focus = 2048;
    return s;
}

// A still of `longest` at 1920×1080, the last step (the blend): what `attnlab export --still`
// does after loading — the view evaluated (the trace, O(n²·d): the floor), then the frame model
// built and painted. Wall time, one still a sample.
bench::Rounds still_of_longest(int rounds) {
    const support::Staged st(longest());
    const int span = static_cast<int>(st.lay.spans.size()) - 1;
    const timeline::State state = st.state(span);
    const double now = st.time(span, 1.0) + 1.0;
    draw::SurfacePtr surf{cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1920, 1080)};
    draw::ContextPtr cr{cairo_create(surf.get())};
    bench::Rounds r;
    for (int round = 0; round < rounds; ++round) {
        std::vector<double> floor, figure;
        for (int i = 0; i < 3; ++i) {
            auto t0 = bench::Clock::now();
            const timeline::View v = timeline::evaluate(st.deck, st.lay, state, now);
            floor.push_back(bench::ms_since(t0));
            if (v.trace().n != 4096) bench::fail("draw_bench", "the 4096-token scene did not trace");
            t0 = bench::Clock::now();
            draw::render(cr.get(), 1920, 1080, st.deck, st.lay, state, now, support::draw_options());
            cairo_surface_flush(surf.get());
            figure.push_back(bench::ms_since(t0));
        }
        r.add(bench::median(floor), bench::median(figure));
    }
    return r;
}

// The frame's median thread CPU alone (for --breakdown).
double cost(std::shared_ptr<scene::Scene> sc) { return Bench(1920, 1080, std::move(sc), Target::Painted).block(200).second; }

}  // namespace

int main(int argc, char** argv) {
    // The sizes in turn in every round, so that each size's rounds are spread over the run; within
    // a round every frame is followed by its floor.
    const int rounds = bench::rounds();
    Bench hd(1920, 1080, busiest(), Target::Painted), uhd(3840, 2160, busiest(), Target::Painted);
    Bench one_hd(1920, 1080, one_animating(), Target::Window), one_uhd(3840, 2160, one_animating(), Target::Window);
    Bench two_hd(1920, 1080, busiest(), Target::Window), reused_hd(1920, 1080, one_animating(), Target::Reused);
    struct Line {
        Bench& b;
        int frames;  // a round
        double target;  // 0: printed, not judged
        bench::Rounds r;
        const char* how;
    };
    // Every panel painted (what a frame costs when all of it changes: a theme switch, a resize),
    // and the same animation with retained panels, as the window and an exporter draw it.
    std::vector<Line> lines = {{hd, 40, 2.5, {}, "every panel painted"},
                               {uhd, 12, 1.5, {}, "every panel painted"},
                               {one_hd, 40, 1.3, {}, "retained panels, one animating, the window"},
                               {one_uhd, 12, 1.3, {}, "retained panels, one animating, the window"},
                               {two_hd, 40, 0, {}, "retained panels, two animating, the window"},
                               {reused_hd, 40, 0, {}, "retained panels, one animating, an export's reused image"}};
    for (int round = 0; round < rounds; ++round)
        for (Line& l : lines) {
            const auto [fl, fig] = l.b.block(l.frames);
            l.r.add(fl, fig);
        }
    for (Line& l : lines) {
        const Bench& b = l.b;
        // Wall time suffers when other work shares the cores; thread CPU time is what the frame costs.
        std::printf("draw %dx%d: median %.2f ms, p95 %.2f ms wall; median %.2f ms, p95 %.2f ms thread CPU (%zu frames, "
                    "%d rounds)\n",
                    b.width, b.height, p(b.wall, 0.5), p(b.wall, 0.95), p(b.cpu, 0.5), p(b.cpu, 0.95), b.cpu.size(),
                    rounds);
        std::printf("  floor (clear + copy of a surface): %.2f ms thread CPU; the frame is %.2f× the floor, rounds "
                    "%.2f–%.2f× (%s",
                    l.r.floor_median(), l.r.ratio(), l.r.lowest(), l.r.highest(), l.how);
        if (b.painted() > 0)
            std::printf(": %.1f panels painted and %.1f copied a frame, %.1f of them left in place", b.painted(),
                        b.copied(), b.unread());
        std::printf(")\n");
        if (&l.b != &hd && &l.b != &uhd && !(b.painted() > 0 && b.copied() > 0))
            bench::fail("draw_bench", std::string("no panel was retained: ") + l.how);
        const double animating = &l.b == &two_hd ? 2 : 1;  // what the line says: the scenario happened
        if (&l.b != &hd && &l.b != &uhd && std::abs(b.painted() - animating) > 0.2)
            bench::fail("draw_bench", bench::fmt("%.1f panels painted a frame: ", b.painted()) + l.how);
        if (&l.b == &one_hd && !(b.unread() > 0))
            bench::fail("draw_bench", "the window's panels in place were read");
        bench::row(bench::fmt("the busiest frame, %.0f", double(b.width)) + "×" + std::to_string(b.height) + ", " + l.how,
                   bench::fmt("%.2f ms", l.r.floor_median()), bench::fmt("%.2f ms", l.r.figure_median()), l.r, l.target);
    }
    {
        // A frame of any scene within the limits is well under a second at 1080p: the longest
        // scene's still against its trace alone (which any still of it needs).
        const bench::Rounds r = still_of_longest(rounds);
        std::printf("still of 4096 tokens at 1920x1080: %.0f ms (its trace alone %.0f ms), %.2f× the trace\n",
                    r.figure_median(), r.floor_median(), r.ratio());
        bench::row("a still of 4096 tokens, 1920×1080 (floor: its trace)", bench::fmt("%.0f ms", r.floor_median()),
                   bench::fmt("%.0f ms", r.figure_median()), r, 3.0);
    }
    if (argc > 1 && std::string(argv[1]) == "--breakdown") {
        // What each panel costs: the frame without it, against the whole frame (thread CPU).
        const double all = cost(busiest());
        const auto panels = busiest()->panels;
        for (scene::Panel panel : panels) {
            auto sc = busiest();
            sc->panels.erase(std::find(sc->panels.begin(), sc->panels.end(), panel));
            std::printf("  %-12s %.2f ms\n", scene::panel_name(panel), all - cost(sc));
        }
        auto none = busiest();
        none->panels.clear();
        std::printf("  %-12s %.2f ms (background and header)\n", "rest", cost(none));
    }
    return 0;
}
