// The mathematics of attention, asserted as properties (tag [attention]).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "attention/attention.hpp"

#include "support/random.hpp"

using attention::Input;
using attention::Trace;
using core::Mat;

namespace {

using support::random_mat;

Input random_input(std::mt19937_64& rng, std::size_t n, std::size_t d, std::size_t dv, double t = 1.0, bool causal = false) {
    Input in;
    in.q = random_mat(rng, n, d);
    in.k = random_mat(rng, n, d);
    in.v = random_mat(rng, n, dv);
    in.temperature = t;
    in.causal = causal;
    return in;
}

Trace run(const Input& in) {
    Trace tr;
    std::string error;
    REQUIRE(attention::trace(in, tr, error));
    REQUIRE(error.empty());
    return tr;
}

std::string fails(const Input& in) {
    Trace tr;
    std::string error;
    CHECK_FALSE(attention::trace(in, tr, error));
    return error;
}

}  // namespace

TEST_CASE("invalid input is an error, never a silent NaN", "[attention]") {
    std::mt19937_64 rng(1);
    Input in = random_input(rng, 3, 2, 2);

    SECTION("negative temperature") {
        in.temperature = -0.5;
        CHECK_THAT(fails(in), Catch::Contains("temperature"));
    }
    SECTION("NaN temperature") {
        in.temperature = std::nan("");
        CHECK_THAT(fails(in), Catch::Contains("temperature"));
    }
    SECTION("NaN in a key") {
        in.k[1][0] = std::nan("");
        CHECK_THAT(fails(in), Catch::Contains("k[1][0]"));
    }
    SECTION("infinity in a value") {
        in.v[2][1] = attention::kInfinity;
        CHECK_THAT(fails(in), Catch::Contains("v[2][1]"));
    }
    SECTION("no tokens") {
        in.q.clear();
        in.k.clear();
        in.v.clear();
        CHECK_THAT(fails(in), Catch::Contains("no tokens"));
    }
    SECTION("counts differ") {
        in.v.pop_back();
        CHECK_THAT(fails(in), Catch::Contains("v has 2 rows, expected 3"));
    }
    SECTION("query and key dimensions differ") {
        for (auto& r : in.k) r.push_back(0.0);
        CHECK_THAT(fails(in), Catch::Contains("dimensions"));
    }
    SECTION("ragged rows") {
        in.q[2].push_back(1.0);
        CHECK_THAT(fails(in), Catch::Contains("q row 2"));
    }
    SECTION("a score that overflows the double range") {
        in.q[0] = {1e200, 0};
        in.k[0] = {1e200, 0};
        CHECK_THAT(fails(in), Catch::Contains("overflows"));
    }
}

TEST_CASE("every row of weights sums to 1 and the stages compose", "[attention]") {
    std::mt19937_64 rng(2);
    for (int trial = 0; trial < 200; ++trial) {
        std::size_t n = 1 + rng() % 12, d = 1 + rng() % 9, dv = 1 + rng() % 5;
        double t = std::exp(std::uniform_real_distribution<double>(-3, 3)(rng));
        bool causal = rng() % 2;
        Trace tr = run(random_input(rng, n, d, dv, t, causal));
        REQUIRE(tr.n == n);
        REQUIRE(tr.d == d);
        REQUIRE(tr.dv == dv);
        for (std::size_t i = 0; i < n; ++i) {
            double sum = 0;
            for (std::size_t j = 0; j < n; ++j) {
                sum += tr.weights(i, j);
                CHECK(tr.scaled(i, j) == Approx(tr.scores(i, j) / std::sqrt(double(d))).epsilon(1e-14));
                if (tr.visible(i, j))
                    CHECK(tr.logits(i, j) == Approx(tr.scaled(i, j) / t).epsilon(1e-14));
                else
                    CHECK(tr.logits(i, j) == -attention::kInfinity);
            }
            CHECK(std::abs(sum - 1.0) < 1e-12);
        }
    }
}

TEST_CASE("the row's log-normaliser: weights are exp(logits − log_norm), log_norm is log Σ exp", "[attention]") {
    std::mt19937_64 rng(21);
    for (const double t : {0.05, 0.5, 1.0, 3.0}) {
        for (const bool causal : {false, true}) {
            for (const std::size_t n : {std::size_t{1}, std::size_t{5}, std::size_t{40}}) {
                const Trace tr = run(random_input(rng, n, 3, 2, t, causal));
                REQUIRE(tr.log_norm.size() == n);
                for (std::size_t i = 0; i < n; ++i) {
                    long double sum = 0;  // Σ exp(logits) over the visible keys, independently
                    for (std::size_t j = 0; j < n; ++j)
                        if (tr.visible(i, j)) sum += std::exp(static_cast<long double>(tr.logits(i, j)));
                    CHECK(tr.log_norm[i] == Approx(static_cast<double>(std::log(sum))).epsilon(1e-12).margin(1e-12));
                    for (std::size_t j = 0; j < n; ++j)
                        CHECK(tr.weights(i, j) == Approx(std::exp(tr.logits(i, j) - tr.log_norm[i])).margin(1e-14));
                }
            }
        }
    }
    // Scores far beyond exp's range keep a finite normaliser (it is taken in logs).
    Input in;
    in.q = {{1e3}, {-2e3}};
    in.k = {{1e3}, {1.0}};
    in.v = {{1.0}, {2.0}};
    const Trace big = run(in);
    for (double l : big.log_norm) CHECK(std::isfinite(l));
    CHECK(big.log_norm[0] == Approx(1e6));
    // At the limits there are no logits, and no normaliser.
    for (const double t : {0.0, attention::kInfinity}) {
        in.temperature = t;
        CHECK(run(in).log_norm.empty());
    }
}

TEST_CASE("masked weights are exactly zero; row 0 is one-hot on itself", "[attention]") {
    std::mt19937_64 rng(3);
    Input in = random_input(rng, 7, 4, 3, 1.0, true);
    Trace tr = run(in);
    for (std::size_t i = 0; i < tr.n; ++i)
        for (std::size_t j = i + 1; j < tr.n; ++j) CHECK(tr.weights(i, j) == 0.0);
    CHECK(tr.weights(0, 0) == 1.0);
    for (std::size_t c = 0; c < tr.dv; ++c) CHECK(tr.output(0, c) == in.v[0][c]);
}

TEST_CASE("weights are strictly positive wherever visible, for moderate scores", "[attention]") {
    std::mt19937_64 rng(4);
    for (bool causal : {false, true}) {
        Trace tr = run(random_input(rng, 10, 6, 2, 1.0, causal));
        for (std::size_t i = 0; i < tr.n; ++i)
            for (std::size_t j = 0; j < tr.n; ++j)
                if (tr.visible(i, j)) CHECK(tr.weights(i, j) > 0.0);
    }
}

TEST_CASE("identical keys give 1/n each and the output is the mean of the values", "[attention]") {
    std::mt19937_64 rng(5);
    Input in = random_input(rng, 6, 3, 2);
    for (auto& k : in.k) k = in.k[0];
    Trace tr = run(in);
    for (std::size_t i = 0; i < 6; ++i) {
        for (std::size_t j = 0; j < 6; ++j) CHECK(tr.weights(i, j) == Approx(1.0 / 6).margin(1e-15));
        for (std::size_t c = 0; c < 2; ++c) {
            double mean = 0;
            for (const auto& v : in.v) mean += v[c] / 6;
            CHECK(tr.output(i, c) == Approx(mean).margin(1e-12));
        }
    }
}

TEST_CASE("doubling every key at T = 1 equals T = 0.5", "[attention]") {
    std::mt19937_64 rng(6);
    for (bool causal : {false, true}) {
        Input in = random_input(rng, 9, 5, 3, 1.0, causal);
        Input doubled = in;
        for (auto& k : doubled.k)
            for (double& x : k) x *= 2;
        Input cooler = in;
        cooler.temperature = 0.5;
        Trace a = run(doubled), b = run(cooler);
        for (std::size_t i = 0; i < a.weights.data.size(); ++i)
            CHECK(a.weights.data[i] == Approx(b.weights.data[i]).margin(1e-12));
        for (std::size_t i = 0; i < a.output.data.size(); ++i)
            CHECK(a.output.data[i] == Approx(b.output.data[i]).margin(1e-12));
    }
}

TEST_CASE("the output is a convex blend: inside the values' bounding box", "[attention]") {
    std::mt19937_64 rng(7);
    for (int trial = 0; trial < 100; ++trial) {
        std::size_t n = 2 + rng() % 10, dv = 1 + rng() % 4;
        Input in = random_input(rng, n, 3, dv, 0.3 + (rng() % 10) / 3.0, rng() % 2);
        Trace tr = run(in);
        for (std::size_t c = 0; c < dv; ++c) {
            double lo = 1e300, hi = -1e300;
            for (const auto& v : in.v) {
                lo = std::min(lo, v[c]);
                hi = std::max(hi, v[c]);
            }
            for (std::size_t i = 0; i < n; ++i) {
                CHECK(tr.output(i, c) >= lo - 1e-12);
                CHECK(tr.output(i, c) <= hi + 1e-12);
            }
        }
    }
}

TEST_CASE("temperature limits: huge T is uniform, tiny T is one-hot, 0 and inf are exact", "[attention]") {
    std::mt19937_64 rng(8);
    Input in = random_input(rng, 8, 4, 2);
    // Make each row's maximum unique by construction (random normals: ties have probability 0).
    SECTION("T = 1e9 is uniform within 1e-6") {
        in.temperature = 1e9;
        Trace tr = run(in);
        for (double w : tr.weights.data) CHECK(w == Approx(1.0 / 8).margin(1e-6));
    }
    SECTION("T = inf is exactly uniform over the visible keys, logits are undefined") {
        in.temperature = attention::kInfinity;
        in.causal = true;
        Trace tr = run(in);
        CHECK_FALSE(tr.has_logits());
        for (std::size_t i = 0; i < 8; ++i)
            for (std::size_t j = 0; j < 8; ++j) CHECK(tr.weights(i, j) == (j <= i ? 1.0 / double(i + 1) : 0.0));
    }
    for (double t : {1e-9, 0.0}) {
        DYNAMIC_SECTION("T = " << t << " is one-hot on the row maximum") {
            in.temperature = t;
            Trace tr = run(in);
            CHECK(tr.has_logits() == (t > 0));
            for (std::size_t i = 0; i < 8; ++i) {
                std::size_t best = 0;
                for (std::size_t j = 1; j < 8; ++j)
                    if (tr.scaled(i, j) > tr.scaled(i, best)) best = j;
                for (std::size_t j = 0; j < 8; ++j) CHECK(tr.weights(i, j) == Approx(j == best ? 1.0 : 0.0).margin(1e-12));
            }
        }
    }
    SECTION("T = 0 shares the weight equally between exact ties") {
        in.k[3] = in.k[5];
        in.temperature = 0.0;
        in.q[0] = in.k[3];  // q·k3 = q·k5 = |k3|², the largest for a long enough k3
        for (double& x : in.k[3]) x *= 10;
        in.k[5] = in.k[3];
        in.q[0] = in.k[3];
        Trace tr = run(in);
        CHECK(tr.weights(0, 3) == 0.5);
        CHECK(tr.weights(0, 5) == 0.5);
    }
}

TEST_CASE("without the mask, permuting the tokens permutes the result", "[attention]") {
    std::mt19937_64 rng(9);
    Input in = random_input(rng, 7, 3, 2, 0.8);
    std::vector<std::size_t> perm(7);
    std::iota(perm.begin(), perm.end(), 0);
    std::shuffle(perm.begin(), perm.end(), rng);
    Input p = in;
    for (std::size_t i = 0; i < 7; ++i) {
        p.q[i] = in.q[perm[i]];
        p.k[i] = in.k[perm[i]];
        p.v[i] = in.v[perm[i]];
    }
    Trace a = run(in), b = run(p);
    for (std::size_t i = 0; i < 7; ++i) {
        for (std::size_t j = 0; j < 7; ++j) CHECK(b.weights(i, j) == Approx(a.weights(perm[i], perm[j])).margin(1e-14));
        for (std::size_t c = 0; c < 2; ++c) CHECK(b.output(i, c) == Approx(a.output(perm[i], c)).margin(1e-12));
    }
}

TEST_CASE("scores near ±1e300 stay finite", "[attention]") {
    Input in;
    in.q = {{1e300, 0}, {-1e300, 1}, {0, 1}};
    in.k = {{1, 0}, {0.5, 0}, {-1, 0}};
    in.v = {{1, 2}, {3, 4}, {5, 6}};
    for (double t : {1.0, 1e-300, 0.0, 1e300, attention::kInfinity}) {
        in.temperature = t;
        Trace tr = run(in);
        for (double w : tr.weights.data) CHECK(std::isfinite(w));
        for (double o : tr.output.data) CHECK(std::isfinite(o));
        // Row 0: q·k0 = 1e300 is the largest; at any finite moderate T it takes all the weight.
        if (t <= 1.0) CHECK(tr.weights(0, 0) == 1.0);
        for (std::size_t i = 0; i < 3; ++i) {
            double sum = tr.weights(i, 0) + tr.weights(i, 1) + tr.weights(i, 2);
            CHECK(std::abs(sum - 1.0) < 1e-12);
        }
    }
}

// Row i of the scaled scores, as the trace gives them.
std::vector<double> scaled_row(const Trace& tr, std::size_t i) {
    std::vector<double> row(tr.n);
    for (std::size_t j = 0; j < tr.n; ++j) row[j] = tr.scaled(i, j);
    return row;
}

TEST_CASE("a single query row from softmax_row matches the full matrix", "[attention]") {
    std::mt19937_64 rng(10);
    Input in = random_input(rng, 6, 2, 2, 0.7, true);
    Trace tr = run(in);
    for (std::size_t i = 0; i < 6; ++i) {
        std::vector<double> scaled = scaled_row(tr, i);
        std::vector<bool> visible(6);
        for (std::size_t j = 0; j < 6; ++j) visible[j] = tr.visible(i, j);
        auto w = attention::softmax_row(scaled, visible, 0.7);
        for (std::size_t j = 0; j < 6; ++j) CHECK(w[j] == tr.weights(i, j));
    }
}

TEST_CASE("a long trace holds every stage as one row at a time computes it", "[attention]") {
    // From n = 1024 on, a block's rows of the stages are computed apart and copied into the trace
    // past the cache: every entry must still land where it belongs, in every stage.
    std::mt19937_64 rng(15);
    const std::size_t n = 1037, d = 3, dv = 2;
    for (double t : {0.7, attention::kInfinity}) {
        for (bool causal : {false, true}) {
            Input in = random_input(rng, n, d, dv, t, causal);
            Trace tr = run(in);
            REQUIRE(tr.has_logits() == std::isfinite(t));
            const double inv_sqrt_d = 1.0 / std::sqrt(double(d));
            __builtin_cpu_init();
            const bool fused = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
            // Rows at both ends of blocks of 12 and of the matrix, and some between.
            for (std::size_t i : {std::size_t{0}, std::size_t{11}, std::size_t{12}, std::size_t{500}, std::size_t{1019},
                                  std::size_t{1020}, std::size_t{1031}, n - 1}) {
                std::vector<double> scaled = scaled_row(tr, i);
                std::vector<bool> visible(n);
                double out[2] = {0, 0};
                for (std::size_t j = 0; j < n; ++j) {
                    // Every score is one fused multiply-add chain over the dimensions, from the first.
                    double score = 0;
                    for (std::size_t k = 0; k < d; ++k) score = std::fma(in.q[i][k], in.k[j][k], score);
                    if (fused) CHECK(tr.scores(i, j) == score);
                    else CHECK(tr.scores(i, j) == Approx(score).margin(1e-12));
                    CHECK(tr.scaled(i, j) == score * inv_sqrt_d);
                    if (tr.has_logits())
                        CHECK(tr.logits(i, j) == (tr.visible(i, j) ? tr.scaled(i, j) * (1 / t) : -attention::kInfinity));
                    visible[j] = tr.visible(i, j);
                }
                const std::vector<double> w = attention::softmax_row(scaled, visible, t);
                for (std::size_t j = 0; j < n; ++j) {
                    CHECK(tr.weights(i, j) == w[j]);
                    for (std::size_t c = 0; c < dv; ++c) out[c] += w[j] * in.v[j][c];
                }
                for (std::size_t c = 0; c < dv; ++c) CHECK(tr.output(i, c) == Approx(out[c]).margin(1e-12));
            }
        }
    }
}

TEST_CASE("a long trace names the score that overflows", "[attention]") {
    std::mt19937_64 rng(16);
    Input in = random_input(rng, 1030, 2, 2);
    in.q[1025] = {1e200, 1e200};
    in.k[3] = {1e200, 1e200};
    CHECK_THAT(fails(in), Catch::Contains("q1025·k3 overflows"));
}

TEST_CASE("dv may differ from d, and the sizes have a limit", "[attention]") {
    std::mt19937_64 rng(11);
    Trace tr = run(random_input(rng, 4, 7, 1));
    CHECK(tr.output.rows == 4);
    CHECK(tr.output.cols == 1);
    Input big = random_input(rng, 2, attention::kMaxSize + 1, 1);
    CHECK_THAT(fails(big), Catch::Contains("limit"));
}

TEST_CASE("the AVX-512 and the AVX2 products give the same bits", "[attention]") {
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx512f") || !__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) {
        WARN("this processor lacks AVX-512 or AVX2+FMA: nothing to compare");
        return;
    }
    std::mt19937_64 rng(13);
    // Full 12-row blocks and 16-column panels, every kind of edge (rows % 12 and % 3, columns %
    // 16), and a trace long enough to take its stages through the block's own rows (n ≥ 1024).
    for (std::size_t n : {1, 2, 3, 7, 8, 9, 12, 13, 16, 17, 25, 33, 70, 1031}) {
        for (std::size_t d : {1, 5, 16, 19, 64}) {
            if (n > 100 && d != 5) continue;
            Input in = random_input(rng, n, d, 1 + (d + n) % 37, 0.9, n % 2 == 1);
            Input avx2 = in;
            avx2.no_avx512 = true;
            Trace a = run(in), b = run(avx2);
            CHECK(a.scores.data == b.scores.data);
            CHECK(a.weights.data == b.weights.data);
            CHECK(a.output.data == b.output.data);
        }
    }
}

TEST_CASE("a destroyed trace's buffers serve the next one without showing through", "[attention]") {
    std::mt19937_64 rng(14);
    // A large trace, destroyed (its buffers are kept), then smaller ones of other shapes: every
    // entry of every stage must be the new trace's, as a trace into fresh memory computes it.
    Input big = random_input(rng, 300, 8, 40, 2.0, false);
    { Trace t = run(big); }
    for (std::size_t n : {7, 120, 299}) {
        Input in = random_input(rng, n, 3, 5, 0.5, true);
        Trace a = run(in);
        Trace fresh;  // the same trace again, into a Trace that already holds its own buffers
        std::string error;
        REQUIRE(attention::trace(in, fresh, error));
        REQUIRE(attention::trace(in, fresh, error));
        CHECK(a.scores.data == fresh.scores.data);
        CHECK(a.log_norm == fresh.log_norm);
        CHECK(a.weights.data == fresh.weights.data);
        CHECK(a.output.data == fresh.output.data);
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = i + 1; j < n; ++j) CHECK(a.weights(i, j) == 0.0);
    }
}

TEST_CASE("the vectorised and the portable products agree", "[attention]") {
    std::mt19937_64 rng(12);
    // Sizes that exercise full 8×16 tiles and every kind of edge (rows % 8, columns % 16).
    for (std::size_t n : {1, 3, 4, 5, 8, 13, 64}) {
        for (std::size_t d : {1, 2, 7, 9, 64}) {
            Input in = random_input(rng, n, d, 1 + d % 5, 0.9, n % 2 == 0);
            Input portable = in;
            portable.portable = true;
            Trace a = run(in), b = run(portable);
            for (std::size_t i = 0; i < a.scores.data.size(); ++i)
                CHECK(a.scores.data[i] == Approx(b.scores.data[i]).margin(1e-12));
            for (std::size_t i = 0; i < a.weights.data.size(); ++i)
                CHECK(a.weights.data[i] == Approx(b.weights.data[i]).margin(1e-12));
            for (std::size_t i = 0; i < a.output.data.size(); ++i)
                CHECK(a.output.data[i] == Approx(b.output.data[i]).margin(1e-12));
        }
    }
}

TEST_CASE("exp for non-positive arguments is within 2 ulp of std::exp", "[attention]") {
    std::mt19937_64 rng(13);
    std::uniform_real_distribution<double> wide(-708.0, 0.0), near(-1.0, 0.0);
    std::vector<double> x;
    for (int i = 0; i < 20000; ++i) x.push_back(i % 2 ? wide(rng) : near(rng));
    x.push_back(0.0);
    x.push_back(-0.0);
    x.push_back(-1e-300);
    x.push_back(-std::log(2.0));
    std::vector<double> y = x;
    attention::exp_nonpositive(y.data(), y.size());
    double worst = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        double exact = std::exp(x[i]);
        double ulp = std::nextafter(exact, 2 * exact + 1) - exact;
        worst = std::max(worst, std::abs(y[i] - exact) / ulp);
    }
    CHECK(worst <= 2.0);
    // One at a time: the scalar path (rows whose length is not a multiple of the vector width).
    double worst_scalar = 0;
    for (std::size_t i = 0; i < x.size(); i += 7) {
        double one = x[i];
        attention::exp_nonpositive(&one, 1);
        double exact = std::exp(x[i]);
        worst_scalar = std::max(worst_scalar, std::abs(one - exact) / (std::nextafter(exact, 2 * exact + 1) - exact));
    }
    CHECK(worst_scalar <= 2.0);
    CHECK(y[y.size() - 4] == 1.0);  // e^0 is exactly 1: the row maximum's term
    CHECK(y[y.size() - 3] == 1.0);
    double below[] = {-708.5, -745.0, -1e308, -attention::kInfinity};
    attention::exp_nonpositive(below, 4);
    for (double b : below) CHECK(b == 0.0);
    double one_below = -800.0;
    attention::exp_nonpositive(&one_below, 1);
    CHECK(one_below == 0.0);
}

TEST_CASE("scores with the keys made by the queries' matrix are symmetric, their diagonal |q|² ≥ 0", "[attention]") {
    std::mt19937 rng(13);
    std::normal_distribution<double> g(0.0, 2.0);
    for (int trial = 0; trial < 50; ++trial) {
        const std::size_t n = 1 + static_cast<std::size_t>(trial % 9), d = 1 + static_cast<std::size_t>(trial % 5);
        core::Mat q(n, core::Vec(d)), k(n, core::Vec(d));
        for (auto* m : {&q, &k})
            for (auto& r : *m)
                for (double& x : r) x = g(rng);
        const attention::Matrix tied = attention::scores(q, q), own = attention::scores(q, k);
        REQUIRE(tied.rows == n);
        REQUIRE(own.cols == n);
        for (std::size_t i = 0; i < n; ++i) {
            double sq = 0;
            for (double x : q[i]) sq += x * x;
            CHECK(tied(i, i) >= 0);
            CHECK(tied(i, i) == Approx(sq).epsilon(1e-12));
            for (std::size_t j = 0; j < n; ++j) {
                CHECK(tied(i, j) == tied(j, i));  // exactly, not nearly
                double s = 0;
                for (std::size_t c = 0; c < d; ++c) s += q[i][c] * k[j][c];
                CHECK(own(i, j) == Approx(s).margin(1e-12));
            }
        }
    }
}

TEST_CASE("given the inputs x, the trace adds the head's output to them: x + O·W_O", "[attention]") {
    SECTION("shapes that do not add up are refused, saying why") {
        attention::Input in;
        in.q = in.k = {{1, 0}, {0, 1}};
        in.v = {{1, 2}, {3, 4}};
        in.x = {{1, 2, 3}, {4, 5, 6}};
        CHECK(attention::check(in).find("output projection") != std::string::npos);  // 3 ≠ dv 2, no W_O
        in.w_o = {{1, 0}, {0, 1}};
        CHECK(attention::check(in).find("w_o has 2 columns") != std::string::npos);
        in.w_o = {{1, 0, 0}};
        CHECK_FALSE(attention::check(in).empty());  // one row for dv = 2
        in.w_o = {{1, 0, 0}, {0, 1, 0}};
        CHECK(attention::check(in).empty());
        in.x = {{1, 2, 3}};
        CHECK_FALSE(attention::check(in).empty());  // one input for two tokens
    }
    std::mt19937 rng(5);
    std::normal_distribution<double> g(0.0, 1.0);
    for (int trial = 0; trial < 30; ++trial) {
        const std::size_t n = 2 + static_cast<std::size_t>(trial % 6), m = 1 + static_cast<std::size_t>(trial % 4);
        const bool with_w_o = trial % 2 == 0;
        const std::size_t dv = with_w_o ? 1 + static_cast<std::size_t>(trial % 3) : m;
        attention::Input in;
        auto fill = [&](std::size_t r, std::size_t c) {
            core::Mat out(r, core::Vec(c));
            for (auto& row : out)
                for (double& x : row) x = g(rng);
            return out;
        };
        in.q = fill(n, 3), in.k = fill(n, 3), in.v = fill(n, dv), in.x = fill(n, m);
        if (with_w_o) in.w_o = fill(dv, m);
        in.causal = trial % 3 == 0;
        attention::Trace tr;
        std::string error;
        REQUIRE(attention::trace(in, tr, error));
        REQUIRE(tr.has_residual());
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t c = 0; c < m; ++c) {
                double delta = 0;
                if (with_w_o)
                    for (std::size_t e = 0; e < dv; ++e) delta += tr.output(i, e) * in.w_o[e][c];
                else
                    delta = tr.output(i, c);
                CHECK(tr.delta(i, c) == Approx(delta).margin(1e-12));
                CHECK(tr.residual(i, c) == Approx(in.x[i][c] + delta).margin(1e-12));
            }
        // Without x, no residual: the trace of the same head holds none.
        in.x.clear();
        REQUIRE(attention::trace(in, tr, error));
        CHECK_FALSE(tr.has_residual());
    }
}
