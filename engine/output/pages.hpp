// output (internal): rendering one raster frame, and the page exports (PDF, SVG, stills).
#pragma once

#include "output/sinks.hpp"

namespace output {

// Renders the frame at session time `now` into `img` (cleared first).
void render_image(Image& img, const scene::Deck& deck, const timeline::Layout& lay, const timeline::State& state,
                  double now, const draw::Options& opt);
// The state and time at which span `span` shows its final state (animation done, end of hold).
timeline::State final_state(const timeline::Layout& lay, int span, double& now);

// Spans [first, last] (0-based, inclusive) as one PDF page each / one SVG file each in `dir`.
bool write_pdf(const std::string& out, int first, int last, int width, int height, const scene::Deck& deck,
               const timeline::Layout& lay, const draw::Options& opt, std::string& error);
bool write_svg_pages(const std::string& dir, int first, int last, int width, int height, const scene::Deck& deck,
                     const timeline::Layout& lay, const draw::Options& opt, std::string& error);
// One picture of span `span`'s final state as PNG, SVG or a one-page PDF.
bool write_still(Kind kind, const std::string& out, int span, int width, int height, const scene::Deck& deck,
                 const timeline::Layout& lay, const draw::Options& opt, std::string& error);

}  // namespace output
