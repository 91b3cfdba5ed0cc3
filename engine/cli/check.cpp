// cli: `attnlab check FILE... [--root DIR]`: every file loaded and validated, its warnings and
// errors said with file:line:column; a character no face has is a warning (exit status 2 on
// errors only).
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "cli/common.hpp"
#include "draw/draw.hpp"
#include "load/load.hpp"

namespace cli {

namespace {

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

}  // namespace

int check(const std::vector<std::string>& args) {
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

}  // namespace cli
