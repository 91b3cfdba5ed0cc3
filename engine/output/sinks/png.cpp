// output/sinks/png: PNG files with libpng (zlib level 1, no filtering: ~4× faster than
// cairo_surface_write_to_png for a file of the same size), the PNG-sequence sink, which encodes
// frames on a pool of threads into a staged folder, and the one-PNG sink of --still.
#include <libyuv.h>
#include <png.h>

#include <algorithm>
#include <cerrno>
#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <deque>
#include <thread>

#include "output/sinks.hpp"

namespace output {

namespace {

struct PngFailure {
    char message[256] = {0};
};

void on_png_error(png_structp png, png_const_charp msg) {
    auto* f = static_cast<PngFailure*>(png_get_error_ptr(png));
    std::snprintf(f->message, sizeof f->message, "%s", msg);
    png_longjmp(png, 1);
}

void on_png_warning(png_structp, png_const_charp) {}

void on_png_write(png_structp png, png_bytep data, png_size_t size) {
    auto* out = static_cast<std::string*>(png_get_io_ptr(png));
    out->append(reinterpret_cast<const char*>(data), size);
}

void on_png_flush(png_structp) {}

// Rows converted at a time: Cairo's ARGB32 (B, G, R, A in memory) to packed R, G, B with libyuv
// ("RAW" in its names), cheaper than libpng's per-row bgr + filler transforms (frames are opaque),
// a band at a time into a buffer that stays in the cache while libpng reads it.
constexpr int kBand = 16;

// C-style on purpose: libpng reports errors by longjmp, so no object with a destructor may be
// created between setjmp and the calls that can jump.
bool encode(std::string* bytes, const Image& img, unsigned char* band, png_bytep* rows, PngFailure& failure) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &failure, on_png_error, on_png_warning);
    if (!png) return false;
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, nullptr);
        return false;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return false;
    }
    png_set_write_fn(png, bytes, on_png_write, on_png_flush);
    png_set_IHDR(png, info, static_cast<png_uint_32>(img.width), static_cast<png_uint_32>(img.height), 8,
                 PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_compression_level(png, 1);
    png_set_compression_buffer_size(png, 1 << 17);
    png_write_info(png, info);
    for (int y = 0; y < img.height; y += kBand) {
        const int n = img.height - y < kBand ? img.height - y : kBand;
        const unsigned char* argb = img.pixels.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(img.stride);
        libyuv::ARGBToRAW(argb, img.stride, band, img.width * 3, img.width, n);
        png_write_rows(png, rows, static_cast<png_uint_32>(n));
    }
    png_write_end(png, nullptr);
    png_destroy_write_struct(&png, &info);
    return true;
}

// One image as PNG bytes (8-bit RGB, zlib level 1, no filtering). False with `error` set.
bool encode_png(const Image& img, std::string& bytes, std::string& error) {
    thread_local std::vector<unsigned char> band;
    const std::size_t row = static_cast<std::size_t>(img.width) * 3;
    band.resize(row * kBand);
    png_bytep rows[kBand];
    for (int y = 0; y < kBand; ++y) rows[y] = band.data() + static_cast<std::size_t>(y) * row;
    PngFailure failure;
    bytes.clear();
    bytes.reserve(row * static_cast<std::size_t>(img.height) / 8);
    if (!encode(&bytes, img, band.data(), rows, failure)) {
        error = failure.message[0] ? failure.message : "libpng failed";
        return false;
    }
    return true;
}

// Encoding threads: one a core, at most eight.
int encoder_threads() {
    unsigned n = std::thread::hardware_concurrency();
    return static_cast<int>(std::clamp(n, 1u, 8u));
}

class PngSequence final : public Sink {
public:
    explicit PngSequence(const SinkSpec& spec)
        : staged_(spec.out, Target::Folder, "frame_", ".png", spec.options.hooks), threads_(encoder_threads()) {}
    ~PngSequence() override { abort(); }

    Input input() const override { return Input::Raster; }
    // One frame encoding on each thread, the last new picture kept to compare with, and two for the
    // renderer to draw ahead into.
    int pool_size() const override { return threads_ + 3; }

    bool begin(std::string& error) override {
        if (!staged_.create(error)) return false;
        for (int i = 0; i < threads_; ++i) workers_.emplace_back([this] { work(); });
        return true;
    }

    bool frame(Frame f, std::string& error) override {
        FramePool& pool = *f.pool;
        std::unique_ptr<Image> img = std::move(f.image);
        const long index = f.index;
        {
            std::lock_guard lock(m_);
            if (!error_.empty()) {
                error = error_;
                if (img) pool.release(std::move(img));
                return false;
            }
        }
        Job job{index, nullptr, nullptr};
        if (f.repeat && last_) {  // a hold: the picture of the frame before, not rendered again
            job.encoded = last_;
            {
                std::lock_guard lock(m_);
                jobs_.push_back(std::move(job));
            }
            cv_.notify_one();
            return true;
        }
        if (!img) {
            error = "frame " + std::to_string(index) + " has no picture";
            return false;
        }
        // A frame whose pixels equal the previous one's (a hold: nothing moves) is the same file:
        // its bytes are copied from that frame's encoding instead of deflating 6 MB again. The
        // previous picture is kept (not copied) until the next new one: the last of this thread
        // and the encoding thread to let go of it hands it back to the pool.
        if (last_ && img->pixels == previous_->pixels) {
            job.encoded = last_;
            pool.release(std::move(img));
        } else {
            previous_ = std::shared_ptr<Image>(img.release(),
                                               [&pool](Image* p) { pool.release(std::unique_ptr<Image>(p)); });
            last_ = std::make_shared<Encoded>();
            job.encoded = last_;
            job.img = previous_;
        }
        {
            std::lock_guard lock(m_);
            jobs_.push_back(std::move(job));
        }
        cv_.notify_one();
        return true;
    }

    bool finish(std::string& error) override {
        stop_workers();
        if (!error_.empty()) {
            error = error_;
            return false;
        }
        return true;
    }

    bool commit(std::string& error) override { return staged_.commit(error); }

    void abort() override {
        stop_workers();
        staged_.discard();
    }

private:
    // One encoding, shared by the frames that repeat it. Jobs are taken in order, so the frame
    // that encodes is always taken before the repeats that wait for it.
    struct Encoded {
        std::mutex m;
        std::condition_variable cv;
        bool done = false;
        bool ok = false;
        std::string bytes;
    };
    struct Job {
        long index;
        std::shared_ptr<Image> img;          // null for a repeat of the previous frame
        std::shared_ptr<Encoded> encoded;
    };

    void work() {
        for (;;) {
            Job job;
            {
                std::unique_lock lock(m_);
                cv_.wait(lock, [&] { return closing_ || !jobs_.empty(); });
                if (jobs_.empty()) return;
                job = std::move(jobs_.front());
                jobs_.pop_front();
            }
            std::string error;
            bool ok = true;
            Encoded& enc = *job.encoded;
            char name[32];
            std::snprintf(name, sizeof name, "/frame_%06ld.png", job.index);
            const std::string path = staged_.path() + name;
            std::string why;
            if (job.img) {
                bool encoded = false;
                if (g_stop.load() == 0 && failed_.load() == 0) encoded = encode_png(*job.img, enc.bytes, why);
                job.img.reset();  // back to the pool once the next new picture has arrived
                {
                    std::lock_guard lock(enc.m);
                    enc.done = true;
                    enc.ok = encoded;
                }
                enc.cv.notify_all();
                ok = !encoded && why.empty() ? true : encoded && write_file(path, enc.bytes, why);
            } else {
                std::unique_lock lock(enc.m);
                enc.cv.wait(lock, [&] { return enc.done; });
                if (enc.ok && g_stop.load() == 0 && failed_.load() == 0) ok = write_file(path, enc.bytes, why);
            }
            // The file being written, where the disk filled (not yet at its final name).
            if (!ok) error = written_as(path, staged_.final_path() + name, why);
            if (!ok) {
                std::lock_guard lock(m_);
                if (error_.empty()) error_ = error;
                failed_ = 1;
            }
        }
    }

    void stop_workers() {
        {
            std::lock_guard lock(m_);
            closing_ = true;
        }
        cv_.notify_all();
        for (auto& t : workers_) t.join();
        workers_.clear();
        previous_.reset();  // into the pool, which outlives the frames (the driver's)
    }

    Staged staged_;
    int threads_;
    std::shared_ptr<Image> previous_;   // the last new picture handed in, to spot repeats
    std::shared_ptr<Encoded> last_;
    std::vector<std::thread> workers_;
    std::deque<Job> jobs_;
    bool closing_ = false;
    std::atomic<int> failed_{0};
    std::string error_;
    std::mutex m_;
    std::condition_variable cv_;
};

// --still STEP -o STEP.png: one frame, encoded and written when it arrives.
class PngFile final : public Sink {
public:
    explicit PngFile(const std::string& path) : staged_(path, Target::File) {}
    ~PngFile() override { abort(); }

    Input input() const override { return Input::Raster; }
    int pool_size() const override { return 1; }
    bool begin(std::string& error) override { return staged_.create(error); }

    bool frame(Frame f, std::string& error) override {
        std::string bytes, why;
        bool ok = encode_png(*f.image, bytes, why) && write_file(staged_.path(), bytes, why);
        f.pool->release(std::move(f.image));
        if (!ok) error = written_as(staged_.path(), staged_.final_path(), why);
        return ok;
    }

    bool finish(std::string&) override { return true; }
    bool commit(std::string& error) override { return staged_.commit(error); }
    void abort() override { staged_.discard(); }

private:
    Staged staged_;
};

}  // namespace

std::unique_ptr<Sink> make_png_sequence(const SinkSpec& spec) { return std::make_unique<PngSequence>(spec); }
std::unique_ptr<Sink> make_png_file(const SinkSpec& spec) { return std::make_unique<PngFile>(spec.out); }

}  // namespace output
