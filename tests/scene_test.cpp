// scene/: the tables of stages, panels and controls, the rules that apply settings, the
// temperature scale, reading time and the defaults (tag [scene]). Failure cases first.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "scene/heads.hpp"
#include "scene/scene.hpp"

namespace {

// Four tokens in two dimensions, keys all different.
scene::Scene four() {
    scene::Scene s;
    s.heads.resize(1);
    s.tokens = {"a", "b", "c", "d"};
    s.heads[0].q = {{1, 0}, {0, 1}, {1, 1}, {-1, 2}};
    s.heads[0].k = {{1, 0}, {0, 2}, {3, 1}, {-2, 1}};
    s.heads[0].v = {{1, 0}, {0, 1}, {1, 1}, {2, 0}};
    s.focus = 1;
    s.temperature = 0.5;
    return s;
}

// A random value of a control's kind, as a Settings change of that control alone.
scene::ControlValue random_value(scene::ControlKind kind, std::mt19937& rng) {
    std::uniform_real_distribution<double> real(-50.0, 50.0);
    auto number = [&] {  // awkward doubles too: tiny, huge, many digits
        switch (rng() % 4) {
            case 0: return real(rng);
            case 1: return real(rng) * 1e-300;
            case 2: return real(rng) * 1e300;
            default: return std::round(real(rng));
        }
    };
    using K = scene::ControlKind;
    switch (kind) {
        case K::Token: return scene::ControlValue(std::in_place_type<int>, static_cast<int>(rng() % 4096));
        case K::Temperature: {
            const double t = rng() % 5 == 0 ? attention::kInfinity : rng() % 5 == 0 ? 0.0 : std::abs(number());
            return scene::ControlValue(std::in_place_type<double>, t);
        }
        case K::Switch: return scene::ControlValue(std::in_place_type<bool>, rng() % 2 == 0);
        case K::TokenPair:
            return scene::ControlValue(std::make_pair(static_cast<int>(rng() % 100), static_cast<int>(rng() % 100)));
        case K::Keys: {
            scene::KeyChange k;
            k.same = rng() % 3 == 0;
            if (rng() % 3 == 0) k.scale = number();
            const std::size_t moved = (k.same || k.scale) ? rng() % 3 : 1 + rng() % 3;
            std::set<int> tokens;
            for (std::size_t i = 0; i < moved; ++i) {
                const int t = static_cast<int>(rng() % 50);
                if (!tokens.insert(t).second) continue;
                core::Vec key(1 + rng() % 4);
                for (double& x : key) x = number();
                k.moved.emplace_back(t, key);
            }
            return scene::ControlValue(std::move(k));
        }
        case K::Head: return scene::ControlValue(scene::HeadChoice{static_cast<int>(rng() % 256)});
    }
    return {};
}

}  // namespace

// ---- stages and panels ----------------------------------------------------------------------

TEST_CASE("stage_from_name refuses unknown names; every stage round-trips", "[scene]") {
    for (const char* bad : {"", "Scores", "score", "softmx", " blend", "tokens "}) CHECK_FALSE(scene::stage_from_name(bad));
    for (const scene::StageInfo& s : scene::stages()) {
        CAPTURE(s.name);
        REQUIRE(scene::stage_from_name(s.name));
        CHECK(*scene::stage_from_name(s.name) == s.stage);
        CHECK(std::string(scene::stage_name(s.stage)) == s.name);
        CHECK(&scene::info(s.stage) == &s);
        CHECK(scene::default_duration(s.stage) == s.duration);
    }
}

TEST_CASE("the stage table is in enum order, with unique names, titles and positive durations", "[scene]") {
    const auto& table = scene::stages();
    REQUIRE(table.size() == static_cast<std::size_t>(scene::kStageCount));
    std::set<std::string> names, titles;
    for (int i = 0; i < scene::kStageCount; ++i) {
        const scene::StageInfo& s = table[static_cast<std::size_t>(i)];
        CAPTURE(i);
        CHECK(static_cast<int>(s.stage) == i);
        CHECK(names.insert(s.name).second);
        CHECK(titles.insert(s.title).second);
        CHECK_FALSE(std::string(s.title).empty());
        CHECK_FALSE(std::string(s.say).empty());
        CHECK(s.duration > 0);
    }
    std::vector<std::string> in_order;
    for (const auto& s : table) in_order.emplace_back(s.name);
    CHECK(scene::stage_names() == in_order);
}

TEST_CASE("panel and ease names round-trip and are unique", "[scene]") {
    CHECK_FALSE(scene::panel_from_name("heatmapp"));
    CHECK_FALSE(scene::ease_from_name("bounce"));
    const auto panels = scene::panel_names();
    CHECK(panels.size() == static_cast<std::size_t>(scene::kPanelCount));
    CHECK(std::set<std::string>(panels.begin(), panels.end()).size() == panels.size());
    for (int i = 0; i < scene::kPanelCount; ++i) {
        const auto p = static_cast<scene::Panel>(i);
        REQUIRE(scene::panel_from_name(scene::panel_name(p)));
        CHECK(*scene::panel_from_name(scene::panel_name(p)) == p);
    }
    for (const std::string& e : scene::ease_names()) {
        REQUIRE(scene::ease_from_name(e));
        CHECK(scene::ease_names()[static_cast<std::size_t>(*scene::ease_from_name(e))] == e);
    }
}

TEST_CASE("a step's title is its own, else its stage's", "[scene]") {
    scene::Step step;
    for (const scene::StageInfo& s : scene::stages()) {
        step.stage = s.stage;
        step.title.clear();
        CHECK(scene::step_title(step) == s.title);
        step.title = "My own";
        CHECK(scene::step_title(step) == "My own");
    }
    step.stage = scene::Stage::Scale;
    step.title.clear();
    CHECK(scene::step_title(step) == "Scale by √d");
}

TEST_CASE("the default steps are every stage of the table on the pipeline, in order, with defaults", "[scene]") {
    // Derived from the table, so a stage row added to scene/stages.hpp reaches every scene that
    // gives no steps: one step per stage with a pipeline card, none for the others.
    const auto steps = scene::default_steps();
    std::vector<scene::Stage> expected;
    for (const scene::StageInfo& st : scene::stages())
        if (*st.label) expected.push_back(st.stage);
    REQUIRE(steps.size() == expected.size());
    for (std::size_t i = 0; i < steps.size(); ++i) {
        CHECK(steps[i].stage == expected[i]);
        CHECK(steps[i].title.empty());
        CHECK(steps[i].set.empty());
        CHECK(steps[i].duration < 0);
        CHECK(steps[i].hold < 0);
    }
    // Today's table: the six stages from the scores to the blend; the tokens have no card.
    CHECK(steps.size() == 6);
    CHECK(steps.front().stage == scene::Stage::Scores);
    CHECK(steps.back().stage == scene::Stage::Blend);
    CHECK(scene::kStageCount == static_cast<int>(scene::stages().size()));
}

TEST_CASE("default panels: the one-row layout up to 8 tokens, the matrix beyond", "[scene]") {
    for (std::size_t n : {1, 2, 8, 9, 64, 4096}) {
        CAPTURE(n);
        const auto p = scene::default_panels(n);
        CHECK(std::set<scene::Panel>(p.begin(), p.end()).size() == p.size());  // no panel twice
        auto has = [&](scene::Panel x) { return std::find(p.begin(), p.end(), x) != p.end(); };
        for (auto always : {scene::Panel::TokenRow, scene::Panel::Pipeline, scene::Panel::Readouts,
                            scene::Panel::Narration, scene::Panel::ControlPanel})
            CHECK(has(always));
        CHECK(has(scene::Panel::KeyPlane) == (n <= 8));
        CHECK(has(scene::Panel::WeightBars) == (n <= 8));
        CHECK(has(scene::Panel::Matrix) == (n > 8));
        CHECK(has(scene::Panel::Graph) == (n > 8));
        CHECK_FALSE(has(scene::Panel::Projections));
    }
}

TEST_CASE("reading time: 160 words a minute (3/8 s a word), whatever the spacing", "[scene]") {
    REQUIRE(scene::kNarrationWordsPerMinute == 160);
    CHECK(scene::reading_time("") == 0.0);
    CHECK(scene::reading_time(" \n\t\r ") == 0.0);
    CHECK(scene::reading_time("one") == 0.375);
    CHECK(scene::reading_time("one two") == 0.75);
    CHECK(scene::reading_time("  one\t\ttwo\nthree\r\nfour  ") == 1.5);
    CHECK(scene::reading_time("q·k/√d, then ÷ T.") == 1.5);  // UTF-8 inside words counts once
    std::mt19937 rng(7);
    for (int i = 0; i < 500; ++i) {
        int words = 0;
        std::string text;
        const int count = static_cast<int>(rng() % 40);
        for (int w = 0; w < count; ++w) {
            text += std::string(rng() % 3, " \t\n"[rng() % 3]);
            text += w % 2 ? "word" : "é";
            text += " \t\n"[rng() % 3];
            ++words;
        }
        CHECK(scene::reading_time(text) == words * 0.375);
    }
}

TEST_CASE("the temperature scale maps [0, ∞] onto [0, 1] and back", "[scene]") {
    CHECK(scene::temperature_unit(0.0) == 0.0);
    CHECK(scene::temperature_unit(1.0) == 0.5);
    CHECK(scene::temperature_unit(attention::kInfinity) == 1.0);
    CHECK(scene::temperature_from_unit(0.0) == 0.0);
    CHECK(scene::temperature_from_unit(0.5) == 1.0);
    CHECK(std::isinf(scene::temperature_from_unit(1.0)));
    CHECK(std::isinf(scene::temperature_from_unit(7.0)));   // clamped
    CHECK(scene::temperature_from_unit(-3.0) == 0.0);       // clamped
    CHECK(scene::temperature_unit(-1.0) == 0.0);            // not a temperature: the bottom of the scale
    double prev = -1;
    for (int i = 0; i <= 1000; ++i) {
        const double g = i / 1000.0;
        const double T = scene::temperature_from_unit(g);
        CHECK(T > prev);  // strictly increasing: every T once
        prev = T;
        CHECK(scene::temperature_unit(T) == Approx(g).margin(1e-12));
    }
    // Back and forth loses about T·2⁻⁵³ relative (1 − g is small for a large T).
    for (double T : {1e-9, 0.01, 0.25, 3.0, 100.0, 1e6})
        CHECK(scene::temperature_from_unit(scene::temperature_unit(T)) == Approx(T).epsilon(1e-9));
}

// ---- controls ---------------------------------------------------------------------------------

TEST_CASE("the controls table: unique names, found by name, unknown names refused", "[scene][controls]") {
    CHECK(scene::control("focuss") == nullptr);
    CHECK(scene::control("") == nullptr);
    const auto names = scene::control_names();
    REQUIRE(names.size() == scene::controls().size());
    CHECK(std::set<std::string>(names.begin(), names.end()).size() == names.size());
    for (const scene::ControlInfo& c : scene::controls()) {
        CHECK(scene::control(c.name) == &c);
        CHECK_FALSE(std::string(c.meaning).empty());
    }
    // The names under `set:` of format v1 are all there.
    for (const char* name : {"focus", "temperature", "mask", "keys", "compare"}) CHECK(scene::control(name));
}

TEST_CASE("text forms refuse what a control cannot take", "[scene][controls]") {
    using K = scene::ControlKind;
    const std::pair<K, const char*> bad[] = {
        {K::Token, ""},          {K::Token, "x"},          {K::Token, "1.5"},        {K::Token, "1 2"},
        {K::Token, "inf"},       {K::Temperature, "-1"},   {K::Temperature, "nan"},  {K::Temperature, "-inf"},
        {K::Temperature, "1e999"}, {K::Temperature, ""},  {K::Switch, "true"},      {K::Switch, "maybe"},
        {K::Switch, "on off"},   {K::TokenPair, "1"},      {K::TokenPair, "1 2 3"},  {K::TokenPair, "a b"},
        {K::Keys, ""},           {K::Keys, "same,"},       {K::Keys, ", same"},      {K::Keys, "scale"},
        {K::Keys, "scale x"},    {K::Keys, "1"},           {K::Keys, "1 x"},         {K::Keys, "same same"},
        {K::Keys, "1 inf"},
    };
    for (const auto& [kind, text] : bad) {
        CAPTURE(static_cast<int>(kind), text);
        scene::ControlValue v;
        std::string error;
        CHECK_FALSE(scene::from_text(kind, text, v, error));
        CHECK_THAT(error, Catch::StartsWith("expected "));
    }
    scene::ControlValue v;
    std::string error;
    REQUIRE(scene::from_text(K::Temperature, "-0", v, error));
    CHECK_FALSE(std::signbit(std::get<double>(v)));  // -0 is 0
    REQUIRE(scene::from_text(K::Keys, "  same ,  scale 2,1 3 4 ", v, error));
    CHECK(std::get<scene::KeyChange>(v) == scene::KeyChange{true, 2.0, {{1, {3, 4}}}});
    REQUIRE(scene::from_text(K::Token, "2.0", v, error));  // as recordings of old wrote numbers
    CHECK(std::get<int>(v) == 2);
}

TEST_CASE("every control round-trips through Settings and its text form", "[scene][controls]") {
    std::mt19937 rng(8);
    for (const scene::ControlInfo& c : scene::controls()) {
        CAPTURE(c.name);
        scene::Settings none;
        CHECK_FALSE(c.get(none));
        for (int i = 0; i < 300; ++i) {
            const scene::ControlValue value = random_value(c.kind, rng);
            REQUIRE(value.index() == static_cast<std::size_t>(c.kind));
            scene::Settings s;
            c.put(s, value);
            CHECK_FALSE(s.empty());
            const auto got = c.get(s);
            REQUIRE(got);
            CHECK(*got == value);
            // Only this control is set.
            for (const scene::ControlInfo& other : scene::controls())
                if (&other != &c) CHECK_FALSE(other.get(s));
            const std::string text = scene::to_text(c.kind, value);
            CAPTURE(text);
            scene::ControlValue back;
            std::string error;
            REQUIRE(scene::from_text(c.kind, text, back, error));
            CHECK(back == value);
            c.clear(s);
            CHECK_FALSE(c.get(s));
            CHECK(s.empty());
        }
    }
}

TEST_CASE("merge: later wins, moved keys per token, a change to every key replaces the moves", "[scene][controls]") {
    scene::Settings edits;
    scene::Settings a;
    a.focus = 1;
    a.temperature = 2.0;
    a.keys = {{1, {1, 1}}, {2, {2, 2}}};
    scene::merge(edits, a);
    scene::Settings b;
    b.focus = 3;
    b.keys = {{1, {9, 9}}};
    b.temperature = -1.0;  // not a temperature: the earlier one stays
    scene::merge(edits, b);
    CHECK(edits.focus == 3);
    CHECK(edits.temperature == 2.0);
    CHECK(edits.keys == std::vector<std::pair<int, core::Vec>>{{2, {2, 2}}, {1, {9, 9}}});
    scene::Settings nan;
    nan.temperature = std::nan("");
    scene::merge(edits, nan);
    CHECK(edits.temperature == 2.0);
    scene::Settings scale;
    scale.key_scale = 3.0;
    scene::merge(edits, scale);
    CHECK(edits.key_scale == 3.0);
    CHECK(edits.keys.empty());
    CHECK_FALSE(edits.keys_same);
    scene::merge(edits, scene::Settings{});  // nothing set: nothing changes
    CHECK(edits.focus == 3);
    CHECK(edits.key_scale == 3.0);

    // Property: after merging any change, every control the change sets reads as the change's.
    std::mt19937 rng(9);
    for (int i = 0; i < 500; ++i) {
        scene::Settings before, change;
        for (const scene::ControlInfo& c : scene::controls()) {
            if (rng() % 2) c.put(before, random_value(c.kind, rng));
            if (rng() % 2) c.put(change, random_value(c.kind, rng));
        }
        scene::Settings after = before;
        scene::merge(after, change);
        for (const scene::ControlInfo& c : scene::controls()) {
            CAPTURE(c.name);
            const auto was = c.get(before), set = c.get(change), now = c.get(after);
            if (!set) {
                CHECK(now == was);
                continue;
            }
            const auto& k = std::get_if<scene::KeyChange>(&*set);
            if (k && !k->same && !k->scale && was) {
                // Moves only: the earlier key change stays, with these tokens moved here.
                const auto& merged = std::get<scene::KeyChange>(*now);
                for (const auto& m : k->moved) CHECK(std::count(merged.moved.begin(), merged.moved.end(), m) == 1);
                CHECK(merged.same == std::get<scene::KeyChange>(*was).same);
                CHECK(merged.scale == std::get<scene::KeyChange>(*was).scale);
            } else {
                CHECK(now == set);
            }
        }
    }
}

TEST_CASE("yield drops exactly the controls the script sets", "[scene][controls]") {
    std::mt19937 rng(10);
    for (int i = 0; i < 500; ++i) {
        scene::Settings edits, script;
        for (const scene::ControlInfo& c : scene::controls()) {
            if (rng() % 2) c.put(edits, random_value(c.kind, rng));
            if (rng() % 2) c.put(script, random_value(c.kind, rng));
        }
        scene::Settings after = edits;
        scene::yield(after, script);
        for (const scene::ControlInfo& c : scene::controls()) {
            CAPTURE(c.name);
            if (c.get(script)) CHECK_FALSE(c.get(after));
            else CHECK(c.get(after) == c.get(edits));
        }
    }
}

TEST_CASE("apply ignores what the scene cannot take", "[scene][controls]") {
    const scene::Scene s = four();
    const scene::Controls start = scene::start_controls(s);
    CHECK(start.focus == 1);
    CHECK(start.temperature == 0.5);
    CHECK(start.keys == s.heads[0].k);
    scene::Settings bad;
    for (int focus : {-1, 4, 1000}) {
        bad.focus = focus;
        CHECK(scene::apply(s, start, bad).focus == 1);
    }
    bad = {};
    bad.temperature = -0.5;
    CHECK(scene::apply(s, start, bad).temperature == 0.5);
    bad.temperature = std::nan("");
    CHECK(scene::apply(s, start, bad).temperature == 0.5);
    bad = {};
    bad.keys = {{-1, {5, 5}}, {4, {5, 5}}, {2, {5, 5, 5}}, {0, {5}}};  // no such token, wrong width
    CHECK(scene::apply(s, start, bad).keys == s.heads[0].k);
    CHECK(scene::apply(s, start, scene::Settings{}).keys == s.heads[0].k);
}

TEST_CASE("apply: focus, temperature incl. 0 and ∞, mask, compare", "[scene][controls]") {
    const scene::Scene s = four();
    const scene::Controls start = scene::start_controls(s);
    scene::Settings set;
    set.focus = 3;
    set.temperature = 0.0;
    set.mask = true;
    set.compare = std::make_pair(0, 2);
    scene::Controls c = scene::apply(s, start, set);
    CHECK(c.focus == 3);
    CHECK(c.temperature == 0.0);
    CHECK(c.mask);
    CHECK(c.compare == std::make_pair(0, 2));
    set = {};
    set.temperature = attention::kInfinity;
    c = scene::apply(s, c, set);
    CHECK(std::isinf(c.temperature));
    CHECK(c.focus == 3);  // unset: left as it was
    CHECK(c.mask);
    const attention::Input in = scene::attention_input(s, c);
    CHECK(in.q == s.heads[0].q);
    CHECK(in.v == s.heads[0].v);
    CHECK(in.k == c.keys);
    CHECK(std::isinf(in.temperature));
    CHECK(in.causal);
}

TEST_CASE("apply: keys same is the mean, then the scale, then the moved keys", "[scene][controls]") {
    const scene::Scene s = four();
    const scene::Controls start = scene::start_controls(s);
    scene::Settings same;
    same.keys_same = true;
    scene::Controls c = scene::apply(s, start, same);
    for (const auto& key : c.keys) {
        CHECK(key[0] == Approx((1 + 0 + 3 - 2) / 4.0));
        CHECK(key[1] == Approx((0 + 2 + 1 + 1) / 4.0));
    }
    scene::Settings scale;
    scale.key_scale = -2.0;
    c = scene::apply(s, start, scale);
    for (std::size_t i = 0; i < 4; ++i) CHECK(c.keys[i] == core::Vec{-2 * s.heads[0].k[i][0], -2 * s.heads[0].k[i][1]});
    // All three at once: the mean, scaled, then key 2 placed where it is said (not scaled).
    scene::Settings all;
    all.keys_same = true;
    all.key_scale = 2.0;
    all.keys = {{2, {7, -7}}};
    c = scene::apply(s, start, all);
    CHECK(c.keys[0][0] == Approx(1.0));
    CHECK(c.keys[0][1] == Approx(2.0));
    CHECK(c.keys[3] == c.keys[0]);
    CHECK(c.keys[2] == core::Vec{7, -7});
    // Moved keys: the last move of a token wins.
    scene::Settings moves;
    moves.keys = {{1, {1, 1}}, {1, {4, 4}}};
    CHECK(scene::apply(s, start, moves).keys[1] == core::Vec{4, 4});
}
