// load/root: the folder every file a deck names must lie inside (its includes, its scenes, its
// voice clips), and the one check of a path written in a file against it: no absolute path, no
// '..' that climbs out, no symbolic link that leads out. Internal to load/; knows no YAML.
#pragma once

#include <filesystem>
#include <string>

namespace load {

struct Root {
    std::string shown;                // as messages name it: absolute, lexically normal
    std::filesystem::path real;       // the same folder with every link followed (canonical)
    // Makes the root of folder `dir`; false with `why` when it is no folder.
    static bool make(const std::string& dir, Root& out, std::string& why);
    // True when `path` (absolute, canonical or not yet existing) is the root or lies under it.
    bool holds(const std::filesystem::path& real_path) const;
};

// The root when none is given: the current folder when the top file `top` lies inside it (so
// `attnlab slides/lecture.yaml` from the checkout reaches ../scenes/), else top's own folder.
std::string default_root(const std::string& top);

// Where `written`, a path written in a file whose folder is `dir` (as the user would type it),
// points. True with `path` (dir/written, lexically normal) when it stays inside `root`; false
// with `why` ("is an absolute path; expected a path inside the root /home/ann/talk, …") when it
// is absolute, when its '..' climbs out of the root, or when a symbolic link along it leads out.
bool resolve_inside(const Root& root, const std::string& dir, const std::string& written, std::string& path,
                    std::string& why);

// The root of a load whose top file (named by the user, not by a deck) is `top`: the folder
// `given`, else default_root(top). False with `why` when it is no folder or does not hold top's
// folder (top itself may be a symbolic link to elsewhere: the user named it, not a deck).
bool root_of(const std::string& given, const std::string& top, Root& out, std::string& why);

}  // namespace load
