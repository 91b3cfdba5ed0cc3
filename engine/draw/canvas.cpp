// draw/canvas: fonts, themes and the text/shape helpers panels paint with.
#include "draw/canvas.hpp"

#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unordered_map>
#include <mutex>
#include <sys/stat.h>

namespace draw {

// ---- fonts ---------------------------------------------------------------------------------

namespace {

bool is_dir(const std::string& p) {
    struct stat st {};
    return ::stat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// Loaded once for the life of the process: a FreeType library and one face per font. Cairo
// locks a face while it uses it, so exporters may render on several threads.
struct Fonts {
    FT_Library lib = nullptr;
    std::array<cairo_font_face_t*, 4> faces{};

    Fonts() {
        const char* files[4] = {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf", "DejaVuSans-Oblique.ttf"};
        const char* toy_family[4] = {"DejaVu Sans", "DejaVu Sans", "DejaVu Sans Mono", "DejaVu Sans"};
        const std::string dir = font_dir();
        bool have_lib = FT_Init_FreeType(&lib) == 0;
        for (std::size_t i = 0; i < 4; ++i) {
            FT_Face face = nullptr;
            std::string path = dir + "/" + files[i];
            if (have_lib && FT_New_Face(lib, path.c_str(), 0, &face) == 0) {
                faces[i] = cairo_ft_font_face_create_for_ft_face(face, 0);
            } else {
                std::fprintf(stderr, "attnlab: font %s not found; using a system font\n", path.c_str());
                faces[i] = cairo_toy_font_face_create(toy_family[i], i == 3 ? CAIRO_FONT_SLANT_OBLIQUE : CAIRO_FONT_SLANT_NORMAL,
                                                      i == 1 ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
            }
        }
    }
};

Fonts& fonts() {
    static Fonts f;  // built on first use; C++ guarantees one thread builds it
    return f;
}

}  // namespace

std::string font_dir() {
    if (const char* env = std::getenv("ATTNLAB_FONTS"); env && *env) return env;
    char buf[4096];
    ssize_t len = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (len > 0) {
        buf[len] = '\0';
        std::string exe(buf);
        std::string dir = exe.substr(0, exe.find_last_of('/'));
        if (is_dir(dir + "/fonts")) return dir + "/fonts";
        if (is_dir(dir + "/../fonts")) return dir + "/../fonts";
    }
    if (is_dir("fonts")) return "fonts";
    return "../fonts";
}

cairo_font_face_t* font_face(Font f) { return fonts().faces[static_cast<std::size_t>(f)]; }

// ---- theme ---------------------------------------------------------------------------------

namespace {

core::Color hex(unsigned rgb, double a = 1.0) {
    return {((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0, (rgb & 0xff) / 255.0, a};
}

// Sequential scales, evenly spaced stops. Light: ColorBrewer YlGnBu (pale = little, deep blue =
// much; colour-blind safe). Dark: viridis (dark = little, bright yellow = much).
constexpr std::array<unsigned, 9> kYlGnBu = {0xffffd9, 0xedf8b1, 0xc7e9b4, 0x7fcdbb, 0x41b6c4,
                                             0x1d91c0, 0x225ea8, 0x253494, 0x081d58};
constexpr std::array<unsigned, 9> kViridis = {0x440154, 0x472c7a, 0x3b518b, 0x2c718e, 0x21908d,
                                              0x27ad81, 0x5cc863, 0xaadc32, 0xfde725};

Theme make_light() {
    Theme t;
    t.dark = false;
    t.bg = hex(0xf6f5f1);
    t.card = hex(0xffffff);
    t.card_edge = hex(0xdedbd2);
    t.ink = hex(0x1d1d1f);
    t.ink_soft = hex(0x55565c);
    t.ink_faint = hex(0x9a9a9f);
    t.grid = hex(0xe9e7e1);
    t.axis = hex(0xb9b6ad);
    t.query = hex(0xe69f00);
    t.query_ink = hex(0x8f5f00);
    t.key = hex(0x0072b2);
    t.value = hex(0x009e73);
    t.output = hex(0xcc79a7);
    t.output_ink = hex(0xa14a7f);
    t.accent = hex(0xd55e00);
    t.accent2 = hex(0x56b4e9);
    t.hidden = hex(0xe4e2dc);
    t.hidden_hatch = hex(0xa8a59c);
    t.hover = hex(0xd55e00);
    return t;
}

Theme make_dark() {
    Theme t;
    t.dark = true;
    t.bg = hex(0x121418);
    t.card = hex(0x1c1f25);
    t.card_edge = hex(0x2e323a);
    t.ink = hex(0xeef0f3);
    t.ink_soft = hex(0xb4b8c0);
    t.ink_faint = hex(0x767b85);
    t.grid = hex(0x272b32);
    t.axis = hex(0x4a4f59);
    t.query = hex(0xf0b429);
    t.query_ink = hex(0xf0b429);
    t.key = hex(0x56b4e9);
    t.value = hex(0x2fc79a);
    t.output = hex(0xe08fbf);
    t.output_ink = hex(0xe08fbf);
    t.accent = hex(0xf07a2c);
    t.accent2 = hex(0x56b4e9);
    t.hidden = hex(0x2a2d33);
    t.hidden_hatch = hex(0x5b6069);
    t.hover = hex(0xf07a2c);
    return t;
}

}  // namespace

core::Color Theme::heat(double x) const {
    const auto& stops = dark ? kViridis : kYlGnBu;
    if (!(x > 0)) x = 0;  // NaN → 0
    if (x > 1) x = 1;
    double f = x * (stops.size() - 1);
    std::size_t i = std::min<std::size_t>(static_cast<std::size_t>(f), stops.size() - 2);
    return core::lerp(hex(stops[i]), hex(stops[i + 1]), f - static_cast<double>(i));
}

core::Color Theme::ink_on(const core::Color& c) const {
    double lum = 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
    return lum > 0.55 ? hex(0x1d1d1f) : hex(0xffffff);
}

const Theme& theme_for(ThemeKind k) {
    static const Theme light = make_light();
    static const Theme dark = make_dark();
    return k == ThemeKind::Dark ? dark : light;
}

// ---- numbers -------------------------------------------------------------------------------

// ---- canvas --------------------------------------------------------------------------------

void Canvas::font(Font f, double size) const {
    font_ = f;
    size_ = size;
    cairo_set_font_face(cr, font_face(f));
    cairo_set_font_size(cr, size);
}

namespace {

// Per-thread memo tables. Keys carry everything the result depends on (font, size, the scale of
// the transform and the string), so a hit returns exactly what cairo would compute: the cache
// never changes a frame, it only skips work. Cleared when they grow large.
template <class V>
struct Memo {
    std::unordered_map<std::string, V> map;
    std::size_t limit;
    explicit Memo(std::size_t lim) : limit(lim) {}
    V* find(const std::string& k) {
        auto it = map.find(k);
        return it == map.end() ? nullptr : &it->second;
    }
    V& put(std::string k, V v) {
        if (map.size() >= limit) map.clear();
        return map.insert_or_assign(std::move(k), std::move(v)).first->second;
    }
};

void append_bits(std::string& k, double x) {
    char b[sizeof(double)];
    std::memcpy(b, &x, sizeof b);
    k.append(b, sizeof b);
}

}  // namespace

double Canvas::scale_key() const {
    cairo_matrix_t m;
    cairo_get_matrix(cr, &m);
    return m.xx;
}

Canvas::Extents Canvas::extents(std::string_view s) const {
    thread_local Memo<Extents> memo(1 << 15);
    std::string key;
    key.reserve(s.size() + 20);
    key.push_back(static_cast<char>('0' + static_cast<int>(font_)));
    append_bits(key, size_);
    append_bits(key, scale_key());
    key.append(s);
    if (const Extents* e = memo.find(key)) return *e;
    cairo_text_extents_t te;
    std::string str(s);
    cairo_text_extents(cr, str.c_str(), &te);
    return memo.put(std::move(key), {te.x_bearing, te.y_bearing, te.width, te.height, te.x_advance});
}

double Canvas::ascent() const {
    cairo_font_extents_t fe;
    cairo_font_extents(cr, &fe);
    return fe.ascent;
}

double Canvas::descent() const {
    cairo_font_extents_t fe;
    cairo_font_extents(cr, &fe);
    return fe.descent;
}

core::Rect Canvas::text(std::string_view s, double x, double baseline, Align a) const {
    if (s.empty()) return {x, baseline, 0, 0};
    Extents e = extents(s);
    double w = e.x_advance;
    if (a == Align::Center) x -= w / 2;
    else if (a == Align::Right) x -= w;
    cairo_move_to(cr, x, baseline);
    std::string str(s);
    cairo_show_text(cr, str.c_str());
    // The box: the advance horizontally (and any ink beyond it), ascent+descent of the glyphs.
    double left = std::min(x, x + e.x_bearing);
    double right = std::max(x + w, x + e.x_bearing + e.width);
    double top = baseline + e.y_bearing;
    double bottom = baseline + e.y_bearing + e.height;
    core::Rect box{left, top, right - left, bottom - top};
    record_text(box, s);
    return box;
}

core::Rect Canvas::text_in(std::string_view s, const core::Rect& box, Font f, double size, double min_size,
                           Align a) const {
    if (s.empty() || box.w <= 0 || box.h <= 0) return {box.x, box.y, 0, 0};
    double sz = std::min(size, box.h * 0.82);
    font(f, sz);
    double w = measure(s);
    if (w > box.w) {
        sz = std::max(min_size, sz * box.w / w * 0.98);
        font(f, sz);
        w = measure(s);
    }
    std::string str(s);
    if (w > box.w) {
        // Still too wide at the smallest size: ellipsize, cutting whole UTF-8 characters.
        while (!str.empty() && measure(str + "…") > box.w) {
            str.pop_back();
            while (!str.empty() && (static_cast<unsigned char>(str.back()) & 0xC0) == 0x80) str.pop_back();
            if (!str.empty() && (static_cast<unsigned char>(str.back()) & 0xC0) == 0xC0) str.pop_back();
        }
        str += "…";
        if (measure(str) > box.w) return {box.x, box.y, 0, 0};
        w = measure(str);
    }
    double x = box.x;
    if (a == Align::Center) x = box.x + box.w / 2;
    else if (a == Align::Right) x = box.right();
    double asc = ascent(), desc = descent();
    double base = box.y + box.h / 2 + (asc - desc) / 2;
    return text(str, x, base, a);
}

int Canvas::wrap(std::string_view s, double width, std::vector<std::string>& lines) const {
    // Advances add up (no kerning through cairo's text API), so a line's width is the sum of
    // its words and spaces: each word is measured once (and memoised), not each trial line.
    int count = 0;
    std::string cur;
    double cur_w = 0;
    const double space = measure(" ");
    std::size_t i = 0;
    auto flush = [&] {
        lines.push_back(cur);
        cur.clear();
        cur_w = 0;
        ++count;
    };
    while (i < s.size()) {
        if (s[i] == '\n') {
            flush();
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j < s.size() && s[j] != ' ' && s[j] != '\n') ++j;
        std::string_view word = s.substr(i, j - i);
        double ww = measure(word);
        if (!cur.empty() && cur_w + space + ww > width) flush();
        if (!cur.empty()) {
            cur += ' ';
            cur_w += space;
        }
        cur += word;
        cur_w += ww;
        i = j;
        while (i < s.size() && s[i] == ' ') ++i;
    }
    if (!cur.empty()) flush();
    return count;
}

const Canvas::Para& Canvas::layout_paragraph(std::string_view s, const core::Rect& box, Font f, double size,
                                             double min_size, double leading, bool whole) const {
    thread_local Memo<Para> memo(4096);
    std::string key;
    key.push_back(static_cast<char>('0' + static_cast<int>(f)));
    key.push_back(whole ? 'w' : 'p');
    for (double x : {box.w, box.h, size, min_size, leading, scale_key()}) append_bits(key, x);
    key.append(s);
    if (const Para* p = memo.find(key)) {
        font(f, p->size);
        return *p;
    }
    Para p;
    double sz = size;
    const double floor = whole ? std::min(min_size, 6.0) : min_size;
    for (;;) {
        font(f, sz);
        p.lines.clear();
        wrap(s, box.w, p.lines);
        bool wide = false;
        for (const auto& l : p.lines) wide = wide || measure(l) > box.w;
        // The last line needs its ascent+descent, the others the full leading.
        double h = static_cast<double>(p.lines.size() - 1) * sz * leading + (ascent() + descent());
        if (p.lines.empty()) h = 0;
        if ((h <= box.h && !wide) || sz <= floor) break;
        double next = sz * (sz > min_size ? 0.96 : 0.92);
        if (sz > min_size && next < min_size) next = min_size;
        sz = std::max(floor, next);
    }
    p.size = sz;
    font(f, sz);
    return memo.put(std::move(key), std::move(p));
}

double Canvas::draw_paragraph(const Para& p, const core::Rect& box, Font f, double leading, bool whole) const {
    const double sz = p.size;
    double asc = ascent();
    double y = box.y + asc;
    double used = 0;
    for (const auto& l : p.lines) {
        if (!whole && y + descent() > box.bottom() + 0.01) break;  // never clipped: drop lines that do not fit
        if (!whole && measure(l) > box.w) text_in(l, {box.x, y - asc, box.w, sz * leading}, f, sz, sz);
        else text(l, box.x, y);
        used = y + descent() - box.y;
        y += sz * leading;
    }
    return used;
}

double Canvas::paragraph(std::string_view s, const core::Rect& box, Font f, double size, double min_size,
                         double leading) const {
    if (s.empty()) return 0;
    return draw_paragraph(layout_paragraph(s, box, f, size, min_size, leading, false), box, f, leading, false);
}

double Canvas::paragraph_whole(std::string_view s, const core::Rect& box, Font f, double size, double min_size,
                               double leading, double* used_h) const {
    if (s.empty()) {
        if (used_h) *used_h = 0;
        return size;
    }
    const Para& p = layout_paragraph(s, box, f, size, min_size, leading, true);
    double used = draw_paragraph(p, box, f, leading, true);
    if (used_h) *used_h = used;
    return p.size;
}

void Canvas::rounded(const core::Rect& r, double radius) const {
    double rad = std::min({radius, r.w / 2, r.h / 2});
    if (rad <= 0) {
        cairo_rectangle(cr, r.x, r.y, r.w, r.h);
        return;
    }
    constexpr double pi = 3.141592653589793;
    cairo_new_sub_path(cr);
    cairo_arc(cr, r.right() - rad, r.y + rad, rad, -pi / 2, 0);
    cairo_arc(cr, r.right() - rad, r.bottom() - rad, rad, 0, pi / 2);
    cairo_arc(cr, r.x + rad, r.bottom() - rad, rad, pi / 2, pi);
    cairo_arc(cr, r.x + rad, r.y + rad, rad, pi, 1.5 * pi);
    cairo_close_path(cr);
}

void Canvas::arrow(core::Point a, core::Point b, double w, double head, const core::Color& c, double alpha) const {
    double dx = b.x - a.x, dy = b.y - a.y;
    double len = std::hypot(dx, dy);
    if (len < 1e-6) return;
    double ux = dx / len, uy = dy / len;
    head = std::min(head, len * 0.6);
    core::Point base{b.x - ux * head, b.y - uy * head};
    color(c, alpha);
    cairo_set_line_width(cr, w);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    line(a, base);
    cairo_stroke(cr);
    double hw = head * 0.5;
    cairo_move_to(cr, b.x, b.y);
    cairo_line_to(cr, base.x - uy * hw, base.y + ux * hw);
    cairo_line_to(cr, base.x + uy * hw, base.y - ux * hw);
    cairo_close_path(cr);
    cairo_fill(cr);
}

namespace {

// The hatching as one device-pixel tile (period ≈ 9 design units, 45° lines), rendered once per
// thread and keyed by everything that affects it; filled as a repeating pattern anchored to the
// device grid, so that neighbouring cells line up.
struct HatchKey {
    int period = 0;
    double width = 0;
    std::array<double, 8> colors{};
    bool operator==(const HatchKey&) const = default;
};
struct HatchTile {
    HatchKey key;
    PatternPtr pattern;
};

cairo_pattern_t* hatch_pattern(const HatchKey& k) {
    thread_local std::vector<HatchTile> tiles;
    for (const auto& t : tiles)
        if (t.key == k) return t.pattern.get();
    if (tiles.size() >= 16) tiles.clear();
    const int P = k.period;
    SurfacePtr s(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, P, P));
    {
        ContextPtr c(cairo_create(s.get()));
        cairo_set_source_rgba(c.get(), k.colors[0], k.colors[1], k.colors[2], k.colors[3]);
        cairo_paint(c.get());
        cairo_set_source_rgba(c.get(), k.colors[4], k.colors[5], k.colors[6], k.colors[7]);
        cairo_set_line_width(c.get(), k.width);
        for (int i = -2; i <= 2; ++i) {  // x − (P − y) = iP, rising to the right, past the edges
            const double c0 = i * P;
            cairo_move_to(c.get(), c0 - P, 2.0 * P);
            cairo_line_to(c.get(), c0 + 2.0 * P, -1.0 * P);
        }
        cairo_stroke(c.get());
    }
    cairo_surface_flush(s.get());
    PatternPtr pat(cairo_pattern_create_for_surface(s.get()));
    cairo_pattern_set_extend(pat.get(), CAIRO_EXTEND_REPEAT);
    cairo_pattern_set_filter(pat.get(), CAIRO_FILTER_NEAREST);
    tiles.push_back({k, std::move(pat)});
    return tiles.back().pattern.get();
}

}  // namespace

void Canvas::hatch(const core::Rect& r, double radius) const {
    rounded(r, radius);
    color(th.hidden);
    cairo_fill(cr);
    // Kept clear of the rounded corners.
    const core::Rect in = r.inset(std::min(1.5 + radius * 0.3, std::min(r.w, r.h) / 2));
    if (in.w <= 0 || in.h <= 0) return;
    cairo_matrix_t m;
    cairo_get_matrix(cr, &m);
    const double s = m.xx;
    if (cairo_surface_get_type(cairo_get_group_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE && m.xy == 0 && m.yx == 0 &&
        m.xx == m.yy && s > 0 && th.hidden.a >= 1) {
        // Raster: one fill with the tile (the lines are the same at every place and frame).
        HatchKey k;
        k.period = std::max(3, static_cast<int>(std::lround(9 * s)));
        k.width = std::max(1.0, 2.2 * s);
        k.colors = {th.hidden.r, th.hidden.g, th.hidden.b, th.hidden.a,
                    th.hidden_hatch.r, th.hidden_hatch.g, th.hidden_hatch.b, th.hidden_hatch.a};
        cairo_pattern_t* pat = hatch_pattern(k);
        cairo_pattern_set_matrix(pat, &m);  // pattern space = device space
        const core::Rect b = snap(in);
        if (b.w <= 0 || b.h <= 0) return;
        cairo_set_source(cr, pat);
        cairo_rectangle(cr, b.x, b.y, b.w, b.h);
        cairo_fill(cr);
        return;
    }
    // Vector targets: 45° lines clipped to the rectangle by arithmetic (a cairo clip per cell is slow).
    color(th.hidden_hatch);
    cairo_set_line_width(cr, 2.2);  // at least a pixel and a half at 720p, so the lines read
    const double step = 9;
    // Line: x − (bottom − y) = c, i.e. from (c, bottom) rising to the right.
    for (double c = in.x - in.h + std::fmod(in.h, step); c < in.right(); c += step) {
        double x0 = c, y0 = in.bottom();
        if (x0 < in.x) {
            y0 -= in.x - x0;
            x0 = in.x;
        }
        double x1 = c + in.h, y1 = in.y;
        if (x1 > in.right()) {
            y1 += x1 - in.right();
            x1 = in.right();
        }
        if (x1 - x0 < 0.5) continue;
        line({x0, y0}, {x1, y1});
    }
    cairo_stroke(cr);
}

void Canvas::clip_rect(const core::Rect& r) const {
    // Snapped to device pixels so that cairo keeps a fast rectangular clip.
    double x0 = r.x, y0 = r.y, x1 = r.right(), y1 = r.bottom();
    cairo_user_to_device(cr, &x0, &y0);
    cairo_user_to_device(cr, &x1, &y1);
    x0 = std::round(x0), y0 = std::round(y0), x1 = std::round(x1), y1 = std::round(y1);
    cairo_device_to_user(cr, &x0, &y0);
    cairo_device_to_user(cr, &x1, &y1);
    cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
    cairo_clip(cr);
}

core::Rect Canvas::snap(const core::Rect& r) const {
    double x0 = r.x, y0 = r.y, x1 = r.right(), y1 = r.bottom();
    cairo_user_to_device(cr, &x0, &y0);
    cairo_user_to_device(cr, &x1, &y1);
    x0 = std::round(x0), y0 = std::round(y0), x1 = std::round(x1), y1 = std::round(y1);
    cairo_device_to_user(cr, &x0, &y0);
    cairo_device_to_user(cr, &x1, &y1);
    return {x0, y0, x1 - x0, y1 - y0};
}

void Canvas::hline(double x0, double x1, double y, double width) const {
    double px = 1 / scale_key();  // one device pixel in user units
    double w = std::max(px, std::round(width / px) * px);
    core::Rect r = snap({x0, y - w / 2, x1 - x0, w});
    if (r.h < px * 0.5) r.h = px;
    cairo_rectangle(cr, r.x, r.y, r.w, r.h);
}

void Canvas::vline(double x, double y0, double y1, double width) const {
    double px = 1 / scale_key();
    double w = std::max(px, std::round(width / px) * px);
    core::Rect r = snap({x - w / 2, y0, w, y1 - y0});
    if (r.w < px * 0.5) r.w = px;
    cairo_rectangle(cr, r.x, r.y, r.w, r.h);
}

namespace {

// The four corners of a card, rendered once per thread as one (2b × 2b) device-pixel tile: the
// background, the rounded fill and the border arcs, exactly as Canvas::panel draws them on a
// card. Keyed by everything that affects the pixels, so a hit is what drawing would give.
struct CornerKey {
    std::array<double, 12> colors{};  // fill, bg, edge (rgba each; edge alpha 0 = none)
    double scale = 1, rad = 0, w = 0, band = 0;
    bool operator==(const CornerKey&) const = default;
};
struct CornerTile {
    CornerKey key;
    SurfacePtr tile;
};

void draw_corners(cairo_t* cr, const core::Rect& r, double rad, double band, double w, const core::Color& fill,
                  const core::Color& bg, const core::Color* edge);

cairo_surface_t* corner_tile(const CornerKey& k, int b, const core::Color& fill, const core::Color& bg,
                             const core::Color* edge, double rad, double band, double w) {
    thread_local std::vector<CornerTile> tiles;
    for (const auto& t : tiles)
        if (t.key == k) return t.tile.get();
    if (tiles.size() >= 32) tiles.clear();
    SurfacePtr s(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 2 * b, 2 * b));
    ContextPtr c(cairo_create(s.get()));
    cairo_scale(c.get(), k.scale, k.scale);
    const double side = 2 * b / k.scale;
    draw_corners(c.get(), {0, 0, side, side}, rad, band, w, fill, bg, edge);
    cairo_surface_flush(s.get());
    tiles.push_back({k, std::move(s)});
    return tiles.back().tile.get();
}

void rounded_path(cairo_t* cr, const core::Rect& r, double rad) {
    constexpr double pi = 3.141592653589793;
    cairo_new_sub_path(cr);
    cairo_arc(cr, r.right() - rad, r.y + rad, rad, -pi / 2, 0);
    cairo_arc(cr, r.right() - rad, r.bottom() - rad, rad, 0, pi / 2);
    cairo_arc(cr, r.x + rad, r.bottom() - rad, rad, pi / 2, pi);
    cairo_arc(cr, r.x + rad, r.y + rad, rad, pi, 1.5 * pi);
    cairo_close_path(cr);
}

// The rounded bands of a card (top and bottom `band` rows): background, the rounded shape over
// it and the border arcs at the corners. The straight pieces are boxes drawn by Canvas::panel.
void draw_corners(cairo_t* cr, const core::Rect& r, double rad, double band, double w, const core::Color& fill,
                  const core::Color& bg, const core::Color* edge) {
    cairo_save(cr);
    cairo_set_source_rgba(cr, bg.r, bg.g, bg.b, bg.a);
    cairo_rectangle(cr, r.x, r.y, r.w, band);
    cairo_rectangle(cr, r.x, r.bottom() - band, r.w, band);
    cairo_fill(cr);
    cairo_set_source_rgba(cr, fill.r, fill.g, fill.b, fill.a);
    for (int side = 0; side < 2; ++side) {
        cairo_save(cr);
        cairo_rectangle(cr, r.x, side == 0 ? r.y : r.bottom() - band, r.w, band);
        cairo_clip(cr);
        rounded_path(cr, r, rad);
        cairo_fill(cr);
        cairo_restore(cr);
    }
    if (edge) {
        constexpr double pi = 3.141592653589793;
        cairo_set_source_rgba(cr, edge->r, edge->g, edge->b, edge->a);
        cairo_set_line_width(cr, w);
        const double c = rad - w / 2;
        const core::Point centres[4] = {{r.x + rad, r.y + rad}, {r.right() - rad, r.y + rad},
                                        {r.right() - rad, r.bottom() - rad}, {r.x + rad, r.bottom() - rad}};
        const double from[4] = {pi, 1.5 * pi, 0, 0.5 * pi};
        for (int i = 0; i < 4; ++i) {
            cairo_new_sub_path(cr);
            cairo_arc(cr, centres[i].x, centres[i].y, c, from[i], from[i] + pi / 2);
            cairo_stroke(cr);
        }
    }
    cairo_restore(cr);
}

}  // namespace

void Canvas::panel(const core::Rect& r0, double radius, const core::Color& fill, const core::Color* edge,
                   double edge_w, const core::Color* under) const {
    const core::Color& bg = under ? *under : th.bg;
    const core::Rect r = snap(r0);
    const double s = scale_key();
    const double px = 1 / s;
    const double rad = std::min({radius, r.w / 2, r.h / 2});
    const double band = std::ceil(rad / px) * px;
    const double w = std::max(px, std::round(edge_w / px) * px);
    cairo_matrix_t m;
    cairo_get_matrix(cr, &m);
    const int b = static_cast<int>(std::lround(band * s));
    const long W = std::lround(r.w * s), H = std::lround(r.h * s);
    // Raster targets with an axis-aligned transform: the corners come from a tile (one blit
    // each) instead of a clip, a rounded fill and four arc strokes per card.
    const bool tiled = cairo_surface_get_type(cairo_get_group_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE && m.xy == 0 &&
                       m.yx == 0 && m.xx == m.yy && fill.a >= 1 && bg.a >= 1 && b > 0 && b <= 256 && W >= 2 * b &&
                       H >= 2 * b;
    color(fill);
    // The body: one snapped box between the rounded bands (and, with tiles, the straight middle
    // of the bands).
    cairo_rectangle(cr, r.x, r.y + band, r.w, r.h - 2 * band);
    if (tiled && r.w > 2 * band) {
        cairo_rectangle(cr, r.x + band, r.y, r.w - 2 * band, band);
        cairo_rectangle(cr, r.x + band, r.bottom() - band, r.w - 2 * band, band);
    }
    cairo_fill(cr);
    if (tiled) {
        CornerKey k;
        const core::Color none{0, 0, 0, 0};
        const core::Color& e = edge ? *edge : none;
        k.colors = {fill.r, fill.g, fill.b, fill.a, bg.r, bg.g, bg.b, bg.a, e.r, e.g, e.b, e.a};
        k.scale = s, k.rad = rad, k.w = edge ? w : 0, k.band = band;
        cairo_surface_t* tile = corner_tile(k, b, fill, bg, edge, rad, band, w);
        double X0 = r.x, Y0 = r.y;
        cairo_user_to_device(cr, &X0, &Y0);
        X0 = std::round(X0), Y0 = std::round(Y0);
        const double X1 = X0 + static_cast<double>(W), Y1 = Y0 + static_cast<double>(H);
        cairo_save(cr);
        cairo_identity_matrix(cr);
        const double bb = b;
        const double at[4][4] = {{X0, Y0, X0, Y0},  // corner x, y; tile origin x, y
                                 {X1 - bb, Y0, X1 - 2 * bb, Y0},
                                 {X0, Y1 - bb, X0, Y1 - 2 * bb},
                                 {X1 - bb, Y1 - bb, X1 - 2 * bb, Y1 - 2 * bb}};
        for (const auto& a : at) {
            cairo_set_source_surface(cr, tile, a[2], a[3]);
            cairo_rectangle(cr, a[0], a[1], bb, bb);
            cairo_fill(cr);
        }
        cairo_restore(cr);
    } else {
        draw_corners(cr, r, rad, band, w, fill, bg, edge);
    }
    if (!edge) return;
    color(*edge);
    // Straight edges as snapped boxes, just inside the rectangle (corners: the arcs above).
    cairo_rectangle(cr, r.x + band, r.y, r.w - 2 * band, w);
    cairo_rectangle(cr, r.x + band, r.bottom() - w, r.w - 2 * band, w);
    cairo_rectangle(cr, r.x, r.y + band, w, r.h - 2 * band);
    cairo_rectangle(cr, r.right() - w, r.y + band, w, r.h - 2 * band);
    cairo_fill(cr);
}

namespace {

struct DotKey {
    std::array<double, 8> colors{};
    double r = 0, ring_w = 0, on = 0, off = 0, scale = 1;
    int qx = 0, qy = 0;  // quarter-pixel phase of the centre
    bool operator==(const DotKey&) const = default;
};
struct DotSprite {
    DotKey key;
    SurfacePtr tile;
    int half = 0;  // the centre sits at (half + qx/4, half + qy/4)
};

void dot_path(cairo_t* cr, double x, double y, const DotKey& k) {
    cairo_new_sub_path(cr);
    cairo_arc(cr, x, y, k.r, 0, 2 * 3.141592653589793);
    cairo_set_source_rgba(cr, k.colors[0], k.colors[1], k.colors[2], k.colors[3]);
    cairo_fill_preserve(cr);
    cairo_set_source_rgba(cr, k.colors[4], k.colors[5], k.colors[6], k.colors[7]);
    cairo_set_line_width(cr, k.ring_w);
    if (k.on > 0) {
        const double dash[] = {k.on, k.off};
        cairo_set_dash(cr, dash, 2, 0);
    }
    cairo_stroke(cr);
    if (k.on > 0) cairo_set_dash(cr, nullptr, 0, 0);
}

const DotSprite& dot_sprite(const DotKey& k) {
    thread_local std::vector<DotSprite> sprites;
    for (const auto& d : sprites)
        if (d.key == k) return d;
    if (sprites.size() >= 256) sprites.clear();
    const int half = static_cast<int>(std::ceil((k.r + k.ring_w) * k.scale)) + 2;
    SurfacePtr s(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 2 * half + 1, 2 * half + 1));
    {
        ContextPtr c(cairo_create(s.get()));
        cairo_translate(c.get(), half + k.qx / 4.0, half + k.qy / 4.0);
        cairo_scale(c.get(), k.scale, k.scale);
        dot_path(c.get(), 0, 0, k);
    }
    cairo_surface_flush(s.get());
    sprites.push_back({k, std::move(s), half});
    return sprites.back();
}

}  // namespace

void Canvas::dot(core::Point p, double r, const core::Color& fill, const core::Color& ring, double ring_w, double dash_on,
                 double dash_off) const {
    DotKey k;
    k.colors = {fill.r, fill.g, fill.b, fill.a, ring.r, ring.g, ring.b, ring.a};
    k.r = r, k.ring_w = ring_w, k.on = dash_on, k.off = dash_off;
    cairo_matrix_t m;
    cairo_get_matrix(cr, &m);
    double X = p.x, Y = p.y;
    cairo_user_to_device(cr, &X, &Y);
    if (!(cairo_surface_get_type(cairo_get_group_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE && m.xy == 0 && m.yx == 0 &&
          m.xx == m.yy && m.xx > 0 && r > 0 && (r + ring_w) * m.xx < 200 && std::fabs(X) < 1e6 && std::fabs(Y) < 1e6)) {
        dot_path(cr, p.x, p.y, k);
        return;
    }
    k.scale = m.xx;
    const double fx = std::floor(X * 4 + 0.5), fy = std::floor(Y * 4 + 0.5);  // quarter pixels
    const double ix = std::floor(fx / 4), iy = std::floor(fy / 4);
    k.qx = static_cast<int>(fx - ix * 4), k.qy = static_cast<int>(fy - iy * 4);
    const DotSprite& d = dot_sprite(k);
    const double size = 2 * d.half + 1;
    cairo_save(cr);
    cairo_identity_matrix(cr);
    cairo_set_source_surface(cr, d.tile.get(), ix - d.half, iy - d.half);
    cairo_rectangle(cr, ix - d.half, iy - d.half, size, size);
    cairo_fill(cr);
    cairo_restore(cr);
}

core::Rect Canvas::card(const core::Rect& r, std::string_view heading, std::string_view aside) const {
    panel(r, 14, th.card, &th.card_edge, 1.5);
    const double pad = 18;
    if (heading.empty()) return r.inset(pad);
    core::Rect head{r.x + pad, r.y + 10, r.w - 2 * pad, 30};
    color(th.ink_soft);
    double aside_w = 0;
    if (!aside.empty()) {
        font(Font::Regular, 17);
        aside_w = std::min(measure(aside), head.w * 0.45);
        text_in(aside, {head.right() - aside_w, head.y, aside_w, head.h}, Font::Regular, 17, 12, Align::Right);
        aside_w += 16;
    }
    color(th.ink_soft);
    text_in(heading, {head.x, head.y, head.w - aside_w, head.h}, Font::Bold, 18, 12);
    return {r.x + pad, r.y + 46, r.w - 2 * pad, r.h - 46 - pad * 0.8};
}

core::Rect Canvas::badge(std::string_view s, core::Point p, const core::Color& fill, double size, double alpha) const {
    font(Font::Bold, size);
    double w = measure(s) + size * 1.0;
    double h = size * 1.5;
    core::Rect r{p.x - w / 2, p.y - h / 2, w, h};
    rounded(r, h / 2);
    color(fill, alpha);
    cairo_fill(cr);
    color(th.ink_on(fill), alpha);
    text(s, p.x, p.y + (ascent() - descent()) / 2, Align::Center);
    return r;
}

void Canvas::record_panel(const char* name, const core::Rect& r) {
    if (!rec_) return;
    double x0 = r.x, y0 = r.y, x1 = r.right(), y1 = r.bottom();
    cairo_user_to_device(cr, &x0, &y0);
    cairo_user_to_device(cr, &x1, &y1);
    rec_->panels.push_back({name, {x0, y0, x1 - x0, y1 - y0}});
    panel_ = static_cast<int>(rec_->panels.size()) - 1;
}

void Canvas::mark(const std::string& name, const core::Rect& r) const {
    if (!rec_) return;
    double x0 = r.x, y0 = r.y, x1 = r.right(), y1 = r.bottom();
    cairo_user_to_device(cr, &x0, &y0);
    cairo_user_to_device(cr, &x1, &y1);
    rec_->marks.push_back({name, {x0, y0, x1 - x0, y1 - y0}});
}

void Canvas::record_text(const core::Rect& r, std::string_view s) const {
    if (!rec_) return;
    // Corners through the current transform (rotations are not used for text).
    double xs[4] = {r.x, r.right(), r.x, r.right()}, ys[4] = {r.y, r.y, r.bottom(), r.bottom()};
    double x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
    for (int i = 0; i < 4; ++i) {
        cairo_user_to_device(cr, &xs[i], &ys[i]);
        x0 = std::min(x0, xs[i]);
        y0 = std::min(y0, ys[i]);
        x1 = std::max(x1, xs[i]);
        y1 = std::max(y1, ys[i]);
    }
    rec_->texts.push_back({panel_, {x0, y0, x1 - x0, y1 - y0}, std::string(s), size_});
}

}  // namespace draw
