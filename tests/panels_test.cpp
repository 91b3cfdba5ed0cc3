// The panel table, end to end (tag [panels]): every panel of the table, alone on a slide, is
// built by the frame model and painted by its painter — its box has content (ink beyond the card
// and a text below its heading) and every text it draws stays inside that box.
#include <catch2/catch.hpp>

#include <cairo.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <string>

#include "draw/draw.hpp"
#include "load/load.hpp"
#include "model/model.hpp"
#include "support/fonts.hpp"

namespace {

const char* const kScene = ATTNLAB_SOURCE_DIR "/scenes/projections.yaml";

// Pixels of a box that are not the colour most of the box has (the card's), as a share.
double ink_share(cairo_surface_t* s, const core::Rect& px) {
    const unsigned char* data = cairo_image_surface_get_data(s);
    const int stride = cairo_image_surface_get_stride(s);
    std::map<std::uint32_t, long> count;
    long total = 0;
    for (int y = static_cast<int>(px.y); y < static_cast<int>(px.bottom()); ++y)
        for (int x = static_cast<int>(px.x); x < static_cast<int>(px.right()); ++x) {
            ++count[*reinterpret_cast<const std::uint32_t*>(data + y * stride + x * 4)];
            ++total;
        }
    long most = 0;
    for (const auto& [colour, n] : count) most = std::max(most, n);
    return total ? static_cast<double>(total - most) / static_cast<double>(total) : 0.0;
}

}  // namespace

TEST_CASE("every panel of the table, alone, paints content inside its box", "[panels]") {
    const load::Result loaded = load::load_file(kScene);
    REQUIRE(loaded.ok());
    const scene::Scene& original = *loaded.deck.slides.at(0).scene;
    constexpr int W = 960, H = 540;
    const draw::Transform t = draw::transform_for(W, H);
    int painted = 0;
    for (int i = 0; i < scene::kPanelCount; ++i) {
        const auto panel = static_cast<scene::Panel>(i);
        const std::string name = scene::panel_name(panel);
        INFO("panel " << name);
        auto sc = std::make_shared<scene::Scene>(original);
        sc->panels = {panel};
        for (scene::Step& st : sc->steps) st.panels.clear();
        const scene::Deck deck = scene::deck_of(sc);
        const timeline::Layout lay = timeline::layout(deck);
        const int last = static_cast<int>(lay.spans.size()) - 1;
        const timeline::State state = timeline::state_at_span(lay, last);
        const double now = lay.spans.back().start + lay.spans.back().anim + 0.5;

        cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, W, H);
        cairo_t* cr = cairo_create(surface);
        draw::Recorder rec;
        draw::Options opt = support::draw_options();
        opt.recorder = &rec;
        draw::render(cr, W, H, deck, lay, state, now, opt);
        cairo_destroy(cr);
        cairo_surface_flush(surface);

        // The panel's box, as laid out: the only panel of the slide.
        const draw::Recorder::Panel* box = nullptr;
        for (const auto& p : rec.panels)
            if (p.name == name) box = &p;
        REQUIRE(box != nullptr);
        // A text below the card's heading, and every text of the panel inside its box (the
        // recorder's boxes are in output pixels; a card's heading band is 46 design units).
        const double heading = 46 * t.scale;
        int below_heading = 0;
        for (const auto& tx : rec.texts) {
            if (tx.panel < 0 || rec.panels[static_cast<std::size_t>(tx.panel)].name != name) continue;
            INFO("text '" << tx.text << "' at " << tx.rect.x << "," << tx.rect.y);
            CHECK(tx.rect.x >= box->rect.x - 0.5);
            CHECK(tx.rect.right() <= box->rect.right() + 0.5);
            CHECK(tx.rect.y >= box->rect.y - 0.5);
            CHECK(tx.rect.bottom() <= box->rect.bottom() + 0.5);
            if (tx.rect.y > box->rect.y + heading) ++below_heading;
        }
        CHECK(below_heading >= 1);
        // Ink beyond the card's own colour below the heading.
        const core::Rect& r = box->rect;
        CHECK(ink_share(surface, {r.x + 2, r.y + heading, r.w - 4, r.h - heading - 2}) > 0.01);
        if (const char* dir = std::getenv("ATTNLAB_PANELS_DIR"))
            cairo_surface_write_to_png(surface, (std::string(dir) + "/" + name + ".png").c_str());
        cairo_surface_destroy(surface);
        ++painted;
    }
    CHECK(painted == scene::kPanelCount);
}
