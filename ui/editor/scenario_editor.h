#pragma once

#include <QString>
#include <QWidget>
#include <optional>

#include "core/model/scenario.h"
#include "ui/editor/batch_editor_state.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableView;
class QUndoStack;
class QFrame;

namespace syncscope {

class BatchTableModel;
class SyncModePicker;

// The left pane (DESIGN.md §5): batches table, sync mode with its explanation, placement,
// schedule policy, engine, Run / Cancel and progress. It either generates a scenario from the
// table (the simple view) or holds a scenario loaded from a file or the library.
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

    // Shows a scenario from a file or the library; the undo history starts over.
    void loadScenario(const Scenario& scenario, const QString& source);
    // Back to the table (undoable).
    void editAsBatches();

    QUndoStack* undoStack() const { return undo_; }
    BatchTableModel* batchModel() const { return model_; }
    SyncModePicker* syncModePicker() const { return picker_; }
    bool isModified() const;
    void markSaved();

    SyncPlacement placement() const;
    void setPlacement(SyncPlacement placement);  // undoable
    SchedulePolicy schedule() const;
    void setSchedule(SchedulePolicy policy);  // undoable
    void setSyncMode(SyncMode mode);          // undoable

    QString engineId() const;  // "auto", "cuda", "sim"
    void setEngineId(const QString& id);
    // What the engine line says about the CUDA engine ("NVIDIA H200" or why it is unavailable).
    void setCudaAvailability(bool available, const QString& text);

    void setRunning(bool running);
    void setProgress(double fraction, const QString& phase);
    // The run ended: the progress bar keeps its value and says how it ended.
    void setFinished(const QString& text);

signals:
    void runRequested();
    void cancelRequested();
    void engineChanged(const QString& id);
    void scenarioChanged();

private:
    QWidget* buildBatchesGroup();
    QWidget* buildSyncGroup();
    QWidget* buildRunGroup();
    void pushChoice(const QString& text, QComboBox* combo, int before, int after);
    void showLoaded();
    void showGenerationError();
    void setLoadedState(const std::optional<Scenario>& loaded, const QString& source);

    QUndoStack* undo_;
    BatchTableModel* model_;
    QTableView* table_ = nullptr;
    QLineEdit* title_ = nullptr;
    QLabel* generation_error_ = nullptr;
    QFrame* loaded_banner_ = nullptr;
    QLabel* loaded_label_ = nullptr;
    QWidget* batches_group_ = nullptr;
    QWidget* sync_group_ = nullptr;
    SyncModePicker* picker_ = nullptr;
    QComboBox* placement_ = nullptr;
    QComboBox* schedule_ = nullptr;
    QComboBox* engine_ = nullptr;
    QLabel* engine_status_ = nullptr;
    QPushButton* run_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QString cuda_text_;
    bool cuda_available_ = false;

    std::optional<Scenario> loaded_;
    QString loaded_source_;
    QString title_before_;
};

}  // namespace syncscope
