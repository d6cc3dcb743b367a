#pragma once

// Helpers shared by the interchange suites: where fixtures and real traces live, and small counts
// over a Trace that the assertions compare with documented figures.

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QString>
#include <map>
#include <string>

#include "core/analysis/trace_index.h"
#include "core/model/trace.h"
#include "tests/support/real_traces.h"

namespace syncscope::test {

inline QString fixturePath(const QString& name) {
    return QStringLiteral(SYNCSCOPE_SOURCE_DIR "/tests/data/interchange/") + name;
}

// Real traces recorded by others: $SYNCSCOPE_TRACES_DIR, else ../shared/data/traces beside the
// checkout.
inline QString tracesDir() {
    return QDir::cleanPath(syncscope::test::realTracesDir());
}

inline std::string readAll(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = file.readAll();
    return std::string(bytes.constData(), static_cast<std::size_t>(bytes.size()));
}

inline int countKind(const Trace& trace, EventKind kind) {
    int n = 0;
    for (const auto& e : trace.events)
        n += e.kind == kind ? 1 : 0;
    return n;
}

inline int countLanes(const Trace& trace, LaneKind kind) {
    int n = 0;
    for (const auto& l : trace.lanes)
        n += l.kind == kind ? 1 : 0;
    return n;
}

inline int countFlows(const Trace& trace, FlowKind kind) {
    int n = 0;
    for (const auto& f : trace.flows)
        n += f.kind == kind ? 1 : 0;
    return n;
}

// Kernels per CUDA stream id.
inline std::map<std::uint32_t, int> kernelsPerStream(const Trace& trace) {
    std::map<std::uint32_t, int> out;
    for (const auto& e : trace.events)
        if (e.kind == EventKind::Kernel)
            ++out[trace.lanes.at(e.lane).stream_id];
    return out;
}

// Host API calls per name ("cudaStreamSynchronize").
inline int countCalls(const Trace& trace, std::string_view name) {
    int n = 0;
    for (const auto& e : trace.events)
        n += e.kind == EventKind::ApiCall && trace.nameOf(e) == name ? 1 : 0;
    return n;
}

// The event with this kind and correlation id, or kNone.
inline std::uint32_t findByCorrelation(const Trace& trace, EventKind kind,
                                       std::uint32_t correlation) {
    for (std::uint32_t i = 0; i < trace.events.size(); ++i)
        if (trace.events[i].kind == kind && trace.events[i].correlation == correlation)
            return i;
    return kNone;
}

// What a cudaStreamWaitEvent call (by correlation id) made its stream wait for: the captured work
// of its event's last record before it (docs/semantics.md: the host-side record of the wait puts
// the waiting stream and the event on the calls), or kNone.
inline std::uint32_t streamWaitAwaited(const Trace& trace, std::uint32_t call_correlation) {
    std::uint32_t call = kNone;
    for (std::uint32_t i = 0; i < trace.events.size() && call == kNone; ++i)
        if (trace.events[i].kind == EventKind::ApiCall &&
            trace.events[i].correlation == call_correlation)
            call = i;
    if (call == kNone || trace.events[call].cuda_event == kNone)
        return kNone;
    const TraceIndex index(trace);
    const std::uint32_t record =
        index.recordBefore(trace.events[call].cuda_event, trace.events[call].start_ns);
    return record == kNone ? kNone : index.doneOf(record).op;
}

inline bool hasFlow(const Trace& trace, std::uint32_t from, std::uint32_t to, FlowKind kind) {
    for (const auto& f : trace.flows)
        if (f.from == from && f.to == to && f.kind == kind)
            return true;
    return false;
}

}  // namespace syncscope::test

// QCOMPARE cannot print our enums (ADL finds syncscope::toString, which returns a string_view).
#define QCOMPARE_ENUM(actual, expected) \
    QCOMPARE(static_cast<int>(actual), static_cast<int>(expected))
