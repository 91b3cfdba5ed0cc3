// load/positions: `positions:` of a scene — {kind: sinusoidal | learned | rope, base, offset,
// vectors} — read and checked with line and column, and applied to the vectors the loader makes
// (see heads.hpp). The encodings and the rotation are attention/positions's.
#include <algorithm>
#include <cmath>

#include "attention/positions.hpp"
#include "load/heads.hpp"

namespace load {

namespace {

using Where = scene::Positions::Kind;

const std::vector<std::string> kKinds = {"sinusoidal", "learned", "rope"};

constexpr double kMaxOffset = 1e6;  // positions past a million would lose the angles' last digits

}  // namespace

std::optional<scene::Positions> read_positions(Reader& r, const Node* node, std::size_t n) {
    const std::string expected = "a mapping {kind: sinusoidal | learned | rope, …}";
    if (!r.is_map(node, "positions", expected)) return std::nullopt;
    const Reader::Fields f = r.fields(node, "positions", {"kind", "base", "offset", "vectors"});
    scene::Positions p;
    const Node* kn = f.get("kind");
    if (!kn) {
        r.error(node, "positions: missing key 'kind' (sinusoidal, learned or rope)");
        return std::nullopt;
    }
    auto kind = r.text(kn, "positions.kind", false);
    if (!kind) return std::nullopt;
    if (*kind == "sinusoidal") p.kind = Where::Sinusoidal;
    else if (*kind == "learned") p.kind = Where::Learned;
    else if (*kind == "rope") p.kind = Where::Rotary;
    else {
        const std::string near = core::nearest(*kind, kKinds);
        r.error(kn, "positions.kind: unknown kind '" + *kind + "'" + (near.empty() ? "" : " (did you mean '" + near + "'?)") +
                        "; known kinds: " + join(kKinds));
        return std::nullopt;
    }
    bool ok = true;
    if (p.kind == Where::Learned) {
        for (const char* key : {"base", "offset"})
            if (f.get(key)) {
                r.error(f.key(key), std::string("positions.") + key +
                                        ": learned positions are the vectors as given; base and offset belong to sinusoidal and rope");
                ok = false;
            }
        const Node* vn = f.get("vectors");
        if (!vn) {
            r.error(node, "positions: missing key 'vectors' (learned positions: one vector per token, as wide as x)");
            return std::nullopt;
        }
        auto m = r.matrix(vn, "positions.vectors", "one position vector per token");
        if (!m) return std::nullopt;
        // A model's table from a tensor file has a row for every position it was trained on; the
        // sentence takes the first n. Written inline, the table has one row per token exactly.
        const bool table = !m->source.empty();
        if (n && (table ? m->rows.size() < n : m->rows.size() != n)) {
            r.error(vn, std::string("positions.vectors: expected ") + (table ? "at least " : "") + plural(n, "row", "rows") +
                            " (one per token: " + std::to_string(n) + " tokens), found " + std::to_string(m->rows.size()) +
                            (table ? " in " + m->source : ""));
            return std::nullopt;
        }
        if (n && table) m->rows.resize(n);
        p.added = std::move(m->rows);
        return ok ? std::optional(p) : std::nullopt;
    }
    if (f.get("vectors")) {
        r.error(f.key("vectors"), "positions.vectors: only learned positions are given as vectors; " + *kind + " ones are computed");
        ok = false;
    }
    if (const Node* bn = f.get("base")) {
        auto b = r.number(bn, "positions.base");
        if (b && *b <= 1) {
            r.error(bn, "positions.base: expected a number > 1 (the papers use 10000), found " + describe(bn));
            ok = false;
        } else if (b) {
            p.base = *b;
        } else {
            ok = false;
        }
    }
    if (const Node* on = f.get("offset")) {
        auto o = r.number(on, "positions.offset");
        if (o && std::fabs(*o) > kMaxOffset) {
            r.error(on, "positions.offset: expected a number from -1000000 to 1000000 (the first token's position), found " +
                            describe(on));
            ok = false;
        } else if (o) {
            p.offset = *o;
        } else {
            ok = false;
        }
    }
    return ok ? std::optional(p) : std::nullopt;
}

bool add_positions(Reader& r, const Node* node, scene::Positions& p, core::Mat& x) {
    if (p.kind == Where::None || p.kind == Where::Rotary) return true;
    const std::size_t m = x.empty() ? 0 : x[0].size();
    if (p.kind == Where::Sinusoidal) {
        p.added = attention::sinusoidal(attention::positions(x.size(), p.offset), m, p.base);
    } else if (!p.added.empty() && p.added[0].size() != m) {
        r.error(node, "positions.vectors: expected rows of " + plural(m, "number", "numbers") + " (m, the width of x), found " +
                          std::to_string(p.added[0].size()));
        return false;
    }
    x = attention::add(x, p.added);
    for (const auto& row : x)
        for (double v : row)
            if (!std::isfinite(v)) {
                r.error(node, "positions: x plus the position vectors overflows the range of a double; use smaller numbers");
                return false;
            }
    return true;
}

bool rotate_positions(Reader& r, const Node* node, const scene::Positions& p, core::Mat& q, core::Mat& k,
                      const std::string& who) {
    if (p.kind != Where::Rotary) return true;
    const std::size_t d = q.empty() ? 0 : q[0].size();
    if (d % 2 != 0) {
        r.error(node, "positions: rope turns the queries and keys in pairs of numbers, so d must be even; " +
                          (who.empty() ? std::string("the queries have ") : who + "'s queries have ") + std::to_string(d));
        return false;
    }
    const std::vector<double> pos = attention::positions(q.size(), p.offset);
    q = attention::rotary(q, pos, p.base);
    k = attention::rotary(k, pos, p.base);
    return true;
}

// The projections and the tied scores draw q = x·W_Q and k = x·W_K: rotary positions turn q and
// k after the product, so those two panels would show numbers the scores are not made of.
void check_positions_panels(Reader& r, const scene::Scene& s, const Node* root) {
    if (s.positions.kind != scene::Positions::Kind::Rotary) return;
    auto drawn = [&](scene::Panel p) {
        if (std::find(s.panels.begin(), s.panels.end(), p) != s.panels.end()) return true;
        for (const scene::Step& st : s.steps)
            if (std::find(st.panels.begin(), st.panels.end(), p) != st.panels.end()) return true;
        return false;
    };
    for (scene::Panel p : {scene::Panel::Projections, scene::Panel::TiedScores})
        if (drawn(p))
            r.error(root, std::string("panels: the '") + scene::panel_name(p) +
                              "' panel draws q and k as x times W_Q and W_K, which rope turns afterwards; leave it out of a "
                              "scene with rope positions");
}

}  // namespace load
