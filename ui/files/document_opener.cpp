#include "ui/files/document_opener.h"

#include <memory>

#include "ui/jobs/background_release.h"
#include "ui/jobs/job_tracker.h"
#include "ui/timeline/timeline_model.h"

namespace syncscope {

DocumentOpener::DocumentOpener(QObject* parent)
    : QObject(parent), jobs_(new JobTracker(JobTracker::Concurrency::Overlapping, this)) {
    connect(jobs_, &JobTracker::dropped, this, &DocumentOpener::staleLoadDropped);
}

DocumentOpener::~DocumentOpener() = default;

void DocumentOpener::postProgress(const JobContext& job, Stage stage, double fraction) {
    job.post([this, stage, fraction] { emit progressChanged(stage, fraction); });
}

void DocumentOpener::index(LoadedDocument& document, const JobContext& job) {
    if (!document.ok() || !document.trace || job.cancelled())
        return;
    postProgress(job, Stage::Indexing, -1.0);
    // Freed off the GUI thread, like the trace, when the next document replaces it.
    document.model = sharedReleasedInBackground(std::make_unique<TimelineModel>(document.trace));
}

quint64 DocumentOpener::open(const QString& path) {
    setLoading(true);
    return jobs_->start(
        [this, loader = loader_, path](const JobContext& job) {
            postProgress(job, Stage::Reading, loader ? -1.0 : 0.0);
            LoadedDocument document;
            if (loader) {
                document = loader(path, job.flag());
            } else {
                // Posted only when the percentage moves: a 300 MB import reports thousands of
                // times, the status bar needs a hundred.
                auto shown = std::make_shared<int>(0);
                document = DocumentLoader::load(path, job.flag(), [this, job, shown](double f) {
                    const int percent = static_cast<int>(f * 100);
                    if (percent == *shown)
                        return;
                    *shown = percent;
                    postProgress(job, Stage::Reading, f);
                });
            }
            index(document, job);
            return document;
        },
        [this](const LoadedDocument& document) {
            setLoading(false);
            emit loaded(document);
        });
}

quint64 DocumentOpener::openRanks(const QStringList& paths) {
    setLoading(true);
    return jobs_->start(
        [this, paths](const JobContext& job) {
            postProgress(job, Stage::Reading, -1.0);
            LoadedDocument document = DocumentLoader::loadRanks(paths, job.flag());
            index(document, job);
            return document;
        },
        [this](const LoadedDocument& document) {
            setLoading(false);
            emit loaded(document);
        });
}

void DocumentOpener::cancel() {
    jobs_->drop();
    setLoading(false);
}

void DocumentOpener::setLoading(bool loading) {
    loading_ = loading;
    emit loadingChanged(loading);
}

}  // namespace syncscope
