// app/audio_device: see the header.
#include "app/audio_device.hpp"

namespace app {

AudioDevice::AudioDevice(bool capture, const SDL_AudioSpec& want, std::string& problem) {
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
        problem = std::string("no audio: ") + SDL_GetError();
        return;
    }
    inited_ = true;
    SDL_AudioSpec have{};
    id_ = SDL_OpenAudioDevice(nullptr, capture ? 1 : 0, &want, &have, 0);
    if (id_ == 0)
        problem = std::string(capture ? "no capture device: " : "no audio output device: ") + SDL_GetError();
}

AudioDevice::~AudioDevice() {
    close();
    if (inited_) SDL_QuitSubSystem(SDL_INIT_AUDIO);
}

void AudioDevice::close() {
    if (id_ != 0) SDL_CloseAudioDevice(id_);
    id_ = 0;
}

}  // namespace app
