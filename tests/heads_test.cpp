// Several heads and positions, asserted as properties (tags [heads] and [positions]): one head
// is today's trace, heads permuted with W_O's row blocks give the same result, every head is a
// softmax, the whole agrees with a plain reference written out here; RoPE depends on relative
// positions only and keeps lengths; without positions attention is blind to order.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <numeric>
#include <random>

#include "attention/attention.hpp"
#include "attention/heads.hpp"
#include "attention/positions.hpp"

#include "support/random.hpp"

using attention::HeadsInput;
using attention::HeadsTrace;
using core::Mat;

namespace {

using support::random_mat;

Mat identity(std::size_t m) {
    Mat out(m, core::Vec(m, 0.0));
    for (std::size_t i = 0; i < m; ++i) out[i][i] = 1.0;
    return out;
}

HeadsTrace run(const HeadsInput& in) {
    HeadsTrace tr;
    std::string error;
    INFO(error);
    REQUIRE(attention::trace(in, tr, error));
    REQUIRE(error.empty());
    return tr;
}

attention::Trace run_one(const attention::Input& in) {
    attention::Trace tr;
    std::string error;
    REQUIRE(attention::trace(in, tr, error));
    return tr;
}

bool same_bits(const attention::Matrix& a, const attention::Matrix& b) {
    return a.rows == b.rows && a.cols == b.cols && a.data == b.data;
}

// |a − b| ≤ tol·max(1, |b|) entry by entry.
void check_close(const attention::Matrix& a, const std::vector<std::vector<long double>>& b, long double tol, const char* what) {
    REQUIRE(a.rows == b.size());
    for (std::size_t i = 0; i < a.rows; ++i) {
        REQUIRE(a.cols == b[i].size());
        for (std::size_t j = 0; j < a.cols; ++j) {
            const long double err = std::fabs(static_cast<long double>(a(i, j)) - b[i][j]);
            INFO(what << "[" << i << "][" << j << "] = " << a(i, j) << ", reference " << static_cast<double>(b[i][j]));
            CHECK(err <= tol * std::max(1.0L, std::fabs(b[i][j])));
        }
    }
}

using LMat = std::vector<std::vector<long double>>;

// The reference: the formula of multi-head attention written out plainly, in long double, with
// none of the engine's code (no packing, no kernels, no shared helpers).
struct Reference {
    std::vector<LMat> weights;  // per head
    LMat concat, output, residual;
};

Reference reference(const HeadsInput& in) {
    Reference ref;
    const std::size_t n = in.heads[0].q.size();
    ref.concat.assign(n, {});
    for (const auto& head : in.heads) {
        const std::size_t d = head.q[0].size(), dv = head.v[0].size();
        LMat w(n, std::vector<long double>(n, 0.0L));
        for (std::size_t i = 0; i < n; ++i) {
            std::vector<long double> logit(n);
            long double best = -INFINITY;
            for (std::size_t j = 0; j < n; ++j) {
                if (in.causal && j > i) continue;
                long double s = 0;
                for (std::size_t c = 0; c < d; ++c) s += static_cast<long double>(head.q[i][c]) * head.k[j][c];
                logit[j] = s / std::sqrt(static_cast<long double>(d)) / in.temperature;
                best = std::max(best, logit[j]);
            }
            long double sum = 0;
            for (std::size_t j = 0; j < n; ++j)
                if (!(in.causal && j > i)) sum += std::exp(logit[j] - best);
            for (std::size_t j = 0; j < n; ++j)
                if (!(in.causal && j > i)) w[i][j] = std::exp(logit[j] - best) / sum;
            for (std::size_t c = 0; c < dv; ++c) {
                long double o = 0;
                for (std::size_t j = 0; j < n; ++j) o += w[i][j] * head.v[j][c];
                ref.concat[i].push_back(o);
            }
        }
        ref.weights.push_back(std::move(w));
    }
    ref.output = ref.concat;
    if (!in.w_o.empty()) {
        const std::size_t m = in.w_o[0].size();
        for (std::size_t i = 0; i < n; ++i) {
            ref.output[i].assign(m, 0.0L);
            for (std::size_t c = 0; c < m; ++c)
                for (std::size_t e = 0; e < in.w_o.size(); ++e) ref.output[i][c] += ref.concat[i][e] * in.w_o[e][c];
        }
    }
    if (!in.x.empty()) {
        ref.residual = ref.output;
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t c = 0; c < ref.residual[i].size(); ++c) ref.residual[i][c] += in.x[i][c];
    }
    return ref;
}

// A random scene of several heads: n tokens, m input features, each head its own d and dv.
HeadsInput random_heads(std::mt19937_64& rng, std::size_t n, std::size_t heads, std::size_t m, bool with_x, bool with_wo) {
    HeadsInput in;
    std::uniform_int_distribution<int> dim(1, 6);
    std::size_t width = 0;
    for (std::size_t h = 0; h < heads; ++h) {
        const std::size_t d = static_cast<std::size_t>(dim(rng)), dv = static_cast<std::size_t>(dim(rng));
        in.heads.push_back({random_mat(rng, n, d), random_mat(rng, n, d), random_mat(rng, n, dv)});
        width += dv;
    }
    if (with_wo) in.w_o = random_mat(rng, width, m);
    if (with_x) in.x = random_mat(rng, n, with_wo ? m : width);
    return in;
}

}  // namespace

TEST_CASE("one head with W_O = I is today's trace, stage by stage, to the bit", "[heads]") {
    std::mt19937_64 rng(22);
    for (int trial = 0; trial < 30; ++trial) {
        const std::size_t n = 1 + rng() % 20, d = 1 + rng() % 8, dv = 1 + rng() % 5;
        attention::Input in;
        in.q = random_mat(rng, n, d);
        in.k = random_mat(rng, n, d);
        in.v = random_mat(rng, n, dv);
        in.causal = trial % 2 == 1;
        in.temperature = trial % 5 == 0 ? 0.0 : trial % 7 == 0 ? attention::kInfinity : 0.3 + 0.1 * trial;
        in.x = random_mat(rng, n, dv);
        in.w_o = identity(dv);
        CAPTURE(trial, n, d, dv, in.causal, in.temperature);
        const attention::Trace one = run_one(in);
        const HeadsTrace many = run(attention::heads_of(in));
        REQUIRE(many.heads.size() == 1);
        const attention::Trace& h = many.heads[0];
        CHECK(same_bits(h.scores, one.scores));
        CHECK(h.inv_sqrt_d == one.inv_sqrt_d);  // so scaled and logits are the same bits too
        CHECK(h.inv_t == one.inv_t);
        CHECK(same_bits(h.weights, one.weights));
        CHECK(same_bits(h.output, one.output));
        CHECK(h.log_norm == one.log_norm);
        CHECK(same_bits(many.concat, one.output));
        CHECK(same_bits(many.output, one.delta));
        CHECK(same_bits(many.residual, one.residual));
        // W_O = I is the concatenation itself, and so is no W_O at all.
        CHECK(same_bits(many.output, one.output));
        attention::Input bare = in;
        bare.w_o.clear();
        const HeadsTrace without = run(attention::heads_of(bare));
        CHECK(same_bits(without.output, one.output));
        CHECK(same_bits(without.residual, one.residual));
    }
}

TEST_CASE("permuting the heads with W_O's row blocks leaves the result unchanged", "[heads]") {
    std::mt19937_64 rng(2217);
    for (int trial = 0; trial < 25; ++trial) {
        const std::size_t n = 1 + rng() % 12, heads = 2 + rng() % 5, m = 1 + rng() % 6;
        HeadsInput in = random_heads(rng, n, heads, m, true, true);
        in.causal = trial % 3 == 0;
        in.temperature = 0.5 + 0.2 * trial;
        CAPTURE(trial, n, heads, m);
        const HeadsTrace base = run(in);

        std::vector<std::size_t> order(heads);
        std::iota(order.begin(), order.end(), 0);
        std::shuffle(order.begin(), order.end(), rng);
        if (std::is_sorted(order.begin(), order.end())) std::swap(order[0], order[1]);
        HeadsInput permuted = in;
        permuted.heads.clear();
        permuted.w_o.clear();
        for (std::size_t h : order) {
            permuted.heads.push_back(in.heads[h]);
            for (std::size_t r = 0; r < in.heads[h].v[0].size(); ++r) permuted.w_o.push_back(in.w_o[base.offsets[h] + r]);
        }
        const HeadsTrace moved = run(permuted);
        // Each head is the same trace wherever it stands.
        for (std::size_t p = 0; p < heads; ++p) CHECK(same_bits(moved.heads[p].weights, base.heads[order[p]].weights));
        // The result sums the same products in another order: equal to rounding.
        LMat expected(n), expected_residual(n);
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t c = 0; c < m; ++c) {
                expected[i].push_back(base.output(i, c));
                expected_residual[i].push_back(base.residual(i, c));
            }
        check_close(moved.output, expected, 1e-13L, "output");
        check_close(moved.residual, expected_residual, 1e-13L, "residual");
        // Without W_O's rows moved too, the result is another one (the check above could fail).
        HeadsInput unmoved = permuted;
        unmoved.w_o = in.w_o;
        const HeadsTrace wrong = run(unmoved);
        double most = 0;
        for (std::size_t e = 0; e < wrong.output.data.size(); ++e)
            most = std::max(most, std::fabs(wrong.output.data[e] - base.output.data[e]));
        if (n > 1) CHECK(most > 1e-6);
    }
}

TEST_CASE("every head's rows sum to 1 and the mask's weights are exactly 0", "[heads]") {
    std::mt19937_64 rng(31);
    for (int trial = 0; trial < 20; ++trial) {
        const std::size_t n = 1 + rng() % 30, heads = 1 + rng() % 6;
        HeadsInput in = random_heads(rng, n, heads, 4, false, true);
        in.causal = trial % 2 == 0;
        in.temperature = trial % 6 == 0 ? 0.0 : trial % 6 == 1 ? attention::kInfinity : 0.25 * trial;
        CAPTURE(trial, n, heads, in.causal, in.temperature);
        const HeadsTrace tr = run(in);
        REQUIRE(tr.heads.size() == heads);
        for (const attention::Trace& h : tr.heads)
            for (std::size_t i = 0; i < n; ++i) {
                long double sum = 0;
                for (std::size_t j = 0; j < n; ++j) {
                    CHECK(h.weights(i, j) >= 0.0);
                    if (in.causal && j > i) CHECK(h.weights(i, j) == 0.0);
                    sum += h.weights(i, j);
                }
                CHECK(std::fabs(sum - 1.0L) < 1e-14L);
            }
    }
}

TEST_CASE("several heads agree with a plain reference on random scenes to 1e-12 relative", "[heads]") {
    std::mt19937_64 rng(20261202);
    for (int trial = 0; trial < 60; ++trial) {
        const std::size_t n = 1 + rng() % 16, heads = 1 + rng() % 5, m = 1 + rng() % 6;
        const bool with_x = trial % 3 != 0, with_wo = trial % 4 != 1;
        HeadsInput in = random_heads(rng, n, heads, m, with_x, with_wo);
        in.causal = trial % 2 == 1;
        in.temperature = std::uniform_real_distribution<double>(0.1, 4.0)(rng);
        in.portable = trial % 5 == 0;
        CAPTURE(trial, n, heads, m, with_x, with_wo, in.causal, in.temperature);
        const HeadsTrace tr = run(in);
        const Reference ref = reference(in);
        for (std::size_t h = 0; h < heads; ++h) check_close(tr.heads[h].weights, ref.weights[h], 1e-12L, "weights");
        check_close(tr.concat, ref.concat, 1e-12L, "concat");
        check_close(tr.output, ref.output, 1e-12L, "output");
        CHECK(tr.has_residual() == with_x);
        if (with_x) check_close(tr.residual, ref.residual, 1e-12L, "residual");
    }
}

TEST_CASE("bad heads are refused with the head named", "[heads]") {
    std::mt19937_64 rng(5);
    HeadsInput in = random_heads(rng, 4, 3, 3, true, true);
    std::string error;
    HeadsTrace tr;
    SECTION("a NaN in head 2's keys") {
        in.heads[2].k[1][0] = std::nan("");
        CHECK_FALSE(attention::trace(in, tr, error));
        CHECK_THAT(error, Catch::StartsWith("heads[2]: ") && Catch::Contains("k[1][0]"));
    }
    SECTION("a head over other tokens") {
        in.heads[1].q.pop_back(), in.heads[1].k.pop_back(), in.heads[1].v.pop_back();
        CHECK_FALSE(attention::trace(in, tr, error));
        CHECK_THAT(error, Catch::Contains("heads[1] has 3 tokens, heads[0] has 4"));
    }
    SECTION("W_O with a row too few") {
        in.w_o.pop_back();
        CHECK_FALSE(attention::trace(in, tr, error));
        CHECK_THAT(error, Catch::Contains("w_o has") && Catch::Contains("one per number of the heads' outputs"));
    }
    SECTION("x of another width than W_O's") {
        for (auto& row : in.x) row.push_back(1.0);
        CHECK_FALSE(attention::trace(in, tr, error));
        CHECK_THAT(error, Catch::Contains("w_o has 3 columns but x has 4"));
    }
    SECTION("no heads") {
        in.heads.clear();
        CHECK_FALSE(attention::trace(in, tr, error));
        CHECK_THAT(error, Catch::Contains("no heads"));
    }
}

// ---- positions ------------------------------------------------------------------------------

TEST_CASE("sinusoidal encodings: the 2017 formula, each pair on the unit circle, a shift turns each pair", "[positions]") {
    const std::size_t m = 6;
    const Mat pe = attention::sinusoidal(attention::positions(50), m);
    REQUIRE(pe.size() == 50);
    for (std::size_t pos = 0; pos < 50; ++pos)
        for (std::size_t i = 0; 2 * i < m; ++i) {
            const double angle = static_cast<double>(pos) / std::pow(10000.0, 2.0 * static_cast<double>(i) / static_cast<double>(m));
            CHECK(std::fabs(pe[pos][2 * i] - std::sin(angle)) < 1e-12);
            CHECK(std::fabs(pe[pos][2 * i + 1] - std::cos(angle)) < 1e-12);
            CHECK(std::fabs(pe[pos][2 * i] * pe[pos][2 * i] + pe[pos][2 * i + 1] * pe[pos][2 * i + 1] - 1.0) < 1e-14);
        }
    // Position 0 is (0, 1, 0, 1, …); a shift by k turns pair i through k·ω_i, whatever the position.
    for (std::size_t i = 0; 2 * i < m; ++i) {
        CHECK(pe[0][2 * i] == 0.0);
        CHECK(pe[0][2 * i + 1] == 1.0);
    }
    const std::size_t k = 7;
    for (std::size_t pos = 0; pos + k < 50; ++pos)
        for (std::size_t i = 0; 2 * i < m; ++i) {
            const double w = 1.0 / std::pow(10000.0, 2.0 * static_cast<double>(i) / static_cast<double>(m));
            const double c = std::cos(k * w), s = std::sin(k * w);
            const double sin_p = pe[pos][2 * i], cos_p = pe[pos][2 * i + 1];
            CHECK(std::fabs(pe[pos + k][2 * i] - (sin_p * c + cos_p * s)) < 1e-12);
            CHECK(std::fabs(pe[pos + k][2 * i + 1] - (cos_p * c - sin_p * s)) < 1e-12);
        }
    // An odd width ends with a sine alone.
    const Mat odd = attention::sinusoidal(attention::positions(3, 5.0), 3);
    CHECK(odd[1][2] == Approx(std::sin(6.0 / std::pow(10000.0, 2.0 / 3.0))).epsilon(1e-14));
}

TEST_CASE("RoPE keeps every vector's length and turns pair i through pos·θ_i", "[positions]") {
    std::mt19937_64 rng(7);
    const std::size_t n = 12, d = 8;
    const Mat q = random_mat(rng, n, d);
    const auto pos = attention::positions(n, 3.0);
    const Mat r = attention::rotary(q, pos);
    for (std::size_t t = 0; t < n; ++t) {
        for (std::size_t i = 0; i < d / 2; ++i) {
            const double a = q[t][2 * i], b = q[t][2 * i + 1], ra = r[t][2 * i], rb = r[t][2 * i + 1];
            CHECK(std::fabs(std::hypot(ra, rb) - std::hypot(a, b)) <= 1e-14 * std::max(1.0, std::hypot(a, b)));
            // The angle turned is pos·10000^(−2i/d), modulo a turn.
            const double theta = std::pow(10000.0, -2.0 * static_cast<double>(i) / static_cast<double>(d));
            const double turned = std::atan2(a * rb - b * ra, a * ra + b * rb);
            CHECK(std::fabs(std::remainder(turned - pos[t] * theta, 2 * std::numbers::pi)) < 1e-12);
        }
    }
    // Position 0 turns nothing.
    const Mat at0 = attention::rotary(q, attention::positions(n, 0.0));
    CHECK(at0[0] == q[0]);
}

TEST_CASE("with RoPE a score depends only on the offset between query and key", "[positions]") {
    std::mt19937_64 rng(11);
    for (int trial = 0; trial < 10; ++trial) {
        const std::size_t n = 2 + rng() % 10, d = 2 * (1 + rng() % 4);
        const Mat q = random_mat(rng, n, d), k = random_mat(rng, n, d);
        const double shift = static_cast<double>(rng() % 200);
        CAPTURE(trial, n, d, shift);
        const auto at0 = attention::positions(n, 0.0), shifted = attention::positions(n, shift);
        const attention::Matrix s0 = attention::scores(attention::rotary(q, at0), attention::rotary(k, at0));
        const attention::Matrix s1 = attention::scores(attention::rotary(q, shifted), attention::rotary(k, shifted));
        const attention::Matrix plain = attention::scores(q, k);
        double changed = 0;
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j) {
                CHECK(std::fabs(s1(i, j) - s0(i, j)) <= 1e-12 * std::max(1.0, std::fabs(s0(i, j))));
                changed = std::max(changed, std::fabs(s0(i, j) - plain(i, j)));
            }
        CHECK(changed > 1e-3);  // the rotation did something: off the diagonal, scores moved
        // On the diagonal (offset 0) the score is the plain one: q_i and k_i turn together.
        for (std::size_t i = 0; i < n; ++i) CHECK(std::fabs(s0(i, i) - plain(i, i)) <= 1e-12 * std::max(1.0, std::fabs(plain(i, i))));
    }
}

namespace {

// Swaps tokens a and b of a matrix (rows).
Mat swapped(Mat m, std::size_t a, std::size_t b) {
    std::swap(m[a], m[b]);
    return m;
}

// The largest |A'(i, j) − A(π i, π j)| over the weights, π swapping a and b.
double equivariance_gap(const attention::Matrix& w, const attention::Matrix& w_swapped, std::size_t a, std::size_t b) {
    auto pi = [&](std::size_t i) { return i == a ? b : i == b ? a : i; };
    double gap = 0;
    for (std::size_t i = 0; i < w.rows; ++i)
        for (std::size_t j = 0; j < w.cols; ++j) gap = std::max(gap, std::fabs(w_swapped(i, j) - w(pi(i), pi(j))));
    return gap;
}

}  // namespace

TEST_CASE("without positions, swapping two tokens swaps their rows and columns and nothing else", "[positions]") {
    std::mt19937_64 rng(13);
    for (int trial = 0; trial < 20; ++trial) {
        const std::size_t n = 3 + rng() % 10, m = 4, d = 4, dv = 3;
        const std::size_t a = rng() % n, b = (a + 1 + rng() % (n - 1)) % n;
        CAPTURE(trial, n, a, b);
        const Mat x = random_mat(rng, n, m), wq = random_mat(rng, m, d), wk = random_mat(rng, m, d), wv = random_mat(rng, m, dv);
        auto times = [](const Mat& l, const Mat& r) {
            Mat out(l.size(), core::Vec(r[0].size(), 0.0));
            for (std::size_t i = 0; i < l.size(); ++i)
                for (std::size_t j = 0; j < r[0].size(); ++j)
                    for (std::size_t c = 0; c < r.size(); ++c) out[i][j] += l[i][c] * r[c][j];
            return out;
        };
        auto weights_of = [&](const Mat& in, bool rope) {
            attention::Input one;
            one.q = times(in, wq), one.k = times(in, wk), one.v = times(in, wv);
            if (rope) {
                one.q = attention::rotary(one.q, attention::positions(n));
                one.k = attention::rotary(one.k, attention::positions(n));
            }
            return run_one(one);
        };
        // No positions: the weights of the swapped sentence are the weights with rows and
        // columns a and b swapped; the outputs' rows a and b swap; every other number stays.
        const attention::Trace plain = weights_of(x, false), plain_swapped = weights_of(swapped(x, a, b), false);
        CHECK(equivariance_gap(plain.weights, plain_swapped.weights, a, b) < 1e-15);
        for (std::size_t i = 0; i < n; ++i) {
            const std::size_t from = i == a ? b : i == b ? a : i;
            for (std::size_t c = 0; c < dv; ++c) CHECK(std::fabs(plain_swapped.output(i, c) - plain.output(from, c)) < 1e-13);
        }
        // Sinusoidal positions added to x: the pattern changes.
        const Mat pe = attention::sinusoidal(attention::positions(n), m);
        const attention::Trace sin = weights_of(attention::add(x, pe), false),
                               sin_swapped = weights_of(attention::add(swapped(x, a, b), pe), false);
        CHECK(equivariance_gap(sin.weights, sin_swapped.weights, a, b) > 1e-4);
        // RoPE: the pattern changes too.
        const attention::Trace rot = weights_of(x, true), rot_swapped = weights_of(swapped(x, a, b), true);
        CHECK(equivariance_gap(rot.weights, rot_swapped.weights, a, b) > 1e-4);
    }
}
