#include <QtTest>
#include <algorithm>
#include <array>
#include <chrono>

#include "core/analysis/invariant_checker.h"
#include "core/analysis/trace_stats.h"
#include "core/analysis/wait_attribution.h"
#include "tests/core/analysis/trace_builder.h"

using namespace syncscope;
using namespace syncscope::test;

namespace {

// A valid run of about a million events on four streams: launches, event records with waits on
// the next stream, and a stream sync every 64 launches. Times follow the semantics exactly.
Trace buildLargeTrace(std::size_t launches) {
    TraceBuilder b;
    std::array<std::uint16_t, 4> lanes{};
    std::array<TimeNs, 4> last_end{};
    for (std::size_t s = 0; s < lanes.size(); ++s)
        lanes[s] = b.stream("stream " + std::to_string(s));
    TimeNs t = 0;
    for (std::size_t i = 0; i < launches; ++i) {
        const std::size_t s = i % 4;
        const TimeNs start = std::max(t + us(1), last_end[s]);
        b.kernel(lanes[s], "k").enq(t, t + us(5)).gpu(start, start + us(8));
        last_end[s] = start + us(8);
        t += us(5);
        if (i % 16 == 15) {
            const auto e = static_cast<std::uint32_t>(s);
            const auto m =
                b.record(lanes[s], e, "e").enq(t, t + us(1)).gpu(last_end[s], last_end[s]);
            t += us(1);
            const std::size_t o = (s + 1) % 4;
            const TimeNs reached = std::max(t, last_end[o]);
            const TimeNs go_on = std::max(reached, last_end[s]);
            b.streamWait(lanes[o], e).enq(t, t + us(1)).gpu(reached, go_on).awaited(m.op);
            last_end[o] = go_on;
            t += us(1);
        }
        if (i % 64 == 63) {
            const TimeNs ret = std::max(t, last_end[s] + us(2));
            b.call(ApiId::StreamSynchronize, t, ret, lanes[s]);
            if (last_end[s] > t)
                b.hostWait(t, ret, kNone, event_flags::kSpinning, ret - t);
            t = ret;
        }
    }
    return std::move(b.trace());
}

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

// Correctness at scale; the times are printed for the record, never asserted.
class TestLargeTrace : public QObject {
    Q_OBJECT

private slots:
    void millionEvents() {
        Trace trace = buildLargeTrace(440'000);
        QVERIFY(trace.events.size() >= 1'000'000);

        auto start = std::chrono::steady_clock::now();
        auto violations = InvariantChecker().check(trace);
        qInfo("check: %zu events in %.3f s", trace.events.size(), secondsSince(start));
        QVERIFY2(violations.empty(), violations.empty() ? "" : violations.front().message.c_str());

        start = std::chrono::steady_clock::now();
        const TraceStats stats = computeStats(trace);
        qInfo("stats (with idle attribution): %.3f s", secondsSince(start));
        QVERIFY(stats.gpu_busy_ns > 0);

        // One kernel moved back in time must be found among a million events.
        const std::uint32_t victim = static_cast<std::uint32_t>(trace.events.size() / 2);
        std::uint32_t op = victim;
        while (trace.events[op].kind != EventKind::Kernel)
            ++op;
        trace.events[op].start_ns -= us(4);
        violations = InvariantChecker().check(trace);
        for (const auto& v : violations)
            qInfo("%s: %s", v.invariant.c_str(), v.message.c_str());
        QVERIFY(std::any_of(violations.begin(), violations.end(), [&](const Violation& v) {
            return v.invariant == "I1" && v.events.back() == op;
        }));
    }
};

QTEST_GUILESS_MAIN(TestLargeTrace)
#include "tst_large_trace.moc"
