#include "ui/window/image_export_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>

#include "ui/export/image_exporter.h"
#include "ui/timeline/timeline_view.h"

namespace syncscope {

ImageExportDialog::ImageExportDialog(TimelineView* view, QWidget* parent)
    : QDialog(parent), view_(view) {
    setWindowTitle(tr("Export Image"));
    QSettings settings;
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    path_ = new QLineEdit(settings
                              .value(QStringLiteral("export/path"),
                                     QDir(dir).filePath(QStringLiteral("syncscope-timeline.png")))
                              .toString(),
                          this);
    auto* browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, &ImageExportDialog::browse);
    auto* path_row = new QHBoxLayout;
    path_row->addWidget(path_, 1);
    path_row->addWidget(browse);

    width_ = new QSpinBox(this);
    width_->setRange(200, 16000);
    width_->setSuffix(tr(" px"));
    width_->setValue(settings.value(QStringLiteral("export/width"), 1600).toInt());
    height_ = new QSpinBox(this);
    height_->setRange(150, 16000);
    height_->setSuffix(tr(" px"));
    height_->setValue(settings.value(QStringLiteral("export/height"), 900).toInt());
    auto* size_row = new QHBoxLayout;
    size_row->addWidget(width_);
    size_row->addWidget(new QLabel(QStringLiteral("×"), this));
    size_row->addWidget(height_);
    size_row->addStretch(1);

    scale_ = new QDoubleSpinBox(this);
    scale_->setRange(0.5, 4.0);
    scale_->setSingleStep(0.5);
    scale_->setValue(settings.value(QStringLiteral("export/scale"), 1.0).toDouble());
    scale_->setToolTip(
        tr("Pixel density of PNG/JPEG (2 = crisp on HiDPI projectors); the layout "
           "stays the same"));

    caption_ = new QCheckBox(tr("Caption"), this);
    caption_->setChecked(settings.value(QStringLiteral("export/caption"), true).toBool());
    caption_text_ = new QLineEdit(this);
    caption_text_->setPlaceholderText(tr("automatic: scenario, sync mode, engine, device, date"));
    connect(caption_, &QCheckBox::toggled, caption_text_, &QWidget::setEnabled);
    caption_text_->setEnabled(caption_->isChecked());
    legend_ = new QCheckBox(tr("Legend"), this);
    legend_->setChecked(settings.value(QStringLiteral("export/legend"), true).toBool());

    auto* form = new QFormLayout;
    form->addRow(tr("File"), path_row);
    form->addRow(tr("Size"), size_row);
    form->addRow(tr("Scale"), scale_);
    form->addRow(caption_, caption_text_);
    form->addRow(QString(), legend_);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &ImageExportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ImageExportDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

void ImageExportDialog::browse() {
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export Image"), path_->text(),
                                     tr("PNG image (*.png);;JPEG image (*.jpg *.jpeg);;SVG drawing "
                                        "(*.svg);;PDF document (*.pdf)"));
    if (!path.isEmpty())
        path_->setText(path);
}

ExportOptions ImageExportDialog::options() const {
    ExportOptions options;
    options.path = path_->text().trimmed();
    options.size = QSize(width_->value(), height_->value());
    options.scale = scale_->value();
    options.caption = caption_->isChecked();
    options.captionText = caption_text_->text().trimmed();
    options.legend = legend_->isChecked();
    return options;
}

void ImageExportDialog::accept() {
    const ExportOptions opts = options();
    QString error;
    if (opts.path.isEmpty()) {
        QMessageBox::warning(this, tr("Export Image"), tr("Choose a file to write."));
        return;
    }
    if (!ImageExporter::formatFor(opts.path, &error) ||
        !ImageExporter(*view_).exportTo(opts, &error)) {
        QMessageBox::warning(
            this, tr("Export Image"),
            tr("Could not export %1:\n%2").arg(QDir::toNativeSeparators(opts.path), error));
        return;
    }
    QSettings settings;
    settings.setValue(QStringLiteral("export/path"), opts.path);
    settings.setValue(QStringLiteral("export/width"), opts.size.width());
    settings.setValue(QStringLiteral("export/height"), opts.size.height());
    settings.setValue(QStringLiteral("export/scale"), opts.scale);
    settings.setValue(QStringLiteral("export/caption"), opts.caption);
    settings.setValue(QStringLiteral("export/legend"), opts.legend);
    QDialog::accept();
}

bool ImageExportDialog::copyToClipboard(TimelineView* view, QString* error) {
    ExportOptions options;
    options.size = view->size().expandedTo(QSize(800, 450));
    return ImageExporter(*view).copyToClipboard(options, error);
}

}  // namespace syncscope
