// app/session: the Session's core — construction, replacing the deck on a hot reload, the
// action path (react() with what the session knows, then its commands and requests), the
// command path (the only way the timeline State changes, recorded as it happens), the small
// state helpers that need no events, and render(), which draws the frame and hands the rest to
// the overlay's layout (session_overlay.cpp) and the student bar (session_student.cpp). It must
// not know the events (session_input.cpp translates those) nor how the overlay, the overview or
// the bar look.
#include "app/session.hpp"

#include <algorithm>
#include <utility>

#include "app/session_detail.hpp"

namespace app {

using detail::bar_geo;

void render_frame(const Pixels& target, const scene::Deck& deck, const timeline::Layout& lay,
                  const timeline::State& state, double now, const draw::Options& opt) {
    Painting painting(target);
    draw::render(painting.cr(), target.w, target.h, deck, lay, state, now, opt);
}

Session::Session(std::shared_ptr<const scene::Deck> deck, std::function<double()> clock, SessionOptions opt)
    : deck_(std::move(deck)), clock_(std::move(clock)), opt_(opt) {
    layout_ = timeline::layout(*deck_);
    state_.span_started = clock_();
    state_.edits.resize(deck_->slides.size());
}

Session::~Session() = default;

void Session::replace_deck(std::shared_ptr<const scene::Deck> deck) {
    deck_ = std::move(deck);
    layout_ = timeline::layout(*deck_);
    const int n = step_count();
    state_.span = std::clamp(state_.span, 0, std::max(0, n - 1));
    state_.edits.resize(deck_->slides.size());
    // An experiment index or a key that no longer exists falls back to the script.
    if (!layout_.spans.empty()) {
        const scene::Slide& sl = deck_->slides[static_cast<std::size_t>(layout_.spans[static_cast<std::size_t>(state_.span)].slide)];
        if (!sl.scene || state_.experiment >= static_cast<int>(sl.scene->experiments.size())) state_.experiment = -1;
    }
    error_.clear();
    thumbs_.clear();
    pace_.dirty = true;
}

void Session::set_error(std::string error) {
    error_ = std::move(error);
    pace_.dirty = true;
}

void Session::resize(int window_w, int window_h, int pixel_w, int pixel_h) {
    win_.w = std::max(1, window_w);
    win_.h = std::max(1, window_h);
    win_.px_w = std::max(1, pixel_w);
    win_.px_h = std::max(1, pixel_h);
    pace_.dirty = true;
}

void Session::narrate(bool on) {
    narrating_ = on;
    pace_.dirty = true;
}

bool Session::fullscreen_toggle_requested() { return std::exchange(pending_.fullscreen, false); }

bool Session::presenter_toggle_requested() { return std::exchange(pending_.presenter, false); }

Context Session::context(const timeline::View& v) const {
    Context c{state_, v};
    c.steps = step_count();
    c.overview_columns = modes_.mode == Mode::Overview ? overview_grid(win_.px_w, win_.px_h).cols : 1;
    c.fullscreen = win_.fullscreen;
    c.exit_after_last = opt_.exit_after_last;
    c.quiz_available = !timeline::quiz_bank(*deck_, v.slide).questions.empty();
    c.show_me = show_me_target(v);
    c.now = clock_();
    return c;
}

void Session::act(const Input& in) {
    const timeline::View v = view();
    apply(react(modes_, in, context(v)));
}

void Session::apply(const Reaction& r) {
    if (!(r.modes == modes_)) pace_.dirty = true;
    modes_ = r.modes;
    for (const timeline::Command& c : r.commands) command(c);
    // Key editing lives on its step (timeline State::editing): once the step changed, however it
    // did, the arrows are the slides' again.
    if ((modes_.mode == Mode::Keys || modes_.mode == Mode::KeyEntry) && state_.editing < 0) {
        modes_.mode = Mode::Slides;
        modes_.entry.clear();
    }
    const Requests& q = r.requests;
    if (q.counter) opt_.show_counter = !opt_.show_counter;
    if (q.fps) opt_.show_fps = !opt_.show_fps;
    pending_.quit = pending_.quit || q.quit;
    pending_.fullscreen = pending_.fullscreen || q.fullscreen;  // until the loop takes it
    pending_.presenter = pending_.presenter || q.presenter;
    if (q.any()) pace_.dirty = true;
}

void Session::command(const timeline::Command& c) {
    const double t = clock_();
    state_ = timeline::apply(*deck_, layout_, std::move(state_), c, t);
    pace_.dirty = true;
    if (timeline::presenter_only(c)) return;  // the hover and the key-editing banner: never recorded
    timeline::Event ev{t, c};
    rec_.history.push_back(ev);
    if (rec_.history.size() > kHistoryKept) rec_.history.pop_front();
    ++rec_.recorded;
    if (rec_.out) {
        *rec_.out << timeline::format(ev) << '\n';
        rec_.out->flush();
    }
    pace_.dirty = true;
}

PixelRect Session::frame_rect_for(int w, int h) const {
    if (!opt_.student) return {0, 0, w, h};
    return {0, 0, w, std::max(1, bar_geo(w, h).top)};
}

PixelRect Session::frame_rect() const { return frame_rect_for(win_.px_w, win_.px_h); }

double Session::talk_elapsed() const { return modes_.timer.elapsed(clock_()); }

Damage Session::damage_of(const Pixels& target) const {
    Damage d;
    if (modes_.mode == Mode::Overview) return d;
    if (panels_->still() && overlay_ == drawn_overlay_) {
        d.all = false;  // the same picture in the same target: nothing to present
        return d;
    }
    const std::vector<draw::PanelCache::Box>& same = panels_->unchanged();
    if (same.empty()) return d;
    // The panels already in place stay out of the damage, but not where the overlay paints over
    // them: what it painted there may differ from the frame before's.
    const std::vector<PixelRect> over = overlay_extents(overlay_, opt_.text.get(), target.w, target.h);
    std::vector<PixelRect> holes;
    for (const draw::PanelCache::Box& b : same) {
        const PixelRect r{b.x, b.y, b.w, b.h};  // (the frame's rows start at the target's top)
        const bool covered = std::any_of(over.begin(), over.end(), [&](const PixelRect& o) {
            return o.x < r.x + r.w && r.x < o.x + o.w && o.y < r.y + r.h && r.y < o.y + o.h;
        });
        if (!covered) holes.push_back(r);
    }
    d.all = false;
    d.rects = subtract({0, 0, target.w, target.h}, holes);
    return d;
}

bool Session::needs_redraw() const {
    if (pace_.dirty || pace_.drawn_moving) return true;  // (one frame more after an animation: its end state)
    if (modes_.toast_visible(clock_()) || pace_.drawn_toast) return true;  // (and one after a toast, without it)
    if (modes_.mode == Mode::Overview && !thumbs_.complete()) return true;  // (its page fills in, a few a frame)
    return view().animating;
}

// ---------------------------------------------------------------------------------------------
// drawing

const Overlay& Session::render(const Pixels& target) {
    const double t = clock_();
    if (pace_.last_frame >= 0 && t > pace_.last_frame) pace_.fps = 0.9 * pace_.fps + 0.1 / (t - pace_.last_frame);
    pace_.last_frame = t;
    // Evaluated once: the frame and the overlay share this view (a cross-fade needs the
    // previous step too, and draw::render evaluates both then).
    const timeline::View v = timeline::evaluate(*deck_, layout_, state_, t);
    overlay_.layers.clear();
    OverlayWriter o(overlay_, opt_.text.get());
    if (modes_.mode == Mode::Overview) {
        panels_->clear();  // (the overview draws over the panels without them)
        draw_overview(target, o);
    } else {
        // The overview's thumbnails are let go when it closes (drawn again when it opens, as
        // turning its page draws them): kept, what the window holds would depend on which page,
        // at which size, the overview showed last (a full page at 1080p is 5 MB).
        thumbs_.clear();
        const PixelRect fr = frame_rect_for(target.w, target.h);
        if (target.kept) {
            // The platform kept the last frame's pixels: the panels it left in place need not be
            // read, except where that frame's overlay was painted over them.
            std::vector<draw::PanelCache::Box> over;
            for (const PixelRect& r : overlay_extents(drawn_overlay_, opt_.text.get(), target.w, target.h))
                over.push_back({r.x, r.y, r.w, r.h});  // (the frame's rows start at the target's top)
            panels_->in_place(over);
        }
        {
            Painting painting(target.rows(fr.y, fr.h));
            draw::Options drawing = opt_.draw;
            drawing.cache = panels_.get();
            if (v.fade_from_span < 0 || v.fade_u >= 1.0 || v.blank) draw::paint_view(painting.cr(), fr.w, fr.h, v, drawing);
            else draw::render(painting.cr(), fr.w, fr.h, *deck_, layout_, state_, t, drawing);
        }
        if (fr.h < target.h) fill(target, {0, fr.h, target.w, target.h - fr.h}, opaque(24, 26, 32));  // under the bar
    }
    if (opt_.overlay) draw_overlay(o, target.w, target.h, v);
    damage_ = damage_of(target);
    drawn_overlay_ = overlay_;
    pace_.dirty = false;
    pace_.drawn_moving = v.animating;
    pace_.drawn_toast = opt_.overlay && modes_.toast_visible(t);
    return overlay_;
}

}  // namespace app
