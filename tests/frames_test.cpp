// Frames of the real content: every step of every scene and deck in the repository, loaded
// with load::load_file and drawn with the Recorder. A student reads the narration alone, so
// the whole `say` of every step must be laid out (no line dropped, nothing ellipsized) at a
// readable size, and every text box must stay inside its panel.
#include <catch2/catch.hpp>

#include <cairo.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "draw/draw.hpp"
#include "support/fonts.hpp"
#include "load/load.hpp"
#include "timeline/timeline.hpp"

namespace {

std::vector<std::string> content_files() {
    std::vector<std::string> files;
    for (const char* dir : {"/scenes", "/slides"})
        for (const auto& e : std::filesystem::directory_iterator(std::string(ATTNLAB_SOURCE_DIR) + dir))
            if (e.path().extension() == ".yaml") files.push_back(e.path().string());
    std::sort(files.begin(), files.end());
    return files;
}

// Runs of whitespace become one space; leading and trailing whitespace goes.
std::string squash(const std::string& s) {
    std::string out;
    bool space = false;
    for (char ch : s) {
        if (ch == ' ' || ch == '\n' || ch == '\t' || ch == '\r') {
            space = !out.empty();
            continue;
        }
        if (space) out += ' ';
        space = false;
        out += ch;
    }
    return out;
}

void draw_view(const timeline::View& v, int w, int h, draw::Recorder& rec) {
    cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t* cr = cairo_create(s);
    draw::Options opt = support::draw_options();
    opt.recorder = &rec;
    draw::frame(cr, w, h, v, opt);
    cairo_destroy(cr);
    cairo_surface_destroy(s);
}

}  // namespace

TEST_CASE("every step's narration is laid out whole and readable, in every scene and deck", "[frames]") {
    const auto files = content_files();
    REQUIRE(files.size() >= 5);
    int checked = 0;
    for (const auto& file : files) {
        load::Result r = load::load_file(file);
        INFO(file);
        REQUIRE(r.ok());
        const timeline::Layout lay = timeline::layout(r.deck);
        for (int span = 0; span < static_cast<int>(lay.spans.size()); ++span) {
            const timeline::Span& sp = lay.spans[static_cast<std::size_t>(span)];
            timeline::View v = timeline::evaluate(r.deck, lay, timeline::state_at_span(lay, span), sp.start + sp.anim);
            if (!v.scene || !v.step_ptr) continue;
            draw::Recorder rec;
            draw_view(v, 1920, 1080, rec);
            INFO("span " << span << " (step " << v.step + 1 << " of scene " << v.scene->id << ")");
            for (const auto& t : rec.texts) {
                INFO("text '" << t.text << "'");
                REQUIRE(t.panel >= 0);
                CHECK(rec.panels[static_cast<std::size_t>(t.panel)].rect.inset(-0.5).contains(t.rect));
            }
            if (!v.scene->has(scene::Panel::Narration) || v.step_ptr->say.empty()) continue;
            std::string joined;
            for (const auto& t : rec.texts) {
                if (rec.panels[static_cast<std::size_t>(t.panel)].name != "narration") continue;
                INFO("narration line '" << t.text << "'");
                CHECK(t.text.find("…") == std::string::npos);
                if (t.text != "In plain words") CHECK(t.size >= 20.0);
                joined += t.text + " ";
            }
            const std::string say = squash(v.step_ptr->say);
            INFO("say: " << say << "\nlaid out: " << joined);
            CHECK(squash(joined).find(say) != std::string::npos);
            ++checked;
        }
    }
    CHECK(checked >= 30);
}
