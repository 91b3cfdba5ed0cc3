// attention/exp_np: e^x for x ≤ 0 to within half an ulp, by one formula that the portable loop
// and every vector kernel (row_ops, row_ops_x86) follow lane by lane, so that all give the same
// bits. Internal to attention/.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>

namespace attention::row_ops {

// e^x = 2^k · e^r with k = round(x / ln 2) and r = x − k·ln 2 in [−0.35, 0.35]. ln 2 is split
// in two (Cody and Waite) so that k·ln2_hi is exact; e^r is its Taylor series to degree 12,
// whose truncation error (0.35¹³/13! ≈ 2e-16) is below half an ulp. 2^k is built from bits:
// adding 1.5·2⁵² rounds x/ln 2 to an integer that lands in the low bits of the sum.
// The constants of exp_np and its AVX2 and AVX-512 twins.
constexpr double kLog2e = 1.4426950408889634;
constexpr double kLn2Hi = 6.93147180369123816490e-01;
constexpr double kLn2Lo = 1.90821492927058770002e-10;
constexpr double kRound = 6755399441055744.0;  // 1.5 · 2⁵²
// 1/12!, 1/11!, …, 1/1!, 1/0!: e^r's series from the highest term down, for Horner's rule.
constexpr double kExpSeries[] = {1.0 / 479001600.0, 1.0 / 39916800.0, 1.0 / 3628800.0, 1.0 / 362880.0,
                                 1.0 / 40320.0,     1.0 / 5040.0,     1.0 / 720.0,     1.0 / 120.0,
                                 1.0 / 24.0,        1.0 / 6.0,        0.5,             1.0,
                                 1.0};

inline double exp_np(double x) {
    const double xc = x < -708.0 ? -708.0 : x;
    const double t = xc * kLog2e + kRound;
    const double k = t - kRound;
    const double r = (xc - k * kLn2Hi) - k * kLn2Lo;
    double p = kExpSeries[0];
    for (std::size_t c = 1; c < std::size(kExpSeries); ++c) p = p * r + kExpSeries[c];
    // The low bits of t hold k; shifted up, k + 1023 becomes the exponent field of 2^k.
    const double scale = __builtin_bit_cast(double, (__builtin_bit_cast(std::uint64_t, t) + 1023) << 52);
    return x < -708.0 ? 0.0 : p * scale;
}

}  // namespace attention::row_ops
