// output/sinks/site: a lecture as a web page (`attnlab export DECK -o NAME.html`, or
// `-o DIR/ --format html`), a sink like the others. The page is made of other rows of the table
// of formats — its pieces: each step's final state is an SVG still and its animation a WebM and
// an MP4 clip, each experiment of a scene the same from the scene's last step — which the driver
// writes like any other output, into the page's folder under its temporary name. Then finish()
// titles the pictures, writes the page (the data of every step — narration, notes, experiments,
// quizzes, keys — as JSON beside the embedded script and style of engine/output/web/), and
// commit() moves it all into place. Draws nothing itself: the pictures and clips are drawn by the
// same draw::render as every export.
//
//   -o NAME.html              NAME.html and NAME_files/ beside it (two renames: the folder,
//                             then the page that names it)
//   -o DIR/index.html         DIR/index.html and DIR/lecture_files/ (as NAME.html: two renames)
//   -o DIR/ --format html     the same files (one folder swap; other files in DIR are kept)
//   --single-file             the one .html, with every file inside it: the WebM clips (only
//                             them, to keep it small) as data: URIs, the SVGs gzip-compressed
//                             and in base64 ("svgz"), inflated by the page
#include <sys/stat.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string_view>

#include "output/sinks.hpp"
#include "output/web_text.hpp"

namespace output {

// The files of engine/output/web/, by name (generated from them by tools/embed.cmake).
std::string_view web_file(std::string_view name);

namespace {

namespace fs = std::filesystem;

std::string numbered(const char* pattern, int a, int b = 0) {
    char buf[64];
    std::snprintf(buf, sizeof buf, pattern, a, b);
    return buf;
}

bool read_file(const std::string& path, std::string& bytes) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream s;
    s << in.rdbuf();
    bytes = s.str();
    return static_cast<bool>(in) || in.eof();
}

std::string mime_of(const std::string& file) {
    const std::string ext = file.substr(file.rfind('.') + 1);
    if (ext == "svg") return "image/svg+xml";
    if (ext == "webm") return "video/webm";
    if (ext == "mp4") return "video/mp4";
    return "application/octet-stream";
}

// Cuts every decimal number of an SVG to two decimals ("12.345678" → "12.34"): a hundredth of a
// pixel is below what any screen shows, and a lecture's pictures are a quarter smaller.
std::string two_decimals(const std::string& svg) {
    std::string out;
    out.reserve(svg.size());
    for (std::size_t i = 0; i < svg.size(); ++i) {
        out += svg[i];
        const bool point = svg[i] == '.' && i > 0 && std::isdigit(static_cast<unsigned char>(svg[i - 1])) &&
                           i + 1 < svg.size() && std::isdigit(static_cast<unsigned char>(svg[i + 1]));
        if (!point) continue;
        std::size_t j = i + 1, kept = 0;
        for (; j < svg.size() && std::isdigit(static_cast<unsigned char>(svg[j])); ++j)
            if (kept < 2) {
                out += svg[j];
                ++kept;
            }
        i = j - 1;
    }
    return out;
}

// Makes a Cairo SVG a page's picture: numbers to two decimals (two_decimals), and a <title> (its
// accessible name) as the first child of <svg>.
bool add_title(const std::string& path, const std::string& title, std::string& error) {
    std::string svg, why;
    if (!read_file(path, svg)) {
        error = "cannot read " + path + ": " + std::strerror(errno);
        return false;
    }
    svg = two_decimals(svg);
    const std::size_t open = svg.find("<svg");
    const std::size_t end = open == std::string::npos ? open : svg.find('>', open);
    if (end == std::string::npos) {
        error = path + " is not an SVG";
        return false;
    }
    svg.insert(end + 1, "\n<title>" + xml_escape(title) + "</title>");
    svg.insert(open + 4, " role=\"img\"");
    if (!write_file(path, svg, why)) {
        error = "cannot write " + path + ": " + why;
        return false;
    }
    return true;
}

void json_key(std::string& out, const char* key) {
    out += '"';
    out += key;
    out += "\":";
}

// "key":"value", — a text field and the comma after it.
void json_text(std::string& out, const char* key, const std::string& value) {
    json_key(out, key);
    core::json_string(out, value);
    out += ',';
}

void json_strings(std::string& out, const std::vector<std::string>& items) {
    out += '[';
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i) out += ',';
        core::json_string(out, items[i]);
    }
    out += ']';
}

void replace_all(std::string& s, const std::string& what, const std::string& with) {
    for (std::size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + with.size()))
        s.replace(at, what.size(), with);
}

class Site final : public Sink {
public:
    // Plans the pieces: spans [spec.first, spec.last] of the painter's deck, which must outlive
    // the site.
    explicit Site(const SinkSpec& spec);
    ~Site() override { abort(); }

    Input input() const override { return Input::Vector; }
    // Creates the page's folder (and file) under temporary names.
    bool begin(std::string& error) override;
    const std::vector<Piece>& pieces() const override { return pieces_; }
    // The page shows nothing of its own: its pieces are its pictures and clips.
    bool frame(Frame, std::string& error) override {
        error = "a web page is made of its pictures and clips, not of frames of its own";
        return false;
    }
    // Once every piece is in the folder: titles the pictures and writes the page, script and style.
    bool finish(std::string& error) override;
    bool commit(std::string& error) override;
    void abort() override;
    // "a web page of 12 steps (9 with a clip, 3 experiments)"
    std::string summary() const override;

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
    std::vector<Piece> pieces_;
    std::vector<Item> steps_;        // one per span of [first, last]
    struct Trial {
        int slide = 0;
        int experiment = 0;
        int step = 0;  // the page's step (0-based) it is reached from
        Item item;
    };
    std::vector<Trial> trials_;
};

Site::Site(const SinkSpec& spec)
    : deck_(spec.painter.deck()), lay_(spec.painter.layout()), opt_(spec.options), first_(spec.first),
      last_(spec.last), folder_(spec.format.target == Target::Folder) {
    const std::string out = strip_slashes(spec.out);
    if (folder_) {
        assets_ = "lecture_files";
        root_.emplace(out, [](const std::string& name) { return name == "index.html" || name == "lecture_files"; },
                      opt_.hooks);
        dir_ = root_->path() + "/" + assets_;
        page_path_ = root_->path() + "/index.html";
    } else {
        const std::string stem = out.substr(0, out.size() - (out.size() >= 5 ? 5 : 0));  // without ".html"
        const std::size_t slash = stem.rfind('/');
        const std::string name = stem.substr(slash == std::string::npos ? 0 : slash + 1);
        // DIR/index.html is the folder form's page: its files are DIR/lecture_files/, as with
        // `-o DIR/ --format html` (a web server's folder either way).
        assets_ = (name == "index" ? std::string("lecture") : name) + "_files";
        page_.emplace(out, Target::File);
        files_.emplace(stem.substr(0, slash == std::string::npos ? 0 : slash + 1) + assets_,
                       [](const std::string&) { return true; }, opt_.hooks);
        dir_ = files_->path();
        page_path_ = page_->path();
    }

    // Every step: its final state, and its animation when it has one.
    const std::optional<std::uint64_t> seed = opt_.seed;
    auto plan_item = [&](Item& item, const std::string& stem, Shots still, Shots clip, double duration) {
        item.picture = stem + ".svg";
        pieces_.push_back({dir_ + "/" + item.picture, &site_picture_format(), std::move(still)});
        if (clip.count() == 0) return;
        item.duration = duration;
        for (const Format* f : site_clip_formats()) {
            // One file carries the first clip format alone (VP9: every current browser); where it
            // does not play, the picture shows the step's final state.
            if (opt_.single_file && f != site_clip_formats().front()) continue;
            item.clips.push_back(stem + "." + f->name);
            pieces_.push_back({dir_ + "/" + item.clips.back(), f, clip});
        }
    };
    for (int k = first_; k <= last_; ++k) {
        const timeline::Span& sp = lay_.spans[static_cast<std::size_t>(k)];
        const int n = k - first_ + 1;
        Plan p{sp.start, sp.anim, opt_.fps, frame_count(sp.anim, opt_.fps)};
        Item item;
        plan_item(item, numbered("step-%03d", n), page_shots(lay_, k, k, seed), timeline_shots(lay_, p, seed),
                  static_cast<double>(p.frames) / opt_.fps);
        steps_.push_back(std::move(item));
    }
    // Every experiment of a scene, set on the scene's last step in the page (where every stage is
    // shown): its settled state, and its tween from that step's end.
    for (int k = first_; k <= last_; ++k) {
        const timeline::Span& sp = lay_.spans[static_cast<std::size_t>(k)];
        const bool last_of_slide = k == last_ || lay_.spans[static_cast<std::size_t>(k + 1)].slide != sp.slide;
        const scene::Slide& slide = deck_.slides[static_cast<std::size_t>(sp.slide)];
        if (!last_of_slide || !slide.scene) continue;
        timeline::State base = timeline::state_at_span(lay_, k);
        if (seed) base.seed = *seed;
        const double t0 = sp.end();
        for (std::size_t e = 0; e < slide.scene->experiments.size(); ++e) {
            const timeline::State s =
                timeline::apply(deck_, lay_, base, timeline::cmd::Experiment{static_cast<int>(e)}, t0);
            const long frames = frame_count(timeline::kExperimentTween, opt_.fps);
            const double fps = opt_.fps;
            Trial t{sp.slide, static_cast<int>(e), k - first_, {}};
            plan_item(t.item, numbered("try-%03d-%02d", k - first_ + 1, static_cast<int>(e) + 1),
                      Shots(1, [s, t0](long) { return Shot{s, t0 + timeline::kExperimentTween, 0}; }),
                      Shots(frames, [s, t0, fps](long i) { return Shot{s, t0 + static_cast<double>(i) / fps, 0}; }),
                      static_cast<double>(frames) / fps);
            trials_.push_back(std::move(t));
        }
    }
}

bool Site::begin(std::string& error) {
    if (root_) {
        if (!root_->create(error)) return false;
        if (mkdir(dir_.c_str(), 0755) != 0) {
            error = "cannot write " + root_->final_path() + ": " + std::strerror(errno);
            return false;
        }
        return true;
    }
    return page_->create(error) && files_->create(error);
}

std::string Site::link(const std::string& file, std::string& error) const {
    if (!opt_.single_file) return url_segment(assets_) + "/" + url_segment(file);
    std::string bytes;
    if (!read_file(dir_ + "/" + file, bytes)) {
        error = "cannot read " + dir_ + "/" + file + ": " + std::strerror(errno);
        return "";
    }
    return "data:" + mime_of(file) + ";base64," + base64(bytes);
}

// An SVG of the single file: gzip-compressed, then base64 (its glyph outlines and paths shrink
// to a sixth; the page inflates it, with DecompressionStream or its own inflate where there is none).
std::string Site::packed(const std::string& file, std::string& error) const {
    std::string bytes, z;
    if (!read_file(dir_ + "/" + file, bytes)) {
        error = "cannot read " + dir_ + "/" + file + ": " + std::strerror(errno);
        return "";
    }
    if (!gzip(bytes, z)) {
        error = "cannot compress " + dir_ + "/" + file;
        return "";
    }
    return base64(z);
}

std::string Site::page_text(std::string& error) const {
    auto item_json = [&](std::string& out, const Item& item) {
        json_key(out, "picture");
        if (opt_.single_file) {  // "" and the SVG packed (see packed())
            out += "\"\",";
            json_key(out, "svgz");
            core::json_string(out, packed(item.picture, error));
        } else {
            core::json_string(out, link(item.picture, error));
        }
        out += ',';
        json_key(out, "clips");
        out += '[';
        for (std::size_t i = 0; i < item.clips.size(); ++i) {
            out += i ? ",{" : "{";
            json_key(out, "src");
            core::json_string(out, link(item.clips[i], error));
            out += ',';
            json_key(out, "type");
            core::json_string(out, mime_of(item.clips[i]));
            out += '}';
        }
        out += "],";
        json_key(out, "duration");
        core::json_number(out, item.duration);
    };

    // The quiz banks the steps draw from: a scene's own questions, else every scene's.
    std::vector<int> bank_slides;  // the slide a bank is of (−1: the whole deck's)
    std::vector<timeline::QuizBank> banks;
    auto bank_of = [&](int slide) {
        const scene::Slide& sl = deck_.slides[static_cast<std::size_t>(slide)];
        const int key = sl.scene && !sl.scene->quiz.questions.empty() ? slide : -1;
        for (std::size_t i = 0; i < bank_slides.size(); ++i)
            if (bank_slides[i] == key) return static_cast<int>(i);
        timeline::QuizBank b = timeline::quiz_bank(deck_, slide);
        if (b.questions.empty()) return -1;
        bank_slides.push_back(key);
        banks.push_back(std::move(b));
        return static_cast<int>(banks.size()) - 1;
    };

    std::string data = "{";
    json_text(data, "title", deck_.title);
    data += "\"width\":" + std::to_string(opt_.width) + ",\"height\":" + std::to_string(opt_.height);
    // The quiz's seed, as text: it is a 64-bit integer (the page draws with BigInt).
    data += ",\"seed\":\"" + std::to_string(opt_.seed ? *opt_.seed : timeline::State{}.seed) + "\",";
    json_key(data, "steps");
    data += '[';
    for (int k = first_; k <= last_; ++k) {
        const timeline::Span& sp = lay_.spans[static_cast<std::size_t>(k)];
        const scene::Slide& slide = deck_.slides[static_cast<std::size_t>(sp.slide)];
        const Item& item = steps_[static_cast<std::size_t>(k - first_)];
        data += k > first_ ? ",{" : "{";
        std::string kind = "scene", heading = slide.title, title = slide.title, say = slide.say, notes = slide.notes;
        if (slide.kind == scene::Slide::Kind::Scene && slide.scene) {
            const scene::Step& st = slide.scene->steps[static_cast<std::size_t>(sp.step)];
            if (heading.empty()) heading = slide.scene->title;
            title = scene::step_title(st);
            say = timeline::span_say(deck_, sp);  // its question, on its question beat
            notes = st.notes;
        } else {
            kind = slide.kind == scene::Slide::Kind::Title ? "title" : "text";
        }
        json_text(data, "kind", kind);
        json_text(data, "heading", heading);
        json_text(data, "title", title);
        json_text(data, "subtitle", slide.subtitle);
        json_key(data, "bullets");
        json_strings(data, slide.kind == scene::Slide::Kind::Text ? slide.bullets : std::vector<std::string>{});
        data += ',';
        json_text(data, "say", say);
        data += std::string("\"ask\":") + (sp.asking ? "true" : "false") + ",";
        json_text(data, "notes", notes);
        data += "\"slide\":" + std::to_string(sp.slide) + ",";
        json_key(data, "trials");
        data += '[';
        bool any = false;
        for (std::size_t t = 0; t < trials_.size(); ++t)
            if (trials_[t].slide == sp.slide) {
                data += (any ? "," : "") + std::to_string(t);
                any = true;
            }
        data += "],\"quiz\":" + std::to_string(bank_of(sp.slide)) + ",";
        item_json(data, item);
        data += '}';
    }
    data += "],";
    json_key(data, "trials");
    data += '[';
    for (std::size_t t = 0; t < trials_.size(); ++t) {
        const Trial& tr = trials_[t];
        const scene::Experiment& e =
            deck_.slides[static_cast<std::size_t>(tr.slide)].scene->experiments[static_cast<std::size_t>(tr.experiment)];
        data += t ? ",{" : "{";
        json_text(data, "title", e.title);
        json_text(data, "look_for", e.look_for);
        data += "\"step\":" + std::to_string(tr.step) + ",\"slide\":" + std::to_string(tr.slide) + ",";
        item_json(data, tr.item);
        data += '}';
    }
    data += "],";
    json_key(data, "quizzes");
    data += '[';
    for (std::size_t b = 0; b < banks.size(); ++b) {
        data += b ? ",{" : "{";
        data += "\"draw\":" + std::to_string(banks[b].draw) + ",\"questions\":[";
        for (std::size_t q = 0; q < banks[b].questions.size(); ++q) {
            const scene::Question& qu = *banks[b].questions[q];
            data += q ? ",{" : "{";
            json_text(data, "ask", qu.ask);
            json_text(data, "answer", qu.answer);
            json_key(data, "choices");
            json_strings(data, qu.choices);
            data += ",\"correct\":" + std::to_string(qu.correct) + ",";
            json_key(data, "experiment");
            core::json_string(data, qu.experiment);
            data += '}';
        }
        data += "]}";
    }
    data += "],";
    json_key(data, "keys");
    data += '[';
    for (std::size_t i = 0; i < opt_.keys.size(); ++i) {
        const WebKey& k = opt_.keys[i];
        data += i ? ",{" : "{";
        json_text(data, "layer", k.layer);
        json_text(data, "action", k.action);
        data += "\"arg\":" + std::to_string(k.arg) + ",";
        json_key(data, "keys");
        json_strings(data, k.keys);
        data += ',';
        json_text(data, "label", k.label);
        json_key(data, "help");
        core::json_string(data, k.help);
        data += '}';
    }
    data += "]}";

    std::string page(web_file("lecture.html"));
    const std::string css(web_file("lecture.css")), js(web_file("lecture.js"));
    const std::string style = opt_.single_file ? "<style>\n" + css + "</style>"
                                               : "<link rel=\"stylesheet\" href=\"" + xml_escape(url_segment(assets_)) +
                                                     "/lecture.css\">";
    const std::string script = opt_.single_file ? "<script>\n" + script_safe(js) + "</script>"
                                                : "<script src=\"" + xml_escape(url_segment(assets_)) +
                                                      "/lecture.js\"></script>";
    replace_all(page, "@TITLE@", xml_escape(deck_.title.empty() ? std::string("attnlab") : deck_.title));
    replace_all(page, "@STYLE@", style);
    replace_all(page, "@SCRIPT@", script);
    // Last: the data may hold any text, "@SCRIPT@" included.
    const std::size_t at = page.find("@DATA@");
    if (at != std::string::npos) page.replace(at, 6, json_in_script(data));
    return page;
}

bool Site::finish(std::string& error) {
    for (std::size_t k = 0; k < steps_.size(); ++k) {
        const timeline::Span& sp = lay_.spans[static_cast<std::size_t>(first_) + k];
        const scene::Slide& slide = deck_.slides[static_cast<std::size_t>(sp.slide)];
        const std::string title = slide.scene ? scene::step_title(slide.scene->steps[static_cast<std::size_t>(sp.step)])
                                              : slide.title;
        if (!add_title(dir_ + "/" + steps_[k].picture, "Step " + std::to_string(k + 1) + ": " + title, error))
            return false;
    }
    for (const Trial& t : trials_) {
        const scene::Experiment& e =
            deck_.slides[static_cast<std::size_t>(t.slide)].scene->experiments[static_cast<std::size_t>(t.experiment)];
        if (!add_title(dir_ + "/" + t.item.picture, "Try this: " + e.title, error)) return false;
    }
    const std::string page = page_text(error);
    if (!error.empty()) return false;
    std::string why;
    if (!write_file(page_path_, page, why)) {
        error = written_as(page_path_, opt_.out, why);
        return false;
    }
    if (opt_.single_file) {
        std::error_code ec;
        if (folder_) fs::remove_all(dir_, ec);  // the folder form's index.html alone
        return true;
    }
    for (const char* name : {"lecture.css", "lecture.js"})
        if (!write_file(dir_ + "/" + name, std::string(web_file(name)), why)) {
            error = written_as(dir_ + "/" + name, opt_.out, why);
            return false;
        }
    return true;
}

bool Site::commit(std::string& error) {
    if (root_) return root_->commit(error);
    // The folder first, then the page that links it; neither when the page's name cannot take it.
    if (error = page_->problem(); !error.empty()) return false;
    if (!opt_.single_file && !files_->commit(error)) return false;
    if (opt_.single_file) files_->discard();
    return page_->commit(error);
}

void Site::abort() {
    if (root_) root_->discard();
    if (page_) page_->discard();
    if (files_) files_->discard();
}

std::string Site::summary() const {
    std::size_t clips = 0;
    for (const Item& s : steps_) clips += s.clips.empty() ? 0 : 1;
    return "a web page of " + std::to_string(steps_.size()) + " steps (" + std::to_string(clips) + " with a clip, " +
           std::to_string(trials_.size()) + " experiments)";
}

}  // namespace

std::unique_ptr<Sink> make_site(const SinkSpec& spec) { return std::make_unique<Site>(spec); }

}  // namespace output
