// app/narrator: `--narrate`, the presenter as a self-running kiosk. A step (or a title or text
// slide) with a voice clip plays it through SDL2 audio from the step's start; every step advances
// when its planned length (timeline::Span: animation and hold, i.e. until its clip ends unless the
// author gave a hold) has passed, as an export times it. The first key or click takes over: the
// session stops narrating (Session::narrating), the sound stops, presenting is by hand again.
// The clips are decoded once, with ffmpeg (an argument vector), to 48 kHz mono 16-bit PCM.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "app/audio_device.hpp"

namespace app {

class Session;

// The audio of `path` as 48 kHz mono s16 samples (ffmpeg from PATH). On failure `why` says why.
bool decode_clip(const std::string& path, std::vector<std::int16_t>& pcm, std::string& why);

// SDL2 audio output of 48 kHz mono s16 PCM, one clip at a time (queued, no callback).
class Speaker {
public:
    // Opens the default output device; on failure `problem` says why and nothing plays.
    explicit Speaker(std::string& problem);
    bool ok() const { return device_.ok(); }
    // Drops whatever is still queued and plays `pcm` from its first sample.
    void play(const std::vector<std::int16_t>& pcm);
    void stop();
    // Samples queued and not yet handed to the device.
    std::size_t queued() const;

    static constexpr int kRate = 48000;

private:
    AudioDevice device_;
};

class Narrator {
public:
    // Decodes every clip of the session's deck (each file once) and opens the speaker; the
    // session starts narrating. `problem` is set when a clip cannot be decoded or there is no
    // audio output: the narration then still advances, silently, and the caller may warn.
    Narrator(Session& session, std::string& problem);
    // From the loop, after the events: stops the sound once the session was taken over; plays
    // the clip of a step just entered; advances when the step's time is up (the last step ends
    // the narration). Returns true when the step changed.
    bool update();
    // Session time at which update() next has something to do (infinity when not narrating).
    double next_due() const;
    const Speaker& speaker() const { return speaker_; }

private:
    const std::vector<std::int16_t>* clip_of(int span) const;
    double due() const;

    Session& session_;
    Speaker speaker_;
    std::map<std::string, std::vector<std::int16_t>> clips_;  // path → samples
    int playing_ = -1;       // the span whose clip was started, -1 before the first update
    double clip_started_ = 0.0;  // session time when it was started
    bool stopped_ = false;   // the sound was stopped after a take-over
};

}  // namespace app
