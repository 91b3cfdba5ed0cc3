// The design, enforced: every #include under engine/ follows an arrow of docs/DESIGN.md's module
// table (read from the document itself), third-party headers appear only in the modules the
// table names, and the painter computes no attention.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path kSource = ATTNLAB_SOURCE_DIR;

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

const std::vector<std::string> kLibraries = {"Cairo",  "FreeType", "libraqm", "HarfBuzz", "hb-subset", "FriBiDi", "yaml-cpp",
                                             "nlohmann-json", "libpng", "zlib", "libyuv", "SDL2", "SDL2_ttf", "Xlib"};

// module ("draw", or "main" for main.cpp) → what it may include: modules and libraries.
struct Allowed {
    std::set<std::string> modules, libraries;
};
std::map<std::string, Allowed> design_table() {
    std::map<std::string, Allowed> table;
    std::istringstream doc(slurp(kSource / "docs" / "DESIGN.md"));
    std::string line;
    bool in_table = false;
    std::vector<std::string> all_modules;
    while (std::getline(doc, line)) {
        if (line.rfind("| module | owns | may include |", 0) == 0) {
            in_table = true;
            continue;
        }
        if (!in_table) continue;
        if (line.rfind("|---", 0) == 0) continue;
        if (line.rfind("| ", 0) != 0) break;
        // | `name/` | owns | may include |
        const std::size_t c1 = line.find('|', 1), c2 = line.find('|', c1 + 1), c3 = line.find('|', c2 + 1);
        const std::string name_cell = line.substr(1, c1 - 1), may = line.substr(c2 + 1, c3 - c2 - 1);
        std::smatch m;
        std::string name;
        if (std::regex_search(name_cell, m, std::regex("`([a-z]+)/`"))) name = m[1];
        else if (name_cell.find("main.cpp") != std::string::npos) name = "main";
        if (name.empty()) continue;
        Allowed a;
        a.modules.insert(name);
        const std::regex module_name("`([a-z]+)/`");
        for (std::sregex_iterator it(may.begin(), may.end(), module_name), end; it != end; ++it)
            a.modules.insert((*it)[1]);
        for (const std::string& lib : kLibraries)
            if (std::regex_search(may, std::regex("(^|[ ,])" + std::regex_replace(lib, std::regex("[+]"), "\\+") + "($|[ ,])")))
                a.libraries.insert(lib);
        if (may.find("every module above") != std::string::npos) {
            for (const std::string& mod : all_modules) a.modules.insert(mod);
            a.libraries.insert(kLibraries.begin(), kLibraries.end());
        }
        all_modules.push_back(name);
        table[name] = a;
    }
    return table;
}

// The library a system header belongs to, or "" for the standard library / POSIX / compiler.
std::string library_of(const std::string& header) {
    if (header.rfind("cairo", 0) == 0) return "Cairo";
    if (header == "ft2build.h" || header.rfind("freetype", 0) == 0) return "FreeType";
    if (header == "raqm.h") return "libraqm";
    // HarfBuzz's subsetter, a library of its own (libharfbuzz-subset): it cuts fonts, it shapes nothing.
    if (header == "hb-subset.h" || header == "harfbuzz/hb-subset.h") return "hb-subset";
    if (header == "hb.h" || header.rfind("hb-", 0) == 0 || header.rfind("harfbuzz/", 0) == 0) return "HarfBuzz";
    if (header.rfind("fribidi", 0) == 0) return "FriBiDi";
    if (header.rfind("yaml-cpp/", 0) == 0) return "yaml-cpp";
    if (header.rfind("nlohmann/", 0) == 0) return "nlohmann-json";
    if (header == "png.h" || header == "pngconf.h") return "libpng";
    if (header == "zlib.h" || header == "zconf.h") return "zlib";
    if (header.rfind("libyuv", 0) == 0) return "libyuv";
    if (header == "SDL_ttf.h" || header == "SDL2/SDL_ttf.h") return "SDL2_ttf";
    if (header.rfind("SDL", 0) == 0) return "SDL2";
    if (header.rfind("X11/", 0) == 0) return "Xlib";
    return "";
}

struct Include {
    std::string file;
    int line = 0;
    bool angle = false;
    std::string target;
};

std::vector<Include> includes_of(const fs::path& file) {
    std::vector<Include> out;
    std::istringstream in(slurp(file));
    std::string line;
    int n = 0;
    const std::regex inc(R"(^\s*#\s*include\s*([<"])([^>"]+)[>"])"), macro(R"(^\s*#\s*include\s+(FT_[A-Z_]+))");
    while (std::getline(in, line)) {
        ++n;
        std::smatch m;
        if (std::regex_search(line, m, inc)) out.push_back({fs::relative(file, kSource).string(), n, m[1] == "<", m[2]});
        else if (std::regex_search(line, m, macro)) out.push_back({fs::relative(file, kSource).string(), n, true, "freetype/" + m[1].str()});
    }
    return out;
}

// Every source file of engine/ with its module.
std::vector<std::pair<fs::path, std::string>> engine_files() {
    std::vector<std::pair<fs::path, std::string>> files;
    for (const auto& e : fs::recursive_directory_iterator(kSource / "engine")) {
        if (!e.is_regular_file()) continue;
        const std::string ext = e.path().extension().string();
        if (ext != ".cpp" && ext != ".hpp" && ext != ".h") continue;
        const fs::path rel = fs::relative(e.path(), kSource / "engine");
        files.emplace_back(e.path(), rel.has_parent_path() ? rel.begin()->string() : "main");
    }
    std::sort(files.begin(), files.end());
    return files;
}

// The source without comments and string literals (what the compiler computes, not what it says).
std::string code_only(const std::string& src) {
    std::string out;
    for (std::size_t i = 0; i < src.size(); ++i) {
        if (src.compare(i, 2, "//") == 0) {
            while (i < src.size() && src[i] != '\n') ++i;
            out += '\n';
        } else if (src.compare(i, 2, "/*") == 0) {
            i = src.find("*/", i + 2);
            if (i == std::string::npos) break;
            ++i;
        } else if (src[i] == '"') {
            out += "\"\"";
            for (++i; i < src.size() && src[i] != '"'; ++i)
                if (src[i] == '\\') ++i;
        } else if (src[i] == '\'') {
            out += "''";
            for (++i; i < src.size() && src[i] != '\''; ++i)
                if (src[i] == '\\') ++i;
        } else {
            out += src[i];
        }
    }
    return out;
}

}  // namespace

TEST_CASE("the design's module table is there and complete", "[architecture]") {
    const auto table = design_table();
    for (const char* m : {"core", "attention", "scene", "load", "timeline", "model", "draw", "output", "app", "sdl", "cli", "main"})
        CHECK(table.count(m) == 1);
    for (const auto& entry : fs::directory_iterator(kSource / "engine"))
        if (entry.is_directory()) CHECK(table.count(entry.path().filename().string()) == 1);
    CHECK(table.at("attention").modules == std::set<std::string>{"attention", "core"});
    CHECK(table.at("draw").libraries.count("Cairo") == 1);
    CHECK(table.at("draw").libraries.count("SDL2") == 0);
    CHECK(table.at("load").libraries == std::set<std::string>{"yaml-cpp", "nlohmann-json"});
    // The presenter core knows no platform: only its SDL backend has SDL2 and Xlib.
    for (const char* lib : {"SDL2", "Xlib"}) {
        CHECK(table.at("app").libraries.count(lib) == 0);
        CHECK(table.at("sdl").libraries.count(lib) == 1);
    }
    // Text is shaped in one place, under draw/: the overlay's too (no SDL2_ttf anywhere).
    for (const auto& [module, allowed] : table) {
        INFO(module);
        if (module != "main") CHECK(allowed.libraries.count("SDL2_ttf") == 0);
        if (module != "draw" && module != "main")
            for (const char* lib : {"libraqm", "HarfBuzz", "FriBiDi"}) CHECK(allowed.libraries.count(lib) == 0);
    }
    for (const char* lib : {"libraqm", "HarfBuzz", "FriBiDi", "FreeType"}) CHECK(table.at("draw").libraries.count(lib) == 1);
    CHECK(table.at("sdl").modules.count("app") == 1);
    CHECK(table.at("app").modules.count("sdl") == 0);
    // The web module runs in a browser: no SDL2, Xlib or libyuv, and none of the native backend.
    for (const char* lib : {"SDL2", "Xlib", "libyuv"}) CHECK(table.at("web").libraries.count(lib) == 0);
    CHECK(table.at("web").modules.count("sdl") == 0);
    // Fonts are subset by the native exporter alone (a live page's fallback faces): the modules a
    // browser build shares have no subsetter.
    for (const auto& [module, allowed] : table)
        if (module != "output" && module != "sdl" && module != "main") CHECK(allowed.libraries.count("hb-subset") == 0);
    CHECK(table.at("output").libraries.count("hb-subset") == 1);
    // The commands (cli/) are the top: main.cpp only dispatches to them, no module below includes
    // them (the window and the exporter take settings, never the option table), and they reach
    // every library through the modules they use, none directly.
    CHECK(table.at("main").modules == std::set<std::string>{"main", "cli"});
    CHECK(table.at("main").libraries.empty());
    for (const auto& [module, allowed] : table) {
        INFO(module);
        if (module != "cli" && module != "main") CHECK(allowed.modules.count("cli") == 0);
    }
    for (const char* m : {"sdl", "output", "app"}) CHECK(table.at("cli").modules.count(m) == 1);
    CHECK(table.at("cli").libraries.empty());
}

TEST_CASE("every #include under engine/ follows an arrow of the design", "[architecture]") {
    const auto table = design_table();
    int checked = 0;
    for (const auto& [file, module] : engine_files()) {
        REQUIRE(table.count(module) == 1);
        const Allowed& allowed = table.at(module);
        for (const Include& inc : includes_of(file)) {
            INFO(inc.file << ":" << inc.line << ": #include " << (inc.angle ? "<" : "\"") << inc.target);
            ++checked;
            CHECK(inc.target.find("..") == std::string::npos);
            if (inc.angle) {
                const std::string lib = library_of(inc.target);
                if (!lib.empty()) CHECK(allowed.libraries.count(lib) == 1);
            } else {
                const std::size_t slash = inc.target.find('/');
                REQUIRE(slash != std::string::npos);  // always written from engine/: "module/file.hpp"
                CHECK(allowed.modules.count(inc.target.substr(0, slash)) == 1);
            }
        }
    }
    CHECK(checked > 200);
}

TEST_CASE("the checks can fail: a wrong include is caught", "[architecture]") {
    const auto table = design_table();
    CHECK(table.at("attention").modules.count("timeline") == 0);
    CHECK(library_of("cairo.h") == "Cairo");
    CHECK(table.at("attention").libraries.count(library_of("cairo.h")) == 0);
    CHECK(table.at("timeline").libraries.count(library_of("SDL2/SDL.h")) == 0);
    CHECK(table.at("draw").libraries.count(library_of("yaml-cpp/yaml.h")) == 0);
    CHECK(table.at("scene").libraries.count(library_of("nlohmann/json.hpp")) == 0);
}

TEST_CASE("draw/ computes no attention: no exponential, softmax, dot product or trace", "[architecture]") {
    const std::vector<std::pair<std::regex, const char*>> forbidden = {
        {std::regex(R"(\bexpf?\s*\()"), "an exponential"},
        {std::regex(R"(\bsoftmax)"), "a softmax"},
        {std::regex(R"(\binner_product\b)"), "a dot product"},
        {std::regex(R"((\w+)\.x\s*\*\s*(\w+)\.x\s*\+\s*\1\.y\s*\*\s*\2\.y)"), "a dot product"},
        {std::regex(R"(\bTrace\b|\.trace\b|attention::)"), "the attention trace"},
    };
    int files = 0;
    for (const auto& [file, module] : engine_files()) {
        if (module != "draw") continue;
        ++files;
        const std::string code = code_only(slurp(file));
        for (const auto& [re, what] : forbidden) {
            std::smatch m;
            INFO(fs::relative(file, kSource).string() << " computes " << what);
            CHECK_FALSE(std::regex_search(code, m, re));
        }
    }
    CHECK(files > 10);
    // The patterns find what they look for.
    CHECK(std::regex_search(std::string("double e = std::exp(s);"), forbidden[0].first));
    CHECK(std::regex_search(std::string("r = k.x * q.x + k.y * q.y;"), forbidden[3].first));
    CHECK(code_only("a // std::exp(x)\n\"softmax\"") == "a \n\"\"");
}
