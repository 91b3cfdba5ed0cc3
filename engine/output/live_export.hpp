// output (internal): the web page `attnlab export DECK -o NAME.html` writes by default — the live
// page (live_page.hpp), into OUT or, for -o DIR/ --format html, DIR/index.html; with --fallback
// also carrying the recorded page (sinks/site.cpp, as one file), which the live page shows in
// place of itself where the browser has no WebAssembly. Not included outside engine/output/.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "output/output.hpp"

namespace output {

// Why the live page cannot be written to OUT ("" when it can): no web build's module (run
// tools/web/build, or --recorded), or OUT not writable. Asked before anything is loaded.
std::string live_page_problem(const Options& opt);

// Writes the live page of `deck` (whose files, the top one first, are `files`, and whose texts,
// for the fallback faces the page carries, are `texts`), with the recorded page inside when
// opt.fallback. 0 done, 2 with the reason on `err`, 130/143 when
// interrupted while the fallback's pictures were drawn; nothing is left behind but the page.
int export_live_page(const scene::Deck& deck, const Options& opt, const std::vector<std::string>& files,
                     const std::vector<std::string>& texts, std::ostream& err);

// The script a live page carries for its fallback: `recorded` (the recorded page, one file) as a
// string the page writes in place of itself (engine/web/page/live.js).
std::string fallback_script(const std::string& recorded);

}  // namespace output
