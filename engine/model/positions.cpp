// model/positions: the positions panel's numbers — the position vectors the loader added to x
// (scene::Positions::added, made by attention::sinusoidal or given as a learned table), the word's
// own x and x + p of the focused place, or RoPE's angles (attention::rotary_angle) — with their
// precisions, tones and words. A swap in force is the scene as it now reads (scene::swapped): its
// words moved, each place's vector and angle where they were. Knows no Cairo.
#include <algorithm>
#include <cmath>

#include "attention/positions.hpp"
#include "model/model.hpp"
#include "model/row.hpp"

namespace model {

namespace {

using Kind = scene::Positions::Kind;

// A small positive factor with two significant digits ("0.046", "0.10"), 1 as "1".
std::string factor(double f) {
    if (f == 1) return "1";
    const int decimals = std::clamp(1 - static_cast<int>(std::floor(std::log10(f))), 0, 9);
    return num(f, decimals);
}

// The two places exchanged (controls.swap), or null.
const std::pair<int, int>* swap_of(const Row& m) {
    return m.view && m.view->controls.swap ? &*m.view->controls.swap : nullptr;
}

// The inputs the projections read, positions added: the scene's x, else none.
const core::Mat* inputs(const Row& m) { return m.sc->x.empty() ? nullptr : &m.sc->x; }

const char* const kSub[] = {"₀", "₁", "₂", "₃", "₄", "₅", "₆", "₇", "₈", "₉"};

void added(const Row& m, Positions& out) {
    const scene::Positions& ps = m.sc->positions;
    const core::Mat* xp = inputs(m);
    const bool sinus = ps.kind == Kind::Sinusoidal;
    const std::size_t n = static_cast<std::size_t>(m.n), f = static_cast<std::size_t>(m.focus);
    if (!xp || xp->size() != n || ps.added.size() != n || f >= n) {
        out.note = "This scene gives q, k and v directly: position vectors are added to each input x, and it has none.";
        return;
    }
    const std::size_t width = ps.added[0].size();
    // The word's own x: what the place's vector was added to (x + p − p; x as the scene writes
    // it, to the last bits that its precision shows).
    core::Mat words(n, core::Vec(width, 0.0));
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t c = 0; c < width && c < (*xp)[i].size(); ++c) words[i][c] = (*xp)[i][c] - ps.added[i][c];
    // x as the scene writes it; p and x + p at the precision that writes x + p exactly up to
    // three decimals (the projections' x), at least 0.01: x's digits plus p's add up to x + p's.
    const int x_decimals = decimals_for(words, 3);
    const int decimals = std::max({2, x_decimals, decimals_for(*xp, 3)});
    double pmag = sinus ? 1.0 : 0.0;
    if (!sinus)
        for (const core::Vec& row : ps.added)
            for (double v : row) pmag = std::max(pmag, std::fabs(v));
    if (pmag <= 0) pmag = 1;
    const bool written = width <= kPositionsMaxWritten;
    double xmag = m.scales.projection;
    if (!written) {
        // Too many numbers to write: the colours alone must compare x, p and x + p, so the table
        // and the three rows share one scale, the largest of them (a learned table is often
        // smaller than x, and x + p larger than either).
        for (const core::Mat* rows : {static_cast<const core::Mat*>(&words), xp, &ps.added})
            for (const core::Vec& row : *rows)
                for (double v : row) pmag = std::max(pmag, std::fabs(v));
        xmag = pmag;
    }
    out.legend = {Scale::Diverging, written ? "p" : "p, x, x + p", num(-pmag, sinus ? 0 : decimals), "0",
                  num(pmag, sinus ? 0 : decimals)};
    for (const core::Vec& row : ps.added) add_row(out.table, row, decimals, pmag);
    for (std::size_t c = 0; c < width; ++c) out.columns.push_back(sinus ? (c % 2 ? "cos" : "sin") : std::to_string(c));
    if (sinus)
        for (std::size_t c = 0; c < width; c += 2)
            // The pair's frequency 1/base^(2i/m): its angle grows by that much a position.
            out.waves.push_back(std::string("ω") + kSub[std::min<std::size_t>(c / 2, 9)] + " = " + factor(1.0 / std::pow(ps.base, static_cast<double>(c) / static_cast<double>(width))));
    const std::string& tok = m.sc->tokens[f];
    add_row(out.x, words[f], x_decimals, xmag);
    add_row(out.p, ps.added[f], decimals, pmag);
    add_row(out.sum, (*xp)[f], decimals, xmag);
    out.sum.lit = true;
    if (!written)
        for (Grid* g : {&out.table, &out.x, &out.p, &out.sum}) g->text.clear();
    out.x_name = "x · " + tok;
    out.p_name = "p · " + out.places[f].position;
    out.sum_name = "x + p";
    if (written) out.entry_legend = {Scale::Diverging, "x", num(-xmag, 1), "0", num(xmag, 1)};
    const std::string m_text = std::to_string(width);
    if (sinus) {
        const std::string base = num(ps.base, decimals_for(core::Mat{{ps.base}}, 3));
        out.aside = "sinusoidal · base " + base;
        out.caption = "PE(pos, 2i) = sin(pos·ωᵢ), PE(pos, 2i+1) = cos(pos·ωᵢ), ωᵢ = 1/" + base + " to the power 2i/" + m_text +
                      ": each pair of columns is a wave of its own frequency. x + p is what W_Q, W_K and W_V multiply.";
    } else {
        out.aside = "learned";
        out.caption = "A learned table: one vector per position, as a trained model's (this scene gives it). "
                      "x + p is what W_Q, W_K and W_V multiply.";
    }
    if (!written)
        out.caption += " Each place's " + m_text + " numbers are drawn as colours on the one scale below, x and x + p too.";
}

void turned(const Row& m, Positions& out) {
    const scene::Positions& ps = m.sc->positions;
    const std::size_t n = static_cast<std::size_t>(m.n), d = m.d;
    const std::size_t pairs = d / 2, shown = std::min(pairs, kPositionsMaxPairs);
    out.more_pairs = static_cast<int>(pairs - shown);
    out.aside = "rotary (RoPE)";
    for (std::size_t i = 0; i < shown; ++i)
        out.pairs.push_back(std::string("θ") + kSub[std::min<std::size_t>(i, 9)] + " = " +
                            factor(std::pow(ps.base, -2.0 * static_cast<double>(i) / static_cast<double>(d))));
    const std::vector<double> pos = attention::positions(n, ps.offset);
    for (std::size_t t = 0; t < n; ++t) {
        std::vector<double> a;
        std::vector<std::string> text;
        for (std::size_t i = 0; i < shown; ++i) {
            a.push_back(attention::rotary_angle(pos[t], i, d, ps.base));
            text.push_back(num(a.back(), 2));
        }
        out.angle.push_back(std::move(a));
        out.turn.push_back(std::move(text));
    }
    out.caption = "No vector is added: q and k are turned by pos·θᵢ (radians) in each pair, v is not; a score depends "
                  "on the distance j − i.";
}

void blind(const Row& m, Positions& out) {
    const std::size_t n = static_cast<std::size_t>(m.n);
    out.aside = "none";
    const std::pair<int, int>* swap = swap_of(m);
    out.a = swap ? std::min(swap->first, swap->second) : 0;
    out.b = swap ? std::max(swap->first, swap->second) : static_cast<int>(n) - 1;
    out.swapped = m.sc->tokens;
    out.words = m.sc->tokens;
    if (out.a >= 0 && out.b > out.a && static_cast<std::size_t>(out.b) < n)
        std::swap(out.words[static_cast<std::size_t>(out.a)], out.words[static_cast<std::size_t>(out.b)]);
    if (!swap) std::swap(out.words, out.swapped);  // no swap in force: the sentence first, then exchanged
    // The causal mask knows order (a word reads only the words before it): then only it does.
    out.caption = m.view && m.view->controls.mask
                      ? "No positions: only the mask knows order here, by hiding later words. Without it, swapping two "
                        "words would swap their rows and columns of the weights and change no weight."
                      : "No positions: attention sees which words, not in what order. Swap two words and their rows and "
                        "columns of the weights swap; no weight changes.";
}

}  // namespace

Positions build(const Row& m, Tag<Positions>) {
    Positions out;
    const scene::Positions& ps = m.sc->positions;
    const std::size_t n = static_cast<std::size_t>(m.n);
    const std::pair<int, int>* swap = swap_of(m);
    const std::vector<double> pos = attention::positions(n, ps.offset);
    const int pos_decimals = decimals_for(core::Mat{pos}, 3);
    for (std::size_t i = 0; i < n; ++i) {
        Positions::Place pl;
        pl.position = num(pos[i], pos_decimals);
        pl.word = m.sc->tokens[i];
        pl.focus = static_cast<int>(i) == m.focus;
        pl.moved = swap && (static_cast<int>(i) == swap->first || static_cast<int>(i) == swap->second);
        out.places.push_back(std::move(pl));
    }
    switch (ps.kind) {
        case Kind::Sinusoidal:
        case Kind::Learned:
            out.kind = Positions::Kind::Added;
            added(m, out);
            break;
        case Kind::Rotary:
            out.kind = Positions::Kind::Turned;
            turned(m, out);
            break;
        case Kind::None:
            out.kind = Positions::Kind::Blind;
            blind(m, out);
            break;
    }
    if (swap && out.kind != Positions::Kind::Blind) {
        const auto& [a, b] = *swap;
        out.caption = m.sc->tokens[static_cast<std::size_t>(b)] + " and " + m.sc->tokens[static_cast<std::size_t>(a)] +
                      " exchanged places: each place keeps its " + (out.kind == Positions::Kind::Turned ? "angle" : "vector") +
                      ", the words move. " + out.caption;
    }
    return out;
}

}  // namespace model
