// cli: what the commands share (common.hpp), moved from main.cpp as it was.
#include "cli/common.hpp"

#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "draw/draw.hpp"

namespace cli {

const char* const kUsage = R"(usage:
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

// The options of check or trace (`command`), read with the option table; its --help printed.
// Returns -1 to go on, else the exit status.
int read_options(options::Command command, const std::vector<std::string>& args, options::Values& v) {
    std::string error;
    if (!options::parse(command, args, {}, v, error)) return usage_error(error);
    if (!v.help) return -1;
    std::cout << kUsage << "\nOptions of " << options::command_name(command) << ":\n" << options::help(command, {});
    return 0;
}

}  // namespace cli
