#include "ui/jobs/job_tracker.h"

#include <QCoreApplication>
#include <QEvent>
#include <QThread>
#include <algorithm>

#include "ui/jobs/tsan_handoff.h"

namespace syncscope {

namespace {

// Stand-ins for the locks of Qt's thread pool queue and event queue, which ThreadSanitizer cannot
// see: statics, so a task marks its hand-over before it reads anything of its own.
[[maybe_unused]] char pool_queue;
[[maybe_unused]] char event_queue;

}  // namespace

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
    SYNCSCOPE_TSAN_ACQUIRE(&pool_queue);
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
    detach([job = std::move(job), body = std::move(body)] { body(job); });
}

void JobTracker::detach(std::function<void()> work) {
    // What this thread wrote before is visible to the work, and what the work wrote to whoever
    // waits for the pool: the pool's queue lock, as ThreadSanitizer cannot see it (tsan_handoff.h).
    std::function<void()> task = [work = std::move(work)] {
        SYNCSCOPE_TSAN_ACQUIRE(&pool_queue);
        work();
        SYNCSCOPE_TSAN_RELEASE(&pool_queue);
    };
    SYNCSCOPE_TSAN_RELEASE(&pool_queue);  // after the task is built: the worker reads it
    pool_.start(std::move(task));
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
    SYNCSCOPE_TSAN_ACQUIRE(&pool_queue);
}

namespace {

// A result (or a progress post) on its way to the tracker's thread.
class Delivery final : public QEvent {
public:
    Delivery(quint64 id, std::function<void()> fn) : QEvent(type()), id(id), fn(std::move(fn)) {}
    static QEvent::Type type() {
        static const auto registered = QEvent::Type(QEvent::registerEventType());
        return registered;
    }
    const quint64 id;
    const std::function<void()> fn;
};

}  // namespace

void JobTracker::post(quint64 id, std::function<void()> fn) {
    auto* delivery = new Delivery(id, std::move(fn));
    // The event queue's lock, after the event is built: the delivery reads it (tsan_handoff.h).
    SYNCSCOPE_TSAN_RELEASE(&event_queue);
    QCoreApplication::postEvent(this, delivery);
}

bool JobTracker::event(QEvent* e) {
    SYNCSCOPE_TSAN_ACQUIRE(&event_queue);  // before reading the event at all
    if (e->type() != Delivery::type())
        return QObject::event(e);
    const auto* delivery = static_cast<const Delivery*>(e);
    if (isCurrent(delivery->id)) {
        delivery->fn();
    } else if (std::find(reported_drops_.begin(), reported_drops_.end(), delivery->id) ==
               reported_drops_.end()) {
        // A few recent ids are enough: a stale job's posts arrive together, soon after it ends.
        if (reported_drops_.size() >= 16)
            reported_drops_.erase(reported_drops_.begin());
        reported_drops_.push_back(delivery->id);
        emit dropped(delivery->id);
    }
    return true;
}

}  // namespace syncscope
