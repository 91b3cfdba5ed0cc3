#include "model/display.hpp"

#include <algorithm>
#include <charconv>
#include <string_view>
#include <system_error>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <numeric>

namespace model {

std::string num(double x, int decimals) {
    if (std::isinf(x)) return x > 0 ? "∞" : "−∞";
    if (std::isnan(x)) return "—";
    char buf[64];
    double r = std::pow(10.0, decimals);
    if (std::round(std::fabs(x) * r) == 0) x = 0;  // no "−0.00"
    std::snprintf(buf, sizeof buf, "%.*f", decimals, std::fabs(x));
    return (x < 0 ? std::string("−") : std::string()) + buf;
}

std::string percent(double w) {
    char buf[32];
    double p = w * 100;
    if (w <= 0) return "0%";
    if (p < 0.1) return "<0.1%";
    if (p < 9.95) std::snprintf(buf, sizeof buf, "%.1f%%", p);
    else std::snprintf(buf, sizeof buf, "%.0f%%", p);
    return buf;
}

namespace {

constexpr int kMaxRefine = 3;   // up to three digits more than the base step
constexpr std::size_t kTieAware = 64;  // rows longer than this are rounded without keeping ties

// One entry of a row at one refinement: its value and step in units of the finest step.
struct Entry {
    double x = 0;        // value in units
    long long step = 1;  // its display step in units (a power of ten)
    long long floor = 0; // x rounded down to its step
    double rem = 0;      // x − floor, in [0, step)
    bool zero = false;   // exactly 0: shown as 0, never rounded up
};

// Text of `units` finest units with `decimals` decimals of the finest step, trimmed to `keep`.
std::string fixed(long long units, int decimals, int keep) {
    std::string digits = std::to_string(units);
    if (decimals > 0) {
        if (static_cast<int>(digits.size()) <= decimals) digits.insert(0, static_cast<std::size_t>(decimals) + 1 - digits.size(), '0');
        digits.insert(digits.size() - static_cast<std::size_t>(decimals), ".");
        digits.resize(digits.size() - static_cast<std::size_t>(decimals - keep));
        if (keep == 0) digits.pop_back();  // the point
    }
    return digits;
}

long long pow10(int k) {
    long long p = 1;
    while (k-- > 0) p *= 10;
    return p;
}

// Chooses which tie groups round up so that exactly `need` units are added, with the least total
// error. Groups of equal entries move together. Returns false when no choice adds exactly `need`.
bool apportion(std::vector<Entry>& row, long long need, bool keep_ties) {
    if (need < 0) return false;
    std::vector<std::size_t> order(row.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return row[a].x < row[b].x; });
    struct Group {
        std::vector<std::size_t> members;
        long long units = 0;  // added when the group rounds up
        double cost = 0;      // error added by rounding up instead of down
    };
    std::vector<Group> groups;
    for (std::size_t k = 0; k < order.size(); ++k) {
        const Entry& e = row[order[k]];
        if (e.zero || e.rem <= 1e-9) continue;  // exact at its step: never moved
        const bool same = keep_ties && !groups.empty() &&
                          std::fabs(row[groups.back().members[0]].x - e.x) <= 1e-9 * std::max(1.0, e.x) &&
                          row[groups.back().members[0]].step == e.step;
        if (!same) groups.push_back({});
        groups.back().members.push_back(order[k]);
        groups.back().units += e.step;
        groups.back().cost += static_cast<double>(e.step) - 2 * e.rem;
    }
    if (need == 0) return true;
    if (!keep_ties) {
        // Every entry on its own, all with one step (the fallback): the largest remainders go up.
        std::sort(groups.begin(), groups.end(), [](const Group& a, const Group& b) { return a.cost < b.cost; });
        if (static_cast<long long>(groups.size()) < need) return false;
        for (long long g = 0; g < need; ++g)
            for (std::size_t m : groups[static_cast<std::size_t>(g)].members) row[m].floor += row[m].step;
        return true;
    }
    long long total = 0;
    for (const Group& g : groups) total += g.units;
    if (need > total) return false;
    // Exact subset sum with least cost (a small knapsack: rows are short, steps are ≤ 10 units).
    const double inf = std::numeric_limits<double>::infinity();
    const std::size_t cap = static_cast<std::size_t>(need);
    std::vector<std::vector<double>> best(groups.size() + 1, std::vector<double>(cap + 1, inf));
    best[0][0] = 0;
    for (std::size_t g = 0; g < groups.size(); ++g)
        for (std::size_t c = 0; c <= cap; ++c) {
            best[g + 1][c] = best[g][c];
            const std::size_t u = static_cast<std::size_t>(groups[g].units);
            if (c >= u && best[g][c - u] + groups[g].cost < best[g + 1][c]) best[g + 1][c] = best[g][c - u] + groups[g].cost;
        }
    if (!std::isfinite(best[groups.size()][cap])) return false;
    for (std::size_t g = groups.size(), c = cap; g > 0; --g) {
        if (best[g][c] == best[g - 1][c]) continue;
        for (std::size_t m : groups[g - 1].members) row[m].floor += row[m].step;
        c -= static_cast<std::size_t>(groups[g - 1].units);
    }
    return true;
}

// True when a larger value is never shown smaller than a smaller one.
bool in_order(const std::vector<Entry>& row) {
    for (const Entry& a : row)
        for (const Entry& b : row)
            if (a.x < b.x && a.floor > b.floor) return false;
    return true;
}

// Drops zeros after the point that the value does not need, keeping `keep` decimals at least:
// "0.50" → "0.5", "12.50" → "12.5" (the value, and so the row's sum, is unchanged).
std::string trim(std::string s, int keep) {
    const std::size_t point = s.find('.');
    if (point == std::string::npos) return s;
    while (s.size() > point + 1 + static_cast<std::size_t>(keep) && s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    return s;
}

}  // namespace

std::vector<std::string> shares(const std::vector<double>& w, ShareStyle style) {
    const bool pct = style == ShareStyle::Percent;
    std::vector<std::string> out;
    double sum = 0;
    for (double x : w) sum += x;
    auto single = [&] {
        out.clear();
        for (double x : w) out.push_back(pct ? percent(x) : (x == 0 ? "0" : num(x)));
        return out;
    };
    if (w.empty() || !std::isfinite(sum) || std::fabs(sum - 1.0) > 1e-9) return single();
    for (double x : w)
        if (!(x >= 0)) return single();

    // Base steps: percentages in 1 % from 10 % up and 0.1 % below; decimals in 0.01.
    const int base_decimals = pct ? 1 : 2;  // decimals of the finest base step
    // Long rows (no display writes them) skip the search for a tie-keeping rounding.
    const bool keep_ties = w.size() <= kTieAware;
    for (int refine = keep_ties ? 0 : kMaxRefine + 1; refine <= kMaxRefine + 1; ++refine) {
        const bool last = refine > kMaxRefine;  // fallback: finest step, ties may split
        // Percentages: first mixed steps (1 % from 10 % up, 0.1 % below), then every entry in
        // 0.1 %, then a digit more at a time; decimals: a digit more at a time from 0.01.
        const int r = keep_ties ? std::min(refine, kMaxRefine) : 0;
        const int decimals = base_decimals + (pct ? std::max(0, r - 1) : r);
        const double scale = static_cast<double>(pow10(decimals)) * (pct ? 100.0 : 1.0);
        const long long total = pow10(decimals) * (pct ? 100 : 1);
        std::vector<Entry> row(w.size());
        long long floors = 0;
        for (std::size_t j = 0; j < w.size(); ++j) {
            Entry& e = row[j];
            e.x = w[j] * scale;
            e.zero = w[j] == 0;
            e.step = (pct && r == 0 && !last && w[j] * 100 >= 9.95) ? 10 : 1;
            e.floor = static_cast<long long>(std::floor(e.x / static_cast<double>(e.step) + 1e-9)) * e.step;
            e.rem = std::max(0.0, e.x - static_cast<double>(e.floor));
            floors += e.floor;
        }
        const long long need = total - floors;
        if (!apportion(row, need, keep_ties && !last) || (!last && !in_order(row))) {
            // Equal shares that no decimal writes exactly: the fraction itself.
            if (refine == kMaxRefine) {
                int nonzero = 0;
                double first = -1;
                bool equal = true;
                for (double x : w)
                    if (x > 0) {
                        if (first < 0) first = x;
                        equal = equal && std::fabs(x - first) <= 1e-12;
                        ++nonzero;
                    }
                if (equal && nonzero > 1) {
                    out.clear();
                    for (double x : w) out.push_back(x > 0 ? "1/" + std::to_string(nonzero) : (pct ? "0%" : "0"));
                    return out;
                }
            }
            continue;
        }
        out.clear();
        for (const Entry& e : row) {
            if (e.zero) {
                out.push_back(pct ? "0%" : "0");
                continue;
            }
            const int keep = decimals - (e.step == 10 ? 1 : 0);
            const int base = pct ? (e.step == 10 ? 0 : 1) : 2;  // the decimals a share always has
            out.push_back(trim(fixed(e.floor, decimals, keep), base) + (pct ? "%" : ""));
        }
        return out;
    }
    return single();
}

bool share_value(const std::string& shown, long long& numerator, long long& denominator) {
    std::string s = shown;
    bool pct = !s.empty() && s.back() == '%';
    if (pct) s.pop_back();
    if (s.empty()) return false;
    const std::size_t slash = s.find('/');
    if (slash != std::string::npos) {
        auto whole = [](std::string_view t, long long& out) {
            const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), out);
            return ec == std::errc() && end == t.data() + t.size() && !t.empty();
        };
        const std::string_view v(s);
        return !pct && whole(v.substr(0, slash), numerator) && whole(v.substr(slash + 1), denominator) && denominator > 0;
    }
    long long n = 0, d = 1;
    bool point = false;
    for (char c : s) {
        if (c == '.') {
            if (point) return false;
            point = true;
            continue;
        }
        if (c < '0' || c > '9') return false;
        n = n * 10 + (c - '0');
        if (point) d *= 10;
    }
    if (pct) d *= 100;
    numerator = n;
    denominator = d;
    return true;
}

}  // namespace model
