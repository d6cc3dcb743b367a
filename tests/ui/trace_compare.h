#pragma once

#include <QString>

#include "core/model/trace.h"

namespace syncscope::test {

// Empty when equal, else the first difference in words (QCOMPARE on 64-byte records says little).
inline QString firstEventDifference(const Trace& a, const Trace& b) {
    if (a.lanes.size() != b.lanes.size())
        return QStringLiteral("lane count %1 vs %2").arg(a.lanes.size()).arg(b.lanes.size());
    for (std::size_t i = 0; i < a.lanes.size(); ++i) {
        if (a.lanes[i].name != b.lanes[i].name || a.lanes[i].kind != b.lanes[i].kind)
            return QStringLiteral("lane %1 differs").arg(i);
    }
    if (a.events.size() != b.events.size())
        return QStringLiteral("event count %1 vs %2").arg(a.events.size()).arg(b.events.size());
    for (std::size_t i = 0; i < a.events.size(); ++i) {
        const TraceEvent& x = a.events[i];
        const TraceEvent& y = b.events[i];
        const bool same = x.start_ns == y.start_ns && x.end_ns == y.end_ns && x.bytes == y.bytes &&
                          x.cpu_ns == y.cpu_ns && a.nameOf(x) == b.nameOf(y) && x.step == y.step &&
                          x.batch == y.batch && x.correlation == y.correlation &&
                          x.awaited == y.awaited && x.cuda_event == y.cuda_event &&
                          x.lane == y.lane && x.target_lane == y.target_lane && x.kind == y.kind &&
                          x.api == y.api && x.mode == y.mode && x.flags == y.flags;
        if (!same)
            return QStringLiteral("event %1 differs: %2 [%3, %4] vs %5 [%6, %7]")
                .arg(i)
                .arg(QString::fromStdString(std::string(a.nameOf(x))))
                .arg(x.start_ns)
                .arg(x.end_ns)
                .arg(QString::fromStdString(std::string(b.nameOf(y))))
                .arg(y.start_ns)
                .arg(y.end_ns);
    }
    if (a.flows.size() != b.flows.size())
        return QStringLiteral("flow count %1 vs %2").arg(a.flows.size()).arg(b.flows.size());
    for (std::size_t i = 0; i < a.flows.size(); ++i) {
        if (a.flows[i].from != b.flows[i].from || a.flows[i].to != b.flows[i].to ||
            a.flows[i].kind != b.flows[i].kind)
            return QStringLiteral("flow %1 differs").arg(i);
    }
    if (a.memory.size() != b.memory.size())
        return QStringLiteral("memory sample count %1 vs %2")
            .arg(a.memory.size())
            .arg(b.memory.size());
    return {};
}

}  // namespace syncscope::test
