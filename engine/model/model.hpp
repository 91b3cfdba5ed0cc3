// model: what one frame shows, computed once and Cairo-free. `frame_at(deck, layout, state, t)`
// evaluates the timeline and returns, for every panel of the slide, every number and label as it
// appears at this instant of its animation — taken from the attention Trace, rounded as
// displayed — and how far each stage has run. draw/ paints a Frame: it chooses fonts, colours
// and places; it computes no attention. Knows nothing of Cairo, SDL or files.
//
// Animation rules (per stage, see scene::Motion): a stage before the step's own is fully shown,
// the step's own stage runs with the step's eased progress u (unless the step before already
// showed it), later stages are not shown yet.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "attention/attention.hpp"
#include "core/core.hpp"
#include "scene/scene.hpp"
#include "timeline/timeline.hpp"

namespace model {

double smooth(double x);                        // smoothstep on [0, 1], clamped
double beat(double u, double from, double to);  // progress of a sub-beat [from, to] of u
core::Point vec2(const core::Vec& v);           // the first two coordinates (missing ones 0)

// The region of a plane that its panel shows, in plane coordinates (before fitting to a box).
struct Extent {
    double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
};

// ---- the panels of a scene ---------------------------------------------------------------------

struct Header {
    std::string title;   // the slide's title, else the scene's
    std::string right;   // "step 3 of 6 · Scale by √d", or "Try this: …" during an experiment
    bool experiment = false;
    // While a key is edited with the arrows (State::editing, presenter-only): the banner that
    // takes the header's place, "Editing key of 'cat' — arrows move it, Esc to finish"; else "".
    std::string editing;
};

// One card of the pipeline.
struct StageCard {
    scene::Stage stage = scene::Stage::Scores;
    std::string number;    // "1" … (the disc; a tick replaces it once done)
    std::string label;     // "÷ √d"
    std::string caption;   // "keep numbers modest"
    enum class State { Ahead, Active, Done } state = State::Ahead;
    std::optional<double> running;  // the active card while its step animates: linear progress
};
struct Pipeline {
    std::string formula = "a = softmax( q·k / (√d · T) ) · V";
    std::string subtitle = "at T = 1 this is scaled dot-product attention";
    std::vector<StageCard> cards;
};

struct Chip {
    std::string word;
    bool focus = false, hover = false;
    double hide = 0;  // 0 visible … 1 hidden by the mask (dimmed, dashed)
};
struct TokenRow {
    std::vector<Chip> chips;
};

struct ScoreCell {
    std::string token;
    std::string value;  // the score this stage has reached ("1.92"), "—" before scoring
    double heat = 0.5;  // 0 poor … 1 good match, on the scene's one scale (model/rows.cpp)
    double hide = 0;    // the mask's fold: 0 front … 1 hidden face
    bool focus = false, hover = false;
};
struct ScoreRow {
    std::string heading;     // "Match scores · q·k / √d"
    bool scored = false;     // cells coloured by heat
    std::vector<ScoreCell> cells;
    double badge_scale = 0;  // opacity of the "÷√d" badge on each cell during its step
    // No "÷T" badge: the row stays on q·k/√d, T acts inside the softmax.
};

struct Bar {
    std::string token;
    double height = 0;   // 0 … 1 of the panel's bar height (the two softmax beats)
    std::string label;   // the share shown above it ("43%"), or exp(s) during the first beat
    double hide = 0;     // ≥ 0.999: a hatched stub "hidden · 0%"
    bool focus = false, hover = false, best = false;
};
struct WeightBars {
    bool shown = false;        // the softmax has started
    std::string aside;         // "Σ a = 1.00", or "exp(s) · bars scaled to the largest"
    std::string empty_note = "the weights appear at the softmax step";
    std::string hidden_label = "hidden · 0%";
    std::string hidden_short = "0%";  // where hidden_label does not fit its column
    bool shares = false;       // labels are shares (the second beat is far enough)
    std::vector<Bar> bars;
};

// The heatmap. Its n×n cells are read through cell(i, j), computed from the Trace on demand
// (a matrix of thousands of tokens is never copied).
struct Matrix {
    struct Cell {
        double score = 0;        // the score shown now (counting up, scaled, tempered)
        double score_heat = 0.5; // its heat on the matrix's scale
        double score_reveal = 0; // 0 … 1: how far the score colour has come in (row by row)
        double weight = 0;       // the weight (the mask's fold tweened)
        double weight_reveal = 0;// 0 … 1: how far the weight colour has come in (row by row)
        double hide = 0;         // the mask's fold
        bool weights = false;    // the cell shows its weight (else its score)
    };
    std::string heading = "Attention matrix · row reads column";
    std::string aside;           // "every row sums to 1", "scores", ""
    std::vector<std::string> tokens;
    int focus = 0, hover = -1;
    bool scored = false;         // scoring has started (legend, colours)
    bool weights_legend = false;
    double magnitude = 1;        // the largest |score|: the legend's ends
    std::string legend_name, legend_low, legend_high;
    std::string sum_heading = "Σ row";  // what the sums add: "Σ scores", "Σ weights"
    std::optional<std::pair<int, int>> compare;
    std::string compare_note;    // "it reads animal: 43%   ·   animal reads it: 4.1%"

    Cell cell(int i, int j) const;
    // The numbers written in row i (empty when the row shows none yet, or the matrix is too big
    // to write numbers: more than kMatrixNumbers tokens) and the row's sum as shown.
    const std::vector<std::string>& row_text(int i) const;
    std::string row_sum(int i) const;  // "" while the row has not arrived (or shows scores
                                       // while other rows show weights)
    bool row_budget(int i) const;      // the sum is the weights' (1), not the scores'

    static constexpr int kNumbers = 24;

    // What cell() reads.
    const attention::Trace* trace = nullptr;
    const attention::Trace* open = nullptr;  // without the mask, while it folds (else null)
    // The scores stay q·k/√d whatever T (T acts inside the softmax), so no temperature here.
    double mask_u = 0, p_scores = 0, p_scale = 0, p_mask = 0, p_softmax = 0;
    std::vector<std::vector<std::string>> texts;  // per row (kNumbers tokens at most)
    std::vector<std::string> sums;
    std::vector<bool> budgets;
};

struct GraphNode {
    std::string word;
    bool focus = false, hover = false, hidden = false;
    std::string label;  // the share beside the node ("43%"), "" when not labelled
};
struct GraphEdge {
    int to = 0;
    double strength = 0;  // 0 … 1: width and opacity
};
struct Graph {
    std::string heading;  // "Who chased reads"
    int focus = 0;
    std::vector<GraphNode> nodes;
    std::vector<GraphEdge> edges;  // from the focus; the focus itself is a loop
};

struct KeyDot {
    core::Point at;       // plane coordinates
    core::Point foot;     // where it projects onto the question's line
    std::string label;    // "cat", "chased · own key", "mouse · hidden"
    double hide = 0;
    bool focus = false, hover = false;
    bool editing = false;  // the arrows move this key now (ringed, dashed)
};
struct KeyPlane {
    std::string heading = "Keys and the question";
    Extent extent;
    core::Point query;          // the asking token's query (plane coordinates)
    std::string query_label;    // "q · chased"
    double reveal = 0;          // 0 … 1: the projections growing onto the question's line
    bool feet = false;          // ticks at the feet (scoring done)
    int emphasis = -1;          // the key whose reach is drawn as a band (hovered, else best)
    // The emphasised key's score drawn as a length: the band runs along the question to
    // (q·k) q̂, its reach times the question's length |q| (so a short question, a faint one,
    // scores little however far its keys reach), labelled "|q| × reach = 2.72". d = 2 only
    // (in more dimensions the plane shows two coordinates, not the score).
    bool score_band = false;
    core::Point score_end;
    std::string score_label;    // "|q| × reach = 2.72"
    std::vector<KeyDot> keys;
    std::string note;           // "d = 4: the plane shows the first two coordinates"
};

struct ValueDot {
    core::Point at;      // plane coordinates
    std::string label;   // "cat", "chased · own value"
    double weight = 0;   // grows the dot once the weights exist (already × their progress)
    double hide = 0;
    bool focus = false, hover = false;
};
struct Segment {
    core::Point from, to;  // plane coordinates
    double alpha = 1;
};
struct ValuePlane {
    std::string heading = "Values, and the new vector";
    Extent extent;
    std::vector<core::Point> hull;  // the convex hull of the values, counter-clockwise
    std::vector<ValueDot> values;
    std::vector<Segment> chain;     // each value × its weight, tip to tail (the blend step)
    bool blending = false;          // the blend has started
    core::Point out;                // the new vector Σ aᵢvᵢ
    core::Point own;                // the asking word's own value
    double diamond = 0;             // 0 … 1: the new vector's marker arriving
    double arrow = 0;               // 0 … 1: the dashed arrow from the own value
    std::string out_label = "new vector";
};

struct Readout {
    std::string name, value;
};
struct Readouts {
    std::vector<Readout> rows;
};

struct Arithmetic {
    std::string heading = "Arithmetic of the best match";
    std::string aside;               // the best match's word, once the weights exist
    std::vector<std::string> lines;  // first line emphasised
    std::string placeholder = "The numbers appear as the stages run.";
};

struct Narration {
    bool experiment = false;  // "Try this" card instead of the step's words
    std::string heading, aside;
    std::string title;        // the step's title, or the experiment's
    std::string subheading;   // "Look for" during an experiment
    std::string text;         // the step's `say`, or what to look for
};

struct ControlsPanel {
    std::string heading = "Controls";
    std::string temperature_name = "Temperature T";
    std::string temperature;  // "T = 0.50"
    double slider = 0.5;      // knob position 0 … 1 (temperature_unit)
    struct Tick {
        double at = 0;
        std::string label;
    };
    std::vector<Tick> ticks;
    double mask = 0;          // the switch: 0 off … 1 on (animated)
    std::string mask_name = "Hide the future";
    std::string mask_caption; // "later words get weight 0" / "every word sees every word"
    std::string mask_state;   // "on" / "off"
};

// A small matrix drawn as cells: its numbers and a heat per entry.
struct Grid {
    std::vector<std::vector<double>> value;  // rows × columns (written with as many
                                             // decimals as the cell's size allows)
    std::vector<std::vector<double>> heat;   // 0 … 1
    bool lit = false;
};

struct Projections {
    std::string heading = "Where q, k, v come from";
    std::string aside;  // "for chased"
    std::string note;   // when the scene gives q, k and v directly
    using Grid = model::Grid;
    struct Equation {
        std::string x_name, w_name, out_name;  // "x · chased", "W_Q", "q · chased"
        enum class Ink { Query, Key, Value } ink = Ink::Query;
        Grid x, w, out;
    };
    std::vector<Equation> equations;  // empty: no projections
    std::string caption = "every token uses the same three matrices";
};

// Why the scores are divided by √d — a picture of the argument: the dot products q·k of random
// vectors whose coordinates have size 1 (standard normal) spread as √d, one strip of
// kScalingSamples per d in kScalingDims (the nearest giving way to the scene's own d when it is
// none of them, so that the scene's d is always marked); and one row of such scores (a query and
// kScalingExampleKeys keys at d = kScalingExampleDim) through softmax, without and with the
// division. Fixed samples (a seeded splitmix64), computed once per d.
inline constexpr std::size_t kScalingDims[] = {2, 8, 32, 128, 512};
inline constexpr int kScalingSamples = 200;
inline constexpr std::size_t kScalingExampleDim = 128;
inline constexpr int kScalingExampleKeys = 6;
struct Scaling {
    std::string heading = "Why divide by √d";
    std::string aside = "random q and k, coordinates of size 1";
    struct Strip {
        int d = 0;
        std::string label;         // "d = 128"
        std::string spread;        // "spread 11.6 · √d = 11.3"
        std::vector<double> dots;  // q·k of each sample pair
        double sd = 0;             // their spread (root mean square; the mean is 0)
        bool scene = false;        // the scene's own d
        double reveal = 0;         // 0 … 1: the strip's dots arriving
    };
    std::vector<Strip> strips;
    double axis = 1;               // the strips run from −axis to axis
    std::vector<double> ticks;     // q·k values with a tick and a number
    struct Bars {
        std::string label;               // "softmax( q·k )"
        std::vector<double> share;       // 0 … 1, summing to 1
        std::vector<std::string> text;   // as displayed, adding up to 100 %
        double gradient = 0;             // the largest ∂aᵢ/∂sⱼ: aᵢ(1 − aᵢ) at its largest
        std::string note;                // "one key takes 99% · gradient ≤ 0.008"
    };
    std::string example;           // "one query, 6 keys, d = 128"
    Bars raw, scaled;
    double bars_reveal = 0;        // 0 … 1
};

// Every new vector at once: the values V (n × dv) and the product A·V (a row per token, the
// weights as they stand), on one heat scale; the asking token's row lit. Up to kMaxRows tokens
// and kMaxColumns value coordinates; beyond that only `note`.
struct Outputs {
    static constexpr int kMaxRows = 64, kMaxColumns = 16;
    std::string heading = "All outputs at once";
    std::string aside;            // "14 rows, one product"
    std::string note;             // when it is too large to draw
    std::vector<std::string> tokens;
    int focus = 0, hover = -1;
    Grid values;                  // V
    Grid outputs;                 // A·V
    std::string values_name = "V";
    std::string outputs_name = "A·V";
    double reveal = 1;            // 0 … 1: every row of the product arriving together
    std::string caption;          // "Row i of A·V is Σⱼ aᵢⱼ vⱼ: token i's new vector, its input to the next layer."
};

// Where this head sits: one Transformer block drawn bottom to top as the paper draws it —
// inputs with positions, h heads side by side, add & norm, feed-forward, add & norm, on to the
// next layer — with what the lecture shows lit and what it leaves out greyed.
struct Block {
    std::string heading = "One head of one Transformer block";
    std::string aside = "grey: not in this lecture";
    struct Part {
        std::string name;      // "Feed-forward network"
        std::string note;      // "every token on its own: not shown"
        bool shown = false;    // lit: this lecture draws it
        bool residual = false; // an "add & norm" the input skips ahead to
    };
    std::vector<Part> parts;   // bottom to top
    int heads = 0;             // the attention part's heads, drawn side by side; the first is this one
    int attention = -1;        // the index of the attention part in `parts`
    std::string head;          // "this head · d = 2"
    std::string head_note;     // "softmax(q·k/√d)·V"
    std::string other_heads = "other heads";
};

// A scene slide: the panels its scene lists, each filled; the others empty. The matrix reads the
// frame's view: a SceneFrame is valid while that view lives (Frame::view, or the caller's).
struct SceneFrame {
    const scene::Scene* scene = nullptr;
    std::vector<scene::Panel> panels;     // the panels showing (timeline::View::panels): the layout's
    int n = 0;
    int focus = 0;
    std::string error;  // set when there are no numbers to draw (the rest is then empty)
    Header header;
    Pipeline pipeline;
    TokenRow token_row;
    ScoreRow score_row;
    WeightBars weight_bars;
    Matrix matrix;
    Graph graph;
    KeyPlane key_plane;
    ValuePlane value_plane;
    Readouts readouts;
    Arithmetic arithmetic;
    Narration narration;
    ControlsPanel controls;
    Projections projections;
    Scaling scaling;
    Outputs outputs;
    Block block;
};

struct TitleSlide {
    std::string title, subtitle, deck;  // deck: the deck's title under it ("" if the same)
};
struct TextSlide {
    std::string title;
    std::vector<std::string> bullets;
};

// The "Check yourself" card: a question with its choices (in the order shown), the
// self-grade prompt of a revealed question without choices, or the end screen with the score.
struct QuizCard {
    std::string heading = "Check yourself";
    std::string where;        // "question 2 of 5 · attempt 1 · score 1/1"
    std::string question;     // "" when the bank is empty, and on the end screen
    std::string empty = "No questions here.";
    struct Choice {
        std::string text;
        bool right = false;   // marked right (a tick): shown after a pick or a reveal
        bool wrong = false;   // the wrong pick (a cross)
        bool hover = false;
        std::string note;     // "right", "the right answer", "your pick"
    };
    std::vector<Choice> choices;  // in the order shown: the key 1 picks the first
    std::string verdict;      // "Right." / "Not quite: …" after a pick; "Counted as right." after a grade
    bool verdict_right = false;
    std::string answer_heading, answer;  // once revealed
    std::string prompt;       // "Pick a choice, or predict and reveal." before anything; "Did you have it?"
    std::string hint;         // the keys

    // A button on the card (the self-grade prompt, the end screen); a click does what its key does.
    struct Button {
        enum class Do { HadIt, DidNot, AgainMissed, Again, Close } what = Do::Close;
        std::string label;    // "I had it"
        std::string key;      // "H"
        bool primary = false; // drawn filled: the suggested next move
    };
    std::vector<Button> buttons;

    // The end screen (after the last question).
    bool end = false;
    std::string score;        // "4 of 5"
    std::string score_detail; // "1 revealed", "all right", "1 wrong · 1 revealed"
    bool perfect = false;     // every question right
    std::string missed_heading;        // "To try again" ("" when none was missed)
    std::vector<std::string> missed;   // the questions not right, as asked
};

// Everything one frame shows.
struct Frame {
    enum class Kind { Empty, Title, Text, Scene } kind = Kind::Empty;
    bool blank = false;                  // the screen blanked (B): nothing else is drawn
    TitleSlide title;
    TextSlide text;
    SceneFrame scene;
    std::optional<QuizCard> quiz;
    std::optional<core::Point> laser;    // design coordinates
    // A cross-fade: the previous step's end state drawn beneath, this one over it at `fade`.
    std::shared_ptr<const Frame> under;
    double fade = 1;
    // The evaluated view the frame reads from (the matrix's cells are read from its Trace on
    // demand): held by frames that frame_at made; frame_of leaves it to the caller to keep the
    // view alive as long as the frame.
    std::shared_ptr<const timeline::View> view;
    // The caption burned into this frame (frame_at with captions): the lines of the narration's
    // cue showing now (caption_at); empty for none.
    std::vector<std::string> caption;
};

// The frame of an evaluated view (no cross-fade). The frame reads `v`: keep it alive as long.
Frame frame_of(const timeline::View& v);
Frame frame_of(const timeline::View&& v) = delete;  // a temporary view would be gone before the frame
// The frame at session time `now`: evaluates the timeline, and adds the step beneath while a
// new slide fades in.
// With `captions`, the frame also carries the caption showing at `now` (Frame::caption).
Frame frame_at(const scene::Deck& deck, const timeline::Layout& lay, const timeline::State& state, double now,
               bool captions = false);

// ---- captions: a step's narration as cues (captions.cpp) -------------------------------------

// Caption lines hold at most kCaptionChars characters (code points), a cue at most kCaptionLines
// lines, and a cue lasts at least kCaptionMin seconds when its step is long enough for that.
constexpr std::size_t kCaptionChars = 42;
constexpr std::size_t kCaptionLines = 2;
constexpr double kCaptionMin = 1.0;

// One caption cue: `lines` shown from `start` to `end` seconds (relative to what it is laid on).
struct Cue {
    double start = 0.0;
    double end = 0.0;
    std::vector<std::string> lines;
};
// `text`'s words, in order, filled greedily onto lines of at most kCaptionChars characters (a
// longer word has a line to itself), kCaptionLines lines a block. Whitespace is collapsed.
std::vector<std::vector<std::string>> caption_blocks(const std::string& text);
// The blocks of `text` as cues laid back to back over [0, length): each lasts kCaptionMin plus a
// share of the rest in proportion to its characters; when length < kCaptionMin × cues, equal
// shares. No text (or no length): no cues.
std::vector<Cue> caption_cues(const std::string& text, double length);
// What span `span` narrates and is called: a step's `say` and step_title, a title or text
// slide's `say` and title ("" out of range).
const std::string& span_say(const scene::Deck& deck, const timeline::Layout& lay, int span);
std::string span_title(const scene::Deck& deck, const timeline::Layout& lay, int span);
// The cues of a span over its animation and hold, relative to its start.
std::vector<Cue> span_cues(const scene::Deck& deck, const timeline::Layout& lay, int span);
// The caption lines showing at session time `now`: the cue of the state's span at the time it
// has been showing (now − span_started); after the span's length, its last cue. Empty when the
// step says nothing or the screen is blanked.
std::vector<std::string> caption_at(const scene::Deck& deck, const timeline::Layout& lay,
                                    const timeline::State& state, double now);

// The plane extents alone (hit testing needs them without a whole frame).
Extent key_plane_extent(const scene::Scene& sc);
Extent value_plane_extent(const scene::Scene& sc);

}  // namespace model
