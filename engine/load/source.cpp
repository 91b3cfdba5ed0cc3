// load/source: reading a file whole (see source.hpp): refused unread when it is no regular file
// or larger than the limit, and read in blocks so that a file that grows meanwhile stops at it.
#include "load/source.hpp"

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <system_error>

namespace load {

namespace {

namespace fs = std::filesystem;

constexpr std::uintmax_t kMaxFileBytes = 64u * 1024 * 1024;  // larger files are refused unread

}  // namespace

Source read_source(const std::string& path) {
    Source src;
    std::error_code ec;
    auto st = fs::status(path, ec);
    if (ec || !fs::exists(st)) {
        src.error = "cannot open the file: " + (ec ? ec.message() : std::string("no such file"));
        return src;
    }
    if (fs::is_directory(st)) {
        src.error = "is a directory; expected a scene or deck file (.yaml)";
        return src;
    }
    if (!fs::is_regular_file(st)) {
        // A FIFO would block the reader (check, hot reload) until someone writes to it; a
        // device or socket is no scene either.
        src.error = std::string("is ") + (fs::is_fifo(st) ? "a FIFO" : fs::is_socket(st) ? "a socket" : "a device") +
                    ", not a file; expected a scene or deck file (.yaml)";
        return src;
    }
    {
        auto size = fs::file_size(path, ec);
        if (!ec && size > kMaxFileBytes) {
            src.error = "the file is " + std::to_string(size / (1024 * 1024)) + " MiB; the limit is " +
                        std::to_string(kMaxFileBytes / (1024 * 1024)) + " MiB";
            return src;
        }
    }
    errno = 0;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        src.error = std::string("cannot open the file: ") + (errno ? std::strerror(errno) : "unknown reason");
        return src;
    }
    std::string text;
    char buf[1 << 16];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
        text.append(buf, static_cast<std::size_t>(in.gcount()));
        if (text.size() > kMaxFileBytes) {
            src.error = "the file is larger than the limit of " + std::to_string(kMaxFileBytes / (1024 * 1024)) + " MiB";
            return src;
        }
    }
    if (in.bad()) {
        src.error = "cannot read the file";
        return src;
    }
    src.text = std::move(text);
    return src;
}

std::string canonical_key(const std::string& path) {
    std::error_code ec;
    fs::path p = fs::weakly_canonical(fs::path(path), ec);
    if (ec) return fs::absolute(fs::path(path), ec).lexically_normal().string();
    return p.string();
}

}  // namespace load
