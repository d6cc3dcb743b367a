#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/model/ids.h"
#include "core/model/lesson_text.h"

namespace syncscope {

// A lesson's claim about its own run, checkable on any trace of the scenario whichever engine
// made it (docs/scenario-format.md, "expect"). Steps are named by their `id`; a reference
// "id#N" means the N-th expanded instance (from 0) of a step inside repeats, a plain "id" every
// instance.
enum class ClaimKind : std::uint8_t {
    ReturnsBeforeEnd,  // `call`'s API call returns before `gpu`'s GPU work ends
    ReturnsAfterEnd,   // `call`'s API call returns at or after `gpu`'s GPU work ends
    HostWait,          // the host's wait in `step` lasts at least min / at most max
    Flag,              // an event of `step` carries `flag` (queue-full, spinning, ...)
    Memory,            // a memory series right after `step`'s call returns, against a bound
    Idle,              // stream `lane` is idle for at least min between two of its GPU ops
    StartsAfterEnd,    // `gpu`'s GPU work starts at or after `after`'s GPU work ends
    Overlap,           // `gpu`'s and `with`'s GPU work run at the same time for a while
};
inline constexpr int kClaimKindCount = 8;

struct StepRef {
    std::string id;                  // a step's `id`
    std::uint32_t instance = kNone;  // kNone: every instance
    bool empty() const { return id.empty(); }
};

enum class Instances : std::uint8_t {
    All,  // every instance must satisfy the claim (the default, except for flags)
    Any,  // one instance is enough (the default for flags)
};

struct Expectation {
    ClaimKind kind = ClaimKind::HostWait;
    StepRef a;  // call / step / gpu
    StepRef b;  // gpu / after / with
    Instances instances = Instances::All;
    std::string lane;    // Idle: a stream name
    std::string flag;    // Flag: queue-full, spinning, sleeping, pageable, implicit-sync
    std::string series;  // Memory: device_used, pool_reserved, pool_used, allocated, reserved
    std::optional<TimeNs> min_ns;
    std::optional<TimeNs> max_ns;
    std::optional<std::int64_t> equals;
    std::optional<std::int64_t> at_least;
    std::optional<std::int64_t> at_most;
    LessonText text;  // the lesson in the author's words, shown with the result
};

// The trace flag (event_flags) a Flag claim names, or 0 for an unknown name; and the names.
std::uint8_t flagByName(std::string_view name);
std::string_view flagNames();  // "queue-full, spinning, ..." for error messages

std::string_view toString(ClaimKind kind);
std::string_view toString(Instances instances);
// "id" or "id#3"
std::string toString(const StepRef& ref);

}  // namespace syncscope
