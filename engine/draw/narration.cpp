// draw/narration: the step's title and its `say`, wrapped whole; during an experiment, its
// title and what to look for on a card framed in the accent colour; on a step's question beat,
// the question framed in the query's gold with what to do before going on; on an answer page,
// the quiz question, its right choice ticked and the answer.
#include "draw/paint.hpp"

namespace draw {

namespace {

// The panel framed in `edge`: a card that is not the step's words.
void frame(Canvas& c, const core::Rect& r, const core::Color& edge) {
    c.rounded(r.inset(1.5), 13);
    c.color(edge);
    cairo_set_line_width(c.cr, 3);
    cairo_stroke(c.cr);
}

// The question beat: a large "?" beside the title, the question, and at the foot what to do.
void paint_predict(Canvas& c, const model::Narration& n, const core::Rect& content) {
    double used = 0;
    const double mark = 56;
    c.color(c.th.query_ink);
    c.text_in("?", {content.x, content.y, mark, 76}, Font::Bold, 64, 40, Align::Center);
    c.paragraph_whole(n.title, {content.x + mark + 12, content.y, content.w - mark - 12, 76}, Font::Bold, 28, 20, 1.2, &used);
    double y = content.y + std::max(used, 60.0) + 16;
    double prompt_h = 0;
    if (!n.prompt.empty()) {
        // Measured first: the question takes what the prompt leaves.
        c.font(Font::Italic, 21);
        std::vector<std::string> lines;
        c.wrap(n.prompt, content.w, lines);
        prompt_h = static_cast<double>(lines.size()) * 21 * 1.3 + 12;
    }
    c.color(c.th.ink);
    c.paragraph_whole(n.text, {content.x, y, content.w, content.bottom() - y - prompt_h}, Font::Bold, 25, 20, 1.35);
    if (prompt_h > 0) {
        c.color(c.th.ink_soft);
        c.paragraph_whole(n.prompt, {content.x, content.bottom() - prompt_h + 12, content.w, prompt_h - 12}, Font::Italic,
                          21, 18, 1.3);
    }
}

// An answer page: the question, the right choice with a tick, the answer.
void paint_answer(Canvas& c, const model::Narration& n, const core::Rect& content) {
    double used = 0;
    c.color(c.th.ink);
    c.paragraph_whole(n.title, {content.x, content.y, content.w, 84}, Font::Bold, 22, 18, 1.2, &used);
    double y = content.y + used + 10;
    if (!n.choice.empty()) {
        // The right choice with its tick, as the quiz card marks it.
        c.color(c.th.value);
        c.text_in("✓ " + n.subheading, {content.x, y, content.w, 26}, Font::Bold, 20, 18);
        y += 30;
        c.color(c.th.ink);
        c.paragraph_whole(n.choice, {content.x, y, content.w, 72}, Font::Bold, 20, 18, 1.2, &used);
        y += used + 10;
    } else {
        c.color(c.th.query_ink);
        c.text_in(n.subheading, {content.x, y, content.w, 26}, Font::Bold, 20, 18);
        y += 32;
    }
    c.color(c.th.ink);
    c.paragraph_whole(n.text, {content.x, y, content.w, content.bottom() - y}, Font::Regular, 21, 18, 1.3);
}

void paint(Canvas& c, const model::Narration& n, const core::Rect& r) {
    core::Rect content = c.card(r, n.heading, n.aside);
    double used = 0;
    using Kind = model::Narration::Kind;
    if (n.kind == Kind::Predict) {
        frame(c, r, c.th.query);
        paint_predict(c, n, content);
        return;
    }
    if (n.kind == Kind::Answer) {
        frame(c, r, c.th.value);
        paint_answer(c, n, content);
        return;
    }
    if (n.experiment) {
        frame(c, r, c.th.accent);
        c.color(c.th.accent);
        c.paragraph_whole(n.title, {content.x, content.y, content.w, 76}, Font::Bold, 28, 20, 1.2, &used);
        double y = content.y + used + 16;
        c.color(c.th.accent);
        c.text_in(n.subheading, {content.x, y, content.w, 28}, Font::Bold, 22, 16);
        y += 36;
        c.color(c.th.ink);
        c.paragraph_whole(n.text, {content.x, y, content.w, content.bottom() - y}, Font::Regular, 23, 20, 1.35);
        return;
    }
    c.color(c.th.ink);
    c.paragraph_whole(n.title, {content.x, content.y, content.w, 72}, Font::Bold, 28, 20, 1.2, &used);
    const double y = content.y + used + 16;
    c.color(c.th.ink);
    c.paragraph_whole(n.text, {content.x, y, content.w, content.bottom() - y}, Font::Regular, 23, 20, 1.35);
}

}  // namespace

extern const PanelDef<model::Narration> kNarrationPanel{{Slot::Where::Side, 0, 0}, paint, nullptr};

}  // namespace draw
