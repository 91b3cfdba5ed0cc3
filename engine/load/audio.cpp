// load/audio: voice clips measured with ffprobe, started with posix_spawn and an argument vector
// (never a shell); the clip is named to it as "file:PATH" with only the file protocol allowed.
#include "load/audio.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>

extern char** environ;

namespace load {

namespace {

std::string in_path(const std::string& name) {
    const char* path = std::getenv("PATH");
    if (!path) return "";
    std::string all = path;
    for (std::size_t at = 0; at <= all.size();) {
        std::size_t colon = all.find(':', at);
        if (colon == std::string::npos) colon = all.size();
        std::string dir = all.substr(at, colon - at);
        const std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
        struct stat st {};
        if (stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(candidate.c_str(), X_OK) == 0)
            return candidate;
        at = colon + 1;
    }
    return "";
}

// Runs argv with stdout and stderr captured (a few KiB of each is plenty here).
int run(const std::vector<std::string>& argv, std::string& out, std::string& err) {
    int o[2], e[2];
    if (pipe2(o, O_CLOEXEC) != 0) return -1;
    if (pipe2(e, O_CLOEXEC) != 0) {
        close(o[0]);
        close(o[1]);
        return -1;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, o[1], 1);
    posix_spawn_file_actions_adddup2(&fa, e[1], 2);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    std::vector<std::string> args = argv;
    std::vector<char*> cargv;
    for (auto& a : args) cargv.push_back(a.data());
    cargv.push_back(nullptr);
    pid_t pid = -1;
    const int rc = posix_spawn(&pid, cargv[0], &fa, nullptr, cargv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    close(o[1]);
    close(e[1]);
    // ffprobe writes little: read stdout to its end, then stderr (neither fills a pipe).
    for (int fd : {o[0], e[0]}) {
        std::string& into = fd == o[0] ? out : err;
        char buf[4096];
        ssize_t n;
        while ((n = read(fd, buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR))
            if (n > 0 && into.size() < 65536) into.append(buf, static_cast<std::size_t>(n));
        close(fd);
    }
    if (rc != 0) return -1;
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

bool audio_seconds(const std::string& path, double& seconds, std::string& why) {
    if (access(path.c_str(), R_OK) != 0) {
        why = std::strerror(errno);
        return false;
    }
    struct stat st {};
    if (stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
        why = "not a file";
        return false;
    }
    const std::string ffprobe = in_path("ffprobe");
    if (ffprobe.empty()) {
        why = "ffprobe (from ffmpeg) is not in PATH; it is needed to read voice clips (install ffmpeg)";
        return false;
    }
    std::string out, err;
    const int code = run({ffprobe, "-v", "error", "-protocol_whitelist", "file", "-select_streams", "a:0",
                          "-show_entries", "stream=duration:format=duration", "-of", "default=noprint_wrappers=1:nokey=1",
                          "file:" + path},
                         out, err);
    // The audio stream's duration, else the container's (a WAV or MP3 may give only one).
    double best = NAN;
    bool stream = false;
    std::size_t at = 0;
    while (at < out.size()) {
        std::size_t nl = out.find('\n', at);
        if (nl == std::string::npos) nl = out.size();
        const std::string line = out.substr(at, nl - at);
        char* end = nullptr;
        const double x = std::strtod(line.c_str(), &end);
        if (end && end != line.c_str() && std::isfinite(x) && x > 0 && std::isnan(best)) best = x;
        stream = stream || !line.empty();
        at = nl + 1;
    }
    if (code != 0 || std::isnan(best)) {
        while (!err.empty() && (err.back() == '\n' || err.back() == '\r')) err.pop_back();
        const auto nl = err.rfind('\n');
        if (!err.empty()) why = "ffprobe cannot decode it: " + (nl == std::string::npos ? err : err.substr(nl + 1));
        else why = stream ? "it has no length ffprobe can read" : "it holds no audio";
        return false;
    }
    seconds = best;
    return true;
}

void read_voice(Reader& r, const Value& v, std::string& path, double& seconds) {
    if (!v) return;
    auto rel = r.text(v.node, v.key, false);
    if (!rel) return;
    if (rel->empty()) {
        r.error(v.node, v.key + ": expected the path of an audio file (WAV, FLAC, Ogg or MP3), found an empty text");
        return;
    }
    namespace fs = std::filesystem;
    fs::path p(*rel);
    if (p.is_relative()) p = fs::path(r.file()).parent_path() / p;
    const std::string resolved = p.lexically_normal().string();
    double s = 0;
    std::string why;
    if (!audio_seconds(resolved, s, why)) {
        r.error(v.node, v.key + ": cannot use the voice clip '" + *rel + "' (" + resolved + "): " + why);
        return;
    }
    if (s > kMaxSeconds) {
        r.error(v.node, v.key + ": the voice clip '" + *rel + "' lasts " + length_text(s) + ", longer than any video (the limit)");
        return;
    }
    path = resolved;
    seconds = s;
}

}  // namespace load
