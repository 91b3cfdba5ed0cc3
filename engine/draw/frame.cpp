// draw/frame: one frame — background, the slide (title, text or a scene's panels), the
// cross-fade from the previous slide, the blank screen and the laser dot — and the mapping of
// design-space points back to what is under them.
#include <algorithm>
#include <cmath>

#include "draw/paint.hpp"

namespace draw {

Transform transform_for(int width, int height) {
    Transform t;
    t.scale = std::min(width / kDesignWidth, height / kDesignHeight);
    t.dx = (width - kDesignWidth * t.scale) / 2;
    t.dy = (height - kDesignHeight * t.scale) / 2;
    return t;
}

void render(cairo_t* cr, int width, int height, const scene::Deck& deck, const timeline::Layout& lay,
            const timeline::State& state, double now, const Options& opt) {
    timeline::View v = timeline::evaluate(deck, lay, state, now);
    if (v.fade_from_span < 0 || v.fade_u >= 1.0 || v.blank) {
        frame(cr, width, height, v, opt);
        return;
    }
    // Cross-fade: the previous span at the end of its animation beneath, this one over it.
    timeline::State prev = state;
    prev.span = v.fade_from_span;
    prev.paused = false;
    prev.experiment = -1;
    prev.laser.reset();
    const timeline::Span& sp = lay.spans[static_cast<std::size_t>(v.fade_from_span)];
    prev.speed = 1.0;
    prev.span_started = now - sp.anim - 1.0;
    timeline::View under = timeline::evaluate(deck, lay, prev, now);
    Options quiet = opt;
    quiet.recorder = nullptr;  // only the slide arriving is laid out for good
    frame(cr, width, height, under, quiet);
    cairo_push_group(cr);
    frame(cr, width, height, v, opt);
    cairo_pop_group_to_source(cr);
    cairo_paint_with_alpha(cr, smooth(v.fade_u));
}

void paint_header(Canvas& c, const Model& m, const core::Rect& r) {
    const timeline::View& v = *m.view;
    std::string title = v.slide_ptr && !v.slide_ptr->title.empty() ? v.slide_ptr->title : (m.sc ? m.sc->title : "");
    std::string right;
    if (m.sc && !m.sc->steps.empty()) {
        right = "step " + std::to_string(v.step + 1) + " of " + std::to_string(m.sc->steps.size());
        if (v.step_ptr) right += std::string(" · ") + scene::stage_name(v.stage);
    }
    if (m.sc && v.experiment >= 0 && static_cast<std::size_t>(v.experiment) < m.sc->experiments.size())
        right = "Try this: " + m.sc->experiments[static_cast<std::size_t>(v.experiment)].title;
    double rw = 0;
    if (!right.empty()) {
        c.font(Font::Regular, 22);
        rw = std::min(c.measure(right), r.w * 0.4);
        c.color(v.experiment >= 0 ? c.th.accent : c.th.ink_soft);
        c.text_in(right, {r.right() - rw, r.y, rw, r.h}, Font::Regular, 22, 14, Align::Right);
    }
    c.color(c.th.ink);
    c.text_in(title, {r.x, r.y, r.w - rw - 30, r.h}, Font::Bold, 34, 18);
}

namespace {

void paint_scene(Canvas& c, const timeline::View& v) {
    Model m = make_model(v);
    SceneLayout L = layout_scene(*v.scene);
    c.record_panel("header", L.header);
    paint_header(c, m, L.header);
    if (!m.ok) {
        c.record_panel("error", {200, 300, 1520, 200});
        c.color(c.th.accent);
        c.paragraph(v.error.empty() ? "Nothing to draw: this scene has no numbers." : v.error, {200, 300, 1520, 200},
                    Font::Regular, 30, 16);
        return;
    }
    for (const Box& b : L.boxes) {
        c.record_panel(scene::panel_name(b.panel), b.r);
        switch (b.panel) {
            case Panel::TokenRow: paint_token_row(c, m, b.r); break;
            case Panel::Matrix: paint_matrix(c, m, b.r); break;
            case Panel::Graph: paint_graph(c, m, b.r); break;
            case Panel::KeyPlane: paint_key_plane(c, m, b.r); break;
            case Panel::ValuePlane: paint_value_plane(c, m, b.r); break;
            case Panel::ScoreRow: paint_score_row(c, m, b.r); break;
            case Panel::WeightBars: paint_weight_bars(c, m, b.r); break;
            case Panel::Pipeline: paint_pipeline(c, m, b.r); break;
            case Panel::Readouts: paint_readouts(c, m, b.r); break;
            case Panel::Narration: paint_narration(c, m, b.r); break;
            case Panel::Arithmetic: paint_arithmetic(c, m, b.r); break;
            case Panel::Controls: paint_controls(c, m, b.r); break;
            case Panel::Projections: paint_projections(c, m, b.r); break;
        }
    }
}

}  // namespace

void frame(cairo_t* cr, int width, int height, const timeline::View& view, const Options& opt) {
    const Theme& th = theme_for(opt.theme);
    Saved saved(cr);
    cairo_identity_matrix(cr);
    cairo_reset_clip(cr);
    if (view.blank) {
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_paint(cr);
        return;
    }
    Transform t = transform_for(width, height);
    // The background, except under the cards of a scene: they are opaque and paint their own
    // rectangle (Canvas::panel), so each pixel is written once. Snapped like Canvas::snap.
    cairo_set_source_rgba(cr, th.bg.r, th.bg.g, th.bg.b, 1.0);
    cairo_rectangle(cr, 0, 0, width, height);
    if (view.slide_ptr && view.slide_ptr->kind == scene::Slide::Kind::Scene && view.scene &&
        view.trace.n == view.scene->n() && view.trace.n > 0) {
        for (const Box& b : layout_scene(*view.scene).boxes) {
            double x0 = std::round(t.dx + b.r.x * t.scale), y0 = std::round(t.dy + b.r.y * t.scale);
            double x1 = std::round(t.dx + b.r.right() * t.scale), y1 = std::round(t.dy + b.r.bottom() * t.scale);
            cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
        }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
    }
    cairo_fill(cr);
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);

    // Text metrics must not depend on the output size: no hinting, grey antialiasing.
    cairo_font_options_t* fo = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
    cairo_set_font_options(cr, fo);
    cairo_font_options_destroy(fo);

    cairo_translate(cr, t.dx, t.dy);
    cairo_scale(cr, t.scale, t.scale);
    Canvas c(cr, th, opt.recorder);
    c.clip_rect({0, 0, kDesignWidth, kDesignHeight});
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);

    if (view.slide_ptr) {
        switch (view.slide_ptr->kind) {
            case scene::Slide::Kind::Title: paint_title_slide(c, view); break;
            case scene::Slide::Kind::Text: paint_text_slide(c, view); break;
            case scene::Slide::Kind::Scene:
                if (view.scene) paint_scene(c, view);
                break;
        }
    }
    if (view.quiz) paint_quiz(c, view);
    if (view.laser) {
        core::Point p = *view.laser;
        for (int i = 3; i >= 1; --i) {
            c.circle(p, 6.0 + 7.0 * i);
            c.color(th.accent, 0.10);
            cairo_fill(cr);
        }
        c.circle(p, 8);
        cairo_set_source_rgba(cr, 0.95, 0.15, 0.1, 0.95);
        cairo_fill(cr);
    }
}

// ---- hit testing ---------------------------------------------------------------------------

std::optional<core::Point> key_plane_point(const timeline::View& view, core::Point design) {
    if (!view.scene || !view.scene->has(Panel::KeyPlane)) return std::nullopt;
    Model m = make_model(view);
    if (!m.ok) return std::nullopt;
    SceneLayout L = layout_scene(*view.scene);
    const core::Rect* r = L.find(Panel::KeyPlane);
    if (!r) return std::nullopt;
    return key_plane_frame(m, card_content(*r)).from(design);
}

Hit hit_test(const timeline::View& view, core::Point p) {
    Hit h;
    if (view.blank) return h;
    if (view.quiz) {
        // The quiz card is on top: its choices take clicks, the rest of the card swallows them.
        QuizGeom g = quiz_geom(*view.quiz);
        for (std::size_t i = 0; i < g.choices.size(); ++i)
            if (g.choices[i].contains(p)) {
                h.kind = Hit::Kind::QuizChoice;
                h.token = static_cast<int>(i);
                return h;
            }
        if (g.card.contains(p)) h.kind = Hit::Kind::Panel;
        return h;
    }
    if (!view.scene) return h;
    Model m = make_model(view);
    if (!m.ok) return h;
    SceneLayout L = layout_scene(*view.scene);
    for (const Box& b : L.boxes) {
        if (!b.r.contains(p)) continue;
        h.kind = Hit::Kind::Panel;
        const core::Rect content = card_content(b.r);
        auto nearest_dot = [&](const Plane& pl, const core::Mat& pts, Hit::Kind kind) {
            double best = 22;  // design px
            for (std::size_t j = 0; j < pts.size(); ++j) {
                core::Point q = plane_dot(pl, vec2(pts[j]));
                double dist = std::hypot(q.x - p.x, q.y - p.y);
                if (dist < best) {
                    best = dist;
                    h.kind = kind;
                    h.token = static_cast<int>(j);
                }
            }
            h.plane = pl.from(p);
        };
        switch (b.panel) {
            case Panel::TokenRow:
            case Panel::ScoreRow:
            case Panel::WeightBars: {
                Cells cells = b.panel == Panel::TokenRow ? token_row_cells(m, b.r) : score_row_cells(m, b.r);
                for (std::size_t j = 0; j < cells.cells.size(); ++j) {
                    core::Rect cr = cells.cells[j];
                    if (b.panel == Panel::WeightBars) cr = {cr.x, b.r.y, cr.w, b.r.h};
                    if (p.x >= cr.x && p.x <= cr.right() && (b.panel == Panel::WeightBars || cr.contains(p))) {
                        h.kind = Hit::Kind::Token;
                        h.token = static_cast<int>(j);
                    }
                }
                break;
            }
            case Panel::Matrix: {
                MatrixGeom g = matrix_geom(m, b.r);
                if (g.grid.contains(p)) {
                    int col = std::clamp(static_cast<int>((p.x - g.grid.x) / g.cell), 0, m.n - 1);
                    int row = std::clamp(static_cast<int>((p.y - g.grid.y) / g.cell), 0, m.n - 1);
                    h.kind = Hit::Kind::MatrixCell;
                    h.token = col;
                    h.row = row;
                } else if (g.row_labels.contains(p)) {
                    h.kind = Hit::Kind::Token;
                    h.token = std::clamp(static_cast<int>((p.y - g.grid.y) / g.cell), 0, m.n - 1);
                }
                break;
            }
            case Panel::Graph: {
                double radius = 0;
                auto nodes = graph_nodes(m, b.r, radius);
                for (std::size_t j = 0; j < nodes.size(); ++j)
                    if (std::hypot(nodes[j].x - p.x, nodes[j].y - p.y) <= radius + 4) {
                        h.kind = Hit::Kind::Token;
                        h.token = static_cast<int>(j);
                    }
                break;
            }
            case Panel::KeyPlane: nearest_dot(key_plane_frame(m, content), view.controls.keys, Hit::Kind::Key); break;
            case Panel::ValuePlane: nearest_dot(value_plane_frame(m, content), view.scene->v, Hit::Kind::Value); break;
            case Panel::Controls: {
                ControlsGeom g = controls_geom(b.r);
                core::Rect track = g.slider.inset(-14);
                if (track.contains(p)) {
                    h.kind = Hit::Kind::TemperatureSlider;
                    h.value = slider_temperature((p.x - g.slider.x) / g.slider.w);
                } else if (g.sw.inset(-8).contains(p)) {
                    h.kind = Hit::Kind::MaskSwitch;
                }
                break;
            }
            default: break;
        }
        return h;
    }
    return h;
}

}  // namespace draw
