#include "core/interchange/kineto/event_batch_queue.h"

namespace syncscope {

EventBatchQueue::EventBatchQueue(std::size_t batches) {
    for (std::size_t i = 0; i < batches; ++i) {
        batches_.push_back(std::make_unique<EventBatch>());
        free_.push_back(batches_.back().get());
    }
}

EventBatch* EventBatchQueue::acquire() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return stopped_ || !free_.empty(); });
    if (stopped_)
        return nullptr;
    EventBatch* batch = free_.back();
    free_.pop_back();
    return batch;
}

bool EventBatchQueue::push(EventBatch* batch) {
    bool waited = false;
    {
        std::lock_guard lock(mutex_);
        waited = waiting_ > 0 && ready_.empty();
        ready_.push_back(batch);
    }
    changed_.notify_all();
    return waited;
}

void EventBatchQueue::close() {
    {
        std::lock_guard lock(mutex_);
        closed_ = true;
    }
    changed_.notify_all();
}

EventBatch* EventBatchQueue::pop() {
    std::unique_lock lock(mutex_);
    ++waiting_;
    changed_.wait(lock, [this] { return closed_ || !ready_.empty(); });
    --waiting_;
    if (ready_.empty())
        return nullptr;
    EventBatch* batch = ready_.front();
    ready_.pop_front();
    return batch;
}

void EventBatchQueue::release(EventBatch* batch) {
    {
        std::lock_guard lock(mutex_);
        free_.push_back(batch);
    }
    changed_.notify_all();
}

void EventBatchQueue::stop() {
    {
        std::lock_guard lock(mutex_);
        stopped_ = true;
    }
    changed_.notify_all();
}

}  // namespace syncscope
