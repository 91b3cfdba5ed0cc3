// Fuzz target: the loader at the file level. The input describes a small folder tree — a top deck,
// the decks and scenes it includes, voice clips, symbolic links (out of the root too), the root
// given or found by default_root — which is built in a scratch folder and loaded through
// load::load_file, the entry point of `attnlab check`, `export` and the window. What must hold:
//   - an accepted deck has slides and sane scenes, and every file it was built from and every
//     voice clip it plays lies inside the root;
//   - otherwise diagnostics, each naming a file inside the root, and a line and a column (only
//     the top file, as a whole, may be named without: its root, its reading);
//   - no file outside the root is ever opened (inotify watches a folder beside the root whose
//     files the tree links to and names by '..' and by absolute path), and no diagnostic quotes a
//     word of them, nor of a file inside the root that is no YAML (a shadow-like file, bytes).
// The input is text: what comes before the first directive is the top file, main.yaml; then
// directives, each a line starting with '#>> ' (a YAML comment, so the input reads as YAML too):
//   #>> file PATH           the lines up to the next directive are the file PATH
//   #>> link PATH -> TARGET  a symbolic link (TARGET as written; $OUTSIDE and $ROOT are replaced
//                           by the absolute paths of the outside folder and of the tree's top)
//   #>> clip PATH           a short WAV clip (0.1 s)
//   #>> dir PATH            a folder
//   #>> top PATH            load PATH instead of main.yaml (a file of the tree)
//   #>> root DIR            --root DIR (a folder of the tree); without it, the default root
//   #>> cwd DIR             the current folder during the load (a folder of the tree; default its top)
// $OUTSIDE and $ROOT are replaced in files too. ATTNLAB_FUZZ_SHOW=1 prints what each input gave. Paths of the tree are relative, without '..'; a
// directive that would write outside the tree, through a link, is skipped.
#include <fcntl.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <system_error>
#include <vector>

#include "fuzz.hpp"
#include "load/load.hpp"

namespace fs = std::filesystem;

namespace {

// The scratch folder: outside/ (watched; never to be opened) and tree/ (rebuilt every input).
struct Scratch {
    fs::path base, outside, tree;
    fs::path home;       // the current folder the process had (libFuzzer names its files from it)
    std::string secret;  // a word in every file outside, and in the non-YAML files inside
    int watch = -1;      // inotify, on outside/ and outside/sub/

    Scratch() {
        std::string tmpl = (fs::temp_directory_path() / "attnlab-folder-fuzz-XXXXXX").string();
        if (!mkdtemp(tmpl.data())) fuzz::fail("mkdtemp");
        base = fs::canonical(tmpl);
        outside = base / "outside";
        tree = base / "tree";
        fs::create_directories(outside / "sub");
        fs::create_directories(tree);
        std::random_device device;
        secret = "s3cr3t" + std::to_string(device()) + "x" + std::to_string(device());
        // Outside: a deck with mistakes (its words would be quoted), a scene, a shadow-like file,
        // a clip, a deck in a folder. Reading any of them is the bug.
        write(outside / "secret.yaml", "version: 1\ndeck: " + secret + "\nslides:\n  - titel: " + secret + "\n  - " + secret +
                                           ": [" + secret + "]\n");
        write(outside / "scene.yaml", "scene: " + secret + "\ntokens: [" + secret + "]\nq: [[1]]\nk: [[1]]\nv: [[1]]\n"
                                      "steps:\n  - say: " + secret + "\n    voice: " + secret + ".wav\n");
        write(outside / "shadow", "root:" + secret + ":19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n");
        write(outside / "sub" / "deck.yaml", "deck: " + secret + "\nslides:\n  - scene: " + secret + "\n");
        write(outside / "voice.wav", wav());
        watch = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
        if (watch < 0) fuzz::fail("inotify_init1");
        for (const fs::path& d : {outside, outside / "sub"})
            if (inotify_add_watch(watch, d.c_str(), IN_OPEN | IN_ACCESS) < 0) fuzz::fail("inotify_add_watch");
        home = fs::current_path();
    }
    ~Scratch() {
        std::error_code ec;
        fs::remove_all(base, ec);
    }

    static void write(const fs::path& p, const std::string& bytes) { std::ofstream(p, std::ios::binary) << bytes; }

    // A mono 8 kHz 16-bit WAV of 0.1 s (silence).
    static std::string wav() {
        const std::uint32_t samples = 800, data = samples * 2;
        std::string w = "RIFF";
        auto u32 = [&w](std::uint32_t v) {
            for (int i = 0; i < 4; ++i) w += static_cast<char>((v >> (8 * i)) & 0xFF);
        };
        auto u16 = [&w](std::uint16_t v) {
            w += static_cast<char>(v & 0xFF);
            w += static_cast<char>(v >> 8);
        };
        u32(36 + data);
        w += "WAVEfmt ";
        u32(16), u16(1), u16(1), u32(8000), u32(16000), u16(2), u16(16);
        w += "data";
        u32(data);
        w.append(data, '\0');
        return w;
    }

    // The names of the files outside opened since the last call.
    std::vector<std::string> opened_outside() {
        std::vector<std::string> names;
        alignas(inotify_event) char buf[4096];
        for (;;) {
            const ssize_t got = read(watch, buf, sizeof buf);
            if (got <= 0) break;
            for (ssize_t at = 0; at < got;) {
                const auto* e = reinterpret_cast<const inotify_event*>(buf + at);
                if (e->len > 0 && !(e->mask & IN_ISDIR)) names.emplace_back(e->name);
                at += static_cast<ssize_t>(sizeof(inotify_event) + e->len);
            }
        }
        return names;
    }

    // Empties the tree (its links removed, never followed).
    void clear() {
        std::error_code ec;
        for (const auto& entry : fs::directory_iterator(tree, ec)) fs::remove_all(entry.path(), ec);
    }

    // True when `real` (canonical) is `dir` or lies under it.
    static bool under(const fs::path& dir, const fs::path& real) {
        auto a = dir.begin(), b = real.begin();
        for (; a != dir.end(); ++a, ++b)
            if (b == real.end() || *a != *b) return false;
        return true;
    }

    // A path of the tree as written in a directive: relative, no '..', not empty; its folders are
    // made as needed, and none of them may be a link (nothing is written through one).
    bool place(const std::string& written, fs::path& out) const {
        const fs::path p = fs::path(written).lexically_normal();
        if (written.empty() || p.empty() || p.is_absolute() || p.has_root_name() || p == "." || p.filename().empty())
            return false;
        for (const auto& part : p)
            if (part == ".." || part == ".") return false;
        fs::path at = tree;
        for (const auto& part : p.parent_path()) {
            at /= part;
            std::error_code ec;
            const fs::file_status st = fs::symlink_status(at, ec);
            if (fs::is_symlink(st)) return false;
            if (!fs::exists(st)) {
                if (!fs::create_directory(at, ec) || ec) return false;
            } else if (!fs::is_directory(st)) {
                return false;
            }
        }
        out = tree / p;
        std::error_code ec;
        return !fs::is_symlink(fs::symlink_status(out, ec));
    }
};

Scratch& scratch() {
    static Scratch s;
    return s;
}

std::string replaced(std::string text, const Scratch& s) {
    const std::pair<std::string, std::string> names[] = {{"$OUTSIDE", s.outside.string()}, {"$ROOT", s.tree.string()}};
    for (const auto& [name, value] : names)
        for (std::size_t at = 0; (at = text.find(name, at)) != std::string::npos; at += value.size()) text.replace(at, name.size(), value);
    return text;
}

std::string trimmed(std::string s) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '\r')) s.pop_back();
    while (!s.empty() && s.front() == ' ') s.erase(s.begin());
    return s;
}

bool contains(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    Scratch& s = scratch();
    s.clear();
    s.opened_outside();  // nothing before this input counts

    // The input split at its directives.
    const std::string input = replaced(std::string(reinterpret_cast<const char*>(data), size), s);
    const bool typed_secret = contains(input, s.secret);
    struct Directive {
        std::string word, rest, body;
    };
    std::vector<Directive> directives{{"file", "main.yaml", ""}};
    for (std::size_t at = 0; at < input.size();) {
        std::size_t nl = input.find('\n', at);
        const std::size_t end = nl == std::string::npos ? input.size() : nl + 1;
        const std::string line = input.substr(at, end - at);
        if (line.rfind("#>> ", 0) == 0) {
            const std::string command = trimmed(line.substr(4, line.size() - 4 - (nl == std::string::npos ? 0 : 1)));
            const auto space = command.find(' ');
            directives.push_back({command.substr(0, space), space == std::string::npos ? "" : trimmed(command.substr(space + 1)), ""});
        } else {
            directives.back().body += line;
        }
        at = end;
    }

    // The tree: folders and files first, then clips, then links (so no file is written through one).
    fs::path top = s.tree / "main.yaml", root, cwd = s.tree;
    bool given_root = false;
    for (const char* pass : {"file", "clip", "link"}) {
        for (const Directive& d : directives) {
            fs::path p;
            std::error_code ec;
            if (d.word == "dir" && std::string(pass) == "file") {
                if (s.place(d.rest, p)) fs::create_directories(p, ec);
            } else if (d.word == pass && d.word == "file") {
                if (s.place(d.rest, p) && !fs::is_directory(p, ec)) Scratch::write(p, d.body);
            } else if (d.word == pass && d.word == "clip") {
                if (s.place(d.rest, p) && !fs::exists(fs::symlink_status(p, ec))) Scratch::write(p, Scratch::wav());
            } else if (d.word == pass && d.word == "link") {
                const auto arrow = d.rest.find(" -> ");
                if (arrow != std::string::npos && s.place(trimmed(d.rest.substr(0, arrow)), p))
                    fs::create_symlink(trimmed(d.rest.substr(arrow + 4)), p, ec);
            }
        }
    }
    // A shadow-like file and bytes inside the tree: a deck may name them; their words are never quoted.
    {
        std::error_code ec;
        fs::remove_all(s.tree / "etc", ec);
        fs::create_directories(s.tree / "etc", ec);
        Scratch::write(s.tree / "etc" / "shadow", "root:" + s.secret + ":19000:0:99999:7:::\nbin:*:19000:0:99999:7:::\n");
        Scratch::write(s.tree / "etc" / "bytes.yaml", std::string("\x89PNG\r\n\x1a\n", 8) + s.secret + std::string("\0\xff\xfe", 3) + s.secret);
    }
    for (const Directive& d : directives) {
        fs::path p;
        std::error_code ec;
        const fs::path normal = fs::path(d.rest).lexically_normal();
        const bool plain = !d.rest.empty() && !normal.is_absolute() && normal.begin() != normal.end() && *normal.begin() != "..";
        if (!plain) continue;
        // Each must be what it says and lie inside the tree with its links followed (a root or a top
        // that is a link out would make the outside folder legitimately the deck's).
        const fs::path at = s.tree / normal;
        const fs::path real = fs::weakly_canonical(at, ec);
        if (ec || !Scratch::under(s.tree, real)) continue;
        if (d.word == "top" && fs::is_regular_file(fs::symlink_status(at, ec))) top = at;
        if (d.word == "root" && fs::is_directory(at, ec)) root = at, given_root = true;
        if (d.word == "cwd" && fs::is_directory(at, ec)) cwd = at;
    }

    // The load, as `attnlab check TOP [--root DIR]` typed in `cwd`.
    if (chdir(cwd.c_str()) != 0) fuzz::fail("chdir into the tree");
    const std::string top_typed = top.lexically_relative(cwd).string();
    load::Options options;
    if (given_root) options.root = root.lexically_relative(cwd).string();
    if (options.root.empty() && given_root) options.root = ".";
    const load::Result r = load::load_file(top_typed, options);
    // The root in force, as load/root finds it.
    std::error_code ec;
    const fs::path real_root = fs::weakly_canonical(given_root ? root : fs::path(load::default_root(top_typed)), ec);
    auto inside = [&](const std::string& file) {
        std::error_code e;
        const fs::path abs = fs::absolute(file, e);
        fs::path real = fs::weakly_canonical(abs, e);
        if (e) real = abs.lexically_normal();  // a loop of links: it was never opened
        return Scratch::under(real_root, real);
    };
    const auto outside_opened = s.opened_outside();
    if (std::getenv("ATTNLAB_FUZZ_SHOW")) {  // to look at what a seed reaches
        std::fprintf(stderr, "== %s (root %s, in %s): %s\n", top_typed.c_str(), options.root.c_str(), cwd.c_str(),
                     r.ok() ? "loaded" : "refused");
        for (const auto& e : r.errors) std::fprintf(stderr, "  %s\n", e.format().c_str());
        for (const auto& e : r.warnings) std::fprintf(stderr, "  %s\n", e.format().c_str());
    }

    // Checked here, in the load's folder (the paths are named from it); reported from home, where
    // libFuzzer writes its findings.
    std::string broken;
    auto check = [&broken](bool ok, const std::string& what) {
        if (!ok && broken.empty()) broken = what;
    };
    check(!ec && Scratch::under(s.tree, real_root), "the root in force is outside the tree");
    for (const std::string& name : outside_opened) check(false, "a file outside the root was opened: outside/" + name);
    for (const std::string& f : r.files) check(inside(f) || f == top_typed, "a file outside the root was read or tried: " + f);

    if (r.ok()) {
        check(!r.deck.slides.empty(), "an accepted deck has no slides");
        for (const std::string& f : r.deck.sources) check(inside(f) || f == top_typed, "a deck is built from a file outside the root: " + f);
        auto clip = [&](const std::string& path, double seconds) {
            if (path.empty()) return;
            check(inside(path), "a voice clip outside the root: " + path);
            check(seconds > 0, "a voice clip without a length: " + path);
        };
        for (const auto& slide : r.deck.slides) {
            clip(slide.voice, slide.voice_seconds);
            if (!slide.scene) continue;
            const auto& sc = *slide.scene;
            check(sc.n() >= 1 && sc.n() <= attention::kMaxSize, "an accepted scene has a bad token count");
            check(!sc.heads.empty(), "an accepted scene has no head");
            for (const auto& h : sc.heads)
                check(h.q.size() == sc.n() && h.k.size() == sc.n() && h.v.size() == sc.n(),
                      "an accepted scene's vectors do not match its tokens");
            check(!sc.steps.empty(), "an accepted scene has no steps");
            for (const auto& step : sc.steps) clip(step.voice, step.voice_seconds), clip(step.ask_voice, step.ask_voice_seconds);
        }
    } else {
        check(!r.errors.empty(), "a refused deck says nothing");
    }
    for (const core::Diagnostics* list : {&r.errors, &r.warnings}) {
        for (const auto& e : *list) {
            const std::string line = e.format();
            check(!e.file.empty(), "a diagnostic names no file: " + line);
            check(!e.message.empty(), "a diagnostic says nothing: " + line);
            // The fuzzer learns the secret from the comparisons it watches and may type it into a
            // path of its own; quoting what the input itself says is no leak.
            check(!contains(line, s.secret) || typed_secret,
                  "a diagnostic quotes a file outside the root or one that is no YAML: " + line);
            check(inside(e.file) || e.file == top_typed, "a diagnostic names a file outside the root: " + line);
            check((e.line >= 1 && e.column >= 1) || e.file == top_typed, "a diagnostic has no line and column: " + line);
        }
    }
    if (chdir(s.home.c_str()) != 0) fuzz::fail("chdir back");
    if (!broken.empty()) fuzz::fail(broken);
    return 0;
}
