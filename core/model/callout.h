#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/model/expectation.h"

namespace syncscope {

// Languages a lesson's texts come in. English is required everywhere; other languages fall back to
// it where the author left them out.
enum class Language : std::uint8_t { En, Ja };

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
    std::string text_en;
    std::string text_ja;  // optional

    // The text in `language`, English when that translation is missing.
    const std::string& text(Language language) const {
        return language == Language::Ja && !text_ja.empty() ? text_ja : text_en;
    }
};

std::string_view toString(CalloutTarget target);
std::string_view toString(Language language);

}  // namespace syncscope
