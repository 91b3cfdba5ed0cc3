// load/audio: a step's or slide's voice clip (`voice:`), found relative to the file that names
// it and measured with ffprobe (WAV, FLAC, Ogg, MP3: whatever ffmpeg decodes), so that the
// timeline can hold the step for the clip's length and a clip that is missing or not audio is a
// FILE:LINE:COLUMN error at load time, not a silent gap in a video. Internal to load/.
#pragma once

#include <string>

#include "load/reader.hpp"

namespace load {

// The length of the audio in `path`, in seconds, as ffprobe reads it. False with `why` set when
// the file cannot be read, holds no audio stream, or ffprobe is not installed.
bool audio_seconds(const std::string& path, double& seconds, std::string& why);

// Reads `voice: PATH` (v): the clip's path resolved against the folder of the file being read,
// and its length. Reports a missing or unreadable clip at the value's position.
void read_voice(Reader& r, const Value& v, std::string& path, double& seconds);

}  // namespace load
