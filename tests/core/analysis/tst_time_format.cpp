#include <QtTest>
#include <limits>

#include "core/analysis/time_format.h"

using namespace syncscope;

class TestTimeFormat : public QObject {
    Q_OBJECT

private slots:
    void duration_data() {
        QTest::addColumn<qint64>("ns");
        QTest::addColumn<QString>("text");
        QTest::newRow("zero") << qint64(0) << "0 ns";
        QTest::newRow("ns") << qint64(350) << "350 ns";
        QTest::newRow("just below 1 µs") << qint64(999) << "999 ns";
        QTest::newRow("1 µs") << qint64(1000) << "1.0 µs";
        QTest::newRow("2 µs") << qint64(2000) << "2.0 µs";
        QTest::newRow("rounds within µs") << qint64(999'949) << "999.9 µs";
        QTest::newRow("rounds up to ms") << qint64(999'960) << "1.00 ms";
        QTest::newRow("ms") << qint64(1'800'000) << "1.80 ms";
        QTest::newRow("rounds up to s") << qint64(999'996'000) << "1.00 s";
        QTest::newRow("s") << qint64(2'500'000'000) << "2.50 s";
        QTest::newRow("negative") << qint64(-350) << "-350 ns";
        QTest::newRow("negative µs") << qint64(-2000) << "-2.0 µs";
        // -INT64_MIN does not exist: the most negative value prints as minus the largest.
        QTest::newRow("most negative") << std::numeric_limits<qint64>::min() << "-9223372036.85 s";
        QTest::newRow("largest") << std::numeric_limits<qint64>::max() << "9223372036.85 s";
    }
    void duration() {
        QFETCH(qint64, ns);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(formatDuration(ns)), text);
    }

    void micros_data() {
        QTest::addColumn<qint64>("ns");
        QTest::addColumn<QString>("text");
        QTest::newRow("zero") << qint64(0) << "0.0 µs";
        QTest::newRow("tenths") << qint64(120'000) << "120.0 µs";
        QTest::newRow("half") << qint64(1'500) << "1.5 µs";
        QTest::newRow("ns precision") << qint64(120'003) << "120.003 µs";
        QTest::newRow("large") << qint64(123'456'789) << "123456.789 µs";
        QTest::newRow("negative") << qint64(-2'000) << "-2.0 µs";
        QTest::newRow("most negative")
            << std::numeric_limits<qint64>::min() << "-9223372036854775.808 µs";
    }
    void micros() {
        QFETCH(qint64, ns);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(formatMicros(ns)), text);
    }
};

QTEST_GUILESS_MAIN(TestTimeFormat)
#include "tst_time_format.moc"
