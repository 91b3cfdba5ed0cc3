#include <iostream>

#include "app/app.hpp"

namespace app {
int present_command(const std::vector<std::string>&) {
    std::cerr << "attnlab: error: the window is not built yet\n";
    return 2;
}
}  // namespace app
