// load/audio: voice clips measured with ffprobe, started through sys/process with an argument
// vector (never a shell); the clip is named to it as "file:PATH" with only the file protocol
// allowed. The one place load/ runs a program: its platform edge (the rest of load/ reads text).
#include "load/audio.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "load/root.hpp"
#include "sys/process.hpp"

namespace load {

bool audio_seconds(const std::string& path, double& seconds, std::string& why) {
    if (access(path.c_str(), R_OK) != 0) {
        why = std::strerror(errno);
        return false;
    }
    struct stat st {};
    if (stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
        why = "not a file";
        return false;
    }
    const std::string ffprobe = sys::find_in_path("ffprobe");
    if (ffprobe.empty()) {
        why = "ffprobe (from ffmpeg) is not in PATH; it is needed to read voice clips (install ffmpeg)";
        return false;
    }
    sys::Child child;
    if (!child.start({{ffprobe, "-v", "error", "-protocol_whitelist", "file", "-select_streams", "a:0", "-show_entries",
                       "stream=duration:format=duration", "-of", "default=noprint_wrappers=1:nokey=1", "file:" + path},
                      sys::Stream::null(), sys::Stream::pipe(), sys::Stream::pipe()},
                     why))
        return false;
    // Its output and errors, a few KiB of each at most (64 KiB kept of each is plenty).
    std::string out, err;
    child.read_all(&out, &err, 65536);
    const int code = child.wait().exit_code();
    // The audio stream's duration, else the container's (a WAV or MP3 may give only one).
    double best = NAN;
    bool stream = false;
    std::size_t at = 0;
    while (at < out.size()) {
        std::size_t nl = out.find('\n', at);
        if (nl == std::string::npos) nl = out.size();
        const std::string line = out.substr(at, nl - at);
        char* end = nullptr;
        const double x = std::strtod(line.c_str(), &end);
        if (end && end != line.c_str() && std::isfinite(x) && x > 0 && std::isnan(best)) best = x;
        stream = stream || !line.empty();
        at = nl + 1;
    }
    if (code != 0 || std::isnan(best)) {
        while (!err.empty() && (err.back() == '\n' || err.back() == '\r')) err.pop_back();
        const auto nl = err.rfind('\n');
        if (!err.empty()) why = "ffprobe cannot decode it: " + (nl == std::string::npos ? err : err.substr(nl + 1));
        else why = stream ? "it has no length ffprobe can read" : "it holds no audio";
        return false;
    }
    seconds = best;
    return true;
}

void read_voice(Reader& r, const Value& v, std::string& path, double& seconds) {
    if (!v) return;
    auto rel = r.text(v.node, v.key, false);
    if (!rel) return;
    if (rel->empty()) {
        r.error(v.node, v.key + ": expected the path of an audio file (WAV, FLAC, Ogg or MP3), found an empty text");
        return;
    }
    // Inside the root: a clip from elsewhere would be mixed into a video the author publishes.
    const std::string dir = std::filesystem::path(r.file()).parent_path().string();
    Root own;
    std::string resolved, why;
    if (!r.root() && !Root::make(dir, own, why)) {
        r.error(v.node, v.key + ": '" + *rel + "': " + why);
        return;
    }
    if (!resolve_inside(r.root() ? *r.root() : own, dir, *rel, resolved, why)) {
        r.error(v.node, v.key + ": '" + *rel + "' " + why);
        return;
    }
    double s = 0;
    if (!audio_seconds(resolved, s, why)) {
        r.error(v.node, v.key + ": cannot use the voice clip '" + *rel + "' (" + resolved + "): " + why);
        return;
    }
    if (s > kMaxSeconds) {
        r.error(v.node, v.key + ": the voice clip '" + *rel + "' lasts " + length_text(s) + ", longer than any video (the limit)");
        return;
    }
    path = resolved;
    seconds = s;
}

}  // namespace load
