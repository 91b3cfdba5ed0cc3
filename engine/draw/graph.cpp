// draw/graph: tokens as nodes on a ring, edges from the asking token whose width and opacity
// follow its weights (they appear with the softmax: before it nothing is connected).
#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "draw/paint.hpp"

namespace draw {

// Room outside the ring for a node's label (its word when the node is too small for it, and
// its weight): up to two lines of kMinText beside the node.
constexpr double kLabelSide = 72, kLabelEnd = 50;
// The line at the foot of the card that says which tokens a windowed graph shows.
constexpr double kNoteLine = 30;

std::vector<core::Point> graph_nodes(int count, const core::Rect& panel, double& radius, bool noted) {
    core::Rect content = card_content(panel);
    if (noted) content.h = std::max(1.0, content.h - kNoteLine);
    std::vector<core::Point> out;
    const int n = std::max(1, count);
    // The ring is an ellipse that fills the card less the labels' room; the nodes sit at equal
    // distances along it (from the top, clockwise), and a node's radius is a little under half
    // the distance to its neighbour, so that no two nodes touch.
    const core::Point c = content.centre();
    constexpr int kSamples = 720;
    auto place = [&](double a, double b) {
        std::vector<double> len(kSamples + 1, 0.0);
        auto at = [&](int i) {
            const double t = -M_PI / 2 + 2 * M_PI * i / kSamples;
            return core::Point{c.x + a * std::cos(t), c.y + b * std::sin(t)};
        };
        for (int i = 1; i <= kSamples; ++i) {
            const core::Point p = at(i - 1), q = at(i);
            len[static_cast<std::size_t>(i)] = len[static_cast<std::size_t>(i - 1)] + std::hypot(q.x - p.x, q.y - p.y);
        }
        std::vector<core::Point> pts;
        for (int j = 0; j < count; ++j) {
            const double want = len.back() * j / n;
            const auto it = std::lower_bound(len.begin(), len.end(), want);
            pts.push_back(at(static_cast<int>(it - len.begin())));
        }
        return pts;
    };
    auto gap = [&](const std::vector<core::Point>& pts) {  // the least distance between neighbours
        double g = std::min(content.w, content.h);
        const std::size_t m = pts.size(), pairs = m > 2 ? m : m - 1;
        for (std::size_t j = 0; m > 1 && j < pairs; ++j) {
            const core::Point p = pts[j], q = pts[(j + 1) % m];
            g = std::min(g, std::hypot(q.x - p.x, q.y - p.y));
        }
        return g;
    };
    double a = std::max(1.0, content.w / 2 - kLabelSide), b = std::max(1.0, content.h / 2 - kLabelEnd);
    radius = 38;
    for (int pass = 0; pass < 3; ++pass) {
        const double ar = std::max(1.0, a - radius), br = std::max(1.0, b - radius);
        out = place(ar, br);
        radius = count > 1 ? std::clamp(gap(out) * 0.45, 4.0, 38.0) : 38.0;
    }
    const double ar = std::max(1.0, a - radius), br = std::max(1.0, b - radius);
    out = place(ar, br);
    if (count > 1) radius = std::min(radius, gap(out) * 0.45);
    return out;
}

namespace {

void paint(Canvas& c, const model::Graph& g, const core::Rect& r) {
    core::Rect content = c.card(r, g.heading);
    const bool noted = !g.note.empty();
    if (noted) {
        c.color(c.th.ink_soft);
        c.text_in(g.note, {content.x, content.bottom() - kNoteLine + 4, content.w, kNoteLine - 4}, Font::Italic, kMinText, kMinText,
                  Align::Center);
        content.h = std::max(1.0, content.h - kNoteLine);
    }
    double radius = 0;
    auto nodes = graph_nodes(static_cast<int>(g.nodes.size()), r, radius, noted);
    const core::Point f = nodes[static_cast<std::size_t>(g.focus)];
    for (const model::GraphEdge& e : g.edges) {
        const double w = e.strength;
        c.color(c.th.key, 0.15 + 0.85 * w);
        cairo_set_line_width(c.cr, 1.5 + 16 * w);
        cairo_set_line_cap(c.cr, CAIRO_LINE_CAP_ROUND);
        if (e.to == g.focus) {
            // Reading itself: a loop outward from the ring.
            core::Point ctr = content.centre();
            double dx = f.x - ctr.x, dy = f.y - ctr.y, l = std::hypot(dx, dy);
            if (l < 1e-6) l = 1;
            core::Point lc{f.x + dx / l * radius * 1.1, f.y + dy / l * radius * 1.1};
            c.circle(lc, radius * 0.75);
            cairo_stroke(c.cr);
            continue;
        }
        core::Point t = nodes[static_cast<std::size_t>(e.to)];
        double dx = t.x - f.x, dy = t.y - f.y, l = std::hypot(dx, dy);
        if (l < 2 * radius) continue;
        if (l - 2 * radius < 0.75 * radius) {
            // Neighbours on the ring: a straight edge would be a stub between the circles, the
            // least visible edge however heavy (a previous-token head's 92% one). It swings into
            // the ring instead, from each node's inner side, as long as the weight deserves.
            const core::Point ctr = content.centre();
            const auto inward = [&](core::Point p) {
                const double ix = ctr.x - p.x, iy = ctr.y - p.y, il = std::max(1e-6, std::hypot(ix, iy));
                return core::Point{ix / il, iy / il};
            };
            const core::Point uf = inward(f), ut = inward(t);
            const double reach = 2.4 * radius;
            const core::Point s0{f.x + uf.x * radius, f.y + uf.y * radius}, s1{t.x + ut.x * radius, t.y + ut.y * radius};
            cairo_move_to(c.cr, s0.x, s0.y);
            cairo_curve_to(c.cr, s0.x + uf.x * reach, s0.y + uf.y * reach, s1.x + ut.x * reach, s1.y + ut.y * reach, s1.x, s1.y);
            cairo_stroke(c.cr);
            continue;
        }
        c.line({f.x + dx / l * radius, f.y + dy / l * radius}, {t.x - dx / l * radius, t.y - dy / l * radius});
        cairo_stroke(c.cr);
    }
    std::vector<core::Rect> taken;  // nodes and the labels placed so far
    for (const core::Point& p : nodes) taken.push_back({p.x - radius, p.y - radius, 2 * radius, 2 * radius});
    for (std::size_t j = 0; j < g.nodes.size(); ++j) {
        const model::GraphNode& node = g.nodes[j];
        core::Point p = nodes[j];
        if (node.hover) {
            c.circle(p, radius + 6);
            c.color(c.th.hover);
            cairo_set_line_width(c.cr, 3);
            cairo_stroke(c.cr);
        }
        c.circle(p, radius);
        c.color(node.focus ? c.th.query : c.th.card);
        cairo_fill_preserve(c.cr);
        c.color(node.focus ? c.th.query : (node.hidden ? c.th.ink_faint : c.th.key));
        cairo_set_line_width(c.cr, 2.5);
        if (node.hidden) {
            double dash[] = {4, 3};
            cairo_set_dash(c.cr, dash, 2, 0);
        }
        cairo_stroke(c.cr);
        cairo_set_dash(c.cr, nullptr, 0, 0);
        if (c.recording())
            c.mark("node:" + std::to_string(g.window.first + static_cast<int>(j)),
                   core::Rect{p.x - radius, p.y - radius, 2 * radius, 2 * radius});
        // The word inside the node when it fits there at a readable size; else outside, with
        // the weight under it.
        const Font wf = node.focus ? Font::Bold : Font::Regular;
        // The word's ink at the smallest readable size, its line centred on the node: it goes
        // inside when the corners of its ink stay inside the ring (the circle less the ring's
        // width), where the circle's chord is as wide as the word — not only where a square
        // inscribed in it would be.
        c.font(wf, kMinText);
        const Canvas::Extents ink = c.extents(node.word);
        const double baseline = (c.ascent() - c.descent()) / 2;  // below the centre
        const double inner = radius - 4.5;  // the ring (2.5 wide, on the radius) and air
        const double rise = std::max(std::abs(baseline + ink.y_bearing), std::abs(baseline + ink.y_bearing + ink.height));
        const double side = rise < inner ? 2 * std::sqrt(inner * inner - rise * rise) : 0.0;
        const bool inside = c.measure(node.word) <= side && radius * 0.9 * 0.82 >= kMinText;
        if (inside) {
            c.color(node.focus ? c.th.ink_on(c.th.query) : c.th.ink);
            c.text_in(node.word, {p.x - side / 2, p.y - radius * 0.45, side, radius * 0.9}, wf, 20, kMinText, Align::Center);
        }
        const std::string_view word = inside ? std::string_view{} : std::string_view{node.word};
        if (word.empty() && node.label.empty()) continue;
        // The label beside the node, outward from the ring: its box touches the circle at most at
        // a gap of 6 along the ray from the centre.
        core::Point ctr = content.centre();
        double dx = p.x - ctr.x, dy = p.y - ctr.y, l = std::max(1e-6, std::hypot(dx, dy));
        const double ux = dx / l, uy = dy / l;
        const double line = kMinText * 1.2;
        c.font(wf, kMinText);
        double ww = word.empty() ? 0.0 : c.measure(word);
        c.font(Font::Bold, kMinText);
        ww = std::max(ww, node.label.empty() ? 0.0 : c.measure(node.label));
        const double lines = (word.empty() ? 0.0 : 1.0) + (node.label.empty() ? 0.0 : 1.0);
        const double hw = ww / 2 + 2, hh = line * lines / 2;
        // The asking node's label sits beyond its self-loop (which reaches out to 1.85 radii).
        const double ring = node.focus ? radius * 1.85 : radius;
        const double reach = ring + 6 + std::fabs(ux) * hw + std::fabs(uy) * hh;
        // Where it would cover a label already placed or a node (neighbours' long words on a
        // narrow ring), it moves: further out, or along the ring, by the least that clears.
        auto box_at = [&](double out, double along) {
            core::Rect b{p.x + ux * (reach + out) - uy * along - hw, p.y + uy * (reach + out) + ux * along - hh, 2 * hw, 2 * hh};
            b.x = std::clamp(b.x, content.x, std::max(content.x, content.right() - b.w));
            b.y = std::clamp(b.y, content.y, std::max(content.y, content.bottom() - b.h));
            return b;
        };
        auto clear = [&](const core::Rect& b) {
            for (const core::Rect& t : taken)
                if (std::min(b.right(), t.right()) - std::max(b.x, t.x) > 0.5 &&
                    std::min(b.bottom(), t.bottom()) - std::max(b.y, t.y) > 0.5)
                    return false;
            return true;
        };
        core::Rect box = box_at(0, 0);
        for (int k = 1; k <= 12 && !clear(box); ++k) {
            const double d = 4.0 * k;
            for (const auto& [out, along] : {std::pair{d, 0.0}, std::pair{0.0, d}, std::pair{0.0, -d}, std::pair{d, d}, std::pair{d, -d}}) {
                const core::Rect b = box_at(out, along);
                if (clear(b)) {
                    box = b;
                    break;
                }
            }
        }
        taken.push_back(box);
        double y = box.y;
        if (!word.empty()) {
            c.color(node.focus ? c.th.query_ink : c.th.ink);
            c.text_in(word, {box.x, y, box.w, line}, wf, kMinText, kMinText, Align::Center);
            y += line;
        }
        if (!node.label.empty()) {
            c.color(c.th.ink_soft);
            c.text_in(node.label, {box.x, y, box.w, line}, Font::Bold, kMinText, kMinText, Align::Center);
        }
    }
}

void hit(const model::Graph& m, const core::Rect& r, core::Point p, Hit& h) {
    double radius = 0;
    const auto nodes = graph_nodes(static_cast<int>(m.nodes.size()), r, radius, !m.note.empty());
    for (std::size_t j = 0; j < nodes.size(); ++j)
        if (std::hypot(nodes[j].x - p.x, nodes[j].y - p.y) <= radius + 4) {
            h.kind = Hit::Kind::Token;
            h.token = m.window.first + static_cast<int>(j);
        }
}

}  // namespace

extern const PanelDef<model::Graph> kGraphPanel{{Slot::Where::Big, 21, 1.0}, paint, hit};

}  // namespace draw
