// output/sinks/ffmpeg: the ffmpeg sink. ffmpeg is started through sys/process with an argument
// vector (never a shell), in its own process group, dying with attnlab (die_with_parent), and
// reads raw I420 frames from a pipe enlarged to 1 MiB; the BGRA → I420 conversion is done here
// with libyuv (~1 ms a frame) on the rendering thread (prepare), so that the thread feeding the
// pipe mostly waits and x264 keeps a core. A repeated frame (a hold) sends the I420 of the frame
// before again, neither rendered nor converted. The encoder's arguments come from the format's
// row (formats.cpp); this file knows no codec. The output is staged under a temporary name and
// renamed only after ffmpeg exited with status 0. The pipe is written without blocking and ffmpeg
// waited for a twentieth of a second at a time, so that Ctrl-C stops an export whose ffmpeg is
// stopped or hung.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <libyuv.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "output/sinks.hpp"
#include "sys/process.hpp"

namespace output {

namespace {

// Seconds for a filter's option, to the microsecond at any length up to the four-hour limit.
std::string seconds_text(double t) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.6f", t);
    return buf;
}

std::string fps_text(double fps) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", fps);
    return buf;
}

class Ffmpeg final : public Sink {
public:
    explicit Ffmpeg(const SinkSpec& spec)
        : ffmpeg_(spec.ffmpeg), encoder_(spec.format.ffmpeg), staged_(spec.out, Target::File), w_(spec.width),
          h_(spec.height), fps_(spec.fps), mux_(spec.mux) {}
    ~Ffmpeg() override { abort(); }

    Input input() const override { return Input::Raster; }
    int pool_size() const override { return 4; }  // one of them held back for repeats

    void prepare(Image& img) const override {
        const std::size_t y = static_cast<std::size_t>(w_) * static_cast<std::size_t>(h_);
        img.converted.resize(y + 2 * (y / 4));
        uint8_t* py = img.converted.data();
        uint8_t* pu = py + y;
        uint8_t* pv = pu + y / 4;
        libyuv::ARGBToI420(img.pixels.data(), img.stride, py, w_, pu, w_ / 2, pv, w_ / 2, w_, h_);
    }

    bool begin(std::string& error) override {
        if (encoder_.empty()) {
            error = "cannot write " + staged_.final_path() + ": its format gives no ffmpeg arguments";
            return false;
        }
        if (!staged_.create(error)) return false;

        // ffmpeg's stderr goes to an anonymous file, so that its tail can be quoted on failure.
        err_fd_ = open("/tmp", O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
        if (err_fd_ < 0) {
            char name[] = "/tmp/attnlab-ffmpeg-XXXXXX";
            err_fd_ = mkostemp(name, O_CLOEXEC);
            if (err_fd_ >= 0) unlink(name);
        }
        // ffmpeg dies with attnlab (die_with_parent: fork and exec, which posix_spawn cannot
        // ask for). Without it, a SIGKILLed attnlab closes the pipe and ffmpeg takes that for
        // the end of the video, finishing the temporary file into a playable one. Its own process
        // group: Ctrl-C reaches attnlab, which stops ffmpeg and cleans up.
        sys::Command cmd{arguments(), sys::Stream::pipe(), sys::Stream::null(),
                         err_fd_ >= 0 ? sys::Stream::to(err_fd_) : sys::Stream::inherit()};
        cmd.own_group = true;
        cmd.die_with_parent = true;
        if (!child_.start(cmd, error)) return false;
        fcntl(child_.input(), F_SETPIPE_SZ, 1 << 20);  // 64 KiB by default: a 1080p frame is 3 MiB
        // Never blocked on the pipe: a stopped or hung ffmpeg must not hold Ctrl-C (write_all).
        fcntl(child_.input(), F_SETFL, fcntl(child_.input(), F_GETFL) | O_NONBLOCK);
        return true;
    }

    bool frame(Frame f, std::string& error) override {
        pool_ = f.pool;
        if (!f.repeat || !last_) {
            if (!f.image) {
                error = "frame " + std::to_string(f.index) + " has no picture";
                return false;
            }
            if (last_) pool_->release(std::move(last_));
            last_ = std::move(f.image);  // kept: the frames after it may repeat it
        }
        return write_all(last_->converted.data(), last_->converted.size(), error);
    }

    bool finish(std::string& error) override {
        give_back();
        child_.close_input();
        // Waited for a little at a time, so that a signal still stops an encoder that never ends.
        sys::Status status;
        while (!child_.wait_for(kStopCheck, status)) {
            if (g_stop.load()) {
                error = "interrupted";
                return false;
            }
        }
        if (!status.ok()) {
            error = failure(status);
            return false;
        }
        return true;
    }

    bool commit(std::string& error) override { return staged_.commit(error); }

    void abort() override {
        give_back();
        child_.close_input();
        // SIGTERM (and SIGCONT, should it be stopped), then SIGKILL if ffmpeg has not gone within
        // the grace: what it wrote is discarded either way.
        child_.stop(SIGTERM, kStopGrace);
        staged_.discard();
        if (err_fd_ >= 0) close(err_fd_);
        err_fd_ = -1;
    }

private:
    std::vector<std::string> arguments() const {
        return ffmpeg_arguments(ffmpeg_, encoder_, w_, h_, fps_, staged_.path(), mux_);
    }

    // The frame kept for repeats goes back to the pool.
    void give_back() {
        if (last_ && pool_) pool_->release(std::move(last_));
        last_.reset();
    }

    // Writes to the pipe (non-blocking) as ffmpeg reads, waiting for room kStopCheck at a time:
    // a signal (g_stop) ends the wait however long ffmpeg does not read — stopped (SIGSTOP), or
    // hung.
    bool write_all(const uint8_t* data, std::size_t size, std::string& error) {
        while (size > 0) {
            if (g_stop.load()) {
                error = "interrupted";
                return false;
            }
            ssize_t n = write(child_.input(), data, size);
            if (n < 0) {
                if (errno == EINTR) continue;
                if (errno == EAGAIN || errno == EWOULDBLOCK) {
                    pollfd room{child_.input(), POLLOUT, 0};
                    poll(&room, 1, static_cast<int>(kStopCheck * 1000));
                    continue;
                }
                const int e = errno;
                child_.close_input();
                const sys::Status status = child_.wait();
                error = e == EPIPE ? failure(status) : std::string("cannot write to ffmpeg: ") + std::strerror(e);
                return false;
            }
            data += n;
            size -= static_cast<std::size_t>(n);
        }
        return true;
    }

    // "ffmpeg failed (exit 1):" and the last lines it wrote to stderr.
    std::string failure(const sys::Status& status) const {
        const std::string head = "ffmpeg failed (" + status.text() + ")";
        std::string tail;
        if (err_fd_ >= 0) {
            off_t size = lseek(err_fd_, 0, SEEK_END);
            off_t from = size > 2000 ? size - 2000 : 0;
            tail.resize(static_cast<std::size_t>(size - from));
            ssize_t got = pread(err_fd_, tail.data(), tail.size(), from);
            tail.resize(got > 0 ? static_cast<std::size_t>(got) : 0);
            while (!tail.empty() && (tail.back() == '\n' || tail.back() == '\r')) tail.pop_back();
            // Keep the last eight lines.
            std::size_t at = tail.size();
            for (int lines = 0; lines < 8 && at != std::string::npos && at > 0; ++lines) at = tail.rfind('\n', at - 1);
            if (at != std::string::npos && at > 0) tail = tail.substr(at + 1);
        }
        return tail.empty() ? head : head + ":\n" + tail;
    }

    std::string ffmpeg_;
    std::vector<std::string> encoder_;  // the format's ffmpeg output arguments
    Staged staged_;
    int w_, h_;
    double fps_;
    MuxInputs mux_;
    static constexpr double kStopGrace = 1.0;  // seconds ffmpeg has to go after SIGTERM
    static constexpr double kStopCheck = 0.05;  // seconds between looks at g_stop, ffmpeg waited for
    sys::Child child_;                          // ffmpeg, its standard input our pipe
    int err_fd_ = -1;
    FramePool* pool_ = nullptr;
    std::unique_ptr<Image> last_;  // the frame last sent, its I420 in `converted`
};

}  // namespace

// ffmpeg reads raw I420 from the pipe (and may open nothing but a pipe or a file for it); the
// row's arguments say how to encode and mux it. The output is named as a file, "file:PATH",
// so that no path is ever read as a protocol ("pipe:1/x.gif", "tcp:host:port/x.webm").
std::vector<std::string> ffmpeg_arguments(const std::string& ffmpeg, const std::vector<std::string>& encoder,
                                          int width, int height, double fps, const std::string& path,
                                          const MuxInputs& mux) {
    std::vector<std::string> a = {ffmpeg, "-hide_banner", "-nostdin", "-loglevel", "error",
                                  "-f", "rawvideo", "-pix_fmt", "yuv420p",
                                  "-video_size", std::to_string(width) + "x" + std::to_string(height),
                                  "-framerate", fps_text(fps), "-protocol_whitelist", "file,pipe",
                                  "-i", "pipe:0"};
    // Further inputs are files (and only files): the chapters, then the subtitles.
    std::vector<std::string> maps = {"-map", "0:v"};
    int input = 0;
    if (!mux.chapters.empty()) {
        a.insert(a.end(), {"-f", "ffmetadata", "-protocol_whitelist", "file", "-i", "file:" + mux.chapters});
        const std::string n = std::to_string(++input);
        maps.insert(maps.end(), {"-map_metadata", n, "-map_chapters", n});
    }
    if (!mux.subtitles.empty()) {
        a.insert(a.end(), {"-f", "webvtt", "-protocol_whitelist", "file", "-i", "file:" + mux.subtitles});
        maps.insert(maps.end(), {"-map", std::to_string(++input) + ":s"});
    }
    // The voice clips: each resampled to 48 kHz stereo, cut to its length, delayed to its start
    // (in samples, exact), mixed without rescaling, then padded or cut to the video's length.
    if (!mux.voices.empty()) {
        std::string graph, labels;
        for (std::size_t j = 0; j < mux.voices.size(); ++j) {
            const VoiceClip& v = mux.voices[j];
            a.insert(a.end(), {"-protocol_whitelist", "file", "-i", "file:" + v.path});
            const std::string label = "[v" + std::to_string(j) + "]";
            graph += "[" + std::to_string(++input) + ":a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,"
                     "atrim=end=" + seconds_text(v.length) + ",adelay=delays=" +
                     std::to_string(std::llround(v.start * 48000.0)) + "S:all=1" + label + ";";
            labels += label;
        }
        graph += labels + (mux.voices.size() > 1 ? "amix=inputs=" + std::to_string(mux.voices.size()) +
                                                       ":normalize=0:duration=longest,"
                                                 : std::string()) +
                 "apad=whole_dur=" + seconds_text(mux.length) + ",atrim=end=" + seconds_text(mux.length) + "[voice]";
        maps.insert(maps.end(), {"-filter_complex", graph, "-map", "[voice]"});
    }
    if (input > 0) a.insert(a.end(), maps.begin(), maps.end());
    // Set after the chapters are copied from the FFMETADATA input: exact, whatever they hold.
    for (const auto& [index, title] : mux.chapter_titles)
        a.insert(a.end(), {"-metadata:c:" + std::to_string(index), "title=" + title});
    a.insert(a.end(), encoder.begin(), encoder.end());
    if (!mux.subtitles.empty()) a.insert(a.end(), {"-c:s", mux.subtitle_codec});
    if (!mux.voices.empty()) a.insert(a.end(), mux.audio_codec.begin(), mux.audio_codec.end());
    a.insert(a.end(), {"-y", "file:" + path});
    return a;
}

std::unique_ptr<Sink> make_ffmpeg(const SinkSpec& spec) { return std::make_unique<Ffmpeg>(spec); }

}  // namespace output
