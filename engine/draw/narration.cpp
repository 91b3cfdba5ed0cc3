// draw/narration: the step's title and its `say`, wrapped; a plain-words default for steps that
// say nothing; "look for" while an experiment runs.
#include "draw/paint.hpp"

namespace draw {

namespace {

std::string default_say(const Model& m) {
    const scene::StageInfo& st = scene::info(m.view->stage);
    return st.say_off && !m.view->controls.mask ? st.say_off : st.say;
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
    std::string title = st ? scene::step_title(*st) : scene::info(m.view->stage).title;
    std::string say = st && !st->say.empty() ? st->say : default_say(m);
    c.color(c.th.ink);
    double used = 0;
    c.paragraph_whole(title, {content.x, content.y, content.w, 72}, Font::Bold, 28, 20, 1.2, &used);
    const double y = content.y + used + 16;
    c.color(c.th.ink);
    c.paragraph_whole(say, {content.x, y, content.w, content.bottom() - y}, Font::Regular, 23, 20, 1.35);
}

}  // namespace draw
