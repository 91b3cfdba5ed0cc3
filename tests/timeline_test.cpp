// The timeline: steps as markers, seeks, tweens and the command reducer (tag [timeline]).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <set>
#include <random>

#include "support/decks.hpp"
#include "timeline/timeline.hpp"

using namespace timeline;

namespace {

// support::tiny_scene with an experiment "cold" (T = 0).
std::shared_ptr<scene::Scene> tiny_scene() {
    auto s = support::tiny_scene();
    s->experiments.push_back({"cold", scene::Settings{.temperature = 0.0}, "one-hot"});
    return s;
}

scene::Deck two_slide_deck() {
    scene::Deck deck = scene::deck_of(tiny_scene());
    deck.slides.insert(deck.slides.begin(), support::title_slide("Attention"));
    return deck;
}

// The two-slide deck held at the end of span `span`, where commands are applied.
struct Held {
    scene::Deck deck = two_slide_deck();
    Layout lay = layout(deck);
    State s;
    double now;
    explicit Held(int span) : s(state_at_span(lay, span)), now(lay.spans[static_cast<std::size_t>(span)].end()) {}
    void apply(const Command& c) { s = timeline::apply(deck, lay, s, c, now); }
    View view(double at) const { return evaluate(deck, lay, s, at); }
};

}  // namespace

TEST_CASE("easing curves start at 0, end at 1 and never leave [0, 1]", "[timeline]") {
    for (auto e : {scene::Ease::Linear, scene::Ease::InOutCubic, scene::Ease::OutCubic, scene::Ease::InOutSine}) {
        CHECK(ease(e, 0.0) == Approx(0.0).margin(1e-15));
        CHECK(ease(e, 1.0) == Approx(1.0).margin(1e-15));
        double prev = 0;
        for (int i = 0; i <= 100; ++i) {
            double y = ease(e, i / 100.0);
            CHECK(y >= prev - 1e-15);
            CHECK(y <= 1.0 + 1e-15);
            prev = y;
        }
        CHECK(ease(e, -3) == ease(e, 0));
        CHECK(ease(e, 7) == ease(e, 1));
    }
}

TEST_CASE("temperature tweens through every value between 0 and infinity", "[timeline]") {
    CHECK(tween_temperature(1.0, attention::kInfinity, 0.0) == 1.0);
    CHECK(std::isinf(tween_temperature(1.0, attention::kInfinity, 1.0)));
    double prev = 1.0;
    for (int i = 1; i < 100; ++i) {
        double t = tween_temperature(1.0, attention::kInfinity, i / 100.0);
        CHECK(std::isfinite(t));
        CHECK(t > prev);
        prev = t;
    }
    CHECK(tween_temperature(1.0, 0.0, 0.5) == Approx(1.0 / 3.0));
}

TEST_CASE("the layout puts every step on one timeline", "[timeline]") {
    scene::Deck deck = two_slide_deck();
    Layout lay = layout(deck);
    REQUIRE(lay.spans.size() == 7);  // title + six stages
    double t = 0;
    for (const Span& sp : lay.spans) {
        CHECK(sp.start == Approx(t));
        t = sp.end();
    }
    CHECK(lay.total == Approx(t));
    CHECK(lay.at(-1) == 0);
    CHECK(lay.at(lay.spans[3].start) == 3);
    CHECK(lay.at(lay.spans[3].start - 1e-9) == 2);
    CHECK(lay.at(lay.total + 10) == 6);
    CHECK(lay.first_of(1) == 1);
}

namespace {

// The two-slide deck and a third slide whose steps do not fit the frame grid: a step shorter than
// a frame at 24 fps, one without animation, one without hold, and every ease.
scene::Deck odd_deck() {
    scene::Deck deck = two_slide_deck();
    auto sc = tiny_scene();
    sc->steps.resize(4);
    const double anim[] = {1.25, 0.7, 0.03, 0.0};
    const double hold[] = {0.33, 0.0, 0.05, 0.5};
    const scene::Ease eases[] = {scene::Ease::Linear, scene::Ease::OutCubic, scene::Ease::InOutSine,
                                 scene::Ease::InOutCubic};
    for (std::size_t i = 0; i < 4; ++i) {
        sc->steps[i].duration = anim[i];
        sc->steps[i].hold = hold[i];
        sc->steps[i].ease = eases[i];
    }
    deck.slides.push_back(support::scene_slide(sc));
    return deck;
}

}  // namespace

TEST_CASE("at 24, 30 and 60 fps every frame time i/fps shows the right step at the right progress", "[timeline]") {
    const scene::Deck deck = odd_deck();
    const Layout lay = layout(deck);
    REQUIRE(lay.spans.size() == 11);
    for (int fps : {24, 30, 60}) {
        CAPTURE(fps);
        const long frames = static_cast<long>(std::ceil(lay.total * fps));
        std::vector<long> in_span(lay.spans.size(), 0);
        std::vector<View> views;  // frame i's view
        int previous = 0;
        for (long i = 0; i < frames; ++i) {
            const double t = static_cast<double>(i) / fps;
            CAPTURE(i, t);
            const State s = state_at(lay, t);
            const View v = evaluate(deck, lay, s, t);
            REQUIRE(s.span >= 0);
            REQUIRE(static_cast<std::size_t>(s.span) < lay.spans.size());
            const Span& sp = lay.spans[static_cast<std::size_t>(s.span)];
            // The step whose span holds t, never an earlier one than the frame before.
            CHECK(sp.start <= t);
            CHECK(t < sp.end());
            CHECK(s.span >= previous);
            previous = s.span;
            CHECK(v.span == s.span);
            CHECK(v.slide == sp.slide);
            CHECK(v.step == sp.step);
            // At its progress: seconds since the span began over its animation, eased by its ease.
            const double u = sp.anim > 0 ? std::clamp((t - sp.start) / sp.anim, 0.0, 1.0) : 1.0;
            CHECK(v.local == Approx(t - sp.start).margin(1e-12));
            CHECK(v.u_linear == Approx(u).margin(1e-12));
            CHECK(v.u == Approx(ease(sp.ease, u)).margin(1e-12));
            ++in_span[static_cast<std::size_t>(s.span)];
            views.push_back(v);
        }
        for (std::size_t k = 0; k < lay.spans.size(); ++k) {
            const Span& sp = lay.spans[k];
            CAPTURE(k, sp.start, sp.anim, sp.hold);
            // A step lasts as long at every frame rate: its duration × fps frames, give or take one.
            CHECK(std::abs(static_cast<double>(in_span[k]) - (sp.end() - sp.start) * fps) <= 1.0);
            // Its first frame is the first at or after its start, and the frame before is the step before.
            const long first = static_cast<long>(std::ceil(sp.start * fps - 1e-9));
            const long last = static_cast<long>(std::ceil(sp.end() * fps - 1e-9)) - 1;
            if (first > last) continue;  // shorter than a frame and between two frames: none shows it
            CHECK(views[static_cast<std::size_t>(first)].span == static_cast<int>(k));
            CHECK(views[static_cast<std::size_t>(first)].u_linear <= 1.0 / (fps * std::max(sp.anim, 1e-9)) + 1e-9);
            if (first > 0) CHECK(views[static_cast<std::size_t>(first - 1)].span < static_cast<int>(k));
            // Its last frame: the end state once the hold has begun, still moving without a hold.
            const View& end = views[static_cast<std::size_t>(last)];
            CHECK(end.span == static_cast<int>(k));
            if (static_cast<double>(last) / fps >= sp.start + sp.anim) {
                CHECK(end.u_linear == 1.0);
                CHECK(end.u == 1.0);
            } else {
                CHECK(end.u_linear < 1.0);
                CHECK(end.animating);
            }
            // The frame nearest the middle of the animation is half way, within half a frame.
            if (sp.anim * fps >= 2) {
                const long mid = std::lround((sp.start + sp.anim / 2) * fps);
                CHECK(views[static_cast<std::size_t>(mid)].span == static_cast<int>(k));
                CHECK(views[static_cast<std::size_t>(mid)].u_linear == Approx(0.5).margin(0.5 / (sp.anim * fps) + 1e-9));
                CHECK(views[static_cast<std::size_t>(mid)].animating);
            }
        }
    }
}

TEST_CASE("evaluating the same time twice gives the same view", "[timeline]") {
    scene::Deck deck = two_slide_deck();
    Layout lay = layout(deck);
    for (double t = 0; t < lay.total; t += 0.37) {
        State s = state_at(lay, t);
        View a = evaluate(deck, lay, s, t), b = evaluate(deck, lay, s, t);
        CHECK(a.span == b.span);
        CHECK(a.u == b.u);
        CHECK(a.controls.temperature == b.controls.temperature);
        CHECK(a.trace().weights.data == b.trace().weights.data);
    }
}

TEST_CASE("next completes a running animation, then advances; back shows the end state", "[timeline]") {
    scene::Deck deck = two_slide_deck();
    Layout lay = layout(deck);
    State s = state_at_span(lay, 1);
    double now = lay.spans[1].start + 0.1;  // mid-animation
    CHECK(evaluate(deck, lay, s, now).u_linear < 1.0);
    s = apply(deck, lay, s, cmd::Next{}, now);
    CHECK(s.span == 1);
    CHECK(evaluate(deck, lay, s, now).u_linear == 1.0);
    s = apply(deck, lay, s, cmd::Next{}, now + 0.01);
    CHECK(s.span == 2);
    CHECK(evaluate(deck, lay, s, now + 0.01).u_linear == 0.0);
    s = apply(deck, lay, s, cmd::Back{}, now + 0.02);
    CHECK(s.span == 1);
    CHECK(evaluate(deck, lay, s, now + 0.02).u_linear == 1.0);
    s = apply(deck, lay, s, cmd::Replay{}, now + 0.03);
    CHECK(evaluate(deck, lay, s, now + 0.03).u_linear == 0.0);
    s = apply(deck, lay, s, cmd::Seek{0.5}, now + 0.04);
    CHECK(evaluate(deck, lay, s, now + 0.04).u_linear == Approx(0.5));
    s = apply(deck, lay, s, cmd::Goto{99}, now + 0.05);
    CHECK(s.span == 6);
}

TEST_CASE("pause freezes the animation and speed rescales it without a jump", "[timeline]") {
    scene::Deck deck = two_slide_deck();
    Layout lay = layout(deck);
    State s = state_at_span(lay, 2);
    double t0 = lay.spans[2].start;
    s = apply(deck, lay, s, cmd::Pause{}, t0 + 0.2);
    double frozen = evaluate(deck, lay, s, t0 + 0.2).u_linear;
    CHECK(evaluate(deck, lay, s, t0 + 5.0).u_linear == frozen);
    s = apply(deck, lay, s, cmd::Pause{}, t0 + 5.0);
    CHECK(evaluate(deck, lay, s, t0 + 5.0).u_linear == Approx(frozen));
    double before = evaluate(deck, lay, s, t0 + 5.1).local;
    s = apply(deck, lay, s, cmd::Speed{0.25}, t0 + 5.1);
    CHECK(evaluate(deck, lay, s, t0 + 5.1).local == Approx(before));
    CHECK(evaluate(deck, lay, s, t0 + 5.5).local == Approx(before + 0.1));
}

TEST_CASE("edits change the controls in force and reset drops them", "[timeline]") {
    Held h(6);
    h.apply(cmd::Focus{2});
    h.apply(cmd::Temperature{0.25});
    h.apply(cmd::MoveKey{1, {3, 3}});
    h.apply(cmd::Mask{true});
    View v = h.view(h.now);
    CHECK(v.controls.focus == 2);
    CHECK(v.controls.temperature == 0.25);
    CHECK(v.controls.keys[1] == core::Vec{3, 3});
    CHECK(v.trace().causal);
    CHECK(v.trace().weights(0, 1) == 0.0);
    h.apply(cmd::Reset{});
    v = h.view(h.now);
    CHECK(v.controls.focus == 0);
    CHECK(v.controls.temperature == 1.0);
    CHECK_FALSE(v.trace().causal);
}

TEST_CASE("an experiment tweens the controls to its settings", "[timeline]") {
    Held h(6);
    h.apply(cmd::Experiment{0});
    View mid = h.view(h.now + 0.4);
    CHECK(mid.animating);
    CHECK(mid.controls.temperature > 0.0);
    CHECK(mid.controls.temperature < 1.0);
    View end = h.view(h.now + 2.0);
    CHECK(end.controls.temperature == 0.0);
    for (std::size_t i = 0; i < 3; ++i) {
        double mx = 0;
        for (std::size_t j = 0; j < 3; ++j) mx = std::max(mx, end.trace().weights(i, j));
        CHECK(mx >= 0.5);  // one-hot, or a tie shared
    }
}

TEST_CASE("the first step of a slide cross-fades from the previous one", "[timeline]") {
    scene::Deck deck = two_slide_deck();
    Layout lay = layout(deck);
    State s = state_at_span(lay, 1);
    View v = evaluate(deck, lay, s, lay.spans[1].start + scene::kCrossFade / 2);
    CHECK(v.fade_from_span == 0);
    CHECK(v.fade_u == Approx(0.5));
    View later = evaluate(deck, lay, s, lay.spans[1].start + scene::kCrossFade);
    CHECK(later.fade_from_span == -1);
}

TEST_CASE("a step that shows other panels cross-fades from the step before", "[timeline]") {
    auto sc = tiny_scene();
    sc->steps[2].panels = {scene::Panel::TokenRow, scene::Panel::Scaling};
    scene::Deck deck = scene::deck_of(sc);
    Layout lay = layout(deck);
    // Step 2 shows its own panels: it fades in over step 1's end, as a new slide does.
    View in = evaluate(deck, lay, state_at_span(lay, 2), lay.spans[2].start + scene::kCrossFade / 2);
    REQUIRE(in.panels);
    CHECK(*in.panels == sc->steps[2].panels);
    CHECK(in.fade_from_span == 1);
    CHECK(in.fade_u == Approx(0.5));
    CHECK(in.animating);
    // Step 3 goes back to the scene's panels: it fades too.
    View back = evaluate(deck, lay, state_at_span(lay, 3), lay.spans[3].start + scene::kCrossFade / 2);
    CHECK(*back.panels == sc->panels);
    CHECK(back.fade_from_span == 2);
    // Step 4 shows what step 3 showed: no fade.
    View same = evaluate(deck, lay, state_at_span(lay, 4), lay.spans[4].start + scene::kCrossFade / 2);
    CHECK(same.fade_from_span == -1);
    // During an experiment the scene's panels show, and nothing fades.
    State trying = state_at_span(lay, 2);
    trying.experiment = 0;
    View tried = evaluate(deck, lay, trying, lay.spans[2].start + scene::kCrossFade / 2);
    CHECK(*tried.panels == sc->panels);
    CHECK(tried.fade_from_span == -1);
}

TEST_CASE("recorded events read back as the same commands", "[timeline]") {
    std::vector<Event> events = {
        {0.5, cmd::Next{}}, {1.25, cmd::MoveKey{4, {0.5, -1.25}}}, {2.0, cmd::Temperature{attention::kInfinity}},
        {3.0, cmd::Mask{true}}, {4.0, cmd::Laser{core::Point{10, 20}}}, {5.0, cmd::Laser{}}, {6.0, cmd::Goto{3}},
    };
    for (const Event& e : events) {
        Event back;
        std::string error;
        REQUIRE(parse(format(e), back, error));
        CHECK(back.t == Approx(e.t));
        CHECK(back.command.index() == e.command.index());
        CHECK(format(back) == format(e));
    }
    Event bad;
    std::string error;
    CHECK_FALSE(parse("1.0 fly 3", bad, error));
    CHECK_THAT(error, Catch::Contains("unknown command 'fly'"));
    CHECK_FALSE(parse("1.0 key 3", bad, error));
    CHECK_FALSE(parse("x next", bad, error));
    // Whole numbers beyond int are refused, not converted (found by tests/fuzz/session_fuzz).
    CHECK_FALSE(parse("0.7 goto 22147483648", bad, error));
    CHECK_FALSE(parse("0.7 focus -99999999999", bad, error));
    CHECK_FALSE(parse("0.7 quiz pick 1e300", bad, error));
    // Times are seconds from the start: never negative, never beyond kMaxRecordedSeconds (a time
    // of 1e47 wrote a line that did not parse back; found by tests/fuzz/session_fuzz).
    CHECK_FALSE(parse("-1 next", bad, error));
    CHECK_FALSE(parse("1e47 next", bad, error));
    CHECK_THAT(error, Catch::Contains("seconds from the start"));
    REQUIRE(parse("10000000 next", bad, error));
    CHECK(parse(format(bad), bad, error));
    REQUIRE(parse("0.7 goto 2147483647", bad, error));
    CHECK(std::get<cmd::Goto>(bad.command).span == 2147483647);
}

TEST_CASE("recordings write any control as 'set NAME VALUE' through the table of controls", "[timeline]") {
    // Old recordings, written before 'set' existed, still read as the same commands.
    const std::pair<const char*, std::size_t> old[] = {
        {"1.000000 focus 2", Command(cmd::Focus{}).index()},
        {"1.000000 temperature inf", Command(cmd::Temperature{}).index()},
        {"1.000000 mask off", Command(cmd::Mask{}).index()},
        {"1.000000 key 4 0.5 -1.25", Command(cmd::MoveKey{}).index()},
    };
    for (const auto& [line, index] : old) {
        Event e;
        std::string error;
        REQUIRE(parse(line, e, error));
        CHECK(e.command.index() == index);
        CHECK(format(e) == line);
    }
    Event e;
    std::string error;
    REQUIRE(parse("2.5 set temperature 0.25; mask on; keys same, 1 3 4; compare 0 2", e, error));
    const auto* set = std::get_if<cmd::Set>(&e.command);
    REQUIRE(set);
    CHECK(set->change.temperature == 0.25);
    CHECK(set->change.mask == true);
    CHECK(set->change.keys_same);
    REQUIRE(set->change.keys.size() == 1);
    CHECK(set->change.keys[0] == std::pair<int, core::Vec>{1, {3, 4}});
    CHECK(set->change.compare == std::make_pair(0, 2));
    CHECK_FALSE(set->change.focus);
    CHECK(format(e) == "2.500000 set temperature 0.25; mask on; keys same, 1 3 4; compare 0 2");

    CHECK_FALSE(parse("1 set focuss 2", e, error));
    CHECK_THAT(error, Catch::Contains("unknown control 'focuss' (did you mean 'focus'?)"));
    CHECK_FALSE(parse("1 set temperature -1", e, error));
    CHECK_THAT(error, Catch::Contains("set temperature: expected a temperature"));
    CHECK_FALSE(parse("1 set mask maybe", e, error));
    CHECK_FALSE(parse("1 set focus", e, error));
    CHECK_FALSE(parse("1 key same", e, error));  // the shorthand is one moved key
    CHECK_THAT(error, Catch::Contains("bad arguments for 'key'"));
}

TEST_CASE("edits merge later-wins and a step that sets a control takes it back", "[timeline]") {
    auto sc = tiny_scene();
    sc->steps[3].set.temperature = 2.0;  // the mask step sets T
    scene::Deck deck = scene::deck_of(sc);
    Layout lay = layout(deck);
    State s = state_at_span(lay, 1);
    double now = lay.spans[1].end();
    s = apply(deck, lay, s, cmd::MoveKey{1, {3, 3}}, now);
    s = apply(deck, lay, s, cmd::MoveKey{1, {5, 5}}, now);  // the last move wins
    s = apply(deck, lay, s, cmd::MoveKey{2, {0, 2}}, now);
    scene::Settings cold;
    cold.temperature = 0.25;
    cold.focus = 2;
    s = apply(deck, lay, s, cmd::Set{cold}, now);
    s = apply(deck, lay, s, cmd::Temperature{-1.0}, now);  // not a temperature: ignored
    REQUIRE(s.edits.size() == 1);
    CHECK(s.edits[0].keys == std::vector<std::pair<int, core::Vec>>{{1, {5, 5}}, {2, {0, 2}}});
    View v = evaluate(deck, lay, s, now);
    CHECK(v.controls.temperature == 0.25);
    CHECK(v.controls.focus == 2);
    CHECK(v.controls.keys[1] == core::Vec{5, 5});

    // Step 3 sets the temperature: entering it hands T back to the script, the rest stays.
    s = apply(deck, lay, s, cmd::Goto{3}, now);
    CHECK_FALSE(s.edits[0].temperature);
    CHECK(s.edits[0].focus == 2);
    v = evaluate(deck, lay, s, now + 100);
    CHECK(v.controls.temperature == 2.0);
    CHECK(v.controls.focus == 2);
    CHECK(v.controls.keys[1] == core::Vec{5, 5});
    // Going back does not give it back.
    s = apply(deck, lay, s, cmd::Back{}, now + 101);
    CHECK_FALSE(s.edits[0].temperature);

    // "same" replaces every earlier key change.
    scene::Settings same;
    same.keys_same = true;
    s = apply(deck, lay, s, cmd::Set{same}, now + 102);
    CHECK(s.edits[0].keys.empty());
    v = evaluate(deck, lay, s, now + 102);
    CHECK(v.controls.keys[0] == v.controls.keys[2]);
}

TEST_CASE("a quiz draws an attempt, scores picks and starts fresh each time", "[timeline]") {
    auto sc = tiny_scene();
    for (int i = 0; i < 5; ++i) {
        scene::Question q;
        q.ask = "question " + std::to_string(i);
        q.answer = "answer";
        q.choices = {"right", "wrong"};
        q.correct = 0;
        sc->quiz.questions.push_back(q);
    }
    sc->quiz.draw = 3;
    scene::Deck deck = scene::deck_of(sc);
    Layout lay = layout(deck);
    State s = state_at_span(lay, 0);
    s = apply(deck, lay, s, cmd::Seed{7}, 0);
    CHECK_FALSE(evaluate(deck, lay, s, 0).quiz);
    s = apply(deck, lay, s, cmd::QuizOpen{}, 1);
    View v = evaluate(deck, lay, s, 1);
    REQUIRE(v.quiz);
    CHECK(v.quiz->total == 3);
    std::vector<std::string> first;
    first.push_back(v.quiz->question->ask);
    // The choices are shown shuffled: the position of "right" is where the file's index 0 is shown.
    auto shown_at = [](const View& w, int file) {
        return static_cast<int>(std::find(w.quiz->choices.begin(), w.quiz->choices.end(), file) - w.quiz->choices.begin());
    };
    s = apply(deck, lay, s, cmd::QuizPick{shown_at(v, 0)}, 2);  // right
    CHECK(evaluate(deck, lay, s, 2).quiz->revealed);
    s = apply(deck, lay, s, cmd::QuizPick{shown_at(v, 1)}, 2.5);  // ignored: already answered
    s = apply(deck, lay, s, cmd::QuizNext{}, 3);
    v = evaluate(deck, lay, s, 3);
    first.push_back(v.quiz->question->ask);
    s = apply(deck, lay, s, cmd::QuizPick{shown_at(v, 1)}, 4);  // wrong
    s = apply(deck, lay, s, cmd::QuizNext{}, 5);
    first.push_back(evaluate(deck, lay, s, 5).quiz->question->ask);
    s = apply(deck, lay, s, cmd::QuizReveal{}, 6);
    v = evaluate(deck, lay, s, 6);
    CHECK(v.quiz->answered == 3);
    CHECK(v.quiz->right == 1);
    CHECK(v.quiz->revealed_count == 1);  // a reveal is its own outcome, not a wrong answer
    CHECK(s.quiz.score().wrong == 1);
    std::sort(first.begin(), first.end());
    CHECK(std::adjacent_find(first.begin(), first.end()) == first.end());  // no repeats
    s = apply(deck, lay, s, cmd::QuizNext{}, 7);
    v = evaluate(deck, lay, s, 7);
    REQUIRE(v.quiz);  // after the last: the end screen with the score
    CHECK(v.quiz->finished);
    CHECK_FALSE(v.quiz->question);
    CHECK(v.quiz->right == 1);
    CHECK(v.quiz->total == 3);
    s = apply(deck, lay, s, cmd::QuizClose{}, 7.5);
    CHECK_FALSE(evaluate(deck, lay, s, 7.5).quiz);

    // A second attempt is a fresh draw; the same seed reproduces both attempts.
    std::vector<int> a1 = quiz_order(deck, s, 0);
    s = apply(deck, lay, s, cmd::QuizOpen{}, 8);
    CHECK(evaluate(deck, lay, s, 8).quiz->answered == 0);
    std::vector<int> a2 = quiz_order(deck, s, 0);
    CHECK(a1 != a2);
    State again = state_at_span(lay, 0);
    again = apply(deck, lay, again, cmd::Seed{7}, 0);
    again = apply(deck, lay, again, cmd::QuizOpen{}, 1);
    again = apply(deck, lay, again, cmd::QuizOpen{}, 2);
    CHECK(quiz_order(deck, again, 0) == a2);

    for (const Command& c : std::vector<Command>{cmd::QuizOpen{}, cmd::QuizPick{2}, cmd::QuizReveal{}, cmd::QuizNext{},
                                                  cmd::QuizClose{}, cmd::QuizGrade{true}, cmd::QuizGrade{false},
                                                  cmd::QuizRetry{}, cmd::Seed{123456789012345ULL}}) {
        Event e{1.5, c}, back;
        std::string error;
        REQUIRE(parse(format(e), back, error));
        CHECK(format(back) == format(e));
    }
}

TEST_CASE("a step without its own hold stays long enough to read its narration", "[timeline]") {
    auto sc = tiny_scene();
    sc->steps[0].say = "";
    sc->steps[1].say = std::string(200, ' ');  // only spaces: nothing to read
    std::string long_say;
    for (int i = 0; i < 80; ++i) long_say += "word ";
    sc->steps[2].say = long_say;
    sc->steps[3].say = long_say;
    sc->steps[3].hold = 0.5;  // the author's hold wins
    Layout lay = layout(scene::deck_of(sc));
    CHECK(lay.spans[0].hold == scene::kDefaultHold);
    CHECK(lay.spans[1].hold == scene::kDefaultHold);
    CHECK(lay.spans[2].anim + lay.spans[2].hold == Approx(scene::reading_time(long_say)));
    CHECK(scene::reading_time(long_say) == Approx(30.0));  // 80 words at 160 a minute
    CHECK(lay.spans[3].hold == 0.5);
}

TEST_CASE("a key tweened between huge opposite ends stays finite: every frame has numbers", "[timeline]") {
    auto s = tiny_scene();
    s->heads[0].q = {{1e-300, 0}, {0, 1e-300}, {1e-300, 1e-300}};
    s->heads[0].k[0] = {1e308, 0};
    s->steps[1].set.keys = {{0, core::Vec{-1e308, 0}}};
    const scene::Deck deck = scene::deck_of(s);
    const Layout lay = layout(deck);
    const Span& sp = lay.spans[1];
    for (double u : {0.0, 0.25, 0.5, 0.75, 1.0}) {
        const View v = evaluate(deck, lay, state_at_span(lay, 1), sp.start + u * sp.anim);
        INFO("u = " << u << ": " << v.error);
        CHECK(v.error.empty());
        CHECK(std::isfinite(v.controls.keys[0][0]));
    }
}

// ---- a quiz that cannot be gamed ----

namespace {

// A scene whose quiz puts every right answer first (as the shipped quizzes once did), with
// `choices[i]` choices for question i (0: a question without choices), `draw` per attempt.
scene::Deck answer_first_deck(const std::vector<int>& choices, int draw) {
    auto sc = tiny_scene();
    for (std::size_t i = 0; i < choices.size(); ++i) {
        scene::Question q;
        q.ask = "question " + std::to_string(i);
        q.answer = "answer " + std::to_string(i);
        for (int c = 0; c < choices[i]; ++c) q.choices.push_back(c == 0 ? "the right one, and the longest" : "wrong");
        q.correct = choices[i] > 0 ? 0 : -1;
        sc->quiz.questions.push_back(q);
    }
    sc->quiz.draw = draw;
    return scene::deck_of(sc);
}

// The position (as shown) of the right choice of the question asked now.
int shown_right(const View& v) {
    const auto& order = v.quiz->choices;
    return static_cast<int>(std::find(order.begin(), order.end(), v.quiz->question->correct) - order.begin());
}

}  // namespace

TEST_CASE("pressing 1 through every question scores what chance gives, not a perfect score", "[timeline][quiz]") {
    // 21 questions like the shipped ones, right answer always first in the file; one without choices.
    const std::vector<int> choices = {4, 3, 4, 4, 3, 3, 4, 3, 4, 3, 3, 3, 4, 3, 0, 3, 3, 3, 3, 3, 2, 3};
    const scene::Deck deck = answer_first_deck(choices, 5);
    const Layout lay = layout(deck);
    double score = 0, expected = 0, variance = 0, asked = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        State s = state_at_span(lay, 0);
        s = apply(deck, lay, s, cmd::Seed{seed}, 0);
        for (int attempt = 0; attempt < 5; ++attempt) {  // 20 seeds × 5 attempts = 100 attempts
            s = apply(deck, lay, s, cmd::QuizOpen{}, 1);
            for (int i = 0; i < 5; ++i) {
                const View v = evaluate(deck, lay, s, 1);
                REQUIRE(v.quiz);
                REQUIRE(v.quiz->question);
                const double k = static_cast<double>(v.quiz->question->choices.size());
                if (k > 0) {
                    expected += 1 / k;
                    variance += (1 / k) * (1 - 1 / k);
                }
                ++asked;
                s = apply(deck, lay, s, cmd::QuizPick{0}, 1);  // the key 1
                if (!s.quiz.revealed) s = apply(deck, lay, s, cmd::QuizReveal{}, 1);  // no choices: reveal
                s = apply(deck, lay, s, cmd::QuizNext{}, 1);
            }
            REQUIRE(s.quiz.finished);
            score += s.quiz.score().right;
        }
    }
    CHECK(asked == 500);
    const double mean = score / 100, chance = expected / 100, sd = std::sqrt(variance) / 100;
    INFO("mean " << mean << " of 5, chance " << chance << " ± " << sd);
    CHECK(std::abs(mean - chance) < 4 * sd);  // chance, within four standard errors of the mean
    CHECK(mean < 0.5 * 5);                    // far below the 5 of 5 the file order gave
}

TEST_CASE("choices are shuffled per attempt, the same for a seed, and the answer key follows them", "[timeline][quiz]") {
    const scene::Deck deck = answer_first_deck({4, 4, 4, 4, 4, 4}, 0);
    const Layout lay = layout(deck);
    auto orders = [&](std::uint64_t seed, int attempts) {
        State s = state_at_span(lay, 0);
        s = apply(deck, lay, s, cmd::Seed{seed}, 0);
        std::vector<std::vector<int>> out;
        for (int a = 0; a < attempts; ++a) {
            s = apply(deck, lay, s, cmd::QuizOpen{}, 1);
            for (int i = 0; i < 6; ++i) {
                out.push_back(evaluate(deck, lay, s, 1).quiz->choices);
                s = apply(deck, lay, s, cmd::QuizNext{}, 1);
            }
        }
        return out;
    };
    CHECK(orders(5, 3) == orders(5, 3));  // a replay shows what the session showed
    std::set<std::vector<std::vector<int>>> across;
    for (std::uint64_t seed = 0; seed < 10; ++seed) across.insert(orders(seed, 1));
    CHECK(across.size() == 10);
    // Within one seed, attempts show their questions' choices in new orders.
    const auto two = orders(9, 2);
    std::set<std::vector<int>> distinct(two.begin(), two.end());
    CHECK(distinct.size() > 6);

    // Pressing the shown position of the right answer scores; pressing its file position does
    // not when the two differ.
    int differed = 0;
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
        State s = state_at_span(lay, 0);
        s = apply(deck, lay, s, cmd::Seed{seed}, 0);
        s = apply(deck, lay, s, cmd::QuizOpen{}, 1);
        const View v = evaluate(deck, lay, s, 1);
        const int at = shown_right(v);
        REQUIRE(at < 4);
        CHECK(apply(deck, lay, s, cmd::QuizPick{at}, 2).quiz.score().right == 1);
        if (at != 0) {
            ++differed;
            CHECK(apply(deck, lay, s, cmd::QuizPick{0}, 2).quiz.score().right == 0);
        }
    }
    CHECK(differed > 20);  // about 30 of 40 when the position is uniform
}

TEST_CASE("a perfect attempt with reveals is a perfect score: reveal and \"I had it\" counts", "[timeline][quiz]") {
    const scene::Deck deck = answer_first_deck({3, 0, 4, 2, 3}, 0);
    const Layout lay = layout(deck);
    for (std::uint64_t seed : {1ULL, 2ULL, 3ULL}) {
        State s = state_at_span(lay, 0);
        s = apply(deck, lay, s, cmd::Seed{seed}, 0);
        s = apply(deck, lay, s, cmd::QuizOpen{}, 1);
        for (int i = 0; i < 5; ++i) {
            const View v = evaluate(deck, lay, s, 1);
            if (v.quiz->question->choices.empty()) {
                s = apply(deck, lay, s, cmd::QuizGrade{true}, 1);  // not before the reveal
                CHECK(s.quiz.score().answered == i);
                s = apply(deck, lay, s, cmd::QuizReveal{}, 1);
                CHECK(s.quiz.score().revealed == 1);  // revealed, waiting for the grade
                s = apply(deck, lay, s, cmd::QuizGrade{true}, 1);
                s = apply(deck, lay, s, cmd::QuizGrade{false}, 1);  // once graded, the grade stands
            } else {
                s = apply(deck, lay, s, cmd::QuizPick{shown_right(v)}, 1);
                s = apply(deck, lay, s, cmd::QuizGrade{false}, 1);  // a question with choices grades itself
            }
            s = apply(deck, lay, s, cmd::QuizNext{}, 1);
        }
        const View v = evaluate(deck, lay, s, 1);
        REQUIRE(v.quiz);
        CHECK(v.quiz->finished);
        CHECK(v.quiz->right == 5);
        CHECK(v.quiz->total == 5);
        CHECK(v.quiz->revealed_count == 0);
        CHECK(v.quiz->missed.empty());
    }
    // "I didn't" counts as missed; a reveal of a question with choices stays revealed.
    State s = state_at_span(lay, 0);
    s = apply(deck, lay, s, cmd::QuizOpen{}, 1);
    for (int i = 0; i < 5; ++i) {
        s = apply(deck, lay, s, cmd::QuizReveal{}, 1);
        s = apply(deck, lay, s, cmd::QuizGrade{false}, 1);
        s = apply(deck, lay, s, cmd::QuizNext{}, 1);
    }
    const scene::QuizScore sc = s.quiz.score();
    CHECK(sc.right == 0);
    CHECK(sc.wrong == 1);
    CHECK(sc.revealed == 4);
}

TEST_CASE("after the last question the end screen; \"again with the ones I missed\" asks exactly those", "[timeline][quiz]") {
    const scene::Deck deck = answer_first_deck({3, 3, 0, 4, 3, 3, 2, 3}, 6);
    const Layout lay = layout(deck);
    const QuizBank bank = quiz_bank(deck, 0);
    for (std::uint64_t seed = 0; seed < 30; ++seed) {
        State s = state_at_span(lay, 0);
        s = apply(deck, lay, s, cmd::Seed{seed}, 0);
        s = apply(deck, lay, s, cmd::QuizOpen{}, 1);
        s = apply(deck, lay, s, cmd::QuizRetry{}, 1);  // not before the end screen
        CHECK(s.quiz.attempt == 0);
        // Answer by a pattern of the seed: right, wrong, revealed or skipped.
        std::set<const scene::Question*> missed;
        for (int i = 0; i < 6; ++i) {
            const View v = evaluate(deck, lay, s, 1);
            REQUIRE(v.quiz->question);
            const int how = static_cast<int>((seed + static_cast<std::uint64_t>(i)) % 4);
            const bool open = v.quiz->question->choices.empty();
            if (how == 0) {  // right
                if (open) s = apply(deck, lay, s, cmd::QuizReveal{}, 1), s = apply(deck, lay, s, cmd::QuizGrade{true}, 1);
                else s = apply(deck, lay, s, cmd::QuizPick{shown_right(v)}, 1);
            } else {
                missed.insert(v.quiz->question);
                if (how == 1 && open) s = apply(deck, lay, s, cmd::QuizReveal{}, 1), s = apply(deck, lay, s, cmd::QuizGrade{false}, 1);
                else if (how == 1) s = apply(deck, lay, s, cmd::QuizPick{(shown_right(v) + 1) % 2}, 1);
                else if (how == 2) s = apply(deck, lay, s, cmd::QuizReveal{}, 1);
            }
            CHECK_FALSE(evaluate(deck, lay, s, 1).quiz->finished);
            s = apply(deck, lay, s, cmd::QuizNext{}, 1);
        }
        View end = evaluate(deck, lay, s, 1);
        REQUIRE(end.quiz);
        CHECK(end.quiz->finished);
        CHECK(end.quiz->right == 6 - static_cast<int>(missed.size()));
        CHECK(std::set<const scene::Question*>(end.quiz->missed.begin(), end.quiz->missed.end()) == missed);
        s = apply(deck, lay, s, cmd::QuizNext{}, 1);  // the end screen stays
        s = apply(deck, lay, s, cmd::QuizPick{0}, 1);
        CHECK(s.quiz.finished);
        CHECK(s.quiz.score().right == end.quiz->right);

        const State before_retry = s;
        s = apply(deck, lay, s, cmd::QuizRetry{}, 2);
        if (missed.empty()) {  // nothing to try again
            CHECK(s.quiz.finished);
            CHECK(s.quiz.attempt == before_retry.quiz.attempt);
            continue;
        }
        CHECK(s.quiz.attempt == 1);
        CHECK_FALSE(s.quiz.finished);
        std::vector<int> order = quiz_order(deck, s, 0);
        REQUIRE(order.size() == missed.size());
        std::set<const scene::Question*> again;
        for (int q : order) again.insert(bank.questions[static_cast<std::size_t>(q)]);
        CHECK(again == missed);
        // Answered right this time, nothing is missed; "again" then draws afresh from the whole bank.
        for (std::size_t i = 0; i < order.size(); ++i) {
            const View v = evaluate(deck, lay, s, 2);
            CHECK(v.quiz->retry);
            if (v.quiz->question->choices.empty())
                s = apply(deck, lay, s, cmd::QuizReveal{}, 2), s = apply(deck, lay, s, cmd::QuizGrade{true}, 2);
            else
                s = apply(deck, lay, s, cmd::QuizPick{shown_right(v)}, 2);
            s = apply(deck, lay, s, cmd::QuizNext{}, 2);
        }
        end = evaluate(deck, lay, s, 2);
        CHECK(end.quiz->finished);
        CHECK(end.quiz->right == end.quiz->total);
        CHECK(end.quiz->missed.empty());
        s = apply(deck, lay, s, cmd::QuizOpen{}, 3);
        CHECK(s.quiz.only.empty());
        CHECK(quiz_order(deck, s, 0).size() == 6);
    }
}

TEST_CASE("undo takes back one edit, or one held drag of many; redo does it again; a new edit drops redo", "[timeline]") {
    Held h(2);
    const core::Mat k0 = h.view(h.now).controls.keys;
    h.apply(cmd::Temperature{0.5});
    h.apply(cmd::Gesture{true});
    for (int i = 1; i <= 20; ++i) h.apply(cmd::MoveKey{1, {0.1 * i, 1.0}});
    h.apply(cmd::Gesture{false});
    REQUIRE(h.view(h.now).controls.keys[1] == core::Vec{2.0, 1.0});
    REQUIRE(h.s.history[1].undo.size() == 2);  // the temperature, and the drag as one
    h.apply(cmd::Undo{});
    CHECK(h.view(h.now).controls.keys == k0);
    CHECK(h.view(h.now).controls.temperature == 0.5);
    h.apply(cmd::Redo{});
    CHECK(h.view(h.now).controls.keys[1] == core::Vec{2.0, 1.0});
    h.apply(cmd::Undo{});
    h.apply(cmd::Undo{});
    CHECK(h.view(h.now).controls.temperature == 1.0);
    h.apply(cmd::Undo{});  // nothing left: no change
    CHECK(h.s.edits[1].empty());
    REQUIRE(h.s.history[1].redo.size() == 2);
    h.apply(cmd::Mask{true});
    CHECK(h.s.history[1].redo.empty());
    // Outside a drag every move is its own step back; the depth is bounded.
    for (int i = 0; i < 200; ++i) h.apply(cmd::MoveKey{0, {0.01 * i, 0.0}});
    CHECK(h.s.history[1].undo.size() == kUndoDepth);
    h.apply(cmd::Undo{});
    CHECK(h.view(h.now).controls.keys[0] == core::Vec{0.01 * 198, 0.0});
    // An experiment run and ended undoes too.
    h.apply(cmd::Experiment{0});
    h.apply(cmd::Undo{});
    CHECK(h.s.experiment == -1);
}

TEST_CASE("reset-step goes back to the edits this step found; reset drops them all", "[timeline]") {
    Held h(1);
    h.apply(cmd::Temperature{0.3});
    h.apply(cmd::Next{});
    h.apply(cmd::Next{});
    REQUIRE(h.s.span == 2);
    h.apply(cmd::Mask{true});
    h.apply(cmd::MoveKey{2, {0.5, 0.5}});
    h.apply(cmd::ResetStep{});
    auto v = h.view(h.now + 100);
    CHECK(v.controls.temperature == 0.3);  // step 1's edit stays
    CHECK_FALSE(v.controls.mask);
    CHECK(v.controls.keys[2] == core::Vec{1, 1});
    h.apply(cmd::Reset{});
    CHECK(h.view(h.now + 100).controls.temperature == 1.0);
}

TEST_CASE("key editing belongs to its step: any step change ends it", "[timeline]") {
    for (const Command& c : {Command{cmd::Next{}}, Command{cmd::Back{}}, Command{cmd::Goto{3}}}) {
        Held h(2);
        h.apply(cmd::EditKey{1});
        CHECK(h.view(h.now).editing == 1);
        h.apply(c);
        CHECK(h.s.editing == -1);
    }
    Held h(2);
    h.apply(cmd::EditKey{1});
    h.apply(cmd::Temperature{2});
    h.apply(cmd::Replay{});
    CHECK(h.s.editing == 1);  // edits and replays stay on the step
    CHECK(presenter_only(cmd::EditKey{1}));
    CHECK(presenter_only(cmd::Hover{1}));
    CHECK_FALSE(presenter_only(cmd::Laser{}));
}

TEST_CASE("undo, redo, reset-step, gesture and edit-key read back as written", "[timeline]") {
    for (const Command& c : {Command{cmd::Undo{}}, Command{cmd::Redo{}}, Command{cmd::ResetStep{}},
                             Command{cmd::Gesture{true}}, Command{cmd::Gesture{false}}, Command{cmd::EditKey{3}}}) {
        const std::string line = format(Event{1.5, c});
        Event back;
        std::string error;
        INFO(line);
        REQUIRE(parse(line, back, error));
        CHECK(back.command.index() == c.index());
        CHECK(format(back) == line);
    }
    Event e;
    std::string error;
    CHECK_FALSE(parse("1 gesture sideways", e, error));
}

TEST_CASE("the loader's count of a deck's video (scene::slide_end) is the timeline's length, exactly", "[timeline]") {
    // The loader refuses a deck by scene::slide_end; exports last layout().total. Random decks of
    // scenes (durations, holds and narration of their own or not) and title/text slides.
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> secs(0, 900);
    std::bernoulli_distribution coin;
    for (int trial = 0; trial < 200; ++trial) {
        scene::Deck deck;
        double end = 0;
        for (int i = 0, n = std::uniform_int_distribution<int>(1, 8)(rng); i < n; ++i) {
            scene::Slide sl;
            if (coin(rng)) {
                auto sc = tiny_scene();
                for (auto& st : sc->steps) {
                    if (coin(rng)) st.duration = secs(rng);
                    if (coin(rng)) st.hold = secs(rng);
                    if (coin(rng)) st.say = std::string(std::uniform_int_distribution<int>(0, 900)(rng), 'w') + " a b c d e f";
                }
                sl.scene = sc;
            } else {
                sl.kind = coin(rng) ? scene::Slide::Kind::Title : scene::Slide::Kind::Text;
                sl.title = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen";
                sl.bullets = {"a b c", "d e f g h i j k l m n o p q r s t u v w x y z"};
                if (coin(rng)) sl.duration = secs(rng);
            }
            end = scene::slide_end(end, sl);
            deck.slides.push_back(sl);
        }
        const Layout lay = layout(deck);
        CHECK(lay.total == end);  // the same sums in the same order: equal, not merely close
        CHECK(lay.spans.back().end() == end);
    }
}

// ---- predict, then see: a step's question beat; quiz questions after their steps ---------------

namespace {

// The tiny scene whose step 4 (index 3) lowers T with a question to predict first.
std::shared_ptr<scene::Scene> asking_scene() {
    auto sc = tiny_scene();
    sc->steps[3].set.temperature = 0.25;
    sc->steps[3].duration = 2;
    sc->steps[3].ask = "T is about to fall to 0.25: which weights grow?";
    sc->steps[3].say = "The largest weight grows.";
    return sc;
}

}  // namespace

TEST_CASE("a step with a question is two spans: the question over the before state, nothing moving, then the step", "[timeline][predict]") {
    const auto sc = asking_scene();
    const scene::Deck deck = scene::deck_of(sc);
    const Layout lay = layout(deck);
    REQUIRE(lay.spans.size() == sc->steps.size() + 1);
    const Span& ask = lay.spans[3];
    const Span& play = lay.spans[4];
    CHECK(ask.asking);
    CHECK_FALSE(play.asking);
    CHECK(ask.step == 3);
    CHECK(play.step == 3);
    CHECK(ask.anim == 0.0);  // nothing moves while it is asked
    // Read (at least kDefaultHold), then kThinkSeconds of silence to commit to an answer.
    CHECK(ask.hold == Approx(std::max(scene::kDefaultHold, scene::reading_time(sc->steps[3].ask)) + scene::kThinkSeconds));
    CHECK(ask.hold >= scene::kThinkSeconds + scene::kDefaultHold);
    CHECK(play.anim == 2.0);
    CHECK(play.start == ask.end());
    CHECK(span_say(deck, ask) == sc->steps[3].ask);
    CHECK(span_say(deck, play) == sc->steps[3].say);

    // Every instant of the question beat shows the step before's end: its controls, its stage.
    const View before = evaluate(deck, lay, state_at_span(lay, 2), lay.spans[2].end());
    for (double f : {0.0, 0.25, 0.5, 0.999}) {
        const double t = ask.start + f * (ask.anim + ask.hold);
        const View v = evaluate(deck, lay, state_at(lay, t), t);
        INFO("question beat at " << f);
        CHECK(v.asking);
        CHECK_FALSE(v.animating);
        CHECK(v.controls.temperature == before.controls.temperature);
        CHECK(v.stage == before.stage);
        CHECK(v.trace().weights.row_vec(0) == before.trace().weights.row_vec(0));
    }
    // The step then plays from its start: the temperature tweens to 0.25.
    const View start = evaluate(deck, lay, state_at(lay, play.start), play.start);
    CHECK_FALSE(start.asking);
    CHECK(start.u_linear == 0.0);
    CHECK(start.controls.temperature == 1.0);
    CHECK(start.fade_from_span < 0);  // the same picture goes on: no cross-fade from its question
    const View mid = evaluate(deck, lay, state_at(lay, play.start + 1), play.start + 1);
    CHECK(mid.animating);
    CHECK(mid.controls.temperature < 1.0);
    CHECK(mid.controls.temperature > 0.25);
}

TEST_CASE("live, the question stays until the presenter moves on; then the step plays; back returns to it", "[timeline][predict]") {
    const scene::Deck deck = scene::deck_of(asking_scene());
    const Layout lay = layout(deck);
    State s = state_at_span(lay, 2);
    double now = 100;  // step 3 has played to its end
    s = apply(deck, lay, s, cmd::Next{}, now);
    REQUIRE(s.span == 3);
    // However long the room thinks, nothing moves.
    for (double later : {0.0, 10.0, 600.0}) {
        const View v = evaluate(deck, lay, s, now + later);
        CHECK(v.asking);
        CHECK_FALSE(v.animating);
        CHECK(v.controls.temperature == 1.0);
    }
    s = apply(deck, lay, s, cmd::Next{}, now + 600);  // the presenter moves on: one press
    REQUIRE(s.span == 4);
    const View playing = evaluate(deck, lay, s, now + 601);
    CHECK_FALSE(playing.asking);
    CHECK(playing.animating);
    CHECK(playing.controls.temperature < 1.0);
    s = apply(deck, lay, s, cmd::Back{}, now + 700);
    CHECK(s.span == 3);
    CHECK(evaluate(deck, lay, s, now + 700).asking);
}

TEST_CASE("a quiz question that names a step is asked right after it; the others after the scene", "[timeline][predict][quiz]") {
    auto sc = asking_scene();
    for (int q = 0; q < 4; ++q) {
        scene::Question question;
        question.ask = "Q" + std::to_string(q);
        question.answer = "A" + std::to_string(q);
        sc->quiz.questions.push_back(question);
    }
    sc->quiz.questions[0].after = 3;  // after the step with its question: after its play
    sc->quiz.questions[2].after = 1;
    sc->quiz.questions[3].after = 1;
    sc->experiments.push_back({"hot", scene::Settings{.temperature = attention::kInfinity}, "flat"});
    sc->quiz.questions[3].experiment = "hot";
    const scene::Deck deck = scene::deck_of(sc);
    const Layout lay = layout(deck, Pages::WithQuestions);
    // Where each page is: (question, answer) after the span of the step it follows.
    std::vector<std::pair<int, int>> pages;  // (question, step shown)
    for (std::size_t i = 0; i < lay.spans.size(); ++i) {
        const Span& sp = lay.spans[i];
        if (sp.question < 0) continue;
        pages.emplace_back(sp.question, sp.step);
        const Span& before = lay.spans[i - 1];
        if (!sp.answer) {
            INFO("question " << sp.question);
            // Right after the step it follows (or the answer of the question before it there).
            CHECK(before.step == sp.step);
            if (before.question < 0) CHECK_FALSE(before.asking);
        }
    }
    const std::vector<std::pair<int, int>> expected = {{2, 1}, {2, 1}, {3, 1}, {3, 1}, {0, 3}, {0, 3}, {1, 5}, {1, 5}};
    CHECK(pages == expected);
    // Numbered in the order asked.
    int asked = 0;
    for (const Span& sp : lay.spans)
        if (sp.question >= 0 && !sp.answer) CHECK(sp.asked == asked++);
    // A page shows the picture of the step it follows: its controls at that step's end.
    for (std::size_t i = 0; i < lay.spans.size(); ++i) {
        const Span& sp = lay.spans[i];
        if (sp.question != 2) continue;
        const View v = evaluate(deck, lay, state_at_span(lay, static_cast<int>(i)), sp.end());
        CHECK(v.step == 1);
        CHECK(v.controls.temperature == 1.0);
        CHECK(v.experiment < 0);
    }
    // The answer page of a question that names an experiment shows that experiment, set as it opens.
    for (std::size_t i = 0; i < lay.spans.size(); ++i) {
        const Span& sp = lay.spans[i];
        if (sp.question != 3) continue;
        const View v = evaluate(deck, lay, state_at_span(lay, static_cast<int>(i)), sp.end());
        if (sp.answer) {
            CHECK(v.experiment == 1);  // "hot" (the scene's first is "cold")
            CHECK(std::isinf(v.controls.temperature));
        } else {
            CHECK(v.experiment < 0);  // the question is asked over the step, not the answer's picture
            CHECK(v.controls.temperature == 1.0);
        }
    }
    // The window asks none of them (its quiz is C): the same steps, question beat included.
    CHECK(layout(deck).spans.size() == sc->steps.size() + 1);
    // A video asks the drawn ones, each after its step too.
    sc->quiz.draw = 2;
    const Layout drawn = layout(scene::deck_of(sc), Pages::WithDrawnQuestions, 7);
    const std::vector<int> chosen = scene::draw_attempt(sc->quiz, 0, 7);
    int pages_drawn = 0;
    for (const Span& sp : drawn.spans) {
        if (sp.question < 0) continue;
        ++pages_drawn;
        CHECK(std::find(chosen.begin(), chosen.end(), sp.question) != chosen.end());
        const int after = sc->quiz.questions[static_cast<std::size_t>(sp.question)].after;
        CHECK(sp.step == (after >= 0 ? after : static_cast<int>(sc->steps.size()) - 1));
    }
    CHECK(pages_drawn == 4);
}

TEST_CASE("the loader's count of a deck's video is the timeline's length with question beats too", "[timeline][predict]") {
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> secs(0, 90);
    std::bernoulli_distribution coin;
    for (int trial = 0; trial < 100; ++trial) {
        scene::Deck deck;
        double end = 0;
        for (int i = 0, n = std::uniform_int_distribution<int>(1, 5)(rng); i < n; ++i) {
            scene::Slide sl;
            auto sc = tiny_scene();
            for (auto& st : sc->steps) {
                if (coin(rng)) st.duration = secs(rng);
                if (coin(rng)) st.ask = std::string(std::uniform_int_distribution<int>(0, 300)(rng), 'w') + " a b c?";
                if (coin(rng)) st.ask_voice_seconds = secs(rng);
                if (coin(rng)) st.say = "one two three";
            }
            sl.scene = sc;
            end = scene::slide_end(end, sl);
            deck.slides.push_back(sl);
        }
        const Layout lay = layout(deck);
        CHECK(lay.total == end);
        for (const Span& sp : lay.spans)
            if (sp.asking) CHECK(sp.hold >= scene::kThinkSeconds + scene::kDefaultHold);
    }
}
