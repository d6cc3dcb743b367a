#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/support/cli_process.h"
#include "tests/support/memory_limit.h"

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
    // The hostile cases below run under the memory limit too.
    void initTestCase() { syncscope::test::limitAddressSpace(); }

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

    // A claim's words come from the file: check prints them escaped, C0, C1 and bidirectional
    // overrides alike (docs/trace-file-format.md "Writing files"; issue 40's attack).
    void aHostileClaimTextIsEscaped() {
        QTemporaryDir dir;
        const Output check = runAndCheck(
            dir, QStringLiteral("{\"claim\": \"returns-after-end\", \"call\": \"cpu\", "
                                "\"gpu\": \"k\", \"text\": \"claim\\u001b]0;pwned\\u0007"
                                "\\u001b[2J\\u009b31m\\u202eevil\"}"));
        QCOMPARE(check.code, 1);
        const QString all = check.out + check.err;
        QVERIFY2(!all.contains(QChar(0x1b)) && !all.contains(QChar(0x9b)) &&
                     !all.contains(QChar(0x202e)),
                 qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("the lesson: claim\\x1b]0;pwned\\x07")),
                 qPrintable(all));
    }

    // An unknown key of a scenario is named escaped.
    void aHostileKeyIsEscaped() {
        QTemporaryDir dir;
        QFile file(dir.filePath(QStringLiteral("s.json")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        // Plain literals: moc misreads this raw string.
        file.write(
            "{\"format\": \"syncscope-scenario\", \"version\": 1, \"title\": \"x\", "
            "\"bad\\u001b]0;pwned\\u0007\\u009b2J\\u2066\": 1, "
            "\"streams\": [{\"name\": \"s1\"}], \"steps\": [{\"op\": \"kernel\", "
            "\"stream\": \"s1\", \"kind\": \"spin\", \"duration_us\": 10}]}");
        file.close();
        const Output run = cli({"run", file.fileName(), "--engine", "sim"});
        QCOMPARE(run.code, 2);
        QVERIFY2(!run.err.contains(QChar(0x1b)) && !run.err.contains(QChar(0x9b)) &&
                     !run.err.contains(QChar(0x2066)),
                 qPrintable(run.err));
        QVERIFY2(
            run.err.contains(QStringLiteral("bad\\x1b]0;pwned\\x07\\xc2\\x9b2J\\xe2\\x81\\xa6: "
                                            "unknown field")),
            qPrintable(run.err));
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
