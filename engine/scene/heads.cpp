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

std::size_t shown_head(const Scene& s, const Controls& c) {
    const std::size_t count = head_count(s);
    return c.head > 0 && static_cast<std::size_t>(c.head) < count ? static_cast<std::size_t>(c.head) : 0;
}

const core::Mat& shown_q(const Scene& s, const Controls& c) {
    const std::size_t h = shown_head(s, c);
    return h == 0 ? s.q : s.heads->heads[h].q;
}

const core::Mat& shown_k(const Scene& s, const Controls& c) {
    const std::size_t h = shown_head(s, c);
    return h == 0 ? c.keys : s.heads->heads[h].k;
}

const core::Mat& shown_v(const Scene& s, const Controls& c) {
    const std::size_t h = shown_head(s, c);
    return h == 0 ? s.v : s.heads->heads[h].v;
}

std::optional<Projections> shown_projections(const Scene& s, const Controls& c) {
    if (!s.heads) return s.projections;
    const Head& head = s.heads->heads[shown_head(s, c)];
    if (s.heads->x.empty() || head.w_q.empty()) return std::nullopt;
    return Projections{s.heads->x, head.w_q, head.w_k, head.w_v, {}};
}

std::string shown_head_label(const Scene& s, const Controls& c) {
    const std::size_t count = head_count(s);
    if (count < 2) return "";
    const std::size_t h = shown_head(s, c);
    std::string out = "head " + std::to_string(h + 1) + " of " + std::to_string(count);
    if (s.heads->heads[h].name.empty()) return out;
    return out + " · " + s.heads->heads[h].name;
}

}  // namespace scene
