#include "core/interchange/sync_record_linker.h"

#include "core/model/sync_mode_steps.h"

namespace syncscope {

std::string SyncRecordLinker::add(TimeNs start, TimeNs end, std::int64_t device,
                                  std::int64_t stream, std::uint32_t correlation,
                                  std::int64_t event_id, ApiId api) {
    TraceEvent e;
    e.start_ns = start;
    e.end_ns = end;
    e.correlation = correlation;
    PendingWait wait;
    wait.device = device;
    wait.call_correlation = correlation;
    e.api = api;
    e.mode = syncModeOfCall(api);
    e.name = assembler_.trace().strings.intern(apiName(api));
    if (api == ApiId::DeviceSynchronize) {
        wait.scope = WaitScope::Device;
    } else if (api == ApiId::StreamSynchronize) {
        wait.scope = WaitScope::Stream;
        wait.stream = stream;
    } else {
        wait.scope = WaitScope::Event;
        if (auto it = event_records_.find(event_id); it != event_records_.end()) {
            TimeNs best = -1;
            for (const auto& [rec_corr, rec_stream] : it->second) {
                const auto call = calls_.find(rec_corr);
                const TimeNs t = call != calls_.end() ? call->second.second : -1;
                if (t <= start && t >= best) {
                    best = t;
                    wait.record_correlation = rec_corr;
                    wait.stream = rec_stream;
                }
            }
        }
    }
    if (api == ApiId::StreamWaitEvent) {
        if (stream < 0 || stream > 0xffffffffll)
            return "streamId " + std::to_string(stream) + " is out of range";
        // A host-side record of the call: it puts no bar on the waiting stream
        // (TraceAssembler::addStreamWaitLink).
        StreamWaitLink link;
        link.call_correlation = correlation;
        link.record_correlation = wait.record_correlation;
        link.device = device;
        link.waiting_stream = stream;
        link.recorded_stream = wait.stream;
        assembler_.addStreamWaitLink(link);
        ++stats_.stream_waits;
        return {};
    }
    e.kind = EventKind::HostWait;
    wait.lane_from_call = true;
    ++stats_.host_waits;
    wait.wait = assembler_.addEvent(e);
    assembler_.addWait(wait);
    return {};
}

}  // namespace syncscope
