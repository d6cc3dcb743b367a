#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/course/course.h"

namespace syncscope {

struct CourseParseResult {
    std::optional<Course> course;  // set only when there is no error
    // "pages[3] (mode-device).claim.ja: is required"; "line 4, column 12: <what>" for syntax.
    std::vector<std::string> errors;

    bool ok() const { return course.has_value(); }
    std::string errorText() const;  // one error per line
};

// Reads a course file (docs/course-format.md). Every problem becomes an error naming the page
// (its index and scenario) and the field; never throws.
class CourseReader {
public:
    static constexpr std::size_t kMaxPages = 500;
    static constexpr std::size_t kMaxText = 600;  // bytes of one text field
    static constexpr std::size_t kMaxFileBytes = 4ull * 1024 * 1024;
    static constexpr int kArticleClaims = 7;

    static CourseParseResult parse(std::string_view text);
    static CourseParseResult readFile(const std::string& path);
};

}  // namespace syncscope
