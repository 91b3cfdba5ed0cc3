// output: the table of export formats. Adding a format is one row here: a new ffmpeg container
// is a row with Content::Frames, Target::File, its ffmpeg arguments and make_ffmpeg.
#include "output/formats.hpp"

#include "output/sinks.hpp"

namespace output {

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
        // name, target, content, --help line, ffmpeg arguments, sink, subtitle codec and audio
        // encoder (narrated videos)
        {"png", Target::Folder, Content::Frames, "PNG sequence frame_000000.png …", {}, make_png_sequence},
        {"mp4", Target::File, Content::Frames, "H.264 (x264 veryfast, yuv420p, faststart)",
         join({"-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-pix_fmt", "yuv420p", "-movflags",
               "+faststart"},
              kBt601, {"-f", "mp4"}),
         make_ffmpeg, "mov_text", {"-c:a", "aac", "-b:a", "160k"}},
        {"webm", Target::File, Content::Frames, "VP9",
         join({"-c:v", "libvpx-vp9", "-crf", "32", "-b:v", "0", "-row-mt", "1", "-deadline", "good", "-cpu-used",
               "5", "-pix_fmt", "yuv420p"},
              kBt601, {"-f", "webm"}),
         make_ffmpeg, "webvtt", {"-c:a", "libopus", "-b:a", "96k"}},
        // One palette for the whole clip, generated from its frames.
        {"gif", Target::File, Content::Frames, "GIF with a palette made from the frames",
         {"-filter_complex", "[0:v]split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse", "-loop", "0",
          "-f", "gif"},
         make_ffmpeg},
        {"pdf", Target::File, Content::Pages, "one vector page per step, at its final state", {}, make_pdf},
        {"svg", Target::Folder, Content::Pages, "one SVG per step, at its final state", {}, make_svg},
        // A web page (site.cpp): NAME.html beside a folder NAME_files/ of its pictures, clips,
        // script and style (DIR/index.html beside DIR/lecture_files/); or, with --format html,
        // DIR/index.html beside DIR/lecture_files/.
        {"html", Target::File, Content::Site,
         "a web page: each step as SVG, its animation as WebM and MP4, beside NAME_files/ (index.html: "
         "lecture_files/)", {}, nullptr},
        {"html", Target::Folder, Content::Site, "DIR/index.html and DIR/lecture_files/ (a web server's folder)", {},
         nullptr},
        {"png", Target::File, Content::Still, "one picture of a step's final state", {}, make_png_file},
        {"svg", Target::File, Content::Still, "one vector picture of a step's final state", {}, make_svg},
        {"pdf", Target::File, Content::Still, "a one-page PDF of a step's final state", {}, make_pdf},
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

std::vector<const Format*> site_clip_formats() {
    return {find_format("webm", Target::File, false), find_format("mp4", Target::File, false)};
}

bool is_format_name(std::string_view name) {
    for (const Format& f : formats())
        if (f.name == name) return true;
    return false;
}

}  // namespace output
