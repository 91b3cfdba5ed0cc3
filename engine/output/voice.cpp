// output: `--voice espeak` — a draft voice for every step (and title or text slide) that has
// narration but no voice clip, synthesised from its `say` with espeak-ng into WAV files in a
// temporary folder, so that an author can hear the timing before recording. The steps are then
// timed and mixed exactly as with recorded clips (scene::step_hold, the ffmpeg sink's mix).
// espeak-ng is started through sys/process with an argument vector; the text goes in a file.
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>

#include "output/sinks.hpp"
#include "sys/process.hpp"

namespace output {

double wav_seconds(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    auto u32 = [&](std::size_t at) {
        return static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[at])) |
               static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[at + 1])) << 8 |
               static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[at + 2])) << 16 |
               static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[at + 3])) << 24;
    };
    if (bytes.size() < 12 || bytes.compare(0, 4, "RIFF") != 0 || bytes.compare(8, 4, "WAVE") != 0) return -1;
    std::uint32_t byte_rate = 0;
    for (std::size_t at = 12; at + 8 <= bytes.size();) {
        const std::string id = bytes.substr(at, 4);
        std::size_t size = u32(at + 4);
        if (id == "fmt " && at + 20 <= bytes.size()) byte_rate = u32(at + 16);  // after format, channels, rate
        if (id == "data") {
            const std::size_t held = bytes.size() - (at + 8);
            if (size > held) size = held;
            return byte_rate > 0 ? static_cast<double>(size) / byte_rate : -1;
        }
        at += 8 + size + (size & 1);
    }
    return -1;
}

namespace {

// Runs espeak-ng writing `text` (read from a file) as speech to `wav`. "" or why it failed.
std::string speak(const std::string& espeak, const std::string& text_file, const std::string& wav) {
    sys::Child child;
    std::string why;
    const sys::Stream null = sys::Stream::null();
    if (!child.start({{espeak, "-w", wav, "-f", text_file}, null, null, null}, why)) return why;
    const sys::Status status = child.wait();
    if (!status.ok()) return "espeak-ng failed (" + std::string(status.exited ? status.text() : "killed") + ")";
    return "";
}

}  // namespace

VoiceFolder::~VoiceFolder() {
    std::error_code ec;
    if (!path.empty()) std::filesystem::remove_all(path, ec);
}

bool draft_voices(scene::Deck& deck, VoiceFolder& folder, std::string& error) {
    const std::string espeak = sys::find_in_path("espeak-ng");
    if (espeak.empty()) {
        error = "--voice espeak needs espeak-ng, which is not in PATH (install the Debian package espeak-ng)";
        return false;
    }
    std::string tmpl = (std::filesystem::temp_directory_path() / "attnlab-voice-XXXXXX").string();
    if (!mkdtemp(tmpl.data())) {
        error = std::string("cannot make a folder for the draft voice: ") + std::strerror(errno);
        return false;
    }
    folder.path = tmpl;
    int n = 0;
    // One clip for a narration without one: its path and length set as the loader sets a clip's.
    auto voice = [&](const std::string& say, std::string& path, double& seconds) {
        if (!path.empty() || say.find_first_not_of(" \t\r\n") == std::string::npos) return true;
        const std::string stem = folder.path + "/" + std::to_string(++n);
        std::ofstream(stem + ".txt", std::ios::binary) << say;
        if (std::string why = speak(espeak, stem + ".txt", stem + ".wav"); !why.empty()) {
            error = "cannot synthesise the draft voice: " + why;
            return false;
        }
        const double s = wav_seconds(stem + ".wav");
        if (!(s > 0)) {
            error = "cannot synthesise the draft voice: espeak-ng wrote no speech for '" + say.substr(0, 60) + "'";
            return false;
        }
        path = stem + ".wav";
        seconds = s;
        return true;
    };
    for (scene::Slide& slide : deck.slides) {
        if (slide.kind != scene::Slide::Kind::Scene) {
            if (!voice(slide.say, slide.voice, slide.voice_seconds)) return false;
            continue;
        }
        if (!slide.scene) continue;
        auto sc = std::make_shared<scene::Scene>(*slide.scene);
        for (scene::Step& step : sc->steps)
            if (!voice(step.say, step.voice, step.voice_seconds)) return false;
        slide.scene = std::move(sc);
    }
    return true;
}

}  // namespace output
