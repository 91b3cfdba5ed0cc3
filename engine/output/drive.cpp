// output: one sink driven through its life cycle — begin, the pieces it is made of (other rows'
// outputs, each driven through its own row's sink the same way), every frame or page, finish.
// Raster sinks are fed by a render-ahead thread; vector sinks are handed shots to paint. Each
// frame or page is counted into the progress; a signal (g_stop) stops it. The export driver
// (driver.cpp) says what to drive and commits it.
#include "output/drive.hpp"

#include <deque>
#include <optional>
#include <thread>

#include "draw/panel_cache.hpp"

namespace output {

bool hook_failed(const Hooks* hooks, const std::string& point, std::string& error) {
    if (!hook_fails(hooks, point)) return false;
    error = "test hook '" + point + "' failed";
    return true;
}

namespace {

// Renders shots ahead on one thread while this one hands them, in order, to a raster sink.
// False when the sink failed; stops early (true) on a signal.
bool feed_raster(Sink& sink, FramePool& pool, const Shots& shots, const Painter& painter, Progress& progress,
                 const Hooks* hooks, std::string& error) {
    std::mutex m;
    std::condition_variable cv, space;
    std::deque<Frame> ready;  // at most kAhead frames: repeats take no image from the pool
    constexpr std::size_t kAhead = 16;
    bool produced_all = false;
    std::atomic<bool> cancel{false};
    std::thread producer([&] {
        // A frame showing the picture of the one before (a hold: same_picture) is not rendered
        // or prepared again: the sink repeats what it has.
        std::optional<Shot> prev;
        bool prev_settled = false;
        draw::PanelCache panels;  // this thread's: the panels a frame shares with the one before are copied
        for (long i = 0; i < shots.count() && !cancel.load() && !g_stop.load(); ++i) {
            Frame f{i, shots.at(i), nullptr, &pool};
            const bool now_settled = settled(painter.deck(), painter.layout(), f.shot);
            f.repeat = prev && now_settled && prev_settled && f.shot.version >= 0 && f.shot.version == prev->version;
            // Burned captions change within a hold: a new cue is a new picture.
            if (f.repeat && painter.captions())
                f.repeat = model::caption_at(painter.deck(), painter.layout(), prev->state, prev->now) ==
                           model::caption_at(painter.deck(), painter.layout(), f.shot.state, f.shot.now);
            prev = f.shot;
            prev_settled = now_settled;
            if (!f.repeat) {
                f.image = pool.acquire();
                if (!f.image) break;
                painter.raster(*f.image, f.shot, &panels);
                sink.prepare(*f.image);
            }
            {
                std::unique_lock lock(m);
                space.wait(lock, [&] { return ready.size() < kAhead || cancel.load(); });
                ready.push_back(std::move(f));
            }
            cv.notify_one();
        }
        {
            std::lock_guard lock(m);
            produced_all = true;
        }
        cv.notify_one();
    });
    bool ok = true;
    for (long i = 0; i < shots.count() && ok; ++i) {
        Frame f;
        {
            std::unique_lock lock(m);
            cv.wait(lock, [&] { return !ready.empty() || produced_all; });
            if (ready.empty()) break;
            f = std::move(ready.front());
            ready.pop_front();
        }
        space.notify_one();
        if (g_stop.load()) {
            if (f.image) pool.release(std::move(f.image));
            break;
        }
        ok = sink.frame(std::move(f), error) && !hook_failed(hooks, "frame:" + std::to_string(i), error);
        if (ok) progress.tick();
    }
    {
        std::lock_guard lock(m);
        cancel.store(true);
    }
    space.notify_all();
    pool.close();
    producer.join();
    return ok;
}

// Hands each shot to a vector sink, which paints it on its own surface.
bool feed_vector(Sink& sink, const Shots& shots, Progress& progress, const Hooks* hooks, std::string& error) {
    for (long i = 0; i < shots.count() && !g_stop.load(); ++i) {
        if (!sink.frame(Frame{i, shots.at(i), nullptr, nullptr}, error) ||
            hook_failed(hooks, "frame:" + std::to_string(i), error))
            return false;
        progress.tick();
    }
    return true;
}

}  // namespace

Outcome drive(Sink& sink, const Shots& shots, const Making& making, std::string& error) {
    bool ok = sink.begin(error);
    for (std::size_t i = 0; ok && !g_stop.load() && i < sink.pieces().size(); ++i) {
        const Piece& piece = sink.pieces()[i];
        const std::unique_ptr<Sink> part = making.sink(*piece.format, piece.out);
        ok = drive(*part, piece.shots, making, error) == Outcome::Done && part->commit(error);
    }
    // Made before the frames, destroyed after finish or abort: a raster sink hands images back
    // until those return.
    std::optional<FramePool> pool;
    if (sink.input() == Sink::Input::Raster) pool.emplace(making.opt.width, making.opt.height, sink.pool_size());
    if (ok && !g_stop.load()) {
        ok = pool ? feed_raster(sink, *pool, shots, making.painter, making.progress, making.opt.hooks, error)
                  : feed_vector(sink, shots, making.progress, making.opt.hooks, error);
    }
    if (ok && !g_stop.load()) ok = sink.finish(error);
    const Outcome out = g_stop.load() ? Outcome::Interrupted : ok ? Outcome::Done : Outcome::Failed;
    if (out != Outcome::Done) sink.abort();
    return out;
}

}  // namespace output
