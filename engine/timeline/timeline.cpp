#include "timeline/timeline.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace timeline {

namespace {

constexpr double kExperimentTween = 0.8;  // seconds an experiment takes to set the controls

double clamp01(double x) { return std::clamp(x, 0.0, 1.0); }

template <class... F>
struct Overloaded : F... {
    using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

// Controls tweened from a to b; the mask as a fold amount so the picture can animate it.
struct Tweened {
    scene::Controls controls;
    double mask_u = 0.0;
};

Tweened tween(const scene::Controls& a, const scene::Controls& b, double u) {
    Tweened out;
    out.controls = b;
    out.controls.focus = u < 0.5 ? a.focus : b.focus;
    out.controls.temperature = tween_temperature(a.temperature, b.temperature, u);
    for (std::size_t i = 0; i < b.keys.size() && i < a.keys.size(); ++i)
        for (std::size_t c = 0; c < b.keys[i].size() && c < a.keys[i].size(); ++c)
            out.controls.keys[i][c] = core::lerp(a.keys[i][c], b.keys[i][c], u);
    out.mask_u = core::lerp(a.mask ? 1.0 : 0.0, b.mask ? 1.0 : 0.0, u);
    out.controls.mask = out.mask_u > 0.0;
    return out;
}

scene::Controls with_edits(const scene::Scene& sc, scene::Controls c, const Edits& e) {
    scene::Settings set;
    set.focus = e.focus;
    set.temperature = e.temperature;
    set.mask = e.mask;
    set.keys = e.keys;
    return scene::apply(sc, std::move(c), set);
}

const scene::Step* step_of(const scene::Deck& deck, const Span& sp) {
    const scene::Slide& slide = deck.slides[static_cast<std::size_t>(sp.slide)];
    if (slide.kind != scene::Slide::Kind::Scene || !slide.scene) return nullptr;
    return &slide.scene->steps[static_cast<std::size_t>(sp.step)];
}

double local_time(const State& s, double now) {
    double at = s.paused ? s.paused_at : now;
    return std::max(0.0, (at - s.span_started) * s.speed);
}

// Entering a step that sets a control hands that control back to the script.
void yield_edits_to(const scene::Step* step, Edits& e) {
    if (!step) return;
    if (step->set.focus) e.focus.reset();
    if (step->set.temperature) e.temperature.reset();
    if (step->set.mask) e.mask.reset();
    if (step->set.keys_same || step->set.key_scale || !step->set.keys.empty()) e.keys.clear();
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
    return s;
}

}  // namespace

QuizBank quiz_bank(const scene::Deck& deck, int slide) {
    QuizBank bank;
    auto add = [&](const scene::Scene& sc) {
        for (const auto& q : sc.quiz.questions) bank.questions.push_back(&q);
    };
    if (slide >= 0 && static_cast<std::size_t>(slide) < deck.slides.size()) {
        const auto& sl = deck.slides[static_cast<std::size_t>(slide)];
        if (sl.scene && !sl.scene->quiz.questions.empty()) {
            add(*sl.scene);
            bank.draw = sl.scene->quiz.draw;
            return bank;
        }
    }
    for (const auto& sl : deck.slides)
        if (sl.scene) add(*sl.scene);
    bank.draw = 6;
    return bank;
}

std::vector<int> quiz_order(const scene::Deck& deck, const State& s, int slide) {
    QuizBank bank = quiz_bank(deck, slide);
    scene::Quiz sizes;  // draw_attempt needs only the bank's size and draw count
    sizes.draw = bank.draw;
    sizes.questions.resize(bank.questions.size());
    return scene::draw_attempt(sizes, std::max(0, s.quiz.attempt), s.seed);
}

namespace {

// The question the open quiz asks now, or null past the end of the attempt.
const scene::Question* current_question(const scene::Deck& deck, const State& s, int slide) {
    const std::vector<int> order = quiz_order(deck, s, slide);
    if (s.quiz.index < 0 || s.quiz.index >= static_cast<int>(order.size())) return nullptr;
    return quiz_bank(deck, slide).questions[static_cast<std::size_t>(order[static_cast<std::size_t>(s.quiz.index)])];
}

}  // namespace

double ease(scene::Ease e, double u) {
    u = clamp01(u);
    switch (e) {
        case scene::Ease::Linear: return u;
        case scene::Ease::InOutCubic: return u < 0.5 ? 4 * u * u * u : 1 - std::pow(-2 * u + 2, 3) / 2;
        case scene::Ease::OutCubic: return 1 - std::pow(1 - u, 3);
        case scene::Ease::InOutSine: return -(std::cos(M_PI * u) - 1) / 2;
    }
    return u;
}

double tween_temperature(double from, double to, double u) {
    if (u <= 0) return from;
    if (u >= 1) return to;
    return scene::temperature_from_unit(core::lerp(scene::temperature_unit(from), scene::temperature_unit(to), u));
}

int Layout::at(double t) const {
    if (spans.empty()) return 0;
    for (std::size_t i = 0; i < spans.size(); ++i)
        if (!reached(t, spans[i].end())) return static_cast<int>(i);
    return static_cast<int>(spans.size()) - 1;
}

int Layout::first_of(int slide) const {
    for (std::size_t i = 0; i < spans.size(); ++i)
        if (spans[i].slide == slide) return static_cast<int>(i);
    return -1;
}

Layout layout(const scene::Deck& deck) {
    Layout lay;
    double t = 0.0;
    for (std::size_t si = 0; si < deck.slides.size(); ++si) {
        const scene::Slide& slide = deck.slides[si];
        if (slide.kind == scene::Slide::Kind::Scene && slide.scene) {
            for (std::size_t k = 0; k < slide.scene->steps.size(); ++k) {
                const scene::Step& st = slide.scene->steps[k];
                Span sp;
                sp.slide = static_cast<int>(si);
                sp.step = static_cast<int>(k);
                sp.start = t;
                sp.anim = st.duration >= 0 ? st.duration : scene::default_duration(st.stage);
                // Unless the author says, hold until the narration can have been read.
                sp.hold = st.hold >= 0 ? st.hold : std::max(scene::kDefaultHold, scene::reading_time(st.say) - sp.anim);
                sp.ease = st.ease;
                lay.spans.push_back(sp);
                t = sp.end();
            }
        } else {
            Span sp;
            sp.slide = static_cast<int>(si);
            sp.start = t;
            sp.anim = scene::kCrossFade;
            std::string text = slide.title + " " + slide.subtitle;
            for (const auto& b : slide.bullets) text += " " + b;
            sp.hold = slide.duration >= 0 ? slide.duration : std::max(scene::kDefaultSlideDuration, scene::reading_time(text));
            lay.spans.push_back(sp);
            t = sp.end();
        }
    }
    lay.total = t;
    return lay;
}

State state_at_span(const Layout& lay, int span) {
    State s;
    s.span = std::clamp(span, 0, std::max(0, static_cast<int>(lay.spans.size()) - 1));
    if (!lay.spans.empty()) s.span_started = lay.spans[static_cast<std::size_t>(s.span)].start;
    return s;
}

State state_at(const Layout& lay, double t) { return state_at_span(lay, lay.at(t)); }

State apply(const scene::Deck& deck, const Layout& lay, State s, const Command& c, double now) {
    if (lay.spans.empty()) return s;
    if (s.edits.size() < deck.slides.size()) s.edits.resize(deck.slides.size());
    const Span& cur = lay.spans[static_cast<std::size_t>(s.span)];
    const double speed = s.speed > 0 ? s.speed : 1.0;
    Edits& edits = s.edits[static_cast<std::size_t>(cur.slide)];
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
                   [&](const cmd::Focus& f) { edits.focus = f.token; },
                   [&](const cmd::MoveKey& m) {
                       std::erase_if(edits.keys, [&](const auto& k) { return k.first == m.token; });
                       edits.keys.emplace_back(m.token, m.key);
                   },
                   [&](const cmd::Temperature& t) {
                       if (!std::isnan(t.value) && t.value >= 0) edits.temperature = t.value;
                   },
                   [&](const cmd::Mask& m) { edits.mask = m.on; },
                   [&](const cmd::Experiment& e) {
                       s.experiment = e.index;
                       s.experiment_started = now;
                   },
                   [&](const cmd::Reset&) {
                       edits = Edits{};
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
                       if (!s.quiz.open || s.quiz.revealed) return;
                       const scene::Question* asked = current_question(deck, s, cur.slide);
                       if (!asked) return;
                       const scene::Question& q = *asked;
                       if (p.choice < 0 || p.choice >= static_cast<int>(q.choices.size())) return;
                       s.quiz.picked = p.choice;
                       s.quiz.revealed = true;
                       s.quiz.score.record(scene::is_correct(q, p.choice));
                   },
                   [&](const cmd::QuizReveal&) {
                       if (!s.quiz.open || s.quiz.revealed) return;
                       s.quiz.revealed = true;
                       s.quiz.score.record(false);
                   },
                   [&](const cmd::QuizNext&) {
                       if (!s.quiz.open) return;
                       int total = static_cast<int>(quiz_order(deck, s, cur.slide).size());
                       if (s.quiz.index + 1 < total) {
                           ++s.quiz.index;
                           s.quiz.revealed = false;
                           s.quiz.picked = -1;
                       } else {
                           s.quiz.open = false;
                       }
                   },
                   [&](const cmd::QuizClose&) { s.quiz.open = false; },
                   [&](const cmd::Seed& sd) { s.seed = sd.value; },
               },
               c);
    return s;
}

View evaluate(const scene::Deck& deck, const Layout& lay, const State& s, double now) {
    View v;
    v.deck = &deck;
    if (lay.spans.empty()) return v;
    v.span = std::clamp(s.span, 0, static_cast<int>(lay.spans.size()) - 1);
    const Span& sp = lay.spans[static_cast<std::size_t>(v.span)];
    v.slide = sp.slide;
    v.step = sp.step;
    v.slide_ptr = &deck.slides[static_cast<std::size_t>(sp.slide)];
    v.local = local_time(s, now);
    v.u_linear = sp.anim > 0 ? clamp01(v.local / sp.anim) : 1.0;
    v.u = ease(sp.ease, v.u_linear);
    v.hover = s.hover;
    v.blank = s.blank;
    v.laser = s.laser;
    const double at = s.paused ? s.paused_at : now;

    if (sp.step == 0 && v.span > 0) {
        v.fade_u = clamp01(v.local / scene::kCrossFade);
        if (v.fade_u < 1.0) v.fade_from_span = v.span - 1;
    }
    v.animating = !s.paused && (v.u_linear < 1.0 || v.fade_u < 1.0);

    if (s.quiz.open) {
        if (const scene::Question* asked = current_question(deck, s, sp.slide)) {
            View::Quiz q;
            q.question = asked;
            q.index = s.quiz.index;
            q.total = static_cast<int>(quiz_order(deck, s, sp.slide).size());
            q.attempt = s.quiz.attempt;
            q.revealed = s.quiz.revealed;
            q.picked = s.quiz.picked;
            q.answered = s.quiz.score.answered;
            q.right = s.quiz.score.right;
            v.quiz = q;
        }
    }

    if (v.slide_ptr->kind != scene::Slide::Kind::Scene || !v.slide_ptr->scene) return v;
    const scene::Scene& sc = *v.slide_ptr->scene;
    v.scene = &sc;
    v.step_ptr = &sc.steps[static_cast<std::size_t>(sp.step)];
    v.stage = v.step_ptr->stage;
    v.prev_stage = sp.step > 0 ? sc.steps[static_cast<std::size_t>(sp.step - 1)].stage : scene::Stage::Tokens;

    // The script: the scene's start, every earlier step's `set`, and this step's tweened in.
    scene::Controls before = scene::start_controls(sc);
    for (int i = 0; i < sp.step; ++i) before = scene::apply(sc, before, sc.steps[static_cast<std::size_t>(i)].set);
    scene::Controls after = scene::apply(sc, before, v.step_ptr->set);
    Tweened now_c = tween(before, after, v.u);

    // The person at the controls, on top of the script.
    if (static_cast<std::size_t>(sp.slide) < s.edits.size()) {
        const Edits& e = s.edits[static_cast<std::size_t>(sp.slide)];
        now_c.controls = with_edits(sc, now_c.controls, e);
        if (e.mask) now_c.mask_u = *e.mask ? 1.0 : 0.0;
    }
    // An experiment, tweened in from whatever was there.
    if (s.experiment >= 0 && static_cast<std::size_t>(s.experiment) < sc.experiments.size()) {
        v.experiment = s.experiment;
        scene::Controls target = scene::apply(sc, now_c.controls, sc.experiments[static_cast<std::size_t>(s.experiment)].set);
        double ue = clamp01((at - s.experiment_started) / kExperimentTween);
        double mask_from = now_c.mask_u;
        Tweened t = tween(now_c.controls, target, ease(scene::Ease::InOutCubic, ue));
        t.mask_u = core::lerp(mask_from, target.mask ? 1.0 : 0.0, ease(scene::Ease::InOutCubic, ue));
        t.controls.mask = t.mask_u > 0.0;
        now_c = t;
        if (ue < 1.0 && !s.paused) v.animating = true;
    }
    v.controls = now_c.controls;
    v.mask_u = now_c.mask_u;

    attention::Input in = scene::attention_input(sc, v.controls);
    if (!attention::trace(in, v.trace, v.error)) return v;
    if (v.mask_u > 0.0 && v.mask_u < 1.0) {
        in.causal = false;
        std::string ignored;
        attention::trace(in, v.open, ignored);
    }
    return v;
}

// ---- recording format: one event per line, "<seconds> <command> [args]" ----

std::string format(const Event& e) {
    char head[32];
    std::snprintf(head, sizeof head, "%.6f ", e.t);
    std::ostringstream out;
    out.precision(17);
    out << head;
    auto num = [&](double x) {
        if (std::isinf(x)) out << "inf";
        else out << x;
    };
    std::visit(Overloaded{
                   [&](const cmd::Next&) { out << "next"; },
                   [&](const cmd::Back&) { out << "back"; },
                   [&](const cmd::Replay&) { out << "replay"; },
                   [&](const cmd::Goto& g) { out << "goto " << g.span; },
                   [&](const cmd::Seek& k) { out << "seek "; num(k.u); },
                   [&](const cmd::Pause&) { out << "pause"; },
                   [&](const cmd::Speed& sp) { out << "speed "; num(sp.speed); },
                   [&](const cmd::Focus& f) { out << "focus " << f.token; },
                   [&](const cmd::MoveKey& m) {
                       out << "key " << m.token;
                       for (double x : m.key) { out << ' '; num(x); }
                   },
                   [&](const cmd::Temperature& t) { out << "temperature "; num(t.value); },
                   [&](const cmd::Mask& m) { out << "mask " << (m.on ? "on" : "off"); },
                   [&](const cmd::Experiment& x) { out << "experiment " << x.index; },
                   [&](const cmd::Reset&) { out << "reset"; },
                   [&](const cmd::Hover& h) { out << "hover " << h.token; },
                   [&](const cmd::Blank&) { out << "blank"; },
                   [&](const cmd::Laser& l) {
                       if (l.at) { out << "laser "; num(l.at->x); out << ' '; num(l.at->y); }
                       else out << "laser off";
                   },
                   [&](const cmd::QuizOpen&) { out << "quiz open"; },
                   [&](const cmd::QuizPick& p) { out << "quiz pick " << p.choice; },
                   [&](const cmd::QuizReveal&) { out << "quiz reveal"; },
                   [&](const cmd::QuizNext&) { out << "quiz next"; },
                   [&](const cmd::QuizClose&) { out << "quiz close"; },
                   [&](const cmd::Seed& sd) { out << "seed " << sd.value; },
               },
               e.command);
    return out.str();
}

bool parse(const std::string& line, Event& out, std::string& error) {
    std::istringstream in(line);
    std::string name;
    auto number = [&](double& x) {
        std::string w;
        if (!(in >> w)) return false;
        if (w == "inf") { x = attention::kInfinity; return true; }
        char* end = nullptr;
        x = std::strtod(w.c_str(), &end);
        return end && *end == '\0' && std::isfinite(x);
    };
    auto integer = [&](int& x) {
        double d = 0;
        if (!number(d) || d != std::floor(d)) return false;
        x = static_cast<int>(d);
        return true;
    };
    double t = 0;
    if (!number(t) || !(in >> name)) {
        error = "expected '<seconds> <command> [arguments]'";
        return false;
    }
    out.t = t;
    bool ok = true;
    if (name == "next") out.command = cmd::Next{};
    else if (name == "back") out.command = cmd::Back{};
    else if (name == "replay") out.command = cmd::Replay{};
    else if (name == "pause") out.command = cmd::Pause{};
    else if (name == "reset") out.command = cmd::Reset{};
    else if (name == "blank") out.command = cmd::Blank{};
    else if (name == "goto") { cmd::Goto g; ok = integer(g.span); out.command = g; }
    else if (name == "seek") { cmd::Seek k; ok = number(k.u); out.command = k; }
    else if (name == "speed") { cmd::Speed sp; ok = number(sp.speed); out.command = sp; }
    else if (name == "focus") { cmd::Focus f; ok = integer(f.token); out.command = f; }
    else if (name == "hover") { cmd::Hover h; ok = integer(h.token); out.command = h; }
    else if (name == "experiment") { cmd::Experiment x; ok = integer(x.index); out.command = x; }
    else if (name == "temperature") { cmd::Temperature tt; ok = number(tt.value); out.command = tt; }
    else if (name == "mask") {
        std::string w;
        ok = static_cast<bool>(in >> w) && (w == "on" || w == "off");
        out.command = cmd::Mask{w == "on"};
    } else if (name == "key") {
        cmd::MoveKey m;
        ok = integer(m.token);
        double x = 0;
        while (ok && number(x)) m.key.push_back(x);
        ok = ok && !m.key.empty();
        out.command = m;
    } else if (name == "laser") {
        std::string w;
        std::streampos at = in.tellg();
        if (in >> w && w == "off") out.command = cmd::Laser{};
        else {
            in.clear();
            in.seekg(at);
            core::Point p;
            ok = number(p.x) && number(p.y);
            out.command = cmd::Laser{p};
        }
    } else if (name == "quiz") {
        std::string w;
        in >> w;
        if (w == "open") out.command = cmd::QuizOpen{};
        else if (w == "reveal") out.command = cmd::QuizReveal{};
        else if (w == "next") out.command = cmd::QuizNext{};
        else if (w == "close") out.command = cmd::QuizClose{};
        else if (w == "pick") { cmd::QuizPick p; ok = integer(p.choice); out.command = p; }
        else ok = false;
    } else if (name == "seed") {
        std::string w;
        char* end = nullptr;
        ok = static_cast<bool>(in >> w);
        unsigned long long value = ok ? std::strtoull(w.c_str(), &end, 10) : 0;
        ok = ok && end && *end == '\0';
        out.command = cmd::Seed{static_cast<std::uint64_t>(value)};
    } else {
        error = "unknown command '" + name + "'";
        return false;
    }
    if (!ok) {
        error = "bad arguments for '" + name + "'";
        return false;
    }
    return true;
}

}  // namespace timeline
