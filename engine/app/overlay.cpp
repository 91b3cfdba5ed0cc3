// app/overlay: the overlay list's boxes and paths painted with Cairo; text left to the
// platform's painter (see the header).
#include "app/overlay.hpp"

#include <algorithm>
#include <cmath>

namespace app {

std::vector<const OverlayText*> Overlay::texts() const {
    std::vector<const OverlayText*> out;
    for (const OverlayLayer& l : layers)
        for (const OverlayText& t : l.texts) out.push_back(&t);
    return out;
}

void OverlayWriter::flush() {
    if (layer_.boxes.empty() && layer_.paths.empty() && layer_.texts.empty()) return;
    out_.layers.push_back(std::move(layer_));
    layer_ = {};
}

namespace {

void paint_path(cairo_t* cr, const OverlayPath& p) {
    using Op = OverlayPath::Op;
    cairo_set_source_rgba(cr, p.colour.r, p.colour.g, p.colour.b, p.colour.a);
    for (const OverlayPath::Segment& s : p.segments) {
        switch (s.op) {
            case Op::Move: cairo_move_to(cr, s.a, s.b); break;
            case Op::Line: cairo_line_to(cr, s.a, s.b); break;
            case Op::Arc: cairo_arc(cr, s.a, s.b, s.c, s.d, s.e); break;
            case Op::Rect: cairo_rectangle(cr, s.a, s.b, s.c, s.d); break;
            case Op::Close: cairo_close_path(cr); break;
        }
    }
    if (p.line_width > 0) {
        cairo_set_line_width(cr, p.line_width);
        cairo_stroke(cr);
    } else {
        cairo_fill(cr);
    }
}

}  // namespace

void paint_overlay(const Pixels& target, const Overlay& overlay, TextPainter* text) {
    for (const OverlayLayer& layer : overlay.layers) {
        if (!layer.boxes.empty() || !layer.paths.empty()) {
            Painting painting(target);
            cairo_t* cr = painting.cr();
            for (const OverlayBox& b : layer.boxes) {
                cairo_set_source_rgba(cr, b.colour.r / 255.0, b.colour.g / 255.0, b.colour.b / 255.0, b.colour.a / 255.0);
                if (b.radius > 0) {
                    const double r = std::min({b.radius, b.w / 2, b.h / 2});
                    cairo_new_sub_path(cr);
                    cairo_arc(cr, b.x + b.w - r, b.y + r, r, -M_PI / 2, 0);
                    cairo_arc(cr, b.x + b.w - r, b.y + b.h - r, r, 0, M_PI / 2);
                    cairo_arc(cr, b.x + r, b.y + b.h - r, r, M_PI / 2, M_PI);
                    cairo_arc(cr, b.x + r, b.y + r, r, M_PI, 3 * M_PI / 2);
                    cairo_close_path(cr);
                } else {
                    cairo_rectangle(cr, b.x, b.y, b.w, b.h);
                }
                cairo_fill(cr);
            }
            for (const OverlayPath& p : layer.paths) {
                cairo_save(cr);
                paint_path(cr, p);
                cairo_restore(cr);
            }
        }
        if (text && !layer.texts.empty()) text->paint(target, layer.texts);
    }
}

std::vector<PixelRect> overlay_extents(const Overlay& overlay, TextMeasure* text, int w, int h) {
    std::vector<PixelRect> out;
    auto add = [&](double x0, double y0, double x1, double y1, double margin) {
        const int a = static_cast<int>(std::floor(x0 - margin)), b = static_cast<int>(std::floor(y0 - margin));
        const int c = static_cast<int>(std::ceil(x1 + margin)), d = static_cast<int>(std::ceil(y1 + margin));
        out.push_back({a, b, c - a, d - b});
    };
    for (const OverlayLayer& layer : overlay.layers) {
        for (const OverlayBox& b : layer.boxes) add(b.x, b.y, b.x + b.w, b.y + b.h, 1);
        for (const OverlayPath& p : layer.paths) {
            double x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
            auto at = [&](double x, double y, double r) {
                x0 = std::min(x0, x - r), y0 = std::min(y0, y - r), x1 = std::max(x1, x + r), y1 = std::max(y1, y + r);
            };
            for (const OverlayPath::Segment& s : p.segments) switch (s.op) {
                    case OverlayPath::Op::Move:
                    case OverlayPath::Op::Line: at(s.a, s.b, 0); break;
                    case OverlayPath::Op::Arc: at(s.a, s.b, s.c); break;
                    case OverlayPath::Op::Rect: at(s.a, s.b, 0), at(s.a + s.c, s.b + s.d, 0); break;
                    case OverlayPath::Op::Close: break;
                }
            if (x1 >= x0) add(x0, y0, x1, y1, p.line_width / 2 + 1);
        }
        for (const OverlayText& t : layer.texts) {
            if (t.text.empty()) continue;
            if (!text) return {{0, 0, w, h}};
            const TextSize sz = text->measure(t.text, t.px, t.face, t.wrap);
            const double x = t.align == 1 ? t.x - sz.w / 2.0 : t.align == 2 ? t.x - sz.w : t.x;
            add(x, t.y, x + sz.w, t.y + sz.h, t.px / 2.0 + 1);  // (glyphs may overhang their advance)
        }
    }
    return out;
}

}  // namespace app
