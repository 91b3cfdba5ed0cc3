// sys/process: the one POSIX helper for other programs — finding one in $PATH, starting it with
// an argument vector (never a shell) and its standard streams redirected or piped, and waiting
// for it (through EINTR; its exit status; killed after a grace period where the caller needs
// that). ffprobe, ffmpeg and espeak-ng are started through it. Knows no attnlab type: no deck,
// no export, no window; the modules that run programs (load, output, app) use it, and nothing
// the drawing or the timeline needs does.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <limits>
#include <string>
#include <vector>

namespace sys {

// The executable `name` as $PATH finds it: the first directory of PATH (an empty entry is the
// current one) holding a regular file of that name that this process may execute; "" when none
// does, or PATH is unset. A name with a '/' is a path: returned when it may be executed.
std::string find_in_path(const std::string& name);

// Where one of a child's standard streams goes.
struct Stream {
    enum class Kind {
        Inherit,  // this process's own (the default)
        Null,     // /dev/null
        Pipe,     // a pipe to this process: Child::input(), output(), errors()
        Fd,       // a descriptor of this process (`fd`, which stays open here)
    };
    Kind kind = Kind::Inherit;
    int fd = -1;

    static Stream inherit() { return {}; }
    static Stream null() { return {Kind::Null, -1}; }
    static Stream pipe() { return {Kind::Pipe, -1}; }
    static Stream to(int descriptor) { return {Kind::Fd, descriptor}; }
};

// A program to start.
struct Command {
    // argv[0] is the program's path, executed as it is (not looked up: find_in_path does that).
    std::vector<std::string> argv;
    Stream in, out, err;  // its standard input, output and error
    // Its own process group: a Ctrl-C on the terminal reaches this process only, which then
    // stops the child itself.
    bool own_group = false;
    // Killed (SIGKILL) when this process dies, even by SIGKILL (Linux's PR_SET_PDEATHSIG). A
    // child this asks for is started with fork and exec, which can ask it; posix_spawn cannot.
    bool die_with_parent = false;
};

// How a child ended.
struct Status {
    bool exited = false;  // it called exit: `code`; otherwise a signal killed it: `signal`
    int code = 0;
    int signal = 0;
    bool ok() const { return exited && code == 0; }
    // As a shell gives it: the exit code, or 128 + the signal.
    int exit_code() const { return exited ? code : 128 + signal; }
    // "exit 1", "killed by signal 9"
    std::string text() const;
};

// A started program. Every child starts with SIGPIPE, SIGINT and SIGTERM at their defaults and
// no signal blocked, whatever this process does with them, and inherits no descriptor of this
// process but its three streams. Destroying a Child that is still running kills it (SIGKILL)
// and waits for it; its pipes are closed.
class Child {
public:
    Child() = default;
    ~Child();
    Child(const Child&) = delete;
    Child& operator=(const Child&) = delete;

    // Starts `cmd`. False with `error` set ("cannot start PATH: REASON", the reason being the
    // exec's own: a missing file, no permission …); then nothing is running.
    bool start(const Command& cmd, std::string& error);
    bool running() const { return pid_ > 0; }
    pid_t pid() const { return pid_; }

    // This process's ends of the pipes of Stream::pipe() streams (−1 for the others): the
    // child's standard input to write, its output and errors to read.
    int input() const { return in_; }
    int output() const { return out_; }
    int errors() const { return err_; }
    void close_input();  // the child then reads end-of-file

    // Reads the child's piped output and errors until both end, at the same time (neither pipe
    // can fill and block the child), keeping at most the first `limit` bytes of each (the rest is
    // read and dropped). A null string drops that stream. False when a read fails (errno set).
    bool read_all(std::string* out, std::string* errors,
                  std::size_t limit = std::numeric_limits<std::size_t>::max());

    // Waits for the child to end (through EINTR) and returns how it did; once it has, returns
    // that again.
    Status wait();
    // Waits at most `seconds`: true with `status` set once it has ended, false while it runs.
    bool wait_for(double seconds, Status& status);
    // Sends `sig` (and SIGCONT, so that a stopped child acts on it), gives the child `grace`
    // seconds to end, then kills it (SIGKILL); returns how it ended. Nothing when it has already
    // ended.
    Status stop(int sig, double grace);

private:
    void close_pipes();

    pid_t pid_ = -1;
    int in_ = -1, out_ = -1, err_ = -1;
    Status status_;
};

}  // namespace sys
