// draw/text: text through the canvas — fonts at a size, extents (memoised per thread), text at
// a point or fitted to a box (shrunk, then ellipsized), word wrap and paragraphs (memoised).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
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
// never changes a frame, it only skips work. Bounded in bytes (keys, values and a fixed cost per
// entry), cleared when an entry would pass the bound; a key longer than kMemoMaxKey is not kept
// (it would evict hundreds of labels for one string that hostile input can make arbitrarily long).
constexpr std::size_t kEntryOverhead = 96;  // a hash node, its bucket and the string headers, about
constexpr std::size_t kMemoMaxKey = 16 * 1024 + 64;

std::size_t bytes_of(const Canvas::Extents&) { return sizeof(Canvas::Extents); }
template <class P>
auto bytes_of(const P& p) -> decltype(p.lines.size()) {
    std::size_t n = sizeof(P);
    for (const auto& l : p.lines) n += sizeof(std::string) + l.size();
    return n;
}

template <class V>
struct Memo {
    std::unordered_map<std::string, V> map;
    std::size_t cap;  // bytes
    std::size_t bytes = 0;
    explicit Memo(std::size_t cap_bytes) : cap(cap_bytes) {}
    V* find(const std::string& k) {
        auto it = map.find(k);
        return it == map.end() ? nullptr : &it->second;
    }
    // Keeps v under k, unless k is too long to keep: then null.
    V* put(std::string k, V&& v) {
        if (k.size() > kMemoMaxKey) return nullptr;
        const std::size_t cost = k.size() + bytes_of(v) + kEntryOverhead;
        if (cost > cap) return nullptr;
        if (bytes + cost > cap) {
            map.clear();
            bytes = 0;
        }
        auto [it, fresh] = map.insert_or_assign(std::move(k), std::move(v));
        if (fresh) bytes += cost;
        return &it->second;
    }
};

struct Work {
    std::uint64_t measurements = 0;
    std::uint64_t measured_bytes = 0;
};
thread_local Work t_work;

void append_bits(std::string& k, double x) {
    char b[sizeof(double)];
    std::memcpy(b, &x, sizeof b);
    k.append(b, sizeof b);
}

bool continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

}  // namespace

// The memo tables of this thread (one per thread: cairo contexts are not shared between threads).
struct Canvas::Memos {
    Memo<Extents> extents{kTextMemoBytes / 2};
    Memo<Para> paragraphs{kTextMemoBytes / 2};
};

Canvas::Memos& Canvas::memos() {
    thread_local Memos m;
    return m;
}

TextStats text_stats() {
    TextStats s;
    s.measurements = t_work.measurements;
    s.measured_bytes = t_work.measured_bytes;
    const Canvas::Memos& m = Canvas::memos();
    s.memo_bytes = m.extents.bytes + m.paragraphs.bytes;
    s.memo_entries = m.extents.map.size() + m.paragraphs.map.size();
    return s;
}

double Canvas::scale_key() const {
    cairo_matrix_t m;
    cairo_get_matrix(cr, &m);
    return m.xx;
}

Canvas::Extents Canvas::extents(std::string_view s) const {
    Memo<Extents>& memo = memos().extents;
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
    ++t_work.measurements;
    t_work.measured_bytes += s.size();
    const Extents e{te.x_bearing, te.y_bearing, te.width, te.height, te.x_advance};
    memo.put(std::move(key), Extents(e));
    return e;
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

namespace {

// At most this many characters of a text are measured to fit it to a box, however long the
// text: no visible glyph of DejaVu Sans is narrower than 0.2 em (a space is 0.32 em, "i" 0.28 em),
// so more never fit at the smallest size; and never more than kMaxFitChars in any case. Characters
// past them are cut (with "…"; zero-width marks past them too), so fitting costs O(log n)
// measurements of a bounded prefix.
constexpr double kNarrowestEm = 0.2;
constexpr std::size_t kMaxFitChars = 4096;

// Bytes of the first `chars` UTF-8 characters of s (all of s when it has fewer).
std::size_t prefix_bytes(std::string_view s, std::size_t chars) {
    std::size_t i = 0;
    for (std::size_t c = 0; i < s.size() && c < chars; ++c) {
        ++i;
        while (i < s.size() && continuation(s[i])) ++i;
    }
    return i;
}

}  // namespace

Canvas::Fit Canvas::fit(std::string_view s, const core::Rect& box, Font f, double size, double min_size) const {
    Fit out;
    if (s.empty() || !(box.w > 0) || !(box.h > 0)) return out;
    std::size_t limit = kMaxFitChars;
    if (const double narrowest = kNarrowestEm * min_size; narrowest > 0 && box.w / narrowest + 2 < static_cast<double>(limit))
        limit = static_cast<std::size_t>(box.w / narrowest) + 2;
    const std::string_view head = s.substr(0, prefix_bytes(s, limit));
    const bool whole = head.size() == s.size();
    // Never below the frame's minimum (the back row reads it), even in a box too low for it.
    min_size = std::max(min_size, floor());
    double sz = std::max(floor(), std::min(size, box.h * 0.82));
    font(f, sz);
    double w = measure(head);
    if (w > box.w || !whole) {
        // Past the characters that could fit at min_size, the text is wider than the box at any
        // size down to it: straight to min_size.
        sz = whole ? std::max(min_size, sz * box.w / w * 0.98) : min_size;
        font(f, sz);
        w = measure(head);
    }
    out.size = sz;
    if (whole && w <= box.w) {
        out.shown.assign(s);
        return out;
    }
    // Still too wide at the smallest size (or cut at the limit): the longest prefix, in whole
    // characters, that fits with "…" after it. Advances add up (no kerning through cairo's text
    // API), so a longer prefix is never narrower: a binary search over character boundaries.
    std::vector<std::size_t> cuts{0};  // cuts[k]: bytes of the first k characters of head
    for (std::size_t i = 1; i <= head.size(); ++i)
        if (i == head.size() || !continuation(head[i])) cuts.push_back(i);
    auto fits = [&](std::size_t k) {
        std::string t(head.substr(0, cuts[k]));
        t += "…";
        return measure(t) <= box.w;
    };
    if (!fits(0)) return out;  // not even "…"
    std::size_t lo = 0, hi = cuts.size() - 1;  // fits(lo); the answer is in [lo, hi]
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo + 1) / 2;
        if (fits(mid)) lo = mid;
        else hi = mid - 1;
    }
    out.shown.assign(head.substr(0, cuts[lo]));
    out.shown += "…";
    out.cut = true;
    return out;
}

core::Rect Canvas::text_in(std::string_view s, const core::Rect& box, Font f, double size, double min_size,
                           Align a) const {
    return place(fit(s, box, f, size, min_size), box, a);
}

core::Rect Canvas::place(const Fit& ft, const core::Rect& box, Align a) const {
    if (ft.shown.empty()) return {box.x, box.y, 0, 0};
    double x = box.x;
    if (a == Align::Center) x = box.x + box.w / 2;
    else if (a == Align::Right) x = box.right();
    double asc = ascent(), desc = descent();
    double base = box.y + box.h / 2 + (asc - desc) / 2;
    cut_ = ft.cut;
    const core::Rect r = text(ft.shown, x, base, a);
    cut_ = false;
    return r;
}

Fitted fit_text(cairo_t* cr, const Fonts& fonts, std::string_view s, const core::Rect& box, double size,
                double min_size) {
    const Canvas c(cr, theme_for(ThemeKind::Light), fonts, nullptr);
    const Canvas::Small any_size(c, "fit_text: the caller chooses the sizes");
    Canvas::Fit ft = c.fit(s, box, Font::Regular, size, min_size);
    Fitted out;
    out.box = c.place(ft, box, Align::Left);
    out.shown = std::move(ft.shown);
    out.size = ft.size;
    return out;
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
    min_size = std::max(min_size, this->floor());  // (part of the key below)
    Memo<Para>& memo = memos().paragraphs;
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
    double sz = std::max(size, min_size);
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
    thread_local Para unkept;  // a paragraph too long to memoise lives until the next one
    if (Para* kept = memo.put(std::move(key), std::move(p))) return *kept;  // p is moved only when kept
    unkept = std::move(p);
    return unkept;
}

double Canvas::draw_paragraph(const Para& p, const core::Rect& box, Font f, double leading, bool whole) const {
    const double sz = p.size;
    double asc = ascent();
    double y = box.y + asc;
    double used = 0;
    for (std::size_t i = 0; i < p.lines.size(); ++i) {
        const std::string& l = p.lines[i];
        if (!whole && y + descent() > box.bottom() + 0.01) break;  // never clipped: drop lines that do not fit
        // The last line shown when the lines after it are dropped: the Recorder calls the text cut.
        const bool last = !whole && i + 1 < p.lines.size() && y + sz * leading + descent() > box.bottom() + 0.01;
        if (!whole && measure(l) > box.w) text_in(l, {box.x, y - asc, box.w, sz * leading}, f, sz, sz);
        else {
            cut_ = last;
            text(l, box.x, y);
            cut_ = false;
        }
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
