#include "core/tracefile/trace_file_row_workers.h"

#include <simdjson.h>

#include <cstring>
#include <exception>
#include <system_error>

namespace syncscope {

void TraceFileRowWorkers::Batch::fill(std::string_view json) {
    if (text.size() < json.size() + simdjson::SIMDJSON_PADDING)
        text.resize(json.size() + simdjson::SIMDJSON_PADDING);
    std::memcpy(text.data(), json.data(), json.size());
    std::memset(text.data() + json.size(), 0, simdjson::SIMDJSON_PADDING);
    length = json.size();
}

TraceFileRowWorkers::~TraceFileRowWorkers() {
    {
        const std::lock_guard lock(mutex_);
        stop_ = true;
    }
    changed_.notify_all();
    // The batch being parsed writes into the trace: it ends before the trace can go.
    if (thread_.joinable())
        thread_.join();
}

TraceFileRowWorkers::Batch* TraceFileRowWorkers::acquire() {
    const std::lock_guard lock(mutex_);
    if (!tried_) {
        tried_ = true;
        if (std::thread::hardware_concurrency() != 1) {
            try {
                thread_ = std::thread([this] { loop(); });
            } catch (const std::system_error&) {
                // No thread to be had: the reading thread parses every batch.
            }
        }
    }
    if (!thread_.joinable() || queued_ != nullptr || failed_)
        return nullptr;
    return running_ == &batches_[0] ? &batches_[1] : &batches_[0];
}

void TraceFileRowWorkers::submit(Batch* batch) {
    {
        const std::lock_guard lock(mutex_);
        queued_ = batch;
    }
    changed_.notify_all();
}

bool TraceFileRowWorkers::wait() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return queued_ == nullptr && running_ == nullptr; });
    return !failed_;
}

void TraceFileRowWorkers::loop() {
    std::unique_lock lock(mutex_);
    while (true) {
        changed_.wait(lock, [this] { return stop_ || queued_ != nullptr; });
        if (stop_)
            return;
        running_ = queued_;
        queued_ = nullptr;
        lock.unlock();
        bool ok = false;
        try {
            ok = parse_(*running_);
        } catch (const std::exception&) {
            // Out of memory and the like: the batch failed, and the file is read the other way.
        }
        lock.lock();
        failed_ = failed_ || !ok;
        running_ = nullptr;
        changed_.notify_all();
    }
}

}  // namespace syncscope
