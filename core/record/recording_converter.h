#pragma once

#include "core/interchange/import_result.h"
#include "core/record/capture_window.h"
#include "core/record/process_recording.h"

namespace syncscope {

// Turns one process's recording (`syncscope-cli record`) into a Trace the way the importers turn
// an Nsight Systems export into one, through the same TraceAssembler and SyncRecordLinker: the
// records are CUPTI's in both, only read from another place. So a recording gets what an import
// gets: launch flows, host waits resolved to the work they waited for, the waits of calls that
// held their thread (a pageable copy), and the torch-level calls the Python hook marked with NVTX
// ranges (TorchCallMarker), which the cpu-sync rule, the wait sentences and the doctor read.
//
// Lanes: one host thread lane per recorded thread (with its waits and NVTX annotations), one lane
// per (device, stream). Times are put on 0 at the first kept record; trace.clock.origin_ns keeps
// where that is on the machine's CLOCK_MONOTONIC, so the processes of one run merge by rank
// (RecordingSet). The domain stays Unknown: a saved recording claims no clock shared with other
// files.
class RecordingConverter {
public:
    static ImportResult convert(const ProcessRecording& recording,
                                const CaptureOptions& capture = {});
};

}  // namespace syncscope
