// app/bindings: the key table, the lookup through the layers, and the names the help and README
// show. No SDL (a backend translates key codes: sdl/events.cpp); what an action does is react()'s
// (modes.cpp).
#include "app/bindings.hpp"

#include <bit>
#include <cctype>
#include <utility>

namespace app {

namespace {

constexpr Chord k(Key key, Mods mods = kNoMods) { return {key, Key::None, mods}; }
constexpr Chord k(char c, Mods mods = kNoMods) { return {ch(c), Key::None, mods}; }
constexpr Chord range(char first, char last) { return {ch(first), ch(last), kNoMods}; }

// The "Try this" menu's rows past the ninth: letters no key of the menu or of anywhere takes
// (not E X, which close it, nor F Q). The table's row lists them as ranges; menu_key() names them.
constexpr char kMenuLetters[] = "abcdghijklmnoprstuvwyz";

constexpr ModeSet kNotTyping = kEveryMode & ~(in(Mode::GotoStep) | in(Mode::KeyEntry));

// One row per key (or keys) with one meaning. A row whose help is "" shares the line of the row
// above it in the help and README ("Home / End — first / last step"): write that line's help so
// that it reads for all of them.
std::vector<Binding> table() {
    using A = Action;
    using L = Layer;
    return {
        // ---- on the slides
        {L::Slides, {k(Key::Right), k(Key::Down), k(Key::Space), k(Key::PageDown), k(Key::Enter)}, A::Next, 0,
         "next (a running animation completes first)"},
        {L::Slides, {k(Key::Left), k(Key::Up), k(Key::PageUp), k(Key::Backspace)}, A::Back, 0,
         "back: the previous step at its end state"},
        {L::Slides, {k(Key::Home)}, A::First, 0, "first / last step"},
        {L::Slides, {k(Key::End)}, A::Last, 0, ""},
        {L::Slides, {k('g'), range('1', '9')}, A::StartGoto, 0, "go to a step: type its number, then Enter (any other key cancels, then acts)"},
        {L::Slides, {k('o')}, A::OpenOverview, 0, "overview: a grid of every step"},
        {L::Slides, {k('r')}, A::Replay, 0, "replay / pause the step's animation"},
        {L::Slides, {k('p')}, A::Pause, 0, ""},
        {L::Slides, {k('p', kShift)}, A::TimerPause, 0, "talk timer: pause or run / back to 0:00 (it starts at the first →)",
         kEveryMode, "the presenter view's talk timer: pause or run / back to 0:00 (it starts at the next step)"},
        {L::Slides, {k('r', kShift)}, A::TimerReset, 0, ""},
        {L::Slides, {k(Key::Left, kShift)}, A::Scrub, -1, "scrub the animation a tenth back / on"},
        {L::Slides, {k(Key::Right, kShift)}, A::Scrub, +1, ""},
        {L::Slides, {k('[')}, A::Slower, 0, "slower / faster (0.25× to 2×)"},
        {L::Slides, {k(']')}, A::Faster, 0, ""},
        {L::Slides, {k('t'), k('+'), k('=')}, A::TemperatureUp, 0, "temperature up / down, from 0 to ∞"},
        {L::Slides, {k('t', kShift), k('-')}, A::TemperatureDown, 0, ""},
        {L::Slides, {k('m')}, A::ToggleMask, 0, "causal mask on / off"},
        {L::Slides, {k('h', kShift)}, A::NextHead, 0, "the next head, in a scene of several (so does a click on its thumbnail)"},
        {L::Slides, {k('k')}, A::EnterKeys, 0, "key editing: pick a key and move it"},
        {L::Slides, {k('e'), k('x')}, A::OpenMenu, 0, "experiments: the \"Try this\" menu"},
        {L::Slides, {k('0')}, A::Reset, 0, "reset every edit and experiment of the scene", kEveryMode,
         "end the experiment: back to the script"},
        {L::Slides, {k('0', kShift)}, A::ResetStep, 0, "reset only the edits made on this step"},
        {L::Slides, {k('z', kCtrl)}, A::Undo, 0, "undo / redo an edit (a whole drag at a time)"},
        {L::Slides, {k('z', kCtrl | kShift), k('y', kCtrl)}, A::Redo, 0, ""},
        {L::Slides, {k('c')}, A::OpenQuiz, 0, "check yourself: a fresh quiz every time"},
        {L::Slides, {k('b'), k('.')}, A::Blank, 0, "blank the screen / laser / hide the counter", kEveryMode,
         "blank the screen / hide the counter"},
        {L::Slides, {k('l')}, A::ToggleLaser, 0, ""},
        {L::Slides, {k('h')}, A::ToggleCounter, 0, ""},
        {L::Slides, {k('s')}, A::TogglePresenter, 0, "presenter window: notes, next step, timer"},
        {L::Slides, {k(Key::Escape)}, A::Escape, 0, "leave fullscreen, else end the laser", kEveryMode,
         "end the experiment, else leave fullscreen"},

        // ---- anywhere
        {L::Anywhere, {k('q')}, A::Quit, 0, "quit (not while typing)", kNotTyping},
        {L::Anywhere, {k('f')}, A::Fullscreen, 0, "fullscreen on / off (F11 also while typing)",
         kEveryMode & ~in(Mode::KeyEntry), "fullscreen on / off"},
        {L::Anywhere, {k(Key::F11)}, A::Fullscreen, 0, ""},
        {L::Anywhere, {k('?'), k(Key::F1), k('/', kShift)}, A::ToggleHelp, 0, "this help"},
        {L::Anywhere, {k(Key::F12)}, A::ToggleFps, 0, "frames per second"},
        {L::Help, {k(Key::Escape)}, A::CloseHelp, 0, "close this help (so does a click)"},

        // ---- key editing
        {L::Keys, {range('1', '9')}, A::PickKey, 0, "pick key 1–9 / the next key"},
        {L::Keys, {k(Key::Tab)}, A::NextKey, 0, ""},
        {L::Keys, {k(Key::Left)}, A::NudgeKey, kLeft, "move it to the next 0.1 line (Shift: 5 lines, Alt: 0.01 off the grid)"},
        {L::Keys, {k(Key::Right)}, A::NudgeKey, kRight, ""},
        {L::Keys, {k(Key::Up)}, A::NudgeKey, kUp, ""},
        {L::Keys, {k(Key::Down)}, A::NudgeKey, kDown, ""},
        {L::Keys, {k('e')}, A::TypeKey, 0, "type its exact coordinates"},
        {L::Keys, {k(Key::Escape), k('k')}, A::Leave, 0, "back to the slides (other keys act as there)"},

        // ---- typing a step number or coordinates
        {L::Typing, {range('0', '9')}, A::TypeDigit, 0, "type the number"},
        {L::Typing, {k('-')}, A::TypeChar, '-', "coordinates: minus / point / next number", in(Mode::KeyEntry)},
        {L::Typing, {k('.')}, A::TypeChar, '.', "", in(Mode::KeyEntry)},
        {L::Typing, {k(Key::Space), k(','), k(Key::Tab)}, A::TypeChar, ' ', "", in(Mode::KeyEntry)},
        {L::Typing, {k(Key::Backspace)}, A::Erase, 0, "erase the last character"},
        {L::Typing, {k(Key::Enter)}, A::Commit, 0, "go there / set the key", kEveryMode, "go there"},
        {L::Typing, {k(Key::Escape)}, A::Cancel, 0, "cancel (a step number: so does any other key, which then acts as on the slides; Q only cancels)",
         kEveryMode, "cancel (so does any other key, which then acts as on the slides)"},

        // ---- the overview
        {L::Overview, {k(Key::Left)}, A::MoveSelection, kLeft, "move the highlight"},
        {L::Overview, {k(Key::Right)}, A::MoveSelection, kRight, ""},
        {L::Overview, {k(Key::Up)}, A::MoveSelection, kUp, ""},
        {L::Overview, {k(Key::Down)}, A::MoveSelection, kDown, ""},
        {L::Overview, {k(Key::Home)}, A::MoveSelection, kFirst, ""},
        {L::Overview, {k(Key::End)}, A::MoveSelection, kLast, ""},
        {L::Overview, {k(Key::Enter), k(Key::Space)}, A::Choose, 0, "go to the highlighted step"},
        {L::Overview, {k(Key::Escape), k('o')}, A::Leave, 0, "back to the slides"},

        // ---- the "Try this" menu
        {L::Menu, {range('1', '9'), range('a', 'd'), range('g', 'p'), range('r', 'w'), range('y', 'z')}, A::RunExperiment, 0,
         "run the experiment of that row (1–9, then the letter beside it)"},
        {L::Menu, {k(Key::Up)}, A::MoveSelection, kUp, "move the highlight / run that row"},
        {L::Menu, {k(Key::Down)}, A::MoveSelection, kDown, ""},
        {L::Menu, {k(Key::Enter)}, A::Choose, 0, ""},
        {L::Menu, {k('0'), k(Key::Backspace)}, A::EndExperiment, 0, "end the experiment: back to the script"},
        {L::Menu, {k(Key::Escape), k('e'), k('x')}, A::Leave, 0, "close the menu"},

        // ---- a quiz is open
        {L::Quiz, {range('1', '9')}, A::QuizPick, 0, "pick a choice"},
        {L::Quiz, {k(Key::Space), k(Key::Enter)}, A::QuizAnswer, 0, "reveal the answer, then the next question"},
        {L::Quiz, {k(Key::Right), k(Key::Down), k(Key::PageDown)}, A::QuizNext, 0, "the next question (after the last: the score)"},
        {L::Quiz, {k('h')}, A::QuizGrade, 1, "a revealed question without choices: I had it / I didn't"},
        {L::Quiz, {k('n')}, A::QuizGrade, 0, ""},
        {L::Quiz, {k('m')}, A::QuizRetry, 0, "on the score: again with the ones I missed"},
        {L::Quiz, {k('c')}, A::OpenQuiz, 0, "a fresh attempt / show me / close the quiz"},
        {L::Quiz, {k('y')}, A::ShowMe, 0, ""},
        {L::Quiz, {k(Key::Escape)}, A::QuizClose, 0, ""},
    };
}

const char* layer_title(Layer l) {
    switch (l) {
        case Layer::Slides: return "on the slides";
        case Layer::Anywhere: return "anywhere";
        case Layer::Help: return "while this help is open";
        case Layer::Keys: return "key editing (K, or click the key plane)";
        case Layer::Typing: return "typing a step number or coordinates";
        case Layer::Overview: return "the overview (O)";
        case Layer::Menu: return "the \"Try this\" menu (E or X)";
        case Layer::Quiz: return "check yourself (C), while a quiz is open";
    }
    return "";
}
constexpr const char* kGestureTitle = "with the mouse";

bool matches(const Chord& c, Key key, Mods held) {
    if ((held & c.mods) != c.mods) return false;
    if (c.last == Key::None) return key == c.key;
    return key >= c.key && key <= c.last;
}

// The number a key of a range stands for: a digit its value, a letter of kMenuLetters the menu
// row it names (10 for A, …), 1-based.
int range_number(Key key) {
    const int c = static_cast<int>(key);
    if (c >= '0' && c <= '9') return c - '0';
    for (int i = 0; kMenuLetters[i]; ++i)
        if (kMenuLetters[i] == c) return 10 + i;
    return 0;
}

// The action of a row for the key that matched it (a range passes the number it stands for).
Input input_of(const Binding& b, Key key, Mods held) {
    Input in{b.action, b.arg, (held & kShift) != 0, (held & kAlt) != 0};
    for (const Chord& c : b.keys)
        if (c.last != Key::None && key >= c.key && key <= c.last) in.arg = range_number(key);
    return in;
}

struct Named {
    Key key;
    const char* name;
};
constexpr Named kNames[] = {
    {Key::Space, "Space"}, {Key::Enter, "Enter"},   {Key::Escape, "Esc"},        {Key::Backspace, "Backspace"},
    {Key::Tab, "Tab"},     {Key::Left, "←"},        {Key::Right, "→"},           {Key::Up, "↑"},
    {Key::Down, "↓"},      {Key::PageUp, "PageUp"}, {Key::PageDown, "PageDown"}, {Key::Home, "Home"},
    {Key::End, "End"},     {Key::F1, "F1"},         {Key::F11, "F11"},           {Key::F12, "F12"},
    {ch('-'), "−"},  // the minus sign the help prints
};

std::string key_name(Key key) {
    for (const Named& n : kNames)
        if (n.key == key) return n.name;
    const int c = static_cast<int>(key);
    if (c > ' ' && c < 127) return std::string(1, static_cast<char>(std::toupper(c)));
    return "?";
}

std::string row_keys(const Binding& b) {
    std::string s;
    for (const Chord& c : b.keys) s += (s.empty() ? "" : " ") + chord_label(c);
    return s;
}

}  // namespace

const std::vector<Binding>& bindings() {
    static const std::vector<Binding> t = table();
    return t;
}

const Binding* find(Layer layer, Mode mode, Key key, Mods held) {
    const Binding* best = nullptr;
    int best_mods = -1;
    for (const Binding& b : bindings()) {
        if (b.layer != layer || !(b.modes & in(mode))) continue;
        for (const Chord& c : b.keys) {
            const int n = std::popcount(c.mods);
            if (matches(c, key, held) && n > best_mods) {
                best = &b;
                best_mods = n;
            }
        }
    }
    return best;
}

Reaction press(const Modes& m, Key key, Mods held, const Context& c) {
    auto take = [&](const Modes& at, Layer layer) -> std::optional<Reaction> {
        const Binding* b = find(layer, at.mode, key, held);
        if (!b) return std::nullopt;
        return react(at, input_of(*b, key, held), c);
    };
    auto nothing = [](const Modes& at) { return Reaction{at, {}, {}}; };
    if (auto r = take(m, Layer::Anywhere)) return *r;
    if (m.help)
        if (auto r = take(m, Layer::Help)) return *r;
    // Nothing else reaches the slides (or the keys) while a quiz is open.
    if (c.state.quiz.open && (m.mode == Mode::Slides || m.mode == Mode::Keys)) return take(m, Layer::Quiz).value_or(nothing(m));
    switch (m.mode) {
        case Mode::Slides: return take(m, Layer::Slides).value_or(nothing(m));
        case Mode::Keys: {
            if (!c.view.scene) {
                // The step moved on to a slide without a scene: no keys to edit there.
                Modes slides = m;
                slides.mode = Mode::Slides;
                return take(slides, Layer::Slides).value_or(nothing(slides));
            }
            if (auto r = take(m, Layer::Keys)) return *r;
            return take(m, Layer::Slides).value_or(nothing(m));  // T, M, 0, Space, PageDown … as on the slides
        }
        case Mode::GotoStep: {
            // A step number is typed with digits, Backspace, Enter and Esc; any other key ends the
            // prompt and then acts as it would have (→ after a stray 2 turns the slide, as on a
            // projector's remote): a digit never takes the arrows. Only Q does not quit from it.
            if (auto r = take(m, Layer::Typing)) return *r;
            const Reaction ended = react(m, {Action::Cancel}, c);
            Reaction then = press(ended.modes, key, held, c);
            if (then.requests.quit) return ended;
            then.commands.insert(then.commands.begin(), ended.commands.begin(), ended.commands.end());
            return then;
        }
        case Mode::KeyEntry: return take(m, Layer::Typing).value_or(nothing(m));
        case Mode::Overview: return take(m, Layer::Overview).value_or(nothing(m));
        case Mode::Experiments: {
            if (!c.view.scene) {
                Modes slides = m;
                slides.mode = Mode::Slides;
                return nothing(slides);
            }
            return take(m, Layer::Menu).value_or(nothing(m));
        }
    }
    return nothing(m);
}

std::string chord_label(const Chord& c) {
    std::string s;
    if (c.mods & kCtrl) s += "Ctrl+";
    if (c.mods & kAlt) s += "Alt+";
    if (c.mods & kShift) s += "Shift+";
    s += key_name(c.key);
    if (c.last != Key::None) s += "–" + key_name(c.last);
    return s;
}

std::optional<Chord> parse_chord(const std::string& label) {
    Chord c;
    std::string rest = label;
    for (const auto& [prefix, mod] : {std::pair<const char*, Mods>{"Ctrl+", kCtrl}, {"Alt+", kAlt}, {"Shift+", kShift}}) {
        const std::string p = prefix;
        if (rest.size() > p.size() && rest.compare(0, p.size(), p) == 0) {
            c.mods |= mod;
            rest = rest.substr(p.size());
        }
    }
    auto one = [](const std::string& name) -> std::optional<Key> {
        for (const Named& n : kNames)
            if (name == n.name) return n.key;
        if (name.size() == 1 && name[0] > ' ' && name[0] < 127) return ch(static_cast<char>(std::tolower(name[0])));
        return std::nullopt;
    };
    const std::string dash = "–";
    const std::size_t at = rest.find(dash);
    if (at != std::string::npos && at > 0) {
        auto first = one(rest.substr(0, at));
        auto last = one(rest.substr(at + dash.size()));
        if (!first || !last) return std::nullopt;
        c.key = *first;
        c.last = *last;
        return c;
    }
    auto key = one(rest);
    if (!key) return std::nullopt;
    c.key = *key;
    return c;
}

std::string menu_key(int row) {
    if (row < 0) return "";
    if (row < 9) return std::to_string(row + 1);
    const std::size_t letter = static_cast<std::size_t>(row - 9);
    if (letter >= sizeof kMenuLetters - 1) return "";
    return std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(kMenuLetters[letter]))));
}

std::string shortcut(Layer layer, Action action) {
    for (const Binding& b : bindings())
        if (b.layer == layer && b.action == action && !b.keys.empty()) return chord_label(b.keys.front());
    return "";
}

const std::vector<Gesture>& gestures() {
    static const std::vector<Gesture> g = {
        {"click a word, its value dot or a matrix row", "make it the one asking"},
        {"drag a key dot", "move that key on a 0.1 grid (Shift or Alt: freely); the arrows still turn the slides"},
        {"click the key plane", "key editing, as K (Esc or the next step ends it)"},
        {"drag the slider", "temperature, from 0 to ∞, clicking into 0 ¼ ½ 1 2 4 ∞ (Shift or Alt: freely)"},
        {"click the switch", "causal mask on / off"},
        {"the bottom bar (--student)", "a button for each step key, speed, quiz"},
    };
    return g;
}

std::vector<HelpSection> help_sections() {
    std::vector<HelpSection> out;
    const Binding* prev = nullptr;
    for (const Binding& b : bindings()) {
        if (!prev || prev->layer != b.layer) {
            if (prev && prev->layer == Layer::Slides) out.push_back({kGestureTitle, {}});
            out.push_back({layer_title(b.layer), {}});
        }
        std::vector<HelpLine>& lines = out.back().lines;
        if (b.help.empty() && !lines.empty()) {
            lines.back().keys += " / " + row_keys(b);
            lines.back().rows.push_back(&b);
        } else {
            lines.push_back({row_keys(b), b.help, {&b}});
        }
        prev = &b;
    }
    for (HelpSection& s : out)
        if (s.title == kGestureTitle)
            for (const Gesture& g : gestures()) s.lines.push_back({g.what, g.help, {}});
    return out;
}

namespace {

// What lecture.js calls an action the page can do; nullptr for the others.
const char* web_action(Action a, int arg) {
    static const char* const kDirections[] = {"left", "right", "up", "down", "home", "end"};
    switch (a) {
        case Action::Next: return "next";
        case Action::Back: return "back";
        case Action::First: return "first";
        case Action::Last: return "last";
        case Action::StartGoto: return "goto";
        case Action::OpenOverview: return "overview";
        case Action::Replay: return "replay";
        case Action::Pause: return "pause";
        case Action::Scrub: return "scrub";
        case Action::Slower: return "slower";
        case Action::Faster: return "faster";
        case Action::Blank: return "blank";
        case Action::ToggleCounter: return "counter";
        case Action::TogglePresenter: return "presenter";
        case Action::TimerPause: return "timer-pause";
        case Action::TimerReset: return "timer-reset";
        case Action::OpenMenu: return "try";
        case Action::OpenQuiz: return "quiz";
        case Action::Escape: return "escape";
        case Action::Fullscreen: return "fullscreen";
        case Action::ToggleHelp: return "help";
        case Action::CloseHelp: return "close-help";
        case Action::TypeDigit: return "type";
        case Action::Erase: return "erase";
        case Action::Commit: return "commit";
        case Action::Cancel: return "cancel";
        case Action::MoveSelection: return arg >= 0 && arg < 6 ? kDirections[arg] : nullptr;
        case Action::Choose: return "choose";
        case Action::Leave: return "leave";
        case Action::RunExperiment: return "run";
        case Action::EndExperiment: return "end-trial";
        case Action::Reset: return "end-trial";  // a page has no edits: only the experiment to end
        case Action::QuizPick: return "pick";
        case Action::QuizAnswer: return "reveal";
        case Action::QuizNext: return "quiz-next";
        case Action::QuizGrade: return "grade";
        case Action::QuizRetry: return "retry";
        case Action::ShowMe: return "show-me";
        case Action::QuizClose: return "quiz-close";
        default: return nullptr;
    }
}

const char* web_layer(Layer l) {
    switch (l) {
        case Layer::Slides: return "slides";
        case Layer::Anywhere: return "anywhere";
        case Layer::Help: return "help";
        case Layer::Typing: return "typing";
        case Layer::Overview: return "overview";
        case Layer::Menu: return "menu";
        case Layer::Quiz: return "quiz";
        case Layer::Keys: return nullptr;  // no keys to edit in a page of pictures
    }
    return nullptr;
}

// KeyboardEvent.key of a key: "ArrowRight", " ", "r"; "" for one a page cannot take.
std::string web_key_name(Key key) {
    switch (key) {
        case Key::Space: return " ";
        case Key::Enter: return "Enter";
        case Key::Escape: return "Escape";
        case Key::Backspace: return "Backspace";
        case Key::Tab: return "";  // moves the focus in a page
        case Key::Left: return "ArrowLeft";
        case Key::Right: return "ArrowRight";
        case Key::Up: return "ArrowUp";
        case Key::Down: return "ArrowDown";
        case Key::PageUp: return "PageUp";
        case Key::PageDown: return "PageDown";
        case Key::Home: return "Home";
        case Key::End: return "End";
        case Key::F1: return "F1";
        case Key::F11: return "";  // the browser's own fullscreen
        case Key::F12: return "";  // the browser's developer tools
        case Key::None: return "";
    }
    const int c = static_cast<int>(key);
    return c > ' ' && c < 127 ? std::string(1, static_cast<char>(c)) : "";
}

// "Shift+r" for a chord (a letter with Shift; a named key with any modifier); "" when a browser
// names it otherwise (Shift+/ is "?", listed on its own).
std::string web_chord(Key key, Mods mods) {
    std::string name = web_key_name(key);
    if (name.empty()) return "";
    const bool letter = name.size() == 1 && std::isalpha(static_cast<unsigned char>(name[0]));
    if ((mods & kShift) && name.size() == 1 && !letter) return "";
    std::string s;
    if (mods & kCtrl) s += "Ctrl+";
    if (mods & kAlt) s += "Alt+";
    if (mods & kShift) s += "Shift+";
    return s + name;
}

// The keys of a row as a browser names them, and the label of those (not F11, not Shift+/).
void add_web_keys(const Binding& b, core::WebKey& k) {
    for (const Chord& c : b.keys) {
        const std::size_t before = k.keys.size();
        if (c.last != Key::None) {
            for (int d = static_cast<int>(c.key); d <= static_cast<int>(c.last); ++d)
                k.keys.push_back(web_chord(static_cast<Key>(d), c.mods));
        } else if (std::string name = web_chord(c.key, c.mods); !name.empty()) {
            k.keys.push_back(name);
        }
        if (k.keys.size() > before) k.label += (k.label.empty() ? "" : " ") + chord_label(c);
    }
}

// The help line of a slide key the page of pictures cannot do, listed as the window's: its own,
// else (a row sharing a line with keys the page does) what it does alone.
std::string window_only_help(const Binding& b) {
    if (!b.help.empty()) return b.help;
    if (b.action == Action::ToggleLaser) return "laser: a red dot follows the pointer";
    return "";
}

}  // namespace

std::vector<core::WebKey> web_keys() {
    std::vector<core::WebKey> out, window_only;
    const Binding* prev = nullptr;
    const Binding* prev_row = nullptr;
    for (const Binding& b : bindings()) {
        const char* layer = web_layer(b.layer);
        const char* action = web_action(b.action, b.arg);
        // The Typing layer's rows that type a step number (not a key's coordinates).
        const bool typing_ok = b.layer != Layer::Typing || (b.modes & in(Mode::GotoStep));
        if (layer && action && typing_ok) {
            // The help line is the page's where the app's names what a page lacks; the label names
            // the keys the page takes, no others (not F11, not Shift+/).
            core::WebKey k{layer, action, b.arg, {}, "", b.web_help.empty() ? b.help : b.web_help};
            add_web_keys(b, k);
            // A row sharing the help line of one the page does not take gets that line.
            if (k.help.empty() && prev && (!web_layer(prev->layer) || !web_action(prev->action, prev->arg)))
                k.help = prev->web_help.empty() ? prev->help : prev->web_help;
            if (!k.keys.empty()) out.push_back(std::move(k));
        } else if (b.layer == Layer::Slides && !action) {
            // A slide key of the window that a page of pictures drawn in advance cannot do (the
            // temperature, the mask, the next head, key editing, undo, the laser): listed in the
            // page's help as the window's (and the live page's), and taken by no action. A row
            // sharing the line of the window-only row above it stays on that line.
            core::WebKey k{"window", "", b.arg, {}, "", ""};
            const bool shares = b.help.empty() && prev_row && prev_row->layer == Layer::Slides &&
                                !web_action(prev_row->action, prev_row->arg);
            if (!shares) k.help = window_only_help(b);
            add_web_keys(b, k);
            if (!k.keys.empty()) window_only.push_back(std::move(k));
        }
        if (!b.help.empty()) prev = &b;
        prev_row = &b;
    }
    out.insert(out.end(), window_only.begin(), window_only.end());
    return out;
}

std::pair<Key, Mods> key_of_web(const std::string& key, const std::string& code, Mods mods) {
    static const Key named[] = {Key::Space,  Key::Enter,    Key::Escape, Key::Backspace, Key::Left, Key::Right,
                                Key::Up,     Key::Down,     Key::PageUp, Key::PageDown,  Key::Home, Key::End,
                                Key::F1};
    for (Key k : named)
        if (key == web_key_name(k)) return {k, mods};
    if (key.size() != 1) return {Key::None, mods};
    const unsigned char c = static_cast<unsigned char>(key[0]);
    if (c >= 'A' && c <= 'Z') return {ch(static_cast<char>(c - 'A' + 'a')), mods | kShift};
    if ((mods & kShift) && !(c >= 'a' && c <= 'z')) {
        // The symbol Shift typed, named by its key (KeyboardEvent.code): the window's name.
        static const std::pair<const char*, char> keys[] = {
            {"Minus", '-'},     {"Equal", '='},        {"BracketLeft", '['}, {"BracketRight", ']'},
            {"Backslash", '\\'}, {"Semicolon", ';'},    {"Quote", '\''},       {"Comma", ','},
            {"Period", '.'},    {"Slash", '/'},        {"Backquote", '`'}};
        if (code.size() == 6 && code.rfind("Digit", 0) == 0 && code[5] >= '0' && code[5] <= '9') return {ch(code[5]), mods};
        for (const auto& [name, unshifted] : keys)
            if (code == name && !(c == '?' || c == '+')) return {ch(unshifted), mods};
    }
    if (c > ' ' && c < 127) return {ch(static_cast<char>(c)), mods};
    return {Key::None, mods};
}

std::string readme_key_table() {
    std::string s = "| keys | what they do |\n|---|---|\n";
    for (const HelpSection& sec : help_sections()) {
        s += "| **" + sec.title + "** | |\n";
        for (const HelpLine& l : sec.lines) s += "| " + l.keys + " | " + l.help + " |\n";
    }
    return s;
}

}  // namespace app
