// output/page_fonts: the fallback faces of a live page, subset (see page_fonts.hpp).
#include "output/page_fonts.hpp"

#include <hb-subset.h>

#include <filesystem>
#include <memory>

namespace output {

namespace {

struct BlobFree {
    void operator()(hb_blob_t* b) const { hb_blob_destroy(b); }
};
struct FaceFree {
    void operator()(hb_face_t* f) const { hb_face_destroy(f); }
};
struct InputFree {
    void operator()(hb_subset_input_t* i) const { hb_subset_input_destroy(i); }
};

// "NotoSansCJK-Regular.ttc", face 2 → "NotoSansCJK-Regular-2.otf" (a face of its own now).
std::string page_name(const std::string& path, int index) {
    const std::filesystem::path p(path);
    std::string ext = p.extension().string();
    if (ext == ".ttc") ext = ".otf";
    return p.stem().string() + (index ? "-" + std::to_string(index) : "") + ext;
}

}  // namespace

std::string_view engine_joiners() {
    static const std::string joiners = [] {
        std::string s;
        for (char c = 0x21; c < 0x7F; ++c) s += c;  // a face keeps those whose script is Common
        return s + "·…√−→←↑↓↕—–∞÷×ΣΔωθ‘’“”≥≤≫½¼²₀₁₂₃₄₅₆₇₈₉ᵢⱼᵀ✓▏";
    }();
    return joiners;
}

std::size_t PageFonts::bytes() const {
    std::size_t n = 0;
    for (const PageFace& f : faces) n += f.bytes.size();
    return n;
}

bool subset_face(const std::string& path, int index, const std::u32string& chars, std::string& out, std::string& why) {
    std::unique_ptr<hb_blob_t, BlobFree> blob(hb_blob_create_from_file_or_fail(path.c_str()));
    if (!blob) {
        why = "cannot read the font " + path;
        return false;
    }
    if (hb_face_count(blob.get()) == 0) {
        why = "cannot read the font " + path + " (not a font HarfBuzz can open)";
        return false;
    }
    if (index < 0 || static_cast<unsigned>(index) >= hb_face_count(blob.get())) {
        why = path + " has no face " + std::to_string(index);
        return false;
    }
    std::unique_ptr<hb_face_t, FaceFree> face(hb_face_create(blob.get(), static_cast<unsigned>(index)));
    std::unique_ptr<hb_subset_input_t, InputFree> input(hb_subset_input_create_or_fail());
    if (!face || hb_face_get_glyph_count(face.get()) == 0 || !input) {
        why = "cannot read the font " + path + " (not a font HarfBuzz can open)";
        return false;
    }
    hb_set_t* unicodes = hb_subset_input_unicode_set(input.get());
    for (char32_t c : chars) hb_set_add(unicodes, c);
    std::unique_ptr<hb_face_t, FaceFree> subset(hb_subset_or_fail(face.get(), input.get()));
    if (!subset) {
        why = "cannot subset the font " + path;
        return false;
    }
    std::unique_ptr<hb_blob_t, BlobFree> bytes(hb_face_reference_blob(subset.get()));
    unsigned length = 0;
    const char* data = hb_blob_get_data(bytes.get(), &length);
    if (!data || length == 0) {
        why = "cannot subset the font " + path;
        return false;
    }
    out.assign(data, length);
    return true;
}

bool page_fonts(const draw::Fonts& fonts, const std::vector<std::string>& texts, PageFonts& out, std::string& why) {
    out = {};
    for (const draw::FallbackUse& use : fonts.fallbacks_for(texts, engine_joiners())) {
        draw::Fallback row = use.face;
        row.regular = page_name(use.face.regular, use.face.index);
        row.bold = use.face.bold.empty() ? "" : page_name(use.face.bold, use.face.index);
        row.index = 0;
        PageFace regular{row.regular, {}};
        if (!subset_face(use.face.regular, use.face.index, use.regular, regular.bytes, why)) return false;
        out.faces.push_back(std::move(regular));
        if (!row.bold.empty()) {
            PageFace bold{row.bold, {}};
            if (!subset_face(use.face.bold, use.face.index, use.bold, bold.bytes, why)) return false;
            out.faces.push_back(std::move(bold));
        }
        out.table.push_back(std::move(row));
    }
    return true;
}

}  // namespace output
