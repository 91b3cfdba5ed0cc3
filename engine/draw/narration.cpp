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
    core::Rect content = c.card(r, "In plain words");
    const scene::Step* st = m.view->step_ptr;
    std::string title = st && !st->title.empty() ? st->title : default_title(m.view->stage);
    std::string say = st && !st->say.empty() ? st->say : default_say(m);
    c.color(c.th.ink);
    c.text_in(title, {content.x, content.y, content.w, 38}, Font::Bold, 28, 16);
    core::Rect body{content.x, content.y + 50, content.w, content.h - 50};
    std::string look;
    if (m.view->experiment >= 0 && static_cast<std::size_t>(m.view->experiment) < m.sc->experiments.size())
        look = m.sc->experiments[static_cast<std::size_t>(m.view->experiment)].look_for;
    if (!look.empty()) {
        core::Rect lower{body.x, body.y + body.h * 0.58, body.w, body.h * 0.42};
        body.h *= 0.55;
        c.color(c.th.accent);
        c.text_in("Look for", {lower.x, lower.y, lower.w, 26}, Font::Bold, 19, 12);
        c.color(c.th.ink);
        c.paragraph(look, {lower.x, lower.y + 30, lower.w, lower.h - 30}, Font::Regular, 20, 12);
    }
    c.color(c.th.ink);
    c.paragraph(say, body, Font::Regular, 23, 13, 1.35);
}

}  // namespace draw
