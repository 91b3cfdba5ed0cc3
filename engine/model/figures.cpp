// model/figures: the panels that are pictures of an argument rather than of the focused row: why
// the scores are divided by √d (random dot products spread as √d; what softmax makes of a row of
// them with and without the division), every new vector at once (V and A·V, every row), and
// where this one head sits in a Transformer block.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <mutex>

#include "model/model.hpp"
#include "model/row.hpp"
#include "scene/quiz.hpp"

namespace model {

namespace {

// A standard normal number from two uniform draws (Box–Muller). Deterministic: the same
// generator state always gives the same number, on every platform.
double normal(scene::SplitMix64& g) {
    auto uniform = [&g] { return (static_cast<double>(g.next() >> 11) + 0.5) * 0x1.0p-53; };  // (0, 1)
    const double u1 = uniform(), u2 = uniform();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
}

core::Vec normal_vec(scene::SplitMix64& g, std::size_t d) {
    core::Vec v(d);
    for (double& x : v) x = normal(g);
    return v;
}

double dot(const core::Vec& a, const core::Vec& b) {
    double s = 0;
    for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
    return s;
}

// kScalingSamples dot products of random vectors of d coordinates (standard normal), their
// spread (root mean square: the mean is 0) and the largest of them in size.
struct StripData {
    std::size_t d = 0;
    std::vector<double> dots;
    double sd = 0;
    double far = 0;
};

StripData strip_data(scene::SplitMix64& g, std::size_t d) {
    StripData s;
    s.d = d;
    double sum2 = 0;
    for (int i = 0; i < kScalingSamples; ++i) {
        const double x = dot(normal_vec(g, d), normal_vec(g, d));
        s.dots.push_back(x);
        sum2 += x * x;  // the mean is 0 by construction; measured about it
        s.far = std::max(s.far, std::fabs(x));
    }
    s.sd = std::sqrt(sum2 / kScalingSamples);
    return s;
}

// The samples are the same in every frame: computed once.
struct ScalingData {
    std::vector<StripData> strips;    // one per kScalingDims
    std::vector<double> raw, scaled;  // the example row: q·k and q·k/√d
};

const ScalingData& scaling_data() {
    static const ScalingData data = [] {
        ScalingData out;
        scene::SplitMix64 g(0x5eed5ca1e5ULL);
        for (std::size_t d : kScalingDims) out.strips.push_back(strip_data(g, d));
        const core::Vec q = normal_vec(g, kScalingExampleDim);
        for (int j = 0; j < kScalingExampleKeys; ++j) {
            const double x = dot(q, normal_vec(g, kScalingExampleDim));
            out.raw.push_back(x);
            out.scaled.push_back(x / std::sqrt(static_cast<double>(kScalingExampleDim)));
        }
        return out;
    }();
    return data;
}

// A strip for a scene's own d when it is none of kScalingDims: its own fixed samples (seeded by
// d), computed once per d and kept (a scene has one d; the loader bounds it).
const StripData& scene_strip(std::size_t d) {
    static std::mutex m;
    static std::map<std::size_t, StripData> made;
    std::lock_guard lock(m);
    auto it = made.find(d);
    if (it == made.end()) {
        scene::SplitMix64 g(0x5eed5ca1e5ULL ^ (d * 0x9e3779b97f4a7c15ULL));
        it = made.emplace(d, strip_data(g, d)).first;
    }
    return it->second;
}

Scaling::Bars bars(const std::string& label, const std::vector<double>& scores) {
    Scaling::Bars b;
    b.label = label;
    b.share = attention::softmax_row(scores, std::vector<bool>(scores.size(), true), 1.0);
    for (double a : b.share) b.text.push_back(percent(a));
    return b;
}

}  // namespace

Scaling build(const Row& r, Tag<Scaling>) {
    const ScalingData& data = scaling_data();
    // The strips: kScalingDims, the one nearest the scene's d (in ratio) giving way to the scene's
    // own when it is none of them, so that the scene's d is always among them, in order.
    std::vector<const StripData*> shown;
    for (const StripData& s : data.strips) shown.push_back(&s);
    if (r.d > 0 && std::none_of(shown.begin(), shown.end(), [&](const StripData* s) { return s->d == r.d; })) {
        const auto apart = [&](const StripData* s) {
            return std::fabs(std::log(static_cast<double>(s->d) / static_cast<double>(r.d)));
        };
        *std::min_element(shown.begin(), shown.end(),
                          [&](const StripData* a, const StripData* b) { return apart(a) < apart(b); }) =
            &scene_strip(r.d);
    }
    Scaling out;
    double far = 0;
    for (const StripData* s : shown) far = std::max(far, s->far);
    out.axis = std::ceil(far / 20.0) * 20.0;
    for (double t : {-out.axis, -out.axis / 2, 0.0, out.axis / 2, out.axis}) out.ticks.push_back(t);
    const double u = r.view->u;
    const double n = static_cast<double>(shown.size());
    for (std::size_t i = 0; i < shown.size(); ++i) {
        const StripData& s = *shown[i];
        Scaling::Strip st;
        st.d = static_cast<int>(s.d);
        st.label = "d = " + std::to_string(s.d);
        st.dots = s.dots;
        st.sd = s.sd;
        st.spread = "spread " + num(s.sd, 1) + " · √d = " + num(std::sqrt(static_cast<double>(s.d)), 1);
        st.scene = s.d == r.d;
        const double from = 0.6 * static_cast<double>(i) / n;
        st.reveal = smooth(beat(u, from, from + 0.6 / n + 0.1));
        out.strips.push_back(std::move(st));
    }
    out.example = "one query, " + std::to_string(kScalingExampleKeys) + " keys, d = " + std::to_string(kScalingExampleDim);
    out.raw = bars("softmax( q·k )", data.raw);
    out.scaled = bars("softmax( q·k / √d )", data.scaled);
    const auto top = [](const Scaling::Bars& b) {
        return static_cast<std::size_t>(std::max_element(b.share.begin(), b.share.end()) - b.share.begin());
    };
    // How much a score can still move its share: the largest entry of softmax's Jacobian,
    // ∂aᵢ/∂sᵢ = aᵢ(1 − aᵢ) (an off-diagonal −aᵢaⱼ is never larger). Near 0 when saturated:
    // learning gets almost no signal through it.
    const auto slope = [](const Scaling::Bars& b) {
        double g = 0;
        for (double a : b.share) g = std::max(g, a * (1 - a));
        return g;
    };
    out.raw.gradient = slope(out.raw);
    out.scaled.gradient = slope(out.scaled);
    out.raw.note = "one key takes " + out.raw.text[top(out.raw)] + " · gradient ≤ " + num(out.raw.gradient, 3);
    out.scaled.note = "largest " + out.scaled.text[top(out.scaled)] + " · gradient up to " + num(out.scaled.gradient, 2);
    out.bars_reveal = smooth(beat(u, 0.65, 1.0));
    return out;
}

Outputs build(const Row& r, Tag<Outputs>) {
    Outputs out;
    const attention::Trace& tr = *r.tr;
    out.focus = r.focus;
    out.hover = r.view->hover;
    out.tokens = r.sc->tokens;
    out.aside = std::to_string(r.n) + " rows, one product";
    // V and A·V on the values' one scale (a convex blend stays within it); V written as the
    // scene writes it (to 0.01 at most), A·V at 0.01.
    const double mag = r.scales.value;
    out.legend = {Scale::Diverging, "value", num(-mag, 1), "0", num(mag, 1)};
    const int v_decimals = decimals_for(*r.v, 2);
    if (tr.n > static_cast<std::size_t>(Outputs::kMaxRows) || tr.dv > static_cast<std::size_t>(Outputs::kMaxColumns)) {
        out.note = "A·V has " + std::to_string(tr.n) + " rows of " + std::to_string(tr.dv) +
                   " numbers: too many to draw here; the readouts show the asking token's row.";
        return out;
    }
    for (std::size_t i = 0; i < tr.n; ++i) {
        std::vector<double> vv(tr.dv), ov(tr.dv);
        for (std::size_t c = 0; c < tr.dv; ++c) {
            vv[c] = (*r.v)[i][c];
            ov[c] = tr.output(i, c);
        }
        add_row(out.values, std::move(vv), v_decimals, mag);
        add_row(out.outputs, std::move(ov), 2, mag);
    }
    out.reveal = smooth(r.view->u);
    out.caption = "Row i of A·V is Σⱼ aᵢⱼ vⱼ: added to token i's input, it goes on to the next layer.";
    return out;
}

Block build(const Row& r, Tag<Block>) {
    Block out;
    const bool projected = r.sc->projected();
    out.parts = {
        {"Inputs + positions", "word order is added here: not shown (only the mask knows order)", false, false},
        {"Multi-head attention", projected ? "q, k, v = x·W_Q, x·W_K, x·W_V" : "q, k, v placed by hand, no W_Q, W_K, W_V",
         true, false},
        {"Add & layer norm", "x + the heads' output (the residual, part 3); norm not shown", false, true, true},
        {"Feed-forward network", "each token on its own: not shown", false, false},
        {"Add & layer norm", "+ the feed-forward's output; norm not shown", false, true, true},
        {"On to the next layer", "each token's vector, updated by the block", true, false},
    };
    out.attention = 1;
    out.heads = 4;
    out.head = "this head · d = " + std::to_string(r.d);
    out.head_note = "softmax(q·k/√d)·V";
    return out;
}

}  // namespace model
