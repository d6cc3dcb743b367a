#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/analysis/invariant_checker.h"

namespace syncscope {

// Collects violations, at most `max_per_invariant` listed per invariant (0 = all); the rest are
// counted and summed up in one closing line each, so a broken engine cannot flood the UI.
class ViolationSink {
public:
    explicit ViolationSink(std::size_t max_per_invariant) : max_(max_per_invariant) {}

    void add(std::string_view invariant, std::string message, std::vector<std::uint32_t> events,
             Violation::Severity severity = Violation::Severity::Error);
    // Ordered by invariant number (I1 before I10), then by severity (errors first), then in the
    // order found.
    std::vector<Violation> take();

private:
    // Errors and observations of one invariant are listed and capped apart, so that a flood of
    // observations cannot hide an error behind "… more".
    using Key = std::pair<int, Violation::Severity>;
    std::size_t max_;
    std::map<Key, std::vector<Violation>> listed_;
    std::map<Key, std::size_t> dropped_;
};

}  // namespace syncscope
