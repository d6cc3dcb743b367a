#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/model/expectation.h"
#include "core/model/lesson_text.h"

namespace syncscope {

// Which event of a step a callout points at.
enum class CalloutTarget : std::uint8_t {
    Auto,  // the step's GPU op if it has one, else its host API call
    Call,  // the host API call
    Gpu,   // the (first) GPU op
    Wait,  // the host's wait inside the call (syncs)
};

// A short text pinned to a step's event on the timeline: the lesson at the moment it happens
// (docs/scenario-format.md, "callouts"). `at` names a step by id; a plain id inside repeats means
// its first instance.
struct Callout {
    StepRef at;
    CalloutTarget on = CalloutTarget::Auto;
    LessonText text;  // English required, Japanese optional
};

std::string_view toString(CalloutTarget target);

}  // namespace syncscope
