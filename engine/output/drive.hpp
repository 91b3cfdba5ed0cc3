// output (internal): one sink driven through its life cycle (drive.cpp) — begin, its pieces,
// every shot (a raster sink fed by a render-ahead thread, a vector sink handed shots to paint),
// finish — for the export driver (driver.cpp), which says what to write and commits it. Not
// included outside engine/output/.
#pragma once

#include <memory>
#include <string>
#include <utility>

#include "output/progress.hpp"
#include "output/sinks.hpp"

namespace output {

// A test's hook at `point` (hook_fails): false, or true with `error` saying so.
bool hook_failed(const Hooks* hooks, const std::string& point, std::string& error);

enum class Outcome { Done, Failed, Interrupted };

// What every sink of one export is made with, and where its progress goes.
struct Making {
    const Options& opt;
    const Painter& painter;
    const std::string& ffmpeg;
    int first, last;  // the spans shown
    Progress& progress;

    // Row `f`'s sink writing `out`; its pieces are counted in the progress.
    std::unique_ptr<Sink> sink(const Format& f, const std::string& out, MuxInputs mux = {}) const {
        std::unique_ptr<Sink> s =
            f.make(SinkSpec{f, opt, out, opt.width, opt.height, opt.fps, ffmpeg, painter, std::move(mux), first, last});
        for (const Piece& p : s->pieces()) progress.expect(p.shots.count());
        return s;
    }
};

// begin, the sink's pieces (each written whole by its own row's sink and committed into this
// sink's folder, still under its temporary name), every shot, finish. Leaves the sink finished
// (not committed) on Done, aborted otherwise.
Outcome drive(Sink& sink, const Shots& shots, const Making& making, std::string& error);

}  // namespace output
