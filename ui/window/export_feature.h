#pragma once

#include <QObject>

#include "ui/files/trace_saver.h"

class QAction;
class QProgressDialog;

namespace syncscope {

class MainWindow;

// The window's exports (docs/architecture.md section 5): File ▸ Save Trace, Export Perfetto/Chrome
// JSON and Export CSV (the writers of `syncscope-cli import`, `export-chrome` and `export-csv`,
// run as a job with a progress dialog), Export Image and Copy Image.
class ExportFeature final : public QObject {
    Q_OBJECT
public:
    explicit ExportFeature(MainWindow& window);

    TraceSaver* saver() const { return saver_; }
    QAction* saveTraceAction() const { return save_trace_; }
    QAction* exportChromeAction() const { return export_chrome_; }
    QAction* exportCsvAction() const { return export_csv_; }
    QAction* exportImageAction() const { return export_image_; }
    QAction* copyImageAction() const { return copy_image_; }

    // Writes the trace on screen to `path` as a job; the status bar (and, on failure, a dialog
    // naming the file) says how it went. False when there is no trace to write.
    bool saveTraceTo(const QString& path, TraceFormat format);
    void updateActions(bool has_trace, bool running);

private:
    void saveTraceDialog(TraceFormat format);
    void onWriteEnded(const QString& path, const QString& error, bool cancelled);
    void exportImage();
    void copyImage();
    bool hasTrace() const;

    MainWindow& window_;
    TraceSaver* saver_ = nullptr;
    QProgressDialog* progress_ = nullptr;
    QAction* save_trace_ = nullptr;
    QAction* export_chrome_ = nullptr;
    QAction* export_csv_ = nullptr;
    QAction* export_image_ = nullptr;
    QAction* copy_image_ = nullptr;
};

}  // namespace syncscope
