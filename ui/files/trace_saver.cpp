#include "ui/files/trace_saver.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <algorithm>
#include <new>

#include "core/interchange/chrome/chrome_trace_writer.h"
#include "core/interchange/csv/csv_writer.h"
#include "core/io/atomic_file_writer.h"
#include "core/io/gzip.h"
#include "core/tracefile/trace_file.h"
#include "ui/jobs/job_tracker.h"

namespace syncscope {

namespace {

// Thrown from the sink to leave a streaming writer mid-file; the AtomicFileWriter it unwinds
// through removes its temporary file, so the target is never touched.
struct WriteStopped {};

constexpr std::size_t kChunk = 1u << 20;

bool endsWithGz(const QString& path) {
    return path.endsWith(QLatin1String(".gz"), Qt::CaseInsensitive);
}

}  // namespace

TraceSaver::TraceSaver(QObject* parent)
    : QObject(parent), jobs_(new JobTracker(JobTracker::Concurrency::OneAtATime, this)) {}

// The tracker (a child) cancels the write and waits for it.
TraceSaver::~TraceSaver() = default;

QString TraceSaver::filter(TraceFormat format) {
    switch (format) {
        case TraceFormat::Native:
            return tr("syncscope traces (*.syncscope.json *.json *.json.gz)");
        case TraceFormat::Chrome:
            return tr("Chrome Trace Event JSON for Perfetto (*.json)");
        case TraceFormat::Csv:
            return tr("CSV, one row per event (*.csv)");
    }
    return {};
}

QString TraceSaver::suffix(TraceFormat format) {
    switch (format) {
        case TraceFormat::Native:
            return QStringLiteral(".syncscope.json");
        case TraceFormat::Chrome:
            return QStringLiteral(".json");
        case TraceFormat::Csv:
            return QStringLiteral(".csv");
    }
    return {};
}

TraceSaver::Outcome TraceSaver::write(const Trace& trace, const QString& path, TraceFormat format,
                                      const std::atomic<bool>* cancel, const Progress& progress,
                                      QString* error) {
    const std::string target = QFile::encodeName(path).toStdString();
    const QString shown = QDir::toNativeSeparators(path);
    auto stopped = [cancel] { return cancel != nullptr && cancel->load(); };
    std::uint64_t written = 0;
    std::string problem;
    try {
        if (format == TraceFormat::Native) {
            // The native writer builds its JSON in memory; the bytes then go out in chunks, so
            // there is a fraction to show and a point to stop at between them.
            std::string text = TraceFile::toJson(trace);
            if (endsWithGz(path)) {
                std::string packed;
                if (!Gzip::compress(text, packed, problem)) {
                    *error = tr("%1: %2").arg(shown, QString::fromStdString(problem));
                    return Outcome::Failed;
                }
                text = std::move(packed);
            }
            problem =
                AtomicFileWriter::writeStreamed(target, [&](const AtomicFileWriter::Sink& sink) {
                    for (std::size_t at = 0; at < text.size(); at += kChunk) {
                        if (stopped())
                            throw WriteStopped{};
                        const std::size_t n = std::min(kChunk, text.size() - at);
                        sink(std::string_view(text).substr(at, n));
                        written += n;
                        progress(written, double(written) / double(text.size()));
                    }
                });
        } else {
            // The streaming writers do not say how far they are: report bytes, not a fraction.
            std::uint64_t reported = 0;
            bool thrown = false;
            problem =
                AtomicFileWriter::writeStreamed(target, [&](const AtomicFileWriter::Sink& sink) {
                    auto counting = [&](std::string_view chunk) {
                        // The writers flush their buffer from a destructor, which runs while
                        // WriteStopped unwinds: that last chunk is dropped, not thrown again.
                        if (thrown)
                            return;
                        if (stopped()) {
                            thrown = true;
                            throw WriteStopped{};
                        }
                        sink(chunk);
                        written += chunk.size();
                        if (written - reported >= kChunk) {
                            reported = written;
                            progress(written, -1.0);
                        }
                    };
                    if (format == TraceFormat::Chrome)
                        ChromeTraceWriter::write(trace, counting);
                    else
                        CsvWriter::write(trace, counting);
                });
        }
    } catch (const WriteStopped&) {
        return Outcome::Cancelled;
    } catch (const std::bad_alloc&) {
        *error = tr("%1: out of memory while writing it").arg(shown);
        return Outcome::Failed;
    }
    if (!problem.empty()) {
        *error = QString::fromStdString(problem);
        if (!error->contains(QFileInfo(path).fileName()))
            *error = tr("%1: %2").arg(shown, *error);
        return Outcome::Failed;
    }
    return Outcome::Saved;
}

void TraceSaver::start(std::shared_ptr<const Trace> trace, const QString& path,
                       TraceFormat format) {
    busy_ = true;
    auto work = [this, trace = std::move(trace), path, format](const JobContext& job) {
        struct Done {
            Outcome outcome;
            QString error;
        };
        Done done;
        auto progress = [this, job](std::uint64_t bytes, double fraction) {
            job.post([this, bytes, fraction] { emit progressChanged(qint64(bytes), fraction); });
        };
        done.outcome = write(*trace, path, format, job.flag(), progress, &done.error);
        return done;
    };
    jobs_->start(std::move(work), [this, path](const auto& done) {
        busy_ = false;
        switch (done.outcome) {
            case Outcome::Saved:
                emit saved(path);
                break;
            case Outcome::Cancelled:
                emit cancelled(path);
                break;
            case Outcome::Failed:
                emit failed(path, done.error);
                break;
        }
    });
}

void TraceSaver::cancel() {
    jobs_->cancel();
}

void TraceSaver::waitForDone() {
    jobs_->waitForDone();
    QCoreApplication::processEvents();
}

}  // namespace syncscope
