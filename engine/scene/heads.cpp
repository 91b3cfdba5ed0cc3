// scene/heads: see heads.hpp.
#include "scene/heads.hpp"

#include "scene/order.hpp"

namespace scene {

attention::HeadsInput heads_input(const Scene& s, const Controls& c) {
    if (c.swap) {  // the heads of the scene with the two tokens exchanged
        Controls in_place = c;
        in_place.swap.reset();
        return heads_input(swapped(s, *c.swap), in_place);
    }
    attention::HeadsInput in;
    for (std::size_t h = 0; h < s.heads.size(); ++h) {
        const Head& head = s.heads[h];
        in.heads.push_back({head.q, h == 0 ? c.keys : head.k, head.v});
    }
    in.temperature = c.temperature;
    in.causal = c.mask;
    in.w_o = s.w_o;
    if (s.residual()) in.x = s.x;
    return in;
}

std::size_t head_count(const Scene& s) { return s.heads.size(); }

std::string head_name(const Scene& s, std::size_t h) {
    if (h < s.heads.size() && !s.heads[h].name.empty()) return s.heads[h].name;
    return "head " + std::to_string(h + 1);
}

std::size_t shown_head(const Scene& s, const Controls& c) {
    const std::size_t count = head_count(s);
    return c.head > 0 && static_cast<std::size_t>(c.head) < count ? static_cast<std::size_t>(c.head) : 0;
}

const core::Mat& shown_q(const Scene& s, const Controls& c) { return s.heads[shown_head(s, c)].q; }

const core::Mat& shown_k(const Scene& s, const Controls& c) {
    const std::size_t h = shown_head(s, c);
    return h == 0 ? c.keys : s.heads[h].k;
}

const core::Mat& shown_v(const Scene& s, const Controls& c) { return s.heads[shown_head(s, c)].v; }

std::string shown_head_tag(const Scene& s, const Controls& c) {
    if (head_count(s) < 2) return "";
    const std::size_t h = shown_head(s, c);
    const std::string& name = s.heads[h].name;
    return "head " + std::to_string(h + 1) + (name.empty() ? " of " + std::to_string(s.heads.size()) : " · " + name);
}

attention::Input attention_input(const Scene& s, const Controls& c) {
    if (c.swap) {
        Controls in_place = c;
        in_place.swap.reset();
        return attention_input(swapped(s, *c.swap), in_place);
    }
    attention::Input in;
    in.q = shown_q(s, c);
    in.k = shown_k(s, c);
    in.v = shown_v(s, c);
    in.temperature = c.temperature;
    in.causal = c.mask;
    return in;
}

std::string shown_head_label(const Scene& s, const Controls& c) {
    const std::size_t count = head_count(s);
    if (count < 2) return "";
    const std::size_t h = shown_head(s, c);
    std::string out = "head " + std::to_string(h + 1) + " of " + std::to_string(count);
    if (s.heads[h].name.empty()) return out;
    return out + " · " + s.heads[h].name;
}

}  // namespace scene
