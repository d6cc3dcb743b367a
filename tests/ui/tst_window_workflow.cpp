// The window's file and run workflow: saving and exporting the trace on screen, what opening a
// scenario does to the old run, the library's filter and "Open and run", and the Δt ruler.
#include <qcustomplot.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>

#include "core/scenario/scenario_writer.h"
#include "core/tracefile/trace_file.h"
#include "tests/ui/test_scenarios.h"
#include "tests/ui/window_test_utils.h"
#include "ui/editor/builtin_scenarios.h"
#include "ui/editor/scenario_library.h"
#include "ui/files/document_loader.h"
#include "ui/files/trace_saver.h"
#include "ui/run/run_controller.h"
#include "ui/run/run_panel.h"
#include "ui/timeline/timeline_view.h"
#include "ui/window/main_window.h"

using namespace syncscope;

namespace {

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Measures with Alt+drag across the middle of the timeline, as a user does.
void drawRuler(TimelineView* view) {
    QWidget* plot = view->plot();
    const int y = plot->height() / 3;
    const int x0 = plot->width() / 3;
    const int x1 = plot->width() * 2 / 3;
    QTest::mousePress(plot, Qt::LeftButton, Qt::AltModifier, QPoint(x0, y));
    QTest::mouseMove(plot, QPoint((x0 + x1) / 2, y));
    QTest::mouseMove(plot, QPoint(x1, y));
    QTest::mouseRelease(plot, Qt::LeftButton, Qt::AltModifier, QPoint(x1, y));
}

// Pictures for a person to look at, when SYNCSCOPE_UI_SHOTS names a folder.
void maybeSave(QWidget* widget, const QString& name) {
    const QString dir = qEnvironmentVariable("SYNCSCOPE_UI_SHOTS");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    widget->grab().save(dir + QLatin1Char('/') + name);
}

bool waitForRun(MainWindow& window, const QString& builtin) {
    QSignalSpy shown(&window, &MainWindow::runShown);
    return window.openPath(builtin, true) &&
           QTest::qWaitFor([&] { return !shown.isEmpty(); }, 60000);
}

}  // namespace

class TestWindowWorkflow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::isolateWindowTest(); }
    void fileMenuSavesAndExportsTheTrace();
    void aFailedSaveNamesTheFile();
    void aCancelledWriteLeavesTheFileAsItWas_data();
    void aCancelledWriteLeavesTheFileAsItWas();
    void openingAScenarioWithoutRunningClearsTheOldRun();
    void libraryFilterNeverLeavesAHiddenItemToRun();
    void rulerDoesNotSurviveARerunOrAnotherDocument();
    void escapeCancelsARunAndThePanelSaysCancelled();
};

void TestWindowWorkflow::fileMenuSavesAndExportsTheTrace() {
    MainWindow window;
    QVERIFY(!window.saveTraceAction()->isEnabled());  // nothing to save yet
    QVERIFY(test::showAndRun(window, QStringLiteral("builtin:mode-host-callback")));
    const std::size_t events = window.currentTrace()->events.size();
    QVERIFY(events > 0);
    for (QAction* action :
         {window.saveTraceAction(), window.exportChromeAction(), window.exportCsvAction()})
        QVERIFY2(action->isEnabled(), qPrintable(action->text()));
    QCOMPARE(window.saveTraceAction()->shortcut(), QKeySequence(QStringLiteral("Ctrl+Alt+S")));
    QCOMPARE(window.exportChromeAction()->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+E")));
    QCOMPARE(window.exportCsvAction()->shortcut(), QKeySequence(QStringLiteral("Ctrl+Alt+E")));

    QMenu* file = window.menuBar()->actions().at(0)->menu();
    QVERIFY(file->actions().contains(window.saveTraceAction()));
    file->popup(window.mapToGlobal(QPoint(10, 30)));
    QVERIFY(QTest::qWaitForWindowExposed(file));
    maybeSave(file, QStringLiteral("file-menu.png"));
    file->hide();

    QTemporaryDir dir;
    QSignalSpy saved(window.traceSaver(), &TraceSaver::saved);
    const QString native = dir.filePath(QStringLiteral("run.syncscope.json"));
    QVERIFY(window.saveTraceTo(native, TraceFormat::Native));
    QTRY_COMPARE_WITH_TIMEOUT(saved.size(), 1, 30000);
    const TraceLoadResult loaded = TraceFile::load(QFile::encodeName(native).toStdString());
    QVERIFY2(loaded.ok(), loaded.error.c_str());
    QCOMPARE(loaded.trace->events.size(), events);
    QVERIFY(loaded.trace->scenario != nullptr);  // the native file carries what ran
    QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("run.syncscope.json")));
    QCOMPARE(QSettings().value(QStringLiteral("files/lastFolder")).toString(),
             QFileInfo(native).absolutePath());

    const QString chrome = dir.filePath(QStringLiteral("run.json"));
    QVERIFY(window.saveTraceTo(chrome, TraceFormat::Chrome));
    QTRY_COMPARE_WITH_TIMEOUT(saved.size(), 2, 30000);
    const LoadedDocument reread = DocumentLoader::load(chrome);
    QVERIFY2(reread.ok(), qPrintable(reread.error));
    QCOMPARE(reread.trace->events.size(), events);

    const QString csv = dir.filePath(QStringLiteral("run.csv"));
    QVERIFY(window.saveTraceTo(csv, TraceFormat::Csv));
    QTRY_COMPARE_WITH_TIMEOUT(saved.size(), 3, 30000);
    const QByteArray rows = readAll(csv);
    QVERIFY(rows.startsWith("index,kind,lane"));
    QCOMPARE(std::size_t(rows.count('\n')), events + 1);
}

void TestWindowWorkflow::aFailedSaveNamesTheFile() {
    MainWindow window;
    QVERIFY(test::showAndRun(window, QStringLiteral("builtin:mode-device")));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("missing-folder/out.csv"));
    QSignalSpy failed(window.traceSaver(), &TraceSaver::failed);
    QVERIFY(window.saveTraceTo(path, TraceFormat::Csv));
    QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 30000);
    QVERIFY2(failed.at(0).at(1).toString().contains(QStringLiteral("out.csv")),
             qPrintable(failed.at(0).at(1).toString()));
    // Without dialogs (a test) the error goes to the status bar, with the file's name.
    const QString shown = window.statusBar()->currentMessage();
    QVERIFY2(shown.contains(QStringLiteral("out.csv")), qPrintable(shown));
}

void TestWindowWorkflow::aCancelledWriteLeavesTheFileAsItWas_data() {
    QTest::addColumn<int>("format");
    QTest::addColumn<QString>("name");
    QTest::newRow("native") << int(TraceFormat::Native) << QStringLiteral("t.syncscope.json");
    QTest::newRow("native gz") << int(TraceFormat::Native) << QStringLiteral("t.json.gz");
    QTest::newRow("chrome") << int(TraceFormat::Chrome) << QStringLiteral("t.json");
    QTest::newRow("csv") << int(TraceFormat::Csv) << QStringLiteral("t.csv");
}

void TestWindowWorkflow::aCancelledWriteLeavesTheFileAsItWas() {
    QFETCH(int, format);
    QFETCH(QString, name);
    QString error;
    std::optional<Scenario> scenario =
        BuiltinScenarios::load(QStringLiteral("builtin:mode-device"), &error);
    QVERIFY2(scenario, qPrintable(error));
    Trace trace;
    Lane lane;
    lane.name = "s0";
    trace.addLane(lane);
    for (int i = 0; i < 60000; ++i) {
        TraceEvent e;
        e.kind = EventKind::Kernel;
        e.start_ns = i * 1000;
        e.end_ns = e.start_ns + 900;
        e.name = trace.strings.intern("kernel " + std::to_string(i % 7));
        trace.addEvent(e);
    }
    QTemporaryDir dir;
    const QString path = dir.filePath(name);
    {
        QFile old(path);
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("the old file");
    }
    // Cancelled once the first megabyte is out (or before anything, for a file smaller than
    // that): the write stops at the next chunk and the old file stays.
    std::atomic<bool> cancel{TraceFormat(format) == TraceFormat::Native};
    auto progress = [&](std::uint64_t, double) { cancel = true; };
    const TraceSaver::Outcome outcome =
        TraceSaver::write(trace, path, TraceFormat(format), &cancel, progress, &error);
    QCOMPARE(int(outcome), int(TraceSaver::Outcome::Cancelled));
    QCOMPARE(readAll(path), QByteArray("the old file"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1);  // no temporary file left
    // Not cancelled, the same write replaces it.
    cancel = false;
    const TraceSaver::Outcome done = TraceSaver::write(
        trace, path, TraceFormat(format), &cancel, [](std::uint64_t, double) {}, &error);
    QCOMPARE(int(done), int(TraceSaver::Outcome::Saved));
    QVERIFY(readAll(path) != QByteArray("the old file"));
}

void TestWindowWorkflow::openingAScenarioWithoutRunningClearsTheOldRun() {
    MainWindow window;
    QVERIFY(test::showAndRun(window, QStringLiteral("builtin:mode-host-callback")));
    QVERIFY(!window.currentTrace()->events.empty());

    QTemporaryDir dir;
    QString error;
    std::optional<Scenario> other =
        BuiltinScenarios::load(QStringLiteral("builtin:mode-device"), &error);
    QVERIFY(other);
    const QString path = dir.filePath(QStringLiteral("other.syncscope.json"));
    std::string write_error;
    QVERIFY(ScenarioWriter::save(*other, QFile::encodeName(path).toStdString(), write_error));
    QSignalSpy opened(&window, &MainWindow::documentOpened);
    QVERIFY(window.openPath(path));
    QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 1, 30000);
    QVERIFY(window.windowTitle().contains(QStringLiteral("other.syncscope.json")));
    // The old timeline is gone: nothing on screen claims to be the new scenario's run.
    QVERIFY(window.currentTrace()->events.empty());
    QVERIFY(window.timeline()->trace() == nullptr || window.timeline()->trace()->events.empty());
    QVERIFY(!window.saveTraceAction()->isEnabled());

    // The same for a built-in opened without running it.
    QVERIFY(test::showAndRun(window, QStringLiteral("builtin:mode-host-callback")));
    QVERIFY(window.openPath(QStringLiteral("builtin:mode-device")));
    QVERIFY(window.currentTrace()->events.empty());
}

void TestWindowWorkflow::libraryFilterNeverLeavesAHiddenItemToRun() {
    ScenarioLibrary library;
    library.resize(400, 600);
    library.show();
    QVERIFY(QTest::qWaitForWindowExposed(&library));
    auto* filter = library.findChild<QLineEdit*>(QStringLiteral("scenarioFilter"));
    auto* open = library.findChild<QPushButton*>(QStringLiteral("openAndRun"));
    auto* list = library.findChild<QListWidget*>(QStringLiteral("scenarioList"));
    QVERIFY(filter && open && list);
    const QString first = library.selectedName();
    QVERIFY(!first.contains(QStringLiteral("host-callback")));
    QSignalSpy activated(&library, &ScenarioLibrary::scenarioActivated);

    QTest::keyClicks(filter, QStringLiteral("host-callback"));
    QCOMPARE(library.selectedName(), QStringLiteral("mode-host-callback"));
    QVERIFY(!list->currentItem()->isHidden());
    QTest::mouseClick(open, Qt::LeftButton);
    QCOMPARE(activated.size(), 1);
    QCOMPARE(activated.at(0).at(0).toString(), QStringLiteral("builtin:mode-host-callback"));

    // Nothing matches: nothing is selected, and "Open and run" runs nothing.
    filter->clear();
    QTest::keyClicks(filter, QStringLiteral("no scenario is called this"));
    QVERIFY(library.selectedName().isEmpty());
    QVERIFY(!open->isEnabled());
    QTest::mouseClick(open, Qt::LeftButton);
    QCOMPARE(activated.size(), 1);

    filter->clear();
    QVERIFY(open->isEnabled());
    QVERIFY(!library.selectedName().isEmpty());
}

void TestWindowWorkflow::rulerDoesNotSurviveARerunOrAnotherDocument() {
    MainWindow window;
    QVERIFY(test::showAndRun(window, QStringLiteral("builtin:mode-host-callback")));
    drawRuler(window.timeline());
    QVERIFY(!window.timeline()->rulerText().isEmpty());
    // A live snapshot or the same trace again keeps it (it still measures what is on screen).
    window.timeline()->setTrace(window.currentTrace());
    QVERIFY(!window.timeline()->rulerText().isEmpty());

    QSignalSpy shown(&window, &MainWindow::runShown);
    window.runScenario();
    QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 1, 60000);
    QVERIFY2(window.timeline()->rulerText().isEmpty(), qPrintable(window.timeline()->rulerText()));

    drawRuler(window.timeline());
    QVERIFY(!window.timeline()->rulerText().isEmpty());
    QVERIFY(waitForRun(window, QStringLiteral("builtin:mode-device")));
    QVERIFY(window.timeline()->rulerText().isEmpty());
}

void TestWindowWorkflow::escapeCancelsARunAndThePanelSaysCancelled() {
    MainWindow window;
    window.setInteractive(false);
    window.resize(1400, 850);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("long.syncscope.json"));
    std::string error;
    QVERIFY(ScenarioWriter::save(test::kernelLoopScenario(300'000),
                                 QFile::encodeName(path).toStdString(), error));
    // A run before it: what a cancel shows must be the cancelled run, never this one.
    QSignalSpy before(&window, &MainWindow::runShown);
    QVERIFY(window.openPath(QStringLiteral("builtin:mode-device"), true));
    QTRY_COMPARE_WITH_TIMEOUT(before.size(), 1, 30000);
    const std::shared_ptr<const Trace> previous = window.currentTrace();
    QVERIFY(previous && !previous->events.empty());
    QSignalSpy shown(&window, &MainWindow::runShown);
    QVERIFY(window.openPath(path, true));
    QTRY_VERIFY2_WITH_TIMEOUT(window.runs()->isRunning() || !shown.isEmpty(),
                              qPrintable(window.statusBar()->currentMessage()), 30000);
    QTRY_VERIFY_WITH_TIMEOUT(
        window.runPanel()->progressText().contains(QLatin1Char('%')) || !shown.isEmpty(), 30000);
    if (!shown.isEmpty())
        QSKIP("the simulator finished before it could be cancelled");
    window.activateWindow();
    // With the lanes focused (they take Esc to clear a selection), Esc still cancels the run.
    QTest::mouseClick(window.timeline()->plot(), Qt::LeftButton, {},
                      window.timeline()->plot()->rect().center());
    QVERIFY(window.timeline()->plot()->hasFocus());
    QTest::keyClick(window.timeline()->plot(), Qt::Key_Escape);
    QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 1, 30000);
    QVERIFY(shown.at(0).at(0).value<RunStatus>() == RunStatus::Cancelled);
    QCOMPARE(window.runPanel()->progressText(), QStringLiteral("cancelled"));
    QVERIFY(window.statusBar()->currentMessage().startsWith(QStringLiteral("Run cancelled")));
    // The partial run is on screen (as the CLI keeps it), not the run before.
    const auto shownTrace = window.currentTrace();
    QVERIFY(shownTrace != previous);
    QVERIFY(window.timeline()->trace() == shownTrace);
    for (const TraceEvent& e : shownTrace->events)
        QVERIFY(e.kind != EventKind::HostWait || e.mode != SyncMode::Device);
    maybeSave(&window, QStringLiteral("cancelled.png"));
}

QTEST_MAIN(TestWindowWorkflow)
#include "tst_window_workflow.moc"
