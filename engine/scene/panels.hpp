// scene/panels: the panels a scene can show, by their YAML names. Their order in a scene does
// not matter: draw/ places them by the slot its panel table gives each.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace scene {

enum class Panel {
    TokenRow,     // the sequence, focused token marked
    Matrix,       // attention-matrix heatmap (rows read, columns are read)
    Graph,        // tokens as nodes, edges from the focused token
    KeyPlane,     // query arrow, key dots, projections
    ValuePlane,   // value dots, hull, output diamond, arrow from own value
    ScoreRow,     // q·k/√d per key, heat-coloured
    WeightBars,   // weights as bars, Σ a = 1.00
    Pipeline,     // the formula as six stages, active one highlighted
    Readouts,     // temperature, top weight, Σ weights, new vector, raw row sum
    Narration,    // the step's `say`, wrapped
    Arithmetic,   // the arithmetic for the best match
    Controls,     // temperature slider and mask switch
    Projections,  // x, W_Q, W_K, W_V → q, k, v (scenes that give inputs)
};
constexpr int kPanelCount = 13;

const char* panel_name(Panel p);  // "token-row", "matrix", … (the YAML names)
std::optional<Panel> panel_from_name(const std::string& name);
std::vector<std::string> panel_names();

}  // namespace scene
