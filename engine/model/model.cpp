// model: model/model.hpp compiled on its own, so that the header (and every panel header it
// includes through the panel table) stands alone.
#include "model/model.hpp"
