// MainWindow: File ▸ Save Trace, Export Perfetto/Chrome JSON and Export CSV — the same writers as
// `syncscope-cli import`, `export-chrome` and `export-csv`, run as a job with a progress dialog.
// The rest of the class is in main_window.cpp.
#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QProgressDialog>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>

#include "ui/window/main_window.h"

namespace syncscope {

namespace {

const QString kLastFolderKey = QStringLiteral("files/lastFolder");

}  // namespace

void MainWindow::buildTraceActions() {
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

    connect(saver_, &TraceSaver::progressChanged, this, [this](qint64 bytes, double fraction) {
        if (!save_progress_)
            return;
        if (fraction >= 0.0) {
            save_progress_->setRange(0, 1000);
            save_progress_->setValue(int(fraction * 1000));
        }
        save_progress_->setLabelText(tr("Writing %1… %2 written")
                                         .arg(save_progress_->property("file").toString(),
                                              QLocale().formattedDataSize(bytes)));
    });
    connect(saver_, &TraceSaver::saved, this,
            [this](const QString& path) { onTraceWriteEnded(path, QString(), false); });
    connect(saver_, &TraceSaver::cancelled, this,
            [this](const QString& path) { onTraceWriteEnded(path, QString(), true); });
    connect(saver_, &TraceSaver::failed, this, [this](const QString& path, const QString& error) {
        onTraceWriteEnded(path, error, false);
    });
}

QString MainWindow::lastFolder() const {
    const QString folder = QSettings().value(kLastFolderKey).toString();
    if (!folder.isEmpty() && QFileInfo(folder).isDir())
        return folder;
    return QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
}

void MainWindow::rememberFolder(const QString& file) const {
    QSettings().setValue(kLastFolderKey, QFileInfo(file).absolutePath());
}

void MainWindow::saveTraceDialog(TraceFormat format) {
    if (!trace_ || trace_->events.empty())
        return;
    const QString titles[] = {tr("Save Trace"), tr("Export Perfetto/Chrome JSON"),
                              tr("Export CSV")};
    // A name from the title, in the folder used last.
    QString base = QString::fromStdString(trace_->title.empty() ? "trace" : trace_->title);
    base.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_.-]+")), QStringLiteral("-"));
    const QString suggested = QDir(lastFolder()).filePath(base + TraceSaver::suffix(format));
    QString path = QFileDialog::getSaveFileName(this, titles[int(format)], suggested,
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

bool MainWindow::saveTraceTo(const QString& path, TraceFormat format) {
    if (!trace_ || trace_->events.empty())
        return false;
    rememberFolder(path);
    const QString name = QFileInfo(path).fileName();
    if (!save_progress_) {
        // Shown only when the write takes a while; small traces are done before it would appear.
        save_progress_ = new QProgressDialog(this);
        save_progress_->setObjectName(QStringLiteral("saveTraceProgress"));
        save_progress_->setWindowTitle(tr("Writing trace"));
        save_progress_->setWindowModality(Qt::WindowModal);
        save_progress_->setMinimumDuration(500);
        save_progress_->setAutoClose(false);
        save_progress_->setAutoReset(false);
        connect(save_progress_, &QProgressDialog::canceled, saver_, &TraceSaver::cancel);
    }
    save_progress_->setProperty("file", name);
    save_progress_->setRange(0, 0);  // bytes only, until the writer knows a fraction
    save_progress_->setLabelText(tr("Writing %1…").arg(name));
    save_progress_->setValue(0);
    // The trace is shared, not copied: the job reads the one on screen while the window goes on.
    saver_->start(trace_, path, format);
    statusBar()->showMessage(tr("Writing %1…").arg(QDir::toNativeSeparators(path)));
    return true;
}

void MainWindow::onTraceWriteEnded(const QString& path, const QString& error, bool cancelled) {
    if (save_progress_)
        save_progress_->reset();
    const QString shown = QDir::toNativeSeparators(path);
    if (cancelled) {
        statusBar()->showMessage(tr("Writing %1 cancelled; nothing was changed").arg(shown), 8000);
    } else if (error.isEmpty()) {
        statusBar()->showMessage(tr("Wrote %1").arg(shown), 8000);
    } else {
        statusBar()->showMessage(tr("Could not write %1").arg(QFileInfo(path).fileName()), 8000);
        showError(tr("Cannot write trace"), error);
    }
}

}  // namespace syncscope
