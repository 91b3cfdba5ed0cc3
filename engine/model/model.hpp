// model: what a frame shows, computed once and Cairo-free. (Being written: see model.cpp.)
#pragma once

#include "timeline/timeline.hpp"

namespace model {}  // namespace model
