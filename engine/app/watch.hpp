// app/watch: hot reload by polling modification times (no inotify needed, ~250 ms is plenty),
// and the load off the window's thread (Reloader), swapped in when it is ready. Knows no platform.
#pragma once

#include <atomic>
#include <filesystem>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "app/session.hpp"
#include "load/load.hpp"
#include "scene/scene.hpp"

namespace app {

class Watcher {
public:
    // Watches `deck_file` and every file the deck was built from (included decks, scenes, the
    // tensor files a scene names), and `more` besides.
    void watch(const std::string& deck_file, const scene::Deck& deck, const std::vector<std::string>& more = {});
    // True once per change (a file's mtime or size differs from the last look, or it appeared).
    bool changed();
    const std::vector<std::string>& files() const { return files_; }

private:
    struct Stamp {
        std::filesystem::file_time_type mtime{};
        std::uintmax_t size = 0;
        bool exists = false;
    };
    static Stamp stamp(const std::string& f);
    std::vector<std::string> files_;
    std::vector<Stamp> stamps_;
};

// Loads `path` again (load::load_file, the files it names inside `root`; "": the default root).
// A good deck replaces the session's, staying on the same step, and the watcher follows its
// scene files; a broken one keeps the last good deck and puts the diagnostics (file:line:column)
// in the session's overlay. Returns true when it loaded.
bool reload(Session& session, const std::string& path, Watcher* watcher, const std::string& root = {});
// The same with a load already made: a good deck is swapped in, a broken one's errors shown.
bool apply_reload(Session& session, const std::string& path, load::Result result, Watcher* watcher);

// Hot reload off the window's thread: a load can take seconds (a large scene), and the window
// keeps drawing and answering keys meanwhile. request() starts a load of the deck on a thread of
// its own (or, while one runs, one more once it ends, so the last save is the one loaded);
// poll(), on the window's thread, swaps in a finished one (apply_reload). One load at a time.
class Reloader {
public:
    using Load = std::function<load::Result(const std::string& path)>;
    // `load` is load::load_file with the default root unless given (the window's, with its
    // --root; a test's load that waits).
    explicit Reloader(std::string path, Load load = {});
    ~Reloader();  // waits for a load under way (each ends: the loader's limits bound it)
    Reloader(const Reloader&) = delete;
    Reloader& operator=(const Reloader&) = delete;

    void request();
    bool busy() const { return running_; }
    enum class Polled { Nothing, Loaded, Failed };
    // Loaded: a deck was swapped in; Failed: the last good deck stays and the session shows why.
    Polled poll(Session& session, Watcher* watcher);

private:
    void start();
    std::string path_;
    Load load_;
    std::thread thread_;
    std::atomic<bool> done_{false};  // the thread's load is in result_
    bool running_ = false;
    bool again_ = false;             // a change came while loading
    load::Result result_;
};

}  // namespace app
