// model/rows: the focused row's numbers, animated by stage, and the panels that show one row —
// the score row, the weight bars, the graph of edges, the readouts and the arithmetic.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <functional>

#include "model/model.hpp"
#include "model/row.hpp"
#include "scene/heads.hpp"

namespace model {

double smooth(double x) {
    x = std::clamp(x, 0.0, 1.0);
    return x * x * (3 - 2 * x);
}

double beat(double u, double from, double to) { return std::clamp((u - from) / (to - from), 0.0, 1.0); }

core::Point vec2(const core::Vec& v) { return {v.size() > 0 ? v[0] : 0.0, v.size() > 1 ? v[1] : 0.0}; }

Progress progress(const timeline::View& v) {
    Progress out;
    for (const scene::StageInfo& st : scene::stages()) {
        double& p = out.p[static_cast<std::size_t>(st.stage)];
        if (st.stage < v.stage) p = 1;
        else if (st.stage > v.stage) p = 0;
        else p = v.prev_stage == v.stage ? 1.0 : v.u;
        if (st.motion == scene::Motion::Appear) p = 1;  // the tokens are always there
    }
    return out;
}

double tone(double x, double magnitude) {
    if (!std::isfinite(x)) return x > 0 ? 1.0 : (x < 0 ? -1.0 : 0.0);
    return std::clamp(x / magnitude, -1.0, 1.0);
}

void add_row(Grid& g, std::vector<double> row, int decimals, double magnitude) {
    std::vector<std::string> text;
    std::vector<double> tones;
    for (double x : row) {
        text.push_back(num(x, decimals));
        tones.push_back(tone(x, magnitude));
    }
    g.value.push_back(std::move(row));
    g.text.push_back(std::move(text));
    g.tone.push_back(std::move(tones));
}

namespace {

// The largest |entry| of some matrices (1e-9 at least: a magnitude divides).
double largest(const std::vector<const core::Mat*>& mats) {
    double mag = 1e-9;
    for (const core::Mat* m : mats)
        for (const auto& row : *m)
            for (double x : row)
                if (std::isfinite(x)) mag = std::max(mag, std::fabs(x));
    return mag;
}

// The largest |q·k| between any query and any key of the scene as written.
double largest_score(const core::Mat& qs, const core::Mat& ks) {
    double mag = 0;
    for (const core::Vec& q : qs)
        for (const core::Vec& k : ks) {
            double dot = 0;
            for (std::size_t c = 0; c < q.size() && c < k.size(); ++c) dot += q[c] * k[c];
            if (std::isfinite(dot)) mag = std::max(mag, std::fabs(dot));
        }
    return mag;
}

// Key j's logit as the row shows it: the trace's q·k/(√d·T) — of the open trace while the mask
// folds, so that a key being hidden still shows the score it would have. At the limits, where
// the trace has no logits, the scores the limit ranks (T = 0) and 0 (T = ∞, where every
// exponential is 1).
double logit_shown(const attention::Trace& tr, std::size_t f, std::size_t j) {
    if (tr.has_logits()) return tr.logits(f, j);
    return std::isinf(tr.temperature) ? 0.0 : tr.scaled(f, j);
}

// The precision of the weights on a page: whole percent when its matrix writes its cells (in
// steps of 0.01), so that a weight reads "0.07" in its cell and "7%" in the graph, never "6.7%".
Percent page_precision(const timeline::View& v, int n) {
    const std::vector<scene::Panel>& panels = v.panels ? *v.panels : v.scene->panels;
    const bool matrix = std::find(panels.begin(), panels.end(), scene::Panel::Matrix) != panels.end();
    return matrix && n <= Matrix::kNumbers ? Percent::Whole : Percent::Fine;
}

}  // namespace

Scales scales_of(const timeline::View& v) {
    Scales out;
    const scene::Scene& sc = *v.scene;
    double score = 0;
    if (sc.n() <= kFixedScaleTokens) {
        for (const scene::Head& h : sc.heads)  // one scale for every head: a score has one colour whichever head shows it
            score = std::max(score, largest_score(h.q, h.k));
    } else {
        // Too many pairs to score on every frame: the trace's scores (computed anyway).
        for (double s : v.trace().scores.data)
            if (std::isfinite(s)) score = std::max(score, std::fabs(s));
    }
    out.score = score > 1e-9 ? score : 1.0;
    if (sc.projected()) {
        // Heads projected from x: one scale for x, every head's matrices and vectors, and W_O
        // (the heads' outputs and what W_O makes of them are drawn on it too).
        std::vector<const core::Mat*> all{&sc.x, &sc.w_o};
        for (const scene::Head& h : sc.heads)
            for (const core::Mat* a : {&h.w_q, &h.w_k, &h.w_v, &h.q, &h.k, &h.v}) all.push_back(a);
        out.projection = largest(all);
        out.value = out.projection;
    } else {
        // Heads given q, k and v: every head's values on one scale.
        std::vector<const core::Mat*> all;
        for (const scene::Head& h : sc.heads) all.push_back(&h.v);
        out.value = largest(all);
        out.projection = std::max(out.value, largest({&sc.w_o}));
    }
    return out;
}

Row focused_row(const timeline::View& v) {
    Row m;
    m.view = &v;
    m.sc = v.scene;
    m.tr = &v.trace();
    m.q = &scene::shown_q(*v.scene, v.controls);
    m.k = &scene::shown_k(*v.scene, v.controls);
    m.v = &scene::shown_v(*v.scene, v.controls);
    m.head = scene::shown_head(*v.scene, v.controls);
    m.written = &v.scene->heads[m.head];
    m.head_label = scene::shown_head_label(*v.scene, v.controls);
    const attention::Trace& tr = v.trace();
    m.n = static_cast<int>(tr.n);
    m.focus = std::clamp(v.controls.focus, 0, m.n - 1);
    m.d = tr.d;
    m.sqrt_d = std::sqrt(static_cast<double>(tr.d));
    m.T = v.controls.temperature;
    m.prog = progress(v);

    const std::size_t n = tr.n, f = static_cast<std::size_t>(m.focus);
    m.raw.resize(n);
    m.scaled.resize(n);
    m.tempered.resize(n);
    m.shown.resize(n);
    m.hide.resize(n);
    m.weight.resize(n);
    m.bar.resize(n);
    const bool open = v.open.n == n && v.mask_u < 1.0;
    const double ps = m.prog[Stage::Scores], pc = m.prog[Stage::Scale];
    const double pm = m.prog[Stage::Mask], px = m.prog[Stage::Softmax];
    double wmax = 0;
    for (std::size_t j = 0; j < n; ++j) {
        m.raw[j] = tr.scores(f, j);
        m.scaled[j] = tr.scaled(f, j);
        m.tempered[j] = logit_shown(open ? v.open : tr, f, j);
        // The score row stays on q·k/√d: T acts inside the softmax only (on the weights and
        // the mixture), so the picture of the scores does not change with the dial.
        double s = m.raw[j] * smooth(ps);
        s = core::lerp(s, m.scaled[j], pc);
        m.shown[j] = s;
        m.hide[j] = (j > f && v.mask_u > 0) ? v.mask_u * pm : 0.0;
        m.folding = m.folding || (m.hide[j] > 0 && m.hide[j] < 1);
        double w = tr.weights(f, j);
        if (open) w = core::lerp(v.open.weights(f, j), w, v.mask_u);
        m.weight[j] = w;
        wmax = std::max(wmax, w);
    }
    m.scales = scales_of(v);
    m.precision = page_precision(v, m.n);
    // Softmax in two beats: bars grow to e^s (relative to the largest), then rescale to shares.
    const double b1 = smooth(beat(px, 0.0, 0.5)), b2 = smooth(beat(px, 0.5, 1.0));
    double best = -1;
    for (std::size_t j = 0; j < n; ++j) {
        const double erel = wmax > 0 ? m.weight[j] / wmax : 0;  // w_j / w_max = e^(s_j − s_max)
        m.bar[j] = core::lerp(core::lerp(0.0, erel, b1), m.weight[j], b2);
        if (m.weight[j] > best) {
            best = m.weight[j];
            m.best = static_cast<int>(j);
        }
    }
    for (double w : m.weight) m.share.push_back(m.weight_text(w));
    // Ties on the weights themselves, never on their text.
    for (std::size_t j = 0; j < n; ++j)
        if (m.hide[j] < 1 && same_weight(m.weight[j], m.weight[static_cast<std::size_t>(m.best)]))
            m.top.push_back(static_cast<int>(j));
    // The new vector and the softmax's denominator, from the trace; while the mask folds, the
    // weights move linearly between the open trace's and the masked one's, and so does Σ aᵢvᵢ.
    m.out = tr.output.row_vec(f);
    if (open)
        for (std::size_t c = 0; c < tr.dv; ++c) m.out[c] = core::lerp(v.open.output(f, c), m.out[c], v.mask_u);
    const attention::Trace& norm = open ? v.open : tr;
    m.exp_sum = norm.log_norm.size() == n ? std::exp(norm.log_norm[f]) : 0.0;
    return m;
}

Legend score_legend(const Scales& s) {
    return {Scale::Diverging, "score", num(-s.score, 1), "0", num(s.score, 1)};
}

ScoreRow build(const Row& m, Tag<ScoreRow>) {
    ScoreRow out;
    const timeline::View& v = *m.view;
    out.heading = "Match scores · q·k";
    if (m.prog.reached(Stage::Scale)) out.heading = "Match scores · q·k / √d";
    out.scored = m.prog.reached(Stage::Scores);
    // Badges during the step that applies them.
    if (v.stage == Stage::Scale && m.prog[Stage::Scale] < 1) out.badge_scale = std::sin(M_PI * v.u);
    out.legend = score_legend(m.scales);
    out.window = window_around(m.n, m.focus, m.n <= ScoreRow::kMost ? m.n : ScoreRow::kWindow);
    out.before = more_text(out.window.before());
    out.after = more_text(out.window.after());
    for (int j = out.window.first; j < out.window.first + out.window.count; ++j) {
        const std::size_t J = static_cast<std::size_t>(j);
        ScoreCell c;
        c.token = m.sc->tokens[J];
        c.value = out.scored ? num(m.shown[J]) : "—";
        c.tone = m.score_tone(m.shown[J]);
        c.hide = m.hide[J];
        c.focus = j == m.focus;
        c.hover = j == v.hover;
        out.cells.push_back(std::move(c));
    }
    return out;
}

WeightBars build(const Row& m, Tag<WeightBars>) {
    WeightBars out;
    const double px = m.prog[Stage::Softmax];
    out.shown = px > 0;
    out.shares = px >= 0.75;  // labels switch from exp(s) to shares half-way through beat 2
    double sum = 0;
    for (double w : m.weight) sum += w;
    if (out.shown) out.aside = out.shares ? "Σ a = " + num(sum) : "exp(s) · bars scaled to the largest";
    out.window = window_around(m.n, m.focus, m.n <= WeightBars::kMost ? m.n : WeightBars::kWindow);
    out.before = more_text(out.window.before());
    out.after = more_text(out.window.after());
    for (int j = out.window.first; j < out.window.first + out.window.count; ++j) {
        const std::size_t J = static_cast<std::size_t>(j);
        Bar b;
        b.token = m.sc->tokens[J];
        b.height = std::max(0.0, m.bar[J]);
        b.hide = m.hide[J];
        b.focus = j == m.focus;
        b.hover = j == m.view->hover;
        b.best = j == m.best && out.shares && !m.tied();
        if (out.shares) {
            b.label = m.share[J];
        } else {
            // exp(s/T) itself during the first beat (the bars are these, scaled to the largest).
            double e = std::exp(std::clamp(m.tempered[J], -700.0, 700.0));
            b.label = e < 1e6 ? num(e, e < 10 ? 2 : 1) : "≫";
        }
        out.bars.push_back(std::move(b));
    }
    return out;
}

Graph build(const Row& m, Tag<Graph>) {
    Graph out;
    // A token that is not a word ("." or ",") is quoted, else the title reads "Who . reads".
    const std::string& word = m.sc->tokens[static_cast<std::size_t>(m.focus)];
    const bool wordlike = std::any_of(word.begin(), word.end(), [](char ch) {
        return std::isalnum(static_cast<unsigned char>(ch)) || static_cast<unsigned char>(ch) >= 0x80;
    });
    out.heading = "Who " + (wordlike ? word : "‘" + word + "’") + " reads";
    out.window = window_around(m.n, m.focus, Graph::kMost);
    const Window& win = out.window;
    out.focus = m.focus - win.first;
    if (!win.whole())
        out.note = window_text(win);
    const double px = m.prog[Stage::Softmax];
    // The labelled edges: the three heaviest of at least 5 % — the self-loop like any other —
    // and any whose weight ties the third's. `third` is the weight of the third heaviest. Both
    // tests take ties as same_weight does, so that the last bit of a weight (which a browser's
    // exp may round otherwise than glibc's) never decides a label.
    std::vector<double> order;
    for (int j = 0; j < m.n; ++j)
        if (m.hide[static_cast<std::size_t>(j)] < 1) order.push_back(m.weight[static_cast<std::size_t>(j)]);
    std::sort(order.begin(), order.end(), std::greater<>());
    const double third = order.empty() ? 0 : order[std::min<std::size_t>(2, order.size() - 1)];
    for (int j = win.first; j < win.first + win.count; ++j) {
        const std::size_t J = static_cast<std::size_t>(j);
        GraphNode node;
        node.word = m.sc->tokens[J];
        node.focus = j == m.focus;
        node.hover = j == m.view->hover;
        node.hidden = m.hide[J] > 0.5;
        const bool heavy = m.weight[J] >= third || same_weight(m.weight[J], third);
        const bool enough = m.weight[J] >= 0.05 || same_weight(m.weight[J], 0.05);
        if (px >= 1 && m.hide[J] < 1 && enough && heavy) node.label = m.share[J];
        out.nodes.push_back(std::move(node));
        if (px > 0) {
            const double w = std::clamp(m.bar[J], 0.0, 1.0);
            if (w >= 1e-4 && m.hide[J] < 1) out.edges.push_back({j - win.first, w});
        }
    }
    return out;
}

Readouts build(const Row& m, Tag<Readouts>) {
    const bool weights = m.prog[Stage::Softmax] >= 1;
    std::string top = "—", sum = "—", out = "—";
    if (weights && m.tied()) {
        // No key won (equal weights): "cat = mouse · 39%" for two, "6-way tie · 17%" for more.
        const std::string& share = m.share[static_cast<std::size_t>(m.best)];
        if (m.top.size() == 2)
            top = m.sc->tokens[static_cast<std::size_t>(m.top[0])] + " = " + m.sc->tokens[static_cast<std::size_t>(m.top[1])] +
                  " · " + share;
        else
            top = std::to_string(m.top.size()) + "-way tie · " + share;
    } else if (weights) {
        top = m.sc->tokens[static_cast<std::size_t>(m.best)] + " · " + m.share[static_cast<std::size_t>(m.best)];
    }
    if (weights) {
        double s = 0;
        for (double w : m.weight) s += w;
        sum = num(s);
    }
    if (m.prog[Stage::Blend] >= 1) {
        out = "(";
        for (std::size_t i = 0; i < m.out.size() && i < 4; ++i) out += (i ? ", " : "") + num(m.out[i]);
        out += m.out.size() > 4 ? ", …)" : ")";
    }
    return {{{"d", std::to_string(m.d) + "   (√d = " + num(m.sqrt_d) + ")"},
             {"Temperature T", m.T == 0 || std::isinf(m.T) ? temperature(m.T) + " (limit)" : temperature(m.T)},
             {"Top weight", top},
             {"Σ weights", sum},
             {"New vector", out}}};
}

namespace {

std::string subscript(std::size_t i) {
    static const char* digits[] = {"₀", "₁", "₂", "₃", "₄", "₅", "₆", "₇", "₈", "₉"};
    std::string out;
    for (char ch : std::to_string(i)) out += digits[ch - '0'];
    return out;
}

}  // namespace

Arithmetic build(const Row& m, Tag<Arithmetic>) {
    Arithmetic a;
    // The best match's row; in a tie for the top weight (equal weights, not equal text) no key is
    // the best, and the arithmetic shows the asking token's own key instead.
    const bool tied = m.prog.reached(Stage::Softmax) && m.tied();
    const std::size_t f = static_cast<std::size_t>(m.focus);
    const std::size_t j = tied ? f : static_cast<std::size_t>(m.best);
    if (tied) a.heading = "Arithmetic of its own key";
    if (m.prog.reached(Stage::Softmax)) a.aside = m.sc->tokens[j] + (tied ? " · a tie" : "");
    const core::Vec& q = (*m.q)[f];
    const core::Vec& k = (*m.k)[j];
    if (m.prog[Stage::Scores] >= 1) {
        if (m.d <= 3) {
            // The coordinates to the fewest decimals (2 at least, 4 at most) whose products,
            // added and rounded, give the q·k the line ends with: a key dragged freely may need a
            // third; a key that no decimal writes (the keys' mean) keeps 2 when they reproduce it.
            int dq = 2;
            for (; dq < 4; ++dq) {
                const double unit = std::pow(10.0, dq);
                const auto shown = [unit](double x) { return std::round(x * unit) / unit; };
                double product = 0;
                for (std::size_t i = 0; i < m.d; ++i) product += shown(q[i]) * shown(k[i]);
                if (num(product) == num(m.raw[j])) break;
            }
            std::string sym = "q·k = ", nums = "= ";
            for (std::size_t i = 0; i < m.d; ++i) {
                sym += (i ? " + q" : "q") + subscript(i + 1) + "k" + subscript(i + 1);
                nums += (i ? " + (" : "(") + num(q[i], dq) + ")(" + num(k[i], dq) + ")";
            }
            nums += " = " + num(m.raw[j]);
            a.lines.push_back(sym);
            a.lines.push_back(nums);
        } else {
            a.lines.push_back("q·k = Σ of " + std::to_string(m.d) + " products = " + num(m.raw[j]));
        }
    }
    if (m.prog[Stage::Scale] >= 1)
        a.lines.push_back("÷ √d:  " + num(m.raw[j]) + " ÷ " + num(m.sqrt_d) + " = " + num(m.scaled[j]));
    if (m.prog[Stage::Temperature] >= 1) {
        if (std::isinf(m.T)) a.lines.push_back("÷ T:  T → ∞, every score counts the same");
        else if (m.T <= 0) a.lines.push_back("÷ T:  T → 0, the best match takes everything");
        else a.lines.push_back("÷ T:  " + num(m.scaled[j]) + " ÷ " + temperature(m.T) + " = " + num(m.tempered[j]));
    }
    if (m.prog[Stage::Softmax] >= 1 && m.T > 0 && !std::isinf(m.T)) {
        const double total = m.exp_sum;
        const double e = std::exp(m.tempered[j]);
        a.lines.push_back("exp:  exp(" + num(m.tempered[j]) + ") = " + num(e));
        // The share as the weight bars show it; while the mask folds, the quotient itself.
        std::string share = m.share[j];
        if (m.folding) share = m.weight_text(std::isfinite(total) ? e / total : m.weight[j]);
        a.lines.push_back("share:  " + num(e) + " ÷ " + num(total) + " = " + share);
    } else if (m.prog[Stage::Softmax] >= 1) {
        a.lines.push_back("share:  " + m.share[j]);
    }
    // Every visible key tied: say so.
    if (tied && m.prog[Stage::Softmax] >= 1 && m.hide[j] < 1) {
        std::size_t visible = 0;
        for (double h : m.hide) visible += h < 1;
        if (m.top.size() == visible) a.lines.push_back("all equal: every visible key gets " + m.share[j]);
    }
    return a;
}

}  // namespace model
