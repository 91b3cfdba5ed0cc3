// The attention engine against the machine's FMA floor: the full trace (every stage, n×n) at
// d = dv = 64 on the app's path — a fresh Trace per call, created, filled and destroyed, as
// timeline::evaluate fills a fresh View each time it is asked — against the time the trace's two
// products (Q·Kᵀ and A·V: 2·n²·d fused multiply-adds) take at the rate this machine's core
// measures in the same run: a tight, register-resident FMA loop on one core (AVX-512 where the
// processor has it, else AVX2, whichever runs faster here). Floor bursts of the trace's FMA count
// and traces alternate; both are timed in the thread's CPU time (the machine is shared: wall time
// would count others' turns). Five rounds (bench::rounds), each size in turn in each, give a ratio
// a round; the median ratio is judged, the smallest and largest are its spread. Target: within 3×
// for n ≥ 64.
// Run: build/bench/attention_bench [N]   (N: one size only, for a profiler)
#include <immintrin.h>

#include <cmath>
#include <random>
#include <thread>

#include "attention/attention.hpp"
#include "floor.hpp"

namespace {

core::Mat random_mat(std::mt19937_64& rng, std::size_t rows, std::size_t cols) {
    std::normal_distribution<double> dist(0.0, 1.0);
    core::Mat m(rows, core::Vec(cols));
    for (auto& r : m)
        for (double& x : r) x = dist(rng);
    return m;
}

// `iters` rounds of 12 independent FMA chains, 4 or 8 lanes each: enough chains in flight to keep
// every FMA unit busy, nothing but registers touched. Returns a sum so the work is not removed.
__attribute__((target("avx2,fma"), noinline)) double fma_avx2(long iters) {
    __m256d a[12];
    for (int i = 0; i < 12; ++i) a[i] = _mm256_set1_pd(1.0 + i * 1e-9);
    const __m256d m = _mm256_set1_pd(0.9999999), c = _mm256_set1_pd(1e-7);
    for (long it = 0; it < iters; ++it)
#pragma GCC unroll 12
        for (int i = 0; i < 12; ++i) a[i] = _mm256_fmadd_pd(a[i], m, c);
    __m256d s = a[0];
    for (int i = 1; i < 12; ++i) s = _mm256_add_pd(s, a[i]);
    double out[4];
    _mm256_storeu_pd(out, s);
    return out[0] + out[1] + out[2] + out[3];
}

__attribute__((target("avx512f"), noinline)) double fma_avx512(long iters) {
    __m512d a[12];
    for (int i = 0; i < 12; ++i) a[i] = _mm512_set1_pd(1.0 + i * 1e-9);
    const __m512d m = _mm512_set1_pd(0.9999999), c = _mm512_set1_pd(1e-7);
    for (long it = 0; it < iters; ++it)
#pragma GCC unroll 12
        for (int i = 0; i < 12; ++i) a[i] = _mm512_fmadd_pd(a[i], m, c);
    __m512d s = a[0];
    for (int i = 1; i < 12; ++i) s = _mm512_add_pd(s, a[i]);
    double out[8];
    _mm512_storeu_pd(out, s);
    return out[0] + out[1] + out[2] + out[3] + out[4] + out[5] + out[6] + out[7];
}

// The rate, in FMAs (one lane's a·b + c) a second, that nine in ten of 51 bursts of 1 ms stay
// under: used only to choose the faster of the two loops.
double fma_rate(bool wide) {
    const long iters = 200000;  // 2.4 M instructions: about 1 ms
    const double lanes = wide ? 8 : 4;
    std::vector<double> rates;
    volatile double sink = 0;
    for (int r = 0; r < 51; ++r) {
        const double t0 = bench::thread_ms();
        sink = sink + (wide ? fma_avx512(iters) : fma_avx2(iters));
        rates.push_back(double(iters) * 12 * lanes / ((bench::thread_ms() - t0) * 1e-3));
    }
    if (!std::isfinite(sink)) bench::fail("attention_bench", "the FMA loop produced a non-finite sum");
    std::sort(rates.begin(), rates.end());
    return rates[rates.size() * 9 / 10];
}

}  // namespace

int main(int argc, char** argv) {
    __builtin_cpu_init();
    const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    const bool avx512 = __builtin_cpu_supports("avx512f");
    const double rate2 = avx2 ? fma_rate(false) : 0.0;
    const double rate512 = avx512 ? fma_rate(true) : 0.0;
    const bool wide = rate512 > rate2;
    if (std::max(rate2, rate512) <= 0)
        bench::fail("attention_bench", "this processor has neither AVX2+FMA nor AVX-512: no FMA floor");
    std::printf("FMA loop, one core: AVX2 %.1f G FMA/s, AVX-512 %s: the floor runs the %s loop\n", rate2 / 1e9,
                avx512 ? bench::fmt("%.1f G FMA/s", rate512 / 1e9).c_str() : "absent", wide ? "AVX-512" : "AVX2");
    volatile double sink = 0;
    std::mt19937_64 rng(42);
    const std::size_t d = 64;
    const int rounds = bench::rounds();
    std::printf("attention::trace, full matrix, d = dv = %zu, causal, a fresh Trace each call (thread CPU; %d rounds, "
                "the sizes in turn in each)\n",
                d, rounds);
    std::vector<std::size_t> sizes = {6, 64, 512, 2048};
    if (argc > 1) sizes = {static_cast<std::size_t>(std::strtoul(argv[1], nullptr, 10))};
    struct Size {
        std::size_t n;
        attention::Input in;
        int runs;            // samples a round
        double fmas;         // the trace's 2·n²·d
        long iters;          // the floor's burst of them, 12 chains of 4 or 8 lanes at a time
        bench::Rounds r;
        std::vector<double> us;  // every trace, for the p95
    };
    std::vector<Size> all;
    for (std::size_t n : sizes) {
        Size z{n, {}, 0, 0, 0, {}, {}};
        z.in.q = random_mat(rng, n, d);
        z.in.k = random_mat(rng, n, d);
        z.in.v = random_mat(rng, n, d);
        z.in.causal = true;
        z.runs = n <= 64 ? 400 : n <= 512 ? 12 : 5;
        z.fmas = 2.0 * double(n) * double(n) * double(d);
        z.iters = std::max(1L, std::lround(z.fmas / (12.0 * (wide ? 8 : 4))));
        all.push_back(std::move(z));
    }
    double check = 0;
    // The sizes in turn in every round, so that each size's rounds are spread over the run. Each
    // block runs on a thread of its own: a destroyed Trace leaves its buffers to the next trace on
    // its thread, and on the app's path that is a trace of the same size, not of another.
    for (int round = 0; round < rounds; ++round)
        for (Size& z : all) {
            std::thread block([&] {
                const std::size_t n = z.n;
                auto one = [&] {
                    attention::Trace tr;  // what a fresh View holds
                    std::string error;
                    if (!attention::trace(z.in, tr, error)) bench::fail("attention_bench", "trace failed: " + error);
                    check += tr.weights(n - 1, 0) + tr.output(n - 1, d - 1);
                };
                one();  // untimed: its buffers are the next trace's
                std::vector<double> us, floor_us;
                for (int r = 0; r < z.runs; ++r) {
                    // Floor and trace alternate, so that both see the machine as it is at that moment.
                    double t0 = bench::thread_ms();
                    sink = sink + (wide ? fma_avx512(z.iters) : fma_avx2(z.iters));
                    floor_us.push_back((bench::thread_ms() - t0) * 1e3);
                    t0 = bench::thread_ms();
                    one();
                    us.push_back((bench::thread_ms() - t0) * 1e3);
                }
                z.r.add(bench::median(floor_us), bench::median(us));
                z.us.insert(z.us.end(), us.begin(), us.end());
            });
            block.join();
        }
    if (!std::isfinite(check) || !std::isfinite(sink)) bench::fail("attention_bench", "a non-finite number");
    for (Size& z : all) {
        std::sort(z.us.begin(), z.us.end());
        const double med = z.r.figure_median(), fl = z.r.floor_median();
        const double p95 = z.us[std::min(z.us.size() - 1, z.us.size() * 95 / 100)];
        std::printf("  n = %zu: floor (2·n²·d = %.3g FMAs) %.1f µs = %.1f G FMA/s, trace %.1f µs (p95 %.1f µs; %d × %d "
                    "runs): %.2f× the floor, rounds %.2f–%.2f×\n",
                    z.n, z.fmas, fl, z.fmas / fl / 1e3, med, p95, rounds, z.runs, z.r.ratio(), z.r.lowest(),
                    z.r.highest());
        bench::row("attention::trace n = " + std::to_string(z.n) + ", d = 64 (fresh Trace)", bench::fmt("%.1f µs", fl),
                   bench::fmt("%.1f µs", med), z.r, z.n >= 64 ? 3.0 : 0.0);
    }
    return 0;
}
