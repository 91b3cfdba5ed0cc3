// load/limits: the limits a scene or deck file is read within (tree::Limits), checked while the
// YAML is read so that a file past one is refused at once: which lists are rows of numbers, and
// how many items each list may hold; and what a tensor file a scene names may hold
// (tensor_limits, read by load/tensors.cpp before any data). The numbers are reader.hpp's
// (documented in scenes/README.md); what the keys mean is schema.cpp's and vectors.cpp's.
#include <array>
#include <span>
#include <string_view>

#include "load/heads.hpp"
#include "load/reader.hpp"
#include "load/tensors.hpp"
#include "load/tree.hpp"

namespace load {

namespace {

using namespace std::string_view_literals;

constexpr std::array kMatrices = {"q"sv, "k"sv, "v"sv, "x"sv, "w_q"sv, "w_k"sv, "w_v"sv};

const tree::ListLimit kTokens{kMax, "at most 4096 tokens are supported", false, "a token is at most 64 bytes"};
const tree::ListLimit kRows{kMax, "at most 4096 rows are supported"};
const tree::ListLimit kRow{kMax, "at most 4096 dimensions are supported", true};
const tree::ListLimit kSteps{kMaxSteps, "at most 10000 steps are allowed (the limit)"};
const tree::ListLimit kSlides{kMaxSlides, "at most 1000 slides are allowed (the limit)"};
const tree::ListLimit kAnyList{kMaxList, "at most 10000 items are allowed in any one list (the limit)"};

static_assert(kMax == 4096 && kMaxToken == 64 && kMaxSteps == 10000 && kMaxSlides == 1000 && kMaxList == 10000,
              "the limits' messages above name these numbers");

// The matrices of one head under `heads:` (load/heads.cpp), and the scene's learned positions.
constexpr std::array kHeadMatrices = {"q"sv, "k"sv, "v"sv, "w_q"sv, "w_k"sv, "w_v"sv};
const tree::ListLimit kHeads{kMaxHeads, "at most 256 heads are supported"};
static_assert(kMaxHeads == 256, "the message above names it");

bool is_head_matrix(std::span<const std::string_view> p) {
    if (p.size() < 3 || p[0] != "heads" || p[1] != "[]") return false;
    for (std::string_view m : kHeadMatrices)
        if (p[2] == m) return true;
    return false;
}

bool is_matrix(std::string_view key) {
    for (std::string_view m : kMatrices)
        if (key == m) return true;
    return false;
}

// The list at `path` in a scene or deck file.
const tree::ListLimit* list_at(std::span<const std::string_view> p) {
    if (p.size() == 1) {
        if (p[0] == "tokens") return &kTokens;
        if (is_matrix(p[0])) return &kRows;
        if (p[0] == "steps") return &kSteps;
        if (p[0] == "slides") return &kSlides;
    }
    if (p.size() == 2 && is_matrix(p[0]) && p[1] == "[]") return &kRow;
    if (p.size() == 1 && p[0] == "heads") return &kHeads;
    if (p.size() == 3 && is_head_matrix(p)) return &kRows;
    if (p.size() == 4 && is_head_matrix(p) && p[3] == "[]") return &kRow;
    if (p.size() == 2 && p[0] == "positions" && p[1] == "vectors") return &kRows;
    if (p.size() == 3 && p[0] == "positions" && p[1] == "vectors" && p[2] == "[]") return &kRow;
    // set: keys: {TOKEN: [d numbers]} of a step or an experiment
    if (p.size() == 5 && (p[0] == "steps" || p[0] == "experiments") && p[1] == "[]" && p[2] == "set" && p[3] == "keys")
        return &kRow;
    return nullptr;
}

bool finite_number(std::string_view text, double& out) { return parse_number(text, true, out) == Num::Ok; }

}  // namespace

const tree::Limits& tree::file_limits() {
    static const Limits limits{kMaxNodes, kMaxText, "at most 4000 bytes of text are allowed", kAnyList, list_at, finite_number,
                               kMaxFlowValues};
    static_assert(kMaxText == 4000, "the message above names it");
    return limits;
}

// A tensor file's matrix has the sides of one written inline; its header is checked before it is
// read: NumPy's own reader allows a .npy header of 10000 bytes, and 16 MiB of JSON names tens of
// thousands of tensors (a large model's .safetensors header is a few hundred KiB).
const TensorLimits& tensor_limits() {
    static const TensorLimits limits{10000, 16u * 1024 * 1024, kMax};
    return limits;
}

}  // namespace load
