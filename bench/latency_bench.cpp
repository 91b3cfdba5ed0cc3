// Input-to-photon inside attnlab, with SDL's offscreen driver at 1920×1080: the time from a
// drag event entering SDL's queue to the presented frame that shows it (median, p95), and
// process start to the first presented frame. Targets: median ≤ 6 ms, p95 ≤ 10 ms, ≤ 150 ms.
// Measured for the presenter and for --student (the drawn control bar and its overlay on top).
//   latency_bench [SCENE_OR_DECK] [--frames N]
#include <SDL.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "app/render_target.hpp"
#include "app/session.hpp"
#include "draw/draw.hpp"
#include "load/load.hpp"
#include "support/fonts.hpp"

namespace {
using Clock = std::chrono::steady_clock;
double ms(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double, std::milli>(b - a).count(); }
double pct(std::vector<double> v, double p) {
    std::sort(v.begin(), v.end());
    return v[static_cast<std::size_t>(std::clamp(p * (v.size() - 1), 0.0, v.size() - 1.0))];
}
}  // namespace

int main(int argc, char** argv) {
    const auto t_start = Clock::now();
    setenv("SDL_VIDEODRIVER", "offscreen", 0);
    if (!std::getenv("ATTNLAB_FONTS")) setenv("ATTNLAB_FONTS", ATTNLAB_SOURCE_DIR "/fonts", 0);
    std::string file = ATTNLAB_SOURCE_DIR "/scenes/one-query-row.yaml";
    int frames = 300;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--frames" && i + 1 < argc) frames = std::max(10, std::atoi(argv[++i]));
        else file = a;
    }
    load::Result r = load::load_file(file);
    if (!r.ok()) {
        for (const auto& e : r.errors) std::fprintf(stderr, "%s\n", e.format().c_str());
        return 2;
    }
    app::Video video;
    if (!video.ok()) {
        std::fprintf(stderr, "latency_bench: %s\n", video.problem().c_str());
        return 2;
    }
    double offset = 0;  // lets the bench skip animations without sleeping
    auto clock = [&] { return std::chrono::duration<double>(Clock::now() - t_start).count() + offset; };
    auto deck = std::make_shared<const scene::Deck>(std::move(r.deck));
    app::RenderTarget win;
    std::string err;
    if (!win.open("attnlab latency", 0, 1920, 1080, false, err)) {
        std::fprintf(stderr, "latency_bench: %s\n", err.c_str());
        return 2;
    }
    int ww, wh, pw, ph;
    win.sizes(ww, wh, pw, ph);
    double first_frame = 0;
    bool all_ok = true;
    for (bool student : {false, true}) {
        app::SessionOptions so;
        so.draw.fonts = support::fonts();
        so.font_dir = std::string(ATTNLAB_SOURCE_DIR) + "/fonts";
        so.student = student;
        app::Session session(deck, clock, so);
        session.resize(ww, wh, pw, ph);
        win.draw([&](SDL_Surface* s) { session.render(s); }, err);
        if (!student) first_frame = ms(t_start, Clock::now());

        // A step that shows the key plane, at rest.
        int span = -1;
        for (std::size_t i = 0; i < session.layout().spans.size() && span < 0; ++i) {
            timeline::State st = timeline::state_at_span(session.layout(), static_cast<int>(i));
            timeline::View v = timeline::evaluate(session.deck(), session.layout(), st, st.span_started + 100);
            if (v.scene && v.scene->has(scene::Panel::KeyPlane)) span = static_cast<int>(i);
        }
        if (span < 0) {
            std::fprintf(stderr, "latency_bench: %s has no key plane to drag on\n", file.c_str());
            return 2;
        }
        session.command(timeline::cmd::Goto{span});
        offset += 100;
        timeline::View v = session.view();
        std::optional<core::Point> dot;
        int token = -1;
        for (double y = 3; y < draw::kDesignHeight && !dot; y += 4)
            for (double x = 3; x < draw::kDesignWidth && !dot; x += 4) {
                draw::Hit h = draw::hit_test(v, {x, y});
                if (h.kind == draw::Hit::Kind::Key) {
                    dot = core::Point{x, y};
                    token = h.token;
                }
            }
        if (!dot) {
            std::fprintf(stderr, "latency_bench: no key dot found by draw::hit_test\n");
            return 2;
        }
        {
            // Press the middle of the dot, not the edge the scan met first: the student frame is
            // scaled, and a press on the edge may round off the dot.
            double sx = 0, sy = 0, n = 0;
            for (double y = dot->y - 30; y <= dot->y + 30; y += 1)
                for (double x = dot->x - 30; x <= dot->x + 30; x += 1) {
                    draw::Hit h = draw::hit_test(v, {x, y});
                    if (h.kind == draw::Hit::Kind::Key && h.token == token) {
                        sx += x;
                        sy += y;
                        ++n;
                    }
                }
            dot = core::Point{sx / n, sy / n};
        }
        const SDL_Rect fr = session.frame_rect();
        const draw::Transform tf = draw::transform_for(fr.w, fr.h);
        auto to_window = [&](core::Point d) {
            core::Point p = tf.to_pixels(d);
            return SDL_Point{static_cast<int>((p.x + fr.x) * ww / pw), static_cast<int>((p.y + fr.y) * wh / ph)};
        };
        SDL_Event e{};
        SDL_Point p0 = to_window(*dot);
        e.type = SDL_MOUSEBUTTONDOWN;
        e.button.button = SDL_BUTTON_LEFT;
        e.button.state = SDL_PRESSED;
        e.button.x = p0.x;
        e.button.y = p0.y;
        SDL_PushEvent(&e);

        std::vector<double> lat, eval, rend;
        const double before = session.view().trace.weights.data.empty() ? 0 : session.view().trace.weights.data[0];
        for (int i = 0; i < frames; ++i) {
            const double a = 2 * M_PI * i / 60.0;
            SDL_Point p = to_window({dot->x + 60 * std::cos(a) - 60, dot->y + 60 * std::sin(a)});
            SDL_Event m{};
            m.type = SDL_MOUSEMOTION;
            m.motion.state = SDL_BUTTON_LMASK;
            m.motion.x = p.x;
            m.motion.y = p.y;
            const auto t0 = Clock::now();
            SDL_PushEvent(&m);
            SDL_Event got;
            while (SDL_PollEvent(&got)) session.handle(got);
            if (session.needs_redraw())
                win.draw(
                    [&](SDL_Surface* s) {
                        const auto r0 = Clock::now();
                        session.render(s);
                        rend.push_back(ms(r0, Clock::now()));
                    },
                    err);
            lat.push_back(ms(t0, Clock::now()));
            const auto e0 = Clock::now();
            (void)session.view();
            eval.push_back(ms(e0, Clock::now()));
        }
        const double after = session.view().trace.weights.data.empty() ? 0 : session.view().trace.weights.data[0];
        const double med = pct(lat, 0.5), p95 = pct(lat, 0.95);
        std::printf("latency_bench: %s, %dx%d, renderer %s, %s, dragging key %d over %d frames\n", file.c_str(), pw, ph,
                    win.renderer_name().c_str(), student ? "--student" : "presenter", token, frames);
        std::printf("  drag event -> presented frame: median %.2f ms (target <= 6)  p95 %.2f ms (target <= 10)  max %.2f ms\n", med,
                    p95, pct(lat, 1.0));
        std::printf("  of which Session::render (frame + overlay): median %.2f ms  p95 %.2f ms; one timeline::evaluate: median %.3f ms\n",
                    pct(rend, 0.5), pct(rend, 0.95), pct(eval, 0.5));
        std::printf("  commands recorded: %zu; the dragged key moved the weights: %s\n", session.history().size(),
                    before != after || session.history().size() > 2 ? "yes" : "NO");
        all_ok = all_ok && med <= 6 && p95 <= 10;
        SDL_Event up{};
        up.type = SDL_MOUSEBUTTONUP;
        up.button.button = SDL_BUTTON_LEFT;
        SDL_PushEvent(&up);
        SDL_Event got;
        while (SDL_PollEvent(&got)) session.handle(got);
        offset = 0;
    }
    std::printf("start -> first frame: %.1f ms (target <= 150)\n", first_frame);
    return all_ok && first_frame <= 150 ? 0 : 1;
}
