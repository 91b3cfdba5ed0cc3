// The panel table, end to end (tag [panels]): every panel of the table, alone on a slide, is
// built by the frame model and painted by its painter — its box has content (ink beyond the card
// and a text below its heading) and every text it draws stays inside that box. And the key plane
// as painted on every page of the shipped scenes and decks that shows it: every key's score a
// band as long as q·k, its number beside the key, the reach fainter than the score.
#include <catch2/catch.hpp>

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <string>

#include "draw/draw.hpp"
#include "load/load.hpp"
#include "model/model.hpp"
#include "support/fonts.hpp"
#include "support/image.hpp"
#include "support/rounding.hpp"

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

namespace {

// How far a pixel is from a colour: the largest channel difference, 0 … 255.
int ink(const support::Image& img, core::Point p, std::uint32_t card) {
    const int x = static_cast<int>(p.x), y = static_cast<int>(p.y);
    if (x < 0 || y < 0 || x >= img.w() || y >= img.h()) return 0;
    const unsigned char* q = img.px(x, y);
    const auto* c = reinterpret_cast<const unsigned char*>(&card);
    return std::max({std::abs(q[0] - c[0]), std::abs(q[1] - c[1]), std::abs(q[2] - c[2])});
}

// The colour most of a box has (a card's).
std::uint32_t most_common(const support::Image& img, const core::Rect& r) {
    std::map<std::uint32_t, long> count;
    for (int y = static_cast<int>(r.y); y < static_cast<int>(r.bottom()); ++y)
        for (int x = static_cast<int>(r.x); x < static_cast<int>(r.right()); ++x)
            ++count[*reinterpret_cast<const std::uint32_t*>(img.px(x, y))];
    std::uint32_t best = 0;
    long most = 0;
    for (const auto& [colour, n] : count)
        if (n > most) most = n, best = colour;
    return best;
}

double median(std::vector<int> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

}  // namespace

TEST_CASE("the key plane draws every key's score: a band as long as q·k, its number by the key, the reach fainter", "[panels][key-plane]") {
    namespace fs = std::filesystem;
    std::vector<fs::path> files;
    for (const char* folder : {"scenes", "slides"})
        for (const auto& e : fs::directory_iterator(fs::path(ATTNLAB_SOURCE_DIR) / folder))
            if (e.path().extension() == ".yaml") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    constexpr int W = 1920, H = 1080;
    int pages = 0, tied = 0, short_question = 0, lengths = 0, cut = 0, fainter = 0;
    for (const fs::path& file : files) {
        const load::Result r = load::load_file(file.string(), load::Options{ATTNLAB_SOURCE_DIR, {}});  // the checkout: a deck reaches ../scenes
        REQUIRE(r.ok());
        const timeline::Layout lay = timeline::layout(r.deck);
        for (int span = 0; span < static_cast<int>(lay.spans.size()); ++span) {
            const timeline::Span& sp = lay.spans[static_cast<std::size_t>(span)];
            const model::Frame f = model::frame_at(r.deck, lay, timeline::state_at_span(lay, span), sp.start + sp.anim);
            if (f.kind != model::Frame::Kind::Scene || !f.scene.error.empty()) continue;
            const auto& panels = f.scene.panels;
            if (std::find(panels.begin(), panels.end(), scene::Panel::KeyPlane) == panels.end()) continue;
            const model::KeyPlane& kp = f.scene.key_plane;
            if (!kp.feet) continue;
            INFO(file.filename().string() << " step " << span + 1);
            REQUIRE(kp.score_bands);  // every shipped key plane is of d = 2
            draw::Recorder rec;
            draw::Options opt = support::draw_options();
            opt.recorder = &rec;
            const auto img = support::drawn(W, H, [&](cairo_t* cr) { draw::paint(cr, W, H, f, opt); });
            int panel = -1;
            for (std::size_t i = 0; i < rec.panels.size(); ++i)
                if (rec.panels[i].name == "key-plane") panel = static_cast<int>(i);
            REQUIRE(panel >= 0);
            const core::Rect box = rec.panels[static_cast<std::size_t>(panel)].rect;
            const std::uint32_t card = most_common(*img, box);
            const attention::Trace& tr = f.view->trace();
            const std::size_t focus = static_cast<std::size_t>(f.scene.focus), n = tr.n;
            auto find = [&](const std::string& name) -> const draw::Recorder::Mark* {
                for (const auto& m : rec.marks)
                    if (m.name == name) return &m;
                return nullptr;
            };
            auto centre = [](const draw::Recorder::Mark* m) { return core::Point{m->rect.x, m->rect.y}; };
            // The plane's scale (pixels per unit) and the question's direction in pixels, from the
            // feet of the two keys that reach furthest apart along it.
            std::size_t lo = 0, hi = 0;
            for (std::size_t j = 0; j < n; ++j) {
                if (kp.keys[j].reach < kp.keys[lo].reach) lo = j;
                if (kp.keys[j].reach > kp.keys[hi].reach) hi = j;
            }
            const auto* flo = find("reach:" + std::to_string(lo));
            const auto* fhi = find("reach:" + std::to_string(hi));
            REQUIRE(flo);
            REQUIRE(fhi);
            ++pages;
            tied += kp.emphasis < 0;
            const double qlen = std::hypot(kp.query.x, kp.query.y);
            short_question += qlen < 1;
            for (std::size_t j = 0; j < n; ++j) {
                // Every key's number, in its label ("cat: 2.72"), and its band.
                const std::string number = ": " + support::rounded(tr.scores(focus, j), 2);
                bool written = false;
                for (const auto& t : rec.texts)
                    written = written || (t.panel == panel && !t.cut && t.text.size() > number.size() &&
                                          t.text.compare(t.text.size() - number.size(), number.size(), number) == 0);
                INFO("key " << f.scene.scene->tokens[j] << ": '" << number << "'");
                CHECK(written);
                CHECK(find("band:" + std::to_string(j)));
            }
            if (kp.keys[hi].reach - kp.keys[lo].reach < 0.05) continue;  // every key in one place: no scale to read
            const core::Point a = centre(flo), b = centre(fhi);
            const double span_px = std::hypot(b.x - a.x, b.y - a.y);
            const double scale = span_px / (kp.keys[hi].reach - kp.keys[lo].reach);
            const core::Point u{(b.x - a.x) / span_px, (b.y - a.y) / span_px}, normal{-u.y, u.x};
            auto in_text = [&](core::Point p) {
                for (const auto& t : rec.texts)
                    if (t.panel == panel && t.rect.inset(-6).contains(p)) return true;  // its halo too
                return false;
            };
            auto near_dot = [&](core::Point p, double radius) {
                for (std::size_t i = 0; i < n; ++i)
                    if (const auto* k = find("key:" + std::to_string(i)); k && std::hypot(p.x - k->rect.x, p.y - k->rect.y) < radius) return true;
                return false;
            };
            const core::Point origin{a.x - u.x * scale * kp.keys[lo].reach, a.y - u.y * scale * kp.keys[lo].reach};
            const core::Point tip{origin.x + u.x * scale * qlen, origin.y + u.y * scale * qlen};
            for (std::size_t j = 0; j < n; ++j) {
                const double score = tr.scores(focus, j);
                INFO("key " << f.scene.scene->tokens[j] << ", q·k = " << score);
                // Its band: as long as the score, along the question (away from it for a
                // negative score), or cut short by the plane's edge.
                const auto* band = find("band:" + std::to_string(j));
                REQUIRE(band);
                const core::Point from{band->rect.x, band->rect.y}, to{band->rect.right(), band->rect.bottom()};
                const double len = std::hypot(to.x - from.x, to.y - from.y), want = scale * std::fabs(score);
                if (len < want - 1.5) {
                    const double edge = std::min({to.x - box.x, box.right() - to.x, to.y - box.y, box.bottom() - to.y});
                    CHECK(edge < 60);
                    ++cut;
                } else {
                    CHECK(len == Approx(want).margin(1.5));
                    ++lengths;
                }
                if (len > 3) CHECK(((to.x - from.x) * u.x + (to.y - from.y) * u.y) / len * (score < 0 ? -1 : 1) > 0.999);
                // The reach fainter than the score: the tick at the key's foot beside the
                // question's line against the band's middle, where neither is under a dot or a text.
                const auto* foot = find("reach:" + std::to_string(j));
                REQUIRE(foot);
                const core::Point fp = centre(foot);
                bool crowded = false;  // another key's tick beside this one
                for (std::size_t i = 0; i < n; ++i)
                    if (const auto* other = find("reach:" + std::to_string(i)); i != j && other)
                        crowded = crowded || std::hypot(other->rect.x - fp.x, other->rect.y - fp.y) < 4;
                if (len < 16 || crowded || !box.inset(30).contains(fp) || std::hypot(fp.x - tip.x, fp.y - tip.y) < 30) continue;
                std::vector<int> tick;
                // Along the tick, clear of the question's line and arrow: where the key's own dotted
                // line does not lie on it too (two faint marks, one over the other), the tick alone.
                for (double side : {-5.5, -4.5, 4.5, 5.5}) {
                    const core::Point p{fp.x + normal.x * side, fp.y + normal.y * side};
                    const bool on_axis = std::fabs(p.x - origin.x) < 4 || std::fabs(p.y - origin.y) < 4;
                    if (!in_text(p) && !on_axis && !near_dot(p, 18)) tick.push_back(ink(*img, p, card));
                }
                std::vector<int> along;
                for (int i = 0; i <= 12; ++i) {
                    const double t = 0.2 + 0.6 * i / 12.0;
                    const core::Point p{from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t};
                    if (!in_text(p) && !near_dot(p, 16)) along.push_back(ink(*img, p, card));
                }
                if (tick.empty() || along.size() < 4) continue;
                const int tick_ink = *std::min_element(tick.begin(), tick.end());
                INFO("tick " << tick_ink << ", band " << median(along));
                CHECK(tick_ink > 0);                   // drawn
                CHECK(tick_ink < 0.6 * median(along));  // and faint beside the score
                ++fainter;
            }
        }
    }
    INFO(pages << " pages, " << lengths << " bands measured, " << cut << " cut by the plane, " << fainter << " reach ticks compared");
    CHECK(pages > 20);
    CHECK(tied > 0);            // a row with no best match (identical keys, T → ∞) draws its bands too
    CHECK(short_question > 0);  // the period's page
    CHECK(lengths > 100);
    CHECK(fainter > 100);
}
