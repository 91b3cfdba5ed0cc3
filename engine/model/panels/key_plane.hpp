// model/panels/key_plane: the question, the keys and how far each reaches along it, in plane coordinates.
// The panel's row (see model/panel.hpp), what it shows, and its builder's declaration; the
// painter is draw/key_plane.cpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/panel.hpp"
#include "model/parts.hpp"

namespace model {

ATTNLAB_PANEL(KeyPlane, "key-plane", key_plane)

struct KeyDot {
    core::Point at;       // plane coordinates
    core::Point foot;     // where it projects onto the question's line
    std::string label;    // "cat", "chased · own key", "mouse · hidden"
    double hide = 0;
    bool focus = false, hover = false;
    bool editing = false;  // the arrows move this key now (ringed, dashed)
};
struct KeyPlane {
    std::string heading = "Keys and the question";
    Extent extent;
    core::Point query;          // the asking token's query (plane coordinates)
    std::string query_label;    // "q · chased"
    double reveal = 0;          // 0 … 1: the projections growing onto the question's line
    bool feet = false;          // ticks at the feet (scoring done)
    int emphasis = -1;          // the key whose reach is drawn as a band (hovered, else best)
    // The emphasised key's score drawn as a length: the band runs along the question to
    // (q·k) q̂, its reach times the question's length |q| (so a short question, a faint one,
    // scores little however far its keys reach), labelled "|q| × reach = 2.72". d = 2 only
    // (in more dimensions the plane shows two coordinates, not the score).
    bool score_band = false;
    core::Point score_end;
    std::string score_label;    // "|q| × reach = 2.72"
    std::vector<KeyDot> keys;
    std::string note;           // "d = 4: the plane shows the first two coordinates"
};

}  // namespace model
