// The window's process against hostile input (issue 40), run as a user runs it: a separate
// `syncscope` process. Whatever escapes ends with the documented message and status; special
// files where a regular one belongs are refused or ignored, never waited on.
#include <sys/stat.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "headless_test_utils.h"
#include "tests/support/hostile_files.h"
#include "tests/support/memory_limit.h"

using namespace Qt::StringLiterals;

using syncscope::testing::ChildSetup;
using syncscope::testing::kBinary;
using syncscope::testing::Outcome;
using syncscope::testing::runSyncscope;

class TestHeadlessHostile : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void anEscapedOutOfMemoryEndsTheExport_data();
    void anEscapedOutOfMemoryEndsTheExport();
    void theWindowSurvivesAnEscapedException();
    void aHugeCompareUnderAMemoryLimit();
    void fourMillionStepsAreRefusedWhileReading();
    void aScenarioThatIsASpecialFileIsRefused_data();
    void aScenarioThatIsASpecialFileIsRefused();
    void aHostileKeyIsEscaped();
    void settingsThatAreNotARegularFileAreIgnored_data();
    void settingsThatAreNotARegularFileAreIgnored();

private:
    QTemporaryDir dir_;
};

void TestHeadlessHostile::initTestCase() {
    QVERIFY2(QFile::exists(kBinary), qPrintable(kBinary + u" was not built"_s));
    syncscope::test::limitAddressSpace();
}

void TestHeadlessHostile::anEscapedOutOfMemoryEndsTheExport_data() {
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QStringList>("args");
    const QString png = dir_.filePath(u"forced.png"_s);
    const QStringList run{u"--scenario"_s, u"builtin:mode-event"_s, u"--export"_s, png};
    const QStringList frames{u"--scenario"_s, u"builtin:mode-event"_s, u"--replay-frames"_s,
                             dir_.filePath(u"frames"_s)};
    QTest::newRow("export, bad_alloc") << u"main"_s << run;
    QTest::newRow("export, length_error") << u"main:length_error"_s << run;
    QTest::newRow("replay frames") << u"main"_s << frames;
}

// The top-level handler of the window's process: forced, since no input fails at a chosen point.
void TestHeadlessHostile::anEscapedOutOfMemoryEndsTheExport() {
    QFETCH(QString, kind);
    QFETCH(QStringList, args);
    const Outcome r = runSyncscope(args, false, {{{u"SYNCSCOPE_TEST_THROW"_s, kind}}, 0});
    QCOMPARE(r.exit_code, 2);
    QVERIFY2(r.err.contains(u"syncscope: out of memory"_s), qPrintable(r.err));
    QVERIFY(!r.err.contains(u"terminate called"_s));
    QVERIFY(!QFile::exists(dir_.filePath(u"forced.png"_s)));
    QVERIFY(QDir(dir_.path()).entryList(QDir::Files | QDir::Hidden).isEmpty());
}

// In the window an escaped exception abandons the action that threw, says so, and leaves the
// window (and every open document) as it was.
void TestHeadlessHostile::theWindowSurvivesAnEscapedException() {
    QProcess window;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"SYNCSCOPE_TEST_THROW"_s, u"event"_s);
    env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    env.insert(u"XDG_CONFIG_HOME"_s, dir_.filePath(u"config"_s));
    window.setProcessEnvironment(env);
    window.start(kBinary, {u"builtin:mode-event"_s});
    QVERIFY(window.waitForStarted(30000));
    QByteArray err;
    for (int waited = 0; waited < 60000 && !err.contains("out of memory"); waited += 100) {
        window.waitForReadyRead(100);
        err += window.readAllStandardError();
    }
    QVERIFY2(err.contains("syncscope: out of memory"), err.constData());
    QTest::qWait(500);
    QCOMPARE(window.state(), QProcess::Running);
    window.terminate();
    if (!window.waitForFinished(10000)) {
        window.kill();
        window.waitForFinished();
    }
}

// Issue 40.1: the compare export of a 3,000,000-event trace under an address-space limit. At
// some limits the trace does not load ("out of memory while reading"), at others the analysis
// runs out (it aborted there before); at every one the end is a clear message, or the picture.
void TestHeadlessHostile::aHugeCompareUnderAMemoryLimit() {
#if defined(SYNCSCOPE_TEST_SANITIZED)
    QSKIP("address-space limits do not apply under the sanitizers");
#endif
    // One million synchronous pageable copies: three events each.
    const QString scenario = dir_.filePath(u"copies.json"_s);
    QFile s(scenario);
    QVERIFY(s.open(QIODevice::WriteOnly));
    s.write(
        R"({"format":"syncscope-scenario","version":1,"title":"copies","streams":[{"name":"s1"}],"steps":[{"op":"repeat",)"
        R"("count":1000000,"steps":[{"op":"memcpy","direction":"h2d","bytes":1024,)"
        R"("host":"pageable","async":false}]}]})");
    s.close();
    const QString big = dir_.filePath(u"copies.trace.json"_s);
    QProcess cli;
    cli.start(u"" SYNCSCOPE_CLI ""_s,
              {u"run"_s, u"-q"_s, u"--engine"_s, u"sim"_s, scenario, u"-o"_s, big});
    QVERIFY(cli.waitForFinished(300000));
    QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
    const QString png = dir_.filePath(u"huge-compare.png"_s);
    for (const std::uint64_t mib : {300u, 400u, 450u, 600u}) {
        const Outcome r = runSyncscope({u"--scenario"_s, u"builtin:mode-event"_s, u"--engine"_s,
                                        u"sim"_s, u"--compare"_s, big, u"--export"_s, png},
                                       false, {{}, mib << 20});
        const QString what = QString::number(mib) + u" MiB: exit "_s +
                             QString::number(r.exit_code) + u": "_s + r.err;
        qInfo("%s", qPrintable(what.trimmed()));
        QVERIFY2(r.exit_code == 0 || r.exit_code == 2, qPrintable(what));
        if (r.exit_code == 2) {
            QVERIFY2(r.err.contains(u"out of memory"_s), qPrintable(what));
            QVERIFY2(!QFile::exists(png), qPrintable(what));
        }
        QFile::remove(png);
    }
    QFile::remove(big);
}

// Issue 40.2: the export of 140 MB of four million steps aborted under 1 GiB; the reader now stops
// at the millionth-and-first.
void TestHeadlessHostile::fourMillionStepsAreRefusedWhileReading() {
    const QString path = dir_.filePath(u"steps.json"_s);
    QVERIFY(syncscope::test::writeManySteps(path, 4'000'000));
    const QString png = dir_.filePath(u"steps.png"_s);
    const Outcome r = runSyncscope({u"--scenario"_s, path, u"--export"_s, png}, false,
                                   {{}, std::uint64_t{1} << 30});
    QFile::remove(path);
    QCOMPARE(r.exit_code, 2);
    QVERIFY2(r.err.contains(u"steps[1000000]: more than 1000000 steps"_s), qPrintable(r.err));
    QVERIFY(!QFile::exists(png));
}

void TestHeadlessHostile::aScenarioThatIsASpecialFileIsRefused_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("asOption");
    QTest::addColumn<QString>("what");
    const QString fifo = dir_.filePath(u"scenario.json"_s);
    if (!QFile::exists(fifo))
        QCOMPARE(mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const QString zero = dir_.filePath(u"zero.json"_s);
    if (!QFile::exists(zero))
        QVERIFY(QFile::link(u"/dev/zero"_s, zero));
    QTest::newRow("--scenario FIFO") << fifo << true << u"is a pipe (FIFO)"_s;
    QTest::newRow("FIFO") << fifo << false << u"is a pipe (FIFO)"_s;
    QTest::newRow("--scenario /dev/zero") << zero << true << u"is a character device"_s;
}

// Issue 40.6: a FIFO as the scenario hung the export, and /dev/zero was read past 512 MB.
void TestHeadlessHostile::aScenarioThatIsASpecialFileIsRefused() {
    QFETCH(QString, file);
    QFETCH(bool, asOption);
    QFETCH(QString, what);
    const QString png = dir_.filePath(u"special.png"_s);
    QStringList args{u"--export"_s, png};
    if (asOption)
        args << u"--scenario"_s << file;
    else
        args << file;
    const Outcome r = runSyncscope(args, false, {{}, std::uint64_t{1} << 30});
    QCOMPARE(r.exit_code, 2);
    QVERIFY2(r.err.contains(file + u": "_s + what + u", not a regular file"_s), qPrintable(r.err));
    QVERIFY(!QFile::exists(png));
}

// Issue 40.4: an unknown scenario key reached stderr raw in the headless export too. ESC, the
// 8-bit CSI (U+009B) and a bidi isolate (U+2066) are printed escaped.
void TestHeadlessHostile::aHostileKeyIsEscaped() {
    const QString path = dir_.filePath(u"hostile-key.json"_s);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    // Plain literals: moc misreads raw strings like this one.
    file.write(
        "{\"format\": \"syncscope-scenario\", \"version\": 1, \"title\": \"x\", "
        "\"bad\\u001b]0;pwned\\u0007\\u009b2J\\u2066\": 1, "
        "\"streams\": [{\"name\": \"s1\"}], \"steps\": [{\"op\": \"kernel\", "
        "\"stream\": \"s1\", \"kind\": \"spin\", \"duration_us\": 10}]}");
    file.close();
    const QString png = dir_.filePath(u"hostile.png"_s);
    const Outcome r = runSyncscope({u"--scenario"_s, path, u"--export"_s, png});
    QCOMPARE(r.exit_code, 2);
    QVERIFY2(!r.err.contains(QChar(0x1b)) && !r.err.contains(QChar(0x9b)) &&
                 !r.err.contains(QChar(0x2066)),
             qPrintable(r.err));
    QVERIFY2(r.err.contains(u"bad\\x1b]0;pwned\\x07\\xc2\\x9b2J\\xe2\\x81\\xa6: unknown field"_s),
             qPrintable(r.err));
    QVERIFY(!QFile::exists(png));
}

void TestHeadlessHostile::settingsThatAreNotARegularFileAreIgnored_data() {
    QTest::addColumn<QString>("relative");
    QTest::newRow("the application's file") << u"syncscope/syncscope.conf"_s;
    QTest::newRow("the organization's fallback") << u"syncscope.conf"_s;
}

// Issue 40.7: a FIFO as syncscope.conf hung even a headless export; it is now ignored with a
// warning, and never opened.
void TestHeadlessHostile::settingsThatAreNotARegularFileAreIgnored() {
    QFETCH(QString, relative);
    QTemporaryDir config;
    const QString fifo = config.filePath(relative);
    QVERIFY(QDir().mkpath(QFileInfo(fifo).absolutePath()));
    QCOMPARE(mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const QString png = dir_.filePath(u"settings.png"_s);
    const Outcome r = runSyncscope(
        {u"--scenario"_s, u"builtin:mode-event"_s, u"--engine"_s, u"sim"_s, u"--export"_s, png},
        false, {{{u"XDG_CONFIG_HOME"_s, config.path()}}, 0});
    QCOMPARE(r.exit_code, 0);
    QVERIFY2(r.err.contains(u"the settings file "_s + fifo +
                            u" is a pipe (FIFO), not a regular file; it is ignored"_s),
             qPrintable(r.err));
    QVERIFY(QFile::exists(png));
    QFile::remove(png);
    QVERIFY(QFileInfo(fifo).exists() && !QFileInfo(fifo).isFile());
}

QTEST_GUILESS_MAIN(TestHeadlessHostile)
#include "tst_headless_hostile.moc"
