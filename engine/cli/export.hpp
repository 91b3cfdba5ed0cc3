// cli/export: `attnlab export`'s arguments, read with the option table and translated once into
// the export's settings (output::Options), and its help. What the export then does is output/'s.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "draw/fonts.hpp"
#include "output/output.hpp"

namespace cli {

// Reads the arguments after `export` into `out`. On a mistake returns false with `error` set.
// `help` is set (and true returned) for --help.
bool export_options(const std::vector<std::string>& args, output::Options& out, bool& help, std::string& error);
// `attnlab export --help`, its format lines made from the table of formats.
std::string export_usage();

// `attnlab export …` with the frames drawn with `fonts` and a test's `hooks` (output::Hooks; null
// in attnlab itself, which calls export_(args) from cli.hpp: the fonts found as for every command).
int export_(const std::vector<std::string>& args, std::shared_ptr<const draw::Fonts> fonts, const output::Hooks* hooks);

}  // namespace cli
