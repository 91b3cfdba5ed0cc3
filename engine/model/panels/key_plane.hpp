// model/panels/key_plane: the question, the keys, how far each reaches along the question and its
// score (|q| × that reach), in plane coordinates.
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

// A key on the plane, with its score drawn as a length along the question. Two lengths, one
// line: the key's reach (how far it reaches along the question's direction q̂, where its dotted
// projection lands: the foot) and its score q·k = |q| × reach, a band from the origin along q̂.
// A long question (|q| > 1) scores more than its keys reach, a short one (a faint question)
// less; the band is the score, the reach is drawn faint. Both come from the trace's q·k.
struct KeyDot {
    core::Point at;       // plane coordinates
    core::Point foot;     // its reach: where it projects onto the question's line (reach × q̂)
    double reach = 0;     // signed, along q̂: q·k / |q| (0 for a zero question)
    double score = 0;     // q·k, the trace's (before ÷ √d): the band's signed length
    core::Point score_end;   // score × q̂: where its band ends (it starts at the origin)
    std::string score_text;  // the score as written at the band's end, "2.72" (model::num)
    std::string label;    // "cat", "chased · own key", "mouse · hidden"
    double hide = 0;
    bool focus = false, hover = false;
    bool editing = false;  // the arrows move this key now (ringed, dashed)
    // Rotary positions (KeyPlane::rotary): the key as given, before its turn (drawn faint), and
    // the angle it is turned through now (radians, counter-clockwise in the plane): its
    // position × θ₀ (θ₀ = 1 rad: the pair the plane shows), times the turn's progress. `at` is
    // `before` turned by `angle`: at the turn's end, the key the scores are made of.
    core::Point before;
    double angle = 0;
    bool operator==(const KeyDot&) const = default;
};
struct KeyPlane {
    static constexpr bool kOneHead = false;  // says its head in its heading
    std::string heading = "Keys and the question";
    Extent extent;
    core::Point query;          // the asking token's query (plane coordinates)
    std::string query_label;    // "q · chased"
    double reveal = 0;          // 0 … 1: the projections and the score bands growing onto the question's line
    bool feet = false;          // scoring done: the reach ticks at the feet, the scores written
    int emphasis = -1;          // the key drawn a little stronger (hovered, else the best match;
                                // none in a tie: every key's band is drawn either way)
    // Every key's score drawn as a band along the question (KeyDot::score_end), d = 2 only: in
    // more dimensions the plane shows two coordinates, and q·k is not |q| × the reach drawn.
    bool score_bands = false;
    // What the two marks are, in the panel's heading row beside a piece of each: the band
    // "q·k = |q| × reach" ("q·k" where the row is narrow), the faint tick "reach".
    std::string score_key, score_key_short, reach_key;
    // Up to kMost keys: all, or the asking token's neighbourhood (`window`), `emphasis` and the
    // keys' indices then counting from its first; the note says how many are not drawn.
    static constexpr int kMost = 12;
    Window window;
    std::vector<KeyDot> keys;
    std::string note;           // "d = 4: the plane shows the first two coordinates"
    // Rotary positions (RoPE): every key and the question turned by an angle that grows with its
    // position, so that q·k depends only on how far apart the two are. The plane draws each as
    // given (faint) and turned (solid), an arc from one to the other; `turn` (0 … 1) is how far
    // the turn has gone: the first half of the scores step, before the score bands grow.
    bool rotary = false;
    double turn = 1;
    core::Point query_before;   // the question as given, before its turn
    double query_angle = 0;     // its angle now (its position × θ₀ × turn)
    bool operator==(const KeyPlane&) const = default;
};

}  // namespace model
