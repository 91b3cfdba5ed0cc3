// draw/fonts: the faces the painter draws with — DejaVu from the caller's folder, then Debian's
// Noto faces in a fixed order — each opened twice through FreeType: once for shaping (private to
// the engine, at a fixed reference size, used under its lock) and once for cairo-ft to draw with.
// Fallback faces are opened the first time a character needs them. Also the engine's shaping
// (libraqm) of one text into glyphs in ems, with its faces chosen word by word (see shaping.hpp).
#include "draw/fonts.hpp"

#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>
#include <raqm.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <unordered_map>

#include "draw/shaping.hpp"

namespace draw {

namespace {

constexpr const char* kDejaVu[4] = {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf", "DejaVuSans-Oblique.ttf"};
// Shaping runs at this many pixels to the em, and its positions are divided by it: ems with a
// 64000th of an em of resolution, the same at every size drawn.
constexpr double kRefPx = 1000.0;

// FreeType's library behind the faces cairo draws with, freed with the last of them: cairo keeps
// a font face (and so its FreeType face) in its cache for as long as it likes.
struct Library {
    FT_Library lib = nullptr;
    std::atomic<int> faces{0};
};
struct Face {
    FT_Face face = nullptr;
    Library* library = nullptr;
};
const cairo_user_data_key_t kFaceKey{};
void done_face(void* p) {
    Face* f = static_cast<Face*>(p);
    FT_Done_Face(f->face);
    if (--f->library->faces == 0) {
        FT_Done_FreeType(f->library->lib);
        delete f->library;
    }
    delete f;
}

// A cairo face of `path` made in `library`, null when FreeType cannot open it.
cairo_font_face_t* cairo_face_of(Library* library, const std::string& path, int index) {
    FT_Face face = nullptr;
    if (FT_New_Face(library->lib, path.c_str(), index, &face) != 0) return nullptr;
    cairo_font_face_t* cf = cairo_ft_font_face_create_for_ft_face(face, 0);
    ++library->faces;
    if (cairo_font_face_set_user_data(cf, &kFaceKey, new Face{face, library}, done_face) != CAIRO_STATUS_SUCCESS) {
        --library->faces;
        cairo_font_face_destroy(cf);
        FT_Done_Face(face);
        return nullptr;
    }
    return cf;
}

bool readable(const std::string& path) {
    if (std::FILE* f = std::fopen(path.c_str(), "rb")) {
        std::fclose(f);
        return true;
    }
    return false;
}

struct Ink {
    float x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // ems, y down
    bool any = false;
};

struct FaceFile {
    std::string path;
    int index = 0;
    bool tried = false;          // the shaping face was opened (or failed to)
    FT_Face shaping = nullptr;   // the engine's own, at kRefPx; null when it cannot be opened
    cairo_font_face_t* drawing = nullptr;
    double upem = 2048;
    std::unordered_map<std::uint32_t, Ink> ink;
};

// Characters that need no glyph of their own: whitespace and controls (drawn as space), and the
// invisible format characters HarfBuzz hides (joiners, variation selectors, bidi controls).
bool invisible(char32_t c) {
    return c < 0x21 || (c >= 0x7F && c <= 0xA0) || c == 0xAD || (c >= 0x200B && c <= 0x200F) ||
           (c >= 0x2028 && c <= 0x202F) || (c >= 0x2060 && c <= 0x206F) || c == 0xFEFF || (c >= 0xFE00 && c <= 0xFE0F) ||
           c == 0x3000 || c == 0x034F || (c >= 0xE0100 && c <= 0xE01EF);
}
bool space(char32_t c) { return c == ' ' || c == 0x3000 || c == 0xA0 || (c >= 0x2000 && c <= 0x200A); }

std::string iso15924(hb_script_t s) {
    const hb_tag_t t = hb_script_to_iso15924_tag(s);
    return {static_cast<char>(t >> 24), static_cast<char>((t >> 16) & 0xFF), static_cast<char>((t >> 8) & 0xFF),
            static_cast<char>(t & 0xFF)};
}

struct RaqmFree {
    void operator()(raqm_t* r) const { raqm_destroy(r); }
};

}  // namespace

std::vector<Fallback> debian_fallbacks(const std::string& root) {
    const std::string core = root + "/truetype/noto/", cjk = root + "/opentype/noto/";
    std::vector<Fallback> out;
    auto noto = [&](const char* family, const char* scripts) {
        const std::string base = core + "NotoSans" + family;
        out.push_back({base + "-Regular.ttf", base + "-Bold.ttf", 0, "fonts-noto-core", scripts});
    };
    noto("", "Latn Grek Cyrl");
    for (auto [family, script] : {std::pair{"Devanagari", "Deva"}, {"Bengali", "Beng"}, {"Gurmukhi", "Guru"},
                                  {"Gujarati", "Gujr"}, {"Oriya", "Orya"}, {"Tamil", "Taml"}, {"Telugu", "Telu"},
                                  {"Kannada", "Knda"}, {"Malayalam", "Mlym"}, {"Sinhala", "Sinh"}, {"Arabic", "Arab"},
                                  {"Hebrew", "Hebr"}, {"Syriac", "Syrc"}, {"Thaana", "Thaa"}, {"Thai", "Thai"},
                                  {"Lao", "Laoo"}, {"Khmer", "Khmr"}, {"Myanmar", "Mymr"}, {"Georgian", "Geor"},
                                  {"Armenian", "Armn"}, {"Ethiopic", "Ethi"}, {"Cherokee", "Cher"}})
        noto(family, script);
    // Simplified Chinese's forms of the Han characters (the collection's third face), before the
    // faces that carry CJK punctuation for their own vertical text (Mongolian, Yi): "。" is CJK's.
    out.push_back({cjk + "NotoSansCJK-Regular.ttc", cjk + "NotoSansCJK-Bold.ttc", 2, "fonts-noto-cjk",
                   "Hani Hira Kana Hang Bopo"});
    for (auto [family, script] : {std::pair{"Mongolian", "Mong"}, {"Tifinagh", "Tfng"}, {"CanadianAboriginal", "Cans"}, {"Yi", "Yiii"}})
        noto(family, script);
    out.push_back({core + "NotoSansMath-Regular.ttf", "", 0, "fonts-noto-core", "Zmth"});
    out.push_back({core + "NotoSansSymbols-Regular.ttf", core + "NotoSansSymbols-Bold.ttf", 0, "fonts-noto-core", "Zsym"});
    out.push_back({core + "NotoSansSymbols2-Regular.ttf", "", 0, "fonts-noto-core", "Zsym"});
    return out;
}

struct Fonts::Engine::Impl {
    std::mutex mu;
    FT_Library shaping = nullptr;
    Library* drawing = nullptr;
    std::vector<FaceFile> files;                         // 0–3: DejaVu by Font; then the fallbacks
    std::array<std::vector<std::uint32_t>, 4> chains;    // each style's order of faces
    std::array<double, 4> ascent{}, descent{}, height{};
    std::vector<Fallback> table;                         // every fallback asked for, found or not
    struct Row {
        Fallback fallback;
        std::uint32_t regular = 0, bold = 0;  // its files (the same when it has no bold one)
    };
    std::vector<Row> rows;                               // the fallbacks found, in order

    ~Impl() {
        for (FaceFile& f : files) {
            if (f.shaping) FT_Done_Face(f.shaping);
            if (f.drawing) cairo_font_face_destroy(f.drawing);
        }
        if (shaping) FT_Done_FreeType(shaping);
        if (drawing && --drawing->faces == 0) {
            FT_Done_FreeType(drawing->lib);
            delete drawing;
        }
    }

    std::uint32_t add_file(const std::string& path, int index) {
        for (std::uint32_t i = 0; i < files.size(); ++i)
            if (files[i].path == path && files[i].index == index) return i;
        files.push_back({path, index});
        return static_cast<std::uint32_t>(files.size() - 1);
    }

    FT_Face open(std::uint32_t k) {
        FaceFile& f = files[k];
        if (!f.tried) {
            f.tried = true;
            if (FT_New_Face(shaping, f.path.c_str(), f.index, &f.shaping) == 0) {
                FT_Set_Char_Size(f.shaping, 0, static_cast<FT_F26Dot6>(kRefPx * 64), 72, 72);
                f.upem = f.shaping->units_per_EM > 0 ? f.shaping->units_per_EM : 2048;
            } else {
                f.shaping = nullptr;
            }
        }
        return f.shaping;
    }
    bool has(std::uint32_t k, char32_t c) {
        FT_Face face = open(k);
        return face && FT_Get_Char_Index(face, c) != 0;
    }

    const Ink& ink_of(std::uint32_t k, std::uint32_t glyph) {
        FaceFile& f = files[k];
        auto it = f.ink.find(glyph);
        if (it != f.ink.end()) return it->second;
        Ink box;
        if (f.shaping && FT_Load_Glyph(f.shaping, glyph, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP) == 0) {
            const FT_Glyph_Metrics& m = f.shaping->glyph->metrics;
            if (m.width > 0 && m.height > 0) {
                const double u = f.upem;
                box = {static_cast<float>(m.horiBearingX / u), static_cast<float>(-m.horiBearingY / u),
                       static_cast<float>((m.horiBearingX + m.width) / u), static_cast<float>((m.height - m.horiBearingY) / u),
                       true};
            }
        }
        return f.ink.emplace(glyph, box).first->second;
    }

    // The face of every code point of `u` in the order `chain`: word by word within a script, the
    // first face that has the whole word; a word no face has whole, cluster by cluster.
    void assign(const std::u32string& u, const std::vector<std::uint32_t>& chain, std::vector<std::uint32_t>& face) {
        const std::size_t n = u.size();
        face.assign(n, chain[0]);
        bool all = true;
        for (char32_t c : u) all = all && (invisible(c) || has(chain[0], c));
        if (all) return;
        // Scripts, the neutral characters (common, inherited) taking their neighbours'.
        hb_unicode_funcs_t* uf = hb_unicode_funcs_get_default();
        std::vector<hb_script_t> script(n, HB_SCRIPT_COMMON);
        hb_script_t last = HB_SCRIPT_COMMON;
        for (std::size_t i = 0; i < n; ++i) {
            const hb_script_t s = hb_unicode_script(uf, u[i]);
            if (s != HB_SCRIPT_COMMON && s != HB_SCRIPT_INHERITED && s != HB_SCRIPT_UNKNOWN) last = s;
            script[i] = last;
        }
        for (std::size_t i = n; i-- > 0;) {
            if (script[i] != HB_SCRIPT_COMMON) last = script[i];
            else script[i] = last;
        }
        auto covered = [&](std::uint32_t k, std::size_t a, std::size_t b) {
            for (std::size_t j = a; j < b; ++j)
                if (!invisible(u[j]) && !has(k, u[j])) return false;
            return true;
        };
        std::size_t i = 0;
        std::uint32_t before = chain[0];
        while (i < n) {
            if (space(u[i]) || u[i] < 0x20) {  // a space: the face of the word before it, if it has one
                face[i] = u[i] == ' ' && has(before, u[i]) ? before : chain[0];
                ++i;
                continue;
            }
            std::size_t j = i + 1;
            while (j < n && script[j] == script[i] && !space(u[j]) && u[j] >= 0x20) ++j;
            bool whole = false;
            for (std::uint32_t k : chain)
                if (covered(k, i, j)) {
                    std::fill(face.begin() + static_cast<std::ptrdiff_t>(i), face.begin() + static_cast<std::ptrdiff_t>(j), k);
                    whole = true;
                    break;
                }
            if (!whole)
                for (std::size_t a = i; a < j;) {
                    std::size_t b = a + 1;
                    while (b < j && (continues_cluster(u[b]) || u[b - 1] == 0x200D)) ++b;
                    std::uint32_t pick = chain[0];
                    bool found = false;
                    for (std::uint32_t k : chain)
                        if (covered(k, a, b)) {
                            pick = k, found = true;
                            break;
                        }
                    if (!found)
                        for (std::uint32_t k : chain)
                            if (has(k, u[a])) {
                                pick = k;
                                break;
                            }
                    std::fill(face.begin() + static_cast<std::ptrdiff_t>(a), face.begin() + static_cast<std::ptrdiff_t>(b), pick);
                    a = b;
                }
            before = face[j - 1];
            i = j;
        }
    }

    // The code points a text is shaped as: a control character is drawn as a space.
    static std::u32string prepared(std::string_view s, std::vector<std::uint32_t>* starts) {
        std::u32string u = decode_utf8(s, starts);
        for (char32_t& c : u)
            if (c < 0x20 || (c >= 0x7F && c < 0xA0)) c = ' ';
        return u;
    }

    Shaped shape(std::string_view s, Font f, Direction d) {
        Shaped out;
        std::vector<std::uint32_t> starts;
        const std::u32string u = prepared(s, &starts);
        if (u.empty()) return out;
        std::lock_guard<std::mutex> lock(mu);
        const std::vector<std::uint32_t>& chain = chains[static_cast<std::size_t>(f)];
        std::vector<std::uint32_t> face;
        assign(u, chain, face);
        std::unique_ptr<raqm_t, RaqmFree> rq(raqm_create());
        if (!rq || !raqm_set_text(rq.get(), reinterpret_cast<const std::uint32_t*>(u.data()), u.size())) return out;
        raqm_set_par_direction(rq.get(), d == Direction::RightToLeft   ? RAQM_DIRECTION_RTL
                                         : d == Direction::LeftToRight ? RAQM_DIRECTION_LTR
                                                                       : RAQM_DIRECTION_DEFAULT);
        for (std::size_t a = 0; a < u.size();) {
            std::size_t b = a + 1;
            while (b < u.size() && face[b] == face[a]) ++b;
            FT_Face ft = open(face[a]);
            if (!ft) ft = open(chain[0]);
            raqm_set_freetype_face_range(rq.get(), ft, a, b - a);
            a = b;
        }
        raqm_set_freetype_load_flags(rq.get(), FT_LOAD_NO_HINTING);
        if (!raqm_layout(rq.get())) return out;
        std::size_t count = 0;
        const raqm_glyph_t* g = raqm_get_glyphs(rq.get(), &count);
        out.glyphs.reserve(count);
        double pen = 0;
        bool inked = false;
        const double unit = 1.0 / (64.0 * kRefPx);
        for (std::size_t i = 0; i < count; ++i) {
            std::uint32_t k = chain[0];
            for (std::uint32_t c : chain)
                if (files[c].shaping == g[i].ftface) {
                    k = c;
                    break;
                }
            Glyph gl;
            gl.index = g[i].index;
            gl.face = k;
            gl.cluster = g[i].cluster < starts.size() ? starts[g[i].cluster] : static_cast<std::uint32_t>(s.size());
            gl.x = (pen + g[i].x_offset) * unit;
            gl.y = -g[i].y_offset * unit;
            pen += g[i].x_advance;
            out.notdef += gl.index == 0;
            const Ink& box = ink_of(k, gl.index);
            if (box.any) {
                const double x0 = gl.x + box.x0, x1 = gl.x + box.x1, y0 = gl.y + box.y0, y1 = gl.y + box.y1;
                if (!inked) out.ink_x0 = x0, out.ink_x1 = x1, out.ink_y0 = y0, out.ink_y1 = y1, inked = true;
                out.ink_x0 = std::min(out.ink_x0, x0), out.ink_x1 = std::max(out.ink_x1, x1);
                out.ink_y0 = std::min(out.ink_y0, y0), out.ink_y1 = std::max(out.ink_y1, y1);
            }
            out.cuts.push_back(gl.cluster);
            out.glyphs.push_back(gl);
        }
        out.advance = pen * unit;
        std::sort(out.cuts.begin(), out.cuts.end());
        out.cuts.erase(std::unique(out.cuts.begin(), out.cuts.end()), out.cuts.end());
        // HarfBuzz may give a mark a cluster of its own (a vowel sign over a conjunct), or each
        // half of a conjunct its own: a text is still never cut inside a grapheme — before a
        // character that continues the one before it, or after a virama (स्|त).
        hb_unicode_funcs_t* uf = hb_unicode_funcs_get_default();
        out.cuts.erase(std::remove_if(out.cuts.begin(), out.cuts.end(),
                                      [&](std::uint32_t at) {
                                          const auto it = std::lower_bound(starts.begin(), starts.end(), at);
                                          if (at == 0 || it == starts.end() || *it != at) return false;
                                          const auto i = static_cast<std::size_t>(it - starts.begin());
                                          return continues_cluster(u[i]) ||
                                                 hb_unicode_combining_class(uf, u[i - 1]) == HB_UNICODE_COMBINING_CLASS_VIRAMA;
                                      }),
                       out.cuts.end());
        out.rtl = d == Direction::RightToLeft || (d == Direction::Auto && direction_of(s) == Direction::RightToLeft);
        return out;
    }
};

Fonts::Engine::~Engine() { delete impl; }

Shaped Fonts::Engine::shape(std::string_view s, Font f, Direction d) { return impl->shape(s, f, d); }

cairo_font_face_t* Fonts::Engine::cairo_face(std::uint32_t k) {
    if (k < 4) return impl->files[k].drawing;  // DejaVu's, made by load()
    std::lock_guard<std::mutex> lock(impl->mu);
    FaceFile& f = impl->files[k];
    if (!f.drawing) f.drawing = cairo_face_of(impl->drawing, f.path, f.index);
    return f.drawing ? f.drawing : impl->files[0].drawing;
}

double Fonts::Engine::ascent(Font f) const { return impl->ascent[static_cast<std::size_t>(f)]; }
double Fonts::Engine::descent(Font f) const { return impl->descent[static_cast<std::size_t>(f)]; }
double Fonts::Engine::line_height(Font f) const { return impl->height[static_cast<std::size_t>(f)]; }

bool Fonts::Engine::covers(char32_t c, Font f) {
    if (invisible(c)) return true;
    std::lock_guard<std::mutex> lock(impl->mu);
    for (std::uint32_t k : impl->chains[static_cast<std::size_t>(f)])
        if (impl->has(k, c)) return true;
    return false;
}

std::string Fonts::Engine::package_for(char32_t c) {
    const std::string script = iso15924(hb_unicode_script(hb_unicode_funcs_get_default(), c));
    for (const Fallback& fb : impl->table)
        if (fb.scripts.find(script) != std::string::npos && !readable(fb.regular)) return fb.package;
    return "";
}

std::vector<FallbackUse> Fonts::Engine::fallbacks_for(const std::vector<std::string>& texts, std::string_view joiners_utf8) {
    const std::u32string joiners = decode_utf8(joiners_utf8);
    std::vector<std::string> all = texts;
    for (char32_t c : joiners) append_utf8(all.emplace_back(), c);
    std::lock_guard<std::mutex> lock(impl->mu);
    // Every character of every text, with the face each style's order draws it with.
    std::map<std::uint32_t, std::set<char32_t>> drawn;
    std::vector<std::uint32_t> face;
    for (const std::string& t : all) {
        const std::u32string u = Impl::prepared(t, nullptr);
        if (u.empty()) continue;
        for (const std::vector<std::uint32_t>& chain : impl->chains) {
            impl->assign(u, chain, face);
            for (std::size_t i = 0; i < u.size(); ++i)
                if (face[i] >= 4) drawn[face[i]].insert(u[i]);
        }
    }
    hb_unicode_funcs_t* uf = hb_unicode_funcs_get_default();
    std::vector<FallbackUse> out;
    for (const Impl::Row& row : impl->rows) {
        const bool two = row.bold != row.regular;
        std::set<char32_t> regular = drawn[row.regular], bold = two ? drawn[row.bold] : std::set<char32_t>{};
        if (regular.empty() && bold.empty()) continue;
        for (char32_t c : joiners) {
            const hb_script_t s = hb_unicode_script(uf, c);
            if (s != HB_SCRIPT_COMMON && s != HB_SCRIPT_INHERITED) continue;
            if (!regular.empty() && impl->has(row.regular, c)) regular.insert(c);
            if (!bold.empty() && impl->has(row.bold, c)) bold.insert(c);
        }
        FallbackUse use{row.fallback, std::u32string(regular.begin(), regular.end()), std::u32string(bold.begin(), bold.end())};
        if (!two) use.face.bold.clear();
        out.push_back(std::move(use));
    }
    return out;
}

std::vector<std::string> Fonts::Engine::fallback_files() const {
    std::vector<std::string> out;
    for (std::size_t i = 4; i < impl->files.size(); ++i) out.push_back(impl->files[i].path);
    return out;
}

Fonts::Fonts() : engine_(std::make_unique<Engine>()) {
    static std::atomic<std::uint64_t> loaded{0};
    engine_->serial = ++loaded;
}

std::shared_ptr<const Fonts> Fonts::load(const std::string& dir, std::string& error, const std::vector<Fallback>& fallbacks) {
    // Every DejaVu file is checked before anything is kept, so a failure leaves nothing behind.
    for (const char* file : kDejaVu) {
        const std::string path = dir + "/" + file;
        if (!readable(path)) {
            error = "cannot read the font " + path + ": " + std::strerror(errno) +
                    " (attnlab draws with the DejaVu fonts of its fonts/ folder)";
            return nullptr;
        }
    }
    std::shared_ptr<Fonts> fonts(new Fonts());
    auto* impl = new Engine::Impl();
    fonts->engine_->impl = impl;
    impl->table = fallbacks;
    impl->drawing = new Library();
    impl->drawing->faces = 1;  // held by the engine until it is destroyed
    if (FT_Init_FreeType(&impl->shaping) != 0 || FT_Init_FreeType(&impl->drawing->lib) != 0) {
        error = "cannot start FreeType to read the fonts";
        return nullptr;
    }
    for (std::size_t i = 0; i < 4; ++i) {
        const std::string path = dir + "/" + kDejaVu[i];
        impl->add_file(path, 0);
        FaceFile& f = impl->files[i];
        f.drawing = cairo_face_of(impl->drawing, path, 0);
        FT_Face ft = impl->open(static_cast<std::uint32_t>(i));
        if (!f.drawing || !ft) {
            error = "cannot read the font " + path + " (not a font FreeType can open)";
            return nullptr;  // destroys the faces made so far
        }
        fonts->faces_[i] = f.drawing;
        impl->ascent[i] = ft->ascender / f.upem;
        impl->descent[i] = -ft->descender / f.upem;
        impl->height[i] = ft->height / f.upem;
    }
    // Each style's order: its DejaVu face (then DejaVu Sans for Mono and Oblique), then the
    // fallbacks found, bold ones for Bold (and DejaVu Sans last, for what no bold face has).
    std::vector<std::uint32_t> regular, bold;
    for (const Fallback& fb : fallbacks) {
        if (!readable(fb.regular)) continue;
        regular.push_back(impl->add_file(fb.regular, fb.index));
        const bool has_bold = !fb.bold.empty() && readable(fb.bold);
        bold.push_back(has_bold ? impl->add_file(fb.bold, fb.index) : regular.back());
        impl->rows.push_back({fb, regular.back(), bold.back()});
    }
    auto chain = [](std::initializer_list<std::uint32_t> first, const std::vector<std::uint32_t>& rest) {
        std::vector<std::uint32_t> c(first);
        c.insert(c.end(), rest.begin(), rest.end());
        return c;
    };
    impl->chains[static_cast<std::size_t>(Font::Regular)] = chain({0}, regular);
    impl->chains[static_cast<std::size_t>(Font::Bold)] = chain({1}, bold);
    impl->chains[static_cast<std::size_t>(Font::Bold)].push_back(0);
    impl->chains[static_cast<std::size_t>(Font::Mono)] = chain({2, 0}, regular);
    impl->chains[static_cast<std::size_t>(Font::Italic)] = chain({3, 0}, regular);
    return fonts;
}

Fonts::~Fonts() = default;

bool Fonts::covers(char32_t c, Font f) const { return engine_->covers(c, f); }
std::string Fonts::package_for(char32_t c) const { return engine_->package_for(c); }
std::vector<std::string> Fonts::fallback_files() const { return engine_->fallback_files(); }
std::vector<FallbackUse> Fonts::fallbacks_for(const std::vector<std::string>& texts, std::string_view joiners) const {
    return engine_->fallbacks_for(texts, joiners);
}

}  // namespace draw
