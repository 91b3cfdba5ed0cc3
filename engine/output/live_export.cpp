// output/live_export: the web page `-o NAME.html` writes by default (see live_export.hpp): where
// the live page goes, whether it can be written, and its fallback, the recorded page.
#include "output/live_export.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/core.hpp"
#include "output/live_page.hpp"
#include "output/staging.hpp"
#include "output/web_text.hpp"

namespace output {

namespace fs = std::filesystem;

namespace {

// -o DIR/ --format html: the live page is one file, DIR/index.html.
bool into_folder(const Options& opt) { return opt.format->target == Target::Folder; }
std::string page_path(const Options& opt) {
    return into_folder(opt) ? strip_slashes(opt.out) + "/index.html" : opt.out;
}

// The recorded page of the deck as one file (--recorded --single-file), drawn into a scratch
// folder and read back; the folder goes either way.
int recorded_page(const scene::Deck& deck, const Options& opt, std::string& page, std::ostream& err) {
    const char* tmp = std::getenv("TMPDIR");
    std::string dir = std::string(tmp && *tmp ? tmp : "/tmp") + "/attnlab-fallback-XXXXXX";
    if (!mkdtemp(dir.data())) {
        err << "attnlab: error: cannot make a scratch folder for the fallback page: " << std::strerror(errno) << "\n";
        return 2;
    }
    Options rec = opt;
    rec.live = rec.fallback = false;
    rec.single_file = true;
    rec.format = find_format("html", Target::File, false);
    const std::string name = fs::path(page_path(opt)).filename().string();
    rec.out = dir + "/" + name;
    rec.quiet = true;  // its summary would name the scratch file; the live page's says it all
    rec.hooks = nullptr;
    err << "attnlab: drawing the recorded page for the fallback (each step's picture and clip)\n";
    int code = run(deck, rec, {}, err);
    if (code == 0) {
        std::ifstream in(rec.out, std::ios::binary);
        std::ostringstream s;
        s << in.rdbuf();
        page = s.str();
        if (!in || page.empty()) {
            err << "attnlab: error: cannot read the fallback page back from " << core::printable(rec.out) << "\n";
            code = 2;
        }
    }
    std::error_code ec;
    fs::remove_all(dir, ec);
    return code;
}

}  // namespace

std::string live_page_problem(const Options& opt) {
    const fs::path wasm = fs::path(web_module_dir()) / "attnlab-web.wasm";
    if (!fs::exists(wasm))
        return "the web page runs the deck with the web build's module, and " + wasm.string() +
               " is not there: build it with tools/web/build (or point ATTNLAB_WEB_MODULE at its folder), "
               "or pass --recorded for the recorded page of pictures and clips";
    if (!into_folder(opt)) return check_writable(opt.out, Target::File);
    // DIR/index.html: DIR is made when missing; an existing one keeps its other files.
    if (std::string why = check_writable(opt.out, Target::Folder); !why.empty()) return why;
    struct stat st {};
    if (stat(strip_slashes(opt.out).c_str(), &st) == 0) return check_writable(page_path(opt), Target::File);
    return "";
}

std::string fallback_script(const std::string& recorded) {
    std::string json;
    core::json_string(json, recorded);
    return "<script>window.attnlabFallback = " + json_in_script(json) + ";</script>\n";
}

int export_live_page(const scene::Deck& deck, const Options& opt, const std::vector<std::string>& files,
                     const std::vector<std::string>& texts, std::ostream& err) {
    std::string extra;
    if (opt.fallback) {
        std::string recorded;
        if (const int code = recorded_page(deck, opt, recorded, err); code != 0) return code;
        extra = fallback_script(recorded);
        err << "attnlab: the fallback, the recorded page, is " << recorded.size() / 1000 << " KB\n";
    }
    Options page = opt;
    page.out = page_path(opt);
    bool made = false;
    if (into_folder(opt)) {
        const std::string dir = strip_slashes(opt.out);
        if (mkdir(dir.c_str(), 0777) == 0) made = true;
        else if (errno != EEXIST) {
            err << "attnlab: error: cannot make " << core::printable(dir) << ": " << std::strerror(errno) << "\n";
            return 2;
        }
    }
    const int code = write_live_page(page, files, texts, err, extra);
    if (code != 0 && made) rmdir(strip_slashes(opt.out).c_str());
    return code;
}

}  // namespace output
