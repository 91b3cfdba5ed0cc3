// model/display: numbers as the lecture writes them, and rows of shares rounded so that what is
// shown adds up. Rounding is part of the frame model, not of printf: a row of weights shown as
// percentages sums to exactly 100 % as displayed, shown as decimals to exactly 1.00.
#pragma once

#include <string>
#include <vector>

namespace model {

// A real minus sign, fixed decimals, no "−0.00"; "∞" / "−∞"; "—" for NaN.
std::string num(double x, int decimals = 2);
// One share on its own (not part of a row): "43%", "4.2%", "<0.1%", "0%".
std::string percent(double w);

// How a row of shares is written.
enum class ShareStyle {
    Percent,  // "43%", "4.2%": 1 % steps from 10 % up, 0.1 % below
    Decimal,  // "0.43": steps of 0.01
};

// A row of shares (each in [0, 1], summing to 1; masked entries exactly 0) as displayed:
//  - every entry is within one display step of its value, and the entries add up exactly to
//    100 % (1.00) — largest-remainder rounding; where that cannot keep the rules below, the
//    step is refined: percentages go from mixed steps to 0.1 % for every entry, then a digit
//    more (up to 0.001 %); decimals a digit more (up to 0.00001);
//  - a larger share is never shown smaller than a smaller one;
//  - equal shares are shown equal (ties are never split to make the sum work);
//  - values that a finer step shows exactly are shown exactly (1/8 as 12.5 % or 0.125);
//  - a row of equal shares whose decimal never ends (1/3, 1/6, 1/7 …) is written as the fraction
//    itself ("1/6"), the only form in which equal entries can add up exactly;
//  - exact zeros are "0%" / "0".
// Rows that do not sum to 1 (within 1e-9) are written entry by entry (percent / num).
std::vector<std::string> shares(const std::vector<double>& w, ShareStyle style);

// The exact value of a displayed share as a fraction num/den (for tests and for the arithmetic
// that quotes a displayed number): "43%" → 43/100, "0.125" → 125/1000, "1/6" → 1/6.
// False for text that is not a share.
bool share_value(const std::string& shown, long long& numerator, long long& denominator);

}  // namespace model
