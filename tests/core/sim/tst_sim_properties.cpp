// Invariants of SYNC-SEMANTICS §8 on random (seeded, so reproducible) scenarios that use every step
// kind on every stream kind. The analysis module's checker is the full suite; these are the ones a
// few lines can state, so a simulator change that breaks one fails here first.
#include <QtTest>
#include <algorithm>
#include <map>
#include <random>

#include "sim_test_support.h"

using namespace syncscope;
using namespace syncscope::simtest;

class TestSimProperties : public QObject {
    Q_OBJECT

private slots:
    void invariantsHold_data();
    void invariantsHold();
};

namespace {

class ScenarioGenerator {
public:
    explicit ScenarioGenerator(unsigned seed) : rng_(seed) {}

    Scenario make() {
        Scenario s;
        s.title = "random";
        s.device = pick(2) == 0 ? "h200" : "laptop";
        s.schedule = SchedulePolicy(pick(4));
        const std::uint32_t streams = 1 + pick(5);
        bool legacy = false, per_thread = false;
        for (std::uint32_t i = 0; i < streams; ++i) {
            auto kind = StreamKind(pick(4));
            if ((kind == StreamKind::LegacyDefault && legacy) ||
                (kind == StreamKind::PerThreadDefault && per_thread))
                kind = StreamKind::Blocking;
            legacy |= kind == StreamKind::LegacyDefault;
            per_thread |= kind == StreamKind::PerThreadDefault;
            s.streams.push_back({"s" + std::to_string(i), kind, int(pick(3)) - 1});
        }
        for (int i = 0; i < 3; ++i)
            s.events.push_back({"e" + std::to_string(i), pick(2) == 0, true});
        for (int i = 0; i < 3; ++i)
            s.buffers.push_back({"b" + std::to_string(i)});
        s.pool.release_threshold = pick(2) == 0 ? 0 : UINT64_MAX;
        allocated_.assign(3, 0);
        const std::uint32_t n = 20 + pick(60);
        for (std::uint32_t i = 0; i < n; ++i)
            s.program.push_back(randomStep(streams));
        return s;
    }

private:
    std::uint32_t pick(std::uint32_t n) {
        return std::uniform_int_distribution<std::uint32_t>(0, n - 1)(rng_);
    }

    Step randomStep(std::uint32_t streams) {
        Step st;
        st.stream = pick(streams);
        st.event = pick(3);
        st.batch = pick(4);
        const std::uint32_t buffer = pick(3);
        switch (pick(20)) {
            case 0:
            case 1:
            case 2:
            case 3:
                st.kind = StepKind::Kernel;
                st.duration_ns = 1'000 * (1 + pick(200));
                st.grid = pick(4) == 0 ? 1 + pick(5000) : 1 + pick(8);
                st.block = 32 * (1 + pick(32));
                for (std::uint32_t b = 0; b < 3; ++b)
                    if (allocated_[b] && pick(2) == 0)
                        st.uses.push_back(b);
                break;
            case 4:
                st.kind = StepKind::Memcpy;
                st.direction = CopyDirection(pick(4));
                st.pinned = pick(2) == 0;
                st.async = pick(2) == 0;
                st.bytes = 1 + pick(4'000'000);
                break;
            case 5:
                st.kind = StepKind::Memset;
                st.async = pick(2) == 0;
                st.bytes = 1 + pick(1'000'000);
                break;
            case 6:
                st.buffer = buffer;
                if (allocated_[buffer]) {
                    st.kind = pick(2) == 0 ? StepKind::Free : StepKind::FreeAsync;
                    allocated_[buffer] = 0;
                } else {
                    st.kind = pick(2) == 0 ? StepKind::Malloc : StepKind::MallocAsync;
                    st.bytes = 1 + pick(1u << 30);
                    allocated_[buffer] = 1;
                }
                break;
            case 7:
                st.kind = StepKind::PoolTrim;
                st.bytes = pick(1u << 29);
                break;
            case 8:
            case 9:
                st.kind = StepKind::EventRecord;
                break;
            case 10:
                st.kind = StepKind::StreamWaitEvent;
                break;
            case 11:
                st.kind = StepKind::WaitStream;
                st.other_stream = pick(streams);
                break;
            case 12:
                st.kind = StepKind::DeviceSync;
                break;
            case 13:
                st.kind = StepKind::StreamSync;
                break;
            case 14:
                st.kind = StepKind::EventSync;
                break;
            case 15:
                st.kind = StepKind::CpuSync;
                break;
            case 16:
                st.kind = StepKind::EventQueryPoll;
                st.poll_interval_ns = 500 + pick(20'000);
                break;
            case 17:
                st.kind = StepKind::HostCallback;
                st.duration_ns = 1'000 * pick(50);
                break;
            case 18:
                st.kind = StepKind::HostWork;
                st.duration_ns = 1'000 * pick(100);
                break;
            default: {
                st.kind = StepKind::Repeat;
                st.count = 1 + pick(4);
                st.batch_stride = 1;
                // Bodies without buffer steps, so the allocation bookkeeping above stays exact.
                const std::vector<char> allocated = allocated_;
                for (std::uint32_t i = 0, n = 1 + pick(4); i < n; ++i) {
                    Step inner = randomStep(streams);
                    allocated_ = allocated;
                    if (inner.kind == StepKind::Repeat || inner.kind == StepKind::Malloc ||
                        inner.kind == StepKind::Free || inner.kind == StepKind::MallocAsync ||
                        inner.kind == StepKind::FreeAsync) {
                        inner = Step{};
                        inner.kind = StepKind::Kernel;
                        inner.stream = pick(streams);
                        inner.duration_ns = 5'000;
                    }
                    inner.uses.clear();
                    st.body.push_back(inner);
                }
            }
        }
        return st;
    }

    std::mt19937 rng_;
    std::vector<char> allocated_;
};

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
    const Scenario s = ScenarioGenerator(seed).make();
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
        const TimeNs bound = w.mode == SyncMode::EventQueryPoll ? 20'500 + p.api_cost_ns : max_wake;
        QVERIFY2(w.end_ns - awaited.end_ns <= bound, qPrintable(QString("step %1").arg(w.step)));
        QVERIFY(w.cpu_ns >= 0 && w.cpu_ns <= w.duration());
        for (const auto& [corr, op] : op_of) {
            if (call_of.at(corr)->start_ns >= w.start_ns)
                continue;
            if (w.api == ApiId::DeviceSynchronize || (w.api == ApiId::Free && op->end_ns > 0))
                QVERIFY(op->end_ns <= w.end_ns);
            if (w.api == ApiId::StreamSynchronize && op->lane == w.target_lane)
                QVERIFY(op->end_ns <= w.end_ns);
        }
    }

    // The host thread does one thing at a time.
    TimeNs host = 0;
    for (const TraceEvent& e : ev) {
        if (e.lane != 0 || e.kind == EventKind::Error)
            continue;
        QVERIFY2(e.start_ns >= host, qPrintable(QString("step %1").arg(e.step)));
        host = e.end_ns;
    }

    // Memory: in time order, consistent.
    for (std::size_t i = 1; i < t.memory.size(); ++i) {
        QVERIFY(t.memory[i - 1].t_ns <= t.memory[i].t_ns);
        QVERIFY(t.memory[i].pool_used <= t.memory[i].pool_reserved);
        QVERIFY(t.memory[i].device_used >= t.memory[i].pool_reserved);
    }
}

QTEST_GUILESS_MAIN(TestSimProperties)
#include "tst_sim_properties.moc"
