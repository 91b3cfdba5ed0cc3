// web_bench: the native half of bench/web_live — the browser's backend of the presenter core
// (web::Live, the same code the page runs in WebAssembly) built natively, timed over the drag
// bench/web_live makes in Chromium: step 7 of the one-query-row walkthrough at 1280×720, the
// mouse's key dragged with Shift held (freely, off the grid) back and forth along a line, in
// MOVES moves of (4, −3) pixels, each move one frame. Prints the median
// and the 95th percentile of a frame's time (web::Live::frame: the session's drawing and the
// canvas's pixels), and fails loudly when a move drew nothing (the scenario did not happen).
//   web_bench [MOVES]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "web/live.hpp"

int main(int argc, char** argv) {
    const int moves = argc > 1 ? std::atoi(argv[1]) : 60;
    const std::filesystem::path src = ATTNLAB_SOURCE_DIR;
    // As in the page: the DejaVu faces alone (the module embeds no fallback face).
    const std::filesystem::path none = std::filesystem::temp_directory_path() / "attnlab-web-bench-no-fonts";
    std::filesystem::create_directories(none);
    std::string error;
    auto live = web::Live::open((src / "scenes/one-query-row.yaml").string(), src.string(), (src / "fonts").string(),
                                draw::debian_fallbacks(none.string()), false, false, 6, error);
    if (!live) {
        std::fprintf(stderr, "web_bench: %s\n", error.c_str());
        return 2;
    }
    live->resize(1280, 720, 1280, 720);
    live->set_time(10);
    const auto f0 = std::chrono::steady_clock::now();
    live->frame();
    const double first = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - f0).count();
    std::istringstream at(live->where("key", 4));
    int x = 0, y = 0;
    if (!(at >> x >> y)) {
        std::fprintf(stderr, "web_bench: the mouse's key is not on screen\n");
        return 2;
    }
    live->pointer(web::Pointer::Move, x, y, false, 0);
    live->pointer(web::Pointer::Down, x, y, true, app::kShift);
    live->frame();
    std::vector<double> ms;
    for (int i = 1; i <= moves; ++i) {
        live->set_time(10 + i / 60.0);
        const int along = i % 40 < 20 ? i % 40 : 40 - i % 40;  // 0 … 20 … 0: within the plane
        live->pointer(web::Pointer::Move, x + 4 * along, y - 3 * along, true, app::kShift);
        const auto t0 = std::chrono::steady_clock::now();
        const bool drawn = live->frame();
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
        if (!drawn) {
            std::fprintf(stderr, "web_bench: move %d drew nothing: the drag did not happen\n", i);
            return 1;
        }
    }
    std::sort(ms.begin(), ms.end());
    std::printf("native first frame: %.1f ms\n", first);
    std::printf("native frame during a drag at 1280x720: median %.2f ms, p95 %.2f ms (%d frames)\n", ms[ms.size() / 2],
                ms[std::min(ms.size() - 1, ms.size() * 95 / 100)], moves);
    return 0;
}
