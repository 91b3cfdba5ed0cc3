// output (internal): staging — every output written under a temporary name beside its final one
// and moved into place only when complete (Staged: the one commit-by-rename path), what killed
// exports left behind, whether OUT can be written at all, and the small path and file helpers
// those need. Knows no sink, and of a format only whether it is a file or a folder. Not included
// outside engine/output/.
#pragma once

#include <functional>
#include <string>

#include "output/output.hpp"

namespace output {

// An output written under a temporary name beside its final one ("dir/.NAME.attnlab-part-PID":
// hidden, no media extension) and moved to its final name only by commit(): the one way every
// export, and the index of --split-steps, reaches its final name. Until then — on an error, an
// interruption, or destruction — discard() removes whatever was written. A file is renamed over
// the old one; a folder exchanges names with the old one (see commit_dir in staging.cpp), so that
// the final name holds the whole old output or the whole new one at every moment. create()
// first removes what killed exports to the same name left behind (remove_leftovers).
class Staged {
public:
    // Which names at the top of a folder an export owns: those of the old folder are dropped on
    // commit, every other file or folder in it is kept.
    using Owns = std::function<bool(const std::string& name)>;
    // A file, or a folder whose files are named PREFIX…SUFFIX (stale ones are removed on commit).
    // `hooks`: a test's, called in a folder's swap (see Hooks); none outside tests.
    Staged(std::string final_path, Target target, std::string prefix = "", std::string suffix = "",
           const Hooks* hooks = nullptr);
    // A folder whose names `owns` picks.
    Staged(std::string final_path, Owns owns, const Hooks* hooks = nullptr);
    ~Staged() { discard(); }
    Staged(const Staged&) = delete;
    Staged& operator=(const Staged&) = delete;

    bool create(std::string& error);  // an empty file (never an existing one) or folder
    const std::string& path() const { return tmp_; }  // write here
    const std::string& final_path() const { return final_; }
    bool commit(std::string& error);
    void discard();

private:
    std::string final_, tmp_;
    Owns owns_;
    Target target_;
    const Hooks* hooks_ = nullptr;
    bool created_ = false;
};

// Removes, from folder `dir`, the temporary files and folders of exports that were killed
// (".NAME.attnlab-part-PID", ".NAME.attnlab-old-PID", and the older ".NAME.attnlab-PID.part")
// whose NAME `ours` accepts and whose process is gone. A folder set aside by a swap killed before
// the new folder was in (".NAME.attnlab-old-PID" with nothing at NAME) is renamed back instead.
void remove_leftovers(const std::string& dir, const std::function<bool(const std::string& name)>& ours);

// Whether a test's hook at `point` asks the step there to fail (false without hooks).
inline bool hook_fails(const Hooks* hooks, const std::string& point) {
    return hooks && hooks->at && hooks->at(point);
}

// "cannot write OUT: REASON" if OUT's directory is missing or not writable, or OUT exists and
// is a directory where a file is wanted (or the other way round); "" when fine.
std::string check_writable(const std::string& out, Target target);
// The path without trailing slashes; the directory it lives in ("." for a bare name).
std::string strip_slashes(const std::string& path);
std::string parent_of(const std::string& path);

// Writes bytes to a file; on a write error (a full disk) the partial file is removed and
// `why` holds the reason (strerror).
bool write_file(const std::string& path, const std::string& bytes, std::string& why);

}  // namespace output
