// output: what sinks are handed — frame buffers (Image) and their bounded pool, and the Painter
// that draws a shot through draw::render, onto any Cairo surface (the PDF and SVG sinks) or into
// an Image (the raster sinks, on the render-ahead thread). The stop flag SIGINT and SIGTERM set.
#include "output/sinks.hpp"

namespace output {

std::atomic<int> g_stop{0};

void Image::resize(int w, int h) {
    width = w;
    height = h;
    stride = w * 4;  // cairo_format_stride_for_width(ARGB32, w) is 4·w: 32-bit pixels are aligned
    pixels.assign(static_cast<std::size_t>(stride) * static_cast<std::size_t>(h), 0);
}

FramePool::FramePool(int width, int height, int capacity) : width_(width), height_(height), capacity_(capacity) {}

std::unique_ptr<Image> FramePool::acquire() {
    std::unique_lock lock(m_);
    cv_.wait(lock, [&] { return closed_ || !free_.empty() || created_ < capacity_; });
    if (closed_) return nullptr;
    if (!free_.empty()) {
        auto img = std::move(free_.back());
        free_.pop_back();
        return img;
    }
    ++created_;
    lock.unlock();
    auto img = std::make_unique<Image>();
    img->resize(width_, height_);
    return img;
}

void FramePool::release(std::unique_ptr<Image> img) {
    {
        std::lock_guard lock(m_);
        free_.push_back(std::move(img));
    }
    cv_.notify_one();
}

void FramePool::close() {
    {
        std::lock_guard lock(m_);
        closed_ = true;
    }
    cv_.notify_all();
}

void Painter::paint(cairo_t* cr, int width, int height, const Shot& shot) const {
    draw::render(cr, width, height, deck_, lay_, shot.state, shot.now, opt_);
}

const std::string& Painter::slide_say(const Shot& shot) const {
    static const std::string none;
    const std::size_t span = static_cast<std::size_t>(shot.state.span);
    if (span >= lay_.spans.size()) return none;
    const std::size_t slide = static_cast<std::size_t>(lay_.spans[span].slide);
    if (slide >= deck_.slides.size() || deck_.slides[slide].kind == scene::Slide::Kind::Scene) return none;
    return deck_.slides[slide].say;
}

const std::string& Painter::notes(const Shot& shot) const {
    static const std::string none;
    const std::size_t span = static_cast<std::size_t>(shot.state.span);
    if (!notes_ || span >= lay_.spans.size() || lay_.spans[span].question >= 0) return none;
    const timeline::Span& sp = lay_.spans[span];
    const scene::Slide& slide = deck_.slides[static_cast<std::size_t>(sp.slide)];
    if (slide.kind != scene::Slide::Kind::Scene || !slide.scene) return slide.notes;
    return slide.scene->steps[static_cast<std::size_t>(sp.step)].notes;
}

void Painter::paint_note(cairo_t* cr, int width, int height, const std::string& say, const std::string& notes) const {
    draw::paint_handout_note(cr, width, height, say, opt_, notes);
}

void Painter::raster(Image& img, const Shot& shot, draw::PanelCache* cache) const {
    const SurfacePtr surface(cairo_image_surface_create_for_data(img.pixels.data(), CAIRO_FORMAT_ARGB32, img.width,
                                                                 img.height, img.stride));
    {
        const ContextPtr cr(cairo_create(surface.get()));
        // Into the reused buffer as it is, as the window draws: a frame paints every pixel opaque
        // (the background, its cards, black when blank), so nothing of the frame before shows
        // through (frames_test draws every page over garbage to hold it). Clearing first would
        // write the 8 MB of a 1080p frame twice.
        draw::Options opt = opt_;
        opt.cache = cache;
        draw::render(cr.get(), img.width, img.height, deck_, lay_, shot.state, shot.now, opt);
    }
    cairo_surface_flush(surface.get());
}

}  // namespace output
