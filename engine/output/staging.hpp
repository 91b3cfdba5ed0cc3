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

    // An empty file (never an existing one) or folder. Refused, as at commit, when what is at the
    // final name may not be replaced (see final_problem), or a name the folder replaces in the
    // old one is a link, FIFO, socket or device.
    // `committed` false: a scratch file beside the output that is never renamed into place
    // (ffmpeg's chapters input), whose final name is only a name to derive its temporary from.
    bool create(std::string& error, bool committed = true);
    // Why the final name cannot take the output now ("" when it can): what create and commit check.
    std::string problem() const;
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

// The longest file name (bytes) the file systems attnlab writes to take: Linux's NAME_MAX.
constexpr std::size_t kNameMax = 255;

// NAME as the temporary names beside it carry it (".NAME.attnlab-part-PID"): NAME itself, or, when
// that would pass kNameMax, its first bytes (whole UTF-8 characters) and "~" and 8 hex digits of a
// hash of the whole of it — the same for every process, so that a killed export's leftovers are
// found by the next.
std::string temp_base(const std::string& name);
// Whether `base`, a leftover's NAME, is a shortened temp_base whose first bytes begin `head`.
bool shortened_from(const std::string& base, const std::string& head);

// Why an output cannot be given the final name `path` ("" when it can): a name longer than
// kNameMax, or something there a rename must not replace — a symbolic link (it would be replaced,
// not written through), a FIFO, socket or device, or a folder where a file is wanted (or the other
// way round). Every file and folder an export commits is checked with it, before any work and
// again just before its rename (Staged).
std::string final_problem(const std::string& path, Target target);

// Removes, from folder `dir`, the temporary files and folders of exports that were killed
// (".NAME.attnlab-part-PID", ".NAME.attnlab-old-PID", and the older ".NAME.attnlab-PID.part")
// whose NAME `ours` accepts and whose process is gone. A folder set aside by a swap killed before
// the new folder was in (".NAME.attnlab-old-PID" with nothing at NAME) is renamed back instead —
// to `name_of_base` when NAME is its temp_base (a shortened one names no file by itself; such an
// old folder of another name is kept).
void remove_leftovers(const std::string& dir, const std::function<bool(const std::string& name)>& ours,
                      const std::string& name_of_base = "");

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

// "cannot write PATH (FINAL once complete): WHY": a write that failed under a temporary name,
// named where it failed and where it was going.
inline std::string written_as(const std::string& path, const std::string& final_path, const std::string& why) {
    return "cannot write " + path + " (" + final_path + " once complete): " + why;
}

// Writes bytes to a file; on a write error (a full disk) the partial file is removed and
// `why` holds the reason (strerror).
bool write_file(const std::string& path, const std::string& bytes, std::string& why);

}  // namespace output
