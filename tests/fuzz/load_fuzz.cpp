// Fuzz target: the loader. Any bytes as a scene or deck file: load::load_text either accepts them
// or returns diagnostics that each name the file, a line and a column and say something. Never a
// crash, a hang, a leak or an exception.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz.hpp"
#include "load/load.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    // Decks resolve their scenes against scenes/, so `scene: tiny.yaml` reaches real content.
    const load::Result r = load::load_text(text, "fuzz.yaml", std::string(ATTNLAB_SOURCE_DIR) + "/scenes");
    if (r.ok()) {
        fuzz::expect(!r.deck.slides.empty(), "an accepted deck has no slides");
        for (const auto& slide : r.deck.slides) {
            if (!slide.scene) continue;
            const auto& sc = *slide.scene;
            fuzz::expect(sc.n() >= 1 && sc.n() <= attention::kMaxSize, "an accepted scene has a bad token count");
            fuzz::expect(!sc.heads.empty(), "an accepted scene has no head");
            for (const auto& h : sc.heads)
                fuzz::expect(h.q.size() == sc.n() && h.k.size() == sc.n() && h.v.size() == sc.n(),
                             "an accepted scene's vectors do not match its tokens");
            fuzz::expect(!sc.steps.empty(), "an accepted scene has no steps");
        }
        return 0;
    }
    for (const auto& e : r.errors) {
        fuzz::expect(!e.file.empty(), "a diagnostic names no file");
        fuzz::expect(!e.message.empty(), "a diagnostic says nothing");
        const std::string line = e.format();
        fuzz::expect(line.find('\x1b') == std::string::npos && line.find('\a') == std::string::npos,
                     "a diagnostic passes a control character through");
    }
    return 0;
}
