// sys/process: PATH look-ups and child processes (see process.hpp). A child is started with fork
// and execve: between the two only async-signal-safe calls (this process may have other threads),
// everything the child needs prepared before the fork; a pipe closed by the exec (O_CLOEXEC)
// carries a failed exec's errno back, so that "cannot start" is told apart from the program's own
// exit status.
#include "sys/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#ifdef __linux__
#include <sys/prctl.h>  // PR_SET_PDEATHSIG: Linux only
#endif
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>

extern char** environ;

namespace sys {

namespace {

bool executable_file(const std::string& path) {
    struct stat st {};
    return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(path.c_str(), X_OK) == 0;
}

void close_fd(int& fd) {
    if (fd >= 0) close(fd);
    fd = -1;
}

// A pipe whose both ends close on exec; false with errno set.
bool make_pipe(int fds[2]) { return pipe2(fds, O_CLOEXEC) == 0; }

Status decode(int raw) {
    Status s;
    if (WIFEXITED(raw)) {
        s.exited = true;
        s.code = WEXITSTATUS(raw);
    } else if (WIFSIGNALED(raw)) {
        s.signal = WTERMSIG(raw);
    }
    return s;
}

std::string base_name(const std::string& path) {
    const std::size_t slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The child, when a step before the exec failed: errno to the parent, then out.
[[noreturn]] void failed(int report) {
    const int e = errno;
    ssize_t n;
    do n = write(report, &e, sizeof e);
    while (n < 0 && errno == EINTR);
    _exit(127);
}

// The child, from fork to exec: async-signal-safe calls only. `from[i]` is what becomes standard
// stream i: a descriptor, −1 to keep this process's, −2 for /dev/null.
[[noreturn]] void become(char* const* argv, const int from[3], bool own_group, bool die_with_parent, pid_t parent,
                         int report) {
    if (die_with_parent) {
#ifdef __linux__
        if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) failed(report);
#endif
        if (getppid() != parent) _exit(127);  // the parent died before the line above
    }
    if (own_group) setpgid(0, 0);
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    for (int sig : {SIGPIPE, SIGINT, SIGTERM}) sigaction(sig, &dfl, nullptr);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    // Sources that sit on 0, 1 or 2 move out of the way first, so no dup2 overwrites another's.
    int src[3];
    for (int i = 0; i < 3; ++i) {
        src[i] = from[i];
        if (src[i] == -2) {
            src[i] = open("/dev/null", i == 0 ? O_RDONLY : O_WRONLY);
            if (src[i] < 0) failed(report);
        }
        if (src[i] >= 0 && src[i] <= 2 && src[i] != i) {
            src[i] = fcntl(src[i], F_DUPFD, 3);
            if (src[i] < 0) failed(report);
        }
    }
    for (int i = 0; i < 3; ++i) {
        if (src[i] < 0) continue;
        if (src[i] == i) {
            if (fcntl(i, F_SETFD, 0) != 0) failed(report);  // keep it across the exec
        } else if (dup2(src[i], i) < 0) {
            failed(report);
        }
    }
    // Nothing else of this process's goes to the program (where the kernel can say so at once).
#ifdef SYS_close_range
    syscall(SYS_close_range, 3u, ~0u, 4u /* CLOSE_RANGE_CLOEXEC */);
#endif
    execve(argv[0], argv, environ);
    failed(report);
}

}  // namespace

std::string find_in_path(const std::string& name) {
    if (name.empty()) return "";
    if (name.find('/') != std::string::npos) return access(name.c_str(), X_OK) == 0 ? name : "";
    const char* path = std::getenv("PATH");
    if (!path) return "";
    const std::string all = path;
    for (std::size_t at = 0; at <= all.size();) {
        std::size_t colon = all.find(':', at);
        if (colon == std::string::npos) colon = all.size();
        const std::string dir = all.substr(at, colon - at);
        const std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
        if (executable_file(candidate)) return candidate;
        at = colon + 1;
    }
    return "";
}

std::string Status::text() const {
    return exited ? "exit " + std::to_string(code) : "killed by signal " + std::to_string(signal);
}

Child::~Child() {
    close_pipes();
    if (pid_ > 0) stop(SIGKILL, 0.0);
}

void Child::close_pipes() {
    close_fd(in_);
    close_fd(out_);
    close_fd(err_);
}

void Child::close_input() { close_fd(in_); }

bool Child::start(const Command& cmd, std::string& error) {
    if (pid_ > 0) stop(SIGKILL, 0.0);
    close_pipes();
    status_ = {};
    if (cmd.argv.empty()) {
        error = "cannot start a program without a name";
        return false;
    }
    const std::string& program = cmd.argv[0];
#ifdef __EMSCRIPTEN__
    // The web build (cmake/web.cmake): a page starts no other programs, and says so.
    error = "cannot start " + base_name(program) + ": a web page runs no other programs";
    return false;
#endif
    // For each stream: this process's end of its pipe, the child's end, and what the child gets.
    int ours[3] = {-1, -1, -1}, theirs[3] = {-1, -1, -1}, from[3] = {-1, -1, -1};
    auto close_all = [&] {
        for (int& fd : ours) close_fd(fd);
        for (int& fd : theirs) close_fd(fd);
    };
    auto no_pipe = [&] {
        error = "cannot create a pipe to " + base_name(program) + ": " + std::strerror(errno);
        close_all();
        return false;
    };
    const Stream* streams[3] = {&cmd.in, &cmd.out, &cmd.err};
    for (int i = 0; i < 3; ++i) {
        switch (streams[i]->kind) {
            case Stream::Kind::Inherit: from[i] = -1; break;
            case Stream::Kind::Null: from[i] = -2; break;
            case Stream::Kind::Fd: from[i] = streams[i]->fd; break;
            case Stream::Kind::Pipe: {
                int fds[2];
                if (!make_pipe(fds)) return no_pipe();
                // Standard input: the child reads fds[0] and this process writes fds[1]; output
                // and errors the other way round.
                ours[i] = i == 0 ? fds[1] : fds[0];
                theirs[i] = from[i] = i == 0 ? fds[0] : fds[1];
                break;
            }
        }
    }
    int report[2];
    if (!make_pipe(report)) return no_pipe();
    std::vector<std::string> args = cmd.argv;
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    const pid_t parent = getpid();
    const pid_t pid = fork();
    if (pid == 0) become(argv.data(), from, cmd.own_group, cmd.die_with_parent, parent, report[1]);
    const int fork_errno = errno;
    for (int& fd : theirs) close_fd(fd);
    close(report[1]);
    int exec_errno = 0;
    if (pid > 0) {
        ssize_t n;
        while ((n = read(report[0], &exec_errno, sizeof exec_errno)) < 0 && errno == EINTR) {
        }
        if (n != static_cast<ssize_t>(sizeof exec_errno)) exec_errno = 0;  // closed by the exec: started
    }
    close(report[0]);
    if (pid < 0 || exec_errno != 0) {
        if (pid > 0) {
            int raw = 0;
            while (waitpid(pid, &raw, 0) < 0 && errno == EINTR) {
            }
        }
        close_all();
        error = "cannot start " + program + ": " + std::strerror(pid < 0 ? fork_errno : exec_errno);
        return false;
    }
    pid_ = pid;
    in_ = ours[0];
    out_ = ours[1];
    err_ = ours[2];
    return true;
}

bool Child::read_all(std::string* out, std::string* errors, std::size_t limit) {
    struct Source {
        int* fd;
        std::string* into;
    };
    Source sources[2] = {{&out_, out}, {&err_, errors}};
    char buf[65536];
    for (;;) {
        pollfd fds[2];
        Source* which[2];
        nfds_t n = 0;
        for (Source& s : sources)
            if (*s.fd >= 0) {
                fds[n] = {*s.fd, POLLIN, 0};
                which[n++] = &s;
            }
        if (n == 0) return true;
        if (poll(fds, n, -1) < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        for (nfds_t i = 0; i < n; ++i) {
            if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            const ssize_t got = read(fds[i].fd, buf, sizeof buf);
            if (got < 0) {
                if (errno == EINTR || errno == EAGAIN) continue;
                return false;
            }
            if (got == 0) {
                close_fd(*which[i]->fd);
                continue;
            }
            std::string* into = which[i]->into;
            if (into && into->size() < limit)
                into->append(buf, std::min(static_cast<std::size_t>(got), limit - into->size()));
        }
    }
}

Status Child::wait() {
    if (pid_ <= 0) return status_;
    int raw = 0;
    pid_t got;
    while ((got = waitpid(pid_, &raw, 0)) < 0 && errno == EINTR) {
    }
    status_ = got == pid_ ? decode(raw) : Status{};
    pid_ = -1;
    return status_;
}

bool Child::wait_for(double seconds, Status& status) {
    if (pid_ <= 0) {
        status = status_;
        return true;
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds > 0 ? seconds : 0);
    for (;;) {
        int raw = 0;
        const pid_t got = waitpid(pid_, &raw, WNOHANG);
        if (got == pid_ || (got < 0 && errno != EINTR)) {
            status_ = got == pid_ ? decode(raw) : Status{};
            pid_ = -1;
            status = status_;
            return true;
        }
        if (std::chrono::steady_clock::now() >= deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
}

Status Child::stop(int sig, double grace) {
    if (pid_ <= 0) return status_;
    kill(pid_, sig);
    // A stopped child (SIGSTOP, a terminal's ^Z) acts on no signal but SIGKILL until continued.
    if (sig != SIGKILL && sig != SIGCONT) kill(pid_, SIGCONT);
    Status s;
    if (sig != SIGKILL && wait_for(grace, s)) return s;
    if (sig != SIGKILL) kill(pid_, SIGKILL);
    return wait();
}

}  // namespace sys
