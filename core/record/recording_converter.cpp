#include "core/record/recording_converter.h"

#include <cstdlib>
#include <map>
#include <memory>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "core/interchange/sync_record_linker.h"
#include "core/interchange/trace_assembler.h"
#include "core/model/api_names.h"
#include "core/model/sync_mode_steps.h"
#include "core/record/kernel_name_demangler.h"

namespace syncscope {

namespace {

class Conversion {
public:
    Conversion(const ProcessRecording& recording, const CaptureWindow& window)
        : rec_(recording), window_(window) {}

    ImportResult run();

private:
    // Record clock -> trace ns on CLOCK_MONOTONIC; nullopt for a stamp past the model's range.
    std::optional<TimeNs> time(std::uint64_t t) const {
        const auto ns = static_cast<std::int64_t>(t) - rec_.process.record_offset_ns;
        if (t > static_cast<std::uint64_t>(kMaxTimeNs) || ns < 0)
            return std::nullopt;
        return ns;
    }
    bool keep(std::uint64_t t, const char* category) {
        if (window_.contains(t))
            return true;
        ++result_.stats.skipped[std::string(category) + " outside the capture range"];
        return false;
    }
    std::uint16_t hostLane(std::uint32_t tid) { return assembler_.hostLane(rec_.process.pid, tid); }
    void addCalls(const std::vector<ApiRecord>& calls, bool driver);
    void addGpuOps();
    void addSyncs();
    void addMarkers();
    void addMemory();
    void describe(Trace& trace) const;
    void warn();

    const ProcessRecording& rec_;
    const CaptureWindow& window_;
    ImportResult result_;
    TraceAssembler assembler_{"record:cupti"};
    SyncRecordLinker syncs_{assembler_, result_.stats};
    std::unordered_set<std::uint32_t> calls_;  // correlation ids of the calls kept
    // Each kernel's name as it is shown (KernelNameDemangler), looked up by its mangled form.
    std::unordered_map<std::string, std::string> shown_names_;
    std::unordered_set<std::uint32_t> runtime_correlations_;
    std::unordered_set<std::uint32_t> recorded_calls_;  // every call's, kept or not
    std::uint64_t out_of_range_ = 0;
    std::int64_t first_device_ = -1;
};

void Conversion::addCalls(const std::vector<ApiRecord>& calls, bool driver) {
    const auto& names = driver ? rec_.driver_names : rec_.runtime_names;
    const std::string category = driver ? "driver API" : "runtime API";
    auto& trace = assembler_.trace();
    for (const ApiRecord& a : calls) {
        ++result_.stats.categories[category];
        // A driver call made inside a runtime call shares its correlation id: the runtime call
        // stands for both, as in the profilers.
        if (driver && runtime_correlations_.contains(a.correlation)) {
            ++result_.stats.skipped["driver calls inside a runtime call"];
            continue;
        }
        if (!driver)
            runtime_correlations_.insert(a.correlation);
        recorded_calls_.insert(a.correlation);
        const auto start = time(a.start), end = time(a.end);
        if (!start || !end || *end < *start) {
            ++out_of_range_;
            continue;
        }
        if (!keep(a.start, category.c_str()))
            continue;
        const auto it = names.find(a.cbid);
        const std::string full =
            it != names.end() ? it->second : category + " call " + std::to_string(a.cbid);
        const auto name = stripApiVersionSuffix(full);
        TraceEvent e;
        e.kind = EventKind::ApiCall;
        e.start_ns = *start;
        e.end_ns = *end;
        e.correlation = a.correlation;
        e.name = trace.strings.intern(name);
        e.api = apiIdFromName(name);
        e.mode = syncModeOfCall(e.api);
        e.lane = hostLane(a.thread_id);
        ++result_.stats.names[std::string(name)];
        assembler_.addEvent(e);
        calls_.insert(a.correlation);
        syncs_.addCall(a.correlation, e.api, e.start_ns);
    }
}

void Conversion::addGpuOps() {
    auto& trace = assembler_.trace();
    for (const GpuOpRecord& op : rec_.records.gpu) {
        const char* category = op.kind == GpuOpRecord::Kind::Kernel   ? "kernel"
                               : op.kind == GpuOpRecord::Kind::Memcpy ? "memcpy"
                                                                      : "memset";
        ++result_.stats.categories[category];
        const auto start = time(op.start), end = time(op.end);
        if (!start || !end || *end < *start) {
            ++out_of_range_;
            continue;
        }
        // Work belongs to the capture range its launch was in; work whose call was not recorded
        // (launched before the recorder started) by its own start.
        if (!calls_.contains(op.correlation) &&
            (recorded_calls_.contains(op.correlation) || !keep(op.start, category)))
            continue;
        TraceEvent e;
        e.start_ns = *start;
        e.end_ns = *end;
        e.correlation = op.correlation;
        if (op.kind == GpuOpRecord::Kind::Kernel) {
            e.kind = EventKind::Kernel;
            e.name = trace.strings.intern(shown_names_.at(op.name));
        } else {
            e.kind = op.kind == GpuOpRecord::Kind::Memcpy ? EventKind::Memcpy : EventKind::Memset;
            e.setBytes(op.bytes);
            e.name = trace.strings.intern(
                op.kind == GpuOpRecord::Kind::Memcpy ? memcpyKindName(op.copy_kind) : "Memset");
            if (op.pageable)
                e.flags |= event_flags::kPageable;
        }
        if (first_device_ < 0)
            first_device_ = op.device;
        e.lane = assembler_.streamLane(op.device, op.stream_id);
        assembler_.addEvent(e);
    }
}

void Conversion::addSyncs() {
    for (const CudaEventRecord& r : rec_.records.cuda_events) {
        ++result_.stats.categories["CUDA event"];
        syncs_.addEventRecord(r.event_id, r.correlation, r.stream_id);
    }
    for (const SyncRecord& s : rec_.records.sync) {
        ++result_.stats.categories["synchronization"];
        const auto start = time(s.start), end = time(s.end);
        if (!start || !end || *end < *start) {
            ++out_of_range_;
            continue;
        }
        if (!calls_.contains(s.correlation) && !keep(s.start, "synchronization"))
            continue;
        ApiId api = syncs_.apiOf(s.correlation);
        if (!SyncRecordLinker::isSyncApi(api))
            api = s.type == SyncRecord::EventSynchronize    ? ApiId::EventSynchronize
                  : s.type == SyncRecord::StreamWaitEvent   ? ApiId::StreamWaitEvent
                  : s.type == SyncRecord::StreamSynchronize ? ApiId::StreamSynchronize
                                                            : ApiId::DeviceSynchronize;
        const std::int64_t stream = s.stream_id == 0xFFFFFFFFu ? -1 : s.stream_id;
        const std::int64_t event = s.cuda_event_id == 0xFFFFFFFFu ? -1 : s.cuda_event_id;
        if (auto why = syncs_.add(*start, *end, std::max<std::int64_t>(first_device_, 0), stream,
                                  s.correlation, event, api);
            !why.empty())
            ++result_.stats.skipped["synchronization records: " + why];
    }
}

void Conversion::addMarkers() {
    auto& trace = assembler_.trace();
    std::map<std::uint32_t, const MarkerRecord*> open;
    auto add = [&](const MarkerRecord& m, std::uint64_t from, std::uint64_t to) {
        const auto start = time(from), end = time(to);
        if (!start || !end || *end < *start) {
            ++out_of_range_;
            return;
        }
        if (!keep(from, "NVTX"))
            return;
        TraceEvent e;
        e.kind = EventKind::Annotation;
        e.start_ns = *start;
        e.end_ns = *end;
        e.name = trace.strings.intern(m.name);
        e.lane = assembler_.annotationLane(hostLane(m.thread_id));
        assembler_.addEvent(e);
    };
    for (const MarkerRecord& m : rec_.records.markers) {
        ++result_.stats.categories["NVTX"];
        if ((m.flags & MarkerRecord::Instantaneous) != 0)
            add(m, m.timestamp, m.timestamp);
        else if ((m.flags & MarkerRecord::Start) != 0)
            open[m.id] = &m;
    }
    for (const MarkerRecord& m : rec_.records.markers) {
        if ((m.flags & MarkerRecord::End) == 0)
            continue;
        if (auto it = open.find(m.id); it != open.end()) {
            add(*it->second, it->second->timestamp, m.timestamp);
            open.erase(it);
        }
    }
    if (!open.empty())
        result_.stats.skipped["NVTX ranges never closed"] += open.size();
}

void Conversion::addMemory() {
    std::int64_t device_used = 0;
    std::vector<const MemoryRecord*> ordered;
    for (const MemoryRecord& m : rec_.records.memory)
        ordered.push_back(&m);
    std::stable_sort(
        ordered.begin(), ordered.end(),
        [](const MemoryRecord* a, const MemoryRecord* b) { return a->timestamp < b->timestamp; });
    constexpr std::uint8_t kDeviceMemory = 3;  // CUPTI_ACTIVITY_MEMORY_KIND_DEVICE
    for (const MemoryRecord* m : ordered) {
        ++result_.stats.categories["memory"];
        if (m->memory_kind != kDeviceMemory)
            continue;
        const auto bytes = static_cast<std::int64_t>(std::min<std::uint64_t>(m->bytes, kMaxTimeNs));
        if (m->operation == MemoryRecord::Allocation)
            device_used += bytes;
        else if (m->operation == MemoryRecord::Release)
            device_used = std::max<std::int64_t>(0, device_used - bytes);
        const auto t = time(m->timestamp);
        if (!t) {
            ++out_of_range_;
            continue;
        }
        if (!window_.contains(m->timestamp))
            continue;
        MemorySample s;
        s.t_ns = *t;
        s.device_used = device_used;
        if (m->from_pool) {
            s.pool_reserved =
                static_cast<std::int64_t>(std::min<std::uint64_t>(m->pool_size, kMaxTimeNs));
            s.pool_used =
                static_cast<std::int64_t>(std::min<std::uint64_t>(m->pool_utilized, kMaxTimeNs));
        }
        assembler_.addMemory(s);
    }
}

void Conversion::describe(Trace& trace) const {
    const RecordedDevice* device = nullptr;
    for (const RecordedDevice& d : rec_.devices)
        if (device == nullptr || static_cast<std::int64_t>(d.id) == first_device_)
            device = &d;
    if (device != nullptr) {
        trace.device.name = device->name;
        trace.device.memory_bytes = device->memory_bytes;
        trace.device.sm_count =
            static_cast<int>(std::min<std::uint32_t>(device->sm_count, 1u << 20));
    }
    trace.rank = rec_.process.rank >= 0 && rec_.process.rank < kNone
                     ? static_cast<std::uint32_t>(rec_.process.rank)
                     : kNone;
    trace.title = "pid " + std::to_string(rec_.process.pid) +
                  (rec_.process.command.empty() ? std::string() : ": " + rec_.process.command);
    trace.source = "record";
}

void Conversion::warn() {
    auto& w = result_.warnings;
    const std::string who = "pid " + std::to_string(rec_.process.pid);
    if (rec_.records.dropped > 0)
        w.push_back(who + ": CUPTI dropped " + std::to_string(rec_.records.dropped) +
                    " record(s): its buffers were full; the trace misses them");
    if (rec_.end.not_kept > 0)
        w.push_back(who + ": " + std::to_string(rec_.end.not_kept) +
                    " record(s) not kept: the recording reached --max-size");
    if (!rec_.ended)
        w.push_back(who +
                    ": the process ended before the recorder could finish its file (killed?); "
                    "the trace holds what was written until then");
    else if (!rec_.end.reason.empty() && rec_.end.reason != "exit")
        w.push_back(who + ": recording ended by " + rec_.end.reason);
    if (out_of_range_ > 0)
        w.push_back(who + ": " + std::to_string(out_of_range_) +
                    " record(s) with times out of range were left out");
    for (const std::string& warning : rec_.warnings)
        w.push_back(warning);
}

ImportResult Conversion::run() {
    std::vector<std::string> kernels;
    for (const GpuOpRecord& op : rec_.records.gpu)
        if (op.kind == GpuOpRecord::Kind::Kernel)
            kernels.push_back(op.name);
    shown_names_ = KernelNameDemangler::demangleAll(kernels);
    addCalls(rec_.records.api, false);
    addCalls(rec_.records.driver, true);
    addGpuOps();
    addSyncs();
    addMarkers();
    addMemory();
    assembler_.linkAllLaunches();
    Trace trace = assembler_.finish(result_.stats);
    describe(trace);
    warn();
    result_.trace = std::move(trace);
    return std::move(result_);
}

}  // namespace

ImportResult RecordingConverter::convert(const ProcessRecording& recording,
                                         const CaptureOptions& capture) {
    CaptureWindow window;
    if (std::string why = CaptureWindow::compute(recording, capture, window); !why.empty()) {
        ImportResult result;
        result.error = "pid " + std::to_string(recording.process.pid) + ": " + why;
        return result;
    }
    try {
        return Conversion(recording, window).run();
    } catch (const std::length_error& e) {
        // A limit of the trace (65,534 lanes: a lane per thread), named, for this process only:
        // the run's other processes are still converted.
        ImportResult result;
        result.error = "pid " + std::to_string(recording.process.pid) + ": " + e.what();
        return result;
    }
}

}  // namespace syncscope
