// output (internal): the sink life cycle every format is written through, the painter that
// draws a shot (raster or vector), images and their pool, and the one commit-by-rename path.
// Not included outside engine/output/.
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

namespace output {

// A number for messages: six significant digits ("29.97", "1e+06").
inline std::string number(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", x);
    return buf;
}

// Set by SIGINT/SIGTERM while an export runs; every loop checks it.
extern std::atomic<int> g_stop;

// Cairo surfaces and contexts, owned: destroyed with their owner, never by hand.
struct SurfaceFree {
    void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
};
struct ContextFree {
    void operator()(cairo_t* c) const { cairo_destroy(c); }
};
using SurfacePtr = std::unique_ptr<cairo_surface_t, SurfaceFree>;
using ContextPtr = std::unique_ptr<cairo_t, ContextFree>;

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
    // Renders into `img` (cleared first: a reused buffer must not show through).
    void raster(Image& img, const Shot& shot) const;
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
    const Format& format;
    std::string out;                // the final path: a file, or a folder
    int width = 0, height = 0;      // pixels
    double fps = 30.0;
    std::string ffmpeg;             // the ffmpeg executable, for formats that use it
    const Painter& painter;         // how vector sinks draw a shot
    MuxInputs mux;                  // a narrated video's chapters and subtitles (written already)
};

// The life cycle every format is written through, driven by the driver (driver.cpp):
// begin, frame…, finish (encoder closed and its exit status checked; the output complete under
// a temporary name), commit (renamed into place through Staged). abort() — and the destructor
// of every sink that was not committed — stops the encoder, waits for it and removes
// everything written. A Raster sink is handed frames rendered ahead on another thread; a
// Vector sink is handed shots and paints them on its own Cairo surface.
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
};

// The sinks, one factory each (the table of formats names them).
std::unique_ptr<Sink> make_png_sequence(const SinkSpec& spec);  // a folder of frame_NNNNNN.png
std::unique_ptr<Sink> make_png_file(const SinkSpec& spec);      // one PNG (a still)
std::unique_ptr<Sink> make_ffmpeg(const SinkSpec& spec);        // I420 frames piped into ffmpeg
std::unique_ptr<Sink> make_pdf(const SinkSpec& spec);           // one PDF, a vector page per frame
std::unique_ptr<Sink> make_svg(const SinkSpec& spec);           // one SVG, or a folder of step_NNN.svg

// An output written under a temporary name beside its final one ("dir/.NAME.attnlab-part-PID":
// hidden, no media extension) and moved to its final name only by commit(): the one way every
// export, and the index of --split-steps, reaches its final name. Until then — on an error, an
// interruption, or destruction — discard() removes whatever was written. A file is renamed over
// the old one; a folder exchanges names with the old one (see commit_dir in files.cpp), so that
// the final name holds the whole old output or the whole new one at every moment. create()
// first removes what killed exports to the same name left behind (remove_leftovers).
class Staged {
public:
    // Which names at the top of a folder an export owns: those of the old folder are dropped on
    // commit, every other file or folder in it is kept.
    using Owns = std::function<bool(const std::string& name)>;
    // A file, or a folder whose files are named PREFIX…SUFFIX (stale ones are removed on commit).
    Staged(std::string final_path, Target target, std::string prefix = "", std::string suffix = "");
    // A folder whose names `owns` picks.
    Staged(std::string final_path, Owns owns);
    ~Staged() { discard(); }
    Staged(const Staged&) = delete;
    Staged& operator=(const Staged&) = delete;

    bool create(std::string& error);  // an empty file (never an existing one) or folder
    const std::string& path() const { return tmp_; }  // write here
    const std::string& final_path() const { return final_; }
    bool commit(std::string& error);
    void discard();

private:
    std::string final_, tmp_;
    Owns owns_;
    Target target_;
    bool created_ = false;
};

// Removes, from folder `dir`, the temporary files and folders of exports that were killed
// (".NAME.attnlab-part-PID", ".NAME.attnlab-old-PID", and the older ".NAME.attnlab-PID.part")
// whose NAME `ours` accepts and whose process is gone. A folder set aside by a swap killed before
// the new folder was in (".NAME.attnlab-old-PID" with nothing at NAME) is renamed back instead.
void remove_leftovers(const std::string& dir, const std::function<bool(const std::string& name)>& ours);

// Test hooks, for tests that must stop or fail an export at an exact point. ATTNLAB_TEST_HOOK
// holds "POINT=ACTION" items separated by commas; at a POINT — "frame:N" once frame or page N
// (0-based, per output) is in its sink, "finished" once every output is complete under its
// temporary name, and in a folder's swap "linked", "exchange", "exchanged", "aside" — the action
// "stop" stops the process (SIGSTOP: the test then sends the signal it wants) and "fail" makes
// the step at that point fail (true is returned). Unset, it returns false and does nothing.
bool hook_fails(const std::string& point);

// "cannot write OUT: REASON" if OUT's directory is missing or not writable, or OUT exists and
// is a directory where a file is wanted (or the other way round); "" when fine.
std::string check_writable(const std::string& out, Target target);
// The path without trailing slashes; the directory it lives in ("." for a bare name).
std::string strip_slashes(const std::string& path);
std::string parent_of(const std::string& path);

// One image as PNG bytes (8-bit RGB, zlib level 1, no filtering). False with `error` set.
bool encode_png(const Image& img, std::string& bytes, std::string& error);
// Writes bytes to a file; on a write error (a full disk) the partial file is removed and
// `why` holds the reason (strerror).
bool write_file(const std::string& path, const std::string& bytes, std::string& why);

}  // namespace output
