// Fuzz target: whatever the loader accepts can be traced, evaluated and drawn. Any bytes as a
// scene or deck; when they load, each of the first 24 steps is evaluated at its start,
// mid-animation and end, and every experiment of those scenes at its end, each painted
// through draw::paint. A loaded
// deck never evaluates to an error, its weight rows are finite, non-negative and sum to 1 with
// masked weights exactly 0, and Cairo never enters an error state.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz.hpp"
#include "load/load.hpp"

namespace {

// Inputs bigger than this are accepted by the loader but skipped here: the fuzzer is after
// wrong answers and crashes, and a 4096-token trace per input would starve it of executions.
constexpr std::size_t kMaxTokens = 48;
constexpr std::size_t kMaxDim = 64;
constexpr std::size_t kMaxSpans = 24;  // the whole lecture (44 steps, 3 instants each) took 8 s under the sanitizers

bool small_enough(const scene::Deck& deck) {
    for (const auto& slide : deck.slides) {
        if (!slide.scene) continue;
        const auto& sc = *slide.scene;
        if (sc.n() > kMaxTokens) return false;
        for (const auto& h : sc.heads)
            if (!h.q.empty() && (h.q[0].size() > kMaxDim || h.v[0].size() > kMaxDim)) return false;
    }
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    const load::Result r = load::load_text(text, "fuzz.yaml", std::string(ATTNLAB_SOURCE_DIR) + "/scenes");
    if (!r.ok() || !small_enough(r.deck)) return 0;
    const timeline::Layout lay = timeline::layout(r.deck);
    fuzz::expect(!lay.spans.empty(), "a loaded deck has no steps to show");
    const std::size_t spans = std::min(lay.spans.size(), kMaxSpans);
    for (std::size_t i = 0; i < spans; ++i) {
        const timeline::Span& sp = lay.spans[i];
        const timeline::State s = timeline::state_at_span(lay, static_cast<int>(i));
        for (double t : {sp.start, sp.start + sp.anim * 0.5, sp.start + sp.anim}) fuzz::evaluate_and_paint(r.deck, lay, s, t);
    }
    // Experiments: the first step of each scene slide, each experiment at the end of its tween.
    for (std::size_t i = 0; i < spans; ++i) {
        timeline::State s = timeline::state_at_span(lay, static_cast<int>(i));
        const timeline::View v = timeline::evaluate(r.deck, lay, s, lay.spans[i].start);
        if (!v.scene || v.step != 0) continue;
        for (std::size_t e = 0; e < v.scene->experiments.size() && e < 8; ++e) {
            const double now = lay.spans[i].start;
            timeline::State x = timeline::apply(r.deck, lay, s, timeline::cmd::Experiment{static_cast<int>(e)}, now);
            fuzz::evaluate_and_paint(r.deck, lay, x, now + 10.0);
        }
    }
    return 0;
}
