// sys/: the POSIX helper for other programs (tag [sys]) — PATH look-ups, a child's exit status,
// its streams through pipes and redirections, a program that cannot start, EINTR while waiting
// and reading, the grace period of stop(), the child's signals, descriptors and process group,
// and a child that dies with its parent. The programs run are POSIX sh and its utilities.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>

#include "support/files.hpp"
#include "sys/process.hpp"

namespace {

using support::slurp;
using support::TempDir;

// $PATH set for a scope, then put back.
struct PathAs {
    std::string old;
    bool had;
    explicit PathAs(const std::string& value) {
        const char* p = std::getenv("PATH");
        had = p != nullptr;
        if (had) old = p;
        setenv("PATH", value.c_str(), 1);
    }
    ~PathAs() {
        if (had) setenv("PATH", old.c_str(), 1);
        else unsetenv("PATH");
    }
};

std::string sh() {
    const std::string path = sys::find_in_path("sh");
    REQUIRE(!path.empty());
    return path;
}

// Runs `sh -c script` with its output and errors piped; returns its status.
sys::Status run_sh(const std::string& script, std::string* out = nullptr, std::string* err = nullptr) {
    sys::Child child;
    std::string error;
    REQUIRE(child.start({{sh(), "-c", script}, sys::Stream::null(), sys::Stream::pipe(), sys::Stream::pipe()}, error));
    REQUIRE(child.read_all(out, err));
    return child.wait();
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

TEST_CASE("a program that cannot start is an error naming it and why; nothing runs", "[sys]") {
    TempDir tmp;
    sys::Child child;
    std::string error;
    CHECK_FALSE(child.start({{(tmp.path / "absent").string()}}, error));
    CHECK(error == "cannot start " + (tmp.path / "absent").string() + ": No such file or directory");
    CHECK_FALSE(child.running());
    const std::string plain = tmp.write("plain", "#!/bin/sh\nexit 0\n");  // not executable
    CHECK_FALSE(child.start({{plain}}, error));
    CHECK(error == "cannot start " + plain + ": Permission denied");
    CHECK_FALSE(child.running());
    CHECK_FALSE(child.start({{}}, error));
}

TEST_CASE("find_in_path: the first executable file of PATH, never a folder or a file without x", "[sys]") {
    TempDir a, b;
    const std::string in_a = a.write("tool", "#!/bin/sh\n"), in_b = b.write("tool", "#!/bin/sh\n");
    chmod(in_b.c_str(), 0755);                         // a's is not executable: b's is found
    std::filesystem::create_directory(a.path / "dir");  // a folder of the name is not a program
    chmod((a.path / "dir").c_str(), 0755);
    const std::string plain = a.write("plain", "x");
    {
        PathAs path(a.path.string() + ":" + b.path.string());
        CHECK(sys::find_in_path("tool") == in_b);
        CHECK(sys::find_in_path("dir").empty());
        CHECK(sys::find_in_path("plain").empty());
        CHECK(sys::find_in_path("attnlab-no-such-program").empty());
        CHECK(sys::find_in_path("").empty());
        chmod(in_a.c_str(), 0755);
        CHECK(sys::find_in_path("tool") == in_a);  // now a's comes first
        // A name with a slash is a path, not looked up.
        CHECK(sys::find_in_path(in_b) == in_b);
        CHECK(sys::find_in_path(plain).empty());
    }
    {
        PathAs path("");
        unsetenv("PATH");
        CHECK(sys::find_in_path("tool").empty());
    }
}

TEST_CASE("a child's exit status: its code, or the signal that killed it", "[sys]") {
    for (int code : {0, 1, 3, 255}) {
        const sys::Status s = run_sh("exit " + std::to_string(code));
        CHECK(s.exited);
        CHECK(s.code == code);
        CHECK(s.ok() == (code == 0));
        CHECK(s.exit_code() == code);
        CHECK(s.text() == "exit " + std::to_string(code));
    }
    const sys::Status killed = run_sh("kill -9 $$");
    CHECK_FALSE(killed.exited);
    CHECK(killed.signal == SIGKILL);
    CHECK_FALSE(killed.ok());
    CHECK(killed.exit_code() == 128 + SIGKILL);
    CHECK(killed.text() == "killed by signal 9");
    // Waiting again gives the same status.
    sys::Child child;
    std::string error;
    REQUIRE(child.start({{sh(), "-c", "exit 7"}}, error));
    CHECK(child.wait().code == 7);
    CHECK_FALSE(child.running());
    CHECK(child.wait().code == 7);
}

TEST_CASE("pipes: input written, output and errors read at once, however much of each", "[sys]") {
    // 300 kB of errors before any output: read one stream after the other, the child would block
    // on a full pipe of errors while we wait for its output.
    std::string out, err;
    const sys::Status s = run_sh("head -c 300000 /dev/zero | tr '\\0' e >&2; head -c 200000 /dev/zero | tr '\\0' o",
                                 &out, &err);
    CHECK(s.ok());
    CHECK(out == std::string(200000, 'o'));
    CHECK(err == std::string(300000, 'e'));

    // A limit keeps the first bytes and drains the rest: the child is never left blocked.
    sys::Child child;
    std::string error;
    REQUIRE(child.start({{sh(), "-c", "head -c 500000 /dev/zero | tr '\\0' x; printf end >&2"}, sys::Stream::null(),
                         sys::Stream::pipe(), sys::Stream::pipe()},
                        error));
    out.clear();
    err.clear();
    REQUIRE(child.read_all(&out, &err, 1000));
    CHECK(out == std::string(1000, 'x'));
    CHECK(err == "end");
    CHECK(child.wait().ok());

    // Standard input through a pipe: what we write, the child reads, until we close it.
    REQUIRE(child.start({{sh(), "-c", "tr a-z A-Z"}, sys::Stream::pipe(), sys::Stream::pipe(), sys::Stream::null()},
                        error));
    REQUIRE(child.input() >= 0);
    CHECK(child.errors() == -1);
    const std::string text = "the query meets every key\n";
    REQUIRE(write(child.input(), text.data(), text.size()) == static_cast<ssize_t>(text.size()));
    child.close_input();
    out.clear();
    REQUIRE(child.read_all(&out, nullptr));
    CHECK(out == "THE QUERY MEETS EVERY KEY\n");
    CHECK(child.wait().ok());
}

TEST_CASE("redirections: /dev/null and a descriptor of ours; nothing else of ours is inherited", "[sys]") {
    TempDir tmp;
    const int file = open((tmp.path / "out.txt").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);  // no O_CLOEXEC
    REQUIRE(file >= 0);
    // A descriptor left open without O_CLOEXEC, at a number sh does not use.
    REQUIRE(dup2(file, 57) == 57);
    sys::Child child;
    std::string error;
    REQUIRE(child.start({{sh(), "-c", "cat; printf 'written'; if [ -e /proc/self/fd/57 ]; then printf ' 57'; fi"},
                         sys::Stream::null(), sys::Stream::to(file), sys::Stream::null()},
                        error));
    CHECK(child.output() == -1);
    CHECK(child.wait().ok());
    close(57);
    close(file);
    CHECK(slurp(tmp.path / "out.txt") == "written");  // stdin was empty; fd 57 was not passed on
}

TEST_CASE("a child starts with SIGPIPE, SIGINT and SIGTERM at their defaults, whatever ours are", "[sys]") {
    struct sigaction ign {}, old_pipe {}, old_term {};
    ign.sa_handler = SIG_IGN;
    sigemptyset(&ign.sa_mask);
    sigaction(SIGPIPE, &ign, &old_pipe);
    sigaction(SIGTERM, &ign, &old_term);
    sigset_t blocked, old_mask;
    sigemptyset(&blocked);
    sigaddset(&blocked, SIGINT);
    pthread_sigmask(SIG_BLOCK, &blocked, &old_mask);
    const sys::Status piped = run_sh("kill -PIPE $$; exit 0");
    const sys::Status termed = run_sh("kill -TERM $$; exit 0");
    const sys::Status inted = run_sh("kill -INT $$; exit 0");
    pthread_sigmask(SIG_SETMASK, &old_mask, nullptr);
    sigaction(SIGPIPE, &old_pipe, nullptr);
    sigaction(SIGTERM, &old_term, nullptr);
    CHECK(piped.signal == SIGPIPE);
    CHECK(termed.signal == SIGTERM);
    CHECK(inted.signal == SIGINT);
}

namespace {
std::atomic<int> g_alarms{0};
void on_alarm(int) { g_alarms.fetch_add(1); }
}  // namespace

TEST_CASE("EINTR: signals arriving every millisecond interrupt neither reading nor waiting", "[sys]") {
    struct sigaction sa {}, old {};
    sa.sa_handler = on_alarm;  // no SA_RESTART: every blocked call returns EINTR
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, &old);
    itimerval every{{0, 1000}, {0, 1000}}, off{};
    g_alarms = 0;
    setitimer(ITIMER_REAL, &every, nullptr);
    std::string out, err;
    const sys::Status s = run_sh("sleep 0.3; printf first; sleep 0.2; printf ' second'; exit 4", &out, &err);
    sys::Child child;
    std::string error;
    REQUIRE(child.start({{sh(), "-c", "sleep 0.3; exit 5"}}, error));
    const sys::Status waited = child.wait();
    setitimer(ITIMER_REAL, &off, nullptr);
    sigaction(SIGALRM, &old, nullptr);
    CHECK(g_alarms.load() > 50);  // the calls were interrupted, many times
    CHECK(out == "first second");
    CHECK(s.code == 4);
    CHECK(waited.code == 5);
}

TEST_CASE("wait_for and stop: a child that outlives the wait is stopped, by SIGKILL if it ignores SIGTERM", "[sys]") {
    sys::Child child;
    std::string error;
    REQUIRE(child.start({{sh(), "-c", "exec sleep 30"}}, error));
    sys::Status s;
    auto t0 = std::chrono::steady_clock::now();
    CHECK_FALSE(child.wait_for(0.1, s));
    CHECK(seconds_since(t0) >= 0.1);
    CHECK(child.running());
    s = child.stop(SIGTERM, 5.0);
    CHECK(s.signal == SIGTERM);
    CHECK_FALSE(child.running());

    REQUIRE(child.start({{sh(), "-c", "trap '' TERM; exec sleep 30"}}, error));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));  // the trap set
    t0 = std::chrono::steady_clock::now();
    s = child.stop(SIGTERM, 0.3);
    const double took = seconds_since(t0);
    CHECK(s.signal == SIGKILL);
    CHECK(took >= 0.3);
    CHECK(took < 5.0);

    // A child that ends within the wait: its status.
    REQUIRE(child.start({{sh(), "-c", "exit 2"}}, error));
    REQUIRE(child.wait_for(5.0, s));
    CHECK(s.code == 2);
}

TEST_CASE("own_group: the child leads a process group of its own", "[sys]") {
    sys::Child child;
    std::string error;
    REQUIRE(child.start({{sh(), "-c", "exec sleep 30"}}, error));
    CHECK(getpgid(child.pid()) == getpgrp());
    child.stop(SIGKILL, 0);
    sys::Command cmd{{sh(), "-c", "exec sleep 30"}};
    cmd.own_group = true;
    REQUIRE(child.start(cmd, error));
    CHECK(getpgid(child.pid()) == child.pid());
    // Destroying a Child that still runs kills it and waits for it: nothing is left.
    pid_t pid = -1;
    {
        sys::Child other;
        REQUIRE(other.start({{sh(), "-c", "exec sleep 30"}}, error));
        pid = other.pid();
        CHECK(kill(pid, 0) == 0);
    }
    errno = 0;
    CHECK(kill(pid, 0) == -1);
    CHECK(errno == ESRCH);
}

TEST_CASE("die_with_parent: the child is killed when the process that started it dies", "[sys]") {
    // We adopt orphans (a subreaper), so that the grandchild's end can be waited for here.
    REQUIRE(prctl(PR_SET_CHILD_SUBREAPER, 1) == 0);
    for (bool dies : {true, false}) {
        INFO("die_with_parent " << dies);
        int fds[2];
        REQUIRE(pipe(fds) == 0);
        const std::string shell = sh();
        const pid_t middle = fork();
        REQUIRE(middle >= 0);
        if (middle == 0) {
            close(fds[0]);
            sys::Command cmd{{shell, "-c", "exec sleep 30"}};
            cmd.die_with_parent = dies;
            auto* child = new sys::Child;  // never destroyed: the process ends without stopping it
            std::string error;
            pid_t pid = child->start(cmd, error) ? child->pid() : -1;
            (void)!write(fds[1], &pid, sizeof pid);
            _exit(0);
        }
        close(fds[1]);
        pid_t grandchild = -1;
        REQUIRE(read(fds[0], &grandchild, sizeof grandchild) == static_cast<ssize_t>(sizeof grandchild));
        close(fds[0]);
        REQUIRE(grandchild > 0);
        int status = 0;
        REQUIRE(waitpid(middle, &status, 0) == middle);
        if (dies) {
            REQUIRE(waitpid(grandchild, &status, 0) == grandchild);
            CHECK(WIFSIGNALED(status));
            CHECK(WTERMSIG(status) == SIGKILL);
        } else {
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
            CHECK(waitpid(grandchild, &status, WNOHANG) == 0);  // still running
            kill(grandchild, SIGKILL);
            REQUIRE(waitpid(grandchild, &status, 0) == grandchild);
        }
    }
    prctl(PR_SET_CHILD_SUBREAPER, 0);
}
