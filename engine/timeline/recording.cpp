// timeline/recording: the recording format, one event a line: "<seconds> <command> [args]".
// Edits of the controls are written through scene::controls() ("set NAME VALUE"); the
// shorthands of old (focus, temperature, mask, key) still read and write as before.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <sstream>
#include <type_traits>

#include "timeline/detail.hpp"

namespace timeline {

using detail::Overloaded;

namespace {

// The edit commands app sends, recorded under their own names (recordings of old use them too):
// each is one control of the table, written in its kind's text form.
struct Shorthand {
    const char* command;  // "key"
    const char* control;  // "keys"
    std::size_t index;    // its alternative in Command
    // The command for a change of that one control, or nullopt ("key same" is not one move).
    std::optional<Command> (*make)(const scene::Settings&);
};

template <class T, std::size_t I = 0>
constexpr std::size_t index_of() {
    if constexpr (std::is_same_v<std::variant_alternative_t<I, Command>, T>) return I;
    else return index_of<T, I + 1>();
}

const Shorthand kShorthands[] = {
    {"focus", "focus", index_of<cmd::Focus>(),
     [](const scene::Settings& s) -> std::optional<Command> { return cmd::Focus{*s.focus}; }},
    {"temperature", "temperature", index_of<cmd::Temperature>(),
     [](const scene::Settings& s) -> std::optional<Command> { return cmd::Temperature{*s.temperature}; }},
    {"mask", "mask", index_of<cmd::Mask>(),
     [](const scene::Settings& s) -> std::optional<Command> { return cmd::Mask{*s.mask}; }},
    {"key", "keys", index_of<cmd::MoveKey>(),
     [](const scene::Settings& s) -> std::optional<Command> {
         if (s.keys_same || s.key_scale || s.keys.size() != 1) return std::nullopt;
         return cmd::MoveKey{s.keys[0].first, s.keys[0].second};
     }},
};

// "NAME VALUE; NAME VALUE": every control `change` sets, in the table's order.
std::string settings_text(const scene::Settings& change) {
    std::string out;
    for (const scene::ControlInfo& c : scene::controls())
        if (auto v = c.get(change)) out += (out.empty() ? "" : "; ") + std::string(c.name) + " " + scene::to_text(c.kind, *v);
    return out;
}

bool read_settings(const std::string& text, scene::Settings& out, std::string& error) {
    if (text.find_first_not_of(" \t") == std::string::npos) return true;  // "set": no change
    std::size_t at = 0;
    while (at <= text.size()) {
        std::size_t semi = text.find(';', at);
        if (semi == std::string::npos) semi = text.size();
        std::istringstream part(text.substr(at, semi - at));
        at = semi + 1;
        std::string name, value;
        if (!(part >> name)) {
            error = "expected 'set NAME VALUE[; NAME VALUE …]'";
            return false;
        }
        std::getline(part, value);
        const scene::ControlInfo* c = scene::control(name);
        if (!c) {
            const std::string near = core::nearest(name, scene::control_names());
            error = "unknown control '" + name + "'" + (near.empty() ? "" : " (did you mean '" + near + "'?)") +
                    "; known controls: ";
            for (const auto& n : scene::control_names()) error += n + (n == scene::control_names().back() ? "" : ", ");
            return false;
        }
        scene::ControlValue v;
        std::string why;
        if (!scene::from_text(c->kind, value, v, why)) {
            error = "set " + name + ": " + why;
            return false;
        }
        c->put(out, v);
    }
    return true;
}

}  // namespace

std::string format(const Event& e) {
    // Any double fits: "%.6f" of a large time is hundreds of digits (a fixed buffer cut it).
    std::string head(static_cast<std::size_t>(std::snprintf(nullptr, 0, "%.6f ", e.t)) + 1, '\0');
    std::snprintf(head.data(), head.size(), "%.6f ", e.t);
    head.pop_back();
    std::ostringstream out;
    out.precision(17);
    out << head;
    if (auto change = change_of(e.command)) {
        for (const Shorthand& sh : kShorthands)
            if (sh.index == e.command.index()) {
                const scene::ControlInfo& c = *scene::control(sh.control);
                out << sh.command << ' ' << scene::to_text(c.kind, *c.get(*change));
                return out.str();
            }
        const std::string text = settings_text(*change);
        out << "set" << (text.empty() ? "" : " ") << text;
        return out.str();
    }
    auto num = [&](double x) {
        if (std::isinf(x)) out << "inf";
        else out << x;
    };
    std::visit(Overloaded{
                   [&](const cmd::Next&) { out << "next"; },
                   [&](const cmd::Back&) { out << "back"; },
                   [&](const cmd::Replay&) { out << "replay"; },
                   [&](const cmd::Goto& g) { out << "goto " << g.span; },
                   [&](const cmd::Seek& k) { out << "seek "; num(k.u); },
                   [&](const cmd::Pause&) { out << "pause"; },
                   [&](const cmd::Speed& sp) { out << "speed "; num(sp.speed); },
                   [&](const cmd::Experiment& x) { out << "experiment " << x.index; },
                   [&](const cmd::Reset&) { out << "reset"; },
                   [&](const cmd::Hover& h) { out << "hover " << h.token; },
                   [&](const cmd::Blank&) { out << "blank"; },
                   [&](const cmd::Laser& l) {
                       if (l.at) { out << "laser "; num(l.at->x); out << ' '; num(l.at->y); }
                       else out << "laser off";
                   },
                   [&](const cmd::QuizOpen&) { out << "quiz open"; },
                   [&](const cmd::QuizPick& p) { out << "quiz pick " << p.choice; },
                   [&](const cmd::QuizReveal&) { out << "quiz reveal"; },
                   [&](const cmd::QuizNext&) { out << "quiz next"; },
                   [&](const cmd::QuizClose&) { out << "quiz close"; },
                   [&](const cmd::QuizGrade& g) { out << "quiz grade " << (g.right ? "right" : "wrong"); },
                   [&](const cmd::QuizRetry&) { out << "quiz retry"; },
                   [&](const cmd::Seed& sd) { out << "seed " << sd.value; },
                   [&](const cmd::EditKey& k) { out << "edit-key " << k.token; },
                   [&](const cmd::Undo&) { out << "undo"; },
                   [&](const cmd::Redo&) { out << "redo"; },
                   [&](const cmd::ResetStep&) { out << "reset-step"; },
                   [&](const cmd::Gesture& g) { out << "gesture " << (g.begin ? "begin" : "end"); },
                   // The edit commands are written above, through the table of controls.
                   [&](const cmd::Focus&) {}, [&](const cmd::MoveKey&) {}, [&](const cmd::Temperature&) {},
                   [&](const cmd::Mask&) {}, [&](const cmd::Set&) {},
               },
               e.command);
    return out.str();
}

bool parse(const std::string& line, Event& out, std::string& error, std::size_t* extra) {
    if (extra) *extra = std::string::npos;
    std::istringstream in(line);
    std::string name;
    auto number = [&](double& x) {
        std::string w;
        if (!(in >> w)) return false;
        if (w == "inf") { x = attention::kInfinity; return true; }
        char* end = nullptr;
        x = std::strtod(w.c_str(), &end);
        return end && *end == '\0' && std::isfinite(x);
    };
    auto integer = [&](int& x) {
        double d = 0;
        // Whole and within int: a recording is untrusted text ("goto 22147483648").
        if (!number(d) || d != std::floor(d) || d < std::numeric_limits<int>::min() || d > std::numeric_limits<int>::max())
            return false;
        x = static_cast<int>(d);
        return true;
    };
    double t = 0;
    if (!number(t) || !(in >> name)) {
        error = "expected '<seconds> <command> [arguments]'";
        return false;
    }
    if (!(t >= 0 && t <= kMaxRecordedSeconds)) {
        error = "the time must be seconds from the start of the recording, 0 to " + std::to_string(static_cast<long>(kMaxRecordedSeconds));
        return false;
    }
    out.t = t;
    std::string rest;
    std::getline(in, rest);
    in.clear();
    in.str(rest);
    if (name == "set") {
        cmd::Set set;
        if (!read_settings(rest, set.change, error)) return false;
        out.command = std::move(set);
        return true;
    }
    for (const Shorthand& sh : kShorthands) {
        if (name != sh.command) continue;
        const scene::ControlInfo& c = *scene::control(sh.control);
        scene::ControlValue v;
        std::string why;
        std::optional<Command> command;
        if (scene::from_text(c.kind, rest, v, why)) {
            scene::Settings change;
            c.put(change, v);
            command = sh.make(change);
        }
        if (!command) {
            error = "bad arguments for '" + name + "'";
            return false;
        }
        out.command = std::move(*command);
        return true;
    }
    bool ok = true;
    if (name == "next") out.command = cmd::Next{};
    else if (name == "back") out.command = cmd::Back{};
    else if (name == "replay") out.command = cmd::Replay{};
    else if (name == "pause") out.command = cmd::Pause{};
    else if (name == "reset") out.command = cmd::Reset{};
    else if (name == "blank") out.command = cmd::Blank{};
    else if (name == "undo") out.command = cmd::Undo{};
    else if (name == "redo") out.command = cmd::Redo{};
    else if (name == "reset-step") out.command = cmd::ResetStep{};
    else if (name == "edit-key") { cmd::EditKey k; ok = integer(k.token); out.command = k; }
    else if (name == "gesture") {
        std::string w;
        in >> w;
        ok = w == "begin" || w == "end";
        out.command = cmd::Gesture{w == "begin"};
    }
    else if (name == "goto") { cmd::Goto g; ok = integer(g.span); out.command = g; }
    else if (name == "seek") { cmd::Seek k; ok = number(k.u); out.command = k; }
    else if (name == "speed") { cmd::Speed sp; ok = number(sp.speed); out.command = sp; }
    else if (name == "hover") { cmd::Hover h; ok = integer(h.token); out.command = h; }
    else if (name == "experiment") { cmd::Experiment x; ok = integer(x.index); out.command = x; }
    else if (name == "laser") {
        std::string w;
        std::streampos at = in.tellg();
        if (in >> w && w == "off") out.command = cmd::Laser{};
        else {
            in.clear();
            in.seekg(at);
            core::Point p;
            ok = number(p.x) && number(p.y);
            out.command = cmd::Laser{p};
        }
    } else if (name == "quiz") {
        std::string w;
        in >> w;
        if (w == "open") out.command = cmd::QuizOpen{};
        else if (w == "reveal") out.command = cmd::QuizReveal{};
        else if (w == "next") out.command = cmd::QuizNext{};
        else if (w == "close") out.command = cmd::QuizClose{};
        else if (w == "pick") { cmd::QuizPick p; ok = integer(p.choice); out.command = p; }
        else if (w == "retry") out.command = cmd::QuizRetry{};
        else if (w == "grade") {
            std::string g;
            in >> g;
            ok = g == "right" || g == "wrong";
            out.command = cmd::QuizGrade{g == "right"};
        } else ok = false;
    } else if (name == "seed") {
        std::string w;
        char* end = nullptr;
        ok = static_cast<bool>(in >> w);
        unsigned long long value = ok ? std::strtoull(w.c_str(), &end, 10) : 0;
        ok = ok && end && *end == '\0';
        out.command = cmd::Seed{static_cast<std::uint64_t>(value)};
    } else {
        error = "unknown command '" + name + "'";
        return false;
    }
    if (!ok) {
        error = "bad arguments for '" + name + "'";
        return false;
    }
    // One command a line: a word after its arguments is a mistake, not something to drop.
    in >> std::ws;
    if (!in.eof()) {
        const std::size_t at = line.size() - rest.size() + static_cast<std::size_t>(in.tellg());
        std::string word;
        in >> word;
        error = "unexpected '" + word + "' after the command '" + name + "' (one command a line)";
        if (extra) *extra = at;
        return false;
    }
    return true;
}

}  // namespace timeline
