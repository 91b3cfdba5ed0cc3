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
#include "model/parts.hpp"
#include "scene/scene.hpp"
#include "timeline/timeline.hpp"

// Every panel's model (model/panels/*.hpp), listed by CMake from the panel table.
#include "model/panel_headers.inc"

namespace model {

// ---- a scene slide ---------------------------------------------------------------------------

struct Header {
    std::string title;   // the slide's title, else the scene's
    std::string right;   // "step 3 of 6 · Scale by √d", or "Try this: …" during an experiment
    bool experiment = false;
    // While a key is edited with the arrows (State::editing, presenter-only): the banner that
    // takes the header's place, "Editing key of 'cat' — arrows move it, Esc to finish"; else "".
    std::string editing;
    bool operator==(const Header&) const = default;
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
    // A scene of several heads: the head the one-head panels draw, as their cards say it
    // ("head 2 · which determiner"; "head 2 of 3" unnamed); "" for a scene of one head.
    std::string head_tag;
    // What each panel shows, one member per row of the panel table (a panel not showing keeps its
    // default): `TokenRow token_row;`, `WeightBars weight_bars;` …
#define ATTNLAB_PANEL_MEMBER(e, name, member) e member;
    ATTNLAB_PANELS(ATTNLAB_PANEL_MEMBER)
#undef ATTNLAB_PANEL_MEMBER

    // The member of panel P, for code that goes through the table (draw's registry, tests).
    template <scene::Panel P>
    const auto& get() const;
};

namespace detail {
template <scene::Panel P>
struct PanelMember;
#define ATTNLAB_PANEL_MEMBER_OF(e, name, member) \
    template <>                                   \
    struct PanelMember<scene::Panel::e> {         \
        static constexpr auto ptr = &SceneFrame::member; \
    };
ATTNLAB_PANELS(ATTNLAB_PANEL_MEMBER_OF)
#undef ATTNLAB_PANEL_MEMBER_OF
}  // namespace detail

template <scene::Panel P>
const auto& SceneFrame::get() const {
    return this->*detail::PanelMember<P>::ptr;
}

namespace detail {
template <class P>
constexpr bool one_head() {
    if constexpr (requires { P::kOneHead; }) return P::kOneHead;
    else return true;
}
}  // namespace detail

// Whether panel p draws the shown head alone, so that its card says which (SceneFrame::head_tag).
// A property of the panel's own struct: one that draws every head, their sum, or no head's
// numbers, or says the head its own way, declares `static constexpr bool kOneHead = false;`.
constexpr bool draws_one_head(scene::Panel p) {
    switch (p) {
#define ATTNLAB_PANEL_ONE_HEAD(e, name, member) \
    case scene::Panel::e:                        \
        return detail::one_head<e>();
        ATTNLAB_PANELS(ATTNLAB_PANEL_ONE_HEAD)
#undef ATTNLAB_PANEL_ONE_HEAD
    }
    return false;
}

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
// What span `span` narrates and is called: a step's `say` (its `ask` on its question beat) and
// step_title, a title or text slide's `say` and title, a quiz page's question or answer ("" out
// of range; timeline::span_say).
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
