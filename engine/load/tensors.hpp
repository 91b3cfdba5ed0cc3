// load/tensors: matrices a scene takes from the ML ecosystem's own files instead of writing their
// numbers — `{file: q.npy}` (NumPy's format, versions 1 to 3) or `{file: head.safetensors,
// tensor: "layer0.head3.q"}` (Hugging Face's) — read into the engine's doubles: float32, float16,
// bfloat16 and float64; a 2-D tensor, each side within the limits of a matrix written inline.
// Only the header and the one tensor's bytes are read; every size is checked against the file
// and the limits (load/limits.cpp) before any data is. Internal to load/; the one place that
// includes nlohmann-json (the safetensors header). Knows no scene keys beyond the mapping itself.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "load/reader.hpp"

namespace load {

// What a tensor file may hold (load/limits.cpp, documented in scenes/README.md).
struct TensorLimits {
    std::uint64_t npy_header_bytes = 0;          // a .npy header's text (NumPy's own reader allows 10000)
    std::uint64_t safetensors_header_bytes = 0;  // a .safetensors header's JSON
    std::size_t side = 0;                        // rows, and numbers in a row, of a tensor: as inline (kMax)
};
const TensorLimits& tensor_limits();

// A tensor as read: its shape and its numbers in row-major order, converted to double.
struct Tensor {
    std::vector<std::uint64_t> shape;
    std::vector<double> values;
    std::string dtype;  // as the file names it: "<f4", "BF16"
};

// Why a tensor could not be read, and whether it is the tensor's name that is wrong (a message
// then points at `tensor:` rather than at `file:`).
struct TensorProblem {
    std::string why;
    bool about_name = false;
};

// Reads the .npy file at `path`. False with `problem` set when it cannot.
bool read_npy(const std::string& path, Tensor& out, TensorProblem& problem);
// Reads the tensor `name` of the .safetensors file at `path`.
bool read_safetensors(const std::string& path, const std::string& name, Tensor& out, TensorProblem& problem);

// A matrix given as a tensor file: `n` is the mapping {file: PATH, tensor: NAME} at `key`
// ("q", "w_k"); the path is resolved inside the reader's root, as every path a file names.
// Reports each problem at the node it is about and returns nothing; else the matrix, its rows
// (`rows_are`) checked by the caller as an inline matrix's are, with Matrix::source set.
std::optional<Reader::Matrix> tensor_matrix(Reader& r, const Node* n, const std::string& key, const std::string& rows_are);

}  // namespace load
