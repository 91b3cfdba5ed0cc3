// draw_bench: renders the busiest frame (one-query-row at the blend stage, all panels, half-way
// through its animation) repeatedly and prints the median and p95 render time at 1920×1080
// and 3840×2160 (`--breakdown`: what each panel costs), against its floor on this machine,
// measured in the same loop: a Cairo clear of the same surface plus a copy of a surface of the
// same size onto it (what any frame costs before a single mark). Thread CPU time, medians.
// Targets: 1080p within 2.5× the floor, 2160p within 1.5×.
#include <cairo.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "draw/draw.hpp"
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
                 scene::Panel::Arithmetic, scene::Panel::Controls};
    return s;
}

double run(int w, int h, int frames, std::shared_ptr<scene::Scene> sc = busiest(), bool print = true) {
    const support::Staged staged(std::move(sc));
    const int span = static_cast<int>(staged.lay.spans.size()) - 1;  // blend
    const timeline::State st = staged.state(span);
    cairo_surface_t* surf = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t* cr = cairo_create(surf);
    // The floor: clear the surface, copy another of the same size onto it.
    cairo_surface_t* other = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    {
        cairo_t* o = cairo_create(other);
        cairo_set_source_rgb(o, 0.2, 0.3, 0.4);
        cairo_paint(o);
        cairo_destroy(o);
    }
    std::vector<double> ms, cpu, floor;
    auto thread_ms = [] {
        timespec ts{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
    };
    for (int i = 0; i < frames + 10; ++i) {
        double c0 = thread_ms();
        double now = staged.time(span, 0.5 + 0.5 * (i % 20) / 20.0);  // blend in motion
        auto t0 = std::chrono::steady_clock::now();
        draw::render(cr, w, h, staged.deck, staged.lay, st, now, support::draw_options());
        cairo_surface_flush(surf);
        auto t1 = std::chrono::steady_clock::now();
        double c1 = thread_ms();
        const double f0 = thread_ms();
        cairo_save(cr);
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_paint(cr);
        cairo_set_source_surface(cr, other, 0, 0);
        cairo_paint(cr);
        cairo_restore(cr);
        cairo_surface_flush(surf);
        const double f1 = thread_ms();
        if (i >= 10) {  // 10 warm-up frames
            ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
            cpu.push_back(c1 - c0);
            floor.push_back(f1 - f0);
        }
    }
    if (cairo_surface_status(surf) != CAIRO_STATUS_SUCCESS) bench::fail("draw_bench", "the surface failed");
    cairo_destroy(cr);
    cairo_surface_destroy(surf);
    cairo_surface_destroy(other);
    std::sort(ms.begin(), ms.end());
    std::sort(cpu.begin(), cpu.end());
    // Wall time suffers when other work shares the cores; thread CPU time is what the frame costs.
    if (!print) return cpu[cpu.size() / 2];
    std::printf("draw %dx%d: median %.2f ms, p95 %.2f ms wall; median %.2f ms, p95 %.2f ms thread CPU (%zu frames)\n", w,
                h, ms[ms.size() / 2], ms[ms.size() * 95 / 100], cpu[cpu.size() / 2], cpu[cpu.size() * 95 / 100],
                ms.size());
    const double fl = bench::median(floor), fig = cpu[cpu.size() / 2];
    std::printf("  floor (clear + copy of the surface): median %.2f ms thread CPU; the frame is %.2f× the floor\n", fl,
                fig / fl);
    bench::row(bench::fmt("the busiest frame, %.0f", double(w)) + "×" + std::to_string(h), bench::fmt("%.2f ms", fl),
               bench::fmt("%.2f ms", fig), fig / fl, w > 1920 ? "≤ 1.5×" : "≤ 2.5×");
    return fig;
}

}  // namespace

int main(int argc, char** argv) {
    run(1920, 1080, 200);
    run(3840, 2160, 60);
    if (argc > 1 && std::string(argv[1]) == "--breakdown") {
        // What each panel costs: the frame without it, against the whole frame (thread CPU).
        const double all = run(1920, 1080, 200, busiest(), false);
        const auto panels = busiest()->panels;
        for (scene::Panel p : panels) {
            auto sc = busiest();
            sc->panels.erase(std::find(sc->panels.begin(), sc->panels.end(), p));
            double without = run(1920, 1080, 200, sc, false);
            std::printf("  %-12s %.2f ms\n", scene::panel_name(p), all - without);
        }
        auto none = busiest();
        none->panels.clear();
        std::printf("  %-12s %.2f ms (background and header)\n", "rest", run(1920, 1080, 200, none, false));
    }
    return 0;
}
