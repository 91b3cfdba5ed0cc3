// app/cairo_text: overlay text through draw's text stack (see the header).
#include "app/cairo_text.hpp"

#include <algorithm>
#include <cmath>

namespace app {

namespace {

draw::Font font_of(Face face) {
    return face == Face::Bold ? draw::Font::Bold : face == Face::Mono ? draw::Font::Mono : draw::Font::Regular;
}
double size_of(int px) { return std::max(6, px); }

}  // namespace

CairoText::CairoText(std::shared_ptr<const draw::Fonts> fonts) : fonts_(std::move(fonts)) {}

CairoText::Metrics CairoText::metrics(int px, Face face) const {
    const draw::LineMetrics m = draw::line_metrics(*fonts_, font_of(face), size_of(px));
    return {m.ascent, std::ceil(m.height), static_cast<int>(std::ceil(m.ascent + m.descent))};
}

int CairoText::width(const std::string& s, int px, Face face) const {
    if (s.empty()) return 0;
    return static_cast<int>(std::ceil(draw::text_advance(*fonts_, s, font_of(face), size_of(px))));
}

std::vector<std::string> CairoText::lines(const std::string& text, int px, Face face, int wrap) const {
    // One line per "\n"-separated part; wrapped, as many as Unicode's break opportunities need.
    std::vector<std::string> out;
    std::size_t at = 0;
    while (at <= text.size()) {
        const std::size_t nl = text.find('\n', at);
        const std::string para = text.substr(at, nl == std::string::npos ? std::string::npos : nl - at);
        if (wrap <= 0 || para.empty()) {
            out.push_back(para);
        } else {
            for (std::string& l : draw::wrap_text(*fonts_, para, font_of(face), size_of(px), wrap)) out.push_back(std::move(l));
        }
        if (nl == std::string::npos) break;
        at = nl + 1;
    }
    return out;
}

TextSize CairoText::line_size(const std::string& text, int px, Face face) {
    return {width(text, px, face), metrics(px, face).height};
}

TextSize CairoText::measure(const std::string& text, int px, Face face, int wrap) {
    if (text.empty()) return {};
    const Metrics m = metrics(px, face);
    const std::vector<std::string> ls = lines(text, px, face, wrap);
    int w = 0;
    for (const std::string& l : ls) w = std::max(w, width(l, px, face));
    return {w, m.height + static_cast<int>(m.line) * static_cast<int>(ls.size() - 1)};
}

void CairoText::paint(const Pixels& target, const std::vector<OverlayText>& texts) {
    Painting painting(target);
    cairo_t* cr = painting.cr();
    for (const OverlayText& t : texts) {
        if (t.text.empty()) continue;
        const TextSize sz = measure(t.text, t.px, t.face, t.wrap);
        const Metrics m = metrics(t.px, t.face);
        double x = t.x;
        if (t.align == 1) x -= sz.w / 2.0;
        else if (t.align == 2) x -= sz.w;
        x = std::lround(x);
        cairo_set_source_rgba(cr, t.colour.r / 255.0, t.colour.g / 255.0, t.colour.b / 255.0, t.colour.a / 255.0);
        double y = std::lround(t.y) + m.ascent;
        for (const std::string& l : lines(t.text, t.px, t.face, t.wrap)) {
            missing_ += draw::show_text(cr, *fonts_, l, font_of(t.face), size_of(t.px), x, y);
            y += m.line;
        }
    }
}

}  // namespace app
