// tests/panel_probe: the probe panel's builder (model/).
#include "model/model.hpp"
#include "model/row.hpp"

namespace model {

Probe build(const Row& row, Tag<Probe>) { return {"probe of " + std::to_string(row.n)}; }

}  // namespace model
