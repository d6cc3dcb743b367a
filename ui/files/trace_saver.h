#pragma once

#include <QObject>
#include <QString>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>

#include "core/model/trace.h"

namespace syncscope {

class JobTracker;

// The files File ▸ Save Trace / Export write: the native trace (.syncscope.json, gzip when the name
// ends in .gz), Chrome Trace Event JSON for Perfetto, and CSV (docs/interchange.md).
enum class TraceFormat { Native, Chrome, Csv };

// Writes the trace on screen off the GUI thread, as a job (JobTracker), with the same core writers
// and the one atomic writer `syncscope-cli` uses: a cancelled or failed write leaves an existing
// file as it was. A new save supersedes one still going.
class TraceSaver final : public QObject {
    Q_OBJECT
public:
    explicit TraceSaver(QObject* parent = nullptr);
    ~TraceSaver() override;

    void start(std::shared_ptr<const Trace> trace, const QString& path, TraceFormat format);
    // Stops the write; cancelled(path) follows once the job has noticed.
    void cancel();
    bool isBusy() const { return busy_; }
    // Blocks until the write returned; tests only.
    void waitForDone();

    // The file dialog's filter and the suffix a name without one gets.
    static QString filter(TraceFormat format);
    static QString suffix(TraceFormat format);

    // Called with the bytes written so far and the fraction done (negative: not known).
    using Progress = std::function<void(std::uint64_t bytes, double fraction)>;
    enum class Outcome { Saved, Cancelled, Failed };
    // The write itself; safe on any thread. `error` names the file.
    static Outcome write(const Trace& trace, const QString& path, TraceFormat format,
                         const std::atomic<bool>* cancel, const Progress& progress, QString* error);

signals:
    void progressChanged(qint64 bytes, double fraction);
    void saved(const QString& path);
    void cancelled(const QString& path);
    void failed(const QString& path, const QString& error);

private:
    JobTracker* jobs_;
    bool busy_ = false;
};

}  // namespace syncscope
