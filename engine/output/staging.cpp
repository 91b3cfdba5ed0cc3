// output: staging (see staging.hpp) — Staged, the one commit-by-rename path: files and folders
// written under a temporary name and moved into place when complete, a folder by exchanging names
// with the old one; the leftovers of killed exports; whether OUT can be written; writing a file.
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "output/staging.hpp"

namespace output {

namespace fs = std::filesystem;

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

std::string base_of(const std::string& path) {
    std::string p = strip_slashes(path);
    auto slash = p.rfind('/');
    return slash == std::string::npos ? p : p.substr(slash + 1);
}

// "dir/.NAME.attnlab-KIND-PID": a temporary name beside `path`, in the same directory (so that a
// rename moves it in one step). Hidden, and with no extension a player or viewer would claim:
// "part" is an export being written, "old" a folder set aside while a new one is moved in. A NAME
// too long for that (temp_base) is shortened.
std::string temp_name(const std::string& path, const char* kind) {
    std::string p = strip_slashes(path);
    auto slash = p.rfind('/');
    std::string dir = slash == std::string::npos ? "" : p.substr(0, slash + 1);
    return dir + "." + temp_base(base_of(p)) + ".attnlab-" + kind + "-" + std::to_string(getpid());
}

// A file's kind in words, for what may not be replaced: "a FIFO", "a socket", "a device".
const char* kind_of(mode_t mode) { return S_ISFIFO(mode) ? "a FIFO" : S_ISSOCK(mode) ? "a socket" : "a device"; }

bool all_hex(const std::string& s) {
    return !s.empty() && s.find_first_not_of("0123456789abcdef") == std::string::npos;
}

bool all_digits(const std::string& s) {
    return !s.empty() && s.size() < 10 && s.find_first_not_of("0123456789") == std::string::npos;
}

// Reads a leftover's name: ".NAME.attnlab-part-PID", ".NAME.attnlab-old-PID", or the older
// ".NAME.attnlab-PID.part". False for any other name.
bool parse_leftover(const std::string& name, std::string& base, bool& old, pid_t& pid) {
    if (name.size() < 2 || name[0] != '.') return false;
    std::string digits;
    std::size_t at = std::string::npos;
    for (const char* kind : {".attnlab-part-", ".attnlab-old-"}) {
        std::size_t k = name.rfind(kind);
        if (k != std::string::npos && k > 0 && all_digits(name.substr(k + std::strlen(kind)))) {
            at = k;
            digits = name.substr(k + std::strlen(kind));
            old = kind[9] == 'o';
            break;
        }
    }
    const std::string legacy = ".part";
    if (at == std::string::npos && name.size() > legacy.size() &&
        name.compare(name.size() - legacy.size(), legacy.size(), legacy) == 0) {
        std::string stem = name.substr(0, name.size() - legacy.size());
        std::size_t k = stem.rfind(".attnlab-");
        if (k != std::string::npos && k > 0 && all_digits(stem.substr(k + 9))) {
            at = k;
            digits = stem.substr(k + 9);
            old = false;
        }
    }
    if (at == std::string::npos || at < 2) return false;
    base = name.substr(1, at - 1);
    pid = static_cast<pid_t>(std::stol(digits));
    return pid > 0;
}

// Whether process `pid` may still be writing (alive, or not ours to ask about).
bool alive(pid_t pid) { return pid == getpid() || kill(pid, 0) == 0 || errno != ESRCH; }

// Gives the files and folders in `from` that an export does not own (not PREFIX…SUFFIX) a
// second name in `to`: hard links, folders rebuilt as folders of hard links. Nothing in `from`
// moves, so a kill at any moment loses nothing.
bool link_others(const std::string& from, const std::string& to, const Staged::Owns& owns, bool top,
                 std::string& failed, int& why) {
    std::error_code ec;
    fs::directory_iterator it(from, ec);
    if (ec) {
        failed = from;
        why = ec.value();
        return false;
    }
    for (const auto& e : it) {
        const std::string name = e.path().filename().string();
        if (top && owns(name)) continue;  // a frame of an earlier export: replaced by the new set
        const std::string src = from + "/" + name, dst = to + "/" + name;
        struct stat st {};
        if (lstat(src.c_str(), &st) != 0) {
            failed = src;
            why = errno;
            return false;
        }
        if (S_ISDIR(st.st_mode)) {
            if (mkdir(dst.c_str(), st.st_mode & 07777) != 0 ||
                !link_others(src, dst, owns, false, failed, why)) {
                if (failed.empty()) {
                    failed = src;
                    why = errno;
                }
                return false;
            }
        } else if (linkat(AT_FDCWD, src.c_str(), AT_FDCWD, dst.c_str(), 0) != 0) {
            failed = src;
            why = errno;
            return false;
        }
    }
    return true;
}

// Moves a finished temporary directory into place as `dir`. Absent or empty, `dir` is replaced
// by one rename. Otherwise the new folder gets a second name for whatever in `dir` is not a
// frame of ours (the names `owns` picks: those of the old set are dropped), and the two
// folders exchange names in one step (renameat2 RENAME_EXCHANGE); the old one, now under the
// temporary name, is removed. Where the file system cannot exchange, the old folder is renamed
// aside (".NAME.attnlab-old-PID") and the new one renamed in: a process killed between the two
// leaves the old folder aside, and the next export to `dir` puts it back (remove_leftovers).
bool commit_dir(const std::string& tmp, const std::string& dir, const Staged::Owns& owns, const Hooks* hooks,
                std::string& error) {
    const std::string target = strip_slashes(dir);
    if (rename(tmp.c_str(), target.c_str()) == 0) return true;  // absent or empty: one atomic step
    if (errno != EEXIST && errno != ENOTEMPTY) {
        error = "cannot write " + dir + ": " + std::strerror(errno);
        return false;
    }
    std::string failed;
    int why = 0;
    if (!link_others(target, tmp, owns, true, failed, why)) {
        error = "cannot write " + dir + ": cannot keep " + failed + " in the new folder: " + std::strerror(why);
        return false;
    }
    struct stat st {};
    if (stat(target.c_str(), &st) == 0) chmod(tmp.c_str(), st.st_mode & 07777);  // the old folder's mode
    if (hook_fails(hooks, "linked")) {
        error = "cannot write " + dir + ": test hook 'linked' failed";
        return false;
    }
    std::error_code ec;
    long rc = -1;
    if (hook_fails(hooks, "exchange")) errno = EINVAL;  // what a file system without exchange answers
    else rc = syscall(SYS_renameat2, AT_FDCWD, tmp.c_str(), AT_FDCWD, target.c_str(), RENAME_EXCHANGE);
    if (rc == 0) {
        hook_fails(hooks, "exchanged");
        fs::remove_all(tmp, ec);  // the old folder, now under the temporary name
        return true;
    }
    if (errno != EINVAL && errno != ENOSYS && errno != EOPNOTSUPP) {
        error = "cannot write " + dir + ": " + std::strerror(errno);
        return false;
    }
    const std::string aside = temp_name(target, "old");
    if (rename(target.c_str(), aside.c_str()) != 0) {
        error = "cannot write " + dir + ": " + std::strerror(errno);
        return false;
    }
    const bool hooked = hook_fails(hooks, "aside");
    if (hooked || rename(tmp.c_str(), target.c_str()) != 0) {
        error = "cannot write " + dir + ": " + (hooked ? "test hook 'aside' failed" : std::strerror(errno));
        rename(aside.c_str(), target.c_str());  // the old folder back where it was
        return false;
    }
    fs::remove_all(aside, ec);
    return true;
}

}  // namespace

namespace {

// The longest tail of a temporary name: ".attnlab-part-" and a PID of 7 digits (Linux's largest
// pid_max); and how long a shortened NAME is at most ("~" and 8 hex digits after its first bytes).
constexpr std::size_t kTail = 14 + 7;
constexpr std::size_t kShortened = kNameMax - 1 - kTail;

}  // namespace

std::string temp_base(const std::string& name) {
    if (1 + name.size() + kTail <= kNameMax) return name;
    // FNV-1a of the whole name: two long names with the same beginning get different temporaries.
    std::uint32_t h = 2166136261u;
    for (unsigned char c : name) h = (h ^ c) * 16777619u;
    char hash[16];
    std::snprintf(hash, sizeof hash, "~%08x", h);
    std::size_t keep = kShortened - 9;
    while (keep > 0 && (static_cast<unsigned char>(name[keep]) & 0xC0) == 0x80) --keep;  // a whole UTF-8 character
    return name.substr(0, keep) + hash;
}

bool shortened_from(const std::string& base, const std::string& head) {
    const std::size_t tilde = base.rfind('~');
    // (A UTF-8 character may have been kept out whole: up to 3 bytes shorter.)
    if (tilde == std::string::npos || base.size() != tilde + 9 || base.size() + 3 < kShortened ||
        !all_hex(base.substr(tilde + 1)))
        return false;
    return tilde > 0 && head.compare(0, tilde, base, 0, tilde) == 0 && head.size() >= tilde;
}

std::string final_problem(const std::string& path, Target target) {
    const std::string p = strip_slashes(path);
    const std::string name = base_of(p);
    if (name.size() > kNameMax)
        return "its name is " + std::to_string(name.size()) + " bytes, more than the " + std::to_string(kNameMax) +
               " a file name may have";
    struct stat st {};
    // What is at a final name is replaced by a rename when the export is complete: only a file
    // (or, for a folder, a folder) may be. A device, FIFO or socket would be replaced by a
    // regular file; a symbolic link by the file itself, not written through.
    if (lstat(p.c_str(), &st) != 0) return "";
    if (S_ISLNK(st.st_mode)) return "it is a symbolic link (give the path it points to)";
    if (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
        return std::string("it is ") + kind_of(st.st_mode) + ", not a file or folder";
    if (S_ISDIR(st.st_mode) != (target == Target::Folder))
        return std::strerror(target == Target::Folder ? ENOTDIR : EISDIR);
    return "";
}

void remove_leftovers(const std::string& dir, const std::function<bool(const std::string&)>& ours,
                      const std::string& name_of_base) {
    std::error_code ec;
    std::vector<std::pair<std::string, bool>> found;  // name, set aside by a swap
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        std::string name = e.path().filename().string(), base;
        bool old = false;
        pid_t pid = 0;
        if (parse_leftover(name, base, old, pid) && ours(base) && !alive(pid)) found.emplace_back(name, old);
    }
    for (const auto& [name, old] : found) {
        std::string base;
        bool is_old = false;
        pid_t pid = 0;
        parse_leftover(name, base, is_old, pid);
        // The name the leftover's output has: unknown for a shortened one but the caller's own.
        const std::string real = !name_of_base.empty() && temp_base(name_of_base) == base ? name_of_base
                                 : shortened_from(base, base)                              ? ""
                                                                                           : base;
        if (old && real.empty()) continue;  // someone's old folder, whose name we cannot tell: kept
        const std::string path = dir + "/" + name, final_path = dir + "/" + real;
        struct stat st {};
        // A folder set aside by a swap that was killed before the new one was in: put it back.
        if (old && lstat(final_path.c_str(), &st) != 0 && errno == ENOENT &&
            rename(path.c_str(), final_path.c_str()) == 0)
            continue;
        fs::remove_all(path, ec);
    }
}

std::string check_writable(const std::string& out, Target target) {
    // Written under a sibling name and renamed into place: "." and ".." have no sibling to be
    // renamed from (the folder must be named from its parent).
    const std::string base = base_of(out);
    if (base == "." || base == ".." || strip_slashes(out) == "/")
        return "cannot write " + out + ": name the folder itself (e.g. ../frames), not '" +
               (base == ".." ? ".." : base == "." ? "." : "/") + "'";
    struct stat st {};
    if (std::string why = final_problem(out, target); !why.empty()) return "cannot write " + out + ": " + why;
    std::string dir = parent_of(out);
    if (stat(dir.c_str(), &st) != 0) return "cannot write " + out + ": " + std::strerror(errno);
    if (!S_ISDIR(st.st_mode)) return "cannot write " + out + ": " + std::strerror(ENOTDIR);
    if (access(dir.c_str(), W_OK) != 0) return "cannot write " + out + ": " + std::strerror(errno);
    return "";
}

Staged::Staged(std::string final_path, Target target, std::string prefix, std::string suffix, const Hooks* hooks)
    : final_(strip_slashes(final_path)), tmp_(temp_name(final_, "part")), target_(target), hooks_(hooks) {
    owns_ = [prefix = std::move(prefix), suffix = std::move(suffix)](const std::string& name) {
        return name.size() >= prefix.size() + suffix.size() && name.compare(0, prefix.size(), prefix) == 0 &&
               name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
    };
}

Staged::Staged(std::string final_path, Owns owns, const Hooks* hooks)
    : final_(strip_slashes(final_path)), tmp_(temp_name(final_, "part")), owns_(std::move(owns)),
      target_(Target::Folder), hooks_(hooks) {}

// Why the final name cannot take the output now: what final_problem says of it, or of a name of
// the old folder that the new one replaces (a link, FIFO, socket or device named like a frame).
std::string Staged::problem() const {
    if (std::string why = final_problem(final_, target_); !why.empty()) return "cannot write " + final_ + ": " + why;
    if (target_ != Target::Folder) return "";
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(final_, ec)) {
        const std::string name = e.path().filename().string();
        struct stat st {};
        if (!owns_(name) || lstat((final_ + "/" + name).c_str(), &st) != 0) continue;
        if (S_ISLNK(st.st_mode))
            return "cannot write " + final_ + "/" + name + ": it is a symbolic link (remove it, or export elsewhere)";
        if (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
            return "cannot write " + final_ + "/" + name + ": it is " + kind_of(st.st_mode) + ", not a file or folder";
    }
    return "";
}

bool Staged::create(std::string& error, bool committed) {
    if (std::string why = committed ? problem() : ""; !why.empty()) {
        error = why;
        return false;
    }
    const std::string base = temp_base(base_of(final_));
    remove_leftovers(parent_of(final_), [&](const std::string& name) { return name == base; }, base_of(final_));
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
    // Again at the last moment: what took the name while the export ran is not replaced either.
    if (std::string why = problem(); !why.empty()) {
        error = why;
        return false;
    }
    if (target_ == Target::Folder) {
        if (!commit_dir(tmp_, final_, owns_, hooks_, error)) return false;
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

bool write_file(const std::string& path, const std::string& bytes, std::string& why) {
    FILE* file = std::fopen(path.c_str(), "wb");
    if (!file) {
        why = std::strerror(errno);
        return false;
    }
    errno = 0;
    bool ok = std::fwrite(bytes.data(), 1, bytes.size(), file) == bytes.size();
    int e = ok ? 0 : (errno ? errno : EIO);
    if (std::fflush(file) != 0 && !e) e = errno ? errno : EIO;
    if (std::fclose(file) != 0 && !e) e = errno ? errno : EIO;
    if (e) {
        why = std::strerror(e);
        std::remove(path.c_str());
        return false;
    }
    return true;
}

}  // namespace output
