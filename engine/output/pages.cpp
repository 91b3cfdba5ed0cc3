// output: pictures of a step's final state — PDF pages (vector), SVG pages, single stills —
// and the raster render every frame sink is fed from. All drawn through draw::render.
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "output/pages.hpp"

namespace output {

void render_image(Image& img, const scene::Deck& deck, const timeline::Layout& lay, const timeline::State& state,
                  double now, const draw::Options& opt) {
    cairo_surface_t* surface = cairo_image_surface_create_for_data(img.pixels.data(), CAIRO_FORMAT_ARGB32, img.width,
                                                                   img.height, img.stride);
    cairo_t* cr = cairo_create(surface);
    // A reused buffer must not show the previous frame through anything drawn translucent.
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_paint(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    draw::render(cr, img.width, img.height, deck, lay, state, now, opt);
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    cairo_surface_destroy(surface);
}

timeline::State final_state(const timeline::Layout& lay, int span, double& now) {
    timeline::State s = timeline::state_at_span(lay, span);
    now = lay.spans[static_cast<std::size_t>(span)].end();
    return s;
}

namespace {

bool check_surface(cairo_surface_t* surface, const std::string& out, std::string& error) {
    cairo_status_t st = cairo_surface_status(surface);
    if (st == CAIRO_STATUS_SUCCESS) return true;
    error = "cannot write " + out + ": " +
            (st == CAIRO_STATUS_WRITE_ERROR ? std::string(std::strerror(errno ? errno : EIO))
                                            : std::string(cairo_status_to_string(st)));
    return false;
}

void draw_step(cairo_surface_t* surface, double w, double h, const scene::Deck& deck, const timeline::Layout& lay,
               int span, const draw::Options& opt) {
    double now = 0;
    timeline::State s = final_state(lay, span, now);
    cairo_t* cr = cairo_create(surface);
    draw::render(cr, static_cast<int>(w), static_cast<int>(h), deck, lay, s, now, opt);
    cairo_destroy(cr);
}

// Writes `tmp` (a PDF of spans [first, last]).
bool pdf_pages(const std::string& tmp, const std::string& out, int first, int last, int width, int height,
               const scene::Deck& deck, const timeline::Layout& lay, const draw::Options& opt, std::string& error) {
    // Points: 1920×1080 px → 960×540 pt, the 13.33 × 7.5 in of a 16:9 slide.
    const double w = width / 2.0, h = height / 2.0;
    cairo_surface_t* surface = cairo_pdf_surface_create(tmp.c_str(), w, h);
    if (!check_surface(surface, out, error)) {
        cairo_surface_destroy(surface);
        return false;
    }
    if (!deck.title.empty()) cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, deck.title.c_str());
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "attnlab");
    for (int span = first; span <= last && !g_stop.load(); ++span) {
        // Each page is drawn at the design size's aspect; draw::render scales to the page.
        draw_step(surface, w, h, deck, lay, span, opt);
        cairo_surface_show_page(surface);
    }
    cairo_surface_finish(surface);
    bool ok = check_surface(surface, out, error);
    cairo_surface_destroy(surface);
    return ok;
}

bool svg_page(const std::string& path, const std::string& out, int span, int width, int height,
              const scene::Deck& deck, const timeline::Layout& lay, const draw::Options& opt, std::string& error) {
    cairo_surface_t* surface = cairo_svg_surface_create(path.c_str(), width, height);
    if (!check_surface(surface, out, error)) {
        cairo_surface_destroy(surface);
        return false;
    }
    cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX);
    draw_step(surface, width, height, deck, lay, span, opt);
    cairo_surface_finish(surface);
    bool ok = check_surface(surface, out, error);
    cairo_surface_destroy(surface);
    return ok;
}

}  // namespace

bool write_pdf(const std::string& out, int first, int last, int width, int height, const scene::Deck& deck,
               const timeline::Layout& lay, const draw::Options& opt, std::string& error) {
    std::string tmp = temp_name(out);
    bool ok = pdf_pages(tmp, out, first, last, width, height, deck, lay, opt, error);
    if (ok && g_stop.load()) {
        error = "interrupted";
        ok = false;
    }
    if (ok && rename(tmp.c_str(), out.c_str()) != 0) {
        error = "cannot write " + out + ": " + std::strerror(errno);
        ok = false;
    }
    if (!ok) std::remove(tmp.c_str());
    return ok;
}

bool write_svg_pages(const std::string& dir, int first, int last, int width, int height, const scene::Deck& deck,
                     const timeline::Layout& lay, const draw::Options& opt, std::string& error) {
    std::string tmp = temp_name(dir);
    if (mkdir(tmp.c_str(), 0755) != 0) {
        error = "cannot write " + dir + ": " + std::strerror(errno);
        return false;
    }
    bool ok = true;
    for (int span = first; span <= last && ok; ++span) {
        if (g_stop.load()) {
            error = "interrupted";
            ok = false;
            break;
        }
        char name[32];
        std::snprintf(name, sizeof name, "/step_%03d.svg", span - first + 1);
        ok = svg_page(tmp + name, dir, span, width, height, deck, lay, opt, error);
    }
    if (ok) ok = commit_dir(tmp, dir, "step_", ".svg", error);
    if (!ok) remove_tree(tmp);
    return ok;
}

bool write_still(Kind kind, const std::string& out, int span, int width, int height, const scene::Deck& deck,
                 const timeline::Layout& lay, const draw::Options& opt, std::string& error) {
    std::string tmp = temp_name(out);
    bool ok = false;
    if (kind == Kind::StillPng) {
        Image img;
        img.resize(width, height);
        double now = 0;
        timeline::State s = final_state(lay, span, now);
        render_image(img, deck, lay, s, now, opt);
        ok = write_png(tmp, img, error);
        if (!ok) error = "cannot write " + out + error.substr(error.find(':'));
    } else if (kind == Kind::StillSvg) {
        ok = svg_page(tmp, out, span, width, height, deck, lay, opt, error);
    } else {
        ok = pdf_pages(tmp, out, span, span, width, height, deck, lay, opt, error);
    }
    if (ok && rename(tmp.c_str(), out.c_str()) != 0) {
        error = "cannot write " + out + ": " + std::strerror(errno);
        ok = false;
    }
    if (!ok) std::remove(tmp.c_str());
    return ok;
}

}  // namespace output
