#pragma once

#include <QtGlobal>
#include <atomic>
#include <memory>

#include "core/engine/engine.h"

namespace syncscope {

class JobTracker;

// What a job sees on its worker thread: its id, whether it should stop, and a way to hand
// intermediate results (live deltas, progress) to the receiver under the same guard as the final
// result. Cheap to copy; valid for as long as the job runs (its tracker waits for its jobs).
class JobContext {
public:
    quint64 id() const { return id_; }
    // True once the job was cancelled, superseded by a newer job, or dropped.
    bool cancelled() const { return state_->flag.load(std::memory_order_relaxed) || !isCurrent(); }
    // Whether this job is still the tracker's current one (a cancelled job can still be).
    bool isCurrent() const;
    // The same cancel, in the two shapes core polls: engines take a CancelToken, importers a flag.
    const CancelToken& token() const { return state_->token; }
    const std::atomic<bool>* flag() const { return &state_->flag; }

    // Runs `fn()` on the tracker's thread, later, if this job is still current then; otherwise
    // `fn` is discarded. Posts arrive in the order they were made.
    template <typename Fn>
    void post(Fn fn) const;

private:
    friend class JobTracker;
    struct State {
        CancelToken token;
        std::atomic<bool> flag{false};
        void cancel() {
            token.cancel();
            flag.store(true, std::memory_order_relaxed);
        }
    };
    JobContext(JobTracker* tracker, quint64 id, std::shared_ptr<State> state)
        : tracker_(tracker), id_(id), state_(std::move(state)) {}

    JobTracker* tracker_;
    quint64 id_;
    std::shared_ptr<State> state_;
};

}  // namespace syncscope
