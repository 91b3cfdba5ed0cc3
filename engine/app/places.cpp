// app/places: the places file read and written whole, by rename (see the header).
#include "app/places.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

namespace app {

namespace fs = std::filesystem;

std::string places_file() {
    const char* state = std::getenv("XDG_STATE_HOME");
    fs::path dir;
    // The XDG spec: a relative XDG_STATE_HOME is invalid and must be ignored.
    if (state && *state && fs::path(state).is_absolute()) dir = state;
    else if (const char* home = std::getenv("HOME"); home && *home) dir = fs::path(home) / ".local" / "state";
    else return "";
    return (dir / "attnlab" / "places").string();
}

std::string place_key(const std::string& deck_path) {
    std::error_code ec;
    fs::path p = fs::weakly_canonical(fs::absolute(deck_path, ec), ec);
    if (ec) p = fs::absolute(deck_path, ec).lexically_normal();
    return p.string();
}

namespace {

struct Line {
    int step = 0;  // 1-based
    std::string key;
};

std::vector<Line> read_all(const std::string& file) {
    std::vector<Line> out;
    std::ifstream in(file);
    std::string line;
    while (std::getline(in, line)) {
        const auto tab = line.find('\t');
        if (tab == std::string::npos || tab == 0) continue;  // not ours: skipped (and dropped on the next save)
        char* end = nullptr;
        const long step = std::strtol(line.c_str(), &end, 10);
        if (end != line.c_str() + tab || step < 1 || step > 1000000) continue;
        out.push_back({static_cast<int>(step), line.substr(tab + 1)});
    }
    return out;
}

}  // namespace

std::optional<int> load_place(const std::string& deck_path) {
    const std::string file = places_file();
    if (file.empty()) return std::nullopt;
    const std::string key = place_key(deck_path);
    for (const Line& l : read_all(file))
        if (l.key == key) return l.step - 1;
    return std::nullopt;
}

bool save_place(const std::string& deck_path, int span, std::string& error) {
    const std::string file = places_file();
    if (file.empty()) {
        error = "neither XDG_STATE_HOME nor HOME is set";
        return false;
    }
    const std::string key = place_key(deck_path);
    if (key.find('\n') != std::string::npos) {
        error = "a deck path with a line break cannot be remembered";
        return false;
    }
    std::vector<Line> lines = read_all(file);
    bool found = false;
    for (Line& l : lines)
        if (l.key == key) {
            l.step = span + 1;
            found = true;
        }
    if (!found) lines.push_back({span + 1, key});

    std::error_code ec;
    const fs::path dir = fs::path(file).parent_path();
    fs::create_directories(dir, ec);
    if (ec) {
        error = "cannot create " + dir.string() + ": " + ec.message();
        return false;
    }
    const std::string tmp = file + ".tmp." + std::to_string(::getpid());
    {
        std::ofstream out(tmp, std::ios::out | std::ios::trunc);
        if (!out) {
            error = "cannot write " + tmp + ": " + std::strerror(errno);
            return false;
        }
        for (const Line& l : lines) out << l.step << '\t' << l.key << '\n';
        out.flush();
        if (!out) {
            error = "cannot write " + tmp;
            out.close();
            fs::remove(tmp, ec);
            return false;
        }
    }
    if (std::rename(tmp.c_str(), file.c_str()) != 0) {
        error = "cannot replace " + file + ": " + std::strerror(errno);
        fs::remove(tmp, ec);
        return false;
    }
    return true;
}

}  // namespace app
