// output: frame sinks with a begin / frame / end life cycle (PNG sequence, ffmpeg pipe,
// PDF/SVG pages) and `attnlab export`. Draws only through draw::render.
#pragma once

#include <string>
#include <vector>

namespace output {

// `attnlab export …` with the arguments after "export". Returns the process exit code.
int export_command(const std::vector<std::string>& args);

}  // namespace output
