#include <QDir>
#include <QtTest>

#include "core/interchange/lane_pruner.h"
#include "core/interchange/trace_importer.h"
#include "tests/support/real_traces.h"

using namespace syncscope;

class TstLanePruner : public QObject {
    Q_OBJECT

private slots:
    void dropsEmptyLanesAndRenumbers() {
        Trace t;
        Lane empty_stream;
        empty_stream.kind = LaneKind::Stream;
        empty_stream.name = "stream 7 (metadata only)";
        t.addLane(empty_stream);  // 0: removed
        Lane host;
        host.kind = LaneKind::HostThread;
        host.name = "host";
        t.addLane(host);  // 1 -> 0
        Lane waits;
        waits.kind = LaneKind::HostWaits;
        waits.parent = 1;
        t.addLane(waits);  // 2 -> 1
        Lane stream;
        stream.kind = LaneKind::Stream;
        stream.name = "stream 7";
        t.addLane(stream);  // 3 -> 2
        TraceEvent wait;
        wait.kind = EventKind::HostWait;
        wait.lane = 2;
        t.addEvent(wait);
        TraceEvent call;
        call.kind = EventKind::ApiCall;
        call.lane = 1;
        call.target_lane = 3;
        t.addEvent(call);
        TraceEvent kernel;
        kernel.kind = EventKind::Kernel;
        kernel.lane = 3;
        t.addEvent(kernel);

        QCOMPARE(LanePruner::pruneEmptyLanes(t), std::size_t(1));
        QCOMPARE(t.lanes.size(), std::size_t(3));
        QCOMPARE(t.lanes[0].name, std::string("host"));
        QCOMPARE(t.lanes[1].parent, std::uint16_t(0));
        QCOMPARE(t.events[0].lane, std::uint16_t(1));
        QCOMPARE(t.events[1].lane, std::uint16_t(0));
        QCOMPARE(t.events[1].target_lane, std::uint16_t(2));
        QCOMPARE(t.events[2].lane, std::uint16_t(2));
        QCOMPARE(LanePruner::pruneEmptyLanes(t), std::size_t(0));
    }

    void hostLaneKeptForItsWaits() {
        Trace t;
        Lane host;
        host.kind = LaneKind::HostThread;
        t.addLane(host);
        Lane waits;
        waits.kind = LaneKind::HostWaits;
        waits.parent = 0;
        t.addLane(waits);
        TraceEvent wait;
        wait.kind = EventKind::HostWait;
        wait.lane = 1;
        t.addEvent(wait);
        QCOMPARE(LanePruner::pruneEmptyLanes(t), std::size_t(0));
        QCOMPARE(t.lanes.size(), std::size_t(2));
    }

    void importedRealTracesHaveNoEmptyLanes() {
        const QDir traces(syncscope::test::realTracesDir());
        if (!traces.exists())
            SYNCSCOPE_MISSING_REAL_TRACES("real traces not found");
        int files = 0;
        for (const QString& name :
             traces.entryList({"*.json", "*.json.gz", "*.sqlite"}, QDir::Files)) {
            const ImportResult r = importTrace(traces.filePath(name).toStdString());
            QVERIFY2(r.ok(), r.error.c_str());
            std::vector<bool> used(r.trace->lanes.size(), false);
            for (const auto& e : r.trace->events)
                used[e.lane] = true;
            for (std::size_t i = 0; i < used.size(); ++i)
                QVERIFY2(used[i] || r.trace->lanes.size() == 0,
                         qPrintable(name + ": empty lane " +
                                    QString::fromStdString(r.trace->lanes[i].name)));
            ++files;
        }
        QCOMPARE(files, 5);
    }
};

QTEST_APPLESS_MAIN(TstLanePruner)
#include "tst_lane_pruner.moc"
