// The step table editor: every loaded scenario's program, one row per step, edited with keys and
// buttons through the undo stack; refused cells name the step and field; Run runs the edited
// program; "Edit as batches" says what the batches table cannot hold; the columns share a narrow
// dock.
#include <QApplication>
#include <QDir>
#include <QFrame>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTableView>
#include <QTest>
#include <QUndoStack>

#include "tests/ui/window_test_utils.h"
#include "ui/editor/batch_table_model.h"
#include "ui/editor/builtin_scenarios.h"
#include "ui/editor/column_fitter.h"
#include "ui/editor/scenario_editor.h"
#include "ui/editor/step_table_delegate.h"
#include "ui/editor/step_table_editor.h"
#include "ui/editor/step_table_model.h"
#include "ui/run/run_panel.h"
#include "ui/window/main_window.h"

using namespace syncscope;

namespace {

Scenario builtin(const QString& name) {
    QString error;
    std::optional<Scenario> s = BuiltinScenarios::load(QStringLiteral("builtin:") + name, &error);
    if (!s)
        qFatal("%s", qPrintable(error));
    return *s;
}

// Types `text` into the cell at (row, column) as a user does: select it, F2, type, Enter.
void typeIntoCell(QTableView* table, int row, int column, const QString& text) {
    table->setFocus();
    table->setCurrentIndex(table->model()->index(row, column));
    QTest::keyClick(table, Qt::Key_F2);
    // The cell's editor, a line edit on the view (focus needs an active window, so not by focus).
    // Guarded: the delegate deletes the editor once it commits (deleteLater).
    QPointer<QLineEdit> line;
    for (QLineEdit* candidate : table->viewport()->findChildren<QLineEdit*>())
        if (candidate->isVisible())
            line = candidate;
    QVERIFY2(line != nullptr, "F2 opened no line editor");
    line->selectAll();
    QTest::keyClicks(line, text);
    QTest::keyClick(line, Qt::Key_Return);
    // The delegate commits the editor's text in a queued call.
    QTRY_VERIFY(!line || !line->isVisible());
}

// Pictures for a person to look at, when SYNCSCOPE_UI_SHOTS names a folder.
void maybeSave(QWidget* widget, const QString& name) {
    const QString dir = qEnvironmentVariable("SYNCSCOPE_UI_SHOTS");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    widget->grab().save(dir + QLatin1Char('/') + name);
}

TimeNs longestKernel(const Trace& trace) {
    TimeNs longest = 0;
    for (const TraceEvent& e : trace.events)
        if (e.kind == EventKind::Kernel)
            longest = std::max(longest, e.duration());
    return longest;
}

// The editor on screen with the host-callback lesson loaded: the scenario most cases edit.
bool showHostCallback(ScenarioEditor& editor) {
    editor.resize(900, 700);
    editor.show();
    if (!QTest::qWaitForWindowExposed(&editor))
        return false;
    editor.loadScenario(builtin(QStringLiteral("mode-host-callback")), QStringLiteral("cb"));
    return editor.hasLoadedScenario();
}

}  // namespace

class TestEditorStepTable : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::isolateWindowTest(); }
    void everyBuiltinIsEditableAndRunnable();
    void typedCellEditIsUndoable();
    void refusedCellNamesTheStepAndField();
    void stepsAreAddedRemovedAndMovedWithButtons();
    void repeatBodiesAreRowsToo();
    void runRunsTheEditedProgramAndUndoRedoKeysWork();
    void editAsBatchesListsWhatItCannotHold();
    void columnsShareANarrowTable();
    void columnsFitWhereTheHeaderWouldHoldThemWider();
    void unusedColumnsAreLeftOutUntilAStepNeedsThem();
    void aCutCellShowsItsTextInTheTooltip();
    void theBannerCountsAndSaysWhenEditsOutdateTheExplanation();
};

void TestEditorStepTable::everyBuiltinIsEditableAndRunnable() {
    ScenarioEditor editor;
    for (const BuiltinScenario& b : BuiltinScenarios::list()) {
        const Scenario s = builtin(b.name);
        editor.loadScenario(s, b.name);
        QVERIFY2(editor.stepModel()->rowCount() >= int(s.program.size()), qPrintable(b.name));
        QString error;
        QVERIFY2(editor.scenario(&error).has_value(),
                 qPrintable(b.name + QStringLiteral(": ") + error));
        QVERIFY(editor.canRun());
        QVERIFY(!editor.stepEditor()->isHidden());
    }
}

void TestEditorStepTable::typedCellEditIsUndoable() {
    ScenarioEditor editor;
    QVERIFY(showHostCallback(editor));
    QTableView* table = editor.stepEditor()->table();
    const StepTableModel* model = editor.stepModel();
    QCOMPARE(model->index(0, StepTableModel::Duration).data().toString(), QStringLiteral("400"));

    typeIntoCell(table, 0, StepTableModel::Duration, QStringLiteral("1234.5"));
    QCOMPARE(model->program()[0].duration_ns, TimeNs(1'234'500));
    QVERIFY(editor.isModified());
    QCOMPARE(editor.scenario()->program[0].duration_ns, TimeNs(1'234'500));

    typeIntoCell(table, 1, StepTableModel::Label, QStringLiteral("my callback"));
    QCOMPARE(model->program()[1].label, std::string("my callback"));
    QCOMPARE(editor.undoStack()->count(), 2);

    editor.undoStack()->undo();
    editor.undoStack()->undo();
    QCOMPARE(model->program()[0].duration_ns, TimeNs(400'000));
    QVERIFY(model->program()[1].label.empty());
    QVERIFY(!editor.isModified());
    editor.undoStack()->redo();
    QCOMPARE(model->program()[0].duration_ns, TimeNs(1'234'500));
}

// The banner over the steps: "1 stream", not "1 streams"; and once the steps are not the ones
// loaded, a note that the explanation describes the scenario as loaded (undo takes it away).
void TestEditorStepTable::theBannerCountsAndSaysWhenEditsOutdateTheExplanation() {
    ScenarioEditor editor;
    editor.loadScenario(builtin(QStringLiteral("mode-cpu-synchronize")),
                        QStringLiteral("builtin:mode-cpu-synchronize"));
    const auto bannerText = [&] {
        QString text;
        for (const QLabel* label :
             editor.findChild<QFrame*>(QStringLiteral("loadedBanner"))->findChildren<QLabel*>())
            text += label->text();
        return text;
    };
    QVERIFY2(bannerText().contains(QStringLiteral("1 stream · 4 steps")), qPrintable(bannerText()));
    QVERIFY(!bannerText().contains(QStringLiteral("Edited:")));
    QVERIFY(editor.stepModel()->setData(editor.stepModel()->index(0, StepTableModel::Duration),
                                        QStringLiteral("500"), Qt::EditRole));
    QVERIFY2(bannerText().contains(QStringLiteral("Edited:")), qPrintable(bannerText()));
    editor.undoStack()->undo();
    QVERIFY(!bannerText().contains(QStringLiteral("Edited:")));
}

void TestEditorStepTable::refusedCellNamesTheStepAndField() {
    ScenarioEditor editor;
    QVERIFY(showHostCallback(editor));
    QTableView* table = editor.stepEditor()->table();
    QSignalSpy rejected(editor.stepModel(), &StepTableModel::editRejected);

    typeIntoCell(table, 2, StepTableModel::Duration, QStringLiteral("soon"));
    QCOMPARE(rejected.size(), 1);
    const QString message = editor.stepEditor()->messageText();
    QVERIFY2(message.contains(QStringLiteral("Step 3")) &&
                 message.contains(QStringLiteral("duration")) &&
                 message.contains(QStringLiteral("soon")),
             qPrintable(message));
    QCOMPARE(editor.stepModel()->program()[2].duration_ns, TimeNs(300'000));
    QCOMPARE(editor.undoStack()->count(), 0);

    // A step's kind may change; a program that then lacks a field says which.
    Scenario s = builtin(QStringLiteral("mode-host-callback"));
    editor.loadScenario(s, QStringLiteral("cb"));
    QVERIFY(editor.stepModel()->setData(editor.stepModel()->index(4, StepTableModel::Kind),
                                        QStringLiteral("event_sync"), Qt::EditRole));
    QString error;
    QVERIFY(!editor.scenario(&error));
    QVERIFY2(error.contains(QStringLiteral("steps[4]")), qPrintable(error));
    QVERIFY(editor.stepEditor()->messageText().contains(QStringLiteral("steps[4]")));
    QVERIFY(!editor.canRun());
    editor.undoStack()->undo();
    QVERIFY(editor.canRun());
    QVERIFY(editor.stepEditor()->messageText().isEmpty());
}

void TestEditorStepTable::stepsAreAddedRemovedAndMovedWithButtons() {
    ScenarioEditor editor;
    QVERIFY(showHostCallback(editor));
    StepTableModel* model = editor.stepModel();
    QTableView* table = editor.stepEditor()->table();
    auto button = [&](const char* name) {
        return editor.stepEditor()->findChild<QPushButton*>(QLatin1String(name));
    };
    const int rows = model->rowCount();
    const std::size_t steps = model->program().size();

    table->setCurrentIndex(model->index(0, StepTableModel::Kind));
    QTest::mouseClick(button("addStep"), Qt::LeftButton);
    QCOMPARE(model->rowCount(), rows + 1);
    QCOMPARE(model->program().size(), steps + 1);
    QCOMPARE(table->currentIndex().row(), 1);  // the copy, after the original
    // A copy keeps the original's id, which must stay unique: the table says so.
    QString error;
    QVERIFY(!editor.scenario(&error));
    QVERIFY2(error.contains(QStringLiteral("steps[1].id")), qPrintable(error));
    QTest::mouseClick(button("removeStep"), Qt::LeftButton);
    QCOMPARE(model->program().size(), steps);
    QVERIFY2(editor.scenario(&error), qPrintable(error));

    const std::string second = std::string(toString(model->program()[1].kind));
    table->setCurrentIndex(model->index(0, StepTableModel::Kind));
    QTest::mouseClick(button("moveStepDown"), Qt::LeftButton);
    QCOMPARE(std::string(toString(model->program()[0].kind)), second);
    QCOMPARE(table->currentIndex().row(), 1);
    QTest::mouseClick(button("moveStepUp"), Qt::LeftButton);
    QCOMPARE(std::string(toString(model->program()[1].kind)), second);
    QCOMPARE(editor.undoStack()->count(), 4);
    while (editor.undoStack()->canUndo())
        editor.undoStack()->undo();
    QCOMPARE(model->rowCount(), rows);
    QVERIFY(!editor.isModified());
}

void TestEditorStepTable::repeatBodiesAreRowsToo() {
    ScenarioEditor editor;
    editor.resize(720, 800);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    const Scenario s = builtin(QStringLiteral("torch-caching-allocator"));
    QVERIFY(s.program[0].kind == StepKind::Repeat);
    editor.loadScenario(s, QStringLiteral("torch"));
    StepTableModel* model = editor.stepModel();
    QCOMPARE(model->index(0, StepTableModel::Repeat).data().toString(), QStringLiteral("3"));
    QCOMPARE(model->depth(1), 1);
    QCOMPARE(model->stepNumber(2), QStringLiteral("1.2"));
    QVERIFY(
        model->setData(model->index(0, StepTableModel::Repeat), QStringLiteral("5"), Qt::EditRole));
    QCOMPARE(model->program()[0].count, 5u);
    QVERIFY(model->setData(model->index(1, StepTableModel::Bytes), QStringLiteral("512 MiB"),
                           Qt::EditRole));
    QCOMPARE(model->program()[0].body[0].bytes, std::uint64_t(512) << 20);
    QVERIFY(!model->setData(model->index(0, StepTableModel::Repeat), QStringLiteral("0"),
                            Qt::EditRole));
    QVERIFY(editor.canRun());
}

void TestEditorStepTable::runRunsTheEditedProgramAndUndoRedoKeysWork() {
    MainWindow window;
    QVERIFY(test::showAndRun(window, QStringLiteral("builtin:mode-host-callback")));
    QVERIFY(longestKernel(*window.currentTrace()) < TimeNs(5'000'000));
    QTableView* table = window.editor()->stepEditor()->table();
    typeIntoCell(table, 0, StepTableModel::Duration, QStringLiteral("5000"));
    QVERIFY(window.isWindowModified());

    QSignalSpy shown(&window, &MainWindow::runShown);
    QTest::mouseClick(window.runPanel()->findChild<QPushButton*>(QStringLiteral("runButton")),
                      Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 1, 60000);
    const TimeNs longest = longestKernel(*window.currentTrace());
    QVERIFY2(longest >= TimeNs(5'000'000) && longest < TimeNs(5'500'000),
             qPrintable(QString::number(longest)));

    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QTest::keyClick(table, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(window.editor()->stepModel()->program()[0].duration_ns, TimeNs(400'000));
    QVERIFY(!window.isWindowModified());
    QTest::keyClick(table, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(window.editor()->stepModel()->program()[0].duration_ns, TimeNs(5'000'000));
    // Edited and unsaved: another scenario does not silently replace it.
    QVERIFY(!window.openPath(QStringLiteral("builtin:mode-device")));
    QCOMPARE(window.editor()->stepModel()->program()[0].duration_ns, TimeNs(5'000'000));
}

void TestEditorStepTable::editAsBatchesListsWhatItCannotHold() {
    ScenarioEditor editor;
    QVERIFY(showHostCallback(editor));
    maybeSave(&editor, QStringLiteral("step-table-host-callback.png"));
    QTest::mouseClick(editor.findChild<QPushButton*>(QStringLiteral("editAsBatches")),
                      Qt::LeftButton);
    QVERIFY(!editor.hasLoadedScenario());
    const QString note = editor.conversionNote();
    // A host callback is a sync mode of the table (core/model/sync_mode_steps.h): it becomes the
    // table's mode, and the note names the one it could not keep.
    QVERIFY2(note.contains(QStringLiteral("2 sync modes: the table uses one (host-callback)")),
             qPrintable(note));
    QCOMPARE(editor.batchState().mode, SyncMode::HostCallback);
    QVERIFY2(note.contains(QStringLiteral("claims and callouts")), qPrintable(note));
    // Its kernels became batches: kernel A and "other" in batch 0, kernel B in batch 1.
    const QList<BatchRow> rows = editor.batchModel()->rows();
    int batches = 0;
    for (const BatchRow& r : rows)
        batches += r.batches;
    QCOMPARE(batches, 2);
    QCOMPARE(int(editor.batchState().mode), int(SyncMode::HostCallback));
    QVERIFY(editor.generatedScenario().has_value());
    maybeSave(&editor, QStringLiteral("edit-as-batches.png"));

    editor.undoStack()->undo();
    QVERIFY(editor.hasLoadedScenario());
    QVERIFY(editor.conversionNote().isEmpty());
    QCOMPARE(editor.stepModel()->rowCount(), 5);
}

void TestEditorStepTable::columnsShareANarrowTable() {
    // Room for all: each gets what it wants.
    QCOMPARE(ColumnFitter::share({40, 30, 100}, 200, 30), QList<int>({40, 30, 100}));
    // Too little: the widest are cut to a common cap, the narrow stay whole, the sum is the room.
    QCOMPARE(ColumnFitter::share({40, 30, 100, 120}, 200, 30), QList<int>({40, 30, 65, 65}));
    QCOMPARE(ColumnFitter::share({40, 30, 100, 121}, 201, 30), QList<int>({40, 30, 66, 65}));
    // None below the floor (or its want, when that is less), even where the room runs out.
    QCOMPARE(ColumnFitter::share({20, 90, 90, 90}, 80, 30), QList<int>({20, 30, 30, 30}));
    QCOMPARE(ColumnFitter::share({}, 100, 30), QList<int>());
}

void TestEditorStepTable::columnsFitWhereTheHeaderWouldHoldThemWider() {
    // Nine columns in a big font, as the Japanese batches table at 1366x768: the header's own
    // minimum section size (from the style and font) held each wider than its share, and the
    // table scrolled sideways. Every column gets its share and the table fits.
    QStandardItemModel model(1, 9);
    for (int c = 0; c < 9; ++c) {
        model.setHeaderData(c, Qt::Horizontal, QStringLiteral("Column title %1").arg(c));
        model.setItem(0, c, new QStandardItem(QStringLiteral("a long cell value %1").arg(c)));
    }
    QTableView table;
    QFont big = table.font();
    big.setPixelSize(24);
    table.setFont(big);
    table.setModel(&model);
    table.resize(250, 200);
    ColumnFitter fitter(&table);
    table.show();
    QVERIFY(QTest::qWaitForWindowExposed(&table));
    fitter.fit();
    QCoreApplication::processEvents();
    QHeaderView* header = table.horizontalHeader();
    QVERIFY(header->minimumSectionSize() * 9 <= table.viewport()->width());
    QVERIFY2(header->length() <= table.viewport()->width(),
             qPrintable(QStringLiteral("%1 px of columns in %2 px")
                            .arg(header->length())
                            .arg(table.viewport()->width())));
    QCOMPARE(table.horizontalScrollBar()->maximum(), 0);
    for (int c = 0; c < 9; ++c)
        QVERIFY(header->sectionSize(c) >= table.viewport()->width() / 9 - 1);
}

void TestEditorStepTable::unusedColumnsAreLeftOutUntilAStepNeedsThem() {
    ScenarioEditor editor;
    QVERIFY(showHostCallback(editor));
    StepTableModel* model = editor.stepModel();
    QTableView* table = editor.stepEditor()->table();
    // The host-callback lesson has no repeat and no event: those columns would be blank.
    QVERIFY(!model->columnUsed(StepTableModel::Repeat));
    QVERIFY(table->isColumnHidden(StepTableModel::Repeat));
    QVERIFY(!model->columnUsed(StepTableModel::Event));
    QVERIFY(table->isColumnHidden(StepTableModel::Event));
    for (const int always : {StepTableModel::Kind, StepTableModel::Mode, StepTableModel::Label})
        QVERIFY(!table->isColumnHidden(always));
    QVERIFY(!table->isColumnHidden(StepTableModel::Duration));
    // A step that becomes a repeat brings its column back; undo takes it away again.
    QVERIFY(model->setData(model->index(0, StepTableModel::Kind), QStringLiteral("repeat"),
                           Qt::EditRole));
    QVERIFY(!table->isColumnHidden(StepTableModel::Repeat));
    editor.undoStack()->undo();
    QVERIFY(table->isColumnHidden(StepTableModel::Repeat));
    // The short titles say it in full in their tooltips.
    for (int c = 0; c < StepTableModel::ColumnCount; ++c)
        QVERIFY(!model->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty());
}

void TestEditorStepTable::aCutCellShowsItsTextInTheTooltip() {
    ScenarioEditor editor;
    QVERIFY(showHostCallback(editor));
    QTableView* table = editor.stepEditor()->table();
    auto* delegate = qobject_cast<StepTableDelegate*>(table->itemDelegate());
    QVERIFY(delegate);
    const QModelIndex kind = editor.stepModel()->index(1, StepTableModel::Kind);
    const QString text = kind.data().toString().trimmed();
    QCOMPARE(text, QStringLiteral("host_callback"));
    QStyleOptionViewItem option;
    option.initFrom(table);
    option.rect = QRect(0, 0, 400, 20);
    QCOMPARE(delegate->toolTip(option, kind), QString());
    option.rect = QRect(0, 0, 30, 20);
    QCOMPARE(delegate->toolTip(option, kind), text);
    // A cut cell with a tooltip of its own shows both.
    const QModelIndex mode = editor.stepModel()->index(4, StepTableModel::Mode);
    const QString tip = mode.data(Qt::ToolTipRole).toString();
    QVERIFY2(!tip.isEmpty(), qPrintable(mode.data().toString()));
    QCOMPARE(delegate->toolTip(option, mode), mode.data().toString() + QLatin1Char('\n') + tip);
}

QTEST_MAIN(TestEditorStepTable)
#include "tst_editor_step_table.moc"
