// output: the ffmpeg sink. ffmpeg is started with fork and execve of an argument vector (never a
// shell), dies with attnlab (PR_SET_PDEATHSIG), and reads raw I420 frames from a pipe enlarged to
// 1 MiB; the BGRA → I420 conversion is done here with libyuv (~1 ms a frame) on the rendering
// thread (prepare), so that the thread feeding the pipe mostly waits and x264 keeps a core. A
// repeated frame (a hold) sends the I420 of the frame before again, neither rendered nor
// converted. The encoder's arguments come from the format's row (formats.cpp); this file knows
// no codec. The output is staged under a temporary name and renamed only after ffmpeg exited
// with status 0.
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <libyuv.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "output/sinks.hpp"

extern char** environ;

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
        int fds[2];
        if (pipe2(fds, O_CLOEXEC) != 0) {
            error = std::string("cannot create a pipe to ffmpeg: ") + std::strerror(errno);
            return false;
        }
        fcntl(fds[1], F_SETPIPE_SZ, 1 << 20);  // 64 KiB by default: a 1080p frame is 3 MiB

        std::vector<std::string> args = arguments();
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);

        // fork + exec rather than posix_spawn, for what posix_spawn cannot ask: ffmpeg is killed
        // when attnlab dies (PR_SET_PDEATHSIG). Without it, a SIGKILLed attnlab closes the pipe
        // and ffmpeg takes that for the end of the video, finishing the temporary file into a
        // playable one. A pipe with O_CLOEXEC reports a failed exec's errno.
        int report[2];
        if (pipe2(report, O_CLOEXEC) != 0) {
            close(fds[0]);
            close(fds[1]);
            error = std::string("cannot create a pipe to ffmpeg: ") + std::strerror(errno);
            return false;
        }
        const pid_t parent = getpid();
        pid_ = fork();
        if (pid_ == 0) {
            // The child: async-signal-safe calls only, until exec.
            prctl(PR_SET_PDEATHSIG, SIGKILL);
            if (getppid() != parent) _exit(127);  // attnlab died before the line above
            // Its own process group: Ctrl-C reaches attnlab, which stops ffmpeg and cleans up.
            setpgid(0, 0);
            struct sigaction dfl {};
            dfl.sa_handler = SIG_DFL;
            sigemptyset(&dfl.sa_mask);
            for (int sig : {SIGPIPE, SIGINT, SIGTERM}) sigaction(sig, &dfl, nullptr);
            sigset_t none;
            sigemptyset(&none);
            sigprocmask(SIG_SETMASK, &none, nullptr);
            int null = open("/dev/null", O_WRONLY);
            if (dup2(fds[0], 0) < 0 || null < 0 || dup2(null, 1) < 0 || (err_fd_ >= 0 && dup2(err_fd_, 2) < 0)) {
                int e = errno;
                (void)!write(report[1], &e, sizeof e);
                _exit(127);
            }
            execve(ffmpeg_.c_str(), argv.data(), environ);
            int e = errno;
            (void)!write(report[1], &e, sizeof e);
            _exit(127);
        }
        const int fork_errno = errno;
        close(fds[0]);
        close(report[1]);
        int exec_errno = 0;
        if (pid_ > 0) {
            ssize_t n;
            while ((n = read(report[0], &exec_errno, sizeof exec_errno)) < 0 && errno == EINTR) {
            }
            if (n != static_cast<ssize_t>(sizeof exec_errno)) exec_errno = 0;  // closed by exec: started
            if (exec_errno != 0) reap();
        }
        close(report[0]);
        if (pid_ < 0 || exec_errno != 0) {
            close(fds[1]);
            error = "cannot start " + ffmpeg_ + ": " + std::strerror(exec_errno != 0 ? exec_errno : fork_errno);
            pid_ = -1;
            return false;
        }
        pipe_ = fds[1];
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
        if (pipe_ >= 0) close(pipe_);
        pipe_ = -1;
        int status = reap();
        if (!(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
            error = failure(status);
            return false;
        }
        return true;
    }

    bool commit(std::string& error) override { return staged_.commit(error); }

    void abort() override {
        give_back();
        if (pipe_ >= 0) close(pipe_);
        pipe_ = -1;
        if (pid_ > 0) {
            kill(pid_, SIGTERM);
            reap();
        }
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

    bool write_all(const uint8_t* data, std::size_t size, std::string& error) {
        while (size > 0) {
            ssize_t n = write(pipe_, data, size);
            if (n < 0) {
                if (errno == EINTR) {
                    if (g_stop.load()) {
                        error = "interrupted";
                        return false;
                    }
                    continue;
                }
                int e = errno;
                close(pipe_);
                pipe_ = -1;
                int status = reap();
                error = e == EPIPE ? failure(status) : std::string("cannot write to ffmpeg: ") + std::strerror(e);
                return false;
            }
            data += n;
            size -= static_cast<std::size_t>(n);
        }
        return true;
    }

    int reap() {
        int status = 0;
        if (pid_ <= 0) return status_;
        while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
        }
        pid_ = -1;
        status_ = status;
        return status;
    }

    // "ffmpeg failed (exit 1):" and the last lines it wrote to stderr.
    std::string failure(int status) const {
        std::string head = "ffmpeg failed";
        if (WIFEXITED(status)) head += " (exit " + std::to_string(WEXITSTATUS(status)) + ")";
        else if (WIFSIGNALED(status)) head += " (killed by signal " + std::to_string(WTERMSIG(status)) + ")";
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
    pid_t pid_ = -1;
    int status_ = 0;
    int pipe_ = -1;
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
    a.insert(a.end(), encoder.begin(), encoder.end());
    if (!mux.subtitles.empty()) a.insert(a.end(), {"-c:s", mux.subtitle_codec});
    if (!mux.voices.empty()) a.insert(a.end(), mux.audio_codec.begin(), mux.audio_codec.end());
    a.insert(a.end(), {"-y", "file:" + path});
    return a;
}

std::unique_ptr<Sink> make_ffmpeg(const SinkSpec& spec) { return std::make_unique<Ffmpeg>(spec); }

}  // namespace output
