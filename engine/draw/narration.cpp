// draw/narration: the step's title and its `say`, wrapped; a plain-words default for steps that
// say nothing; "look for" while an experiment runs.
#include "draw/paint.hpp"

namespace draw {

namespace {

const char* default_title(Stage s) {
    switch (s) {
        case Stage::Tokens: return "The sequence";
        case Stage::Scores: return "Match scores";
        case Stage::Scale: return "Scale by √d";
        case Stage::Temperature: return "Temperature";
        case Stage::Mask: return "Hide the future";
        case Stage::Softmax: return "Softmax";
        case Stage::Blend: return "Blend the values";
    }
    return "";
}

std::string default_say(const Model& m) {
    switch (m.view->stage) {
        case Stage::Tokens: return "A short sequence. Each token carries a vector; nothing is connected yet.";
        case Stage::Scores:
            return "Every key is scored by how far it reaches along the question: the dot product q·k.";
        case Stage::Scale: return "Divide every score by √d so the numbers stay modest, whatever the dimension.";
        case Stage::Temperature:
            return "Divide by the temperature T. Lower T makes the choice more decisive; higher T evens it out.";
        case Stage::Mask:
            return m.view->controls.mask
                       ? "Every word after the asking word is hidden: its score becomes −∞ and its weight exactly 0."
                       : "The mask is off: every word may read every other word, the future included.";
        case Stage::Softmax:
            return "Exponentiate every score, then divide by the total: percentages that add up to 100%.";
        case Stage::Blend:
            return "The new vector is a blend of the values, each taken in its percentage. It always lands inside "
                   "the cloud of values.";
    }
    return "";
}

}  // namespace

void paint_narration(Canvas& c, const Model& m, const core::Rect& r) {
    const scene::Experiment* ex = nullptr;
    if (m.view->experiment >= 0 && static_cast<std::size_t>(m.view->experiment) < m.sc->experiments.size())
        ex = &m.sc->experiments[static_cast<std::size_t>(m.view->experiment)];
    if (ex) {
        // An experiment replaces the step's narration (whose numbers no longer hold): what was
        // set and what to look for, on a card framed in the accent colour.
        core::Rect content = c.card(r, "Try this", "0 resets · E for more");
        c.rounded(r.inset(1.5), 13);
        c.color(c.th.accent);
        cairo_set_line_width(c.cr, 3);
        cairo_stroke(c.cr);
        c.color(c.th.accent);
        double used = 0;
        c.paragraph_whole(ex->title, {content.x, content.y, content.w, 76}, Font::Bold, 28, 20, 1.2, &used);
        double y = content.y + used + 16;
        c.color(c.th.accent);
        c.text_in("Look for", {content.x, y, content.w, 28}, Font::Bold, 22, 16);
        y += 36;
        c.color(c.th.ink);
        c.paragraph_whole(ex->look_for.empty() ? "How the weights and the new vector change." : ex->look_for,
                          {content.x, y, content.w, content.bottom() - y}, Font::Regular, 23, 20, 1.35);
        return;
    }
    core::Rect content = c.card(r, "In plain words");
    const scene::Step* st = m.view->step_ptr;
    std::string title = st && !st->title.empty() ? st->title : default_title(m.view->stage);
    std::string say = st && !st->say.empty() ? st->say : default_say(m);
    c.color(c.th.ink);
    double used = 0;
    c.paragraph_whole(title, {content.x, content.y, content.w, 72}, Font::Bold, 28, 20, 1.2, &used);
    const double y = content.y + used + 16;
    c.color(c.th.ink);
    c.paragraph_whole(say, {content.x, y, content.w, content.bottom() - y}, Font::Regular, 23, 20, 1.35);
}

}  // namespace draw
