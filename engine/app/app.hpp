// app: the SDL2 window, SDL events → timeline commands, the clock, the presenter and student
// loops, the overlay drawn with SDL2_ttf. The only module that knows there is a window.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "draw/fonts.hpp"

namespace app {

// `attnlab [present] [FILE] [options]`, drawing with `fonts` (loaded by the caller from
// `font_dir`, where the overlay finds the same files). Returns the process exit code.
int present_command(const std::vector<std::string>& args, std::shared_ptr<const draw::Fonts> fonts,
                    const std::string& font_dir);

}  // namespace app
