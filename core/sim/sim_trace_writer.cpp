#include "core/sim/sim_trace_writer.h"

namespace syncscope {

std::uint32_t SimTraceWriter::apiName(ApiId api) {
    std::uint32_t& name = api_names_[static_cast<std::size_t>(api)];
    if (name == 0)
        name = intern(syncscope::apiName(api));
    return name;
}

}  // namespace syncscope
