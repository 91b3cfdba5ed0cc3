// model/window: which tokens a panel that draws one thing per token shows (model::Window), and
// how the tokens it leaves out are counted on the frame.
#include <algorithm>

#include "model/parts.hpp"

namespace model {

Window window_around(int n, int focus, int most) {
    Window w;
    w.n = std::max(0, n);
    w.count = std::min(w.n, std::max(1, most));
    const int f = std::clamp(focus, 0, std::max(0, w.n - 1));
    w.first = std::clamp(f - (w.count - 1) / 2, 0, w.n - w.count);
    return w;
}

std::string count_text(long count) {
    std::string digits = std::to_string(count < 0 ? -count : count), out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return count < 0 ? "−" + out : out;
}

std::string more_text(int count) { return count > 0 ? count_text(count) + " more" : std::string(); }

std::string window_text(const Window& w) {
    return "tokens " + count_text(w.first + 1) + "–" + count_text(w.first + w.count) + " of " + count_text(w.n);
}

}  // namespace model
