#include "core/model/callout.h"

namespace syncscope {

std::string_view toString(CalloutTarget target) {
    switch (target) {
        case CalloutTarget::Auto:
            return "auto";
        case CalloutTarget::Call:
            return "call";
        case CalloutTarget::Gpu:
            return "gpu";
        case CalloutTarget::Wait:
            return "wait";
    }
    return "?";
}

}  // namespace syncscope
