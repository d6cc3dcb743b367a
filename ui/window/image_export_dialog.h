#pragma once

#include <QDialog>

#include "ui/export/export_options.h"

class QCheckBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

namespace syncscope {

class TimelineView;

// File > Export Image…: file, size, scale, caption and legend for the current timeline view. The
// picture is written when the dialog is accepted; a failure shows which file and why.
class ImageExportDialog final : public QDialog {
    Q_OBJECT
public:
    ImageExportDialog(TimelineView* view, QWidget* parent = nullptr);

    ExportOptions options() const;
    void accept() override;

    // Edit > Copy Image: the current view at its on-screen size, with caption and legend.
    static bool copyToClipboard(TimelineView* view, QString* error);

private:
    void browse();

    TimelineView* view_;
    QLineEdit* path_;
    QSpinBox* width_;
    QSpinBox* height_;
    QDoubleSpinBox* scale_;
    QCheckBox* caption_;
    QLineEdit* caption_text_;
    QCheckBox* legend_;
};

}  // namespace syncscope
