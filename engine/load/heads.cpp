// load/heads: `heads:` of a scene — a list of heads, each {name, q, k, v} or {name, w_q, w_k,
// w_v} projecting the scene's x — with the output projection `w_o` beside them, read and checked
// with line and column (see heads.hpp). The products are vectors.cpp's, in long double.
#include "load/heads.hpp"

#include <cmath>

#include "load/vectors.hpp"

namespace load {

namespace {

const std::vector<std::string> kHeadKeys = {"name", "q", "k", "v", "w_q", "w_k", "w_v"};

}  // namespace

std::size_t read_heads(Reader& r, const Reader::Fields& f, const Node* root, std::size_t n, scene::Scene& s,
                       std::optional<scene::Positions>& positions) {
    const Node* hn = f.get("heads");
    for (const char* key : {"q", "k", "v", "w_q", "w_k", "w_v"})
        if (f.get(key)) {
            r.error(f.key(key), std::string(key) + ": a scene of several heads gives each head its own " + key +
                                    " under 'heads:'; leave the scene's own out");
            return 0;
        }
    if (f.get("d")) {
        r.error(f.key("d"), "d: each head's width is its own (the width of its q or w_q); leave d out with 'heads:'");
        return 0;
    }
    if (hn->kind != Kind::Sequence || hn->size() == 0) {
        r.error(hn, "heads: expected a list of heads, each {q, k, v} or {w_q, w_k, w_v}, found " + describe(hn));
        return 0;
    }
    if (hn->size() > kMaxHeads) {
        r.error(hn, "heads: at most " + std::to_string(kMaxHeads) + " heads are supported, found " + std::to_string(hn->size()));
        return 0;
    }
    // The inputs, when the heads project them.
    const Node* xn = f.get("x");
    std::optional<Reader::Matrix> x;
    bool ok = n > 0;
    if (xn) {
        x = r.matrix(xn, "x", "one input per token");
        if (!x) ok = false;
        else if (n && x->rows.size() != n) {
            r.error(xn, "x: expected " + plural(n, "row", "rows") + " (one per token: " + std::to_string(n) + " tokens), found " +
                            std::to_string(x->rows.size()));
            ok = false;
        }
    }
    if (positions && x && ok && !add_positions(r, f.get("positions"), *positions, x->rows)) ok = false;
    if (positions && !xn &&
        (positions->kind == scene::Positions::Kind::Sinusoidal || positions->kind == scene::Positions::Kind::Learned)) {
        r.error(f.get("positions"), "positions: sinusoidal and learned positions are added to the inputs x; give x, and w_q, "
                                    "w_k and w_v in each head");
        ok = false;
    }

    std::vector<scene::Head> heads;
    std::size_t width = 0;  // Σ dv
    bool projected_form = false;
    for (std::size_t h = 0; h < hn->size(); ++h) {
        const Node* node = hn->items[h];
        const std::string where = "heads[" + std::to_string(h) + "]";
        if (!r.is_map(node, where, "a head (a mapping with q, k and v, or w_q, w_k and w_v)")) {
            ok = false;
            continue;
        }
        const Reader::Fields hf = r.fields(node, where, kHeadKeys);
        scene::Head head;
        if (const Node* nm = hf.get("name")) {
            if (auto t = r.name(nm, where + ".name")) head.name = *t, r.shown(nm, where + ".name");
            else ok = false;
        }
        const bool direct = hf.get("q") || hf.get("k") || hf.get("v");
        const bool projected = hf.get("w_q") || hf.get("w_k") || hf.get("w_v");
        if (direct && projected) {
            r.error(node, where + ": give either q, k and v, or w_q, w_k and w_v, not both");
            ok = false;
            continue;
        }
        if (h == 0) projected_form = projected;
        else if (projected != projected_form) {
            r.error(node, where + ": every head gives q, k and v, or every head gives w_q, w_k and w_v; heads[0] gives " +
                              (projected_form ? "w_q, w_k and w_v" : "q, k and v"));
            ok = false;
            continue;
        }
        const char* names[3] = {projected ? "w_q" : "q", projected ? "w_k" : "k", projected ? "w_v" : "v"};
        std::optional<Reader::Matrix> mats[3];
        for (int i = 0; i < 3; ++i) {
            const Node* mn = hf.get(names[i]);
            const std::string key = where + "." + names[i];
            if (!mn) {
                r.error(node, where + ": missing key '" + names[i] + "'");
                ok = false;
                continue;
            }
            mats[i] = r.matrix(mn, key, projected ? "one per input dimension" : "one per token");
            if (!mats[i]) {
                ok = false;
                continue;
            }
            const std::size_t rows = projected ? (x ? x->width() : 0) : n;
            if (rows && mats[i]->rows.size() != rows) {
                r.error(mn, key + ": expected " + plural(rows, "row", "rows") + " (" +
                                (projected ? "m, the width of x" : "one per token: " + std::to_string(n) + " tokens") + "), found " +
                                std::to_string(mats[i]->rows.size()));
                mats[i].reset();
                ok = false;
            }
        }
        if (mats[0] && mats[1] && mats[1]->width() != mats[0]->width()) {
            r.error(mats[1]->node->items[0], where + "." + names[1] + "[0]: expected " +
                                                 plural(mats[0]->width(), "number", "numbers") + " (d, the width of " + where +
                                                 "." + names[0] + "), found " + std::to_string(mats[1]->width()));
            ok = false;
        }
        if (!mats[0] || !mats[1] || !mats[2]) continue;
        if (projected && !x) {
            if (!xn) r.error(node, where + ": w_q, w_k and w_v project the inputs: give the scene's x");
            ok = false;
            continue;
        }
        if (projected) {
            head.w_q = std::move(mats[0]->rows);
            head.w_k = std::move(mats[1]->rows);
            head.w_v = std::move(mats[2]->rows);
            head.q = multiply(x->rows, head.w_q);
            head.k = multiply(x->rows, head.w_k);
            head.v = multiply(x->rows, head.w_v);
            if (!all_finite(head.q) || !all_finite(head.k) || !all_finite(head.v)) {
                r.error(node, where + ": x·w_q, x·w_k or x·w_v overflows the range of a double; use smaller numbers");
                ok = false;
                continue;
            }
        } else {
            head.q = std::move(mats[0]->rows);
            head.k = std::move(mats[1]->rows);
            head.v = std::move(mats[2]->rows);
        }
        if (positions && !rotate_positions(r, f.get("positions"), *positions, head.q, head.k, where)) ok = false;
        width += head.v[0].size();
        heads.push_back(std::move(head));
    }
    if (xn && !projected_form && ok) {
        r.error(f.key("x"), "x: the heads give q, k and v themselves; x goes with w_q, w_k and w_v in each head");
        ok = false;
    }
    if (width > kMax) {
        r.error(hn, "heads: the heads' values side by side are " + std::to_string(width) + " numbers wide, the limit is " +
                        std::to_string(kMax));
        ok = false;
    }
    if (const Node* on = f.get("w_o")) {
        auto wo = r.matrix(on, "w_o", "one per number of the heads' values side by side");
        if (!wo) ok = false;
        else {
            if (ok && wo->rows.size() != width) {
                r.error(on, "w_o: expected " + plural(width, "row", "rows") +
                                " (one per number of the heads' values side by side: the sum of their widths), found " +
                                std::to_string(wo->rows.size()));
                ok = false;
            }
            if (x && wo->width() != x->width()) {
                r.error(on->items[0], "w_o[0]: expected " + plural(x->width(), "number", "numbers") +
                                          " (m, the width of x: W_O maps the heads' outputs back to it), found " +
                                          std::to_string(wo->width()));
                ok = false;
            }
            s.w_o = std::move(wo->rows);
        }
    }
    if (!ok) return 0;
    (void)root;
    if (x) s.x = std::move(x->rows);
    s.heads = std::move(heads);
    return s.heads[0].q[0].size();
}

}  // namespace load
