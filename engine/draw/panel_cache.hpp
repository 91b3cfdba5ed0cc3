// draw/panel_cache: retained panels. Every panel of a scene is painted from its model alone, into
// its own box (draw/frame.cpp paints each on a fresh cairo state, its fonts reset, clipped to the
// box snapped to pixels, over which its card is opaque), so a panel whose model, box and
// everything else its pixels depend on (the transform, theme, fonts, head tag, pixel format) are
// those of the last frame it was painted in need not be painted again: its pixels are copied from
// the cache, and only the panels that changed are painted. The cache never changes a frame: it
// only skips work (panel_cache_test paints every step and experiment of every shipped scene and
// deck with and without it, and requires the same bytes).
//
// One cache per thread that paints frames (the window's session, an export's render thread),
// handed to draw::paint through Options::cache. It keeps one slot per panel of the table and
// drops a slot as soon as a scene frame does not show its panel, so it holds at most one frame's
// panels' pixels, each at its place in one picture of the target's size (allocated once for that
// size: the memory does not depend on the slide). It is used only where pixels can be copied: painting straight onto an ARGB32 or
// RGB24 image surface (not inside a group, as a cross-fade's arriving slide is), without a
// Recorder; elsewhere (PDF, SVG, a layout test) every panel is painted.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace draw {

class PanelCache {
public:
    PanelCache();
    ~PanelCache();
    PanelCache(const PanelCache&) = delete;
    PanelCache& operator=(const PanelCache&) = delete;

    struct Stats {
        std::uint64_t hits = 0;    // panels copied from the cache
        std::uint64_t misses = 0;  // panels painted (and kept)
        std::uint64_t unread = 0;  // of the hits, those known in place (in_place) and left alone unread
        std::size_t bytes = 0;     // the pixels' store: one picture of the target's size
    };
    Stats stats() const;
    // Forgets every panel (the next frame paints them all) and what the frames before changed:
    // for a caller that drew into the target without the cache in between.
    void clear();

    // What the last frame painted (draw::paint) changed in its target, for a window that presents
    // only that. A copied panel whose pixels were already in the target, exactly, is left alone:
    // unchanged() lists those boxes (panels and the scene's header), in the target's pixels. still()
    // says the frame is the frame before's picture: a scene laid out as the frame before in the
    // same target, every box copied, none painted (what a caller drew over the frame before, it
    // draws again over this one: the same when it is the same). Both are empty (false) after a
    // frame with anything drawn over its panels (a cross-fade, the quiz card, the laser, a
    // caption), or one the cache could not serve.
    struct Box {
        int x = 0, y = 0, w = 0, h = 0;
        bool operator==(const Box&) const = default;
    };
    const std::vector<Box>& unchanged() const;
    bool still() const;

    // A promise about the last frame's target, for the next frame only: it still holds what that
    // frame left in it, except within `drawn_over` (what the caller drew over it since, in the
    // target's pixels). The next frame, if it paints into the same target, then takes a copied
    // panel whose box the frame before left exactly as kept (painted or copied there, nothing
    // drawn over it after, not the header: the background is painted under it) as in place without
    // reading it. A window whose pixels stay its own between frames says it before each frame;
    // an exporter, whose images are reused for other frames and converted in place, never does
    // (every copied box is then compared with the target before it is written).
    void in_place(const std::vector<Box>& drawn_over);

    struct Slots;  // what is kept (draw/retain.hpp)
    Slots& slots() { return *slots_; }

private:
    std::unique_ptr<Slots> slots_;
};

}  // namespace draw
