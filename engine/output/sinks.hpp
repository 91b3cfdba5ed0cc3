// output (internal): what every format is written through — the Sink life cycle the driver runs,
// the frames and shots a sink is handed, the painter that draws a shot (raster or vector), frame
// buffers and their pool, Cairo objects owned. The sinks themselves are in sinks/, one file each,
// and the table of formats (formats.cpp) names their factories. Not included outside
// engine/output/.
#pragma once

#include <cairo.h>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "output/output.hpp"
#include "output/staging.hpp"

namespace output {

// A number for messages: six significant digits ("29.97", "1e+06").
inline std::string number(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", x);
    return buf;
}

// Set by SIGINT/SIGTERM while an export runs; every loop checks it.
extern std::atomic<int> g_stop;

using draw::ContextPtr;
using draw::SurfacePtr;

// One rendered frame: Cairo ARGB32 pixels, i.e. B, G, R, A bytes in memory on little-endian.
struct Image {
    int width = 0;
    int height = 0;
    int stride = 0;
    std::vector<unsigned char> pixels;
    std::vector<unsigned char> converted;  // what a sink's prepare() made of the pixels (I420 for ffmpeg)
    void resize(int w, int h);
};

// A bounded set of frame buffers: the renderer waits for a free one, a sink hands it back.
class FramePool {
public:
    FramePool(int width, int height, int capacity);
    std::unique_ptr<Image> acquire();  // nullptr once closed
    void release(std::unique_ptr<Image> img);
    void close();

private:
    int width_, height_, capacity_, created_ = 0;
    bool closed_ = false;
    std::vector<std::unique_ptr<Image>> free_;
    std::mutex m_;
    std::condition_variable cv_;
};

// Draws a shot of one deck: as vectors onto any Cairo surface (PDF, SVG), or as pixels.
class Painter {
public:
    Painter(const scene::Deck& deck, const timeline::Layout& lay, const draw::Options& opt, bool notes = false)
        : deck_(deck), lay_(lay), opt_(opt), notes_(notes) {}
    // Draws into `cr`, whose user space is width × height.
    void paint(cairo_t* cr, int width, int height, const Shot& shot) const;
    // Renders into `img` (a reused buffer: every pixel is painted), copying the panels that have
    // not changed since the last frame from `cache` (the calling thread's; null: none).
    void raster(Image& img, const Shot& shot, draw::PanelCache* cache = nullptr) const;
    const scene::Deck& deck() const { return deck_; }
    const timeline::Layout& layout() const { return lay_; }
    bool captions() const { return opt_.captions; }  // --burn-captions
    // The narration of a title or text slide the shot shows ("" for a scene: its narration panel
    // carries its words).
    const std::string& slide_say(const Shot& shot) const;
    // The speaker notes of the step or slide the shot shows, when the handout prints them
    // (--notes; "" otherwise, and on a question page).
    const std::string& notes(const Shot& shot) const;
    // Draws a handout note with `say` (and `notes`) into `cr`, whose user space is width × height.
    void paint_note(cairo_t* cr, int width, int height, const std::string& say, const std::string& notes = {}) const;

private:
    const scene::Deck& deck_;
    const timeline::Layout& lay_;
    const draw::Options& opt_;
    bool notes_ = false;
};

// One frame or page handed to a sink.
struct Frame {
    long index = 0;                 // 0-based; frames arrive in order
    Shot shot;                      // what it shows (a vector sink paints it)
    std::unique_ptr<Image> image;   // a raster sink's frame, already rendered (and prepared); null
                                    // for vector sinks and for a repeat
    FramePool* pool = nullptr;      // where a raster sink hands `image` back when done with it
    bool repeat = false;            // the picture of the frame before (same_picture): not rendered
                                    // again, `image` is null
};

// What a format's factory is given.
struct SinkSpec {
    const Format& format;           // the row it writes
    const Options& options;         // the export's (a web page reads its seed, keys and
                                    // --single-file; every sink its test hooks)
    std::string out;                // the final path: a file, or a folder
    int width = 0, height = 0;      // pixels
    double fps = 30.0;
    std::string ffmpeg;             // the ffmpeg executable, for formats that need it
    const Painter& painter;         // how vector sinks draw a shot; the deck and its layout
    MuxInputs mux;                  // a narrated video's chapters and subtitles (written already)
    int first = 0, last = -1;       // the spans the export shows (0-based, inclusive)
};

// An output a sink is made of that another row of the table writes (a web page's pictures and
// clips): the driver makes that row's sink for it and writes it like any output.
struct Piece {
    std::string out;                // where it is written: inside its sink's folder
    const Format* format = nullptr; // the row that writes it
    Shots shots;                    // what it shows
};

// The life cycle every format is written through, driven by the driver (driver.cpp):
// begin, its pieces (each written whole by its own row's sink and committed into this sink's
// folder, still under its temporary name), frame…, finish (encoder closed and its exit status
// checked; the output complete under a temporary name), commit (renamed into place through
// Staged). abort() — and the destructor of every sink that was not committed — stops the
// encoder, waits for it and removes everything written. A Raster sink is handed frames rendered
// ahead on another thread; a Vector sink is handed shots and paints them on its own Cairo
// surface.
class Sink {
public:
    enum class Input { Raster, Vector };
    virtual ~Sink() = default;
    virtual Input input() const = 0;
    virtual bool begin(std::string& error) = 0;
    virtual bool frame(Frame frame, std::string& error) = 0;
    virtual bool finish(std::string& error) = 0;
    virtual bool commit(std::string& error) = 0;
    virtual void abort() = 0;
    virtual int pool_size() const { return 3; }  // raster frames in flight
    // Called on the rendering thread with each frame it rendered, before frame() gets it: work
    // that can be done ahead, beside the thread that feeds the encoder (the ffmpeg sink converts
    // to I420 here). Must not touch the sink's state.
    virtual void prepare(Image&) const {}
    // What it is made of that other rows write, known once it is made: none for most sinks.
    virtual const std::vector<Piece>& pieces() const {
        static const std::vector<Piece> none;
        return none;
    }
    // What the summary line says it wrote; "": the driver's words ("120 frames (…)", "12 pages").
    virtual std::string summary() const { return ""; }
};

}  // namespace output
