// `syncscope --export` with the scenario's callouts and focus, run as a user runs it: a separate
// process, no window.
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include "headless_test_utils.h"
#include "tests/support/real_traces.h"

using namespace syncscope::testing;

namespace {

const QByteArray kLesson = "torch.cpu.synchronize() returns at once: it waited for nothing";

QByteArray readAll(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

}  // namespace

class TestHeadlessCallouts : public QObject {
    Q_OBJECT
private slots:
    void exportShowsTheLesson() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("x.svg"));
        const Outcome o = runSyncscope(
            {QStringLiteral("--scenario"), QStringLiteral("builtin:mode-cpu-synchronize"),
             QStringLiteral("--engine"), QStringLiteral("sim"), QStringLiteral("--export"), out});
        QVERIFY2(o.exit_code == 0, qPrintable(o.err));
        QVERIFY2(readAll(out).contains(kLesson), "the callout's text is not in the picture");
    }

    void noCalloutsLeavesThemOut() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("x.svg"));
        const Outcome o = runSyncscope(
            {QStringLiteral("--scenario"), QStringLiteral("builtin:mode-cpu-synchronize"),
             QStringLiteral("--engine"), QStringLiteral("sim"), QStringLiteral("--no-callouts"),
             QStringLiteral("--export"), out});
        QVERIFY2(o.exit_code == 0, qPrintable(o.err));
        const QByteArray svg = readAll(out);
        QVERIFY(svg.contains("<svg"));
        QVERIFY(!svg.contains(kLesson));
    }

    void focusExportsTheLessonWindow() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("x.svg"));
        // launch-queue-full runs for about 100 ms; its lesson is the first 3 ms, where the
        // launch queue fills (from the first launch, which a claim names, to the storm's end).
        const Outcome o =
            runSyncscope({QStringLiteral("--scenario"), QStringLiteral("builtin:launch-queue-full"),
                          QStringLiteral("--engine"), QStringLiteral("sim"),
                          QStringLiteral("--focus"), QStringLiteral("--export"), out});
        QVERIFY2(o.exit_code == 0, qPrintable(o.err));
        const QByteArray svg = readAll(out);
        QVERIFY2(svg.contains(">0.0 ms<") && svg.contains(">3.0 ms<") && !svg.contains(">20 ms<"),
                 "the export shows the whole run, not its focus");
    }

    // A focus holds whole what the lesson's claims name: torch.cpu.synchronize()'s lesson names
    // the 2 ms kernel and the device sync that waits for it, so the export shows both to their
    // end (it stopped at 57 µs, mid-kernel, before).
    void focusHoldsWhatTheClaimsName() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("x.svg"));
        const Outcome o = runSyncscope(
            {QStringLiteral("--scenario"), QStringLiteral("builtin:mode-cpu-synchronize"),
             QStringLiteral("--engine"), QStringLiteral("sim"), QStringLiteral("--focus"),
             QStringLiteral("--export"), out});
        QVERIFY2(o.exit_code == 0, qPrintable(o.err));
        const QByteArray svg = readAll(out);
        QVERIFY(svg.contains(kLesson));
        QVERIFY2(svg.contains(">2.0 ms<"), "the focus cuts off the kernel and the device sync");
    }

    // --findings: the doctor's costliest findings as callouts, on a trace of a user's program.
    void findingsOnAnImportedTrace() {
        const QString trace = syncscope::test::realTracesDir() +
                              QStringLiteral("/h200/pinned-vs-pageable-copy.pt.trace.json.gz");
        if (!QFile::exists(trace))
            SYNCSCOPE_MISSING_REAL_TRACES(QStringLiteral("h200/pinned-vs-pageable-copy"));
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("x.svg"));
        Outcome o =
            runSyncscope({trace, QStringLiteral("--findings"), QStringLiteral("--export"), out});
        QVERIFY2(o.exit_code == 0, qPrintable(o.err));
        const QByteArray finding = "non_blocking=True from pageable memory";  // the line wraps
        QVERIFY2(readAll(out).contains(finding), "the finding is not in the picture");
        // Without the flag the picture has none.
        o = runSyncscope({trace, QStringLiteral("--export"), out});
        QVERIFY2(o.exit_code == 0, qPrintable(o.err));
        QVERIFY(!readAll(out).contains(finding));
    }

    void focusWithoutOneFails() {
        QTemporaryDir dir;
        const QString scenario = dir.filePath(QStringLiteral("plain.json"));
        QFile file(scenario);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"format": "syncscope-scenario", "version": 1, "title": "plain",
            "streams": [{"name": "s1"}],
            "steps": [{"op": "kernel", "stream": "s1", "kind": "spin", "duration_us": 10}]})");
        file.close();
        const QString out = dir.filePath(QStringLiteral("x.png"));
        const Outcome o = runSyncscope(
            {QStringLiteral("--scenario"), scenario, QStringLiteral("--engine"),
             QStringLiteral("sim"), QStringLiteral("--focus"), QStringLiteral("--export"), out});
        QCOMPARE(o.exit_code, 2);
        QVERIFY2(o.err.contains(QStringLiteral("--focus: the scenario has no \"focus\"")),
                 qPrintable(o.err));
        QVERIFY(!QFile::exists(out));
    }
};

QTEST_GUILESS_MAIN(TestHeadlessCallouts)
#include "tst_headless_callouts.moc"
