#pragma once

#include <cupti_activity.h>

#include "core/record/cupti_records.h"

namespace syncscope {

// Copies the fields the converter needs out of real CUPTI activity records (CUDA 13 layouts:
// Kernel10, Memcpy6, Memset4, API, Synchronization2, CudaEvent2, Memory4, MemoryPool3,
// ExternalCorrelation). Runs on CUPTI's buffer-completion thread, so it only copies.
class CuptiActivityDecoder {
public:
    // Appends the record to `out`; returns false for kinds we do not use (counted in out.unknown).
    static bool decode(const CUpti_Activity& record, CuptiRecordBatch& out);
    // Decodes every record of a completed buffer.
    static void decodeBuffer(std::uint8_t* buffer, std::size_t valid_size, CuptiRecordBatch& out);
};

}  // namespace syncscope
