// The attention engine's cost as n grows: the full trace (every stage, n×n) at d = 64.
// Run: build/bench/attention_bench   (prints the median and p95 per trace for each n)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "attention/attention.hpp"

namespace {

core::Mat random_mat(std::mt19937_64& rng, std::size_t rows, std::size_t cols) {
    std::normal_distribution<double> dist(0.0, 1.0);
    core::Mat m(rows, core::Vec(cols));
    for (auto& r : m)
        for (double& x : r) x = dist(rng);
    return m;
}

}  // namespace

int main(int argc, char** argv) {
    std::mt19937_64 rng(42);
    const std::size_t d = 64;
    std::printf("attention::trace, full matrix, d = %zu (median of repeated runs)\n", d);
    std::printf("%8s %8s %14s %14s %14s\n", "n", "runs", "median", "p95", "per entry");
    double previous = 0;
    // `attention_bench N` measures one size only (for a profiler).
    std::vector<std::size_t> sizes = {6, 64, 512, 2048};
    if (argc > 1) sizes = {static_cast<std::size_t>(std::strtoul(argv[1], nullptr, 10))};
    for (std::size_t n : sizes) {
        attention::Input in;
        in.q = random_mat(rng, n, d);
        in.k = random_mat(rng, n, d);
        in.v = random_mat(rng, n, d);
        in.causal = true;
        const int runs = n <= 64 ? 2000 : n <= 512 ? 40 : 7;
        std::vector<double> us;
        attention::Trace tr;
        std::string error;
        for (int r = 0; r < runs; ++r) {
            auto t0 = std::chrono::steady_clock::now();
            attention::trace(in, tr, error);
            auto t1 = std::chrono::steady_clock::now();
            us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
        }
        std::sort(us.begin(), us.end());
        double median = us[us.size() / 2], p95 = us[std::min(us.size() - 1, us.size() * 95 / 100)];
        std::printf("%8zu %8d %11.1f µs %11.1f µs %11.2f ns", n, runs, median, p95, median * 1000.0 / double(n * n));
        if (previous > 0) std::printf("   ×%.1f vs previous n", median / previous);
        std::printf("\n");
        previous = median;
    }
    std::printf("targets: n ≤ 64 under 50 µs; n = 512 under 15 ms\n");
    return 0;
}
