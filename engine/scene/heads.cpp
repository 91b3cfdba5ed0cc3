// scene/heads: see heads.hpp.
#include "scene/heads.hpp"

#include "scene/order.hpp"

namespace scene {

bool Heads::residual() const {
    if (x.empty()) return false;
    if (!w_o.empty()) return true;
    std::size_t width = 0;
    for (const Head& h : heads) width += h.v.empty() ? 0 : h.v[0].size();
    return width == x[0].size();
}

attention::HeadsInput heads_input(const Scene& s, const Controls& c) {
    if (!s.heads) return attention::heads_of(attention_input(s, c));
    if (c.swap) {  // the heads of the scene with the two tokens exchanged
        Controls in_place = c;
        in_place.swap.reset();
        return heads_input(swapped(s, *c.swap), in_place);
    }
    attention::HeadsInput in;
    for (std::size_t h = 0; h < s.heads->heads.size(); ++h) {
        const Head& head = s.heads->heads[h];
        in.heads.push_back({head.q, h == 0 ? c.keys : head.k, head.v});
    }
    in.temperature = c.temperature;
    in.causal = c.mask;
    in.w_o = s.heads->w_o;
    if (s.heads->residual()) in.x = s.heads->x;
    return in;
}

std::size_t head_count(const Scene& s) { return s.heads ? s.heads->heads.size() : 1; }

std::string head_name(const Scene& s, std::size_t h) {
    if (s.heads && h < s.heads->heads.size() && !s.heads->heads[h].name.empty()) return s.heads->heads[h].name;
    return "head " + std::to_string(h + 1);
}

}  // namespace scene
