#pragma once

#include <cstddef>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "core/model/lesson_text.h"

namespace syncscope {

// Reads one text of a lesson (docs/scenario-format.md, "Texts in two languages"): a plain string,
// English only, or {"en": "...", "ja": "..."}. The scenario's callouts, claims, title and
// explanation and the course's pages all read their texts here, so the two forms and their error
// messages are the same wherever a lesson text is written.
class LessonTextReader {
public:
    using ErrorSink = std::function<void(const std::string& path, std::string message)>;

    struct Rules {
        std::size_t max_bytes = SIZE_MAX;  // each language's text
        std::string_view too_long_why;     // added to the too-long message: "a callout is ..."
        bool plain_allowed = true;         // false: only the object form (callouts)
        bool ja_required = false;          // true: both languages (the course's claims)
        bool en_required = true;           // false: an empty plain string is accepted (claims)
    };

    // Reads `json` (the value at `path`) into `out`; false, with every problem reported at its
    // path ("title.ja: must be a string, not a number"), when the text is not valid.
    static bool read(const nlohmann::json& json, const std::string& path, const Rules& rules,
                     const ErrorSink& error, LessonText& out);
};

}  // namespace syncscope
