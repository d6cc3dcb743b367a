#pragma once

#include <QWidget>

#include "core/model/sync_mode.h"

class QComboBox;
class QLabel;

namespace syncscope {

// Picks a sync mode of the catalogue and shows what it means: the explanation, the CUDA call, the
// PyTorch equivalent, who blocks and what it waits for (docs/architecture.md section 4: the
// catalogue is the UI).
class SyncModePicker final : public QWidget {
    Q_OBJECT
public:
    explicit SyncModePicker(QWidget* parent = nullptr);

    SyncMode mode() const;
    // Does not emit modeChosen (used by undo/redo and loading).
    void setMode(SyncMode mode);
    // The text shown under the combo box (rich text), for tests and tooltips.
    QString explanationText() const;

    // The catalogue entry as a short HTML block (also used by Help > Sync modes).
    static QString describe(const SyncModeInfo& info);

signals:
    // The user picked a mode (before = the previous one, for the undo stack).
    void modeChosen(syncscope::SyncMode before, syncscope::SyncMode after);

private:
    void showExplanation();

    QComboBox* combo_;
    QLabel* explanation_;
    SyncMode current_ = SyncMode::Device;
};

}  // namespace syncscope
