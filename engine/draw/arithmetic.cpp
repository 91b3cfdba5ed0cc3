// draw/arithmetic: "the arithmetic for the best match", line by line as the stages arrive:
// q·k = q₁k₁ + q₂k₂ = …, ÷√d, ÷T, exp, share of the total.
#include <cmath>

#include "draw/paint.hpp"

namespace draw {

namespace {

std::string sub(std::size_t i) {
    static const char* digits[] = {"₀", "₁", "₂", "₃", "₄", "₅", "₆", "₇", "₈", "₉"};
    std::string out;
    for (char ch : std::to_string(i)) out += digits[ch - '0'];
    return out;
}

}  // namespace

void paint_arithmetic(Canvas& c, const Model& m, const core::Rect& r) {
    const std::size_t j = static_cast<std::size_t>(m.best), f = static_cast<std::size_t>(m.focus);
    const std::string& tok = m.sc->tokens[j];
    core::Rect content = c.card(r, "The arithmetic for the best match", m.reached(Stage::Softmax) ? tok : "");
    const core::Vec& q = m.sc->q[f];
    const core::Vec& k = m.view->controls.keys[j];
    std::vector<std::string> lines;
    if (m.p(Stage::Scores) >= 1) {
        std::string sym = "q·k = ", nums = "= ";
        if (m.d <= 3) {
            for (std::size_t i = 0; i < m.d; ++i) {
                sym += (i ? " + q" : "q") + sub(i + 1) + "k" + sub(i + 1);
                nums += (i ? " + (" : "(") + num(q[i]) + ")(" + num(k[i]) + ")";
            }
            nums += " = " + num(m.raw[j]);
            lines.push_back(sym);
            lines.push_back(nums);
        } else {
            lines.push_back("q·k = Σ of " + std::to_string(m.d) + " products = " + num(m.raw[j]));
        }
    }
    if (m.p(Stage::Scale) >= 1) lines.push_back("÷ √d:  " + num(m.raw[j]) + " ÷ " + num(m.sqrt_d) + " = " + num(m.scaled[j]));
    if (m.p(Stage::Temperature) >= 1) {
        if (std::isinf(m.T)) lines.push_back("÷ T:  T = ∞, every score counts the same");
        else if (m.T <= 0) lines.push_back("÷ T:  T = 0, the best match takes everything");
        else lines.push_back("÷ T:  " + num(m.scaled[j]) + " ÷ " + num(m.T) + " = " + num(m.tempered[j]));
    }
    if (m.p(Stage::Softmax) >= 1 && m.T > 0 && !std::isinf(m.T)) {
        double total = 0;
        for (std::size_t i = 0; i < m.tempered.size(); ++i)
            if (m.hide[i] < 1) total += std::exp(m.tempered[i]);
        double e = std::exp(m.tempered[j]);
        lines.push_back("exp:  e^" + num(m.tempered[j]) + " = " + num(e));
        // The share is the quotient shown, so the line stays true while the mask folds.
        lines.push_back("share:  " + num(e) + " ÷ " + num(total) + " = " + percent(std::isfinite(total) ? e / total : m.weight[j]));
    } else if (m.p(Stage::Softmax) >= 1) {
        lines.push_back("share:  " + percent(m.weight[j]));
    }
    if (lines.empty()) {
        c.color(c.th.ink_faint);
        c.paragraph("The numbers appear as the stages run.", content, Font::Italic, 20, 12);
        return;
    }
    const double lh = std::min(40.0, content.h / static_cast<double>(lines.size()));
    for (std::size_t i = 0; i < lines.size(); ++i) {
        c.color(i == 0 ? c.th.ink : c.th.ink_soft);
        c.text_in(lines[i], {content.x, content.y + i * lh, content.w, lh}, Font::Regular, 21, 11);
    }
}

}  // namespace draw
