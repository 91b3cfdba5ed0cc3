// The `attnlab` command line: present, export, trace, check.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "app/bindings.hpp"
#include "attention/attention.hpp"
#include "attention/heads.hpp"
#include "draw/draw.hpp"
#include "load/load.hpp"
#include "options/options.hpp"
#include "output/output.hpp"
#include "scene/heads.hpp"
#include "sdl/sdl.hpp"

namespace {

constexpr const char* kUsage = R"(usage:
  attnlab [FILE] [options]              present a deck or scene in a window
                                        (default: slides/lecture.yaml)
  attnlab export FILE -o OUT [options]  export a video, PNG frames, PDF or SVG pages, a web page, or a still
  attnlab trace SCENE [--temperature T] [--mask on|off] --json|--text
                                        print every stage's numbers (of every head) as JSON,
                                        or the weights, outputs and result as tables
  attnlab check FILE... [--root DIR]    validate scenes and decks (exit 2 on errors;
                                        warnings are printed and leave the status 0)
  attnlab --help | --version

Every file a deck names (includes, scenes, voice clips) must be inside its root: the current
folder when it holds the deck, else the deck's own folder; --root DIR sets it.
Run 'attnlab COMMAND --help' for the options of present, export, check and trace.
)";

// Where the fonts are: $ATTNLAB_FONTS, else fonts/ beside the executable (the build copies
// them there) or one level up, else fonts/ in the current folder.
std::string fonts_dir() {
    if (const char* env = std::getenv("ATTNLAB_FONTS"); env && *env) return env;
    std::error_code ec;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec)
        for (const auto& dir : {exe.parent_path() / "fonts", exe.parent_path().parent_path() / "fonts"})
            if (std::filesystem::is_directory(dir, ec)) return dir.string();
    return "fonts";
}

// Where Debian puts the Noto faces: /usr/share/fonts, or $ATTNLAB_FALLBACK_FONTS (a folder laid
// out the same way; the tests point it at an empty one to see characters without a face).
std::vector<draw::Fallback> fallbacks() {
    const char* env = std::getenv("ATTNLAB_FALLBACK_FONTS");
    return draw::debian_fallbacks(env && *env ? env : "/usr/share/fonts");
}

// DejaVu from `dir`, then Debian's Noto faces where the packages put them (a fixed list of
// paths, no font configuration: the same text gives the same pixels wherever the same packages are).
std::shared_ptr<const draw::Fonts> load_fonts(const std::string& dir) {
    std::string error;
    auto fonts = draw::Fonts::load(dir, error, fallbacks());
    if (!fonts) std::cerr << "attnlab: error: " << core::printable(error) << "\n";
    return fonts;
}

int usage_error(const std::string& what) {
    std::cerr << "attnlab: error: " << core::printable(what) << "\n\n" << kUsage;
    return 2;
}

void print_errors(const core::Diagnostics& errors) {
    for (const auto& e : errors) std::cerr << e.format() << "\n";
}

// What `check` says of a character no face of `fonts` has: drawn, it would be an empty box.
std::string missing_glyph(const draw::Fonts& fonts, char32_t c) {
    if (fonts.covers(c)) return "";
    char code[16];
    std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(c));
    std::string ch;
    if (c >= 0x20 && c != 0x7F) {  // the character itself, as UTF-8
        if (c < 0x80) ch += static_cast<char>(c);
        else if (c < 0x800) ch += {static_cast<char>(0xC0 | (c >> 6)), static_cast<char>(0x80 | (c & 0x3F))};
        else if (c < 0x10000)
            ch += {static_cast<char>(0xE0 | (c >> 12)), static_cast<char>(0x80 | ((c >> 6) & 0x3F)), static_cast<char>(0x80 | (c & 0x3F))};
        else
            ch += {static_cast<char>(0xF0 | (c >> 18)), static_cast<char>(0x80 | ((c >> 12) & 0x3F)),
                   static_cast<char>(0x80 | ((c >> 6) & 0x3F)), static_cast<char>(0x80 | (c & 0x3F))};
    }
    std::string out = "no font attnlab draws with has '" + ch + "' (" + code + "): it would be drawn as an empty box";
    const std::string package = fonts.package_for(c);
    if (!package.empty()) out += "; Debian's " + package + " has it (sudo apt-get install " + package + ")";
    return out;
}

// The options of check or trace (`command`), read with the option table; its --help printed.
// Returns -1 to go on, else the exit status.
int read_options(options::Command command, const std::vector<std::string>& args, options::Values& v) {
    std::string error;
    if (!options::parse(command, args, {}, v, error)) return usage_error(error);
    if (!v.help) return -1;
    std::cout << kUsage << "\nOptions of " << options::command_name(command) << ":\n" << options::help(command, {});
    return 0;
}

int check_command(const std::vector<std::string>& args) {
    options::Values v;
    if (const int status = read_options(options::kCheck, args, v); status >= 0) return status;
    const std::vector<std::string>& files = v.files;
    if (files.empty()) return usage_error("check needs at least one FILE");
    // The fonts, to say which characters no face has; without them the files are still checked.
    std::string font_error;
    const auto fonts = draw::Fonts::load(fonts_dir(), font_error, fallbacks());
    if (!fonts)
        std::cerr << "attnlab: warning: " << core::printable(font_error) << "; characters are not checked against the fonts\n";
    load::CharacterCheck characters;
    if (fonts) characters = [&fonts](char32_t c) { return missing_glyph(*fonts, c); };
    bool all_ok = true;
    for (const auto& f : files) {
        load::Result r = load::load_file(f, load::Options{v.root, characters});
        print_errors(r.warnings);  // warnings do not change the exit status
        if (r.ok()) std::cout << "ok " << core::printable(f) << "\n";
        else {
            print_errors(r.errors);
            all_ok = false;
        }
    }
    return all_ok ? 0 : 2;
}

// trace's JSON is written as it is made: `out` holds what is not yet written to standard output,
// and a matrix passes it on every kJsonChunk bytes, so that the memory it takes is a chunk, not
// the size of the JSON (gigabytes for 4096 tokens). Whoever made `out` writes the rest.
constexpr std::size_t kJsonChunk = 1 << 16;

// A matrix of `rows` × `cols` numbers, entry (r, c) being at(r, c).
template <class At>
void json_matrix(std::string& out, std::size_t rows, std::size_t cols, At at) {
    out += '[';
    for (std::size_t r = 0; r < rows; ++r) {
        if (r) out += ',';
        out += '[';
        for (std::size_t c = 0; c < cols; ++c) {
            if (c) out += ',';
            core::json_number(out, at(r, c));
        }
        out += ']';
        if (out.size() >= kJsonChunk) {
            std::cout.write(out.data(), static_cast<std::streamsize>(out.size()));
            out.clear();
        }
    }
    out += ']';
}

void json_matrix(std::string& out, const attention::Matrix& m) {
    json_matrix(out, m.rows, m.cols, [&m](std::size_t r, std::size_t c) { return m(r, c); });
}

// One head's stages as trace's JSON writes them for a scene of one head ("scores" … "output").
void json_stages(std::string& out, const attention::Trace& tr) {
    out += "\"scores\":";
    json_matrix(out, tr.scores);
    out += ",\"scaled\":";
    json_matrix(out, tr.n, tr.n, [&tr](std::size_t r, std::size_t c) { return tr.scaled(r, c); });
    out += ",\"logits\":";
    if (tr.has_logits()) json_matrix(out, tr.n, tr.n, [&tr](std::size_t r, std::size_t c) { return tr.logits(r, c); });
    else out += "null";
    out += ",\"weights\":";
    json_matrix(out, tr.weights);
    out += ",\"output\":";
    json_matrix(out, tr.output);
}

// A scene of several heads: the controls, then every head (its name, d, dv and stages), the
// heads' outputs side by side, the result (concat · W_O) and x + result (null without x). Returns
// what json_matrix has not written yet.
std::string heads_json(const scene::Scene& sc, const attention::HeadsTrace& tr) {
    std::string out = "{\"tokens\":[";
    for (std::size_t i = 0; i < sc.tokens.size(); ++i) {
        if (i) out += ',';
        core::json_string(out, sc.tokens[i]);
    }
    const attention::Trace& first = tr.heads.front();
    out += "],\"temperature\":";
    if (std::isinf(first.temperature)) out += "\"inf\"";
    else core::json_number(out, first.temperature);
    out += std::string(",\"mask\":") + (first.causal ? "true" : "false") + ",\"heads\":[";
    for (std::size_t h = 0; h < tr.heads.size(); ++h) {
        if (h) out += ',';
        out += "{\"name\":";
        core::json_string(out, scene::head_name(sc, h));
        out += ",\"d\":" + std::to_string(tr.heads[h].d) + ",\"dv\":" + std::to_string(tr.heads[h].dv) + ",";
        json_stages(out, tr.heads[h]);
        out += '}';
    }
    out += "],\"concat\":";
    json_matrix(out, tr.concat);
    out += ",\"result\":";
    json_matrix(out, tr.output);
    out += ",\"residual\":";
    if (tr.has_residual()) json_matrix(out, tr.residual);
    else out += "null";
    out += "}\n";
    return out;
}

// A matrix as a table to read: a row per token (its name first), 6 significant digits.
void text_matrix(std::string& out, const scene::Scene& sc, const attention::Matrix& m, const std::vector<std::string>& columns) {
    std::size_t name_width = 4;
    for (const auto& t : sc.tokens) name_width = std::max(name_width, t.size());
    auto cell = [](const std::string& text) { return std::string(text.size() < 11 ? 11 - text.size() : 1, ' ') + text; };
    out += "    " + std::string(name_width, ' ');
    for (const auto& c : columns) out += cell(c);
    out += '\n';
    for (std::size_t r = 0; r < m.rows; ++r) {
        const std::string& name = sc.tokens[r];
        out += "    " + name + std::string(name_width > name.size() ? name_width - name.size() : 0, ' ');
        for (std::size_t c = 0; c < m.cols; ++c) {
            char number[32];
            std::snprintf(number, sizeof number, "%.6g", m(r, c) == 0 ? 0.0 : m(r, c));
            out += cell(number);
        }
        out += '\n';
    }
}

std::vector<std::string> numbered(const char* prefix, std::size_t count) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < count; ++i) out.push_back(prefix + std::to_string(i));
    return out;
}

// The trace as tables: every head's weights and output, then the heads side by side, the result
// and, with the inputs x, x + result.
std::string heads_text(const scene::Scene& sc, const attention::HeadsTrace& tr) {
    const attention::Trace& first = tr.heads.front();
    std::string out = sc.id + ": " + std::to_string(sc.n()) + " tokens, " + std::to_string(tr.heads.size()) +
                      (tr.heads.size() == 1 ? " head" : " heads") + ", T = ";
    char t[32];
    std::snprintf(t, sizeof t, "%g", first.temperature);
    out += std::isinf(first.temperature) ? std::string("inf") : std::string(t);
    out += first.causal ? ", causal mask on\n" : ", no mask\n";
    for (std::size_t h = 0; h < tr.heads.size(); ++h) {
        const attention::Trace& head = tr.heads[h];
        out += "\n" + scene::head_name(sc, h) + " (d = " + std::to_string(head.d) + ", dv = " + std::to_string(head.dv) +
               ")\n  weights (a row per query, a column per key; each row sums to 1)\n";
        text_matrix(out, sc, head.weights, sc.tokens);
        out += "  output A·V\n";
        text_matrix(out, sc, head.output, numbered("o", head.dv));
    }
    if (tr.heads.size() > 1) {
        out += "\nthe heads' outputs side by side\n";
        text_matrix(out, sc, tr.concat, numbered("c", tr.concat.cols));
    }
    if (!sc.w_o.empty()) {
        out += "\nresult: times W_O\n";
        text_matrix(out, sc, tr.output, numbered("r", tr.output.cols));
    }
    if (tr.has_residual()) {
        out += "\nx + result (the residual stream)\n";
        text_matrix(out, sc, tr.residual, numbered("x", tr.residual.cols));
    }
    return out;
}

int trace_command(const std::vector<std::string>& args) {
    options::Values v;
    if (const int status = read_options(options::kTrace, args, v); status >= 0) return status;
    const std::string& file = v.file;
    const std::optional<double>& temperature = v.temperature;
    const std::optional<bool>& mask = v.mask;
    if (file.empty()) return usage_error("trace needs a SCENE file");
    if (!v.json && !v.text) return usage_error("trace prints JSON (--json) or tables (--text): add one");
    if (v.json && v.text) return usage_error("trace prints JSON (--json) or tables (--text), not both");
    load::Result r = load::load_file(file, load::Options{v.root, {}});
    if (!r.ok()) {
        print_errors(r.errors);
        return 2;
    }
    const scene::Scene* sc = nullptr;
    for (const auto& slide : r.deck.slides)
        if (slide.scene) {
            sc = slide.scene.get();
            break;
        }
    if (!sc) {
        std::cerr << core::printable(file) << ": error: trace needs a scene, and this deck has none\n";
        return 2;
    }
    scene::Controls c = scene::start_controls(*sc);
    if (temperature) c.temperature = *temperature;
    if (mask) c.mask = *mask;
    attention::HeadsTrace heads;
    std::string error;
    if (!attention::trace(scene::heads_input(*sc, c), heads, error)) {
        std::cerr << core::printable(file) << ": error: " << core::printable(error) << "\n";
        return 2;
    }
    if (v.text || heads.heads.size() > 1) {
        std::cout << (v.text ? heads_text(*sc, heads) : heads_json(*sc, heads));
        return 0;
    }
    // One head's JSON keeps its compact form: the head's stages at the top level.
    const attention::Trace& tr = heads.heads.front();
    std::string out = "{\"tokens\":[";
    for (std::size_t i = 0; i < sc->tokens.size(); ++i) {
        if (i) out += ',';
        core::json_string(out, sc->tokens[i]);
    }
    out += "],\"d\":" + std::to_string(tr.d) + ",\"temperature\":";
    if (std::isinf(tr.temperature)) out += "\"inf\"";
    else core::json_number(out, tr.temperature);
    out += std::string(",\"mask\":") + (tr.causal ? "true" : "false") + ",";
    json_stages(out, tr);
    out += "}\n";
    std::cout << out;
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (!args.empty()) {
        const std::string& first = args[0];
        std::vector<std::string> rest(args.begin() + 1, args.end());
        if (first == "--help" || first == "-h" || first == "help") {
            std::cout << kUsage;
            return 0;
        }
        if (first == "--version") {
            std::cout << "attnlab " << ATTNLAB_VERSION << "\n";
            return 0;
        }
        if (first == "check") return check_command(rest);
        if (first == "trace") return trace_command(rest);
        if (first == "export") {
            const std::string dir = fonts_dir();
            auto fonts = load_fonts(dir);
            if (!fonts) return 2;
            return output::export_command(
                rest,
                [](const std::string& path, const std::string& root, scene::Deck& deck, core::Diagnostics& errors,
                   std::vector<std::string>& files, std::vector<std::string>& texts) {
                    load::Options options{root, {}};
                    options.texts = [&texts](const std::string& t) { texts.push_back(t); };
                    load::Result r = load::load_file(path, options);
                    deck = std::move(r.deck);
                    errors = std::move(r.errors);
                    files = std::move(r.files);
                    return errors.empty();
                },
                std::move(fonts), app::web_keys());
        }
        if (first == "present") args = rest;
    }
    sdl::bound_the_heap();  // first: the fonts are the window's first large blocks
    const std::string dir = fonts_dir();
    auto fonts = load_fonts(dir);
    if (!fonts) return 2;
    return sdl::present_command(args, std::move(fonts));
}
