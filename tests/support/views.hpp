// Test support: the sentence scene of the first explainer built in code, and a deck of one
// scene with its layout, giving the state, the instant and the view at (span, u) — u from 0 at
// the span's start to 1 at the end of its animation. Shared by draw_test and draw_bench.
#pragma once

#include <cstddef>
#include <memory>
#include <utility>

#include "scene/scene.hpp"
#include "timeline/timeline.hpp"

namespace support {

// "The cat chased the mouse ." with hand-placed 2-D vectors, focus on "chased", the default
// panels and steps, and the mask switched on at the mask step.
inline std::shared_ptr<scene::Scene> sentence_scene() {
    auto s = std::make_shared<scene::Scene>();
    s->id = "one-query-row";
    s->title = "Each word decides which other words matter";
    s->tokens = {"The", "cat", "chased", "the", "mouse", "."};
    s->q = {{0.3, -0.5}, {0.8, 0.2}, {1.0, 0.9}, {0.2, -0.4}, {0.6, 0.5}, {0.1, 0.1}};
    s->k = {{-0.6, 0.3}, {1.2, 0.6}, {0.2, -0.8}, {-0.5, 0.2}, {0.9, 1.0}, {-0.2, -0.6}};
    s->v = {{-1.0, 0.6}, {1.4, 1.0}, {0.2, -1.2}, {-0.8, 0.4}, {1.0, 1.6}, {-0.2, -0.4}};
    s->focus = 2;
    s->panels = scene::default_panels(6);
    s->steps = scene::default_steps();
    s->steps[3].set.mask = true;  // the mask step switches the mask on
    return s;
}

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
};

}  // namespace support
