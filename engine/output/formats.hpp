// output/formats: the export formats, one row each. A row says what `-o OUT` and `--format`
// name it, where it writes (one file or a folder), what it shows (every frame of the timeline,
// a page per step, one step, or a web page of other rows' outputs), a video's ffmpeg arguments,
// what it allows (--notes), and which sink writes it. Option parsing, `attnlab export --help`
// and the export driver read this table and nothing else, so adding a format is one row in
// formats.cpp (and, when none of the existing sinks fits, its sink: one file in sinks/, whose
// factory the row names). A name and shape without a row is refused with the list of rows; it
// never falls into another format's branch.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace output {

class Sink;
struct SinkSpec;

// Where an export writes.
enum class Target {
    File,    // OUT is one file: NAME.mp4, NAME.pdf, STEP.png
    Folder,  // OUT is a directory of numbered files (DIR/, or a name without extension)
};

// What an export shows.
enum class Content {
    Frames,  // every frame of the timeline, frame i at t = i / fps (a video, a PNG sequence)
    Pages,   // each step's final state (animation done, end of hold), one page each
    Still,   // one step's final state (--still STEP)
    Site,    // a web page: nothing of its own, but its sink's pieces — each step's final state (an
             // SVG row's picture) and its animation (the clip rows' videos) — with its narration,
             // notes, experiments and quiz (sinks/site.cpp)
};

struct Format {
    std::string name;                 // --format NAME; for a File target also OUT's extension
    Target target = Target::File;
    Content content = Content::Frames;
    std::string help;                 // what it writes: its line in `attnlab export --help`
    // A video's ffmpeg output arguments (codec, its options, "-f MUXER"), placed between the
    // input (raw I420 frames on a pipe) and the output file. Empty: ffmpeg is not used.
    std::vector<std::string> ffmpeg;
    std::unique_ptr<Sink> (*make)(const SinkSpec&) = nullptr;  // the sink that writes it (every row has one)
    // A narrated video: the codec of its soft subtitle track ("mov_text", "webvtt"). Such a video
    // carries a chapter per step and the narration as captions, muxed, and has NAME.chapters.txt,
    // NAME.vtt and NAME.srt beside it. "": none of these (a GIF, pictures).
    std::string subtitles;
    // A narrated video's audio encoder arguments (voice clips): "-c:a", "aac", …; muxed only when
    // a step it shows has a voice clip.
    std::vector<std::string> audio;
    // A handout that can print each page's speaker notes beneath it (what --notes asks for).
    bool notes = false;

    // Its own frames are encoded by ffmpeg (the row's `ffmpeg` arguments).
    bool uses_ffmpeg() const { return !ffmpeg.empty(); }
    // Writing it needs ffmpeg: its own frames, or the clips of the rows a web page is made of.
    bool needs_ffmpeg() const;
    // A video file: frames, one file (what --split-steps cuts into clips).
    bool is_video() const { return content == Content::Frames && target == Target::File; }
    bool narrated() const { return !subtitles.empty(); }
    // What --single-file, --split-steps, --still and --replay are checked against.
    bool is_site() const { return content == Content::Site; }
};

// Every format, in the order `--help` lists them. The order matters once: when neither
// --format nor OUT's extension names a format, the first row of the wanted shape is used
// (a folder: the PNG sequence; --still: a PNG).
const std::vector<Format>& formats();

// The row named `name` that writes `target`, for a still (--still) or not; null if none.
const Format* find_format(std::string_view name, Target target, bool still);
// The first row that writes `target`, for a still or not; null if none.
const Format* default_format(Target target, bool still);
// The rows a web page is made of: each step's picture (an SVG still) and its clips, in the order
// a page's <video> offers them (WebM VP9 first, encoded at libvpx's realtime settings — not the
// webm row itself, which keeps its slower, smaller preset — then the MP4 fallback).
const Format& site_picture_format();
std::vector<const Format*> site_clip_formats();
// Whether some row is named `name`.
bool is_format_name(std::string_view name);

}  // namespace output
