// bench/floor.hpp: what every benchmark shares — medians, a clock, the one line per figure that
// bench/run gathers into its table, and failing loudly when a scenario did not happen.
//
// A figure is printed beside the floor it is bounded by on the machine at hand, measured in the
// same run, and their ratio: an absolute time is a property of the machine, the ratio of the
// program. Floor and figure are measured in rounds that alternate (Rounds); each figure prints a
// line `row<TAB>…` (see row()) which bench/run collects.
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

// How many rounds each benchmark alternates its floor and figure in: 5, or ATTNLAB_BENCH_ROUNDS
// (the MP4 export, a minute a round, takes `fallback` = 3).
inline int rounds(int fallback = 5) {
    const char* e = std::getenv("ATTNLAB_BENCH_ROUNDS");
    const int n = e ? std::atoi(e) : 0;
    return n > 0 ? n : fallback;
}

[[noreturn]] inline void fail(const char* bench, const std::string& why) {
    std::fprintf(stderr, "%s: FAILED: %s\n", bench, why.c_str());
    std::exit(2);
}

// A figure and its floor measured in several rounds of one run, floor and figure alternating
// within each round (so that the machine's load, which drifts from minute to minute, weighs on
// both). Each round gives one floor and one figure (the medians of its samples, or one timing)
// and their ratio; a line is quoted as the median of the rounds' ratios, with the smallest and
// the largest beside it: the spread a second run could be expected to land in.
struct Rounds {
    std::vector<double> floor, figure;  // one per round: a time, or a rate when `rates`
    bool rates = false;                 // higher is better (frames/s): the ratio is floor / figure

    void add(double floor_value, double figure_value) {
        floor.push_back(floor_value);
        figure.push_back(figure_value);
    }
    std::vector<double> ratios() const {
        std::vector<double> r;
        for (std::size_t i = 0; i < floor.size() && i < figure.size(); ++i)
            r.push_back(rates ? floor[i] / figure[i] : figure[i] / floor[i]);
        return r;
    }
    double ratio() const { return median(ratios()); }
    double lowest() const {
        const auto r = ratios();
        return r.empty() ? 0.0 : *std::min_element(r.begin(), r.end());
    }
    double highest() const {
        const auto r = ratios();
        return r.empty() ? 0.0 : *std::max_element(r.begin(), r.end());
    }
    double floor_median() const { return median(floor); }
    double figure_median() const { return median(figure); }
};

// One figure against its floor, for bench/run's table:
//   row<TAB>what<TAB>floor<TAB>figure<TAB>ratio<TAB>spread<TAB>target<TAB>verdict<TAB>rounds
// `floor` and `figure` are the medians of the rounds (absolute: the machine's, in the unit the
// text names), `ratio` the median of the rounds' ratios (how many times the floor the figure
// costs: the program's) and `spread` their smallest and largest. The target, a ratio (0: none),
// is judged on the median. `rounds` is every round's floor, figure and ratio ("f g r;…", floor and
// figure in the unit of `floor`'s text): bench/run, which runs each benchmark in several passes
// spread over its whole run, pools the rounds of every pass.
inline void row(const std::string& what, const std::string& floor, const std::string& figure, const Rounds& r,
                double target) {
    const double ratio = r.ratio();
    const std::string verdict = target <= 0 ? "" : ratio <= target ? "met" : "missed";
    char tgt[32] = "—";
    if (target > 0) std::snprintf(tgt, sizeof tgt, "≤ %.3g×", target);
    std::string each;
    const std::vector<double> ratios = r.ratios();
    for (std::size_t i = 0; i < ratios.size(); ++i) {
        char one[96];
        std::snprintf(one, sizeof one, "%s%.6g %.6g %.6g", i ? ";" : "", r.floor[i], r.figure[i], ratios[i]);
        each += one;
    }
    std::printf("row\t%s\t%s\t%s\t%.2f×\t%.2f–%.2f (%zu rounds)\t%s\t%s\t%s\n", what.c_str(), floor.c_str(),
                figure.c_str(), ratio, r.lowest(), r.highest(), r.floor.size(), tgt, verdict.c_str(), each.c_str());
    std::fflush(stdout);
}

inline std::string fmt(const char* f, double x) {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, x);
    return buf;
}

}  // namespace bench
