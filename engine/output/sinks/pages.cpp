// output/sinks/pages: the vector sinks — a PDF with one page per shot (a handout: a title or text
// slide's narration, and with --notes the speaker notes, beneath it), and SVG (one file, or a
// folder of one file per shot). Vector sinks are handed shots, not pixels, and paint them on
// their own Cairo surface through the Painter, so text and shapes stay vectors.
#include <cairo-pdf.h>
#include <cairo-svg.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "output/sinks.hpp"

namespace output {

namespace {

// "cannot write OUT: REASON" when the surface failed (a full disk shows as a write error).
bool check_surface(cairo_surface_t* surface, const std::string& out, std::string& error) {
    cairo_status_t st = cairo_surface_status(surface);
    if (st == CAIRO_STATUS_SUCCESS) return true;
    error = "cannot write " + out + ": " +
            (st == CAIRO_STATUS_WRITE_ERROR ? std::string(std::strerror(errno ? errno : EIO))
                                            : std::string(cairo_status_to_string(st)));
    return false;
}

// Finishes (flushes and closes) and lets go of a surface; false with `error` if writing failed.
bool close_surface(SurfacePtr& surface, const std::string& out, std::string& error) {
    if (!surface) return true;
    cairo_surface_finish(surface.get());
    const bool ok = check_surface(surface.get(), out, error);
    surface.reset();
    return ok;
}

void paint_on(cairo_surface_t* surface, int width, int height, const Painter& painter, const Shot& shot) {
    const ContextPtr cr(cairo_create(surface));
    painter.paint(cr.get(), width, height, shot);
}

// A PDF: one vector page per shot (each step of --steps, or the one step of --still).
class Pdf final : public Sink {
public:
    explicit Pdf(const SinkSpec& spec)
        : staged_(spec.out, Target::File), painter_(spec.painter), w_(spec.width / 2.0), h_(spec.height / 2.0) {}
    ~Pdf() override { abort(); }

    Input input() const override { return Input::Vector; }

    bool begin(std::string& error) override {
        if (!staged_.create(error)) return false;
        // Points: 1920×1080 px → 960×540 pt, the 13.33 × 7.5 in of a 16:9 slide.
        surface_.reset(cairo_pdf_surface_create(staged_.path().c_str(), w_, h_));
        if (!check_surface(surface_.get(), staged_.final_path(), error)) return false;
        const std::string& title = painter_.deck().title;
        if (!title.empty()) cairo_pdf_surface_set_metadata(surface_.get(), CAIRO_PDF_METADATA_TITLE, title.c_str());
        cairo_pdf_surface_set_metadata(surface_.get(), CAIRO_PDF_METADATA_CREATOR, "attnlab");
        return true;
    }

    bool frame(Frame f, std::string& error) override {
        // Each page is drawn at the design size's aspect; draw::render scales to the page.
        const std::string& say = painter_.slide_say(f.shot);
        const std::string& notes = painter_.notes(f.shot);
        if (say.empty() && notes.empty()) {
            paint_on(surface_.get(), static_cast<int>(w_), static_cast<int>(h_), painter_, f.shot);
        } else {
            // A title or text slide has no narration panel: the slide in the top of the page,
            // its narration beneath (a scene's page shows its words on the narration panel);
            // with --notes, the speaker notes beneath too (the slide a little smaller for them).
            const int top = static_cast<int>(h_ * (notes.empty() ? 0.72 : 0.62));
            const ContextPtr cr(cairo_create(surface_.get()));
            painter_.paint(cr.get(), static_cast<int>(w_), top, f.shot);
            cairo_translate(cr.get(), 0, top);
            painter_.paint_note(cr.get(), static_cast<int>(w_), static_cast<int>(h_) - top, say, notes);
        }
        cairo_surface_show_page(surface_.get());
        return check_surface(surface_.get(), staged_.final_path(), error);
    }

    bool finish(std::string& error) override { return close_surface(surface_, staged_.final_path(), error); }
    bool commit(std::string& error) override { return staged_.commit(error); }

    void abort() override {
        std::string ignored;
        close_surface(surface_, staged_.final_path(), ignored);
        staged_.discard();
    }

private:
    Staged staged_;
    const Painter& painter_;
    double w_, h_;
    SurfacePtr surface_;
};

// SVG: one file (a still), or a folder with step_001.svg … (one per shot).
class Svg final : public Sink {
public:
    explicit Svg(const SinkSpec& spec)
        : staged_(spec.out, spec.format.target, "step_", ".svg", spec.options.hooks),
          folder_(spec.format.target == Target::Folder),
          painter_(spec.painter), w_(spec.width), h_(spec.height) {}
    ~Svg() override { abort(); }

    Input input() const override { return Input::Vector; }
    bool begin(std::string& error) override { return staged_.create(error); }

    bool frame(Frame f, std::string& error) override {
        std::string path = staged_.path(), shown = staged_.final_path();
        if (folder_) {
            char name[32];
            std::snprintf(name, sizeof name, "/step_%03ld.svg", f.index + 1);
            path += name;
            shown += name;
        }
        SurfacePtr surface(cairo_svg_surface_create(path.c_str(), w_, h_));
        if (!check_surface(surface.get(), shown, error)) return false;
        cairo_svg_surface_set_document_unit(surface.get(), CAIRO_SVG_UNIT_PX);
        paint_on(surface.get(), w_, h_, painter_, f.shot);
        return close_surface(surface, shown, error);
    }

    bool finish(std::string&) override { return true; }
    bool commit(std::string& error) override { return staged_.commit(error); }
    void abort() override { staged_.discard(); }

private:
    Staged staged_;
    bool folder_;
    const Painter& painter_;
    int w_, h_;
};

}  // namespace

std::unique_ptr<Sink> make_pdf(const SinkSpec& spec) { return std::make_unique<Pdf>(spec); }
std::unique_ptr<Sink> make_svg(const SinkSpec& spec) { return std::make_unique<Svg>(spec); }

}  // namespace output
