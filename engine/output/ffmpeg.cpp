// output: the ffmpeg sink. ffmpeg is started with posix_spawn and an argument vector (never a
// shell) and reads raw I420 frames from a pipe enlarged to 1 MiB; the BGRA → I420 conversion is
// done here with libyuv (~1 ms a frame), which is what lets x264 keep up. The output is written
// under a temporary name and renamed only after ffmpeg exited with status 0.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <libyuv.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "output/sinks.hpp"

extern char** environ;

namespace output {

namespace {

std::string fps_text(double fps) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", fps);
    return buf;
}

class Ffmpeg final : public Sink {
public:
    Ffmpeg(std::string ffmpeg, std::string out, Kind kind, int w, int h, double fps)
        : ffmpeg_(std::move(ffmpeg)), out_(std::move(out)), kind_(kind), w_(w), h_(h), fps_(fps) {}
    ~Ffmpeg() override { abort(); }

    bool begin(std::string& error) override {
        tmp_ = temp_name(out_);
        int fd = open(tmp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (fd < 0) {
            error = "cannot write " + out_ + ": " + std::strerror(errno);
            return false;
        }
        close(fd);
        created_ = true;

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

        posix_spawn_file_actions_t fa;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_adddup2(&fa, fds[0], 0);
        posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
        if (err_fd_ >= 0) posix_spawn_file_actions_adddup2(&fa, err_fd_, 2);
        posix_spawnattr_t attr;
        posix_spawnattr_init(&attr);
        sigset_t defaults, none;
        sigemptyset(&defaults);
        sigaddset(&defaults, SIGPIPE);
        sigaddset(&defaults, SIGINT);
        sigaddset(&defaults, SIGTERM);
        sigemptyset(&none);
        posix_spawnattr_setsigdefault(&attr, &defaults);
        posix_spawnattr_setsigmask(&attr, &none);
        // Its own process group: Ctrl-C reaches attnlab, which stops ffmpeg and cleans up.
        posix_spawnattr_setpgroup(&attr, 0);
        posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP);
        int rc = posix_spawn(&pid_, ffmpeg_.c_str(), &fa, &attr, argv.data(), environ);
        posix_spawn_file_actions_destroy(&fa);
        posix_spawnattr_destroy(&attr);
        close(fds[0]);
        if (rc != 0) {
            close(fds[1]);
            pid_ = -1;
            error = "cannot start " + ffmpeg_ + ": " + std::strerror(rc);
            return false;
        }
        pipe_ = fds[1];
        const std::size_t y = static_cast<std::size_t>(w_) * static_cast<std::size_t>(h_);
        yuv_.resize(y + 2 * (y / 4));
        return true;
    }

    bool frame(long, std::unique_ptr<Image> img, FramePool& pool, std::string& error) override {
        const std::size_t y = static_cast<std::size_t>(w_) * static_cast<std::size_t>(h_);
        uint8_t* py = yuv_.data();
        uint8_t* pu = py + y;
        uint8_t* pv = pu + y / 4;
        libyuv::ARGBToI420(img->pixels.data(), img->stride, py, w_, pu, w_ / 2, pv, w_ / 2, w_, h_);
        pool.release(std::move(img));
        return write_all(yuv_.data(), yuv_.size(), error);
    }

    bool finish(std::string& error) override {
        if (pipe_ >= 0) close(pipe_);
        pipe_ = -1;
        int status = reap();
        if (!(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
            error = failure(status);
            return false;
        }
        return true;
    }

    bool commit(std::string& error) override {
        if (rename(tmp_.c_str(), out_.c_str()) != 0) {
            error = "cannot write " + out_ + ": " + std::strerror(errno);
            return false;
        }
        created_ = false;
        return true;
    }

    void abort() override {
        if (pipe_ >= 0) close(pipe_);
        pipe_ = -1;
        if (pid_ > 0) {
            kill(pid_, SIGTERM);
            reap();
        }
        if (created_) unlink(tmp_.c_str());
        created_ = false;
        if (err_fd_ >= 0) close(err_fd_);
        err_fd_ = -1;
    }

private:
    std::vector<std::string> arguments() const {
        std::vector<std::string> a = {ffmpeg_, "-hide_banner", "-nostdin", "-loglevel", "error",
                                       "-f", "rawvideo", "-pix_fmt", "yuv420p",
                                       "-video_size", std::to_string(w_) + "x" + std::to_string(h_),
                                       "-framerate", fps_text(fps_), "-i", "pipe:0"};
        // libyuv's ARGBToI420 is BT.601, limited range: say so in the file.
        const std::vector<std::string> bt601 = {"-color_range", "tv", "-colorspace", "smpte170m",
                                                "-color_primaries", "smpte170m", "-color_trc", "smpte170m"};
        switch (kind_) {
            case Kind::Mp4:
                a.insert(a.end(), {"-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-pix_fmt", "yuv420p",
                                   "-movflags", "+faststart"});
                a.insert(a.end(), bt601.begin(), bt601.end());
                a.insert(a.end(), {"-f", "mp4"});
                break;
            case Kind::Webm:
                a.insert(a.end(), {"-c:v", "libvpx-vp9", "-crf", "32", "-b:v", "0", "-row-mt", "1", "-deadline",
                                   "good", "-cpu-used", "5", "-pix_fmt", "yuv420p"});
                a.insert(a.end(), bt601.begin(), bt601.end());
                a.insert(a.end(), {"-f", "webm"});
                break;
            default:  // Gif: one palette for the whole clip, generated from its frames
                a.insert(a.end(), {"-filter_complex", "[0:v]split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse",
                                   "-loop", "0", "-f", "gif"});
                break;
        }
        a.insert(a.end(), {"-y", tmp_});
        return a;
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

    std::string ffmpeg_, out_, tmp_;
    Kind kind_;
    int w_, h_;
    double fps_;
    bool created_ = false;
    pid_t pid_ = -1;
    int status_ = 0;
    int pipe_ = -1;
    int err_fd_ = -1;
    std::vector<uint8_t> yuv_;
};

}  // namespace

std::unique_ptr<Sink> make_ffmpeg(const std::string& ffmpeg, const std::string& out, Kind kind, int width, int height,
                                  double fps) {
    return std::make_unique<Ffmpeg>(ffmpeg, out, kind, width, height, fps);
}

}  // namespace output
