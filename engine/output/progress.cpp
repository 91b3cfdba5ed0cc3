// output: an export's progress (see progress.hpp) — the bar, its rate and time left, the summary.
#include "output/progress.hpp"

#include <cstdio>
#include <ostream>

#include "core/core.hpp"

namespace output {

Progress::Progress(std::ostream& err, const Options& opt, long total, const char* noun)
    : err_(err), opt_(opt), total_(total), noun_(noun), start_(Clock::now()) {}

void Progress::tick() {
    ++done_;
    if (opt_.on_progress) opt_.on_progress(done_, total_);
    if (!opt_.tty || opt_.quiet) return;
    auto now = Clock::now();
    if (done_ < total_ && now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    double secs = seconds();
    double rate = secs > 0 ? done_ / secs : 0.0;
    double eta = rate > 0 ? (total_ - done_) / rate : 0.0;
    const int width = 30;
    int filled = total_ > 0 ? static_cast<int>(width * done_ / total_) : width;
    std::string bar(static_cast<std::size_t>(filled), '#');
    bar.resize(width, '.');
    char line[160];
    std::snprintf(line, sizeof line, "\r[%s] %s %ld/%ld  %.1f %ss/s  ETA %d:%02d ", bar.c_str(), noun_, done_, total_,
                  rate, noun_, static_cast<int>(eta) / 60, static_cast<int>(eta) % 60);
    err_ << line << std::flush;
    drawn_ = true;
}

void Progress::clear() {
    if (drawn_) err_ << "\r" << std::string(78, ' ') << "\r" << std::flush;
    drawn_ = false;
}

void Progress::summary(const std::string& what, const std::string& out) {
    clear();
    if (opt_.quiet) return;
    double secs = seconds();
    char line[240];
    std::snprintf(line, sizeof line, " in %.1f s", secs);
    err_ << "attnlab: wrote " << core::printable(what) << " to " << core::printable(out) << line;
    if (total_ > 1) {
        std::snprintf(line, sizeof line, " (%.1f %ss/s)", secs > 0 ? done_ / secs : 0.0, noun_);
        err_ << line;
    }
    err_ << "\n";
}

}  // namespace output
