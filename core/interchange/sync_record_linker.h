#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/interchange/trace_assembler.h"
#include "core/model/api_names.h"

namespace syncscope {

// CUPTI's SYNCHRONIZATION records, however they were read (an Nsight SQLite export, a recording
// of `syncscope-cli record`), become host waits and stream-wait links here, once: a record names
// the call's correlation id, the stream and the CUDA event; what it waited for is resolved later
// by TraceAssembler::finish. The runtime calls and event records it refers to are told first.
class SyncRecordLinker {
public:
    SyncRecordLinker(TraceAssembler& assembler, ImportStats& stats)
        : assembler_(assembler), stats_(stats) {}

    void addCall(std::uint32_t correlation, ApiId api, TimeNs start) {
        calls_[correlation] = {api, start};
    }
    // One cudaEventRecord of the CUDA event `event_id` (ids are reused: a sync takes the latest
    // record enqueued before it started).
    void addEventRecord(std::int64_t event_id, std::uint32_t correlation, std::int64_t stream) {
        event_records_[event_id].emplace_back(correlation, stream);
    }
    // The sync call with this correlation id, when one was told (ApiId::Other otherwise).
    ApiId apiOf(std::uint32_t correlation) const {
        const auto it = calls_.find(correlation);
        return it == calls_.end() ? ApiId::Other : it->second.first;
    }
    static bool isSyncApi(ApiId api) {
        return api == ApiId::DeviceSynchronize || api == ApiId::StreamSynchronize ||
               api == ApiId::EventSynchronize || api == ApiId::StreamWaitEvent;
    }

    // One sync record standing for `api` (one of isSyncApi; the caller decides when the call is
    // unknown). "" or why the record is refused.
    std::string add(TimeNs start, TimeNs end, std::int64_t device, std::int64_t stream,
                    std::uint32_t correlation, std::int64_t event_id, ApiId api);

private:
    TraceAssembler& assembler_;
    ImportStats& stats_;
    std::unordered_map<std::uint32_t, std::pair<ApiId, TimeNs>> calls_;
    std::map<std::int64_t, std::vector<std::pair<std::uint32_t, std::int64_t>>> event_records_;
};

}  // namespace syncscope
