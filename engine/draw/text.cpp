// draw/text: text through the canvas — fonts at a size, shaped text (memoised per thread, in
// ems, whatever the size), its extents, glyphs drawn at a point or fitted to a box (shrunk, then
// ellipsized at a cluster boundary), lines broken by Unicode's rules and paragraphs (memoised,
// right-aligned when they read right to left); and the same text for painters outside draw/.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

#include "draw/canvas.hpp"
#include "draw/shaping.hpp"

namespace draw {

void Canvas::font(Font f, double size) const {
    font_ = f;
    size_ = size;
}

namespace {

// Per-thread memo tables. Keys carry everything the result depends on (font, size, the scale of
// the transform and the string), so a hit returns exactly what cairo would compute: the cache
// never changes a frame, it only skips work. Bounded in bytes (keys, values and a fixed cost per
// entry); a key longer than kMemoMaxKey is not kept (it would evict hundreds of labels for one
// string that hostile input can make arbitrarily long).
constexpr std::size_t kEntryOverhead = 96;  // a hash node, its bucket and the string headers, about
constexpr std::size_t kMemoMaxKey = 16 * 1024 + 64;

std::size_t bytes_of(const Shaped& s) {
    return sizeof(Shaped) + s.glyphs.size() * sizeof(Glyph) + s.cuts.size() * sizeof(std::uint32_t);
}
template <class P>
auto bytes_of(const P& p) -> decltype(p.lines.size()) {
    std::size_t n = sizeof(P);
    for (const auto& l : p.lines) n += sizeof(std::string) + l.size();
    return n;
}

// Two generations, each at most half the bound: new entries go to `young`; when it would pass its
// half, `old` is dropped and `young` becomes `old`; an entry found in `old` moves back to `young`
// (its node moves: the reference stays good). The texts a session keeps drawing stay found, and
// the churn of a long session frees half the entries at a time, never the ones in use: a memo
// fills to its bound and stays there (emptied whole and refilled, it stepped the window's memory
// up in long soaks).
template <class V>
struct Memo {
    using Map = std::unordered_map<std::string, V>;
    Map young, old;
    std::size_t half;  // bytes a generation may hold
    std::size_t young_bytes = 0, old_bytes = 0;
    explicit Memo(std::size_t cap_bytes) : half(cap_bytes / 2) {}
    std::size_t bytes() const { return young_bytes + old_bytes; }
    std::size_t size() const { return young.size() + old.size(); }
    static std::size_t cost(const std::string& k, const V& v) { return k.size() + bytes_of(v) + kEntryOverhead; }
    // Makes room for `c` bytes in `young`: when they would not fit, young becomes old.
    void room(std::size_t c) {
        if (young_bytes + c <= half) return;
        old = std::move(young);
        old_bytes = young_bytes;
        young = Map();
        young_bytes = 0;
    }
    V* find(const std::string& k) {
        if (auto it = young.find(k); it != young.end()) return &it->second;
        auto it = old.find(k);
        if (it == old.end()) return nullptr;
        auto node = old.extract(it);
        const std::size_t c = cost(node.key(), node.mapped());
        old_bytes -= c;
        room(c);
        young_bytes += c;
        return &young.insert(std::move(node)).position->second;
    }
    // Keeps v under k (not found before), unless k is too long to keep: then null, v untouched.
    V* put(std::string k, V&& v) {
        if (k.size() > kMemoMaxKey) return nullptr;
        const std::size_t c = cost(k, v);
        if (c > half) return nullptr;
        room(c);
        auto [it, fresh] = young.insert_or_assign(std::move(k), std::move(v));
        if (fresh) young_bytes += c;
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

bool ascii(std::string_view s) {
    for (char c : s)
        if (static_cast<unsigned char>(c) >= 0x80) return false;
    return true;
}

}  // namespace

// The memo tables of this thread (one per thread: cairo contexts are not shared between threads).
struct Canvas::Memos {
    Memo<Shaped> shaped{kTextMemoBytes / 2};
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
    s.memo_bytes = m.shaped.bytes() + m.paragraphs.bytes();
    s.memo_entries = m.shaped.size() + m.paragraphs.size();
    return s;
}

double Canvas::scale_key() const {
    cairo_matrix_t m;
    cairo_get_matrix(cr, &m);
    return m.xx;
}

const Shaped& Canvas::shaped(std::string_view s) const {
    // The direction is resolved before the key is made (a label's own, label_direction), so that
    // a line of a left-to-right paragraph and the same text measured alone share one entry.
    Direction d = dir_;
    if (d == Direction::Auto) d = ascii(s) ? Direction::LeftToRight : label_direction(s);
    Memo<Shaped>& memo = memos().shaped;
    std::string key;
    key.reserve(s.size() + 10);
    append_bits(key, static_cast<double>(fonts_.engine().serial));  // other faces, other glyphs
    key.push_back(static_cast<char>('0' + static_cast<int>(font_)));
    key.push_back(d == Direction::RightToLeft ? 'r' : 'l');
    key.append(s);
    if (const Shaped* e = memo.find(key)) return *e;
    ++t_work.measurements;
    t_work.measured_bytes += s.size();
    Shaped sh = fonts_.engine().shape(s, font_, d);
    if (Shaped* kept = memo.put(std::move(key), std::move(sh))) return *kept;  // sh is moved only when kept
    thread_local Shaped unkept;  // a text too long to memoise lives until the next one
    unkept = std::move(sh);
    return unkept;
}

Canvas::Extents Canvas::extents(std::string_view s) const {
    const Shaped& sh = shaped(s);
    return {sh.ink_x0 * size_, sh.ink_y0 * size_, (sh.ink_x1 - sh.ink_x0) * size_, (sh.ink_y1 - sh.ink_y0) * size_,
            sh.advance * size_};
}

double Canvas::ascent() const { return fonts_.engine().ascent(font_) * size_; }

double Canvas::descent() const { return fonts_.engine().descent(font_) * size_; }

void Canvas::show(const Shaped& sh, std::string_view s, double x, double baseline) const {
    // Glyphs go to cairo a face at a time. A PDF keeps each run's text too (cairo_show_text_glyphs:
    // its words can be searched and copied, ligatures and conjuncts included); a run given its
    // text must cover whole clusters in one direction, so there runs also break where the
    // clusters stop following each other (a change of direction).
    thread_local std::vector<cairo_glyph_t> glyphs;
    thread_local std::vector<cairo_text_cluster_t> clusters;
    const bool with_text = cairo_surface_has_show_text_glyphs(cairo_get_target(cr));
    auto next_cut = [&](std::uint32_t c) {
        auto it = std::upper_bound(sh.cuts.begin(), sh.cuts.end(), c);
        return it == sh.cuts.end() ? static_cast<std::uint32_t>(s.size()) : *it;
    };
    const std::size_t n = sh.glyphs.size();
    for (std::size_t i = 0; i < n;) {
        const std::uint32_t face = sh.glyphs[i].face;
        int dir = 0;
        std::size_t j = i + 1;
        for (; j < n && sh.glyphs[j].face == face; ++j) {
            if (!with_text) continue;
            const std::uint32_t a = sh.glyphs[j - 1].cluster, b = sh.glyphs[j].cluster;
            if (a == b) continue;
            const int step = b == next_cut(a) ? 1 : a == next_cut(b) ? -1 : 0;
            if (step == 0 || (dir != 0 && step != dir)) break;
            dir = step;
        }
        cairo_set_font_face(cr, fonts_.engine().cairo_face(face));
        cairo_set_font_size(cr, size_);
        glyphs.clear();
        for (std::size_t k = i; k < j; ++k)
            glyphs.push_back({sh.glyphs[k].index, x + sh.glyphs[k].x * size_, baseline + sh.glyphs[k].y * size_});
        if (!with_text) {
            cairo_show_glyphs(cr, glyphs.data(), static_cast<int>(glyphs.size()));
        } else {
            // Clusters in the text's order: from the first glyph forward, or from the last backward.
            clusters.clear();
            std::uint32_t lo = sh.glyphs[i].cluster, hi = 0;
            std::size_t prev = n;
            auto add = [&](std::size_t k) {
                const std::uint32_t c = sh.glyphs[k].cluster;
                if (prev != n && sh.glyphs[prev].cluster == c) ++clusters.back().num_glyphs;
                else clusters.push_back({static_cast<int>(next_cut(c) - c), 1});
                lo = std::min(lo, c);
                hi = std::max(hi, next_cut(c));
                prev = k;
            };
            if (dir < 0)
                for (std::size_t k = j; k-- > i;) add(k);
            else
                for (std::size_t k = i; k < j; ++k) add(k);
            cairo_show_text_glyphs(cr, s.data() + lo, static_cast<int>(hi - lo), glyphs.data(), static_cast<int>(glyphs.size()),
                                   clusters.data(), static_cast<int>(clusters.size()),
                                   dir < 0 ? CAIRO_TEXT_CLUSTER_FLAG_BACKWARD : static_cast<cairo_text_cluster_flags_t>(0));
        }
        i = j;
    }
}

core::Rect Canvas::text(std::string_view s, double x, double baseline, Align a) const {
    if (s.empty()) return {x, baseline, 0, 0};
    const Shaped& sh = shaped(s);
    const double w = sh.advance * size_;
    if (a == Align::Center) x -= w / 2;
    else if (a == Align::Right) x -= w;
    show(sh, s, x, baseline);
    // The box: the advance horizontally (and any ink beyond it), the glyphs' ink vertically.
    const double left = std::min(x, x + sh.ink_x0 * size_);
    const double right = std::max(x + w, x + sh.ink_x1 * size_);
    const double top = baseline + sh.ink_y0 * size_;
    const double bottom = baseline + sh.ink_y1 * size_;
    const core::Rect box{left, top, right - left, bottom - top};
    record_text(box, s, sh.notdef);
    return box;
}

namespace {

// At most this many characters of a text are measured to fit it to a box, however long the
// text: no visible glyph of DejaVu Sans is narrower than 0.2 em (a space is 0.32 em, "i" 0.28 em),
// and joined letters of the fallback faces (an Arabic medial form) not narrower than 0.1 em, so
// more never fit at the smallest size; and never more than kMaxFitChars in any case. Characters
// past them are cut (with "…"; zero-width marks past them too), so fitting costs O(log n)
// measurements of a bounded prefix.
constexpr double kNarrowestEm = 0.1;
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
    // Scripts whose ink rises or falls past DejaVu's (Arabic's hamza over alef, Devanagari's
    // vowel signs) shrink until their ink fits the box's height too.
    if (const Shaped& sh = shaped(head); sh.ink_y1 - sh.ink_y0 > 0 && (sh.ink_y1 - sh.ink_y0) * sz > box.h)
        sz = std::max({floor(), min_size, box.h / (sh.ink_y1 - sh.ink_y0)});
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
    // clusters (never inside a grapheme, a combining sequence or a conjunct), that fits with "…"
    // after it. A longer prefix is wider but for kerning and joining, a fraction of a glyph: a
    // binary search over the cluster boundaries finds one that fits, and the longest where widths
    // grow. Cut at the limit, the head's last cluster may be incomplete: it is never kept.
    const std::vector<std::uint32_t> cuts = shaped(head).cuts;  // a copy: fits() shapes again
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
    // Ink past the line's ascent or descent (a taller script) moves the baseline so that it stays
    // in the box, where it fits.
    const Shaped& sh = shaped(ft.shown);
    const double top = base + sh.ink_y0 * size_, bottom = base + sh.ink_y1 * size_;
    if (bottom - top <= box.h) {
        if (top < box.y) base += box.y - top;
        else if (bottom > box.bottom()) base -= bottom - box.bottom();
    }
    // Likewise ink before the pen's start or past its end (an Arabic final letter's tail, an
    // italic's overhang) moves the text along, where it fits.
    const double pen = a == Align::Center ? x - sh.advance * size_ / 2 : a == Align::Right ? x - sh.advance * size_ : x;
    const double left = pen + std::min(0.0, sh.ink_x0) * size_;
    const double right = pen + std::max(sh.advance, sh.ink_x1) * size_;
    if (right - left <= box.w) {
        if (left < box.x) x += box.x - left;
        else if (right > box.right()) x -= right - box.right();
    }
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
    // Greedy, over break opportunities: at spaces (a run of them is one space, none at a line's
    // ends), at "\n", and inside a run without spaces where Unicode lets a line break there
    // (between ideographs, kana and Hangul; see break_between). A line's width is the sum of its
    // pieces and spaces, each piece measured once (and memoised), not each trial line; a piece
    // wider than the line stands alone on it.
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
    auto add = [&](std::string_view piece, bool after_space) {
        const double pw = measure(piece);
        const double gap = after_space && !cur.empty() ? space : 0.0;
        if (!cur.empty() && cur_w + gap + pw > width) flush();
        if (after_space && !cur.empty()) {
            cur += ' ';
            cur_w += space;
        }
        cur += piece;
        cur_w += pw;
    };
    std::vector<std::uint32_t> starts;
    while (i < s.size()) {
        if (s[i] == '\n') {
            flush();
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j < s.size() && s[j] != ' ' && s[j] != '\n') ++j;
        const std::string_view word = s.substr(i, j - i);
        if (ascii(word)) {
            add(word, true);
        } else {
            const std::u32string u = decode_utf8(word, &starts);
            std::size_t from = 0;
            for (std::size_t k = 1; k <= u.size(); ++k)
                if (k == u.size() || break_between(u[k - 1], u[k])) {
                    const std::size_t end = k == u.size() ? word.size() : starts[k];
                    add(word.substr(from, end - from), from == 0);
                    from = end;
                }
        }
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
    append_bits(key, static_cast<double>(fonts_.engine().serial));
    key.push_back(static_cast<char>('0' + static_cast<int>(f)));
    key.push_back(whole ? 'w' : 'p');
    for (double x : {box.w, box.h, size, min_size, leading}) append_bits(key, x);
    key.append(s);
    if (const Para* p = memo.find(key)) {
        font(f, p->size);
        return *p;
    }
    Para p;
    p.rtl = paragraph_direction(s) == Direction::RightToLeft;
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
    // Every line in the paragraph's direction (a line of a right-to-left paragraph that starts
    // with a Latin word still reads right to left), and a right-to-left paragraph right-aligned.
    const Direction was = dir_;
    dir_ = p.rtl ? Direction::RightToLeft : Direction::LeftToRight;
    const Align align = p.rtl ? Align::Right : Align::Left;
    const double sz = p.size;
    double asc = ascent();
    double y = box.y + asc;
    double used = 0;
    for (std::size_t i = 0; i < p.lines.size(); ++i) {
        const std::string& l = p.lines[i];
        if (!whole && y + descent() > box.bottom() + 0.01) break;  // never clipped: drop lines that do not fit
        // The last line shown when the lines after it are dropped: the Recorder calls the text cut.
        const bool last = !whole && i + 1 < p.lines.size() && y + sz * leading + descent() > box.bottom() + 0.01;
        if (!whole && measure(l) > box.w) text_in(l, {box.x, y - asc, box.w, sz * leading}, f, sz, sz, align);
        else {
            cut_ = last;
            text(l, p.rtl ? box.right() : box.x, y, align);
            cut_ = false;
        }
        used = y + descent() - box.y;
        y += sz * leading;
    }
    dir_ = was;
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

// ---- for painters outside draw/ --------------------------------------------------------------

LineMetrics line_metrics(const Fonts& fonts, Font f, double size) {
    const Fonts::Engine& e = fonts.engine();
    return {e.ascent(f) * size, e.descent(f) * size, e.line_height(f) * size};
}

double text_advance(const Fonts& fonts, std::string_view s, Font f, double size) {
    const Canvas c(nullptr, theme_for(ThemeKind::Light), fonts, nullptr);  // measures only: no cairo context
    c.font(f, size);
    return c.measure(s);
}

std::vector<std::string> wrap_text(const Fonts& fonts, std::string_view s, Font f, double size, double width) {
    const Canvas c(nullptr, theme_for(ThemeKind::Light), fonts, nullptr);
    c.font(f, size);
    std::vector<std::string> lines;
    c.wrap(s, width, lines);
    if (lines.empty()) lines.emplace_back();
    return lines;
}

int show_text(cairo_t* cr, const Fonts& fonts, std::string_view s, Font f, double size, double x, double baseline) {
    if (s.empty()) return 0;
    const Canvas c(cr, theme_for(ThemeKind::Light), fonts, nullptr);
    c.font(f, size);
    c.text(s, x, baseline);
    return c.shaped(s).notdef;
}

}  // namespace draw
