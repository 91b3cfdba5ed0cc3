// Test support: `attnlab_hooked export …`, attnlab's export with test hooks, for the tests that
// stop or fail an export at an exact point (output_test's [atomic] cases). ATTNLAB_TEST_HOOK holds
// "POINT=ACTION" items separated by commas; at a POINT of output::Hooks ("frame:N", "finished",
// "linked", "exchange", "exchanged", "aside") the action "stop" stops the process (SIGSTOP: the
// test then sends the signal it wants) and "fail" makes the step at that point fail. Otherwise it
// is attnlab's export: the same command main.cpp calls (cli::export_, with the repository's
// fonts). Built from tests/ only:
// attnlab itself has no hooks and reads no ATTNLAB_TEST_HOOK.
#include <signal.h>

#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "cli/export.hpp"
#include "output/output.hpp"
#include "support/fonts.hpp"

namespace {

// Whether the items of `spec` ask the step at `point` to fail; stops the process first when one
// says "stop".
bool at(const std::string& spec, const std::string& point) {
    bool fail = false;
    for (std::size_t at = 0; at <= spec.size();) {
        std::size_t comma = spec.find(',', at);
        if (comma == std::string::npos) comma = spec.size();
        const std::string item = spec.substr(at, comma - at);
        at = comma + 1;
        const std::size_t eq = item.find('=');
        if (eq == std::string::npos || item.compare(0, eq, point) != 0 || eq != point.size()) continue;
        const std::string action = item.substr(eq + 1);
        if (action == "stop") raise(SIGSTOP);
        if (action == "fail") fail = true;
    }
    return fail;
}

}  // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] != "export") {
        std::cerr << "usage: attnlab_hooked export INPUT -o OUT [options]  (ATTNLAB_TEST_HOOK=POINT=stop|fail,…)\n";
        return 2;
    }
    const char* env = std::getenv("ATTNLAB_TEST_HOOK");
    const std::string spec = env ? env : "";
    const output::Hooks hooks{[spec](const std::string& point) { return at(spec, point); }};
    return cli::export_(std::vector<std::string>(args.begin() + 1, args.end()), support::fonts(),
                        spec.empty() ? nullptr : &hooks);
}
