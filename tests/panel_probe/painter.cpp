// tests/panel_probe: the probe panel's painter (draw/).
#include "draw/paint.hpp"

namespace draw {

namespace {

void paint(Canvas& c, const model::Probe& m, const core::Rect& r) { c.card(r, m.text); }

}  // namespace

extern const PanelDef<model::Probe> kProbePanel{{Slot::Where::Side, 9, 100}, paint, nullptr};

}  // namespace draw
