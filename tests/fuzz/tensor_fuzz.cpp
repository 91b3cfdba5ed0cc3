// Fuzz target: the tensor readers, reached through the loader as a scene reaches them. The input's
// bytes are written as a .npy file and as a .safetensors file in a scratch folder, and two scenes
// of three tokens name them (`q: {file: t.npy}`, `q: {file: t.safetensors, tensor: q}`), each
// loaded by load::load_file with the scratch folder as the root, under the limits of
// load/limits.cpp. What must hold, for each:
//   - accepted: q is three rows of one width, within the limits, every number finite (a tensor
//     file's NaN or infinity is refused), and the file was read (Result::files names it);
//   - otherwise: diagnostics, each naming the scene, with a line and a column and a message, and
//     no control character reaching the terminal; a file named in a message never quoted.
// Never a crash, a hang, a leak or an exception; the limits are checked against the header and
// the file's size before any data is read, so no input costs more than a small multiple of itself.
#include <unistd.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

#include "fuzz.hpp"
#include "load/load.hpp"

namespace fs = std::filesystem;

namespace {

struct Scratch {
    fs::path dir;
    std::string npy_scene, safetensors_scene;
    Scratch() {
        std::string tmpl = (fs::temp_directory_path() / "attnlab-tensor-fuzz-XXXXXX").string();
        if (!mkdtemp(tmpl.data())) fuzz::fail("mkdtemp");
        dir = fs::canonical(tmpl);
        const std::string rest = "k: [[1, 0], [0, 1], [1, 1]]\nv: [[1, 0], [0, 1], [1, 1]]\n";
        npy_scene = (dir / "npy.yaml").string();
        safetensors_scene = (dir / "safetensors.yaml").string();
        write(npy_scene, "scene: npy\ntokens: [a, b, c]\nq: {file: t.npy}\n" + rest);
        write(safetensors_scene, "scene: st\ntokens: [a, b, c]\nq: {file: t.safetensors, tensor: q}\n" + rest);
    }
    ~Scratch() {
        std::error_code ec;
        fs::remove_all(dir, ec);
    }
    static void write(const fs::path& p, const std::string& bytes) {
        std::ofstream out(p, std::ios::binary | std::ios::trunc);
        out << bytes;
        if (!out) fuzz::fail("cannot write " + p.string());
    }
};

Scratch& scratch() {
    static Scratch s;
    return s;
}

void check(const std::string& scene, const std::string& tensor) {
    const load::Result r = load::load_file(scene, load::Options{scratch().dir.string(), {}});
    bool read = false;
    for (const std::string& f : r.files) read = read || fs::path(f).filename() == fs::path(tensor).filename();
    fuzz::expect(read, "the load does not list the tensor file it read, which hot reload watches");
    if (r.ok()) {
        fuzz::expect(r.deck.slides.size() == 1 && r.deck.slides[0].scene, "an accepted scene file is not one scene");
        const auto& sc = *r.deck.slides[0].scene;
        fuzz::expect(sc.heads[0].q.size() == 3, "an accepted q does not have one row per token");
        for (const auto& row : sc.heads[0].q) {
            fuzz::expect(row.size() == sc.heads[0].q[0].size() && row.size() == 2, "an accepted q is not 3 rows of d = 2");
            for (double x : row) fuzz::expect(std::isfinite(x), "an accepted tensor holds a number that is not finite");
        }
        return;
    }
    for (const auto& e : r.errors) {
        fuzz::expect(!e.file.empty(), "a diagnostic names no file");
        fuzz::expect(e.file == scene, "a diagnostic names a file other than the scene: " + e.file);
        fuzz::expect(e.line > 0 && e.column > 0, "a diagnostic of the scene has no line and column: " + e.format());
        fuzz::expect(!e.message.empty(), "a diagnostic says nothing");
        const std::string line = e.format();
        for (char ch : line)
            fuzz::expect(ch != '\x1b' && ch != '\a' && ch != '\0' && ch != '\r', "a diagnostic passes a control character through");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    Scratch& s = scratch();
    const std::string bytes(reinterpret_cast<const char*>(data), size);
    Scratch::write(s.dir / "t.npy", bytes);
    Scratch::write(s.dir / "t.safetensors", bytes);
    check(s.npy_scene, "t.npy");
    check(s.safetensors_scene, "t.safetensors");
    return 0;
}
