// timeline/detail: what the reducer, evaluate and the recording format share. Internal to
// timeline/.
#pragma once

#include <algorithm>

#include "timeline/timeline.hpp"

namespace timeline::detail {

inline double clamp01(double x) { return std::clamp(x, 0.0, 1.0); }

// std::visit over a Command with one lambda per alternative.
template <class... F>
struct Overloaded : F... {
    using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

// Seconds since the current step's animation started, scaled by speed (frozen while paused).
inline double local_time(const State& s, double now) {
    double at = s.paused ? s.paused_at : now;
    return std::max(0.0, (at - s.span_started) * s.speed);
}

// The question the open quiz asks now, or null past the end of the attempt.
const scene::Question* current_question(const scene::Deck& deck, const State& s, int slide);
// The order the current question shows its choices in (scene::choice_order), empty past the end.
std::vector<int> current_choices(const scene::Deck& deck, const State& s, int slide);

}  // namespace timeline::detail
