// web/player: a step of a deck painted into RGBA pixels (see player.hpp).
#include "web/player.hpp"

#include <cairo.h>

#include <utility>

#include "load/load.hpp"

namespace web {

Player::Player(scene::Deck deck, std::shared_ptr<const draw::Fonts> fonts)
    : deck_(std::move(deck)), lay_(timeline::layout(deck_)), fonts_(std::move(fonts)) {}

bool load_deck(const std::string& path, const std::string& root, const std::string& fonts_dir,
               const std::vector<draw::Fallback>& fallbacks, scene::Deck& deck, std::shared_ptr<const draw::Fonts>& fonts,
               std::string& error) {
    fonts = draw::Fonts::load(fonts_dir, error, fallbacks);
    if (!fonts) return false;
    load::Result r = load::load_file(path, load::Options{root, {}});
    if (!r.ok()) {
        error.clear();
        for (const auto& e : r.errors) error += (error.empty() ? "" : "\n") + e.format();
        return false;
    }
    deck = std::move(r.deck);
    return true;
}

std::unique_ptr<Player> Player::open(const std::string& path, const std::string& root, const std::string& fonts_dir,
                                     const std::vector<draw::Fallback>& fallbacks, std::string& error) {
    scene::Deck deck;
    std::shared_ptr<const draw::Fonts> fonts;
    if (!load_deck(path, root, fonts_dir, fallbacks, deck, fonts, error)) return nullptr;
    return std::unique_ptr<Player>(new Player(std::move(deck), std::move(fonts)));
}

std::vector<std::uint8_t> Player::paint(int step, int width, int height, draw::ThemeKind theme) const {
    if (step < 1 || step > steps() || width < 16 || height < 16 || width > 16384 || height > 16384) return {};
    draw::SurfacePtr surface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height));
    if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS) return {};
    {
        draw::ContextPtr cr(cairo_create(surface.get()));
        draw::Options opt;
        opt.fonts = fonts_;
        opt.theme = theme;
        // The state and the time `export --still STEP` draws: the span's state at its end.
        const timeline::Span& span = lay_.spans[static_cast<std::size_t>(step - 1)];
        draw::render(cr.get(), width, height, deck_, lay_, timeline::state_at_span(lay_, step - 1), span.end(), opt);
    }
    cairo_surface_flush(surface.get());
    // Cairo's ARGB32 is a native-endian word per pixel (B, G, R, A in memory on WebAssembly and
    // x86), premultiplied; a canvas takes R, G, B, A, straight. Un-premultiplied as Cairo's own
    // PNG writer does, so the bytes are those of the native PNG.
    const unsigned char* data = cairo_image_surface_get_data(surface.get());
    const int stride = cairo_image_surface_get_stride(surface.get());
    std::vector<std::uint8_t> out(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4);
    std::uint8_t* o = out.data();
    for (int y = 0; y < height; ++y) {
        const unsigned char* p = data + static_cast<std::ptrdiff_t>(y) * stride;
        for (int x = 0; x < width; ++x, p += 4, o += 4) {
            const unsigned a = p[3];
            const auto straight = [a](unsigned c) { return static_cast<std::uint8_t>(a == 0 ? 0 : (c * 255 + a / 2) / a); };
            o[0] = straight(p[2]);
            o[1] = straight(p[1]);
            o[2] = straight(p[0]);
            o[3] = static_cast<std::uint8_t>(a);
        }
    }
    return out;
}

}  // namespace web
