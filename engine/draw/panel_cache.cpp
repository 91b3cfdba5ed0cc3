// draw/panel_cache: retained panels (panel_cache.hpp) — the slots, and a frame's use of them
// (retain.hpp): the key a panel's pixels are kept under, and the copies in and out of the target.
#include "draw/panel_cache.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "draw/retain.hpp"

namespace draw {

PanelCache::PanelCache() : slots_(std::make_unique<Slots>()) {}
PanelCache::~PanelCache() = default;

PanelCache::Stats PanelCache::stats() const { return slots_->stats; }

void PanelCache::clear() {
    for (auto& s : slots_->slot) s = Slots::Slot{};
    slots_->forget_frames();  // (the store stays: the next frame of that size fills it again)
}

const std::vector<PanelCache::Box>& PanelCache::unchanged() const { return slots_->unchanged; }
bool PanelCache::still() const { return slots_->still; }

void PanelCache::in_place(const std::vector<Box>& drawn_over) {
    Slots& s = *slots_;
    s.promised = true;
    s.over.clear();
    for (const Box& b : drawn_over) s.over.push_back({b.x, b.y, b.x + b.w, b.y + b.h});
}

namespace {

bool same(const cairo_matrix_t& a, const cairo_matrix_t& b) {
    return a.xx == b.xx && a.yx == b.yx && a.xy == b.xy && a.yy == b.yy && a.x0 == b.x0 && a.y0 == b.y0;
}

int pixel(double v) { return static_cast<int>(std::lround(std::clamp(v, -1e9, 1e9))); }

}  // namespace

Retained::Retained(PanelCache* cache, const Canvas& c, const Options& opt) {
    if (!cache || opt.recorder) return;
    cairo_surface_t* t = cairo_get_target(c.cr);
    if (cairo_get_group_target(c.cr) != t || cairo_surface_get_type(t) != CAIRO_SURFACE_TYPE_IMAGE) return;
    const cairo_format_t format = cairo_image_surface_get_format(t);
    if (format != CAIRO_FORMAT_ARGB32 && format != CAIRO_FORMAT_RGB24) return;
    double ox = 0, oy = 0, sx = 1, sy = 1;
    cairo_surface_get_device_offset(t, &ox, &oy);
    cairo_surface_get_device_scale(t, &sx, &sy);
    cairo_matrix_t m;
    cairo_get_matrix(c.cr, &m);
    if (ox != 0 || oy != 0 || sx != 1 || sy != 1 || m.xy != 0 || m.yx != 0 || !(m.xx > 0) || !(m.yy > 0)) return;
    unsigned char* data = cairo_image_surface_get_data(t);
    if (!data) return;
    // The clip (the design space, snapped): a panel's pixels outside it are never painted.
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    cairo_clip_extents(c.cr, &x0, &y0, &x1, &y1);
    cairo_user_to_device(c.cr, &x0, &y0);
    cairo_user_to_device(c.cr, &x1, &y1);
    clip_ = {std::max(0, pixel(x0)), std::max(0, pixel(y0)), std::min(cairo_image_surface_get_width(t), pixel(x1)),
             std::min(cairo_image_surface_get_height(t), pixel(y1))};
    target_ = t;
    data_ = data;
    stride_ = cairo_image_surface_get_stride(t);
    format_ = format;
    slots_ = &cache->slots();
    if (slots_->fonts != opt.fonts) {
        cache->clear();
        slots_->fonts = opt.fonts;
    }
    const int w = cairo_image_surface_get_width(t), h = cairo_image_surface_get_height(t);
    slots_->target = {data, w, h, stride_};
    if (slots_->store_w != w || slots_->store_h != h) {  // a target of another size: a store of its size
        for (auto& s : slots_->slot) s.held = false;
        slots_->store = std::vector<std::uint32_t>();
        slots_->store.resize(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
        slots_->store_w = w;
        slots_->store_h = h;
        slots_->stats.bytes = slots_->store.capacity() * sizeof(std::uint32_t);
    }
}

Retained::~Retained() {
    if (!slots_) return;
    for (auto& s : slots_->slot) {
        if (!s.shown) s = PanelCache::Slots::Slot{};  // not on screen: not kept (at most one frame is held)
        s.shown = false;
    }
}

void Retained::background_under(cairo_t* cr) const {
    if (!slots_ || !slots_->backdrop_kept) return;
    const PanelCache::Slots::Backdrop& b = slots_->backdrop;
    cairo_save(cr);
    cairo_identity_matrix(cr);
    cairo_new_path(cr);
    cairo_rectangle(cr, 0, 0, b.target.w, b.target.h);
    for (const PixelBox& h : b.holes) cairo_rectangle(cr, h.x0, h.y0, h.w(), h.h());
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
    cairo_set_source_rgba(cr, b.bg.r, b.bg.g, b.bg.b, 1.0);
    cairo_fill(cr);
    cairo_restore(cr);
}

PixelBox Retained::box_of(const core::Rect& r, const Canvas& c) const {
    // As Canvas::snap and the background's holes under the cards (frame.cpp) round it.
    double x0 = r.x, y0 = r.y, x1 = r.right(), y1 = r.bottom();
    cairo_user_to_device(c.cr, &x0, &y0);
    cairo_user_to_device(c.cr, &x1, &y1);
    PixelBox b{std::max(clip_.x0, pixel(x0)), std::max(clip_.y0, pixel(y0)), std::min(clip_.x1, pixel(x1)),
               std::min(clip_.y1, pixel(y1))};
    if (b.x1 < b.x0) b.x1 = b.x0;
    if (b.y1 < b.y0) b.y1 = b.y0;
    return b;
}

PanelCache::Slots::Slot* Retained::match(std::size_t at, const core::Rect& r, const Canvas& c) {
    if (!slots_) return nullptr;
    PanelCache::Slots::Slot& s = slots_->slot[at];
    if (!s.held || !(s.r == r) || s.theme != &c.th || s.format != format_ || s.head_tag != c.head_tag ||
        s.design.w != c.design.w || s.design.h != c.design.h)
        return nullptr;
    cairo_matrix_t m;
    cairo_get_matrix(c.cr, &m);
    if (!same(m, s.m) || !(s.box == box_of(r, c))) return nullptr;
    return &s;
}

void Retained::put(std::size_t at, PanelCache::Slots::Slot& s) {
    const PixelBox& b = s.box;
    slots_->drawn.push_back(b);
    slots_->drawn_slot.push_back(at);
    s.shown = true;
    ++slots_->stats.hits;
    if (slots_->known_in_place(at)) {  // the caller's promise: left alone, unread
        slots_->unchanged.push_back({b.x0, b.y0, b.w(), b.h()});
        ++slots_->stats.unread;
        return;
    }
    const std::size_t row = static_cast<std::size_t>(b.w()) * sizeof(std::uint32_t);
    auto target_row = [&](int y) { return data_ + static_cast<std::ptrdiff_t>(b.y0 + y) * stride_ + b.x0 * 4; };
    auto kept_row = [&](int y) { return slots_->at(b.x0, b.y0 + y); };
    cairo_surface_flush(target_);
    // The rows already as kept are left alone (reading is cheaper than writing); from the first
    // that differs on, the kept rows are written.
    int y = 0;
    while (y < b.h() && std::memcmp(target_row(y), kept_row(y), row) == 0) ++y;
    if (y == b.h()) {
        slots_->unchanged.push_back({b.x0, b.y0, b.w(), b.h()});
    } else {
        const int first = y;
        for (; y < b.h(); ++y) std::memcpy(target_row(y), kept_row(y), row);
        cairo_surface_mark_dirty_rectangle(target_, b.x0, b.y0 + first, b.w(), b.h() - first);
    }
}

PanelCache::Slots::Slot* Retained::take(std::size_t at, const core::Rect& r, const Canvas& c) {
    if (!slots_) return nullptr;
    PanelCache::Slots::Slot& s = slots_->slot[at];
    s.r = r;
    s.head_tag = c.head_tag;
    cairo_get_matrix(c.cr, &s.m);
    s.design = c.design;
    s.theme = &c.th;
    s.format = format_;
    s.box = box_of(r, c);
    const PixelBox& b = s.box;
    if (b.w() > 0 && b.h() > 0) {
        cairo_surface_flush(target_);
        const std::size_t row = static_cast<std::size_t>(b.w()) * sizeof(std::uint32_t);
        for (int y = 0; y < b.h(); ++y)
            std::memcpy(slots_->at(b.x0, b.y0 + y), data_ + static_cast<std::ptrdiff_t>(b.y0 + y) * stride_ + b.x0 * 4, row);
    }
    for (auto& o : slots_->slot)  // a slot whose box this one covers lost its pixels
        if (&o != &s && o.held && o.box.overlaps(b)) o.held = false;
    s.held = true;
    s.shown = true;
    slots_->drawn.push_back(b);
    slots_->drawn_slot.push_back(at);
    ++slots_->painted;
    ++slots_->stats.misses;
    return &s;
}

}  // namespace draw
