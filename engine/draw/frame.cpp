// draw/frame: paints one model::Frame — background, the slide (title, text or a scene's panels
// through the panel registry), the cross-fade from the step beneath, the quiz card, the blank
// screen and the laser dot — and maps design-space points back to what is under them.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "draw/paint.hpp"
#include "draw/retain.hpp"

namespace draw {

// ---- the panel registry: every panel's file defines k<Enum>Panel ---------------------------------
#define ATTNLAB_PANEL_DECLARE(e, name, member) extern const PanelDef<model::e> k##e##Panel;
ATTNLAB_PANELS(ATTNLAB_PANEL_DECLARE)
#undef ATTNLAB_PANEL_DECLARE

const Slot& panel_slot(Panel p) {
    switch (p) {
#define ATTNLAB_PANEL_SLOT(e, name, member) \
    case Panel::e: return k##e##Panel.slot;
        ATTNLAB_PANELS(ATTNLAB_PANEL_SLOT)
#undef ATTNLAB_PANEL_SLOT
    }
    std::abort();  // not a panel of the table
}

void paint_panel(Canvas& c, const model::SceneFrame& f, Panel p, const core::Rect& r, Retained* kept) {
    switch (p) {
#define ATTNLAB_PANEL_PAINT(e, name, member) \
    case Panel::e:                                                                              \
        return Retained::through(kept, static_cast<std::size_t>(p), c, f.member, r,              \
                                 [&] { k##e##Panel.paint(c, f.member, r); });
        ATTNLAB_PANELS(ATTNLAB_PANEL_PAINT)
#undef ATTNLAB_PANEL_PAINT
    }
}

void hit_panel(const model::SceneFrame& f, Panel p, const core::Rect& r, core::Point pt, Hit& h) {
    switch (p) {
#define ATTNLAB_PANEL_HIT(e, name, member) \
    case Panel::e:                         \
        if (k##e##Panel.hit) k##e##Panel.hit(f.member, r, pt, h); \
        return;
        ATTNLAB_PANELS(ATTNLAB_PANEL_HIT)
#undef ATTNLAB_PANEL_HIT
    }
}

Space space_for(int width, int height) {
    Space s;
    if (width > 0 && height > 0)
        s.w = std::clamp(kDesignHeight * width / height, kNarrowestWidth, kDesignWidth);
    return s;
}

Transform transform_for(int width, int height) {
    Transform t;
    t.space = space_for(width, height);
    t.scale = std::min(width / t.space.w, height / t.space.h);
    t.dx = (width - t.space.w * t.scale) / 2;
    t.dy = (height - t.space.h * t.scale) / 2;
    return t;
}

void paint_header(Canvas& c, const model::Header& h, const core::Rect& r) {
    if (!h.editing.empty()) {
        // Key editing: a banner in the header's place, above every panel and covering none.
        c.rounded(r, 12);
        c.color(c.th.accent);
        cairo_fill(c.cr);
        c.color(c.th.ink_on(c.th.accent));
        c.text_in(h.editing, r.inset(8), Font::Bold, 30, 16, Align::Center);
        return;
    }
    double rw = 0;
    if (!h.right.empty()) {
        c.font(Font::Regular, 22);
        rw = std::min(c.measure(h.right), r.w * 0.4);
        c.color(h.experiment ? c.th.accent : c.th.ink_soft);
        c.text_in(h.right, {r.right() - rw, r.y, rw, r.h}, Font::Regular, 22, 14, Align::Right);
    }
    c.color(c.th.ink);
    c.text_in(h.title, {r.x, r.y, r.w - rw - 30, r.h}, Font::Bold, 34, 18);
}

namespace {

void paint_scene(Canvas& c, const model::SceneFrame& f, const Options& opt) {
    Placement L = place_panels(f.panels, c.design);
    c.record_panel("header", L.header);
    if (!f.error.empty()) {
        paint_header(c, f.header, L.header);
        c.record_panel("error", {200, 300, 1520, 200});
        c.color(c.th.accent);
        c.paragraph(f.error, {200, 300, 1520, 200}, Font::Regular, 30, 16);
        return;
    }
    Retained kept(opt.cache, c, opt);
    // The header is text on the page: kept with a margin its glyphs' antialiasing may reach into
    // (the panels below are painted after it, over any of the margin they cover).
    Retained::through(&kept, kHeaderSlot, c, f.header, L.header.inset(-12), [&] {
        kept.background_under(c.cr);  // (text on the page: the frame before's header may be under it)
        paint_header(c, f.header, L.header);
    });
    for (const Box& b : L.boxes) {
        if (c.stopped()) return;  // the frame is thrown away: no more panels
        c.record_panel(scene::panel_name(b.panel), b.r);
        // A panel of one head says which head it draws (its struct's kOneHead).
        c.head_tag = model::draws_one_head(b.panel) ? f.head_tag : std::string();
        paint_panel(c, f, b.panel, b.r, &kept);
    }
    c.head_tag.clear();
}

void paint_laser(Canvas& c, core::Point p) {
    for (int i = 3; i >= 1; --i) {
        c.circle(p, 6.0 + 7.0 * i);
        c.color(c.th.accent, 0.10);
        cairo_fill(c.cr);
    }
    c.circle(p, 8);
    cairo_set_source_rgba(c.cr, 0.95, 0.15, 0.1, 0.95);
    cairo_fill(c.cr);
}

// The caption burned in: its lines centred over the foot of the slide, on a band of the theme's
// ink (the slide's paper colour for the text), above everything else. Only places the lines the
// model gives.
void paint_caption(Canvas& c, const std::vector<std::string>& lines) {
    constexpr double kSize = 36, kLeading = 46, kPad = 18, kBottom = 20;
    c.font(Font::Regular, kSize);
    double w = 0;
    for (const auto& l : lines) w = std::max(w, c.measure(l));
    w = std::min(w, c.design.w - 2 * kPad - 40);
    const double h = kLeading * static_cast<double>(lines.size()) + kPad;
    const core::Rect band{(c.design.w - w) / 2 - kPad, c.design.h - kBottom - h, w + 2 * kPad, h};
    c.record_panel("caption", band);
    c.rounded(band, 10);
    c.color(c.th.ink, 0.86);
    cairo_fill(c.cr);
    c.color(c.th.bg);
    double baseline = band.y + kPad / 2 + kLeading * 0.5 + kSize * 0.36;
    for (const auto& l : lines) {
        c.text(l, c.design.w / 2, baseline, Align::Center);
        baseline += kLeading;
    }
}

// Sets `cr` up for design space (the transform; text metrics that do not depend on the output
// size: no hinting, grey antialiasing) and gives the canvas to `draw`.
template <class Draw>
void in_design_space(cairo_t* cr, int width, int height, const Options& opt, Draw draw) {
    const Theme& th = theme_for(opt.theme);
    Saved saved(cr);
    cairo_identity_matrix(cr);
    cairo_reset_clip(cr);
    Transform t = transform_for(width, height);
    FontOptionsPtr fo(cairo_font_options_create());
    cairo_font_options_set_hint_metrics(fo.get(), CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(fo.get(), CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_antialias(fo.get(), CAIRO_ANTIALIAS_GRAY);
    cairo_set_font_options(cr, fo.get());
    cairo_translate(cr, t.dx, t.dy);
    cairo_scale(cr, t.scale, t.scale);
    Canvas c(cr, th, *opt.fonts, opt.recorder);
    c.design = t.space;
    c.stop = opt.stop;
    c.clip_rect({0, 0, t.space.w, t.space.h});
    draw(c);
}

// The image surface `cr` paints straight onto, as retained panels name it (Retained): none when
// painting into a group, another kind of surface or at a device offset.
PanelCache::Slots::Target image_target(cairo_t* cr) {
    cairo_surface_t* t = cairo_get_target(cr);
    if (cairo_get_group_target(cr) != t || cairo_surface_get_type(t) != CAIRO_SURFACE_TYPE_IMAGE) return {};
    double ox = 0, oy = 0;
    cairo_surface_get_device_offset(t, &ox, &oy);
    if (ox != 0 || oy != 0) return {};
    return {cairo_image_surface_get_data(t), cairo_image_surface_get_width(t), cairo_image_surface_get_height(t),
            cairo_image_surface_get_stride(t)};
}

// One frame without its cross-fade. `kept`: the frame's retained panels (not for a cross-fade).
void paint_one(cairo_t* cr, int width, int height, const model::Frame& f, const Options& opt,
               PanelCache::Slots* kept = nullptr) {
    const Theme& th = theme_for(opt.theme);
    Saved saved(cr);
    cairo_identity_matrix(cr);
    cairo_reset_clip(cr);
    if (f.blank) {
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_paint(cr);
        return;
    }
    Transform t = transform_for(width, height);
    // The background, except under the cards of a scene: they are opaque and paint their own
    // rectangle (Canvas::panel), so each pixel is written once. Snapped like Canvas::snap.
    // A window's frame after a frame of the same background in the same pixels (the promise of
    // PanelCache::in_place) paints it only under what was drawn over it since: the rest is there.
    cairo_set_source_rgba(cr, th.bg.r, th.bg.g, th.bg.b, 1.0);
    cairo_rectangle(cr, 0, 0, width, height);
    const bool panels = f.kind == model::Frame::Kind::Scene && f.scene.error.empty();
    PanelCache::Slots::Backdrop backdrop;
    if (panels) {
        for (const Box& b : place_panels(f.scene.panels, t.space).boxes) {
            double x0 = std::round(t.dx + b.r.x * t.scale), y0 = std::round(t.dy + b.r.y * t.scale);
            double x1 = std::round(t.dx + b.r.right() * t.scale), y1 = std::round(t.dy + b.r.bottom() * t.scale);
            cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
            backdrop.holes.push_back({int(x0), int(y0), int(x1), int(y1)});
        }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
        backdrop.bg = th.bg;
        backdrop.target = image_target(cr);
    }
    const bool in_place = kept && kept->trusted && backdrop.target.data && backdrop == kept->backdrop_before;
    if (in_place) {
        const std::vector<PixelBox>& over = kept->trusted_over;
        if (!over.empty()) {
            Saved under(cr);
            cairo_new_path(cr);  // (the background's path again, inside the clip)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
            for (const PixelBox& o : over) cairo_rectangle(cr, o.x0, o.y0, o.w(), o.h());
            cairo_clip(cr);
            cairo_rectangle(cr, 0, 0, width, height);
            for (const PixelBox& h : backdrop.holes) cairo_rectangle(cr, h.x0, h.y0, h.w(), h.h());
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
            cairo_fill(cr);
        }
        cairo_new_path(cr);
    } else {
        cairo_fill(cr);
    }
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
    if (kept && panels && backdrop.target.data) {
        kept->backdrop = std::move(backdrop);
        kept->backdrop_kept = in_place;
    }

    in_design_space(cr, width, height, opt, [&](Canvas& c) {
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
        switch (f.kind) {
            case model::Frame::Kind::Title: paint_title_slide(c, f.title); break;
            case model::Frame::Kind::Text: paint_text_slide(c, f.text); break;
            case model::Frame::Kind::Scene: paint_scene(c, f.scene, opt); break;
            case model::Frame::Kind::Empty: break;
        }
        if (f.quiz) paint_quiz(c, *f.quiz);
        if (f.laser) paint_laser(c, *f.laser);
    });
}

}  // namespace

void paint(cairo_t* cr, int width, int height, const model::Frame& f, const Options& opt) {
    if (!opt.fonts) {
        std::fputs("attnlab: draw::paint needs fonts: load them once with draw::Fonts::load(dir) and set "
                   "draw::Options::fonts\n", stderr);
        std::abort();
    }
    PanelCache::Slots* kept = opt.cache ? &opt.cache->slots() : nullptr;
    if (kept) kept->begin_frame();
    if (!f.under || f.fade >= 1.0) {
        paint_one(cr, width, height, f, opt, kept);
    } else {
        Options quiet = opt;
        quiet.recorder = nullptr;  // only the slide arriving is laid out for good
        paint_one(cr, width, height, *f.under, quiet);
        cairo_push_group(cr);
        paint_one(cr, width, height, f, opt);
        cairo_pop_group_to_source(cr);
        cairo_paint_with_alpha(cr, f.fade);
    }
    // Over the slide, and not faded with it: the words go on while the picture changes.
    if (!f.caption.empty() && !f.blank)
        in_design_space(cr, width, height, opt, [&](Canvas& c) { paint_caption(c, f.caption); });
    // Clean: nothing was drawn over the panels after them.
    if (kept)
        kept->end_frame(f.kind == model::Frame::Kind::Scene && !f.blank && (!f.under || f.fade >= 1.0) && !f.quiz &&
                        !f.laser && f.caption.empty());
}

void render(cairo_t* cr, int width, int height, const scene::Deck& deck, const timeline::Layout& lay,
            const timeline::State& state, double now, const Options& opt) {
    paint(cr, width, height, model::frame_at(deck, lay, state, now, opt.captions), opt);
}

void paint_view(cairo_t* cr, int width, int height, const timeline::View& view, const Options& opt) {
    paint(cr, width, height, model::frame_of(view), opt);
}

// ---- hit testing -------------------------------------------------------------------------------

std::optional<core::Point> key_plane_point(const timeline::View& view, core::Point design, Space space) {
    if (!view.scene || !view.error.empty()) return std::nullopt;
    const Placement L = place_panels(view.panels ? *view.panels : view.scene->panels, space);
    const core::Rect* r = L.find(Panel::KeyPlane);
    if (!r) return std::nullopt;
    return fit_plane(model::key_plane_extent(*view.scene), card_content(*r)).from(design);
}

Hit hit_test(const timeline::View& view, core::Point p, Space space) {
    Hit h;
    if (view.blank) return h;
    if (view.quiz) {
        // The quiz card is on top: its choices and buttons take clicks, the rest of the card
        // swallows them.
        const model::Frame f = model::frame_of(view);
        const model::QuizCard& card = *f.quiz;
        QuizGeom g = quiz_geom(card.choices.size(), card.buttons.size(), space);
        for (std::size_t i = 0; i < g.choices.size(); ++i)
            if (g.choices[i].contains(p)) {
                h.kind = Hit::Kind::QuizChoice;
                h.token = static_cast<int>(i);
                return h;
            }
        for (std::size_t i = 0; i < g.buttons.size(); ++i)
            if (g.buttons[i].contains(p)) {
                h.kind = Hit::Kind::QuizButton;
                h.token = static_cast<int>(card.buttons[i].what);
                return h;
            }
        if (g.card.contains(p)) h.kind = Hit::Kind::Panel;
        return h;
    }
    if (!view.scene) return h;
    const model::Frame f = model::frame_of(view);
    if (f.kind != model::Frame::Kind::Scene || !f.scene.error.empty()) return h;
    for (const Box& b : place_panels(f.scene.panels, space).boxes) {
        if (!b.r.contains(p)) continue;
        h.kind = Hit::Kind::Panel;
        hit_panel(f.scene, b.panel, b.r, p, h);
        return h;
    }
    return h;
}

}  // namespace draw
