#pragma once

#include <span>
#include <string_view>

#include "core/model/tr_text.h"

namespace syncscope {

// The doctor's findings, one entry each: a stable id, what it is called, why it is a problem,
// what to do instead, and the built-in scenario whose course page shows it (docs/doctor.md lists
// each with its rule and its source).
struct FindingKind {
    std::string_view id;
    const char* title;  // SYNCSCOPE_TR_NOOP("Finding", ...)
    const char* why;
    const char* fix;
    std::string_view course_scenario;
};

class FindingCatalogue {
public:
    static std::span<const FindingKind> all();
    // The entry of `id`; the first entry for an unknown id (never happens for the doctor's own).
    static const FindingKind& of(std::string_view id);
    static TrText title(std::string_view id);
    static TrText why(std::string_view id);
    static TrText fix(std::string_view id);
};

}  // namespace syncscope
