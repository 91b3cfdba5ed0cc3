// Test support: the lecture's rounding rule written out independently of model/display, to check
// every number a frame shows against: the value rounded half away from zero at its precision,
// done on the double's decimal expansion (printf prints it exactly), a tail within 1e-9 of a half
// counting as a half; percentages in 1 % steps from 10 % up and 0.1 % below (as rounded), or 1 %
// throughout on a page whose matrix writes its cells; a positive weight never 0.
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace support {

// x rounded half away from zero to `decimals` decimals, with a real minus and no "−0".
inline std::string rounded(double x, int decimals) {
    if (std::isinf(x)) return x > 0 ? "∞" : "−∞";
    char buf[512];
    std::snprintf(buf, sizeof buf, "%.*f", decimals + 24, std::fabs(x));
    std::string s = buf;
    const std::size_t point = s.find('.');
    std::string kept = s.substr(0, point + (decimals > 0 ? 1 + static_cast<std::size_t>(decimals) : 0));
    // The tail after the kept digits, as a fraction of the last kept digit.
    const double tail = std::strtod(("0." + s.substr(point + 1 + static_cast<std::size_t>(decimals), 15)).c_str(), nullptr);
    if (tail >= 0.5 - 1e-9) {
        // Add one to the last digit, carrying.
        int i = static_cast<int>(kept.size()) - 1;
        for (; i >= 0; --i) {
            if (kept[static_cast<std::size_t>(i)] == '.') continue;
            if (kept[static_cast<std::size_t>(i)] == '9') {
                kept[static_cast<std::size_t>(i)] = '0';
            } else {
                ++kept[static_cast<std::size_t>(i)];
                break;
            }
        }
        if (i < 0) kept.insert(0, "1");
    }
    if (!kept.empty() && kept.back() == '.') kept.pop_back();
    const bool zero = kept.find_first_not_of("0.") == std::string::npos;
    return (x < 0 && !zero ? "−" : "") + kept;
}

// A weight as a percentage: fine (1 % steps from 10 % up, 0.1 % below, by the value as rounded
// to 0.1 %) or whole (1 % steps).
inline std::string percent_of(double w, bool whole = false) {
    if (w <= 0) return "0%";
    const std::string tenths = rounded(100 * w, 1);
    if (whole || std::strtod(tenths.c_str(), nullptr) >= 10.0) {
        const std::string s = rounded(100 * w, 0);
        return s == "0" ? "<1%" : s + "%";
    }
    return tenths == "0.0" ? "<0.1%" : tenths + "%";
}

// A weight as a decimal in steps of 0.01.
inline std::string decimal_of(double w) {
    if (w == 0) return "0";
    const std::string s = rounded(w, 2);
    return s == "0.00" ? "<0.01" : s;
}

// The number a display string writes ("−0.05" → −0.05, "44%" → 44), for tests that read text.
inline double read_number(std::string s) {
    for (std::size_t at; (at = s.find("−")) != std::string::npos;) s.replace(at, 3, "-");
    return std::strtod(s.c_str(), nullptr);
}

}  // namespace support
