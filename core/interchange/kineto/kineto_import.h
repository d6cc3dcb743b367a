#pragma once

// The Kineto/Chrome JSON import as it runs: one instance per file, fed event batches by the
// JsonEventSplitter. Internal to core/interchange; callers use KinetoImporter.
#include <simdjson.h>

#include <array>
#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_set>
#include <vector>

#include "core/interchange/import_result.h"
#include "core/interchange/kineto/event_batch.h"
#include "core/interchange/kineto/kineto_record.h"
#include "core/interchange/kineto/raw_time_fields.h"
#include "core/interchange/trace_assembler.h"
#include "core/io/json_event_splitter.h"

namespace syncscope {

class EventBatchQueue;

namespace kineto {

enum class Category {
    Kernel,
    Memcpy,
    Memset,
    Runtime,
    Sync,
    HostAnnotation,
    GpuAnnotation,
    Generic,
};

struct DeviceInfo {
    std::string name;
    int sms = 0;
    std::uint64_t memory = 0;
};

class KinetoImport final : public JsonEventSplitter::Handler {
public:
    KinetoImport(std::string_view source, const ImportOptions& options)
        : source_(source), options_(options) {}

    ImportResult run(ByteSource& source);
    std::string onTopLevelValue(std::string_view key, std::string_view json,
                                std::uint64_t offset) override;
    std::string onEventBatch(std::string_view json,
                             const std::vector<std::uint64_t>& offsets) override;

private:
    // Inputs from this size (or of unknown size) are split and assembled on two threads.
    static constexpr std::uint64_t kTwoThreadsFrom = std::uint64_t{4} << 20;
    // What the splitter's thread returns once the assembling one has stopped: never shown, the
    // assembling thread's error replaces it.
    static constexpr const char* kAssemblyStopped = "(the assembly stopped)";
    std::string splitOnTwoThreads(JsonEventSplitter& splitter);
    std::string assembleQueued(EventBatchQueue& queue, std::exception_ptr& thrown);
    std::string readHere(std::string_view json, const std::vector<std::uint64_t>& offsets);
    std::string queueBatch(std::string_view json, const std::vector<std::uint64_t>& offsets);
    std::string readBatch(const BatchPlace& place, simdjson::dom::array events);
    void parseQueued(EventBatch& batch);
    // `place` set: located from the batch's own text (any thread), else through the splitter.
    std::string locateBadEvent(std::string_view json, const std::vector<std::uint64_t>& offsets,
                               std::uint64_t first_event, simdjson::dom::parser& parser,
                               const BatchPlace* place = nullptr);
    std::string readTimesFromText(std::string_view json, const std::vector<std::uint64_t>& offsets,
                                  std::size_t index, KinetoRecord& record);
    void warnDuplicateKey(const KinetoRecord& record, const BatchPlace& place,
                          std::uint64_t offset);
    static std::string spanError(const Trace& trace);
    std::string parseDevices(simdjson::dom::array devices);
    std::string onClockOrRank(std::string_view key, std::string_view json, std::uint64_t offset);
    std::string onRecord(const KinetoRecord& r);
    std::string onKinetoSpan(const KinetoRecord& r, Category category);
    std::string onMetadata(const KinetoRecord& r);
    std::string onCounter(const KinetoRecord& r);
    std::uint16_t hostLaneOf(const KinetoRecord& r);
    std::uint16_t streamLaneOf(const KinetoRecord& r);
    std::uint32_t internName(std::string_view name);
    std::string finishSyncscope();
    void finishKineto();
    void addWaitsForUnrecordedSyncs();
    std::string fail(std::uint64_t offset, const std::string& what) const {
        return source_ + ": " +
               (splitter_ != nullptr ? splitter_->locate(offset)
                                     : "byte " + std::to_string(offset)) +
               ": " + what;
    }

    std::string source_;
    JsonEventSplitter* splitter_ = nullptr;
    EventBatchQueue* queue_ = nullptr;  // set while batches go to the assembling thread
    std::uint64_t batches_queued_ = 0;  // handed to the assembling thread so far
    std::uint64_t events_split_ = 0;    // events handed to it so far
    std::function<double()> source_progress_;
    simdjson::dom::parser parser_;
    RawTimeFields raw_times_;
    // Events with a repeated key: the first few are named in warnings, the rest counted.
    std::uint64_t duplicate_key_events_ = 0;
    static constexpr std::uint64_t kDuplicateKeyWarnings = 10;
    const ImportOptions& options_;
    ImportResult result_;
    TraceAssembler assembler_{"import:kineto"};
    bool syncscope_ = false;                    // our own export: lanes and links come verbatim
    std::optional<std::int64_t> base_time_ns_;  // "baseTimeNanoseconds": ts are relative to it
    std::uint32_t rank_ = kNone;                // "distributedInfo": {"rank": N}
    std::map<std::int64_t, DeviceInfo> devices_;
    std::int64_t first_gpu_device_ = -1;
    std::vector<std::tuple<std::int64_t, std::int64_t, std::string>> thread_names_;
    std::vector<std::uint32_t> query_waits_;  // HostWaits whose call might turn out to be a query
    // Host sync calls, and the calls a cuda_sync record already covers: a call without a record
    // (older profilers, traces recorded without sync events) still gets its wait bar.
    std::vector<std::uint32_t> sync_calls_;
    std::unordered_set<std::uint32_t> synced_calls_;
    std::map<std::int64_t, std::unordered_set<std::int64_t>> streams_by_device_;
    std::uint64_t event_count_ = 0;
    std::string last_api_name_;  // the last runtime call's name, its id and its stats counter
    ApiId last_api_ = ApiId::Other;
    std::uint64_t* last_api_count_ = nullptr;
    // The categories seen, by a hash of their text, with their stats counter and what they
    // mean: a trace interleaves a handful ("cpu_op", "cuda_runtime", "kernel", "ac2g"...), and
    // finding each record's in the stats map and classifying it again compared strings each time.
    struct CategorySlot {
        std::string cat;
        std::uint64_t* count = nullptr;  // map nodes stay put
        Category category = Category::Generic;
    };
    std::array<CategorySlot, 32> category_cache_;
    // The last host thread's and the last stream's lane (kNoLane: none yet).
    struct LaneCache {
        std::int64_t a = 0, b = 0;
        std::uint16_t lane = kNoLane;
    };
    LaneCache host_cache_, stream_cache_;
    std::array<std::uint32_t, 509> name_cache_ = filledWithNone();  // string ids by name
    static std::array<std::uint32_t, 509> filledWithNone() {
        std::array<std::uint32_t, 509> a{};
        a.fill(kNone);
        return a;
    }
    std::uint64_t size_hint_ = 0;  // the input's size when known up front
    bool reserved_ = false;
    // A cap on that estimate (events), should the first batch be unrepresentative.
    static constexpr std::size_t kMaxReserve = std::size_t{1} << 24;
};

}  // namespace kineto

}  // namespace syncscope
