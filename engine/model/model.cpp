#include "model/model.hpp"
