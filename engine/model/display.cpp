// model/display: the one rounding rule (display.hpp), written out: half away from zero at a
// given precision, the "<0.1%" floor for positive weights, a page's one precision for its weights.
// Knows numbers and strings only: no panel, no trace.
#include "model/display.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace model {

namespace {

constexpr int kMostDecimals = 9;
constexpr double kHalf = 0.5 - 1e-9;  // a fraction at least this far counts as a half or more

double pow10(int k) {
    double p = 1;
    while (k-- > 0) p *= 10;
    return p;
}

// |x| in units of the last shown digit, rounded half away from zero; < 0 when the value is too
// large to count in units exactly (then printf writes it).
double units_of(double a, int decimals) {
    const double scaled = a * pow10(decimals);
    if (!(scaled < 1e15)) return -1;
    double whole = std::floor(scaled);
    if (scaled - whole >= kHalf) whole += 1;
    return whole;
}

// `units` of 10^-decimals written with the point: 123 and 2 decimals → "1.23", 5 → "0.05".
std::string text_of(double units, int decimals) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f", units);
    std::string digits = buf;
    if (decimals == 0) return digits;
    const std::size_t d = static_cast<std::size_t>(decimals);
    if (digits.size() <= d) digits.insert(0, d + 1 - digits.size(), '0');
    digits.insert(digits.size() - d, ".");
    return digits;
}

}  // namespace

std::string num(double x, int decimals) {
    if (std::isinf(x)) return x > 0 ? "∞" : "−∞";
    if (std::isnan(x)) return "—";
    decimals = std::clamp(decimals, 0, kMostDecimals);
    const double units = units_of(std::fabs(x), decimals);
    std::string body;
    if (units < 0) {
        char buf[400];
        std::snprintf(buf, sizeof buf, "%.*f", decimals, std::fabs(x));
        body = buf;
    } else {
        body = text_of(units, decimals);
    }
    return (x < 0 && units != 0 ? std::string("−") : std::string()) + body;  // no "−0.00"
}

std::string percent(double w, Percent precision) {
    if (std::isnan(w)) return "—";
    if (w <= 0) return "0%";
    const double p = w * 100;
    // Fine: a tenth of a percent below 10 %, judged on the value as rounded (9.96 % reads 10 %).
    const bool tenths = precision == Percent::Fine && units_of(p, 1) < 100;
    const std::string shown = num(p, tenths ? 1 : 0);
    if (units_of(p, tenths ? 1 : 0) == 0) return tenths ? "<0.1%" : "<1%";  // positive: never 0
    return shown + "%";
}

std::string decimal(double w) {
    if (std::isnan(w)) return "—";
    if (w == 0) return "0";
    if (w > 0 && units_of(w, 2) == 0) return "<0.01";  // positive: never 0
    return num(w, 2);
}

std::string temperature(double T) {
    if (std::isinf(T) && T > 0) return "→ ∞";
    if (T == 0) return "→ 0";
    int decimals = 2;
    while (decimals < 6 && T > 0 && units_of(T, decimals) == 0) ++decimals;
    return num(T, decimals);
}

bool same_weight(double a, double b) { return std::fabs(a - b) <= 1e-12 * std::max(std::fabs(a), std::fabs(b)); }

int decimals_for(const std::vector<std::vector<double>>& rows, int most) {
    most = std::clamp(most, 0, kMostDecimals);
    for (int d = 0; d < most; ++d) {
        const double scale = pow10(d);
        bool exact = true;
        for (const auto& row : rows)
            for (double x : row) {
                if (!std::isfinite(x)) continue;
                const double scaled = std::fabs(x) * scale;
                exact = exact && std::fabs(scaled - std::round(scaled)) <= 1e-9 * std::max(1.0, scaled);
            }
        if (exact) return d;
    }
    return most;
}

}  // namespace model
