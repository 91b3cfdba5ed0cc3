// Test support: a test that cannot run here (the web tests without a web build) says why and is
// counted as skipped. A case calls support::skip(why) and returns; once every case has run, the
// tests' main (tests/catch_main.cpp) exits with kSkipped — 77, the Automake convention, which
// CTest counts as skipped for a test registered with SKIP_RETURN_CODE 77 (tests/CMakeLists.txt) —
// but only when nothing failed: a run with a failure never exits 77. Header-only; include as
// "support/skip.hpp".
#pragma once

#include <iostream>
#include <string>

namespace support {

// The exit code of a skipped test (tests/CMakeLists.txt's ATTNLAB_TEST_SKIPPED; the Python tests'
// SKIPPED).
inline constexpr int kSkipped = 77;

// Why this run is skipped: the first reason given, "" when none was.
inline std::string& skipped_because() {
    static std::string why;
    return why;
}

// This case cannot run here: it says why, and returns to its caller (which returns too).
inline void skip(const std::string& why) {
    std::cout << "skipped (exit " << kSkipped << "): " << why << "\n";
    if (skipped_because().empty()) skipped_because() = why;
}

}  // namespace support
