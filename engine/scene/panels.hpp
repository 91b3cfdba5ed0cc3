// scene/panels: the panels a scene can show, one row each: the enum value and the YAML name.
// Their order in a scene does not matter: draw/ places each by the slot its painter registers
// (draw/<panel>.cpp defines k<Enum>Panel; a row without one fails to link). Adding a panel is a
// row here and its painter file in draw/.
#pragma once

#include <optional>
#include <string>
#include <vector>

// X(Enum, "yaml-name")
#define ATTNLAB_PANELS(X)         \
    X(TokenRow, "token-row")      \
    X(Matrix, "matrix")           \
    X(Graph, "graph")             \
    X(KeyPlane, "key-plane")      \
    X(ValuePlane, "value-plane")  \
    X(ScoreRow, "score-row")      \
    X(WeightBars, "weight-bars")  \
    X(Pipeline, "pipeline")       \
    X(Readouts, "readouts")       \
    X(Narration, "narration")     \
    X(Arithmetic, "arithmetic")   \
    X(Controls, "controls")       \
    X(Projections, "projections") \
    X(Scaling, "scaling")         \
    X(Outputs, "outputs")         \
    X(Block, "block")

namespace scene {

enum class Panel {
#define ATTNLAB_PANEL_ENUM(e, name) e,
    ATTNLAB_PANELS(ATTNLAB_PANEL_ENUM)
#undef ATTNLAB_PANEL_ENUM
};
#define ATTNLAB_PANEL_COUNT(e, name) +1
constexpr int kPanelCount = 0 ATTNLAB_PANELS(ATTNLAB_PANEL_COUNT);
#undef ATTNLAB_PANEL_COUNT

const char* panel_name(Panel p);  // "token-row", "matrix", … (the YAML names)
std::optional<Panel> panel_from_name(const std::string& name);
std::vector<std::string> panel_names();

}  // namespace scene
