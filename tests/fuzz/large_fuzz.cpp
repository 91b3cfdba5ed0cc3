// Fuzz target: scenes of any length within the limits cost what they show. The input's first two
// bytes choose a length n (up to attention::kMaxSize, 4096 tokens); the rest is a scene or deck as
// the loader reads it. Every scene of one head (q, k and v given, no projections or positions) is
// grown to n tokens by repeating its words and vectors, each copy scaled a little (so that no two
// rows tie), and the first steps are evaluated and painted at a low resolution, recorded: the
// trace keeps its invariants (fuzz::check_trace), no panel leaves the frame, and what a frame
// writes and marks stays bounded whatever n is (a summary past what a panel can draw legibly,
// never a label per token or per pair).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "fuzz.hpp"
#include "load/load.hpp"
#include "scene/scene.hpp"

namespace {

constexpr std::size_t kMaxSpans = 6;      // a 4096-token trace is a fifth of a second: a few steps an input
constexpr std::size_t kMaxWritten = 600;  // texts or marks in one frame, at any n (frames_test: ≤ 300 at 1080p)

// The scene grown to n tokens: copy c of row r is row r times (1 + c/1024).
std::shared_ptr<scene::Scene> grown(const scene::Scene& sc, std::size_t n) {
    auto out = std::make_shared<scene::Scene>(sc);
    const std::size_t n0 = sc.n();
    for (std::size_t i = n0; i < n; ++i) {
        const std::size_t r = i % n0;
        const double f = 1.0 + static_cast<double>(i / n0) / 1024.0;
        out->tokens.push_back(sc.tokens[r]);
        for (auto [from, to] : {std::pair{&sc.heads[0].q, &out->heads[0].q}, std::pair{&sc.heads[0].k, &out->heads[0].k}, std::pair{&sc.heads[0].v, &out->heads[0].v}}) {
            core::Vec row = (*from)[r];
            for (double& x : row) x *= f;
            to->push_back(std::move(row));
        }
    }
    return out;
}

bool growable(const scene::Scene& sc) {
    return !sc.projected() && sc.heads.size() == 1 && sc.positions.kind == scene::Positions::Kind::None && sc.n() >= 1 &&
           sc.heads[0].q.size() == sc.n() && sc.heads[0].k.size() == sc.n() && sc.heads[0].v.size() == sc.n();
}

void paint_recorded(const timeline::View& v, const std::string& where) {
    constexpr int w = 320, h = 180;
    static cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t* cr = cairo_create(surface);
    draw::Recorder rec;
    draw::Options opt;
    opt.fonts = fuzz::fonts();
    opt.recorder = &rec;
    draw::paint_view(cr, w, h, v, opt);
    fuzz::expect(cairo_status(cr) == CAIRO_STATUS_SUCCESS, "cairo: " + std::string(cairo_status_to_string(cairo_status(cr))));
    cairo_destroy(cr);
    for (const auto& p : rec.panels)
        fuzz::expect(core::Rect{0, 0, double(w), double(h)}.inset(-0.5).contains(p.rect), where + ": panel " + p.name + " leaves the frame");
    fuzz::expect(rec.texts.size() <= kMaxWritten, where + ": " + std::to_string(rec.texts.size()) + " texts in one frame");
    fuzz::expect(rec.marks.size() <= kMaxWritten, where + ": " + std::to_string(rec.marks.size()) + " marks in one frame");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2) return 0;
    const std::size_t wanted = 1 + ((std::size_t{data[0]} << 8 | data[1]) % attention::kMaxSize);
    const std::string text(reinterpret_cast<const char*>(data) + 2, size - 2);
    load::Result r = load::load_text(text, "fuzz.yaml", std::string(ATTNLAB_SOURCE_DIR) + "/scenes");
    if (!r.ok()) return 0;
    bool any = false;
    for (auto& slide : r.deck.slides) {
        if (!slide.scene || !growable(*slide.scene)) continue;
        const std::size_t n = std::max(wanted, slide.scene->n());
        slide.scene = grown(*slide.scene, n);
        any = true;
    }
    if (!any) return 0;
    const timeline::Layout lay = timeline::layout(r.deck);
    fuzz::expect(!lay.spans.empty(), "a loaded deck has no steps to show");
    for (std::size_t i = 0; i < std::min(lay.spans.size(), kMaxSpans); ++i) {
        const timeline::Span& sp = lay.spans[i];
        const timeline::State s = timeline::state_at_span(lay, static_cast<int>(i));
        for (double t : {sp.start + sp.anim * 0.5, sp.start + sp.anim + 5.0}) {
            const timeline::View v = timeline::evaluate(r.deck, lay, s, t);
            fuzz::expect(v.error.empty(), "a grown deck evaluates to an error: " + v.error);
            if (!v.scene) continue;
            fuzz::check_trace(v.trace());
            paint_recorded(v, "step " + std::to_string(i + 1) + " of " + std::to_string(v.scene->n()) + " tokens");
        }
    }
    return 0;
}
