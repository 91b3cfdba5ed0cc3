// Student mode (`--student`) in the presenter core, without a platform: the drawn controls
// clicked with the core's own pointer events, the scrubber and the speed, the quiz keys, "show
// me", and the place remembered in the XDG state directory. Links the core alone: no SDL.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "app/places.hpp"
#include "app/session.hpp"
#include "draw/draw.hpp"
#include "draw/paint.hpp"
#include "load/load.hpp"
#include "model/model.hpp"
#include "support/session.hpp"
#include "timeline/timeline.hpp"

namespace {

constexpr int W = 1280, H = 720;

scene::Question question(std::string ask, std::vector<std::string> choices, int correct, std::string experiment = "") {
    scene::Question q;
    q.ask = std::move(ask);
    q.answer = "because";
    q.choices = std::move(choices);
    q.correct = correct;
    q.experiment = std::move(experiment);
    return q;
}

// "The cat chased the mouse ." (support::cat_scene) with two experiments and a quiz of three
// questions, one of which names an experiment.
std::shared_ptr<const scene::Scene> cat_scene() {
    auto s = support::cat_scene();
    scene::Experiment cold;
    cold.title = "Freeze it";
    cold.set.temperature = 0.0;
    s->experiments.push_back(cold);
    scene::Experiment same;
    same.title = "Identical keys";
    same.set.keys_same = true;
    s->experiments.push_back(same);
    s->quiz.questions.push_back(question("What does a row sum to?", {"0", "1", "n"}, 1));
    s->quiz.questions.push_back(question("If every key is the same, what is each weight?", {"1", "1/n", "0"}, 1, "identical keys"));
    s->quiz.questions.push_back(question("Can the output leave the cloud of values?", {"yes", "no"}, 1));
    return s;
}

std::shared_ptr<const scene::Deck> cat_deck() { return support::titled_deck(cat_scene()); }

// The position (0-based, as shown) of the current question's right choice.
int shown_right(const timeline::View& v) {
    for (std::size_t i = 0; i < v.quiz->choices.size(); ++i)
        if (v.quiz->choices[i] == v.quiz->question->correct) return static_cast<int>(i);
    return -1;
}

app::SessionOptions student(bool overlay) {
    app::SessionOptions o;
    o.overlay = overlay;
    o.student = true;
    return o;
}

// The student's session in a W×H window (points = pixels); mouse events at window pixels.
struct Fixture : support::SessionFixture {
    explicit Fixture(bool overlay = true, std::shared_ptr<const scene::Deck> deck = cat_deck())
        : support::SessionFixture(W, H, student(overlay), std::move(deck)) {}
    void click(int x, int y) {
        motion(x, y, false);
        button(true, x, y);
        button(false, x, y);
    }
    // Clicks the middle of a drawn control; fails when it is not on screen.
    void click(app::BarButton c) {
        const auto r = session->bar_button_rect(c);
        INFO("control " << app::bar_button_name(c));
        REQUIRE(r);
        click(r->x + r->w / 2, r->y + r->h / 2);
    }
    // Clicks a design-space point of the frame, which sits at frame_rect() above the bar.
    void click(core::Point design) {
        const app::PixelRect fr = session->frame_rect();
        const core::Point px = draw::transform_for(fr.w, fr.h).to_pixels(design);
        click(static_cast<int>(px.x) + fr.x, static_cast<int>(px.y) + fr.y);
    }
    bool shown(app::BarButton c) { return session->bar_button_rect(c).has_value(); }
    double anim() const { return session->layout().spans[static_cast<std::size_t>(session->state().span)].anim; }
};

struct TempStateHome {
    std::filesystem::path dir;
    std::string old;
    bool had = false;
    TempStateHome() {
        dir = std::filesystem::temp_directory_path() / ("attnlab_student_test_" + std::to_string(::getpid()));
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir);
        if (const char* o = std::getenv("XDG_STATE_HOME")) {
            old = o;
            had = true;
        }
        setenv("XDG_STATE_HOME", dir.c_str(), 1);
    }
    ~TempStateHome() {
        if (had) setenv("XDG_STATE_HOME", old.c_str(), 1);
        else unsetenv("XDG_STATE_HOME");
        std::filesystem::remove_all(dir);
    }
};

}  // namespace

// ---- edges first ----

TEST_CASE("Student controls are only drawn in student mode and never in the exported frame", "[student]") {
    Fixture f(false);
    f.session->command(timeline::cmd::Goto{2});
    f.settle();
    const app::PixelRect fr = f.session->frame_rect();
    REQUIRE(fr.h < H);  // the bar takes a strip at the bottom
    CHECK(fr.w == W);
    for (const app::BarButtonBox& cb : f.session->bar_buttons()) CHECK(cb.rect.y >= fr.h);  // every control below the frame
    // The frame above the bar is exactly what an export of the same state at that size shows.
    f.render();
    app::Image alone(fr.w, fr.h);
    app::render_frame(alone.pixels(), f.session->deck(), f.session->layout(), f.session->state(), f.t, support::draw_options());
    CHECK(app::pixel_hash(f.surf.rows(0, fr.h)) == app::pixel_hash(alone.pixels()));

    app::SessionOptions plain;
    app::Session presenter(cat_deck(), [] { return 0.0; }, plain);
    presenter.resize(W, H, W, H);
    CHECK(presenter.bar_buttons().empty());
    CHECK(presenter.frame_rect().h == H);
}

TEST_CASE("Speed stays within 0.25× and 2×", "[student]") {
    CHECK(app::speed_up(2.0) == 2.0);
    CHECK(app::speed_down(0.25) == 0.25);
    double s = 1.0;
    for (int i = 0; i < 10; ++i) s = app::speed_up(s);
    CHECK(s == 2.0);
    for (int i = 0; i < 10; ++i) s = app::speed_down(s);
    CHECK(s == 0.25);
}

TEST_CASE("A places file with foreign lines is read around them and kept tidy", "[student]") {
    TempStateHome home;
    const std::string file = app::places_file();
    CHECK(file == (home.dir / "attnlab" / "places").string());
    std::filesystem::create_directories(home.dir / "attnlab");
    {
        std::ofstream out(file);
        out << "garbage line\n0\t/zero/is/not/a/step\n-3\t/negative\nx\t/nan\n7\t" << app::place_key("/decks/a.yaml") << "\n";
    }
    CHECK(app::load_place("/decks/a.yaml") == 6);
    CHECK_FALSE(app::load_place("/zero/is/not/a/step"));
    CHECK_FALSE(app::load_place("/decks/b.yaml"));
    std::string err;
    REQUIRE(app::save_place("/decks/b.yaml", 2, err));
    CHECK(app::load_place("/decks/a.yaml") == 6);
    CHECK(app::load_place("/decks/b.yaml") == 2);
    // Relative paths are keyed by their absolute form.
    CHECK(app::place_key("x/../deck.yaml") == (std::filesystem::current_path() / "deck.yaml").string());
    // Written by rename: no temporary file is left beside it.
    int files = 0;
    for (const auto& e : std::filesystem::directory_iterator(home.dir / "attnlab")) {
        (void)e;
        ++files;
    }
    CHECK(files == 1);
}

TEST_CASE("An unwritable state directory is reported, not fatal", "[student]") {
    TempStateHome home;
    // A file where the attnlab directory should be.
    { std::ofstream(home.dir / "attnlab") << "in the way"; }
    std::string err;
    CHECK_FALSE(app::save_place("/decks/a.yaml", 3, err));
    CHECK_FALSE(err.empty());
    CHECK_FALSE(app::load_place("/decks/a.yaml"));
}

// ---- the controls ----

TEST_CASE("Mouse only: the drawn next and back buttons move the step", "[student]") {
    Fixture f;
    f.settle();
    f.click(app::BarButton::Next);
    CHECK(f.session->state().span == 1);
    f.settle();
    f.click(app::BarButton::Next);
    CHECK(f.session->state().span == 2);
    // Next during the animation completes it first, as the keys do.
    f.click(app::BarButton::Next);
    CHECK(f.session->state().span == 2);
    CHECK(f.session->view().u_linear == Approx(1.0));
    f.click(app::BarButton::Back);
    CHECK(f.session->state().span == 1);
    CHECK(f.session->view().u == 1.0);
    // Replay and pause buttons.
    f.click(app::BarButton::Replay);
    CHECK(f.session->view().u_linear == 0.0);
    f.t += f.anim() / 2;
    f.click(app::BarButton::Play);
    CHECK(f.session->state().paused);
    const double u = f.session->view().u_linear;
    f.t += 1.0;
    CHECK(f.session->view().u_linear == u);
    f.click(app::BarButton::Play);
    CHECK_FALSE(f.session->state().paused);
    // The overview from its button; a click beside the grid leaves it without moving.
    f.click(app::BarButton::Overview);
    CHECK(f.session->mode() == app::Mode::Overview);
    f.click(2, 2);
    CHECK(f.session->mode() == app::Mode::Slides);
    CHECK(f.session->state().span == 1);
    // Help from its button, closed by any click.
    f.click(app::BarButton::Help);
    f.render();
    f.click(W / 2, H / 2);
    CHECK(f.session->state().span == 1);
}

TEST_CASE("Dragging the scrubber moves through the step's animation", "[student]") {
    Fixture f;
    f.session->command(timeline::cmd::Goto{1});
    f.t += 0.01;
    const auto r = f.session->bar_button_rect(app::BarButton::Scrubber);
    REQUIRE(r);
    REQUIRE(f.anim() > 0);
    const int y = r->y + r->h / 2;
    const int x25 = r->x + r->w / 4, x75 = r->x + r->w * 3 / 4;
    f.motion(x25, y, false);
    f.button(true, x25, y);
    CHECK(f.session->view().u_linear == Approx(0.25).margin(2.0 / r->w));
    CHECK(f.session->state().paused);  // held still under the pointer
    f.t += 5.0;
    CHECK(f.session->view().u_linear == Approx(0.25).margin(2.0 / r->w));
    f.render();
    const std::uint64_t at25 = app::pixel_hash(f.surf);
    f.motion(x75, y, true);
    CHECK(f.session->view().u_linear == Approx(0.75).margin(2.0 / r->w));
    f.motion(r->x - 50, y, true);  // past the start: clamped
    CHECK(f.session->view().u_linear == 0.0);
    f.motion(x75, y, true);
    f.render();
    CHECK(app::pixel_hash(f.surf) != at25);
    f.button(false, x75, y);
    CHECK_FALSE(f.session->state().paused);  // it plays on from there
    f.t += f.anim() / 10;
    CHECK(f.session->view().u_linear > 0.75);

    // Keyboard only: Shift+← and Shift+→ move a tenth, paused.
    f.session->command(timeline::cmd::Seek{0.5});
    f.key(app::Key::Left, app::kShift);
    CHECK(f.session->state().span == 1);
    CHECK(f.session->state().paused);
    CHECK(f.session->view().u_linear == Approx(0.4));
    f.key(app::Key::Right, app::kShift);
    f.key(app::Key::Right, app::kShift);
    CHECK(f.session->view().u_linear == Approx(0.6));
    CHECK(f.session->state().span == 1);
}

TEST_CASE("The speed buttons and [ ] change the pace of the animation", "[student]") {
    Fixture f;
    f.session->command(timeline::cmd::Goto{1});
    const double a = f.anim();
    REQUIRE(a > 0);
    for (int i = 0; i < 4; ++i) f.click(app::BarButton::Faster);
    CHECK(f.session->state().speed == 2.0);
    f.click(app::BarButton::Faster);
    CHECK(f.session->state().speed == 2.0);
    f.click(app::BarButton::Replay);
    f.t += a / 4;
    CHECK(f.session->view().u_linear == Approx(0.5));  // twice as fast
    for (int i = 0; i < 8; ++i) f.key(app::ch('['));
    CHECK(f.session->state().speed == 0.25);
    // Changing the speed mid-animation keeps the place: u does not jump.
    CHECK(f.session->view().u_linear == Approx(0.5));
    f.t += a / 4;
    CHECK(f.session->view().u_linear == Approx(0.5 + 0.25 / 4));  // a quarter as fast
    f.key(app::ch(']'));
    CHECK(f.session->state().speed == 0.5);
    f.click(app::BarButton::Slower);
    CHECK(f.session->state().speed == 0.25);
}

TEST_CASE("The place is remembered in the XDG state directory and restored; --start-at overrides", "[student]") {
    TempStateHome home;
    const std::string deck = (home.dir / "lecture.yaml").string();
    {
        Fixture f;
        f.session->open_student(deck, std::nullopt);
        CHECK(f.session->state().span == 0);  // nothing remembered yet
        f.settle();
        for (int i = 0; i < 4; ++i) {
            f.click(app::BarButton::Next);
            f.settle();
        }
        REQUIRE(f.session->state().span == 4);
        std::string err;
        REQUIRE(f.session->save_place(err));
        CHECK(std::filesystem::exists(home.dir / "attnlab" / "places"));
    }
    {
        Fixture f;
        f.session->open_student(deck, std::nullopt);
        CHECK(f.session->state().span == 4);
        f.click(app::BarButton::Back);
        std::string err;
        REQUIRE(f.session->save_place(err));
    }
    {
        Fixture f;
        f.session->open_student(deck, 1);  // --start-at 2
        CHECK(f.session->state().span == 1);
    }
    {
        Fixture f;  // --start-at did not overwrite the place until the student moved
        f.session->open_student(deck, std::nullopt);
        CHECK(f.session->state().span == 3);
    }
    {
        Fixture f;  // another deck has its own place
        f.session->open_student((home.dir / "other.yaml").string(), std::nullopt);
        CHECK(f.session->state().span == 0);
    }
    {
        // A remembered step past the end of a deck that has since shrunk: the last step.
        std::string err;
        REQUIRE(app::save_place(deck, 999, err));
        Fixture f;
        f.session->open_student(deck, std::nullopt);
        CHECK(f.session->state().span == static_cast<int>(f.session->layout().spans.size()) - 1);
    }
}

// ---- check yourself ----

TEST_CASE("Quiz keys: C opens, digits pick, Space reveals, → goes on, the score counts", "[student]") {
    Fixture f;
    f.session->command(timeline::cmd::Goto{3});
    f.settle();
    f.key(app::ch('c'));
    REQUIRE(f.session->state().quiz.open);
    auto v = f.session->view();
    REQUIRE(v.quiz);
    REQUIRE(v.quiz->question);
    CHECK(v.quiz->total == 3);
    // Right: the key of the position the right choice is shown at.
    REQUIRE(shown_right(v) >= 0);
    f.key(app::ch(static_cast<char>('1' + shown_right(v))));
    CHECK(f.session->state().quiz.revealed);
    CHECK(f.session->state().quiz.score().right == 1);
    // → goes to the next question, not to the next step.
    f.key(app::Key::Right);
    CHECK(f.session->state().span == 3);
    CHECK(f.session->state().quiz.index == 1);
    CHECK_FALSE(f.session->state().quiz.revealed);
    // Space reveals without a pick (answered and revealed, neither right nor wrong); then Enter goes on.
    f.key(app::Key::Space);
    CHECK(f.session->state().quiz.revealed);
    CHECK(f.session->state().quiz.score().answered == 2);
    CHECK(f.session->state().quiz.score().right == 1);
    CHECK(f.session->state().quiz.score().revealed == 1);
    CHECK(f.session->state().quiz.score().wrong == 0);
    f.key(app::Key::Enter);
    CHECK(f.session->state().quiz.index == 2);
    // Wrong: any other position.
    v = f.session->view();
    const int wrong = shown_right(v) == 0 ? 1 : 0;
    f.key(app::ch(static_cast<char>('1' + wrong)));
    CHECK(f.session->state().quiz.score().answered == 3);
    CHECK(f.session->state().quiz.score().right == 1);
    CHECK(f.session->state().quiz.score().wrong == 1);
    // The score is on screen in the bar while the quiz is open.
    CHECK(f.shown(app::BarButton::QuizNext));
    CHECK_FALSE(f.shown(app::BarButton::Next));  // slide navigation gives way to the quiz
    f.key(app::Key::Right);  // after the last question: the end screen, still open, with the score
    CHECK(f.session->state().quiz.open);
    CHECK(f.session->state().quiz.finished);
    CHECK(f.session->view().quiz->finished);
    CHECK_FALSE(f.shown(app::BarButton::QuizNext));  // nothing comes next but what the card offers
    f.key(app::Key::Right);  // → and Space do not leave the score
    f.key(app::Key::Space);
    CHECK(f.session->state().quiz.finished);
    CHECK(f.session->state().span == 3);
    f.key(app::Key::Escape);
    CHECK_FALSE(f.session->state().quiz.open);
    f.key(app::Key::Right);  // and → moves the slides again
    CHECK(f.session->state().span == 4);
    // Esc closes an open quiz (and does nothing else).
    f.key(app::ch('c'));
    CHECK(f.session->state().quiz.open);
    f.key(app::Key::Escape);
    CHECK_FALSE(f.session->state().quiz.open);
    CHECK(f.session->state().span == 4);
}

TEST_CASE("Each C starts a fresh attempt in a fresh order", "[student]") {
    Fixture f;
    f.session->command(timeline::cmd::Seed{12345});
    f.session->command(timeline::cmd::Goto{2});
    const auto& deck = f.session->deck();
    f.key(app::ch('c'));
    CHECK(f.session->state().quiz.attempt == 0);
    const auto first = timeline::quiz_order(deck, f.session->state(), 1);
    f.key(app::ch('1'));
    f.key(app::Key::Right);
    CHECK(f.session->state().quiz.score().answered == 1);
    f.key(app::ch('c'));  // while open: a fresh attempt, from its first question, score cleared
    CHECK(f.session->state().quiz.open);
    CHECK(f.session->state().quiz.attempt == 1);
    CHECK(f.session->state().quiz.index == 0);
    CHECK(f.session->state().quiz.score().answered == 0);
    const auto second = timeline::quiz_order(deck, f.session->state(), 1);
    CHECK(second != first);
    f.key(app::Key::Escape);
    f.click(app::BarButton::Quiz);  // the drawn button too
    CHECK(f.session->state().quiz.attempt == 2);
    CHECK(timeline::quiz_order(deck, f.session->state(), 1) != second);
    // The same seed draws the same attempts again.
    Fixture g;
    g.session->command(timeline::cmd::Seed{12345});
    g.session->command(timeline::cmd::Goto{2});
    g.key(app::ch('c'));
    CHECK(timeline::quiz_order(deck, g.session->state(), 1) == timeline::quiz_order(g.session->deck(), g.session->state(), 1));
    CHECK(timeline::quiz_order(g.session->deck(), g.session->state(), 1) == first);
}

TEST_CASE("The end screen: M (or its button) asks again exactly the ones missed, C (or its button) a fresh draw", "[student]") {
    Fixture f;
    f.session->command(timeline::cmd::Seed{77});
    f.session->command(timeline::cmd::Goto{3});
    f.settle();
    f.key(app::ch('c'));
    // Right on the first, wrong on the second, revealed on the third.
    std::vector<const scene::Question*> missed;
    auto v = f.session->view();
    f.key(app::ch(static_cast<char>('1' + shown_right(v))));
    f.key(app::Key::Right);
    v = f.session->view();
    missed.push_back(v.quiz->question);
    f.key(app::ch(static_cast<char>('1' + (shown_right(v) == 0 ? 1 : 0))));
    f.key(app::Key::Right);
    v = f.session->view();
    missed.push_back(v.quiz->question);
    f.key(app::Key::Space);
    f.key(app::Key::Right);
    v = f.session->view();
    REQUIRE(v.quiz);
    REQUIRE(v.quiz->finished);
    CHECK(v.quiz->right == 1);
    CHECK(v.quiz->missed == missed);
    // The card's "again with the ones I missed" button, clicked.
    const model::Frame fr = model::frame_of(v);
    REQUIRE(fr.quiz);
    const draw::QuizGeom g = draw::quiz_geom(fr.quiz->choices.size(), fr.quiz->buttons.size());
    REQUIRE(fr.quiz->buttons.size() == g.buttons.size());
    REQUIRE(fr.quiz->buttons[0].what == model::QuizCard::Button::Do::AgainMissed);
    f.click(g.buttons[0].centre());
    CHECK_FALSE(f.session->state().quiz.finished);
    CHECK(f.session->state().quiz.attempt == 1);
    std::vector<const scene::Question*> asked;
    for (int i = 0; i < 3 && !f.session->state().quiz.finished; ++i) {
        v = f.session->view();
        CHECK(v.quiz->total == 2);
        asked.push_back(v.quiz->question);
        f.key(app::ch(static_cast<char>('1' + shown_right(v))));
        f.key(app::Key::Right);
    }
    std::sort(asked.begin(), asked.end());
    std::sort(missed.begin(), missed.end());
    CHECK(asked == missed);
    // All right this time: nothing is missed, M does nothing, C draws afresh.
    v = f.session->view();
    REQUIRE(v.quiz->finished);
    CHECK(v.quiz->right == 2);
    CHECK(v.quiz->missed.empty());
    f.key(app::ch('m'));
    CHECK(f.session->state().quiz.finished);
    CHECK(f.session->state().quiz.attempt == 1);
    f.key(app::ch('c'));
    CHECK(f.session->state().quiz.attempt == 2);
    CHECK(f.session->state().quiz.only.empty());
    CHECK(f.session->view().quiz->total == 3);
}

TEST_CASE("A question without choices: Space reveals, H / N (or a click) grade it, and a perfect attempt scores all", "[student]") {
    auto sc = support::cat_scene();
    sc->quiz.questions.push_back(question("What does a row sum to?", {"0", "1", "n"}, 1));
    scene::Question open;
    open.ask = "Why is a weight never exactly 0?";
    open.answer = "e to any power is positive.";
    sc->quiz.questions.push_back(open);
    sc->quiz.questions.push_back(open);
    Fixture f(true, support::titled_deck(sc));
    f.session->command(timeline::cmd::Goto{2});
    f.settle();
    f.key(app::ch('c'));
    bool clicked = false;
    for (int i = 0; i < 3; ++i) {
        auto v = f.session->view();
        REQUIRE(v.quiz);
        REQUIRE(v.quiz->question);
        if (!v.quiz->question->choices.empty()) {
            f.key(app::ch(static_cast<char>('1' + shown_right(v))));
        } else {
            f.key(app::ch('h'));  // nothing to grade before the reveal
            CHECK(f.session->state().quiz.score().answered == i);
            f.key(app::Key::Space);
            CHECK(f.session->view().quiz->outcome == scene::Outcome::Revealed);
            if (!clicked) {
                // The card's "I had it" button.
                const timeline::View shown = f.session->view();
                const model::Frame fr = model::frame_of(shown);
                REQUIRE(fr.quiz);
                REQUIRE(fr.quiz->buttons.size() == 2);
                CHECK(fr.quiz->buttons[0].what == model::QuizCard::Button::Do::HadIt);
                f.click(draw::quiz_geom(0, 2).buttons[0].centre());
                clicked = true;
            } else {
                f.key(app::ch('h'));
            }
            CHECK(f.session->view().quiz->outcome == scene::Outcome::Right);
            f.key(app::ch('n'));  // graded once: the grade stands
            CHECK(f.session->view().quiz->outcome == scene::Outcome::Right);
        }
        f.key(app::Key::Right);
    }
    const auto v = f.session->view();
    REQUIRE(v.quiz->finished);
    CHECK(v.quiz->right == 3);
    CHECK(v.quiz->total == 3);
    CHECK(model::frame_of(v).quiz->score == "3 of 3");
}

TEST_CASE("Show me: a revealed answer that names an experiment starts it", "[student]") {
    Fixture f;
    f.session->command(timeline::cmd::Goto{4});
    f.settle();
    const int span = f.session->state().span;
    // Open attempts until the experiment question comes up, then answer it.
    bool found = false;
    for (int attempt = 0; attempt < 3 && !found; ++attempt) {
        f.key(app::ch('c'));
        for (int i = 0; i < 3 && f.session->state().quiz.open; ++i) {
            auto v = f.session->view();
            REQUIRE(v.quiz);
            if (!v.quiz->question->experiment.empty()) {
                found = true;
                break;
            }
            f.key(app::Key::Right);
        }
    }
    REQUIRE(found);
    CHECK_FALSE(f.shown(app::BarButton::QuizShowMe));  // not before the answer is shown
    f.key(app::ch('y'));
    CHECK(f.session->state().quiz.open);
    f.key(app::Key::Space);
    REQUIRE(f.shown(app::BarButton::QuizShowMe));
    const auto target = f.session->show_me_target();
    REQUIRE(target);
    CHECK(target->first == span);
    CHECK(f.session->deck().slides[1].scene->experiments[static_cast<std::size_t>(target->second)].title == "Identical keys");
    f.click(app::BarButton::QuizShowMe);
    CHECK_FALSE(f.session->state().quiz.open);
    CHECK(f.session->state().experiment == target->second);
    CHECK(f.session->state().span == span);
    f.settle();
    const auto v = f.session->view();
    for (std::size_t j = 0; j < v.trace().n; ++j) CHECK(v.trace().weights(2, j) == Approx(1.0 / 6));  // every weight 1/n
    // Reset (the drawn button, or 0) returns to the script.
    f.click(app::BarButton::Reset);
    CHECK(f.session->state().experiment == -1);
    CHECK_FALSE(f.shown(app::BarButton::Reset));
}

TEST_CASE("Show me from the title slide's quiz goes to the scene that owns the question", "[student]") {
    Fixture f;
    f.settle();
    REQUIRE(f.session->state().span == 0);
    for (int attempt = 0; attempt < 4; ++attempt) {
        f.key(app::ch('c'));
        for (int i = 0; i < 3 && f.session->state().quiz.open; ++i) {
            if (!f.session->view().quiz->question->experiment.empty()) break;
            f.key(app::Key::Right);
        }
        if (f.session->state().quiz.open) break;
    }
    REQUIRE(f.session->state().quiz.open);
    f.key(app::Key::Space);
    f.key(app::ch('y'));
    CHECK_FALSE(f.session->state().quiz.open);
    const auto& spans = f.session->layout().spans;
    CHECK(spans[static_cast<std::size_t>(f.session->state().span)].slide == 1);
    CHECK(f.session->state().span == static_cast<int>(spans.size()) - 1);  // the scene's last step
    CHECK(f.session->state().experiment == 1);
}

TEST_CASE("Mouse only: Try this opens the menu, a row runs the experiment, the last row ends it", "[student]") {
    Fixture f;
    f.session->command(timeline::cmd::Goto{6});
    f.settle();
    const double t0 = f.session->view().controls.temperature;
    f.click(app::BarButton::TryThis);
    REQUIRE(f.session->mode() == app::Mode::Experiments);
    f.render();
    // Find the first row by probing down the middle of the screen.
    int row_y = -1;
    for (int y = 0; y < f.session->frame_rect().h && row_y < 0; y += 2) {
        if (f.session->mode() != app::Mode::Experiments) f.click(app::BarButton::TryThis);
        f.click(W / 2, y);
        if (f.session->state().experiment == 0) row_y = y;
        else if (f.session->state().experiment != -1) f.session->command(timeline::cmd::Experiment{-1});
    }
    REQUIRE(row_y >= 0);
    CHECK(row_y > H / 8);  // below the menu's heading
    CHECK(f.session->mode() == app::Mode::Slides);
    CHECK(f.session->state().experiment == 0);
    f.session->command(timeline::cmd::Reset{});
    f.t = 100.0;
    f.click(app::BarButton::TryThis);
    f.click(W / 2, row_y);
    REQUIRE(f.session->state().experiment == 0);
    f.t += 0.4;
    CHECK(f.session->view().animating);  // the controls move there
    const double mid = f.session->view().controls.temperature;
    CHECK(mid < t0);
    CHECK(mid > 0.0);
    f.settle();
    CHECK(f.session->view().controls.temperature == 0.0);
    // Reopen: a row now ends it.
    f.click(app::BarButton::TryThis);
    f.key(app::Key::Down);
    f.key(app::Key::Down);
    f.key(app::Key::Enter);
    CHECK(f.session->state().experiment == -1);
    f.settle();
    CHECK(f.session->view().controls.temperature == Approx(t0));
    // A click outside the menu closes it.
    f.click(app::BarButton::TryThis);
    f.click(5, 5);
    CHECK(f.session->mode() == app::Mode::Slides);
}

TEST_CASE("Clicks on the frame map through the frame's place above the bar", "[student]") {
    Fixture f;
    f.session->command(timeline::cmd::Goto{1});
    f.settle();
    const auto mouse = support::find_hit(f.session->view(), draw::Hit::Kind::Token, 4);
    if (!mouse) FAIL("draw::hit_test finds no token 'mouse'");
    f.click(*mouse);
    CHECK(f.session->view().controls.focus == 4);
}

TEST_CASE("Every question of the lecture that names an experiment can show it", "[student]") {
    load::Result r = load::load_file(ATTNLAB_SOURCE_DIR "/slides/lecture.yaml", load::Options{ATTNLAB_SOURCE_DIR, {}});
    REQUIRE(r.ok());
    auto deck = std::make_shared<const scene::Deck>(std::move(r.deck));
    int named = 0;
    for (const auto& sl : deck->slides) {
        if (!sl.scene) continue;
        for (const auto& q : sl.scene->quiz.questions) {
            if (q.experiment.empty()) continue;
            ++named;
            bool has = false;
            for (const auto& e : sl.scene->experiments) {
                std::string a = e.title, b = q.experiment;
                for (auto& c : a) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
                for (auto& c : b) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
                has = has || a == b;
            }
            INFO(sl.scene->id << ": \"" << q.ask << "\" names \"" << q.experiment << "\"");
            CHECK(has);
        }
    }
    CHECK(named > 0);
}

TEST_CASE("Mouse only: clicking a choice on the quiz card picks it", "[student]") {
    Fixture f;
    f.session->command(timeline::cmd::Goto{3});
    f.settle();
    f.click(app::BarButton::Quiz);
    REQUIRE(f.session->state().quiz.open);
    const auto v = f.session->view();
    const auto second = support::find_hit(v, draw::Hit::Kind::QuizChoice, 1);
    if (!second) FAIL("draw::hit_test finds no second choice on the quiz card");
    const int focus = v.controls.focus;
    f.click(*second);
    CHECK(f.session->state().quiz.picked == 1);
    CHECK(f.session->state().quiz.revealed);
    CHECK(f.session->state().quiz.score().right == (v.quiz->question->correct == 1 ? 1 : 0));
    CHECK(f.session->view().controls.focus == focus);  // nothing beneath the card took the click
    f.click(app::BarButton::QuizNext);
    CHECK(f.session->state().quiz.index == 1);
    f.click(app::BarButton::QuizReveal);
    CHECK(f.session->state().quiz.revealed);
    f.click(app::BarButton::QuizClose);
    CHECK_FALSE(f.session->state().quiz.open);
}
