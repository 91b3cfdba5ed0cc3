// load/tensors: a scene's matrices read from .npy and .safetensors files — every dtype and
// header version read to the same doubles as the numbers written inline, and every bad tensor
// file (missing, misnamed, wrong dtype or shape, NaN, past a limit, truncated, out of the root)
// refused at the node that names it. The files are written here, byte by byte, little-endian:
// none is committed. Failure cases first.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "attention/attention.hpp"
#include "load/load.hpp"
#include "load/tensors.hpp"
#include "scene/controls.hpp"
#include "scene/heads.hpp"
#include "support/files.hpp"

namespace fs = std::filesystem;

namespace {

using support::contains;
using support::TempDir;

// ---- writing tensor files -------------------------------------------------------------------

std::string le(std::uint64_t x, int bytes) {
    std::string out;
    for (int i = 0; i < bytes; ++i) out += static_cast<char>((x >> (8 * i)) & 0xff);
    return out;
}

std::string f64s(const std::vector<double>& xs) {
    std::string out;
    for (double x : xs) out += le(std::bit_cast<std::uint64_t>(x), 8);
    return out;
}
std::string f32s(const std::vector<double>& xs) {
    std::string out;
    for (double x : xs) out += le(std::bit_cast<std::uint32_t>(static_cast<float>(x)), 4);
    return out;
}
// bfloat16: the top half of a float32 (the values used here are exact in it).
std::string bf16s(const std::vector<double>& xs) {
    std::string out;
    for (double x : xs) out += le(std::bit_cast<std::uint32_t>(static_cast<float>(x)) >> 16, 2);
    return out;
}
std::string u16s(const std::vector<std::uint16_t>& bits) {
    std::string out;
    for (std::uint16_t b : bits) out += le(b, 2);
    return out;
}

// A .npy file: magic, version, header length (2 bytes in 1.0, 4 in 2.0 and 3.0), the dict
// padded with spaces to a multiple of 64 and ended by a newline, then `data`.
std::string npy(const std::string& descr, const std::string& shape, const std::string& data, int major = 1,
                bool fortran = false) {
    std::string dict = "{'descr': '" + descr + "', 'fortran_order': " + (fortran ? "True" : "False") + ", 'shape': " + shape + ", }";
    const std::size_t prefix = major == 1 ? 10 : 12;
    while ((prefix + dict.size() + 1) % 64) dict += ' ';
    dict += '\n';
    return std::string("\x93NUMPY", 6) + static_cast<char>(major) + '\0' + le(dict.size(), major == 1 ? 2 : 4) + dict + data;
}

struct Entry {
    std::string name, dtype, shape;  // shape as JSON: "[2, 3]"
    std::string data;
};
// A .safetensors file: the header's length (8 bytes), the JSON header, the tensors end to end.
std::string safetensors(const std::vector<Entry>& entries, const std::string& metadata = "") {
    std::string header = "{", data;
    if (!metadata.empty()) header += "\"__metadata__\": " + metadata;
    for (const Entry& e : entries) {
        if (header.size() > 1) header += ", ";
        header += "\"" + e.name + "\": {\"dtype\": \"" + e.dtype + "\", \"shape\": " + e.shape + ", \"data_offsets\": [" +
                  std::to_string(data.size()) + ", " + std::to_string(data.size() + e.data.size()) + "]}";
        data += e.data;
    }
    header += "}";
    while (header.size() % 8) header += ' ';
    return le(header.size(), 8) + header + data;
}
// One with a header written by hand (for headers no writer makes).
std::string safetensors_raw(const std::string& header, const std::string& data) { return le(header.size(), 8) + header + data; }

// ---- scenes -------------------------------------------------------------------------------

const std::vector<double> kQ = {1, 0, 0.5, -2, 0.25, 1.5};  // 3 tokens × 2, exact in every float type
const std::vector<double> kK = {0, 1, 1, 1, -1, 0.75};
const std::vector<double> kV = {2, 0, 0, 2, 1, 1};
const std::string kInlineV = "[[2, 0], [0, 2], [1, 1]]";

std::string scene_with(const std::string& q, const std::string& k, const std::string& v = kInlineV) {
    return "scene: t\ntokens: [a, b, c]\nq: " + q + "\nk: " + k + "\nv: " + v + "\n";
}

struct Loaded {
    TempDir dir;
    std::string file;
    load::Result result;
};
// Writes `files` (name, bytes) and scene.yaml into a fresh folder, which is the root, and loads it.
std::unique_ptr<Loaded> load_scene(const std::string& yaml, const std::vector<std::pair<std::string, std::string>>& files) {
    auto l = std::make_unique<Loaded>();
    for (const auto& [name, bytes] : files) l->dir.write(name, bytes);
    l->file = l->dir.write("scene.yaml", yaml);
    l->result = load::load_file(l->file, load::Options{l->dir.path.string(), {}});
    return l;
}

const scene::Scene& scene_of(const load::Result& r) {
    REQUIRE(r.ok());
    REQUIRE(r.deck.slides.size() == 1);
    return *r.deck.slides[0].scene;
}

core::Mat rows_of(const std::vector<double>& xs, std::size_t cols) {
    core::Mat m;
    for (std::size_t i = 0; i < xs.size(); i += cols) m.emplace_back(xs.begin() + static_cast<long>(i), xs.begin() + static_cast<long>(i + cols));
    return m;
}

// The one error of a load: it is at `line`:`column` and says each of `says`.
void expect_error(const load::Result& r, int line, int column, const std::vector<std::string>& says) {
    std::string all;
    for (const auto& e : r.errors) all += "\n  " + e.format();
    INFO("errors:" << all);
    REQUIRE_FALSE(r.ok());
    const core::Diagnostic& e = r.errors.front();
    CHECK(e.line == line);
    CHECK(e.column == column);
    for (const std::string& s : says) CHECK(contains(e.message, s));
}

// q given as a .npy file (on line 3: `q: {file: q.npy}`, the path at column 11).
std::unique_ptr<Loaded> with_npy_q(const std::string& bytes) {
    return load_scene(scene_with("{file: q.npy}", "[[0, 1], [1, 1], [-1, 0.75]]"), {{"q.npy", bytes}});
}
// q given as the tensor "q" of a .safetensors file (`q: {file: h.safetensors, tensor: q}`: the path
// at column 11, the name at column 34).
std::unique_ptr<Loaded> with_safetensors_q(const std::string& bytes, const std::string& name = "q") {
    return load_scene(scene_with("{file: h.safetensors, tensor: " + name + "}", "[[0, 1], [1, 1], [-1, 0.75]]"),
                      {{"h.safetensors", bytes}});
}

}  // namespace

// ---- failure cases ----------------------------------------------------------------------------

TEST_CASE("a tensor file that is missing, a folder, or of another kind is an error at its path", "[tensors][errors]") {
    auto missing = with_npy_q("");
    fs::remove(missing->dir.path / "q.npy");
    missing->result = load::load_file(missing->file, load::Options{missing->dir.path.string(), {}});
    expect_error(missing->result, 3, 11, {"q.file: 'q.npy' does not exist"});

    auto folder = load_scene(scene_with("{file: sub.npy}", "[[0, 1], [1, 1], [-1, 0.75]]"), {{"sub.npy/x", ""}});
    expect_error(folder->result, 3, 11, {"is a folder"});

    auto other = load_scene(scene_with("{file: q.pt}", "[[0, 1], [1, 1], [-1, 0.75]]"), {{"q.pt", "x"}});
    expect_error(other->result, 3, 11, {"q.file: 'q.pt': expected a .npy or .safetensors file"});
}

TEST_CASE("a tensor file's mapping: file is needed, tensor names a .safetensors tensor only, other keys are refused",
          "[tensors][errors]") {
    const std::string q = npy("<f8", "(3, 2)", f64s(kQ));
    expect_error(load_scene(scene_with("{tensor: q}", "{file: q.npy}"), {{"q.npy", q}})->result, 3, 4, {"q: missing key 'file'"});
    expect_error(load_scene(scene_with("{file: q.npy, tensor: q}", "{file: q.npy}"), {{"q.npy", q}})->result, 3, 18,
                 {"a .npy file holds one array"});
    const std::string st = safetensors({{"q", "F64", "[3, 2]", f64s(kQ)}});
    expect_error(load_scene(scene_with("{file: h.safetensors}", "{file: q.npy}"), {{"h.safetensors", st}, {"q.npy", q}})->result, 3,
                 4, {"q: missing key 'tensor'"});
    expect_error(load_scene(scene_with("{file: q.npy, tensr: q}", "{file: q.npy}"), {{"q.npy", q}})->result, 3, 18,
                 {"unknown key 'tensr' (did you mean 'tensor'?)"});
}

TEST_CASE("a tensor file outside the root is refused: absolute, climbing out with '..', or through a link", "[tensors][errors]") {
    TempDir outside;
    const std::string q = npy("<f8", "(3, 2)", f64s(kQ));
    const std::string far = outside.write("q.npy", q);
    expect_error(load_scene(scene_with("{file: " + far + "}", "[[0, 1], [1, 1], [-1, 0.75]]"), {})->result, 3, 11,
                 {"is an absolute path"});

    // The scene in talk/ (the root) names ../q.npy, which exists but lies outside.
    TempDir top;
    top.write("q.npy", q);
    const std::string scene = top.write("talk/scene.yaml", scene_with("{file: ../q.npy}", "[[0, 1], [1, 1], [-1, 0.75]]"));
    expect_error(load::load_file(scene, load::Options{(top.path / "talk").string(), {}}), 3, 11, {"climbs out of the root"});

    TempDir linked;
    const std::string via = linked.write("scene.yaml", scene_with("{file: q.npy}", "[[0, 1], [1, 1], [-1, 0.75]]"));
    fs::create_symlink(far, linked.path / "q.npy");
    expect_error(load::load_file(via, load::Options{linked.path.string(), {}}), 3, 11, {"through the symbolic link 'q.npy'"});
}

TEST_CASE("a missing tensor names the nearest names in the file", "[tensors][errors]") {
    std::vector<Entry> entries;
    for (int layer = 0; layer < 2; ++layer)
        for (const char* m : {"q", "k", "v"})
            for (int head = 0; head < 4; ++head)
                entries.push_back({"layer" + std::to_string(layer) + ".head" + std::to_string(head) + "." + m, "F32", "[3, 2]", f32s(kQ)});
    auto l = with_safetensors_q(safetensors(entries), "layer0.head7.q");
    expect_error(l->result, 3, 34,
                 {"q.tensor: 'h.safetensors' has no tensor 'layer0.head7.q' (did you mean 'layer0.head0.q'?)",
                  "the nearest of its 24 tensors: 'layer0.head0.q', 'layer0.head1.q'"});
    // A name far from all: no "did you mean", still the nearest.
    auto far = with_safetensors_q(safetensors({{"attn.k", "F32", "[3, 2]", f32s(kQ)}, {"attn.v", "F32", "[3, 2]", f32s(kQ)}}), "zzz");
    expect_error(far->result, 3, 34, {"has no tensor 'zzz'; its tensors: 'attn.k', 'attn.v'"});
    CHECK_FALSE(contains(far->result.errors.front().message, "did you mean"));
}

TEST_CASE("a tensor of a type that is not a float is refused, naming the types read", "[tensors][errors]") {
    const std::string i64 = le(1, 8) + le(0, 8) + le(0, 8) + le(1, 8) + le(1, 8) + le(1, 8);
    expect_error(with_npy_q(npy("<i8", "(3, 2)", i64))->result, 3, 11,
                 {"has dtype '<i8'; expected float32 ('<f4'), float16 ('<f2'), float64 ('<f8') or bfloat16"});
    expect_error(with_safetensors_q(safetensors({{"q", "I64", "[3, 2]", i64}}))->result, 3, 34,
                 {"has dtype I64; expected F32, F16, BF16 or F64"});
    // np.save writes ml_dtypes' bfloat16 as two raw bytes: said, not guessed.
    expect_error(with_npy_q(npy("<V2", "(3, 2)", bf16s(kQ)))->result, 3, 11, {"'<V2' is two raw bytes", "bfloat16"});
    expect_error(with_npy_q(npy("[('a', '<f4'), ('b', '<f4')]", "(3,)", f32s(kQ)))->result, 3, 11, {"not a Python dict"});
}

TEST_CASE("a tensor of the wrong shape: its rank, its rows against the tokens, its width against d", "[tensors][errors]") {
    const std::vector<double> six = kQ;
    expect_error(with_npy_q(npy("<f8", "(1, 3, 2)", f64s(six)))->result, 3, 11,
                 {"has shape [1, 3, 2]; expected a matrix", "drop the batch or head dimensions"});
    expect_error(with_npy_q(npy("<f8", "(6,)", f64s(six)))->result, 3, 11, {"has shape [6]; expected a matrix"});
    expect_error(with_npy_q(npy("<f8", "(2, 3)", f64s(six)))->result, 3, 4,
                 {"q: expected 3 rows (one per token: 3 tokens), found 2 in q.npy, shape [2, 3]"});
    // k (width 2 inline) against a q of width 3: the tensor's row width is d's.
    expect_error(load_scene(scene_with("{file: q.npy}", "[[0, 1], [1, 1], [-1, 0.75]]"),
                            {{"q.npy", npy("<f8", "(3, 3)", f64s({1, 0, 0, 0, 1, 0, 0, 0, 1}))}})
                     ->result,
                 4, 5, {"k[0]: expected 3 numbers (d, the width of q), found 2"});
    expect_error(load_scene(scene_with("[[1, 0], [0, 1], [1, 1]]", "{file: h.safetensors, tensor: k}"),
                            {{"h.safetensors", safetensors({{"k", "F32", "[3, 3]", f32s({1, 0, 0, 0, 1, 0, 0, 0, 1})}})}})
                     ->result,
                 4, 4, {"k: expected rows of 2 numbers (d, the width of q), found 3 in the tensor 'k' of h.safetensors, shape [3, 3]"});
    // A side past the limit, refused from the header (the data is not there to be read).
    expect_error(with_npy_q(npy("<f4", "(3, 5000)", ""))->result, 3, 11, {"has shape [3, 5000]", "1..4096 (the limit)"});
    expect_error(with_npy_q(npy("<f4", "(0, 2)", ""))->result, 3, 11, {"has shape [0, 2]"});
}

TEST_CASE("NaN or an infinity in a tensor is refused with where it is", "[tensors][errors]") {
    std::vector<double> bad = kQ;
    bad[3] = std::nan("");
    expect_error(with_npy_q(npy("<f8", "(3, 2)", f64s(bad)))->result, 3, 11, {"holds NaN at [1, 1]; expected finite numbers"});
    bad = kQ;
    bad[4] = -INFINITY;
    expect_error(with_safetensors_q(safetensors({{"q", "F32", "[3, 2]", f32s(bad)}}))->result, 3, 34, {"holds -inf at [2, 0]"});
    // float16's own infinity and NaN (exponent all ones).
    expect_error(with_npy_q(npy("<f2", "(3, 2)", u16s({0x3c00, 0, 0, 0, 0, 0x7c00})))->result, 3, 11, {"holds inf at [2, 1]"});
    expect_error(with_safetensors_q(safetensors({{"q", "F16", "[3, 2]", u16s({0x7e00, 0, 0, 0, 0, 0})}}))->result, 3, 34,
                 {"holds NaN at [0, 0]"});
}

TEST_CASE("a header past the limits is refused before it is read", "[tensors][errors]") {
    // A .npy (version 2) whose header is 20000 bytes, over NumPy's own 10000.
    std::string padded = "{'descr': '<f8', 'fortran_order': False, 'shape': (3, 2), }" + std::string(20000, ' ') + "\n";
    expect_error(with_npy_q(std::string("\x93NUMPY\x02\x00", 8) + le(padded.size(), 4) + padded + f64s(kQ))->result, 3, 11,
                 {"has a header of 20060 bytes; at most 10000 are allowed (the limit)"});
    // A .safetensors whose first 8 bytes claim 1 TiB of header: refused at once, not allocated.
    const auto t0 = std::chrono::steady_clock::now();
    expect_error(with_safetensors_q(le(std::uint64_t{1} << 40, 8) + "{}")->result, 3, 11,
                 {"has a header of 1099511627776 bytes; at most 16777216 are allowed (the limit)"});
    CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(2));
    // Within the limit but larger than the file.
    expect_error(with_safetensors_q(le(4096, 8) + "{\"q\": {}}")->result, 3, 11,
                 {"its header's length, 4096 bytes, is more than the 9 after it"});
    expect_error(with_npy_q(std::string("\x93NUMPY\x01\x00", 8) + le(200, 2) + "{'descr': '<f8'}")->result, 3, 11,
                 {"is truncated", "200 bytes, runs past its end"});
}

TEST_CASE("a .safetensors header whose offsets leave the data or overlap, or that is not JSON", "[tensors][errors]") {
    const std::string six = f32s(kQ);  // 24 bytes
    expect_error(with_safetensors_q(safetensors_raw(R"({"q": {"dtype": "F32", "shape": [3, 2], "data_offsets": [0, 48]}})", six))
                     ->result,
                 3, 11, {"entry 'q' has data_offsets [0, 48] outside the 24 bytes of data"});
    expect_error(
        with_safetensors_q(safetensors_raw(R"({"q": {"dtype": "F32", "shape": [3, 2], "data_offsets": [0, 24]},
                                               "k": {"dtype": "F32", "shape": [2, 2], "data_offsets": [8, 24]}})",
                                           six))
            ->result,
        3, 11, {"tensors 'q' and 'k' overlap (bytes 8 to 24 of the data)"});
    expect_error(with_safetensors_q(safetensors_raw(R"({"q": {"dtype": "F32", "shape": [3, 2], "data_offsets": [0, 20]}})", six))
                     ->result,
                 3, 11, {"entry 'q' has 20 bytes of data, but its shape [3, 2] of F32 needs 24"});
    expect_error(with_safetensors_q(safetensors_raw(R"({"q": {"dtype": "F32", "shape": [3, 2], "data_offsets": [0, 24]})", six))
                     ->result,
                 3, 11, {"not a JSON object of tensors"});
    expect_error(with_safetensors_q(safetensors_raw(R"({"q": {"dtype": "F32", "shape": [[[[3]]]], "data_offsets": [0, 24]}})", six))
                     ->result,
                 3, 11, {"not a JSON object of tensors"});
    expect_error(with_safetensors_q(safetensors_raw(R"({"q": {"dtype": "F32", "shape": [-3, 2], "data_offsets": [0, 24]}})", six))
                     ->result,
                 3, 11, {"shape that is not a list of sizes"});
}

TEST_CASE("a truncated tensor file, or one with bytes its header does not describe", "[tensors][errors]") {
    const std::string whole = npy("<f4", "(3, 2)", f32s(kQ));
    expect_error(with_npy_q(whole.substr(0, whole.size() - 3))->result, 3, 11,
                 {"is truncated: its shape [3, 2] of '<f4' needs 24 bytes of data, and 21 follow the header"});
    expect_error(with_npy_q(whole + "xy")->result, 3, 11, {"has 2 bytes after the 24 its header describes"});
    expect_error(with_npy_q(whole.substr(0, 7))->result, 3, 11, {"is truncated"});
    expect_error(with_npy_q("PK\x03\x04 not a .npy at all")->result, 3, 11, {"is not a .npy file"});
    expect_error(with_safetensors_q("1234")->result, 3, 11, {"is truncated: a .safetensors file starts with 8 bytes"});
    const std::string st = safetensors({{"q", "F32", "[3, 2]", f32s(kQ)}});
    expect_error(with_safetensors_q(st.substr(0, st.size() - 1))->result, 3, 11, {"outside the 23 bytes of data", "truncated"});
}

// ---- what is read ------------------------------------------------------------------------------

TEST_CASE(".npy files of every float type, header version and order read to the numbers written inline", "[tensors]") {
    const auto inline_scene = load_scene(scene_with("[[1, 0], [0.5, -2], [0.25, 1.5]]", "[[0, 1], [1, 1], [-1, 0.75]]"), {});
    const scene::Scene& want = scene_of(inline_scene->result);
    // kQ transposed, for the column-major (Fortran) order.
    const std::vector<double> by_column = {1, 0.5, 0.25, 0, -2, 1.5};
    struct Case {
        const char* what;
        std::string bytes;
    };
    const Case cases[] = {
        {"float64, 1.0", npy("<f8", "(3, 2)", f64s(kQ))},
        {"float32, 2.0", npy("<f4", "(3, 2)", f32s(kQ), 2)},
        {"float16, 3.0", npy("<f2", "(3, 2)", u16s({0x3c00, 0x0000, 0x3800, 0xc000, 0x3400, 0x3e00}), 3)},
        {"bfloat16 by name", npy("bfloat16", "(3, 2)", bf16s(kQ))},
        {"float64, Fortran order", npy("<f8", "(3, 2)", f64s(by_column), 1, true)},
        {"float32, big-endian", [] {
             std::string b;
             for (double x : kQ) {
                 const std::uint32_t bits = std::bit_cast<std::uint32_t>(static_cast<float>(x));
                 for (int i = 3; i >= 0; --i) b += static_cast<char>((bits >> (8 * i)) & 0xff);
             }
             return npy(">f4", "(3, 2)", b);
         }()},
    };
    for (const Case& c : cases) {
        INFO(c.what);
        auto l = with_npy_q(c.bytes);
        const scene::Scene& got = scene_of(l->result);
        CHECK(got.heads[0].q == want.heads[0].q);
        CHECK(got.heads[0].k == want.heads[0].k);
    }
}

TEST_CASE("float16's subnormals, largest number and signed zero convert exactly", "[tensors]") {
    auto l = with_npy_q(npy("<f2", "(3, 2)", u16s({0x0001, 0x03ff, 0x7bff, 0xfbff, 0x8000, 0x3555})));
    const scene::Scene& s = scene_of(l->result);
    CHECK(s.heads[0].q[0][0] == std::ldexp(1.0, -24));
    CHECK(s.heads[0].q[0][1] == std::ldexp(1023.0, -24));
    CHECK(s.heads[0].q[1][0] == 65504.0);
    CHECK(s.heads[0].q[1][1] == -65504.0);
    CHECK(s.heads[0].q[2][0] == 0.0);
    CHECK(std::signbit(s.heads[0].q[2][0]));
    CHECK(s.heads[0].q[2][1] == Approx(1.0 / 3).epsilon(1e-3));  // 0x3555: float16's nearest to a third
}

TEST_CASE(".safetensors tensors of every float type read to the numbers written inline; __metadata__ is ignored", "[tensors]") {
    const std::string file = safetensors({{"layer0.q.f32", "F32", "[3, 2]", f32s(kQ)},
                                          {"layer0.q.f64", "F64", "[3, 2]", f64s(kQ)},
                                          {"layer0.q.bf16", "BF16", "[3, 2]", bf16s(kQ)},
                                          {"layer0.q.f16", "F16", "[3, 2]", u16s({0x3c00, 0x0000, 0x3800, 0xc000, 0x3400, 0x3e00})},
                                          {"layer0.k", "F32", "[3, 2]", f32s(kK)},
                                          {"layer0.v", "F64", "[3, 2]", f64s(kV)},
                                          {"ids", "I64", "[3]", le(0, 8) + le(1, 8) + le(2, 8)}},
                                         R"({"format": "pt", "note": "written by a test"})");
    for (const char* name : {"layer0.q.f32", "layer0.q.f64", "layer0.q.bf16", "layer0.q.f16"}) {
        INFO(name);
        auto l = load_scene(scene_with(std::string("{file: h.safetensors, tensor: ") + name + "}", "{file: h.safetensors, tensor: layer0.k}",
                                       "{file: h.safetensors, tensor: layer0.v}"),
                            {{"h.safetensors", file}});
        const scene::Scene& s = scene_of(l->result);
        CHECK(s.heads[0].q == rows_of(kQ, 2));
        CHECK(s.heads[0].k == rows_of(kK, 2));
        CHECK(s.heads[0].v == rows_of(kV, 2));
    }
}

TEST_CASE("x and the projections from tensor files give the scene written inline", "[tensors]") {
    const std::vector<double> x = {1, 0, 1, 0, 1, 1, 1, 1, 0};  // 3 tokens × m = 3
    const std::vector<double> wq = {1, 0, 0, 1, 0.5, 0.5}, wk = {0, 1, 1, 0, 1, 1}, wv = {1, 0, 0, 1, 1, 1};
    const std::string inline_yaml =
        "scene: t\ntokens: [a, b, c]\nx: [[1, 0, 1], [0, 1, 1], [1, 1, 0]]\nw_q: [[1, 0], [0, 1], [0.5, 0.5]]\n"
        "w_k: [[0, 1], [1, 0], [1, 1]]\nw_v: [[1, 0], [0, 1], [1, 1]]\n";
    const std::string file_yaml =
        "scene: t\ntokens: [a, b, c]\nx: {file: x.npy}\nw_q: {file: w.safetensors, tensor: w_q}\n"
        "w_k: {file: w.safetensors, tensor: w_k}\nw_v: {file: w.safetensors, tensor: w_v}\n";
    auto a = load_scene(inline_yaml, {});
    auto b = load_scene(file_yaml, {{"x.npy", npy("<f4", "(3, 3)", f32s(x))},
                                    {"w.safetensors", safetensors({{"w_q", "F64", "[3, 2]", f64s(wq)},
                                                                   {"w_k", "BF16", "[3, 2]", bf16s(wk)},
                                                                   {"w_v", "F32", "[3, 2]", f32s(wv)}})}});
    const scene::Scene& want = scene_of(a->result);
    const scene::Scene& got = scene_of(b->result);
    REQUIRE(got.projected());
    CHECK(got.x == want.x);
    CHECK(got.heads[0].w_q == want.heads[0].w_q);
    CHECK(got.heads[0].q == want.heads[0].q);
    CHECK(got.heads[0].k == want.heads[0].k);
    CHECK(got.heads[0].v == want.heads[0].v);
}

TEST_CASE("a learned position table from a tensor file gives its first n rows to the n tokens; too short a table is an error", "[tensors]") {
    const std::string inline_yaml =
        "scene: t\ntokens: [a, b, c]\nx: [[1, 0], [0, 1], [1, 1]]\nw_q: [[1, 0], [0, 1]]\nw_k: [[0, 1], [1, 0]]\n"
        "w_v: [[1, 0], [0, 1]]\npositions: {kind: learned, vectors: [[0.5, 0], [0, 0.5], [0.25, 0.25]]}\n";
    const std::string file_yaml =
        "scene: t\ntokens: [a, b, c]\nx: [[1, 0], [0, 1], [1, 1]]\nw_q: [[1, 0], [0, 1]]\nw_k: [[0, 1], [1, 0]]\n"
        "w_v: [[1, 0], [0, 1]]\npositions: {kind: learned, vectors: {file: m.safetensors, tensor: position}}\n";
    // A model's table covers every position it learned (here 5); the sentence takes the first 3.
    auto a = load_scene(inline_yaml, {});
    auto b = load_scene(file_yaml, {{"m.safetensors", safetensors({{"position", "F32", "[5, 2]",
                                                                      f32s({0.5, 0, 0, 0.5, 0.25, 0.25, 9, 9, 9, 9})}})}});
    const scene::Scene& want = scene_of(a->result);
    const scene::Scene& got = scene_of(b->result);
    CHECK(got.positions.added == want.positions.added);
    CHECK(got.positions.added.size() == 3);
    CHECK(got.heads[0].q == want.heads[0].q);
    CHECK(got.heads[0].k == want.heads[0].k);
    CHECK(got.heads[0].v == want.heads[0].v);
    // Fewer rows than tokens: the error says "at least" and names the tensor.
    auto c = load_scene(file_yaml, {{"m.safetensors", safetensors({{"position", "F32", "[2, 2]", f32s({0.5, 0, 0, 0.5})}})}});
    expect_error(c->result, 7, 37, {"positions.vectors: expected at least 3 rows", "found 2", "'position'"});
    // Written inline, the table has one row per token exactly, as before.
    auto d = load_scene(
        "scene: t\ntokens: [a, b, c]\nx: [[1, 0], [0, 1], [1, 1]]\nw_q: [[1, 0], [0, 1]]\nw_k: [[0, 1], [1, 0]]\n"
        "w_v: [[1, 0], [0, 1]]\npositions: {kind: learned, vectors: [[0.5, 0], [0, 0.5], [0.25, 0.25], [1, 1]]}\n",
        {});
    expect_error(d->result, 7, 37, {"positions.vectors: expected 3 rows", "found 4"});
}

// ---- the model attnlab trains itself (tools/train/train_heads.py) ------------------------------

namespace {

const fs::path kModels = fs::path(ATTNLAB_SOURCE_DIR) / "scenes" / "models";
constexpr int kVocab = 16, kContext = 24;

// A tensor of the committed weights, read by attnlab's loader.
core::Mat weights(const std::string& name) {
    load::Tensor t;
    load::TensorProblem problem;
    INFO(name << ": " << problem.why);
    REQUIRE(load::read_safetensors((kModels / "two-layer-heads.safetensors").string(), name, t, problem));
    REQUIRE(t.shape.size() == 2);
    return rows_of(t.values, static_cast<std::size_t>(t.shape[1]));
}

core::Mat times(const core::Mat& a, const core::Mat& b) {
    core::Mat out(a.size(), core::Vec(b[0].size(), 0.0));
    for (std::size_t i = 0; i < a.size(); ++i)
        for (std::size_t k = 0; k < b.size(); ++k)
            for (std::size_t j = 0; j < b[0].size(); ++j) out[i][j] += a[i][k] * b[k][j];
    return out;
}

// The model's two heads, run by attnlab's engine on one sequence of token ids.
struct TwoLayers {
    core::Mat embed = weights("embed"), position = weights("position");
    core::Mat q0 = weights("layer0.head0.w_q"), k0 = weights("layer0.head0.w_k"), v0 = weights("layer0.head0.w_v"),
              o0 = weights("layer0.head0.w_o");
    core::Mat q1 = weights("layer1.head0.w_q"), k1 = weights("layer1.head0.w_k"), v1 = weights("layer1.head0.w_v");

    core::Mat x0(const std::vector<int>& tokens) const {
        core::Mat x;
        for (std::size_t i = 0; i < tokens.size(); ++i) {
            core::Vec row = embed[static_cast<std::size_t>(tokens[i])];
            for (std::size_t c = 0; c < row.size(); ++c) row[c] += position[i][c];
            x.push_back(row);
        }
        return x;
    }
    static attention::Trace head(const core::Mat& x, const core::Mat& wq, const core::Mat& wk, const core::Mat& wv,
                                 const core::Mat& wo = {}) {
        attention::Input in;
        in.q = times(x, wq), in.k = times(x, wk), in.v = times(x, wv);
        in.causal = true;
        if (!wo.empty()) in.x = x, in.w_o = wo;
        attention::Trace t;
        std::string error;
        REQUIRE(attention::trace(in, t, error));
        return t;
    }
    attention::Trace layer0(const std::vector<int>& tokens) const { return head(x0(tokens), q0, k0, v0, o0); }
    attention::Trace layer1(const std::vector<int>& tokens) const {
        const attention::Trace t0 = layer0(tokens);
        core::Mat x1;
        for (std::size_t i = 0; i < tokens.size(); ++i) x1.push_back(t0.residual.row_vec(i));
        return head(x1, q1, k1, v1);
    }
};

// A held-out sequence as the script makes its training ones (a segment of distinct letters
// twice among random letters), from a generator the script does not use.
struct Repeated {
    std::vector<int> tokens;
    int first = 0, second = 0, length = 0;
};
Repeated repeated(std::mt19937& rng, int n = kContext) {
    Repeated r;
    r.length = std::uniform_int_distribution<int>(4, 9)(rng);
    std::uniform_int_distribution<int> letter(0, kVocab - 1);
    for (int i = 0; i < n; ++i) r.tokens.push_back(letter(rng));
    std::vector<int> all(kVocab);
    std::iota(all.begin(), all.end(), 0);
    std::shuffle(all.begin(), all.end(), rng);
    r.first = std::uniform_int_distribution<int>(0, n - 2 * r.length)(rng);
    r.second = std::uniform_int_distribution<int>(r.first + r.length, n - r.length)(rng);
    for (int j = 0; j < r.length; ++j) r.tokens[static_cast<std::size_t>(r.first + j)] = r.tokens[static_cast<std::size_t>(r.second + j)] = all[static_cast<std::size_t>(j)];
    return r;
}

std::vector<int> ids_of(const std::vector<std::string>& letters) {
    std::vector<int> ids;
    for (const std::string& l : letters) {
        REQUIRE(l.size() == 1);
        REQUIRE(l[0] >= 'A');
        REQUIRE(l[0] < 'A' + kVocab);
        ids.push_back(l[0] - 'A');
    }
    return ids;
}

}  // namespace

TEST_CASE("the trained model's layer 0 head looks at the token before, on sequences it never saw", "[tensors][trained]") {
    const TwoLayers model;
    std::mt19937 rng(20240601);
    double sum = 0;
    int rows = 0;
    for (int s = 0; s < 100; ++s) {
        const Repeated r = repeated(rng);
        const attention::Trace t = model.layer0(r.tokens);
        for (std::size_t i = 1; i < t.n; ++i) {
            INFO("sequence " << s << ", row " << i);
            // The token before is each row's heaviest key by far, and most of the row.
            for (std::size_t c = 0; c <= i; ++c)
                if (c != i - 1) CHECK(t.weights(i, c) < t.weights(i, i - 1) / 4);
            CHECK(t.weights(i, i - 1) > 0.6);
            sum += t.weights(i, i - 1);
            ++rows;
        }
    }
    INFO(rows << " rows; mean weight on the token before " << sum / rows);
    CHECK(sum / rows > 0.8);
}

TEST_CASE("the trained model's layer 1 head is an induction head: it looks where its letter came before, one on", "[tensors][trained]") {
    const TwoLayers model;
    std::mt19937 rng(20240602);
    double sum = 0;
    int rows = 0, most = 0;
    for (int s = 0; s < 100; ++s) {
        const Repeated r = repeated(rng);
        const attention::Trace t = model.layer1(r.tokens);
        for (int j = 0; j + 1 < r.length; ++j) {
            const std::size_t row = static_cast<std::size_t>(r.second + j), after = static_cast<std::size_t>(r.first + j + 1);
            sum += t.weights(row, after);
            ++rows;
            // The key it looks at most is that one.
            std::size_t best = 0;
            for (std::size_t c = 0; c <= row; ++c)
                if (t.weights(row, c) > t.weights(row, best)) best = c;
            most += best == after;
        }
    }
    INFO(rows << " rows of the second copy; mean weight " << sum / rows << ", the heaviest key in " << most);
    CHECK(sum / rows > 0.6);
    CHECK(most > 0.8 * rows);
    // Without the previous-token head's trace in the keys, no induction: layer 1 on x0 alone.
    std::mt19937 again(20240602);
    double without = 0;
    for (int s = 0; s < 100; ++s) {
        const Repeated r = repeated(again);
        const attention::Trace t = TwoLayers::head(model.x0(r.tokens), model.q1, model.k1, model.v1);
        for (int j = 0; j + 1 < r.length; ++j)
            without += t.weights(static_cast<std::size_t>(r.second + j), static_cast<std::size_t>(r.first + j + 1));
    }
    INFO("mean weight without layer 0: " << without / rows);
    CHECK(without / rows < 0.5 * sum / rows);
}

TEST_CASE("the trained model's scenes load its head and the inputs of their sequence through tensor files", "[tensors][trained]") {
    const TwoLayers model;
    for (const char* name : {"trained-previous-token.yaml", "trained-induction.yaml"}) {
        INFO(name);
        const fs::path file = fs::path(ATTNLAB_SOURCE_DIR) / "scenes" / name;
        const load::Result r = load::load_file(file.string(), load::Options{ATTNLAB_SOURCE_DIR, {}});
        const scene::Scene& s = scene_of(r);
        REQUIRE(s.projected());
        const std::vector<int> ids = ids_of(s.tokens);
        // x as the script wrote it for these tokens: layer 0's input, or layer 1's.
        const bool induction = std::string(name) == "trained-induction.yaml";
        core::Mat want = model.x0(ids);
        if (induction) {
            const attention::Trace t0 = model.layer0(ids);
            for (std::size_t i = 0; i < ids.size(); ++i) want[i] = t0.residual.row_vec(i);
        }
        REQUIRE(s.x.size() == want.size());
        for (std::size_t i = 0; i < want.size(); ++i)
            for (std::size_t c = 0; c < want[i].size(); ++c) CHECK(s.x[i][c] == Approx(want[i][c]).margin(1e-5));
        CHECK(s.heads[0].w_q == (induction ? model.q1 : model.q0));
        // The scene's own trace shows the claimed pattern.
        attention::Trace t;
        std::string error;
        REQUIRE(attention::trace(scene::attention_input(s, scene::start_controls(s)), t, error));
        if (!induction)
            for (std::size_t i = 1; i < t.n; ++i) CHECK(t.weights(i, i - 1) > 0.8);
    }
}
