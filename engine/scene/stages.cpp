// scene/stages: the lookups of the stage table (scene/stages.hpp).
#include "scene/stages.hpp"

namespace scene {


const std::array<StageInfo, kStageCount>& stages() { return kStages; }
const StageInfo& info(Stage s) { return kStages[static_cast<std::size_t>(s)]; }
const char* stage_name(Stage s) { return info(s).name; }

std::optional<Stage> stage_from_name(const std::string& name) {
    for (const StageInfo& s : kStages)
        if (name == s.name) return s.stage;
    return std::nullopt;
}

std::vector<std::string> stage_names() {
    std::vector<std::string> out;
    for (const StageInfo& s : kStages) out.emplace_back(s.name);
    return out;
}

double default_duration(Stage s) { return info(s).duration; }

}  // namespace scene
