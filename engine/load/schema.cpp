// load/schema: the scene format. Each mapping of a scene file is a Key table below: a key is
// declared once, with the code that reads it; the tables give the "unknown key" messages and
// their "did you mean". The controls under `set:` come from scene::controls(), read by kind.
#include "load/schema.hpp"

#include "load/checks.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "load/audio.hpp"
#include "load/heads.hpp"
#include "load/vectors.hpp"
#include "scene/quiz.hpp"

namespace load {

namespace {

// What a scene is read into, and what later keys need of earlier ones.
struct SceneReader {
    Reader& r;
    scene::Scene& s;
    std::size_t n = 0;  // tokens (0: unknown because of an error)
    std::size_t d = 0;  // query/key width (0: unknown)
    std::vector<const Node*> step_nodes;        // for the engine check's messages
    std::vector<const Node*> experiment_nodes;
    std::map<std::string, const Node*> experiment_titles;
    std::map<std::string, const Node*> step_ids;
    const Node* quiz_node = nullptr;  // for the video limit's message

    std::optional<int> token_index(const Node* node, const std::string& key) {
        if (!n) return std::nullopt;
        auto i = r.integer(node, key, 0, static_cast<long long>(n) - 1, "a token index");
        if (!i) return std::nullopt;
        return static_cast<int>(*i);
    }

    // set: the controls of scene::controls(), each read by its kind.
    void settings(const Node* node, const std::string& where, scene::Settings& out) {
        if (node->kind == Kind::Null) return;
        const std::vector<std::string> names = scene::control_names();
        if (!r.is_map(node, where, "settings (" + join(names) + ")")) return;
        auto f = r.fields(node, where, names);
        for (const scene::ControlInfo& c : scene::controls())
            if (const Node* v = f.get(c.name))
                if (auto value = control(c.kind, v, where + "." + c.name)) c.put(out, *value);
    }

    // One control's value in its kind's YAML form.
    std::optional<scene::ControlValue> control(scene::ControlKind kind, const Node* v, const std::string& key) {
        using K = scene::ControlKind;
        switch (kind) {
            case K::Token:
                if (auto i = token_index(v, key)) return scene::ControlValue(std::in_place_type<int>, *i);
                return std::nullopt;
            case K::Temperature:
                if (auto t = r.temperature(v, key)) return scene::ControlValue(std::in_place_type<double>, *t);
                return std::nullopt;
            case K::Switch:
                if (auto b = r.boolean(v, key)) return scene::ControlValue(std::in_place_type<bool>, *b);
                return std::nullopt;
            case K::TokenPair: {
                if (v->kind != Kind::Sequence || v->size() != 2) {
                    r.error(v, key + ": expected two token indices [a, b], found " + describe(v));
                    return std::nullopt;
                }
                auto a = token_index(v->items[0], key + "[0]");
                auto b = token_index(v->items[1], key + "[1]");
                if (a && b) return scene::ControlValue(std::make_pair(*a, *b));
                return std::nullopt;
            }
            case K::Keys: {
                scene::KeyChange k = keys(v, key);
                if (k == scene::KeyChange{}) return std::nullopt;
                return scene::ControlValue(std::move(k));
            }
            case K::Head:
                if (auto h = head(v, key)) return scene::ControlValue(scene::HeadChoice{*h});
                return std::nullopt;
        }
        return std::nullopt;
    }

    // head: its number as shown (1 is the first) or its name; the index (0-based).
    std::optional<int> head(const Node* v, const std::string& key) {
        const std::size_t count = s.heads.size();
        std::vector<std::string> names;
        for (std::size_t h = 0; h < count; ++h)
            if (!s.heads[h].name.empty()) names.push_back(s.heads[h].name);
        double ignored = 0;
        if (v->kind == Kind::Scalar && parse_number(v, ignored) == Num::NotNumber) {
            for (std::size_t h = 0; h < count; ++h)
                if (s.heads[h].name == v->value) return static_cast<int>(h);
            const std::string near = core::nearest(v->value, names);
            r.error(v, key + ": no head is named '" + v->value + "'" + (near.empty() ? "" : " (did you mean '" + near + "'?)") +
                           "; expected a head's number 1.." + std::to_string(count) +
                           (names.empty() ? std::string() : " or its name: " + join(names)));
            return std::nullopt;
        }
        auto i = r.integer(v, key, 1, static_cast<long long>(count),
                           "a head's number (1 is the first" + std::string(count == 1 ? "; this scene has one head)" : ")"));
        return i ? std::optional<int>(static_cast<int>(*i - 1)) : std::nullopt;
    }

    // keys: same | {scale: number} | {TOKEN: [d numbers], …}
    scene::KeyChange keys(const Node* v, const std::string& key) {
        scene::KeyChange out;
        const std::string expected = "'same', {scale: NUMBER} or {TOKEN: [" + std::string(d ? std::to_string(d) : "d") + " numbers]}";
        if (v->kind == Kind::Scalar) {
            if (v->value == "same") out.same = true;
            else r.error(v, key + ": expected " + expected + ", found " + describe(v));
            return out;
        }
        if (v->kind != Kind::Map) {
            r.error(v, key + ": expected " + expected + ", found " + describe(v));
            return out;
        }
        std::set<long long> seen;
        for (std::size_t i = 0; i < v->size(); ++i) {
            const Node* k = v->key(i);
            const Node* val = v->val(i);
            if (k->kind == Kind::Scalar && k->value == "scale") {
                if (auto x = r.number(val, key + ".scale")) out.scale = *x;
                continue;
            }
            double ignored = 0;
            if (k->kind == Kind::Scalar && parse_number(k, ignored) == Num::NotNumber) {
                std::string near = core::nearest(k->value, {"scale", "same"});
                r.error(k, key + ": unknown key '" + k->value + "'" + (near == "scale" ? " (did you mean 'scale'?)" : "") +
                               "; expected 'scale' or a token index");
                continue;
            }
            auto t = token_index(k, key);
            if (!t) continue;
            if (!seen.insert(*t).second) {
                r.error(k, key + ": token " + std::to_string(*t) + " is given twice");
                continue;
            }
            if (!d) continue;
            if (auto vec = r.vector(val, key + "." + std::to_string(*t), d, "d, the width of the keys"))
                out.moved.emplace_back(*t, *vec);
        }
        return out;
    }
};

// A name from a closed list (stage, ease): the value, or an error naming the nearest and all.
template <class T>
std::optional<T> one_of(Reader& r, const Value& v, const char* what, std::optional<T> (*from_name)(const std::string&),
                        const std::vector<std::string>& known) {
    auto nm = r.text(v.node, v.key, false);
    if (!nm) return std::nullopt;
    if (auto x = from_name(*nm)) return x;
    std::string near = core::nearest(*nm, known);
    r.error(v.node, v.key + ": unknown " + what + " '" + *nm + "'" + (near.empty() ? "" : " (did you mean '" + near + "'?)") +
                        "; known " + what + "s: " + join(known));
    return std::nullopt;
}

// ---- start: ---------------------------------------------------------------------------------

const Key<SceneReader> kStart[] = {
    {"focus", [](SceneReader& sr, const Value& v) {
         if (v)
             if (auto i = sr.token_index(v.node, v.key)) sr.s.focus = *i;
     }},
    {"temperature", [](SceneReader& sr, const Value& v) {
         if (v)
             if (auto x = sr.r.temperature(v.node, v.key)) sr.s.temperature = *x;
     }},
    {"mask", [](SceneReader& sr, const Value& v) {
         if (v)
             if (auto b = sr.r.boolean(v.node, v.key)) sr.s.mask = *b;
     }},
};

// ---- steps: ---------------------------------------------------------------------------------

struct StepReader {
    SceneReader& sc;
    scene::Step& step;
};

std::optional<std::vector<scene::Panel>> panel_list(Reader& r, const Value& v);

const Key<StepReader> kStep[] = {
    {"stage", [](StepReader& st, const Value& v) {
         if (v)
             if (auto s = one_of<scene::Stage>(st.sc.r, v, "stage", scene::stage_from_name, scene::stage_names()))
                 st.step.stage = *s;
     }},
    {"id", [](StepReader& st, const Value& v) {
         if (!v) return;
         auto id = st.sc.r.name(v.node, v.key);
         if (!id) return;
         // A number would read as a step number in `after:`.
         double ignored = 0;
         if (parse_number(v.node, ignored) != Num::NotNumber) {
             st.sc.r.error(v.node, v.key + ": a step's id is a name, not a number ('after:' takes step numbers too)");
             return;
         }
         auto& ids = st.sc.step_ids;
         if (auto it = ids.find(*id); it != ids.end()) {
             st.sc.r.error(v.node, v.key + ": the id '" + *id + "' is already used on line " + std::to_string(it->second->line) +
                                       " (quiz questions follow steps by id)");
             return;
         }
         ids[*id] = v.node;
         st.step.id = *id;
     }},
    {"title", [](StepReader& st, const Value& v) {
         if (v) st.step.title = st.sc.r.text(v.node, v.key).value_or(""), st.sc.r.shown(v.node, v.key);
     }},
    {"ask", [](StepReader& st, const Value& v) {
         if (v) st.step.ask = st.sc.r.text(v.node, v.key).value_or("");
     }},
    {"ask_voice", [](StepReader& st, const Value& v) {
         read_voice(st.sc.r, v, st.step.ask_voice, st.step.ask_voice_seconds);
         if (v && st.step.ask.empty() && v.fields && !v.fields->get("ask"))
             st.sc.r.error(v.node, v.key + ": a voice for the question, but the step asks none (give it 'ask:')");
     }},
    {"say", [](StepReader& st, const Value& v) {
         if (v) st.step.say = st.sc.r.text(v.node, v.key).value_or(""), st.sc.r.shown(v.node, v.key);
     }},
    {"notes", [](StepReader& st, const Value& v) {
         if (v) st.step.notes = st.sc.r.text(v.node, v.key).value_or(""), st.sc.r.shown(v.node, v.key);
     }},
    {"set", [](StepReader& st, const Value& v) {
         if (v) st.sc.settings(v.node, v.key, st.step.set);
     }},
    {"duration", [](StepReader& st, const Value& v) {
         if (v) st.step.duration = st.sc.r.seconds(v.node, v.key).value_or(-1);
     }},
    {"hold", [](StepReader& st, const Value& v) {
         if (v) st.step.hold = st.sc.r.seconds(v.node, v.key).value_or(-1);
     }},
    {"voice", [](StepReader& st, const Value& v) {
         read_voice(st.sc.r, v, st.step.voice, st.step.voice_seconds);
     }},
    {"ease", [](StepReader& st, const Value& v) {
         if (v)
             if (auto e = one_of<scene::Ease>(st.sc.r, v, "ease", scene::ease_from_name, scene::ease_names()))
                 st.step.ease = *e;
     }},
    {"panels", [](StepReader& st, const Value& v) {
         if (auto list = panel_list(st.sc.r, v)) st.step.panels = std::move(*list);
     }},
};

// ---- experiments: ---------------------------------------------------------------------------

struct ExperimentReader {
    SceneReader& sc;
    const std::string& where;  // "experiments[2]"
    scene::Experiment& e;
};

const Key<ExperimentReader> kExperiment[] = {
    {"title", [](ExperimentReader& ex, const Value& v) {
         Reader& r = ex.sc.r;
         if (!v) {
             r.error(v.map, ex.where + ": missing key 'title'");
             return;
         }
         auto t = r.name(v.node, v.key);
         if (!t) return;
         ex.e.title = *t;
         r.shown(v.node, v.key);
         auto& titles = ex.sc.experiment_titles;
         if (auto it = titles.find(*t); it != titles.end())
             r.error(v.node, v.key + ": the title '" + *t + "' is already used on line " + std::to_string(it->second->line) +
                                 " (quiz questions name experiments by title)");
         else titles[*t] = v.node;
     }},
    {"set", [](ExperimentReader& ex, const Value& v) {
         if (v) ex.sc.settings(v.node, v.key, ex.e.set);
     }},
    {"look_for", [](ExperimentReader& ex, const Value& v) {
         if (v) ex.e.look_for = ex.sc.r.text(v.node, v.key).value_or(""), ex.sc.r.shown(v.node, v.key);
     }},
};

// ---- quiz: ----------------------------------------------------------------------------------

struct QuestionReader {
    SceneReader& sc;
    const std::string& where;  // "quiz.questions[2]"
    scene::Question& q;
};

// choices and correct are read together; a question needs an answer, or choices.
void read_choices(QuestionReader& qr, const Value& v) {
    Reader& r = qr.sc.r;
    const Reader::Fields& f = *v.fields;
    const std::string& where = qr.where;
    if (const Node* ch = f.get("choices")) {
        if (auto c = r.texts(ch, where + ".choices")) {
            if (c->size() < 2) r.error(ch, where + ".choices: expected at least 2 choices, found " + std::to_string(c->size()));
            for (std::size_t i = 0; i < ch->size(); ++i) r.shown(ch->items[i], where + ".choices[" + std::to_string(i) + "]");
            qr.q.choices = std::move(*c);
        }
        if (const Node* c = f.get("correct")) {
            if (!qr.q.choices.empty())
                if (auto x = r.integer(c, where + ".correct", 0, static_cast<long long>(qr.q.choices.size()) - 1, "an index into choices"))
                    qr.q.correct = static_cast<int>(*x);
        } else {
            r.error(f.key("choices"), where + ": missing key 'correct' (the index of the right choice)");
        }
    } else if (f.get("correct")) {
        r.error(f.key("correct"), where + ".correct: only meaningful with 'choices'");
    }
    if (!f.get("answer") && !f.get("choices")) r.error(v.map, where + ": missing key 'answer' (or 'choices' with 'correct')");
}

// after: a step number (1-based, as the header counts them) or a step's id.
void read_after(QuestionReader& qr, const Value& v) {
    if (!v) return;
    Reader& r = qr.sc.r;
    const std::vector<scene::Step>& steps = qr.sc.s.steps;
    double number = 0;
    if (parse_number(v.node, number) != Num::NotNumber) {
        if (auto i = r.integer(v.node, v.key, 1, static_cast<long long>(steps.size()),
                               "a step number of this scene (1.." + std::to_string(steps.size()) + ")"))
            qr.q.after = static_cast<int>(*i) - 1;
        return;
    }
    auto id = r.text(v.node, v.key, false);
    if (!id) return;
    std::vector<std::string> ids;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        if (steps[i].id == *id) {
            qr.q.after = static_cast<int>(i);
            return;
        }
        if (!steps[i].id.empty()) ids.push_back(steps[i].id);
    }
    const std::string near = core::nearest(*id, ids);
    r.error(v.node, v.key + ": no step of this scene has the id '" + *id + "'" +
                        (near.empty() ? "" : " (did you mean '" + near + "'?)") +
                        (ids.empty() ? "; give the step an 'id:', or name it by its number"
                                     : "; step ids: " + join(ids) + " (or a step number)"));
}

const Key<QuestionReader> kQuestion[] = {
    {"ask", [](QuestionReader& qr, const Value& v) {
         if (v) qr.q.ask = qr.sc.r.text(v.node, v.key, false).value_or(""), qr.sc.r.shown(v.node, v.key);
         else qr.sc.r.error(v.map, qr.where + ": missing key 'ask'");
     }},
    {"answer", [](QuestionReader& qr, const Value& v) {
         if (v) qr.q.answer = qr.sc.r.text(v.node, v.key).value_or(""), qr.sc.r.shown(v.node, v.key);
     }},
    {"choices", read_choices},
    {"correct", read_choices},
    {"experiment", [](QuestionReader& qr, const Value& v) {
         if (!v) return;
         auto t = qr.sc.r.text(v.node, v.key, false);
         if (!t) return;
         std::vector<std::string> titles;
         for (const auto& e : qr.sc.s.experiments) titles.push_back(e.title);
         if (std::find(titles.begin(), titles.end(), *t) != titles.end()) {
             qr.q.experiment = *t;
             return;
         }
         std::string near = core::nearest(*t, titles);
         qr.sc.r.error(v.node, v.key + ": no experiment of this scene is titled '" + *t + "'" +
                                   (near.empty() ? "" : " (did you mean '" + near + "'?)") +
                                   (titles.empty() ? "; the scene has no experiments" : "; experiments: " + join(titles)));
     }},
    {"after", read_after},
};

// questions, then draw (whose range is the number of questions): read together.
void read_quiz_body(SceneReader& sr, const Value& v) {
    Reader& r = sr.r;
    const Reader::Fields& f = *v.fields;
    const Node* qs = f.get("questions");
    if (!qs) {
        r.error(v.map, "quiz: missing key 'questions'");
    } else if (qs->kind != Kind::Sequence) {
        r.error(qs, "quiz.questions: expected a list of questions, found " + describe(qs));
    } else {
        for (std::size_t i = 0; i < qs->size(); ++i) {
            const std::string where = "quiz.questions[" + std::to_string(i) + "]";
            if (!r.is_map(qs->items[i], where, "a question (a mapping with ask, answer, …)")) continue;
            scene::Question q;
            QuestionReader qr{sr, where, q};
            read_keys<QuestionReader>(r, qs->items[i], where, where, kQuestion, qr);
            sr.s.quiz.questions.push_back(std::move(q));
        }
    }
    if (const Node* dn = f.get("draw")) {
        const long long count = static_cast<long long>(sr.s.quiz.questions.size());
        if (auto x = r.integer(dn, "quiz.draw", 0, std::max(count, 0LL), "a number of questions (0: all)"))
            sr.s.quiz.draw = static_cast<int>(*x);
    }
    // Right answers that follow a pattern can be scored without knowing them. The window shows
    // the choices shuffled, but the file is read as written (and printed, and copied).
    if (qs && qs->kind == Kind::Sequence) {
        const scene::AnswerPattern p = scene::answer_pattern(sr.s.quiz);
        const std::string of = std::to_string(p.questions) + " questions with choices";
        if (p.position_bias())
            r.warn(qs, "quiz.questions: the right answer is choice " + std::to_string(p.position + 1) + " ('correct: " +
                           std::to_string(p.position) + "') in " + std::to_string(p.at_position) + " of " + of +
                           "; reorder some questions' choices (and their 'correct') so the right answers are spread "
                           "over the positions");
        if (p.length_bias())
            r.warn(qs, "quiz.questions: the right answer is the longest choice in " + std::to_string(p.longest) + " of " + of +
                           "; a student can score by picking the longest: give some wrong choices the same detail");
    }
}

const Key<SceneReader> kQuiz[] = {
    {"draw", read_quiz_body},
    {"questions", read_quiz_body},
};

// ---- the scene ------------------------------------------------------------------------------

void read_tokens(SceneReader& sr, const Value& v) {
    Reader& r = sr.r;
    const Node* t = v.node;
    if (!t) {
        r.error(v.map, "missing key '" + v.key + "' (a list of 1.." + std::to_string(kMax) + " token strings)");
    } else if (t->kind == Kind::Sequence && t->size() == 0) {
        r.error(t, v.key + ": expected at least one token, found an empty list");
    } else if (t->kind == Kind::Sequence && t->size() > kMax) {
        r.error(t, v.key + ": at most " + std::to_string(kMax) + " tokens are supported, found " + std::to_string(t->size()));
    } else if (t->kind == Kind::Sequence &&
               std::any_of(t->items.begin(), t->items.end(), [](const Node* i) { return i->value.size() > kMaxToken; })) {
        for (std::size_t i = 0; i < t->size(); ++i)
            if (t->items[i]->value.size() > kMaxToken) {
                r.error(t->items[i], v.key + "[" + std::to_string(i) + "]: a token is at most " + std::to_string(kMaxToken) +
                                         " bytes, found " + std::to_string(t->items[i]->value.size()));
                return;
            }
    } else if (auto list = r.texts(t, v.key)) {
        sr.s.tokens = std::move(*list);
        sr.n = sr.s.tokens.size();
        for (std::size_t i = 0; i < t->size(); ++i) r.shown(t->items[i], v.key + "[" + std::to_string(i) + "]");
    }
}

void read_vectors_of(SceneReader& sr, const Value& v) { sr.d = read_vectors(sr.r, *v.fields, v.map, sr.n, sr.s); }

// A list of panel names, or nothing when it is missing or wrong (the errors are reported).
std::optional<std::vector<scene::Panel>> panel_list(Reader& r, const Value& v) {
    const Node* p = v.node;
    if (!p) return std::nullopt;
    if (p->kind != Kind::Sequence) {
        r.error(p, v.key + ": expected a list of panel names, found " + describe(p));
        return std::nullopt;
    }
    if (p->size() == 0) {
        r.error(p, v.key + ": expected at least one panel (leave 'panels' out for the default layout), found an empty list");
        return std::nullopt;
    }
    std::vector<scene::Panel> out;
    const auto known = scene::panel_names();
    for (std::size_t i = 0; i < p->size(); ++i) {
        const Node* item = p->items[i];
        const std::string key = v.key + "[" + std::to_string(i) + "]";
        auto nm = r.text(item, key, false);
        if (!nm) continue;
        auto panel = scene::panel_from_name(*nm);
        if (!panel) {
            std::string near = core::nearest(*nm, known);
            r.error(item, key + ": unknown panel '" + *nm + "'" + (near.empty() ? "" : " (did you mean '" + near + "'?)") +
                              "; known panels: " + join(known));
            continue;
        }
        if (std::find(out.begin(), out.end(), *panel) == out.end()) out.push_back(*panel);
    }
    return out;
}

void read_panels(SceneReader& sr, const Value& v) {
    sr.s.panels = scene::default_panels(sr.n);
    if (auto list = panel_list(sr.r, v)) sr.s.panels = std::move(*list);
}

void read_steps(SceneReader& sr, const Value& v) {
    Reader& r = sr.r;
    sr.s.steps = scene::default_steps();
    const Node* st = v.node;
    if (!st) return;
    if (st->kind != Kind::Sequence) {
        r.error(st, v.key + ": expected a list of steps, found " + describe(st));
        return;
    }
    if (st->size() == 0) {
        r.error(st, v.key + ": expected at least one step (leave 'steps' out for the six default stages), found an empty list");
        return;
    }
    if (st->size() > kMaxSteps) {
        r.error(st, v.key + ": at most " + std::to_string(kMaxSteps) + " steps are allowed (the limit), found " +
                        std::to_string(st->size()));
        return;
    }
    std::vector<scene::Step> out;
    scene::Stage previous = scene::Stage::Blend;  // a step without a stage repeats the one before
    for (std::size_t i = 0; i < st->size(); ++i) {
        const Node* node = st->items[i];
        const std::string where = v.key + "[" + std::to_string(i) + "]";
        scene::Step step;
        step.stage = previous;
        sr.step_nodes.push_back(node);
        if (node->kind == Kind::Null) {
            out.push_back(step);
            continue;
        }
        if (!r.is_map(node, where, "a step (a mapping with stage, say, …)")) continue;
        StepReader reader{sr, step};
        read_keys<StepReader>(r, node, where, where, kStep, reader);
        previous = step.stage;
        out.push_back(std::move(step));
    }
    sr.s.steps = std::move(out);
}

void read_experiments(SceneReader& sr, const Value& v) {
    Reader& r = sr.r;
    const Node* ex = v.node;
    if (!ex || ex->kind == Kind::Null) return;
    if (ex->kind != Kind::Sequence) {
        r.error(ex, v.key + ": expected a list of experiments, found " + describe(ex));
        return;
    }
    for (std::size_t i = 0; i < ex->size(); ++i) {
        const Node* node = ex->items[i];
        const std::string where = v.key + "[" + std::to_string(i) + "]";
        if (!r.is_map(node, where, "an experiment (a mapping with " + join(names<ExperimentReader>(kExperiment)) + ")")) continue;
        scene::Experiment e;
        ExperimentReader reader{sr, where, e};
        read_keys<ExperimentReader>(r, node, where, where, kExperiment, reader);
        sr.experiment_nodes.push_back(node);
        sr.s.experiments.push_back(std::move(e));
    }
}

const Key<SceneReader> kScene[] = {
    {"version", [](SceneReader& sr, const Value& v) {
         if (v) version(sr.r, v.node);
     }},
    {"scene", [](SceneReader& sr, const Value& v) {
         if (v)
             if (auto id = sr.r.name(v.node, v.key)) sr.s.id = *id;
     }},
    {"title", [](SceneReader& sr, const Value& v) {
         sr.s.title = sr.s.id;
         if (v)
             if (auto t = sr.r.text(v.node, v.key)) sr.s.title = t->empty() ? sr.s.id : *t, sr.r.shown(v.node, v.key);
     }},
    {"tokens", read_tokens},  // first of the vectors and controls: n checks them
    // The vectors, read together: q, k, v, or x with the projections; d is checked against them.
    {"d", read_vectors_of},
    {"q", read_vectors_of},
    {"k", read_vectors_of},
    {"v", read_vectors_of},
    {"x", read_vectors_of},
    {"w_q", read_vectors_of},
    {"w_k", read_vectors_of},
    {"w_v", read_vectors_of},
    {"w_o", read_vectors_of},
    {"heads", read_vectors_of},      // several heads, each its q, k, v or w_q, w_k, w_v (load/heads.cpp)
    {"positions", read_vectors_of},  // sinusoidal, learned or rotary (load/positions.cpp)
    {"start", [](SceneReader& sr, const Value& v) {
         if (!v || v.node->kind == Kind::Null) return;
         if (!sr.r.is_map(v.node, v.key, "a mapping with " + join(names<SceneReader>(kStart)))) return;
         read_keys<SceneReader>(sr.r, v.node, v.key, v.key, kStart, sr);
     }},
    {"panels", read_panels},
    {"steps", read_steps},
    {"experiments", read_experiments},
    {"quiz", [](SceneReader& sr, const Value& v) {
         if (!v || v.node->kind == Kind::Null) return;
         if (!sr.r.is_map(v.node, v.key, "a mapping with draw and questions")) return;
         sr.quiz_node = v.node;
         read_keys<SceneReader>(sr.r, v.node, v.key, v.key, kQuiz, sr);
     }},
};

}  // namespace

std::vector<std::string> scene_keys() { return names<SceneReader>(kScene); }

void read_scene(Reader& r, const Node* root, scene::Scene& s) {
    SceneReader sr{r, s};
    read_keys<SceneReader>(r, root, "the scene", "", kScene, sr);
    if (r.failed()) return;
    check_positions_panels(r, s, root);
    if (r.failed()) return;

    // The scene as a whole: its questions to predict, the length of its video, every state computable.
    check_scene(r, s, SceneNodes{root, sr.step_nodes, sr.experiment_nodes, sr.quiz_node}, sr.n && sr.d);
}

}  // namespace load
