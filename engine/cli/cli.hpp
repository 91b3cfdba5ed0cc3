// cli: the commands of `attnlab` — present, export, trace and check — each in a file of its own
// (present.cpp, export.cpp, trace.cpp, check.cpp), reading its arguments with the one option
// table (options.hpp) and translating them once into its own settings: the window's
// (sdl::Settings, for sdl::run), the export's (output::Options, for output::export_file), trace's
// and check's. main.cpp only dispatches here.
// Each command takes the arguments after its name and returns the process's exit status.
#pragma once

#include <string>
#include <vector>

namespace cli {

// `attnlab --help`: the commands, each in a line or two.
extern const char* const kUsage;

// `attnlab [present] [FILE] [options]`: the window.
int present(const std::vector<std::string>& args);
// `attnlab export INPUT -o OUT [options]`: a video, frames, pages, a still or a web page.
int export_(const std::vector<std::string>& args);
// `attnlab trace SCENE --json|--text [options]`: every stage's numbers.
int trace(const std::vector<std::string>& args);
// `attnlab check FILE... [options]`: validates scenes and decks (2 on errors).
int check(const std::vector<std::string>& args);

}  // namespace cli
