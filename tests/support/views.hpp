// Test support: a deck of one scene with its layout, giving the state, the instant and the view
// at (span, u) — u from 0 at the span's start to 1 at the end of its animation — and the span of
// a stage. The scenes themselves are in support/decks.hpp.
#pragma once

#include <cstddef>
#include <memory>
#include <utility>

#include "scene/scene.hpp"
#include "support/decks.hpp"
#include "timeline/timeline.hpp"

namespace support {

// A deck of one scene and its layout.
struct Staged {
    scene::Deck deck;
    timeline::Layout lay;
    explicit Staged(std::shared_ptr<const scene::Scene> s) : deck(scene::deck_of(std::move(s))), lay(timeline::layout(deck)) {}
    const timeline::Span& span(int i) const { return lay.spans[static_cast<std::size_t>(i)]; }
    timeline::State state(int span_index) const { return timeline::state_at_span(lay, span_index); }
    double time(int span_index, double u) const {
        const timeline::Span& sp = span(span_index);
        return sp.start + u * sp.anim;
    }
    timeline::View view(int span_index, double u) const {
        return timeline::evaluate(deck, lay, state(span_index), time(span_index, u));
    }
    // The first span whose step is of stage `s` (-1 when none is).
    int span_of(scene::Stage s) const {
        for (std::size_t i = 0; i < lay.spans.size(); ++i)
            if (deck.slides[0].scene->steps[static_cast<std::size_t>(lay.spans[i].step)].stage == s) return static_cast<int>(i);
        return -1;
    }
};

}  // namespace support
