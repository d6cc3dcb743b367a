#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/model/lesson_text.h"

namespace syncscope {

// One page of the course: a built-in scenario with the claim it answers, the truth, and where on
// its timeline to look. The claims of the article are in Japanese (its language) and English; the
// page shows both. Truth and look-at line are shown in the interface's language.
struct CoursePage {
    std::string scenario;  // built-in scenario name, "mode-device"
    LessonText claim;      // as the article states it (ja) and in English; both set
    LessonText truth;      // what is true, one sentence
    LessonText look_at;    // one line: what on the timeline shows it
    std::optional<int>
        article_claim;  // 1..7 for the article's claims (docs/semantics.md section 11)
    std::optional<std::string> compare;  // a second built-in to compare this run with
    // A sync-mode page whose statement is a misconception ("An async copy never makes the host
    // wait."): shown as a myth, never as its summary. The article's claims are all myths.
    bool myth = false;
};

// The course a class follows from the start page: the article's claims first, then the modes.
struct Course {
    static constexpr int kFormatVersion = 1;
    LessonText title;
    std::vector<CoursePage> pages;
};

}  // namespace syncscope
