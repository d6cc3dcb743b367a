#pragma once

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

namespace syncscope {

// A second thread for TraceFileStreamReader: it parses batches of rows while the reading thread
// splits the next ones out of the file, so a large load uses both cores of a small machine. One
// batch at most waits for it; while one does, the reading thread parses its next batch itself,
// which balances the two threads whatever their speeds. Batches write to slices of the trace's
// vectors known when they are handed over, so their order does not matter.
class TraceFileRowWorkers {
public:
    struct Batch {
        std::string text;  // the rows ("[...],[...]") and simdjson's padding after them
        std::size_t length = 0;
        bool trailing_comma = false;  // see TraceFileFastRows
        std::size_t first_row = 0;
        std::size_t rows = 0;
        bool flows = false;   // else events
        void* out = nullptr;  // where row first_row goes (TraceEvent* or Flow*)
        std::string_view json() const { return {text.data(), length}; }
        // Copies `json` and the padding the parsers read past it.
        void fill(std::string_view json);
    };
    // Runs on the worker's thread, once per batch handed over; false when the batch failed.
    using Parse = std::function<bool(const Batch&)>;

    explicit TraceFileRowWorkers(Parse parse) : parse_(std::move(parse)) {}
    ~TraceFileRowWorkers();
    TraceFileRowWorkers(const TraceFileRowWorkers&) = delete;
    TraceFileRowWorkers& operator=(const TraceFileRowWorkers&) = delete;

    // A batch to fill and submit() when the worker has room for one (none is waiting for it), or
    // nullptr: then the caller parses the batch itself. Starts the thread on first use; on a
    // machine of one core, or where no thread can be started, always nullptr.
    Batch* acquire();
    void submit(Batch* batch);
    // Waits until every batch handed over is parsed; false when one failed (then always false).
    bool wait();

private:
    void loop();

    Parse parse_;
    std::mutex mutex_;
    std::condition_variable changed_;
    Batch batches_[2];
    Batch* queued_ = nullptr;
    Batch* running_ = nullptr;
    bool failed_ = false, stop_ = false, tried_ = false;
    std::thread thread_;
};

}  // namespace syncscope
