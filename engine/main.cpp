// The `attnlab` command line: present, export, trace, check.
#include <iostream>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "cli/common.hpp"
#include "sdl/sdl.hpp"

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (!args.empty()) {
        const std::string& first = args[0];
        std::vector<std::string> rest(args.begin() + 1, args.end());
        if (first == "--help" || first == "-h" || first == "help") {
            std::cout << cli::kUsage;
            return 0;
        }
        if (first == "--version") {
            std::cout << "attnlab " << ATTNLAB_VERSION << "\n";
            return 0;
        }
        if (first == "check") return cli::check(rest);
        if (first == "trace") return cli::trace(rest);
        if (first == "export") return cli::export_(rest);
        if (first == "present") args = rest;
    }
    sdl::bound_the_heap();  // first: the fonts are the window's first large blocks
    const std::string dir = cli::fonts_dir();
    auto fonts = cli::load_fonts(dir);
    if (!fonts) return 2;
    return sdl::present_command(args, std::move(fonts));
}
