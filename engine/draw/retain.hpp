// draw/retain: how a frame uses its PanelCache (panel_cache.hpp): a panel is copied from its slot
// when everything its pixels depend on is what the slot was painted with, else it is painted and
// its pixels kept. Internal to draw/ (frame.cpp).
#pragma once

#include <cairo.h>

#include <any>
#include <concepts>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "draw/canvas.hpp"
#include "draw/panel_cache.hpp"
#include "scene/panels.hpp"

namespace draw {

// A rectangle of device pixels, [x0, x1) × [y0, y1).
struct PixelBox {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    int w() const { return x1 - x0; }
    int h() const { return y1 - y0; }
    bool overlaps(const PixelBox& o) const { return o.x0 < x1 && x0 < o.x1 && o.y0 < y1 && y0 < o.y1; }
    bool operator==(const PixelBox&) const = default;
};

// The slots: one per panel of the table, and one for the scene's header.
constexpr std::size_t kHeaderSlot = static_cast<std::size_t>(scene::kPanelCount);

struct PanelCache::Slots {
    struct Slot {
        // What the pixels were painted from: the panel's model (its own type) and the rest of
        // what a panel's pixels depend on.
        std::any model;
        core::Rect r;            // the panel's box, design units
        std::string head_tag;    // Canvas::head_tag
        cairo_matrix_t m{};      // design space to device pixels
        Space design;
        const Theme* theme = nullptr;
        cairo_format_t format = CAIRO_FORMAT_INVALID;
        PixelBox box;            // where the pixels go: the box snapped to pixels, within the clip
        bool held = false;       // its pixels (in `store`, at `box`) and key are valid
        bool shown = false;      // its panel is in the frame being painted
        bool placed = false;     // the last frame left `pixels` in its target at `box`, exactly
    };
    std::vector<Slot> slot = std::vector<Slot>(kHeaderSlot + 1);
    // The slots' pixels, each at its box: one picture of the target's size, allocated once for it
    // (so what the cache holds does not depend on which panels a slide shows, nor grow and shrink
    // with them). A slot painted over another's box takes it: that one is no longer held.
    std::vector<std::uint32_t> store;
    int store_w = 0, store_h = 0;
    std::uint32_t* at(int x, int y) { return store.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(store_w) + x; }
    // The fonts the slots were painted with, kept alive so that their address (in the key, through
    // the slots' being cleared when it changes) names them alone.
    std::shared_ptr<const Fonts> fonts;
    PanelCache::Stats stats;

    // What the frames changed (PanelCache::unchanged, still): this frame's boxes, those of them
    // already in place in the target, how many were painted, and the frame before's boxes and target.
    struct Target {
        const unsigned char* data = nullptr;
        int w = 0, h = 0, stride = 0;
        bool operator==(const Target&) const = default;
    };
    std::vector<PanelCache::Box> unchanged;
    std::vector<PixelBox> drawn, drawn_before;
    std::vector<std::size_t> drawn_slot;  // the slot of each box of `drawn`, in the order painted
    Target target, target_before;
    int painted = 0;  // boxes of this frame painted, not copied
    bool still = false;
    // The caller's promise (PanelCache::in_place): given between frames, held by the frame after.
    bool promised = false, trusted = false;
    std::vector<PixelBox> over, trusted_over;
    // The background a clean scene frame painted around its panels (draw/frame.cpp): the frame
    // after, promised its target, paints it again only under what was drawn over it since.
    struct Backdrop {
        core::Color bg;
        Target target;
        std::vector<PixelBox> holes;
        bool operator==(const Backdrop&) const = default;
    };
    Backdrop backdrop, backdrop_before;
    bool backdrop_kept = false;  // this frame left the frame before's background in place
    // A frame begins (draw::paint): nothing of it is known unchanged yet.
    void begin_frame() {
        unchanged.clear();
        drawn_before.swap(drawn);
        drawn.clear();
        drawn_slot.clear();
        target_before = target;
        target = {};
        painted = 0;
        still = false;
        trusted = promised;
        trusted_over.swap(over);
        promised = false;
        over.clear();
        backdrop_before = std::move(backdrop);
        backdrop = {};
        backdrop_kept = false;
    }
    // Nothing is known of the frames before (PanelCache::clear).
    void forget_frames() {
        unchanged.clear();
        drawn.clear();
        drawn_before.clear();
        drawn_slot.clear();
        target = target_before = {};
        painted = 0;
        still = false;
        promised = trusted = false;
        over.clear();
        trusted_over.clear();
        backdrop = backdrop_before = {};
        backdrop_kept = false;
        for (auto& s : slot) s.placed = false;
    }
    // May slot `at`, copied into this frame's target, be taken as in place without reading it?
    // (The header only when the background was not painted under it again.)
    bool known_in_place(std::size_t at) const {
        const Slot& s = slot[at];
        if (!trusted || !s.placed || !(target == target_before) || !target.data) return false;
        if (at == kHeaderSlot && !backdrop_kept) return false;
        for (const PixelBox& o : trusted_over)
            if (o.overlaps(s.box)) return false;
        return true;
    }
    // It ended: `clean` when nothing was drawn over its boxes after them.
    void end_frame(bool clean) {
        if (!clean) unchanged.clear();
        if (!clean) backdrop = {};
        // Every box copied (its pixels those of the frame before), in the same places of the same
        // target: the frame before's picture, whatever was drawn over it then and now.
        still = clean && !drawn.empty() && painted == 0 && drawn == drawn_before && target == target_before &&
                target.data;
        // Which slots' pixels the target now holds at their boxes: those of a clean frame that no
        // box painted after them overlaps.
        for (auto& s : slot) s.placed = false;
        if (!clean) return;
        for (std::size_t k = 0; k < drawn.size(); ++k) {
            const PixelBox& b = drawn[k];
            bool covered = false;
            for (std::size_t later = k + 1; later < drawn.size() && !covered; ++later) covered = drawn[later].overlaps(b);
            slot[drawn_slot[k]].placed = !covered;
        }
    }
};

// One scene frame's use of a cache. Off (every call a no-op, copy() false) when there is no
// cache, when a Recorder is set, when painting into a group (a cross-fade's arriving slide), or
// when the target is not an ARGB32 or RGB24 image surface at device offset 0 with an axis-aligned
// transform.
class Retained {
public:
    Retained(PanelCache* cache, const Canvas& c, const Options& opt);
    ~Retained();  // drops the slots of panels the frame did not show
    Retained(const Retained&) = delete;
    Retained& operator=(const Retained&) = delete;

    // Copies the pixels of slot `at` (a panel's: its index in the table; kHeaderSlot) into the
    // target when they were painted from `m` in box `r` with this canvas's settings; false
    // (nothing done) otherwise. Pixels already in place are not written again.
    template <class M>
    bool copy(std::size_t at, const M& m, const core::Rect& r, const Canvas& c) {
        PanelCache::Slots::Slot* s = match(at, r, c);
        if (!s) return false;
        const M* old = std::any_cast<M>(&s->model);
        if (!old || !(*old == m)) return false;
        put(at, *s);
        return true;
    }
    // Keeps the pixels just painted from `m` in box `r` in slot `at`.
    template <class M>
    void keep(std::size_t at, const M& m, const core::Rect& r, const Canvas& c) {
        if (PanelCache::Slots::Slot* s = take(at, r, c)) s->model = m;
    }
    // Paints `paint` (what draws `m` in `r`) through slot `at`: copied when kept, else painted
    // on a cairo state of its own, its text state reset, clipped to `r` snapped to pixels, and
    // kept. With no cache (`kept` null), painted the same way.
    template <class M, class Paint>
    static void through(Retained* kept, std::size_t at, Canvas& c, const M& m, const core::Rect& r, Paint paint) {
        static_assert(std::equality_comparable<M>,
                      "what a panel shows must compare equal (bool operator==(const X&) const = default;): "
                      "a panel whose model has not changed is copied, not painted");
        if (kept && kept->copy(at, m, r, c)) return;
        {
            Saved saved(c.cr);
            c.font(Font::Regular, 10);  // as a canvas starts: nothing inherits the last box's font
            c.clip_rect(r);
            paint();
        }
        if (kept && !c.stopped()) kept->keep(at, m, r, c);  // (a stopped panel may be unfinished)
    }

    // The frame's background, painted again within the current clip when this frame left the frame
    // before's in place (a text painted on the page, as the header is, needs it under it).
    void background_under(cairo_t* cr) const;

private:
    PanelCache::Slots::Slot* match(std::size_t at, const core::Rect& r, const Canvas& c);
    PanelCache::Slots::Slot* take(std::size_t at, const core::Rect& r, const Canvas& c);
    void put(std::size_t at, PanelCache::Slots::Slot& s);
    PixelBox box_of(const core::Rect& r, const Canvas& c) const;

    PanelCache::Slots* slots_ = nullptr;  // null: off
    cairo_surface_t* target_ = nullptr;
    unsigned char* data_ = nullptr;
    int stride_ = 0;
    cairo_format_t format_ = CAIRO_FORMAT_INVALID;
    PixelBox clip_;
};

}  // namespace draw
