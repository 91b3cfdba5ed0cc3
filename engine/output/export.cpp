#include <iostream>

#include "output/output.hpp"

namespace output {
int export_command(const std::vector<std::string>&) {
    std::cerr << "attnlab: error: export is not built yet\n";
    return 2;
}
}  // namespace output
