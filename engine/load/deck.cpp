// load/deck: files and decks — a file's text (read whole by load/source.cpp) checked (UTF-8,
// YAML), telling a scene from a deck, the slides of a deck (title, text, scene and deck includes,
// each kind a Key table), scene files shared between slides, and include cycles. load_file and
// load_text start here.
#include "load/load.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "load/audio.hpp"
#include "load/kind.hpp"
#include "load/reader.hpp"
#include "load/root.hpp"
#include "load/schema.hpp"
#include "load/source.hpp"
#include "load/tree.hpp"

namespace load {

namespace {

namespace fs = std::filesystem;

// True when line `line` (1-based) starts with whitespace that holds a tab.
bool indented_with_tab(const std::string& text, int line) {
    std::size_t at = 0;
    for (int l = 1; l < line; ++l) {
        at = text.find('\n', at);
        if (at == std::string::npos) return false;
        ++at;
    }
    for (; at < text.size() && (text[at] == ' ' || text[at] == '\t'); ++at)
        if (text[at] == '\t') return true;
    return false;
}

struct Loader;

// What one file gave.
struct Parsed {
    bool ok = false;
    bool is_deck = false;
    std::shared_ptr<const scene::Scene> scene;
    std::vector<scene::Slide> slides;
    std::string title;
};

// ---- a deck's keys and its slides -----------------------------------------------------------

struct DeckReader {
    Loader& loader;
    Reader& r;
    const std::string& dir;  // the deck's folder: slides name files relative to it
    Parsed& out;
};

struct SlideReader {
    Loader& loader;
    Reader& r;
    const std::string& dir;
    const std::string& where;  // "slides[2]"
    Parsed& out;
    scene::Slide s;
    const Node* scene = nullptr;  // scene slide: its `scene:` value, when a name
    std::string path;             // and the file it names
    // A part of the scene: `steps: A-B` (1-based, inclusive; checked once the scene is read),
    // `experiments: false`, `quiz: false`.
    const Node* steps = nullptr;
    long long first = 0, last = 0;  // 1-based; 0: the whole scene
    bool experiments = true, quiz = true;
    bool nested_ok = true;  // false when a file the slide names failed (its errors are reported)
};

// A text the slide shows.
void read_text(std::string& into, Reader& r, const Value& v) {
    if (!v) return;
    into = r.text(v.node, v.key).value_or("");
    r.shown(v.node, v.key);
}

const Key<SlideReader> kSay = {"say", [](SlideReader& sl, const Value& v) { read_text(sl.s.say, sl.r, v); }};
const Key<SlideReader> kNotes = {"notes", [](SlideReader& sl, const Value& v) { read_text(sl.s.notes, sl.r, v); }};
const Key<SlideReader> kDuration = {"duration", [](SlideReader& sl, const Value& v) {
                                        if (v) sl.s.duration = sl.r.seconds(v.node, v.key).value_or(-1);
                                    }};
const Key<SlideReader> kVoice = {"voice", [](SlideReader& sl, const Value& v) {
                                     read_voice(sl.r, v, sl.s.voice, sl.s.voice_seconds);
                                 }};

const Key<SlideReader> kTextSlide[] = {
    {"text", [](SlideReader& sl, const Value& v) { read_text(sl.s.title, sl.r, v); }},
    {"bullets", [](SlideReader& sl, const Value& v) {
         if (!v) return;
         sl.s.bullets = sl.r.texts(v.node, v.key).value_or(std::vector<std::string>{});
         if (v.node->kind == Kind::Sequence)
             for (std::size_t i = 0; i < v.node->size(); ++i) sl.r.shown(v.node->items[i], v.key + "[" + std::to_string(i) + "]");
     }},
    kSay, kNotes, kDuration, kVoice,
};

const Key<SlideReader> kTitleSlide[] = {
    {"title", [](SlideReader& sl, const Value& v) {
         if (v) read_text(sl.s.title, sl.r, v);
         else sl.r.error(v.map, sl.where + ": missing key 'title', 'text', 'scene' or 'deck' (what kind of slide is it?)");
     }},
    {"subtitle", [](SlideReader& sl, const Value& v) { read_text(sl.s.subtitle, sl.r, v); }},
    kSay, kNotes, kDuration, kVoice,
};

void include_deck(SlideReader& sl, const Value& v);
void name_scene(SlideReader& sl, const Value& v);

const Key<SlideReader> kDeckInclude[] = {{"deck", include_deck}};

// steps: A-B, or a single step number A: which steps of the scene the slide takes.
void read_step_range(SlideReader& sl, const Value& v) {
    if (!v) return;
    Reader& r = sl.r;
    const std::string expected = "a step range 'A-B' (1-based, inclusive, e.g. '1-6') or one step number";
    if (v.node->kind != Kind::Scalar) {
        r.error(v.node, v.key + ": expected " + expected + ", found " + describe(v.node));
        return;
    }
    auto text = r.text(v.node, v.key, false);
    if (!text) return;
    auto whole = [](const std::string& t, long long& out) {
        if (t.empty() || t.size() > 9 || t.find_first_not_of("0123456789") != std::string::npos) return false;
        out = std::stoll(t);
        return true;
    };
    const auto dash = text->find('-');
    std::string a = text->substr(0, dash), b = dash == std::string::npos ? a : text->substr(dash + 1);
    for (std::string* part : {&a, &b}) {
        while (!part->empty() && part->front() == ' ') part->erase(part->begin());
        while (!part->empty() && part->back() == ' ') part->pop_back();
    }
    long long first = 0, last = 0;
    if (!whole(a, first) || !whole(b, last)) {
        r.error(v.node, v.key + ": expected " + expected + ", found " + describe(v.node));
        return;
    }
    if (first < 1) {
        r.error(v.node, v.key + ": steps count from 1, found '" + *text + "'");
        return;
    }
    if (first > last) {
        r.error(v.node, v.key + ": the range '" + *text + "' ends before it starts (write 'A-B' with A ≤ B)");
        return;
    }
    sl.steps = v.node;
    sl.first = first;
    sl.last = last;
}

const Key<SlideReader> kSceneSlide[] = {
    {"scene", name_scene},
    {"title", [](SlideReader& sl, const Value& v) {
         if (sl.scene) read_text(sl.s.title, sl.r, v);
     }},
    {"steps", read_step_range},
    {"experiments", [](SlideReader& sl, const Value& v) {
         if (v) sl.experiments = sl.r.boolean(v.node, v.key).value_or(true);
     }},
    {"quiz", [](SlideReader& sl, const Value& v) {
         if (v) sl.quiz = sl.r.boolean(v.node, v.key).value_or(true);
     }},
};

void add_scene_slide(SlideReader& sl);
void add_slide(SlideReader& sl);

// The kinds of slide: a slide is one kind, told by its first key (title slides by none of the
// others); then read by its table, then added to the deck.
struct SlideKind {
    const char* what;  // "a scene slide"
    scene::Slide::Kind kind;
    std::span<const Key<SlideReader>> keys;
    void (*add)(SlideReader&);
};
const SlideKind kSlideKinds[] = {
    {"a text slide", scene::Slide::Kind::Text, kTextSlide, add_slide},
    {"a scene slide", scene::Slide::Kind::Scene, kSceneSlide, add_scene_slide},
    {"a deck include", scene::Slide::Kind::Scene, kDeckInclude, nullptr},  // its slides are added as it is read
    {"a title slide", scene::Slide::Kind::Title, kTitleSlide, add_slide},  // when no other kind's key is there
};

void read_slides(DeckReader& dr, const Value& v);

const Key<DeckReader> kDeck[] = {
    {"version", [](DeckReader& dr, const Value& v) {
         if (v) version(dr.r, v.node);
     }},
    {"deck", [](DeckReader& dr, const Value& v) {
         dr.out.title = v ? dr.r.name(v.node, v.key).value_or("") : "";
         if (v) dr.r.shown(v.node, v.key);
     }},
    {"title", [](DeckReader& dr, const Value& v) {
         if (v)
             if (auto t = dr.r.text(v.node, v.key); t && !t->empty()) {
                 dr.out.title = *t;
                 dr.r.shown(v.node, v.key);
             }
     }},
    {"slides", read_slides},
};

// ---- the loader: files, shared scenes, the decks being read ---------------------------------

struct Loader {
    Root files_root;  // every file a deck names lies inside it
    core::Diagnostics errors;
    core::Diagnostics warnings;
    CharacterCheck characters;  // asked about every character of every text shown (may be empty)
    TextSink texts;             // given every text shown (may be empty)
    std::size_t computed = 0;   // states the engine computed to check the scenes (Result::states_computed)

    struct Open {
        std::string key;   // canonical path
        std::string file;  // as shown
    };
    std::vector<Open> stack;  // decks being read, outermost first
    std::map<std::string, std::shared_ptr<const scene::Scene>> scenes;  // by canonical path
    std::set<std::string> bad_scenes;
    std::vector<std::string> files;  // every file read or tried
    std::size_t slides = 0;   // slides made so far, includes expanded (each include is read anew)
    std::size_t steps = 0;    // their steps (a title or text slide is one)
    double seconds = 0;       // the video they plan (scene::slide_end), in the timeline's order
    bool too_many = false;    // past kMaxSlides, kMaxSteps or kMaxSeconds: reported once, nothing more is expanded

    // What a file is read as: the top file may be either; a `scene:` wants a scene and a deck
    // there is refused unread (its own slides would be read as if included, and a deck naming
    // itself as a scene would recurse); a `deck:` wants a deck.
    enum class Want { Either, Scene, Deck };

    // Parses and checks one file's text.
    Parsed load_text(const std::string& text, const std::string& file, const std::string& dir, const std::string& key,
                     Want want = Want::Either) {
        Parsed out;
        core::Diagnostic e;
        if (!tree::check_utf8(text, e)) {
            e.file = file;
            errors.push_back(e);
            return out;
        }
        tree::Document doc;
        Columns columns(text);
        if (!tree::parse(text, doc, e)) {
            e.file = file;
            e.column = columns.to_chars(e.line, e.column);
            name_not_yaml(e);
            if (indented_with_tab(text, e.line)) e.message += " (a tab indents this line; YAML indents with spaces only)";
            errors.push_back(e);
            return out;
        }
        Reader r(file, errors, columns, &warnings);
        r.confine(&files_root);
        r.record_files(&files);
        r.check_characters(&characters);
        r.collect_texts(&texts);
        r.count_computed(&computed);
        const Node* root = doc.root;
        const Holds holds = what_file_holds(r, root);
        if (holds == Holds::Neither) return out;
        out.is_deck = holds == Holds::Deck;
        if (want != Want::Either && out.is_deck != (want == Want::Deck)) {
            out.ok = true;  // the caller says what it is instead
            return out;
        }
        if (!out.is_deck) {
            auto s = std::make_shared<scene::Scene>();
            s->file = file;
            read_scene(r, root, *s);
            if (r.failed()) return out;
            out.scene = std::move(s);
            out.title = out.scene->title;
            out.ok = true;
            return out;
        }
        stack.push_back({key, file});
        read_deck(r, root, dir, out);
        stack.pop_back();
        out.ok = !r.failed() && out.ok;
        return out;
    }

    Parsed load_path(const std::string& path, const Node* from, Reader* from_reader, const std::string& what,
                     Want want = Want::Either) {
        if (std::find(files.begin(), files.end(), path) == files.end()) files.push_back(path);
        Source src = read_source(path);
        if (!src.error.empty()) {
            if (from_reader)
                from_reader->error(from, what + ": '" + from->value + "' (" + path + "): " + src.error);
            else
                errors.push_back({path, 0, 0, src.error});
            return {};
        }
        fs::path parent = fs::path(path).parent_path();
        return load_text(src.text, path, parent.string(), canonical_key(path), want);
    }

    void read_deck(Reader& r, const Node* root, const std::string& dir, Parsed& out) {
        DeckReader dr{*this, r, dir, out};
        read_keys<DeckReader>(r, root, "the deck", "", kDeck, dr);
    }

    // Returns false when a file the slide names failed (its errors are already reported).
    bool slide(Reader& r, const Node* node, const std::string& where, const std::string& dir, Parsed& out) {
        if (!r.is_map(node, where, "a slide (a mapping with title, text, scene or deck)")) return true;
        auto has = [&](const char* k) {
            for (std::size_t i = 0; i < node->size(); ++i)
                if (node->key(i)->kind == Kind::Scalar && node->key(i)->value == k) return true;
            return false;
        };
        const SlideKind* kind = &kSlideKinds[std::size(kSlideKinds) - 1];
        std::vector<std::string> kinds;
        for (std::size_t i = 0; i + 1 < std::size(kSlideKinds); ++i) {
            const char* marker = kSlideKinds[i].keys[0].name;
            if (!has(marker)) continue;
            kinds.push_back(std::string("'") + marker + "'");
            kind = &kSlideKinds[i];
        }
        if (kinds.size() > 1) {
            r.error(node, where + ": a slide is one kind; this one has " + join(kinds));
            return true;
        }
        SlideReader sl{*this, r, dir, where, out};
        sl.s.kind = kind->kind;
        read_keys<SlideReader>(r, node, where + " (" + kind->what + ")", where, kind->keys, sl);
        if (sl.nested_ok && kind->add) kind->add(sl);
        return sl.nested_ok;
    }
};

void read_slides(DeckReader& dr, const Value& v) {
    Reader& r = dr.r;
    const Node* sl = v.node;
    if (!sl) {
        r.error(v.map, "missing key '" + v.key + "' (a list of title, text, scene and deck slides)");
        return;
    }
    if (sl->kind != Kind::Sequence) {
        r.error(sl, v.key + ": expected a list of slides, found " + describe(sl));
        return;
    }
    if (sl->size() == 0) {
        r.error(sl, v.key + ": expected at least one slide, found an empty list");
        return;
    }
    bool nested_ok = true;
    for (std::size_t i = 0; i < sl->size() && !dr.loader.too_many; ++i) {
        if (!dr.loader.slide(r, sl->items[i], v.key + "[" + std::to_string(i) + "]", dr.dir, dr.out)) nested_ok = false;
        if (dr.loader.too_many) continue;
        // Includes multiply: past a limit, stop expanding at once, however many more they would give.
        const std::string at = v.key + "[" + std::to_string(i) + "]: ";
        if (dr.loader.slides > kMaxSlides) {
            dr.loader.too_many = true;
            r.error(sl->items[i], at + "the deck has more than " + std::to_string(kMaxSlides) +
                                      " slides once its includes are expanded (the limit)");
        } else if (dr.loader.steps > kMaxSteps) {
            dr.loader.too_many = true;
            r.error(sl->items[i], at + "the deck has more than " + std::to_string(kMaxSteps) +
                                      " steps once its includes are expanded (the limit; a title or text slide is one step)");
        } else if (dr.loader.seconds > kMaxSeconds) {
            dr.loader.too_many = true;
            r.error(sl->items[i], at + "the deck's video would last more than " +
                                      std::to_string(static_cast<int>(kMaxSeconds / 3600)) +
                                      " hours (the limit) by the end of this slide: " + length_text(dr.loader.seconds) +
                                      ", counting every step's animation and hold, included decks too");
        }
    }
    dr.out.ok = nested_ok && !dr.loader.too_many;
}

void include_deck(SlideReader& sl, const Value& v) {
    Reader& r = sl.r;
    if (!v || !r.name(v.node, v.key)) return;
    if (sl.loader.too_many) {
        sl.nested_ok = false;
        return;
    }
    std::string path, why;
    if (!resolve_inside(sl.loader.files_root, sl.dir, v.node->value, path, why)) {
        r.error(v.node, v.key + ": '" + v.node->value + "' " + why);
        sl.nested_ok = false;
        return;
    }
    const std::string key = canonical_key(path);
    const auto& stack = sl.loader.stack;
    for (std::size_t i = 0; i < stack.size(); ++i) {
        if (stack[i].key != key) continue;
        std::string chain;
        for (std::size_t j = i; j < stack.size(); ++j) chain += stack[j].file + " → ";
        chain += path;
        r.error(v.node, v.key + ": '" + v.node->value + "' includes itself: " + chain);
        return;
    }
    if (stack.size() >= kMaxDeckDepth) {
        r.error(v.node, v.key + ": '" + v.node->value + "' would nest decks more than " + std::to_string(kMaxDeckDepth) +
                            " deep (the limit), counting the top deck");
        sl.nested_ok = false;
        return;
    }
    Parsed inc = sl.loader.load_path(path, v.node, &r, v.key, Loader::Want::Deck);
    if (!inc.ok) {
        sl.nested_ok = false;
        return;
    }
    if (!inc.is_deck) {
        r.error(v.node, v.key + ": '" + v.node->value + "' is a scene, not a deck; write 'scene: " + v.node->value + "'");
        return;
    }
    for (auto& x : inc.slides) sl.out.slides.push_back(std::move(x));
}

// Counts a slide made (includes expanded) against the deck's limits, then adds it.
void count(Loader& loader, scene::Slide&& s, std::vector<scene::Slide>& into) {
    ++loader.slides;
    loader.steps += s.kind == scene::Slide::Kind::Scene && s.scene ? s.scene->steps.size() : 1;
    loader.seconds = scene::slide_end(loader.seconds, s);
    into.push_back(std::move(s));
}

void add_slide(SlideReader& sl) { count(sl.loader, std::move(sl.s), sl.out.slides); }

void name_scene(SlideReader& sl, const Value& v) {
    if (!v || !sl.r.name(v.node, v.key)) return;
    std::string why;
    if (!resolve_inside(sl.loader.files_root, sl.dir, v.node->value, sl.path, why)) {
        sl.r.error(v.node, v.key + ": '" + v.node->value + "' " + why);
        sl.nested_ok = false;
        return;
    }
    sl.scene = v.node;
}

// A scene slide: the scene file is loaded once and shared by every slide that names it.
void add_scene_slide(SlideReader& sl) {
    if (!sl.scene) return;
    Reader& r = sl.r;
    const Node* v = sl.scene;
    const std::string what = sl.where + ".scene";
    const std::string key = canonical_key(sl.path);
    if (sl.loader.bad_scenes.count(key)) {
        sl.nested_ok = false;
        return;
    }
    if (auto it = sl.loader.scenes.find(key); it != sl.loader.scenes.end()) {
        sl.s.scene = it->second;
    } else {
        Parsed sc = sl.loader.load_path(sl.path, v, &r, what, Loader::Want::Scene);
        if (!sc.ok) {
            sl.loader.bad_scenes.insert(key);
            sl.nested_ok = false;
            return;
        }
        if (sc.is_deck) {
            r.error(v, what + ": '" + v->value + "' is a deck, not a scene; write 'deck: " + v->value + "'");
            return;
        }
        sl.loader.scenes[key] = sc.scene;
        sl.s.scene = sc.scene;
    }
    // A part of the scene: its own copy, the shared scene kept whole for other slides.
    if (sl.steps || !sl.experiments || !sl.quiz) {
        const scene::Scene& whole = *sl.s.scene;
        const long long steps = static_cast<long long>(whole.steps.size());
        long long first = sl.steps ? sl.first : 1, last = sl.steps ? sl.last : steps;
        if (last > steps) {
            r.error(sl.steps, sl.where + ".steps: the scene '" + v->value + "' has " + plural(static_cast<std::size_t>(steps), "step", "steps") +
                                  "; the range '" + sl.steps->value + "' goes past its last");
            return;
        }
        sl.s.scene = std::make_shared<const scene::Scene>(scene::part_of(
            whole, static_cast<int>(first - 1), static_cast<int>(last - 1), sl.experiments, sl.quiz));
    }
    count(sl.loader, std::move(sl.s), sl.out.slides);
}

Result finish(Loader& loader, Parsed& p, const std::string& file) {
    Result res;
    res.files = loader.files;
    res.warnings = loader.warnings;
    res.states_computed = loader.computed;
    if (!loader.errors.empty() || !p.ok) {
        res.errors = std::move(loader.errors);
        if (res.errors.empty()) res.errors.push_back({file, 0, 0, "the file could not be loaded"});
        return res;
    }
    if (!p.is_deck) {
        res.deck = scene::deck_of(p.scene);
        res.deck.file = file;
        res.deck.sources = res.files;
        return res;
    }
    res.deck.file = file;
    res.deck.sources = res.files;
    res.deck.title = p.title;
    res.deck.slides = std::move(p.slides);
    return res;
}

// Loads with the root of `options` for the top file `top` (`file` as diagnostics name it); `load`
// reads the top file.
template <class Load>
Result with_root(const Options& options, const std::string& top, const std::string& file, const char* what, Load load) {
    try {
        Loader loader;
        loader.characters = options.characters;
        loader.texts = options.texts;
        std::string why;
        if (!root_of(options.root, top, loader.files_root, why)) {
            Result res;
            res.files.push_back(top);
            res.errors.push_back({file, 0, 0, why});
            return res;
        }
        Parsed p = load(loader);
        return finish(loader, p, file);
    } catch (const std::exception& e) {
        Result res;
        res.errors.push_back({file, 0, 0, std::string("could not load the ") + what + ": " + e.what()});
        return res;
    }
}

}  // namespace

Result load_file(const std::string& path, const Options& options) {
    return with_root(options, path, path, "file", [&](Loader& l) { return l.load_path(path, nullptr, nullptr, ""); });
}

Result load_text(const std::string& text, const std::string& file, const std::string& dir, const Options& options) {
    const std::string at = dir.empty() ? file : (fs::path(dir) / fs::path(file).filename()).lexically_normal().string();
    return with_root(options, at, file, "text", [&](Loader& l) { return l.load_text(text, file, dir, canonical_key(at)); });
}

}  // namespace load
