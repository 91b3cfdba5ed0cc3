// app/session_overlay: what only the presenter sees, never in an exported frame — the overlay's
// layout on top of the frame (counter, progress, mode, fps, the experiments menu, errors, the
// help, listed from the key table of bindings.hpp), the overview grid of every step with its
// thumbnails, and the presenter window (now, next, timer, notes). Boxes and texts go into an
// OverlayWriter (overlay.hpp) that the platform paints. It reads the Session's state and issues
// no commands; it must not know events or fonts, and leaves the student bar to session_student.cpp.
#include "app/session.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/bindings.hpp"
#include "app/overlay.hpp"
#include "app/session_detail.hpp"

namespace app {

using detail::step_label;

namespace {

// The experiments menu: a box in the upper middle with one row per experiment (and a last row
// "back to the script" while one runs).
struct MenuGeo {
    int x = 0, y = 0, w = 0, h = 0;
    int rows_y = 0, row_h = 0, fs = 12, pad = 6;
};
MenuGeo menu_geo(int w, int h, int rows) {
    MenuGeo m;
    m.fs = std::max(11, h / 54);
    m.pad = m.fs / 2;
    m.y = h / 6;
    m.w = w / 2;
    m.x = (w - m.w) / 2;
    m.row_h = m.fs + 2 * m.pad;
    m.h = m.row_h * (rows + 2) + 2 * m.pad;
    m.rows_y = m.y + m.fs + 3 * m.pad;
    return m;
}

std::string fmt(double x) {
    if (std::isinf(x)) return "∞";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", x);
    return buf;
}

// `full` scaled down to w×h: halved while it is at least twice as large (Cairo's bilinear filter
// at a scale of exactly ½ averages each 2×2 block, a box filter), then once more bilinearly.
// CAIRO_FILTER_GOOD straight from 1080 rows to a thumbnail's 107 cost 6 ms; this, 1. `halves`
// keeps the halving steps' pictures for the next thumbnail of the same size.
draw::SurfacePtr scale_down(cairo_surface_t* full, int w, int h, std::vector<draw::SurfacePtr>& halves) {
    auto scaled = [](cairo_surface_t* from, cairo_surface_t* to) {
        const double sx = double(cairo_image_surface_get_width(to)) / cairo_image_surface_get_width(from);
        const double sy = double(cairo_image_surface_get_height(to)) / cairo_image_surface_get_height(from);
        draw::ContextPtr cr(cairo_create(to));
        cairo_scale(cr.get(), sx, sy);
        cairo_set_source_surface(cr.get(), from, 0, 0);
        cairo_pattern_set_filter(cairo_get_source(cr.get()), CAIRO_FILTER_BILINEAR);
        cairo_pattern_set_extend(cairo_get_source(cr.get()), CAIRO_EXTEND_PAD);  // (no dark rim from outside)
        cairo_set_operator(cr.get(), CAIRO_OPERATOR_SOURCE);
        cairo_paint(cr.get());
    };
    cairo_surface_flush(full);
    cairo_surface_t* from = full;
    for (std::size_t k = 0;; ++k) {
        const int fw = cairo_image_surface_get_width(from), fh = cairo_image_surface_get_height(from);
        if (fw < 2 * w || fh < 2 * h) break;
        if (k == halves.size()) halves.emplace_back(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, fw / 2, fh / 2));
        scaled(from, halves[k].get());
        from = halves[k].get();
    }
    draw::SurfacePtr out(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h));
    scaled(from, out.get());
    return out;
}

}  // namespace

Session::Grid Session::overview_grid(int w, int h_window) const {
    // The grid keeps above the operator band, whose chip ("overview · arrows …") sits at the
    // window's foot: a full page used to run under it and hide the last row's titles.
    const int h = std::max(1, std::min(h_window, detail::operator_band(w, h_window).top));
    Grid g;
    const int n = std::max(1, step_count());
    g.gap = std::max(8, h / 60);
    g.label = std::max(14, h / 45);
    for (int c = 1; c <= n && c <= w; ++c) {
        int rows = (n + c - 1) / c;
        int wc = (w - g.gap * (c + 1)) / c;
        int hc = wc * 9 / 16;
        if (rows * (hc + g.label + g.gap) + g.gap > h) {
            hc = (h - g.gap) / rows - g.label - g.gap;
            wc = hc * 16 / 9;
        }
        if (wc > g.tw) {
            g.tw = wc;
            g.cols = c;
        }
    }
    g.count = n;
    // Thumbnails smaller than this say nothing: the steps are shown a page at a time instead,
    // the page that holds the highlighted step.
    const int min_w = std::max(120, w / 10);
    if (g.tw < min_w) {
        g.cols = std::max(1, (w - g.gap) / (min_w + g.gap));
        g.tw = (w - g.gap * (g.cols + 1)) / g.cols;
        const int per_row = g.tw * 9 / 16 + g.label + g.gap;
        const int page = g.cols * std::max(1, (h - g.gap) / per_row);
        g.first = std::clamp(modes_.menu_index, 0, n - 1) / page * page;
        g.count = std::min(page, n - g.first);
    }
    g.th = g.tw * 9 / 16;
    const int rows = (g.count + g.cols - 1) / g.cols;
    g.x0 = (w - (g.cols * g.tw + (g.cols - 1) * g.gap)) / 2;
    g.y0 = (h - (rows * (g.th + g.label + g.gap) - g.gap)) / 2;
    return g;
}

int Session::overview_at(int px, int py) const {
    const Grid g = overview_grid(win_.px_w, win_.px_h);
    if (g.tw <= 0 || px < g.x0 || py < g.y0) return -1;
    int c = (px - g.x0) / (g.tw + g.gap);
    int r = (py - g.y0) / (g.th + g.label + g.gap);
    if (c >= g.cols || (px - g.x0) % (g.tw + g.gap) > g.tw) return -1;
    int i = r * g.cols + c;
    return i < g.count ? g.first + i : -1;
}

void Session::draw_overview(const Pixels& target, OverlayWriter& o) {
    const int w = target.w, h = target.h;
    const Grid grid = overview_grid(w, h);
    const int cols = grid.cols, tw = grid.tw, th = grid.th, gap = grid.gap, x0 = grid.x0, y0 = grid.y0, label = grid.label;
    if (thumbs_.deck != deck_.get() || thumbs_.w != tw || thumbs_.h != th || thumbs_.first != grid.first) {
        thumbs_.clear();
        thumbs_.w = tw;
        thumbs_.h = th;
        thumbs_.first = grid.first;
        thumbs_.deck = deck_.get();
        thumbs_.surfaces.resize(static_cast<std::size_t>(tw > 0 && th > 0 ? grid.count : 0));
    }
    if (!thumbs_.complete()) {
        // The page's missing thumbnails a few a frame (needs_redraw() asks for the next until
        // all are there): the page's first frame, the grid, every title and the highlighted
        // step's thumbnail alone, so the overview answers its key at once; then
        // kThumbnailsPerFrame a frame (a page of 54 at 1080p fills in 8 frames).
        std::vector<int> todo;
        const int budget = thumbs_.painted == 0 ? 1 : kThumbnailsPerFrame;
        const int sel = modes_.menu_index - grid.first;
        if (sel >= 0 && sel < grid.count && !thumbs_.surfaces[static_cast<std::size_t>(sel)]) todo.push_back(sel);
        for (int k = 0; k < grid.count && static_cast<int>(todo.size()) < budget; ++k)
            if (k != sel && !thumbs_.surfaces[static_cast<std::size_t>(k)]) todo.push_back(k);
        // Each step is painted at the slides' own size and scaled down: its text then uses the
        // glyphs the slides use, which Cairo keeps anyway (painted at the thumbnail's scale, every
        // size of every face is a font Cairo caches again: a window's memory rose by 1.3 MB of
        // those at an overview opened late in a soak), and the thumbnail is the slide, filtered.
        // (At the slides' height and the thumbnail's shape: the slides' scale, one factor down.)
        // Above 1080 rows, at half the slides' scale (a 4K window's thumbnails are 216 rows:
        // painted at 2000, a thumbnail cost 12 ms; at 1000, 4.5).
        int fh = std::max(1, frame_rect_for(w, h).h);
        while (fh > 1080 && fh / 2 >= 2 * th) fh /= 2;
        const int fw = std::max(1, static_cast<int>(std::lround(double(tw) * fh / std::max(1, th))));
        // The slide's picture and the halving steps' are kept until the page is complete (a new
        // picture of 7 MB each frame at 1080p was a sixth of the page's cost: zeroed, faulted in).
        if (!thumbs_.full || cairo_image_surface_get_width(thumbs_.full.get()) != fw ||
            cairo_image_surface_get_height(thumbs_.full.get()) != fh) {
            thumbs_.full.reset(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, fw, fh));
            thumbs_.halves.clear();
        }
        cairo_surface_t* full = thumbs_.full.get();
        for (int k : todo) {
            const int i = grid.first + k;
            timeline::State st = timeline::state_at_span(layout_, i);
            st.edits = state_.edits;  // the thumbnails show the edits in force
            const timeline::Span& sp = layout_.spans[static_cast<std::size_t>(i)];
            timeline::View v = timeline::evaluate(*deck_, layout_, st, sp.start + sp.anim + scene::kCrossFade);
            {
                draw::ContextPtr cr(cairo_create(full));
                draw::paint_view(cr.get(), fw, fh, v, opt_.draw);
            }
            thumbs_.surfaces[static_cast<std::size_t>(k)] = scale_down(full, tw, th, thumbs_.halves);
            ++thumbs_.painted;
        }
        if (thumbs_.complete()) thumbs_.drop_scratch();
    }
    {
        Painting painting(target);
        cairo_t* cr = painting.cr();
        cairo_set_source_rgb(cr, 0.13, 0.14, 0.16);
        cairo_paint(cr);
        const int selected = modes_.menu_index;
        for (int k = 0; k < static_cast<int>(thumbs_.surfaces.size()); ++k) {
            const int i = grid.first + k;
            const int x = x0 + (k % cols) * (tw + gap);
            const int y = y0 + (k / cols) * (th + label + gap);
            if (i == selected || i == state_.span) {
                const double pad = i == selected ? 4 : 2;
                if (i == selected) cairo_set_source_rgb(cr, 1.0, 0.75, 0.2);
                else cairo_set_source_rgb(cr, 0.55, 0.6, 0.7);
                cairo_rectangle(cr, x - pad, y - pad, tw + 2 * pad, th + 2 * pad);
                cairo_fill(cr);
            }
            if (cairo_surface_t* thumb = thumbs_.surfaces[static_cast<std::size_t>(k)].get()) {
                cairo_set_source_surface(cr, thumb, x, y);
                cairo_paint(cr);
            } else {  // not painted yet (a frame or two): a tile a shade above the backdrop
                cairo_set_source_rgb(cr, 0.22, 0.23, 0.26);
                cairo_rectangle(cr, x, y, tw, th);
                cairo_fill(cr);
            }
        }
    }
    if (!o.ok()) return;
    for (int k = 0; k < static_cast<int>(thumbs_.surfaces.size()); ++k) {
        const int i = grid.first + k;
        const int x = x0 + (k % cols) * (tw + gap);
        const int y = y0 + (k / cols) * (th + label + gap);
        const timeline::Span& sp = layout_.spans[static_cast<std::size_t>(i)];
        const scene::Slide& sl = deck_->slides[static_cast<std::size_t>(sp.slide)];
        std::string name = std::to_string(i + 1) + "  ";
        if (sl.scene) {
            const scene::Step& st = sl.scene->steps[static_cast<std::size_t>(sp.step)];
            name += scene::step_title(st);
        } else {
            name += sl.title;
        }
        const int lpx = std::max(10, label - 4);
        // Cut a long title to the thumbnail's width (whole UTF-8 characters), marked with "…".
        if (o.measure(name, lpx).w > tw) {
            while (name.size() > 4 && o.measure(name + "…", lpx).w > tw) {
                while (!name.empty() && (static_cast<unsigned char>(name.back()) & 0xC0) == 0x80) name.pop_back();
                if (!name.empty()) name.pop_back();  // the lead byte (or an ASCII character)
            }
            name += "…";
        }
        o.text(name, x, y + th + 2, lpx, Rgba{230, 230, 235, 255});
    }
    o.flush();
}

void Session::draw_overlay(OverlayWriter& o, int w, int h, const timeline::View& v) {
    if (!o.ok()) return;
    const int fs = std::max(11, h / 54);   // 20 px at 1080p
    const int pad = fs / 2;
    const Rgba chip{20, 22, 28, 190};
    const Rgba ink{245, 245, 245, 255};
    const Rgba dim{200, 204, 212, 255};
    const int n = step_count();
    const int fh = modes_.mode == Mode::Overview ? h : frame_rect_for(w, h).h;  // the frame's bottom: the student bar is below it
    if (opt_.student && modes_.mode != Mode::Overview) draw_bar(o, w, h, v);

    // The chips of the operator band, below every panel: the mode and a message on the left, a
    // toast in the middle, the frames per second and the step counter on the right.
    const detail::Band band = detail::operator_band(w, fh);
    const int bfs = band.fs, bpad = std::max(2, bfs / 2);
    auto chip_y = [&](int text_h) { return (band.top + band.bottom - band.bar - (text_h + bpad)) / 2.0; };
    double left_end = 0, right_start = w;
    if (opt_.show_counter && !opt_.student && modes_.mode != Mode::Overview && !v.blank) {
        // Thin progress bar along the bottom edge and the counter above its right end.
        const double bar = band.bar;
        const double frac = n > 1 ? static_cast<double>(state_.span) / (n - 1) : 1.0;
        o.box(0, fh - bar, w, bar, Rgba{0, 0, 0, 50});
        o.box(0, fh - bar, w * frac, bar, Rgba{230, 140, 30, 230});
        const std::string counter = step_label(state_.span, n);
        TextSize sz = o.measure(counter, bfs);
        const double y = chip_y(sz.h);
        right_start = w - sz.w - 3 * bpad;
        o.box(right_start, y, sz.w + 2 * bpad, sz.h + bpad, chip, bpad / 2.0);
        o.text(counter, w - 2 * bpad, y + bpad / 2.0, bfs, ink, Face::Regular, 2);
    }

    if (opt_.show_fps) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.0f fps", pace_.fps);
        TextSize sz = o.measure(buf, bfs, Face::Mono);
        const double y = chip_y(sz.h);
        right_start -= sz.w + 3 * bpad;
        o.box(right_start, y, sz.w + 2 * bpad, sz.h + bpad, chip, bpad / 2.0);
        o.text(buf, right_start + bpad, y + bpad / 2.0, bfs, ink, Face::Mono);
    }

    // The mode, always named (faint while on the slides); a broken save's error takes its place.
    if (error_.empty()) {
        std::string m = mode_name(modes_.mode);
        if (modes_.mode == Mode::Keys && v.scene && modes_.selected_key < static_cast<int>(v.scene->n()))
        {
            const core::Vec& key = v.controls.keys[static_cast<std::size_t>(modes_.selected_key)];
            std::string at;
            for (double x : key) at += (at.empty() ? "" : ", ") + fmt(x);
            m = "keys · k" + std::to_string(modes_.selected_key + 1) + " (" + v.scene->tokens[static_cast<std::size_t>(modes_.selected_key)] +
                ") = (" + at + ") · 1–9 pick · arrows move · Shift bigger · E exact · Esc slides";
        }
        else if (modes_.mode == Mode::KeyEntry)
            m = "key k" + std::to_string(modes_.selected_key + 1) + " = " + modes_.entry + "▏  (Enter sets, Esc cancels)";
        else if (modes_.mode == Mode::GotoStep)
            m = "go to step " + modes_.entry + "▏ of " + std::to_string(n) + "  (Enter goes · any other key cancels)";
        else if (modes_.mode == Mode::Overview)
            m = "overview · arrows + Enter or click · Esc back";

        if (modes_.laser) m += " · laser";
        if (state_.paused) m += " · paused";
        if (state_.speed != 1.0) m += " · speed " + fmt(state_.speed) + "×";  // never left at 0.25× unnoticed
        const bool quiet = modes_.mode == Mode::Slides && !modes_.laser && !state_.paused && state_.speed == 1.0;  // (the quiz card names its keys)
        if (!(quiet && (!opt_.show_counter || v.blank || opt_.student))) {
            TextSize sz = o.measure(m, bfs);
            const double y = chip_y(sz.h);
            o.box(bpad, y, sz.w + 2 * bpad, sz.h + bpad, quiet ? Rgba{20, 22, 28, 70} : chip, bpad / 2.0);
            o.text(m, 2 * bpad, y + bpad / 2.0, bfs, quiet ? Rgba{255, 255, 255, 150} : ink);
            left_end = sz.w + 3 * bpad;
        }
        if (!modes_.error.empty() && (modes_.mode == Mode::KeyEntry || modes_.mode == Mode::Slides)) {
            TextSize sz = o.measure(modes_.error, bfs);
            const double y = chip_y(sz.h);
            o.box(left_end + bpad, y, sz.w + 2 * bpad, sz.h + bpad, Rgba{150, 30, 30, 220}, bpad / 2.0);
            o.text(modes_.error, left_end + 2 * bpad, y + bpad / 2.0, bfs, ink);
            left_end += sz.w + 3 * bpad;
        }
    }

    if (modes_.mode == Mode::Experiments && v.scene) {
        const auto& ex = v.scene->experiments;
        const int rows = static_cast<int>(ex.size()) + (state_.experiment >= 0 ? 1 : 0);
        const MenuGeo g = menu_geo(w, h, rows);
        const int x = g.x, bw = g.w;
        int y = g.y;
        o.box(x, y, bw, g.h, Rgba{20, 22, 28, 225}, pad);
        o.text("Try this — click, the row's key or arrows + Enter · 0 ends · Esc closes", x + 2 * pad, y + pad, fs, dim, Face::Bold);
        y = g.rows_y;
        for (int i = 0; i < rows; ++i) {
            if (i == modes_.menu_index) o.box(x + pad, y - pad / 2, bw - 2 * pad, g.row_h, Rgba{230, 140, 30, 200}, pad / 2.0);
            std::string line = i < static_cast<int>(ex.size())
                                   ? menu_key(i) + "  " + ex[static_cast<std::size_t>(i)].title + (i == state_.experiment ? "  ✓" : "")
                                   : "0  back to the script (end the experiment)";
            o.text(line, x + 2 * pad, y + pad / 2, fs, ink);
            y += g.row_h;
        }
    }
    // (A running experiment's title and what to look for are part of the frame: draw's "Try this" panel.)

    if (!error_.empty()) {
        // A broken save: the last good deck stays on screen, and the error in the operator band
        // until fixed (over the mode chip, left of the counter), never over the panels: the first
        // diagnostic whole, in a smaller size or on two lines where one does not hold it.
        std::string first = error_.substr(0, error_.find('\n'));
        const long more = std::count(error_.begin(), error_.end(), '\n');
        if (more > 0) first += " (and " + std::to_string(more) + " more)";
        const std::string s = first + " · showing the last version that loaded; save again to retry";
        const int room_w = static_cast<int>(right_start) - 4 * bpad;
        const int room_h = band.bottom - band.bar - band.top - 2;
        int px = bfs, wrap = 0;
        while (px > 9 && o.size(s, px, Face::Mono).w > room_w) --px;
        if (o.size(s, px, Face::Mono).w > room_w) {
            // Two lines (or more) in the band's height.
            wrap = room_w;
            for (px = bfs; px > 7 && o.measure(s, px, Face::Mono, wrap).h + bpad > room_h; --px) {
            }
        }
        const TextSize sz = o.measure(s, px, Face::Mono, wrap);
        const double y = std::max<double>(band.top, (band.top + band.bottom - band.bar - (sz.h + bpad)) / 2.0);
        o.box(bpad, y, sz.w + 2 * bpad, sz.h + bpad, Rgba{140, 24, 24, 235}, bpad / 2.0);
        o.text(s, 2 * bpad, y + bpad / 2.0, px, ink, Face::Mono, 0, wrap);
        left_end = std::max(left_end, sz.w + 3.0 * bpad);
    }

    if (modes_.toast_visible(clock_())) {
        // A toast: what the last key changed ("speed 0.5×", "paused", "undone"), for a moment, in
        // the middle of the operator band (right of the mode chip when that reaches the middle).
        TextSize sz = o.measure(modes_.toast, bfs, Face::Bold);
        const double bw = sz.w + 4 * bpad, y = chip_y(sz.h);
        // Left of the counter always; over the right end of a long message where the band is full
        // (on a layer of its own, so that the message's text does not show through it).
        const double bx = std::max(0.0, std::min(std::max((w - bw) / 2.0, left_end + bpad), right_start - bw - bpad));
        if (bx < left_end) o.flush();
        o.box(bx, y, bw, sz.h + bpad, Rgba{20, 22, 28, 225}, bpad / 2.0);
        o.text(modes_.toast, bx + 2 * bpad, y + bpad / 2.0, bfs, Rgba{255, 214, 150, 255}, Face::Bold);
    }
    if (modes_.help) draw_help(o, w, fh, fs);
    o.flush();
}

void Session::draw_help(OverlayWriter& o, int w, int fh, int fs) {
    // Every row of the key table (bindings.hpp) by section, in two columns; the type shrinks
    // from the overlay's size until the box fits the frame.
    struct Row {
        std::string keys, help;
        bool heading = false;
    };
    std::vector<Row> rows;
    for (const HelpSection& s : help_sections()) {
        rows.push_back({s.title, "", true});
        for (const HelpLine& l : s.lines) rows.push_back({l.keys, l.help, false});
    }
    // Two columns, broken between two sections where they come out most even.
    std::size_t split = rows.size();
    for (std::size_t i = 1; i < rows.size(); ++i)
        if (rows[i].heading && std::max(i, rows.size() - i) < std::max(split, rows.size() - split)) split = i;
    const std::size_t bounds[3] = {0, split, rows.size()};  // column c is rows [bounds[c], bounds[c + 1])
    const int per_column = static_cast<int>(std::max(split, rows.size() - split));
    const int margin = fs / 2;
    int px = fs, pad = margin, line = fs + margin, bw = 0, bh = 0;
    int keys_w[2] = {0, 0}, col_w[2] = {0, 0};
    for (; px >= 7; --px) {
        pad = std::max(3, px / 2);
        line = px + pad;
        for (int c = 0; c < 2; ++c) {
            int help_w = 0, head_w = 0;
            keys_w[c] = 0;
            for (std::size_t i = bounds[c]; i < bounds[c + 1]; ++i) {
                const Row& r = rows[i];
                if (r.heading) {
                    head_w = std::max(head_w, o.size(r.keys, px, Face::Bold).w);
                } else {
                    keys_w[c] = std::max(keys_w[c], o.size(r.keys, px, Face::Bold).w);
                    help_w = std::max(help_w, o.size(r.help, px).w);
                }
            }
            col_w[c] = std::max(head_w, keys_w[c] + 2 * pad + help_w);
        }
        bw = 2 * pad + col_w[0] + 3 * pad + col_w[1] + 2 * pad;
        bh = (per_column + 2) * line + 2 * pad;
        if (bw <= w - 4 * margin && bh <= fh - 2 * margin) break;
    }
    const int x = (w - bw) / 2, y = std::max(margin, (fh - bh) / 2);
    const Rgba accent{255, 190, 90, 255}, key_ink{255, 214, 150, 255}, ink{245, 245, 245, 255};
    o.box(x, y, bw, bh, Rgba{16, 18, 24, 235}, pad);
    o.text("attnlab keys", x + 2 * pad, y + pad, px, accent, Face::Bold);
    for (int c = 0; c < 2; ++c) {
        const int cx = x + 2 * pad + (c == 0 ? 0 : col_w[0] + 3 * pad);
        int ty = y + pad + 2 * line;
        for (std::size_t i = bounds[c]; i < bounds[c + 1]; ++i, ty += line) {
            const Row& r = rows[i];
            if (r.heading) {
                o.text(r.keys, cx, ty, px, accent, Face::Bold);
                continue;
            }
            o.text(r.keys, cx + pad, ty, px, key_ink, Face::Bold);
            o.text(r.help, cx + pad + keys_w[c] + pad, ty, px, ink);
        }
    }
}

std::string speaker_notes(const scene::Deck& deck, const timeline::Layout& lay, int span) {
    if (span < 0 || static_cast<std::size_t>(span) >= lay.spans.size()) return "";
    const timeline::Span& sp = lay.spans[static_cast<std::size_t>(span)];
    const scene::Slide& sl = deck.slides[static_cast<std::size_t>(sp.slide)];
    std::string notes;
    if (sl.scene) {
        const scene::Step& st = sl.scene->steps[static_cast<std::size_t>(sp.step)];
        notes = st.notes.empty() ? st.say : st.notes;
        if (!st.title.empty()) notes = st.title + "\n\n" + notes;
    } else {
        notes = sl.notes.empty() ? sl.say : sl.notes;
        if (!sl.title.empty()) notes = sl.title + "\n\n" + notes;
    }
    return notes;
}

const Overlay& Session::render_presenter(const Pixels& target, double talk_seconds, const std::string& wall) {
    const double elapsed = talk_elapsed();
    const int w = target.w, h = target.h;
    const int n = step_count();
    const double t = clock_();
    presenter_overlay_.layers.clear();
    fill(target, {0, 0, w, h}, opaque(24, 26, 32));
    const int pad = std::max(8, h / 60);
    const int fs = std::max(12, h / 36);

    // Current frame (left, large) and the next step's end state (right, small).
    const int cw = w * 3 / 5 - 2 * pad;
    const int ch = cw * 9 / 16;
    const int nw = w - cw - 3 * pad;
    const int nh = nw * 9 / 16;
    auto draw_into = [&](int x, int y, int tw, int th, const timeline::State& st, double at) {
        if (tw <= 0 || th <= 0) return;
        Image sub(tw, th);  // (a frame is opaque: copied, not blended)
        render_frame(sub.pixels(), *deck_, layout_, st, at, opt_.draw);
        copy(sub.pixels(), target, x, y);
    };
    draw_into(pad, pad + fs + pad, cw, ch, state_, t);
    const bool has_next = state_.span + 1 < n;
    if (has_next) {
        timeline::State nx = state_;
        nx.span = state_.span + 1;
        const timeline::Span& sp = layout_.spans[static_cast<std::size_t>(nx.span)];
        nx.span_started = t - sp.anim - scene::kCrossFade;
        nx.paused = false;
        nx.blank = false;
        draw_into(cw + 2 * pad, pad + fs + pad, nw, nh, nx, t);
    }

    OverlayWriter o(presenter_overlay_, opt_.text.get());
    if (!o.ok()) return presenter_overlay_;
    const Rgba ink{240, 240, 240, 255};
    const Rgba dim{170, 176, 190, 255};
    o.text("now · " + step_label(state_.span, n), pad, pad, fs, dim, Face::Bold);
    o.text(has_next ? "next · " + step_label(state_.span + 1, n) : "end of the deck", cw + 2 * pad, pad, fs, dim,
           Face::Bold);

    // Timer: elapsed, and remaining (red when over) when a talk time is given.
    auto clock_text = [](double s) {
        const bool neg = s < 0;
        long v = static_cast<long>(std::floor(std::abs(s)));
        char buf[32];
        std::snprintf(buf, sizeof buf, "%s%ld:%02ld", neg ? "−" : "", v / 60, v % 60);
        return std::string(buf);
    };
    // The right column, under the next step: each line whole within its width (a large line
    // shrinks to fit it; a hint wraps under the line it explains), never past the window's foot.
    const int col_x = cw + 2 * pad;
    auto fit = [&](const std::string& s, int px, Face face) {
        while (px > 10 && o.size(s, px, face).w > nw) --px;
        return px;
    };
    int ty = pad + fs + pad + nh + 2 * pad;
    auto big = [&](const std::string& s, Rgba colour) {
        const int px = fit(s, fs * 3 / 2, Face::Mono);
        o.text(s, col_x, ty, px, colour, Face::Mono);
        ty += o.size(s, px, Face::Mono).h + pad / 2;
    };
    if (!wall.empty()) big("clock " + wall, dim);
    const TalkTimer& timer = modes_.timer;
    big("elapsed " + clock_text(elapsed), ink);
    const std::string state = !timer.started ? "starts at the first →" : !timer.running ? "paused: Shift+P runs it" : "";
    if (!state.empty()) {
        o.text(state, col_x, ty, fs, dim, Face::Regular, 0, nw);
        ty += o.measure(state, fs, Face::Regular, nw).h + pad / 2;
    }
    ty += pad / 2;
    if (talk_seconds > 0) {
        const double left = talk_seconds - elapsed;
        big("left " + clock_text(left), left < 0 ? Rgba{255, 90, 80, 255} : Rgba{150, 220, 150, 255});
        o.box(col_x, ty, nw, pad / 2.0, Rgba{70, 74, 84, 255});
        o.box(col_x, ty, nw * std::clamp(elapsed / talk_seconds, 0.0, 1.0), pad / 2.0, Rgba{230, 140, 30, 255});
        ty += pad;
    }

    // Speaker notes of the current step, below the current frame: whole, in a smaller size where
    // they would run past the window's foot, then across the width under the right column too.
    std::string notes = speaker_notes(*deck_, layout_, state_.span);
    if (notes.empty()) notes = "(no notes for this step)";
    const int notes_y = pad + fs + pad + ch + 2 * pad;
    int notes_px = fs, notes_w = cw;
    auto fits = [&](int px, int width) { return notes_y + o.measure(notes, px, Face::Regular, width).h <= h - pad; };
    while (notes_px > 11 && !fits(notes_px, notes_w)) --notes_px;
    if (!fits(notes_px, notes_w) && ty <= notes_y) {
        notes_w = w - 2 * pad;  // the right column ends above the notes: they may run under it
        for (notes_px = fs; notes_px > 11 && !fits(notes_px, notes_w);) --notes_px;
    }
    o.text(notes, pad, notes_y, notes_px, ink, Face::Regular, 0, notes_w);
    o.flush();
    return presenter_overlay_;
}

int Session::menu_item_at(int px, int py) const {
    const timeline::View v = view();
    if (!v.scene) return -2;
    const int rows = static_cast<int>(v.scene->experiments.size()) + (state_.experiment >= 0 ? 1 : 0);
    const MenuGeo g = menu_geo(win_.px_w, win_.px_h, rows);
    if (!PixelRect{g.x, g.y, g.w, g.h}.contains(px, py)) return -2;
    if (py < g.rows_y - g.pad / 2) return -1;
    const int i = (py - (g.rows_y - g.pad / 2)) / g.row_h;
    return i < rows ? i : -1;
}

}  // namespace app
