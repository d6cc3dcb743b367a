#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/support/cli_process.h"

// `syncscope-cli check` on a run whose scenario states claims: true claims are listed as holding
// and the exit status is 0; a false claim makes it 1 and is stated in words with what was measured.
class TstCliExpect : public QObject {
    Q_OBJECT

    using Output = syncscope::test::CliOutput;
    static Output cli(const QStringList& args) { return syncscope::test::runCli(args); }

    // torch.cpu.synchronize() after a 2 ms kernel, with one claim.
    static QString scenario(const QString& claim) {
        return QStringLiteral(R"({"format": "syncscope-scenario", "version": 1, "title": "claims",
  "streams": [{"name": "s1"}],
  "steps": [{"op": "kernel", "stream": "s1", "kind": "spin", "duration_us": 2000, "id": "k"},
            {"op": "cpu_sync", "id": "cpu"}, {"op": "device_sync"}],
  "expect": [%1]})")
            .arg(claim);
    }

    static Output runAndCheck(const QTemporaryDir& dir, const QString& claim) {
        QFile file(dir.filePath(QStringLiteral("s.json")));
        if (!file.open(QIODevice::WriteOnly) || file.write(scenario(claim).toUtf8()) < 0)
            return {};
        file.close();
        const QString trace = dir.filePath(QStringLiteral("t.json"));
        const Output run = cli({"run", file.fileName(), "--engine", "sim", "--out", trace});
        if (run.code != 0)
            return run;
        return cli({"check", trace});
    }

private slots:
    void trueClaimPasses() {
        QTemporaryDir dir;
        const Output check =
            runAndCheck(dir, R"({"claim": "returns-before-end", "call": "cpu", "gpu": "k"})");
        QVERIFY2(check.code == 0, qPrintable(check.out + check.err));
        QVERIFY2(check.out.contains(QStringLiteral(
                     "expect 1 holds: step 'cpu' returns to the host before step 'k''s GPU work "
                     "ends")),
                 qPrintable(check.out));
        QVERIFY(check.out.contains(QStringLiteral("expect: 1 claim, 0 failed")));
    }

    void falseClaimFailsWithASentence() {
        QTemporaryDir dir;
        const Output check = runAndCheck(
            dir,
            QStringLiteral("{\"claim\": \"returns-after-end\", \"call\": \"cpu\", \"gpu\": \"k\", "
                           "\"text\": \"torch.cpu.synchronize() waits for the GPU (the "
                           "article's claim)\"}"));
        QCOMPARE(check.code, 1);
        QVERIFY2(check.out.contains(QStringLiteral(
                     "expect 1 FAILED: step 'cpu' returns to the host only after step 'k''s GPU "
                     "work has ended; but step 'cpu' returned at ")),
                 qPrintable(check.out));
        QVERIFY(check.out.contains(
            QStringLiteral("the lesson: torch.cpu.synchronize() waits for the GPU")));
        QVERIFY(check.out.contains(QStringLiteral(" 0 violations")));  // the trace itself is fine
    }

    void everyBuiltinPassesItsClaims() {
        // The command a user runs on a built-in; the suite checks the claims themselves in
        // tst_builtin_scenarios, this checks that `check` reports and counts them.
        QTemporaryDir dir;
        const QString trace = dir.filePath(QStringLiteral("t.json"));
        const Output run =
            cli({"run", "builtin:mode-cpu-synchronize", "--engine", "sim", "--out", trace});
        QVERIFY2(run.code == 0, qPrintable(run.err));
        const Output check = cli({"check", trace});
        QVERIFY2(check.code == 0, qPrintable(check.out));
        QVERIFY2(check.out.contains(QStringLiteral("expect: 3 claims, 0 failed")),
                 qPrintable(check.out));
    }
};

QTEST_GUILESS_MAIN(TstCliExpect)
#include "tst_cli_expect.moc"
