// scene/panels: the panels a scene can show. The table is not written here: each panel's model
// header, engine/model/panels/<name>.hpp, opens with its row ATTNLAB_PANEL(Enum, "yaml-name",
// member), and CMake collects the rows (in file-name order) into ATTNLAB_PANEL_TABLE, which this
// header includes: X(Enum, "yaml-name", member) per panel. Scene knows a panel by its enum value
// and its YAML name; the member names model::SceneFrame's field for it. Adding a panel is its
// model header and its painter (draw/<name>.cpp) — see docs/DESIGN.md.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "scene/panel_table.inc"  // generated: ATTNLAB_PANEL_TABLE

#define ATTNLAB_PANELS(X) ATTNLAB_PANEL_TABLE(X)

namespace scene {

enum class Panel {
#define ATTNLAB_PANEL_ENUM(e, name, member) e,
    ATTNLAB_PANELS(ATTNLAB_PANEL_ENUM)
#undef ATTNLAB_PANEL_ENUM
};
#define ATTNLAB_PANEL_COUNT(e, name, member) +1
constexpr int kPanelCount = 0 ATTNLAB_PANELS(ATTNLAB_PANEL_COUNT);
#undef ATTNLAB_PANEL_COUNT

const char* panel_name(Panel p);  // "token-row", "matrix", … (the YAML names)
std::optional<Panel> panel_from_name(const std::string& name);
std::vector<std::string> panel_names();

}  // namespace scene
