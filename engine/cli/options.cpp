// cli/options: the parsers the rows of the option table (options.hpp) name, and what is made from
// the table: parsing, the --help lines and "did you mean". A value is read by one parser whichever
// command takes it, so the words of its error are the same.
#include "cli/options.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "core/core.hpp"

namespace options {

namespace {

// A whole number of decimal digits only (no sign, no space) from `lo` to `hi`.
bool whole(const std::string& s, long long lo, long long hi, long long& out) {
    if (s.empty() || s.size() > 18 || s.find_first_not_of("0123456789") != std::string::npos) return false;
    const long long v = std::strtoll(s.c_str(), nullptr, 10);
    if (v < lo || v > hi) return false;
    out = v;
    return true;
}

}  // namespace

// ---- the parsers the rows name -------------------------------------------------------------

bool read_out(const std::string& text, const Context&, Values& into, std::string&) {
    into.out = text;
    return true;
}

bool read_size(const std::string& text, const Context&, Values& into, std::string& expects) {
    expects = "WxH, each side from " + std::to_string(kMinSide) + " to " + std::to_string(kMaxSide) +
              " (e.g. 1920x1080)";
    const auto x = text.find_first_of("xX");
    long long w = 0, h = 0;
    if (x == std::string::npos || !whole(text.substr(0, x), kMinSide, kMaxSide, w) ||
        !whole(text.substr(x + 1), kMinSide, kMaxSide, h))
        return false;
    into.size = std::pair<int, int>{static_cast<int>(w), static_cast<int>(h)};
    return true;
}

bool read_quality(const std::string& text, const Context&, Values& into, std::string& expects) {
    expects = "l, m, h or k (480p15, 720p30, 1080p60, 2160p60)";
    if (text != "l" && text != "m" && text != "h" && text != "k") return false;
    into.quality = text;
    return true;
}

bool read_fps(const std::string& text, const Context&, Values& into, std::string& expects) {
    expects = "a number of frames per second from 1 to 240 (a video shows at least one frame a second)";
    char* end = nullptr;
    const double f = std::strtod(text.c_str(), &end);
    if (text.empty() || !end || *end != '\0' || !(f >= kMinFps && f <= kMaxFps)) return false;
    into.fps = f;
    return true;
}

bool read_theme(const std::string& text, const Context&, Values& into, std::string& expects) {
    expects = "light or dark";
    if (text == "light") into.theme = Theme::Light;
    else if (text == "dark") into.theme = Theme::Dark;
    else return false;
    return true;
}

bool read_steps(const std::string& text, const Context&, Values& into, std::string& expects) {
    expects = "A-B with 1 ≤ A ≤ B (or one step A)";
    const auto dash = text.find('-');
    long long lo = 0, hi = 0;
    const bool ok = dash == std::string::npos
                        ? whole(text, 1, 1 << 20, lo) && (hi = lo, true)
                        : whole(text.substr(0, dash), 1, 1 << 20, lo) && whole(text.substr(dash + 1), 1, 1 << 20, hi);
    if (!ok || lo > hi) return false;
    into.steps = std::pair<int, int>{static_cast<int>(lo), static_cast<int>(hi)};
    return true;
}

// The one reading of --seed: decimal digits, 0 to 2^64 − 1.
bool read_seed(const std::string& text, const Context&, Values& into, std::string& expects) {
    expects = "a whole number from 0 to 18446744073709551615";
    if (text.empty() || text.size() > 20 || text.find_first_not_of("0123456789") != std::string::npos) return false;
    errno = 0;
    char* end = nullptr;
    const unsigned long long v = std::strtoull(text.c_str(), &end, 10);
    if (errno == ERANGE || !end || *end != '\0') return false;
    into.seed = static_cast<std::uint64_t>(v);
    return true;
}

bool read_still(const std::string& text, const Context&, Values& into, std::string& expects) {
    expects = "a step number (1 for the first)";
    long long s = 0;
    if (!whole(text, 1, 1 << 20, s)) return false;
    into.still = static_cast<int>(s);
    return true;
}

bool read_replay(const std::string& text, const Context&, Values& into, std::string&) {
    into.replay = text;
    return true;
}

bool read_voice(const std::string& text, const Context&, Values& into, std::string& expects) {
    expects = "espeak (a draft voice from each step's narration, by espeak-ng)";
    if (text != "espeak") return false;
    into.draft_voice = true;
    return true;
}

bool read_format(const std::string& text, const Context& ctx, Values& into, std::string& expects) {
    expects = listing(ctx.formats);
    for (const std::string& name : ctx.formats)
        if (name == text) {
            into.format = text;
            return true;
        }
    return false;
}

// MM:SS, H:MM:SS, or minutes; more than zero.
bool read_talk_time(const std::string& text, const Context&, Values& into, std::string& expects) {
    expects = "MM:SS, H:MM:SS or minutes";
    double parts[3] = {0, 0, 0};
    int n = 0;
    for (std::size_t i = 0; i <= text.size() && n < 3;) {
        const std::size_t j = text.find(':', i);
        const std::string p = text.substr(i, j == std::string::npos ? std::string::npos : j - i);
        if (p.empty() || p.find_first_not_of("0123456789.") != std::string::npos) return false;
        parts[n++] = std::atof(p.c_str());
        if (j == std::string::npos) break;
        i = j + 1;
    }
    const double seconds = n == 1 ? parts[0] * 60 : n == 2 ? parts[0] * 60 + parts[1]
                                                           : parts[0] * 3600 + parts[1] * 60 + parts[2];
    if (!(seconds > 0)) return false;
    into.talk_time = seconds;
    return true;
}

bool read_screen(const std::string& text, const Context&, Values& into, std::string& expects) {
    expects = "a display number (0, 1, …)";
    long long v = 0;
    if (!whole(text, 0, 1000000, v)) return false;
    into.screen = static_cast<int>(v);
    return true;
}

bool read_start_at(const std::string& text, const Context&, Values& into, std::string& expects) {
    expects = "a step number (1 for the first)";
    long long v = 0;
    if (!whole(text, 1, 1000000, v)) return false;
    into.start_at = static_cast<int>(v);
    return true;
}

bool read_record(const std::string& text, const Context&, Values& into, std::string&) {
    into.record = text;
    return true;
}

bool read_root(const std::string& text, const Context&, Values& into, std::string& expects) {
    expects = "a folder";
    if (text.empty()) return false;
    into.root = text;
    return true;
}

// A number ≥ 0, or inf (the limit T → ∞: uniform weights).
bool read_temperature(const std::string& text, const Context&, Values& into, std::string& expects) {
    expects = "a number ≥ 0 or 'inf'";
    if (text == "inf" || text == "Infinity" || text == "infinity") {
        into.temperature = std::numeric_limits<double>::infinity();
        return true;
    }
    char* end = nullptr;
    const double t = std::strtod(text.c_str(), &end);
    if (text.empty() || !end || *end != '\0' || !std::isfinite(t) || !(t >= 0)) return false;
    into.temperature = t;
    return true;
}

bool read_mask(const std::string& text, const Context&, Values& into, std::string& expects) {
    expects = "'on' or 'off'";
    if (text != "on" && text != "off") return false;
    into.mask = text == "on";
    return true;
}

namespace {

// The row of `command` named `name` (its flag or its alias), or null.
const Row* find(Command command, const std::string& name) {
    for (const Row& r : kRows)
        if ((r.commands & command) && (name == r.flag || (r.alias && name == r.alias))) return &r;
    return nullptr;
}

// Why `name` is no option of `command`: another command's, a near miss, or neither.
std::string unknown(Command command, const std::string& name) {
    const std::string see = "see 'attnlab " + std::string(command_name(command)) + " --help'";
    std::string head = "unknown option for " + std::string(command_name(command)) + ": " + name + " (";
    for (const Command other : {kPresent, kExport, kCheck, kTrace})
        if (other != command && find(other, name))
            return head + "an option of " + command_name(other) + ", not of " + command_name(command) + "; " + see + ")";
    std::vector<std::string> names;
    for (const Row& r : kRows)
        if (r.commands & command) {
            names.push_back(r.flag);
            if (r.alias) names.push_back(r.alias);
        }
    const std::string near = core::nearest(name, names);
    return head + (near.empty() ? "" : "did you mean '" + near + "'? ") + see + ")";
}

// The row's help with the context's words put in.
std::string worded(const std::string& text, const Context& ctx) {
    std::string out;
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t open = text.find('{', at), close = open == std::string::npos ? open : text.find('}', open);
        if (close == std::string::npos) {
            out += text.substr(at);
            break;
        }
        out += text.substr(at, open - at);
        const auto word = ctx.words.find(text.substr(open + 1, close - open - 1));
        out += word == ctx.words.end() ? text.substr(open, close - open + 1) : word->second;
        at = close + 1;
    }
    return out;
}

}  // namespace

const char* command_name(Command command) {
    switch (command) {
        case kPresent: return "present";
        case kExport: return "export";
        case kCheck: return "check";
        case kTrace: return "trace";
    }
    return "attnlab";
}

const std::vector<Row>& rows() { return kRows; }

bool parse(Command command, const std::vector<std::string>& args, const Context& ctx, Values& values,
           std::string& error) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string name = args[i];
        std::optional<std::string> attached;  // --name=value
        if (name.rfind("--", 0) == 0 && name.find('=') != std::string::npos) {
            attached = name.substr(name.find('=') + 1);
            name = name.substr(0, name.find('='));
        }
        if (name.empty() || name[0] != '-' || name == "-") {
            if (command == kCheck) {
                if (values.files.empty()) values.file = name;
                values.files.push_back(name);
                continue;
            }
            if (!values.file.empty()) {
                error = std::string(command_name(command)) + " takes one file, got '" + values.file + "' and '" + name +
                        "'";
                return false;
            }
            values.file = name;
            continue;
        }
        const Row* row = find(command, name);
        if (!row) {
            error = unknown(command, name);
            return false;
        }
        std::string text;
        if (row->value) {
            if (attached) {
                text = *attached;
            } else if (i + 1 < args.size()) {
                text = args[++i];
            } else {
                error = name + " needs a value (" + row->value + ")";
                return false;
            }
        } else if (attached) {
            error = name + " expects no value, not '" + *attached + "'";
            return false;
        }
        std::string expects;
        if (!row->read(text, ctx, values, expects)) {
            error = name + " expects " + expects + ", not '" + text + "'";
            return false;
        }
        if (values.help) return true;
    }
    return true;
}

std::string help(Command command, const Context& ctx) {
    constexpr std::size_t kColumn = 24;
    std::string out;
    for (const Row& r : kRows) {
        if (!(r.commands & command)) continue;
        std::string label = "  " + (r.alias ? std::string(r.alias) + ", " : std::string()) + r.flag +
                            (r.value ? " " + std::string(r.value) : std::string());
        if (label.size() < kColumn) label.resize(kColumn, ' ');
        else label += " ";
        const std::string text = worded(r.help, ctx);
        out += label;
        for (std::size_t at = 0; at <= text.size();) {
            std::size_t nl = text.find('\n', at);
            if (nl == std::string::npos) nl = text.size();
            if (at > 0) out += std::string(kColumn, ' ');
            out += text.substr(at, nl - at) + "\n";
            at = nl + 1;
        }
    }
    return out;
}

std::string listing(const std::vector<std::string>& items) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i) out += i + 1 == items.size() ? " or " : ", ";
        out += items[i];
    }
    return out;
}

}  // namespace options
