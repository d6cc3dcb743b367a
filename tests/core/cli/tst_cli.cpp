#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

// syncscope-cli end to end, as a user runs it: run -> check -> stats, and bad input.
class TstCli : public QObject {
    Q_OBJECT

    struct Output {
        int code = -1;
        QString out, err;
    };

    Output cli(const QStringList& args) {
        QProcess p;
        p.start(QStringLiteral(SYNCSCOPE_CLI), args);
        if (!p.waitForFinished(120000))
            return {};
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                QString::fromUtf8(p.readAllStandardOutput()),
                QString::fromUtf8(p.readAllStandardError())};
    }

private slots:
    void runCheckStats() {
        QTemporaryDir dir;
        const QString trace = dir.filePath(QStringLiteral("t.json"));
        auto run = cli({"run", SYNCSCOPE_SOURCE_DIR "/resources/scenarios/device-vs-stream.json",
                        "--engine", "sim", "--out", trace});
        QVERIFY2(run.code == 0, qPrintable(run.err));
        QVERIFY(run.out.contains(QStringLiteral("Device vs stream synchronize")));
        QVERIFY(QFile::exists(trace));
        auto check = cli({"check", trace});
        QVERIFY2(check.code == 0, qPrintable(check.out + check.err));
        QVERIFY(check.out.contains(QStringLiteral(" 0 violations")));
        auto stats = cli({"stats", trace});
        QCOMPARE(stats.code, 0);
        QVERIFY(stats.out.contains(QStringLiteral("makespan")));
        QVERIFY(stats.out.contains(QStringLiteral("cudaStreamSynchronize")));
        auto json = cli({"stats", trace, "--json"});
        QCOMPARE(json.code, 0);
        QVERIFY(json.out.contains(QStringLiteral("\"host_blocked_ns\"")));
    }

    // ε and L are range-checked where they are given: a clear message, exit code 2.
    void checkTolerancesAreRangeChecked() {
        QTemporaryDir dir;
        const QString trace = dir.filePath(QStringLiteral("t.json"));
        auto run = cli({"run", "builtin:mode-device", "--engine", "sim", "--out", trace});
        QVERIFY2(run.code == 0, qPrintable(run.err));
        const QStringList bad[] = {{"--epsilon-ns", "-1"},
                                   {"--epsilon-ns", "1000000000001"},
                                   {"--wake-bound-ns", "9223372036854775807"},
                                   {"--wake-bound-ns", "-5"}};
        for (const auto& option : bad) {
            auto check = cli(QStringList{"check", trace} + option);
            QCOMPARE(check.code, 2);
            QVERIFY2(check.err.contains(option[0]) &&
                         check.err.contains(QStringLiteral("not in range 0 to 1000000000000")),
                     qPrintable(check.err));
        }
        auto edge = cli({"check", trace, "--epsilon-ns", "1000000000000", "--wake-bound-ns", "0"});
        QVERIFY2(edge.code == 0 || edge.code == 1, qPrintable(edge.err));
        QVERIFY2(edge.err.isEmpty(), qPrintable(edge.err));
    }

    void builtinByName() {
        QTemporaryDir dir;
        auto run = cli({"run", "builtin:mode-cpu-synchronize", "--engine", "sim", "--out",
                        dir.filePath("t.json.gz")});
        QVERIFY2(run.code == 0, qPrintable(run.err));
        auto check = cli({"check", dir.filePath("t.json.gz")});
        QCOMPARE(check.code, 0);
        auto missing = cli({"run", "builtin:no-such-scenario"});
        QCOMPARE(missing.code, 2);
        QVERIFY(
            missing.err.contains(QStringLiteral("no built-in scenario named 'no-such-scenario'")));
    }

    void badScenarioFile() {
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("bad.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "syncscope-scenario", "version": 1, "title": "x",
                    "streams": [{"name": "s1"}],
                    "steps": [{"op": "kernel", "stream": "s1", "kind": "spin", "duration_us": 0}]})");
        f.close();
        auto run = cli({"run", f.fileName(), "--engine", "sim"});
        QCOMPARE(run.code, 2);
        QVERIFY2(run.err.contains(QStringLiteral("steps[0].duration_us: must be > 0")),
                 qPrintable(run.err));
        auto nofile = cli({"check", dir.filePath(QStringLiteral("absent.json"))});
        QCOMPARE(nofile.code, 2);
        QVERIFY(nofile.err.contains(QStringLiteral("no such file")));
        auto usage = cli({"run"});
        QCOMPARE(usage.code, 2);
    }

    void cudaEngineWithoutGpuExplains() {
        // CI has no GPU: --engine cuda must say why and exit 2; auto must fall back and say so.
        auto cuda = cli({"run", "builtin:mode-device", "--engine", "cuda"});
        if (cuda.code == 0)
            QSKIP("a usable CUDA device is present; the fallback path is not reachable here");
        QCOMPARE(cuda.code, 2);
        QVERIFY2(cuda.err.contains(QStringLiteral("CUDA engine unavailable")),
                 qPrintable(cuda.err));
        QVERIFY(cuda.err.contains(QStringLiteral("--engine sim")));
        auto autoRun = cli({"run", "builtin:mode-device", "--engine", "auto"});
        QCOMPARE(autoRun.code, 0);
        QVERIFY2(autoRun.err.contains(QStringLiteral("using the simulator")),
                 qPrintable(autoRun.err));
    }

    void modesAndHelp() {
        auto modes = cli({"modes"});
        QCOMPARE(modes.code, 0);
        QVERIFY(modes.out.contains(QStringLiteral("cpu-synchronize")));
        QVERIFY(modes.out.contains(QStringLiteral("torch.cuda.synchronize()")));
        for (const char* sub : {"run", "check", "stats", "modes", "compare", "import",
                                "export-chrome", "export-csv"}) {
            auto help = cli({sub, "--help"});
            QCOMPARE(help.code, 0);
            QVERIFY(help.out.contains(QStringLiteral("Usage")) ||
                    help.out.contains(QStringLiteral("usage")));
        }
    }

    void compareAndExport() {
        QTemporaryDir dir;
        const QString a = dir.filePath("a.json"), b = dir.filePath("b.json");
        QCOMPARE(cli({"run", "builtin:mode-stream", "--engine", "sim", "--out", a}).code, 0);
        QCOMPARE(cli({"run", "builtin:mode-stream", "--engine", "sim", "--out", b}).code, 0);
        auto same = cli({"compare", a, b});
        QCOMPARE(same.code, 0);
        QVERIFY(same.out.contains(QStringLiteral("completion order agrees")));
        const QString chrome = dir.filePath("p.json");
        QCOMPARE(cli({"export-chrome", a, "--out", chrome}).code, 0);
        QFile f(chrome);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(text.contains("\"ph\":\"X\"") || text.contains("\"ph\": \"X\""));
        QCOMPARE(cli({"export-csv", a, "--out", dir.filePath("e.csv")}).code, 0);
    }
};

QTEST_GUILESS_MAIN(TstCli)
#include "tst_cli.moc"
