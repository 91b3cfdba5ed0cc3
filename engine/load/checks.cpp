// load/checks: the checks of a scene as a whole, once its keys are read (see checks.hpp): its
// questions to predict (asked on the narration panel, no answer before the reveal), its video's
// length, every state computable. Reads the scene and attention's trace of its steps; knows
// nothing of the timeline or drawing.
#include "load/checks.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <regex>

#include "load/vectors.hpp"
#include "scene/heads.hpp"
#include "scene/quiz.hpp"

namespace load {

bool asks_to_predict(const std::string& say) {
    static const std::string word = "predict";
    std::string lower = say;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (std::size_t at = 0; (at = lower.find(word, at)) != std::string::npos; at += word.size()) {
        std::size_t b = at;
        while (b > 0 && (say[b - 1] == ' ' || say[b - 1] == '\n' || say[b - 1] == '\t')) --b;
        if (b == 0 || std::string(".!?:;").find(say[b - 1]) != std::string::npos) return true;
    }
    return false;
}

std::vector<StatedShare> stated_shares(const std::string& text) {
    std::vector<StatedShare> out;
    // A percentage, a fraction a/b, or a decimal "0.x" (not part of a longer number or a word).
    static const std::regex number(R"((^|[^\w.])((\d+(?:\.\d+)?)\s*%|(\d+)/(\d+)|(0?\.\d+))(?![\w/]))");
    for (std::sregex_iterator it(text.begin(), text.end(), number), end; it != end; ++it) {
        const std::smatch& m = *it;
        StatedShare s;
        s.text = m[2].str();
        if (m[3].matched) {
            const std::string digits = m[3].str();
            const auto dot = digits.find('.');
            const int decimals = dot == std::string::npos ? 0 : static_cast<int>(digits.size() - dot - 1);
            s.value = std::stod(digits) / 100.0;
            s.tolerance = 0.5 * std::pow(10.0, -decimals) / 100.0;
        } else if (m[4].matched) {
            const double b = std::stod(m[5].str());
            if (b == 0) continue;
            s.value = std::stod(m[4].str()) / b;
            s.tolerance = 5e-4;
        } else {
            const std::string digits = m[6].str();
            s.value = std::stod(digits);
            s.tolerance = 0.5 * std::pow(10.0, -static_cast<int>(digits.size() - digits.find('.') - 1));
        }
        if (s.value > 1.0 + s.tolerance) continue;  // not a share
        out.push_back(s);
    }
    return out;
}

namespace {

const Node* node_of(const std::vector<const Node*>& nodes, std::size_t i, const Node* root) {
    return i < nodes.size() && nodes[i] ? nodes[i] : root;
}

// The numbers a step's `set` gives (a temperature, a key scale, a key's coordinates): a question
// may name the setting it is about to make.
std::vector<double> set_numbers(const scene::Settings& set) {
    std::vector<double> out;
    if (set.temperature) out.push_back(*set.temperature);
    if (set.key_scale) out.push_back(*set.key_scale);
    for (const auto& [token, key] : set.keys)
        for (double x : key) out.push_back(std::fabs(x));
    return out;
}

bool near_any(double x, double tolerance, const std::vector<double>& values) {
    return std::any_of(values.begin(), values.end(), [&](double v) { return std::fabs(v - x) <= tolerance + 1e-12; });
}

}  // namespace

void check_predictions(Reader& r, const Node* root, const scene::Scene& s, const std::vector<const Node*>& step_nodes) {
    // A question to predict is asked on the narration panel: a step that asks one shows it.
    for (std::size_t i = 0; i < s.steps.size(); ++i) {
        if (s.steps[i].ask.empty()) continue;
        const std::vector<scene::Panel>& shown = s.panels_at(static_cast<int>(i));
        if (std::find(shown.begin(), shown.end(), scene::Panel::Narration) != shown.end()) continue;
        r.error(node_of(step_nodes, i, root),
                "steps[" + std::to_string(i) + "].ask: the question is asked on the narration panel, which this step "
                "does not show; add 'narration' to " + (s.steps[i].panels.empty() ? "the scene's" : "the step's") + " panels");
    }
    if (r.failed()) return;

    // Narration that asks for a prediction and answers it in the same breath spoils it: the
    // question belongs in `ask:`, asked before the step moves; `say` answers it after.
    for (std::size_t i = 0; i < s.steps.size(); ++i)
        if (asks_to_predict(s.steps[i].say))
            r.warn(node_of(step_nodes, i, root),
                   "steps[" + std::to_string(i) + "].say: the narration asks for a prediction" +
                       (s.steps[i].ask.empty() ? "" : " again") +
                       ", and a step's `say` is shown as it moves and after: put the question in 'ask:' (asked over "
                       "the picture before anything moves) and keep only the answer in 'say:'");

    // No answer before its reveal: what the question says, and what the step before it last
    // said, name no weight that only the reveal shows.
    // Each question costs two traces: only for a scene traced in full (thousands of questions on
    // a 512-token scene would take minutes; its weights are too many to state in words anyway).
    if (!traced_in_full(s)) return;
    scene::Controls before = scene::start_controls(s);
    for (std::size_t i = 0; i < s.steps.size(); ++i) {
        const scene::Step& st = s.steps[i];
        scene::Controls after = scene::apply(s, before, st.set);
        if (!st.ask.empty()) {
            attention::Trace was, will;
            std::string ignored;
            r.computed();  // the state before and the state after
            r.computed();
            if (attention::trace(scene::attention_input(s, before), was, ignored) &&
                attention::trace(scene::attention_input(s, after), will, ignored)) {
                std::vector<double> shown_before;  // every weight the picture before can show
                for (std::size_t a = 0; a < was.n; ++a)
                    for (std::size_t b = 0; b < was.n; ++b) shown_before.push_back(was.weights(a, b));
                std::vector<double> revealed;  // the asking row's weights once the step has played
                const auto row = static_cast<std::size_t>(std::clamp(after.focus, 0, static_cast<int>(will.n) - 1));
                for (std::size_t b = 0; b < will.n; ++b) revealed.push_back(will.weights(row, b));
                const std::vector<double> settings = set_numbers(st.set);
                auto spoils = [&](const std::string& text, const std::string& where, const Node* at) {
                    for (const StatedShare& n : stated_shares(text)) {
                        if (!near_any(n.value, n.tolerance, revealed) || near_any(n.value, n.tolerance, shown_before)) continue;
                        if (near_any(n.value, 1e-9, settings) || near_any(n.value * 100, 1e-9, settings)) continue;
                        r.warn(at, where + " states '" + n.text + "', a weight the step reveals only once it has played (" +
                                       s.tokens[row] + "'s row): the question is asked before anything moves, so keep " +
                                       "the number for its answer, the step's 'say:'");
                        return;
                    }
                };
                spoils(st.ask, "steps[" + std::to_string(i) + "].ask", node_of(step_nodes, i, root));
                if (i > 0)
                    spoils(s.steps[i - 1].say,
                           "steps[" + std::to_string(i - 1) + "].say, shown just before steps[" + std::to_string(i) + "] asks,",
                           node_of(step_nodes, i - 1, root));
            }
        }
        before = std::move(after);
    }
}

void check_scene(Reader& r, const scene::Scene& s, const SceneNodes& at, bool sized) {
    // A question to predict: asked where it can be read, with no answer before its reveal.
    check_predictions(r, at.root, s, at.steps);
    if (r.failed()) return;

    // The video it plans is bounded: reported at the step that passes the limit.
    double t = 0;
    for (std::size_t i = 0; i < s.steps.size(); ++i) {
        const double anim = scene::step_animation(s.steps[i]),
                     hold = scene::ask_hold(s.steps[i]) + scene::step_hold(s.steps[i]);
        t = t + anim + hold;
        if (t > kMaxSeconds) {
            r.error(node_of(at.steps, i, at.root),
                    "steps[" + std::to_string(i) + "]: the scene's video would last more than " +
                        std::to_string(static_cast<int>(kMaxSeconds / 3600)) + " hours (the limit) by the end of this step: " +
                        length_text(t) + "; this step animates " + length_text(anim) + " and holds " + length_text(hold) +
                        (s.steps[i].hold >= 0 ? "" : " (long enough to read its 'say')"));
            return;
        }
    }
    // A video played through adds one attempt's question pages (scene::quiz_pages_seconds).
    if (const double pages = scene::quiz_pages_seconds(s.quiz); t + pages > kMaxSeconds) {
        r.error(at.quiz ? at.quiz : at.root,
                "quiz: the scene's video would last more than " + std::to_string(static_cast<int>(kMaxSeconds / 3600)) +
                    " hours (the limit) with the question pages of one attempt: " + length_text(t + pages) +
                    ", of which the pages " + length_text(pages) + " (each question's page and its answer's, read and thought over)");
        return;
    }

    // Nothing invalid reaches the engine: the start, every step's controls in turn, and
    // every experiment must be something attention::trace computes.
    if (r.failed() || !sized) return;
    auto compute = [&](const scene::Controls& c) {
        r.computed();
        return engine_check(s, c);
    };
    scene::Controls start = scene::start_controls(s);
    if (auto e = compute(start); !e.empty()) {
        r.error(at.root, "the scene cannot be computed: " + e);
        return;
    }
    scene::Controls c = start;
    for (std::size_t i = 0; i < s.steps.size(); ++i) {
        // A step that changes nothing the engine reads (keys, temperature, mask) gives it the
        // input it was given before, which it computed: not checked again (each check reads the
        // whole scene, and a scene may have thousands of steps).
        const scene::Settings& set = s.steps[i].set;
        if (set.empty()) continue;
        const bool keys_kept = !set.key_scale && !set.keys_same && set.keys.empty();
        const double temperature = c.temperature;
        const bool mask = c.mask;
        c = scene::apply(s, std::move(c), set);  // moved: the keys are not copied
        if (keys_kept && c.temperature == temperature && c.mask == mask) continue;
        if (auto e = compute(c); !e.empty()) {
            r.error(node_of(at.steps, i, at.root),
                    "steps[" + std::to_string(i) + "]: its settings cannot be computed: " + e);
            return;
        }
    }
    for (std::size_t i = 0; i < s.experiments.size(); ++i) {
        if (auto e = compute(scene::apply(s, start, s.experiments[i].set)); !e.empty())
            r.error(node_of(at.experiments, i, at.root), "experiments[" + std::to_string(i) + "]: its settings cannot be computed: " + e);
    }
}

}  // namespace load
