// The main window: the library lists every built-in scenario, loading one shows it in the editor,
// running it fills the timeline and the summary, and edits are never silently discarded.
#include <QDir>
#include <QLineEdit>
#include <QSemaphore>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <atomic>
#include <chrono>
#include <thread>

#include "core/engine/engine_factory.h"
#include "core/engine/trace_delta_emitter.h"
#include "core/interchange/input_probe.h"
#include "core/tracefile/trace_file.h"
#include "tests/ui/test_scenarios.h"
#include "tests/ui/window_test_utils.h"
#include "ui/editor/batch_table_model.h"
#include "ui/editor/builtin_scenarios.h"
#include "ui/editor/scenario_editor.h"
#include "ui/editor/scenario_library.h"
#include "ui/run/run_controller.h"
#include "ui/run/run_panel.h"
#include "ui/run/run_summary.h"
#include "ui/timeline/timeline_view.h"
#include "ui/window/main_window.h"

using namespace syncscope;

namespace {

// Emits a kernel a millisecond until cancelled, then stays stuck until `gate` opens: the window
// must show an opened file while the engine has not yet let go.
class StuckEngine final : public Engine {
public:
    QSemaphore gate;
    std::atomic<bool> returned{false};

    std::string_view id() const noexcept override { return "stuck"; }
    EngineAvailability availability() const noexcept override { return {true, "stuck", ""}; }
    RunResult run(const Scenario&, EngineObserver& observer,
                  const CancelToken& cancel) noexcept override {
        RunResult result;
        Lane lane;
        lane.kind = LaneKind::Stream;
        lane.name = "s0";
        result.trace.addLane(lane);
        TraceDeltaEmitter emitter(result.trace, observer, std::chrono::milliseconds(5));
        for (int i = 0; !cancel.cancelled(); ++i) {
            TraceEvent e;
            e.kind = EventKind::Kernel;
            e.start_ns = i * 1000;
            e.end_ns = e.start_ns + 900;
            e.name = result.trace.strings.intern("k");
            result.trace.addEvent(e);
            emitter.maybeFlush();
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        emitter.flush();
        gate.tryAcquire(1, 10000);
        result.status = RunStatus::Cancelled;
        returned = true;
        return result;
    }
};

EngineFactory borrow(StuckEngine* engine) {
    struct Borrowed final : Engine {
        StuckEngine* inner;
        explicit Borrowed(StuckEngine* e) : inner(e) {}
        std::string_view id() const noexcept override { return inner->id(); }
        EngineAvailability availability() const noexcept override { return inner->availability(); }
        RunResult run(const Scenario& s, EngineObserver& o,
                      const CancelToken& c) noexcept override {
            return inner->run(s, o, c);
        }
    };
    return [engine](std::string*, std::string*) { return std::make_unique<Borrowed>(engine); };
}

}  // namespace

class TestWindowMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void libraryListsEveryBuiltinScenario();
    void loadingABuiltinScenarioShowsIt_data();
    void loadingABuiltinScenarioShowsIt();
    void runningFillsTimelineAndSummary();
    void selectingAWaitExplainsIt();
    void editedScenarioIsNotSilentlyDiscarded();
    void aScenarioFileAsksOnceLoaded();
    void theGuiThreadNeverReadsAFile();
    void unknownBuiltinIsAnError();
    void themeAndEngineAreRemembered();
    void openingATraceDuringARunShowsTheTrace();
    void runPanelOffersRunOnlyForARunnableScenario();
    void unsavedBatchesAreTitledByTheirTitle();
};

void TestWindowMainWindow::initTestCase() {
    test::isolateWindowTest();
    QSettings().clear();
}

void TestWindowMainWindow::libraryListsEveryBuiltinScenario() {
    const QStringList files = QDir(QStringLiteral(SYNCSCOPE_SOURCE_DIR "/resources/scenarios"))
                                  .entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    QVERIFY(!files.isEmpty());
    // Every file is compiled in and parses (list() leaves out the ones that do not).
    QCOMPARE(BuiltinScenarios::names().size(), files.size());
    QCOMPARE(BuiltinScenarios::list().size(), files.size());
    MainWindow window;
    QCOMPARE(window.library()->count(), files.size());
}

void TestWindowMainWindow::loadingABuiltinScenarioShowsIt_data() {
    QTest::addColumn<QString>("name");
    for (const QString& name : BuiltinScenarios::names())
        QTest::newRow(qPrintable(name)) << name;
}

void TestWindowMainWindow::loadingABuiltinScenarioShowsIt() {
    QFETCH(QString, name);
    MainWindow window;
    window.setInteractive(false);
    QString error;
    const std::optional<Scenario> expected = BuiltinScenarios::load(name, &error);
    QVERIFY2(expected, qPrintable(error));
    QVERIFY(window.openPath(QStringLiteral("builtin:") + name));
    QVERIFY(window.editor()->hasLoadedScenario());
    QCOMPARE(window.editor()->scenario()->title, expected->title);
    QCOMPARE(window.library()->selectedName(), name);
    QVERIFY(
        window.library()->explanationText().contains(QString::fromStdString(expected->title.en)));
    QVERIFY(window.windowTitle().contains(name));
    QVERIFY(!window.editor()->isModified());
}

void TestWindowMainWindow::runningFillsTimelineAndSummary() {
    MainWindow window;
    window.setInteractive(false);
    window.resize(1400, 850);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy shown(&window, &MainWindow::runShown);
    QSignalSpy ready(window.summary(), &RunSummary::ready);
    QVERIFY(window.openPath(QStringLiteral("builtin:device-vs-stream"), true));
    // The run panel under the editor follows the run.
    QVERIFY(window.runPanel()->canCancel());
    QVERIFY(!window.runPanel()->canRun());
    QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 1, 60000);
    QCOMPARE(int(shown.at(0).at(0).value<RunStatus>()), int(RunStatus::Ok));
    QVERIFY(window.runPanel()->canRun());
    QVERIFY(!window.runPanel()->canCancel());
    QCOMPARE(window.runPanel()->progressText(), QStringLiteral("finished"));
    QVERIFY(window.currentTrace() && !window.currentTrace()->events.empty());
    QCOMPARE(window.timeline()->trace().get(), window.currentTrace().get());
    QTRY_VERIFY_WITH_TIMEOUT(window.summary()->isReady(), 30000);
    const QString summary = window.summary()->summaryText();
    QVERIFY2(summary.contains(QStringLiteral("Makespan")), qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("Host blocked")), qPrintable(summary));
    QVERIFY(window.summary()->violationCount() >= 0);
    qInfo("%s", qPrintable(window.summary()->invariantText()));
}

void TestWindowMainWindow::selectingAWaitExplainsIt() {
    MainWindow window;
    QVERIFY(test::showAndRun(window, QStringLiteral("builtin:device-vs-stream")));
    const auto trace = window.currentTrace();
    std::optional<std::uint32_t> wait;
    for (std::uint32_t i = 0; i < trace->events.size(); ++i)
        if (trace->events[i].kind == EventKind::HostWait &&
            trace->events[i].api == ApiId::StreamSynchronize)
            wait = i;
    QVERIFY(wait.has_value());
    window.timeline()->selectEvent(*wait);
    // The details pane says what the host waited for, on which stream, and how it woke.
    const QString text = window.detailsPlainText();
    QVERIFY2(text.contains(QStringLiteral("The host waited")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("in cudaStreamSynchronize for kernel")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("on stream s1")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("after the kernel ended")), qPrintable(text));
}

void TestWindowMainWindow::editedScenarioIsNotSilentlyDiscarded() {
    MainWindow window;
    window.setInteractive(false);  // no dialog: the answer is "keep my edits"
    BatchTableModel* model = window.editor()->batchModel();
    QVERIFY(model->setData(model->index(0, BatchTableModel::Batches), 9, Qt::EditRole));
    QVERIFY(window.editor()->isModified());
    QVERIFY(window.isWindowModified());
    QVERIFY(!window.openPath(QStringLiteral("builtin:mode-event")));
    QVERIFY(!window.editor()->hasLoadedScenario());
    QCOMPARE(model->rows().at(0).batches, 9);
    // Once undone there is nothing to lose.
    window.editor()->undoStack()->undo();
    QVERIFY(window.openPath(QStringLiteral("builtin:mode-event")));
    QVERIFY(window.editor()->hasLoadedScenario());
}

// A scenario file is known to be one once the worker read it; then, with unsaved edits, the
// window keeps them (no dialog in tests: the answer is "keep my edits") and does not open it.
void TestWindowMainWindow::aScenarioFileAsksOnceLoaded() {
    MainWindow window;
    window.setInteractive(false);
    BatchTableModel* model = window.editor()->batchModel();
    QVERIFY(model->setData(model->index(0, BatchTableModel::Batches), 9, Qt::EditRole));
    QVERIFY(window.editor()->isModified());
    const QString file =
        QStringLiteral(SYNCSCOPE_SOURCE_DIR "/resources/scenarios/mode-event.json");
    QSignalSpy opened(&window, &MainWindow::documentOpened);
    QVERIFY(window.openPath(file));  // the load starts
    QVERIFY(!QTest::qWaitFor([&] { return !opened.isEmpty(); }, 2000));
    QCOMPARE(model->rows().at(0).batches, 9);
    window.editor()->undoStack()->undo();
    QVERIFY(window.openPath(file));
    QVERIFY(QTest::qWaitFor([&] { return !opened.isEmpty(); }, 60000));
    QVERIFY(window.editor()->hasLoadedScenario());
}

// The GUI thread never reads a file (docs/architecture.md section 2): opening a trace and a
// scenario file probes them on a worker.
void TestWindowMainWindow::theGuiThreadNeverReadsAFile() {
    QTemporaryDir dir;
    const QString trace = dir.filePath(QStringLiteral("t.json"));
    {
        MainWindow runner;
        runner.setInteractive(false);
        QVERIFY(test::showAndRun(runner, QStringLiteral("builtin:mode-event")));
        std::string error;
        QVERIFY2(TraceFile::save(*runner.currentTrace(), trace.toStdString(), error),
                 error.c_str());
    }
    MainWindow window;
    window.setInteractive(false);
    const std::uint64_t before = InputProbe::headReadsOnThisThread();
    const std::uint64_t all_before = InputProbe::headReads();
    for (const QString& file :
         {trace, QStringLiteral(SYNCSCOPE_SOURCE_DIR "/resources/scenarios/mode-stream.json")}) {
        QSignalSpy opened(&window, &MainWindow::documentOpened);
        QVERIFY(window.openPath(file));
        QVERIFY(QTest::qWaitFor([&] { return !opened.isEmpty(); }, 60000));
    }
    QCOMPARE(InputProbe::headReadsOnThisThread(), before);
    QCOMPARE(InputProbe::headReads() - all_before, std::uint64_t{2});  // once each, on a worker
}

void TestWindowMainWindow::unknownBuiltinIsAnError() {
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(!window.openPath(QStringLiteral("builtin:no-such-scenario")));
    QVERIFY(!window.editor()->hasLoadedScenario());
}

void TestWindowMainWindow::themeAndEngineAreRemembered() {
    {
        MainWindow window;
        window.setInteractive(false);
        window.setThemeByName(QStringLiteral("dark"));
        window.runPanel()->setEngineId(QStringLiteral("sim"));
        window.close();
    }
    MainWindow again;
    QCOMPARE(again.themeName(), QStringLiteral("dark"));
    QCOMPARE(again.runPanel()->engineId(), QStringLiteral("sim"));
}

void TestWindowMainWindow::openingATraceDuringARunShowsTheTrace() {
    // A trace on disk, different from anything the stuck engine makes.
    const Scenario scenario = test::kernelLoopScenario(5);
    EngineObserver silent;
    CancelToken never;
    const RunResult recorded = makeSimEngine()->run(scenario, silent, never);
    QCOMPARE(int(recorded.status), int(RunStatus::Ok));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("recorded.json"));
    std::string error;
    QVERIFY2(TraceFile::save(recorded.trace, path.toStdString(), error), error.c_str());

    StuckEngine engine;
    MainWindow window;
    window.setInteractive(false);
    window.runs()->setSnapshotInterval(10);
    QSignalSpy shown(&window, &MainWindow::runShown);
    QSignalSpy opened(&window, &MainWindow::documentOpened);
    QSignalSpy stale(window.runs(), &RunController::staleResultDropped);
    const quint64 run = window.runs()->start(test::kernelLoopScenario(1), borrow(&engine));
    QTRY_VERIFY_WITH_TIMEOUT(window.currentTrace() && !window.currentTrace()->events.empty(),
                             10000);

    QVERIFY(window.openPath(path));
    // The engine is still stuck (the gate is closed), yet the trace opens and is shown.
    QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 1, 30000);
    QVERIFY(!engine.returned);
    QVERIFY(!window.runs()->isRunning());
    const auto on_screen = window.currentTrace();
    QCOMPARE(on_screen->events.size(), recorded.trace.events.size());
    QCOMPARE(window.timeline()->trace().get(), on_screen.get());

    // The run lets go; whatever it still sends is dropped and the opened trace stays.
    engine.gate.release();
    QTRY_VERIFY_WITH_TIMEOUT(
        std::any_of(stale.cbegin(), stale.cend(),
                    [&](const QList<QVariant>& args) { return args.at(0).toULongLong() == run; }),
        10000);
    QTRY_VERIFY_WITH_TIMEOUT(engine.returned.load(), 10000);
    QCoreApplication::processEvents();
    QVERIFY(shown.isEmpty());
    QCOMPARE(window.currentTrace().get(), on_screen.get());
}

void TestWindowMainWindow::runPanelOffersRunOnlyForARunnableScenario() {
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.runPanel()->canRun());
    // The editor says when its table stops making a scenario; the panel's Run follows.
    emit window.editor()->runnableChanged(false);
    QVERIFY(!window.runPanel()->canRun());
    emit window.editor()->runnableChanged(true);
    QVERIFY(window.runPanel()->canRun());
    QCOMPARE(window.editor()->parentWidget(), window.runPanel()->parentWidget());
}

// Batches never saved are named in the title bar by their Title field, as they will be saved
// ("untitled batches" read as a fault), and "Untitled" when that is empty.
void TestWindowMainWindow::unsavedBatchesAreTitledByTheirTitle() {
    MainWindow window;
    window.setInteractive(false);
    auto* title = window.editor()->findChild<QLineEdit*>(QStringLiteral("scenarioTitle"));
    QVERIFY(title);
    QCOMPARE(window.windowTitle(), title->text() + QStringLiteral("[*] — syncscope"));
    title->setText(QStringLiteral("Two streams, one sync"));
    QVERIFY(QMetaObject::invokeMethod(title, "editingFinished"));
    QCOMPARE(window.windowTitle(), QStringLiteral("Two streams, one sync[*] — syncscope"));
    window.editor()->undoStack()->undo();
    QCOMPARE(window.windowTitle(), title->text() + QStringLiteral("[*] — syncscope"));
    title->setText(QStringLiteral("  "));
    QVERIFY(QMetaObject::invokeMethod(title, "editingFinished"));
    QCOMPARE(window.windowTitle(), QStringLiteral("Untitled[*] — syncscope"));
}

QTEST_MAIN(TestWindowMainWindow)
#include "tst_window_main_window.moc"
