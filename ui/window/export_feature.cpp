#include "ui/window/export_feature.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QProgressDialog>
#include <QRegularExpression>
#include <QStatusBar>

#include "ui/window/files_feature.h"
#include "ui/window/image_export_dialog.h"
#include "ui/window/main_window.h"

namespace syncscope {

ExportFeature::ExportFeature(MainWindow& window) : QObject(&window), window_(window) {
    saver_ = new TraceSaver(this);
    // Ctrl+S is Save Scenario and Ctrl+E Export Image: the trace's own files take their Alt and
    // Shift neighbours.
    save_trace_ = new QAction(tr("Save &Trace…"), this);
    save_trace_->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_S));
    save_trace_->setStatusTip(
        tr("Save the trace on screen as a syncscope trace (.syncscope.json, .json.gz), "
           "with the scenario that ran"));
    connect(save_trace_, &QAction::triggered, this,
            [this] { saveTraceDialog(TraceFormat::Native); });

    export_chrome_ = new QAction(tr("Export &Perfetto/Chrome JSON…"), this);
    export_chrome_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    export_chrome_->setStatusTip(
        tr("Chrome Trace Event JSON that ui.perfetto.dev and chrome://tracing open"));
    connect(export_chrome_, &QAction::triggered, this,
            [this] { saveTraceDialog(TraceFormat::Chrome); });

    export_csv_ = new QAction(tr("Export C&SV…"), this);
    export_csv_->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_E));
    export_csv_->setStatusTip(tr("One row per event, for a spreadsheet or pandas"));
    connect(export_csv_, &QAction::triggered, this, [this] { saveTraceDialog(TraceFormat::Csv); });

    export_image_ = new QAction(tr("&Export Image…"), this);
    export_image_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(export_image_, &QAction::triggered, this, &ExportFeature::exportImage);

    copy_image_ = new QAction(tr("&Copy Image"), this);
    copy_image_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    connect(copy_image_, &QAction::triggered, this, &ExportFeature::copyImage);

    connect(saver_, &TraceSaver::progressChanged, this, [this](qint64 bytes, double fraction) {
        if (!progress_)
            return;
        if (fraction >= 0.0) {
            progress_->setRange(0, 1000);
            progress_->setValue(int(fraction * 1000));
        }
        progress_->setLabelText(
            tr("Writing %1… %2 written")
                .arg(progress_->property("file").toString(), QLocale().formattedDataSize(bytes)));
    });
    connect(saver_, &TraceSaver::saved, this,
            [this](const QString& path) { onWriteEnded(path, QString(), false); });
    connect(saver_, &TraceSaver::cancelled, this,
            [this](const QString& path) { onWriteEnded(path, QString(), true); });
    connect(saver_, &TraceSaver::failed, this, [this](const QString& path, const QString& error) {
        onWriteEnded(path, error, false);
    });
}

bool ExportFeature::hasTrace() const {
    const auto trace = window_.currentTrace();
    return trace && !trace->events.empty();
}

void ExportFeature::updateActions(bool has_trace, bool running) {
    export_image_->setEnabled(has_trace);
    copy_image_->setEnabled(has_trace);
    for (QAction* action : {save_trace_, export_chrome_, export_csv_})
        action->setEnabled(has_trace && !running);
}

void ExportFeature::saveTraceDialog(TraceFormat format) {
    if (!hasTrace())
        return;
    const QString titles[] = {tr("Save Trace"), tr("Export Perfetto/Chrome JSON"),
                              tr("Export CSV")};
    // A name from the title, in the folder used last.
    const std::string& title = window_.currentTrace()->title;
    QString base = QString::fromStdString(title.empty() ? "trace" : title);
    base.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_.-]+")), QStringLiteral("-"));
    const QString suggested =
        QDir(FilesFeature::lastFolder()).filePath(base + TraceSaver::suffix(format));
    QString path = QFileDialog::getSaveFileName(&window_, titles[int(format)], suggested,
                                                TraceSaver::filter(format));
    if (path.isEmpty())
        return;
    const bool has_suffix = format == TraceFormat::Csv
                                ? path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive)
                                : path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive) ||
                                      path.endsWith(QLatin1String(".gz"), Qt::CaseInsensitive);
    if (!has_suffix)
        path += TraceSaver::suffix(format);
    saveTraceTo(path, format);
}

bool ExportFeature::saveTraceTo(const QString& path, TraceFormat format) {
    if (!hasTrace())
        return false;
    FilesFeature::rememberFolder(path);
    const QString name = QFileInfo(path).fileName();
    if (!progress_) {
        // Shown only when the write takes a while; small traces are done before it would appear.
        progress_ = new QProgressDialog(&window_);
        progress_->setObjectName(QStringLiteral("saveTraceProgress"));
        progress_->setWindowTitle(tr("Writing trace"));
        progress_->setWindowModality(Qt::WindowModal);
        progress_->setMinimumDuration(500);
        progress_->setAutoClose(false);
        progress_->setAutoReset(false);
        connect(progress_, &QProgressDialog::canceled, saver_, &TraceSaver::cancel);
    }
    progress_->setProperty("file", name);
    progress_->setRange(0, 0);  // bytes only, until the writer knows a fraction
    progress_->setLabelText(tr("Writing %1…").arg(name));
    progress_->setValue(0);
    // The trace is shared, not copied: the job reads the one on screen while the window goes on.
    saver_->start(window_.currentTrace(), path, format);
    window_.statusBar()->showMessage(tr("Writing %1…").arg(QDir::toNativeSeparators(path)));
    return true;
}

void ExportFeature::onWriteEnded(const QString& path, const QString& error, bool cancelled) {
    if (progress_)
        progress_->reset();
    const QString shown = QDir::toNativeSeparators(path);
    QStatusBar* bar = window_.statusBar();
    if (cancelled) {
        bar->showMessage(tr("Writing %1 cancelled; nothing was changed").arg(shown), 8000);
    } else if (error.isEmpty()) {
        bar->showMessage(tr("Wrote %1").arg(shown), 8000);
    } else {
        bar->showMessage(tr("Could not write %1").arg(QFileInfo(path).fileName()), 8000);
        window_.showError(tr("Cannot write trace"), error);
    }
}

void ExportFeature::exportImage() {
    if (!hasTrace())
        return;
    ImageExportDialog dialog(window_.timeline(), &window_);
    dialog.exec();
}

void ExportFeature::copyImage() {
    if (!hasTrace())
        return;
    QString error;
    if (!ImageExportDialog::copyToClipboard(window_.timeline(), &error))
        window_.showError(tr("Cannot copy image"), error);
    else
        window_.statusBar()->showMessage(tr("Timeline image copied to the clipboard"), 4000);
}

}  // namespace syncscope
