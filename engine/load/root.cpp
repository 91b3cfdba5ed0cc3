// load/root: the root folder of a deck's files and the check of a path written in a file against
// it (see root.hpp). A path is checked twice: as written ('..' counted from the file's folder,
// with links followed, against the root), and as the file system resolves it (each prefix with
// its links followed must stay inside), so a link anywhere along it that leads out is refused.
#include "load/root.hpp"

#include <system_error>

namespace load {

namespace fs = std::filesystem;

namespace {

// `p` made absolute and with every existing link followed; the part that does not exist yet is
// kept lexically normal (std::filesystem::weakly_canonical).
fs::path real_path(const fs::path& p) {
    std::error_code ec;
    fs::path abs = fs::absolute(p, ec);
    if (ec) abs = p;
    fs::path real = fs::weakly_canonical(abs, ec);
    return ec ? abs.lexically_normal() : real;
}

std::string expected(const Root& root) {
    return "expected a path inside the root " + root.shown + ", relative to this file's folder (--root DIR sets the root)";
}

}  // namespace

bool Root::make(const std::string& dir, Root& out, std::string& why) {
    std::error_code ec;
    const fs::path given = dir.empty() ? fs::path(".") : fs::path(dir);
    fs::path abs = fs::absolute(given, ec);
    if (ec) abs = given;
    out.shown = abs.lexically_normal().string();
    while (out.shown.size() > 1 && out.shown.back() == '/') out.shown.pop_back();
    const fs::file_status st = fs::status(given, ec);
    if (ec || !fs::exists(st)) {
        why = "the root '" + dir + "' does not exist; expected a folder";
        return false;
    }
    if (!fs::is_directory(st)) {
        why = "the root '" + dir + "' is not a folder";
        return false;
    }
    out.real = fs::canonical(given, ec);
    if (ec) {
        why = "the root '" + dir + "' cannot be used: " + ec.message();
        return false;
    }
    return true;
}

bool Root::holds(const fs::path& p) const {
    auto a = real.begin(), b = p.begin();
    for (; a != real.end(); ++a, ++b) {
        if (a->empty()) continue;  // a trailing separator
        if (b == p.end() || *a != *b) return false;
    }
    return true;
}

std::string default_root(const std::string& top) {
    std::error_code ec;
    const fs::path cwd = fs::current_path(ec);  // the physical folder: links followed
    const fs::path folder = real_path(fs::path(top).parent_path().empty() ? fs::path(".") : fs::path(top).parent_path());
    if (!ec) {
        Root here;
        here.real = fs::weakly_canonical(cwd, ec);
        if (!ec && here.holds(folder)) return cwd.string();
    }
    return folder.string();
}

bool root_of(const std::string& given, const std::string& top, Root& out, std::string& why) {
    if (!Root::make(given.empty() ? default_root(top) : given, out, why)) return false;
    const fs::path parent = fs::path(top).parent_path();
    // The top file's folder: where its paths start. (The file itself may be a link the user chose.)
    if (out.holds(real_path(parent.empty() ? fs::path(".") : parent))) return true;
    why = "the file is outside the root " + out.shown + "; give a --root that holds it";
    return false;
}

bool resolve_inside(const Root& root, const std::string& dir, const std::string& written, std::string& path,
                    std::string& why) {
    const fs::path w(written);
    if (w.has_root_directory() || w.has_root_name()) {
        why = "is an absolute path; " + expected(root);
        return false;
    }
    // The file's own folder, links followed: where its relative paths start.
    const fs::path folder = real_path(dir.empty() ? fs::path(".") : fs::path(dir));
    if (!root.holds(folder)) {
        why = "this file's folder is outside the root " + root.shown;
        return false;
    }
    // As written: the folder below the root, then the path's own steps; a '..' that leaves the
    // root's top is a climb out.
    const fs::path below = (folder.lexically_relative(root.real) / w).lexically_normal();
    if (!below.empty() && *below.begin() == "..") {
        why = "climbs out of the root with '..'; " + expected(root);
        return false;
    }
    // As the file system resolves it: every prefix, its links followed, stays inside.
    fs::path at = folder, walked, link;
    for (const fs::path& part : w) {
        at /= part;
        walked /= part;
        std::error_code ec;
        if (fs::is_symlink(fs::symlink_status(at, ec))) link = walked;
        if (!root.holds(real_path(at))) {
            why = "leads out of the root through the symbolic link '" + (link.empty() ? walked : link).string() +
                  "'; " + expected(root);
            return false;
        }
    }
    path = (dir.empty() ? w : fs::path(dir) / w).lexically_normal().string();
    return true;
}

}  // namespace load
