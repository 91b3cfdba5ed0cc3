// output (internal): the frame sinks and what they share: images, a pool of them, files written
// under temporary names. Not included outside engine/output/.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "output/output.hpp"

namespace output {

// Set by SIGINT/SIGTERM while an export runs; every loop checks it.
extern std::atomic<int> g_stop;

// One rendered frame: Cairo ARGB32 pixels, i.e. B, G, R, A bytes in memory on little-endian.
struct Image {
    int width = 0;
    int height = 0;
    int stride = 0;
    std::vector<unsigned char> pixels;
    void resize(int w, int h);
};

// A bounded set of frame buffers: the renderer waits for a free one, a sink hands it back.
class FramePool {
public:
    FramePool(int width, int height, int capacity);
    std::unique_ptr<Image> acquire();  // nullptr once closed
    void release(std::unique_ptr<Image> img);
    void close();

private:
    int width_, height_, capacity_, created_ = 0;
    bool closed_ = false;
    std::vector<std::unique_ptr<Image>> free_;
    std::mutex m_;
    std::condition_variable cv_;
};

// The life cycle every exporter follows: begin, frame…, finish (encoder closed and its exit
// status checked; output complete under a temporary name), commit (renamed into place).
// abort() — and the destructor of every sink that was not committed — stops the encoder, waits
// for it and removes everything written.
class Sink {
public:
    virtual ~Sink() = default;
    virtual bool begin(std::string& error) = 0;
    // Frames arrive in order; the sink hands `img` back to `pool` when it is done with it.
    virtual bool frame(long index, std::unique_ptr<Image> img, FramePool& pool, std::string& error) = 0;
    virtual bool finish(std::string& error) = 0;
    virtual bool commit(std::string& error) = 0;
    virtual void abort() = 0;
    virtual int pool_size() const { return 3; }
};

// PNG sequence into a directory, encoded by a pool of threads.
std::unique_ptr<Sink> make_png_sequence(const std::string& dir, int threads);
// ffmpeg through a pipe of I420 frames.
std::unique_ptr<Sink> make_ffmpeg(const std::string& ffmpeg, const std::string& out, Kind kind, int width, int height,
                                  double fps);

// One image as PNG bytes (8-bit RGB, zlib level 1, no filtering). False with `error` set.
bool encode_png(const Image& img, std::string& bytes, std::string& error);
// Writes bytes to a file; write errors (a full disk) are reported, the partial file removed.
bool write_file(const std::string& path, const std::string& bytes, std::string& error);
// Both: one image as a PNG file.
bool write_png(const std::string& path, const Image& img, std::string& error);

// ---- files ----
// "dir/.name.attnlab-PID.part": a temporary name beside `path`, in the same directory.
std::string temp_name(const std::string& path);
// The directory a path lives in ("." for a bare name); trailing slashes ignored.
std::string parent_of(const std::string& path);
std::string strip_slashes(const std::string& path);
// "cannot write OUT: REASON" if OUT's directory is missing or not writable, or OUT exists and
// is a directory where a file is wanted (or the other way round); "" when fine.
std::string check_writable(const std::string& out, bool directory);
// Whether an export of this kind writes a directory (PNG sequence, SVG pages).
inline bool writes_directory(Kind k) { return k == Kind::PngSequence || k == Kind::SvgPages; }
// Moves a finished temporary directory into place as `dir`: renamed when `dir` does not exist or
// is empty, else its files replace the ones there (files matching `prefix`*`suffix` not in the
// new set are removed, so no stale frames remain).
bool commit_dir(const std::string& tmp, const std::string& dir, const std::string& prefix, const std::string& suffix,
                std::string& error);
void remove_tree(const std::string& path);

}  // namespace output
