// `syncscope-cli record` without a GPU: the program runs with its status passed on, a program
// that makes no CUDA call gets a message and no trace, and the recordings the processes leave are
// turned into one trace. The injection library's part needs a GPU (scripts/gpu-check); here a
// stand-in program writes what it would have written, through the same writer.
#include <signal.h>
#include <unistd.h>

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/support/cli_process.h"

using namespace syncscope::test;

class TestCliRecord : public QObject {
    Q_OBJECT
private slots:
    void init() {
#if !defined(SYNCSCOPE_HAVE_CUDA)
        QSKIP(
            "built without the CUDA toolkit: record refuses (checked in refusesWithoutTheLibrary)");
#endif
    }

    void aProgramWithoutCudaCallsGetsAMessageAndNoTrace() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("t.json"));
        const CliOutput r = runCli({"record", "--out", out, "--", "/bin/true"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.contains(QStringLiteral("made no CUDA call")), qPrintable(r.err));
        QVERIFY(!QFile::exists(out));
    }

    void theProgramsExitStatusIsPassedOn() {
        QTemporaryDir dir;
        const CliOutput r = runCli({"record", "--out", dir.filePath(QStringLiteral("t.json")), "--",
                                    "sh", "-c", "exit 3"});
        QCOMPARE(r.code, 3);
        const CliOutput killed = runCli({"record", "--out", dir.filePath(QStringLiteral("t.json")),
                                         "--", "sh", "-c", "kill -SEGV $$"});
        QCOMPARE(killed.code, 128 + 11);
    }

    void aProgramThatCannotStartIsBadInput() {
        const CliOutput r = runCli({"record", "--", "/nonexistent/train.py"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("cannot run '/nonexistent/train.py'")),
                 qPrintable(r.err));
        QCOMPARE(runCli({"record", "--capture-range", "step", "--", "/bin/true"}).code, 2);
        QCOMPARE(runCli({"record", "--delay", "1e300", "--", "/bin/true"}).code, 2);
    }

    // The output's folder is checked before the program runs (an hour's recording was lost to a
    // missing folder): the program does not run.
    void anOutputThatCannotBeWrittenIsRefusedBeforeTheProgramRuns() {
        QTemporaryDir dir;
        const QString ran = dir.filePath(QStringLiteral("ran"));
        const CliOutput r =
            runCli({"record", "--out", dir.filePath(QStringLiteral("missing/t.json")), "--", "sh",
                    "-c", QStringLiteral("touch '%1'").arg(ran)});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("cannot create a file in the folder")),
                 qPrintable(r.err));
        QVERIFY(!QFile::exists(ran));
    }

    // A save that fails after the program ran (here its folder went away during the run) keeps
    // the raw recording, says where, and `import FOLDER` makes the trace of it later. The
    // program's status is passed on.
    void aFailedSaveKeepsTheRawRecording() {
        QTemporaryDir dir;
        const QString tmp = dir.filePath(QStringLiteral("tmp"));
        const QString gone = dir.filePath(QStringLiteral("gone"));
        QVERIFY(QDir().mkpath(tmp) && QDir().mkpath(gone));
        const QString program = QStringLiteral("'%1' 2; rm -rf '%2'; exit 4")
                                    .arg(QStringLiteral(SYNCSCOPE_FAKE_PROGRAM), gone);
        const CliOutput r =
            runCli({"record", "--out", gone + QStringLiteral("/t.json"), "--", "sh", "-c", program},
                   {{QStringLiteral("TMPDIR"), tmp}});
        QCOMPARE(r.code, 4);
        QVERIFY2(r.err.contains(QStringLiteral("the raw recording is kept in")), qPrintable(r.err));
        const QStringList kept = QDir(tmp).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        QCOMPARE(kept.size(), 1);
        const QString raw = QDir(tmp).filePath(kept.front());
        QVERIFY2(r.err.contains(raw), qPrintable(r.err));
        QCOMPARE(QDir(raw).entryList({QStringLiteral("*.ssrec")}, QDir::Files).size(), 2);
        const QString out = dir.filePath(QStringLiteral("later.json"));
        const CliOutput later = runCli({"import", raw, "--out", out});
        QVERIFY2(later.code == 0, qPrintable(later.err));
        const CliOutput stats = runCli({"stats", out, "--json"});
        QCOMPARE(stats.code, 0);
        // A folder that holds no recording is named as such, not as a program without CUDA.
        const CliOutput empty = runCli({"import", dir.filePath(QStringLiteral("tmp/..")), "--out",
                                        dir.filePath(QStringLiteral("no.json"))});
        QCOMPARE(empty.code, 2);
        QVERIFY2(empty.err.contains(QStringLiteral("a folder with no recording in it")),
                 qPrintable(empty.err));
    }

    // Option values that meant something else than what was typed are refused.
    void optionValuesMeanWhatTheySay() {
        for (const char* size : {"0", "-5", "99999999999999999999", "16E"}) {
            const CliOutput r = runCli({"record", "--max-size", size, "--", "/bin/true"});
            QVERIFY2(r.code == 2, size);
            QVERIFY2(r.err.contains(QStringLiteral("--max-size")), qPrintable(r.err));
        }
        for (const char* option : {"--delay", "--duration"})
            for (const char* value : {"nan", "NaN", "inf", "-inf"}) {
                const CliOutput r = runCli({"record", option, value, "--", "/bin/true"});
                QVERIFY2(r.code == 2, qPrintable(QStringLiteral("%1 %2").arg(option, value)));
            }
        QVERIFY(runCli({"record", "--help"}).out.contains(QStringLiteral("there is no limit")));
    }

    // The environment the recorded program gets, and its recordings turned into one trace.
    void theRecordingsBecomeOneTrace() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("t.json"));
        const CliOutput r =
            runCli({"record", "--out", out, "--", QStringLiteral(SYNCSCOPE_FAKE_PROGRAM), "2"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("(4 torch-level calls)")), qPrintable(r.out));
        QVERIFY2(r.err.contains(QStringLiteral("shown as rank")), qPrintable(r.err));
        const CliOutput check = runCli({"check", out});
        QVERIFY2(check.code == 0, qPrintable(check.out + check.err));
        const CliOutput stats = runCli({"stats", out, "--json"});
        QCOMPARE(stats.code, 0);
    }

    // In a terminal the program can read it (in a process group of its own, `read` would stop
    // it with SIGTTIN and record would wait for ever), and Ctrl+C there stops it with status 3.
    // python3's pty gives record a terminal.
    void inATerminalTheProgramReadsItAndCtrlCStopsIt() {
        QTemporaryDir dir;
        const QString script = QString::fromUtf8(R"py(
import os, pty, select, sys, time
cli, out, command, keys = sys.argv[1:5]
pid, fd = pty.fork()
if pid == 0:
    os.execv(cli, [cli, "record", "--out", out, "--", "sh", "-c", command])
time.sleep(1)
os.write(fd, keys.encode().decode("unicode_escape").encode())
deadline = time.time() + 20
while time.time() < deadline:
    done, status = os.waitpid(pid, os.WNOHANG)
    if done:
        print(os.waitstatus_to_exitcode(status))
        sys.exit(0)
    if select.select([fd], [], [], 0.1)[0]:
        try:
            os.read(fd, 4096)
        except OSError:
            pass
os.kill(pid, 9)
print("stopped")
)py");
        auto run = [&](const char* command, const char* keys) {
            QProcess p;
            p.start(QStringLiteral("python3"),
                    {QStringLiteral("-c"), script, QStringLiteral(SYNCSCOPE_CLI),
                     dir.filePath(QStringLiteral("t.json")), QString::fromUtf8(command),
                     QString::fromUtf8(keys)});
            p.waitForFinished(60000);
            return QString::fromUtf8(p.readAllStandardOutput()).trimmed();
        };
        QCOMPARE(run("read line; exit 4", "go\\n"), QStringLiteral("4"));
        QCOMPARE(run("sleep 30", "\\x03"), QStringLiteral("3"));
    }

    // --record-dir keeps each process's raw recording (the window reads them while it records);
    // a folder that cannot be made is bad input, named.
    void aNamedRecordDirIsMadeAndKept() {
        QTemporaryDir dir;
        const QString raw = dir.filePath(QStringLiteral("raw/of/step"));
        const CliOutput r =
            runCli({"record", "--record-dir", raw, "--out", dir.filePath(QStringLiteral("t.json")),
                    "--", QStringLiteral(SYNCSCOPE_FAKE_PROGRAM), "2"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        // In a folder of the run's own, named on stderr.
        const QStringList runs = QDir(raw).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        QCOMPARE(runs.size(), 1);
        const QString run = QDir(raw).filePath(runs.front());
        QVERIFY2(r.err.contains(run), qPrintable(r.err));
        const QStringList kept =
            QDir(run).entryList({QStringLiteral("*.ssrec")}, QDir::Files, QDir::Name);
        QCOMPARE(kept.size(), 2);
        QFile blocker(dir.filePath(QStringLiteral("a-file")));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        const CliOutput bad = runCli({"record", "--record-dir", blocker.fileName(), "--out",
                                      dir.filePath(QStringLiteral("u.json")), "--", "/bin/true"});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains(QStringLiteral("cannot make the folder")), qPrintable(bad.err));
    }

    // A recording left in the folder by an earlier run is never read into the new trace: each
    // run records into a fresh folder of its own.
    void anEarlierRunsRecordingIsNeverMergedIn() {
        QTemporaryDir dir;
        const QString raw = dir.filePath(QStringLiteral("raw"));
        const QString first = dir.filePath(QStringLiteral("first.json"));
        QCOMPARE(runCli({"record", "--record-dir", raw, "--out", first, "--",
                         QStringLiteral(SYNCSCOPE_FAKE_PROGRAM), "2"})
                     .code,
                 0);
        // The earlier run's files where a careless second run would read them.
        QStringList stale;
        for (QDirIterator it(raw, {QStringLiteral("*.ssrec")}, QDir::Files,
                             QDirIterator::Subdirectories);
             it.hasNext();)
            stale << it.next();
        QCOMPARE(stale.size(), 2);
        for (const QString& file : stale)
            QVERIFY(QFile::copy(
                file, QDir(raw).filePath(QStringLiteral("stale-") + QFileInfo(file).fileName())));
        const QString second = dir.filePath(QStringLiteral("second.json"));
        const CliOutput r = runCli({"record", "--record-dir", raw, "--out", second, "--",
                                    QStringLiteral(SYNCSCOPE_FAKE_PROGRAM), "1"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(!r.err.contains(QStringLiteral("shown as rank")), qPrintable(r.err));
        const CliOutput a = runCli({"stats", first, "--json"});
        const CliOutput b = runCli({"stats", second, "--json"});
        QVERIFY(a.code == 0 && b.code == 0);
        QVERIFY(b.out.size() > 0);
        QVERIFY2(QJsonDocument::fromJson(b.out.toUtf8())["events"].toInt() <
                     QJsonDocument::fromJson(a.out.toUtf8())["events"].toInt(),
                 qPrintable(a.out + b.out));
    }

    // A relative TMPDIR or --record-dir reaches the program as an absolute path (a program that
    // changed directory wrote where record did not read, and record said "no CUDA call"); one
    // that takes no folder is refused before the program runs.
    void theRecordingFolderIsAbsoluteAndUsable() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("t.json"));
        const QString program =
            QStringLiteral("cd / && '%1' 1").arg(QStringLiteral(SYNCSCOPE_FAKE_PROGRAM));
        QDir().mkpath(dir.filePath(QStringLiteral("tmp")));
        const QString before = QDir::currentPath();
        QDir::setCurrent(dir.path());  // record runs here: TMPDIR=tmp is dir/tmp
        const CliOutput r = runCli({"record", "--out", out, "--", "sh", "-c", program},
                                   {{QStringLiteral("TMPDIR"), QStringLiteral("tmp")}});
        QDir::setCurrent(before);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(!r.err.contains(QStringLiteral("no CUDA call")), qPrintable(r.err));
        QVERIFY(QFile::exists(out));
        QFile blocker(dir.filePath(QStringLiteral("a-file")));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        const QString ran = dir.filePath(QStringLiteral("ran"));
        const CliOutput bad = runCli(
            {"record", "--out", out, "--", "sh", "-c", QStringLiteral("touch '%1'").arg(ran)},
            {{QStringLiteral("TMPDIR"), blocker.fileName()}});
        QCOMPARE(bad.code, 2);
        QVERIFY2(
            bad.err.contains(QStringLiteral("cannot make a folder for the recording in $TMPDIR")),
            qPrintable(bad.err));
        QVERIFY(!QFile::exists(ran));
    }

    // Ctrl+C after the program ended, while its recording becomes a trace (a million calls take
    // a second here): the first finishes the trace with status 3 and keeps the raw recording,
    // named; a second stops at once and keeps it, named. It was exit 130, no word, and the raw
    // files left in $TMPDIR unmentioned.
    void ctrlCWhileTheTraceIsMadeKeepsTheRecording_data() {
        QTest::addColumn<int>("presses");
        QTest::newRow("once: the trace is finished") << 1;
        QTest::newRow("twice: it stops at once") << 2;
    }
    void ctrlCWhileTheTraceIsMadeKeepsTheRecording() {
        QFETCH(int, presses);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("t.json"));
        const QString tmp = dir.filePath(QStringLiteral("tmp"));
        QVERIFY(QDir().mkpath(tmp));
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("FAKE_RECORDED_CALLS"), QStringLiteral("1000000"));
        env.insert(QStringLiteral("TMPDIR"), tmp);
        p.setProcessEnvironment(env);
        p.setReadChannel(QProcess::StandardError);  // what waitForReadyRead waits for
        p.start(QStringLiteral(SYNCSCOPE_CLI),
                {QStringLiteral("record"), QStringLiteral("--out"), out, QStringLiteral("--"),
                 QStringLiteral(SYNCSCOPE_FAKE_PROGRAM), QStringLiteral("1")});
        QByteArray err;
        while (!err.contains("making its trace")) {
            QVERIFY2(p.waitForReadyRead(60000), err.constData());
            err += p.readAllStandardError();
        }
        const auto pid = static_cast<pid_t>(p.processId());
        QVERIFY(pid > 0);
        for (int i = 0; i < presses; ++i) {
            ::kill(pid, SIGINT);
            ::usleep(50'000);  // no event loop here: record is not reaped before the last press
        }
        QVERIFY(p.waitForFinished(120000));
        err += p.readAllStandardError();
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 3,
                 qPrintable(QStringLiteral("%1 %2: %3")
                                .arg(p.exitStatus())
                                .arg(p.exitCode())
                                .arg(QString::fromUtf8(err))));
        const QStringList runs = QDir(tmp).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        QCOMPARE(runs.size(), 1);
        const QString raw = QDir(tmp).filePath(runs.front());
        QVERIFY2(err.contains(("kept in '" + raw + "'").toUtf8()), err.constData());
        QCOMPARE(QDir(raw).entryList({QStringLiteral("*.ssrec")}, QDir::Files).size(), 1);
        if (presses == 1) {
            QVERIFY2(err.contains("finishing the trace"), err.constData());
            QVERIFY(QFile::exists(out));
        } else {
            QVERIFY2(err.contains("stopped; the raw recording is kept"), err.constData());
            QVERIFY(!QFile::exists(out));
            QVERIFY(QDir(QFileInfo(out).absolutePath())
                        .entryList(QDir::Files | QDir::Hidden)
                        .filter(QStringLiteral(".tmp"))
                        .isEmpty());
        }
    }

    // A process that wrote a hostile recording (a chunk claiming 4 GiB) is left out, named; the
    // run's other process makes the trace.
    void aHostileRecordingLeavesOnlyItsProcessOut() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("t.json"));
        const CliOutput r =
            runCli({"record", "--out", out, "--", QStringLiteral(SYNCSCOPE_FAKE_PROGRAM), "1"},
                   {{QStringLiteral("FAKE_HOSTILE_RECORDING"), QStringLiteral("1")}});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("that process is left out")), qPrintable(r.err));
        QVERIFY(QFile::exists(out));
        QCOMPARE(runCli({"check", out}).code, 0);
    }

    // A kernel name whose back-references double its demangled form 40 times (terabytes): the
    // helper that demangles it is stopped, the name stays mangled, and record ends. It ran until
    // it was killed. A name with as many references that is no bomb is demangled.
    void aKernelNameBombStaysMangled_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("shown");
        // S_ is f, S0_ A, S1_ A<int, int>; each A<S_k, S_k> is the next candidate.
        QString bomb = QStringLiteral("_Z1fI1AIiiE");
        const auto sub = [](int k) {
            const char* digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
            return k == 0 ? QStringLiteral("S_")
                          : QStringLiteral("S%1%2_")
                                .arg(k - 1 >= 36 ? QString(QChar(digits[(k - 1) / 36])) : QString())
                                .arg(QChar(digits[(k - 1) % 36]));
        };
        for (int k = 0; k < 40; ++k)
            bomb += sub(1) + QLatin1Char('I') + sub(k + 2) + sub(k + 2) + QLatin1Char('E');
        bomb += QStringLiteral("Evv");
        QTest::newRow("a bomb") << bomb << bomb;
        QString many = QStringLiteral("_Z1fI1AIiiE");
        for (int k = 0; k < 15; ++k)
            many += sub(2);
        many += QStringLiteral("Evv");
        QString args = QStringLiteral("A<int, int>");
        for (int k = 0; k < 15; ++k)
            args += QStringLiteral(", A<int, int>");
        QTest::newRow("many references, no bomb")
            << many << QStringLiteral("void f<%1 >()").arg(args);
    }
    void aKernelNameBombStaysMangled() {
        QFETCH(QString, name);
        QFETCH(QString, shown);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("t.json"));
        const CliOutput r =
            runCli({"record", "--out", out, "--", QStringLiteral(SYNCSCOPE_FAKE_PROGRAM), "1"},
                   {{QStringLiteral("FAKE_KERNEL_NAME"), name}});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const CliOutput csv =
            runCli({"export-csv", out, "--out", dir.filePath(QStringLiteral("t.csv"))});
        QCOMPARE(csv.code, 0);
        QFile f(dir.filePath(QStringLiteral("t.csv")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        QVERIFY2(text.contains(shown), qPrintable(text.left(400)));
    }

    void theHookCanBeTurnedOff() {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("t.json"));
        const CliOutput r = runCli({"record", "--no-python-hook", "--out", out, "--",
                                    QStringLiteral(SYNCSCOPE_FAKE_PROGRAM), "1", "nohook"});
        // The stand-in exits 5 when PYTHONPATH names the hook although it was turned off (and in
        // the test above when it does not).
        QCOMPARE(r.code, 0);
    }

    // os._exit skips atexit: the preloaded exit hook still lets the recorder finish its file.
    void exitHookCallsTheRecorderBeforeUnderscoreExit() {
        QTemporaryDir dir;
        const QString marker = dir.filePath(QStringLiteral("stopped"));
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LD_PRELOAD"),
                   QStringLiteral(SYNCSCOPE_EXIT_HOOK ":" SYNCSCOPE_FAKE_STOP));
        env.insert(QStringLiteral("SYNCSCOPE_INJECT_LIB"), QStringLiteral(SYNCSCOPE_FAKE_STOP));
        env.insert(QStringLiteral("SYNCSCOPE_FAKE_STOP_FILE"), marker);
        p.setProcessEnvironment(env);
        p.start(QStringLiteral("python3"),
                {QStringLiteral("-c"), QStringLiteral("import os; os._exit(5)")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 5);
        QVERIFY(QFile::exists(marker));
    }
};

QTEST_GUILESS_MAIN(TestCliRecord)
#include "tst_cli_record.moc"
