// cli: what the commands share — attnlab's usage, its errors, the fonts the frames are drawn
// with, and the options of a command read with the option table. Internal to cli/.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "cli/options.hpp"
#include "core/core.hpp"
#include "draw/fonts.hpp"

namespace cli {

// Where the fonts are: $ATTNLAB_FONTS, else fonts/ beside the executable (the build copies
// them there) or one level up, else fonts/ in the current folder.
std::string fonts_dir();

// Where Debian puts the Noto faces: /usr/share/fonts, or $ATTNLAB_FALLBACK_FONTS (a folder laid
// out the same way; the tests point it at an empty one to see characters without a face).
std::vector<draw::Fallback> fallbacks();

// DejaVu from `dir`, then Debian's Noto faces where the packages put them; null, with the error
// said on standard error, when they cannot be read.
std::shared_ptr<const draw::Fonts> load_fonts(const std::string& dir);

// "attnlab: error: WHAT", then the usage; returns 2.
int usage_error(const std::string& what);

void print_errors(const core::Diagnostics& errors);

// The options of check or trace (`command`), read with the option table; its --help printed.
// Returns -1 to go on, else the exit status.
int read_options(options::Command command, const std::vector<std::string>& args, options::Values& v);

}  // namespace cli
