// app/audio_device: one SDL2 audio device, opened with the audio subsystem and closed with it —
// what the narration's speaker and the microphone share.
#pragma once

#include <SDL.h>

#include <string>

namespace app {

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

}  // namespace app
