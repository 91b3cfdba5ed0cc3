// model/panels/heads: every head of a scene at once (one, in a scene of one head), as small multiples in the manner
// of BertViz's head view — each head's weights as a thumbnail matrix under its name, the asking
// row outlined, and the asking word's edges to every key, one colour per head. The head the
// one-head panels draw is emphasised; a click on a thumbnail shows that head (the hit test is
// draw/heads.cpp's). The panel's row (see model/panel.hpp), what it shows, and its builder's
// declaration (in model/heads.cpp); the painter is draw/heads.cpp.
#pragma once

#include <string>
#include <vector>

#include "model/panel.hpp"
#include "model/parts.hpp"

namespace model {

ATTNLAB_PANEL(Heads, "heads", heads)

struct Heads {
    static constexpr bool kOneHead = false;  // every head at once
    static constexpr Pictures kPictures{};  // a picture of every head: it lights no card
    // Thumbnails of more tokens than this are not legible (nor cheap: a copy of every weight):
    // past it the panel holds its `note` alone.
    static constexpr int kMostTokens = 64;
    std::string heading = "Every head at once";
    std::string aside;                 // "2 heads · for chased"
    std::string note;                  // when there is nothing to draw ("" otherwise); a scene of
                                       // one head draws its one head
    std::vector<std::string> tokens;
    int focus = 0;                     // the asking token (the row outlined, the edges' start)
    int shown = 0;                     // the head the one-head panels draw (emphasised)
    struct Head {
        std::string name;              // "head 1"
        std::string title;             // its own name, "who did it" ("" unnamed)
        // The weights as traced (every row: the thumbnail's cells), and the asking row's weights
        // (the edges: opacity and width by weight) as written on this page (`share`).
        std::vector<std::vector<double>> weights;
        std::vector<double> row;
        std::vector<std::string> share;
        std::vector<bool> hidden;      // the asking row's keys the mask hides (weight exactly 0)
        int best = -1;                 // the key of the largest weight in the asking row (-1 in a tie)
        std::string top;               // "cat 46%" (the best key and its weight); "a tie" …
        bool operator==(const Head&) const = default;
    };
    std::vector<Head> heads;
    Legend legend;                     // the weights' sequential scale
    std::string caption;               // "Click a head to show it in every panel."
    bool operator==(const Heads&) const = default;
};

}  // namespace model
