#pragma once

#include <QString>
#include <QWidget>
#include <optional>

#include "core/model/scenario.h"
#include "ui/editor/batch_editor_state.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QUndoStack;
class QFrame;

namespace syncscope {

class BatchTableModel;
class BatchTableView;
class StepTableEditor;
class StepTableModel;
class SyncModePicker;

// The scenario half of the left pane (docs/architecture.md section 5): batches table, sync mode
// with its explanation, placement and schedule policy. It either generates a scenario from the
// table (the simple view) or holds a scenario loaded from a file or the library. The run controls
// below it are RunPanel's.
class ScenarioEditor final : public QWidget {
    Q_OBJECT
public:
    explicit ScenarioEditor(QWidget* parent = nullptr);
    ~ScenarioEditor() override;

    // What Run runs: the loaded scenario, or the one generated from the table; either way with
    // the schedule policy picked here. Nullopt with `error` set when the table cannot generate.
    std::optional<Scenario> scenario(QString* error = nullptr) const;
    // The scenario the table describes.
    std::optional<Scenario> generatedScenario(QString* error = nullptr) const;
    BatchEditorState batchState() const;
    bool hasLoadedScenario() const { return loaded_.has_value(); }
    QString loadedSource() const { return loaded_source_; }
    // The batches' title as typed (the Title field), trimmed.
    QString batchesTitle() const;

    // Shows a scenario from a file or the library in the step table; the undo history starts
    // over. Its steps are edited there (undoable), and Run runs the edited program.
    void loadScenario(const Scenario& scenario, const QString& source);
    // Back to the batches table (undoable), with what of the loaded scenario it can hold; what it
    // cannot is listed under the table (conversionNote()).
    void editAsBatches();
    QString conversionNote() const;

    QUndoStack* undoStack() const { return undo_; }
    BatchTableModel* batchModel() const { return model_; }
    StepTableModel* stepModel() const { return steps_; }
    StepTableEditor* stepEditor() const { return step_editor_; }
    SyncModePicker* syncModePicker() const { return picker_; }
    bool isModified() const;
    void markSaved();

    SyncPlacement placement() const;
    void setPlacement(SyncPlacement placement);  // undoable
    SchedulePolicy schedule() const;
    void setSchedule(SchedulePolicy policy);  // undoable
    void setSyncMode(SyncMode mode);          // undoable

    // Whether Run has something to run: a loaded scenario, or a table that generates one.
    bool canRun() const;

protected:
    void resizeEvent(QResizeEvent* event) override;

signals:
    void scenarioChanged();
    // canRun() changed, or may have.
    void runnableChanged(bool runnable);

private:
    QWidget* buildBatchesGroup();
    QWidget* buildSyncGroup();
    QWidget* buildScheduleGroup();
    void pushChoice(const QString& text, QComboBox* combo, int before, int after);
    void showLoaded();
    void fitLoadedLabel();
    void showGenerationError();
    void setLoadedState(const std::optional<Scenario>& loaded, const QString& source);
    void applyBatchState(const BatchEditorState& state);
    void setConversionNote(const QStringList& lost);
    // The loaded scenario with the program as edited; nullopt and `error` when it is not valid.
    std::optional<Scenario> editedScenario(QString* error) const;

    QUndoStack* undo_;
    BatchTableModel* model_;
    BatchTableView* table_ = nullptr;
    QLineEdit* title_ = nullptr;
    QLabel* generation_error_ = nullptr;
    QFrame* loaded_banner_ = nullptr;
    StepTableModel* steps_ = nullptr;
    StepTableEditor* step_editor_ = nullptr;
    QWidget* steps_group_ = nullptr;
    QLabel* conversion_note_ = nullptr;
    QLabel* loaded_label_ = nullptr;
    // The program as loaded: steps that differ from it make the explanation out of date.
    std::vector<Step> loaded_program_;
    QWidget* batches_group_ = nullptr;
    QWidget* sync_group_ = nullptr;
    SyncModePicker* picker_ = nullptr;
    QComboBox* placement_ = nullptr;
    QComboBox* schedule_ = nullptr;

    std::optional<Scenario> loaded_;
    QString loaded_source_;
    QString title_before_;
};

}  // namespace syncscope
