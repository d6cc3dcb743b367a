#pragma once

#include <cstdint>

#include "core/model/trace.h"

namespace syncscope {

// CUPTI runtime callback id (CUPTI_RUNTIME_TRACE_CBID_*) -> the ApiId a trace shows. Covers the
// calls the CUDA engine makes, their per-thread (_ptsz/_ptds) twins and CUDA 13's launch entry
// points; anything else is ApiId::Other (the converter drops those: launch plumbing such as
// __cudaPushCallConfiguration, error checks, the sampler thread's queries).
ApiId apiFromRuntimeCbid(std::uint32_t cbid);

// Does a call of this kind put work into a stream (so it gets a correlation id and a GPU event)?
bool apiEnqueuesStreamWork(ApiId api);

}  // namespace syncscope
