#include "ui/jobs/job_tracker.h"

#include <QThread>
#include <algorithm>

namespace syncscope {

bool JobContext::isCurrent() const {
    return tracker_->isCurrent(id_);
}

JobTracker::JobTracker(Concurrency concurrency, QObject* parent) : QObject(parent) {
    pool_.setMaxThreadCount(
        concurrency == Concurrency::OneAtATime ? 1 : std::max(2, QThread::idealThreadCount()));
}

JobTracker::~JobTracker() {
    drop();
    // Jobs hold a pointer to this tracker to post their results: none may outlive it. Posts made
    // meanwhile are discarded with this object's pending events.
    pool_.waitForDone();
}

JobContext JobTracker::begin() {
    if (current_state_)
        current_state_->cancel();
    const quint64 id = next_id_++;
    current_state_ = std::make_shared<JobContext::State>();
    current_.store(id);
    return JobContext(this, id, current_state_);
}

void JobTracker::launch(JobContext job, std::function<void(const JobContext&)> body) {
    pool_.start([job = std::move(job), body = std::move(body)] { body(job); });
}

void JobTracker::detach(std::function<void()> work) {
    pool_.start(std::move(work));
}

JobTracker& JobTracker::shared() {
    static JobTracker tracker(Concurrency::Overlapping);
    return tracker;
}

void JobTracker::cancel() {
    if (current_state_)
        current_state_->cancel();
}

void JobTracker::drop() {
    cancel();
    current_state_.reset();
    current_.store(0);
}

void JobTracker::waitForDone() {
    pool_.waitForDone();
}

void JobTracker::post(quint64 id, std::function<void()> fn) {
    QMetaObject::invokeMethod(
        this,
        [this, id, fn = std::move(fn)] {
            if (isCurrent(id))
                fn();
            else
                emit dropped(id);
        },
        Qt::QueuedConnection);
}

}  // namespace syncscope
