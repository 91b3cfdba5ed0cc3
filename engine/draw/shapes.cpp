// draw/shapes: paths and boxes — rounded rectangles, arrows, snapped clips, boxes and lines,
// cards and badges — and what the Recorder records of them.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

#include "draw/canvas.hpp"

namespace draw {

void rounded_path(cairo_t* cr, const core::Rect& r, double rad) {
    constexpr double pi = 3.141592653589793;
    cairo_new_sub_path(cr);
    cairo_arc(cr, r.right() - rad, r.y + rad, rad, -pi / 2, 0);
    cairo_arc(cr, r.right() - rad, r.bottom() - rad, rad, 0, pi / 2);
    cairo_arc(cr, r.x + rad, r.bottom() - rad, rad, pi / 2, pi);
    cairo_arc(cr, r.x + rad, r.y + rad, rad, pi, 1.5 * pi);
    cairo_close_path(cr);
}

void Canvas::rounded(const core::Rect& r, double radius) const {
    double rad = std::min({radius, r.w / 2, r.h / 2});
    if (rad <= 0) {
        cairo_rectangle(cr, r.x, r.y, r.w, r.h);
        return;
    }
    rounded_path(cr, r, rad);
}

void Canvas::arrow(core::Point a, core::Point b, double w, double head, const core::Color& c, double alpha) const {
    double dx = b.x - a.x, dy = b.y - a.y;
    double len = std::hypot(dx, dy);
    if (len < 1e-6) return;
    double ux = dx / len, uy = dy / len;
    head = std::min(head, len * 0.6);
    core::Point base{b.x - ux * head, b.y - uy * head};
    color(c, alpha);
    cairo_set_line_width(cr, w);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    line(a, base);
    cairo_stroke(cr);
    double hw = head * 0.5;
    cairo_move_to(cr, b.x, b.y);
    cairo_line_to(cr, base.x - uy * hw, base.y + ux * hw);
    cairo_line_to(cr, base.x + uy * hw, base.y - ux * hw);
    cairo_close_path(cr);
    cairo_fill(cr);
}

void Canvas::clip_rect(const core::Rect& r) const {
    // Snapped to device pixels so that cairo keeps a fast rectangular clip.
    double x0 = r.x, y0 = r.y, x1 = r.right(), y1 = r.bottom();
    cairo_user_to_device(cr, &x0, &y0);
    cairo_user_to_device(cr, &x1, &y1);
    x0 = std::round(x0), y0 = std::round(y0), x1 = std::round(x1), y1 = std::round(y1);
    cairo_device_to_user(cr, &x0, &y0);
    cairo_device_to_user(cr, &x1, &y1);
    cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
    cairo_clip(cr);
}

core::Rect Canvas::snap(const core::Rect& r) const {
    double x0 = r.x, y0 = r.y, x1 = r.right(), y1 = r.bottom();
    cairo_user_to_device(cr, &x0, &y0);
    cairo_user_to_device(cr, &x1, &y1);
    x0 = std::round(x0), y0 = std::round(y0), x1 = std::round(x1), y1 = std::round(y1);
    cairo_device_to_user(cr, &x0, &y0);
    cairo_device_to_user(cr, &x1, &y1);
    return {x0, y0, x1 - x0, y1 - y0};
}

void Canvas::hline(double x0, double x1, double y, double width) const {
    double px = 1 / scale_key();  // one device pixel in user units
    double w = std::max(px, std::round(width / px) * px);
    core::Rect r = snap({x0, y - w / 2, x1 - x0, w});
    if (r.h < px * 0.5) r.h = px;
    cairo_rectangle(cr, r.x, r.y, r.w, r.h);
}

void Canvas::vline(double x, double y0, double y1, double width) const {
    double px = 1 / scale_key();
    double w = std::max(px, std::round(width / px) * px);
    core::Rect r = snap({x - w / 2, y0, w, y1 - y0});
    if (r.w < px * 0.5) r.w = px;
    cairo_rectangle(cr, r.x, r.y, r.w, r.h);
}

core::Rect Canvas::card(const core::Rect& r, std::string_view heading, std::string_view aside_given) const {
    panel(r, 14, th.card, &th.card_edge, 1.5);
    // The head a one-head panel draws, in a scene of several: said after the panel's own aside.
    const std::string tagged = head_tag.empty()       ? std::string(aside_given)
                               : aside_given.empty() ? head_tag
                                                     : std::string(aside_given) + " · " + head_tag;
    const std::string_view aside = tagged;
    const double pad = 18;
    if (heading.empty()) return r.inset(pad);
    core::Rect head{r.x + pad, r.y + 10, r.w - 2 * pad, 30};
    color(th.ink_soft);
    double aside_w = 0;
    font(Font::Bold, kMinText);
    const double heading_full = measure(heading);
    font(Font::Regular, kMinText);
    const double aside_full = measure(aside);
    if (!aside.empty() && heading_full + 16 + aside_full > head.w && heading_full <= head.w && aside_full <= head.w) {
        // A narrow card (4:3): the heading on its line, the aside on the next, right-aligned, in
        // the same band above the content; neither cut short.
        text_in(aside, {head.x, r.y + 25, head.w, 20}, Font::Regular, kMinText, kMinText, Align::Right);
        color(th.ink_soft);
        text_in(heading, {head.x, r.y + 4, head.w, 22}, Font::Bold, kMinText, kMinText);
        return {r.x + pad, r.y + 46, r.w - 2 * pad, r.h - 46 - pad * 0.8};
    }
    if (!aside.empty()) {
        // The aside takes what the heading leaves (the heading at least half of the row).
        font(Font::Bold, kMinText);
        const double heading_w = std::min(measure(heading), head.w * 0.5);
        font(Font::Regular, kMinText);
        aside_w = std::max(0.0, std::min(measure(aside), head.w - heading_w - 16));
        text_in(aside, {head.right() - aside_w, head.y, aside_w, head.h}, Font::Regular, kMinText, kMinText, Align::Right);
        aside_w += 16;
    }
    color(th.ink_soft);
    font(Font::Bold, kMinText);
    if (measure(heading) <= head.w - aside_w) {
        text_in(heading, {head.x, head.y, head.w - aside_w, head.h}, Font::Bold, 18, 12);
    } else {
        // A narrow card (4:3): the heading on two lines in the same band above the content,
        // never cut short.
        paragraph(heading, {head.x, r.y + 4, head.w - aside_w, 42}, Font::Bold, kMinText, kMinText, 1.02);
    }
    return {r.x + pad, r.y + 46, r.w - 2 * pad, r.h - 46 - pad * 0.8};
}

core::Rect Canvas::badge(std::string_view s, core::Point p, const core::Color& fill, double size, double alpha) const {
    font(Font::Bold, size);
    double w = measure(s) + size * 1.0;
    double h = size * 1.5;
    core::Rect r{p.x - w / 2, p.y - h / 2, w, h};
    rounded(r, h / 2);
    color(fill, alpha);
    cairo_fill(cr);
    color(th.ink_on(fill), alpha);
    text(s, p.x, p.y + (ascent() - descent()) / 2, Align::Center);
    return r;
}

void Canvas::record_panel(const char* name, const core::Rect& r) {
    if (!rec_) return;
    double x0 = r.x, y0 = r.y, x1 = r.right(), y1 = r.bottom();
    cairo_user_to_device(cr, &x0, &y0);
    cairo_user_to_device(cr, &x1, &y1);
    rec_->panels.push_back({name, {x0, y0, x1 - x0, y1 - y0}});
    panel_ = static_cast<int>(rec_->panels.size()) - 1;
}

void Canvas::mark(const std::string& name, const core::Rect& r) const {
    if (!rec_) return;
    double x0 = r.x, y0 = r.y, x1 = r.right(), y1 = r.bottom();
    cairo_user_to_device(cr, &x0, &y0);
    cairo_user_to_device(cr, &x1, &y1);
    rec_->marks.push_back({name, {x0, y0, x1 - x0, y1 - y0}});
}

void Canvas::record_text(const core::Rect& r, std::string_view s, int notdef) const {
    if (!rec_) return;
    // Corners through the current transform (rotations are not used for text).
    double xs[4] = {r.x, r.right(), r.x, r.right()}, ys[4] = {r.y, r.y, r.bottom(), r.bottom()};
    double x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
    std::array<core::Point, 4> corners{};
    for (int i = 0; i < 4; ++i) {
        cairo_user_to_device(cr, &xs[i], &ys[i]);
        corners[static_cast<std::size_t>(i == 2 ? 3 : i == 3 ? 2 : i)] = {xs[i], ys[i]};  // in order round the box
        x0 = std::min(x0, xs[i]);
        y0 = std::min(y0, ys[i]);
        x1 = std::max(x1, xs[i]);
        y1 = std::max(y1, ys[i]);
    }
    rec_->texts.push_back({panel_, {x0, y0, x1 - x0, y1 - y0}, std::string(s), size_, small_ ? small_ : "", cut_, corners, notdef});
}

}  // namespace draw
