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
    if (!m.sc->heads || ht.heads.empty()) {
        out.note = "This scene has one head. A scene with `heads:` shows each of them here, side by side.";
        return out;
    }
    const std::size_t f = static_cast<std::size_t>(m.focus), n = ht.n();
    const std::string& tok = m.sc->tokens[f];
    out.tokens = m.sc->tokens;
    out.focus = m.focus;
    out.shown = static_cast<int>(m.head);
    out.aside = std::to_string(ht.heads.size()) + " heads · for " + tok;
    out.legend = {Scale::Sequential, "weight", "0", "", "1"};
    for (std::size_t h = 0; h < ht.heads.size(); ++h) {
        const attention::Trace& tr = ht.heads[h];
        Heads::Head head;
        head.name = "head " + std::to_string(h + 1);
        head.title = m.sc->heads->heads[h].name;
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
    out.caption = "Click a head to show it in every panel.";
    return out;
}

}  // namespace model
