// load/tensors: a matrix read from a .npy or .safetensors file (see tensors.hpp). Each reader
// checks what the file says about itself against its size and the limits before it reads a
// byte of data: the header's length, the tensor's dtype, shape and byte range; then it reads
// that range alone and converts it to doubles, refusing NaN and infinities as the inline
// numbers are refused. nlohmann-json's exceptions stay in this file.
#include "load/tensors.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>

#include <nlohmann/json.hpp>

#include "load/root.hpp"

namespace load {

namespace {

namespace fs = std::filesystem;

// ---- bytes ----------------------------------------------------------------------------------

// An open tensor file and its size; reads byte ranges that were checked against that size.
struct File {
    std::ifstream in;
    std::uint64_t size = 0;

    bool open(const std::string& path, std::string& why) {
        std::error_code ec;
        const fs::file_status st = fs::status(path, ec);
        if (ec || !fs::exists(st)) {
            why = "does not exist";
            return false;
        }
        if (!fs::is_regular_file(st)) {
            why = fs::is_directory(st) ? "is a folder; expected a .npy or .safetensors file" : "is not a regular file";
            return false;
        }
        size = fs::file_size(path, ec);
        if (ec) {
            why = "cannot be read: " + ec.message();
            return false;
        }
        in.open(path, std::ios::binary);
        if (!in) {
            why = "cannot be opened";
            return false;
        }
        return true;
    }
    // `count` bytes from `offset`, which the caller has checked lie inside the file.
    bool read(std::uint64_t offset, std::uint64_t count, std::string& out) {
        out.assign(static_cast<std::size_t>(count), '\0');
        in.seekg(static_cast<std::streamoff>(offset));
        in.read(out.data(), static_cast<std::streamsize>(count));
        return static_cast<std::uint64_t>(in.gcount()) == count;
    }
};

// An unsigned integer of `bytes` bytes, least significant first (or last, `big_endian`).
std::uint64_t integer_at(const unsigned char* p, int bytes, bool big_endian = false) {
    std::uint64_t x = 0;
    for (int i = 0; i < bytes; ++i) x = (x << 8) | p[big_endian ? i : bytes - 1 - i];
    return x;
}

// IEEE 754 half precision: 1 sign bit, 5 exponent bits (bias 15), 10 fraction bits.
double from_half(std::uint16_t h) {
    const int exponent = (h >> 10) & 0x1f, fraction = h & 0x3ff;
    double v = 0;
    if (exponent == 0) v = std::ldexp(fraction, -24);  // zero and the subnormals
    else if (exponent == 31) v = fraction ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
    else v = std::ldexp(fraction + 1024, exponent - 25);
    return (h & 0x8000) ? -v : v;
}

// The number types attnlab reads, whatever a format calls them.
enum class Type { F16, BF16, F32, F64 };
int width_of(Type t) { return t == Type::F64 ? 8 : t == Type::F32 ? 4 : 2; }

double convert(const unsigned char* p, Type t, bool big_endian) {
    const std::uint64_t bits = integer_at(p, width_of(t), big_endian);
    switch (t) {  // __builtin_bit_cast: the web build's libc++ 13 has no std::bit_cast
        case Type::F16: return from_half(static_cast<std::uint16_t>(bits));
        // bfloat16 is the top half of a float32.
        case Type::BF16: return __builtin_bit_cast(float, static_cast<std::uint32_t>(bits << 16));
        case Type::F32: return __builtin_bit_cast(float, static_cast<std::uint32_t>(bits));
        case Type::F64: return __builtin_bit_cast(double, bits);
    }
    return 0;
}

std::string shape_text(const std::vector<std::uint64_t>& shape) {
    std::string s = "[";
    for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + "]";
}

// The product of `shape` times `width`, false when it overflows 64 bits.
bool bytes_of(const std::vector<std::uint64_t>& shape, std::uint64_t width, std::uint64_t& out) {
    out = width;
    for (std::uint64_t n : shape)
        if (__builtin_mul_overflow(out, n, &out)) return false;
    return true;
}

// A matrix has two sides, each 1..limit: checked before its data is read.
bool check_shape(const std::vector<std::uint64_t>& shape, std::string& why) {
    const std::uint64_t limit = tensor_limits().side;
    if (shape.size() != 2) {
        why = "has shape " + shape_text(shape) + "; expected a matrix (2 dimensions: a row per token or per input " +
              "dimension" + (shape.size() > 2 ? ", so drop the batch or head dimensions when saving it" : "") + ")";
        return false;
    }
    for (std::uint64_t n : shape)
        if (n == 0 || n > limit) {
            why = "has shape " + shape_text(shape) + "; each side of a matrix is 1.." + std::to_string(limit) +
                  (n ? " (the limit)" : "");
            return false;
        }
    return true;
}

// Converts the bytes of a matrix `shape` (row-major, or column-major when `fortran`) to doubles;
// false with `why` at the first number that is not finite.
bool convert_all(const std::string& data, Type t, bool big_endian, bool fortran, Tensor& out, std::string& why) {
    const std::uint64_t rows = out.shape[0], cols = out.shape[1];
    const auto* p = reinterpret_cast<const unsigned char*>(data.data());
    const int w = width_of(t);
    out.values.assign(static_cast<std::size_t>(rows * cols), 0.0);
    for (std::uint64_t i = 0; i < rows; ++i)
        for (std::uint64_t j = 0; j < cols; ++j) {
            const std::uint64_t at = fortran ? j * rows + i : i * cols + j;
            const double x = convert(p + at * static_cast<std::uint64_t>(w), t, big_endian);
            if (!std::isfinite(x)) {
                why = std::string("holds ") + (std::isnan(x) ? "NaN" : x > 0 ? "inf" : "-inf") + " at [" + std::to_string(i) +
                      ", " + std::to_string(j) + "]; expected finite numbers";
                return false;
            }
            out.values[static_cast<std::size_t>(i * cols + j)] = x;
        }
    return true;
}

// ---- .npy -----------------------------------------------------------------------------------

// The header of a .npy file: a Python dict literal, {'descr': '<f4', 'fortran_order': False,
// 'shape': (3, 4), } — strings, True/False and tuples of integers; anything else (a structured
// dtype's list) is read as "other".
struct PyValue {
    enum class Kind { Text, Bool, Tuple, Other } kind = Kind::Other;
    std::string text;
    bool truth = false;
    std::vector<std::uint64_t> tuple;
};

class PyDict {
public:
    explicit PyDict(const std::string& s) : s_(s) {}
    bool parse(std::map<std::string, PyValue>& out) {
        space();
        if (!take('{')) return false;
        for (;;) {
            space();
            if (take('}')) break;
            std::string key;
            if (!string(key)) return false;
            space();
            if (!take(':')) return false;
            space();
            if (!value(out[key])) return false;
            space();
            if (take(',')) continue;
            if (take('}')) break;
            return false;
        }
        space();
        return at_ == s_.size();
    }

private:
    const std::string& s_;
    std::size_t at_ = 0;

    void space() {
        while (at_ < s_.size() && (s_[at_] == ' ' || s_[at_] == '\n' || s_[at_] == '\t' || s_[at_] == '\r')) ++at_;
    }
    bool take(char c) { return at_ < s_.size() && s_[at_] == c ? (++at_, true) : false; }
    bool word(std::string_view w) {
        if (s_.compare(at_, w.size(), w) != 0) return false;
        at_ += w.size();
        return true;
    }
    bool string(std::string& out) {
        if (at_ >= s_.size() || (s_[at_] != '\'' && s_[at_] != '"')) return false;
        const char quote = s_[at_++];
        const std::size_t end = s_.find(quote, at_);
        if (end == std::string::npos) return false;
        out = s_.substr(at_, end - at_);
        at_ = end + 1;
        return true;
    }
    bool integer(std::uint64_t& out) {
        const std::size_t start = at_;
        out = 0;
        while (at_ < s_.size() && s_[at_] >= '0' && s_[at_] <= '9') {
            if (__builtin_mul_overflow(out, 10u, &out) || __builtin_add_overflow(out, static_cast<unsigned>(s_[at_] - '0'), &out))
                return false;
            ++at_;
        }
        if (at_ == start) return false;
        take('L');  // Python 2 wrote long integers so
        return true;
    }
    // A value; nested lists and tuples (a structured dtype) are skipped by bracket depth.
    bool value(PyValue& v) {
        if (at_ < s_.size() && (s_[at_] == '\'' || s_[at_] == '"')) {
            v.kind = PyValue::Kind::Text;
            return string(v.text);
        }
        if (word("True")) return v.kind = PyValue::Kind::Bool, v.truth = true, true;
        if (word("False")) return v.kind = PyValue::Kind::Bool, v.truth = false, true;
        if (take('(')) {
            v.kind = PyValue::Kind::Tuple;
            for (;;) {
                space();
                if (take(')')) return true;
                std::uint64_t n = 0;
                if (!integer(n)) return skip_rest(v);
                v.tuple.push_back(n);
                space();
                if (take(',')) continue;
                if (take(')')) return true;
                return false;
            }
        }
        if (at_ < s_.size() && s_[at_] == '[') return skip_rest(v);
        return false;
    }
    // Skips to the end of the bracketed value the cursor is in (quotes respected).
    bool skip_rest(PyValue& v) {
        v.kind = PyValue::Kind::Other;
        int depth = 1;
        if (s_[at_] == '[' || s_[at_] == '(') ++at_;
        while (at_ < s_.size() && depth > 0) {
            const char c = s_[at_];
            if (c == '\'' || c == '"') {
                std::string ignored;
                if (!string(ignored)) return false;
                continue;
            }
            if (c == '[' || c == '(') ++depth;
            if (c == ']' || c == ')') --depth;
            ++at_;
        }
        return depth == 0;
    }
};

constexpr char kNpyMagic[] = "\x93NUMPY";

// The number type of a .npy descr: '<f4' float32, '<f2' float16, '<f8' float64 ('>' for big
// endian); 'bfloat16', as a writer that keeps ml_dtypes' name writes it.
bool npy_type(const std::string& descr, Type& t, bool& big_endian, std::string& why) {
    if (descr == "bfloat16") return t = Type::BF16, big_endian = false, true;
    if (descr.size() == 3 && (descr[0] == '<' || descr[0] == '>') && descr[1] == 'f') {
        big_endian = descr[0] == '>';
        if (descr[2] == '2') return t = Type::F16, true;
        if (descr[2] == '4') return t = Type::F32, true;
        if (descr[2] == '8') return t = Type::F64, true;
    }
    why = "has dtype '" + core::printable(descr) + "'; expected float32 ('<f4'), float16 ('<f2'), float64 ('<f8') or bfloat16";
    if (descr == "<V2" || descr == "|V2")
        why += " ('" + descr + "' is two raw bytes: np.save writes ml_dtypes' bfloat16 so, and the type is lost; save "
               "a.astype(np.float32), or a .safetensors file, which names BF16)";
    return false;
}

}  // namespace

bool read_npy(const std::string& path, Tensor& out, TensorProblem& problem) {
    std::string& why = problem.why;
    File f;
    if (!f.open(path, why)) return false;
    const auto truncated = [&](const std::string& what) {
        why = "is truncated: " + what + " (the file has " + plural(f.size, "byte", "bytes") + ")";
        return false;
    };
    std::string head;
    if (f.size < 10 || !f.read(0, std::min<std::uint64_t>(f.size, 12), head)) return truncated("a .npy file starts with 10 bytes or more");
    if (head.compare(0, 6, kNpyMagic) != 0) {
        why = "is not a .npy file (it does not start with \\x93NUMPY)";
        return false;
    }
    const auto* b = reinterpret_cast<const unsigned char*>(head.data());
    const int major = b[6], minor = b[7];
    if (major < 1 || major > 3 || minor != 0) {
        why = "is version " + std::to_string(major) + "." + std::to_string(minor) + " of the .npy format; attnlab reads 1.0, 2.0 and 3.0";
        return false;
    }
    if (major > 1 && f.size < 12) return truncated("its header's length takes bytes 8 to 11");
    const std::uint64_t header_at = major == 1 ? 10 : 12;
    const std::uint64_t header_bytes = integer_at(b + 8, major == 1 ? 2 : 4);
    const std::uint64_t limit = tensor_limits().npy_header_bytes;
    if (header_bytes > limit) {
        why = "has a header of " + plural(header_bytes, "byte", "bytes") + "; at most " + std::to_string(limit) +
              " are allowed (the limit)";
        return false;
    }
    if (header_at + header_bytes > f.size)
        return truncated("its header's length, " + std::to_string(header_bytes) + " bytes, runs past its end");
    std::string header;
    if (!f.read(header_at, header_bytes, header)) return truncated("its header cannot be read whole");
    std::map<std::string, PyValue> dict;
    if (!PyDict(header).parse(dict)) {
        why = "has a header that is not a Python dict of 'descr', 'fortran_order' and 'shape'";
        return false;
    }
    const auto have = [&](const char* k, PyValue::Kind kind) {
        auto it = dict.find(k);
        return it != dict.end() && it->second.kind == kind;
    };
    if (!have("descr", PyValue::Kind::Text)) {
        why = dict.count("descr") ? "has a structured dtype (a record of fields); expected one float type"
                                  : "has a header without 'descr' (its dtype)";
        return false;
    }
    if (!have("fortran_order", PyValue::Kind::Bool) || !have("shape", PyValue::Kind::Tuple)) {
        why = "has a header without 'fortran_order' (True or False) or 'shape' (a tuple of integers)";
        return false;
    }
    Type type{};
    bool big_endian = false;
    out.dtype = dict["descr"].text;
    if (!npy_type(out.dtype, type, big_endian, why)) return false;
    out.shape = dict["shape"].tuple;
    if (!check_shape(out.shape, why)) return false;
    std::uint64_t data_bytes = 0;
    bytes_of(out.shape, static_cast<std::uint64_t>(width_of(type)), data_bytes);  // within the limits: no overflow
    const std::uint64_t data_at = header_at + header_bytes;
    if (f.size - data_at < data_bytes)
        return truncated("its shape " + shape_text(out.shape) + " of '" + out.dtype + "' needs " +
                         plural(data_bytes, "byte", "bytes") + " of data, and " + std::to_string(f.size - data_at) +
                         " follow the header");
    if (f.size - data_at > data_bytes) {
        why = "has " + plural(f.size - data_at - data_bytes, "byte", "bytes") + " after the " + std::to_string(data_bytes) +
              " its header describes (shape " + shape_text(out.shape) + " of '" + out.dtype + "')";
        return false;
    }
    std::string data;
    if (!f.read(data_at, data_bytes, data)) return truncated("its data cannot be read whole");
    return convert_all(data, type, big_endian, dict["fortran_order"].truth, out, why);
}

// ---- .safetensors ---------------------------------------------------------------------------

namespace {

using json = nlohmann::json;

// Bytes per number of each safetensors dtype (0: a size attnlab does not know, such as the
// sub-byte types), so that every entry's byte range can be checked against its shape.
std::uint64_t safetensors_width(const std::string& dtype) {
    static const std::map<std::string, std::uint64_t> widths = {
        {"BOOL", 1}, {"U8", 1},  {"I8", 1},  {"F8_E5M2", 1}, {"F8_E4M3", 1}, {"F8_E8M0", 1}, {"I16", 2}, {"U16", 2},
        {"F16", 2},  {"BF16", 2}, {"I32", 4}, {"U32", 4},     {"F32", 4},     {"I64", 8},     {"U64", 8}, {"F64", 8}};
    auto it = widths.find(dtype);
    return it == widths.end() ? 0 : it->second;
}

struct Entry {
    std::string name, dtype;
    std::vector<std::uint64_t> shape;
    std::uint64_t begin = 0, end = 0;
};

std::string in_quotes(const std::string& name) { return "'" + core::printable(name) + "'"; }

// The names nearest to `name`, nearest first (at most `count`).
std::vector<std::string> nearest_names(const std::string& name, const std::vector<Entry>& entries, std::size_t count) {
    std::vector<std::pair<int, std::string>> ranked;
    for (const Entry& e : entries) ranked.emplace_back(core::edit_distance(name, e.name), e.name);
    std::sort(ranked.begin(), ranked.end());
    std::vector<std::string> out;
    for (std::size_t i = 0; i < ranked.size() && i < count; ++i) out.push_back(in_quotes(ranked[i].second));
    return out;
}

// One entry of the header, checked: a dtype, a shape of integers, [begin, end] inside the data
// of `data_bytes` bytes and as long as the shape says.
bool entry(const std::string& name, const json& v, std::uint64_t data_bytes, Entry& e, std::string& why) {
    e.name = name;
    const std::string what = "has a header whose entry " + in_quotes(name);
    if (!v.is_object() || !v.contains("dtype") || !v.contains("shape") || !v.contains("data_offsets")) {
        why = what + " is not {\"dtype\", \"shape\", \"data_offsets\"}";
        return false;
    }
    const json& dtype = v["dtype"];
    const json& shape = v["shape"];
    const json& offsets = v["data_offsets"];
    if (!dtype.is_string() || !shape.is_array() || !offsets.is_array() || offsets.size() != 2 ||
        !offsets[0].is_number_unsigned() || !offsets[1].is_number_unsigned()) {
        why = what + " has a wrong type (dtype a text, shape a list, data_offsets two byte offsets)";
        return false;
    }
    e.dtype = dtype.get<std::string>();
    for (const json& n : shape) {
        if (!n.is_number_unsigned()) {
            why = what + " has a shape that is not a list of sizes";
            return false;
        }
        e.shape.push_back(n.get<std::uint64_t>());
    }
    e.begin = offsets[0].get<std::uint64_t>();
    e.end = offsets[1].get<std::uint64_t>();
    if (e.begin > e.end || e.end > data_bytes) {
        why = what + " has data_offsets [" + std::to_string(e.begin) + ", " + std::to_string(e.end) + "] outside the " +
              plural(data_bytes, "byte", "bytes") + " of data after the header (the file is truncated, or its header is wrong)";
        return false;
    }
    std::uint64_t bytes = 0;
    const std::uint64_t width = safetensors_width(e.dtype);
    if (!width || (bytes_of(e.shape, width, bytes) && bytes == e.end - e.begin)) return true;
    why = what + " has " + plural(e.end - e.begin, "byte", "bytes") + " of data, but its shape " + shape_text(e.shape) + " of " +
          core::printable(e.dtype) + " needs " + (bytes_of(e.shape, width, bytes) ? std::to_string(bytes) : "more");
    return false;
}

}  // namespace

bool read_safetensors(const std::string& path, const std::string& name, Tensor& out, TensorProblem& problem) {
    std::string& why = problem.why;
    File f;
    if (!f.open(path, why)) return false;
    std::string head;
    if (f.size < 8 || !f.read(0, 8, head)) {
        why = "is truncated: a .safetensors file starts with 8 bytes, its header's length (the file has " +
              plural(f.size, "byte", "bytes") + ")";
        return false;
    }
    const std::uint64_t header_bytes = integer_at(reinterpret_cast<const unsigned char*>(head.data()), 8);
    const std::uint64_t limit = tensor_limits().safetensors_header_bytes;
    if (header_bytes > limit) {
        why = "has a header of " + plural(header_bytes, "byte", "bytes") + "; at most " + std::to_string(limit) +
              " are allowed (the limit)";
        return false;
    }
    if (header_bytes > f.size - 8) {
        why = "is truncated, or no .safetensors file: its header's length, " + plural(header_bytes, "byte", "bytes") +
              ", is more than the " + std::to_string(f.size - 8) + " after it";
        return false;
    }
    std::string header;
    if (!f.read(8, header_bytes, header)) {
        why = "is truncated: its header cannot be read whole";
        return false;
    }
    // The header is one JSON object of objects: nothing deeper than an entry's shape is needed,
    // so deeper nesting is refused as it is parsed rather than built.
    bool too_deep = false;
    json parsed;
    try {
        parsed = json::parse(
            header,
            [&](int depth, json::parse_event_t, json&) {
                if (depth > 3) too_deep = true;
                return !too_deep;
            },
            false);
    } catch (const std::exception& e) {  // nlohmann-json's, or memory
        why = std::string("has a header that cannot be read: ") + e.what();
        return false;
    }
    if (too_deep || parsed.is_discarded() || !parsed.is_object()) {
        why = "has a header that is not a JSON object of tensors (a .safetensors file's header is JSON)";
        return false;
    }
    const std::uint64_t data_bytes = f.size - 8 - header_bytes;
    std::vector<Entry> entries;
    try {
        for (auto it = parsed.begin(); it != parsed.end(); ++it) {
            if (it.key() == "__metadata__") continue;  // free text about the file
            Entry e;
            if (!entry(it.key(), it.value(), data_bytes, e, why)) return false;
            entries.push_back(std::move(e));
        }
    } catch (const std::exception& e) {
        why = std::string("has a header that cannot be read: ") + e.what();
        return false;
    }
    // No two tensors share bytes (the format lays them end to end).
    std::vector<const Entry*> by_offset;
    for (const Entry& e : entries)
        if (e.end > e.begin) by_offset.push_back(&e);
    std::sort(by_offset.begin(), by_offset.end(), [](const Entry* a, const Entry* b) { return a->begin < b->begin; });
    for (std::size_t i = 1; i < by_offset.size(); ++i)
        if (by_offset[i]->begin < by_offset[i - 1]->end) {
            why = "has a header whose tensors " + in_quotes(by_offset[i - 1]->name) + " and " + in_quotes(by_offset[i]->name) +
                  " overlap (bytes " + std::to_string(by_offset[i]->begin) + " to " +
                  std::to_string(std::min(by_offset[i]->end, by_offset[i - 1]->end)) + " of the data)";
            return false;
        }
    auto found = std::find_if(entries.begin(), entries.end(), [&](const Entry& e) { return e.name == name; });
    if (found == entries.end()) {
        problem.about_name = true;
        if (entries.empty()) return why = "holds no tensors", false;
        std::vector<std::string> names;
        for (const Entry& e : entries) names.push_back(e.name);
        const std::string near = core::nearest(name, names);
        why = "has no tensor " + in_quotes(name) + (near.empty() ? "" : " (did you mean " + in_quotes(near) + "?)") + "; " +
              (entries.size() <= 8 ? "its tensors: " : "the nearest of its " + std::to_string(entries.size()) + " tensors: ") +
              join(nearest_names(name, entries, 8));
        return false;
    }
    problem.about_name = true;  // what follows is about this tensor
    out.dtype = found->dtype;
    out.shape = found->shape;
    const Type type = out.dtype == "F32" ? Type::F32 : out.dtype == "F16" ? Type::F16 : out.dtype == "BF16" ? Type::BF16 : Type::F64;
    if (out.dtype != "F32" && out.dtype != "F16" && out.dtype != "BF16" && out.dtype != "F64") {
        why = "has dtype " + core::printable(out.dtype) + "; expected F32, F16, BF16 or F64";
        return false;
    }
    if (!check_shape(out.shape, why)) return false;
    std::string data;
    if (!f.read(8 + header_bytes + found->begin, found->end - found->begin, data)) {
        why = "is truncated: its data cannot be read whole";
        return false;
    }
    return convert_all(data, type, false, false, out, why);
}

// ---- the scene's mapping --------------------------------------------------------------------

std::optional<Reader::Matrix> tensor_matrix(Reader& r, const Node* n, const std::string& key, const std::string& rows_are) {
    const Reader::Fields f = r.fields(n, key, {"file", "tensor"});
    const Node* file = f.get("file");
    const Node* tensor = f.get("tensor");
    if (!file) {
        r.error(n, key + ": missing key 'file' (a .npy or .safetensors file holding " + rows_are + ")");
        return std::nullopt;
    }
    auto rel = r.text(file, key + ".file", false);
    if (!rel) return std::nullopt;
    const std::string ext = fs::path(*rel).extension().string();
    const bool npy = ext == ".npy", safetensors = ext == ".safetensors";
    if (!npy && !safetensors) {
        r.error(file, key + ".file: '" + core::printable(*rel) + "': expected a .npy or .safetensors file");
        return std::nullopt;
    }
    std::optional<std::string> name;
    if (safetensors && !tensor) {
        r.error(n, key + ": missing key 'tensor' (the name of the tensor in " + core::printable(*rel) + ")");
        return std::nullopt;
    }
    if (npy && tensor) {
        r.error(f.key("tensor"), key + ".tensor: a .npy file holds one array, which has no name (leave 'tensor' out)");
        return std::nullopt;
    }
    if (tensor && !(name = r.name(tensor, key + ".tensor"))) return std::nullopt;
    // Inside the root, as every file a deck names.
    const std::string dir = fs::path(r.file()).parent_path().string();
    Root own;
    std::string resolved, why;
    if (!r.root() && !Root::make(dir, own, why)) {
        r.error(file, key + ".file: '" + core::printable(*rel) + "': " + why);
        return std::nullopt;
    }
    if (!resolve_inside(r.root() ? *r.root() : own, dir, *rel, resolved, why)) {
        r.error(file, key + ".file: '" + core::printable(*rel) + "' " + why);
        return std::nullopt;
    }
    r.read_file(resolved);  // watched by hot reload, read well or not
    Tensor t;
    TensorProblem problem;
    const bool ok = npy ? read_npy(resolved, t, problem) : read_safetensors(resolved, *name, t, problem);
    const std::string source = name ? "the tensor " + in_quotes(*name) + " of " + core::printable(*rel) : core::printable(*rel);
    if (!ok) {
        const std::string what = "'" + core::printable(*rel) + "' " + problem.why;
        if (problem.about_name && name) r.error(tensor, key + ".tensor: " + what);
        else r.error(file, key + ".file: " + what);
        return std::nullopt;
    }
    Reader::Matrix m;
    m.node = n;
    m.source = source + ", shape " + shape_text(t.shape);
    const std::size_t rows = static_cast<std::size_t>(t.shape[0]), cols = static_cast<std::size_t>(t.shape[1]);
    m.rows.assign(rows, core::Vec(cols));
    for (std::size_t i = 0; i < rows; ++i)
        std::copy_n(t.values.begin() + static_cast<std::ptrdiff_t>(i * cols), cols, m.rows[i].begin());
    return m;
}

}  // namespace load
