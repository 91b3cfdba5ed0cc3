// model/heads: the small multiples of a scene of several heads (model/panels/heads.hpp): every
// head's weights, its asking row and the shares as written, read from the heads' trace
// (timeline::View::heads); nothing is computed here but rounding and words. Knows no Cairo.
#include <algorithm>

#include "model/model.hpp"
#include "model/row.hpp"
#include "scene/heads.hpp"

namespace model {

Heads build(const Row& m, Tag<Heads>) {
    Heads out;
    const attention::HeadsTrace& ht = m.view->heads;
    std::vector<const attention::Trace*> traces;
    for (const attention::Trace& tr : ht.heads) traces.push_back(&tr);
    const std::size_t f = static_cast<std::size_t>(m.focus), n = traces.front()->n;
    const std::string& tok = m.sc->tokens[f];
    out.tokens = m.sc->tokens;
    out.focus = m.focus;
    out.shown = static_cast<int>(m.head);
    out.aside = (traces.size() == 1 ? std::string("1 head") : std::to_string(traces.size()) + " heads") + " · for " + tok;
    out.legend = {Scale::Sequential, "weight", "0", "", "1"};
    if (n > static_cast<std::size_t>(Heads::kMostTokens)) {
        out.tokens.clear();
        out.note = count_text(static_cast<long>(n)) + " tokens: too many for a thumbnail of every head's weights (at most " +
                   std::to_string(Heads::kMostTokens) + "). The matrix shows the head drawn.";
        return out;
    }
    for (std::size_t h = 0; h < traces.size(); ++h) {
        const attention::Trace& tr = *traces[h];
        Heads::Head head;
        head.name = "head " + std::to_string(h + 1);
        head.title = m.sc->heads[h].name;
        for (std::size_t i = 0; i < n; ++i) head.weights.push_back(tr.weights.row_vec(i));
        head.row = tr.weights.row_vec(f);
        double top = -1;
        std::vector<std::size_t> best;
        for (std::size_t j = 0; j < n; ++j) {
            head.share.push_back(percent(head.row[j], m.precision));
            head.hidden.push_back(!tr.visible(f, j));
            if (!tr.visible(f, j)) continue;
            if (best.empty() || (head.row[j] > top && !same_weight(head.row[j], top))) {
                top = head.row[j];
                best = {j};
            } else if (same_weight(head.row[j], top)) {
                best.push_back(j);
            }
        }
        if (best.size() == 1) {
            head.best = static_cast<int>(best[0]);
            head.top = m.sc->tokens[best[0]] + " " + head.share[best[0]];
        } else if (!best.empty()) {
            head.top = "a tie · " + head.share[best[0]] + " each";
        }
        out.heads.push_back(std::move(head));
    }
    out.caption = traces.size() > 1 ? "Click a head to show it in every panel."
                                    : "This scene has one head; a scene with heads: shows each here.";
    return out;
}

}  // namespace model
