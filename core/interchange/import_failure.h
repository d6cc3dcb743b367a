#pragma once

// An import that failed with `message`: the one way the importer, the opener and the rank merger
// report an error (never a throw across the interface).

#include <string>
#include <utility>

#include "core/interchange/import_result.h"

namespace syncscope {

inline ImportResult importFailure(std::string message) {
    ImportResult result;
    result.error = std::move(message);
    return result;
}

}  // namespace syncscope
