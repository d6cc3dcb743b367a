// `syncscope --scenario … --export OUT` as a user runs it: a separate process, no window.
#include <sys/stat.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QImageReader>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <cerrno>
#include <cstring>

#include "headless_test_utils.h"

using namespace Qt::StringLiterals;

using syncscope::testing::kBinary;
using syncscope::testing::Outcome;
using syncscope::testing::runSyncscope;
using syncscope::testing::svgSize;

class TestHeadlessExport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void exportsAPicture_data();
    void exportsAPicture();
    void badScenarioPathFails();
    void badArgumentsFail_data();
    void badArgumentsFail();
    void outputThatIsNotARegularFileIsRefused();
    void outputThatIsAnInputIsRefused();
    void failedWriteIsLoudAndKeepsTheOldFile();
    void cpuSynchronizeMarkerIsInTheSvg();
};

void TestHeadlessExport::initTestCase() {
    QVERIFY2(QFile::exists(kBinary), qPrintable(kBinary + u" was not built"_s));
}

void TestHeadlessExport::exportsAPicture_data() {
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("size");
    QTest::addColumn<QString>("theme");
    QTest::addColumn<bool>("withoutDisplay");
    QTest::newRow("png builtin") << u"builtin:device-vs-stream"_s << u"out.png"_s << u"1600x900"_s
                                 << u"light"_s << false;
    QTest::newRow("png small dark")
        << u"builtin:mode-event"_s << u"small.png"_s << u"800x450"_s << u"dark"_s << false;
    QTest::newRow("png presentation, no display")
        << u"builtin:mode-stream"_s << u"slide.png"_s << u"1280x720"_s << u"presentation"_s << true;
    QTest::newRow("svg from file")
        << u"" SYNCSCOPE_SOURCE_DIR "/resources/scenarios/mode-device.json"_s << u"out.svg"_s
        << u"1200x700"_s << u"light"_s << false;
    QTest::newRow("jpg") << u"builtin:policy-spin"_s << u"out.jpg"_s << u"1000x600"_s << u"light"_s
                         << false;
    QTest::newRow("pdf") << u"builtin:policy-yield"_s << u"out.pdf"_s << u"1600x900"_s << u"light"_s
                         << false;
}

void TestHeadlessExport::exportsAPicture() {
    QFETCH(QString, scenario);
    QFETCH(QString, file);
    QFETCH(QString, size);
    QFETCH(QString, theme);
    QFETCH(bool, withoutDisplay);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath(file);
    const Outcome r = runSyncscope({u"--scenario"_s, scenario, u"--engine"_s, u"sim"_s,
                                    u"--export"_s, out, u"--size"_s, size, u"--theme"_s, theme},
                                   withoutDisplay);
    QVERIFY2(r.exit_code == 0,
             qPrintable(QStringLiteral("exit %1: %2").arg(r.exit_code).arg(r.err)));
    QVERIFY(QFile::exists(out));
    QVERIFY(QFileInfo(out).size() > 1000);
    const QStringList wh = size.split(u'x');
    const QSize expected(wh[0].toInt(), wh[1].toInt());
    if (file.endsWith(u".png"_s) || file.endsWith(u".jpg"_s)) {
        QImageReader reader(out);
        QCOMPARE(reader.size(), expected);
        const QImage image = reader.read();
        QVERIFY(!image.isNull());
        // Not a blank picture (hotspot #637): more than a handful of distinct colours.
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 7)
            for (int x = 0; x < image.width(); x += 7)
                colours.insert(image.pixel(x, y));
        QVERIFY2(colours.size() > 8, qPrintable(QString::number(colours.size())));
    } else if (file.endsWith(u".svg"_s)) {
        QFile svg(out);
        QVERIFY(svg.open(QIODevice::ReadOnly));
        const QByteArray text = svg.readAll();
        QVERIFY(text.contains("<svg"));
        QCOMPARE(svgSize(text), expected);
    } else {
        QFile pdf(out);
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QVERIFY(pdf.read(5) == "%PDF-");
    }
}

void TestHeadlessExport::badScenarioPathFails() {
    QTemporaryDir dir;
    const QString missing = dir.filePath(u"no-such.syncscope.json"_s);
    const QString out = dir.filePath(u"out.png"_s);
    const Outcome r = runSyncscope({u"--scenario"_s, missing, u"--export"_s, out});
    QVERIFY(r.exit_code != 0);
    QVERIFY2(r.err.contains(u"no-such.syncscope.json"_s), qPrintable(r.err));
    QVERIFY(!QFile::exists(out));
}

void TestHeadlessExport::badArgumentsFail_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown builtin")
        << QStringList{u"--scenario"_s, u"builtin:nope"_s} << u"nope"_s;
    QTest::newRow("bad size") << QStringList{u"--scenario"_s, u"builtin:mode-event"_s, u"--size"_s,
                                             u"big"_s}
                              << u"--size"_s;
    QTest::newRow("bad theme") << QStringList{u"--scenario"_s, u"builtin:mode-event"_s,
                                              u"--theme"_s, u"neon"_s}
                               << u"neon"_s;
    QTest::newRow("bad engine") << QStringList{u"--scenario"_s, u"builtin:mode-event"_s,
                                               u"--engine"_s, u"gpu9"_s}
                                << u"gpu9"_s;
    QTest::newRow("no scenario") << QStringList{} << u"--scenario"_s;
    // Issue 8.3: the headless export opens traces through the same probe as the window.
    QTest::newRow("trace is a directory")
        << QStringList{QDir::tempPath()} << QDir::tempPath() + u": is a directory"_s;
    QTest::newRow("trace is a device")
        << QStringList{u"/dev/zero"_s} << u"/dev/zero: is a character device"_s;
}

void TestHeadlessExport::badArgumentsFail() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const QString out = dir.filePath(u"out.png"_s);
    const Outcome r = runSyncscope(args + QStringList{u"--export"_s, out});
    QVERIFY(r.exit_code != 0);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QVERIFY(!QFile::exists(out));
}

void TestHeadlessExport::outputThatIsNotARegularFileIsRefused() {
    QTemporaryDir dir;
    const QString fifo = dir.filePath(u"pipe.png"_s);
    QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0644), 0);
    const Outcome r = runSyncscope(
        {u"--scenario"_s, u"builtin:mode-event"_s, u"--engine"_s, u"sim"_s, u"--export"_s, fifo});
    QCOMPARE(r.exit_code, 2);
    QVERIFY2(r.err.contains(fifo + u"': it is a FIFO"_s), qPrintable(r.err));
    struct stat st {};
    QCOMPARE(::lstat(fifo.toLocal8Bit().constData(), &st), 0);
    QVERIFY(S_ISFIFO(st.st_mode));
}

void TestHeadlessExport::outputThatIsAnInputIsRefused() {
    // Odd names, but the picture's format comes from the suffix and the input's from its content.
    QTemporaryDir dir;
    const QString scenario = dir.filePath(u"scenario.svg"_s);
    QVERIFY(
        QFile::copy(u"" SYNCSCOPE_SOURCE_DIR "/resources/scenarios/mode-device.json"_s, scenario));
    const QString trace = dir.filePath(u"trace.png"_s);
    QVERIFY(
        QFile::copy(u"" SYNCSCOPE_SOURCE_DIR "/tests/data/interchange/kineto_old.json"_s, trace));
    const QList<QStringList> runs = {
        {u"--scenario"_s, scenario, u"--engine"_s, u"sim"_s, u"--export"_s, scenario},
        {trace, u"--export"_s, dir.path() + u"/./trace.png"_s}};
    for (const QStringList& args : runs) {
        const QString input = args.first() == u"--scenario"_s ? scenario : trace;
        QFile f(input);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray before = f.readAll();
        f.close();
        const Outcome r = runSyncscope(args);
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.contains(u"it is the input file"_s), qPrintable(r.err));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), before);
    }
}

void TestHeadlessExport::failedWriteIsLoudAndKeepsTheOldFile() {
    // The SVG that once replaced a good file with a truncated one on a full 64 KiB file system:
    // `ulimit -f` (SIGXFSZ ignored) makes write() fail the same way without a full disk.
    QTemporaryDir dir;
    const QString out = dir.filePath(u"slide.svg"_s);
    {
        QFile f(out);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("precious");
    }
    QProcess process;
    process.start(u"/bin/bash"_s, {u"-c"_s, u"ulimit -f 16; trap '' XFSZ; exec \"$@\""_s, u"sh"_s,
                                   kBinary, u"--scenario"_s, u"builtin:mode-event"_s, u"--engine"_s,
                                   u"sim"_s, u"--size"_s, u"1600x900"_s, u"--export"_s, out});
    QVERIFY(process.waitForFinished(120000));
    const QString err = QString::fromLocal8Bit(process.readAllStandardError());
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QVERIFY2(process.exitCode() != 0, qPrintable(err));
    QVERIFY2(err.contains(out) && err.contains(QString::fromLocal8Bit(strerror(EFBIG))),
             qPrintable(err));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("precious"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).filter(u".tmp-"_s),
             QStringList());
}

void TestHeadlessExport::cpuSynchronizeMarkerIsInTheSvg() {
    // The product's headline lesson must survive into slides: the 0 ns torch.cpu.synchronize()
    // call gets its rule, its marker colour and its sentence in a vector export too.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath(u"cpu.svg"_s);
    const Outcome r = runSyncscope({u"--scenario"_s, u"builtin:mode-cpu-synchronize"_s,
                                    u"--engine"_s, u"sim"_s, u"--export"_s, out});
    QVERIFY2(r.exit_code == 0, qPrintable(r.err));
    QFile svg(out);
    QVERIFY(svg.open(QIODevice::ReadOnly));
    const QByteArray text = svg.readAll();
    QVERIFY(text.contains("waited for nothing"));
    QVERIFY(text.contains("GPU op still queued"));
    QVERIFY(text.toLower().contains("#c00090"));  // Theme::light().cpuSync
}

QTEST_GUILESS_MAIN(TestHeadlessExport)
#include "tst_headless_export.moc"
