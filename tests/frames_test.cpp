// Frames of the real content: every step of every scene and deck in the repository, loaded
// with load::load_file and drawn with the Recorder. A student reads the narration alone, so
// the whole `say` of every step must be laid out (no line dropped, nothing ellipsized) at a
// readable size, and every text box must stay inside its panel.
#include <catch2/catch.hpp>

#include <cairo.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "draw/draw.hpp"
#include "support/files.hpp"
#include "support/fonts.hpp"
#include "load/load.hpp"
#include "model/model.hpp"
#include "scene/scene.hpp"
#include "timeline/timeline.hpp"

namespace {

using support::content_files;

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

// Whether `say` (squashed) is laid out whole by consecutive `lines`: each line is the next part
// of it, and between two lines `say` has a space or nothing (a line broken between ideographs).
bool laid_out_whole(const std::vector<std::string>& lines, const std::string& say) {
    for (std::size_t first = 0; first < lines.size(); ++first) {
        std::size_t at = 0;
        std::size_t i = first;
        for (; i < lines.size(); ++i) {
            if (at == say.size()) break;
            if (i > first && say[at] == ' ') ++at;
            if (say.compare(at, lines[i].size(), lines[i]) != 0) break;
            at += lines[i].size();
        }
        if (at == say.size()) return true;
    }
    return false;
}

void draw_view(const timeline::View& v, int w, int h, draw::Recorder& rec, draw::ThemeKind theme = draw::ThemeKind::Light) {
    cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t* cr = cairo_create(s);
    draw::Options opt = support::draw_options();
    opt.recorder = &rec;
    opt.theme = theme;
    draw::paint_view(cr, w, h, v, opt);
    cairo_destroy(cr);
    cairo_surface_destroy(s);
}

}  // namespace

TEST_CASE("every step's narration is laid out whole and readable, in every scene and deck", "[frames]") {
    const auto files = content_files();
    REQUIRE(files.size() >= 5);
    int checked = 0;
    for (const auto& file : files) {
        load::Result r = load::load_file(file, load::Options{ATTNLAB_SOURCE_DIR, {}});
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
            // What the span narrates: the step's `say`, on its question beat its `ask`.
            const std::string& said = timeline::span_say(r.deck, sp);
            if (!v.scene->has(scene::Panel::Narration) || said.empty()) continue;
            // The card's heading and aside ("In plain words"; "Predict first · nothing has moved yet").
            std::string joined;
            std::vector<std::string> lines;
            for (const auto& t : rec.texts) {
                if (rec.panels[static_cast<std::size_t>(t.panel)].name != "narration") continue;
                INFO("narration line '" << t.text << "'");
                CHECK(t.text.find("…") == std::string::npos);
                const bool label = t.text == "In plain words" ||
                                   (sp.asking && (t.text == "Predict first" || t.text == "nothing has moved yet"));
                if (!label) CHECK(t.size >= 20.0);
                joined += t.text + " ";
                lines.push_back(squash(t.text));
            }
            const std::string say = squash(said);
            INFO("say: " << say << "\nlaid out: " << joined);
            CHECK(laid_out_whole(lines, say));
            ++checked;
        }
    }
    CHECK(checked >= 30);
}

namespace {

// What the back row cannot read in one frame of w×h pixels: text smaller than 1/60 of the
// frame's height, two text boxes that overprint each other, two graph nodes that overlap, text
// outside its panel. One line per problem ("" when none).
struct Problems {
    std::map<std::string, int> seen;  // problem → frames it was seen in
    void add(const std::string& what) { ++seen[what]; }
};

bool overlap(const core::Rect& a, const core::Rect& b, double tol) {
    return std::min(a.right(), b.right()) - std::max(a.x, b.x) > tol &&
           std::min(a.bottom(), b.bottom()) - std::max(a.y, b.y) > tol;
}

// Whether two convex quadrilaterals (text boxes, rotated or not) overlap by more than `tol`
// along every axis that could separate them (the separating axis theorem).
bool overlap(const std::array<core::Point, 4>& a, const std::array<core::Point, 4>& b, double tol) {
    for (const auto* q : {&a, &b})
        for (std::size_t i = 0; i < 4; ++i) {
            const core::Point p = (*q)[i], r = (*q)[(i + 1) % 4];
            double nx = -(r.y - p.y), ny = r.x - p.x;
            const double l = std::hypot(nx, ny);
            if (l < 1e-9) continue;
            nx /= l, ny /= l;
            auto span = [&](const std::array<core::Point, 4>& s) {
                double lo = 1e300, hi = -1e300;
                for (const auto& v : s) lo = std::min(lo, v.x * nx + v.y * ny), hi = std::max(hi, v.x * nx + v.y * ny);
                return std::pair{lo, hi};
            };
            const auto [alo, ahi] = span(a);
            const auto [blo, bhi] = span(b);
            if (std::min(ahi, bhi) - std::max(alo, blo) <= tol) return false;
        }
    return true;
}

void check_legible(const draw::Recorder& rec, int w, int h, const std::string& where, Problems& out, bool overprints = true) {
    const double scale = draw::transform_for(w, h).scale;
    const double min_px = h / 60.0;
    const std::string at = " (" + std::to_string(w) + "x" + std::to_string(h) + ")";
    auto panel_of = [&](const draw::Recorder::Text& t) {
        return t.panel >= 0 ? rec.panels[static_cast<std::size_t>(t.panel)].name : std::string("none");
    };
    for (const auto& t : rec.texts) {
        if (t.rect.w <= 0) continue;
        if (t.exempt.empty() && t.size * scale < min_px * (1 - 1e-9))
            out.add(where + at + ": " + panel_of(t) + " text '" + t.text + "' at " + std::to_string(t.size * scale) +
                    " px < " + std::to_string(min_px));
        // Every text is shown whole, at 4:3 too: wrapped to a second line, never ellipsized.
        if (t.cut || t.text.find("…") != std::string::npos)
            out.add(where + at + ": " + panel_of(t) + " text cut to '" + t.text + "'");
        if (t.panel < 0 || !rec.panels[static_cast<std::size_t>(t.panel)].rect.inset(-0.5).contains(t.rect))
            out.add(where + at + ": " + panel_of(t) + " text '" + t.text + "' leaves its panel");
        if (t.notdef > 0)
            out.add(where + at + ": " + panel_of(t) + " text '" + t.text + "' has " + std::to_string(t.notdef) +
                    " character(s) no face has (drawn as empty boxes)");
    }
    for (std::size_t i = 0; overprints && i < rec.texts.size(); ++i)
        for (std::size_t j = i + 1; j < rec.texts.size(); ++j) {
            const auto &a = rec.texts[i], &b = rec.texts[j];
            if (a.rect.w <= 0 || b.rect.w <= 0 || !overlap(a.rect, b.rect, 0.5) || !overlap(a.corners, b.corners, 0.5))
                continue;
            out.add(where + at + ": " + panel_of(a) + " text '" + a.text + "' overprints " + panel_of(b) + " text '" + b.text + "'");
        }
    for (const auto& m : rec.marks)
        if (m.name == "progress")
            for (const auto& t : rec.texts)
                if (t.rect.w > 0 && overlap(m.rect, t.rect, 0.5))
                    out.add(where + at + ": the progress track strikes through '" + t.text + "'");
    std::vector<core::Rect> nodes;
    for (const auto& m : rec.marks)
        if (m.name.rfind("node:", 0) == 0) nodes.push_back(m.rect);
    for (std::size_t i = 0; i < nodes.size(); ++i)
        for (std::size_t j = i + 1; j < nodes.size(); ++j) {
            const core::Point a = nodes[i].centre(), b = nodes[j].centre();
            if (std::hypot(a.x - b.x, a.y - b.y) < (nodes[i].w + nodes[j].w) / 2)
                out.add(where + at + ": graph nodes " + std::to_string(i) + " and " + std::to_string(j) + " overlap");
        }
}

// The numbers a grid panel writes, by the panel's name, from the frame model: the matrices a
// student is asked to multiply (the projections, the residual's arithmetic) and the two score
// matrices side by side; of every output at once (`outputs`), the asking token's rows of V and
// A·V, which the page talks about (the other rows may show colours alone where their numbers
// do not fit, as the 14 rows do at 4:3). A painter that leaves them out would pass every other
// check: these must be drawn.
std::map<std::string, std::vector<std::string>> grid_numbers(const timeline::View& v) {
    std::map<std::string, std::vector<std::string>> out;
    if (!v.scene) return out;
    const model::Frame f = model::frame_of(v);
    if (f.kind != model::Frame::Kind::Scene) return out;
    const model::SceneFrame& s = f.scene;
    auto add = [&](scene::Panel p, const model::Grid& g) {
        if (std::find(s.panels.begin(), s.panels.end(), p) == s.panels.end()) return;
        for (const auto& row : g.text) out[std::string(scene::panel_name(p))].insert(out[std::string(scene::panel_name(p))].end(), row.begin(), row.end());
    };
    for (const auto& e : s.projections.equations)
        for (const model::Grid* g : {&e.w, &e.out}) add(scene::Panel::Projections, *g);
    if (!s.projections.equations.empty()) add(scene::Panel::Projections, s.projections.equations[0].x);
    for (const model::Grid* g : {&s.residual.out, &s.residual.w_o, &s.residual.delta, &s.residual.x, &s.residual.sum})
        add(scene::Panel::Residual, *g);
    for (const model::Grid* g : {&s.positions.table, &s.positions.x, &s.positions.p, &s.positions.sum})
        add(scene::Panel::Positions, *g);
    add(scene::Panel::TiedScores, s.tied_scores.tied.scores);
    add(scene::Panel::TiedScores, s.tied_scores.separate.scores);
    const model::Outputs& o = s.outputs;
    if (o.focus >= 0 && static_cast<std::size_t>(o.focus) < o.values.text.size() &&
        static_cast<std::size_t>(o.focus) < o.outputs.text.size() &&
        std::find(s.panels.begin(), s.panels.end(), scene::Panel::Outputs) != s.panels.end()) {
        auto& want = out[std::string(scene::panel_name(scene::Panel::Outputs))];
        for (const auto* row : {&o.values.text[static_cast<std::size_t>(o.focus)], &o.outputs.text[static_cast<std::size_t>(o.focus)]})
            want.insert(want.end(), row->begin(), row->end());
    }
    return out;
}

// Every number of `numbers` drawn, as often as the model writes it, in its panel.
void check_numbers_drawn(const draw::Recorder& rec, const std::map<std::string, std::vector<std::string>>& numbers,
                         int w, int h, const std::string& where, Problems& out) {
    for (const auto& [panel, texts] : numbers) {
        std::map<std::string, int> drawn, wanted;
        for (const auto& t : rec.texts)
            if (t.rect.w > 0 && t.panel >= 0 && rec.panels[static_cast<std::size_t>(t.panel)].name == panel) ++drawn[t.text];
        for (const std::string& t : texts) ++wanted[t];
        for (const auto& [text, count] : wanted)
            if (drawn[text] < count)
                out.add(where + " (" + std::to_string(w) + "x" + std::to_string(h) + "): " + panel + " leaves out its number '" +
                        text + "' (" + std::to_string(count - drawn[text]) + " of " + std::to_string(count) + ")");
    }
}

}  // namespace

// The back row reads every exported frame: at 16:9, 16:10 and 4:3, every step (the end of its
// animation and its middle) and every experiment of every scene and deck in the repository,
// text is at least 1/60 of the frame's height, no text is cut short with "…" (at 4:3 neither: 1024×768 and
// 1440×1080 wrap, never ellipsize), no two labels overprint, no two graph nodes overlap, every label
// stays in its panel, no glyph is the empty box of a character no face has, and every number of
// a grid panel a student multiplies or compares (the projections, the residual, the score
// matrices) is drawn.
TEST_CASE("every frame of the content is legible from the back row at 16:9, 16:10 and 4:3", "[frames][legible]") {
    const auto files = content_files();
    REQUIRE(files.size() >= 5);
    Problems problems;
    int frames = 0, graphs = 0, numbered = 0, turned = 0;
    for (const auto& file : files) {
        load::Result r = load::load_file(file, load::Options{ATTNLAB_SOURCE_DIR, {}});
        INFO(file);
        REQUIRE(r.ok());
        const std::string name = std::filesystem::path(file).filename().string();
        const timeline::Layout lay = timeline::layout(r.deck);
        for (int span = 0; span < static_cast<int>(lay.spans.size()); ++span) {
            const timeline::Span& sp = lay.spans[static_cast<std::size_t>(span)];
            const timeline::State st = timeline::state_at_span(lay, span);
            std::vector<std::pair<std::string, timeline::View>> views;
            for (double u : {0.5, 1.0})
                views.emplace_back(name + " step " + std::to_string(span + 1) + (u < 1 ? " (mid-animation)" : ""),
                                   timeline::evaluate(r.deck, lay, st, sp.start + u * sp.anim + (u < 1 ? 0.0 : 5.0)));
            const scene::Slide& slide = r.deck.slides[static_cast<std::size_t>(sp.slide)];
            if (slide.scene)
                for (int e = 0; e < static_cast<int>(slide.scene->experiments.size()); ++e) {
                    const timeline::State ex = timeline::apply(r.deck, lay, st, timeline::cmd::Experiment{e}, sp.start);
                    views.emplace_back(name + " step " + std::to_string(span + 1) + " experiment '" +
                                           slide.scene->experiments[static_cast<std::size_t>(e)].title + "'",
                                       timeline::evaluate(r.deck, lay, ex, sp.start + sp.anim + 5.0));
                }
            for (const auto& [where, v] : views) {
                const auto numbers = grid_numbers(v);
                for (auto [w, h] : {std::pair{1920, 1080}, std::pair{1920, 1200}, std::pair{1024, 768}, std::pair{1440, 1080}}) {
                    draw::Recorder rec;
                    draw_view(v, w, h, rec);
                    check_numbers_drawn(rec, numbers, w, h, where, problems);
                    numbered += !numbers.empty();
                    // 1440×1080 is 1024×768's layout at the design size: checked for cut and small
                    // text; its overprints are 1024×768's (the pixel tolerance aside).
                    check_legible(rec, w, h, where, problems, w != 1440);
                    ++frames;
                    graphs += std::any_of(rec.marks.begin(), rec.marks.end(),
                                          [](const auto& m) { return m.name == "node:0"; });
                    turned += std::any_of(rec.marks.begin(), rec.marks.end(),
                                          [](const auto& m) { return m.name.rfind("turn:", 0) == 0; });
                }
            }
        }
    }
    std::string report;
    for (const auto& [what, count] : problems.seen) report += what + "  [" + std::to_string(count) + "]\n";
    if (const char* path = std::getenv("ATTNLAB_LEGIBLE_REPORT")) std::ofstream(path) << report;  // the whole list, unwrapped
    INFO(problems.seen.size() << " problems:\n" << report);
    CHECK(problems.seen.empty());
    CHECK(frames > 1500);
    CHECK(graphs > 30);  // the graph's nodes were seen
    CHECK(turned > 10);  // the rope scene's key plane: the arcs of its turns were laid out and checked
    CHECK(numbered > 100);  // frames whose grids' numbers were looked for
}

// A scene of several heads, whichever head is shown and whichever token asks, on every step: the
// heads' thumbnails, the head view's words, the heads' outputs side by side and every one-head
// panel naming its head are legible, uncut, apart and inside their panels, at 16:9 and 4:3, in
// both themes; every head has its thumbnail (a place to click) inside the heads panel, and the
// residual's numbers are all drawn.
TEST_CASE("the pictures of several heads are legible for every head shown and every token asking", "[frames][legible][heads]") {
    load::Result r = load::load_file(std::string(ATTNLAB_SOURCE_DIR) + "/scenes/two-heads.yaml", load::Options{ATTNLAB_SOURCE_DIR, {}});
    REQUIRE(r.ok());
    const scene::Scene& sc = *r.deck.slides.at(0).scene;
    REQUIRE(sc.heads.size() > 1);
    const timeline::Layout lay = timeline::layout(r.deck);
    Problems problems;
    int thumbnails = 0, tagged = 0, heads_frames = 0;
    for (int span = 0; span < static_cast<int>(lay.spans.size()); ++span) {
        const timeline::Span& sp = lay.spans[static_cast<std::size_t>(span)];
        for (int head = 0; head < static_cast<int>(sc.heads.size()); ++head)
            for (int focus = 0; focus < static_cast<int>(sc.n()); ++focus) {
                timeline::State st = timeline::state_at_span(lay, span);
                scene::Settings e;
                e.head = head;
                e.focus = focus;
                st.edits.assign(1, e);
                const timeline::View v = timeline::evaluate(r.deck, lay, st, sp.start + sp.anim + 5.0);
                const std::string where = "two-heads step " + std::to_string(span + 1) + " head " + std::to_string(head + 1) +
                                          " asked by " + sc.tokens[static_cast<std::size_t>(focus)];
                const auto numbers = grid_numbers(v);
                for (auto [w, h] : {std::pair{1920, 1080}, std::pair{1024, 768}})
                    for (draw::ThemeKind theme : {draw::ThemeKind::Light, draw::ThemeKind::Dark}) {
                        draw::Recorder rec;
                        draw_view(v, w, h, rec, theme);
                        check_legible(rec, w, h, where, problems);
                        check_numbers_drawn(rec, numbers, w, h, where, problems);
                        const auto heads = std::find_if(rec.panels.begin(), rec.panels.end(),
                                                        [](const auto& p) { return p.name == "heads"; });
                        heads_frames += heads != rec.panels.end();
                        if (heads != rec.panels.end())
                            for (std::size_t hd = 0; hd < sc.heads.size(); ++hd) {
                                const auto mark = std::find_if(rec.marks.begin(), rec.marks.end(),
                                                               [&](const auto& m) { return m.name == "head:" + std::to_string(hd); });
                                if (mark == rec.marks.end() || !heads->rect.contains(mark->rect) || mark->rect.w < 40)
                                    problems.seen[where + ": no thumbnail of head " + std::to_string(hd + 1) + " inside the heads panel"]++;
                                else
                                    ++thumbnails;
                            }
                        const std::string tag = head == 0 ? "head 1 · who did it" : "head 2 · which determiner";
                        tagged += std::any_of(rec.texts.begin(), rec.texts.end(),
                                              [&](const auto& t) { return t.text.find(tag) != std::string::npos; });
                    }
            }
    }
    std::string report;
    for (const auto& [what, count] : problems.seen) report += what + "  [" + std::to_string(count) + "]\n";
    INFO(problems.seen.size() << " problems:\n" << report);
    CHECK(problems.seen.empty());
    CHECK(heads_frames >= 40);  // a step shows them: 2 heads × 5 tokens × 2 sizes × 2 themes
    CHECK(thumbnails == 2 * heads_frames);
    CHECK(tagged > 100);  // the one-head panels name the head they draw
}

// A graph of up to 16 tokens lays out without two nodes overlapping or two of its labels
// overprinting, at 16:9, 16:10 and 4:3, whichever token asks.
TEST_CASE("graphs of 9 to 16 tokens lay out without overlap", "[frames][legible]") {
    const std::vector<std::string> words = {"The", "committee", "that", "reviewed", "the", "proposal", "said",
                                            "it", "was", "promising", "but", "needed", "more", "careful", "work", "."};
    std::mt19937 rng(16);
    std::normal_distribution<double> normal(0.0, 1.0);
    Problems problems;
    int graphs = 0;
    for (std::size_t n = 9; n <= 16; ++n) {
        auto s = std::make_shared<scene::Scene>();
        s->heads.resize(1);
        s->id = "graph-" + std::to_string(n);
        s->title = "A graph of " + std::to_string(n) + " tokens";
        s->tokens.assign(words.begin(), words.begin() + static_cast<std::ptrdiff_t>(n));
        for (auto* m : {&s->heads[0].q, &s->heads[0].k, &s->heads[0].v})
            for (std::size_t i = 0; i < n; ++i) m->push_back({normal(rng), normal(rng), normal(rng), normal(rng)});
        s->panels = scene::default_panels(n);
        s->steps = scene::default_steps();
        for (int focus : {0, static_cast<int>(n) / 2, static_cast<int>(n) - 1}) {
            s->focus = focus;
            const scene::Deck deck = scene::deck_of(s);
            const timeline::Layout lay = timeline::layout(deck);
            const int last = static_cast<int>(lay.spans.size()) - 1;
            const timeline::View v = timeline::evaluate(deck, lay, timeline::state_at_span(lay, last),
                                                        lay.spans.back().start + lay.spans.back().anim + 5.0);
            for (auto [w, h] : {std::pair{1920, 1080}, std::pair{1920, 1200}, std::pair{1024, 768}}) {
                draw::Recorder rec;
                draw_view(v, w, h, rec);
                Problems all;
                check_legible(rec, w, h, s->id + " asked by " + s->tokens[static_cast<std::size_t>(focus)], all);
                for (const auto& [what, count] : all.seen)
                    if (what.find("graph nodes") != std::string::npos || what.find("graph text") != std::string::npos)
                        problems.seen[what] += count;
                graphs += std::count_if(rec.marks.begin(), rec.marks.end(),
                                        [&](const auto& m) { return m.name == "node:" + std::to_string(n - 1); }) > 0;
            }
        }
    }
    std::string report;
    for (const auto& [what, count] : problems.seen) report += what + "\n";
    INFO(report);
    CHECK(problems.seen.empty());
    CHECK(graphs == 8 * 3 * 3);  // every graph was drawn with its last node
}

// The exporters ask timeline::animating of every frame instead of evaluating it (a trace of
// thousands of tokens each time): it says what evaluate says, at every moment of every step of
// the content — animation, hold, cross-fade, question beat, experiment.
TEST_CASE("animating() agrees with evaluate() at every moment of the content", "[frames]") {
    int moments = 0, moving = 0;
    for (const auto& file : content_files()) {
        load::Result r = load::load_file(file, load::Options{ATTNLAB_SOURCE_DIR, {}});
        INFO(file);
        REQUIRE(r.ok());
        const timeline::Layout lay = timeline::layout(r.deck);
        for (int span = 0; span < static_cast<int>(lay.spans.size()); ++span) {
            const timeline::Span& sp = lay.spans[static_cast<std::size_t>(span)];
            std::vector<timeline::State> states = {timeline::state_at_span(lay, span)};
            const scene::Slide& slide = r.deck.slides[static_cast<std::size_t>(sp.slide)];
            if (slide.scene && !slide.scene->experiments.empty())
                states.push_back(timeline::apply(r.deck, lay, states[0], timeline::cmd::Experiment{0}, sp.start));
            for (const timeline::State& st : states)
                for (double u : {0.0, 0.1, 0.5, 0.99, 1.0, 1.5, 4.0}) {
                    const double now = sp.start + u * std::max(sp.anim, 0.2);
                    const bool want = timeline::evaluate(r.deck, lay, st, now).animating;
                    INFO("span " << span << " at " << now);
                    CHECK(timeline::animating(r.deck, lay, st, now) == want);
                    ++moments;
                    moving += want;
                }
        }
    }
    CHECK(moments > 500);
    CHECK(moving > 100);
}

namespace {

// A scene of n tokens as an author might write one to show a long text: short words, 4-D random
// q, k and v (seeded), the asking token `focus`, these panels and the default steps.
std::shared_ptr<scene::Scene> generated_scene(std::size_t n, int focus, std::vector<scene::Panel> panels) {
    static const std::vector<std::string> words = {"The", "river", "bank", "was", "steep", "and", "the", "money",
                                                   "sat", "in", "a", "vault", "near", "it", ",", "while",
                                                   "tired", "clerks", "counted", "coins", "."};
    std::mt19937 rng(static_cast<unsigned>(n));
    std::normal_distribution<double> normal(0.0, 1.0);
    auto s = std::make_shared<scene::Scene>();
    s->heads.resize(1);
    s->id = "generated-" + std::to_string(n);
    s->title = "A text of " + std::to_string(n) + " tokens";
    for (std::size_t i = 0; i < n; ++i) s->tokens.push_back(words[i % words.size()]);
    for (auto* m : {&s->heads[0].q, &s->heads[0].k, &s->heads[0].v})
        for (std::size_t i = 0; i < n; ++i) m->push_back({normal(rng), normal(rng), normal(rng), normal(rng)});
    s->panels = std::move(panels);
    s->steps = scene::default_steps();
    s->focus = focus;
    return s;
}

}  // namespace

// The layout checks of the content, on generated scenes of 16 to 4096 tokens (the limit): the
// panels that draw one thing per token summarise what they cannot draw legibly (the matrix as a
// heat image with sampled words, the token row, the graph, the score row and the bars as the
// asking token's neighbourhood), so that every frame is legible, inside its panels, and its work
// bounded by what it draws: at most a few hundred texts and marks whatever the length.
TEST_CASE("generated scenes of 16 to 4096 tokens are legible and drawn with bounded work", "[frames][legible][large]") {
    using P = scene::Panel;
    const std::vector<std::vector<P>> panel_sets = {
        {},  // the default panels of the length
        {P::TokenRow, P::ScoreRow, P::WeightBars, P::Pipeline, P::Readouts, P::Narration, P::ControlPanel},
    };
    Problems problems;
    int frames = 0, summarised = 0;
    std::size_t most_texts = 0, most_marks = 0;
    for (std::size_t n : {16u, 64u, 200u, 1000u, 4096u})
        for (const auto& set : panel_sets)
            for (int focus : {static_cast<int>(n) / 2, static_cast<int>(n) - 1}) {
                auto s = generated_scene(n, focus, set.empty() ? scene::default_panels(n) : set);
                const scene::Deck deck = scene::deck_of(s);
                const timeline::Layout lay = timeline::layout(deck);
                for (int span = 0; span < static_cast<int>(lay.spans.size()); ++span) {
                    if (focus != static_cast<int>(n) / 2 && span + 1 != static_cast<int>(lay.spans.size())) continue;
                    const timeline::Span& sp = lay.spans[static_cast<std::size_t>(span)];
                    const timeline::View v =
                        timeline::evaluate(deck, lay, timeline::state_at_span(lay, span), sp.start + sp.anim + 5.0);
                    const std::string where = s->id + " (" + std::string(set.empty() ? "default panels" : "row panels") +
                                              ", asked by token " + std::to_string(focus) + ") step " + std::to_string(span + 1);
                    for (auto [w, h] : {std::pair{1920, 1080}, std::pair{1024, 768}}) {
                        draw::Recorder rec;
                        draw_view(v, w, h, rec);
                        check_legible(rec, w, h, where, problems);
                        for (const auto& p : rec.panels)
                            if (!core::Rect{0, 0, double(w), double(h)}.inset(-0.5).contains(p.rect))
                                problems.add(where + ": panel " + p.name + " leaves the frame");
                        most_texts = std::max(most_texts, rec.texts.size());
                        most_marks = std::max(most_marks, rec.marks.size());
                        summarised += std::any_of(rec.marks.begin(), rec.marks.end(), [](const auto& m) { return m.name == "heat"; });
                        ++frames;
                    }
                }
            }
    std::string report;
    for (const auto& [what, count] : problems.seen) report += what + "  [" + std::to_string(count) + "]\n";
    INFO(problems.seen.size() << " problems:\n" << report);
    CHECK(problems.seen.empty());
    CHECK(frames >= 5 * 2 * 2 * 2);
    CHECK(summarised > 10);       // the matrices of 64 tokens and more were summarised
    CHECK(most_texts <= 300);     // what a frame writes does not grow with the text's length
    CHECK(most_marks <= 300);
}

// The frame model of 4096 tokens builds what it shows: no label per pair or per token that is
// not drawn. The matrix's image has at most kBins² squares and writes no numbers; the rows and
// the graph hold the asking token's neighbourhood and count the rest.
TEST_CASE("the frame model of 4096 tokens holds what is drawn, not a label per pair", "[frames][large]") {
    using P = scene::Panel;
    const std::size_t n = 4096;
    auto s = generated_scene(n, 3000, {P::TokenRow, P::Matrix, P::Graph, P::ScoreRow, P::WeightBars, P::Heads, P::Outputs,
                                       P::Readouts, P::Narration});
    const scene::Deck deck = scene::deck_of(s);
    const timeline::Layout lay = timeline::layout(deck);
    const timeline::Span& sp = lay.spans.back();
    const timeline::View v = timeline::evaluate(deck, lay, timeline::state_at_span(lay, static_cast<int>(lay.spans.size()) - 1),
                                                sp.start + sp.anim + 5.0);
    const model::Frame f = model::frame_of(v);
    REQUIRE(f.kind == model::Frame::Kind::Scene);
    const model::SceneFrame& sf = f.scene;
    REQUIRE(sf.n == static_cast<int>(n));
    CHECK(sf.matrix.summary());
    CHECK(sf.matrix.heat.bins <= model::Matrix::kBins);
    CHECK(sf.matrix.heat.bins * sf.matrix.heat.per >= static_cast<int>(n));
    CHECK(sf.matrix.heat.caption == "4,096 tokens · a square: the largest weight of its 16 × 16 pairs");
    CHECK(sf.matrix.texts.empty());
    CHECK(sf.matrix.sums.empty());
    // Each square's weight is the largest of its pairs', its score the mean of theirs (the trace's,
    // as the frame shows them at the end of the last step: q·k/√d).
    const attention::Trace& tr = v.trace();
    const int per = sf.matrix.heat.per;
    for (int bi : {0, 100, 187, 255})
        for (int bj : {0, 3, 128, 255}) {
            double most = 0, tones = 0;
            for (int i = bi * per; i < (bi + 1) * per; ++i)
                for (int j = bj * per; j < (bj + 1) * per; ++j) {
                    const std::size_t I = static_cast<std::size_t>(i), J = static_cast<std::size_t>(j);
                    most = std::max(most, tr.weights(I, J));
                    tones += model::tone(tr.scaled(I, J), sf.matrix.magnitude);
                }
            CHECK(sf.matrix.heat.at(bi, bj).weight == Approx(most).epsilon(1e-6));
            CHECK(sf.matrix.heat.at(bi, bj).score_tone == Approx(tones / (per * per)).margin(1e-5));
        }
    CHECK(sf.token_row.chips.size() == static_cast<std::size_t>(model::TokenRow::kWindow));
    CHECK(sf.token_row.window.contains(3000));
    CHECK(sf.token_row.before == model::count_text(sf.token_row.window.first) + " more");
    CHECK(sf.token_row.window.before() + sf.token_row.window.count + sf.token_row.window.after() == static_cast<int>(n));
    CHECK(sf.graph.nodes.size() == static_cast<std::size_t>(model::Graph::kMost));
    CHECK(sf.graph.nodes[static_cast<std::size_t>(sf.graph.focus)].focus);
    CHECK(sf.graph.nodes[static_cast<std::size_t>(sf.graph.focus)].word == s->tokens[3000]);
    CHECK(sf.graph.note.find("of 4,096") != std::string::npos);
    CHECK(sf.score_row.cells.size() == static_cast<std::size_t>(model::ScoreRow::kWindow));
    CHECK(sf.weight_bars.bars.size() == static_cast<std::size_t>(model::WeightBars::kWindow));
    CHECK(sf.heads.heads.empty());
    CHECK_FALSE(sf.heads.note.empty());
    CHECK(sf.outputs.values.value.empty());
    CHECK_FALSE(sf.outputs.note.empty());
    // And a frame of it at 1080p stays within its panels with a bounded number of texts.
    draw::Recorder rec;
    draw_view(v, 1920, 1080, rec);
    CHECK(rec.texts.size() <= 300);
    for (const auto& t : rec.texts) {
        REQUIRE(t.panel >= 0);
        CHECK(rec.panels[static_cast<std::size_t>(t.panel)].rect.inset(-0.5).contains(t.rect));
    }
}

// The exporters draw each frame into a reused buffer without clearing it first, as the window
// does: every pixel must be painted, opaque, by the frame itself. A frame drawn over garbage (an
// opaque colour, then a translucent one) must equal the frame drawn over black, for every step of
// every scene and deck, settled and in the middle of its animation (a cross-fade where the slide
// or the panels change), at 16:9 and at an odd size whose edges round.
TEST_CASE("every frame paints every pixel of its buffer opaque", "[frames]") {
    int frames = 0;
    for (const auto& file : content_files()) {
        load::Result r = load::load_file(file, load::Options{ATTNLAB_SOURCE_DIR, {}});
        INFO(file);
        REQUIRE(r.ok());
        const std::string name = std::filesystem::path(file).filename().string();
        const timeline::Layout lay = timeline::layout(r.deck);
        draw::Options opt = support::draw_options();
        for (int span = 0; span < static_cast<int>(lay.spans.size()); ++span) {
            const timeline::Span& sp = lay.spans[static_cast<std::size_t>(span)];
            const timeline::State st = timeline::state_at_span(lay, span);
            for (double u : {0.5, 1.0})
                for (auto [w, h] : {std::pair{1920, 1080}, std::pair{1023, 767}}) {
                    if (u < 1 && w == 1920) continue;  // the mid-animation frames at the odd size only
                    const double now = sp.start + u * sp.anim;
                    std::vector<std::uint32_t> black;
                    for (std::uint32_t under : {0xff000000u, 0xffff00ffu, 0x40102030u}) {
                        cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
                        const int stride = cairo_image_surface_get_stride(s);
                        auto* px = cairo_image_surface_get_data(s);
                        for (int y = 0; y < h; ++y)
                            std::fill_n(reinterpret_cast<std::uint32_t*>(px + y * stride), w, under);
                        cairo_surface_mark_dirty(s);
                        cairo_t* cr = cairo_create(s);
                        draw::render(cr, w, h, r.deck, lay, st, now, opt);
                        cairo_destroy(cr);
                        cairo_surface_flush(s);
                        std::vector<std::uint32_t> got(static_cast<std::size_t>(w) * h);
                        for (int y = 0; y < h; ++y)
                            std::copy_n(reinterpret_cast<const std::uint32_t*>(px + y * stride), w,
                                        got.begin() + static_cast<std::ptrdiff_t>(y) * w);
                        cairo_surface_destroy(s);
                        if (black.empty()) {
                            black = std::move(got);
                            continue;
                        }
                        std::size_t first = 0;
                        while (first < got.size() && got[first] == black[first]) ++first;
                        INFO(name << " step " << span + 1 << " at " << w << "×" << h << (u < 1 ? " (mid-animation)" : "")
                                  << " over " << std::hex << under << std::dec << ": pixel ("
                                  << (first < got.size() ? first % static_cast<std::size_t>(w) : 0) << ", "
                                  << (first < got.size() ? first / static_cast<std::size_t>(w) : 0) << ") shows what was under it");
                        CHECK(first == got.size());
                    }
                    ++frames;
                }
        }
    }
    CHECK(frames > 300);
}

TEST_CASE("each frame of the default lecture keeps its texts in a small part of the text memos", "[frames][text]") {
    // The memos are bounded (draw::kTextMemoBytes) so that a long session stops growing; the
    // bound must still hold several frames' texts, or an animation or a drag would measure its
    // text again every frame. Each step's end at 1080p, in a thread of its own (cold memos).
    const load::Result r = load::load_file(std::string(ATTNLAB_SOURCE_DIR) + "/slides/lecture.yaml", load::Options{ATTNLAB_SOURCE_DIR, {}});
    REQUIRE(r.ok());
    const timeline::Layout lay = timeline::layout(r.deck);
    std::size_t most = 0;
    int busiest = -1;
    for (int span = 0; span < static_cast<int>(lay.spans.size()); ++span) {
        std::thread([&] {
            const timeline::Span& sp = lay.spans[static_cast<std::size_t>(span)];
            cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1920, 1080);
            cairo_t* cr = cairo_create(s);
            draw::render(cr, 1920, 1080, r.deck, lay, timeline::state_at_span(lay, span), sp.start + sp.anim, support::draw_options());
            cairo_destroy(cr);
            cairo_surface_destroy(s);
            const std::size_t held = draw::text_stats().memo_bytes;
            if (held > most) most = held, busiest = span + 1;
        }).join();
    }
    INFO("the most a frame's texts held: " << most << " bytes, at step " << busiest);
    CHECK(most > 0);
    CHECK(most * 6 <= draw::kTextMemoBytes);
}
