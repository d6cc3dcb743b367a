#include <QTest>

#include "core/analysis/wait_attribution.h"
#include "tst_timeline_fixtures.h"
#include "ui/timeline/event_details.h"

using namespace syncscope;

namespace {}  // namespace

class TestTimelineDetails : public QObject {
    Q_OBJECT
private slots:
    void syncWaitSentence() {
        std::uint32_t wait = 0, kernel = 0;
        const Trace t = testing::syncWaitTrace(&wait, &kernel);
        QCOMPARE(describeWait(t, wait),
                 QStringLiteral(
                     "waited 1.80 ms for kernel spin_kernel (batch 7) on stream 2; spinning"));
        QVERIFY(describeWait(t, kernel).isEmpty());
    }

    void syncWaitDetails() {
        std::uint32_t wait = 0, kernel = 0;
        const Trace t = testing::syncWaitTrace(&wait, &kernel);
        const QString label =
            QString::fromUtf8(syncModeInfo(SyncMode::Stream).label.data(),
                              static_cast<qsizetype>(syncModeInfo(SyncMode::Stream).label.size()));
        QCOMPARE(describeEvent(t, wait),
                 QStringLiteral("Host wait cudaStreamSynchronize — 1.80 ms\n"
                                "lane: host waits\n"
                                "start: 1.20 ms, end: 3.00 ms\n"
                                "batch 7, step 22\n"
                                "call: cudaStreamSynchronize\n"
                                "sync mode: ") +
                     label +
                     QStringLiteral(
                         "\n"
                         "waited 1.80 ms for kernel spin_kernel (batch 7) on stream 2; spinning\n"
                         "CPU burnt while waiting: 1.79 ms"));
    }

    void withAnalysisAttribution() {
        std::uint32_t wait = 0, kernel = 0;
        const Trace t = testing::syncWaitTrace(&wait, &kernel);
        const WaitAttribution attribution(t);
        const QString text = describeEvent(t, wait, &attribution);
        const QStringList lines = text.split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), describeEvent(t, wait).split(QLatin1Char('\n')).size());
        QVERIFY(!lines.contains(describeWait(t, wait)));  // replaced, not repeated
        const QString extra = lines.at(6);
        QVERIFY2(extra.startsWith(QStringLiteral("The host waited 1.80 ms")), qPrintable(extra));
        QVERIFY2(extra.contains(QStringLiteral("spin_kernel")), qPrintable(extra));
        QCOMPARE(describeEvent(t, kernel, &attribution), describeEvent(t, kernel));  // not a wait
    }

    void sleepingAndUnknown() {
        std::uint32_t wait = 0, kernel = 0;
        Trace t = testing::syncWaitTrace(&wait, &kernel);
        t.events[wait].flags = event_flags::kSleeping;
        QVERIFY(describeWait(t, wait).endsWith(QStringLiteral("; sleeping")));
        t.events[wait].awaited = kNone;
        QCOMPARE(describeWait(t, wait),
                 QStringLiteral("waited 1.80 ms (what released it is not recorded); sleeping"));
        QCOMPARE(describeEvent(t, 99), QStringLiteral("no event 99 in this trace"));
    }

    void kernelDetails() {
        std::uint32_t wait = 0, kernel = 0;
        const Trace t = testing::syncWaitTrace(&wait, &kernel);
        QCOMPARE(describeEvent(t, kernel), QStringLiteral("Kernel spin_kernel — 2.00 ms\n"
                                                          "lane: stream 2\n"
                                                          "start: 1.00 ms, end: 3.00 ms\n"
                                                          "batch 7, step 21"));
    }

    void durations_data() {
        QTest::addColumn<qint64>("ns");
        QTest::addColumn<QString>("text");
        QTest::newRow("ns") << qint64(850) << QStringLiteral("850 ns");
        QTest::newRow("us") << qint64(12'340) << QStringLiteral("12.3 µs");
        QTest::newRow("ms") << qint64(1'800'000) << QStringLiteral("1.80 ms");
        QTest::newRow("ms 3 digits") << qint64(250'400'000) << QStringLiteral("250.40 ms");
        QTest::newRow("s") << qint64(12'500'000'000) << QStringLiteral("12.50 s");
        QTest::newRow("rounds up a unit") << qint64(999'999) << QStringLiteral("1.00 ms");
        QTest::newRow("negative") << qint64(-2'000) << QStringLiteral("-2.0 µs");
    }
    void durations() {
        QFETCH(qint64, ns);
        QFETCH(QString, text);
        QCOMPARE(durationText(ns), text);
    }

    void bytes_data() {
        QTest::addColumn<quint64>("bytes");
        QTest::addColumn<QString>("text");
        QTest::newRow("B") << quint64(512) << QStringLiteral("512 B");
        QTest::newRow("KiB") << quint64(1536) << QStringLiteral("1.50 KiB");
        QTest::newRow("MiB") << quint64(64ULL << 20) << QStringLiteral("64.0 MiB");
        QTest::newRow("GiB not GB") << quint64(2ULL << 30) << QStringLiteral("2.00 GiB");
    }
    void bytes() {
        QFETCH(quint64, bytes);
        QFETCH(QString, text);
        QCOMPARE(formatBytes(bytes), text);
    }
};

SYNCSCOPE_UI_TEST_MAIN(TestTimelineDetails)
#include "tst_timeline_details.moc"
