// Fuzz target: a recording (`--replay FILE`) is untrusted text too. Any bytes as the lines of a
// recording, replayed on the default lecture: a line either parses or is refused with a reason;
// a parsed line writes back to text that parses to the same line (so a recording round-trips);
// and after every command the session evaluates without error and paints.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "fuzz.hpp"
#include "load/load.hpp"

namespace {

constexpr int kMaxPainted = 24;  // frames painted per input, to keep executions fast

const scene::Deck& lecture() {
    static const load::Result r = load::load_file(std::string(ATTNLAB_SOURCE_DIR) + "/slides/lecture.yaml", load::Options{ATTNLAB_SOURCE_DIR, {}});
    if (!r.ok()) fuzz::fail("the lecture does not load: " + r.errors.front().format());
    return r.deck;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const scene::Deck& deck = lecture();
    static const timeline::Layout lay = timeline::layout(deck);
    timeline::State s;
    double now = 0.0;
    int painted = 0;
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    for (std::string line; std::getline(in, line);) {
        timeline::Event e;
        std::string error;
        if (!timeline::parse(line, e, error)) {
            fuzz::expect(!error.empty(), "a refused recording line gives no reason");
            continue;
        }
        const std::string written = timeline::format(e);
        timeline::Event again;
        fuzz::expect(timeline::parse(written, again, error), "a written event does not parse: '" + written + "': " + error);
        fuzz::expect(timeline::format(again) == written, "an event does not round-trip: '" + written + "'");
        if (!(e.t >= now) || e.t > 1e6) continue;  // a replay's clock only moves forward
        now = e.t;
        s = timeline::apply(deck, lay, s, e.command, now);
        fuzz::expect(s.span >= 0 && s.span < static_cast<int>(lay.spans.size()), "the state left the deck");
        if (painted++ < kMaxPainted) fuzz::evaluate_and_paint(deck, lay, s, now);
    }
    return 0;
}
