// app/narrator: --narrate — voice clips played through the platform's speaker, steps advanced
// on their planned time, any key or click takes over (see the header). The clips are decoded by
// ffmpeg, started through sys/process.
#include "app/narrator.hpp"

#include <algorithm>
#include <limits>
#include <utility>

#include "app/session.hpp"
#include "sys/process.hpp"

namespace app {

bool decode_clip(const std::string& path, std::vector<std::int16_t>& pcm, std::string& why) {
    const std::string ffmpeg = sys::find_in_path("ffmpeg");
    if (ffmpeg.empty()) {
        why = "ffmpeg is not in PATH; it is needed to play voice clips (install ffmpeg)";
        return false;
    }
    sys::Child child;
    if (!child.start({{ffmpeg, "-v", "error", "-nostdin", "-protocol_whitelist", "file", "-i", "file:" + path, "-map",
                       "0:a:0", "-ac", "1", "-ar", std::to_string(Speaker::kRate), "-f", "s16le", "-acodec",
                       "pcm_s16le", "pipe:1"},
                      sys::Stream::inherit(), sys::Stream::pipe(), sys::Stream::null()},
                     why))
        return false;
    std::string bytes;
    child.read_all(&bytes, nullptr);
    if (!child.wait().ok() || bytes.size() < 2) {
        why = "ffmpeg cannot decode it";
        return false;
    }
    pcm.resize(bytes.size() / 2);
    for (std::size_t i = 0; i < pcm.size(); ++i)
        pcm[i] = static_cast<std::int16_t>(static_cast<std::uint16_t>(static_cast<unsigned char>(bytes[2 * i])) |
                                           static_cast<std::uint16_t>(static_cast<unsigned char>(bytes[2 * i + 1]) << 8));
    return true;
}

// ---------------------------------------------------------------------------------------------

namespace {


// The voice clip of a span: a step's, or a title or text slide's; "" none (and for question pages).
const std::string& voice_of(const scene::Deck& deck, const timeline::Span& sp) {
    static const std::string none;
    if (sp.question >= 0 || sp.slide < 0 || static_cast<std::size_t>(sp.slide) >= deck.slides.size()) return none;
    const scene::Slide& slide = deck.slides[static_cast<std::size_t>(sp.slide)];
    if (slide.kind != scene::Slide::Kind::Scene) return slide.voice;
    if (!slide.scene || sp.step < 0 || static_cast<std::size_t>(sp.step) >= slide.scene->steps.size()) return none;
    return slide.scene->steps[static_cast<std::size_t>(sp.step)].voice;
}

}  // namespace

Narrator::Narrator(Session& session, std::unique_ptr<Speaker> speaker, std::string& problem)
    : session_(session), speaker_(std::move(speaker)) {
    const scene::Deck& deck = session_.deck();
    for (const timeline::Span& sp : session_.layout().spans) {
        const std::string& path = voice_of(deck, sp);
        if (path.empty() || clips_.count(path)) continue;
        std::vector<std::int16_t> pcm;
        std::string why;
        if (!decode_clip(path, pcm, why) && problem.empty()) problem = "cannot play the voice clip '" + path + "': " + why;
        clips_[path] = std::move(pcm);  // (empty when it failed: that step holds in silence)
    }
    session_.narrate(true);
}

const std::vector<std::int16_t>* Narrator::clip_of(int span) const {
    const auto& spans = session_.layout().spans;
    if (span < 0 || static_cast<std::size_t>(span) >= spans.size()) return nullptr;
    const auto it = clips_.find(voice_of(session_.deck(), spans[static_cast<std::size_t>(span)]));
    return it == clips_.end() || it->second.empty() ? nullptr : &it->second;
}

double Narrator::due() const {
    const auto& spans = session_.layout().spans;
    const int span = session_.state().span;
    if (span < 0 || static_cast<std::size_t>(span) >= spans.size()) return std::numeric_limits<double>::infinity();
    const timeline::Span& sp = spans[static_cast<std::size_t>(span)];
    // From when its clip started, if that was later than the step (the first step, while the
    // clips were decoded): the clip is heard whole.
    return std::max(session_.state().span_started, clip_started_) + sp.anim + sp.hold;
}

double Narrator::next_due() const {
    if (!session_.narrating()) return std::numeric_limits<double>::infinity();
    return playing_ != session_.state().span ? session_.now() : due();
}

bool Narrator::update() {
    if (!session_.narrating()) {
        if (!stopped_) speaker_->stop();
        stopped_ = true;
        return false;
    }
    bool changed = false;
    if (playing_ == session_.state().span && session_.now() >= due()) {
        const int next = session_.state().span + 1;
        if (static_cast<std::size_t>(next) >= session_.layout().spans.size()) {
            session_.narrate(false);  // the end: the last step stays, its clip has been heard
            stopped_ = true;
            return false;
        }
        session_.command(timeline::cmd::Goto{next});
        changed = true;
    }
    if (playing_ != session_.state().span) {
        playing_ = session_.state().span;
        clip_started_ = session_.now();
        if (const auto* pcm = clip_of(playing_)) speaker_->play(*pcm);
        else speaker_->stop();
    }
    return changed;
}

}  // namespace app
