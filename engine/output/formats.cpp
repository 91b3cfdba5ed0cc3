// output: the table of export formats (see formats.hpp), and the sink factories its rows name.
// Adding a format is one row here: a new ffmpeg container is a row with Content::Frames,
// Target::File, its ffmpeg arguments and make_ffmpeg; a format no sink writes yet adds its
// factory's line below and its sink, one file in sinks/.
#include "output/formats.hpp"

#include "output/sinks.hpp"

namespace output {

// The sinks, one file each in sinks/.
std::unique_ptr<Sink> make_png_sequence(const SinkSpec& spec);  // sinks/png: a folder of frame_NNNNNN.png
std::unique_ptr<Sink> make_png_file(const SinkSpec& spec);      // sinks/png: one PNG (a still)
std::unique_ptr<Sink> make_ffmpeg(const SinkSpec& spec);        // sinks/ffmpeg: I420 frames piped into ffmpeg
std::unique_ptr<Sink> make_pdf(const SinkSpec& spec);           // sinks/pages: one PDF, a vector page per frame
std::unique_ptr<Sink> make_svg(const SinkSpec& spec);           // sinks/pages: one SVG, or a folder of step_NNN.svg
std::unique_ptr<Sink> make_site(const SinkSpec& spec);          // sinks/site: a web page of other rows' pieces

namespace {

// libyuv's ARGBToI420 (what the ffmpeg sink pipes) is BT.601, limited range: say so in the file.
const std::vector<std::string> kBt601 = {"-color_range", "tv", "-colorspace", "smpte170m",
                                         "-color_primaries", "smpte170m", "-color_trc", "smpte170m"};

std::vector<std::string> join(std::vector<std::string> a, const std::vector<std::string>& b,
                              const std::vector<std::string>& c = {}) {
    a.insert(a.end(), b.begin(), b.end());
    a.insert(a.end(), c.begin(), c.end());
    return a;
}

}  // namespace

const std::vector<Format>& formats() {
    static const std::vector<Format> table = {
        {.name = "png", .target = Target::Folder, .content = Content::Frames,
         .help = "PNG sequence frame_000000.png …", .make = make_png_sequence},
        {.name = "mp4", .target = Target::File, .content = Content::Frames,
         .help = "H.264 (x264 veryfast, yuv420p, faststart)",
         .ffmpeg = join({"-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-pix_fmt", "yuv420p", "-movflags",
                         "+faststart"},
                        kBt601, {"-f", "mp4"}),
         .make = make_ffmpeg, .subtitles = "mov_text", .audio = {"-c:a", "aac", "-b:a", "160k"}},
        {.name = "webm", .target = Target::File, .content = Content::Frames, .help = "VP9",
         .ffmpeg = join({"-c:v", "libvpx-vp9", "-crf", "32", "-b:v", "0", "-row-mt", "1", "-deadline", "good",
                         "-cpu-used", "5", "-pix_fmt", "yuv420p"},
                        kBt601, {"-f", "webm"}),
         .make = make_ffmpeg, .subtitles = "webvtt", .audio = {"-c:a", "libopus", "-b:a", "96k"}},
        // One palette for the whole clip, generated from its frames.
        {.name = "gif", .target = Target::File, .content = Content::Frames,
         .help = "GIF with a palette made from the frames",
         .ffmpeg = {"-filter_complex", "[0:v]split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse",
                    "-loop", "0", "-f", "gif"},
         .make = make_ffmpeg},
        {.name = "pdf", .target = Target::File, .content = Content::Pages,
         .help = "one vector page per step, at its final state", .make = make_pdf, .notes = true},
        {.name = "svg", .target = Target::Folder, .content = Content::Pages,
         .help = "one SVG per step, at its final state", .make = make_svg},
        // A web page: by default the live page, one file (live_export.cpp, not a sink); with
        // --recorded (sinks/site.cpp), NAME.html beside a folder NAME_files/ of its pictures,
        // clips, script and style (DIR/index.html beside DIR/lecture_files/); or, with --format
        // html, DIR/index.html (and DIR/lecture_files/).
        {.name = "html", .target = Target::File, .content = Content::Site,
         .help = "a web page that runs the deck (one file); --recorded: each step as SVG, its animation as "
                 "WebM and MP4, beside NAME_files/",
         .make = make_site},
        {.name = "html", .target = Target::Folder, .content = Content::Site,
         .help = "DIR/index.html (a web server's folder; --recorded: and DIR/lecture_files/)", .make = make_site},
        {.name = "png", .target = Target::File, .content = Content::Still,
         .help = "one picture of a step's final state", .make = make_png_file},
        {.name = "svg", .target = Target::File, .content = Content::Still,
         .help = "one vector picture of a step's final state", .make = make_svg},
        {.name = "pdf", .target = Target::File, .content = Content::Still,
         .help = "a one-page PDF of a step's final state", .make = make_pdf},
    };
    return table;
}

const Format* find_format(std::string_view name, Target target, bool still) {
    for (const Format& f : formats())
        if (f.name == name && f.target == target && (f.content == Content::Still) == still) return &f;
    return nullptr;
}

const Format* default_format(Target target, bool still) {
    for (const Format& f : formats())
        if (f.target == target && (f.content == Content::Still) == still) return &f;
    return nullptr;
}

const Format& site_picture_format() { return *find_format("svg", Target::File, true); }

// A web page's WebM clip: the webm row at libvpx's realtime settings (its fastest preset, rows
// encoded on every core). A page's clips are short animations of flat pictures: at 720p, against
// the row's "good" preset, they encode in a seventh of the CPU time, about a sixth larger, at the
// same PSNR (45.7 dB against 45.5 on the quick tour's steps 2-5).
namespace {

const Format& page_webm() {
    static const Format f = [] {
        Format webm = *find_format("webm", Target::File, false);
        webm.ffmpeg = join({"-c:v", "libvpx-vp9", "-crf", "32", "-b:v", "0", "-row-mt", "1", "-deadline", "realtime",
                            "-cpu-used", "8", "-pix_fmt", "yuv420p"},
                           kBt601, {"-f", "webm"});
        return webm;
    }();
    return f;
}

}  // namespace

std::vector<const Format*> site_clip_formats() { return {&page_webm(), find_format("mp4", Target::File, false)}; }

bool Format::needs_ffmpeg() const {
    if (uses_ffmpeg()) return true;
    if (content != Content::Site) return false;
    for (const Format* f : site_clip_formats())
        if (f->needs_ffmpeg()) return true;
    return false;
}

bool is_format_name(std::string_view name) {
    for (const Format& f : formats())
        if (f.name == name) return true;
    return false;
}

}  // namespace output
