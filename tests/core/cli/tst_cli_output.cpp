// syncscope-cli against hostile outputs and hostile names: outputs only replace regular files,
// never an input; modes are kept; failed writes are loud and keep the old file; a signal during a
// write leaves no temporary file; names from files reach the terminal escaped.
#include <signal.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include "tests/support/hostile_files.h"
#include "tests/support/memory_limit.h"

class TstCliOutput : public QObject {
    Q_OBJECT

    struct Output {
        int code = -1;   // exit code, or -1 when killed
        int signal = 0;  // the signal that killed it (from a shell's 128 + n), 0 when none
        QString out, err;
    };

    static Output finish(QProcess& p) {
        if (!p.waitForFinished(120000)) {
            p.kill();
            p.waitForFinished();
            return {-1, 0, {}, QStringLiteral("timed out")};
        }
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, 0,
                QString::fromUtf8(p.readAllStandardOutput()),
                QString::fromUtf8(p.readAllStandardError())};
    }

    static Output cli(const QStringList& args) {
        QProcess p;
        p.start(QStringLiteral(SYNCSCOPE_CLI), args);
        return finish(p);
    }

    // Through a shell, for limits a test process must not take on itself (ulimit -f).
    static Output shell(const QString& script, const QStringList& args) {
        QProcess p;
        p.start(QStringLiteral("/bin/bash"),
                QStringList{QStringLiteral("-c"), script, QStringLiteral("sh"),
                            QStringLiteral(SYNCSCOPE_CLI)} +
                    args);
        return finish(p);
    }

    static QByteArray readAll(const QString& path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    static mode_t modeOf(const QString& path) {
        struct stat st {};
        return ::lstat(path.toLocal8Bit().constData(), &st) == 0 ? st.st_mode : 0;
    }
    static QStringList tempFiles(const QString& dir) {
        return QDir(dir)
            .entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot)
            .filter(QStringLiteral(".tmp-"));
    }

    QTemporaryDir dir_;
    QString trace_;  // a small native trace
    QString kineto_ =
        QStringLiteral(SYNCSCOPE_SOURCE_DIR "/tests/data/interchange/kineto_old.json");

    // Each way the CLI writes a file, with `out` as the target.
    QList<QStringList> writers(const QString& out) const {
        return {{"run", "builtin:mode-stream", "--engine", "sim", "--out", out},
                {"import", kineto_, "--out", out},
                {"export-chrome", trace_, "--out", out},
                {"export-csv", trace_, "--out", out}};
    }

private slots:
    void initTestCase() {
        syncscope::test::limitAddressSpace();  // hostile outputs and inputs below
        ::umask(022);
        QVERIFY(dir_.isValid());
        trace_ = dir_.filePath(QStringLiteral("t.json"));
        const Output run = cli({"run", "builtin:mode-stream", "--engine", "sim", "--out", trace_});
        QVERIFY2(run.code == 0, qPrintable(run.err));
    }

    void fifoIsRefusedNotReplaced() {
        const QString fifo = dir_.filePath(QStringLiteral("pipe"));
        QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0644), 0);
        const QString link = dir_.filePath(QStringLiteral("link-to-pipe"));
        QVERIFY(QFile::link(fifo, link));
        for (const QString& target : {fifo, link})
            for (const QStringList& args : writers(target)) {
                const Output o = cli(args);
                QVERIFY2(o.code == 2, qPrintable(args.join(' ') + ": " + o.err));
                QVERIFY2(o.err.contains(target + "': it is a FIFO"), qPrintable(o.err));
                QVERIFY(S_ISFIFO(modeOf(fifo)));
            }
        QVERIFY(tempFiles(dir_.path()).isEmpty());
    }

    void deviceNodeIsRefusedNotReplaced() {
        // Never a real device: a node of our own in a temporary folder, which needs root.
        QTemporaryDir dir;
        const QString node = dir.filePath(QStringLiteral("null"));
        if (::mknod(node.toLocal8Bit().constData(), S_IFCHR | 0666, makedev(1, 3)) != 0)
            QSKIP("cannot create a device node here (needs root and a file system that allows it)");
        for (const QStringList& args : writers(node)) {
            const Output o = cli(args);
            QVERIFY2(o.code == 2, qPrintable(args.join(' ') + ": " + o.err));
            QVERIFY2(o.err.contains(node + "': it is a device"), qPrintable(o.err));
            QVERIFY(S_ISCHR(modeOf(node)));
        }
    }

    void symlinkIsWrittenThrough() {
        const QString real = dir_.filePath(QStringLiteral("real.csv"));
        QFile f(real);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        const QString link = dir_.filePath(QStringLiteral("link.csv"));
        QVERIFY(QFile::link(real, link));
        QCOMPARE(cli({"export-csv", trace_, "--out", link}).code, 0);
        QVERIFY(QFileInfo(link).isSymLink());
        QVERIFY(readAll(real).size() > 100);
    }

    void outputEqualToInputIsRefused() {
        const QByteArray before = readAll(trace_);
        QVERIFY(QFile::link(trace_, dir_.filePath(QStringLiteral("alias.json"))));
        const QString spellings[] = {trace_, dir_.path() + "/./t.json",
                                     dir_.path() + "/../" + QDir(dir_.path()).dirName() + "/t.json",
                                     dir_.filePath(QStringLiteral("alias.json"))};
        for (const QString& out : spellings)
            for (const char* command : {"export-csv", "export-chrome"}) {
                const Output o = cli({command, trace_, "--out", out});
                QVERIFY2(o.code == 2, qPrintable(out + ": " + o.err));
                QVERIFY2(o.err.contains("it is the input file '" + trace_ + "'"),
                         qPrintable(o.err));
            }
        QCOMPARE(readAll(trace_), before);

        const QString copy = dir_.filePath(QStringLiteral("k.json"));
        QVERIFY(QFile::copy(kineto_, copy));
        const Output import = cli({"import", copy, "--out", copy});
        QCOMPARE(import.code, 2);
        QVERIFY2(import.err.contains(QStringLiteral("it is the input file")),
                 qPrintable(import.err));
        QCOMPARE(readAll(copy), readAll(kineto_));

        const QString scenario = dir_.filePath(QStringLiteral("s.json"));
        QVERIFY(
            QFile::copy(SYNCSCOPE_SOURCE_DIR "/resources/scenarios/mode-stream.json", scenario));
        const Output run = cli({"run", scenario, "--engine", "sim", "--out", scenario});
        QCOMPARE(run.code, 2);
        QVERIFY2(run.err.contains(QStringLiteral("it is the input file")), qPrintable(run.err));
        QCOMPARE(readAll(scenario),
                 readAll(SYNCSCOPE_SOURCE_DIR "/resources/scenarios/mode-stream.json"));
    }

    void modesAreKeptAndNewFilesAre0644() {
        for (const QStringList& args : writers(dir_.filePath(QStringLiteral("new.out")))) {
            const QString out = args[args.indexOf("--out") + 1];
            QFile::remove(out);
            QCOMPARE(cli(args).code, 0);
            QCOMPARE(modeOf(out) & 0777, 0644u);
            QCOMPARE(::chmod(out.toLocal8Bit().constData(), 0664), 0);
            QCOMPARE(cli(args).code, 0);
            QVERIFY2((modeOf(out) & 0777) == 0664u, qPrintable(args.join(' ')));
        }
    }

    void failedWriteIsLoudAndKeepsTheOldFile() {
        // `ulimit -f` with SIGXFSZ ignored makes write() fail (EFBIG) as a full disk would
        // (ENOSPC, tested in tst_atomic_file_writer): same path, no full disk needed.
        const QString out = dir_.filePath(QStringLiteral("big.json"));
        for (const QStringList& args : writers(out)) {
            QFile f(out);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("precious");
            f.close();
            const Output o = shell(QStringLiteral("ulimit -f 1; trap '' XFSZ; exec \"$@\""), args);
            QVERIFY2(o.code != 0, qPrintable(args.join(' ')));
            QVERIFY2(o.err.contains("cannot write '" + out +
                                    "': " + QString::fromLocal8Bit(strerror(EFBIG))),
                     qPrintable(o.err));
            QCOMPARE(readAll(out), QByteArray("precious"));
            QCOMPARE(tempFiles(dir_.path()), QStringList());
        }
    }

    void killedWriteLeavesNoTemporaryFile() {
        // Past `ulimit -f` with SIGXFSZ at its default action the kernel kills the writer mid-write
        // with a signal, deterministically: the same handler as SIGINT/SIGTERM must clean up.
        const QString out = dir_.filePath(QStringLiteral("killed.json"));
        for (const QStringList& args : writers(out)) {
            const Output o =
                shell(QStringLiteral("ulimit -f 1; ulimit -c 0; \"$@\"; echo \"status $?\""), args);
            QVERIFY2(o.out.contains(QStringLiteral("status %1").arg(128 + SIGXFSZ)),
                     qPrintable(args.join(' ') + ": " + o.out + o.err));
            QCOMPARE(tempFiles(dir_.path()), QStringList());
        }
    }

    void sigtermDuringAWriteLeavesNoTemporaryFile() {
        // A trace big enough that its CSV takes a while: SIGTERM as soon as the temporary file
        // shows up.
        QTemporaryDir dir;
        const QString scenario = dir.filePath(QStringLiteral("big.json"));
        QFile f(scenario);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "syncscope-scenario", "version": 1, "title": "big",
                    "streams": [{"name": "s1"}],
                    "steps": [{"op": "repeat", "count": 200000, "steps": [
                      {"op": "kernel", "stream": "s1", "kind": "spin", "duration_us": 1}]}]})");
        f.close();
        const QString big = dir.filePath(QStringLiteral("big-trace.json"));
        const Output run = cli({"run", scenario, "--engine", "sim", "--out", big});
        QVERIFY2(run.code == 0, qPrintable(run.err));
        const QString whole = dir.filePath(QStringLiteral("whole.csv"));
        const Output reference = cli({"export-csv", big, "--out", whole});
        QVERIFY2(reference.code == 0, qPrintable(reference.err));
        for (int attempt = 0; attempt < 5; ++attempt) {
            QProcess p;
            p.start(QStringLiteral(SYNCSCOPE_CLI),
                    {"export-csv", big, "--out", dir.filePath(QStringLiteral("e.csv"))});
            QVERIFY(p.waitForStarted());
            bool seen = false;
            QElapsedTimer clock;
            clock.start();
            while (!seen && p.state() == QProcess::Running && clock.elapsed() < 60000) {
                seen = !tempFiles(dir.path()).isEmpty();
                if (!seen)
                    ::usleep(200);
            }
            if (seen)
                ::kill(static_cast<pid_t>(p.processId()), SIGTERM);
            p.waitForFinished(60000);
            if (seen && p.exitStatus() == QProcess::CrashExit) {
                QCOMPARE(tempFiles(dir.path()), QStringList());
                // Nothing at the output, or the whole export: SIGTERM may land in the moment
                // between the rename and the exit.
                const QString csv = dir.filePath(QStringLiteral("e.csv"));
                if (QFile::exists(csv))
                    QCOMPARE(readAll(csv), readAll(whole));
                return;
            }
            QFile::remove(dir.filePath(QStringLiteral("e.csv")));
        }
        QSKIP("the export finished before SIGTERM could reach it in five tries");
    }

    void ctrlCStillCancelsARunAndKeepsItsTrace() {
        // The cleanup handler must not take over run's Ctrl+C: it cancels, the partial trace is
        // saved, exit 3. Ctrl+C goes in once run says it is running (its handler is in place by
        // then), not after a fixed wait: a fast machine used to finish the whole run and save
        // first, so the cancel was never tried.
        QTemporaryDir dir;
        const QString scenario = dir.filePath(QStringLiteral("long.json"));
        QFile f(scenario);
        QVERIFY(f.open(QIODevice::WriteOnly));
        // Each poll of 1 µs is an event: 3,600,020 in all, seconds of simulating, so the run is
        // still going when Ctrl+C comes (its loop looks at the cancel token every 4096 polls).
        f.write(R"({"format": "syncscope-scenario", "version": 1, "title": "long",
                    "streams": [{"name": "s1"}], "events": [{"name": "done"}],
                    "steps": [{"op": "repeat", "count": 4, "steps": [
                      {"op": "kernel", "stream": "s1", "kind": "spin", "duration_us": 900000},
                      {"op": "event_record", "event": "done", "stream": "s1"},
                      {"op": "event_query_poll", "event": "done", "poll_interval_us": 1}]}]})");
        f.close();
        const QString out = dir.filePath(QStringLiteral("partial.json"));
        QProcess p;
        p.start(QStringLiteral(SYNCSCOPE_CLI), {"run", scenario, "--engine", "sim", "--out", out});
        QVERIFY(p.waitForStarted());
        p.setReadChannel(QProcess::StandardError);  // what waitForReadyRead waits on
        QByteArray said;
        while (!said.contains("Ctrl+C stops it") && p.waitForReadyRead(60000))
            said += p.readAllStandardError();
        QVERIFY2(said.contains("syncscope-cli: running 'long' on sim; Ctrl+C stops it"),
                 said.constData());
        ::kill(static_cast<pid_t>(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(120000));
        const QString err = QString::fromUtf8(said + p.readAllStandardError());
        // The run has seconds left when the signal comes, so dying of it means the handler
        // was not in place, not that Ctrl+C landed in the save.
        QVERIFY2(p.exitStatus() == QProcess::NormalExit,
                 "run died of Ctrl+C instead of cancelling");
        QVERIFY2(p.exitCode() == 3, qPrintable(err));
        QVERIFY2(err.contains(QStringLiteral("cancelled;")), qPrintable(err));
        const Output stats = cli({"stats", out});
        QVERIFY2(stats.code == 0, qPrintable(stats.err));
        QVERIFY2(stats.out.contains(QStringLiteral("events")), qPrintable(stats.out));
        QVERIFY2(!stats.out.contains(QStringLiteral("3600020")), qPrintable(stats.out));
        QCOMPARE(tempFiles(dir.path()), QStringList());
    }

    // Issue 40.10: a Ctrl+C that came while run was still reading its scenario killed it (130):
    // the handler went in only when the engine started. A million steps take about a second to
    // read; Ctrl+C goes in as soon as the process catches SIGINT at all (main's cleanup handler,
    // installed before the command), plus 100 ms.
    void ctrlCWhileTheScenarioIsReadCancels() {
        QTemporaryDir dir;
        const QString scenario = dir.filePath(QStringLiteral("many.json"));
        QVERIFY(syncscope::test::writeManySteps(scenario, 1'000'000));
        const QString out = dir.filePath(QStringLiteral("early.json"));
        QProcess p;
        p.start(QStringLiteral(SYNCSCOPE_CLI), {"run", scenario, "--engine", "sim", "--out", out});
        QVERIFY(p.waitForStarted());
        const QString status =
            QStringLiteral("/proc/%1/status").arg(static_cast<qint64>(p.processId()));
        bool catches = false;
        for (int i = 0; i < 2000 && !catches; ++i) {
            QFile f(status);
            if (f.open(QIODevice::ReadOnly))
                for (const QByteArray& line : f.readAll().split('\n'))
                    if (line.startsWith("SigCgt:"))
                        catches = (line.mid(7).trimmed().toULongLong(nullptr, 16) & 0x2) != 0;
            if (!catches)
                QThread::msleep(1);
        }
        QVERIFY(catches);
        QThread::msleep(100);
        ::kill(static_cast<pid_t>(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(120000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(p.exitStatus() == QProcess::NormalExit,
                 "run died of an early Ctrl+C instead of cancelling");
        QVERIFY2(p.exitCode() == 3, qPrintable(err));
        // Normally "cancelled before the run started"; a machine fast enough to have read the
        // file by then cancels the run itself.
        QVERIFY2(err.contains(QStringLiteral("cancelled")), qPrintable(err));
        QCOMPARE(tempFiles(dir.path()), QStringList());
    }

    void quietRunSaysNothingOnStderr() {
        // --quiet keeps stderr for errors: not even the running line.
        const QString out = dir_.filePath(QStringLiteral("quiet.json"));
        const Output quiet =
            cli({"run", "builtin:mode-stream", "--engine", "sim", "--quiet", "--out", out});
        QVERIFY2(quiet.code == 0, qPrintable(quiet.err));
        QCOMPARE(quiet.err, QString());
        QCOMPARE(quiet.out, QString());
    }

    void namesAreEscapedOnTheTerminal() {
        // A hostile import: a device name that would set the terminal's title.
        QByteArray text = readAll(kineto_);
        QVERIFY(text.contains("Old Fixture V100"));
        text.replace("Old Fixture V100", "\\u001b]0;pwned\\u0007V100");
        const QString hostile = dir_.filePath(QStringLiteral("ev\x1b[2Jil.json"));
        QFile f(hostile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
        f.close();
        const QString imported = dir_.filePath(QStringLiteral("imported.json"));
        const Output import = cli({"import", hostile, "--out", imported});
        QVERIFY2(import.code == 0, qPrintable(import.err));
        const Output stats = cli({"stats", imported});
        const Output check = cli({"check", hostile});
        for (const Output& o : {import, stats, check}) {
            QVERIFY2(!(o.out + o.err).contains(QChar(0x1b)), qPrintable(o.out + o.err));
            QVERIFY(!(o.out + o.err).contains(QChar(0x07)));
        }
        QVERIFY2(import.out.contains(QStringLiteral("ev\\x1b[2Jil.json")), qPrintable(import.out));
        QVERIFY2(stats.out.contains(QStringLiteral("\\x1b]0;pwned\\x07V100")),
                 qPrintable(stats.out));
        QVERIFY2(check.out.contains(QStringLiteral("ev\\x1b[2Jil.json")), qPrintable(check.out));
    }

    // waits --json is written a wait at a time: 100,000 waits fit in 300 MB of address space (as
    // one document they needed 900 MB; a million, 7.5 GB), and the document is the same.
    void waitsJsonStreamsInBoundedMemory() {
        const QString scenario = dir_.filePath(QStringLiteral("many-waits.json"));
        QFile f(scenario);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format":"syncscope-scenario","version":2,"title":{"en":"many waits"},
            "device":"h200","schedule":"auto",
            "streams":[{"name":"s1","kind":"non-blocking","priority":0}],
            "steps":[{"op":"repeat","count":100000,"batch_stride":1,"steps":[
              {"op":"kernel","stream":"s1","kind":"spin","duration_us":2,"batch":0},
              {"op":"device_sync","mode":"device"}]}]})");
        f.close();
        const QString trace = dir_.filePath(QStringLiteral("many-waits-trace.json"));
        const Output run = cli({"run", scenario, "--engine", "sim", "--quiet", "--out", trace});
        QVERIFY2(run.code == 0, qPrintable(run.err));
#if defined(SYNCSCOPE_TEST_SANITIZED)
        // Sanitizers reserve terabytes of address space: no limit here, the content still counts.
        const QString limit;
#else
        const QString limit = QStringLiteral("ulimit -v 300000 && ");
#endif
        const Output waits =
            shell(limit + QStringLiteral("exec \"$1\" waits \"$2\" --json"), {trace});
        QVERIFY2(waits.code == 0, qPrintable(waits.err));
        QJsonParseError error;
        const QJsonDocument json = QJsonDocument::fromJson(waits.out.toUtf8(), &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        const QJsonArray list = json[QStringLiteral("waits")].toArray();
        QCOMPARE(list.size(), 100000);
        qint64 sum = 0;
        for (const QJsonValue& w : list)
            if (!w[QStringLiteral("instrumentation")].toBool())
                sum += w[QStringLiteral("duration_ns")].toInteger();
        QCOMPARE(json[QStringLiteral("host_blocked_ns")].toInteger(), sum);
        QCOMPARE(json[QStringLiteral("trace")].toString(), trace);
    }

    // A file whose name is not UTF-8: every --json output is valid JSON, the name in it with
    // U+FFFD for the bad byte and exactly in "trace_bytes". doctor, waits and check said
    // "internal error: invalid UTF-8 byte", exit 70, and printed nothing.
    void jsonOutputsTakeANameThatIsNotUtf8() {
        for (const char* command : {"doctor", "waits", "check", "stats"}) {
            const Output o =
                shell(QStringLiteral("cd \"$2\" && cp t.json \"$(printf 'caf\\351.json')\" && "
                                     "exec \"$1\" \"$3\" \"$(printf 'caf\\351.json')\" --json"),
                      {dir_.path(), QString::fromLatin1(command)});
            QVERIFY2(o.code == 0 || (o.code == 1 && QLatin1String(command) == "check"),
                     qPrintable(QStringLiteral("%1: %2 %3").arg(command).arg(o.code).arg(o.err)));
            QJsonParseError error;
            const QJsonDocument json = QJsonDocument::fromJson(o.out.toUtf8(), &error);
            QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(o.out.left(200)));
            if (QLatin1String(command) == "stats")
                continue;  // it names no file
            QCOMPARE(json[QStringLiteral("trace")].toString(), QStringLiteral("caf\uFFFD.json"));
            QCOMPARE(json[QStringLiteral("trace_bytes")].toString(),
                     QStringLiteral("caf\\xe9.json"));
        }
    }
};

QTEST_GUILESS_MAIN(TstCliOutput)
#include "tst_cli_output.moc"
