// The `attnlab` command line: --help and --version, and each command (present, export, trace,
// check) dispatched to its own in cli/.
#include <iostream>
#include <string>
#include <vector>

#include "cli/cli.hpp"

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
    return cli::present(args);
}
