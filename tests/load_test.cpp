// load/: format v1 scenes and decks → scene::Deck, and every kind of bad input → positioned
// diagnostics. Failure cases first. Files are written to a fresh temporary directory; the big
// and random ones are generated here, never committed.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <random>
#include <sstream>
#include <string>

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include "attention/attention.hpp"
#include "load/load.hpp"
#include "scene/quiz.hpp"
#include "support/files.hpp"

namespace fs = std::filesystem;

namespace {

using support::contains;
using support::TempDir;

// Loads `text` written to a file named `name` in a fresh directory.
struct Loaded {
    TempDir dir;
    std::string file;
    load::Result result;
};
std::unique_ptr<Loaded> load_yaml(const std::string& text, const std::string& name = "scene.yaml") {
    auto l = std::make_unique<Loaded>();
    l->file = l->dir.write(name, text);
    l->result = load::load_file(l->file);
    return l;
}

// Loads with `dir` as the root: a test's scenes and decks live in a fresh directory, which the
// current folder (the build's) does not hold.
load::Options rooted(const TempDir& dir) { return {dir.path.string(), {}}; }

// The first diagnostic whose message contains `needle` (fails the test if none does).
const core::Diagnostic& find(const load::Result& r, const std::string& needle) {
    for (const auto& e : r.errors)
        if (e.message.find(needle) != std::string::npos) return e;
    std::string all;
    for (const auto& e : r.errors) all += "\n  " + e.format();
    FAIL("no diagnostic contains '" << needle << "'; got:" << all);
    static core::Diagnostic none;
    return none;
}

using support::kTiny;

// One bad input and where its diagnostic must point: the first diagnostic whose message contains
// `needle` sits at `line`:`column` (each checked when given) and its message says each of `says`.
struct Bad {
    std::string yaml;
    std::string needle;
    std::optional<int> line = {}, column = {};
    std::vector<std::string> says = {};
};

// Loads `b.yaml` from a fresh scene.yaml and checks its diagnostic; returns that diagnostic for
// further checks.
core::Diagnostic expect(const Bad& b) {
    auto l = load_yaml(b.yaml);
    INFO("the diagnostic of " << l->file << " containing '" << b.needle << "'");
    const core::Diagnostic& e = find(l->result, b.needle);
    if (b.line) CHECK(e.line == *b.line);
    if (b.column) CHECK(e.column == *b.column);
    for (const std::string& part : b.says) CHECK(contains(e.message, part));
    return e;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

TEST_CASE("malformed YAML is reported where the parser stopped", "[load][errors]") {
    auto l = load_yaml("scene: x\ntokens: [a, b\nq: [[1]]\n");
    REQUIRE_FALSE(l->result.ok());
    const auto& e = find(l->result, "malformed YAML");
    CHECK(e.file == l->file);
    // The '[' left open on line 2, not line 3 where yaml-cpp gave up on it.
    CHECK(e.line == 2);
    CHECK(e.column == 9);
    CHECK(contains(e.message, "'[' is never closed"));
    CHECK(contains(e.format(), l->file + ":2:9:"));
}

TEST_CASE("an unclosed bracket is found past quotes, comments and closed brackets", "[load][errors]") {
    // Line 19 of a longer file, as a lecturer's typo would be; brackets and quotes before it close.
    std::string yaml = "scene: x  # a [ in a comment\ntokens: ['[', \"{\", c]\n";
    for (int i = 3; i < 19; ++i) yaml += "# line " + std::to_string(i) + " ]\n";
    yaml += "q: [[1, 0], [0, 1], [1, 1]\nk: [[1, 0], [0, 1], [1, 1]]\nv: [[1], [2], [3]]\n";
    auto l = load_yaml(yaml);
    REQUIRE_FALSE(l->result.ok());
    const auto& e = find(l->result, "malformed YAML");
    CHECK(e.line == 19);
    CHECK(e.column == 4);
    auto m = load_yaml("scene: x\nstart: {temperature: 1\ntokens: [a]\n");
    const auto& f = find(m->result, "malformed YAML");
    CHECK(f.line == 2);
    CHECK(f.column == 8);
    CHECK(contains(f.message, "'{' is never closed"));
}

TEST_CASE("an unclosed bracket in a block list is named on its own line, not where the next item starts", "[load][errors]") {
    // The lecture's own scene with one '[' left open, as a lecturer's typo would leave it: yaml-cpp
    // stops at the next item's '-' ("illegal block entry", line 20); the error names line 19.
    std::ifstream in(std::string(ATTNLAB_SOURCE_DIR) + "/scenes/one-query-row.yaml");
    REQUIRE(in);
    std::string yaml, line;
    for (int n = 1; std::getline(in, line); ++n) {
        if (n == 19) {
            REQUIRE(line.rfind("  - [1.8, 0.7]", 0) == 0);
            line = "  - [1.8, 0.7";
        }
        yaml += line + "\n";
    }
    auto l = load_yaml(yaml);
    REQUIRE_FALSE(l->result.ok());
    const auto& e = find(l->result, "malformed YAML");
    CHECK(e.line == 19);
    CHECK(e.column == 5);
    CHECK(contains(e.message, "'[' is never closed (expected ']'"));
    CHECK_FALSE(contains(e.message, "illegal block entry"));
    // The same in a mapping's block: an item of a nested list, and a '{' left open.
    auto m = load_yaml("scene: x\ntokens: [a, b]\nq:\n  - [1, 0]\n  - [0, 1\nk: [[1, 0], [0, 1]]\n");
    const auto& f = find(m->result, "malformed YAML");
    CHECK(f.line == 5);
    CHECK(f.column == 5);
    CHECK(contains(f.message, "'[' is never closed"));
    auto b = load_yaml("scene: x\nsteps:\n  - {stage: scores\n  - {stage: softmax}\n");
    const auto& g = find(b->result, "malformed YAML");
    CHECK(g.line == 3);
    CHECK(g.column == 5);
    CHECK(contains(g.message, "'{' is never closed"));
}

TEST_CASE("an unknown key names the nearest known one", "[load][errors]") {
    auto l = load_yaml("scene: x\ntokns: [a, b, c]\nq: [[1, 0], [0, 1], [1, 1]]\nk: [[1, 0], [0, 1], [1, 1]]\nv: [[1], [2], [3]]\n");
    const auto& e = find(l->result, "unknown key 'tokns'");
    CHECK(e.file == l->file);
    CHECK(e.line == 2);
    CHECK(e.column == 1);
    CHECK(contains(e.message, "(did you mean 'tokens'?)"));
    CHECK(e.format() == l->file + ":2:1: error: unknown key 'tokns' (did you mean 'tokens'?)");
    // A key far from every known one lists the known keys of that mapping.
    expect({kTiny + "start: {zzzzzz: 1}\n", "unknown key 'zzzzzz'", 6, 9, {"focus, temperature, mask"}});
}

TEST_CASE("a wrong type names the key, what was expected and what was found", "[load][errors]") {
    const Bad cases[] = {
        {"scene: x\ntokens: 3\n", "tokens: expected a list", 2, 9, {"found '3'"}},
        {kTiny + "start:\n  mask: maybe\n", "start.mask: expected true or false", 7, 9, {"found 'maybe'"}},
        {"scene: x\ntokens: [a]\nq: [[\"1\"]]\nk: [[1]]\nv: [[1]]\n", "q[0][0]: expected a number", 3, 6, {"the string \"1\""}},
    };
    for (const Bad& b : cases) expect(b);
}

TEST_CASE("a vector of the wrong length", "[load][errors]") {
    const Bad cases[] = {
        {"scene: x\ntokens: [a, b, c]\nq: [[1, 0], [0, 1], [1, 1]]\nk: [[1, 0], [0, 1, 5], [1, 1]]\nv: [[1], [2], [3]]\n",
         "k[1]: expected 2 numbers", 4, 13, {"found 3"}},
        // Keys as wide as the rows of q, but narrower than q.
        {"scene: x\ntokens: [a, b]\nq: [[1, 0], [0, 1]]\nk: [[1], [0]]\nv: [[1], [2]]\n", "k[0]: expected 2 numbers", 4, 5,
         {"the width of q"}},
    };
    for (const Bad& b : cases) expect(b);
}

TEST_CASE("token and vector counts that differ", "[load][errors]") {
    expect({"scene: x\ntokens: [a, b, c]\nq: [[1, 0], [0, 1], [1, 1]]\nk: [[1, 0], [0, 1], [1, 1]]\nv: [[1], [2]]\n",
            "v: expected 3 rows", 5, 4, {"found 2", "one per token"}});
}

TEST_CASE("no tokens", "[load][errors]") {
    const Bad cases[] = {
        {"scene: x\ntokens: []\nq: []\nk: []\nv: []\n", "tokens: expected at least one token", 2, 9},
        {"scene: x\nq: [[1]]\nk: [[1]]\nv: [[1]]\n", "missing key 'tokens'", 1, 1},
    };
    for (const Bad& b : cases) expect(b);
}

TEST_CASE("NaN or infinity in a vector", "[load][errors]") {
    for (const std::string bad : {".nan", ".NaN", ".inf", "-.inf", ".Inf", "1e999"}) {
        CAPTURE(bad);
        expect({"scene: x\ntokens: [a, b]\nq: [[1, 0], [0, 1]]\nk: [[1, 0], [0, " + bad + "]]\nv: [[1], [2]]\n",
                "k[1][1]: expected a finite number", 4, 17, {"found '" + bad + "'"}});
    }
    expect({.yaml = "scene: x\ntokens: [a]\nq: [[1]]\nk: [[1]]\nv: [[.nan, 2]]\n", .needle = "v[0][0]: expected a finite number", .column = 6});
    expect({.yaml = "scene: x\ntokens: [a]\nq: [[.inf]]\nk: [[1]]\nv: [[1]]\n", .needle = "q[0][0]: expected a finite number", .line = 3});
}

TEST_CASE("a negative temperature", "[load][errors]") {
    const Bad cases[] = {
        {kTiny + "start: {temperature: -0.5}\n", "start.temperature: expected a temperature ≥ 0", 6, 22, {"found '-0.5'"}},
        {.yaml = kTiny + "steps:\n  - set: {temperature: -.inf}\n", .needle = "steps[0].set.temperature", .line = 7},
        {.yaml = kTiny + "start: {temperature: .nan}\n", .needle = "start.temperature", .column = 22},
    };
    for (const Bad& b : cases) expect(b);
}

TEST_CASE("the temperature accepts numbers ≥ 0, inf and .inf", "[load]") {
    const std::pair<std::string, double> cases[] = {
        {"0", 0.0}, {"2.5", 2.5}, {"1e-3", 1e-3}, {"inf", INFINITY}, {".inf", INFINITY}, {"+.inf", INFINITY}, {".Inf", INFINITY}};
    for (const auto& [text, value] : cases) {
        CAPTURE(text);
        auto l = load_yaml(kTiny + "start: {temperature: " + text + "}\nsteps:\n  - set: {temperature: " + text + "}\n");
        REQUIRE(l->result.ok());
        const auto& s = *l->result.deck.slides.at(0).scene;
        CHECK(s.temperature == value);
        REQUIRE(s.steps.at(0).set.temperature);
        CHECK(*s.steps[0].set.temperature == value);
    }
}

TEST_CASE("a focus index out of range", "[load][errors]") {
    const Bad cases[] = {
        {kTiny + "start: {focus: 3}\n", "start.focus: expected a token index in 0..2", 6, 16, {"found '3'"}},
        {kTiny + "experiments:\n  - title: t\n    set: {focus: -1}\n", "experiments[0].set.focus", 8, 18},
        {.yaml = kTiny + "start: {focus: 1.5}\n", .needle = "start.focus", .says = {"an integer"}},
        {.yaml = kTiny + "steps:\n  - set: {compare: [0, 7]}\n", .needle = "steps[0].set.compare[1]", .column = 24},
        {.yaml = kTiny + "steps:\n  - set: {keys: {9: [1, 1]}}\n", .needle = "steps[0].set.keys", .column = 18},
    };
    for (const Bad& b : cases) expect(b);
}

TEST_CASE("an unknown panel lists the known names", "[load][errors]") {
    const auto e = expect({kTiny + "panels: [token-row, matrx]\n", "unknown panel 'matrx'", 6, 21, {"did you mean 'matrix'?"}});
    for (const auto& name : scene::panel_names()) CHECK(contains(e.message, name));
}

TEST_CASE("a step may show panels of its own, for that step only", "[load]") {
    auto l = load_yaml(kTiny + "panels: [token-row, key-plane, narration]\nsteps:\n  - stage: scores\n"
                               "  - title: why\n    panels: [token-row, scaling, narration, scaling]\n  - stage: blend\n");
    REQUIRE(l->result.ok());
    const auto& s = *l->result.deck.slides.at(0).scene;
    using P = scene::Panel;
    CHECK(s.panels_at(0) == std::vector<P>{P::TokenRow, P::KeyPlane, P::Narration});
    CHECK(s.panels_at(1) == std::vector<P>{P::TokenRow, P::Scaling, P::Narration});  // listed twice counts once
    CHECK(s.panels_at(2) == s.panels);
    CHECK(s.panels_at(-1) == s.panels);
    CHECK(s.panels_at(3) == s.panels);
}

TEST_CASE("a step's panels are checked like the scene's", "[load][errors]") {
    expect({kTiny + "steps:\n  - panels: [token-row, outptus]\n", "steps[0].panels[1]: unknown panel 'outptus'", 7, 25,
            {"did you mean 'outputs'?"}});
    expect({kTiny + "steps:\n  - panels: []\n", "steps[0].panels: expected at least one panel", 7, 13});
    expect({kTiny + "steps:\n  - panels: scaling\n", "steps[0].panels: expected a list of panel names", 7, 13});
}

TEST_CASE("an unknown stage or ease lists the known names", "[load][errors]") {
    auto l = load_yaml(kTiny + "steps:\n  - stage: scores\n  - stage: softmx\n    ease: bounce\n");
    const auto& e = find(l->result, "unknown stage 'softmx'");
    CHECK(e.line == 8);
    CHECK(e.column == 12);
    CHECK(contains(e.message, "did you mean 'softmax'?"));
    for (const auto& name : scene::stage_names()) CHECK(contains(e.message, name));
    const auto& ease = find(l->result, "unknown ease 'bounce'");
    CHECK(ease.line == 9);
    CHECK(ease.column == 11);
    for (const auto& name : scene::ease_names()) CHECK(contains(ease.message, name));
}

TEST_CASE("a deck naming a missing scene file", "[load][errors][deck]") {
    TempDir dir;
    std::string deck = dir.write("slides/deck.yaml", "deck: d\nslides:\n  - title: Hello\n  - scene: ../scenes/gone.yaml\n");
    load::Result r = load::load_file(deck, rooted(dir));
    REQUIRE_FALSE(r.ok());
    const auto& e = find(r, "gone.yaml");
    CHECK(e.file == deck);
    CHECK(e.line == 4);
    CHECK(e.column == 12);
    CHECK(contains(e.message, "slides[1].scene"));
    CHECK(contains(e.message, "No such file"));
}

TEST_CASE("a deck that includes itself, directly or through another deck", "[load][errors][deck]") {
    TempDir dir;
    dir.write("scenes/tiny.yaml", kTiny);
    std::string self = dir.write("slides/self.yaml", "deck: self\nslides:\n  - title: Hi\n  - deck: self.yaml\n");
    load::Result r = load::load_file(self);
    REQUIRE_FALSE(r.ok());
    const auto& e = find(r, "includes itself");
    CHECK(e.file == self);
    CHECK(e.line == 4);
    CHECK(e.column == 11);
    CHECK(contains(e.message, self + " → " + self));

    std::string a = dir.write("slides/a.yaml", "deck: a\nslides:\n  - scene: ../scenes/tiny.yaml\n  - deck: b.yaml\n");
    std::string b = dir.write("slides/b.yaml", "deck: b\nslides:\n  - title: B\n  - deck: a.yaml\n");
    load::Result ra = load::load_file(a, rooted(dir));
    REQUIRE_FALSE(ra.ok());
    const auto& c = find(ra, "includes itself");
    CHECK(c.file == b);  // the include that closes the cycle
    CHECK(c.line == 4);
    CHECK(c.column == 11);
    CHECK(contains(c.message, a + " → " + b + " → " + a));
    REQUIRE(ra.errors.size() == 1);
}

TEST_CASE("a deck named as a scene is refused unread, even when it names itself", "[load][errors][deck]") {
    TempDir dir;
    // A deck whose scene slide names the deck itself: read as a scene it would include itself
    // again and again, past any stack, before the cycle check of 'deck:' could see it.
    std::string self = dir.write("slides/self.yaml", "deck: self\nslides:\n  - title: Hi\n  - scene: self.yaml\n");
    load::Result r = load::load_file(self);
    REQUIRE_FALSE(r.ok());
    const auto& e = find(r, "is a deck, not a scene");
    CHECK(e.file == self);
    CHECK(e.line == 4);
    CHECK(e.column == 12);
    CHECK(contains(e.message, "write 'deck: self.yaml'"));
    CHECK(r.errors.size() == 1);

    // Two decks naming each other as scenes: the same one error, and the other deck is not read
    // (a mistake in it is not reported under a slide that named it as a scene).
    std::string a = dir.write("slides/a.yaml", "deck: a\nslides:\n  - scene: b.yaml\n");
    dir.write("slides/b.yaml", "deck: b\nslides:\n  - scene: a.yaml\n  - nonsense: 1\n");
    load::Result ra = load::load_file(a);
    REQUIRE_FALSE(ra.ok());
    REQUIRE(ra.errors.size() == 1);
    CHECK(contains(ra.errors[0].message, "'b.yaml' is a deck, not a scene"));
    CHECK(ra.errors[0].file == a);
}

TEST_CASE("decks nest at most kMaxDeckDepth deep", "[load][errors][deck][limits]") {
    TempDir dir;
    const int n = static_cast<int>(load::kMaxDeckDepth) + 2;
    std::string top;
    for (int i = 0; i < n; ++i) {
        std::string body = "deck: d" + std::to_string(i) + "\nslides:\n  - title: T" + std::to_string(i) + "\n";
        if (i + 1 < n) body += "  - deck: d" + std::to_string(i + 1) + ".yaml\n";
        std::string f = dir.write("slides/d" + std::to_string(i) + ".yaml", body);
        if (i == 0) top = f;
    }
    load::Result r = load::load_file(top);
    REQUIRE_FALSE(r.ok());
    REQUIRE(r.errors.size() == 1);
    const auto& e = r.errors[0];
    CHECK(contains(e.message, "would nest decks more than " + std::to_string(load::kMaxDeckDepth) + " deep"));
    CHECK(e.file == (dir.path / ("slides/d" + std::to_string(load::kMaxDeckDepth - 1) + ".yaml")).string());
    CHECK(e.line == 4);
    CHECK(e.column == 11);

    // One level less is fine.
    dir.write("slides/d" + std::to_string(load::kMaxDeckDepth - 1) + ".yaml",
                               "deck: last\nslides:\n  - title: End\n");
    load::Result r2 = load::load_file(top);
    CHECK(r2.ok());
}

TEST_CASE("a file that is not UTF-8 points at the first bad byte", "[load][errors]") {
    const Bad cases[] = {
        // Line 2, after "tokens: [é, " (12 characters, 13 bytes): column 13 counts characters.
        {"scene: x\ntokens: [\xc3\xa9, \xff]\n", "not UTF-8", 2, 13, {"0xFF"}},
        // An overlong encoding and a lone continuation byte are refused too; so is a NUL byte.
        {.yaml = "scene: \xc0\xaf\n", .needle = "not UTF-8", .column = 8},
        {.yaml = "\n\n  \x80", .needle = "not UTF-8", .line = 3},
        {.yaml = std::string("scene: a\0b\n", 11), .needle = "control character", .column = 9},
        // UTF-16 with a byte-order mark is not UTF-8.
        {.yaml = std::string("\xff\xfes\0c\0", 6), .needle = "not UTF-8", .column = 1},
    };
    for (const Bad& b : cases) expect(b);
}

TEST_CASE("columns count characters, not bytes, after non-ASCII text", "[load][errors]") {
    // "tokens: [ééé, [x]]": the nested list starts at character 15 (byte 18).
    expect({"scene: x\ntokens: [\xc3\xa9\xc3\xa9\xc3\xa9, [x]]\nq: [[1], [1]]\nk: [[1], [1]]\nv: [[1], [1]]\n",
            "tokens[1]: expected text", 2, 15});
}

TEST_CASE("an alias bomb is refused at once, without expanding it", "[load][errors]") {
    std::string bomb = "scene: lol\ntokens: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
    const char* names = "abcdefghijk";
    for (int level = 1; level < 10; ++level) {
        bomb += std::string("x") + names[level] + ": &" + names[level] + " [";
        for (int i = 0; i < 10; ++i) bomb += std::string(i ? ", " : "") + "*" + names[level - 1];
        bomb += "]\n";
    }
    bomb += "q: *j\nk: *j\nv: *j\n";  // 10^10 nodes if expanded
    // Refused where the count passes 10^6 (the position below), so nothing further was expanded.
    auto l = load_yaml(bomb);
    const auto& e = find(l->result, "alias bomb");
    CHECK(e.file == l->file);
    // Expanded sizes: a 11, b 111, c 1111, d 11111, e 111111. The aliases of lines 3–6 add
    // 123440 nodes; each *e on line 7 adds 111111, so the 8th (column 9 + 4·7) passes 10^6.
    CHECK(e.line == 7);
    CHECK(e.column == 37);
    CHECK(contains(e.message, "'*e'"));
}

TEST_CASE("aliases of ordinary size are fine; a recursive alias is refused", "[load]") {
    auto l = load_yaml("scene: x\ntokens: [a, b]\nq: &m [[1, 0], [0, 1]]\nk: *m\nv: *m\n");
    REQUIRE(l->result.ok());
    const auto& s = *l->result.deck.slides[0].scene;
    CHECK(s.heads[0].k == s.heads[0].q);
    CHECK(s.heads[0].v[1] == core::Vec{0, 1});
    expect({"scene: x\ntokens: &t [a, *t]\n", "contains it", 2, 16});
}

TEST_CASE("10 MB of random bytes: a clear error, fast", "[load][errors]") {
    std::mt19937 rng(12345);
    std::string bytes(10 * 1024 * 1024, '\0');
    for (char& c : bytes) c = static_cast<char>(rng() & 0xFF);
    TempDir dir;
    std::string file = dir.write("random.yaml", bytes);
    auto t0 = std::chrono::steady_clock::now();
    load::Result r = load::load_file(file);
    CHECK(seconds_since(t0) < 30.0);  // a watchdog against a parser that hangs, not a speed test
    REQUIRE_FALSE(r.ok());
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].file == file);
    CHECK(r.errors[0].line >= 1);
    CHECK((contains(r.errors[0].message, "not UTF-8") || contains(r.errors[0].message, "control character")));

    // Random printable ASCII is valid UTF-8, so it reaches the YAML parser: still an error, still fast.
    const std::string alphabet = "abcxyz019 .,:-[]{}#&*!|>'\"%@`?\n";
    for (char& c : bytes) c = alphabet[rng() % alphabet.size()];
    std::string text_file = dir.write("printable.yaml", bytes);
    t0 = std::chrono::steady_clock::now();
    load::Result t = load::load_file(text_file);
    CHECK(seconds_since(t0) < 30.0);  // a watchdog, as above
    REQUIRE_FALSE(t.ok());
    CHECK(t.errors[0].file == text_file);
    CHECK(t.errors[0].line >= 1);
}

TEST_CASE("deep nesting is refused, not a stack overflow", "[load][errors]") {
    expect({.yaml = "scene: x\ntokens: " + std::string(100000, '[') + std::string(100000, ']') + "\n",
            .needle = "nested",
            .line = 2,
            .says = {"too deep"}});
}

TEST_CASE("more than 4096 tokens or dimensions is a clear limit", "[load][errors]") {
    std::string tokens, row;
    for (int i = 0; i < 4097; ++i) tokens += (i ? ", t" : "t") + std::to_string(i);
    for (int i = 0; i < 4097; ++i) row += i ? ", 1" : "1";
    // Refused at the list, naming where its first item past the limit is: nothing after it is read.
    const std::string token_4097 = std::to_string(10 + tokens.find("t4096"));
    const std::string number_4097 = std::to_string(6 + 3 * 4096);
    const Bad cases[] = {
        {"scene: x\ntokens: [" + tokens + "]\nq: [[1]]\nk: [[1]]\nv: [[1]]\n", "at most 4096 tokens", 2, 9,
         {"found more: its item 4097 (line 2, column " + token_4097 + ")"}},
        {"scene: x\ntokens: [a]\nq: [[" + row + "]]\nk: [[1]]\nv: [[1]]\n", "at most 4096 dimensions", 3, 5,
         {"q[0]: ", "found more: its item 4097 (line 3, column " + number_4097 + ")"}},
    };
    for (const Bad& b : cases) expect(b);
    // Exactly 4096 dimensions is allowed.
    std::string row4096 = row.substr(3);
    auto ok = load_yaml("scene: x\ntokens: [a]\nq: [[" + row4096 + "]]\nk: [[" + row4096 + "]]\nv: [[1]]\n");
    REQUIRE(ok->result.ok());
    CHECK(ok->result.deck.slides[0].scene->d() == 4096);
}

TEST_CASE("a file that does not exist, or is a directory", "[load][errors]") {
    TempDir dir;
    const std::string missing = (dir.path / "nope.yaml").string();
    load::Result r = load::load_file(missing);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].file == missing);
    CHECK(contains(r.errors[0].message, "No such file"));
    CHECK(r.errors[0].format() == missing + ": error: " + r.errors[0].message);
    load::Result d = load::load_file(dir.path.string());
    REQUIRE(d.errors.size() == 1);
    CHECK(contains(d.errors[0].message, "is a directory"));
}

TEST_CASE("a quiz whose right answers sit mostly at one position, or are mostly the longest, loads with a warning", "[load][warnings]") {
    const int tiny_lines = static_cast<int>(std::count(kTiny.begin(), kTiny.end(), '\n'));
    auto mc = [](const std::string& a, const std::string& b, const std::string& c, int correct) {
        return "    - ask: Which?\n      choices: [\"" + a + "\", \"" + b + "\", \"" + c + "\"]\n      correct: " + std::to_string(correct) + "\n";
    };
    // 3 of 4 first (the choices of equal length).
    auto first = load_yaml(kTiny + "quiz:\n  questions:\n" + mc("aa", "bb", "cc", 0) + mc("aa", "bb", "cc", 0) +
                           mc("aa", "bb", "cc", 2) + mc("aa", "bb", "cc", 0));
    REQUIRE(first->result.ok());  // a warning, not an error
    REQUIRE(first->result.warnings.size() == 1);
    const core::Diagnostic& w = first->result.warnings[0];
    CHECK(w.warning);
    CHECK(w.line == tiny_lines + 3);  // the list of questions
    CHECK(w.column == 5);
    CHECK(w.format().rfind(first->file + ":" + std::to_string(tiny_lines + 3) + ":5: warning: quiz.questions: ", 0) == 0);
    CHECK(contains(w.message, "choice 1 ('correct: 0') in 3 of 4 questions with choices"));
    CHECK(contains(w.message, "reorder"));
    // The longest, 3 of 3, at spread positions.
    auto longest = load_yaml(kTiny + "quiz:\n  questions:\n" + mc("the long one", "b", "c", 0) + mc("a", "the long one", "c", 1) +
                             mc("a", "b", "the long one", 2));
    REQUIRE(longest->result.ok());
    REQUIRE(longest->result.warnings.size() == 1);
    CHECK(contains(longest->result.warnings[0].message, "the longest choice in 3 of 3 questions with choices"));
    // Spread and of equal length: no warning; nor for a quiz of two questions, or without choices.
    auto spread = load_yaml(kTiny + "quiz:\n  questions:\n" + mc("aa", "bb", "cc", 0) + mc("aa", "bb", "cc", 1) +
                            mc("aa", "bb", "cc", 2) + mc("aa", "bb", "cc", 0));
    CHECK(spread->result.ok());
    CHECK(spread->result.warnings.empty());
    auto two = load_yaml(kTiny + "quiz:\n  questions:\n" + mc("the long one", "b", "c", 0) + mc("the long one", "b", "c", 0));
    CHECK(two->result.warnings.empty());
    // A file with errors keeps its warnings too.
    auto broken = load_yaml(kTiny + "quiz:\n  draw: -1\n  questions:\n" + mc("aa", "bb", "cc", 1) + mc("aa", "bb", "cc", 1) +
                            mc("aa", "bb", "cc", 1));
    CHECK_FALSE(broken->result.ok());
    CHECK(broken->result.warnings.size() == 1);
}

TEST_CASE("a quiz names experiments of the scene by title", "[load][errors]") {
    const std::string ex = kTiny + "experiments:\n  - title: Identical keys\n    set: {keys: same}\n";
    expect({ex + "quiz:\n  questions:\n    - ask: Why?\n      answer: Because.\n      experiment: Identcal keys\n",
            "no experiment of this scene is titled 'Identcal keys'", 13, 19, {"did you mean 'Identical keys'?"}});
    auto good = load_yaml(ex + "quiz:\n  draw: 1\n  questions:\n    - ask: Why?\n      choices: [a, b]\n      correct: 1\n      experiment: Identical keys\n");
    REQUIRE(good->result.ok());
    const auto& q = good->result.deck.slides[0].scene->quiz;
    CHECK(q.draw == 1);
    REQUIRE(q.questions.size() == 1);
    CHECK(q.questions[0].correct == 1);
    CHECK(q.questions[0].experiment == "Identical keys");
    expect({.yaml = kTiny + "quiz:\n  questions:\n    - ask: Why?\n      choices: [a, b]\n      correct: 2\n",
            .needle = "correct: expected an index into choices in 0..1",
            .line = 10});
}

TEST_CASE("several errors of one file are reported together", "[load][errors]") {
    auto l = load_yaml("scene: x\ntokns: [a]\ntokens: [a, b]\nq: [[1], [.nan]]\nk: [[1], [1]]\nv: [[1], [1]]\n"
                       "start: {focus: 9, temperature: -1}\npanels: [nope]\n");
    CHECK(l->result.errors.size() == 5);
    CHECK(find(l->result, "tokns").line == 2);
    CHECK(find(l->result, "q[1][0]").line == 4);
    CHECK(find(l->result, "start.focus").column == 16);
    CHECK(find(l->result, "start.temperature").column == 32);
    CHECK(find(l->result, "unknown panel").line == 8);
}

TEST_CASE("duplicate keys, two documents and empty files are errors", "[load][errors]") {
    const Bad cases[] = {
        {kTiny + "tokens: [x, y, z]\n", "duplicate key 'tokens'", 6, 1, {"line 2"}},
        {.yaml = kTiny + "---\n" + kTiny, .needle = "second YAML document", .line = 6},
        {.yaml = "", .needle = "empty", .line = 1},
    };
    for (const Bad& b : cases) expect(b);
    auto neither = load_yaml("scen: x\n");
    CHECK(contains(find(neither->result, "unknown key 'scen'").message, "did you mean 'scene'?"));
    CHECK(contains(find(neither->result, "missing key 'scene' or 'deck'").file, "scene.yaml"));
}

TEST_CASE("settings that would overflow the engine are refused", "[load][errors]") {
    expect({"scene: x\ntokens: [a, b]\nq: [[1e200], [1]]\nk: [[1], [1]]\nv: [[1], [2]]\n"
            "steps:\n  - stage: scores\n  - set: {keys: {scale: 1e200}}\n",
            "steps[1]: its settings cannot be computed", 8, 5});
}

// ---------------------------------------------------------------------------------------------
// What loads, and the defaults

TEST_CASE("the minimal scene of issue 2 loads with every default", "[load]") {
    load::Result r = load::load_file(std::string(ATTNLAB_SOURCE_DIR) + "/scenes/tiny.yaml");
    REQUIRE(r.ok());
    REQUIRE(r.deck.slides.size() == 1);
    const scene::Slide& slide = r.deck.slides[0];
    CHECK(slide.kind == scene::Slide::Kind::Scene);
    const scene::Scene& s = *slide.scene;
    CHECK(s.file == std::string(ATTNLAB_SOURCE_DIR) + "/scenes/tiny.yaml");
    CHECK(s.id == "tiny");
    CHECK(s.title == "tiny");
    CHECK(s.tokens == std::vector<std::string>{"a", "b", "c"});
    CHECK(s.heads[0].q == core::Mat{{1, 0}, {0, 1}, {1, 1}});
    CHECK(s.n() == 3);
    CHECK(s.d() == 2);
    CHECK(s.heads[0].v[0].size() == 2);
    CHECK(s.focus == 0);
    CHECK(s.temperature == 1.0);
    CHECK_FALSE(s.mask);
    CHECK(s.panels == scene::default_panels(3));
    REQUIRE(s.steps.size() == scene::default_steps().size());
    for (std::size_t i = 0; i < s.steps.size(); ++i) CHECK(s.steps[i].stage == scene::default_steps()[i].stage);
    CHECK(s.experiments.empty());
    CHECK(s.quiz.questions.empty());
    CHECK_FALSE(s.projected());
    CHECK(r.deck.title == "tiny");
}

TEST_CASE("x with W_Q, W_K, W_V gives q, k and v, and keeps the projections", "[load]") {
    auto l = load_yaml("scene: p\ntokens: [a, b]\nx: [[1, 2, 3], [0, -1, 0.5]]\n"
                       "w_q: [[1, 0], [0, 1], [1, 1]]\nw_k: [[2, 0], [0, 0], [0, 2]]\nw_v: [[1], [1], [1]]\nd: 2\n");
    REQUIRE(l->result.ok());
    const auto& s = *l->result.deck.slides[0].scene;
    REQUIRE(s.projected());
    // Row by row, by hand: q0 = (1 + 3, 2 + 3), k0 = (2, 6), v0 = 1 + 2 + 3.
    CHECK(s.heads[0].q == core::Mat{{4, 5}, {0.5, -0.5}});
    CHECK(s.heads[0].k == core::Mat{{2, 6}, {0, 1}});
    CHECK(s.heads[0].v == core::Mat{{6}, {-0.5}});
    CHECK(s.x.size() == 2);
    CHECK(s.heads[0].w_v.size() == 3);
    auto both = load_yaml(kTiny + "x: [[1], [1], [1]]\n");
    CHECK(find(both->result, "not both").line == 6);
    auto wrong = load_yaml("scene: p\ntokens: [a]\nx: [[1, 2]]\nw_q: [[1]]\nw_k: [[1], [1]]\nw_v: [[1], [1]]\n");
    const auto& e = find(wrong->result, "w_q: expected 2 rows");
    CHECK(e.line == 4);
    CHECK(e.column == 6);
    auto dd = load_yaml(kTiny + "d: 3\n");
    CHECK(contains(find(dd->result, "d: expected 2").message, "found '3'"));
}

TEST_CASE("w_o, the output projection: dv rows of m numbers, only beside x", "[load][errors]") {
    const std::string head = "scene: p\ntokens: [a, b]\nx: [[1, 2, 3], [0, -1, 0.5]]\n"
                             "w_q: [[1, 0], [0, 1], [1, 1]]\nw_k: [[2, 0], [0, 0], [0, 2]]\nw_v: [[1, 0], [1, 0], [1, 1]]\n";
    // Wrong shapes, each at its line and column: 3 rows for dv = 2; 2 numbers a row for m = 3.
    auto rows = load_yaml(head + "w_o: [[1, 0, 0], [0, 1, 0], [0, 0, 1]]\n");
    const auto& r = find(rows->result, "w_o: expected 2 rows (dv, the width of w_v), found 3");
    CHECK(r.line == 7);
    CHECK(r.column == 6);
    auto width = load_yaml(head + "w_o: [[1, 0], [0, 1]]\n");
    const auto& w = find(width->result, "w_o[0]: expected 3 numbers (m, the width of x), found 2");
    CHECK(w.line == 7);
    auto bad = load_yaml(head + "w_o: [[1, 0, x], [0, 1, 0]]\n");
    CHECK_FALSE(bad->result.ok());
    CHECK(find(bad->result, "w_o").line == 7);
    // Beside q, k and v given directly there is no x to add to.
    auto direct = load_yaml(kTiny + "w_o: [[1, 0], [0, 1]]\n");
    CHECK(contains(find(direct->result, "w_o projects").message, "give it with x"));
    // Kept, and the trace adds the head's output to x through it.
    auto ok = load_yaml(head + "w_o: [[1, 0, 0], [0, 1, 0]]\n");
    REQUIRE(ok->result.ok());
    const auto& s = *ok->result.deck.slides[0].scene;
    REQUIRE(s.projected());
    CHECK(s.w_o == core::Mat{{1, 0, 0}, {0, 1, 0}});
    CHECK(s.residual());
}

TEST_CASE("steps default to the previous step's stage, blend for the first", "[load]") {
    auto l = load_yaml(kTiny + "start: {focus: 2, temperature: .inf, mask: true}\npanels: [matrix, graph, matrix]\n"
                       "steps:\n  - say: first\n  - stage: scale\n    title: Scale\n    duration: 0.5\n    hold: 0\n    ease: linear\n"
                       "  - notes: n\n    set: {focus: 1, temperature: 0.5, mask: false, keys: {scale: 2, 1: [3, 4]}, compare: [0, 2]}\n");
    REQUIRE(l->result.ok());
    const auto& s = *l->result.deck.slides[0].scene;
    CHECK(s.focus == 2);
    CHECK(std::isinf(s.temperature));
    CHECK(s.mask);
    CHECK(s.panels == std::vector<scene::Panel>{scene::Panel::Matrix, scene::Panel::Graph});
    REQUIRE(s.steps.size() == 3);
    CHECK(s.steps[0].stage == scene::Stage::Blend);
    CHECK(s.steps[0].say == "first");
    CHECK(s.steps[0].title.empty());
    CHECK(s.steps[0].duration < 0);
    CHECK(s.steps[1].stage == scene::Stage::Scale);
    CHECK(s.steps[1].duration == 0.5);
    CHECK(s.steps[1].hold == 0.0);
    CHECK(s.steps[1].ease == scene::Ease::Linear);
    CHECK(s.steps[2].stage == scene::Stage::Scale);
    CHECK(s.steps[2].notes == "n");
    const auto& set = s.steps[2].set;
    CHECK(set.focus == 1);
    CHECK(set.temperature == 0.5);
    CHECK(set.mask == false);
    CHECK(set.key_scale == 2.0);
    REQUIRE(set.keys.size() == 1);
    CHECK(set.keys[0].first == 1);
    CHECK(set.keys[0].second == core::Vec{3, 4});
    CHECK(set.compare == std::make_pair(0, 2));
}

TEST_CASE("a deck: title, text, scene and included slides in order", "[load][deck]") {
    TempDir dir;
    std::string scene_path = dir.write("scenes/tiny.yaml", kTiny);
    dir.write("slides/part.yaml", "deck: part\nslides:\n  - text: Inner\n    bullets: [x]\n  - scene: ../scenes/tiny.yaml\n");
    std::string deck = dir.write("slides/lecture.yaml",
                                 "version: 1\ndeck: lecture\ntitle: How attention works\nslides:\n"
                                 "  - title: Attention\n    subtitle: Part 1\n    say: hello\n    notes: n\n    duration: 3\n"
                                 "  - text: Points\n    bullets: [one, \"q = x·W_Q\"]\n"
                                 "  - scene: ../scenes/tiny.yaml\n    title: Override\n"
                                 "  - deck: part.yaml\n");
    load::Result r = load::load_file(deck, rooted(dir));
    REQUIRE(r.ok());
    CHECK(r.deck.file == deck);
    CHECK(r.deck.title == "How attention works");
    REQUIRE(r.deck.slides.size() == 5);
    using K = scene::Slide::Kind;
    CHECK(r.deck.slides[0].kind == K::Title);
    CHECK(r.deck.slides[0].subtitle == "Part 1");
    CHECK(r.deck.slides[0].duration == 3.0);
    CHECK(r.deck.slides[1].kind == K::Text);
    CHECK(r.deck.slides[1].title == "Points");
    CHECK(r.deck.slides[1].bullets == std::vector<std::string>{"one", "q = x·W_Q"});
    CHECK(r.deck.slides[2].kind == K::Scene);
    CHECK(r.deck.slides[2].title == "Override");
    CHECK(r.deck.slides[2].scene->file == fs::path(scene_path).lexically_normal().string());
    CHECK(r.deck.slides[3].title == "Inner");
    CHECK(r.deck.slides[4].kind == K::Scene);
    // The same file is loaded once and shared.
    CHECK(r.deck.slides[4].scene == r.deck.slides[2].scene);
    // A slide with two kinds is an error.
    std::string two = dir.write("slides/two.yaml", "deck: t\nslides:\n  - text: a\n    scene: ../scenes/tiny.yaml\n");
    load::Result rt = load::load_file(two, rooted(dir));
    const auto& e = find(rt, "a slide is one kind");
    CHECK(e.line == 3);
    CHECK(e.column == 5);
}

TEST_CASE("errors inside a scene a deck names point into that scene file", "[load][deck]") {
    TempDir dir;
    std::string bad = dir.write("scenes/bad.yaml", "scene: b\ntokens: [a]\nq: [[1]]\nk: [[1]]\nv: [[1]]\npanels: [nope]\n");
    std::string deck = dir.write("slides/d.yaml", "deck: d\nslides:\n  - scene: ../scenes/bad.yaml\n");
    load::Result r = load::load_file(deck, rooted(dir));
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].file == fs::path(bad).lexically_normal().string());
    CHECK(r.errors[0].line == 6);
    CHECK(r.errors[0].column == 10);
}

TEST_CASE("load_text reads from memory and resolves a deck's scenes against dir", "[load]") {
    load::Result s = load::load_text(kTiny, "memory.yaml", "");
    REQUIRE(s.ok());
    CHECK(s.deck.slides[0].scene->file == "memory.yaml");
    load::Result d = load::load_text("deck: d\nslides:\n  - scene: tiny.yaml\n", "deck.yaml",
                                     std::string(ATTNLAB_SOURCE_DIR) + "/scenes");
    REQUIRE(d.ok());
    CHECK(d.deck.slides[0].scene->id == "tiny");
    load::Result bad = load::load_text("scene: x\ntokens: 1\n", "typed.yaml", "");
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.errors[0].file == "typed.yaml");
    CHECK(bad.errors[0].line == 2);
}

TEST_CASE("every committed scene and deck loads", "[load]") {
    for (const char* folder : {"scenes", "slides"}) {
        fs::path dir = fs::path(ATTNLAB_SOURCE_DIR) / folder;
        if (!fs::exists(dir)) continue;
        for (const auto& entry : fs::directory_iterator(dir)) {
            if (entry.path().extension() != ".yaml") continue;
            load::Result r = load::load_file(entry.path().string(), load::Options{ATTNLAB_SOURCE_DIR, {}});
            std::string all;
            for (const auto& e : r.errors) all += e.format() + "\n";
            INFO(all);
            CHECK(r.ok());
        }
    }
}

TEST_CASE("every complete scene example in scenes/README.md loads", "[load][docs]") {
    std::ifstream in(std::string(ATTNLAB_SOURCE_DIR) + "/scenes/README.md");
    REQUIRE(in);
    std::string line, block;
    bool inside = false;
    int examples = 0;
    while (std::getline(in, line)) {
        if (!inside && line == "```yaml") {
            inside = true;
            block.clear();
        } else if (inside && line == "```") {
            inside = false;
            if (block.rfind("scene:", 0) == 0 || block.rfind("version: 1\nscene:", 0) == 0) {
                ++examples;
                load::Result r = load::load_text(block, "README example " + std::to_string(examples), "");
                std::string all;
                for (const auto& e : r.errors) all += e.format() + "\n";
                INFO(block << "\n" << all);
                CHECK(r.ok());
            }
        } else if (inside) {
            block += line + "\n";
        }
    }
    CHECK(examples >= 3);
}

TEST_CASE("only format version 1 is accepted", "[load][errors]") {
    expect({"version: 2\n" + kTiny, "version: expected 1", 1, 10, {"found '2'"}});
    auto ok = load_yaml("version: 1\n" + kTiny);
    CHECK(ok->result.ok());
}

TEST_CASE("an empty value points at its key; a tab in the indentation is named", "[load][errors]") {
    const Bad cases[] = {
        {"scene: x\ntokens:\nq: [[1]]\nk: [[1]]\nv: [[1]]\n", "tokens: expected a list", 2, 1, {"found nothing"}},
        {.yaml = kTiny + "start:\n\tfocus: 1\n", .needle = "malformed YAML", .line = 7, .says = {"tab"}},
    };
    for (const Bad& b : cases) expect(b);
}

TEST_CASE("a FIFO, a device or a socket named as a scene is refused at once, never read", "[load][errors]") {
    TempDir dir;
    const std::string fifo = (dir.path / "scene.yaml").string();
    REQUIRE(mkfifo(fifo.c_str(), 0644) == 0);
    // Opening a FIFO with no writer would block this test forever.
    const load::Result r = load::load_file(fifo);
    REQUIRE_FALSE(r.ok());
    CHECK(r.errors[0].file == fifo);
    CHECK(r.errors[0].message.find("a FIFO") != std::string::npos);
    const load::Result dev = load::load_file("/dev/zero");
    REQUIRE_FALSE(dev.ok());
    CHECK(dev.errors[0].message.find("a device") != std::string::npos);
}

// ---- limits on steps and on the video a file plans ----------------------------------------------

namespace {

// kTiny followed by `steps:` and one line per step: step i sits on line kTinyLines + 2 + i.
constexpr int kTinyLines = 5;
std::string with_steps(const std::vector<std::string>& steps) {
    std::string s = kTiny + "steps:\n";
    for (const std::string& st : steps) s += "  - " + st + "\n";
    return s;
}

}  // namespace

TEST_CASE("a scene of more than 10000 steps is refused at its list, before reading them", "[load][errors][limits]") {
    std::vector<std::string> steps(10000, "{duration: 0, hold: 0}");
    auto ok = load_yaml(with_steps(steps));
    REQUIRE(ok->result.ok());
    CHECK(ok->result.deck.slides[0].scene->steps.size() == 10000);
    steps.emplace_back("{duration: 0, hold: 0}");
    const Bad over = {with_steps(steps), "at most 10000 steps are allowed (the limit)", kTinyLines + 2, {},
                      {"found more: its item 10001 (line " + std::to_string(kTinyLines + 2 + 10000) + ", column 5)"}};
    expect(over);
    // 200,000 empty steps are refused without reading one.
    std::string huge = kTiny + "steps:\n";
    for (int i = 0; i < 200000; ++i) huge += "- {}\n";
    auto t0 = std::chrono::steady_clock::now();
    auto l = load_yaml(huge);
    CHECK(seconds_since(t0) < 30.0);  // a watchdog: reading 200,000 steps under a sanitizer takes minutes
    CHECK(find(l->result, "at most 10000 steps").line == kTinyLines + 2);
}

TEST_CASE("a scene whose video would pass 4 hours is refused at the step that passes them", "[load][errors][limits]") {
    // Exactly 4 hours is allowed; a quarter of a second more is not.
    std::vector<std::string> steps(4, "{duration: 600, hold: 3000}");
    REQUIRE(load_yaml(with_steps(steps))->result.ok());
    steps[3] = "{duration: 600, hold: 3000.25}";
    expect({with_steps(steps), "more than 4 hours (the limit)", kTinyLines + 2 + 3, 5, {"steps[3]", "(4.0 hours)"}});

    // Random explicit times (exact binary fractions): refused exactly when the running sum
    // passes 4 hours, at that step; else loaded.
    std::mt19937 rng(99);
    for (int trial = 0; trial < 40; ++trial) {
        std::uniform_int_distribution<int> quarters(0, 4 * 1500);
        std::uniform_int_distribution<int> count(1, 30);
        std::vector<std::string> st;
        double total = 0;
        int passes = -1;
        for (int i = 0, n = count(rng); i < n; ++i) {
            const double a = quarters(rng) / 4.0, h = quarters(rng) / 4.0;
            total = total + a + h;
            if (passes < 0 && total > 4 * 3600.0) passes = i;
            st.push_back("{duration: " + std::to_string(a) + ", hold: " + std::to_string(h) + "}");
        }
        INFO("trial " << trial << ": " << st.size() << " steps, " << total << " s");
        auto l = load_yaml(with_steps(st));
        if (passes < 0) {
            CHECK(l->result.ok());
            continue;
        }
        REQUIRE_FALSE(l->result.ok());
        const auto& e = find(l->result, "more than 4 hours (the limit)");
        CHECK(e.line == kTinyLines + 2 + passes);
        CHECK(contains(e.message, "steps[" + std::to_string(passes) + "]"));
    }
}

TEST_CASE("a step's hold from its narration is bounded by the text limit, and counts towards 4 hours", "[load][errors][limits]") {
    std::string say;
    for (int i = 0; i < 2000; ++i) say += "a ";  // 4000 bytes, the most a text may have: 2000 words
    REQUIRE(say.size() == 4000);
    std::vector<std::string> steps(19, "{stage: scores, say: " + say + "}");
    auto l = load_yaml(with_steps(steps));
    REQUIRE(l->result.ok());
    const scene::Step& st = l->result.deck.slides[0].scene->steps[0];
    // 2000 words read in 750 s (160 a minute): the animation, then a hold until then.
    CHECK(scene::step_animation(st) + scene::step_hold(st) == Approx(750.0));
    CHECK(scene::step_hold(st) <= 750.0);
    steps.push_back(steps.back());  // 20 × 750 s > 4 hours
    expect({with_steps(steps), "more than 4 hours (the limit)", kTinyLines + 2 + 19, 5, {"long enough to read its 'say'"}});
    // One byte more narration is refused by the text limit itself.
    expect({with_steps({"{say: " + say + "b}"}), "at most 4000 bytes of text", kTinyLines + 2, 11});
}

TEST_CASE("a quiz's question pages count towards the 4 hours of the video", "[load][errors][limits]") {
    std::string words;
    for (int i = 0; i < 2000; ++i) words += "a ";  // 4000 bytes, the most a text may have: 750 s to read
    const auto quiz = [&](int questions, int draw) {
        std::string y = kTiny + "quiz:\n  draw: " + std::to_string(draw) + "\n  questions:\n";
        for (int q = 0; q < questions; ++q)
            y += "    - {ask: " + words + ", choices: [x, y], correct: 0, answer: " + words + "}\n";
        return y;
    };
    // A question's two pages: read (750 s each), thought over (4 s) and faded in (0.4 s each).
    auto nine = load_yaml(quiz(9, 0));
    REQUIRE(nine->result.ok());
    const scene::Quiz& q = nine->result.deck.slides[0].scene->quiz;
    CHECK(scene::quiz_pages_seconds(q) == Approx(9 * (2 * 0.4 + 750.75 + 4 + 750)));
    // Ten of them pass 4 hours with the steps: refused at the quiz, saying why.
    const Bad ten = {quiz(10, 0), "quiz: the scene's video would last more than 4 hours (the limit)", kTinyLines + 2, 3,
                     {"question pages of one attempt", "(4.2 hours)"}};
    expect(ten);
    // An attempt that draws 9 of them is within the limit: the 9 longest count.
    CHECK(load_yaml(quiz(10, 9))->result.ok());
    CHECK(load_yaml(quiz(40, 9))->result.ok());
    // A deck counts its scenes' question pages too (scene::slide_end).
    scene::Slide slide;
    slide.scene = nine->result.deck.slides[0].scene;
    CHECK(scene::slide_end(0.0, slide) > scene::quiz_pages_seconds(q));
}

TEST_CASE("a deck's steps and video are counted with its includes expanded, and expansion stops at a limit", "[load][errors][limits][deck]") {
    TempDir dir;
    // A scene of 100 instant steps; six decks, each naming the next ten times, the last the scene:
    // 10^6 scene slides, 10^8 steps if expanded.
    std::vector<std::string> steps(100, "{duration: 0, hold: 0}");
    dir.write("s.yaml", with_steps(steps));
    std::string leaf = "deck: d6\nslides:\n";
    for (int k = 0; k < 10; ++k) leaf += "  - scene: s.yaml\n";
    dir.write("d6.yaml", leaf);
    for (int i = 5; i >= 1; --i) {
        std::string text = "deck: d" + std::to_string(i) + "\nslides:\n";
        for (int k = 0; k < 10; ++k) text += "  - deck: d" + std::to_string(i + 1) + ".yaml\n";
        dir.write("d" + std::to_string(i) + ".yaml", text);
    }
    auto t0 = std::chrono::steady_clock::now();
    load::Result r = load::load_file((dir.path / "d1.yaml").string());
    CHECK(seconds_since(t0) < 30.0);  // catches the unbounded expansion (minutes), not a speed test
    REQUIRE_FALSE(r.ok());
    CHECK(r.errors.size() == 1);
    // The 101st scene slide passes 10000 steps: in d6 (its slides[0], line 3) on the 11th read of d6.
    const auto& e = find(r, "more than 10000 steps once its includes are expanded (the limit");
    CHECK(e.file == (dir.path / "d6.yaml").string());
    CHECK(e.line == 3);

    // Title slides of an hour each: four (with their cross-fades) fit in 4 hours, five do not.
    std::string deck = "deck: long\nslides:\n";
    for (int k = 0; k < 4; ++k) deck += "  - {title: Hour, duration: 3599}\n";
    REQUIRE(load::load_file(dir.write("four.yaml", deck)).ok());
    deck += "  - {title: Hour, duration: 3599}\n";
    load::Result five = load::load_file(dir.write("five.yaml", deck));
    const auto& f = find(five, "the deck's video would last more than 4 hours (the limit)");
    CHECK(f.line == 7);
    CHECK(f.column == 5);
    CHECK(contains(f.message, "slides[4]"));
}

TEST_CASE("steps that change no control the engine reads are not checked again: thousands load fast", "[load][limits]") {
    // 512 tokens of 512 dimensions: every check reads the whole scene (megabytes).
    std::string row = "[";
    for (int j = 0; j < 512; ++j) row += j ? ", 0.5" : "0.5";
    row += "]";
    std::string m = "[", tokens = "[";
    for (int i = 0; i < 512; ++i) {
        m += (i ? ", " : "") + row;
        tokens += (i ? ", t" : "t") + std::to_string(i);
    }
    m += "]";
    tokens += "]";
    std::string yaml = "scene: big\ntokens: " + tokens + "\nq: " + m + "\nk: " + m + "\nv: " + m + "\nsteps:\n";
    for (int i = 0; i < 9998; ++i) yaml += i % 2 ? "  - {duration: 0, hold: 0}\n" : "  - {duration: 0, hold: 0, set: {focus: 3}}\n";
    const std::string last = "  - {duration: 0, hold: 0, set: {temperature: 0.5}}\n";
    // Counted, not timed: the start and the last step are computed (each reads 6 MB), and the
    // 9,998 steps that only move the focus are not; thousands of such computations took minutes.
    auto ok = load_yaml(yaml + last);
    CHECK(ok->result.states_computed == 2);
    REQUIRE(ok->result.ok());
    CHECK(ok->result.deck.slides[0].scene->steps.back().set.temperature == 0.5);
    // Questions to predict on so large a scene are not read against its weights (two traces each).
    std::string asking = yaml.substr(0, yaml.find("steps:")) + "steps:\n";
    for (int i = 0; i < 100; ++i) asking += "  - {duration: 0, hold: 0, ask: 'Which key wins?', say: 'The third, 0.42.'}\n";
    auto asked = load_yaml(asking);
    INFO((asked->result.errors.empty() ? std::string() : asked->result.errors[0].format()));
    REQUIRE(asked->result.ok());
    CHECK(asked->result.states_computed == 1);
    // A step that does change the keys is still checked, after all those that did not.
    const Bad overflow = {yaml + "  - {duration: 0, hold: 0, set: {keys: {scale: 1e307}}}\n", "cannot be computed", 7 + 9998};
    expect(overflow);
}

// ---- limits checked while reading: refused at once, in little memory -------------------------

namespace {

// What loading `file` did, in a child process of its own so that its peak memory is its own.
struct Refusal {
    int line = 0, column = 0;
    std::string message;
    long grew_kb = -1;  // the child's peak resident memory, less what it had before the load
    double seconds = 0;
};
Refusal load_in_child(const std::string& file) {
    int fds[2];
    REQUIRE(pipe(fds) == 0);
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        close(fds[0]);
        rusage before{}, after{};
        getrusage(RUSAGE_SELF, &before);
        const auto t0 = std::chrono::steady_clock::now();
        const load::Result r = load::load_file(file);
        const double took = seconds_since(t0);
        getrusage(RUSAGE_SELF, &after);
        std::string out = r.errors.empty() ? "0 0 -1 0\n" :
            std::to_string(r.errors[0].line) + " " + std::to_string(r.errors[0].column) + " " +
            std::to_string(after.ru_maxrss - before.ru_maxrss) + " " + std::to_string(took) + "\n" + r.errors[0].message;
        for (std::size_t at = 0; at < out.size();) {
            const ssize_t w = write(fds[1], out.data() + at, out.size() - at);
            if (w <= 0) break;
            at += static_cast<std::size_t>(w);
        }
        _exit(0);
    }
    close(fds[1]);
    std::string got;
    char buf[4096];
    for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) > 0;) got.append(buf, static_cast<std::size_t>(n));
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    Refusal f;
    std::istringstream in(got);
    in >> f.line >> f.column >> f.grew_kb >> f.seconds;
    std::getline(in, f.message);
    std::getline(in, f.message);
    return f;
}

}  // namespace

TEST_CASE("a file past a limit is refused as it is read: at the list, naming its first item past the limit, in little memory", "[load][errors][limits]") {
    TempDir dir;
    // Each case: the file, where its error must point, what it must say, and where the first
    // value past the limit is (named in the message: the reading stopped there).
    struct Case {
        std::string name, yaml;
        int line, column;
        std::vector<std::string> says;
    };
    std::vector<Case> cases;
    {   // One row of 10.5 million numbers on one line (31 MB): refused at its number 4097.
        std::string y = "scene: x\ntokens: [a]\nq: [[";
        y.reserve(32'000'000);
        for (int i = 0; i < 10'500'000; ++i) y += i ? ", 1" : "1";
        y += "]]\nk: [[1]]\nv: [[1]]\n";
        cases.push_back({"row.yaml", std::move(y), 3, 5,
                         {"q[0]: at most 4096 dimensions are supported", "its item 4097 (line 3, column " + std::to_string(6 + 3 * 4096) + ")"}});
    }
    {   // The same row over many lines, a hundred numbers a line.
        std::string y = "scene: x\ntokens: [a]\nq:\n  - [";
        for (int i = 0; i < 10'500'000; ++i) y += i == 0 ? "1" : i % 100 ? ", 1" : ",\n    1";
        y += "]\nk: [[1]]\nv: [[1]]\n";
        cases.push_back({"lines.yaml", std::move(y), 4, 5, {"q[0]: at most 4096 dimensions", "its item 4097 (line " + std::to_string(4 + 40) + ", column " + std::to_string(5 + 3 * 96) + ")"}});
    }
    {   // Three million tokens, a line each.
        std::string y = "scene: x\nq: [[1]]\nk: [[1]]\nv: [[1]]\ntokens:\n";
        for (int i = 0; i < 3'000'000; ++i) y += "  - t" + std::to_string(i) + "\n";
        cases.push_back({"tokens.yaml", std::move(y), 6, 3, {"tokens: at most 4096 tokens", "its item 4097 (line " + std::to_string(6 + 4096) + ", column 5)"}});
    }
    {   // A title of 30 MB, quoted, then plain.
        const std::string head = "scene: x\ntokens: [a]\nq: [[1]]\nk: [[1]]\nv: [[1]]\ntitle: ";
        cases.push_back({"quoted.yaml", head + "\"" + std::string(30'000'000, 'x') + "\"\n", 6, 8, {"title: at most 4000 bytes of text"}});
        cases.push_back({"plain.yaml", head + std::string(30'000'000, 'x') + "\n", 6, 8, {"title: at most 4000 bytes of text"}});
    }
    {   // A million and more values in lists of 9000 (each list within its limit): refused at the value past a million.
        std::string y = "scene: x\ntokens: [a]\nq: [[1]]\nk: [[1]]\nv: [[1]]\nextra:\n";
        std::string list = "  - [a";
        for (int i = 1; i < 9000; ++i) list += ", a";
        for (int i = 0; i < 200; ++i) y += list + "]\n";
        // Values before the lists: the root mapping; `scene` and its name; `tokens`, its list and
        // its token; q, k and v, each a key, a list and a row (whose number is not a node);
        // `extra`. Then a line each from line 7: 9001 (the list and its items).
        const int before = 1 + 2 + 3 + 3 * 3 + 1;
        const int line = 7 + (1'000'000 - before) / 9001;
        cases.push_back({"values.yaml", std::move(y), line, 0, {"more than 1000000 values (the limit"}});
    }
    for (const Case& c : cases) {
        const std::string file = dir.write(c.name, c.yaml);
        const Refusal got = load_in_child(file);
        INFO(c.name << " (" << c.yaml.size() << " bytes): " << got.line << ":" << got.column << ": " << got.message << " — grew "
                    << got.grew_kb << " KB in " << got.seconds << " s");
        CHECK(got.line == c.line);
        if (c.column) CHECK(got.column == c.column);
        for (const std::string& part : c.says) CHECK(contains(got.message, part));
        // Memory within a small multiple of the file (the file's text is most of it). Under
        // AddressSanitizer resident memory is not the loader's: freed blocks wait in its
        // quarantine (256 MB by default) and every byte has its shadow, so the bound is held by
        // the plain build (the README's test command) and not by the sanitizer run.
        CHECK(got.grew_kb >= 0);
#if !defined(__SANITIZE_ADDRESS__)
        CHECK(static_cast<double>(got.grew_kb) * 1024 < 10 * static_cast<double>(c.yaml.size()));
#endif
        CHECK(got.seconds < 30.0);  // a watchdog, not a timing: these took minutes and gigabytes
    }
}

// ---- predict, then see ---------------------------------------------------------------------

TEST_CASE("a step's question to predict: ask beside say, on a step that shows the narration", "[load][predict]") {
    auto l = load_yaml(kTiny +
                       "steps:\n"
                       "  - stage: scores\n"
                       "  - stage: softmax\n"
                       "    id: colder\n"
                       "    set: {temperature: 0.5}\n"
                       "    ask: Which weight grows?\n"
                       "    say: The largest one.\n");
    INFO((l->result.errors.empty() ? std::string() : l->result.errors[0].format()));
    REQUIRE(l->result.ok());
    const scene::Step& st = l->result.deck.slides[0].scene->steps[1];
    CHECK(st.ask == "Which weight grows?");
    CHECK(st.say == "The largest one.");
    CHECK(st.id == "colder");
    CHECK(l->result.warnings.empty());
    // Computed to check it: the start, the colder step, and the question's before and after.
    CHECK(l->result.states_computed == 4);

    // The question is asked on the narration panel: a step that does not show it cannot ask.
    expect({kTiny + "panels: [token-row, weight-bars]\nsteps:\n  - stage: scores\n  - ask: Which?\n    say: This.\n",
            "narration panel", 9, 5, {"steps[1].ask", "add 'narration'"}});
    expect({kTiny + "steps:\n  - stage: scores\n  - panels: [weight-bars]\n    ask: Which?\n", "narration panel", 8, 5,
            {"the step's panels"}});
    // A voice for a question that is not asked.
    expect({kTiny + "steps:\n  - stage: scores\n    ask_voice: q.wav\n", "asks none", 8, 16, {"ask_voice"}});
    // Ids are names, and unique.
    expect({kTiny + "steps:\n  - id: a\n  - id: a\n", "already used on line 7", 8, 9, {"steps[1].id"}});
    expect({kTiny + "steps:\n  - id: 3\n", "not a number", 7, 9});
}

TEST_CASE("a narration that asks for a prediction in its own say is a warning at check time", "[load][predict][warnings]") {
    for (const char* say : {"Predict before it moves: which bars grow? cat's.", "A faint question: predict how its row looks.",
                            "Back at T = 1. Predict what happens."}) {
        auto l = load_yaml(kTiny + "steps:\n  - stage: scores\n    say: \"" + say + "\"\n");
        INFO(say);
        REQUIRE(l->result.ok());
        REQUIRE(l->result.warnings.size() == 1);
        const core::Diagnostic& w = l->result.warnings[0];
        CHECK(w.line == 7);
        CHECK(w.column == 5);
        CHECK(contains(w.message, "put the question in 'ask:'"));
    }
    // "predict" that is not a prompt to the student, or a question asked with ask:, is fine.
    auto fine = load_yaml(kTiny + "steps:\n  - say: A model is trained to predict the next token.\n"
                                  "  - ask: Which bars grow?\n    say: cat's and mouse's.\n");
    REQUIRE(fine->result.ok());
    CHECK(fine->result.warnings.empty());
}

TEST_CASE("a question or the narration just before it that states a weight only the reveal shows is a warning", "[load][predict][warnings]") {
    // The tiny scene's row a (the one asking), as the engine computes it at T = 1 and at T = 0.5.
    auto weights = [](double T) {
        attention::Input in;
        in.q = {{1, 0}, {0, 1}, {1, 1}};
        in.k = {{1, 0}, {0, 1}, {1, 1}};
        in.v = in.k;
        in.temperature = T;
        attention::Trace tr;
        std::string error;
        REQUIRE(attention::trace(in, tr, error));
        return std::vector<double>{tr.weights(0, 0), tr.weights(0, 1), tr.weights(0, 2)};
    };
    auto percent = [](double w) { return std::to_string(static_cast<int>(std::lround(w * 100))) + "%"; };
    const std::vector<double> was = weights(1), will = weights(0.5);
    REQUIRE(percent(was[1]) != percent(will[1]));  // b's share moves when T halves
    const std::string revealed = percent(will[1]), shown = percent(was[1]);
    auto scene = [&](const std::string& before_say, const std::string& ask) {
        return kTiny + "steps:\n  - stage: blend\n    say: \"" + before_say + "\"\n  - title: Colder\n"
                       "    set: {temperature: 0.5}\n    ask: \"" + ask + "\"\n    say: b falls to about " + revealed + ".\n";
    };
    {
        auto l = load_yaml(scene("b has " + shown + ".", "T falls to 0.5. Will b fall to about " + revealed + "?"));
        REQUIRE(l->result.ok());
        REQUIRE(l->result.warnings.size() == 1);
        const core::Diagnostic& w = l->result.warnings[0];
        INFO(w.format());
        CHECK(w.line == 9);
        CHECK(w.column == 5);
        CHECK(contains(w.message, "steps[1].ask states '" + revealed + "'"));
        CHECK(contains(w.message, "a's row"));
    }
    {
        // The narration on screen just before the question gives it away.
        auto l = load_yaml(scene("Soon b will have " + revealed + ".", "T falls to 0.5. What happens to b?"));
        REQUIRE(l->result.ok());
        REQUIRE(l->result.warnings.size() == 1);
        CHECK(l->result.warnings[0].line == 7);
        CHECK(contains(l->result.warnings[0].message, "steps[0].say, shown just before steps[1] asks,"));
    }
    // What the picture shows before, and the setting the question names, are not answers; nor is
    // a number the reveal does not produce.
    auto fine = load_yaml(scene("b has " + shown + ".", "T falls from 1 to 0.5 while b has " + shown + ". Will it pass 1/3?"));
    REQUIRE(fine->result.ok());
    CHECK(fine->result.warnings.empty());
}

TEST_CASE("a quiz question follows a step by number or id; a bad one is an error at its place", "[load][predict][quiz]") {
    const std::string steps = "steps:\n  - stage: scores\n  - stage: softmax\n    id: softmax-step\n  - stage: blend\n";
    auto quiz = [&](const std::string& after) {
        return kTiny + steps + "quiz:\n  questions:\n    - ask: Why?\n      answer: Because.\n      after: " + after + "\n";
    };
    for (const auto& [after, index] : std::vector<std::pair<std::string, int>>{{"1", 0}, {"3", 2}, {"softmax-step", 1}}) {
        auto l = load_yaml(quiz(after));
        INFO(after);
        REQUIRE(l->result.ok());
        CHECK(l->result.deck.slides[0].scene->quiz.questions[0].after == index);
    }
    auto none = load_yaml(kTiny + steps + "quiz:\n  questions:\n    - ask: Why?\n      answer: Because.\n");
    REQUIRE(none->result.ok());
    CHECK(none->result.deck.slides[0].scene->quiz.questions[0].after == -1);
    // Out of range, not a whole number, an unknown id (with the nearest), a scene without ids.
    expect({quiz("4"), "step number of this scene (1..3)", 15, 14, {"quiz.questions[0].after"}});
    expect({quiz("0"), "step number of this scene (1..3)", 15, 14});
    expect({quiz("softmax-stp"), "no step of this scene has the id 'softmax-stp'", 15, 14,
            {"did you mean 'softmax-step'", "step ids: softmax-step"}});
    expect({kTiny + "quiz:\n  questions:\n    - ask: Why?\n      answer: Because.\n      after: x\n", "no step of this scene",
            10, 14, {"give the step an 'id:'"}});
}

TEST_CASE("a deck takes part of a scene: a step range, without its experiments or quiz", "[load][predict][deck]") {
    TempDir dir;
    dir.write("scenes/s.yaml", kTiny +
                                   "steps:\n"
                                   "  - stage: scores\n"
                                   "    set: {temperature: 0.5}\n"
                                   "  - stage: scale\n"
                                   "    id: scale\n"
                                   "    set: {focus: 2}\n"
                                   "  - stage: softmax\n"
                                   "  - stage: blend\n"
                                   "experiments:\n  - title: Hot\n    set: {temperature: inf}\n"
                                   "quiz:\n  questions:\n"
                                   "    - ask: One?\n      answer: One.\n      after: scale\n      experiment: Hot\n"
                                   "    - ask: Two?\n      answer: Two.\n      after: 4\n");
    auto deck = [&](const std::string& slide) {
        return load::load_file(dir.write("slides/d.yaml", "deck: d\nslides:\n  - scene: ../scenes/s.yaml\n" + slide), rooted(dir));
    };
    const load::Result whole = deck("");
    REQUIRE(whole.ok());
    const load::Result part = deck("    steps: 3-4\n    experiments: false\n");
    INFO((part.errors.empty() ? std::string() : part.errors[0].format()));
    REQUIRE(part.ok());
    const scene::Scene& sc = *part.deck.slides[0].scene;
    REQUIRE(sc.steps.size() == 2);
    CHECK(sc.steps[0].stage == scene::Stage::Softmax);
    CHECK(sc.steps[1].stage == scene::Stage::Blend);
    CHECK(sc.experiments.empty());
    // The part opens with the controls the whole scene has there: the sets of steps 1 and 2.
    const scene::Controls start = scene::start_controls(sc);
    CHECK(start.temperature == 0.5);
    CHECK(start.focus == 2);
    // Its questions: the one after step 2 (left out) after the part; the one after 4 after its step 2.
    REQUIRE(sc.quiz.questions.size() == 2);
    CHECK(sc.quiz.questions[0].after == -1);
    CHECK(sc.quiz.questions[0].experiment.empty());  // the part has no experiments
    CHECK(sc.quiz.questions[1].after == 1);
    // The scene file itself is untouched for other slides.
    CHECK(whole.deck.slides[0].scene->steps.size() == 4);

    const load::Result bare = deck("    steps: 2\n    quiz: false\n");
    REQUIRE(bare.ok());
    CHECK(bare.deck.slides[0].scene->steps.size() == 1);
    CHECK(bare.deck.slides[0].scene->quiz.questions.empty());
    CHECK(bare.deck.slides[0].scene->experiments.size() == 1);
    CHECK(scene::start_controls(*bare.deck.slides[0].scene).temperature == 0.5);

    // A bad range is an error at its value.
    auto bad = [&](const std::string& range, const std::string& needle, int column) {
        const load::Result r = deck("    steps: " + range + "\n");
        INFO(range);
        REQUIRE_FALSE(r.ok());
        const core::Diagnostic& e = find(r, needle);
        CHECK(e.line == 4);
        CHECK(e.column == column);
        CHECK(contains(e.file, "d.yaml"));
    };
    bad("3-9", "has 4 steps; the range '3-9' goes past its last", 12);
    bad("4-2", "ends before it starts", 12);
    bad("0-2", "steps count from 1", 12);
    bad("one-two", "expected a step range 'A-B'", 12);
    bad("[1, 2]", "expected a step range 'A-B'", 12);
    const load::Result typo = deck("    quizz: false\n");
    CHECK(contains(find(typo, "unknown key 'quizz'").message, "did you mean 'quiz'"));
}

// ---- paths stay inside the root --------------------------------------------------------------

namespace {

// A project folder inside a fresh directory, and beside it a folder the project's decks must not
// reach: outside/secret.yaml (a valid scene, so that only the path can refuse it) and
// outside/deck.yaml.
struct Home {
    TempDir top;
    fs::path root = top.path / "talk";
    std::string secret = top.write("outside/secret.yaml", kTiny);
    std::string outside_deck = top.write("outside/deck.yaml", "deck: o\nslides:\n  - title: Outside\n");
    std::string write(const std::string& name, const std::string& text) const { return top.write("talk/" + name, text); }
    load::Result load(const std::string& file) const { return load::load_file(file, load::Options{root.string(), {}}); }
};

// The one diagnostic of `r`, which must sit at `line`:`column` of `file` and say `says` and the root.
void refused(const load::Result& r, const std::string& file, int line, int column, const std::string& says,
             const fs::path& root) {
    REQUIRE_FALSE(r.ok());
    REQUIRE(r.errors.size() == 1);
    const core::Diagnostic& e = r.errors[0];
    INFO(e.format());
    CHECK(e.file == file);
    CHECK(e.line == line);
    CHECK(e.column == column);
    CHECK(contains(e.message, says));
    CHECK(contains(e.message, "expected a path inside the root " + root.string()));
    // Nothing of the file outside was read.
    for (const auto& f : r.files) CHECK_FALSE(contains(f, "outside"));
}

}  // namespace

TEST_CASE("a scene or deck named by an absolute path is refused at its line and column, naming the root", "[load][paths]") {
    Home h;
    const std::string scene = h.write("slides/a.yaml", "deck: a\nslides:\n  - title: Hi\n  - scene: " + h.secret + "\n");
    refused(h.load(scene), scene, 4, 12, "is an absolute path", h.root);
    const std::string deck = h.write("slides/b.yaml", "deck: b\nslides:\n  - deck: " + h.outside_deck + "\n");
    refused(h.load(deck), deck, 3, 11, "is an absolute path", h.root);
    // /etc/passwd is not even opened.
    const std::string etc = h.write("c.yaml", "deck: c\nslides:\n  - deck: /etc/passwd\n");
    const load::Result r = h.load(etc);
    refused(r, etc, 3, 11, "'/etc/passwd' is an absolute path", h.root);
    CHECK(std::find(r.files.begin(), r.files.end(), "/etc/passwd") == r.files.end());
}

TEST_CASE("a '..' that climbs out of the root is refused; one that stays inside is not", "[load][paths]") {
    Home h;
    h.write("scenes/tiny.yaml", kTiny);
    const std::string ok = h.write("slides/ok.yaml", "deck: ok\nslides:\n  - scene: ../scenes/tiny.yaml\n  - scene: ./../slides/../scenes/tiny.yaml\n");
    const load::Result inside = h.load(ok);
    INFO((inside.errors.empty() ? std::string() : inside.errors[0].format()));
    CHECK(inside.ok());
    const std::string scene = h.write("slides/a.yaml", "deck: a\nslides:\n  - scene: ../../outside/secret.yaml\n");
    refused(h.load(scene), scene, 3, 12, "climbs out of the root with '..'", h.root);
    // Down and back up past the root is a climb out too, even through folders that exist.
    const std::string zigzag = h.write("b.yaml", "deck: b\nslides:\n  - deck: scenes/../../outside/deck.yaml\n");
    refused(h.load(zigzag), zigzag, 3, 11, "climbs out of the root", h.root);
    // An included deck's paths are checked from its own folder.
    h.write("slides/inner/c.yaml", "deck: c\nslides:\n  - scene: ../../../outside/secret.yaml\n");
    const std::string outer = h.write("slides/d.yaml", "deck: d\nslides:\n  - deck: inner/c.yaml\n");
    refused(h.load(outer), (h.root / "slides/inner/c.yaml").string(), 3, 12, "climbs out", h.root);
}

TEST_CASE("a symbolic link that leads out of the root is refused; one that stays inside is not", "[load][paths]") {
    Home h;
    h.write("scenes/tiny.yaml", kTiny);
    fs::create_directory_symlink(h.top.path / "outside", h.root / "shared");       // a folder out
    fs::create_symlink(h.secret, h.root / "linked.yaml");                          // a file out
    fs::create_directory_symlink(h.root / "scenes", h.root / "alias");             // a folder in
    const std::string folder = h.write("a.yaml", "deck: a\nslides:\n  - scene: shared/secret.yaml\n");
    refused(h.load(folder), folder, 3, 12, "leads out of the root through the symbolic link 'shared'", h.root);
    const std::string file = h.write("b.yaml", "deck: b\nslides:\n  - title: t\n  - deck: linked.yaml\n");
    refused(h.load(file), file, 4, 11, "through the symbolic link 'linked.yaml'", h.root);
    // A link, then '..', lands where the link's target's parent is: outside.
    const std::string up = h.write("c.yaml", "deck: c\nslides:\n  - scene: shared/../outside/secret.yaml\n");
    refused(h.load(up), up, 3, 12, "leads out of the root", h.root);
    const std::string in = h.write("d.yaml", "deck: d\nslides:\n  - scene: alias/tiny.yaml\n");
    const load::Result r = h.load(in);
    INFO((r.errors.empty() ? std::string() : r.errors[0].format()));
    CHECK(r.ok());
    // The top file the user names may itself be a link to elsewhere; its paths start from the
    // link's folder, inside the root, and are checked as any other.
    fs::create_symlink(h.outside_deck, h.root / "mine.yaml");
    const load::Result top = h.load((h.root / "mine.yaml").string());
    INFO((top.errors.empty() ? std::string() : top.errors[0].format()));
    CHECK(top.ok());
}

TEST_CASE("the root: the current folder when it holds the deck, else the deck's folder; a given one must hold the deck", "[load][paths]") {
    const fs::path source = ATTNLAB_SOURCE_DIR;
    const fs::path was = fs::current_path();
    struct Back {
        fs::path to;
        ~Back() { fs::current_path(to); }
    } back{was};
    // From the checkout, every shipped deck and scene loads with the default root (../scenes/ is inside).
    fs::current_path(source);
    int decks = 0;
    for (const char* folder : {"slides", "scenes"})
        for (const auto& entry : fs::directory_iterator(source / folder)) {
            if (entry.path().extension() != ".yaml") continue;
            const std::string rel = (fs::path(folder) / entry.path().filename()).string();
            const load::Result r = load::load_file(rel);
            INFO(rel << (r.errors.empty() ? std::string() : ": " + r.errors[0].format()));
            CHECK(r.ok());
            decks += folder == std::string("slides");
        }
    CHECK(decks >= 3);
    CHECK(load::default_root("slides/lecture.yaml") == fs::current_path().string());
    // From elsewhere, the root is the deck's own folder, and ../scenes/ is out of it.
    TempDir away;
    fs::current_path(away.path);
    const std::string lecture = (source / "slides/lecture.yaml").string();
    CHECK(fs::path(load::default_root(lecture)) == fs::canonical(source / "slides"));
    const load::Result far = load::load_file(lecture);
    REQUIRE_FALSE(far.ok());
    CHECK(contains(far.errors[0].message, "climbs out of the root"));
    CHECK(far.errors[0].line > 0);
    // A root given explicitly reaches it again.
    CHECK(load::load_file(lecture, load::Options{source.string(), {}}).ok());
    // A given root that does not hold the deck, or is no folder, is refused before anything is read.
    const load::Result beside = load::load_file(lecture, load::Options{(source / "scenes").string(), {}});
    REQUIRE(beside.errors.size() == 1);
    CHECK(contains(beside.errors[0].message, "outside the root"));
    const load::Result none = load::load_file(lecture, load::Options{(away.path / "nowhere").string(), {}});
    REQUIRE(none.errors.size() == 1);
    CHECK(contains(none.errors[0].message, "does not exist"));
}

TEST_CASE("a file that is no scene or deck is named, never quoted", "[load][paths]") {
    // Files a deck might be made to name: a password file, a key-value file, a Markdown list, a
    // YAML directive, a comment then text. None of their words may appear in any message.
    const std::string secret = "hunter2";
    const std::string files[] = {
        "root:x:0:0:" + secret + ":/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n",
        "user: ann\npassword: " + secret + "\n" + secret + "_token: abc\nhome: /home/ann\n",
        "* " + secret + "\n* more\n",
        "%YAML " + secret + "\nx: 1\n",
        "# notes\n" + secret + " and more text\n",
        "- " + secret + "\n- b\n",
        "\"" + secret + "\n",
    };
    for (const std::string& text : files) {
        TempDir dir;
        const std::string other = dir.write("notes.txt", text);
        const std::string deck = dir.write("deck.yaml", "deck: d\nslides:\n  - title: Hi\n  - deck: notes.txt\n");
        for (const std::string& top : {deck, other}) {
            const load::Result r = load::load_file(top, rooted(dir));
            INFO(text);
            REQUIRE_FALSE(r.ok());
            bool named = false;
            for (const auto& e : r.errors) {
                INFO(e.format());
                CHECK_FALSE(contains(e.format(), secret));
                named = named || e.file == other;
            }
            CHECK(named);
            CHECK(r.errors.size() <= 2);
        }
    }
    // A near miss of 'scene' or 'deck' is still named: it is the fix.
    auto typo = load_yaml("scen: x\npassword: " + secret + "\n");
    CHECK(contains(find(typo->result, "unknown key 'scen'").message, "did you mean 'scene'?"));
    for (const auto& e : typo->result.errors) CHECK_FALSE(contains(e.format(), "password"));
}

TEST_CASE("load messages escape bidirectional controls and separators of what the file says", "[load][paths]") {
    // U+202E in a key and in a token, U+2028 in a scene's name: the message quotes them escaped.
    auto l = load_yaml("scene: x\ntok\u202Eens: [a]\n");
    const std::string f = find(l->result, "unknown key").format();
    CHECK(contains(f, "tok\\u202Eens"));
    CHECK_FALSE(contains(f, "\u202E"));
    TempDir dir;
    const std::string deck = dir.write("d.yaml", "deck: d\nslides:\n  - scene: \"gone\\u2028\\u2066.yaml\"\n");
    const load::Result r = load::load_file(deck, rooted(dir));
    REQUIRE_FALSE(r.ok());
    const std::string g = r.errors[0].format();
    CHECK(contains(g, "gone\\u2028\\u2066.yaml"));
    CHECK_FALSE(contains(g, "\u2028"));
}

TEST_CASE("the text sink gets every text the character check reads, whole", "[load]") {
    // slides/world-scripts.yaml: a deck's title slide, three scenes and a text slide. What the
    // check is asked about (every character, since it says nothing) is what the texts hold.
    const std::string deck = std::string(ATTNLAB_SOURCE_DIR) + "/slides/world-scripts.yaml";
    std::set<char32_t> asked;
    std::vector<std::string> texts;
    load::Options opt{ATTNLAB_SOURCE_DIR, [&](char32_t c) {
                          asked.insert(c);
                          return std::string();
                      }};
    opt.texts = [&](const std::string& t) { texts.push_back(t); };
    const load::Result r = load::load_file(deck, opt);
    REQUIRE(r.ok());
    std::set<char32_t> held;
    for (const std::string& t : texts)
        for (std::size_t i = 0; i < t.size();) {
            const auto b = static_cast<unsigned char>(t[i]);
            const std::size_t len = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : 4;
            char32_t c = len == 1 ? b : len == 2 ? (b & 0x1F) : len == 3 ? (b & 0x0F) : (b & 0x07);
            for (std::size_t k = 1; k < len; ++k) c = (c << 6) | (static_cast<unsigned char>(t[i + k]) & 0x3F);
            held.insert(c);
            i += len;
        }
    CHECK(held == asked);
    // Whole texts: the tokens, the titles, the narration, the bullets of the scenes and slides.
    const auto has = [&](const std::string& t) { return std::find(texts.begin(), texts.end(), t) != texts.end(); };
    const scene::Scene& hindi = *r.deck.slides[2].scene;
    for (const std::string& token : hindi.tokens) CHECK(has(token));
    CHECK(has(hindi.title));
    for (const scene::Step& s : hindi.steps) CHECK((has(s.say) && (s.title.empty() || has(s.title))));
    CHECK(has("猫 and 老鼠: the words 追 reads most"));
    CHECK(has("注意力 · ध्यान · الانتباه"));
}
