// draw/text: text through the canvas — fonts at a size, extents (memoised per thread), text at
// a point or fitted to a box (shrunk, then ellipsized), word wrap and paragraphs (memoised).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

#include "draw/canvas.hpp"

namespace draw {

void Canvas::font(Font f, double size) const {
    font_ = f;
    size_ = size;
    cairo_set_font_face(cr, fonts_.face(f));
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

}  // namespace draw
