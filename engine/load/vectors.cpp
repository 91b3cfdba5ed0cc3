// load/vectors: a scene's vectors, given as q, k and v or computed as x·W (the projections),
// and whether the engine computes a scene's numbers (see vectors.hpp).
#include "load/vectors.hpp"

#include "load/heads.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "scene/heads.hpp"

namespace load {

namespace {


// Reads q/k/v or x/w_q/w_k/w_v (and the optional w_o). Sets n-consistent matrices in s and returns d, or reports why
// not and returns 0.
std::size_t vectors(Reader& r, const Reader::Fields& f, const Node* root, std::size_t n, scene::Scene& s,
                    std::optional<scene::Positions>& positions) {
    std::size_t d = 0;
    bool ok_wo = true;
    const bool direct = f.get("q") || f.get("k") || f.get("v");
    const bool projected = f.get("x") || f.get("w_q") || f.get("w_k") || f.get("w_v");
    if (direct && f.get("w_o") && !projected) {
        r.error(f.key("w_o"), "w_o projects the head's output back to the width of x: give it with x, w_q, w_k and w_v");
        return 0;
    }
    if (direct && projected) {
        const Node* at = f.key("x") ? f.key("x") : f.key("w_q") ? f.key("w_q") : f.key("w_k") ? f.key("w_k") : f.key("w_v");
        r.error(at, "give either q, k and v, or x with w_q, w_k and w_v, not both");
        return 0;
    }
    auto need = [&](const char* key, const char* what) -> const Node* {
        if (const Node* v = f.get(key)) return v;
        r.error(root, std::string("missing key '") + key + "' (" + what + ")");
        return nullptr;
    };
    // A tensor file's matrix (m.source) is named with its shape, at the mapping that names it.
    auto from = [](const Reader::Matrix& m) { return m.source.empty() ? std::string() : " in " + m.source; };
    auto rows_must_be = [&](const Reader::Matrix& m, const std::string& key, std::size_t rows, const std::string& why) {
        if (m.rows.size() == rows) return true;
        r.error(m.node, key + ": expected " + plural(rows, "row", "rows") + " (" + why + "), found " + std::to_string(m.rows.size()) +
                            from(m));
        return false;
    };
    auto width_must_be = [&](const Reader::Matrix& m, const std::string& key, std::size_t width, const std::string& why) {
        if (m.width() == width) return true;
        if (!m.source.empty())
            r.error(m.node, key + ": expected rows of " + plural(width, "number", "numbers") + " (" + why + "), found " +
                                std::to_string(m.width()) + from(m));
        else
            r.error(m.node->items[0], key + "[0]: expected " + plural(width, "number", "numbers") + " (" + why + "), found " +
                                          std::to_string(m.width()));
        return false;
    };
    const std::string per_token = "one per token: " + std::to_string(n) + " tokens";
    if (!projected) {
        const Node* qn = need("q", "the queries: one row of d numbers per token");
        const Node* kn = need("k", "the keys: one row of d numbers per token");
        const Node* vn = need("v", "the values: one row of numbers per token");
        std::optional<Reader::Matrix> q, k, v;
        if (qn) q = r.matrix(qn, "q", "one query per token");
        if (kn) k = r.matrix(kn, "k", "one key per token");
        if (vn) v = r.matrix(vn, "v", "one value per token");
        bool ok = q && k && v;
        if (n) {
            if (q && !rows_must_be(*q, "q", n, per_token)) ok = false;
            if (k && !rows_must_be(*k, "k", n, per_token)) ok = false;
            if (v && !rows_must_be(*v, "v", n, per_token)) ok = false;
        } else {
            ok = false;
        }
        if (q && k && !width_must_be(*k, "k", q->width(), "d, the width of q")) ok = false;
        if (q) d = q->width();
        if (positions && positions->kind != scene::Positions::Kind::None && positions->kind != scene::Positions::Kind::Rotary) {
            r.error(f.get("positions"), "positions: sinusoidal and learned positions are added to the inputs x; give x with "
                                        "w_q, w_k and w_v instead of q, k and v (or use rope, which turns q and k)");
            ok = false;
        }
        if (ok && positions && !rotate_positions(r, f.get("positions"), *positions, q->rows, k->rows, "")) ok = false;
        if (!ok) return 0;
        scene::Head head;
        head.q = std::move(q->rows);
        head.k = std::move(k->rows);
        head.v = std::move(v->rows);
        s.heads = {std::move(head)};
        return d;
    }
    const Node* xn = need("x", "the inputs: one row of m numbers per token");
    const Node* qn = need("w_q", "m rows of d numbers");
    const Node* kn = need("w_k", "m rows of d numbers");
    const Node* vn = need("w_v", "m rows of numbers");
    const Node* on = f.get("w_o");  // optional: the output projection
    std::optional<Reader::Matrix> x, wq, wk, wv, wo;
    if (on) wo = r.matrix(on, "w_o", "one per value dimension");
    if (on && !wo) ok_wo = false;
    if (xn) x = r.matrix(xn, "x", "one input per token");
    if (qn) wq = r.matrix(qn, "w_q", "one per input dimension");
    if (kn) wk = r.matrix(kn, "w_k", "one per input dimension");
    if (vn) wv = r.matrix(vn, "w_v", "one per input dimension");
    bool ok = x && wq && wk && wv && ok_wo;
    if (n) {
        if (x && !rows_must_be(*x, "x", n, per_token)) ok = false;
    } else {
        ok = false;
    }
    if (x) {
        const std::string why = "m, the width of x";
        if (wq && !rows_must_be(*wq, "w_q", x->width(), why)) ok = false;
        if (wk && !rows_must_be(*wk, "w_k", x->width(), why)) ok = false;
        if (wv && !rows_must_be(*wv, "w_v", x->width(), why)) ok = false;
    }
    if (wq && wk && !width_must_be(*wk, "w_k", wq->width(), "d, the width of w_q")) ok = false;
    if (wo && wv && !rows_must_be(*wo, "w_o", wv->width(), "dv, the width of w_v")) ok = false;
    if (wo && x && !width_must_be(*wo, "w_o", x->width(), "m, the width of x")) ok = false;
    if (ok && positions && !add_positions(r, f.get("positions"), *positions, x->rows)) ok = false;
    if (!ok) return 0;
    scene::Head head;
    head.q = multiply(x->rows, wq->rows);
    head.k = multiply(x->rows, wk->rows);
    head.v = multiply(x->rows, wv->rows);
    if (!all_finite(head.q) || !all_finite(head.k) || !all_finite(head.v)) {
        r.error(xn, "x·w_q, x·w_k or x·w_v overflows the range of a double; use smaller numbers");
        return 0;
    }
    if (positions && !rotate_positions(r, f.get("positions"), *positions, head.q, head.k, "")) return 0;
    d = wq->width();
    head.w_q = std::move(wq->rows);
    head.w_k = std::move(wk->rows);
    head.w_v = std::move(wv->rows);
    s.heads = {std::move(head)};
    s.x = std::move(x->rows);
    if (wo) s.w_o = std::move(wo->rows);
    return d;
}

}  // namespace

core::Mat multiply(const core::Mat& x, const core::Mat& w) {
    const std::size_t n = x.size(), m = w.size(), d = w.empty() ? 0 : w[0].size();
    core::Mat out(n, core::Vec(d, 0.0));
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < d; ++j) {
            long double s = 0;
            for (std::size_t c = 0; c < m; ++c) s += static_cast<long double>(x[i][c]) * w[c][j];
            out[i][j] = static_cast<double>(s);
        }
    return out;
}

bool all_finite(const core::Mat& m) {
    for (const auto& row : m)
        for (double x : row)
            if (!std::isfinite(x)) return false;
    return true;
}

std::size_t read_vectors(Reader& r, const Reader::Fields& f, const Node* root, std::size_t n, scene::Scene& s) {
    std::optional<scene::Positions> positions;
    if (const Node* pn = f.get("positions")) {
        positions = read_positions(r, pn, n);
        if (!positions) return 0;
    }
    const std::size_t d = f.get("heads") ? read_heads(r, f, root, n, s, positions) : vectors(r, f, root, n, s, positions);
    if (d && positions) s.positions = std::move(*positions);
    if (const Node* dn = f.get("d")) {
        auto given = r.integer(dn, "d", 1, static_cast<long long>(kMax), "the query/key width");
        if (given && d && static_cast<std::size_t>(*given) != d)
            r.error(dn, "d: expected " + std::to_string(d) + " (the width of " + (s.projected() ? "w_q" : "q") + "), found " + describe(dn));
    }
    return d;
}

bool traced_in_full(const scene::Scene& s) {
    std::size_t widest = 0;  // of every head: the work is their sum
    for (const scene::Head& h : s.heads)
        widest = std::max({widest, h.q.empty() ? 0 : h.q[0].size(), h.v.empty() ? 0 : h.v[0].size()});
    return s.n() * s.n() * widest * s.heads.size() <= (std::size_t{1} << 22);
}

namespace {

// |q_i·k_j| ≤ |q_i|·|k_j|: if the largest norms multiply to a finite double, no score overflows.
bool scores_bounded(const core::Mat& q, const core::Mat& k) {
    long double qmax = 0, kmax = 0;
    for (const auto& r : q) {
        long double s2 = 0;
        for (double x : r) s2 += static_cast<long double>(x) * x;
        qmax = std::max(qmax, std::sqrt(s2));
    }
    for (const auto& r : k) {
        long double s2 = 0;
        for (double x : r) s2 += static_cast<long double>(x) * x;
        kmax = std::max(kmax, std::sqrt(s2));
    }
    return qmax * kmax <= std::numeric_limits<double>::max();
}

}  // namespace

// Small problems are traced for real; large ones get attention::check plus a bound on q·k.
std::string engine_check(const scene::Scene& s, const scene::Controls& c) {
    const attention::HeadsInput heads = scene::heads_input(s, c);
    if (heads.heads.size() > 1) {  // every head, W_O and the add: each head's own check (naming it), and the whole traced when small
        std::string e = attention::check(heads);
        if (!e.empty()) return e;
        if (traced_in_full(s)) {
            attention::HeadsTrace tr;
            return attention::trace(heads, tr, e) ? std::string() : e;
        }
        for (std::size_t h = 0; h < heads.heads.size(); ++h)
            if (!scores_bounded(heads.heads[h].q, heads.heads[h].k))
                return "heads[" + std::to_string(h) + "]: the queries and keys are so large that q·k may exceed the range of a double";
        return {};
    }
    // One head: attention::check's own words, with no head to name.
    attention::Input in;
    if (!heads.heads.empty()) in.q = heads.heads[0].q, in.k = heads.heads[0].k, in.v = heads.heads[0].v;
    in.temperature = heads.temperature;
    in.causal = heads.causal;
    in.x = heads.x;
    in.w_o = heads.w_o;
    std::string e = attention::check(in);
    if (!e.empty()) return e;
    if (traced_in_full(s)) {
        attention::Trace tr;
        return attention::trace(in, tr, e) ? std::string() : e;
    }
    if (!scores_bounded(in.q, in.k)) return "the queries and keys are so large that q·k may exceed the range of a double";
    return {};
}

}  // namespace load
