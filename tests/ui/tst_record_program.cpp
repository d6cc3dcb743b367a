// File ▸ Record Program… (ui/record, ui/window/record_feature): what the dialog takes and checks,
// the recent commands, the no-GPU banner, and, in builds with the recorder, a recording of a
// stand-in program in the window: the timeline grows while it runs, Stop keeps the trace and
// opens it. The injection library itself needs a GPU (scripts/gpu-check).
#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

#include "core/model/trace.h"
#include "tests/ui/tst_timeline_fixtures.h"
#include "tests/ui/window_test_utils.h"
#include "ui/files/document_opener.h"
#include "ui/files/recent_files.h"
#include "ui/record/program_recorder.h"
#include "ui/record/recent_commands.h"
#include "ui/record/record_dialog.h"
#include "ui/record/record_request.h"
#include "ui/window/main_window.h"

using namespace syncscope;

namespace {

[[maybe_unused]] constexpr const char* kNoRecorder =
    "built without the CUDA toolkit: there is no recorder to run";

// A window that records through the syncscope-cli of this build and reads the recordings often.
[[maybe_unused]] std::unique_ptr<MainWindow> recordingWindow() {
    auto window = std::make_unique<MainWindow>();
    window->setInteractive(false);
    window->recordFeature()->recorder()->setPollInterval(50);
    return window;
}

}  // namespace

class TestRecordProgram : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        test::isolateWindowTest();
        QSettings().clear();
#if defined(SYNCSCOPE_HAVE_CUDA)
        qputenv("SYNCSCOPE_CLI", SYNCSCOPE_CLI);
#endif
    }

    void theCommandIsSplitAsAShellWould() {
        RecordRequest r;
        QString error;
        r.command = QString::fromUtf8(R"cmd(python3 -c "print('a b')" 'x y' z\ w)cmd");
        QCOMPARE(r.program(&error), (QStringList{"python3", "-c", "print('a b')", "x y", "z w"}));
        QVERIFY(error.isEmpty());
        // What a shell would do and this does not, each named.
        const std::pair<const char*, const char*> refused[] = {
            {"python3 'train.py", "quote is not closed"},
            {"python3 train.py | tee log", "need a shell"},
            {"python3 $(which train.py)", "not run here"},
            {"   ", "Command:"},
        };
        for (const auto& [command, why] : refused) {
            r.command = QString::fromUtf8(command);
            QVERIFY(r.program(&error).isEmpty());
            QVERIFY2(error.contains(QString::fromUtf8(why)), qPrintable(error));
        }
    }

    void theEnvironmentIsOneAssignmentALine() {
        QStringList env;
        QCOMPARE(parseEnvironment(QStringLiteral("A=1\n\n# a comment\n B_2 = x=y \n"), &env),
                 QString());
        QCOMPARE(env, (QStringList{"A=1", "B_2=x=y"}));
        QString error = parseEnvironment(QStringLiteral("A=1\nCUDA_VISIBLE_DEVICES"), &env);
        QVERIFY2(error.contains(QStringLiteral("line 2")) &&
                     error.contains(QStringLiteral("CUDA_VISIBLE_DEVICES")),
                 qPrintable(error));
        error = parseEnvironment(QStringLiteral("1X=2"), &env);
        QVERIFY2(error.contains(QStringLiteral("line 1")) &&
                     error.contains(QStringLiteral("not a variable name")),
                 qPrintable(error));
    }

    void theRequestBecomesTheRecordersArguments() {
        QTemporaryDir dir;
        RecordRequest r;
        r.command = QStringLiteral("python3 train.py --epochs 1");
        r.python_hook = false;
        r.delay_s = 1.5;
        r.duration_s = 10;
        r.capture_range = QStringLiteral("nvtx:step");
        r.out = dir.filePath(QStringLiteral("t.json.gz"));
        QCOMPARE(r.problem(), QString());
        const QStringList args = r.cliArguments(QStringLiteral("/tmp/raw"));
        QCOMPARE(args.first(), QStringLiteral("record"));
        for (const char* expected : {"--no-python-hook", "--quiet"})
            QVERIFY(args.contains(QLatin1String(expected)));
        auto after = [&](const char* flag) { return args.value(args.indexOf(flag) + 1); };
        QCOMPARE(after("--out"), r.out);
        QCOMPARE(after("--record-dir"), QStringLiteral("/tmp/raw"));
        QCOMPARE(after("--delay"), QStringLiteral("1.5"));
        QCOMPARE(after("--duration"), QStringLiteral("10"));
        QCOMPARE(after("--capture-range"), QStringLiteral("nvtx:step"));
        QCOMPARE(args.mid(args.indexOf(QStringLiteral("--")) + 1),
                 (QStringList{"python3", "train.py", "--epochs", "1"}));

        // Each field's problem names the field.
        RecordRequest bad = r;
        bad.working_dir = dir.filePath(QStringLiteral("nowhere"));
        QVERIFY(bad.problem().startsWith(QStringLiteral("Working folder:")));
        bad = r;
        bad.capture_range = QStringLiteral("step");
        QVERIFY(bad.problem().startsWith(QStringLiteral("Capture range:")));
        bad = r;
        bad.out = dir.filePath(QStringLiteral("missing/t.json"));
        QVERIFY(bad.problem().startsWith(QStringLiteral("Save to:")));
        bad = r;
        bad.out = dir.path();
        QVERIFY(bad.problem().startsWith(QStringLiteral("Save to:")));
    }

    void recentCommandsAreKeptNewestFirst() {
        QSettings().remove(QStringLiteral("record/recentCommands"));
        {
            RecentCommands recent;
            for (int i = 0; i < 12; ++i) {
                RecordRequest r;
                r.command = QStringLiteral("python3 step%1.py").arg(i);
                r.environment = {QStringLiteral("I=%1").arg(i)};
                recent.add(r);
            }
            RecordRequest again;
            again.command = QStringLiteral("python3 step5.py");
            again.environment = {QStringLiteral("I=5")};
            again.python_hook = false;
            recent.add(again);
            QCOMPARE(recent.entries().size(), RecentCommands::kMaxEntries);
            QCOMPARE(recent.entries().first().command, QStringLiteral("python3 step5.py"));
        }
        const RecentCommands read;  // another window, later
        QCOMPARE(read.entries().size(), RecentCommands::kMaxEntries);
        QCOMPARE(read.entries().first().command, QStringLiteral("python3 step5.py"));
        QCOMPARE(read.entries().first().python_hook, false);
        QCOMPARE(read.entries().at(1).command, QStringLiteral("python3 step11.py"));
        QCOMPARE(std::count_if(read.entries().begin(), read.entries().end(),
                               [](const RecordRequest& r) {
                                   return r.command == QLatin1String("python3 step5.py");
                               }),
                 1);
        // A damaged value is no entries, not a crash.
        QSettings().setValue(QStringLiteral("record/recentCommands"), QByteArray("[{]"));
        QVERIFY(RecentCommands().entries().isEmpty());
    }

    // A recording lands in the program's data folder named once (it was ".../syncscope/
    // syncscope/recordings"), named after the script it ran.
    void theDefaultPathIsClean() {
        const QString path = RecordDialog::defaultOutPath(QStringLiteral("python3 train.py --x"));
        QVERIFY2(!path.contains(QStringLiteral("syncscope/syncscope")), qPrintable(path));
        QVERIFY2(path.contains(QStringLiteral("/syncscope/recordings/train-")), qPrintable(path));
        QVERIFY2(path.endsWith(QStringLiteral(".json.gz")), qPrintable(path));
    }

    void withoutAGpuTheDialogSaysWhyAndOffersATrace() {
        RecentCommands recent;
        RecordDialog dialog(recent);
        dialog.setAvailability(false, QStringLiteral("no usable CUDA device"));
        QVERIFY(dialog.bannerShown());
        QVERIFY(!dialog.recordEnabled());
        auto* open = dialog.findChild<QPushButton*>(QStringLiteral("openTraceInstead"));
        QVERIFY(open);
        QSignalSpy asked(&dialog, &RecordDialog::openTraceRequested);
        open->click();
        QCOMPARE(asked.size(), 1);
        dialog.setAvailability(true, QStringLiteral("NVIDIA H200"));
        QVERIFY(!dialog.bannerShown());
        QVERIFY(dialog.recordEnabled());
        // Not known yet: Record stays on.
        dialog.setAvailability(false, QString());
        QVERIFY(dialog.recordEnabled());
    }

    void theDialogChecksBeforeItRecords() {
        QTemporaryDir dir;
        QSettings().remove(QStringLiteral("record/recentCommands"));
        RecentCommands recent;
        RecordRequest earlier;
        earlier.command = QStringLiteral("python3 old.py");
        earlier.working_dir = dir.path();
        earlier.environment = {QStringLiteral("OMP_NUM_THREADS=1")};
        recent.add(earlier);
        RecordDialog dialog(recent);
        dialog.setAvailability(true, QStringLiteral("H200"));
        auto* command = dialog.findChild<QComboBox*>();
        QVERIFY(command);
        // The trace is named after the script, not the interpreter.
        command->setEditText(QStringLiteral("python3 /work/train_loop.py --fast"));
        QVERIFY2(
            QFileInfo(dialog.request().out).fileName().startsWith(QStringLiteral("train_loop-")),
            qPrintable(dialog.request().out));
        // A recent command brings back its folder and environment.
        command->setCurrentIndex(0);
        emit command->activated(0);
        QCOMPARE(dialog.request().command, QStringLiteral("python3 old.py"));
        QCOMPARE(dialog.request().working_dir, dir.path());
        QCOMPARE(dialog.request().environment, earlier.environment);
        // A bad environment line is named, and the dialog stays open.
        dialog.findChild<QPlainTextEdit*>()->setPlainText(QStringLiteral("A=1\nnot an assignment"));
        dialog.show();
        dialog.accept();
        QVERIFY(dialog.isVisible());
        QVERIFY2(dialog.errorText().contains(QStringLiteral("line 2")),
                 qPrintable(dialog.errorText()));
        dialog.findChild<QPlainTextEdit*>()->setPlainText(QStringLiteral("A=1"));
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
    }

    // The window records a stand-in program through syncscope-cli: the timeline grows while it
    // runs, Stop ends it and the trace so far opens (and is in the recent files).
    void theWindowRecordsAndStopKeepsTheTrace() {
#if !defined(SYNCSCOPE_HAVE_CUDA)
        QSKIP(kNoRecorder);
#else
        QTemporaryDir dir;
        auto shown = recordingWindow();
        MainWindow& window = *shown;
        window.resize(1400, 850);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        RecordFeature* record = window.recordFeature();
        RecordRequest r;
        r.command = QStringLiteral("'%1' 2 hook 60000").arg(QStringLiteral(SYNCSCOPE_FAKE_PROGRAM));
        r.out = dir.filePath(QStringLiteral("stand-in.json.gz"));
        r.environment = {QStringLiteral("SYNCSCOPE_TEST_MARK=1")};
        QSignalSpy finished(record, &RecordFeature::recordingFinished);
        QVERIFY(record->startRecording(r));
        QVERIFY(record->isRecording());
        QVERIFY(!window.recordFeature()->recordAction()->isEnabled());
        // Live: the recordings both processes wrote are on the timeline while the program runs.
        QTRY_VERIFY_WITH_TIMEOUT(window.currentTrace() && !window.currentTrace()->events.empty(),
                                 30000);
        QVERIFY(record->isRecording());
        testing::maybeSave(window.grab().toImage(), QStringLiteral("record-live.png"));
        QCOMPARE(record->recentCommands().entries().first().command, r.command);
        record->stop();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 30000);
        QCOMPARE(finished.at(0).at(0).toBool(), true);
        QVERIFY(QFileInfo::exists(r.out));
        QTRY_COMPARE_WITH_TIMEOUT(window.files()->documentPath(), r.out, 30000);
        QVERIFY(!window.currentTrace()->events.empty());
        QVERIFY(
            window.files()->recentFiles()->files().contains(QFileInfo(r.out).absoluteFilePath()));
        QVERIFY(window.recordFeature()->recordAction()->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(!window.opener()->isLoading(), 30000);
        // How it ended is said after the trace opened, naming the file.
        QTRY_VERIFY2(
            window.statusBar()->currentMessage().startsWith(QStringLiteral("Recording stopped")),
            qPrintable(window.statusBar()->currentMessage()));
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("stand-in.json.gz")));
        testing::maybeSave(window.grab().toImage(), QStringLiteral("record-stopped.png"));
#endif
    }

    // Closing the window while it records stops the program and keeps what was recorded.
    void closingTheWindowKeepsTheRecording() {
#if !defined(SYNCSCOPE_HAVE_CUDA)
        QSKIP(kNoRecorder);
#else
        QTemporaryDir dir;
        RecordRequest r;
        r.command = QStringLiteral("'%1' 1 hook 60000").arg(QStringLiteral(SYNCSCOPE_FAKE_PROGRAM));
        r.out = dir.filePath(QStringLiteral("closed.json.gz"));
        {
            auto window = recordingWindow();
            QVERIFY(window->recordFeature()->startRecording(r));
            QTRY_VERIFY_WITH_TIMEOUT(
                window->currentTrace() && !window->currentTrace()->events.empty(), 30000);
            QVERIFY(window->close());
        }
        QVERIFY(QFileInfo::exists(r.out));
#endif
    }

    // A program that makes no CUDA call: syncscope-cli's sentence, and no trace.
    void aProgramWithoutCudaCallsLeavesNoTrace() {
#if !defined(SYNCSCOPE_HAVE_CUDA)
        QSKIP(kNoRecorder);
#else
        QTemporaryDir dir;
        auto shown = recordingWindow();
        MainWindow& window = *shown;
        RecordRequest r;
        r.command = QStringLiteral("sh -c 'exit 0'");
        r.out = dir.filePath(QStringLiteral("none.json.gz"));
        QSignalSpy finished(window.recordFeature(), &RecordFeature::recordingFinished);
        QVERIFY(window.recordFeature()->startRecording(r));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 30000);
        QCOMPARE(finished.at(0).at(0).toBool(), false);
        QVERIFY(!QFileInfo::exists(r.out));
        QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("no CUDA call")),
                 qPrintable(window.statusBar()->currentMessage()));
#endif
    }
};

QTEST_MAIN(TestRecordProgram)
#include "tst_record_program.moc"
