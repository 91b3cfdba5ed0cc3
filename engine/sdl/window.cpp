// sdl/window: the SDL window, its renderer or framebuffer, and fullscreen without a window
// manager (see the header).
#include "sdl/window.hpp"

#include <SDL_opengl.h>
#include <SDL_syswm.h>
#include <X11/Xatom.h>
#include <X11/Xlib.h>

#include <langinfo.h>

#include <clocale>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

namespace sdl {

namespace {

bool driver_asked_for(const char* driver) {
    const char* env = std::getenv("SDL_VIDEODRIVER");
    if (!env || !driver) return false;
    std::string s = env;
    // SDL_VIDEODRIVER may list several drivers, comma-separated.
    std::size_t at = 0;
    while (at <= s.size()) {
        std::size_t comma = s.find(',', at);
        std::string name = s.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
        if (SDL_strcasecmp(name.c_str(), driver) == 0) return true;
        if (comma == std::string::npos) break;
        at = comma + 1;
    }
    return false;
}

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// True for a window on an X server without an EWMH window manager (none sets
// _NET_SUPPORTING_WM_CHECK on the root), where nobody honours a request to go fullscreen.
bool x11_without_window_manager(SDL_Window* w) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(w, &info) || info.subsystem != SDL_SYSWM_X11) return false;
    Display* d = info.info.x11.display;
    const Atom check = XInternAtom(d, "_NET_SUPPORTING_WM_CHECK", True);
    if (check == None) return true;
    Atom type = None;
    int format = 0;
    unsigned long n = 0, after = 0;
    unsigned char* data = nullptr;
    const bool has = XGetWindowProperty(d, DefaultRootWindow(d), check, 0, 1, False, XA_WINDOW, &type, &format, &n, &after,
                                        &data) == Success &&
                     data && n == 1;
    if (data) XFree(data);
    return !has;
}

}  // namespace

Video::Video() {
    // Without a GPU, SDL's "accelerated" window framebuffer goes through software GL: slow.
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0");
    // Titles are UTF-8 ("attnlab — How attention works"), and Xlib converts them with the C
    // library's character type, which is plain ASCII until a program picks a locale: the em dash
    // showed as "â" and _NET_WM_NAME was never set. Use the user's locale when it is UTF-8.
    const char* ctype = std::setlocale(LC_CTYPE, "");
    if (!ctype || std::strcmp(nl_langinfo(CODESET), "UTF-8") != 0) std::setlocale(LC_CTYPE, "C.UTF-8");
    // With no display named at all, say so before SDL tries its drivers: the Wayland client
    // library would print its own complaint about XDG_RUNTIME_DIR ahead of attnlab's message.
    const auto unset = [](const char* name) { const char* v = std::getenv(name); return !v || !*v; };
    if (unset("DISPLAY") && unset("WAYLAND_DISPLAY") && unset("SDL_VIDEODRIVER")) {
        problem_ = "no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set)";
        return;
    }
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        problem_ = std::string("cannot open a window: ") + SDL_GetError();
        return;
    }
    inited_ = true;
    const char* driver = SDL_GetCurrentVideoDriver();
    if (driver && (std::strcmp(driver, "offscreen") == 0 || std::strcmp(driver, "dummy") == 0) && !driver_asked_for(driver)) {
        problem_ = std::string("no display to open a window on (SDL fell back to its '") + driver + "' video driver)";
        return;
    }
    ok_ = true;
}

Video::~Video() {
    if (inited_) SDL_QuitSubSystem(SDL_INIT_VIDEO);
}

bool prefer_software_renderer() {
    if (const char* env = std::getenv("ATTNLAB_RENDERER")) {
        std::string v = lower(env);
        if (v == "software") return true;
        if (v == "accelerated" || v == "gpu") return false;
    }
    const char* driver = SDL_GetCurrentVideoDriver();
    if (driver && (std::strcmp(driver, "offscreen") == 0 || std::strcmp(driver, "dummy") == 0)) return true;
#ifdef __linux__
    std::error_code ec;
    if (!std::filesystem::exists("/dev/dri", ec)) return true;  // no GPU at all
    if (std::getenv("LIBGL_ALWAYS_SOFTWARE")) return true;
#endif
    return false;
}

RenderTarget::~RenderTarget() {
    if (tex_) SDL_DestroyTexture(tex_);
    if (ren_) SDL_DestroyRenderer(ren_);
    if (win_) SDL_DestroyWindow(win_);
}

bool RenderTarget::make_renderer(bool software, std::string& error) {
    if (tex_) SDL_DestroyTexture(tex_);
    tex_ = nullptr;
    tex_w_ = tex_h_ = 0;
    if (ren_) SDL_DestroyRenderer(ren_);
    ren_ = SDL_CreateRenderer(win_, -1, software ? SDL_RENDERER_SOFTWARE : SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
    if (!ren_) {
        error = std::string("cannot create a renderer: ") + SDL_GetError();
        return false;
    }
    SDL_RendererInfo info;
    SDL_GetRendererInfo(ren_, &info);
    renderer_name_ = info.name ? info.name : "?";
    return true;
}

bool RenderTarget::open(const std::string& title, int display, int w, int h, bool fullscreen, std::string& error,
                        const app::PixelRect* at) {
    Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
    if (fullscreen) flags |= SDL_WINDOW_FULLSCREEN_DESKTOP;
    const int pos = static_cast<int>(SDL_WINDOWPOS_CENTERED_DISPLAY(display));
    win_ = at ? SDL_CreateWindow(title.c_str(), at->x, at->y, at->w, at->h, flags)
              : SDL_CreateWindow(title.c_str(), pos, pos, w, h, flags);
    if (!win_) {
        error = std::string("cannot open a window: ") + SDL_GetError();
        return false;
    }
    bool software = prefer_software_renderer();
    if (software && direct_surface()) {
        renderer_name_ = "window surface";
        return true;
    }
    if (!make_renderer(software, error)) {
        if (software || !make_renderer(true, error)) return false;
        software = true;
    }
    // A GL renderer on a software rasteriser is the slow path: fall back to SDL's software one.
    if (!software && renderer_name_.rfind("opengl", 0) == 0 && !std::getenv("ATTNLAB_RENDERER")) {
        using GetString = const GLubyte*(APIENTRY*)(GLenum);
        auto get = reinterpret_cast<GetString>(SDL_GL_GetProcAddress("glGetString"));
        const GLubyte* r = get ? get(GL_RENDERER) : nullptr;
        std::string gl = r ? lower(reinterpret_cast<const char*>(r)) : "";
        if (gl.find("llvmpipe") != std::string::npos || gl.find("softpipe") != std::string::npos ||
            gl.find("swrast") != std::string::npos || gl.find("software") != std::string::npos) {
            if (!make_renderer(true, error)) return false;
        }
    }
    return true;
}

// Without a GPU the cheapest path is no renderer at all: Cairo draws into the window's own
// framebuffer (shared memory on X11), saving the texture-to-framebuffer copy of a present.
bool RenderTarget::direct_surface() {
    SDL_Surface* s = SDL_GetWindowSurface(win_);
    if (!s || s->format->BytesPerPixel != 4 || s->format->Rmask != 0x00ff0000 || s->format->Gmask != 0x0000ff00 ||
        s->format->Bmask != 0x000000ff)
        return false;
    surface_ = true;
    return true;
}

void RenderTarget::sizes(int& win_w, int& win_h, int& px_w, int& px_h) const {
    SDL_GetWindowSize(win_, &win_w, &win_h);
    if (surface_) {
        px_w = win_w;
        px_h = win_h;
        return;
    }
    if (SDL_GetRendererOutputSize(ren_, &px_w, &px_h) != 0) {
        px_w = win_w;
        px_h = win_h;
    }
}

bool RenderTarget::fullscreen() const {
    return covering_ || (SDL_GetWindowFlags(win_) & (SDL_WINDOW_FULLSCREEN | SDL_WINDOW_FULLSCREEN_DESKTOP)) != 0;
}

void RenderTarget::set_fullscreen(bool on) {
    if (on == fullscreen()) return;
    if (covering_) {
        SDL_SetWindowSize(win_, restore_.w, restore_.h);
        SDL_SetWindowPosition(win_, restore_.x, restore_.y);
        SDL_SetWindowBordered(win_, SDL_TRUE);
        covering_ = false;
        return;
    }
    SDL_Rect bounds;
    if (on && x11_without_window_manager(win_) && SDL_GetDisplayBounds(SDL_GetWindowDisplayIndex(win_), &bounds) == 0) {
        SDL_GetWindowPosition(win_, &restore_.x, &restore_.y);
        SDL_GetWindowSize(win_, &restore_.w, &restore_.h);
        SDL_SetWindowBordered(win_, SDL_FALSE);
        SDL_SetWindowPosition(win_, bounds.x, bounds.y);
        SDL_SetWindowSize(win_, bounds.w, bounds.h);
        covering_ = true;
        return;
    }
    SDL_SetWindowFullscreen(win_, on ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
}

bool RenderTarget::draw(const std::function<void(const app::Pixels&)>& paint, std::string& error,
                        const std::function<const app::Damage&()>& damage) {
    if (surface_) {
        SDL_Surface* ws = SDL_GetWindowSurface(win_);  // re-made by SDL after a resize
        if (!ws) {
            error = std::string("cannot get the window surface: ") + SDL_GetError();
            return false;
        }
        SDL_LockSurface(ws);
        app::Pixels px{static_cast<std::uint32_t*>(ws->pixels), ws->w, ws->h, ws->pitch};
        px.kept = !whole_ && ws == painted_surface_ && ws->pixels == painted_pixels_;
        paint(px);
        painted_surface_ = ws;
        painted_pixels_ = ws->pixels;
        SDL_UnlockSurface(ws);
        const app::Damage* d = damage ? &damage() : nullptr;
        if (whole_ || !d || d->all) {
            SDL_UpdateWindowSurface(win_);
            whole_ = false;
        } else if (!d->rects.empty()) {
            // Only the rectangles that changed travel to the X server.
            std::vector<SDL_Rect> rects;
            rects.reserve(d->rects.size());
            for (const app::PixelRect& r : d->rects) rects.push_back({r.x, r.y, r.w, r.h});
            SDL_UpdateWindowSurfaceRects(win_, rects.data(), static_cast<int>(rects.size()));
        }
        return true;
    }
    int ww, wh, pw, ph;
    sizes(ww, wh, pw, ph);
    if (pw <= 0 || ph <= 0) return true;
    if (!tex_ || pw != tex_w_ || ph != tex_h_) {
        if (tex_) SDL_DestroyTexture(tex_);
        tex_ = SDL_CreateTexture(ren_, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STREAMING, pw, ph);
        if (!tex_) {
            error = std::string("cannot create a texture: ") + SDL_GetError();
            return false;
        }
        SDL_SetTextureBlendMode(tex_, SDL_BLENDMODE_NONE);
        tex_w_ = pw;
        tex_h_ = ph;
        // The frame is drawn into pixels of our own, which keep the frame before (a texture's
        // memory need not): the panels that did not change are left there, and only the damage
        // goes up to the texture.
        back_.assign(static_cast<std::size_t>(pw) * static_cast<std::size_t>(ph), 0u);
        whole_ = true;
        back_kept_ = false;
    }
    app::Pixels px{back_.data(), pw, ph, pw * 4};
    px.kept = back_kept_;  // (ours alone: a window event does not touch it)
    paint(px);
    back_kept_ = true;
    const app::Damage* d = damage ? &damage() : nullptr;
    if (whole_ || !d || d->all) {
        SDL_UpdateTexture(tex_, nullptr, back_.data(), pw * 4);
        whole_ = false;
    } else if (d->rects.empty()) {
        return true;  // nothing changed: nothing presented
    } else {
        for (const app::PixelRect& r : d->rects) {
            const SDL_Rect rect{r.x, r.y, r.w, r.h};
            SDL_UpdateTexture(tex_, &rect, back_.data() + static_cast<std::size_t>(r.y) * static_cast<std::size_t>(pw) + r.x,
                              pw * 4);
        }
    }
    SDL_RenderCopy(ren_, tex_, nullptr, nullptr);
    SDL_RenderPresent(ren_);
    return true;
}

}  // namespace sdl
