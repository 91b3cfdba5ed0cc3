// options/: the command line's one option table (tag [options]) — the table itself (one row per
// flag and command), parsing (both commands read a shared option alike, --name=value, switches,
// one file, -h), the errors' words, "did you mean", and the --help lines made from the rows.
#include <catch2/catch.hpp>

#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "cli/options.hpp"

namespace {

using options::kExport;
using options::kPresent;

const options::Command kCommands[] = {kPresent, kExport};

// The context export gives (its format names; its words), enough for the table's rows.
options::Context context() {
    options::Context ctx;
    ctx.formats = {"png", "mp4", "pdf"};
    ctx.words = {{"outputs", "DIR/  frames\nNAME.mp4  video"},
                 {"default size", "64x64"},
                 {"seed", " (default 1)"},
                 {"stills", ".png"},
                 {"formats", "png, mp4 or pdf"}};
    return ctx;
}

struct Parsed {
    bool ok = false;
    options::Values values;
    std::string error;
};

Parsed parse(options::Command c, const std::vector<std::string>& args) {
    Parsed p;
    p.ok = options::parse(c, args, context(), p.values, p.error);
    return p;
}

bool takes(const options::Row& r, options::Command c) { return (r.commands & c) != 0; }

}  // namespace

TEST_CASE("the table: every row a long flag, a parser, a help; no name twice for one command", "[options]") {
    for (options::Command c : kCommands) {
        std::set<std::string> names;
        int rows = 0;
        for (const options::Row& r : options::rows()) {
            INFO(r.flag);
            CHECK(std::string(r.flag).rfind("--", 0) == 0);
            CHECK(r.read != nullptr);
            CHECK(std::string(r.help).size() > 0);
            CHECK(r.commands != 0u);
            if (!takes(r, c)) continue;
            ++rows;
            CHECK(names.insert(r.flag).second);
            if (r.alias) CHECK(names.insert(r.alias).second);
        }
        CHECK(rows > 10);
    }
}

TEST_CASE("an option both commands take is read alike by both: the same values, the same errors", "[options]") {
    int shared = 0;
    for (const options::Row& r : options::rows()) {
        if (!takes(r, kPresent) || !takes(r, kExport) || !r.value) continue;
        ++shared;
        for (const std::string v : {"", "0", "1", "16", "15x15", "16x16", "16384x16384", "16385x16", "640x360",
                                    "640X360", "-1", "42", "18446744073709551615", "18446744073709551616", "light",
                                    "dark", "Dark", " 1", "+1", "1.5", "x"}) {
            INFO(r.flag << " '" << v << "'");
            const Parsed p = parse(kPresent, {r.flag, v}), e = parse(kExport, {r.flag, v});
            CHECK(p.ok == e.ok);
            CHECK(p.error == e.error);
            CHECK(p.values.size == e.values.size);
            CHECK(p.values.seed == e.values.seed);
            CHECK(p.values.theme == e.values.theme);
        }
    }
    CHECK(shared >= 3);  // --size, --seed, --theme
}

TEST_CASE("--size: each side from 16 to 16384, WxH and nothing else", "[options]") {
    for (options::Command c : kCommands) {
        for (const std::string good : {"16x16", "16384x16384", "1920x1080", "1920X1080", "16x16384"}) {
            const Parsed p = parse(c, {"--size", good});
            CHECK(p.ok);
            REQUIRE(p.values.size);
        }
        CHECK(parse(c, {"--size", "1920x1080"}).values.size == std::pair<int, int>{1920, 1080});
        CHECK(parse(c, {"--size=640x360"}).values.size == std::pair<int, int>{640, 360});
        for (const std::string bad : {"15x16", "16x15", "16385x16", "16x16385", "0x0", "1920", "1920x", "x1080",
                                      "-16x16", "+16x16", " 16x16", "16x16 ", "16x16x16", "16.0x16", ""}) {
            INFO(bad);
            const Parsed p = parse(c, {"--size", bad});
            CHECK_FALSE(p.ok);
            CHECK(p.error == "--size expects WxH, each side from 16 to 16384 (e.g. 1920x1080), not '" + bad + "'");
        }
    }
    CHECK(options::kMinSide == 16);
    CHECK(options::kMaxSide == 16384);
}

TEST_CASE("--seed: decimal digits from 0 to 2^64 − 1, read in one place", "[options]") {
    for (options::Command c : kCommands) {
        CHECK(parse(c, {"--seed", "0"}).values.seed == 0u);
        CHECK(parse(c, {"--seed", "18446744073709551615"}).values.seed == 18446744073709551615ull);
        CHECK(parse(c, {"--seed=42"}).values.seed == 42u);
        for (const std::string bad : {"-1", "18446744073709551616", "184467440737095516150", "+1", " 1", "1 ", "0x1",
                                      "1e3", "1.0", "x", ""}) {
            INFO(bad);
            const Parsed p = parse(c, {"--seed", bad});
            CHECK_FALSE(p.ok);
            CHECK(p.error == "--seed expects a whole number from 0 to 18446744073709551615, not '" + bad + "'");
        }
        const Parsed missing = parse(c, {"--seed"});
        CHECK_FALSE(missing.ok);
        CHECK(missing.error == "--seed needs a value (N)");
    }
}

TEST_CASE("parsing: values, switches, one file, -h, and what each command does not take", "[options]") {
    Parsed e = parse(kExport, {"in.yaml", "-o", "out.mp4", "--fps", "24", "-q", "h", "--notes", "--format", "pdf",
                               "--steps", "2-3", "--still=4", "--theme", "dark"});
    REQUIRE(e.ok);
    CHECK(e.values.file == "in.yaml");
    CHECK(e.values.out == "out.mp4");
    CHECK(e.values.fps == 24.0);
    CHECK(e.values.quality == "h");
    CHECK(e.values.notes);
    CHECK(e.values.format == "pdf");
    CHECK(e.values.steps == std::pair<int, int>{2, 3});
    CHECK(e.values.still == 4);
    CHECK(e.values.theme == options::Theme::Dark);
    CHECK_FALSE(e.values.show_fps);  // export's --fps takes a number; present's is a switch

    Parsed p = parse(kPresent, {"deck.yaml", "--fps", "--talk-time", "1:30", "--screen", "1", "--start-at", "3",
                                "--record", "talk.rec", "--no-audio", "--presenter"});
    REQUIRE(p.ok);
    CHECK(p.values.file == "deck.yaml");
    CHECK(p.values.show_fps);
    CHECK_FALSE(p.values.fps);
    CHECK(p.values.talk_time == 90.0);
    CHECK(p.values.screen == 1);
    CHECK(p.values.start_at == 3);
    CHECK(p.values.record == "talk.rec");
    CHECK(p.values.no_audio);
    CHECK(p.values.presenter);
    CHECK(parse(kPresent, {"--talk-time", "1:02:03"}).values.talk_time == 3723.0);
    CHECK(parse(kPresent, {"--talk-time", "45"}).values.talk_time == 2700.0);

    // -h stops reading: what follows it is not looked at.
    for (options::Command c : kCommands) {
        const Parsed h = parse(c, {"--help", "--no-such-option"});
        CHECK(h.ok);
        CHECK(h.values.help);
        CHECK(parse(c, {"-h"}).values.help);
    }
    // Mistakes, in the same words for both commands.
    for (options::Command c : kCommands) {
        const std::string name = options::command_name(c);
        CHECK(parse(c, {"a", "b"}).error == name + " takes one file, got 'a' and 'b'");
        CHECK(parse(c, {"--theme", "blue"}).error == "--theme expects light or dark, not 'blue'");
        CHECK(parse(c, {"--help=yes"}).error == "--help expects no value, not 'yes'");
        CHECK(parse(c, {"-"}).values.file == "-");  // a file named "-", not an option
    }
    CHECK(parse(kExport, {"--format", "mkv"}).error == "--format expects png, mp4 or pdf, not 'mkv'");
    CHECK(parse(kExport, {"-o"}).error == "-o needs a value (OUT)");
    CHECK(parse(kPresent, {"--start-at", "0"}).error == "--start-at expects a step number (1 for the first), not '0'");
    CHECK(parse(kPresent, {"--fps=30"}).error == "--fps expects no value, not '30'");
}

TEST_CASE("did you mean: the nearest option of the command, or the command that takes it", "[options]") {
    CHECK(parse(kExport, {"--sise"}).error ==
          "unknown option for export: --sise (did you mean '--size'? see 'attnlab export --help')");
    CHECK(parse(kPresent, {"--presentr"}).error ==
          "unknown option for present: --presentr (did you mean '--presenter'? see 'attnlab present --help')");
    CHECK(parse(kExport, {"--split-step=1"}).error ==
          "unknown option for export: --split-step (did you mean '--split-steps'? see 'attnlab export --help')");
    CHECK(parse(kPresent, {"--single-file"}).error ==
          "unknown option for present: --single-file (an option of export, not of present; see 'attnlab present "
          "--help')");
    CHECK(parse(kExport, {"--narrate"}).error ==
          "unknown option for export: --narrate (an option of present, not of export; see 'attnlab export --help')");
    CHECK(parse(kExport, {"--qqqqqqqqqq"}).error == "unknown option for export: --qqqqqqqqqq (see 'attnlab export --help')");
}

TEST_CASE("--help lines: every row of the command once, in the table's order, the context's words filled in", "[options]") {
    for (options::Command c : kCommands) {
        const std::string text = options::help(c, context());
        std::size_t last = 0;
        for (const options::Row& r : options::rows()) {
            const std::string label = (r.alias ? std::string(r.alias) + ", " : "") + r.flag +
                                      (r.value ? " " + std::string(r.value) : "");
            const std::size_t at = text.find("\n  " + label + " ");
            const bool first = text.rfind("  " + label + " ", 0) == 0;
            INFO(label);
            if (!takes(r, c)) {
                // Another command's row is not listed (unless this command has a row of that flag
                // too, as --fps: a switch for present, a number for export).
                bool own = false;
                for (const options::Row& q : options::rows()) own = own || (takes(q, c) && std::string(q.flag) == r.flag);
                if (!own) CHECK((at == std::string::npos && !first));
                continue;
            }
            REQUIRE((at != std::string::npos || first));
            const std::size_t pos = first ? 0 : at + 1;
            CHECK(pos >= last);  // in the table's order
            last = pos;
            // The help starts in column 24, every further line too.
            CHECK(text.compare(pos + 24, 1, " ") != 0);
        }
        CHECK(text.find('{') == std::string::npos);
        for (std::size_t at = 0; (at = text.find('\n', at)) != std::string::npos && at + 1 < text.size(); ++at) {
            const std::string line = text.substr(at + 1, text.find('\n', at + 1) - at - 1);
            CHECK(line.rfind("  ", 0) == 0);
            if (line.rfind("  -", 0) != 0) CHECK(line.find_first_not_of(' ') == 24);
        }
    }
    const std::string exported = options::help(kExport, context());
    CHECK(exported.find("  -o, --output OUT      DIR/  frames\n                        NAME.mp4  video\n") == 0);
    CHECK(exported.find("(default 64x64)") != std::string::npos);
    // A word the context lacks stays visible rather than vanishing.
    CHECK(options::help(kExport, {}).find("{outputs}") != std::string::npos);
}

TEST_CASE("--root: one row for every command that loads a deck; check takes files, trace its own options", "[options]") {
    using options::kCheck;
    using options::kTrace;
    for (options::Command c : {kPresent, kExport, kCheck, kTrace}) {
        INFO(options::command_name(c));
        const Parsed p = parse(c, {"--root", "talks/one", "deck.yaml"});
        REQUIRE(p.ok);
        CHECK(p.values.root == "talks/one");
        CHECK(p.values.file == "deck.yaml");
        CHECK(parse(c, {"--root=x"}).values.root == "x");
        CHECK(parse(c, {"--root", ""}).error == "--root expects a folder, not ''");
        CHECK(parse(c, {"--root"}).error == "--root needs a value (DIR)");
        CHECK(options::help(c, context()).find("  --root DIR") != std::string::npos);
        CHECK(parse(c, {"-h"}).values.help);
    }
    int rows = 0;
    for (const options::Row& r : options::rows()) rows += std::string(r.flag) == "--root";
    CHECK(rows == 1);
    // check: any number of files, options among them.
    const Parsed check = parse(kCheck, {"a.yaml", "--root", "r", "b.yaml", "c.yaml"});
    REQUIRE(check.ok);
    CHECK(check.values.files == std::vector<std::string>{"a.yaml", "b.yaml", "c.yaml"});
    CHECK(parse(kCheck, {"--json"}).error ==
          "unknown option for check: --json (an option of trace, not of check; see 'attnlab check --help')");
    // trace: --json, -T/--temperature, --mask, read by the table's parsers.
    const Parsed trace = parse(kTrace, {"s.yaml", "--json", "-T", "0.5", "--mask", "on"});
    REQUIRE(trace.ok);
    CHECK(trace.values.json);
    CHECK(trace.values.temperature == 0.5);
    CHECK(trace.values.mask == true);
    CHECK(std::isinf(*parse(kTrace, {"--temperature", "inf"}).values.temperature));
    CHECK(parse(kTrace, {"--temperature", "-1"}).error == "--temperature expects a number ≥ 0 or 'inf', not '-1'");
    CHECK(parse(kTrace, {"--mask", "maybe"}).error == "--mask expects 'on' or 'off', not 'maybe'");
    CHECK(parse(kTrace, {"a.yaml", "b.yaml"}).error == "trace takes one file, got 'a.yaml' and 'b.yaml'");
    CHECK_FALSE(parse(kPresent, {"--json"}).ok);
}
