// output (internal): a lecture as a web page (`attnlab export DECK -o NAME.html`, or
// `-o DIR/ --format html`). The page is made of other rows of the table of formats: each step's
// final state is an SVG still and its animation a WebM and an MP4 clip, each experiment of a
// scene the same from the scene's last step; the driver writes them like any other output, into
// the page's folder under its temporary name. Then finish() titles the pictures, writes the page
// (the data of every step — narration, notes, experiments, quizzes, keys — as JSON beside the
// embedded script and style of engine/output/web/), and commit() moves it all into place.
//
//   -o NAME.html              NAME.html and NAME_files/ beside it (two renames: the folder,
//                             then the page that names it)
//   -o DIR/index.html         DIR/index.html and DIR/lecture_files/ (as NAME.html: two renames)
//   -o DIR/ --format html     the same files (one folder swap; other files in DIR are kept)
//   --single-file             the one .html, with every file inside it: the WebM clips (only
//                             them, to keep it small) as data: URIs, the SVGs gzip-compressed
//                             and in base64 ("svgz"), inflated by the page
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "output/sinks.hpp"

namespace output {

// One file of the page that another row of the table writes.
struct SitePart {
    std::string out;        // where its sink writes: inside the page's folder
    const Format* format;   // the row (an SVG still, a WebM or an MP4 clip)
    Shots shots;
};

class Site {
public:
    // Spans [first, last] (0-based, inclusive) of `deck`; deck and lay must outlive the site.
    Site(const scene::Deck& deck, const timeline::Layout& lay, const Options& opt, int first, int last);
    Site(const Site&) = delete;
    Site& operator=(const Site&) = delete;

    // Creates the page's folder (and file) under temporary names and plans the parts.
    bool begin(std::string& error);
    const std::vector<SitePart>& parts() const { return parts_; }
    // Once every part is in the folder: titles the pictures and writes the page, script and style.
    bool finish(std::string& error);
    bool commit(std::string& error);
    void discard();
    // "a web page of 12 steps (9 clips, 3 experiments)"
    std::string summary() const;

private:
    struct Item {  // a step or an experiment as the page shows it
        std::string picture;               // its SVG's name in the folder
        std::vector<std::string> clips;    // its clips' names, WebM first; none when it does not move
        double duration = 0.0;             // the clips' length in seconds
        std::string title;                 // the SVG's <title>
    };
    std::string page_text(std::string& error) const;
    std::string link(const std::string& file, std::string& error) const;  // a URL, or a data: URI
    std::string packed(const std::string& file, std::string& error) const;  // gzip, then base64

    const scene::Deck& deck_;
    const timeline::Layout& lay_;
    const Options& opt_;
    int first_, last_;
    bool folder_;                    // -o DIR/ --format html
    std::string assets_;             // the folder's name as the page links it ("lecture_files")
    std::optional<Staged> root_;     // DIR (folder form)
    std::optional<Staged> page_;     // NAME.html (file form)
    std::optional<Staged> files_;    // NAME_files (file form)
    std::string dir_;                // where the parts are written (under a temporary name)
    std::string page_path_;          // where the page is written (under a temporary name)
    std::vector<SitePart> parts_;
    std::vector<Item> steps_;        // one per span of [first, last]
    struct Trial {
        int slide = 0;
        int experiment = 0;
        int step = 0;  // the page's step (0-based) it is reached from
        Item item;
    };
    std::vector<Trial> trials_;
};

}  // namespace output
