// app/watch: hot reload — the deck's files polled by modification time and size, and a reload
// that keeps the last good deck on a broken save (see the header).
#include "app/watch.hpp"

#include <algorithm>
#include <system_error>
#include <utility>

#include "load/load.hpp"

namespace app {

Watcher::Stamp Watcher::stamp(const std::string& f) {
    Stamp s;
    std::error_code ec;
    auto t = std::filesystem::last_write_time(f, ec);
    if (ec) return s;
    s.mtime = t;
    s.size = std::filesystem::file_size(f, ec);
    s.exists = !ec;
    return s;
}

void Watcher::watch(const std::string& deck_file, const scene::Deck& deck, const std::vector<std::string>& more) {
    // The deck's own file, every file it was built from (included decks too), and the scenes.
    std::vector<std::string> files{deck_file};
    auto add = [&](const std::string& f) {
        if (!f.empty() && std::find(files.begin(), files.end(), f) == files.end()) files.push_back(f);
    };
    for (const auto& f : deck.sources) add(f);
    for (const auto& slide : deck.slides)
        if (slide.scene) add(slide.scene->file);
    for (const auto& f : more) add(f);
    // Keep the stamps of files already watched, so a change between two watch() calls is seen.
    std::vector<Stamp> stamps;
    for (const auto& f : files) {
        auto it = std::find(files_.begin(), files_.end(), f);
        stamps.push_back(it != files_.end() ? stamps_[static_cast<std::size_t>(it - files_.begin())] : stamp(f));
    }
    files_ = std::move(files);
    stamps_ = std::move(stamps);
}

bool Watcher::changed() {
    bool any = false;
    for (std::size_t i = 0; i < files_.size(); ++i) {
        Stamp s = stamp(files_[i]);
        if (s.exists != stamps_[i].exists || s.mtime != stamps_[i].mtime || s.size != stamps_[i].size) {
            stamps_[i] = s;
            any = true;
        }
    }
    return any;
}

bool reload(Session& session, const std::string& path, Watcher* watcher, const std::string& root) {
    return apply_reload(session, path, load::load_file(path, load::Options{root, {}}), watcher);
}

bool apply_reload(Session& session, const std::string& path, load::Result r, Watcher* watcher) {
    if (!r.ok()) {
        std::string msg;
        for (const auto& d : r.errors) msg += (msg.empty() ? "" : "\n") + d.format();
        session.set_error(msg);
        // Keep watching the good deck's files, and whatever the broken version reads as well
        // (a newly included deck), so that the fix is seen wherever it is made.
        if (watcher) watcher->watch(path, session.deck(), r.files);
        return false;
    }
    auto deck = std::make_shared<const scene::Deck>(std::move(r.deck));
    if (watcher) watcher->watch(path, *deck);
    session.replace_deck(std::move(deck));
    return true;
}

Reloader::Reloader(std::string path, Load load) : path_(std::move(path)), load_(std::move(load)) {
    if (!load_) load_ = [](const std::string& p) { return load::load_file(p); };
}

Reloader::~Reloader() {
    if (thread_.joinable()) thread_.join();
}

void Reloader::start() {
    if (thread_.joinable()) thread_.join();
    done_.store(false);
    running_ = true;
    thread_ = std::thread([this] {
        result_ = load_(path_);
        done_.store(true, std::memory_order_release);
    });
}

void Reloader::request() {
    if (running_) again_ = true;
    else start();
}

Reloader::Polled Reloader::poll(Session& session, Watcher* watcher) {
    if (!running_ || !done_.load(std::memory_order_acquire)) return Polled::Nothing;
    thread_.join();
    running_ = false;
    load::Result r = std::move(result_);
    result_ = {};
    const bool ok = apply_reload(session, path_, std::move(r), watcher);
    if (again_) {
        again_ = false;
        start();
    }
    return ok ? Polled::Loaded : Polled::Failed;
}

}  // namespace app
