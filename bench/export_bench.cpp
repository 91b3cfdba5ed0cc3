// Export end to end (render → encoder → file), as `attnlab export` runs it: PNG sequence at
// 1920×1080 and MP4 (x264 veryfast) at 1920×1080, 60 fps. Prints medians of several runs.
// Targets on 2 cores: PNG ≥ 100 frames/s, MP4 ≥ 60 frames/s.
//
//   export_bench [SCENE] [--runs N]    (default: scenes/one-query-row.yaml, its last step)
#include <cairo.h>
#include <stdlib.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "load/load.hpp"
#include "output/output.hpp"
#include "support/fonts.hpp"

namespace {

// CPU seconds used so far by this process and its reaped children (ffmpeg).
double cpu_seconds() {
    double total = 0;
    for (int who : {RUSAGE_SELF, RUSAGE_CHILDREN}) {
        rusage u{};
        getrusage(who, &u);
        total += u.ru_utime.tv_sec + u.ru_stime.tv_sec + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
    }
    return total;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : (v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2);
}

// Frames per second of `runs` exports; each run's frames / its wall time.
// `cpu_ms` gets the median CPU milliseconds a frame (all threads and ffmpeg together): on a
// machine shared with other work the wall-clock rate understates what two free cores do.
double export_rate(const scene::Deck& deck, output::Options opt, int runs, long& frames, double& cpu_ms) {
    std::vector<double> rates, cpu;
    timeline::Layout lay = timeline::layout(deck);
    frames = output::plan(lay, opt).frames;
    for (int r = 0; r < runs; ++r) {
        char tmpl[] = "/tmp/attnlab-export-bench-XXXXXX";
        std::string dir = mkdtemp(tmpl);
        output::Options o = opt;
        o.out = dir + "/" + opt.out;
        std::ostringstream err;
        auto t0 = std::chrono::steady_clock::now();
        double c0 = cpu_seconds();
        int code = output::run(deck, o, {}, err);
        double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        cpu.push_back((cpu_seconds() - c0) * 1000.0 / static_cast<double>(frames));
        std::filesystem::remove_all(dir);
        if (code != 0) {
            std::cerr << err.str();
            return 0.0;
        }
        rates.push_back(static_cast<double>(frames) / secs);
    }
    cpu_ms = median(cpu);
    return median(rates);
}

// The render alone (draw::render into a 1080p surface), for scale.
double render_ms(const scene::Deck& deck, int span) {
    timeline::Layout lay = timeline::layout(deck);
    timeline::State s = timeline::state_at_span(lay, span);
    const timeline::Span& sp = lay.spans[static_cast<std::size_t>(span)];
    cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1920, 1080);
    std::vector<double> ms;
    for (int i = 0; i < 60; ++i) {
        double now = sp.start + sp.anim * (i % 30) / 30.0;
        auto t0 = std::chrono::steady_clock::now();
        cairo_t* cr = cairo_create(surface);
        draw::render(cr, 1920, 1080, deck, lay, s, now, support::draw_options());
        cairo_destroy(cr);
        cairo_surface_flush(surface);
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    cairo_surface_destroy(surface);
    return median(ms);
}

double load_average() {
    double l[1] = {0};
    return getloadavg(l, 1) == 1 ? l[0] : -1;
}

}  // namespace

int main(int argc, char** argv) {
    std::string file = std::string(ATTNLAB_SOURCE_DIR) + "/scenes/one-query-row.yaml";
    int runs = 3;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--runs" && i + 1 < argc) runs = std::max(1, std::atoi(argv[++i]));
        else file = a;
    }
    if (!getenv("ATTNLAB_FONTS")) setenv("ATTNLAB_FONTS", (std::string(ATTNLAB_SOURCE_DIR) + "/fonts").c_str(), 0);
    load::Result r = load::load_file(file);
    if (!r.ok()) {
        for (const auto& e : r.errors) std::cerr << e.format() << "\n";
        return 2;
    }
    timeline::Layout lay = timeline::layout(r.deck);
    const int last = static_cast<int>(lay.spans.size());  // the busiest: the last step (blend)

    std::printf("export bench: %s, step %d of %d, %d runs each (medians)\n", file.c_str(), last, last, runs);
    std::printf("  render only, 1920x1080:           %6.2f ms a frame\n", render_ms(r.deck, last - 1));

    output::Options png;
    png.draw.fonts = support::fonts();
    png.out = "frames";
    png.format = output::find_format("png", output::Target::Folder, false);
    png.fps = 30;
    png.quiet = true;
    png.steps = std::pair<int, int>{last, last};
    long frames = 0;
    double cpu_ms = 0;
    std::printf("  load average at start: %.2f (2 cores; > 2 means the figures below are shared)\n", load_average());
    double png_rate = export_rate(r.deck, png, runs, frames, cpu_ms);
    std::printf("  PNG sequence, 1920x1080:          %6.1f frames/s  (%ld frames; target >= 100)\n", png_rate, frames);
    std::printf("      CPU a frame %.1f ms -> %.1f frames/s if both cores were free\n", cpu_ms, 2000.0 / cpu_ms);

    // The same step without its hold: every frame differs, none reuses an encoding.
    scene::Deck moving = r.deck;
    for (auto& slide : moving.slides)
        if (slide.scene) {
            auto copy = std::make_shared<scene::Scene>(*slide.scene);
            for (auto& step : copy->steps) step.hold = 0;
            slide.scene = copy;
        }
    double moving_rate = export_rate(moving, png, runs, frames, cpu_ms);
    std::printf("  PNG, animation only (no hold):    %6.1f frames/s  (%ld frames)\n", moving_rate, frames);
    std::printf("      CPU a frame %.1f ms -> %.1f frames/s if both cores were free\n", cpu_ms, 2000.0 / cpu_ms);

    output::Options mp4 = png;
    mp4.out = "out.mp4";
    mp4.format = output::find_format("mp4", output::Target::File, false);
    mp4.fps = 60;
    double mp4_rate = export_rate(r.deck, mp4, runs, frames, cpu_ms);
    std::printf("  MP4 x264 veryfast, 1920x1080@60:  %6.1f frames/s  (%ld frames; target >= 60)\n", mp4_rate, frames);
    std::printf("      CPU a frame %.1f ms -> %.1f frames/s if both cores were free\n", cpu_ms, 2000.0 / cpu_ms);
    return 0;
}
