// The scenario editor: edits go through the undo stack, the sync-mode picker explains each mode,
// and every table the editor can hold generates a scenario the reader accepts.
#include <QComboBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStyleOptionViewItem>
#include <QTest>
#include <QUndoStack>
#include <memory>

#include "core/scenario/scenario_reader.h"
#include "core/scenario/scenario_writer.h"
#include "tests/ui/window_test_utils.h"
#include "ui/editor/batch_table_model.h"
#include "ui/editor/batch_table_view.h"
#include "ui/editor/scenario_editor.h"
#include "ui/editor/sync_mode_picker.h"

using namespace syncscope;

namespace {

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

std::size_t kernelCount(const std::vector<Step>& steps) {
    std::size_t n = 0;
    for (const Step& s : expandProgram(steps))
        n += s.kind == StepKind::Kernel;
    return n;
}

}  // namespace

class TestEditorScenarioEditor : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::isolateWindowTest(); }
    void cellEditsUndoAndRedo_data();
    void cellEditsUndoAndRedo();
    void rowsUndoAndRedo();
    void choicesUndoAndRedo();
    void pickerShowsTheExplanation_data();
    void pickerShowsTheExplanation();
    void pickingAModeInTheComboIsUndoable();
    void everyModeAndPlacementGeneratesAValidScenario_data();
    void everyModeAndPlacementGeneratesAValidScenario();
    void rowsRunOneAfterAnother();
    void loadedScenarioReplacesTheTableUntilEditedAsBatches();
    void narrowTableTurnsOnItsSideAndEditsTheSameFields();
};

void TestEditorScenarioEditor::cellEditsUndoAndRedo_data() {
    QTest::addColumn<int>("column");
    QTest::addColumn<QVariant>("value");
    QTest::newRow("batches") << int(BatchTableModel::Batches) << QVariant(7);
    QTest::newRow("kernels") << int(BatchTableModel::Kernels) << QVariant(3);
    QTest::newRow("streams") << int(BatchTableModel::Streams) << QVariant(4);
    QTest::newRow("kind") << int(BatchTableModel::Kind) << QVariant(int(KernelKind::Compute));
    QTest::newRow("duration") << int(BatchTableModel::Duration) << QVariant(1234.5);
    QTest::newRow("grid") << int(BatchTableModel::Grid) << QVariant(264);
    QTest::newRow("block") << int(BatchTableModel::Block) << QVariant(256);
    QTest::newRow("allocation") << int(BatchTableModel::Allocation)
                                << QVariant(int(KernelAllocation::MallocAsync));
}

void TestEditorScenarioEditor::cellEditsUndoAndRedo() {
    QFETCH(int, column);
    QFETCH(QVariant, value);
    ScenarioEditor editor;
    BatchTableModel* model = editor.batchModel();
    const QModelIndex cell = model->index(0, column);
    const QVariant before = cell.data(Qt::EditRole);
    const std::optional<Scenario> scenario_before = editor.generatedScenario();
    QVERIFY(scenario_before);
    QVERIFY(!editor.isModified());

    QVERIFY(model->setData(cell, value, Qt::EditRole));
    QCOMPARE(cell.data(Qt::EditRole).toDouble(), value.toDouble());
    QVERIFY(editor.isModified());
    QCOMPARE(editor.undoStack()->count(), 1);
    const QString generated_after = qs(ScenarioWriter::toJson(*editor.generatedScenario()));
    QVERIFY(generated_after != qs(ScenarioWriter::toJson(*scenario_before)));

    editor.undoStack()->undo();
    QCOMPARE(cell.data(Qt::EditRole), before);
    QVERIFY(!editor.isModified());
    QCOMPARE(qs(ScenarioWriter::toJson(*editor.generatedScenario())),
             qs(ScenarioWriter::toJson(*scenario_before)));

    editor.undoStack()->redo();
    QCOMPARE(cell.data(Qt::EditRole).toDouble(), value.toDouble());
    QCOMPARE(qs(ScenarioWriter::toJson(*editor.generatedScenario())), generated_after);
}

void TestEditorScenarioEditor::rowsUndoAndRedo() {
    ScenarioEditor editor;
    BatchTableModel* model = editor.batchModel();
    QCOMPARE(model->rowCount(), 1);
    BatchRow row;
    row.batches = 2;
    row.kind = KernelKind::Memory;
    model->addRow(row);
    QCOMPARE(model->rowCount(), 2);
    QVERIFY(model->rows().at(1) == row);
    model->removeRow(0);
    QCOMPARE(model->rowCount(), 1);
    QVERIFY(model->rows().at(0) == row);
    // The last row stays: a scenario needs at least one.
    model->removeRow(0);
    QCOMPARE(model->rowCount(), 1);

    editor.undoStack()->undo();  // the removal of row 0
    QCOMPARE(model->rowCount(), 2);
    QVERIFY(model->rows().at(1) == row);
    editor.undoStack()->undo();  // the addition
    QCOMPARE(model->rowCount(), 1);
    QVERIFY(!editor.isModified());
    editor.undoStack()->redo();
    editor.undoStack()->redo();
    QCOMPARE(model->rowCount(), 1);
    QVERIFY(model->rows().at(0) == row);
}

void TestEditorScenarioEditor::choicesUndoAndRedo() {
    ScenarioEditor editor;
    const SyncMode mode_before = editor.syncModePicker()->mode();
    const SyncPlacement placement_before = editor.placement();
    const SchedulePolicy schedule_before = editor.schedule();

    editor.setSyncMode(SyncMode::EventQueryPoll);
    editor.setPlacement(SyncPlacement::AfterEachKernel);
    editor.setSchedule(SchedulePolicy::BlockingSync);
    QCOMPARE(int(editor.syncModePicker()->mode()), int(SyncMode::EventQueryPoll));
    QCOMPARE(int(editor.placement()), int(SyncPlacement::AfterEachKernel));
    QCOMPARE(int(editor.schedule()), int(SchedulePolicy::BlockingSync));
    QCOMPARE(int(editor.scenario()->schedule), int(SchedulePolicy::BlockingSync));
    QCOMPARE(editor.undoStack()->count(), 3);

    editor.undoStack()->undo();
    QCOMPARE(int(editor.schedule()), int(schedule_before));
    editor.undoStack()->undo();
    QCOMPARE(int(editor.placement()), int(placement_before));
    editor.undoStack()->undo();
    QCOMPARE(int(editor.syncModePicker()->mode()), int(mode_before));
    QVERIFY(!editor.isModified());
    editor.undoStack()->redo();
    QCOMPARE(int(editor.syncModePicker()->mode()), int(SyncMode::EventQueryPoll));
}

void TestEditorScenarioEditor::pickerShowsTheExplanation_data() {
    QTest::addColumn<int>("mode");
    for (const SyncModeInfo& info : syncModeCatalogue())
        QTest::newRow(std::string(info.id).c_str()) << int(info.mode);
}

void TestEditorScenarioEditor::pickerShowsTheExplanation() {
    QFETCH(int, mode);
    const SyncModeInfo& info = syncModeInfo(SyncMode(mode));
    SyncModePicker picker;
    picker.setMode(SyncMode(mode));
    const QString text = picker.explanationText();
    QVERIFY2(text.contains(qs(info.explanation).toHtmlEscaped()), qPrintable(text));
    QVERIFY(text.contains(qs(info.cuda_call).toHtmlEscaped()));
    QVERIFY(text.contains(qs(info.pytorch).toHtmlEscaped()));
    QVERIFY(text.contains(qs(info.who_blocks).toHtmlEscaped()));
    auto* combo = picker.findChild<QComboBox*>(QStringLiteral("syncModeCombo"));
    QVERIFY(combo);
    QCOMPARE(combo->currentText(), qs(info.label));
}

void TestEditorScenarioEditor::pickingAModeInTheComboIsUndoable() {
    ScenarioEditor editor;
    auto* combo = editor.findChild<QComboBox*>(QStringLiteral("syncModeCombo"));
    QVERIFY(combo);
    const int stream = combo->findData(int(SyncMode::Stream));
    combo->setCurrentIndex(stream);
    emit combo->activated(stream);  // what a user's pick emits
    QCOMPARE(int(editor.syncModePicker()->mode()), int(SyncMode::Stream));
    QVERIFY(editor.syncModePicker()->explanationText().contains(
        qs(syncModeInfo(SyncMode::Stream).explanation).toHtmlEscaped()));
    QCOMPARE(editor.undoStack()->count(), 1);
    editor.undoStack()->undo();
    QCOMPARE(int(editor.syncModePicker()->mode()), int(SyncMode::Device));
    QCOMPARE(combo->currentData().toInt(), int(SyncMode::Device));
}

void TestEditorScenarioEditor::everyModeAndPlacementGeneratesAValidScenario_data() {
    QTest::addColumn<int>("mode");
    QTest::addColumn<int>("placement");
    const char* placements[] = {"after-each-kernel", "after-each-batch", "at-end"};
    for (const SyncModeInfo& info : syncModeCatalogue())
        for (int p = 0; p < 3; ++p)
            QTest::addRow("%s %s", std::string(info.id).c_str(), placements[p])
                << int(info.mode) << p;
}

void TestEditorScenarioEditor::everyModeAndPlacementGeneratesAValidScenario() {
    QFETCH(int, mode);
    QFETCH(int, placement);
    ScenarioEditor editor;
    editor.setSyncMode(SyncMode(mode));
    editor.setPlacement(SyncPlacement(placement));
    BatchRow second;
    second.batches = 2;
    second.kernels = 3;
    second.streams = 3;
    second.allocation = KernelAllocation::MallocAsync;
    editor.batchModel()->addRow(second);
    QString error;
    const std::optional<Scenario> scenario = editor.generatedScenario(&error);
    QVERIFY2(scenario, qPrintable(error));
    const ScenarioParseResult parsed = ScenarioReader::parse(ScenarioWriter::toJson(*scenario));
    QVERIFY2(parsed.ok(), parsed.errorText().c_str());
    std::size_t expected = 0;
    for (const BatchRow& row : editor.batchModel()->rows())
        expected += std::size_t(row.batches) * std::size_t(row.kernels);
    // legacy-default-stream adds one kernel on the NULL stream per row.
    if (SyncMode(mode) == SyncMode::LegacyDefaultStream)
        QVERIFY(kernelCount(scenario->program) > expected);
    else
        QCOMPARE(kernelCount(scenario->program), expected);
}

void TestEditorScenarioEditor::rowsRunOneAfterAnother() {
    BatchEditorState state;
    state.title = QStringLiteral("two phases");
    BatchRow a;
    a.batches = 3;
    a.kernels = 1;
    a.streams = 1;
    BatchRow b;
    b.batches = 2;
    b.kernels = 2;
    b.streams = 3;
    state.rows = {a, b};
    state.mode = SyncMode::Event;  // needs events: the second row's must not collide
    QString error;
    const std::optional<Scenario> scenario = state.toScenario(&error);
    QVERIFY2(scenario, qPrintable(error));
    QCOMPARE(scenario->title.en, std::string("two phases"));
    QCOMPARE(scenario->streams.size(), std::size_t(3));
    std::uint32_t max_batch = 0;
    for (const Step& s : expandProgram(scenario->program))
        if (s.batch != kNone)
            max_batch = std::max(max_batch, s.batch);
    QCOMPARE(max_batch, 4u);  // batches 0..2 then 3..4
    const ScenarioParseResult parsed = ScenarioReader::parse(ScenarioWriter::toJson(*scenario));
    QVERIFY2(parsed.ok(), parsed.errorText().c_str());
}

void TestEditorScenarioEditor::loadedScenarioReplacesTheTableUntilEditedAsBatches() {
    ScenarioEditor editor;
    Scenario loaded = *editor.generatedScenario();
    loaded.title = "from a file";
    loaded.schedule = SchedulePolicy::Spin;
    editor.loadScenario(loaded, QStringLiteral("file.syncscope.json"));
    QVERIFY(editor.hasLoadedScenario());
    QCOMPARE(editor.scenario()->title.en, std::string("from a file"));
    QCOMPARE(int(editor.schedule()), int(SchedulePolicy::Spin));
    QVERIFY(!editor.isModified());

    editor.editAsBatches();
    QVERIFY(!editor.hasLoadedScenario());
    // The batches table takes what it can of the loaded scenario, its title and kernels too.
    QCOMPARE(editor.scenario()->title, std::string("from a file"));
    QCOMPARE(kernelCount(editor.scenario()->program), kernelCount(loaded.program));
    QVERIFY(editor.isModified());
    editor.undoStack()->undo();
    QVERIFY(editor.hasLoadedScenario());
    QCOMPARE(editor.scenario()->title.en, std::string("from a file"));
}

// In the dock's 300 px the batches table lies on its side (a row per field, a column per line of
// batches); wide, a row per line. Either way a cell edits the same field with the same editor,
// and Add row copies the line of the current cell.
void TestEditorScenarioEditor::narrowTableTurnsOnItsSideAndEditsTheSameFields() {
    ScenarioEditor editor;
    auto* table = editor.findChild<BatchTableView*>(QStringLiteral("batchesTable"));
    QVERIFY(table);
    BatchTableModel* model = editor.batchModel();
    QVERIFY(model->setData(model->index(0, BatchTableModel::Streams), 3, Qt::EditRole));
    editor.resize(300, 900);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    QTRY_VERIFY(table->isTransposed());
    QCOMPARE(table->model()->rowCount(), model->columnCount());
    QCOMPARE(table->model()->columnCount(), model->rowCount());
    // The fields are named whole in the row headers.
    QCOMPARE(
        table->model()->headerData(BatchTableModel::Kernels, Qt::Vertical).toString(),
        model->headerData(BatchTableModel::Kernels, Qt::Horizontal, Qt::DisplayRole).toString());
    QStyleOptionViewItem option;
    const QModelIndex streams = table->model()->index(BatchTableModel::Streams, 0);
    std::unique_ptr<QWidget> spin(table->itemDelegate()->createEditor(table, option, streams));
    auto* streams_spin = qobject_cast<QSpinBox*>(spin.get());
    QVERIFY(streams_spin);
    QCOMPARE(streams_spin->maximum(), 8);
    table->itemDelegate()->setEditorData(streams_spin, streams);
    QCOMPARE(streams_spin->value(), 3);
    streams_spin->setValue(5);
    table->itemDelegate()->setModelData(streams_spin, table->model(), streams);
    QCOMPARE(model->rows().at(0).streams, 5);
    const QModelIndex kind = table->model()->index(BatchTableModel::Kind, 0);
    std::unique_ptr<QWidget> combo(table->itemDelegate()->createEditor(table, option, kind));
    QVERIFY(qobject_cast<QComboBox*>(combo.get()));
    // Add row copies the current line: the current cell's column on the side.
    table->setCurrentIndex(streams);
    QCOMPARE(table->currentBatchRow(), 0);
    auto* add = editor.findChild<QPushButton*>(QStringLiteral("addBatchRow"));
    QVERIFY(add);
    add->click();
    QCOMPARE(model->rowCount(), 2);
    QCOMPARE(model->rows().at(1).streams, 5);
    QCOMPARE(table->model()->columnCount(), 2);
    QCOMPARE(table->currentBatchRow(), 1);
    // Wide enough for the nine columns whole: a row per line again, the selection kept.
    editor.resize(table->wideLayoutWidth() * 2 + 100, 900);
    QTRY_VERIFY(!table->isTransposed());
    QCOMPARE(table->model(), static_cast<QAbstractItemModel*>(model));
    QCOMPARE(table->currentBatchRow(), 1);
}

QTEST_MAIN(TestEditorScenarioEditor)
#include "tst_editor_scenario_editor.moc"
