// The picture options of `syncscope --export` (--arrows, --range, --scale, --memory, and the
// presentation theme's text size), run as a user runs them: a separate process, no window.
#include <QFile>
#include <QImageReader>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>

#include "headless_test_utils.h"

using namespace Qt::StringLiterals;
using namespace syncscope::testing;

namespace {

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The time-axis labels in µs ("250 µs") of an SVG: the numbers, in order of appearance.
QList<double> microsecondTicks(const QByteArray& svg) {
    QList<double> ticks;
    static const QRegularExpression label(u">(-?[0-9]+(?:\\.[0-9]+)?) (?:µ|&#181;|&#xb5;)s<"_s);
    auto it = label.globalMatch(QString::fromUtf8(svg));
    while (it.hasNext())
        ticks << it.next().captured(1).toDouble();
    return ticks;
}

}  // namespace

class TestHeadlessExportOptions : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY2(QFile::exists(kBinary), qPrintable(kBinary + u" was not built"_s));
        QVERIFY(dir_.isValid());
    }

    void badValuesNameTheOption_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("range not a pair") << QStringList{u"--range"_s, u"120"_s}
                                          << u"bad --range '120': expected START_US:END_US"_s;
        QTest::newRow("range three parts")
            << QStringList{u"--range"_s, u"1:2:3"_s} << u"bad --range '1:2:3'"_s;
        QTest::newRow("range start not a number")
            << QStringList{u"--range"_s, u"abc:20"_s} << u"START 'abc' is not a number"_s;
        QTest::newRow("range end not a number")
            << QStringList{u"--range"_s, u"10:2x"_s} << u"END '2x' is not a number"_s;
        QTest::newRow("range reversed")
            << QStringList{u"--range"_s, u"500:100"_s}
            << u"bad --range '500:100': START (500 µs) must be before END (100 µs)"_s;
        QTest::newRow("range empty")
            << QStringList{u"--range"_s, u"100:100"_s} << u"must be before END"_s;
        QTest::newRow("range after the run")
            << QStringList{u"--range"_s, u"0:100000000"_s}
            << u"--range 0:100000000 is outside the run, which spans 0.000 to "_s;
        QTest::newRow("range before the run")
            << QStringList{u"--range"_s, u"-50:10"_s} << u"--range -50:10 is outside the run"_s;
        QTest::newRow("scale zero") << QStringList{u"--scale"_s, u"0"_s}
                                    << u"bad --scale '0' (expected a number from 0.5 to 4"_s;
        QTest::newRow("scale too big") << QStringList{u"--scale"_s, u"10"_s} << u"--scale '10'"_s;
        QTest::newRow("scale not a number")
            << QStringList{u"--scale"_s, u"two"_s} << u"--scale 'two'"_s;
        QTest::newRow("scale nan") << QStringList{u"--scale"_s, u"nan"_s} << u"--scale 'nan'"_s;
        QTest::newRow("range and focus") << QStringList{u"--range"_s, u"0:10"_s, u"--focus"_s}
                                         << u"--range and --focus both choose the time window"_s;
    }
    void badValuesNameTheOption() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const QString out = dir_.filePath(u"bad.png"_s);
        const Outcome r = runSyncscope(QStringList{u"--scenario"_s, u"builtin:mode-event"_s,
                                                   u"--engine"_s, u"sim"_s, u"--export"_s, out} +
                                       args);
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY(!QFile::exists(out));
    }

    void scaleMultipliesThePixels() {
        const QString out = dir_.filePath(u"scaled.png"_s);
        const Outcome r = export_({u"--size"_s, u"800x450"_s, u"--scale"_s, u"2"_s}, out);
        QVERIFY2(r.exit_code == 0, qPrintable(r.err));
        QCOMPARE(QImageReader(out).size(), QSize(1600, 900));
        const Outcome half = export_({u"--size"_s, u"800x450"_s, u"--scale"_s, u"0.5"_s}, out);
        QVERIFY2(half.exit_code == 0, qPrintable(half.err));
        QCOMPARE(QImageReader(out).size(), QSize(400, 225));
    }

    void arrowsDrawTheFlows() {
        const QString plain = dir_.filePath(u"plain.svg"_s);
        const QString arrows = dir_.filePath(u"arrows.svg"_s);
        QCOMPARE(export_({}, plain).exit_code, 0);
        QCOMPARE(export_({u"--arrows"_s}, arrows).exit_code, 0);
        const QByteArray without = readAll(plain);
        const QByteArray with = readAll(arrows);
        // Each arrow is a curve (a cubic in the path data) plus its head.
        QVERIFY2(
            with.count("<path") > without.count("<path"),
            qPrintable(
                QStringLiteral("%1 vs %2").arg(with.count("<path")).arg(without.count("<path"))));
        QVERIFY(with.count(" C") > without.count(" C"));
        QVERIFY(with.contains(">launch<") && !without.contains(">launch<"));  // the legend too
    }

    void rangeSetsTheTimeAxis() {
        const QString whole = dir_.filePath(u"whole.svg"_s);
        const QString part = dir_.filePath(u"part.svg"_s);
        QCOMPARE(export_({}, whole).exit_code, 0);
        const Outcome r = export_({u"--range"_s, u"100.5:300"_s}, part);
        QVERIFY2(r.exit_code == 0, qPrintable(r.err));
        const QList<double> ticks = microsecondTicks(readAll(part));
        QVERIFY2(ticks.size() >= 3, readAll(part).left(2000).constData());
        for (double t : ticks)
            QVERIFY2(t >= 100.5 && t <= 300.0, qPrintable(QString::number(t)));
        // The whole run goes on beyond 300 µs (in µs or coarser units).
        const QList<double> all = microsecondTicks(readAll(whole));
        QVERIFY(all.isEmpty() || *std::max_element(all.begin(), all.end()) > 300.0);
    }

    void memoryPlotOnlyWhenTheRunHasMemory() {
        const QString none = dir_.filePath(u"no-memory.svg"_s);
        const QString forced = dir_.filePath(u"forced.svg"_s);
        const QString pool = dir_.filePath(u"pool.svg"_s);
        QCOMPARE(export_({}, none).exit_code, 0);
        QVERIFY(!readAll(none).contains("memory ("));
        QCOMPARE(export_({u"--memory"_s}, forced).exit_code, 0);
        QVERIFY(readAll(forced).contains("memory ("));
        QCOMPARE(export_({}, pool, u"builtin:pool-stream-ordered-reuse"_s).exit_code, 0);
        QVERIFY(readAll(pool).contains("memory ("));
    }

    void presentationTextIsLargeOnSlides() {
        QList<int> smallest;
        for (const QString& size : {u"1920x1080"_s, u"3840x2160"_s}) {
            const QString out = dir_.filePath(u"slide.svg"_s);
            const Outcome r = export_({u"--theme"_s, u"presentation"_s, u"--size"_s, size}, out);
            QVERIFY2(r.exit_code == 0, qPrintable(r.err));
            const QByteArray svg = readAll(out);
            QList<int> sizes;
            static const QRegularExpression font(u"<text[^>]*font-size=\"([0-9.]+)\""_s);
            auto it = font.globalMatch(QString::fromUtf8(svg));
            while (it.hasNext())
                sizes << qRound(it.next().captured(1).toDouble());
            QVERIFY(!sizes.isEmpty());
            smallest << *std::min_element(sizes.begin(), sizes.end());
        }
        QVERIFY2(smallest[0] >= 28, qPrintable(QString::number(smallest[0])));
        QVERIFY2(smallest[1] > smallest[0], qPrintable(QString::number(smallest[1])));
    }

private:
    Outcome export_(const QStringList& extra, const QString& out,
                    const QString& scenario = u"builtin:mode-stream"_s) {
        return runSyncscope(
            QStringList{u"--scenario"_s, scenario, u"--engine"_s, u"sim"_s, u"--export"_s, out} +
            extra);
    }

    QTemporaryDir dir_;
};

QTEST_GUILESS_MAIN(TestHeadlessExportOptions)
#include "tst_headless_export_options.moc"
