// model/captions: the narration of a step as caption cues — split into readable lines and cues,
// and timed over the step. One rule serves every use: the sidecar WebVTT and SRT files and the
// soft subtitle track of an export (output/), and the caption a frame shows when captions are
// burned in (frame_at). Cairo-free: characters are counted as code points, not measured.
#include <algorithm>
#include <sstream>

#include "model/model.hpp"

namespace model {

namespace {

// UTF-8 code points in `s` (continuation bytes 10xxxxxx are not counted).
std::size_t code_points(const std::string& s) {
    std::size_t n = 0;
    for (unsigned char ch : s) n += (ch & 0xC0) != 0x80;
    return n;
}

const std::string kNone;

}  // namespace

std::vector<std::vector<std::string>> caption_blocks(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream words(text);
    std::string word, line;
    std::size_t width = 0;
    while (words >> word) {
        const std::size_t w = code_points(word);
        if (!line.empty() && width + 1 + w > kCaptionChars) {
            lines.push_back(line);
            line.clear();
            width = 0;
        }
        line += (line.empty() ? "" : " ") + word;
        width += (width ? 1 : 0) + w;
    }
    if (!line.empty()) lines.push_back(line);
    std::vector<std::vector<std::string>> blocks;
    for (std::size_t i = 0; i < lines.size(); i += kCaptionLines)
        blocks.emplace_back(lines.begin() + static_cast<long>(i),
                            lines.begin() + static_cast<long>(std::min(lines.size(), i + kCaptionLines)));
    return blocks;
}

std::vector<Cue> caption_cues(const std::string& text, double length) {
    const auto blocks = caption_blocks(text);
    std::vector<Cue> cues;
    if (blocks.empty() || !(length > 0)) return cues;
    const double n = static_cast<double>(blocks.size());
    std::vector<double> chars;
    double total = 0;
    for (const auto& b : blocks) {
        double c = 0;
        for (const auto& l : b) c += static_cast<double>(code_points(l));
        chars.push_back(c);
        total += c;
    }
    // Each cue gets kCaptionMin, and what is left is shared by characters (a longer cue takes
    // longer to read); a step too short for that shares its length equally.
    const double spare = length - n * kCaptionMin;
    double at = 0;
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        const double d = spare >= 0 ? kCaptionMin + spare * chars[i] / total : length / n;
        const double end = i + 1 == blocks.size() ? length : at + d;
        cues.push_back(Cue{at, end, blocks[i]});
        at = end;
    }
    return cues;
}

const std::string& span_say(const scene::Deck& deck, const timeline::Layout& lay, int span) {
    if (span < 0 || span >= static_cast<int>(lay.spans.size())) return kNone;
    return timeline::span_say(deck, lay.spans[static_cast<std::size_t>(span)]);
}

std::string span_title(const scene::Deck& deck, const timeline::Layout& lay, int span) {
    if (span < 0 || span >= static_cast<int>(lay.spans.size())) return "";
    return timeline::span_title(deck, lay.spans[static_cast<std::size_t>(span)]);
}

std::vector<Cue> span_cues(const scene::Deck& deck, const timeline::Layout& lay, int span) {
    if (span < 0 || span >= static_cast<int>(lay.spans.size())) return {};
    const timeline::Span& sp = lay.spans[static_cast<std::size_t>(span)];
    return caption_cues(span_say(deck, lay, span), sp.anim + sp.hold);
}

std::vector<std::string> caption_at(const scene::Deck& deck, const timeline::Layout& lay,
                                    const timeline::State& state, double now) {
    if (state.blank) return {};
    const auto cues = span_cues(deck, lay, state.span);
    if (cues.empty()) return {};
    // The step's own clock: how long it has been showing (a paused step stands still).
    const double local = (state.paused ? state.paused_at : now) - state.span_started;
    for (const Cue& c : cues)
        if (local < c.end) return c.lines;
    return cues.back().lines;  // held past its length (live, or a replay): the last cue stays
}

}  // namespace model
