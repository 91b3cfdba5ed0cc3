#include "scene/controls.hpp"

#include <algorithm>
#include <cmath>

#include "scene/scene.hpp"

namespace scene {

Controls start_controls(const Scene& s) {
    Controls c;
    c.focus = s.focus;
    c.temperature = s.temperature;
    c.mask = s.mask;
    c.keys = s.k;
    return c;
}

Controls apply(const Scene& s, Controls c, const Settings& set) {
    const int n = static_cast<int>(s.n());
    if (set.focus && *set.focus >= 0 && *set.focus < n) c.focus = *set.focus;
    if (set.temperature && *set.temperature >= 0) c.temperature = *set.temperature;
    if (set.mask) c.mask = *set.mask;
    if (set.keys_same && !c.keys.empty()) {
        core::Vec mean(c.keys[0].size(), 0.0);
        for (const auto& key : c.keys)
            for (std::size_t i = 0; i < key.size(); ++i) mean[i] += key[i] / static_cast<double>(c.keys.size());
        for (auto& key : c.keys) key = mean;
    }
    if (set.key_scale)
        for (auto& key : c.keys)
            for (double& x : key) x *= *set.key_scale;
    for (const auto& [token, key] : set.keys)
        if (token >= 0 && token < n && key.size() == s.d()) c.keys[static_cast<std::size_t>(token)] = key;
    if (set.compare) c.compare = set.compare;
    return c;
}

attention::Input attention_input(const Scene& s, const Controls& c) {
    attention::Input in;
    in.q = s.q;
    in.k = c.keys;
    in.v = s.v;
    in.temperature = c.temperature;
    in.causal = c.mask;
    return in;
}

double temperature_unit(double T) { return std::isinf(T) ? 1.0 : std::clamp(T / (1.0 + T), 0.0, 1.0); }

double temperature_from_unit(double g) {
    g = std::clamp(g, 0.0, 1.0);
    return g >= 1.0 ? attention::kInfinity : g / (1.0 - g);
}

}  // namespace scene
