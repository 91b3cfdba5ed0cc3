// scene/panels: the YAML names of the panels, from the panel table.
#include "scene/panels.hpp"

#include <array>

namespace scene {

namespace {

constexpr std::array<const char*, kPanelCount> kPanelNames = {
#define ATTNLAB_PANEL_NAME(e, name, member) name,
    ATTNLAB_PANELS(ATTNLAB_PANEL_NAME)
#undef ATTNLAB_PANEL_NAME
};

}  // namespace

const char* panel_name(Panel p) { return kPanelNames[static_cast<std::size_t>(p)]; }

std::optional<Panel> panel_from_name(const std::string& name) {
    for (std::size_t i = 0; i < kPanelNames.size(); ++i)
        if (name == kPanelNames[i]) return static_cast<Panel>(i);
    return std::nullopt;
}

std::vector<std::string> panel_names() { return {kPanelNames.begin(), kPanelNames.end()}; }

}  // namespace scene
