// model/display: numbers as the lecture writes them. One rule for every number a frame shows:
// the trace's value rounded half away from zero at the precision it is shown with, so a student
// who recomputes a number from the scene gets the digits on screen, and one value shown at one
// precision is the same text in every panel. A positive weight is never written as 0 ("<0.1%",
// "<0.01"); only an exact 0 (the mask's, or the T → 0 limit's) is. Nothing is adjusted to make a
// row add up: a row of rounded weights may read 99 % or 101 %, and a Σ shows the true sum.
// Rounding is part of the frame model, not of printf (whose ties go to even).
#pragma once

#include <string>
#include <vector>

namespace model {

// x rounded half away from zero to `decimals` decimals (0 … 9): a real minus sign, no "−0.00";
// "∞" / "−∞"; "—" for NaN. A value within 1e-9 of a last digit's half counts as the half: the
// exact decimal a student computes by hand, which the double carries only nearly (0.285 is
// 0.28499999999999998 as a double, and is written 0.29).
std::string num(double x, int decimals = 2);

// How finely a weight is written as a percentage.
enum class Percent {
    Fine,   // 1 % steps from 10 % up, 0.1 % below (as rounded): "43%", "4.2%", "<0.1%"
    Whole,  // 1 % steps throughout: "43%", "4%", "<1%" — the matrix's 0.01, on a page that shows it
};
// A weight (0 … 1) as a percentage: "43%", "4.2%"; a positive weight that rounds to 0 is "<0.1%"
// ("<1%" whole); an exact 0 is "0%". NaN is "—".
std::string percent(double w, Percent precision = Percent::Fine);
// A weight as a decimal in steps of 0.01: "0.44", "1.00"; a positive weight that rounds to 0 is
// "<0.01"; an exact 0 is "0".
std::string decimal(double w);

// A temperature as written: "0.25", "1.00", and the limits as limits, "→ 0" and "→ ∞" (softmax is
// not computed at T = 0 or ∞: they are where it tends). A positive T is never written as 0: it
// gets the decimals it needs, up to 6 ("0.001").
std::string temperature(double T);

// Whether two weights are the same weight: equal within a relative 1e-12 (what softmax gives
// equal scores). Ties are judged on the weights, never on how they are written: 18.59 % and
// 18.71 % both read "19%" and are not a tie.
bool same_weight(double a, double b);

// The fewest decimals, at most `most`, that write every entry exactly (each within 1e-9 of a
// multiple of the step): the precision at which a matrix reproduces the numbers made from it.
int decimals_for(const std::vector<std::vector<double>>& rows, int most);

}  // namespace model
