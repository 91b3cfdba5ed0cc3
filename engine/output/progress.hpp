// output (internal): an export's progress — a bar on a terminal (at most ten redraws a second),
// a summary line at the end, and the caller's on_progress. Knows nothing of what is written: the
// driver counts frames and pages into it. Not included outside engine/output/.
#pragma once

#include <chrono>
#include <iosfwd>
#include <string>

#include "output/output.hpp"

namespace output {

class Progress {
public:
    // `total` frames or pages (`noun`: "frame", "page") to `err`, as `opt` asks (tty, quiet,
    // on_progress).
    Progress(std::ostream& err, const Options& opt, long total, const char* noun);

    // More to do than first counted: a sink's pieces, known once it is made.
    void expect(long more) { total_ += more; }
    // One more frame or page has reached its sink.
    void tick();
    // Takes the bar off the terminal.
    void clear();
    // "attnlab: wrote WHAT to OUT in 1.2 s (80.0 frames/s)", after clearing the bar.
    void summary(const std::string& what, const std::string& out);

private:
    using Clock = std::chrono::steady_clock;
    double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

    std::ostream& err_;
    const Options& opt_;
    long total_, done_ = 0;
    const char* noun_;
    bool drawn_ = false;
    Clock::time_point start_, last_{};
};

}  // namespace output
