// Invariants of docs/semantics.md section 7 on random (seeded, so reproducible) scenarios that use
// every step kind on every stream kind. The analysis module's checker is the full suite; these are
// the ones a few lines can state, so a simulator change that breaks one fails here first.
#include <QtTest>
#include <algorithm>
#include <map>
#include <random>

#include "core/model/api_names.h"
#include "core/sim/sim_event_estimate.h"
#include "sim_test_support.h"

using namespace syncscope;
using namespace syncscope::simtest;

class TestSimProperties : public QObject {
    Q_OBJECT

private slots:
    void invariantsHold_data();
    void invariantsHold();
    void eventEstimateIsAnUpperBound();
};

namespace {

bool isGpu(const TraceEvent& e) {
    return e.lane >= 2;
}

}  // namespace

void TestSimProperties::invariantsHold_data() {
    QTest::addColumn<unsigned>("seed");
    for (unsigned seed = 1; seed <= 60; ++seed)
        QTest::newRow(qPrintable(QString("seed %1").arg(seed))) << seed;
}

void TestSimProperties::invariantsHold() {
    QFETCH(unsigned, seed);
    const Scenario s = simScenario(seed);
    const RunResult r = run(s);
    if (r.status == RunStatus::Failed) {
        // Allocations are random: running out of the laptop's memory is a legitimate outcome.
        QVERIFY2(r.message.find("out of device memory") != std::string::npos, r.message.c_str());
        return;
    }
    SIM_VERIFY_STATUS(r, RunStatus::Ok);
    const Trace& t = r.trace;
    const auto& ev = t.events;
    const DeviceProfile p = *findDeviceProfile(s.device);
    const TimeNs max_wake = *std::max_element(p.wake_latency_ns, p.wake_latency_ns + 4);
    // A poll notices completion at its next query: one period (the longest in this scenario).
    TimeNs max_poll = 0;
    for (const Step& step : s.program) {
        max_poll = std::max(max_poll, step.poll_interval_ns);
        for (const Step& inner : step.body)
            max_poll = std::max(max_poll, inner.poll_interval_ns);
    }
    for (const TraceEvent* e : find(t, EventKind::Error))
        QFAIL(std::string(t.nameOf(*e)).c_str());

    // The ApiCall that enqueued each correlation id, and the GPU op it became.
    std::map<std::uint32_t, const TraceEvent*> call_of, op_of;
    for (const TraceEvent& e : ev) {
        if (e.correlation == kNone)
            continue;
        (e.kind == EventKind::ApiCall ? call_of : op_of)[e.correlation] = &e;
    }
    QCOMPARE(call_of.size(), op_of.size());  // every enqueued op ran (the run finished)
    for (const auto& [corr, op] : op_of) {
        const TraceEvent* call = call_of.at(corr);
        QVERIFY(op->start_ns >= call->start_ns);  // I2
        QCOMPARE(call->target_lane, op->lane);
        QVERIFY(op->end_ns >= op->start_ns);
    }

    // I1: per stream, in enqueue order, each op ends before the next starts.
    std::map<std::uint16_t, std::vector<const TraceEvent*>> per_lane;
    for (const auto& [corr, op] : op_of)
        per_lane[op->lane].push_back(op);  // map: corr order
    for (const auto& [lane, ops] : per_lane)
        for (std::size_t i = 1; i < ops.size(); ++i)
            QVERIFY(ops[i - 1]->end_ns <= ops[i]->start_ns);

    // I3/I4: legacy stream ordering against blocking and per-thread streams.
    for (const auto& [ca, a] : op_of) {
        const StreamKind ka = t.lanes[a->lane].stream_kind;
        for (const auto& [cb, b] : op_of) {
            if (cb <= ca)
                continue;
            const StreamKind kb = t.lanes[b->lane].stream_kind;
            const bool a_ordered = ka == StreamKind::Blocking || ka == StreamKind::PerThreadDefault;
            const bool b_ordered = kb == StreamKind::Blocking || kb == StreamKind::PerThreadDefault;
            if ((ka == StreamKind::LegacyDefault && b_ordered) ||
                (a_ordered && kb == StreamKind::LegacyDefault))
                QVERIFY(a->end_ns <= b->start_ns);
        }
    }

    // Flows point at the right kinds of events.
    for (const Flow& f : t.flows) {
        QVERIFY(f.from < ev.size() && f.to < ev.size());
        if (f.kind == FlowKind::Launch) {
            SIM_COMPARE_ENUM(ev[f.from].kind, EventKind::ApiCall);
            QCOMPARE(ev[f.from].correlation, ev[f.to].correlation);
        } else if (f.kind == FlowKind::Awaited) {
            SIM_COMPARE_ENUM(ev[f.from].kind, EventKind::HostWait);
            QCOMPARE(ev[f.from].awaited, f.to);
        } else {
            SIM_COMPARE_ENUM(ev[f.from].kind, EventKind::EventMarker);
            SIM_COMPARE_ENUM(ev[f.to].kind, EventKind::StreamWait);
            QVERIFY(ev[f.to].end_ns >= ev[f.from].end_ns);  // I11
        }
    }

    // Host waits: return after the awaited end, within the wake-up bound (polls: one period), and
    // after everything the sync covers (I5, I6).
    for (const TraceEvent& w : ev) {
        if (w.kind != EventKind::HostWait)
            continue;
        QVERIFY(w.awaited < ev.size());
        const TraceEvent& awaited = ev[w.awaited];
        QVERIFY(isGpu(awaited));
        QVERIFY(w.end_ns >= awaited.end_ns);
        const TimeNs bound =
            w.mode == SyncMode::EventQueryPoll ? max_poll + p.api_cost_ns : max_wake;
        QVERIFY2(w.end_ns - awaited.end_ns <= bound, qPrintable(QString("step %1").arg(w.step)));
        QVERIFY(w.cpuNs() >= 0 && w.cpuNs() <= w.duration());
        for (const auto& [corr, op] : op_of) {
            if (call_of.at(corr)->start_ns >= w.start_ns)
                continue;
            if (w.api == ApiId::DeviceSynchronize || (w.api == ApiId::Free && op->end_ns > 0))
                QVERIFY(op->end_ns <= w.end_ns);
            if (w.api == ApiId::StreamSynchronize && op->lane == w.target_lane)
                QVERIFY(op->end_ns <= w.end_ns);
        }
    }

    // The host thread does one thing at a time. A PyTorch op contains the CUDA calls it makes:
    // ops and calls are each sequential, and every call inside an op lies within it.
    TimeNs host = 0, framework_host = 0;
    const TraceEvent* op = nullptr;
    for (const TraceEvent& e : ev) {
        if (e.lane != 0 || e.kind == EventKind::Error)
            continue;
        if (e.kind == EventKind::ApiCall && isFrameworkApi(e.api)) {
            QVERIFY2(e.start_ns >= framework_host, qPrintable(QString("step %1").arg(e.step)));
            framework_host = e.end_ns;
            op = &e;
            continue;
        }
        QVERIFY2(e.start_ns >= host, qPrintable(QString("step %1").arg(e.step)));
        host = e.end_ns;
        if (op != nullptr && e.step == op->step)
            QVERIFY(e.start_ns >= op->start_ns);
    }

    // Memory: in time order, consistent.
    for (std::size_t i = 1; i < t.memory.size(); ++i) {
        QVERIFY(t.memory[i - 1].t_ns <= t.memory[i].t_ns);
        QVERIFY(t.memory[i].pool_used <= t.memory[i].pool_reserved);
        QVERIFY(t.memory[i].device_used >= t.memory[i].pool_reserved);
    }
}

// SimEngine refuses runs by SimEventEstimate before they start; it must never under-estimate.
void TestSimProperties::eventEstimateIsAnUpperBound() {
    for (unsigned seed = 1; seed <= 60; ++seed) {
        const Scenario s = simScenario(seed);
        const RunResult r = run(s);
        SIM_VERIFY_STATUS(r, RunStatus::Ok);
        const std::uint64_t estimate = SimEventEstimate::events(s, *findDeviceProfile(s.device));
        QVERIFY2(r.trace.events.size() <= estimate,
                 qPrintable(QString("seed %1: %2 events, estimate %3")
                                .arg(seed)
                                .arg(r.trace.events.size())
                                .arg(estimate)));
    }
}

QTEST_GUILESS_MAIN(TestSimProperties)
#include "tst_sim_properties.moc"
