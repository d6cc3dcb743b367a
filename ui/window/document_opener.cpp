#include "ui/window/document_opener.h"

#include "ui/jobs/job_tracker.h"

namespace syncscope {

DocumentOpener::DocumentOpener(QObject* parent)
    : QObject(parent),
      jobs_(new JobTracker(JobTracker::Concurrency::Overlapping, this)),
      loader_([](const QString& path, const std::atomic<bool>* cancel) {
          return DocumentLoader::load(path, cancel);
      }) {
    connect(jobs_, &JobTracker::dropped, this, &DocumentOpener::staleLoadDropped);
}

DocumentOpener::~DocumentOpener() = default;

quint64 DocumentOpener::open(const QString& path) {
    loading_ = true;
    return jobs_->start(
        [loader = loader_, path](const JobContext& job) { return loader(path, job.flag()); },
        [this](const LoadedDocument& document) {
            loading_ = false;
            emit loaded(document);
        });
}

quint64 DocumentOpener::openRanks(const QStringList& paths) {
    loading_ = true;
    return jobs_->start(
        [paths](const JobContext& job) { return DocumentLoader::loadRanks(paths, job.flag()); },
        [this](const LoadedDocument& document) {
            loading_ = false;
            emit loaded(document);
        });
}

void DocumentOpener::cancel() {
    jobs_->drop();
    loading_ = false;
}

}  // namespace syncscope
