// scene/controls: the rule that applies Settings to Controls, the table of the controls, and
// their text forms. A control of an existing kind is one row of kControls (and its effect in
// apply); the loader, the reducer's edits and the recordings go through the table.
#include "scene/controls.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>
#include <type_traits>

#include "scene/order.hpp"
#include "scene/scene.hpp"

namespace scene {

Controls start_controls(const Scene& s) {
    Controls c;
    c.focus = s.focus;
    c.temperature = s.temperature;
    c.mask = s.mask;
    c.keys = s.heads.empty() ? core::Mat{} : s.heads[0].k;
    for (const Settings& set : s.prelude) c = apply(s, std::move(c), set);
    return c;
}

Controls apply(const Scene& s, Controls c, const Settings& set) {
    const int n = static_cast<int>(s.n());
    if (set.focus && *set.focus >= 0 && *set.focus < n) c.focus = *set.focus;
    if (set.temperature && *set.temperature >= 0) c.temperature = *set.temperature;
    if (set.mask) c.mask = *set.mask;
    if (set.swap && set.swap != c.swap) {
        // A swap is a state, not a move: the keys go back from the swap in force, then follow the new one.
        if (c.swap) c.keys = carried_keys(swapped(s, *c.swap), s, c.keys, *c.swap);
        c.swap.reset();
        const auto [a, b] = *set.swap;
        if (a != b && a >= 0 && b >= 0 && a < n && b < n) {
            c.keys = carried_keys(s, swapped(s, *set.swap), c.keys, *set.swap);
            c.swap = set.swap;
        }
    }
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
    const int heads = static_cast<int>(s.heads.size());
    if (set.head && *set.head >= 0 && *set.head < heads) c.head = *set.head;
    return c;
}

double temperature_unit(double T) { return std::isinf(T) ? 1.0 : std::clamp(T / (1.0 + T), 0.0, 1.0); }

double temperature_from_unit(double g) {
    g = std::clamp(g, 0.0, 1.0);
    return g >= 1.0 ? attention::kInfinity : g / (1.0 - g);
}

// ---- the table --------------------------------------------------------------------------------

namespace {

template <ControlKind K>
using ValueOf = std::variant_alternative_t<static_cast<std::size_t>(K), ControlValue>;

// A row for a control kept in a std::optional field of Settings.
template <ControlKind K, auto Field>
ControlInfo optional_field(const char* name, const char* meaning) {
    using T = typename std::remove_cvref_t<decltype(std::declval<Settings&>().*Field)>::value_type;
    static_assert(std::is_same_v<T, ValueOf<K>>, "the Settings field holds its kind's value type");
    constexpr std::size_t kIndex = static_cast<std::size_t>(K);
    return {name, K, meaning,
            [](const Settings& s) -> std::optional<ControlValue> {
                if (!(s.*Field)) return std::nullopt;
                return ControlValue(std::in_place_index<kIndex>, *(s.*Field));
            },
            [](Settings& s, const ControlValue& v) { s.*Field = std::get<kIndex>(v); },
            [](Settings& s) { (s.*Field).reset(); }};
}

// `keys:` sits in three fields of Settings.
std::optional<ControlValue> keys_get(const Settings& s) {
    if (!s.keys_same && !s.key_scale && s.keys.empty()) return std::nullopt;
    return ControlValue(KeyChange{s.keys_same, s.key_scale, s.keys});
}

void keys_put(Settings& s, const ControlValue& v) {
    const KeyChange& k = std::get<KeyChange>(v);
    if (k.same || k.scale) {  // a change to every key replaces every earlier key change
        s.keys_same = k.same;
        s.key_scale = k.scale;
        s.keys = k.moved;
        return;
    }
    for (const auto& move : k.moved) {  // last move wins
        std::erase_if(s.keys, [&](const auto& m) { return m.first == move.first; });
        s.keys.push_back(move);
    }
}

// `head:` is an optional int of Settings, written as a HeadChoice (its number as shown).
std::optional<ControlValue> head_get(const Settings& s) {
    if (!s.head) return std::nullopt;
    return ControlValue(HeadChoice{*s.head});
}
void head_put(Settings& s, const ControlValue& v) { s.head = std::get<HeadChoice>(v).index; }
void head_clear(Settings& s) { s.head.reset(); }

void keys_clear(Settings& s) {
    s.keys_same = false;
    s.key_scale.reset();
    s.keys.clear();
}

const std::vector<ControlInfo>& table() {
    static const std::vector<ControlInfo> kControls = {
        optional_field<ControlKind::Token, &Settings::focus>("focus", "the token asking"),
        optional_field<ControlKind::Temperature, &Settings::temperature>("temperature", "the temperature T"),
        optional_field<ControlKind::Switch, &Settings::mask>("mask", "the causal mask"),
        {"keys", ControlKind::Keys, "the keys (same, scaled or moved)", keys_get, keys_put, keys_clear},
        optional_field<ControlKind::TokenPair, &Settings::compare>("compare", "the cell (a, b) against (b, a)"),
        {"head", ControlKind::Head, "the head the panels draw", head_get, head_put, head_clear},
        optional_field<ControlKind::TokenPair, &Settings::swap>("swap", "tokens a and b exchanged in the sentence"),
    };
    return kControls;
}

// Values a person at the controls may not set (the loader refuses them with a message).
bool acceptable(const ControlValue& v) {
    if (v.index() == static_cast<std::size_t>(ControlKind::Temperature)) {
        const double t = std::get<double>(v);
        return !std::isnan(t) && t >= 0;
    }
    if (v.index() == static_cast<std::size_t>(ControlKind::Head)) return std::get<HeadChoice>(v).index >= 0;
    return true;
}

}  // namespace

const std::vector<ControlInfo>& controls() { return table(); }

const ControlInfo* control(const std::string& name) {
    for (const ControlInfo& c : table())
        if (name == c.name) return &c;
    return nullptr;
}

std::vector<std::string> control_names() {
    std::vector<std::string> out;
    for (const ControlInfo& c : table()) out.emplace_back(c.name);
    return out;
}

bool Settings::empty() const {
    return std::none_of(table().begin(), table().end(), [&](const ControlInfo& c) { return c.get(*this).has_value(); });
}

void merge(Settings& edits, const Settings& change) {
    for (const ControlInfo& c : table())
        if (auto v = c.get(change); v && acceptable(*v)) c.put(edits, *v);
}

void yield(Settings& edits, const Settings& script) {
    for (const ControlInfo& c : table())
        if (c.get(script)) c.clear(edits);
}

// ---- text forms -------------------------------------------------------------------------------

namespace {

void write_number(std::ostringstream& out, double x) {
    if (std::isinf(x)) out << (x > 0 ? "inf" : "-inf");
    else out << x;
}

std::vector<std::string> words(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

// A finite number written in full ("0.5", "-1e3"); `inf` also when `inf_ok`.
bool read_number(const std::string& w, double& x, bool inf_ok = false) {
    if (inf_ok && w == "inf") {
        x = attention::kInfinity;
        return true;
    }
    char* end = nullptr;
    x = std::strtod(w.c_str(), &end);
    return !w.empty() && end && *end == '\0' && std::isfinite(x);
}

// An integer; written "2", also read from "2.0" as recordings of old wrote numbers.
bool read_integer(const std::string& w, int& x) {
    double d = 0;
    if (!read_number(w, d) || d != std::floor(d) || d < std::numeric_limits<int>::min() ||
        d > std::numeric_limits<int>::max())
        return false;
    x = static_cast<int>(d);
    return true;
}

std::string trim(const std::string& s) {
    const auto first = s.find_first_not_of(" \t");
    if (first == std::string::npos) return "";
    return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

bool read_keys(const std::string& text, KeyChange& k) {
    std::size_t at = 0;
    while (at <= text.size()) {
        std::size_t comma = text.find(',', at);
        if (comma == std::string::npos) comma = text.size();
        const std::vector<std::string> w = words(text.substr(at, comma - at));
        at = comma + 1;
        if (w.empty()) return false;
        if (w[0] == "same" && w.size() == 1) {
            k.same = true;
        } else if (w[0] == "scale" && w.size() == 2) {
            double x = 0;
            if (!read_number(w[1], x)) return false;
            k.scale = x;
        } else {
            int token = 0;
            if (!read_integer(w[0], token) || w.size() < 2) return false;
            core::Vec key(w.size() - 1);
            for (std::size_t i = 1; i < w.size(); ++i)
                if (!read_number(w[i], key[i - 1])) return false;
            k.moved.emplace_back(token, std::move(key));
        }
    }
    return true;
}

const char* expected(ControlKind kind) {
    switch (kind) {
        case ControlKind::Token: return "a token index";
        case ControlKind::Temperature: return "a temperature ≥ 0 or inf";
        case ControlKind::Switch: return "on or off";
        case ControlKind::TokenPair: return "two token indices 'a b'";
        case ControlKind::Keys: return "'same', 'scale X' or 'TOKEN x y …', joined by ', '";
        case ControlKind::Head: return "a head's number (1 is the first)";
    }
    return "a value";
}

}  // namespace

std::string to_text(ControlKind kind, const ControlValue& value) {
    std::ostringstream out;
    out.precision(17);  // every double round-trips
    switch (kind) {
        case ControlKind::Token: out << std::get<int>(value); break;
        case ControlKind::Temperature: write_number(out, std::get<double>(value)); break;
        case ControlKind::Switch: out << (std::get<bool>(value) ? "on" : "off"); break;
        case ControlKind::TokenPair: {
            const auto& [a, b] = std::get<std::pair<int, int>>(value);
            out << a << ' ' << b;
            break;
        }
        case ControlKind::Keys: {
            const KeyChange& k = std::get<KeyChange>(value);
            const char* sep = "";
            if (k.same) {
                out << "same";
                sep = ", ";
            }
            if (k.scale) {
                out << sep << "scale ";
                write_number(out, *k.scale);
                sep = ", ";
            }
            for (const auto& [token, key] : k.moved) {
                out << sep << token;
                for (double x : key) {
                    out << ' ';
                    write_number(out, x);
                }
                sep = ", ";
            }
            break;
        }
        case ControlKind::Head: out << std::get<HeadChoice>(value).index + 1; break;
    }
    return out.str();
}

bool from_text(ControlKind kind, const std::string& text, ControlValue& out, std::string& error) {
    const std::vector<std::string> w = words(text);
    bool ok = false;
    switch (kind) {
        case ControlKind::Token: {
            int i = 0;
            ok = w.size() == 1 && read_integer(w[0], i);
            if (ok) out.emplace<int>(i);
            break;
        }
        case ControlKind::Temperature: {
            double t = 0;
            ok = w.size() == 1 && read_number(w[0], t, true) && t >= 0;
            if (ok) out.emplace<double>(t + 0.0);  // -0 becomes +0
            break;
        }
        case ControlKind::Switch:
            ok = w.size() == 1 && (w[0] == "on" || w[0] == "off");
            if (ok) out.emplace<bool>(w[0] == "on");
            break;
        case ControlKind::TokenPair: {
            std::pair<int, int> p;
            ok = w.size() == 2 && read_integer(w[0], p.first) && read_integer(w[1], p.second);
            if (ok) out.emplace<std::pair<int, int>>(p);
            break;
        }
        case ControlKind::Keys: {
            KeyChange k;
            ok = read_keys(trim(text), k);
            if (ok) out.emplace<KeyChange>(std::move(k));
            break;
        }
        case ControlKind::Head: {
            int i = 0;
            ok = w.size() == 1 && read_integer(w[0], i) && i >= 1;
            if (ok) out.emplace<HeadChoice>(HeadChoice{i - 1});
            break;
        }
    }
    if (!ok) error = std::string("expected ") + expected(kind) + ", found '" + trim(text) + "'";
    return ok;
}

}  // namespace scene
