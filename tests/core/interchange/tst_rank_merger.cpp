#include <QDir>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <map>
#include <set>

#include "core/analysis/collective_matcher.h"
#include "core/analysis/rank_summary.h"
#include "core/interchange/rank_merger.h"
#include "core/interchange/trace_importer.h"
#include "core/tracefile/trace_file.h"
#include "tests/support/memory_limit.h"
#include "tests/support/real_traces.h"
#include "tests/support/trace_difference.h"

using namespace syncscope;

// Several ranks as one timeline: the clock rule, ranks given twice or not at all, the native file
// keeping the ranks, and the seven real ranks of one DLRM step.
class TstRankMerger : public QObject {
    Q_OBJECT

    // One rank's Kineto trace: a launch and an NCCL AllReduce kernel at each of `starts_us`.
    static std::string rankJson(int rank, const std::vector<double>& starts_us,
                                std::optional<std::int64_t> base_ns = std::nullopt) {
        std::string json = "{";
        if (rank >= 0)
            json += "\"distributedInfo\":{\"backend\":\"nccl\",\"rank\":" + std::to_string(rank) +
                    ",\"world_size\":8},";
        if (base_ns)
            json += "\"baseTimeNanoseconds\":" + std::to_string(*base_ns) + ",";
        json += "\"traceEvents\":[";
        int correlation = 1;
        for (const double ts : starts_us) {
            const std::string c = std::to_string(correlation++);
            if (correlation > 2)
                json += ",";
            json +=
                "{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"cudaLaunchKernel\",\"pid\":9,"
                "\"tid\":9,\"ts\":" +
                std::to_string(ts - 5) + ",\"dur\":2,\"args\":{\"correlation\":" + c +
                "}},{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":"
                "\"ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*)\",\"pid\":0,\"tid\":"
                "7,\"ts\":" +
                std::to_string(ts) +
                ",\"dur\":10,\"args\":{\"device\":0,\"stream\":7,\"correlation\":" + c + "}}";
        }
        return json + "]}";
    }

    static Trace imported(const std::string& json, const std::string& name) {
        ImportResult r = TraceImporter::importBytes(json, name);
        if (!r.ok())
            qFatal("%s", r.error.c_str());
        return std::move(*r.trace);
    }

    static std::vector<std::uint32_t> ncclKernels(const Trace& t, std::uint32_t rank) {
        std::vector<std::uint32_t> out;
        for (std::uint32_t i = 0; i < t.events.size(); ++i)
            if (CollectiveMatcher::isNcclKernel(t, t.events[i]) &&
                t.lanes[t.events[i].lane].rank == rank)
                out.push_back(i);
        return out;
    }

private slots:
    // Hostile rank files (impossible clocks, one file twice) below.
    void initTestCase() { test::limitAddressSpace(); }

    void hostClockAlignsOnTsAsWritten() {
        // Epoch µs: rank 1's kernel 50 µs after rank 0's, though each file starts at its own time.
        ImportResult r = RankMerger::merge({imported(rankJson(0, {1000000.0}), "a.json"),
                                            imported(rankJson(1, {1000050.0}), "b.json")},
                                           {"a.json", "b.json"});
        QVERIFY2(r.ok(), r.error.c_str());
        const Trace& t = *r.trace;
        QVERIFY(t.clock.domain == ClockDomain::HostClock);
        const auto k0 = ncclKernels(t, 0), k1 = ncclKernels(t, 1);
        QCOMPARE(k0.size(), std::size_t{1});
        QCOMPARE(k1.size(), std::size_t{1});
        QCOMPARE(t.events[k1[0]].start_ns - t.events[k0[0]].start_ns, TimeNs{50000});
        QVERIFY(r.warnings.empty());
        for (const Lane& lane : t.lanes)
            QVERIFY2(lane.name.rfind("rank " + std::to_string(lane.rank) + " \u00b7 ", 0) == 0,
                     lane.name.c_str());
    }

    void baseTimeNanosecondsShiftsEachFile() {
        // The same relative ts, bases 20 µs apart: the kernels are 20 µs apart on the merged clock.
        ImportResult r = RankMerger::merge({imported(rankJson(0, {100.0}, 5000000000), "a.json"),
                                            imported(rankJson(1, {100.0}, 5000020000), "b.json")},
                                           {"a.json", "b.json"});
        QVERIFY2(r.ok(), r.error.c_str());
        const Trace& t = *r.trace;
        QVERIFY(t.clock.domain == ClockDomain::KinetoBase);
        const auto k0 = ncclKernels(t, 0), k1 = ncclKernels(t, 1);
        QCOMPARE(t.events[k1[0]].start_ns - t.events[k0[0]].start_ns, TimeNs{20000});
    }

    void mixedClocksAreRefusedNamingTheFile() {
        ImportResult r = RankMerger::merge({imported(rankJson(0, {1000000.0}), "a.json"),
                                            imported(rankJson(1, {100.0}, 5000000000), "b.json")},
                                           {"a.json", "b.json"});
        QVERIFY(!r.ok());
        QVERIFY2(r.error.rfind("b.json: ", 0) == 0, r.error.c_str());
        QVERIFY2(r.error.find("baseTimeNanoseconds") != std::string::npos, r.error.c_str());
        QVERIFY2(r.error.find("a.json") != std::string::npos, r.error.c_str());
    }

    void duplicateRanksAreRefused() {
        ImportResult r = RankMerger::merge(
            {imported(rankJson(3, {10.0}), "a.json"), imported(rankJson(3, {20.0}), "b.json")},
            {"a.json", "b.json"});
        QVERIFY(!r.ok());
        QVERIFY2(r.error.find("b.json: rank 3 again (also a.json)") != std::string::npos,
                 r.error.c_str());
    }

    // Issue 40.8: ranks each valid alone, on clocks that cannot share one timeline, merged into a
    // trace that stats then refused ("Waited for others 9223372036.85 s" in the window).
    void clocksThatCannotShareATimelineAreRefused() {
        constexpr std::int64_t kFar = (std::int64_t{1} << 62) - 1;
        ImportResult bases = RankMerger::merge({imported(rankJson(0, {100.0}, -kFar), "a.json"),
                                                imported(rankJson(1, {100.0}, kFar), "b.json")},
                                               {"a.json", "b.json"});
        QVERIFY(!bases.ok());
        QCOMPARE(
            QString::fromStdString(bases.error),
            QStringLiteral("b.json: its clock and that of a.json are too far apart to share one "
                           "timeline (the times would leave the supported \u00b1(2^62 - 1) "
                           "ns); these are not ranks of one step"));
        // Host timestamps of \u00b14\u00b710^15 \u00b5s: each in range, 8\u00b710^18 ns apart.
        ImportResult host = RankMerger::merge(
            {imported(rankJson(0, {4e15}), "a.json"), imported(rankJson(1, {-4e15}), "b.json")},
            {"a.json", "b.json"});
        QVERIFY(!host.ok());
        QVERIFY2(host.error.rfind("a.json: its clock and that of b.json are too far apart", 0) == 0,
                 host.error.c_str());
        // In range, but two days apart: not one step.
        ImportResult days =
            RankMerger::merge({imported(rankJson(0, {100.0}, 0), "a.json"),
                               imported(rankJson(1, {100.0}, 2 * 86'400'000'000'000), "b.json")},
                              {"a.json", "b.json"});
        QVERIFY(!days.ok());
        QCOMPARE(QString::fromStdString(days.error),
                 QStringLiteral("b.json: its clock starts 172800 s after that of a.json; the ranks "
                                "of one step are recorded together (at most a day apart), so these "
                                "are not ranks of one step"));
        // An hour apart still merges.
        QVERIFY(RankMerger::merge({imported(rankJson(0, {100.0}, 0), "a.json"),
                                   imported(rankJson(1, {100.0}, 3'600'000'000'000), "b.json")},
                                  {"a.json", "b.json"})
                    .ok());
    }

    // Issue 40.9: one unranked file given twice merged into "2 ranks". By device and inode, so a
    // link or another spelling of the path is the same file too.
    void theSameFileTwiceIsRefused() {
        QTemporaryDir dir;
        const std::string a = dir.filePath(QStringLiteral("a.json")).toStdString();
        QFile f(QString::fromStdString(a));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(rankJson(-1, {10.0})));
        f.close();
        const std::string link = dir.filePath(QStringLiteral("link.json")).toStdString();
        QVERIFY(QFile::link(QString::fromStdString(a), QString::fromStdString(link)));
        const std::string dotted = dir.path().toStdString() + "/./a.json";
        for (const std::string& second : {a, link, dotted}) {
            ImportResult r = RankMerger::merge(std::vector<std::string>{a, second});
            QVERIFY(!r.ok());
            QCOMPARE(QString::fromStdString(r.error),
                     QString::fromStdString(second + ": is the same file as " + a +
                                            " (given twice); give each rank's file once"));
        }
        // A copy is another file: merged, ranks by position.
        const std::string copy = dir.filePath(QStringLiteral("copy.json")).toStdString();
        QVERIFY(QFile::copy(QString::fromStdString(a), QString::fromStdString(copy)));
        QVERIFY(RankMerger::merge(std::vector<std::string>{a, copy}).ok());
    }

    void aFileWithoutDistributedInfoIsRankByPosition() {
        ImportResult r = RankMerger::merge(
            {imported(rankJson(5, {10.0}), "a.json"), imported(rankJson(-1, {20.0}), "b.json")},
            {"a.json", "b.json"});
        QVERIFY2(r.ok(), r.error.c_str());
        QCOMPARE(ranksOf(*r.trace), (std::vector<std::uint32_t>{1, 5}));
        QCOMPARE(r.warnings.size(), std::size_t{1});
        QVERIFY2(r.warnings[0].find("b.json: no \"distributedInfo\"") == 0, r.warnings[0].c_str());
        // Position 1 collides with nothing here; rank 1 = position 1 holds b's kernel.
        QCOMPARE(ncclKernels(*r.trace, 1).size(), std::size_t{1});
    }

    void tracesWithoutASharedClockAreRefused() {
        Trace simulated;
        simulated.addLane({});
        ImportResult r = RankMerger::merge({imported(rankJson(0, {10.0}), "a.json"), simulated},
                                           {"a.json", "run.json"});
        QVERIFY(!r.ok());
        QVERIFY2(r.error.rfind("run.json: has no clock", 0) == 0, r.error.c_str());
    }

    void tooManyFilesAreRefused() {
        const std::vector<std::string> paths(RankMerger::kMaxFiles + 1, "x.json");
        ImportResult r = RankMerger::merge(paths);
        QVERIFY(!r.ok());
        QVERIFY2(r.error.find("at most 64") != std::string::npos, r.error.c_str());
    }

    void collectivesOfSyntheticRanks() {
        // Two AllReduces on three ranks; rank 2 is last in the first, rank 0 in the second.
        ImportResult r = RankMerger::merge({imported(rankJson(0, {100.0, 400.0}), "a.json"),
                                            imported(rankJson(1, {110.0, 300.0}), "b.json"),
                                            imported(rankJson(2, {150.0, 350.0}), "c.json")},
                                           {"a.json", "b.json", "c.json"});
        QVERIFY2(r.ok(), r.error.c_str());
        const auto collectives = CollectiveMatcher::match(*r.trace);
        QCOMPARE(collectives.size(), std::size_t{2});
        QCOMPARE(collectives[0].lastArrival().rank, 2u);
        QCOMPARE(collectives[0].arrivals[0].wait_ns, TimeNs{50000});
        QCOMPARE(collectives[0].arrivals[1].wait_ns, TimeNs{40000});
        QCOMPARE(collectives[1].lastArrival().rank, 0u);
        QCOMPARE(CollectiveMatcher::describe(collectives[0]),
                 std::string("AllReduce #1: rank 2 arrived last; ranks 0,1 waited 40.0 \u00b5s"
                             "\u201350.0 \u00b5s for it"));
        // Flows from the late rank's kernel to each other rank's: two per collective.
        std::size_t from_last = 0;
        for (const Flow& f : r.trace->flows)
            if (f.from == collectives[0].lastArrival().event)
                ++from_last;
        QCOMPARE(from_last, std::size_t{2});
        QCOMPARE(CollectiveMatcher::rankList({1, 2, 3, 4, 6, 7}), std::string("1\u20134,6,7"));
        QCOMPARE(CollectiveMatcher::kindOf("ncclDevKernel_AllGather_RING_LL(x)"),
                 std::string("AllGather"));
        QCOMPARE(CollectiveMatcher::kindOf("volta_sgemm_128x64"), std::string());
    }

    void nativeFileKeepsRanksAndClock() {
        ImportResult r = RankMerger::merge({imported(rankJson(0, {1000000.0}), "a.json"),
                                            imported(rankJson(1, {1000050.0}), "b.json")},
                                           {"a.json", "b.json"});
        QVERIFY2(r.ok(), r.error.c_str());
        const TraceLoadResult back = TraceFile::fromJson(TraceFile::toJson(*r.trace));
        QVERIFY2(back.ok(), back.error.c_str());
        QCOMPARE(test::traceDifference(*r.trace, *back.trace), std::string());
        QCOMPARE(ranksOf(*back.trace), (std::vector<std::uint32_t>{0, 1}));
        QVERIFY(back.trace->clock.domain == ClockDomain::HostClock);
        // A merged trace is one file; giving it again as a rank is refused.
        ImportResult again = RankMerger::merge({*back.trace}, {"t.json"});
        QVERIFY(!again.ok());
        QVERIFY2(again.error.find("already holds several ranks") != std::string::npos,
                 again.error.c_str());
    }

    void sevenRealRanks() {
        const QStringList files = test::dlrmRankFiles();
        if (files.size() != 7)
            SYNCSCOPE_MISSING_REAL_TRACES(QStringLiteral("the 7 files of param-dlrm-ranks"));
        std::vector<std::string> paths;
        std::size_t lanes = 0;
        std::map<std::uint32_t, std::size_t> events_by_rank;
        for (const QString& f : files) {
            paths.push_back(f.toStdString());
            ImportResult one = TraceImporter::importFile(paths.back());
            QVERIFY2(one.ok(), one.error.c_str());
            QVERIFY(one.trace->clock.domain == ClockDomain::HostClock);
            QVERIFY(one.trace->rank != kNone);
            lanes += one.trace->lanes.size();
            events_by_rank[one.trace->rank] = one.trace->events.size();
        }
        ImportResult r = RankMerger::merge(paths);
        QVERIFY2(r.ok(), r.error.c_str());
        const Trace& t = *r.trace;
        QCOMPARE(t.lanes.size(), lanes);
        QCOMPARE(ranksOf(t), (std::vector<std::uint32_t>{1, 2, 3, 4, 5, 6, 7}));
        std::map<std::uint32_t, std::size_t> merged_by_rank;
        for (const TraceEvent& e : t.events)
            ++merged_by_rank[t.lanes[e.lane].rank];
        QCOMPARE(merged_by_rank, events_by_rank);

        const auto collectives = CollectiveMatcher::match(t);
        // 5 SendRecv and 3 AllReduce on every rank; who came last, read off the files by hand.
        QCOMPARE(collectives.size(), std::size_t{8});
        std::map<std::string, std::vector<std::uint32_t>> last;
        for (const Collective& c : collectives) {
            QCOMPARE(c.arrivals.size(), std::size_t{7});
            std::set<std::uint32_t> ranks;
            TimeNs min_end = std::numeric_limits<TimeNs>::max();
            int zero_waits = 0;
            for (const CollectiveArrival& a : c.arrivals) {
                ranks.insert(a.rank);
                QVERIFY(a.wait_ns >= 0);
                zero_waits += a.wait_ns == 0;
                min_end = std::min(min_end, t.events[a.event].end_ns);
            }
            QCOMPARE(ranks.size(), std::size_t{7});
            QCOMPARE(zero_waits, 1);  // exactly one rank arrived last
            // Aligned clocks: an NCCL kernel runs until every rank has arrived, so every rank's
            // kernel of one collective is still running when the last one starts (within 1 µs).
            QVERIFY2(min_end + 1000 >= c.lastArrival().start_ns,
                     CollectiveMatcher::describe(c).c_str());
            last[c.kind].push_back(c.lastArrival().rank);
        }
        QCOMPARE(last["SendRecv"], (std::vector<std::uint32_t>{7, 7, 7, 7, 5}));
        QCOMPARE(last["AllReduce"], (std::vector<std::uint32_t>{7, 5, 4}));

        const auto rows = summarizeRanks(t);
        QCOMPARE(rows.size(), std::size_t{7});
        for (const RankSummary& row : rows) {
            QCOMPARE(row.events, events_by_rank[row.rank]);
            QVERIFY(row.makespan_ns > 0 && row.gpu_busy_ns > 0 && row.nccl_ns > 0);
            QVERIFY(row.nccl_ns <= row.gpu_busy_ns);
        }
    }
};

QTEST_GUILESS_MAIN(TstRankMerger)
#include "tst_rank_merger.moc"
