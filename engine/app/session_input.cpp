// app/session_input: the platform's events (events.hpp) → what the session does. A key is
// attnlab's own Key and modifiers already and goes through the table (bindings.hpp: press(), then
// react()); the pointer is hit-tested here — clicks on tokens, drags of keys and of the
// temperature slider, hover, the laser — and becomes timeline commands, or actions where it
// changes a mode (a click on a key dot takes the keys; a click in the overview or the menu
// picks). It changes the State only through Session::command and the modes only through react();
// it must not draw, and knows the overlay, overview and student bar only by their hit tests.
#include "app/session.hpp"

#include <algorithm>
#include <type_traits>

#include "app/bindings.hpp"
#include "app/session_detail.hpp"

namespace app {

namespace {

// Shift or Alt held: drags move freely, off the grid and the detents.
bool fine_drag(Mods held) { return (held & (kShift | kAlt)) != 0; }

// The action a drawn control of the student bar stands for (the scrubber is a drag, not one).
Action action_of(BarButton c) {
    switch (c) {
        case BarButton::Back: return Action::Back;
        case BarButton::Play: return Action::PlayPause;
        case BarButton::Replay: return Action::Replay;
        case BarButton::Next: return Action::Next;
        case BarButton::Scrubber: return Action::None;
        case BarButton::Slower: return Action::Slower;
        case BarButton::Faster: return Action::Faster;
        case BarButton::TryThis: return Action::ToggleMenu;
        case BarButton::Reset: return Action::Reset;
        case BarButton::Quiz: return Action::OpenQuiz;
        case BarButton::Overview: return Action::OpenOverview;
        case BarButton::Help: return Action::ToggleHelp;
        case BarButton::QuizReveal: return Action::QuizReveal;
        case BarButton::QuizNext: return Action::QuizNext;
        case BarButton::QuizShowMe: return Action::ShowMe;
        case BarButton::QuizClose: return Action::QuizClose;
    }
    return Action::None;
}

}  // namespace

core::Point Session::design_point(int x, int y) const {
    // Mouse coordinates are in points; the frame is drawn in pixels (HiDPI).
    double px = (x + 0.5) * win_.px_w / static_cast<double>(win_.w);
    double py = (y + 0.5) * win_.px_h / static_cast<double>(win_.h);
    const PixelRect fr = frame_rect();
    return draw::transform_for(fr.w, fr.h).to_design({px - fr.x, py - fr.y});
}

draw::Space Session::design_space() const {
    const PixelRect fr = frame_rect();
    return draw::space_for(fr.w, fr.h);
}

Session::PixelPoint Session::pixel_point(int x, int y) const {
    return {static_cast<int>(x * static_cast<long>(win_.px_w) / win_.w), static_cast<int>(y * static_cast<long>(win_.px_h) / win_.h)};
}

bool Session::handle(const Event& e) {
    if (narrating_ && (std::holds_alternative<KeyDown>(e) || std::holds_alternative<PointerDown>(e))) {
        narrate(false);  // the presenter takes over; this press does nothing else
        return true;
    }
    return std::visit(
        [this](const auto& ev) -> bool {
            using E = std::decay_t<decltype(ev)>;
            if constexpr (std::is_same_v<E, KeyDown>) return on_key(ev);
            else if constexpr (std::is_same_v<E, PointerDown>) return on_pointer_down(ev);
            else if constexpr (std::is_same_v<E, PointerUp>) return ev.button == Button::Left && on_pointer_up();
            else if constexpr (std::is_same_v<E, PointerMove>) return on_pointer_move(ev);
            else if constexpr (std::is_same_v<E, PointerLeave>) {
                if (state_.hover == -1) return false;
                command(timeline::cmd::Hover{-1});
                return true;
            } else if constexpr (std::is_same_v<E, Resize>) {
                resize(ev.w, ev.h, ev.px_w, ev.px_h);
                return true;
            } else if constexpr (std::is_same_v<E, Exposed>) {
                pace_.dirty = true;
                return true;
            } else if constexpr (std::is_same_v<E, Quit>) {
                pending_.quit = true;
                return false;
            } else {
                return false;  // a key let go, the wheel: nothing is bound to them
            }
        },
        e);
}

bool Session::on_key(const KeyDown& k) {
    const timeline::View v = view();
    const std::size_t commands = rec_.history.size();
    const bool was_dirty = pace_.dirty;
    pace_.dirty = false;
    apply(press(modes_, k.key, k.mods, context(v)));
    const bool changed = pace_.dirty || rec_.history.size() != commands;
    pace_.dirty = pace_.dirty || was_dirty;
    return changed;
}

bool Session::on_pointer_down(const PointerDown& b) {
    if (b.button != Button::Left) return false;
    const PixelPoint px = pixel_point(b.x, b.y);
    if (modes_.mode == Mode::Overview) {
        act({Action::Pick, overview_at(px.x, px.y)});  // a click beside the thumbnails leaves the overview
        pace_.dirty = true;
        return true;
    }
    if (modes_.help) {
        act({Action::CloseHelp});
        return true;
    }
    const timeline::View v = view();
    if (opt_.student) {
        for (const BarButtonBox& cb : bar_buttons_for(v))
            if (cb.rect.contains(px.x, px.y)) return press_bar_button(cb.id, px.x);
        if (px.y >= frame_rect().h) return false;  // the bar between its buttons
    }
    if (modes_.mode == Mode::Experiments) {
        const int i = menu_item_at(px.x, px.y);
        if (i >= 0) act({Action::Pick, i});
        else if (i == -2) act({Action::Leave});  // a click outside the menu closes it
        pace_.dirty = true;
        return true;
    }
    const core::Point p = design_point(b.x, b.y);
    const draw::Hit hit = draw::hit_test(v, p, design_space());
    using K = draw::Hit::Kind;
    if (state_.quiz.open) {
        // The quiz card is on top: a click on a choice picks it, a click on a button does what
        // its key does; the panels beneath take none.
        if (hit.kind == K::QuizChoice && hit.token >= 0) {
            command(timeline::cmd::QuizPick{hit.token});
            return true;
        }
        if (hit.kind == K::QuizButton) {
            using Do = model::QuizCard::Button::Do;
            switch (static_cast<Do>(hit.token)) {
                case Do::HadIt: act({Action::QuizGrade, 1}); break;
                case Do::DidNot: act({Action::QuizGrade, 0}); break;
                case Do::AgainMissed: act({Action::QuizRetry}); break;
                case Do::Again: act({Action::OpenQuiz}); break;
                case Do::Close: act({Action::QuizClose}); break;
            }
            pace_.dirty = true;
            return true;
        }
        return false;
    }
    if (!v.scene) return false;
    switch (hit.kind) {
        case K::Token: case K::Value:
            if (hit.token >= 0) command(timeline::cmd::Focus{hit.token});
            return true;
        case K::MatrixCell:
            if (hit.row >= 0) command(timeline::cmd::Focus{hit.row});
            return true;
        case K::Key:
            // A drag moves this key; it picks the key for K but leaves the arrows to the slides
            // and the word asking as it was. Its moves undo as one.
            pointer_.drag = Pointer::Drag::Key;
            pointer_.key = hit.token;
            command(timeline::cmd::Gesture{true});
            act({Action::GrabKey, hit.token});
            pace_.dirty = true;
            return true;
        case K::TemperatureSlider:
            pointer_.drag = Pointer::Drag::Slider;
            pointer_.slider_y = p.y;
            command(timeline::cmd::Gesture{true});
            command(timeline::cmd::Temperature{fine_drag(b.mods) ? hit.exact : hit.value});
            return true;
        case K::MaskSwitch:
            command(timeline::cmd::Mask{!v.controls.mask});
            return true;
        case K::Head:
            // A head's thumbnail: every one-head panel shows that head.
            if (hit.token >= 0) act({Action::PickHead, hit.token});
            pace_.dirty = true;
            return true;
        case K::QuizChoice: case K::QuizButton: return false;
        case K::Panel: case K::None:
            if (draw::key_plane_point(v, p, design_space()) && hit.kind == K::Panel) {
                act({Action::EnterKeys});  // a click on the plane takes the keys
                pace_.dirty = true;
                return true;
            }
            return false;
    }
    return false;
}

bool Session::on_pointer_up() {
    const bool scrubbed = pointer_.drag == Pointer::Drag::Scrub;
    const bool edited = pointer_.drag == Pointer::Drag::Key || pointer_.drag == Pointer::Drag::Slider;
    pointer_.drag = Pointer::Drag::None;
    pointer_.key = -1;
    if (edited) command(timeline::cmd::Gesture{false});
    if (scrubbed && pointer_.scrub_paused) {
        pointer_.scrub_paused = false;
        command(timeline::cmd::Pause{});  // it plays on from where it was let go
        return true;
    }
    return false;
}

bool Session::on_pointer_move(const PointerMove& m) {
    const core::Point p = design_point(m.x, m.y);
    const PixelPoint px = pixel_point(m.x, m.y);
    if (pointer_.drag == Pointer::Drag::Scrub) {
        if (!m.left_held) return on_pointer_up();  // (the button went up outside the window)
        scrub_to(px.x);
        return true;
    }
    if (opt_.student && pointer_.drag == Pointer::Drag::None && modes_.mode != Mode::Overview && !modes_.laser) {
        if (px.y >= frame_rect().h) {
            int hot = -1;
            for (const BarButtonBox& cb : bar_buttons())
                if (cb.rect.contains(px.x, px.y)) hot = static_cast<int>(cb.id);
            bool changed = hot != pointer_.hot_control;
            pointer_.hot_control = hot;
            if (state_.hover != -1) {
                command(timeline::cmd::Hover{-1});
                changed = true;
            }
            if (changed) pace_.dirty = true;
            return changed;
        }
        if (pointer_.hot_control != -1) {
            pointer_.hot_control = -1;
            pace_.dirty = true;
        }
    }
    if (modes_.laser) {
        command(timeline::cmd::Laser{p});
        return true;
    }
    if (modes_.mode == Mode::Overview) {
        const int i = overview_at(m.x * win_.px_w / win_.w, m.y * win_.px_h / win_.h);
        if (i >= 0 && i != modes_.menu_index) {
            act({Action::Point, i});
            return true;
        }
        return false;
    }
    if ((pointer_.drag == Pointer::Drag::Key || pointer_.drag == Pointer::Drag::Slider) && !m.left_held)
        on_pointer_up();  // the button went up outside the window: the drag ended there
    const timeline::View v = view();
    if (!v.scene) return false;
    if (pointer_.drag == Pointer::Drag::Key && m.left_held) {
        if (auto q = draw::key_plane_point(v, p, design_space())) {
            const auto mv = dragged_key(v, pointer_.key, *q, fine_drag(m.mods));  // on the grid unless Shift or Alt
            if (mv && mv->key != v.controls.keys[static_cast<std::size_t>(pointer_.key)]) {
                command(*mv);
                return true;
            }
        }
        return false;
    }
    if (pointer_.drag == Pointer::Drag::Slider && m.left_held) {
        draw::Hit h = draw::hit_test(v, {p.x, pointer_.slider_y}, design_space());
        const double value = fine_drag(m.mods) ? h.exact : h.value;
        if (h.kind == draw::Hit::Kind::TemperatureSlider && value != v.controls.temperature) {
            command(timeline::cmd::Temperature{value});
            return true;
        }
        return false;
    }
    pointer_.drag = Pointer::Drag::None;
    const draw::Hit h = draw::hit_test(v, p, design_space());
    int token = -1;
    using K = draw::Hit::Kind;
    if (h.kind == K::Token || h.kind == K::Key || h.kind == K::Value || h.kind == K::MatrixCell) token = h.token;
    if (token != state_.hover) {
        command(timeline::cmd::Hover{token});
        return true;
    }
    return false;
}

bool Session::press_bar_button(BarButton c, int px) {
    pace_.dirty = true;
    if (c == BarButton::Scrubber) {
        pointer_.drag = Pointer::Drag::Scrub;
        pointer_.scrub_paused = !state_.paused;
        if (pointer_.scrub_paused) command(timeline::cmd::Pause{});  // held still under the pointer while dragging
        scrub_to(px);
        return true;
    }
    act({action_of(c)});
    return true;
}

}  // namespace app
