// Test support: the scenes, slides and decks that tests build in code, written once. A test that
// needs a variant copies one of these and changes what it tests (a step's panels, a quiz, an
// experiment) rather than building its own. Plain scene/ data only: no loader, no drawing.
#pragma once

#include <cmath>
#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "scene/scene.hpp"

namespace support {

// ---- scenes --------------------------------------------------------------------------------

// "The cat chased the mouse ." with hand-placed 2-D vectors (not the scene file's), focus on
// "chased", the default panels and steps, and the mask switched on at the mask step.
inline std::shared_ptr<scene::Scene> sentence_scene() {
    auto s = std::make_shared<scene::Scene>();
    s->heads.resize(1);
    s->id = "one-query-row";
    s->title = "Each word decides which other words matter";
    s->tokens = {"The", "cat", "chased", "the", "mouse", "."};
    s->heads[0].q = {{0.3, -0.5}, {0.8, 0.2}, {1.0, 0.9}, {0.2, -0.4}, {0.6, 0.5}, {0.1, 0.1}};
    s->heads[0].k = {{-0.6, 0.3}, {1.2, 0.6}, {0.2, -0.8}, {-0.5, 0.2}, {0.9, 1.0}, {-0.2, -0.6}};
    s->heads[0].v = {{-1.0, 0.6}, {1.4, 1.0}, {0.2, -1.2}, {-0.8, 0.4}, {1.0, 1.6}, {-0.2, -0.4}};
    s->focus = 2;
    s->panels = scene::default_panels(6);
    s->steps = scene::default_steps();
    s->steps[3].set.mask = true;  // the mask step switches the mask on
    return s;
}

// "The cat chased the mouse ." with the vectors of scenes/one-query-row.yaml, focus on
// "chased", the default panels and steps; no experiments, quiz or notes (each test adds its own).
inline std::shared_ptr<scene::Scene> cat_scene() {
    auto s = std::make_shared<scene::Scene>();
    s->heads.resize(1);
    s->id = "cat";
    s->title = "Each word decides which other words matter";
    s->tokens = {"The", "cat", "chased", "the", "mouse", "."};
    s->heads[0].q = {{1.0, 0.8}, {0.3, -1.3}, {1.8, 0.7}, {1.2, 0.1}, {0.2, -1.2}, {0.15, -0.12}};
    s->heads[0].k = {{-0.6, 0.9}, {1.2, 0.8}, {0.2, -1.0}, {-0.5, 1.0}, {1.3, 0.3}, {-0.9, -0.5}};
    s->heads[0].v = {{-1.8, -0.2}, {-0.9, 1.6}, {0.2, -1.6}, {-1.5, -0.6}, {1.0, 1.5}, {1.7, -0.5}};
    s->focus = 2;
    s->panels = scene::default_panels(6);
    s->steps = scene::default_steps();
    return s;
}

// "The animal didn't cross the street because it was too tired ." in 4 dimensions: twelve
// tokens, so the default panels are the matrix layout (too many tokens to write numbers in the
// cells); focus on "it", the mask on at the mask step, "it" against "animal" compared at step 6.
inline std::shared_ptr<scene::Scene> matrix_scene() {
    auto s = std::make_shared<scene::Scene>();
    s->heads.resize(1);
    s->id = "matrix";
    s->title = "Attention is a matrix";
    s->tokens = {"The", "animal", "didn't", "cross", "the", "street", "because", "it", "was", "too", "tired", "."};
    const std::size_t n = s->tokens.size();
    for (std::size_t i = 0; i < n; ++i) {
        double a = 0.9 * static_cast<double>(i);
        s->heads[0].q.push_back({std::cos(a), std::sin(a), 0.5 * std::cos(2 * a), 0.3});
        s->heads[0].k.push_back({std::cos(a + 0.4), std::sin(a + 0.4), 0.5 * std::sin(a), -0.2});
        s->heads[0].v.push_back({std::cos(a), std::sin(a)});
    }
    s->focus = 7;
    s->panels = scene::default_panels(n);
    s->steps = scene::default_steps();
    s->steps[3].set.mask = true;
    s->steps[5].set.compare = std::make_pair(7, 1);
    return s;
}

// "a b c" with q = k = v = (1, 0), (0, 1), (1, 1): the scene of support::kTiny (files.hpp), built
// in code, with the default panels and steps.
inline std::shared_ptr<scene::Scene> tiny_scene() {
    auto s = std::make_shared<scene::Scene>();
    s->heads.resize(1);
    s->id = "tiny";
    s->tokens = {"a", "b", "c"};
    s->heads[0].q = {{1, 0}, {0, 1}, {1, 1}};
    s->heads[0].k = {{1, 0}, {0, 1}, {1, 1}};
    s->heads[0].v = {{1, 0}, {0, 1}, {1, 1}};
    s->steps = scene::default_steps();
    s->panels = scene::default_panels(3);
    return s;
}

// "a b c" whose keys differ from their queries (so no row is symmetric), titled "Test scene",
// with the default panels and no steps: the caller gives the steps it times.
inline std::shared_ptr<scene::Scene> abc_scene(std::string id = "test", std::string title = "Test scene") {
    auto s = std::make_shared<scene::Scene>();
    s->heads.resize(1);
    s->id = std::move(id);
    s->title = std::move(title);
    s->tokens = {"a", "b", "c"};
    s->heads[0].q = {{1, 0}, {0, 1}, {1, 1}};
    s->heads[0].k = {{1, 0.2}, {-0.3, 1}, {0.8, 0.9}};
    s->heads[0].v = {{1, 0}, {0, 1}, {-1, -0.5}};
    s->panels = scene::default_panels(3);
    return s;
}

// ---- slides and decks ----------------------------------------------------------------------

inline scene::Slide title_slide(std::string title, std::string subtitle = {}) {
    scene::Slide s;
    s.kind = scene::Slide::Kind::Title;
    s.title = std::move(title);
    s.subtitle = std::move(subtitle);
    return s;
}

inline scene::Slide text_slide(std::string title, std::vector<std::string> bullets) {
    scene::Slide s;
    s.kind = scene::Slide::Kind::Text;
    s.title = std::move(title);
    s.bullets = std::move(bullets);
    return s;
}

inline scene::Slide scene_slide(std::shared_ptr<const scene::Scene> sc) {
    scene::Slide s;
    s.scene = std::move(sc);
    return s;
}

// A deck titled "test": a title slide "Attention", then the scene.
inline std::shared_ptr<const scene::Deck> titled_deck(std::shared_ptr<const scene::Scene> s) {
    auto d = std::make_shared<scene::Deck>();
    d->title = "test";
    d->slides = {title_slide("Attention"), scene_slide(std::move(s))};
    return d;
}

}  // namespace support
