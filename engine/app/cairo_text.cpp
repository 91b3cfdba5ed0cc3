// app/cairo_text: overlay text with Cairo and draw::Fonts (see the header).
#include "app/cairo_text.hpp"

#include <algorithm>
#include <cmath>

namespace app {

CairoText::CairoText(std::shared_ptr<const draw::Fonts> fonts)
    : fonts_(std::move(fonts)), measuring_(std::make_unique<Painting>(scratch_.pixels())) {}

CairoText::Metrics CairoText::use(cairo_t* cr, int px, Face face) const {
    const draw::Font f = face == Face::Bold ? draw::Font::Bold : face == Face::Mono ? draw::Font::Mono : draw::Font::Regular;
    cairo_set_font_face(cr, fonts_->face(f));
    cairo_set_font_size(cr, std::max(6, px));
    cairo_font_extents_t fe;
    cairo_font_extents(cr, &fe);
    return {fe.ascent, std::ceil(fe.height), static_cast<int>(std::ceil(fe.ascent + fe.descent))};
}

int CairoText::width(cairo_t* cr, const std::string& s) {
    if (s.empty()) return 0;
    cairo_text_extents_t te;
    cairo_text_extents(cr, s.c_str(), &te);
    return static_cast<int>(std::ceil(te.x_advance));
}

std::vector<std::string> CairoText::lines(cairo_t* cr, const std::string& text, int wrap) const {
    std::vector<std::string> out;
    std::size_t at = 0;
    while (at <= text.size()) {
        const std::size_t nl = text.find('\n', at);
        const std::string para = text.substr(at, nl == std::string::npos ? std::string::npos : nl - at);
        if (wrap <= 0) {
            out.push_back(para);
        } else {
            // Greedy: as many whole words as fit the width; a word wider than it stands alone.
            std::string line;
            std::size_t w = 0;
            while (w <= para.size()) {
                const std::size_t sp = para.find(' ', w);
                const std::string word = para.substr(w, sp == std::string::npos ? std::string::npos : sp - w);
                const std::string tried = line.empty() ? word : line + " " + word;
                if (!line.empty() && width(cr, tried) > wrap) {
                    out.push_back(line);
                    line = word;
                } else {
                    line = tried;
                }
                if (sp == std::string::npos) break;
                w = sp + 1;
            }
            out.push_back(line);
        }
        if (nl == std::string::npos) break;
        at = nl + 1;
    }
    return out;
}

TextSize CairoText::line_size(const std::string& text, int px, Face face) {
    cairo_t* cr = measuring_->cr();
    const Metrics m = use(cr, px, face);
    return {width(cr, text), m.height};
}

TextSize CairoText::measure(const std::string& text, int px, Face face, int wrap) {
    if (text.empty()) return {};
    cairo_t* cr = measuring_->cr();
    const Metrics m = use(cr, px, face);
    const std::vector<std::string> ls = lines(cr, text, wrap);
    int w = 0;
    for (const std::string& l : ls) w = std::max(w, width(cr, l));
    return {w, m.height + static_cast<int>(m.line) * static_cast<int>(ls.size() - 1)};
}

void CairoText::paint(const Pixels& target, const std::vector<OverlayText>& texts) {
    Painting painting(target);
    cairo_t* cr = painting.cr();
    for (const OverlayText& t : texts) {
        if (t.text.empty()) continue;
        const TextSize sz = measure(t.text, t.px, t.face, t.wrap);
        const Metrics m = use(cr, t.px, t.face);
        double x = t.x;
        if (t.align == 1) x -= sz.w / 2.0;
        else if (t.align == 2) x -= sz.w;
        x = std::lround(x);
        cairo_set_source_rgba(cr, t.colour.r / 255.0, t.colour.g / 255.0, t.colour.b / 255.0, t.colour.a / 255.0);
        double y = std::lround(t.y) + m.ascent;
        for (const std::string& l : lines(cr, t.text, t.wrap)) {
            cairo_move_to(cr, x, y);
            cairo_show_text(cr, l.c_str());
            y += m.line;
        }
    }
}

}  // namespace app
