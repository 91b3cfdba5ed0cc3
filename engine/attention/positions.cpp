// attention/positions: the sinusoidal encodings, the add of position vectors and the rotary
// rotation (see positions.hpp). Angles are taken in long double, so that a position shifted by a
// few hundred still turns a pair through the same difference of angles to the last bits.
#include "attention/positions.hpp"

#include <cmath>

namespace attention {

std::vector<double> positions(std::size_t n, double offset) {
    std::vector<double> out(n);
    for (std::size_t t = 0; t < n; ++t) out[t] = offset + static_cast<double>(t);
    return out;
}

core::Mat sinusoidal(const std::vector<double>& pos, std::size_t m, double base) {
    core::Mat out(pos.size(), core::Vec(m, 0.0));
    for (std::size_t t = 0; t < pos.size(); ++t)
        for (std::size_t c = 0; c < m; c += 2) {
            // 2i = c: the frequency 1/base^(2i/m), shared by the pair's sine and cosine.
            const long double angle =
                static_cast<long double>(pos[t]) /
                std::pow(static_cast<long double>(base), static_cast<long double>(c) / static_cast<long double>(m));
            out[t][c] = static_cast<double>(std::sin(angle));
            if (c + 1 < m) out[t][c + 1] = static_cast<double>(std::cos(angle));
        }
    return out;
}

core::Mat add(const core::Mat& x, const core::Mat& p) {
    core::Mat out = x;
    for (std::size_t t = 0; t < out.size() && t < p.size(); ++t)
        for (std::size_t c = 0; c < out[t].size() && c < p[t].size(); ++c) out[t][c] += p[t][c];
    return out;
}

namespace {

long double theta(std::size_t i, std::size_t d, double base) {
    return std::pow(static_cast<long double>(base), -2.0L * static_cast<long double>(i) / static_cast<long double>(d));
}

}  // namespace

double rotary_angle(double pos, std::size_t i, std::size_t d, double base) {
    return static_cast<double>(static_cast<long double>(pos) * theta(i, d, base));
}

core::Mat rotary(const core::Mat& m, const std::vector<double>& pos, double base) {
    core::Mat out = m;
    for (std::size_t t = 0; t < out.size() && t < pos.size(); ++t) {
        const std::size_t d = out[t].size();
        for (std::size_t i = 0; 2 * i + 1 < d; ++i) {
            const long double angle = static_cast<long double>(pos[t]) * theta(i, d, base);
            const long double c = std::cos(angle), s = std::sin(angle);
            const long double a = m[t][2 * i], b = m[t][2 * i + 1];
            out[t][2 * i] = static_cast<double>(a * c - b * s);
            out[t][2 * i + 1] = static_cast<double>(a * s + b * c);
        }
    }
    return out;
}

}  // namespace attention
