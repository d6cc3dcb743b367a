#include "ui/editor/scenario_editor.h"

#include <QComboBox>
#include <QFormLayout>
#include <QFrame>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>
#include <memory>

#include "core/scenario/scenario_reader.h"
#include "core/scenario/scenario_writer.h"
#include "ui/editor/batch_conversion.h"
#include "ui/editor/batch_table_model.h"
#include "ui/editor/batch_table_view.h"
#include "ui/editor/edit_commands.h"
#include "ui/editor/step_table_editor.h"
#include "ui/editor/step_table_model.h"
#include "ui/editor/sync_mode_picker.h"
#include "ui/i18n/ui_language.h"

namespace syncscope {

namespace {

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

QList<BatchRow> defaultRows() {
    BatchRow row;
    row.batches = 4;
    row.kernels = 4;
    row.streams = 2;
    row.duration_us = 200;
    return {row};
}

}  // namespace

// QWidget's destructor deletes the children after this class is gone; a child that emits on its
// way out (a model, the undo stack) must not reach our slots then (UBSan: downcast of a QWidget).
ScenarioEditor::~ScenarioEditor() {
    for (QObject* child : findChildren<QObject*>())
        child->disconnect(this);
}

ScenarioEditor::ScenarioEditor(QWidget* parent)
    : QWidget(parent),
      undo_(new QUndoStack(this)),
      model_(new BatchTableModel(undo_, this)),
      steps_(new StepTableModel(undo_, this)) {
    model_->setRows(defaultRows());

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);

    loaded_banner_ = new QFrame(this);
    loaded_banner_->setObjectName(QStringLiteral("loadedBanner"));
    loaded_banner_->setFrameShape(QFrame::StyledPanel);
    auto* banner_layout = new QVBoxLayout(loaded_banner_);
    loaded_label_ = new QLabel(loaded_banner_);
    loaded_label_->setWordWrap(true);
    loaded_label_->setTextFormat(Qt::RichText);
    auto* edit_button = new QPushButton(tr("Edit as batches"), loaded_banner_);
    edit_button->setObjectName(QStringLiteral("editAsBatches"));
    edit_button->setToolTip(
        tr("Turn the loaded scenario into the simple batches table; what the table cannot "
           "hold is listed"));
    banner_layout->addWidget(loaded_label_);
    banner_layout->addWidget(edit_button, 0, Qt::AlignRight);
    loaded_banner_->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    connect(edit_button, &QPushButton::clicked, this, &ScenarioEditor::editAsBatches);
    loaded_banner_->hide();

    layout->addWidget(loaded_banner_);
    auto* steps_group = new QGroupBox(tr("Steps"), this);
    auto* steps_layout = new QVBoxLayout(steps_group);
    // The step table's columns need every pixel of a narrow dock more than the group needs air.
    steps_layout->setContentsMargins(3, 3, 3, 3);
    step_editor_ = new StepTableEditor(steps_, steps_group);
    steps_layout->addWidget(step_editor_);
    steps_group_ = steps_group;
    steps_group_->hide();
    layout->addWidget(steps_group_, 1);
    batches_group_ = buildBatchesGroup();
    layout->addWidget(batches_group_, 1);
    sync_group_ = buildSyncGroup();
    layout->addWidget(sync_group_);
    layout->addWidget(buildScheduleGroup());
    // Takes the room the batches table leaves when a loaded scenario hides it.
    layout->addStretch(0);

    connect(undo_, &QUndoStack::indexChanged, this, &ScenarioEditor::scenarioChanged);
    // The banner counts the steps as edited.
    connect(steps_, &QAbstractItemModel::modelReset, this, &ScenarioEditor::showLoaded);
    // ... and says when the steps no longer are the ones its explanation describes.
    connect(undo_, &QUndoStack::indexChanged, this, &ScenarioEditor::showLoaded);
    connect(this, &ScenarioEditor::scenarioChanged, this, &ScenarioEditor::showGenerationError);
}

QString ScenarioEditor::batchesTitle() const {
    return title_->text().trimmed();
}

QWidget* ScenarioEditor::buildBatchesGroup() {
    auto* group = new QGroupBox(tr("Batches"), this);
    auto* layout = new QVBoxLayout(group);

    title_ = new QLineEdit(tr("My batches"), group);
    title_->setObjectName(QStringLiteral("scenarioTitle"));
    title_->setPlaceholderText(tr("Scenario title"));
    title_before_ = title_->text();
    connect(title_, &QLineEdit::editingFinished, this, [this] {
        const QString after = title_->text();
        if (after == title_before_)
            return;
        auto apply = [this](const QVariant& v) {
            title_before_ = v.toString();
            if (title_->text() != title_before_)
                title_->setText(title_before_);
        };
        undo_->push(new SetChoiceCommand(tr("rename scenario"), apply, title_before_, after));
    });
    auto* title_row = new QFormLayout;
    title_row->addRow(tr("Title"), title_);
    layout->addLayout(title_row);

    table_ = new BatchTableView(model_, group);
    table_->setObjectName(QStringLiteral("batchesTable"));
    layout->addWidget(table_, 1);

    generation_error_ = new QLabel(group);
    generation_error_->setObjectName(QStringLiteral("generationError"));
    generation_error_->setWordWrap(true);
    generation_error_->setStyleSheet(QStringLiteral("color: #c62828;"));
    generation_error_->hide();
    layout->addWidget(generation_error_);

    conversion_note_ = new QLabel(group);
    conversion_note_->setObjectName(QStringLiteral("conversionNote"));
    conversion_note_->setWordWrap(true);
    conversion_note_->hide();
    layout->addWidget(conversion_note_);

    auto* buttons = new QHBoxLayout;
    auto* add = new QPushButton(tr("Add row"), group);
    add->setObjectName(QStringLiteral("addBatchRow"));
    auto* remove = new QPushButton(tr("Remove row"), group);
    remove->setObjectName(QStringLiteral("removeBatchRow"));
    add->setToolTip(tr("Add a row of batches (a copy of the selected row)"));
    connect(add, &QPushButton::clicked, this, [this] {
        const int current = table_->currentBatchRow();
        BatchRow row = current >= 0 ? model_->rows().at(current) : BatchRow{};
        model_->addRow(row);
        table_->selectBatchRow(model_->rowCount() - 1);
    });
    connect(remove, &QPushButton::clicked, this, [this] {
        const int current = table_->currentBatchRow();
        model_->removeRow(current >= 0 ? current : model_->rowCount() - 1);
    });
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    return group;
}

QWidget* ScenarioEditor::buildSyncGroup() {
    auto* group = new QGroupBox(tr("Synchronization"), this);
    auto* form = new QFormLayout(group);
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);

    picker_ = new SyncModePicker(group);
    connect(picker_, &SyncModePicker::modeChosen, this, [this](SyncMode before, SyncMode after) {
        auto apply = [this](const QVariant& v) { picker_->setMode(SyncMode(v.toInt())); };
        // The picker already shows `after`; the command's first redo re-applies it harmlessly.
        undo_->push(new SetChoiceCommand(tr("choose sync mode"), apply, int(before), int(after)));
    });
    form->addRow(tr("Sync mode"), picker_);

    placement_ = new QComboBox(group);
    placement_->setObjectName(QStringLiteral("placementCombo"));
    placement_->addItem(tr("after each kernel"), int(SyncPlacement::AfterEachKernel));
    placement_->addItem(tr("after each batch"), int(SyncPlacement::AfterEachBatch));
    placement_->addItem(tr("at the end"), int(SyncPlacement::AtEnd));
    placement_->setCurrentIndex(1);
    placement_->setProperty("last", 1);
    connect(placement_, &QComboBox::activated, this, [this](int index) {
        pushChoice(tr("choose placement"), placement_, placement_->property("last").toInt(), index);
    });
    form->addRow(tr("Placement"), placement_);
    return group;
}

QWidget* ScenarioEditor::buildScheduleGroup() {
    // The schedule belongs to the scenario (it is saved with it), not to the run controls.
    auto* group = new QGroupBox(tr("Host waits"), this);
    auto* form = new QFormLayout(group);

    schedule_ = new QComboBox(group);
    schedule_->setObjectName(QStringLiteral("scheduleCombo"));
    const std::pair<SchedulePolicy, QString> policies[] = {
        {SchedulePolicy::Auto, tr("auto (spin, then yield)")},
        {SchedulePolicy::Spin, tr("spin (cudaDeviceScheduleSpin)")},
        {SchedulePolicy::Yield, tr("yield (cudaDeviceScheduleYield)")},
        {SchedulePolicy::BlockingSync, tr("blocking sync (sleep)")}};
    for (const auto& [policy, label] : policies)
        schedule_->addItem(label, int(policy));
    schedule_->setProperty("last", 0);
    schedule_->setToolTip(
        tr("How a waiting host thread waits: it changes wake-up latency and the "
           "CPU burnt while waiting"));
    connect(schedule_, &QComboBox::activated, this, [this](int index) {
        pushChoice(tr("choose schedule policy"), schedule_, schedule_->property("last").toInt(),
                   index);
    });
    form->addRow(tr("Schedule"), schedule_);

    return group;
}

void ScenarioEditor::pushChoice(const QString& text, QComboBox* combo, int before, int after) {
    if (before == after)
        return;
    auto apply = [combo](const QVariant& v) {
        combo->setCurrentIndex(v.toInt());
        combo->setProperty("last", v.toInt());
    };
    undo_->push(new SetChoiceCommand(text, apply, before, after));
}

BatchEditorState ScenarioEditor::batchState() const {
    BatchEditorState state;
    state.title = title_->text().trimmed();
    state.rows = model_->rows();
    state.mode = picker_->mode();
    state.placement = placement();
    state.schedule = schedule();
    return state;
}

std::optional<Scenario> ScenarioEditor::generatedScenario(QString* error) const {
    return batchState().toScenario(error);
}

std::optional<Scenario> ScenarioEditor::editedScenario(QString* error) const {
    Scenario edited = *loaded_;
    edited.program = steps_->program();
    // The file format's own checks, by a round trip: the same rules, the same messages (with the
    // step's path) as a scenario file that says the same.
    ScenarioParseResult checked = ScenarioReader::parse(ScenarioWriter::toJson(edited));
    if (!checked.ok()) {
        if (error)
            *error = QString::fromStdString(checked.errorText());
        return std::nullopt;
    }
    return std::move(checked.scenario);
}

std::optional<Scenario> ScenarioEditor::scenario(QString* error) const {
    std::optional<Scenario> s = loaded_ ? editedScenario(error) : generatedScenario(error);
    if (s)
        s->schedule = schedule();
    return s;
}

void ScenarioEditor::setLoadedState(const std::optional<Scenario>& loaded, const QString& source) {
    loaded_ = loaded;
    loaded_source_ = loaded ? source : QString();
    if (loaded)
        steps_->setScenario(*loaded);
    loaded_program_ = loaded ? steps_->program() : std::vector<Step>{};
    showLoaded();
    emit scenarioChanged();
}

void ScenarioEditor::loadScenario(const Scenario& scenario, const QString& source) {
    setLoadedState(scenario, source);
    const int policy = schedule_->findData(int(scenario.schedule));
    schedule_->setCurrentIndex(policy);
    schedule_->setProperty("last", policy);
    undo_->clear();
    undo_->setClean();
}

void ScenarioEditor::editAsBatches() {
    if (!loaded_)
        return;
    Scenario current = *loaded_;
    current.program = steps_->program();
    struct Held {
        Scenario scenario;
        QString source;
        BatchEditorState before;
        BatchConversion conversion;
    };
    const BatchEditorState before = batchState();
    auto held = std::make_shared<Held>(
        Held{current, loaded_source_, before, BatchConversion::fromScenario(current, before)});
    auto apply = [this, held](const QVariant& v) {
        if (v.toBool()) {
            applyBatchState(held->before);
            setConversionNote({});
            setLoadedState(held->scenario, held->source);
        } else {
            setLoadedState(std::nullopt, {});
            applyBatchState(held->conversion.state);
            setConversionNote(held->conversion.lost);
        }
    };
    undo_->push(new SetChoiceCommand(tr("edit as batches"), apply, true, false));
}

void ScenarioEditor::applyBatchState(const BatchEditorState& state) {
    title_before_ = state.title;
    title_->setText(state.title);
    model_->setRows(state.rows);
    picker_->setMode(state.mode);
    const int placement = placement_->findData(int(state.placement));
    placement_->setCurrentIndex(placement);
    placement_->setProperty("last", placement);
    const int policy = schedule_->findData(int(state.schedule));
    schedule_->setCurrentIndex(policy);
    schedule_->setProperty("last", policy);
}

void ScenarioEditor::setConversionNote(const QStringList& lost) {
    QString text;
    if (!lost.isEmpty())
        text = tr("The batches table cannot hold everything the scenario had; not converted:") +
               QStringLiteral("\n• ") + lost.join(QStringLiteral("\n• "));
    conversion_note_->setText(text);
    conversion_note_->setVisible(!text.isEmpty());
}

QString ScenarioEditor::conversionNote() const {
    return conversion_note_->isHidden() ? QString() : conversion_note_->text();
}

void ScenarioEditor::showLoaded() {
    loaded_banner_->setVisible(loaded_.has_value());
    steps_group_->setVisible(loaded_.has_value());
    batches_group_->setVisible(!loaded_.has_value());
    sync_group_->setVisible(!loaded_.has_value());
    if (!loaded_)
        return;
    const std::vector<Step>& program = steps_->program();
    const std::size_t steps = expandedStepCount(program);
    const std::size_t streams = loaded_->streams.size();
    const QString counts = (streams == 1 ? tr("1 stream") : tr("%1 streams").arg(streams)) +
                           QStringLiteral(" · ") +
                           (steps == 1 ? tr("1 step") : tr("%1 steps").arg(steps));
    // The explanation was written for the steps as loaded; after an edit it may no longer hold.
    const QString edited =
        program == loaded_program_
            ? QString()
            : QStringLiteral("<p><i>%1</i></p>")
                  .arg(tr("Edited: the explanation below describes the scenario as it was "
                          "loaded, not these steps.")
                           .toHtmlEscaped());
    loaded_label_->setText(
        QStringLiteral("<b>%1</b><br/><small>%2 · %3</small>%4<p>%5</p>")
            .arg(qs(loaded_->title.in(UiLanguage::current())).toHtmlEscaped(),
                 loaded_source_.toHtmlEscaped(), counts, edited,
                 qs(loaded_->explanation.in(UiLanguage::current())).toHtmlEscaped()));
    fitLoadedLabel();
}

void ScenarioEditor::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitLoadedLabel();
}

// A word-wrapped label in a scroll area gets the height of its text at some other width, and the
// explanation was cut off mid-sentence in a narrow dock: its height follows its width instead.
void ScenarioEditor::fitLoadedLabel() {
    if (loaded_banner_->isHidden() || loaded_label_->width() <= 0)
        return;
    if (const int h = loaded_label_->heightForWidth(loaded_label_->width()); h > 0)
        loaded_label_->setMinimumHeight(h);
}

void ScenarioEditor::showGenerationError() {
    QString error;
    if (loaded_) {
        const bool runs = editedScenario(&error).has_value();
        step_editor_->setProblem(runs ? QString() : tr("These steps cannot run: %1").arg(error));
        emit runnableChanged(runs);
        return;
    }
    const bool ok = generatedScenario(&error).has_value();
    generation_error_->setText(ok ? QString() : tr("Cannot generate a scenario: %1").arg(error));
    generation_error_->setVisible(!ok);
    emit runnableChanged(ok);
}

bool ScenarioEditor::canRun() const {
    return loaded_ ? editedScenario(nullptr).has_value() : generatedScenario().has_value();
}

bool ScenarioEditor::isModified() const {
    return !undo_->isClean();
}
void ScenarioEditor::markSaved() {
    undo_->setClean();
}

SyncPlacement ScenarioEditor::placement() const {
    return SyncPlacement(placement_->currentData().toInt());
}

void ScenarioEditor::setPlacement(SyncPlacement placement) {
    pushChoice(tr("choose placement"), placement_, placement_->currentIndex(),
               placement_->findData(int(placement)));
}

SchedulePolicy ScenarioEditor::schedule() const {
    return SchedulePolicy(schedule_->currentData().toInt());
}

void ScenarioEditor::setSchedule(SchedulePolicy policy) {
    pushChoice(tr("choose schedule policy"), schedule_, schedule_->currentIndex(),
               schedule_->findData(int(policy)));
}

void ScenarioEditor::setSyncMode(SyncMode mode) {
    const SyncMode before = picker_->mode();
    if (before == mode)
        return;
    auto apply = [this](const QVariant& v) { picker_->setMode(SyncMode(v.toInt())); };
    undo_->push(new SetChoiceCommand(tr("choose sync mode"), apply, int(before), int(mode)));
}

}  // namespace syncscope
