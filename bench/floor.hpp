// bench/floor.hpp: what every benchmark shares — medians, a clock, the one line per figure that
// bench/run gathers into its table, and failing loudly when a scenario did not happen.
//
// A figure is printed beside the floor it is bounded by on the machine at hand, measured in the
// same run, and their ratio: an absolute time is a property of the machine, the ratio of the
// program. Each figure also prints a line
//   row<TAB>what<TAB>floor<TAB>figure<TAB>ratio<TAB>target
// which bench/run collects.
#pragma once

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace bench {

using Clock = std::chrono::steady_clock;

inline double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// CPU time of the calling thread: on a shared machine, wall time also counts other programs'
// turns on the core, and a floor and a figure must be measured on the same clock.
inline double thread_ms() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

inline double median(std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

[[noreturn]] inline void fail(const char* bench, const std::string& why) {
    std::fprintf(stderr, "%s: FAILED: %s\n", bench, why.c_str());
    std::exit(2);
}

// One figure against its floor, for bench/run's table. `ratio` is how many times the floor the
// figure costs (≥ 1 unless the floor is not one); `target` says what ratio is wanted.
inline void row(const std::string& what, const std::string& floor, const std::string& figure, double ratio,
                const std::string& target) {
    std::printf("row\t%s\t%s\t%s\t%.2f×\t%s\n", what.c_str(), floor.c_str(), figure.c_str(), ratio, target.c_str());
    std::fflush(stdout);
}

inline std::string fmt(const char* f, double x) {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, x);
    return buf;
}

}  // namespace bench
