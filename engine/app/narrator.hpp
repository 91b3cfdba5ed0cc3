// app/narrator: `--narrate`, the presenter as a self-running kiosk. A step (or a title or text
// slide) with a voice clip plays it through the platform's Speaker (the SDL window's: SDL2 audio,
// sdl/audio.hpp) from the step's start; every step advances
// when its planned length (timeline::Span: animation and hold, i.e. until its clip ends unless the
// author gave a hold) has passed, as an export times it. The first key or click takes over: the
// session stops narrating (Session::narrating), the sound stops, presenting is by hand again.
// The clips are decoded once, with ffmpeg (an argument vector), to 48 kHz mono 16-bit PCM.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace app {

class Session;

// The audio of `path` as 48 kHz mono s16 samples (ffmpeg from PATH). On failure `why` says why.
bool decode_clip(const std::string& path, std::vector<std::int16_t>& pcm, std::string& why);

// Where a narration's sound goes: 48 kHz mono s16 PCM, one clip at a time. The platform gives
// one (the SDL window: the default output device, sdl::DeviceSpeaker).
class Speaker {
public:
    virtual ~Speaker() = default;
    // False when there is no sound to be had (no device): nothing plays.
    virtual bool ok() const = 0;
    // Drops whatever is still queued and plays `pcm` from its first sample.
    virtual void play(const std::vector<std::int16_t>& pcm) = 0;
    virtual void stop() = 0;
    // Samples queued and not yet handed to the device.
    virtual std::size_t queued() const = 0;

    static constexpr int kRate = 48000;
};

class Narrator {
public:
    // Decodes every clip of the session's deck (each file once) for `speaker`; the session starts
    // narrating. `problem` is set when a clip cannot be decoded (unless it says already why the
    // speaker has no sound): the narration then still advances, silently, and the caller may warn.
    Narrator(Session& session, std::unique_ptr<Speaker> speaker, std::string& problem);
    // From the loop, after the events: stops the sound once the session was taken over; plays
    // the clip of a step just entered; advances when the step's time is up (the last step ends
    // the narration). Returns true when the step changed.
    bool update();
    // Session time at which update() next has something to do (infinity when not narrating).
    double next_due() const;
    const Speaker& speaker() const { return *speaker_; }

private:
    const std::vector<std::int16_t>* clip_of(int span) const;
    double due() const;

    Session& session_;
    std::unique_ptr<Speaker> speaker_;
    std::map<std::string, std::vector<std::int16_t>> clips_;  // path → samples
    int playing_ = -1;       // the span whose clip was started, -1 before the first update
    double clip_started_ = 0.0;  // session time when it was started
    bool stopped_ = false;   // the sound was stopped after a take-over
};

}  // namespace app
