// tests/panel_probe: links the frame model's and the painter's registries (model/frame.cpp and
// draw/frame.cpp, compiled with the probe's panel table) into a program.
#include "draw/draw.hpp"
#include "model/model.hpp"

int main(int argc, char**) {
    timeline::View view;
    const model::Frame f = model::frame_of(view);
    return argc > 5 ? static_cast<int>(draw::hit_test(view, {0, 0}).kind) + static_cast<int>(f.kind) : 0;
}
