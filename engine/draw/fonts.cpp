// draw/fonts: the faces the painter draws with, loaded once from a folder of TrueType files
// through FreeType into cairo font faces; a missing or unreadable face is an error naming it.
#include "draw/fonts.hpp"

#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace draw {

namespace {

constexpr const char* kFiles[4] = {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf", "DejaVuSans-Oblique.ttf"};

// FreeType's library, shared by the faces made from it and freed with the last of them: cairo
// keeps a font face (and so its FreeType face) in its cache for as long as it likes.
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

}  // namespace

std::shared_ptr<const Fonts> Fonts::load(const std::string& dir, std::string& error) {
    // Every file is checked before anything is kept, so a failure leaves nothing behind.
    for (const char* file : kFiles) {
        const std::string path = dir + "/" + file;
        if (std::FILE* f = std::fopen(path.c_str(), "rb")) {
            std::fclose(f);
        } else {
            error = "cannot read the font " + path + ": " + std::strerror(errno) +
                    " (attnlab draws with the DejaVu fonts of its fonts/ folder)";
            return nullptr;
        }
    }
    auto* library = new Library();
    if (FT_Init_FreeType(&library->lib) != 0) {
        delete library;
        error = "cannot start FreeType to read the fonts";
        return nullptr;
    }
    std::shared_ptr<Fonts> fonts(new Fonts());
    ++library->faces;  // held by this function until the faces are made
    for (std::size_t i = 0; i < 4; ++i) {
        const std::string path = dir + "/" + kFiles[i];
        FT_Face face = nullptr;
        cairo_font_face_t* cf = nullptr;
        if (FT_New_Face(library->lib, path.c_str(), 0, &face) == 0) {
            cf = cairo_ft_font_face_create_for_ft_face(face, 0);
            ++library->faces;
            if (cairo_font_face_set_user_data(cf, &kFaceKey, new Face{face, library}, done_face) != CAIRO_STATUS_SUCCESS) {
                --library->faces;
                cairo_font_face_destroy(cf);
                FT_Done_Face(face);
                cf = nullptr;
            }
        }
        if (!cf) {
            error = "cannot read the font " + path + " (not a font FreeType can open)";
            fonts.reset();  // destroys the faces made so far
            break;
        }
        fonts->faces_[i] = cf;
    }
    if (--library->faces == 0) {
        FT_Done_FreeType(library->lib);
        delete library;
    }
    return fonts;
}

Fonts::~Fonts() {
    for (cairo_font_face_t* f : faces_)
        if (f) cairo_font_face_destroy(f);
}

}  // namespace draw
