// output: what an export shows — the frame plan of the plain timeline or of a replayed
// recording, the shots (state and time) of each frame or page, and reading a recording.
// Which step a time shows is timeline::state_at's rule, the one the window uses.
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>

#include "output/output.hpp"
#include "output/sinks.hpp"

namespace output {

namespace {

timeline::State seeded(timeline::State s, std::optional<std::uint64_t> seed) {
    if (seed) s.seed = *seed;
    return s;
}

}  // namespace

long frame_count(double seconds, double fps) { return std::max(0L, std::lround(seconds * fps)); }

Plan plan(const timeline::Layout& lay, const Options& opt) {
    Plan p;
    p.fps = opt.fps;
    if (lay.spans.empty()) return p;
    int first = 0, last = static_cast<int>(lay.spans.size()) - 1;
    if (opt.steps) {
        first = std::clamp(opt.steps->first - 1, 0, last);
        last = std::clamp(opt.steps->second - 1, first, last);
    }
    p.t0 = lay.spans[static_cast<std::size_t>(first)].start;
    p.duration = lay.spans[static_cast<std::size_t>(last)].end() - p.t0;
    p.frames = frame_count(p.duration, p.fps);
    return p;
}

Replayer::Replayer(const scene::Deck& deck, const timeline::Layout& lay, const std::vector<timeline::Event>& events,
                   std::optional<std::uint64_t> seed)
    : deck_(deck), lay_(lay), events_(events), state_(seeded(timeline::state_at_span(lay, 0), seed)) {}

const timeline::State& Replayer::at(double t) {
    while (next_ < events_.size() && timeline::reached(t, events_[next_].t)) {
        // The hover outline and the key-editing banner are the presenter's, never the video's.
        if (!timeline::presenter_only(events_[next_].command))
            state_ = timeline::apply(deck_, lay_, state_, events_[next_].command, events_[next_].t);
        ++next_;
    }
    return state_;
}

Plan replay_plan(const scene::Deck& deck, const timeline::Layout& lay, const std::vector<timeline::Event>& events,
                 double fps) {
    Plan p;
    p.fps = fps;
    if (lay.spans.empty()) return p;
    Replayer r(deck, lay, events);
    double last = events.empty() ? 0.0 : events.back().t;
    const timeline::State& s = r.at(last);
    const timeline::Span& sp = lay.spans[static_cast<std::size_t>(std::clamp(s.span, 0, static_cast<int>(lay.spans.size()) - 1))];
    p.duration = last + sp.anim + sp.hold;
    p.frames = frame_count(p.duration, fps);
    return p;
}

Shots timeline_shots(const timeline::Layout& lay, const Plan& plan, std::optional<std::uint64_t> seed) {
    return Shots(plan.frames, [&lay, plan, seed](long i) {
        const double t = plan.time(i);
        const int span = lay.at(t);
        return Shot{seeded(timeline::state_at_span(lay, span), seed), t, span};
    });
}

Shots replay_shots(const scene::Deck& deck, const timeline::Layout& lay, const std::vector<timeline::Event>& events,
                   const Plan& plan, std::optional<std::uint64_t> seed) {
    auto replayer = std::make_shared<Replayer>(deck, lay, events, seed);
    return Shots(plan.frames, [replayer, plan](long i) {
        const double t = plan.time(i);
        Shot shot{replayer->at(t), t};
        shot.version = static_cast<long>(replayer->applied());
        return shot;
    });
}

bool settled(const scene::Deck& deck, const timeline::Layout& lay, const Shot& shot) {
    return !timeline::animating(deck, lay, shot.state, shot.now);
}

bool same_picture(const scene::Deck& deck, const timeline::Layout& lay, const Shot& prev, const Shot& cur) {
    return cur.version >= 0 && cur.version == prev.version && settled(deck, lay, prev) && settled(deck, lay, cur);
}

Shots page_shots(const timeline::Layout& lay, int first, int last, std::optional<std::uint64_t> seed) {
    return Shots(std::max(0, last - first + 1), [&lay, first, seed](long i) {
        const int span = first + static_cast<int>(i);
        return Shot{seeded(timeline::state_at_span(lay, span), seed), lay.spans[static_cast<std::size_t>(span)].end()};
    });
}

bool read_recording(const std::string& path, std::vector<timeline::Event>& events, core::Diagnostics& errors) {
    std::ifstream in(path);
    if (!in) {
        errors.push_back({path, 0, 0, std::string("cannot read the recording: ") + std::strerror(errno)});
        return false;
    }
    std::string line;
    int number_of_line = 0;
    double previous = 0.0;
    while (std::getline(in, line)) {
        ++number_of_line;
        auto first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos || line[first] == '#') continue;
        timeline::Event e;
        std::string error;
        std::size_t extra = std::string::npos;
        if (!timeline::parse(line, e, error, &extra)) {
            // Words after a whole command: pointed at, whichever line they are on.
            if (extra != std::string::npos) {
                errors.push_back({path, number_of_line, static_cast<int>(extra) + 1, error});
                continue;
            }
            // A last line without its newline that does not read is a command cut short (the
            // program killed, a power loss while it was written): the talk replays up to the
            // command before it.
            if (in.eof()) {
                errors.push_back({path, number_of_line, static_cast<int>(first) + 1,
                                  "the recording ends in the middle of a command (" + error +
                                      "), as a recording cut short does; replaying it up to the line before",
                                  true});
                break;
            }
            errors.push_back({path, number_of_line, static_cast<int>(first) + 1, error});
            continue;
        }
        if (e.t < 0 || e.t < previous) {
            errors.push_back({path, number_of_line, static_cast<int>(first) + 1,
                              "events must be in time order from 0 (" + number(e.t) + " comes after " +
                                  number(previous) + ")"});
            continue;
        }
        if (e.t > scene::kMaxVideoSeconds) {
            // Past it, the export would be longer than any deck may plan.
            errors.push_back({path, number_of_line, static_cast<int>(first) + 1,
                              "an event at " + number(e.t) + " s is later than " +
                                  std::to_string(static_cast<int>(scene::kMaxVideoSeconds / 3600)) +
                                  " hours, the longest video attnlab makes (the limit)"});
            break;
        }
        previous = e.t;
        events.push_back(e);
    }
    return std::none_of(errors.begin(), errors.end(), [](const core::Diagnostic& d) { return !d.warning; });
}

}  // namespace output
