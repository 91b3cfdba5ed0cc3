// draw/paint: what the painters share — the panel registry (one PanelDef per panel, defined in
// the panel's own file), the layout of a scene's panels in design space, the plane mappings and
// the geometry that painting and hit testing both use. Painters read a model::Frame: they
// choose fonts, colours and places, and compute no attention. Internal to draw/.
#pragma once

#include <optional>
#include <vector>

#include "draw/canvas.hpp"
#include "draw/draw.hpp"
#include "model/display.hpp"
#include "model/model.hpp"

namespace draw {

using model::num;
using scene::Panel;

// ---- the panel registry ------------------------------------------------------------------------
// Where the layout puts a panel: a row of the left column (top to bottom by `order`), the big
// row in the middle of it (side by side, widths by `size`), or the right column (by `order`).
struct Slot {
    enum class Where { Row, Big, Side } where = Where::Row;
    int order = 0;
    double size = 0;     // Row / Side: preferred height (0: takes what is left); Big: width weight
    bool grows = false;  // Row: takes the free height when there is no big row
    // Side: the row panel this one moves beside, `beside_width` wide, when the right column is
    // crowded (its flexible panel would get less than kSideRoom) and that row panel shows.
    std::optional<Panel> beside;
    double beside_width = 0;
    // Row: the preferred height where the left column is narrow (kNarrowRow: a 4:3 screen beside
    // the right column), for a panel that re-flows onto more lines there; 0 for `size`.
    double narrow_size = 0;
};
// A left column narrower than this is narrow (4:3 beside the right column; 16:10 and 16:9 are not).
constexpr double kNarrowRow = 1100;
// A panel's painter, defined in its own file draw/<name>.cpp as k<Enum>Panel (the panel table's
// rows name them all: a panel without its painter does not link). It paints, and hit-tests, what
// the panel's model shows.
template <class Model>
struct PanelDef {
    Slot slot;
    // Paints the panel into its rectangle (design units).
    void (*paint)(Canvas& c, const Model& m, const core::Rect& r);
    // What is under `p` inside the panel; null for a panel with nothing to pick (the caller has
    // already set Hit::Kind::Panel).
    void (*hit)(const Model& m, const core::Rect& r, core::Point p, Hit& h) = nullptr;
};
// Through the registry, by panel (frame.cpp): its slot; painting and hit testing it in a frame.
// A panel is painted on a cairo state of its own, its text state reset, clipped to its box snapped
// to pixels: what it paints depends on its model and box alone, never on the panels before it,
// so that `kept` (retain.hpp; null: none) may copy it from the cache instead.
class Retained;
const Slot& panel_slot(Panel p);
void paint_panel(Canvas& c, const model::SceneFrame& f, Panel p, const core::Rect& r, Retained* kept = nullptr);
void hit_panel(const model::SceneFrame& f, Panel p, const core::Rect& r, core::Point pt, Hit& h);

// ---- layout --------------------------------------------------------------------------------------
struct Box {
    Panel panel;
    core::Rect r;
};
struct Placement {
    core::Rect header;        // scene title and step counter
    std::vector<Box> boxes;   // one per panel the scene shows
    const core::Rect* find(Panel p) const {
        for (const auto& b : boxes)
            if (b.panel == p) return &b.r;
        return nullptr;
    }
};
// Where `panels` (a step's: scene::Scene::panels_at, model::SceneFrame::panels) go.
Placement place_panels(const std::vector<Panel>& panels, Space space = {});
// The content rect of a card (what Canvas::card returns for a card with a heading).
core::Rect card_content(const core::Rect& r);

void paint_header(Canvas& c, const model::Header& h, const core::Rect& r);
// A colour scale's legend in one line inside `box` (legend.cpp): its name (where there is room),
// the low end's number, the gradient (at most bar_w wide; a diverging scale's 0 written on its
// middle), the high end's number. Returns the width used, 0 when even a short gradient does not fit.
double paint_legend(Canvas& c, const model::Legend& l, const core::Rect& box, Align align = Align::Left,
                    double bar_w = 200);
// The foot of a grid panel (legend.cpp): the legend centred in a band legend_h high, above an
// italic caption caption_h high at the bottom of `content` (the projections, the residual, the
// tied scores).
void paint_legend_and_caption(Canvas& c, const model::Legend& l, const std::string& caption, const core::Rect& content,
                              double legend_h, double caption_h);
// A small matrix's cells (cells.cpp): column j col_w[j] wide (the last width for any further
// column), cell_h high, each filled with its tone on the diverging scale and, with `numbers`, its
// number as the model writes it at kMinText; a lit grid outlined in gold; all at `alpha`.
void paint_cells(Canvas& c, const model::Grid& g, core::Point at, const std::vector<double>& col_w, double cell_h,
                 bool numbers, double alpha = 1);
// The width of a grid's widest number at kMinText with a cell's margins (0 for an empty grid).
double widest_number(Canvas& c, const model::Grid& g);
void paint_title_slide(Canvas& c, const model::TitleSlide& s);
void paint_text_slide(Canvas& c, const model::TextSlide& s);
// The "Check yourself" card over the frame.
void paint_quiz(Canvas& c, const model::QuizCard& q);

// ---- planes --------------------------------------------------------------------------------------
// A plane panel's mapping from plane coordinates (y up) to design space: the model's extent,
// padded and fitted with equal units on both axes, centred in the area.
struct Plane {
    core::Rect area;
    double x0 = -1, x1 = 1, y0 = -1, y1 = 1;
    double s = 1;
    double ox = 0, oy = 0;  // design position of plane (x0, y1)
    core::Point to(core::Point p) const { return {ox + (p.x - x0) * s, oy + (y1 - p.y) * s}; }
    core::Point from(core::Point q) const { return {(q.x - ox) / s + x0, y1 - (q.y - oy) / s}; }
};
Plane fit_plane(const model::Extent& e, const core::Rect& area);
// Where a dot of a plane is drawn: its place, clamped 12 units inside the area (*clamped says
// whether it was moved, e.g. a key dragged off the plane).
core::Point plane_dot(const Plane& p, core::Point plane_pt, bool* clamped = nullptr);
// The part [t0, t1] of the segment a→b that lies inside r (Liang–Barsky), or false when none
// does. Lines on a plane are clipped before they are dashed or dotted, so a point moved far off
// the plane (a dragged key at 1e300) costs no more than one on it.
bool clip_segment(core::Point a, core::Point b, const core::Rect& r, double& t0, double& t1);
// Labels beside dots on a plane, each placed where it covers the fewest dots and labels.
struct Labels {
    std::vector<core::Rect> taken;
    int rings = 2;  // rings of places round a dot, each a label's height further out
    void dot(core::Point p, double r) { taken.push_back({p.x - r, p.y - r, 2 * r, 2 * r}); }
    // only_if_free: a label that would cover another, or be cut, is not drawn (an empty rect).
    core::Rect place(Canvas& c, std::string_view s, core::Point p, double r, const core::Rect& area, Font f, double size,
                     const core::Color& ink, double alpha = 1.0, bool only_if_free = false);
};
// The dot nearest to design point p, within 22 design units, or -1 (plane hit tests).
int nearest_dot(const Plane& pl, const std::vector<core::Point>& plane_pts, core::Point p);
// Grid lines, the two axes and a few tick labels of a plane.
// The tick labels' boxes are added to `labels` (when given), so that dot labels keep clear of them.
void paint_plane_grid(Canvas& c, const Plane& p, Labels* labels = nullptr);

// ---- geometry shared by painting and hit testing (each takes the panel's whole rect) -----------
struct Cells {
    std::vector<core::Rect> cells;  // one per token
};
// A sentence that reads right to left (most of its words are Arabic, Hebrew …:
// paragraph_direction of the words joined) puts its first token on the right of the rows that show it as a sentence: the
// token row, the score row and the weight bars (`rtl`). The matrix, the graph and the planes keep
// their axes.
bool reads_right_to_left(const std::vector<std::string>& words);
// A row of cells that shows a window of the tokens (model::Window) keeps kMoreRoom at either end
// for the count of those left out ("… 2,040 more"): `ends`.
constexpr double kMoreRoom = 136;
Cells token_row_cells(int n, const core::Rect& panel, bool rtl = false, bool ends = false);
Cells score_row_cells(int n, const core::Rect& panel, bool rtl = false, bool ends = false);
// The key under p in a row of cells like the score row's (whole_height: the panel's full height);
// the cells show tokens from `first` on.
void hit_row(int n, const core::Rect& r, core::Point p, Hit& h, bool whole_height, bool rtl = false, int first = 0,
             bool ends = false);
// Writes the counts of the tokens a window leaves out beside its first and last cells, within
// kMoreRoom of `row` at either end (the first token's end: the right in a right-to-left sentence).
void paint_more(Canvas& c, const std::string& before, const std::string& after, const core::Rect& row, bool rtl);
struct MatrixGeom {
    core::Rect grid;   // the n×n cells
    double cell = 0;
    core::Rect row_labels, col_labels, sums, legend;
    bool tilted = false;   // column labels rise at `angle` (long words, small cells)
    double angle = 0.7853981633974483;  // their slope, radians: 45°, or 60° when the cells are too small for 45°
    double col_font = 18;  // their font size
};
MatrixGeom matrix_geom(const std::vector<std::string>& tokens, const core::Rect& panel);
// A summarised matrix (model::Matrix::summary): the heat image's square, its sampled words (rows
// every row_every tokens, columns every col_every, each column's word within col_room).
struct HeatGeom {
    core::Rect grid, row_labels, col_labels, legend;
    int n = 1, row_every = 1, col_every = 1;
    double col_room = 0;
};
HeatGeom heat_geom(const std::vector<std::string>& tokens, int focus, const core::Rect& panel);
// `noted`: a line at the foot of the card is kept for the graph's note (model::Graph::note).
std::vector<core::Point> graph_nodes(int n, const core::Rect& panel, double& radius, bool noted = false);
struct ControlPanelGeom {
    core::Rect slider;  // the track
    core::Rect sw;      // the switch
};
ControlPanelGeom control_panel_geom(const core::Rect& panel);
// The quiz card: fixed geometry (independent of text) so that clicks map to choices and to
// the card's buttons (a row, right-aligned, above the keys; `prompt` is the row left of them).
struct QuizGeom {
    core::Rect card, head, question, answer, hint, prompt;
    std::vector<core::Rect> choices;
    std::vector<core::Rect> buttons;
};
QuizGeom quiz_geom(std::size_t choices, std::size_t buttons = 0, Space space = {});

}  // namespace draw
