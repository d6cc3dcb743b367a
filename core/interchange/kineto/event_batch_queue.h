#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <vector>

#include "core/interchange/kineto/event_batch.h"

namespace syncscope {

// The bounded hand-over between an import's two threads: a fixed set of batches circulates from
// the producer (acquire, fill, push) to the consumer (pop, read, release) and back, so memory stays
// a few batches whatever the input's size. Either side can end it: the producer closes it once the
// input is read, the consumer stops it on an error, which makes acquire() return nullptr.
class EventBatchQueue {
public:
    explicit EventBatchQueue(std::size_t batches);

    // A batch to fill, waiting for one to come back; nullptr once the consumer stopped.
    EventBatch* acquire();
    // Returns whether the consumer was waiting for it (then it takes the batch at once).
    bool push(EventBatch* batch);
    // No more batches will be pushed.
    void close();
    // The next batch in push order; nullptr once closed and drained.
    EventBatch* pop();
    void release(EventBatch* batch);
    // The consumer gives up: the producer's waits end.
    void stop();

private:
    std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<std::unique_ptr<EventBatch>> batches_;
    std::vector<EventBatch*> free_;
    std::deque<EventBatch*> ready_;
    bool closed_ = false, stopped_ = false;
    int waiting_ = 0;  // consumers waiting in pop()
};

}  // namespace syncscope
