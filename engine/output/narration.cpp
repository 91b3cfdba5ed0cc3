// output: what a video says beside its frames — a chapter per step (muxed from an FFMETADATA
// file, and listed in NAME.chapters.txt as video sites read a description) and the narration as
// captions (NAME.vtt and NAME.srt beside the video, and muxed as a soft subtitle track). The cues
// are model::span_cues, the rule a burned-in caption follows too; this file only places them on
// the video's clock and writes the text formats.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "model/model.hpp"
#include "output/output.hpp"

namespace output {

namespace {

// "HH:MM:SS.mmm" (WebVTT) or "HH:MM:SS,mmm" (SRT) of a whole number of milliseconds.
std::string clock(long long ms, char sep) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%02lld:%02lld:%02lld%c%03lld", ms / 3600000, ms / 60000 % 60, ms / 1000 % 60, sep,
                  ms % 1000);
    return buf;
}

long long millis(double t) { return std::llround(t * 1000.0); }

// A title on one line: newlines and tabs become spaces.
std::string one_line(const std::string& s) {
    std::string out = s;
    for (char& c : out)
        if (c == '\n' || c == '\r' || c == '\t') c = ' ';
    return out;
}

}  // namespace

std::vector<Chapter> chapters(const scene::Deck& deck, const timeline::Layout& lay, const Shots& scan,
                              const Plan& plan, bool exact) {
    std::vector<Chapter> out;
    const double length = static_cast<double>(scan.count()) / plan.fps;
    for (long i = 0; i < scan.count(); ++i) {
        const int span = scan.at(i).state.span;
        if (!out.empty() && out.back().span == span) continue;
        double start = static_cast<double>(i) / plan.fps;
        if (exact && i > 0) start = lay.spans[static_cast<std::size_t>(span)].start - plan.t0;
        if (!out.empty()) out.back().end = start;
        Chapter c{span, model::span_title(deck, lay, span), start, length};
        // A step played after its question beat goes on in the chapter that asked it.
        if (!out.empty()) {
            const timeline::Span& was = lay.spans[static_cast<std::size_t>(out.back().span)];
            const timeline::Span& is = lay.spans[static_cast<std::size_t>(span)];
            c.continues = was.asking && !is.asking && is.question < 0 && was.slide == is.slide && was.step == is.step;
        }
        out.push_back(std::move(c));
    }
    return out;
}

namespace {

// The chapters a player lists: a step's question beat and its play as one.
std::vector<Chapter> listed(const std::vector<Chapter>& chapters) {
    std::vector<Chapter> out;
    for (const Chapter& c : chapters) {
        if (c.continues && !out.empty()) out.back().end = c.end;
        else out.push_back(c);
    }
    return out;
}

}  // namespace

std::vector<model::Cue> captions(const scene::Deck& deck, const timeline::Layout& lay,
                                 const std::vector<Chapter>& chapters) {
    std::vector<model::Cue> out;
    for (const Chapter& c : chapters) {
        const std::size_t first = out.size();
        for (model::Cue cue : model::span_cues(deck, lay, c.span)) {
            cue.start += c.start;
            cue.end += c.start;
            if (cue.start >= c.end) break;  // the step was left before this cue (a replay)
            out.push_back(std::move(cue));
        }
        // The step's last cue stays until the step ends, shorter or longer than planned.
        if (out.size() > first) out.back().end = c.end;
    }
    return out;
}

std::vector<VoiceClip> voices(const scene::Deck& deck, const timeline::Layout& lay,
                              const std::vector<Chapter>& chapters) {
    std::vector<VoiceClip> out;
    for (const Chapter& c : chapters) {
        // A step's clip, its question's on its question beat; a question page has none (its
        // captions say it).
        const timeline::SpanVoice voice = timeline::span_voice(deck, lay.spans[static_cast<std::size_t>(c.span)]);
        const double length = std::min(voice.seconds, c.end - c.start);
        if (!voice.path->empty() && length > 0) out.push_back(VoiceClip{*voice.path, c.start, length});
    }
    return out;
}

namespace {

// The chapters ffmpeg muxes: the listed ones that last a millisecond or more.
std::vector<Chapter> muxed(const std::vector<Chapter>& chapters) {
    std::vector<Chapter> out;
    for (const Chapter& c : listed(chapters))
        if (millis(c.end) > millis(c.start)) out.push_back(c);
    return out;
}

// A title as a value of ffmpeg's metadata, which cannot hold a NUL.
std::string metadata_text(const std::string& title) {
    std::string out = title;
    out.erase(std::remove(out.begin(), out.end(), '\0'), out.end());
    return out;
}

// Whether FFMETADATA cannot carry `title`: ffmpeg's reader takes a line ending in a backslash
// (even an escaped one, "\\") as continued on the next, so a title ending in '\' would swallow
// the lines after it.
bool ends_in_backslash(const std::string& title) { return !title.empty() && title.back() == '\\'; }

}  // namespace

std::string ffmetadata(const std::vector<Chapter>& chapters) {
    // ffmpeg's rules: '=', ';', '#', '\\' and a line break (newline, carriage return) in a key or
    // value are escaped with a backslash; everything else is as it is.
    auto escaped = [](const std::string& s) {
        std::string out;
        for (char c : s) {
            if (c == '=' || c == ';' || c == '#' || c == '\\' || c == '\n' || c == '\r') out += '\\';
            out += c;
        }
        return out;
    };
    std::string text = ";FFMETADATA1\n";
    for (const Chapter& c : muxed(chapters)) {
        // A title the file cannot end is written without its last backslashes, and given whole
        // on ffmpeg's command line (chapter_titles).
        std::string title = metadata_text(c.title);
        while (ends_in_backslash(title)) title.pop_back();
        text += "[CHAPTER]\nTIMEBASE=1/1000\nSTART=" + std::to_string(millis(c.start)) + "\nEND=" +
                std::to_string(millis(c.end)) + "\ntitle=" + escaped(title) + "\n";
    }
    return text;
}

std::vector<std::pair<int, std::string>> chapter_titles(const std::vector<Chapter>& chapters) {
    std::vector<std::pair<int, std::string>> out;
    const std::vector<Chapter> all = muxed(chapters);
    for (std::size_t i = 0; i < all.size(); ++i)
        if (ends_in_backslash(metadata_text(all[i].title)))
            out.emplace_back(static_cast<int>(i), metadata_text(all[i].title));
    return out;
}

std::string chapter_list(const std::vector<Chapter>& chapters) {
    std::string text;
    for (const Chapter& c : listed(chapters)) {
        const long long s = static_cast<long long>(std::floor(c.start + 1e-9));
        char buf[32];
        if (s >= 3600) std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld ", s / 3600, s / 60 % 60, s % 60);
        else std::snprintf(buf, sizeof buf, "%lld:%02lld ", s / 60, s % 60);
        text += buf + one_line(c.title) + "\n";
    }
    return text;
}

std::string webvtt(const std::vector<model::Cue>& cues) {
    std::string text = "WEBVTT\n";
    for (const model::Cue& c : cues) {
        const long long a = millis(c.start), b = millis(c.end);
        if (b <= a) continue;
        text += "\n" + clock(a, '.') + " --> " + clock(b, '.') + "\n";
        for (const std::string& line : c.lines) {
            for (char ch : line) {
                if (ch == '&') text += "&amp;";
                else if (ch == '<') text += "&lt;";
                else if (ch == '>') text += "&gt;";
                else text += ch;
            }
            text += "\n";
        }
    }
    return text;
}

std::string srt(const std::vector<model::Cue>& cues) {
    std::string text;
    int n = 0;
    for (const model::Cue& c : cues) {
        const long long a = millis(c.start), b = millis(c.end);
        if (b <= a) continue;
        if (n++ > 0) text += "\n";
        text += std::to_string(n) + "\n" + clock(a, ',') + " --> " + clock(b, ',') + "\n";
        for (const std::string& line : c.lines) text += line + "\n";
    }
    return text;
}

}  // namespace output
