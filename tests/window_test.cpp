// attnlab's window as an X server sees it: the program runs under its own Xvfb (no window
// manager, as on a lecture-hall PC that boots straight into a session), and the test reads the
// window's properties, geometry and pixels over Xlib, and presses keys through XTEST; attnlab's
// standard error says whether the overlay drew characters no face has.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <clocale>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

// Xlib last: its macros (None, Always, …) would rename Catch's enumerators.
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XTest.h>
#include <X11/keysym.h>

namespace {

using namespace std::chrono_literals;

pid_t spawn(const std::vector<std::string>& argv, const std::vector<std::string>& env_set, int keep_fd = -1,
            const std::string& err_file = "") {
    pid_t pid = fork();
    if (pid == 0) {
        if (!err_file.empty()) {
            const int fd = open(err_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (fd < 0) _exit(126);
            dup2(fd, 2);
            close(fd);
        }
        for (const auto& e : env_set) putenv(strdup(e.c_str()));
        unsetenv("SDL_VIDEODRIVER");
        for (int fd = 3; fd < 256; ++fd)
            if (fd != keep_fd) close(fd);
        std::vector<char*> args;
        for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        execvp(args[0], args.data());
        _exit(127);
    }
    return pid;
}

void stop(pid_t pid) {
    if (pid <= 0) return;
    kill(pid, SIGTERM);
    int status = 0;
    for (int i = 0; i < 50 && waitpid(pid, &status, WNOHANG) == 0; ++i) std::this_thread::sleep_for(20ms);
    if (waitpid(pid, &status, WNOHANG) == 0) {
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
    }
}

// An Xvfb of its own (display number picked by the server), and attnlab started on it.
struct Server {
    pid_t xvfb = -1, app = -1;
    std::string display;
    Display* x = nullptr;

    explicit Server(const std::string& size = "1280x720x24") {
        int fds[2];
        REQUIRE(pipe(fds) == 0);
        xvfb = spawn({"Xvfb", "-displayfd", std::to_string(fds[1]), "-screen", "0", size, "-nolisten", "tcp"}, {}, fds[1]);
        close(fds[1]);
        // The server writes "N\n" when it is ready; read up to the newline before closing the
        // pipe, or it dies on writing the newline.
        std::string number;
        pollfd p{fds[0], POLLIN, 0};
        char c = 0;
        while (number.size() < 8 && poll(&p, 1, 15000) == 1 && read(fds[0], &c, 1) == 1 && c != '\n') number += c;
        close(fds[0]);
        while (!number.empty() && (number.back() == '\n' || number.back() == ' ')) number.pop_back();
        INFO("Xvfb is needed for this test (tools/test installs it); it said '" << number << "'");
        REQUIRE(!number.empty());
        display = ":" + number;
        for (int i = 0; i < 100 && !x; ++i) {  // the server may still be setting up its socket
            x = XOpenDisplay(display.c_str());
            if (!x) std::this_thread::sleep_for(50ms);
        }
        REQUIRE(x);
    }
    ~Server() {
        stop(app);
        if (x) XCloseDisplay(x);
        stop(xvfb);
    }
    // attnlab on this server; its standard error into `err_file` when one is given.
    void start(const std::vector<std::string>& args, const std::vector<std::string>& env = {},
               const std::string& err_file = "") {
        std::vector<std::string> argv{ATTNLAB_BINARY};
        argv.insert(argv.end(), args.begin(), args.end());
        std::vector<std::string> e{"DISPLAY=" + display};
        e.insert(e.end(), env.begin(), env.end());
        app = spawn(argv, e, -1, err_file);
    }
    // The first top-level window that has a WM_NAME, waiting for it to appear.
    Window window() {
        for (int tries = 0; tries < 300; ++tries) {
            Window root_ret, parent;
            Window* children = nullptr;
            unsigned n = 0;
            if (XQueryTree(x, DefaultRootWindow(x), &root_ret, &parent, &children, &n)) {
                for (unsigned i = 0; i < n; ++i) {
                    XTextProperty tp;
                    if (XGetWMName(x, children[i], &tp) && tp.value) {
                        XFree(tp.value);
                        const Window w = children[i];
                        XFree(children);
                        return w;
                    }
                }
                if (children) XFree(children);
            }
            std::this_thread::sleep_for(50ms);
        }
        FAIL("attnlab's window never appeared on " << display);
        return 0;
    }
    std::optional<std::string> utf8_property(Window w, const char* name) {
        Atom prop = XInternAtom(x, name, False), utf8 = XInternAtom(x, "UTF8_STRING", False), type;
        int format;
        unsigned long n, after;
        unsigned char* data = nullptr;
        if (XGetWindowProperty(x, w, prop, 0, 4096, False, utf8, &type, &format, &n, &after, &data) != Success || !data ||
            type != utf8)
            return std::nullopt;
        std::string s(reinterpret_cast<char*>(data), n);
        XFree(data);
        return s;
    }
    std::pair<int, int> size(Window w) {
        XWindowAttributes a;
        XGetWindowAttributes(x, w, &a);
        return {a.width, a.height};
    }
    void key(KeySym sym) {
        const KeyCode code = XKeysymToKeycode(x, sym);
        XTestFakeKeyEvent(x, code, True, CurrentTime);
        XTestFakeKeyEvent(x, code, False, CurrentTime);
        XFlush(x);
    }
};

}  // namespace

TEST_CASE("the window's title reaches the X server whole, as UTF-8, whatever the locale", "[window]") {
    Server s;
    // A plain C locale, as a bare server or a minimal container has.
    s.start({std::string(ATTNLAB_SOURCE_DIR) + "/slides/quick-tour.yaml", "--root", ATTNLAB_SOURCE_DIR}, {"LC_ALL=C", "LANG=C"});
    const Window w = s.window();
    std::optional<std::string> net;
    for (int i = 0; i < 100 && !net; ++i, std::this_thread::sleep_for(20ms)) net = s.utf8_property(w, "_NET_WM_NAME");
    REQUIRE(net);
    CHECK(*net == "attnlab — Attention in three minutes");
    // The legacy WM_NAME decodes to the same text (no "â€”").
    XTextProperty tp;
    REQUIRE(XGetWMName(s.x, w, &tp));
    char** list = nullptr;
    int count = 0;
    std::setlocale(LC_CTYPE, "C.UTF-8");
    REQUIRE(Xutf8TextPropertyToTextList(s.x, &tp, &list, &count) >= Success);
    REQUIRE(count >= 1);
    CHECK(std::string(list[0]) == "attnlab — Attention in three minutes");
    XFreeStringList(list);
    XFree(tp.value);
}

TEST_CASE("F without a window manager covers the screen, and Esc and F11 give the window back", "[window]") {
    Server s("1920x1080x24");
    s.start({std::string(ATTNLAB_SOURCE_DIR) + "/slides/quick-tour.yaml", "--root", ATTNLAB_SOURCE_DIR, "--size", "1280x720"});
    const Window w = s.window();
    auto wait_size = [&](int want_w, int want_h) {
        for (int i = 0; i < 150; ++i, std::this_thread::sleep_for(20ms))
            if (s.size(w) == std::make_pair(want_w, want_h)) return true;
        return false;
    };
    REQUIRE(wait_size(1280, 720));
    XWarpPointer(s.x, None, w, 0, 0, 0, 0, 640, 360);  // keys go where the pointer is: no manager gives focus
    XSync(s.x, False);
    s.key(XK_f);
    CHECK(wait_size(1920, 1080));
    s.key(XK_Escape);
    CHECK(wait_size(1280, 720));
    s.key(XK_F11);
    CHECK(wait_size(1920, 1080));
    s.key(XK_F11);
    CHECK(wait_size(1280, 720));
}

// The overlay draws through the frames' text stack: the overview's step titles in Chinese, Hindi
// and Arabic are real glyphs. attnlab says on its standard error when the overlay drew a
// character no face has (an empty box); with the Noto faces it says nothing, and without them
// (ATTNLAB_FALLBACK_FONTS: an empty folder) it does, so the check can fail.
TEST_CASE("the overlay draws Chinese, Hindi and Arabic with real glyphs under Xvfb", "[window][text]") {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("attnlab-overlay-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir / "no-fonts");
    auto run = [&](const std::vector<std::string>& env, const std::string& name) {
        const std::string err = (dir / name).string();
        {
            Server s;
            s.start({std::string(ATTNLAB_SOURCE_DIR) + "/slides/world-scripts.yaml", "--root", ATTNLAB_SOURCE_DIR, "--size", "1280x720"},
                    env, err);
            const Window w = s.window();
            for (int i = 0; i < 150 && s.size(w) != std::make_pair(1280, 720); ++i) std::this_thread::sleep_for(20ms);
            XWarpPointer(s.x, None, w, 0, 0, 0, 0, 640, 360);  // keys go where the pointer is
            XSync(s.x, False);
            std::this_thread::sleep_for(500ms);
            s.key(XK_o);  // the overview: every step's title, in its script
            std::this_thread::sleep_for(1500ms);
            // Something was drawn where the titles are: the window is not one colour.
            XImage* img = XGetImage(s.x, w, 0, 0, 1280, 720, AllPlanes, ZPixmap);
            REQUIRE(img);
            std::set<unsigned long> colours;
            for (int y = 0; y < 720; y += 3)
                for (int x = 0; x < 1280; x += 3) colours.insert(XGetPixel(img, x, y));
            XDestroyImage(img);
            CHECK(colours.size() > 50);
        }
        std::ifstream in(err);
        return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    };
    const std::string with_faces = run({}, "with-faces.err");
    INFO("attnlab said: " << with_faces);
    CHECK(with_faces.find("empty boxes") == std::string::npos);
    const std::string without = run({"ATTNLAB_FALLBACK_FONTS=" + (dir / "no-fonts").string()}, "without.err");
    INFO("attnlab without the Noto faces said: " << without);
    CHECK(without.find("the overlay drew") != std::string::npos);
    CHECK(without.find("empty boxes") != std::string::npos);
    std::filesystem::remove_all(dir);
}
