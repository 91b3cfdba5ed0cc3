// Test support: a temporary directory that cleans up after itself, files written into it, files
// read back, and the repository's scenes and decks. Header-only; include as "support/files.hpp".
#pragma once

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

namespace support {

// Every scene and deck of the repository (scenes/*.yaml, slides/*.yaml), sorted.
inline std::vector<std::string> content_files() {
    std::vector<std::string> files;
    for (const char* dir : {"/scenes", "/slides"})
        for (const auto& e : std::filesystem::directory_iterator(std::string(ATTNLAB_SOURCE_DIR) + dir))
            if (e.path().extension() == ".yaml") files.push_back(e.path().string());
    std::sort(files.begin(), files.end());
    return files;
}

// A fresh directory made by mkdtemp under the system's temp directory; it and everything in it
// are removed when the TempDir goes.
struct TempDir {
    std::filesystem::path path;
    explicit TempDir(const std::string& prefix = "attnlab-test") {
        std::string tmpl = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
        REQUIRE(mkdtemp(tmpl.data()) != nullptr);
        path = tmpl;
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    // Writes `text` (bytes as given) to `name` inside the directory, making parent directories;
    // returns the file's path.
    std::string write(const std::string& name, const std::string& text) const {
        std::filesystem::path p = path / name;
        std::filesystem::create_directories(p.parent_path());
        std::ofstream(p, std::ios::binary) << text;
        return p.string();
    }
};

// The whole file as bytes ("" when it cannot be read).
inline std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

inline bool contains(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

// The smallest valid scene (issue 2's minimal file), for tests that need one as text.
inline const std::string kTiny =
    "scene: tiny\n"
    "tokens: [a, b, c]\n"
    "q: [[1, 0], [0, 1], [1, 1]]\n"
    "k: [[1, 0], [0, 1], [1, 1]]\n"
    "v: [[1, 0], [0, 1], [1, 1]]\n";

}  // namespace support
