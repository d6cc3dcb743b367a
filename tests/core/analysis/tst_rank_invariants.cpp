// The invariant checker on a timeline of several ranks: each rank is its own process and device,
// so device-wide rules hold within a rank; a rank's own violations are still caught; a trace of
// one process checks as before.
#include <QDir>
#include <QtTest>
#include <algorithm>

#include "core/analysis/invariant_checker.h"
#include "core/interchange/rank_merger.h"
#include "tests/core/analysis/broken_traces.h"
#include "tests/core/analysis/trace_builder.h"
#include "tests/support/real_traces.h"

using namespace syncscope;
using namespace syncscope::test;

namespace {

QString describe(const std::vector<Violation>& violations) {
    QString text;
    for (const auto& v : violations)
        text += QString::fromStdString(v.invariant + ": " + v.message + "\n");
    return text;
}

// One rank's trace as a profiler would give it: on the host clock every rank shares.
Trace asRank(TraceBuilder& b, std::uint32_t rank) {
    Trace t = b.trace();
    t.clock = {ClockDomain::HostClock, 0};
    t.rank = rank;
    return t;
}

Trace merged(std::vector<Trace> ranks) {
    std::vector<std::string> names;
    for (std::size_t i = 0; i < ranks.size(); ++i)
        names.push_back("rank" + std::to_string(i) + ".json");
    ImportResult r = RankMerger::merge(std::move(ranks), names);
    if (!r.ok())
        qFatal("%s", r.error.c_str());
    return std::move(*r.trace);
}

// The same events as one process: what checking a merged trace used to mean.
Trace asOneDevice(Trace t) {
    for (Lane& lane : t.lanes)
        lane.rank = kNone;
    return t;
}

// Rank 0 synchronizes its device at 100 µs while rank 1's kernel still runs until 300 µs, and
// both ranks number their correlations and event objects from the same start.
void buildFastRank(TraceBuilder& b) {
    const auto s = b.stream("stream 7");
    const auto k = b.kernel(s, "rank0_kernel").enq(us(0), us(5)).gpu(us(10), us(90));
    b.record(s, 0, "e0").enq(us(5), us(7)).gpu(us(90), us(90));
    b.call(ApiId::DeviceSynchronize, us(7), us(92));
    b.hostWait(us(7), us(92), k.op);
}
void buildSlowRank(TraceBuilder& b) {
    const auto s = b.stream("stream 7");
    const auto k = b.kernel(s, "rank1_kernel").enq(us(50), us(55)).gpu(us(60), us(300));
    b.record(s, 0, "e0").enq(us(55), us(57)).gpu(us(300), us(300));
    b.call(ApiId::EventSynchronize, us(57), us(302), kNoLane, 0);
    b.hostWait(us(57), us(302), k.op);
}

}  // namespace

class TstRankInvariants : public QObject {
    Q_OBJECT

private slots:
    void eachRankIsItsOwnDevice() {
        TraceBuilder fast;
        buildFastRank(fast);
        TraceBuilder slow;
        buildSlowRank(slow);
        QVERIFY2(InvariantChecker().check(fast.trace()).empty(),
                 qPrintable(describe(InvariantChecker().check(fast.trace()))));
        QVERIFY2(InvariantChecker().check(slow.trace()).empty(),
                 qPrintable(describe(InvariantChecker().check(slow.trace()))));
        const Trace both = merged({asRank(fast, 0), asRank(slow, 1)});
        const std::vector<Violation> violations = InvariantChecker().check(both);
        QVERIFY2(violations.empty(), qPrintable(describe(violations)));

        // As one device, rank 0's cudaDeviceSynchronize returned while rank 1's kernel ran
        // (I5), and the shared correlation ids paired calls with the other rank's kernels.
        const std::vector<Violation> one = InvariantChecker().check(asOneDevice(both));
        bool device_sync = false;
        for (const Violation& v : one)
            device_sync = device_sync || v.invariant == "I5";
        QVERIFY2(device_sync, qPrintable(describe(one)));
    }

    void aViolationInsideOneRankIsCaught() {
        TraceBuilder fast;
        buildFastRank(fast);
        TraceBuilder broken;
        const auto s = broken.stream("stream 7");
        const auto k = broken.kernel(s, "late_kernel").enq(us(0), us(5)).gpu(us(10), us(200));
        // cudaStreamSynchronize returns at 120 µs, before its stream's kernel ended (I6).
        const auto sync = broken.call(ApiId::StreamSynchronize, us(5), us(120), s);
        broken.hostWait(us(5), us(120), k.op);
        const Trace both = merged({asRank(fast, 0), asRank(broken, 1)});
        const std::vector<Violation> violations = InvariantChecker().check(both);
        QVERIFY(!violations.empty());
        for (const Violation& v : violations)
            QVERIFY2(v.message.rfind("Rank 1: ", 0) == 0, qPrintable(describe(violations)));
        const auto i6 = std::find_if(violations.begin(), violations.end(),
                                     [](const Violation& v) { return v.invariant == "I6"; });
        QVERIFY2(i6 != violations.end(), qPrintable(describe(violations)));
        // The events it names are the merged trace's: rank 1's sync call and kernel.
        QVERIFY(!i6->events.empty());
        bool names_sync = false;
        bool names_kernel = false;
        for (const std::uint32_t e : i6->events) {
            QVERIFY(e < both.events.size());
            QCOMPARE(both.lanes[both.events[e].lane].rank, 1u);
            names_sync = names_sync || both.events[e].api == ApiId::StreamSynchronize;
            names_kernel = names_kernel || both.nameOf(both.events[e]) == "late_kernel";
        }
        QVERIFY2(names_sync && names_kernel, qPrintable(describe(violations)));
        QVERIFY(both.events[fast.trace().events.size() + sync.call].api ==
                ApiId::StreamSynchronize);
    }

    void oneProcessChecksAsBefore() {
        // Every broken case reports the same violations with its lanes all tagged with one rank
        // (a merge of one file) as untagged: no prefix, same events.
        for (const Case& c : brokenCases()) {
            TraceBuilder b;
            InvariantCheckerOptions options;
            c.build(b, options);
            const std::vector<Violation> before = InvariantChecker(options).check(b.trace());
            Trace tagged = b.trace();
            for (Lane& lane : tagged.lanes)
                lane.rank = 3;
            const std::vector<Violation> after = InvariantChecker(options).check(tagged);
            QCOMPARE(describe(after), describe(before));
            QCOMPARE(after.size(), before.size());
            for (std::size_t i = 0; i < after.size(); ++i)
                QCOMPARE(after[i].events, before[i].events);
        }
    }

    void theLimitAppliesToTheMergedList() {
        // Two ranks each breaking I6 once; at one listed per invariant the second is counted.
        std::vector<Trace> ranks;
        for (std::uint32_t r = 0; r < 2; ++r) {
            TraceBuilder b;
            const auto s = b.stream("stream 7");
            const auto k = b.kernel(s, "k").enq(us(0), us(5)).gpu(us(10), us(200));
            b.call(ApiId::StreamSynchronize, us(5), us(120), s);
            b.hostWait(us(5), us(120), k.op);
            ranks.push_back(asRank(b, r));
        }
        const Trace both = merged(std::move(ranks));
        InvariantCheckerOptions options;
        options.max_per_invariant = 1;
        std::size_t i6 = 0;
        bool counted = false;
        for (const Violation& v : InvariantChecker(options).check(both)) {
            i6 += v.invariant == "I6" && v.message.rfind("Rank ", 0) == 0 ? 1 : 0;
            counted =
                counted || (v.invariant == "I6" && v.message.find("more") != std::string::npos);
        }
        QCOMPARE(i6, std::size_t{1});
        QVERIFY(counted);
    }

    void theSevenRealRanksCheckClean() {
        const QDir dir(realTracesDir() + QStringLiteral("/param-dlrm-ranks"));
        std::vector<std::string> paths;
        for (const QString& name :
             dir.entryList({QStringLiteral("*.pt.trace.json.gz")}, QDir::Files, QDir::Name))
            paths.push_back(dir.filePath(name).toStdString());
        if (paths.size() != 7)
            SYNCSCOPE_MISSING_REAL_TRACES(QStringLiteral("the 7 files of param-dlrm-ranks"));
        ImportResult r = RankMerger::merge(paths);
        QVERIFY2(r.ok(), r.error.c_str());
        const std::vector<Violation> violations = InvariantChecker().check(*r.trace);
        QVERIFY2(violations.empty(), qPrintable(describe(violations)));
        // The same events checked as one device are not clean: the false violations this fixes.
        QVERIFY(!InvariantChecker().check(asOneDevice(*r.trace)).empty());
    }
};

QTEST_GUILESS_MAIN(TstRankInvariants)
#include "tst_rank_invariants.moc"
