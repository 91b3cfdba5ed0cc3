// draw/pipeline: the formula a = softmax(q·k / (√d·T))·V and one card per stage of the stage
// table, the active one lit, the ones already done ticked, each with its caption.
#include <algorithm>

#include "draw/paint.hpp"

namespace draw {

namespace {

// The pipeline's height on a narrow left column (kNarrowRow): the formula's line over the cards.
constexpr double kStackedHeight = 170;

void paint(Canvas& c, const model::Pipeline& pl, const core::Rect& r) {
    core::Rect content = c.card(r, "");
    double x0 = content.x;
    if (r.w >= kNarrowRow) {  // as the layout judges the left column (layout.cpp)
        // The formula over its subtitle (two lines if it needs them), left of the cards, narrow
        // enough to leave each stage card room for its label and one line of caption at 16:10.
        const double fw = std::min(380.0, content.w * 0.25);
        c.color(c.th.ink);
        c.text_in(pl.formula, {content.x, content.y, fw, content.h * 0.42}, Font::Regular, 27, kMinText);
        c.color(c.th.ink_soft);
        c.paragraph(pl.subtitle, {content.x, content.y + content.h * 0.46, fw, content.h * 0.54}, Font::Italic, kMinText,
                    kMinText, 1.15);
        x0 = content.x + fw + 24;
    } else {
        // Narrow (4:3): the formula on a line of its own with its subtitle beside it, the cards
        // below across the whole width, so that neither is cut.
        const double line = 34;
        c.color(c.th.ink);
        c.font(Font::Regular, 25);
        const double formula_w = std::min(content.w * 0.6, c.measure(pl.formula) + 4);
        c.text_in(pl.formula, {content.x, content.y, formula_w, line}, Font::Regular, 25, kMinText);
        c.color(c.th.ink_soft);
        c.text_in(pl.subtitle, {content.x + formula_w + 20, content.y, content.w - formula_w - 20, line}, Font::Italic,
                  kMinText, kMinText);
        content = {content.x, content.y + line + 8, content.w, content.h - line - 8};
    }


    const double gap = 12;
    const double cards = static_cast<double>(std::max<std::size_t>(1, pl.cards.size()));
    const double bw = (content.right() - x0 - gap * (cards - 1)) / cards;
    for (std::size_t i = 0; i < pl.cards.size(); ++i) {
        const model::StageCard& s = pl.cards[i];
        core::Rect b{x0 + static_cast<double>(i) * (bw + gap), content.y, bw, content.h};
        const bool active = s.state == model::StageCard::State::Active;
        const bool done = s.state == model::StageCard::State::Done;
        if (active) c.panel(b, 10, c.th.query, nullptr, 0, &c.th.card);
        else c.panel(b, 10, done ? c.th.bg : c.th.card, &c.th.card_edge, 1.5, &c.th.card);
        core::Color ink = active ? c.th.ink_on(c.th.query) : (done ? c.th.ink : c.th.ink_faint);
        // Number disc.
        core::Point disc{b.x + 22, b.y + 24};
        c.circle(disc, 13);
        c.color(active ? c.th.card : (done ? c.th.key : c.th.grid));
        cairo_fill(c.cr);
        c.color(active ? c.th.ink : (done ? c.th.card : c.th.ink_faint));
        c.text_in(done ? "✓" : s.number, {disc.x - 10, disc.y - 11, 20, 22}, Font::Bold, 16, 10, Align::Center);
        c.color(ink);
        c.text_in(s.label, {b.x + 40, b.y + 6, b.w - 44, 36}, Font::Bold, 25, kMinText);
        c.color(ink, active ? 1.0 : 0.9);
        // The caption ends above the progress track, which runs along the card's bottom edge.
        const double track_h = 4, track_gap = 5;
        c.paragraph(s.caption, {b.x + 10, b.y + 44, b.w - 18, b.h - 44 - 2 * track_gap - track_h}, Font::Regular,
                    kMinText, kMinText, 1.15);
        if (s.running) {
            // How far this step's animation has gone.
            core::Rect track{b.x + 10, b.bottom() - track_gap - track_h, b.w - 20, track_h};
            c.mark("progress", track);
            c.rounded(track, 2);
            c.color(c.th.card, 0.6);
            cairo_fill(c.cr);
            c.rounded({track.x, track.y, track.w * *s.running, track.h}, 2);
            c.color(c.th.ink_on(c.th.query));
            cairo_fill(c.cr);
        }
    }
}

}  // namespace

extern const PanelDef<model::Pipeline> kPipelinePanel{{Slot::Where::Row, 0, 122, false, std::nullopt, 0, kStackedHeight},
                                                      paint, nullptr};

}  // namespace draw
