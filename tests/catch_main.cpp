// The main of every Catch2 test (tests/CMakeLists.txt): Catch's session, but for its exit code.
// Catch exits with the number of failed assertions, so 77 of them would read as "skipped"
// (support/skip.hpp): a run with any failure exits nonzero and never 77; a run with none in
// which a case was skipped (support::skip) exits 77; else 0.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "support/skip.hpp"

int main(int argc, char* argv[]) {
    const int failed = Catch::Session().run(argc, argv);
    if (failed != 0) return failed == support::kSkipped ? 1 : failed;
    return support::skipped_because().empty() ? 0 : support::kSkipped;
}
