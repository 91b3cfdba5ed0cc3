// app: the SDL2 window, SDL events → timeline commands, the clock, the presenter and student
// loops, the overlay drawn with SDL2_ttf. The only module that knows there is a window.
#pragma once

#include <string>
#include <vector>

namespace app {

// `attnlab [present] [FILE] [options]`. Returns the process exit code.
int present_command(const std::vector<std::string>& args);

}  // namespace app
