// scene: the durations a deck plays for (animation, hold, reading time), the default steps and
// panels of a scene that gives none, a step's title, a scene as a deck of one slide.
#include "scene/scene.hpp"

#include <algorithm>
#include <array>

#include "scene/quiz.hpp"

namespace scene {

namespace {

constexpr std::array<const char*, 4> kEaseNames = {"linear", "in-out-cubic", "out-cubic", "in-out-sine"};

template <class E, std::size_t N>
std::optional<E> from_name(const std::array<const char*, N>& names, const std::string& name) {
    for (std::size_t i = 0; i < N; ++i)
        if (name == names[i]) return static_cast<E>(i);
    return std::nullopt;
}

template <std::size_t N>
std::vector<std::string> all_names(const std::array<const char*, N>& names) {
    return std::vector<std::string>(names.begin(), names.end());
}

}  // namespace

std::optional<Ease> ease_from_name(const std::string& name) { return from_name<Ease>(kEaseNames, name); }
std::vector<std::string> ease_names() { return all_names(kEaseNames); }

bool Scene::has(Panel p) const { return std::find(panels.begin(), panels.end(), p) != panels.end(); }

bool Scene::residual() const {
    if (x.empty()) return false;
    if (!w_o.empty()) return true;
    std::size_t width = 0;
    for (const Head& h : heads) width += h.v.empty() ? 0 : h.v[0].size();
    return width == x[0].size();
}

const std::vector<Panel>& Scene::panels_at(int step) const {
    if (step >= 0 && static_cast<std::size_t>(step) < steps.size() && !steps[static_cast<std::size_t>(step)].panels.empty())
        return steps[static_cast<std::size_t>(step)].panels;
    return panels;
}

double reading_time(const std::string& text) {
    int words = 0;
    bool in_word = false;
    for (unsigned char c : text) {
        bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
        if (!space && !in_word) ++words;
        in_word = !space;
    }
    return words * 60.0 / kNarrationWordsPerMinute;
}

double step_animation(const Step& s) { return s.duration >= 0 ? s.duration : default_duration(s.stage); }

double step_hold(const Step& s) {
    if (s.hold >= 0) return s.hold;
    // A voice never hurries the words: the step lasts the clip, or the words at a calm pace.
    if (s.voice_seconds > 0) return std::max(0.0, std::max(s.voice_seconds, reading_time(s.say)) - step_animation(s));
    return std::max(kDefaultHold, reading_time(s.say) - step_animation(s));
}

double ask_hold(const Step& s) {
    if (s.ask.empty()) return 0.0;
    return std::max({kDefaultHold, reading_time(s.ask), s.ask_voice_seconds}) + kThinkSeconds;
}

double slide_hold(const Slide& s) {
    if (s.duration >= 0) return s.duration;
    if (s.voice_seconds > 0) return std::max(0.0, std::max(s.voice_seconds, reading_time(s.say)) - kCrossFade);
    // Read on screen while heard: the longer of the slide's text and its narration.
    std::string text = s.title + " " + s.subtitle;
    for (const auto& b : s.bullets) text += " " + b;
    return std::max({kDefaultSlideDuration, reading_time(text), reading_time(s.say)});
}

double slide_end(double start, const Slide& s) {
    if (s.kind != Slide::Kind::Scene || !s.scene) return start + kCrossFade + slide_hold(s);
    double t = start;
    for (const Step& st : s.scene->steps) t = t + ask_hold(st) + step_animation(st) + step_hold(st);
    return t + quiz_pages_seconds(s.scene->quiz);  // the question pages a played-through video adds
}

std::vector<Step> default_steps() {
    std::vector<Step> steps;
    for (const StageInfo& s : stages()) {
        if (!*s.label) continue;  // not on the pipeline: no step of its own
        Step step;
        step.stage = s.stage;
        steps.push_back(step);
    }
    return steps;
}

std::vector<Panel> default_panels(std::size_t n) {
    if (n <= 8)
        return {Panel::TokenRow, Panel::KeyPlane, Panel::ValuePlane, Panel::ScoreRow, Panel::WeightBars,
                Panel::Pipeline, Panel::Readouts, Panel::Narration, Panel::ControlPanel};
    return {Panel::TokenRow, Panel::Matrix, Panel::Graph, Panel::Pipeline, Panel::Readouts, Panel::Narration,
            Panel::ControlPanel};
}

std::string step_title(const Step& s) { return s.title.empty() ? info(s.stage).title : s.title; }

Scene part_of(const Scene& whole, int first, int last, bool experiments, bool quiz) {
    Scene part = whole;
    const int n = static_cast<int>(whole.steps.size());
    first = std::clamp(first, 0, std::max(0, n - 1));
    last = std::clamp(last, first, std::max(0, n - 1));
    part.steps.assign(whole.steps.begin() + first, whole.steps.begin() + last + 1);
    for (int i = 0; i < first; ++i)
        if (!whole.steps[static_cast<std::size_t>(i)].set.empty()) part.prelude.push_back(whole.steps[static_cast<std::size_t>(i)].set);
    if (!experiments) part.experiments.clear();
    if (!quiz) {
        part.quiz = Quiz{};
        return part;
    }
    for (Question& q : part.quiz.questions) {
        q.after = q.after >= first && q.after <= last ? q.after - first : -1;
        if (!experiments) q.experiment.clear();
    }
    return part;
}

Deck deck_of(std::shared_ptr<const Scene> s) {
    Deck deck;
    deck.file = s->file;
    deck.title = s->title;
    Slide slide;
    slide.kind = Slide::Kind::Scene;
    slide.scene = std::move(s);
    deck.slides.push_back(std::move(slide));
    return deck;
}

}  // namespace scene
