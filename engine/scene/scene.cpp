#include "scene/scene.hpp"

#include <algorithm>
#include <array>

namespace scene {

namespace {

constexpr std::array<const char*, kStageCount> kStageNames = {"tokens", "scores", "scale", "temperature",
                                                               "mask", "softmax", "blend"};
constexpr std::array<const char*, 13> kPanelNames = {"token-row", "matrix", "graph", "key-plane", "value-plane",
                                                      "score-row", "weight-bars", "pipeline", "readouts",
                                                      "narration", "arithmetic", "controls", "projections"};
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

const char* stage_name(Stage s) { return kStageNames[static_cast<std::size_t>(s)]; }
std::optional<Stage> stage_from_name(const std::string& name) { return from_name<Stage>(kStageNames, name); }
std::vector<std::string> stage_names() { return all_names(kStageNames); }

const char* panel_name(Panel p) { return kPanelNames[static_cast<std::size_t>(p)]; }
std::optional<Panel> panel_from_name(const std::string& name) { return from_name<Panel>(kPanelNames, name); }
std::vector<std::string> panel_names() { return all_names(kPanelNames); }

std::optional<Ease> ease_from_name(const std::string& name) { return from_name<Ease>(kEaseNames, name); }
std::vector<std::string> ease_names() { return all_names(kEaseNames); }

bool Scene::has(Panel p) const { return std::find(panels.begin(), panels.end(), p) != panels.end(); }

double default_duration(Stage s) {
    switch (s) {
        case Stage::Tokens: return 1.0;
        case Stage::Scores: return 2.0;
        case Stage::Scale: return 1.2;
        case Stage::Temperature: return 1.5;
        case Stage::Mask: return 1.2;
        case Stage::Softmax: return 2.4;  // two beats: exponentiate, then normalise
        case Stage::Blend: return 2.4;
    }
    return 1.5;
}

double reading_time(const std::string& text) {
    int words = 0;
    bool in_word = false;
    for (unsigned char c : text) {
        bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
        if (!space && !in_word) ++words;
        in_word = !space;
    }
    return words * 0.25;
}

std::vector<Step> default_steps() {
    std::vector<Step> steps;
    for (Stage s : {Stage::Scores, Stage::Scale, Stage::Temperature, Stage::Mask, Stage::Softmax, Stage::Blend}) {
        Step step;
        step.stage = s;
        steps.push_back(step);
    }
    return steps;
}

std::vector<Panel> default_panels(std::size_t n) {
    if (n <= 8)
        return {Panel::TokenRow, Panel::KeyPlane, Panel::ValuePlane, Panel::ScoreRow, Panel::WeightBars,
                Panel::Pipeline, Panel::Readouts, Panel::Narration, Panel::Controls};
    return {Panel::TokenRow, Panel::Matrix, Panel::Graph, Panel::Pipeline, Panel::Readouts, Panel::Narration,
            Panel::Controls};
}

Controls start_controls(const Scene& s) {
    Controls c;
    c.focus = s.focus;
    c.temperature = s.temperature;
    c.mask = s.mask;
    c.keys = s.k;
    return c;
}

Controls apply(const Scene& s, Controls c, const Settings& set) {
    const int n = static_cast<int>(s.n());
    if (set.focus && *set.focus >= 0 && *set.focus < n) c.focus = *set.focus;
    if (set.temperature && *set.temperature >= 0) c.temperature = *set.temperature;
    if (set.mask) c.mask = *set.mask;
    if (set.keys_same && !c.keys.empty()) {
        core::Vec mean(c.keys[0].size(), 0.0);
        for (const auto& key : c.keys)
            for (std::size_t i = 0; i < key.size(); ++i) mean[i] += key[i] / static_cast<double>(c.keys.size());
        for (auto& key : c.keys) key = mean;
    }
    if (set.key_scale)
        for (auto& key : c.keys)
            for (double& x : key) x *= *set.key_scale;
    for (const auto& [token, key] : set.keys)
        if (token >= 0 && token < n && key.size() == s.d()) c.keys[static_cast<std::size_t>(token)] = key;
    if (set.compare) c.compare = set.compare;
    return c;
}

attention::Input attention_input(const Scene& s, const Controls& c) {
    attention::Input in;
    in.q = s.q;
    in.k = c.keys;
    in.v = s.v;
    in.temperature = c.temperature;
    in.causal = c.mask;
    return in;
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
