// model/frame: one frame from an evaluated view — the slide (title, text, or a scene's panels),
// the quiz card over it, the laser, the blank screen — and frame_at, which adds the step beneath
// while a new slide fades in.
#include <algorithm>
#include <cmath>

#include "model/model.hpp"
#include "model/row.hpp"
#include "scene/heads.hpp"

namespace model {

namespace {

Header header(const timeline::View& v) {
    Header h;
    const scene::Scene* sc = v.scene;
    h.title = v.slide_ptr && !v.slide_ptr->title.empty() ? v.slide_ptr->title : (sc ? sc->title : "");
    if (sc && !sc->steps.empty()) {
        h.right = "step " + std::to_string(v.step + 1) + " of " + std::to_string(sc->steps.size());
        if (v.step_ptr) h.right += " · " + scene::step_title(*v.step_ptr);
    }
    if (sc && v.experiment >= 0 && static_cast<std::size_t>(v.experiment) < sc->experiments.size()) {
        h.right = "Try this: " + sc->experiments[static_cast<std::size_t>(v.experiment)].title;
        h.experiment = true;
    }
    if (sc && v.editing >= 0 && static_cast<std::size_t>(v.editing) < sc->n())
        h.editing = "Editing key of ‘" + sc->tokens[static_cast<std::size_t>(v.editing)] +
                    "’ — arrows move it, Esc to finish";
    return h;
}

SceneFrame scene_frame(const timeline::View& v) {
    SceneFrame f;
    f.scene = v.scene;
    f.panels = v.panels ? *v.panels : v.scene->panels;
    f.header = header(v);
    if (v.trace().n == 0 || v.trace().n != v.scene->n()) {
        f.error = v.error.empty() ? "Nothing to draw: this scene has no numbers." : v.error;
        return f;
    }
    const Row row = focused_row(v);
    f.n = row.n;
    f.focus = row.focus;
    f.head_tag = scene::shown_head_tag(*v.scene, v.controls);
    auto has = [&](scene::Panel p) { return std::find(f.panels.begin(), f.panels.end(), p) != f.panels.end(); };
    // Every panel showing, through the panel table: a row without its builder does not link.
#define ATTNLAB_PANEL_BUILD(e, name, member) \
    if (has(scene::Panel::e)) f.member = build(row, Tag<e>{});
    ATTNLAB_PANELS(ATTNLAB_PANEL_BUILD)
#undef ATTNLAB_PANEL_BUILD
    return f;
}

std::string count(int n, const char* what) { return std::to_string(n) + " " + what; }

// The end screen: "4 of 5 — 1 revealed", the questions missed, and the ways on.
QuizCard end_card(const timeline::View::Quiz& q, QuizCard c) {
    using Do = QuizCard::Button::Do;
    c.end = true;
    c.where = "attempt " + std::to_string(q.attempt + 1) + (q.retry ? " · the ones missed" : "") + " · done";
    c.score = std::to_string(q.right) + " of " + std::to_string(q.total);
    const int wrong = q.answered - q.right - q.revealed_count;
    const int skipped = q.total - q.answered;
    std::vector<std::string> parts;
    if (wrong > 0) parts.push_back(count(wrong, "wrong"));
    if (q.revealed_count > 0) parts.push_back(count(q.revealed_count, "revealed"));
    if (skipped > 0) parts.push_back(count(skipped, "skipped"));
    c.perfect = q.total > 0 && q.right == q.total;
    if (c.perfect) c.score_detail = "all right";
    for (std::size_t i = 0; i < parts.size(); ++i) c.score_detail += (i ? " · " : "") + parts[i];
    if (!q.missed.empty()) {
        c.missed_heading = q.missed.size() == 1 ? "The one to try again" : "The " + std::to_string(q.missed.size()) + " to try again";
        for (const scene::Question* m : q.missed) c.missed.push_back(m->ask);
        c.buttons.push_back({Do::AgainMissed, "Again with the ones I missed", "M", true});
    }
    c.buttons.push_back({Do::Again, "Again: a fresh draw", "C", q.missed.empty()});
    c.buttons.push_back({Do::Close, "Close", "Esc", false});
    c.hint = (q.missed.empty() ? "" : "M the ones I missed · ") + std::string("C again · Esc close");
    return c;
}

// A question page of a video or handout: the question to predict, or its answer with the right
// choice marked; no score, no keys to press.
QuizCard page_card(const timeline::View::Quiz& q, const scene::Question& qu, QuizCard c) {
    c.where = "question " + std::to_string(q.index + 1) + " of " + std::to_string(q.total);
    c.question = qu.ask;
    for (const int file : q.choices) {
        if (file < 0 || static_cast<std::size_t>(file) >= qu.choices.size()) continue;
        QuizCard::Choice ch;
        ch.text = qu.choices[static_cast<std::size_t>(file)];
        ch.right = q.revealed && file == qu.correct;
        if (ch.right) ch.note = "the right answer";
        c.choices.push_back(std::move(ch));
    }
    if (q.revealed) {
        c.answer_heading = "Answer";
        c.answer = qu.answer;
    } else {
        c.prompt = qu.choices.empty() ? "Predict the answer: the next page gives it." : "Predict your choice: the next page gives the answer.";
    }
    return c;
}

QuizCard quiz_card(const timeline::View& v) {
    using Do = QuizCard::Button::Do;
    const timeline::View::Quiz& q = *v.quiz;
    QuizCard c;
    if (q.finished) return end_card(q, std::move(c));
    c.where = "question " + std::to_string(q.index + 1) + " of " + std::to_string(q.total) + " · attempt " +
              std::to_string(q.attempt + 1) + " · score " + std::to_string(q.right) + "/" + std::to_string(q.answered);
    const scene::Question* qu = q.question;
    if (!qu) return c;
    if (q.page) return page_card(q, *qu, std::move(c));
    c.question = qu->ask;
    const bool picked = q.picked >= 0;
    const bool show = picked || q.revealed;
    // The choices in the order shown: position i shows choice q.choices[i] of the file.
    for (std::size_t i = 0; i < q.choices.size(); ++i) {
        const int at = static_cast<int>(i);
        const int file = q.choices[i];
        if (file < 0 || static_cast<std::size_t>(file) >= qu->choices.size()) continue;
        QuizCard::Choice ch;
        ch.text = qu->choices[static_cast<std::size_t>(file)];
        ch.right = show && file == qu->correct;
        ch.wrong = at == q.picked && file != qu->correct;
        ch.hover = v.hover == at && !show;
        if (ch.right) ch.note = at == q.picked ? "right" : (picked ? "the right answer" : "");
        else if (ch.wrong) ch.note = "your pick";
        c.choices.push_back(std::move(ch));
    }
    const bool open_question = qu->choices.empty();
    if (picked && qu->correct >= 0) {
        c.verdict_right = q.outcome == scene::Outcome::Right;
        c.verdict = c.verdict_right ? "Right." : "Not quite: the right answer is marked with a tick.";
    } else if (q.revealed && open_question && q.outcome != scene::Outcome::Revealed) {
        c.verdict_right = q.outcome == scene::Outcome::Right;
        c.verdict = c.verdict_right ? "You had it: counted as right." : "Counted as missed: it comes back in \"again with the ones I missed\".";
    }
    if (q.revealed) {
        c.answer_heading = "Answer";
        c.answer = qu->answer;
    } else if (!picked) {
        c.prompt = open_question ? "Predict the answer, then reveal it." : "Pick a choice, or predict and reveal.";
    }
    const bool grading = q.revealed && open_question && q.outcome == scene::Outcome::Revealed;
    if (grading) {
        c.prompt = "Did you have it?";
        c.buttons.push_back({Do::HadIt, "I had it", "H", false});
        c.buttons.push_back({Do::DidNot, "I didn't", "N", false});
    }
    if (!qu->choices.empty()) c.hint += "1–" + std::to_string(qu->choices.size()) + " pick · ";
    if (grading) c.hint += "H I had it · N I didn't · ";
    c.hint += q.revealed ? "Space next" : "Space reveal";
    c.hint += q.index + 1 < q.total ? " · → next" : " · → the score";
    if (q.revealed && !qu->experiment.empty()) c.hint += " · Y show me";
    c.hint += " · Esc close";
    return c;
}

}  // namespace

Frame frame_of(const timeline::View& v) {
    Frame f;
    f.blank = v.blank;
    f.laser = v.laser;
    if (v.quiz && !answer_page(v)) f.quiz = quiz_card(v);
    if (!v.slide_ptr) return f;
    const scene::Slide& s = *v.slide_ptr;
    switch (s.kind) {
        case scene::Slide::Kind::Title:
            f.kind = Frame::Kind::Title;
            f.title.title = s.title;
            f.title.subtitle = s.subtitle;
            if (v.deck && v.deck->title != s.title) f.title.deck = v.deck->title;
            break;
        case scene::Slide::Kind::Text:
            f.kind = Frame::Kind::Text;
            f.text.title = s.title;
            f.text.bullets = s.bullets;
            break;
        case scene::Slide::Kind::Scene:
            if (!v.scene) break;
            f.kind = Frame::Kind::Scene;
            f.scene = scene_frame(v);
            break;
    }
    return f;
}

Frame frame_at(const scene::Deck& deck, const timeline::Layout& lay, const timeline::State& state, double now,
               bool captions) {
    auto view = std::make_shared<const timeline::View>(timeline::evaluate(deck, lay, state, now));
    const timeline::View& v = *view;
    Frame f = frame_of(v);
    f.view = view;
    if (captions) f.caption = caption_at(deck, lay, state, now);
    if (v.fade_from_span < 0 || v.fade_u >= 1.0 || v.blank) return f;
    // Cross-fade: the previous span at the end of its animation beneath, this one over it.
    timeline::State prev = state;
    prev.span = v.fade_from_span;
    prev.paused = false;
    prev.experiment = -1;
    prev.laser.reset();
    prev.quiz.open = false;
    prev.speed = 1.0;
    prev.span_started = now - lay.spans[static_cast<std::size_t>(v.fade_from_span)].anim - 1.0;
    auto under_view = std::make_shared<const timeline::View>(timeline::evaluate(deck, lay, prev, now));
    auto under = std::make_shared<Frame>(frame_of(*under_view));
    under->view = std::move(under_view);
    f.under = std::move(under);
    f.fade = smooth(v.fade_u);
    return f;
}

}  // namespace model
