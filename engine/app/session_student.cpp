// app/session_student: student mode (--student) — the drawn control bar under the frame
// (step buttons, the scrubber, speed, Try this, Reset, Check yourself, Overview, help), where
// "Show me" leads, and the remembered place (places.hpp). A press is an action
// (session_input.cpp); the buttons name their keys from the table (bindings.hpp); the bar is
// laid out as overlay primitives (overlay.hpp), its icons as paths. It must not know how the
// presenter's overlay or overview look, nor events or fonts.
#include "app/session.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "app/bindings.hpp"
#include "app/places.hpp"
#include "app/session_detail.hpp"

namespace app {

using detail::bar_geo;
using detail::BarGeo;
using detail::step_label;

namespace {

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// A button's label with its key from the table: "Try this (E)".
std::string with_key(const std::string& label, Layer layer, Action action) {
    const std::string key = shortcut(layer, action);
    return key.empty() ? label : label + " (" + key + ")";
}

}  // namespace

const char* bar_button_name(BarButton c) {
    switch (c) {
        case BarButton::Back: return "back";
        case BarButton::Play: return "play";
        case BarButton::Replay: return "replay";
        case BarButton::Next: return "next";
        case BarButton::Scrubber: return "scrubber";
        case BarButton::Slower: return "slower";
        case BarButton::Faster: return "faster";
        case BarButton::TryThis: return "try this";
        case BarButton::Reset: return "reset";
        case BarButton::Quiz: return "check yourself";
        case BarButton::Overview: return "overview";
        case BarButton::Help: return "help";
        case BarButton::QuizReveal: return "reveal";
        case BarButton::QuizNext: return "next question";
        case BarButton::QuizShowMe: return "show me";
        case BarButton::QuizClose: return "close quiz";
    }
    return "";
}

// ---------------------------------------------------------------------------------------------
// student mode: the drawn controls, the quiz keys, the remembered place

std::optional<std::pair<int, int>> Session::show_me_target() const {
    return show_me_target(timeline::evaluate(*deck_, layout_, state_, clock_()));
}

std::optional<std::pair<int, int>> Session::show_me_target(const timeline::View& v) const {
    if (!state_.quiz.open || !state_.quiz.revealed || !v.quiz || !v.quiz->question) return std::nullopt;
    const scene::Question* q = v.quiz->question;
    if (q->experiment.empty()) return std::nullopt;
    const std::string want = lower(q->experiment);
    auto find = [&](const scene::Scene& sc) {
        for (std::size_t i = 0; i < sc.experiments.size(); ++i)
            if (lower(sc.experiments[i].title) == want) return static_cast<int>(i);
        return -1;
    };
    if (v.scene) {
        const int i = find(*v.scene);
        if (i >= 0) return std::make_pair(state_.span, i);
    }
    // A question drawn from another scene's bank (a slide without its own quiz): go to the end
    // of that scene, where every stage is on screen, and run its experiment there.
    for (std::size_t sl = 0; sl < deck_->slides.size(); ++sl) {
        const auto& scp = deck_->slides[sl].scene;
        if (!scp) continue;
        const auto& qs = scp->quiz.questions;
        if (std::none_of(qs.begin(), qs.end(), [&](const scene::Question& x) { return &x == q; })) continue;
        const int i = find(*scp);
        if (i < 0) return std::nullopt;
        int span = -1;
        for (std::size_t k = 0; k < layout_.spans.size(); ++k)
            if (layout_.spans[k].slide == static_cast<int>(sl)) span = static_cast<int>(k);
        if (span < 0) return std::nullopt;
        return std::make_pair(span, i);
    }
    return std::nullopt;
}

void Session::open_student(const std::string& deck_path, std::optional<int> start_at) {
    place_.path = deck_path;
    const std::optional<int> remembered = start_at ? std::nullopt : load_place(deck_path);
    const std::optional<int> at = start_at ? start_at : remembered;
    if (at && step_count() > 0) command(timeline::cmd::Goto{std::clamp(*at, 0, step_count() - 1)});
    place_.saved_span = remembered ? state_.span : -1;
}

bool Session::save_place(std::string& error) {
    if (place_.path.empty() || state_.span == place_.saved_span) return true;
    place_.saved_span = state_.span;  // one try per step: a failing disk is reported once, not every frame
    return app::save_place(place_.path, state_.span, error);
}

void Session::scrub_to(int px) {
    const std::optional<PixelRect> r = bar_button_rect(BarButton::Scrubber);
    if (!r || r->w <= 0) return;
    command(timeline::cmd::Seek{std::clamp((px - r->x) / static_cast<double>(r->w), 0.0, 1.0)});
}

std::vector<BarButtonBox> Session::bar_buttons() { return bar_buttons_for(view()); }

std::optional<PixelRect> Session::bar_button_rect(BarButton c) {
    for (const BarButtonBox& cb : bar_buttons())
        if (cb.id == c) return cb.rect;
    return std::nullopt;
}

std::vector<BarButtonBox> Session::bar_buttons_for(const timeline::View& v) {
    std::vector<BarButtonBox> out;
    if (!opt_.student || modes_.mode == Mode::Overview) return out;
    const int px_w = win_.px_w;
    const BarGeo g = bar_geo(px_w, win_.px_h);
    TextMeasure* text = opt_.text.get();
    auto width_of = [&](const std::string& s) {
        const int tw = text ? (s.empty() ? 0 : text->measure(s, g.fs, Face::Bold).w) : static_cast<int>(s.size()) * g.fs * 3 / 5;
        return std::max(g.u, tw + 3 * g.pad);
    };
    out.push_back({BarButton::Scrubber, {2 * g.pad, g.top + g.pad, px_w - 4 * g.pad, g.sh}, ""});
    const int y = g.top + g.pad + g.sh;
    const bool quiz = state_.quiz.open;
    if (!quiz) {
        int x = 2 * g.pad;
        for (BarButton c : {BarButton::Back, BarButton::Play, BarButton::Replay, BarButton::Next}) {
            out.push_back({c, {x, y, g.u, g.u}, ""});
            x += g.u + g.pad / 2;
        }
    }
    int r = px_w - 2 * g.pad;
    auto right = [&](BarButton c, const std::string& label) {
        const int bw = width_of(label);
        r -= bw;
        out.push_back({c, {r, y, bw, g.u}, label});
        r -= g.pad;
    };
    right(BarButton::Help, "?");
    if (quiz) {
        right(BarButton::QuizClose, with_key("Close", Layer::Quiz, Action::QuizClose));
        if (show_me_target(v)) right(BarButton::QuizShowMe, with_key("Show me", Layer::Quiz, Action::ShowMe));
        if (state_.quiz.finished) return out;  // the end screen's buttons are on its card
        right(BarButton::QuizNext, with_key("Next", Layer::Quiz, Action::QuizNext));
        if (!state_.quiz.revealed) right(BarButton::QuizReveal, with_key("Reveal", Layer::Quiz, Action::QuizAnswer));
        return out;
    }
    right(BarButton::Faster, "+");
    r -= width_of("0.25×") - g.pad;  // the speed between − and +
    right(BarButton::Slower, "−");
    r -= g.pad;
    right(BarButton::Overview, with_key("Overview", Layer::Slides, Action::OpenOverview));
    if (!timeline::quiz_bank(*deck_, v.slide).questions.empty())
        right(BarButton::Quiz, with_key("Check yourself", Layer::Slides, Action::OpenQuiz));
    if (v.scene && !v.scene->experiments.empty()) right(BarButton::TryThis, with_key("Try this", Layer::Slides, Action::OpenMenu));
    const bool edited = state_.experiment >= 0 ||
                        (static_cast<std::size_t>(v.slide) < state_.edits.size() && !state_.edits[static_cast<std::size_t>(v.slide)].empty());
    if (v.scene && edited) right(BarButton::Reset, with_key("Reset", Layer::Slides, Action::Reset));
    return out;
}

namespace {
// Cuts `s` (whole UTF-8 characters) until it fits `width` pixels, marked with "…".
std::string fit(OverlayWriter& o, std::string s, int px, int width, Face face = Face::Regular) {
    if (width <= 0) return "";
    if (o.measure(s, px, face).w <= width) return s;
    while (!s.empty() && o.measure(s + "…", px, face).w > width) {
        while (!s.empty() && (static_cast<unsigned char>(s.back()) & 0xC0) == 0x80) s.pop_back();
        if (!s.empty()) s.pop_back();
    }
    return s.empty() ? "" : s + "…";
}

// The icons of the step buttons as paths: ◀| |▶ (back, next), ▶ or ❙❙ (play, pause), ↺ (replay).
std::vector<OverlayPath> icon(BarButton id, double cx, double cy, double z, bool playing, core::Color ink) {
    using Op = OverlayPath::Op;
    std::vector<OverlayPath> out;
    auto add = [&](std::vector<OverlayPath::Segment> segs, double line_width = 0) { out.push_back({std::move(segs), ink, line_width}); };
    if (id == BarButton::Back || id == BarButton::Next) {
        const double sgn = id == BarButton::Next ? 1 : -1;
        add({{Op::Move, cx - sgn * z * 0.8, cy - z}, {Op::Line, cx - sgn * z * 0.8, cy + z}, {Op::Line, cx + sgn * z * 0.6, cy}, {Op::Close}});
        add({{Op::Rect, sgn > 0 ? cx + z * 0.6 : cx - z * 0.95, cy - z, z * 0.35, 2 * z}});
    } else if (id == BarButton::Play) {
        if (playing) add({{Op::Rect, cx - z * 0.75, cy - z, z * 0.5, 2 * z}, {Op::Rect, cx + z * 0.25, cy - z, z * 0.5, 2 * z}});
        else add({{Op::Move, cx - z * 0.7, cy - z}, {Op::Line, cx - z * 0.7, cy + z}, {Op::Line, cx + z * 0.9, cy}, {Op::Close}});
    } else {
        // ↺: three quarters of a circle with an arrow head at its open end.
        add({{Op::Arc, cx, cy, z * 0.85, -M_PI * 0.35, M_PI * 1.25}}, z * 0.3);
        const double ax = cx + z * 0.85 * std::cos(-M_PI * 0.35), ay = cy + z * 0.85 * std::sin(-M_PI * 0.35);
        add({{Op::Move, ax + z * 0.45, ay - z * 0.1}, {Op::Line, ax - z * 0.35, ay - z * 0.45}, {Op::Line, ax - z * 0.05, ay + z * 0.45}, {Op::Close}});
    }
    return out;
}

core::Color colour_of(Rgba c, double alpha = 1.0) { return {c.r / 255.0, c.g / 255.0, c.b / 255.0, alpha}; }

}  // namespace

void Session::draw_bar(OverlayWriter& o, int w, int h, const timeline::View& v) {
    using Op = OverlayPath::Op;
    const BarGeo g = bar_geo(w, h);
    const std::vector<BarButtonBox> cbs = bar_buttons_for(v);
    const Rgba ink{240, 241, 245, 255};
    const Rgba dim{170, 176, 190, 255};
    const Rgba accent{230, 140, 30, 255};
    int text_left = 2 * g.pad, text_right = w - 2 * g.pad;
    const PixelRect* slower = nullptr;
    const PixelRect* faster = nullptr;
    for (const BarButtonBox& cb : cbs) {
        const PixelRect& r = cb.rect;
        const bool hot = pointer_.hot_control == static_cast<int>(cb.id);
        if (cb.id == BarButton::Scrubber) {
            // The track, the part played in the accent colour, and the knob.
            const double cy = r.y + r.h / 2.0;
            const double th = std::max(3.0, r.h / 4.0);
            const double kx = r.x + v.u_linear * r.w;
            const bool dragging = pointer_.drag == Pointer::Drag::Scrub;
            o.path({{{Op::Rect, static_cast<double>(r.x), cy - th / 2, static_cast<double>(r.w), th}}, {1, 1, 1, 0.22}});
            o.path({{{Op::Rect, static_cast<double>(r.x), cy - th / 2, kx - r.x, th}}, colour_of(accent)});
            o.path({{{Op::Arc, kx, cy, r.h * (hot || dragging ? 0.45 : 0.36), 0, 2 * M_PI}}, colour_of(accent)});
            continue;
        }
        const bool lit = cb.id == BarButton::Quiz || cb.id == BarButton::TryThis || cb.id == BarButton::QuizShowMe;
        const Rgba fill = lit ? Rgba{accent.r, accent.g, accent.b, static_cast<std::uint8_t>(hot ? 255 : 200)}
                              : Rgba{255, 255, 255, static_cast<std::uint8_t>(hot ? 64 : 26)};
        o.box(r.x, r.y, r.w, r.h, fill, g.u / 5.0);
        if (cb.id == BarButton::Back || cb.id == BarButton::Next || cb.id == BarButton::Play || cb.id == BarButton::Replay) {
            text_left = std::max(text_left, r.x + r.w + 2 * g.pad);
            const bool playing = v.animating && !state_.paused;
            for (OverlayPath& p : icon(cb.id, r.x + r.w / 2.0, r.y + r.h / 2.0, r.w * 0.22, playing, colour_of(ink))) o.path(std::move(p));
            continue;
        }
        text_right = std::min(text_right, r.x - 2 * g.pad);
        if (cb.id == BarButton::Slower) slower = &cb.rect;
        if (cb.id == BarButton::Faster) faster = &cb.rect;
        o.text(cb.label, r.x + r.w / 2.0, r.y + (r.h - o.measure(cb.label, g.fs, Face::Bold).h) / 2.0, g.fs,
               lit ? Rgba{20, 20, 24, 255} : ink, Face::Bold, 1);
    }
    if (slower && faster) {
        char buf[16];
        std::snprintf(buf, sizeof buf, "%g×", state_.speed);
        const double mid = (slower->x + slower->w + faster->x) / 2.0;
        o.text(buf, mid, slower->y + (slower->h - o.measure(buf, g.fs).h) / 2.0, g.fs,
               state_.speed == 1.0 ? dim : accent, Face::Mono, 1);
    }
    // The step: "7 / 24  Title", or the quiz's progress while it is open.
    std::string head, title;
    if (state_.quiz.open && v.quiz) {
        head = v.quiz->finished ? std::string("Check yourself · done")
                                : "Check yourself · " + std::to_string(v.quiz->index + 1) + " / " + std::to_string(v.quiz->total);
        title = v.quiz->finished ? std::to_string(v.quiz->right) + " of " + std::to_string(v.quiz->total) + " right"
                                 : std::to_string(v.quiz->right) + " of " + std::to_string(v.quiz->answered) + " right";
    } else {
        head = step_label(state_.span, step_count());
        if (v.step_ptr) title = scene::step_title(*v.step_ptr);
        if (v.slide_ptr && !v.slide_ptr->title.empty()) title = v.step_ptr ? v.slide_ptr->title + " — " + title : v.slide_ptr->title;
        else if (v.scene && !v.scene->title.empty()) title = v.scene->title + " — " + title;
    }
    const int ty = g.top + g.pad + g.sh + (g.u - o.measure(head, g.fs + 2, Face::Bold).h) / 2;
    const int hw = o.measure(head, g.fs + 2, Face::Bold).w;
    if (text_right - text_left > hw) {
        o.text(head, text_left, ty, g.fs + 2, accent, Face::Bold);
        o.text(fit(o, title, g.fs + 2, text_right - text_left - hw - 2 * g.pad), text_left + hw + 2 * g.pad, ty, g.fs + 2, ink);
    }
}

}  // namespace app
