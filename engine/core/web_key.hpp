// core/web_key: one key of a browser page, as the window's key table (app/bindings) gives it and
// the pages that honour keys take it (the exported web page, output/sinks/site.cpp; the live
// page, web/). Plain strings: it knows no key table, no window and no page.
#pragma once

#include <string>
#include <vector>

namespace core {

// A key of a web page: one row of the window's key table that a browser can honour, with the key
// names a browser's KeyboardEvent.key gives ("ArrowRight", " ", "r", "Shift+ArrowLeft"). A page
// looks keys up in these rows, layer by layer, as the window does; its help lists them.
struct WebKey {
    std::string layer;              // "slides", "anywhere", "typing", "overview", "menu", "quiz", "help"
    std::string action;             // "next", "back", "replay", … (what the page does)
    int arg = 0;                    // the action's argument (a scrub's direction, a grade)
    std::vector<std::string> keys;  // KeyboardEvent.key names, with "Ctrl+", "Alt+", "Shift+" in front
    std::string label;              // the keys as the help shows them ("→ ↓ Space PageDown Enter")
    std::string help;               // what they do; "" shares the line of the row above
};

}  // namespace core
