#include "core/model/expectation.h"

#include <array>
#include <utility>

#include "core/model/trace.h"

namespace syncscope {

namespace {
constexpr std::array<std::pair<std::string_view, std::uint8_t>, 7> kFlags{{
    {"queue-full", event_flags::kQueueFull},
    {"spinning", event_flags::kSpinning},
    {"sleeping", event_flags::kSleeping},
    {"pageable", event_flags::kPageable},
    {"implicit-sync", event_flags::kImplicitSync},
    {"failed", event_flags::kFailed},
    {"query-ready", event_flags::kQueryReady},
}};
}  // namespace

std::uint8_t flagByName(std::string_view name) {
    for (const auto& [n, bit] : kFlags)
        if (n == name)
            return bit;
    return 0;
}

std::string_view flagNames() {
    return "queue-full, spinning, sleeping, pageable, implicit-sync, failed, query-ready";
}

std::string_view toString(ClaimKind kind) {
    switch (kind) {
        case ClaimKind::ReturnsBeforeEnd:
            return "returns-before-end";
        case ClaimKind::ReturnsAfterEnd:
            return "returns-after-end";
        case ClaimKind::HostWait:
            return "host-wait";
        case ClaimKind::Flag:
            return "flag";
        case ClaimKind::Memory:
            return "memory";
        case ClaimKind::Idle:
            return "idle";
        case ClaimKind::StartsAfterEnd:
            return "starts-after-end";
        case ClaimKind::Overlap:
            return "overlap";
    }
    return "?";
}

std::string_view toString(Instances instances) {
    return instances == Instances::Any ? "any" : "all";
}

std::string toString(const StepRef& ref) {
    return ref.instance == kNone ? ref.id : ref.id + "#" + std::to_string(ref.instance);
}

}  // namespace syncscope
