#include <sys/resource.h>
#include <sys/stat.h>

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/support/cli_process.h"
#include "tests/support/hostile_files.h"
#include "tests/support/memory_limit.h"
#include "tests/support/real_traces.h"

// syncscope-cli end to end, as a user runs it: run -> check -> stats, and bad input.
class TstCli : public QObject {
    Q_OBJECT

    using Output = syncscope::test::CliOutput;
    static Output cli(const QStringList& args) { return syncscope::test::runCli(args); }

    // The largest resident set of any child waited for so far, in MiB.
    static long childPeakMiB() {
        rusage usage{};
        getrusage(RUSAGE_CHILDREN, &usage);
        return usage.ru_maxrss / 1024;
    }

    // A file of `size` bytes that starts with `prefix` and continues with zeros, without using
    // the disk space (a hole).
    static bool writeSparse(const QString& path, const QByteArray& prefix, qint64 size) {
        QFile f(path);
        return f.open(QIODevice::WriteOnly) && f.write(prefix) == prefix.size() && f.resize(size);
    }

private slots:
    void initTestCase() { syncscope::test::limitAddressSpace(); }

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

    // A user's own program (an H200 PyTorch-profiler trace): the JSON answers scripts read
    // (docs/cli-json.md), waits and the doctor.
    void realProgramAnswers() {
        const QString h200 = syncscope::test::realTracesDir() + QStringLiteral("/h200/");
        if (!QFile::exists(h200 + QStringLiteral("truth.json")))
            SYNCSCOPE_MISSING_REAL_TRACES("h200/truth.json");
        const QString cpu = h200 + QStringLiteral("torch-cpu-vs-cuda-synchronize.pt.trace.json.gz");
        const QString copy = h200 + QStringLiteral("pinned-vs-pageable-copy.pt.trace.json.gz");
        auto parse = [](const Output& o) {
            QJsonParseError error;
            const QJsonDocument doc = QJsonDocument::fromJson(o.out.toUtf8(), &error);
            if (error.error != QJsonParseError::NoError)
                qWarning("%s", qPrintable(o.out));
            return doc.object();
        };

        const auto stats = cli({"stats", "--json", cpu});
        QCOMPARE(stats.code, 0);
        const QJsonObject s = parse(stats);
        QCOMPARE(s["sync_calls_by_name"].toObject()["torch.cpu.synchronize"].toInt(), 1);
        const QJsonObject kinds = s["events_by_kind"].toObject();
        QVERIFY(kinds["kernel"].toInt() > 0);
        qint64 all = 0;
        for (auto it = kinds.begin(); it != kinds.end(); ++it)
            all += it.value().toInteger();
        QCOMPARE(all, s["events"].toInteger());
        QCOMPARE(s["torch_calls"].toObject()["torch.cuda.synchronize"].toInt(), 2);
        QCOMPARE(s["invariants"].toObject()["violations"].toInt(), 0);
        qint64 parts = 0;
        const QJsonObject idle = s["idle_breakdown"].toObject();
        for (auto it = idle.begin(); it != idle.end(); ++it)
            parts += it.value().toInteger();
        QCOMPARE(parts, s["gpu_idle_ns"].toInteger());

        const auto waits = cli({"waits", "--json", copy});
        QCOMPARE(waits.code, 0);
        const QJsonObject w = parse(waits);
        QVERIFY(w["host_blocked_ns"].toInteger() >= 39'000'000);
        QVERIFY(w["host_blocked_by_reason_ns"].toObject()["pageable-copy"].toInteger() >=
                39'000'000);
        bool pageable = false;
        for (const QJsonValue v : w["waits"].toArray())
            pageable = pageable || v.toObject()["reason"].toString() == "pageable-copy";
        QVERIFY(pageable);
        const auto table = cli({"waits", copy});
        QCOMPARE(table.code, 0);
        QVERIFY(table.out.startsWith(QStringLiteral("thread\tcall\tstart")));
        QVERIFY(table.out.contains(QStringLiteral("\tpageable-copy\t")));

        const auto check = cli({"check", "--json",
                                h200 + QStringLiteral("launch-held-behind-earlier-work.pt.trace"
                                                      ".json.gz")});
        QCOMPARE(check.code, 0);  // an observation is no violation
        const QJsonObject c = parse(check);
        QCOMPARE(c["counts"].toObject()["violations"].toInt(), 0);
        QCOMPARE(c["counts"].toObject()["observations"].toInt(), 1);
        QCOMPARE(c["observations"].toArray().at(0).toObject()["invariant"].toString(),
                 QStringLiteral("I13"));

        const auto doctor = cli({"doctor", "--json", cpu});
        QCOMPARE(doctor.code, 0);
        const QJsonArray findings = parse(doctor)["findings"].toArray();
        QCOMPARE(findings.size(), 1);
        QCOMPARE(findings.at(0).toObject()["id"].toString(), QStringLiteral("cpu-synchronize"));
        QCOMPARE(findings.at(0).toObject()["lesson"].toString(),
                 QStringLiteral("builtin:mode-cpu-synchronize"));
        const auto text = cli({"doctor", cpu});
        QCOMPARE(text.code, 0);
        QVERIFY(text.out.contains(QStringLiteral("[cpu-synchronize]")));
    }

    // The doctor reads at 80 columns: wrapped at words, percentages with the window's one
    // decimal, the timer's sentence; --json carries the same sentence.
    void doctorReadsAtEightyColumns() {
        const QString loop = QStringLiteral(SYNCSCOPE_SOURCE_DIR
                                            "/tests/data/doctor/resnet-cpu-synchronize-loop.json");
        const auto text = cli({"doctor", loop});
        QCOMPARE(text.code, 0);
        const QStringList lines = text.out.split(QLatin1Char('\n'));
        for (const QString& line : lines)
            QVERIFY2(line.size() <= 80, qPrintable(line));
        QVERIFY2(text.out.contains(QStringLiteral("% of the GPU's time)")), qPrintable(text.out));
        QVERIFY2(QRegularExpression(QStringLiteral("\\(\\d+\\.\\d% of the GPU's time\\)"))
                     .match(text.out)
                     .hasMatch(),
                 qPrintable(text.out));
        QVERIFY2(text.out.contains(QStringLiteral("first at ")) &&
                     text.out.contains(QStringLiteral(" ms, ")),
                 qPrintable(text.out));
        const auto json = cli({"doctor", "--json", loop});
        QCOMPARE(json.code, 0);
        const QJsonObject first = QJsonDocument::fromJson(json.out.toUtf8())
                                      .object()["findings"]
                                      .toArray()
                                      .at(0)
                                      .toObject();
        QCOMPARE(first["id"].toString(), QStringLiteral("cpu-synchronize"));
        QVERIFY(first["detail"].toString().contains(QStringLiteral("ops still queued")));
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

    // A double free is an error in the scenario (exit 2, the step named), not a warning at run
    // time.
    void bufferMisuseIsABadScenario() {
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("double-free.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "syncscope-scenario", "version": 1, "title": "x",
                    "streams": [{"name": "s1"}], "buffers": [{"name": "a"}],
                    "steps": [{"op": "malloc", "buffer": "a", "bytes": 1024},
                              {"op": "free", "buffer": "a"}, {"op": "free", "buffer": "a"}]})");
        f.close();
        auto run = cli({"run", f.fileName(), "--engine", "sim"});
        QCOMPARE(run.code, 2);
        QVERIFY2(run.err.contains(QStringLiteral("steps[2]: frees buffer 'a' a second time")),
                 qPrintable(run.err));
    }

    // A run that fails says why once, not once per layer it passed through.
    void runFailureIsPrintedOnce() {
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("oom.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "syncscope-scenario", "version": 1, "title": "x",
                    "streams": [{"name": "s1"}], "buffers": [{"name": "a"}, {"name": "b"}],
                    "steps": [{"op": "malloc", "buffer": "a", "bytes": 100000000000},
                              {"op": "malloc", "buffer": "b", "bytes": 100000000000}]})");
        f.close();
        auto run = cli({"run", f.fileName(), "--engine", "sim"});
        QCOMPARE(run.code, 1);
        QCOMPARE(run.err.count(QStringLiteral("out of device memory")), 1);
        QVERIFY2(run.err.contains(QStringLiteral("the run failed: step 1 (malloc)")),
                 qPrintable(run.err));
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
        // The compare view's table, as text: the same run twice differs by nothing.
        QVERIFY2(same.out.contains(QStringLiteral("CPU burnt waiting")), qPrintable(same.out));
        QVERIFY(same.out.contains(QStringLiteral("(0 ns, \u00d71.00)")));
        const QString chrome = dir.filePath("p.json");
        QCOMPARE(cli({"export-chrome", a, "--out", chrome}).code, 0);
        QFile f(chrome);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(text.contains("\"ph\":\"X\"") || text.contains("\"ph\": \"X\""));
        QCOMPARE(cli({"export-csv", a, "--out", dir.filePath("e.csv")}).code, 0);
    }

    // Issue 8.3: input that is not a regular file gets a true error, promptly.
    void nonRegularInputIsRefused() {
        QTemporaryDir dir;
        auto directory = cli({"check", dir.path()});
        QCOMPARE(directory.code, 2);
        QVERIFY2(directory.err.contains(dir.path() + QStringLiteral(": is a directory")),
                 qPrintable(directory.err));

        // A FIFO nobody writes to: opening it must neither block nor read forever.
        const QString fifo = dir.filePath(QStringLiteral("trace.fifo"));
        QCOMPARE(mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        auto pipe = cli({"stats", fifo});
        QCOMPARE(pipe.code, 2);
        QVERIFY2(pipe.err.contains(fifo + QStringLiteral(": is a pipe (FIFO)")),
                 qPrintable(pipe.err));

        // /dev/zero, only read through a link: an error, not gigabytes of zeros.
        const QString zero = dir.filePath(QStringLiteral("zero.json"));
        QVERIFY(QFile::link(QStringLiteral("/dev/zero"), zero));
        auto device = cli({"export-csv", zero, "--out", dir.filePath(QStringLiteral("z.csv"))});
        QCOMPARE(device.code, 2);
        QVERIFY2(device.err.contains(QStringLiteral("is a character device")),
                 qPrintable(device.err));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("z.csv"))));

        // Issue 40.6: scenarios go through the same open path: `run FIFO` hung, and /dev/zero
        // as a scenario was read past 512 MB.
        auto run_pipe = cli({"run", fifo, "-o", dir.filePath(QStringLiteral("r.json"))});
        QCOMPARE(run_pipe.code, 2);
        QVERIFY2(run_pipe.err.contains(fifo + QStringLiteral(": is a pipe (FIFO)")),
                 qPrintable(run_pipe.err));
        auto run_zero = cli({"run", zero, "-o", dir.filePath(QStringLiteral("r.json"))});
        QCOMPARE(run_zero.code, 2);
        QVERIFY2(run_zero.err.contains(zero + QStringLiteral(": is a character device")),
                 qPrintable(run_zero.err));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("r.json"))));
    }

    void processSubstitutionSaysItNeedsAFile() {
        if (QStandardPaths::findExecutable(QStringLiteral("bash")).isEmpty())
            QSKIP("no bash");
        QProcess p;
        p.start(QStringLiteral("bash"),
                {"-c", R"(exec "$0" check <(cat "$1"))", QStringLiteral(SYNCSCOPE_CLI),
                 QStringLiteral(SYNCSCOPE_SOURCE_DIR "/tests/data/interchange/kineto_new.json")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 2);
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(err.contains(QStringLiteral("/dev/fd/")) &&
                     err.contains(QStringLiteral("save the data to a file")),
                 qPrintable(err));
    }

    // Issue 8.3: a file that is not native is sniffed and streamed, never read whole. Both files
    // are 1 GiB holes: reading either whole would show as a child of over 1 GiB.
    void foreignFilesAreNeverReadWhole() {
        QTemporaryDir dir;
        const qint64 size = qint64{1} << 30;
        const QString zeros = dir.filePath(QStringLiteral("zeros.bin"));
        QVERIFY(writeSparse(zeros, QByteArray(), size));
        QElapsedTimer timer;
        timer.start();
        auto unknown = cli({"check", zeros});
        QCOMPARE(unknown.code, 2);
        QVERIFY2(unknown.err.contains(zeros + QStringLiteral(": unknown format")),
                 qPrintable(unknown.err));

        const QString kineto = dir.filePath(QStringLiteral("kineto.json"));
        QVERIFY(
            writeSparse(kineto, R"({"traceEvents":[{"ph":"X","name":"k","ts":1,"dur":2},)", size));
        auto stats = cli({"stats", kineto});
        QCOMPARE(stats.code, 2);
        QVERIFY2(stats.err.contains(kineto + QStringLiteral(": byte 53")), qPrintable(stats.err));
        QVERIFY2(childPeakMiB() < 512, qPrintable(QString::number(childPeakMiB()) + " MiB"));
        QVERIFY2(timer.elapsed() < 30000, qPrintable(QString::number(timer.elapsed()) + " ms"));
    }

    // Issue 40.2: 140 MB of four million literal steps is refused at the millionth-and-first,
    // under 1 GiB of address space (it aborted there, building the whole document first).
    void fourMillionStepsAreRefusedWhileReading() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("steps.json"));
        QVERIFY(syncscope::test::writeManySteps(path, 4'000'000));
        const QString out = dir.filePath(QStringLiteral("t.json"));
        const auto r = syncscope::test::runCli({"run", "--engine", "sim", path, "-o", out}, {},
                                               std::uint64_t{1} << 30);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("steps[1000000]: more than 1000000 steps")),
                 qPrintable(r.err));
        QVERIFY(!QFile::exists(out));
    }

    // A scenario of format version 1 in the form version 2 refuses still runs, with a warning that
    // names the field and how to fix the file (issue 37: old files load).
    void anOldScenarioRunsWithAWarning() {
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("old.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            "{\"format\": \"syncscope-scenario\", \"version\": 1, \"title\": \"old\", "
            "\"streams\": [{\"name\": \"s1\"}], \"steps\": [{\"op\": \"memcpy\", "
            "\"stream\": \"s1\", \"direction\": \"d2h\", \"bytes\": 64, \"async\": false}]}");
        f.close();
        const Output run = cli({"run", f.fileName(), "--engine", "sim", "-q"});
        QVERIFY2(run.code == 0, qPrintable(run.err));
        QVERIFY2(
            run.err.contains(f.fileName() +
                             QStringLiteral(": warning: steps[0].stream: ignored: a synchronous "
                                            "memcpy")) &&
                run.err.contains(QStringLiteral("set \"version\": 2")),
            qPrintable(run.err));
    }

    // Issue 40: whatever still escapes a command (the loaders report running out of memory
    // themselves) ends with the documented out-of-memory message and status, never an abort.
    void anEscapedOutOfMemoryIsExitTwo() {
        const QString trace =
            QStringLiteral(SYNCSCOPE_SOURCE_DIR "/tests/data/interchange/kineto_new.json");
        QCOMPARE(cli({"stats", trace}).code, 0);
        const auto bad_alloc = syncscope::test::runCli(
            {"stats", trace},
            {{QStringLiteral("SYNCSCOPE_TEST_THROW"), QStringLiteral("command")}});
        QCOMPARE(bad_alloc.code, 2);
        QCOMPARE(bad_alloc.err, QStringLiteral("syncscope-cli: out of memory\n"));
        QVERIFY(bad_alloc.out.isEmpty());
        const auto length = syncscope::test::runCli(
            {"stats", trace},
            {{QStringLiteral("SYNCSCOPE_TEST_THROW"), QStringLiteral("command:length_error")}});
        QCOMPARE(length.code, 2);
        QVERIFY2(length.err.startsWith(QStringLiteral("syncscope-cli: out of memory")),
                 qPrintable(length.err));
    }
};

QTEST_GUILESS_MAIN(TstCli)
#include "tst_cli.moc"
