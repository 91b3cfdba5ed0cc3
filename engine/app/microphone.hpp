// app/microphone: `--record FILE` also records the microphone (SDL2 audio capture) into
// FILE.wav — 48 kHz mono 16-bit PCM on the session clock: silence is written first for the time
// between the session's start and the first block, so that the file's time 0 is the recording's.
// The header is rewritten after every block, so a recording cut short (Ctrl-C, a kill, a power
// loss after the page cache was written) is a valid WAV up to its last complete block.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>

#include "app/audio_device.hpp"

namespace app {

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

}  // namespace app
