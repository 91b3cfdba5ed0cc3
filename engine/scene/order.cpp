// scene/order: see order.hpp. The turn of rotary positions is attention/positions's; the
// projections x·W are written out here (long double sums, as the loader's) because scene/ does
// not reach load/.
#include "scene/order.hpp"

#include <algorithm>

#include "attention/positions.hpp"

namespace scene {

namespace {

bool valid(const Scene& s, std::pair<int, int> ab) {
    const int n = static_cast<int>(s.n());
    return ab.first != ab.second && ab.first >= 0 && ab.second >= 0 && ab.first < n && ab.second < n;
}

// σ: a ↔ b, every other token where it is.
std::size_t other(std::size_t i, std::pair<int, int> ab) {
    const std::size_t a = static_cast<std::size_t>(ab.first), b = static_cast<std::size_t>(ab.second);
    return i == a ? b : i == b ? a : i;
}

core::Mat times(const core::Mat& x, const core::Mat& w) {
    const std::size_t d = w.empty() ? 0 : w[0].size();
    core::Mat out(x.size(), core::Vec(d, 0.0));
    for (std::size_t i = 0; i < x.size(); ++i)
        for (std::size_t j = 0; j < d; ++j) {
            long double sum = 0;
            for (std::size_t c = 0; c < w.size() && c < x[i].size(); ++c) sum += static_cast<long double>(x[i][c]) * w[c][j];
            out[i][j] = static_cast<double>(sum);
        }
    return out;
}

void swap_rows(core::Mat& m, std::pair<int, int> ab) {
    const std::size_t a = static_cast<std::size_t>(ab.first), b = static_cast<std::size_t>(ab.second);
    if (m.size() > std::max(a, b)) std::swap(m[a], m[b]);
}

// A row turned as if it moved from position `from` to position `to` (rotary positions): turned
// back by its old place's angles, then forwards by its new one's.
core::Vec returned(const Scene& s, const core::Vec& row, double from, double to) {
    const core::Vec given = attention::rotary(core::Mat{row}, {-from}, s.positions.base)[0];
    return attention::rotary(core::Mat{given}, {to}, s.positions.base)[0];
}

// q and k (rotary): each row of the exchanged pair turned to its new place.
void swap_turned(const Scene& s, core::Mat& m, std::pair<int, int> ab) {
    const std::vector<double> pos = attention::positions(s.n(), s.positions.offset);
    const core::Mat was = m;
    for (std::size_t i : {static_cast<std::size_t>(ab.first), static_cast<std::size_t>(ab.second)})
        if (i < m.size()) m[i] = returned(s, was[other(i, ab)], pos[other(i, ab)], pos[i]);
}

// x with positions added: each exchanged row loses its old place's position vector and takes
// its new place's.
void swap_placed(const Scene& s, core::Mat& x, std::pair<int, int> ab) {
    const core::Mat& added = s.positions.added;
    const core::Mat was = x;
    for (std::size_t i : {static_cast<std::size_t>(ab.first), static_cast<std::size_t>(ab.second)}) {
        const std::size_t j = other(i, ab);
        if (i >= x.size() || i >= added.size() || j >= added.size()) continue;
        for (std::size_t c = 0; c < x[i].size() && c < added[i].size(); ++c) x[i][c] = was[j][c] - added[j][c] + added[i][c];
    }
}

}  // namespace

Scene swapped(const Scene& s, std::pair<int, int> ab) {
    Scene out = s;
    if (!valid(s, ab)) return out;
    std::swap(out.tokens[static_cast<std::size_t>(ab.first)], out.tokens[static_cast<std::size_t>(ab.second)]);
    using Kind = Positions::Kind;
    const Kind kind = s.positions.kind;
    if (kind == Kind::Sinusoidal || kind == Kind::Learned) {
        // Positions were added to x: the new x, then every product made from it again.
        if (out.projected()) {
            swap_placed(s, out.x, ab);
            for (Head& h : out.heads) {
                h.q = times(out.x, h.w_q);
                h.k = times(out.x, h.w_k);
                h.v = times(out.x, h.w_v);
            }
        }
        return out;
    }
    auto qk = [&](core::Mat& m) {
        if (kind == Kind::Rotary) swap_turned(s, m, ab);
        else swap_rows(m, ab);
    };
    swap_rows(out.x, ab);
    for (Head& h : out.heads) {
        qk(h.q);
        qk(h.k);
        swap_rows(h.v, ab);
    }
    return out;
}

core::Mat carried_keys(const Scene& from, const Scene& to, const core::Mat& keys, std::pair<int, int> ab) {
    if (!valid(from, ab) || keys.size() != from.n()) return keys;
    core::Mat out = keys;
    const std::vector<double> pos = attention::positions(from.n(), from.positions.offset);
    for (std::size_t i : {static_cast<std::size_t>(ab.first), static_cast<std::size_t>(ab.second)}) {
        const std::size_t j = other(i, ab);
        if (from.positions.kind == Positions::Kind::Rotary) {
            out[i] = returned(from, keys[j], pos[j], pos[i]);
            continue;
        }
        // The key as set, plus what the exchange changes in the scene's own key (exactly 0
        // without positions: the key is carried as it is).
        for (std::size_t c = 0; c < out[i].size(); ++c) {
            const double shift = to.heads[0].k[i][c] - from.heads[0].k[j][c];
            out[i][c] = shift == 0 ? keys[j][c] : keys[j][c] + shift;
        }
    }
    return out;
}

}  // namespace scene
