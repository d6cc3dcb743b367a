#pragma once

// Shared by the CUPTI converter suites: scenarios, a record builder and checks on the trace.
#include <cupti_activity.h>
#include <cupti_runtime_cbid.h>

#include <QString>
#include <algorithm>
#include <cstring>

#include "core/analysis/invariant_checker.h"
#include "core/cuda/cupti_activity_decoder.h"
#include "core/cuda/cupti_activity_kinds.h"
#include "core/cuda/cupti_record_converter.h"
#include "core/cuda/runtime_api_map.h"

namespace syncscope::cupti_test {

inline constexpr std::uint32_t kLaunch = CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000;
inline constexpr std::uint32_t kDeviceSync = CUPTI_RUNTIME_TRACE_CBID_cudaDeviceSynchronize_v3020;
inline constexpr std::uint32_t kStreamSync = CUPTI_RUNTIME_TRACE_CBID_cudaStreamSynchronize_v3020;
inline constexpr std::uint32_t kEventSync = CUPTI_RUNTIME_TRACE_CBID_cudaEventSynchronize_v3020;
inline constexpr std::uint32_t kEventRecord = CUPTI_RUNTIME_TRACE_CBID_cudaEventRecord_v3020;
inline constexpr std::uint32_t kWaitEvent = CUPTI_RUNTIME_TRACE_CBID_cudaStreamWaitEvent_v3020;
inline constexpr std::uint32_t kEventQuery = CUPTI_RUNTIME_TRACE_CBID_cudaEventQuery_v3020;
inline constexpr std::uint32_t kMemcpy = CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy_v3020;
inline constexpr std::uint32_t kPushConfig =
    CUPTI_RUNTIME_TRACE_CBID___cudaPushCallConfiguration_v13000;

inline Scenario twoStreams() {
    Scenario s;
    s.title = "converter test";
    s.streams = {{"s0", StreamKind::NonBlocking, 0}, {"s1", StreamKind::Blocking, 0}};
    s.events = {{"e0", false, true}};
    return s;
}

inline Step step(StepKind kind, std::uint32_t stream = 0) {
    Step st;
    st.kind = kind;
    st.stream = stream;
    st.batch = 0;
    return st;
}

// Builds the records a run would produce. CUPTI correlation ids start at 100 so they cannot be
// confused with the trace's renumbered ones (1, 2, ...).
struct Records {
    CuptiRecordBatch batch;
    std::uint32_t next_cupti_corr = 100;

    std::uint32_t call(std::uint32_t step_index, std::uint32_t cbid, std::uint64_t start,
                       std::uint64_t end, std::uint32_t ret = 0) {
        const std::uint32_t corr = next_cupti_corr++;
        batch.api.push_back({cbid, start, end, 7, corr, ret});
        batch.external.push_back({step_index, corr});
        return corr;
    }
    void stamp(std::uint32_t step_index, std::uint64_t start, std::uint64_t end,
               std::uint32_t api_records, std::int64_t cpu = -1) {
        HostStamp h;
        h.step = step_index;
        h.start = start;
        h.end = end;
        h.api_records = api_records;
        h.cpu_ns = cpu;
        batch.host.push_back(h);
    }
    void kernel(std::uint32_t corr, std::uint32_t cupti_stream, std::uint64_t start,
                std::uint64_t end) {
        GpuOpRecord op;
        op.kind = GpuOpRecord::Kind::Kernel;
        op.correlation = corr;
        op.stream_id = cupti_stream;
        op.start = start;
        op.end = end;
        batch.gpu.push_back(op);
    }
};

inline std::vector<std::uint32_t> indicesOf(const Trace& t, EventKind kind) {
    std::vector<std::uint32_t> out;
    for (std::uint32_t i = 0; i < t.events.size(); ++i)
        if (t.events[i].kind == kind)
            out.push_back(i);
    return out;
}

inline bool hasFlow(const Trace& t, std::uint32_t from, std::uint32_t to, FlowKind kind) {
    return std::any_of(t.flows.begin(), t.flows.end(), [&](const Flow& f) {
        return f.from == from && f.to == to && f.kind == kind;
    });
}

// The converted trace must satisfy the same invariant suite as the simulator's (ε = 0 here: the
// records are exact). Returns the violations as text, empty when none.
inline QString violationsOf(const Trace& t, const Scenario& s) {
    InvariantCheckerOptions options;
    options.epsilon_ns = 0;
    options.scenario = &s;
    for (CUpti_ActivityKind k : recordedActivityKinds())
        options.enabled_cupti_activity_kinds.push_back(int(k));
    QString text;
    for (const Violation& v : InvariantChecker(options).check(t))
        if (v.severity == Violation::Severity::Error)
            text += QString::fromStdString(v.invariant + ": " + v.message + "\n");
    return text;
}

template <typename T>
inline const CUpti_Activity& asActivity(const T& record) {
    return *reinterpret_cast<const CUpti_Activity*>(&record);
}

}  // namespace syncscope::cupti_test
