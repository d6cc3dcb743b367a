#pragma once

#include <QObject>
#include <QThreadPool>
#include <atomic>
#include <exception>
#include <functional>
#include <future>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include "ui/jobs/job_context.h"

namespace syncscope {

// The one way the UI does background work (docs/architecture.md section 10 "one of each"; hotspot's
// jobtracker is the model). Every start() hands out a new job id and makes it the current one; the
// previous job is cancelled. What a job returns, and what it posts while it runs, reaches the
// receiver only if that job is still the current one when it arrives, so a stale result can never
// overwrite a newer one, whatever the finish order.
//
// Own the tracker by the object the results go to (a member or a QObject child): deliveries run
// in the tracker's thread as queued calls to the tracker, so "the tracker exists" is "the receiver
// exists", and a destroyed receiver gets nothing.
class JobTracker final : public QObject {
    Q_OBJECT
public:
    enum class Concurrency {
        // A job starts only after the previous one returned. For engines, which hold a
        // process-wide lock: a new run queues behind the cancelled one instead of failing on it.
        OneAtATime,
        // A job starts at once, next to superseded ones that are still winding down (file loads,
        // analysis: a newer request should not wait for an older one to notice its cancel).
        Overlapping,
    };

    explicit JobTracker(Concurrency concurrency, QObject* parent = nullptr);
    // Cancels every job and waits for them to return (they poll their token; engines stop within
    // 50 ms). Nothing is delivered afterwards.
    ~JobTracker() override;

    // Runs `work(const JobContext&)` on a worker thread and, if the job is still current when it
    // returns, `deliver(result)` on this tracker's thread. Returns the job id.
    template <typename Work, typename Deliver>
    quint64 start(Work work, Deliver deliver);

    // Asks the current job to stop. It stays current: what it returns (a partial run) is still
    // delivered.
    void cancel();
    // Cancels the current job and discards whatever it still sends; no job is current afterwards.
    void drop();

    // Work that is not a job: nothing supersedes it, nothing cancels it and nothing is delivered
    // (writing settings, freeing a big document). It runs on this tracker's pool, in the order
    // given when the tracker is OneAtATime; the destructor and waitForDone() wait for it.
    void detach(std::function<void()> work);
    // Runs task(0) .. task(count - 1) on the calling thread and one of the pool's, each taking
    // the next task not yet taken, and returns when both have stopped. What a task throws reaches
    // the caller. For a computation that is itself already off the GUI thread, or short.
    template <typename Task>
    void parallelFor(std::size_t count, Task task);

    // The tracker for work that belongs to no window object: settings writes, background frees,
    // parallel indexing. Overlapping, with at least two threads.
    static JobTracker& shared();

    bool isCurrent(quint64 id) const { return id != 0 && current_.load() == id; }
    quint64 currentId() const { return current_.load(); }
    // Blocks until every job has returned. For tests and shutdown only, never on a user action.
    void waitForDone();

protected:
    bool event(QEvent* e) override;

signals:
    // Something from job `id` arrived after it stopped being current and was discarded; once per
    // job, however many of its posts (progress, the result) were.
    void dropped(quint64 id);

private:
    friend class JobContext;
    // Makes a new job current (cancelling the previous one) and returns its context.
    JobContext begin();
    void launch(JobContext job, std::function<void(const JobContext&)> body);
    // Called from any thread; runs `fn` here later, if `id` is still current then.
    void post(quint64 id, std::function<void()> fn);

    QThreadPool pool_;
    std::atomic<quint64> current_{0};
    quint64 next_id_ = 1;
    std::shared_ptr<JobContext::State> current_state_;
    std::vector<quint64> reported_drops_;  // the jobs `dropped` named lately
};

template <typename Fn>
void JobContext::post(Fn fn) const {
    // std::function wants a copyable callable; results may be move-only.
    auto held = std::make_shared<Fn>(std::move(fn));
    tracker_->post(id_, [held] { (*held)(); });
}

template <typename Work, typename Deliver>
quint64 JobTracker::start(Work work, Deliver deliver) {
    using Result = std::invoke_result_t<Work&, const JobContext&>;
    JobContext job = begin();
    const quint64 id = job.id();
    auto held = std::make_shared<std::pair<Work, Deliver>>(std::move(work), std::move(deliver));
    launch(std::move(job), [held](const JobContext& context) {
        if (!context.isCurrent()) {
            // Superseded while it waited in the queue: nothing to do, and nothing to deliver.
            context.post([] {});
            return;
        }
        auto result = std::make_shared<Result>(held->first(context));
        context.post([held, result] { held->second(std::move(*result)); });
    });
    return id;
}

template <typename Task>
void JobTracker::parallelFor(std::size_t count, Task task) {
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t k = next.fetch_add(1); k < count; k = next.fetch_add(1))
            task(k);
    };
    if (count < 2) {
        work();
        return;
    }
    // The helper's outcome (a throw included); the wait below keeps `work`'s captures alive.
    std::packaged_task<void()> helper(work);
    std::future<void> done = helper.get_future();
    detach([&helper] { helper(); });
    std::exception_ptr mine;
    try {
        work();
    } catch (...) {
        mine = std::current_exception();
        next.store(count);  // the helper takes nothing more
    }
    done.wait();
    if (mine)
        std::rethrow_exception(mine);
    done.get();
}

}  // namespace syncscope
