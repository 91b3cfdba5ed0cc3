// cli: `attnlab trace SCENE --json|--text [--temperature T] [--mask on|off]`: every stage's
// numbers of every head, as JSON written as it is made, or the weights, outputs and result as
// tables to read.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "attention/attention.hpp"
#include "attention/heads.hpp"
#include "cli/cli.hpp"
#include "cli/common.hpp"
#include "load/load.hpp"
#include "scene/heads.hpp"

namespace cli {

namespace {

// trace's JSON is written as it is made: `out` holds what is not yet written to standard output,
// and a matrix passes it on every kJsonChunk bytes, so that the memory it takes is a chunk, not
// the size of the JSON (gigabytes for 4096 tokens). Whoever made `out` writes the rest.
constexpr std::size_t kJsonChunk = 1 << 16;

// A matrix of `rows` × `cols` numbers, entry (r, c) being at(r, c).
template <class At>
void json_matrix(std::string& out, std::size_t rows, std::size_t cols, At at) {
    out += '[';
    for (std::size_t r = 0; r < rows; ++r) {
        if (r) out += ',';
        out += '[';
        for (std::size_t c = 0; c < cols; ++c) {
            if (c) out += ',';
            core::json_number(out, at(r, c));
        }
        out += ']';
        if (out.size() >= kJsonChunk) {
            std::cout.write(out.data(), static_cast<std::streamsize>(out.size()));
            out.clear();
        }
    }
    out += ']';
}

void json_matrix(std::string& out, const attention::Matrix& m) {
    json_matrix(out, m.rows, m.cols, [&m](std::size_t r, std::size_t c) { return m(r, c); });
}

// One head's stages as trace's JSON writes them for a scene of one head ("scores" … "output").
void json_stages(std::string& out, const attention::Trace& tr) {
    out += "\"scores\":";
    json_matrix(out, tr.scores);
    out += ",\"scaled\":";
    json_matrix(out, tr.n, tr.n, [&tr](std::size_t r, std::size_t c) { return tr.scaled(r, c); });
    out += ",\"logits\":";
    if (tr.has_logits()) json_matrix(out, tr.n, tr.n, [&tr](std::size_t r, std::size_t c) { return tr.logits(r, c); });
    else out += "null";
    out += ",\"weights\":";
    json_matrix(out, tr.weights);
    out += ",\"output\":";
    json_matrix(out, tr.output);
}

// A scene of several heads: the controls, then every head (its name, d, dv and stages), the
// heads' outputs side by side, the result (concat · W_O) and x + result (null without x). Returns
// what json_matrix has not written yet.
std::string heads_json(const scene::Scene& sc, const attention::HeadsTrace& tr) {
    std::string out = "{\"tokens\":[";
    for (std::size_t i = 0; i < sc.tokens.size(); ++i) {
        if (i) out += ',';
        core::json_string(out, sc.tokens[i]);
    }
    const attention::Trace& first = tr.heads.front();
    out += "],\"temperature\":";
    if (std::isinf(first.temperature)) out += "\"inf\"";
    else core::json_number(out, first.temperature);
    out += std::string(",\"mask\":") + (first.causal ? "true" : "false") + ",\"heads\":[";
    for (std::size_t h = 0; h < tr.heads.size(); ++h) {
        if (h) out += ',';
        out += "{\"name\":";
        core::json_string(out, scene::head_name(sc, h));
        out += ",\"d\":" + std::to_string(tr.heads[h].d) + ",\"dv\":" + std::to_string(tr.heads[h].dv) + ",";
        json_stages(out, tr.heads[h]);
        out += '}';
    }
    out += "],\"concat\":";
    json_matrix(out, tr.concat);
    out += ",\"result\":";
    json_matrix(out, tr.output);
    out += ",\"residual\":";
    if (tr.has_residual()) json_matrix(out, tr.residual);
    else out += "null";
    out += "}\n";
    return out;
}

// A matrix as a table to read: a row per token (its name first), 6 significant digits.
void text_matrix(std::string& out, const scene::Scene& sc, const attention::Matrix& m, const std::vector<std::string>& columns) {
    std::size_t name_width = 4;
    for (const auto& t : sc.tokens) name_width = std::max(name_width, t.size());
    auto cell = [](const std::string& text) { return std::string(text.size() < 11 ? 11 - text.size() : 1, ' ') + text; };
    out += "    " + std::string(name_width, ' ');
    for (const auto& c : columns) out += cell(c);
    out += '\n';
    for (std::size_t r = 0; r < m.rows; ++r) {
        const std::string& name = sc.tokens[r];
        out += "    " + name + std::string(name_width > name.size() ? name_width - name.size() : 0, ' ');
        for (std::size_t c = 0; c < m.cols; ++c) {
            char number[32];
            std::snprintf(number, sizeof number, "%.6g", m(r, c) == 0 ? 0.0 : m(r, c));
            out += cell(number);
        }
        out += '\n';
    }
}

std::vector<std::string> numbered(const char* prefix, std::size_t count) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < count; ++i) out.push_back(prefix + std::to_string(i));
    return out;
}

// The trace as tables: every head's weights and output, then the heads side by side, the result
// and, with the inputs x, x + result.
std::string heads_text(const scene::Scene& sc, const attention::HeadsTrace& tr) {
    const attention::Trace& first = tr.heads.front();
    std::string out = sc.id + ": " + std::to_string(sc.n()) + " tokens, " + std::to_string(tr.heads.size()) +
                      (tr.heads.size() == 1 ? " head" : " heads") + ", T = ";
    char t[32];
    std::snprintf(t, sizeof t, "%g", first.temperature);
    out += std::isinf(first.temperature) ? std::string("inf") : std::string(t);
    out += first.causal ? ", causal mask on\n" : ", no mask\n";
    for (std::size_t h = 0; h < tr.heads.size(); ++h) {
        const attention::Trace& head = tr.heads[h];
        out += "\n" + scene::head_name(sc, h) + " (d = " + std::to_string(head.d) + ", dv = " + std::to_string(head.dv) +
               ")\n  weights (a row per query, a column per key; each row sums to 1)\n";
        text_matrix(out, sc, head.weights, sc.tokens);
        out += "  output A·V\n";
        text_matrix(out, sc, head.output, numbered("o", head.dv));
    }
    if (tr.heads.size() > 1) {
        out += "\nthe heads' outputs side by side\n";
        text_matrix(out, sc, tr.concat, numbered("c", tr.concat.cols));
    }
    if (!sc.w_o.empty()) {
        out += "\nresult: times W_O\n";
        text_matrix(out, sc, tr.output, numbered("r", tr.output.cols));
    }
    if (tr.has_residual()) {
        out += "\nx + result (the residual stream)\n";
        text_matrix(out, sc, tr.residual, numbered("x", tr.residual.cols));
    }
    return out;
}

}  // namespace

int trace(const std::vector<std::string>& args) {
    options::Values v;
    if (const int status = read_options(options::kTrace, args, v); status >= 0) return status;
    const std::string& file = v.file;
    const std::optional<double>& temperature = v.temperature;
    const std::optional<bool>& mask = v.mask;
    if (file.empty()) return usage_error("trace needs a SCENE file");
    if (!v.json && !v.text) return usage_error("trace prints JSON (--json) or tables (--text): add one");
    if (v.json && v.text) return usage_error("trace prints JSON (--json) or tables (--text), not both");
    load::Result r = load::load_file(file, load::Options{v.root, {}});
    if (!r.ok()) {
        print_errors(r.errors);
        return 2;
    }
    const scene::Scene* sc = nullptr;
    for (const auto& slide : r.deck.slides)
        if (slide.scene) {
            sc = slide.scene.get();
            break;
        }
    if (!sc) {
        std::cerr << core::printable(file) << ": error: trace needs a scene, and this deck has none\n";
        return 2;
    }
    scene::Controls c = scene::start_controls(*sc);
    if (temperature) c.temperature = *temperature;
    if (mask) c.mask = *mask;
    attention::HeadsTrace heads;
    std::string error;
    if (!attention::trace(scene::heads_input(*sc, c), heads, error)) {
        std::cerr << core::printable(file) << ": error: " << core::printable(error) << "\n";
        return 2;
    }
    if (v.text || heads.heads.size() > 1) {
        std::cout << (v.text ? heads_text(*sc, heads) : heads_json(*sc, heads));
        return 0;
    }
    // One head's JSON keeps its compact form: the head's stages at the top level.
    const attention::Trace& tr = heads.heads.front();
    std::string out = "{\"tokens\":[";
    for (std::size_t i = 0; i < sc->tokens.size(); ++i) {
        if (i) out += ',';
        core::json_string(out, sc->tokens[i]);
    }
    out += "],\"d\":" + std::to_string(tr.d) + ",\"temperature\":";
    if (std::isinf(tr.temperature)) out += "\"inf\"";
    else core::json_number(out, tr.temperature);
    out += std::string(",\"mask\":") + (tr.causal ? "true" : "false") + ",";
    json_stages(out, tr);
    out += "}\n";
    std::cout << out;
    return 0;
}

}  // namespace cli
