// sdl/audio: the SDL window's sound — one SDL2 audio device opened with the audio subsystem and
// closed with it (AudioDevice); the narration's speaker on the default output device
// (DeviceSpeaker, the app::Speaker that --narrate plays through); and the microphone: `--record
// FILE` also records it (SDL2 audio capture) into FILE.wav — 48 kHz mono 16-bit PCM on the
// session clock: silence is written first for the time between the session's start and the
// first block, so that the file's time 0 is the recording's.
// The header is rewritten after every block, so a recording cut short (Ctrl-C, a kill, a power
// loss after the page cache was written) is a valid WAV up to its last complete block.
#pragma once

#include <SDL.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "app/narrator.hpp"

namespace sdl {

// One SDL2 audio device, with the audio subsystem.
class AudioDevice {
public:
    // Opens the default output device (`capture` false) or capture device with `want` (SDL
    // converts to the device's own format). On failure `problem` says why and ok() is false.
    AudioDevice(bool capture, const SDL_AudioSpec& want, std::string& problem);
    ~AudioDevice();
    AudioDevice(const AudioDevice&) = delete;
    AudioDevice& operator=(const AudioDevice&) = delete;

    bool ok() const { return id_ != 0; }
    SDL_AudioDeviceID id() const { return id_; }
    // Closes the device now: no callback runs after this returns. The subsystem is let go with
    // the object.
    void close();

private:
    SDL_AudioDeviceID id_ = 0;
    bool inited_ = false;
};

// The narration's speaker: 48 kHz mono s16 PCM queued on the default output device (no callback).
class DeviceSpeaker : public app::Speaker {
public:
    // Opens the default output device; on failure `problem` says why and nothing plays.
    explicit DeviceSpeaker(std::string& problem);
    bool ok() const override { return device_.ok(); }
    void play(const std::vector<std::int16_t>& pcm) override;
    void stop() override;
    std::size_t queued() const override;

private:
    AudioDevice device_;
};

class Microphone {
public:
    // Opens the default capture device and starts writing `path`. On failure (no capture device,
    // or the file cannot be written) `problem` says why and nothing is written.
    Microphone(const std::string& path, std::function<double()> clock, std::string& problem);
    ~Microphone();
    Microphone(const Microphone&) = delete;
    Microphone& operator=(const Microphone&) = delete;
    bool recording() const { return device_.ok(); }

    static constexpr int kRate = 48000;

private:
    static void callback(void* self, Uint8* stream, int len);
    void write_header();

    std::function<double()> clock_;
    std::FILE* file_ = nullptr;
    bool started_ = false;
    std::uint64_t data_bytes_ = 0;
    // Last: opened once the members its callback touches exist (and closed first, in ~Microphone).
    AudioDevice device_;
};

}  // namespace sdl
