// app/session: the Session's core — construction, replacing the deck on a hot reload, the
// command path (the only way the timeline State changes, recorded as it happens), the small
// state helpers that need no events, and render(), which draws the frame and hands the rest to
// the overlay (session_overlay.cpp) and the student bar (session_student.cpp). It must not
// know SDL events (session_input.cpp turns those into commands) nor how the overlay, the
// overview or the bar look.
#include "app/session.hpp"

#include <algorithm>

#include "app/overlay.hpp"
#include "app/session_detail.hpp"

namespace app {

using detail::bar_geo;

const char* mode_name(Mode m) {
    switch (m) {
        case Mode::Slides: return "slides";
        case Mode::GotoStep: return "go to step";
        case Mode::Keys: return "keys";
        case Mode::KeyEntry: return "key coordinates";
        case Mode::Overview: return "overview";
        case Mode::Experiments: return "experiments";
    }
    return "";
}

void render_frame(SDL_Surface* target, const scene::Deck& deck, const timeline::Layout& lay,
                  const timeline::State& state, double now, const draw::Options& opt) {
    SDL_LockSurface(target);
    cairo_surface_t* cs = cairo_image_surface_create_for_data(static_cast<unsigned char*>(target->pixels),
                                                              CAIRO_FORMAT_ARGB32, target->w, target->h, target->pitch);
    cairo_t* cr = cairo_create(cs);
    draw::render(cr, target->w, target->h, deck, lay, state, now, opt);
    cairo_destroy(cr);
    cairo_surface_flush(cs);
    cairo_surface_destroy(cs);
    SDL_UnlockSurface(target);
}

std::uint64_t surface_hash(const SDL_Surface* s) {
    std::uint64_t h = 1469598103934665603ull;
    const int row_bytes = s->w * s->format->BytesPerPixel;
    for (int y = 0; y < s->h; ++y) {
        const unsigned char* p = static_cast<const unsigned char*>(s->pixels) + static_cast<std::ptrdiff_t>(y) * s->pitch;
        for (int i = 0; i < row_bytes; ++i) {
            h ^= p[i];
            h *= 1099511628211ull;
        }
    }
    return h;
}

Session::Session(std::shared_ptr<const scene::Deck> deck, std::function<double()> clock, SessionOptions opt)
    : deck_(std::move(deck)), clock_(std::move(clock)), opt_(opt) {
    layout_ = timeline::layout(*deck_);
    state_.span_started = clock_();
    state_.edits.resize(deck_->slides.size());
}

Session::~Session() { clear_thumbs(); }

void Session::clear_thumbs() {
    for (cairo_surface_t* s : thumbs_) cairo_surface_destroy(s);
    thumbs_.clear();
    thumbs_deck_ = nullptr;
}

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
    clear_thumbs();
    dirty_ = true;
}

void Session::set_error(std::string error) {
    error_ = std::move(error);
    dirty_ = true;
}

void Session::resize(int window_w, int window_h, int pixel_w, int pixel_h) {
    win_w_ = std::max(1, window_w);
    win_h_ = std::max(1, window_h);
    px_w_ = std::max(1, pixel_w);
    px_h_ = std::max(1, pixel_h);
    dirty_ = true;
}

bool Session::fullscreen_toggle_requested() {
    bool r = want_fullscreen_toggle_;
    want_fullscreen_toggle_ = false;
    return r;
}

bool Session::presenter_toggle_requested() {
    bool r = want_presenter_toggle_;
    want_presenter_toggle_ = false;
    return r;
}

void Session::command(const timeline::Command& c) {
    const double t = clock_();
    state_ = timeline::apply(*deck_, layout_, std::move(state_), c, t);
    timeline::Event ev{t, c};
    history_.push_back(ev);
    if (record_) {
        *record_ << timeline::format(ev) << '\n';
        record_->flush();
    }
    dirty_ = true;
}

SDL_Rect Session::frame_rect_for(int w, int h) const {
    if (!opt_.student) return {0, 0, w, h};
    return {0, 0, w, std::max(1, bar_geo(w, h).top)};
}

SDL_Rect Session::frame_rect() const { return frame_rect_for(px_w_, px_h_); }

Overlay& Session::overlay() {
    if (!overlay_) overlay_ = std::make_unique<Overlay>();
    return *overlay_;
}

bool Session::needs_redraw() const {
    if (dirty_ || drawn_moving_) return true;  // (one frame more after an animation: its end state)
    return view().animating;
}

void Session::next() {
    timeline::View v = view();
    const bool last = state_.span + 1 >= step_count();
    if (opt_.exit_after_last && last && !v.animating) {
        quit_ = true;
        return;
    }
    command(timeline::cmd::Next{});
}

// ---------------------------------------------------------------------------------------------
// drawing

void Session::render(SDL_Surface* target) {
    const double t = clock_();
    if (last_frame_ >= 0 && t > last_frame_) fps_ = 0.9 * fps_ + 0.1 / (t - last_frame_);
    last_frame_ = t;
    // Evaluated once: the frame and the overlay share this view (a cross-fade needs the
    // previous step too, and draw::render evaluates both then).
    const timeline::View v = timeline::evaluate(*deck_, layout_, state_, t);
    if (mode_ == Mode::Overview) {
        draw_overview(target);
    } else {
        const SDL_Rect fr = frame_rect_for(target->w, target->h);
        SDL_LockSurface(target);
        cairo_surface_t* cs = cairo_image_surface_create_for_data(
            static_cast<unsigned char*>(target->pixels) + static_cast<std::ptrdiff_t>(fr.y) * target->pitch,
            CAIRO_FORMAT_ARGB32, fr.w, fr.h, target->pitch);
        cairo_t* cr = cairo_create(cs);
        if (v.fade_from_span < 0 || v.fade_u >= 1.0 || v.blank) draw::frame(cr, fr.w, fr.h, v, opt_.draw);
        else draw::render(cr, fr.w, fr.h, *deck_, layout_, state_, t, opt_.draw);
        cairo_destroy(cr);
        cairo_surface_flush(cs);
        cairo_surface_destroy(cs);
        SDL_UnlockSurface(target);
        if (fr.h < target->h) {
            SDL_Rect bar{0, fr.h, target->w, target->h - fr.h};
            SDL_FillRect(target, &bar, SDL_MapRGB(target->format, 24, 26, 32));
        }
    }
    if (opt_.overlay) draw_overlay(target, v);
    dirty_ = false;
    drawn_moving_ = v.animating;
}

}  // namespace app
