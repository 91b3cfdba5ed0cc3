// web/live: the browser's backend of the presenter core (see live.hpp).
#include "web/live.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <deque>
#include <iterator>
#include <sstream>
#include <utility>
#include <variant>

#include "app/overlay.hpp"
#include "core/core.hpp"
#include "draw/draw.hpp"
#include "model/model.hpp"
#include "web/player.hpp"

namespace web {

Live::Live(std::shared_ptr<const scene::Deck> deck, std::shared_ptr<const draw::Fonts> fonts, bool student, bool dark)
    : text_(std::make_shared<app::CairoText>(fonts)) {
    app::SessionOptions so;
    so.student = student;
    so.draw.theme = dark ? draw::ThemeKind::Dark : draw::ThemeKind::Light;
    so.draw.fonts = std::move(fonts);
    // The overlay's text: the frames' own text stack, as in the window.
    so.text = text_;
    session_ = std::make_unique<app::Session>(std::move(deck), [this] { return now_; }, so);
}

std::unique_ptr<Live> Live::open(const std::string& path, const std::string& root, const std::string& fonts_dir,
                                 const std::vector<draw::Fallback>& fallbacks, bool student, bool dark, int start,
                                 std::string& error) {
    scene::Deck loaded;
    std::shared_ptr<const draw::Fonts> fonts;
    if (!load_deck(path, root, fonts_dir, fallbacks, loaded, fonts, error)) return nullptr;
    auto deck = std::make_shared<const scene::Deck>(std::move(loaded));
    std::unique_ptr<Live> live(new Live(std::move(deck), std::move(fonts), student, dark));
    // The quiz's draw is the seed's: a page passes none yet, so it is the layout's default, and
    // the same page draws the same questions every time (as `attnlab export` does).
    const int steps = static_cast<int>(live->session_->layout().spans.size());
    if (start > 0) live->session_->command(timeline::cmd::Goto{std::min(start, steps - 1)});
    return live;
}

void Live::resize(int w, int h, int px_w, int px_h) {
    w_ = std::clamp(w, 1, 16384);
    h_ = std::clamp(h, 1, 16384);
    px_w_ = std::clamp(px_w, 16, 16384);
    px_h_ = std::clamp(px_h, 16, 16384);
    argb_.assign(static_cast<std::size_t>(px_w_) * static_cast<std::size_t>(px_h_), 0u);
    argb_kept_ = false;
    rgba_.assign(argb_.size() * 4, 0);
    session_->handle(app::Resize{w_, h_, px_w_, px_h_});
    session_->mark_dirty();
}

bool Live::key(const std::string& name, const std::string& code, app::Mods mods) {
    const auto [key, held] = app::key_of_web(name, code, mods);
    session_->handle(app::KeyDown{key, held});
    follow_quiz();
    return key != app::Key::None;
}

void Live::pointer(Pointer what, int x, int y, bool left_held, app::Mods mods) {
    switch (what) {
        case Pointer::Down: session_->handle(app::PointerDown{x, y, app::Button::Left, mods}); break;
        case Pointer::Up: session_->handle(app::PointerUp{x, y, app::Button::Left, mods}); break;
        case Pointer::Move: session_->handle(app::PointerMove{x, y, left_held, mods}); break;
        case Pointer::Leave: session_->handle(app::PointerLeave{}); break;
    }
    follow_quiz();  // the student bar's quiz buttons
}

namespace {

bool is_quiz(const timeline::Command& c) {
    using namespace timeline::cmd;
    return std::holds_alternative<QuizOpen>(c) || std::holds_alternative<QuizPick>(c) ||
           std::holds_alternative<QuizReveal>(c) || std::holds_alternative<QuizNext>(c) ||
           std::holds_alternative<QuizClose>(c) || std::holds_alternative<QuizGrade>(c) ||
           std::holds_alternative<QuizRetry>(c);
}

}  // namespace

void Live::follow_quiz() {
    // The session keeps its last commands only; this is called after every input, which records
    // far fewer than it keeps, so none is missed.
    const std::deque<timeline::Event>& h = session_->history();
    const std::uint64_t first = session_->recorded() - h.size();
    for (seen_ = std::max(seen_, first); seen_ < session_->recorded(); ++seen_) {
        const timeline::Command& c = h[static_cast<std::size_t>(seen_ - first)].command;
        if (std::holds_alternative<timeline::cmd::QuizOpen>(c)) {
            // An open starts the attempt after the last one: replayed, attempt_seen_ + 2 opens
            // (from none, −1) give it the same number, and so the same draw of questions.
            // While a quiz is open its keys hold the arrows, so the step is the quiz's.
            quiz_span_ = session_->state().span;
            quiz_opens_ = attempt_seen_ + 2;
            quiz_commands_.clear();
        } else if (quiz_span_ >= 0 && is_quiz(c)) {
            quiz_commands_.push_back(c);
        }
    }
    attempt_seen_ = session_->state().quiz.attempt;
}

std::string Live::quiz_memory() const {
    if (quiz_span_ < 0) return "";
    std::string out = timeline::format({0, timeline::cmd::Goto{quiz_span_}}) + "\n";
    const std::string open = timeline::format({0, timeline::cmd::QuizOpen{}}) + "\n";
    for (int i = 0; i < quiz_opens_; ++i) out += open;
    for (const timeline::Command& c : quiz_commands_) out += timeline::format({0, c}) + "\n";
    return out;
}

bool Live::restore_quiz(const std::string& memory) {
    if (memory.size() > kMaxQuizMemory) return false;
    // Read whole first: a text that is not a quiz's memory changes nothing.
    std::vector<timeline::Command> commands;
    std::istringstream in(memory);
    for (std::string line; std::getline(in, line);) {
        if (line.empty()) continue;
        timeline::Event e;
        std::string why;
        if (!timeline::parse(line, e, why)) return false;
        const bool first = commands.empty();
        if (first != std::holds_alternative<timeline::cmd::Goto>(e.command)) return false;
        if (!first && !is_quiz(e.command)) return false;
        commands.push_back(e.command);
    }
    if (commands.empty()) return true;
    follow_quiz();
    const int place = session_->state().span;
    for (const timeline::Command& c : commands) {
        // The quiz's step when the place is another (a Goto to the step shown would start its
        // animation again).
        if (const auto* g = std::get_if<timeline::cmd::Goto>(&c); g && g->span == session_->state().span) continue;
        session_->command(c);
        follow_quiz();  // each open reads the attempt before it
    }
    if (session_->state().span != place) {
        if (session_->state().quiz.open) {
            session_->command(timeline::cmd::QuizClose{});
            follow_quiz();
        }
        session_->command(timeline::cmd::Goto{place});
    }
    follow_quiz();
    return true;
}

bool Live::frame() {
    if (argb_.empty() || !session_->needs_redraw()) return false;
    app::Pixels target{argb_.data(), px_w_, px_h_, 4 * px_w_};
    target.kept = argb_kept_;
    // Only the rows that changed go to the canvas: the old frame is kept to compare with.
    before_ = argb_;  // into the buffer kept for it: no allocation per frame
    app::paint_overlay(target, session_->render(target), text_.get());
    argb_kept_ = true;
    int top = 0, bottom = px_h_;
    const auto same_row = [&](int y) {
        const std::size_t at = static_cast<std::size_t>(y) * static_cast<std::size_t>(px_w_);
        return std::memcmp(before_.data() + at, argb_.data() + at, static_cast<std::size_t>(px_w_) * 4) == 0;
    };
    while (top < bottom && same_row(top)) ++top;
    while (bottom > top && same_row(bottom - 1)) --bottom;
    if (top == bottom) return false;
    // Cairo's ARGB32 words (premultiplied; the frame is opaque) as the canvas's R, G, B, A bytes,
    // un-premultiplied as Cairo's PNG writer does: the bytes of the native PNG export.
    for (int y = top; y < bottom; ++y) {
        const std::uint32_t* p = argb_.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(px_w_);
        std::uint8_t* o = rgba_.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(px_w_) * 4;
        for (int x = 0; x < px_w_; ++x, o += 4) {
            const std::uint32_t v = p[x];
            const unsigned a = v >> 24;
            const auto straight = [a](unsigned c) { return static_cast<std::uint8_t>(a == 0 ? 0 : (c * 255 + a / 2) / a); };
            o[0] = straight((v >> 16) & 0xFF);
            o[1] = straight((v >> 8) & 0xFF);
            o[2] = straight(v & 0xFF);
            o[3] = static_cast<std::uint8_t>(a);
        }
    }
    dirty_top_ = top;
    dirty_bottom_ = bottom;
    return true;
}

int Live::requests() {
    int bits = 0;
    if (session_->fullscreen_toggle_requested()) bits |= 1;
    if (session_->presenter_toggle_requested()) bits |= 2;
    return bits;
}

std::string Live::where(const std::string& what, int index) const {
    using K = draw::Hit::Kind;
    const auto wanted = [&](const draw::Hit& h) {
        if (what == "token") return h.kind == K::Token && h.token == index;
        if (what == "key") return h.kind == K::Key && h.token == index;
        if (what == "value") return h.kind == K::Value && h.token == index;
        if (what == "mask") return h.kind == K::MaskSwitch;
        if (what == "slider")
            return h.kind == K::TemperatureSlider && index >= 0 && index < static_cast<int>(std::size(draw::kSliderDetents)) &&
                   h.value == draw::kSliderDetents[index];
        return false;
    };
    if (w_ <= 0 || h_ <= 0) return "";
    const timeline::View v = session_->view();
    const app::PixelRect fr = session_->frame_rect();
    const draw::Transform t = draw::transform_for(fr.w, fr.h);
    // A CSS pixel's middle, as the session reads a pointer (Session::design_point).
    for (int y = 0; y < h_; y += 2)
        for (int x = 0; x < w_; x += 2) {
            const double px = (x + 0.5) * px_w_ / static_cast<double>(w_) - fr.x;
            const double py = (y + 0.5) * px_h_ / static_cast<double>(h_) - fr.y;
            if (wanted(draw::hit_test(v, t.to_design({px, py}), t.space))) return std::to_string(x) + " " + std::to_string(y);
        }
    return "";
}

std::string Live::status() const {
    const timeline::View v = session_->view();
    const timeline::Layout& lay = session_->layout();
    std::string s = "{\"step\":" + std::to_string(v.span + 1) + ",\"steps\":" + std::to_string(lay.spans.size());
    s += ",\"title\":";
    core::json_string(s, model::span_title(session_->deck(), lay, v.span));
    s += ",\"say\":";
    core::json_string(s, model::span_say(session_->deck(), lay, v.span));
    // What the presenter view shows: the step's speaker notes (the window's own function), the
    // next step's title ("" after the last), the talk timer.
    s += ",\"notes\":";
    core::json_string(s, app::speaker_notes(session_->deck(), lay, v.span));
    s += ",\"next\":";
    core::json_string(s, static_cast<std::size_t>(v.span) + 1 < lay.spans.size()
                             ? model::span_title(session_->deck(), lay, v.span + 1)
                             : std::string());
    const app::TalkTimer& timer = session_->talk_timer();
    s += ",\"talk\":{\"elapsed\":";
    core::json_number(s, session_->talk_elapsed());
    s += std::string(",\"started\":") + (timer.started ? "true" : "false") + ",\"running\":" +
         (timer.running ? "true" : "false") + "}";
    s += ",\"mode\":";
    core::json_string(s, app::mode_name(session_->mode()));
    s += ",\"animating\":";
    s += v.animating ? "true" : "false";
    if (v.scene) {
        const scene::Controls& c = v.controls;
        s += ",\"focus\":" + std::to_string(c.focus) + ",\"word\":";
        core::json_string(s, c.focus >= 0 && static_cast<std::size_t>(c.focus) < v.scene->tokens.size()
                                 ? v.scene->tokens[static_cast<std::size_t>(c.focus)]
                                 : std::string());
        s += ",\"temperature\":";
        core::json_number(s, c.temperature);
        s += ",\"mask\":";
        s += c.mask ? "true" : "false";
        s += ",\"experiment\":" + std::to_string(session_->state().experiment);
        s += ",\"keys\":[";
        for (std::size_t i = 0; i < c.keys.size(); ++i) {
            s += i ? ",[" : "[";
            for (std::size_t j = 0; j < c.keys[i].size(); ++j) {
                if (j) s += ",";
                core::json_number(s, c.keys[i][j]);
            }
            s += "]";
        }
        s += "],\"weights\":[";
        const attention::Trace& t = v.trace();
        if (c.focus >= 0 && static_cast<std::size_t>(c.focus) < t.weights.rows)
            for (std::size_t j = 0; j < t.weights.cols; ++j) {
                if (j) s += ",";
                core::json_number(s, t.weights(static_cast<std::size_t>(c.focus), j));
            }
        s += "]";
    }
    const timeline::QuizState& q = session_->state().quiz;
    s += ",\"quiz\":{\"open\":" + std::string(q.open ? "true" : "false") + ",\"index\":" + std::to_string(q.index) +
         ",\"revealed\":" + (q.revealed ? "true" : "false") + ",\"picked\":" + std::to_string(q.picked) +
         ",\"attempt\":" + std::to_string(q.attempt) + ",\"finished\":" + (q.finished ? "true" : "false");
    const scene::QuizScore score = q.score();
    s += ",\"right\":" + std::to_string(score.right) + ",\"wrong\":" + std::to_string(score.wrong) +
         ",\"shown\":" + std::to_string(score.revealed) + "}";
    s += "}";
    return s;
}

}  // namespace web
