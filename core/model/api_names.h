#pragma once

#include <string_view>

#include "core/model/sync_mode.h"
#include "core/model/trace.h"

namespace syncscope {

// Foreign traces name calls as the runtime or driver spells them, sometimes with a version suffix
// ("cudaStreamSynchronize_v3020", "cudaLaunchKernel_ptsz"). These helpers map such names onto the
// model's ApiId so imported and recorded traces read alike.

// "cudaStreamSynchronize_v3020" -> "cudaStreamSynchronize"; names without a suffix come back as is.
std::string_view stripApiVersionSuffix(std::string_view name);
// The name a copy is shown with, by CUPTI's CUpti_ActivityMemcpyKind ("Memcpy HtoD"); "Memcpy"
// for a kind outside the enum. Nsight exports and recordings use the same numbers.
std::string_view memcpyKindName(std::int64_t copy_kind);
// Runtime (cuda*) and driver (cu*) names; unknown calls map to ApiId::Other.
ApiId apiIdFromName(std::string_view name);
// Calls that make the calling host thread wait for GPU work.
bool isHostSyncApi(ApiId api);
// A PyTorch op rather than a CUDA call: it may contain the CUDA calls it makes.
bool isFrameworkApi(ApiId api);

}  // namespace syncscope
