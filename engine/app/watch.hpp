// app/watch: hot reload by polling modification times (no inotify needed, ~250 ms is plenty).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "app/session.hpp"
#include "scene/scene.hpp"

namespace app {

class Watcher {
public:
    // Watches `deck_file` and every file the deck was built from (included decks, scenes), and
    // `more` besides.
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

}  // namespace app
