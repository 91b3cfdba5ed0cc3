// sdl/window: thin RAII over SDL's video subsystem and one window with its renderer and a
// streaming ARGB8888 texture whose memory the presenter core draws into directly as app::Pixels
// (no intermediate copy: the texture upload is SDL's); without a GPU, no renderer at all: the
// core draws into the window's framebuffer. Fullscreen by hand through Xlib where no window
// manager would honour SDL's request.
#pragma once

#include <SDL.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "app/pixels.hpp"

namespace sdl {

// SDL_Init(VIDEO) and a check that there is a display a person can see: SDL falls back to its
// offscreen/dummy drivers when there is none, which is only fine when asked for by name
// (SDL_VIDEODRIVER=offscreen, as the tests do).
class Video {
public:
    Video();
    ~Video();
    Video(const Video&) = delete;
    Video& operator=(const Video&) = delete;
    bool ok() const { return ok_; }
    const std::string& problem() const { return problem_; }

private:
    bool ok_ = false;
    bool inited_ = false;
    std::string problem_;
};

// Whether to skip the GPU renderer (and draw straight into the window's framebuffer): ATTNLAB_RENDERER=software|accelerated decides; otherwise
// software when the machine has no GPU (/dev/dri missing) or the GL driver is a software
// rasteriser (llvmpipe, softpipe, swrast), which costs 13–15 ms a present at 1080p.
bool prefer_software_renderer();

class RenderTarget {
public:
    RenderTarget() = default;
    ~RenderTarget();
    RenderTarget(const RenderTarget&) = delete;
    RenderTarget& operator=(const RenderTarget&) = delete;

    // A resizable, HiDPI-aware window on `display`, vsync'd where the renderer can: centred on
    // it, or at `at` (screen coordinates, its size then the window's) when given.
    bool open(const std::string& title, int display, int w, int h, bool fullscreen, std::string& error,
              const app::PixelRect* at = nullptr);
    SDL_Window* window() const { return win_; }
    Uint32 id() const { return win_ ? SDL_GetWindowID(win_) : 0; }
    const std::string& renderer_name() const { return renderer_name_; }
    // Window size in points (mouse coordinates) and the drawable size in pixels.
    void sizes(int& win_w, int& win_h, int& px_w, int& px_h) const;
    bool fullscreen() const;
    // Fullscreen through the window manager; on an X server with none (a kiosk session, Xvfb),
    // which would leave the window at its size while SDL draws for the whole display, the
    // window is made borderless and moved over the display instead, and put back after.
    void set_fullscreen(bool on);
    // Lets `paint` draw pixels of the drawable's size — the window's own framebuffer, or pixels
    // kept for the streaming texture (re-made when the pixel size changed) — and presents only
    // what `damage` (asked after painting; null: everything) says changed: those rectangles sent
    // to the X server or uploaded to the texture, nothing when nothing changed, everything after
    // invalidate().
    bool draw(const std::function<void(const app::Pixels&)>& paint, std::string& error,
              const std::function<const app::Damage&()>& damage = {});
    // The window's picture must be presented whole next time (it was exposed, resized, moved to
    // another display: what the screen shows of it is not known).
    void invalidate() { whole_ = true; }

private:
    bool make_renderer(bool software, std::string& error);
    bool direct_surface();
    bool surface_ = false;  // drawing into the window's framebuffer, no renderer
    bool whole_ = true;     // the next present is of the whole window (invalidate)
    // The window surface painted last (its address and pixels'): the same again, with no window
    // event between, and its pixels are still that frame's (app::Pixels::kept).
    const void* painted_surface_ = nullptr;
    const void* painted_pixels_ = nullptr;
    bool back_kept_ = false;  // back_ holds the frame painted last
    SDL_Window* win_ = nullptr;
    SDL_Renderer* ren_ = nullptr;
    SDL_Texture* tex_ = nullptr;
    int tex_w_ = 0, tex_h_ = 0;
    std::vector<std::uint32_t> back_;  // the texture's frame, kept (tex_w_ × tex_h_)
    std::string renderer_name_;
    bool covering_ = false;  // fullscreen by hand (no window manager)
    SDL_Rect restore_{};     // the window's place before that
};

}  // namespace sdl
