// draw/paint: what the panels share — the layout of a scene's panels in design space, the
// per-frame Model of the focused row (every number a panel shows, already animated by stage),
// the plane mappings, and one paint/hit function per panel (one .cpp each). Internal to draw/.
#pragma once

#include <array>
#include <vector>

#include "draw/canvas.hpp"
#include "draw/draw.hpp"
#include "timeline/timeline.hpp"

namespace draw {

using scene::Panel;
using scene::Stage;

// ---- layout ----------------------------------------------------------------------------------
struct Box {
    Panel panel;
    core::Rect r;
};
struct SceneLayout {
    core::Rect header;        // scene title and step counter
    std::vector<Box> boxes;   // one per panel the scene shows
    const core::Rect* find(Panel p) const {
        for (const auto& b : boxes)
            if (b.panel == p) return &b.r;
        return nullptr;
    }
};
SceneLayout layout_scene(const scene::Scene& sc);
// The content rect of a card (what Canvas::card returns for a card with a heading).
core::Rect card_content(const core::Rect& r);

// ---- the model of one frame ---------------------------------------------------------------
struct Model {
    const timeline::View* view = nullptr;
    const scene::Scene* sc = nullptr;
    const attention::Trace* tr = nullptr;
    bool ok = false;      // a trace to draw
    int n = 0;
    int focus = 0;
    std::size_t d = 0;
    double sqrt_d = 1;
    double T = 1;
    std::array<double, scene::kStageCount> prog{};  // per stage: 0 not reached … 1 shown

    // Per key j of the focused row.
    std::vector<double> raw;       // q·k
    std::vector<double> scaled;    // q·k/√d
    std::vector<double> tempered;  // q·k/(√d·T) (0 at T = ∞, scaled at T = 0)
    std::vector<double> shown;     // the score the score row shows now (counting up, shrinking)
    std::vector<double> hide;      // 0 visible … 1 folded away by the mask
    std::vector<double> weight;    // softmax weights (mask fold tweened)
    std::vector<double> erel;      // e^s relative to the largest (= weight / max weight)
    std::vector<double> bar;       // bar height now, 0..1 (two softmax beats)
    double score_scale = 1;        // magnitude for the heat colour of scores
    int best = 0;                  // the key with the largest weight
    core::Vec out;                 // Σ aᵢvᵢ with the weights shown
    double raw_sum = 0;            // Σ q·k over visible keys (the "raw row sum")

    double p(Stage s) const { return prog[static_cast<std::size_t>(s)]; }
    bool reached(Stage s) const { return p(s) > 0; }
    double score_heat(double s) const;  // 0 poor … 1 good
};
Model make_model(const timeline::View& v);

double smooth(double x);                            // smoothstep on [0, 1], clamped
double beat(double u, double from, double to);      // progress of a sub-beat [from, to] of u

// A plane panel's mapping from plane coordinates (y up) to design space.
struct Plane {
    core::Rect area;
    double x0 = -1, x1 = 1, y0 = -1, y1 = 1;
    double s = 1;
    double ox = 0, oy = 0;  // design position of plane (x0, y1)
    core::Point to(core::Point p) const { return {ox + (p.x - x0) * s, oy + (y1 - p.y) * s}; }
    core::Point from(core::Point q) const { return {(q.x - ox) / s + x0, y1 - (q.y - oy) / s}; }
};
core::Point vec2(const core::Vec& v);  // first two coordinates (missing ones 0)
Plane key_plane_frame(const Model& m, const core::Rect& content);  // content: card_content(panel)
Plane value_plane_frame(const Model& m, const core::Rect& content);
// Where a dot of a plane is drawn: its place, clamped 12 units inside the area (*clamped says
// whether it was moved, e.g. a key dragged off the plane).
core::Point plane_dot(const Plane& p, core::Point plane_pt, bool* clamped = nullptr);
// Labels beside dots on a plane, each placed where it covers the fewest dots and labels.
struct Labels {
    std::vector<core::Rect> taken;
    void dot(core::Point p, double r) { taken.push_back({p.x - r, p.y - r, 2 * r, 2 * r}); }
    core::Rect place(Canvas& c, std::string_view s, core::Point p, double r, const core::Rect& area, Font f, double size,
                     const core::Color& ink, double alpha = 1.0);
};
// Grid lines, the two axes and a few tick labels of a plane.
void paint_plane_grid(Canvas& c, const Plane& p);

// ---- panels --------------------------------------------------------------------------------
void paint_header(Canvas& c, const Model& m, const core::Rect& r);
void paint_token_row(Canvas& c, const Model& m, const core::Rect& r);
void paint_matrix(Canvas& c, const Model& m, const core::Rect& r);
void paint_graph(Canvas& c, const Model& m, const core::Rect& r);
void paint_key_plane(Canvas& c, const Model& m, const core::Rect& r);
void paint_value_plane(Canvas& c, const Model& m, const core::Rect& r);
void paint_score_row(Canvas& c, const Model& m, const core::Rect& r);
void paint_weight_bars(Canvas& c, const Model& m, const core::Rect& r);
void paint_pipeline(Canvas& c, const Model& m, const core::Rect& r);
void paint_readouts(Canvas& c, const Model& m, const core::Rect& r);
void paint_narration(Canvas& c, const Model& m, const core::Rect& r);
void paint_arithmetic(Canvas& c, const Model& m, const core::Rect& r);
void paint_controls(Canvas& c, const Model& m, const core::Rect& r);
void paint_projections(Canvas& c, const Model& m, const core::Rect& r);
void paint_title_slide(Canvas& c, const timeline::View& v);
// The "Check yourself" card over the frame when v.quiz is set.
void paint_quiz(Canvas& c, const timeline::View& v);
void paint_text_slide(Canvas& c, const timeline::View& v);

// Geometry shared by painting and hit-testing; each takes the panel's whole rect.
struct Cells {
    std::vector<core::Rect> cells;  // one per token
};
Cells token_row_cells(const Model& m, const core::Rect& panel);
Cells score_row_cells(const Model& m, const core::Rect& panel);
struct MatrixGeom {
    core::Rect grid;   // the n×n cells
    double cell = 0;
    core::Rect row_labels, col_labels, sums, legend;
    bool tilted = false;   // column labels rise at 45° (long words, small cells)
    double col_font = 18;  // their font size
};
MatrixGeom matrix_geom(const Model& m, const core::Rect& panel);
std::vector<core::Point> graph_nodes(const Model& m, const core::Rect& panel, double& radius);
struct ControlsGeom {
    core::Rect slider;  // the track
    core::Rect sw;      // the switch
};
ControlsGeom controls_geom(const core::Rect& panel);
// The quiz card: fixed geometry (independent of text) so that clicks map to choices.
struct QuizGeom {
    core::Rect card, head, question, answer, hint;
    std::vector<core::Rect> choices;
};
QuizGeom quiz_geom(const timeline::View::Quiz& q);
// Slider position (0..1) of a temperature and back: g = T / (1 + T), so ∞ sits at the right end.
double slider_pos(double T);
double slider_temperature(double pos);

}  // namespace draw
