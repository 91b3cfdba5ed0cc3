// load/source: a scene or deck file read whole — a regular file (not a folder, FIFO, socket or
// device) within the size limit, or why it cannot be read — and the key a file is known by
// while a deck is read (its canonical path: a scene shared between slides, an include cycle).
// Internal to load/; knows no YAML.
#pragma once

#include <string>

namespace load {

struct Source {
    std::string text;
    std::string error;  // "" when read
};

// The file at `path` read whole, or why it cannot be (`error`, as a message says it after the
// file's name).
Source read_source(const std::string& path);

// The key a file is known by: its canonical path (lexically normal and absolute where that fails).
std::string canonical_key(const std::string& path);

}  // namespace load
