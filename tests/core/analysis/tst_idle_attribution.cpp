#include <QtTest>

#include "core/analysis/idle_attribution.h"
#include "core/analysis/trace_stats.h"
#include "core/analysis/wait_attribution.h"
#include "trace_builder.h"

using namespace syncscope;
using namespace syncscope::test;

// Every stretch of GPU idle time gets exactly one cause (docs/semantics.md "Idle time,
// explained"); the causes sum to the idle total.
class TestIdleAttribution : public QObject {
    Q_OBJECT

    static std::vector<IdlePiece> piecesOf(const IdleAttribution& idle, std::size_t gap) {
        const ExplainedGap& g = idle.gaps().at(gap);
        return {idle.pieces().begin() + g.first_piece,
                idle.pieces().begin() + g.first_piece + g.piece_count};
    }

    static void verifyCovers(const IdleAttribution& idle) {
        for (std::size_t k = 0; k < idle.gaps().size(); ++k) {
            const auto pieces = piecesOf(idle, k);
            QVERIFY(!pieces.empty());
            QCOMPARE(pieces.front().start_ns, idle.gaps()[k].start_ns);
            QCOMPARE(pieces.back().end_ns, idle.gaps()[k].end_ns);
            for (std::size_t p = 1; p < pieces.size(); ++p)
                QCOMPARE(pieces[p].start_ns, pieces[p - 1].end_ns);
        }
    }

    // A generic op of the host thread, as an import has them (a cpu_op or a Python frame).
    static std::uint32_t hostEvent(TraceBuilder& b, const std::string& name, TimeNs start,
                                   TimeNs end) {
        TraceEvent e;
        e.kind = EventKind::Generic;
        e.lane = 0;
        e.start_ns = start;
        e.end_ns = end;
        e.name = b.trace().strings.intern(name);
        return b.trace().addEvent(e);
    }

private slots:
    // loss.item() in a training loop: blocked in the sync, then Python between steps, then the
    // next step's ops launching.
    void syncThenPythonThenLaunches() {
        TraceBuilder b;
        const auto s = b.stream("stream 7");
        b.kernel(s, "backward").enq(us(0), us(5)).gpu(us(10), us(100));
        const auto sync = b.call(ApiId::StreamSynchronize, us(20), us(103), s);
        const auto wait = b.hostWait(us(21), us(102));
        const auto data = hostEvent(b, "train.py(30): next_batch", us(110), us(300));
        hostEvent(b, "aten::conv2d", us(305), us(340));
        const auto k = b.kernel(s, "conv").enq(us(330), us(335)).gpu(us(345), us(400));
        const WaitAttribution waits(b.trace());
        const IdleAttribution idle(waits);
        QCOMPARE(idle.gaps().size(), std::size_t{1});
        verifyCovers(idle);
        const auto pieces = piecesOf(idle, 0);
        // [100, 103] blocked (the wait, then the sync call returning); [103, 305] in Python
        // (next_batch, a frame: Python, not "elsewhere"); [305, 330] in aten::conv2d, which
        // launched, [330, 345] the launch and its latency.
        QCOMPARE(int(pieces.front().cause), int(IdleCause::HostSync));
        QCOMPARE(pieces.front().event, wait);
        const IdleBreakdown bd = idle.breakdown();
        QCOMPARE(bd.total_ns, us(245));
        QCOMPARE(bd.of(IdleCause::HostSync), us(3));
        QCOMPARE(bd.of(IdleCause::Python), us(202));
        QCOMPARE(bd.of(IdleCause::LaunchBound), us(40));
        QCOMPARE(bd.of(IdleCause::Unexplained), TimeNs{0});
        TimeNs sum = 0;
        for (const TimeNs ns : bd.ns)
            sum += ns;
        QCOMPARE(sum, bd.total_ns);
        QCOMPARE(idle.mainCause(idle.gaps()[0]), data);
        const std::string sentence = idle.describe(idle.gaps()[0]).english();
        QVERIFY2(sentence.find("the host was blocked 3.0 µs in cudaStreamSynchronize") !=
                     std::string::npos,
                 sentence.c_str());
        QVERIFY2(sentence.find("in Python (train.py(30): next_batch) with nothing queued") !=
                     std::string::npos,
                 sentence.c_str());
        QVERIFY2(sentence.find("launching the next work (aten::conv2d)") != std::string::npos,
                 sentence.c_str());
        (void)sync;
        (void)k;
        // The stats give the same breakdown, and the part a range selects is clipped to it.
        const TraceStats stats = computeStats(b.trace());
        QCOMPARE(stats.idle.total_ns, stats.gpu_idle_ns);
        QCOMPARE(stats.idle.of(IdleCause::Python), us(202));
        QCOMPARE(idle.breakdown(us(200), us(250)).of(IdleCause::Python), us(50));
        QCOMPARE(idle.breakdown(us(200), us(250)).total_ns, us(50));
    }

    // Queued work held back by a dependency on another stream's event.
    void streamDependency() {
        TraceBuilder b;
        const auto s1 = b.stream("stream 1");
        const auto s2 = b.stream("stream 2");
        b.kernel(s1, "a").enq(us(0), us(5)).gpu(us(10), us(50));
        b.kernel(s2, "b").enq(us(6), us(11)).gpu(us(60), us(90));
        b.hostFunction(s1, "callback").enq(us(12), us(15)).gpu(us(50), us(150));
        b.record(s1, 1, "ev").enq(us(16), us(18)).gpu(us(150), us(150));
        const auto wait = b.streamWait(s2, 1).enq(us(19), us(21)).gpu(us(90), us(150));
        b.kernel(s2, "c").enq(us(22), us(25)).gpu(us(150), us(200));
        const WaitAttribution waits(b.trace());
        const IdleAttribution idle(waits);
        QCOMPARE(idle.gaps().size(), std::size_t{2});  // [50, 60], [90, 150]
        verifyCovers(idle);
        // b was queued long before: the GPU's own latency to it (short).
        QCOMPARE(int(piecesOf(idle, 0).at(0).cause), int(IdleCause::GpuLatency));
        const auto pieces = piecesOf(idle, 1);
        QCOMPARE(pieces.size(), std::size_t{1});
        QCOMPARE(int(pieces[0].cause), int(IdleCause::StreamDependency));
        QCOMPARE(pieces[0].event, wait.op);
    }

    // The next op's launch is not in the trace: a wait still explains what it covers; the rest is
    // said to be unexplained, with its size.
    void launchNotInTheTrace() {
        TraceBuilder b;
        const auto s = b.stream("stream 1");
        b.bareOp(s, EventKind::Kernel, us(0), us(10));
        b.bareOp(s, EventKind::Kernel, us(50), us(60));
        b.call(ApiId::DeviceSynchronize, us(5), us(20));
        const auto w = b.hostWait(us(5), us(20));
        const WaitAttribution waits(b.trace());
        const IdleAttribution idle(waits);
        const IdleBreakdown bd = idle.breakdown();
        QCOMPARE(bd.of(IdleCause::HostSync), us(10));
        QCOMPARE(bd.of(IdleCause::Unexplained), us(30));
        QCOMPARE(piecesOf(idle, 0).front().event, w);
        QVERIFY(idle.describe(idle.gaps()[0]).english().find("40.0 µs") != std::string::npos);
    }

    // Time outside the GPU's span is reported apart, not in the idle total.
    void beforeFirstAndAfterLast() {
        TraceBuilder b;
        const auto s = b.stream("stream 1");
        b.kernel(s, "k").enq(us(0), us(5)).gpu(us(40), us(50));
        b.hostWork(us(50), us(90), "postprocess");
        const WaitAttribution waits(b.trace());
        const IdleBreakdown bd = IdleAttribution(waits).breakdown();
        QCOMPARE(bd.total_ns, TimeNs{0});
        QCOMPARE(bd.before_first_ns, us(40));
        QCOMPARE(bd.after_last_ns, us(40));
    }
};

QTEST_GUILESS_MAIN(TestIdleAttribution)
#include "tst_idle_attribution.moc"
