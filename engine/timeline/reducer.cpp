// timeline/reducer: apply(), the one place a command changes the State. Going back is a
// seek; edits of the controls are scene::Settings merged per slide (scene::merge).
#include <algorithm>

#include "timeline/detail.hpp"

namespace timeline {

using detail::clamp01;
using detail::current_question;
using detail::local_time;
using detail::Overloaded;

namespace {

const scene::Step* step_of(const scene::Deck& deck, const Span& sp) {
    const scene::Slide& slide = deck.slides[static_cast<std::size_t>(sp.slide)];
    if (slide.kind != scene::Slide::Kind::Scene || !slide.scene) return nullptr;
    return &slide.scene->steps[static_cast<std::size_t>(sp.step)];
}

// Entering a step that sets a control hands that control back to the script.
void yield_edits_to(const scene::Step* step, scene::Settings& e) {
    if (step) scene::yield(e, step->set);
}

State enter(const scene::Deck& deck, const Layout& lay, State s, int span, double started) {
    span = std::clamp(span, 0, static_cast<int>(lay.spans.size()) - 1);
    const Span& sp = lay.spans[static_cast<std::size_t>(span)];
    if (sp.slide != lay.spans[static_cast<std::size_t>(s.span)].slide) s.experiment = -1;
    if (s.edits.size() < deck.slides.size()) s.edits.resize(deck.slides.size());
    if (span > s.span) yield_edits_to(step_of(deck, sp), s.edits[static_cast<std::size_t>(sp.slide)]);
    s.span = span;
    s.span_started = started;
    s.paused = false;
    s.editing = -1;  // key editing belongs to the step it began on
    s.step_start = {s.edits[static_cast<std::size_t>(sp.slide)], s.experiment};
    return s;
}

// The outcome slot of the quiz's current question (made on first use).
scene::Outcome& outcome(QuizState& q) {
    const std::size_t i = static_cast<std::size_t>(std::max(0, q.index));
    if (q.outcomes.size() <= i) q.outcomes.resize(i + 1, scene::Outcome::Unanswered);
    return q.outcomes[i];
}

// Whether a command changes the edits or the experiment (and so can be undone).
bool undoable(const Command& c) {
    return change_of(c) || std::holds_alternative<cmd::Reset>(c) || std::holds_alternative<cmd::ResetStep>(c) ||
           std::holds_alternative<cmd::Experiment>(c);
}

void push(std::vector<EditSnapshot>& stack, EditSnapshot snap) {
    if (stack.size() >= kUndoDepth) stack.erase(stack.begin());
    stack.push_back(std::move(snap));
}

}  // namespace

std::optional<scene::Settings> change_of(const Command& c) {
    scene::Settings s;
    if (const auto* f = std::get_if<cmd::Focus>(&c)) s.focus = f->token;
    else if (const auto* t = std::get_if<cmd::Temperature>(&c)) s.temperature = t->value;
    else if (const auto* m = std::get_if<cmd::Mask>(&c)) s.mask = m->on;
    else if (const auto* k = std::get_if<cmd::MoveKey>(&c)) s.keys = {{k->token, k->key}};
    else if (const auto* set = std::get_if<cmd::Set>(&c)) s = set->change;
    else return std::nullopt;
    return s;
}

bool presenter_only(const Command& c) {
    return std::holds_alternative<cmd::Hover>(c) || std::holds_alternative<cmd::EditKey>(c);
}

State apply(const scene::Deck& deck, const Layout& lay, State s, const Command& c, double now) {
    if (lay.spans.empty()) return s;
    if (s.edits.size() < deck.slides.size()) s.edits.resize(deck.slides.size());
    if (s.history.size() < deck.slides.size()) s.history.resize(deck.slides.size());
    const Span& cur = lay.spans[static_cast<std::size_t>(s.span)];
    const double speed = s.speed > 0 ? s.speed : 1.0;
    scene::Settings& edits = s.edits[static_cast<std::size_t>(cur.slide)];
    EditHistory& history = s.history[static_cast<std::size_t>(cur.slide)];
    // An edit remembers what it changed, for undo: one entry per command, or per held drag.
    const EditSnapshot before{edits, s.experiment};
    const bool remember = undoable(c) && !(s.gesture && s.gesture_saved);
    auto restore = [&](const EditSnapshot& snap) {
        edits = snap.edits;
        if (snap.experiment != s.experiment) s.experiment_started = now;
        s.experiment = snap.experiment;
    };
    std::visit(Overloaded{
                   [&](const cmd::Next&) {
                       if (local_time(s, now) < cur.anim) {
                           s.span_started = now - cur.anim / speed;  // first press completes the animation
                           s.paused = false;
                       } else if (s.span + 1 < static_cast<int>(lay.spans.size())) {
                           s = enter(deck, lay, s, s.span + 1, now);
                       }
                   },
                   [&](const cmd::Back&) {
                       if (s.span > 0) {
                           const Span& prev = lay.spans[static_cast<std::size_t>(s.span - 1)];
                           s = enter(deck, lay, s, s.span - 1, now - prev.anim / speed);
                       } else {
                           s.span_started = now - cur.anim / speed;
                       }
                   },
                   [&](const cmd::Replay&) {
                       s.span_started = now;
                       s.paused = false;
                   },
                   [&](const cmd::Goto& g) { s = enter(deck, lay, s, g.span, now); },
                   [&](const cmd::Seek& k) {
                       s.span_started = now - clamp01(k.u) * cur.anim / speed;
                       if (s.paused) s.paused_at = now;
                   },
                   [&](const cmd::Pause&) {
                       if (s.paused) {
                           s.span_started += now - s.paused_at;
                           s.paused = false;
                       } else {
                           s.paused = true;
                           s.paused_at = now;
                       }
                   },
                   [&](const cmd::Speed& sp) {
                       double next = std::clamp(sp.speed, 0.25, 2.0);
                       double local = local_time(s, now);
                       double at = s.paused ? s.paused_at : now;
                       s.speed = next;
                       s.span_started = at - local / next;
                   },
                   [&](const cmd::Focus&) { scene::merge(edits, *change_of(c)); },
                   [&](const cmd::MoveKey&) { scene::merge(edits, *change_of(c)); },
                   [&](const cmd::Temperature&) { scene::merge(edits, *change_of(c)); },
                   [&](const cmd::Mask&) { scene::merge(edits, *change_of(c)); },
                   [&](const cmd::Set& set) { scene::merge(edits, set.change); },
                   [&](const cmd::Experiment& e) {
                       s.experiment = e.index;
                       s.experiment_started = now;
                   },
                   [&](const cmd::Reset&) {
                       edits = scene::Settings{};
                       s.experiment = -1;
                   },
                   [&](const cmd::Hover& h) { s.hover = h.token; },
                   [&](const cmd::Blank&) { s.blank = !s.blank; },
                   [&](const cmd::Laser& l) { s.laser = l.at; },
                   [&](const cmd::QuizOpen&) {
                       QuizState q;
                       q.open = !quiz_bank(deck, cur.slide).questions.empty();
                       q.attempt = s.quiz.attempt + 1;
                       s.quiz = q;
                   },
                   [&](const cmd::QuizPick& p) {
                       if (!s.quiz.open || s.quiz.finished || s.quiz.revealed) return;
                       const scene::Question* asked = current_question(deck, s, cur.slide);
                       if (!asked) return;
                       // The key pressed names a position as shown; the answer key follows the shuffle.
                       const std::vector<int> shown = detail::current_choices(deck, s, cur.slide);
                       if (p.choice < 0 || p.choice >= static_cast<int>(shown.size())) return;
                       s.quiz.picked = p.choice;
                       s.quiz.revealed = true;
                       const bool right = scene::is_correct(*asked, shown[static_cast<std::size_t>(p.choice)]);
                       outcome(s.quiz) = right ? scene::Outcome::Right : scene::Outcome::Wrong;
                   },
                   [&](const cmd::QuizReveal&) {
                       if (!s.quiz.open || s.quiz.finished || s.quiz.revealed) return;
                       if (!current_question(deck, s, cur.slide)) return;
                       s.quiz.revealed = true;
                       outcome(s.quiz) = scene::Outcome::Revealed;  // not a wrong answer: its own outcome
                   },
                   [&](const cmd::QuizGrade& g) {
                       // Only a question without choices grades itself, once, after its reveal.
                       if (!s.quiz.open || s.quiz.finished || !s.quiz.revealed) return;
                       const scene::Question* asked = current_question(deck, s, cur.slide);
                       if (!asked || !asked->choices.empty()) return;
                       scene::Outcome& o = outcome(s.quiz);
                       if (o != scene::Outcome::Revealed) return;
                       o = g.right ? scene::Outcome::Right : scene::Outcome::Wrong;
                   },
                   [&](const cmd::QuizNext&) {
                       if (!s.quiz.open || s.quiz.finished) return;
                       int total = static_cast<int>(quiz_order(deck, s, cur.slide).size());
                       if (s.quiz.index + 1 < total) {
                           ++s.quiz.index;
                       } else {
                           s.quiz.finished = true;  // the end screen, with the score
                       }
                       s.quiz.revealed = false;
                       s.quiz.picked = -1;
                   },
                   [&](const cmd::QuizRetry&) {
                       if (!s.quiz.open || !s.quiz.finished) return;
                       std::vector<int> missed = quiz_missed(deck, s, cur.slide);
                       if (missed.empty()) return;
                       QuizState q;
                       q.open = true;
                       q.attempt = s.quiz.attempt + 1;
                       q.only = std::move(missed);
                       s.quiz = std::move(q);
                   },
                   [&](const cmd::QuizClose&) { s.quiz.open = false; },
                   [&](const cmd::Seed& sd) { s.seed = sd.value; },
                   [&](const cmd::EditKey& k) { s.editing = k.token; },
                   [&](const cmd::Undo&) {
                       if (history.undo.empty()) return;
                       push(history.redo, before);
                       restore(history.undo.back());
                       history.undo.pop_back();
                   },
                   [&](const cmd::Redo&) {
                       if (history.redo.empty()) return;
                       push(history.undo, before);
                       restore(history.redo.back());
                       history.redo.pop_back();
                   },
                   [&](const cmd::ResetStep&) { restore(s.step_start); },
                   [&](const cmd::Gesture& g) {
                       s.gesture = g.begin;
                       s.gesture_saved = false;
                   },
               },
               c);
    if (remember && (!(edits == before.edits) || s.experiment != before.experiment)) {
        push(history.undo, before);
        history.redo.clear();
        if (s.gesture) s.gesture_saved = true;
    }
    return s;
}

}  // namespace timeline
