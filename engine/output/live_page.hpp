// output (internal): `attnlab export DECK -o NAME.html` (the live page) — one HTML file that runs the deck
// itself in a browser, from the web build's folder (tools/web/build) and the files the deck read.
// Not included outside engine/output/.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "output/output.hpp"

namespace output {

// The web build's folder a live page is made from: $ATTNLAB_WEB_MODULE, else the folder this
// attnlab was configured with (ATTNLAB_WEB_BUILD, build-web/ in the checkout).
std::string web_module_dir();

// Writes opt.out: the web build's live page (live.html) with its module's script, its
// WebAssembly (gzip, base64: the page inflates it) and live.js inside, and `files` (the deck's,
// the top file first) as window.attnlabBundle, by their paths below the deepest folder holding
// them all, with the fallback faces `texts` (every text the deck shows) are drawn with, subset
// to their characters (output/page_fonts.hpp), and `extra_script` (elements put before live.js:
// the fallback, live_export.hpp). Staged and renamed as every output; 0 done, 2 with the reason
// on `err`.
int write_live_page(const Options& opt, const std::vector<std::string>& files, const std::vector<std::string>& texts,
                    std::ostream& err, const std::string& extra_script = "");

}  // namespace output
