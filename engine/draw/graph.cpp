// draw/graph: tokens as nodes on a ring, edges from the asking token whose width and opacity
// follow its weights (they appear with the softmax: before it nothing is connected).
#include <algorithm>
#include <cmath>

#include "draw/paint.hpp"

namespace draw {

std::vector<core::Point> graph_nodes(int count, const core::Rect& panel, double& radius) {
    core::Rect content = card_content(panel);
    std::vector<core::Point> out;
    const int n = std::max(1, count);
    double R = std::min(content.w, content.h) / 2;
    radius = std::clamp(R * 3.0 / n, 6.0, 38.0);
    // Room outside the ring for the percentage labels: wider sideways than up and down.
    R = std::min(content.w / 2 - radius - 70, content.h / 2 - radius - 32);
    R = std::max(R, radius);
    core::Point c = content.centre();
    for (int j = 0; j < count; ++j) {
        double a = -M_PI / 2 + 2 * M_PI * j / n;
        out.push_back({c.x + R * std::cos(a), c.y + R * std::sin(a)});
    }
    return out;
}

namespace {

void paint(Canvas& c, const model::SceneFrame& fr, const core::Rect& r) {
    const model::Graph& g = fr.graph;
    core::Rect content = c.card(r, g.heading);
    double radius = 0;
    auto nodes = graph_nodes(static_cast<int>(g.nodes.size()), r, radius);
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
        c.line({f.x + dx / l * radius, f.y + dy / l * radius}, {t.x - dx / l * radius, t.y - dy / l * radius});
        cairo_stroke(c.cr);
    }
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
        c.color(node.focus ? c.th.ink_on(c.th.query) : c.th.ink);
        double side = radius * 1.5;
        c.text_in(node.word, {p.x - side / 2, p.y - radius * 0.45, side, radius * 0.9}, node.focus ? Font::Bold : Font::Regular,
                  20, 6, Align::Center);
        if (!node.label.empty()) {
            // The weight beside the node, outward from the ring: its box touches the circle at
            // most at a gap of 6 along the ray from the centre.
            core::Point ctr = content.centre();
            double dx = p.x - ctr.x, dy = p.y - ctr.y, l = std::max(1e-6, std::hypot(dx, dy));
            const double ux = dx / l, uy = dy / l;
            c.font(Font::Bold, 16);
            const double hw = c.measure(node.label) / 2 + 2, hh = 11;
            // The asking node's label sits beyond its self-loop (which reaches out to 1.85 radii).
            const double ring = node.focus ? radius * 1.85 : radius;
            const double reach = ring + 6 + std::fabs(ux) * hw + std::fabs(uy) * hh;
            core::Rect box{p.x + ux * reach - hw, p.y + uy * reach - hh, 2 * hw, 2 * hh};
            box.x = std::clamp(box.x, content.x, content.right() - box.w);
            box.y = std::clamp(box.y, content.y, content.bottom() - box.h);
            c.color(c.th.ink_soft);
            c.text_in(node.label, box, Font::Bold, 16, 9, Align::Center);
        }
    }
}

void hit(const model::SceneFrame& f, const core::Rect& r, core::Point p, Hit& h) {
    double radius = 0;
    const auto nodes = graph_nodes(f.n, r, radius);
    for (std::size_t j = 0; j < nodes.size(); ++j)
        if (std::hypot(nodes[j].x - p.x, nodes[j].y - p.y) <= radius + 4) {
            h.kind = Hit::Kind::Token;
            h.token = static_cast<int>(j);
        }
}

}  // namespace

extern const PanelDef kGraphPanel{Panel::Graph, {Slot::Where::Big, 21, 1.0}, paint, hit};

}  // namespace draw
