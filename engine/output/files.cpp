// output: the one commit-by-rename path (Staged: files and folders written under a temporary
// name and moved into place when complete), image buffers, PATH look-ups.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <set>

#include "output/sinks.hpp"

namespace output {

namespace fs = std::filesystem;

std::atomic<int> g_stop{0};

void Image::resize(int w, int h) {
    width = w;
    height = h;
    stride = w * 4;  // cairo_format_stride_for_width(ARGB32, w) is 4·w: 32-bit pixels are aligned
    pixels.assign(static_cast<std::size_t>(stride) * static_cast<std::size_t>(h), 0);
}

FramePool::FramePool(int width, int height, int capacity) : width_(width), height_(height), capacity_(capacity) {}

std::unique_ptr<Image> FramePool::acquire() {
    std::unique_lock lock(m_);
    cv_.wait(lock, [&] { return closed_ || !free_.empty() || created_ < capacity_; });
    if (closed_) return nullptr;
    if (!free_.empty()) {
        auto img = std::move(free_.back());
        free_.pop_back();
        return img;
    }
    ++created_;
    lock.unlock();
    auto img = std::make_unique<Image>();
    img->resize(width_, height_);
    return img;
}

void FramePool::release(std::unique_ptr<Image> img) {
    {
        std::lock_guard lock(m_);
        free_.push_back(std::move(img));
    }
    cv_.notify_one();
}

void FramePool::close() {
    {
        std::lock_guard lock(m_);
        closed_ = true;
    }
    cv_.notify_all();
}

std::string strip_slashes(const std::string& path) {
    std::string p = path;
    while (p.size() > 1 && p.back() == '/') p.pop_back();
    return p;
}

std::string parent_of(const std::string& path) {
    std::string p = strip_slashes(path);
    auto slash = p.rfind('/');
    if (slash == std::string::npos) return ".";
    if (slash == 0) return "/";
    return p.substr(0, slash);
}

namespace {

// "dir/.name.attnlab-PID.part": a temporary name beside `path`, in the same directory.
std::string temp_name(const std::string& path) {
    std::string p = strip_slashes(path);
    auto slash = p.rfind('/');
    std::string dir = slash == std::string::npos ? "" : p.substr(0, slash + 1);
    std::string base = slash == std::string::npos ? p : p.substr(slash + 1);
    return dir + "." + base + ".attnlab-" + std::to_string(getpid()) + ".part";
}

// Moves a finished temporary directory into place as `dir`: renamed when `dir` does not exist or
// is empty, else its files replace the ones there (files matching `prefix`*`suffix` not in the
// new set are removed, so no stale frames remain).
bool commit_dir(const std::string& tmp, const std::string& dir, const std::string& prefix, const std::string& suffix,
                std::string& error) {
    std::string target = strip_slashes(dir);
    if (rename(tmp.c_str(), target.c_str()) == 0) return true;  // absent or empty: one atomic step
    if (errno != EEXIST && errno != ENOTEMPTY) {
        error = "cannot write " + dir + ": " + std::strerror(errno);
        return false;
    }
    // The directory holds files already: move ours in one by one, then drop stale frames.
    std::error_code ec;
    std::set<std::string> fresh;
    for (const auto& e : fs::directory_iterator(tmp, ec)) fresh.insert(e.path().filename().string());
    for (const auto& name : fresh) {
        std::string from = tmp + "/" + name, to = target + "/" + name;
        if (rename(from.c_str(), to.c_str()) != 0) {
            error = "cannot write " + to + ": " + std::strerror(errno);
            return false;
        }
    }
    for (const auto& e : fs::directory_iterator(target, ec)) {
        std::string name = e.path().filename().string();
        bool ours = name.size() >= prefix.size() + suffix.size() && name.compare(0, prefix.size(), prefix) == 0 &&
                    name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
        if (ours && !fresh.count(name)) fs::remove(e.path(), ec);
    }
    fs::remove(tmp, ec);
    return true;
}

}  // namespace

std::string check_writable(const std::string& out, Target target) {
    const bool directory = target == Target::Folder;
    struct stat st {};
    // What is at the output path now is replaced by a rename when the export is complete: only a
    // file (or, for a folder export, a folder) may be. A device, FIFO or socket would be
    // replaced by a regular file; a symbolic link by the file itself, not written through.
    if (lstat(strip_slashes(out).c_str(), &st) == 0) {
        if (S_ISLNK(st.st_mode))
            return "cannot write " + out + ": it is a symbolic link (give the path it points to)";
        if (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
            return "cannot write " + out + ": it is " +
                   (S_ISFIFO(st.st_mode) ? "a FIFO" : S_ISSOCK(st.st_mode) ? "a socket" : "a device") +
                   ", not a file or folder";
    }
    if (stat(strip_slashes(out).c_str(), &st) == 0 && S_ISDIR(st.st_mode) != directory)
        return "cannot write " + out + ": " + std::strerror(directory ? ENOTDIR : EISDIR);
    std::string dir = parent_of(out);
    if (stat(dir.c_str(), &st) != 0) return "cannot write " + out + ": " + std::strerror(errno);
    if (!S_ISDIR(st.st_mode)) return "cannot write " + out + ": " + std::strerror(ENOTDIR);
    if (access(dir.c_str(), W_OK) != 0) return "cannot write " + out + ": " + std::strerror(errno);
    return "";
}

Staged::Staged(std::string final_path, Target target, std::string prefix, std::string suffix)
    : final_(strip_slashes(final_path)), tmp_(temp_name(final_)), prefix_(std::move(prefix)),
      suffix_(std::move(suffix)), target_(target) {}

bool Staged::create(std::string& error) {
    int rc = -1;
    if (target_ == Target::Folder) {
        rc = mkdir(tmp_.c_str(), 0755);
    } else {
        rc = open(tmp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (rc >= 0) close(rc);
    }
    if (rc < 0) {
        error = "cannot write " + final_ + ": " + std::strerror(errno);
        return false;
    }
    created_ = true;
    return true;
}

bool Staged::commit(std::string& error) {
    if (!created_) {
        error = "cannot write " + final_ + ": nothing was written";
        return false;
    }
    if (target_ == Target::Folder) {
        if (!commit_dir(tmp_, final_, prefix_, suffix_, error)) return false;
    } else if (rename(tmp_.c_str(), final_.c_str()) != 0) {
        error = "cannot write " + final_ + ": " + std::strerror(errno);
        return false;
    }
    created_ = false;
    return true;
}

void Staged::discard() {
    if (!created_) return;
    std::error_code ec;
    fs::remove_all(tmp_, ec);
    created_ = false;
}

std::string find_in_path(const std::string& name) {
    if (name.find('/') != std::string::npos) return access(name.c_str(), X_OK) == 0 ? name : "";
    const char* path = std::getenv("PATH");
    if (!path) return "";
    std::string all = path;
    std::size_t at = 0;
    while (at <= all.size()) {
        std::size_t colon = all.find(':', at);
        if (colon == std::string::npos) colon = all.size();
        std::string dir = all.substr(at, colon - at);
        if (dir.empty()) dir = ".";
        std::string candidate = dir + "/" + name;
        struct stat st {};
        if (stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(candidate.c_str(), X_OK) == 0)
            return candidate;
        at = colon + 1;
    }
    return "";
}

}  // namespace output
