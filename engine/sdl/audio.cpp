// sdl/audio: SDL2 audio devices — the narration's speaker, and the microphone's capture into a
// WAV file on the session clock (see the header).
#include "sdl/audio.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace sdl {

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

// ---------------------------------------------------------------------------------------------

namespace {

SDL_AudioSpec speaker_spec() {
    SDL_AudioSpec want{};
    want.freq = app::Speaker::kRate;
    want.format = AUDIO_S16SYS;
    want.channels = 1;
    want.samples = 1024;
    want.callback = nullptr;  // queued with SDL_QueueAudio
    return want;
}

}  // namespace

DeviceSpeaker::DeviceSpeaker(std::string& problem) : device_(false, speaker_spec(), problem) {}

void DeviceSpeaker::play(const std::vector<std::int16_t>& pcm) {
    if (!device_.ok()) return;
    SDL_PauseAudioDevice(device_.id(), 1);
    SDL_ClearQueuedAudio(device_.id());
    if (!pcm.empty()) SDL_QueueAudio(device_.id(), pcm.data(), static_cast<Uint32>(pcm.size() * sizeof(std::int16_t)));
    SDL_PauseAudioDevice(device_.id(), 0);
}

void DeviceSpeaker::stop() {
    if (!device_.ok()) return;
    SDL_PauseAudioDevice(device_.id(), 1);
    SDL_ClearQueuedAudio(device_.id());
}

std::size_t DeviceSpeaker::queued() const {
    return device_.ok() ? SDL_GetQueuedAudioSize(device_.id()) / sizeof(std::int16_t) : 0;
}

// ---------------------------------------------------------------------------------------------
// the microphone

namespace {

void put32(unsigned char* p, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) p[i] = static_cast<unsigned char>(v >> (8 * i));
}

}  // namespace

namespace {

SDL_AudioSpec capture_spec(void* self, SDL_AudioCallback callback) {
    SDL_AudioSpec want{};
    want.freq = Microphone::kRate;
    want.format = AUDIO_S16LSB;
    want.channels = 1;
    want.samples = 1024;
    want.callback = callback;
    want.userdata = self;
    return want;
}

}  // namespace

// The device is opened (paused) before the file: without a capture device nothing is written.
Microphone::Microphone(const std::string& path, std::function<double()> clock, std::string& problem)
    : clock_(std::move(clock)), device_(true, capture_spec(this, &Microphone::callback), problem) {
    if (!device_.ok()) return;
    file_ = std::fopen(path.c_str(), "wb");
    if (!file_) {
        problem = "cannot write " + path;
        device_.close();
        return;
    }
    write_header();
    SDL_PauseAudioDevice(device_.id(), 0);
}

Microphone::~Microphone() {
    device_.close();  // no callback runs after this returns
    if (file_) {
        write_header();
        std::fclose(file_);
    }
}

void Microphone::callback(void* self, Uint8* stream, int len) {
    auto* m = static_cast<Microphone*>(self);
    if (!m->file_ || len <= 0) return;
    if (!m->started_) {
        // The block just captured began len / 2 samples ago: silence before it, so that sample
        // i of the file was heard at session time i / kRate.
        m->started_ = true;
        const double began = m->clock_() - static_cast<double>(len / 2) / kRate;
        const auto pad = static_cast<std::size_t>(std::max(0.0, std::round(began * kRate)));
        const std::vector<unsigned char> zeros(pad * 2, 0);
        if (!zeros.empty()) m->data_bytes_ += std::fwrite(zeros.data(), 1, zeros.size(), m->file_);
    }
    m->data_bytes_ += std::fwrite(stream, 1, static_cast<std::size_t>(len), m->file_);
    m->write_header();
}

// RIFF header of a 48 kHz mono s16 WAV holding data_bytes_, written at the start; the file
// position goes back to the end.
void Microphone::write_header() {
    unsigned char h[44] = {'R', 'I', 'F', 'F', 0, 0, 0, 0, 'W', 'A', 'V', 'E', 'f', 'm', 't', ' ', 16, 0, 0, 0, 1, 0, 1, 0};
    const auto data = static_cast<std::uint32_t>(std::min<std::uint64_t>(data_bytes_, 0xFFFFFFFFu - 36));
    put32(h + 4, 36 + data);
    put32(h + 24, kRate);
    put32(h + 28, kRate * 2);
    h[32] = 2;   // block align
    h[34] = 16;  // bits per sample
    h[36] = 'd', h[37] = 'a', h[38] = 't', h[39] = 'a';
    put32(h + 40, data);
    std::fseek(file_, 0, SEEK_SET);
    std::fwrite(h, 1, sizeof h, file_);
    std::fseek(file_, 0, SEEK_END);
    std::fflush(file_);
}

}  // namespace sdl
