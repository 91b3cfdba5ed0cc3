// model/panel: how a panel registers. A panel is two files: its model header,
// model/panels/<name>.hpp, and its painter, draw/<name>.cpp. The header's first line of code is
// the panel's row,
//
//     ATTNLAB_PANEL(WeightBars, "weight-bars", weight_bars)
//
// — the enum value (scene::Panel::WeightBars), the YAML name, and the member of
// model::SceneFrame that holds what it shows — followed by the struct of that name (what the
// panel shows: every number and label as displayed, by value, with a defaulted operator==: a
// panel whose model equals the last frame's is copied, not painted, draw/panel_cache.hpp) and the
// definition of its builder, which the row declares:
//
//     WeightBars build(const Row& row, Tag<WeightBars>);
//
// CMakeLists.txt collects the rows into the panel table (scene/panels.hpp). A row without its
// struct does not compile; a panel without its builder (model/) or its painter (draw/) does not
// link. A builder reads the focused row's numbers (model/row.hpp) and the Trace; it may live in a
// .cpp beside the header when it grows.
#pragma once

namespace model {

struct Row;
// Selects a panel's builder by the type it builds.
template <class T>
struct Tag {};

}  // namespace model

#define ATTNLAB_PANEL(Enum, yaml_name, member) \
    struct Enum;                               \
    Enum build(const Row& row, Tag<Enum>);
