#pragma once

#include <string_view>
#include <vector>

#include "core/doctor/finding.h"

namespace syncscope::test {

// The finding of `id` among the doctor's, or nullptr.
inline const Finding* findingOf(const std::vector<Finding>& findings, std::string_view id) {
    for (const Finding& f : findings)
        if (f.id == id)
            return &f;
    return nullptr;
}

// Where the finding of `id` ranks (1 is the costliest), or -1 when it is not there.
inline int rankOf(const std::vector<Finding>& findings, std::string_view id) {
    for (std::size_t k = 0; k < findings.size(); ++k)
        if (findings[k].id == id)
            return static_cast<int>(k) + 1;
    return -1;
}

}  // namespace syncscope::test
