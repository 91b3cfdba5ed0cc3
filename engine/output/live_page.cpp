// output/live_page: the live web page (see live_page.hpp). What the page does with the module is
// engine/web/page/live.js's; here only the four files of the web build's folder are put together
// with the deck's files into one HTML file.
#include "output/live_page.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/core.hpp"
#include "output/page_fonts.hpp"
#include "output/staging.hpp"
#include "output/web_text.hpp"

namespace output {

namespace fs = std::filesystem;

namespace {

bool slurp(const fs::path& file, std::string& out, std::string& why) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        why = "cannot read " + file.string();
        return false;
    }
    std::ostringstream s;
    s << in.rdbuf();
    out = s.str();
    return true;
}

// The deepest folder holding every file (absolute, lexically normal).
fs::path common_folder(const std::vector<fs::path>& files) {
    fs::path base = files.front().parent_path();
    for (const fs::path& f : files) {
        while (!base.empty() && base != base.root_path()) {
            const fs::path rel = f.lexically_relative(base);
            if (!rel.empty() && *rel.begin() != "..") break;
            base = base.parent_path();
        }
    }
    return base;
}

// The bundle's fallback faces: ,"fonts":{NAME:base64,…},"fallbacks":[{"regular":NAME,"bold":NAME or
// "","index":0},…], the faces the painter draws `texts` with (none without `fonts`), subset to
// their characters; the page writes them into the module's file system and gives the module
// this table, in the painter's order, before it opens the deck. `bytes`: the faces' size.
bool fallback_bundle(const draw::Fonts* fonts, const std::vector<std::string>& texts, std::string& json, std::size_t& bytes,
                     std::string& why) {
    PageFonts faces;
    if (fonts && !page_fonts(*fonts, texts, faces, why)) return false;
    json = ",\"fonts\":{";
    for (std::size_t i = 0; i < faces.faces.size(); ++i) {
        if (i) json += ",";
        core::json_string(json, faces.faces[i].name);
        json += ":";
        core::json_string(json, base64(faces.faces[i].bytes));
    }
    json += "},\"fallbacks\":[";
    for (std::size_t i = 0; i < faces.table.size(); ++i) {
        json += i ? ",{\"regular\":" : "{\"regular\":";
        core::json_string(json, faces.table[i].regular);
        json += ",\"bold\":";
        core::json_string(json, faces.table[i].bold);
        json += ",\"index\":" + std::to_string(faces.table[i].index) + "}";
    }
    json += "]";
    bytes = faces.bytes();
    return true;
}

}  // namespace

std::string web_module_dir() {
    if (const char* dir = std::getenv("ATTNLAB_WEB_MODULE"); dir && *dir) return dir;
    return ATTNLAB_WEB_MODULE_DIR;
}

int write_live_page(const Options& opt, const std::vector<std::string>& files, const std::vector<std::string>& texts,
                    std::ostream& err, const std::string& extra_script) {
    const auto fail = [&](const std::string& why) {
        err << "attnlab: error: " << core::printable(why) << "\n";
        return 2;
    };
    const fs::path dir = web_module_dir();
    std::string page, module_js, wasm, live_js, why;
    if (!fs::exists(dir / "attnlab-web.wasm"))
        return fail("the live page needs the web build's module, and " + (dir / "attnlab-web.wasm").string() +
                    " is not there: build it with tools/web/build (or point ATTNLAB_WEB_MODULE at its folder)");
    if (!slurp(dir / "live.html", page, why) || !slurp(dir / "attnlab-web.js", module_js, why) ||
        !slurp(dir / "attnlab-web.wasm", wasm, why) || !slurp(dir / "live.js", live_js, why))
        return fail(why);
    if (files.empty()) return fail("the deck read no file");

    // The deck's files, by their paths below the deepest folder holding them all.
    std::vector<fs::path> absolute;
    for (const std::string& f : files) absolute.push_back(fs::absolute(f).lexically_normal());
    const fs::path base = common_folder(absolute);
    std::string bundle = "{\"main\":";
    core::json_string(bundle, absolute.front().lexically_relative(base).generic_string());
    bundle += ",\"files\":{";
    for (std::size_t i = 0; i < absolute.size(); ++i) {
        std::string bytes;
        if (!slurp(absolute[i], bytes, why)) return fail(why);
        if (i) bundle += ",";
        core::json_string(bundle, absolute[i].lexically_relative(base).generic_string());
        bundle += ":";
        core::json_string(bundle, base64(bytes));
    }
    bundle += "}";
    std::string faces;
    std::size_t face_bytes = 0;
    if (!fallback_bundle(opt.draw.fonts.get(), texts, faces, face_bytes, why)) return fail(why);
    bundle += faces + "}";
    std::string packed;
    if (!gzip(wasm, packed)) return fail("cannot compress the module");

    const std::string module_tag = "<script src=\"attnlab-web.js\"></script>";
    const std::string live_tag = "<script src=\"live.js\"></script>";
    const std::size_t at_module = page.find(module_tag), at_live = page.find(live_tag);
    if (at_module == std::string::npos || at_live == std::string::npos || at_live < at_module)
        return fail((dir / "live.html").string() + " is not the live page tools/web/build writes (its two scripts are missing)");
    const std::string inline_live = "<script>window.attnlabBundle = " + json_in_script(bundle) +
                                    ";\nwindow.attnlabWasm = \"" + base64(packed) + "\";</script>\n" + extra_script + "<script>" +
                                    script_safe(live_js) + "</script>";
    page.replace(at_live, live_tag.size(), inline_live);
    page.replace(at_module, module_tag.size(), "<script>" + script_safe(module_js) + "</script>");

    Staged out(opt.out, Target::File, "", "", opt.hooks);
    if (!out.create(why)) return fail(why);
    if (!write_file(out.path(), page, why)) return fail(why);
    if (!out.commit(why)) return fail(why);
    err << "attnlab: wrote the live page " << core::printable(opt.out) << " (" << page.size() / 1000 << " KB: "
        << absolute.size() << (absolute.size() == 1 ? " file" : " files") << " of the deck, the engine "
        << packed.size() / 1000 << " KB compressed";
    if (face_bytes) err << ", the fallback faces " << (face_bytes + 999) / 1000 << " KB";
    err << ")\n";
    return 0;
}

}  // namespace output
