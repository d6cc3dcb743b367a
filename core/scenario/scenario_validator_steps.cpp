// ScenarioValidator's per-op readers: which fields each op takes (one table, in the order of
// docs/scenario-format.md) and how each is read. Adding an op is a row here plus, only when its
// fields depend on each other, a reader of its own.
#include <array>

#include "core/scenario/json_path.h"
#include "core/scenario/scenario_validator.h"

namespace syncscope {

using json_path::child;
using json_path::inQuotes;
using json_path::item;

namespace {

constexpr std::int64_t kMaxGrid = (std::int64_t{1} << 31) - 1;
constexpr std::int64_t kMaxRepeatCount = 1'000'000;

// Largest batch number a program yields once expanded; 0 when no step has one. Saturates.
std::uint64_t maxExpandedBatch(const std::vector<Step>& program) {
    std::uint64_t max = 0;
    for (const Step& step : program) {
        if (step.kind != StepKind::Repeat) {
            if (step.batch != kNone)
                max = std::max<std::uint64_t>(max, step.batch);
            continue;
        }
        const std::uint64_t body = maxExpandedBatch(step.body);
        const std::uint64_t offset = std::uint64_t{step.count - 1} * step.batch_stride;
        max = std::max(max, body + offset);  // both < 2^63: no overflow
    }
    return max;
}

bool hasBatch(const std::vector<Step>& program) {
    for (const Step& step : program)
        if (step.kind == StepKind::Repeat ? hasBatch(step.body) : step.batch != kNone)
            return true;
    return false;
}

}  // namespace

// One row per op: the keys it takes (beyond op, batch, label, mode and id), and whether a reader
// of its own reads them (kernel, wait_stream, repeat) or readField does, key by key.
struct ScenarioValidator::OpFields {
    StepKind kind;
    std::initializer_list<std::string_view> keys;
    std::initializer_list<StepField> fields;  // read in this order; empty when `own`
    bool own = false;
};

const ScenarioValidator::OpFields& ScenarioValidator::opFields(StepKind kind) {
    using F = StepField;
    static const std::array<OpFields, kStepKindCount> table{{
        {StepKind::Kernel,
         {"stream", "kind", "duration_us", "bytes", "grid", "block", "uses"},
         {},
         true},
        {StepKind::Memcpy,
         {"stream", "direction", "bytes", "host", "async"},
         {F::CopyStream, F::Direction, F::Bytes, F::Host, F::Async}},
        {StepKind::Memset, {"stream", "bytes", "async"}, {F::CopyStream, F::Bytes, F::Async}},
        {StepKind::Malloc, {"buffer", "bytes"}, {F::Buffer, F::Bytes}},
        {StepKind::Free, {"buffer"}, {F::Buffer}},
        {StepKind::MallocAsync, {"buffer", "bytes", "stream"}, {F::Buffer, F::Bytes, F::Stream}},
        {StepKind::FreeAsync, {"buffer", "stream"}, {F::Buffer, F::Stream}},
        {StepKind::PoolTrim, {"bytes"}, {F::BytesToKeep}},
        {StepKind::TensorAlloc, {"buffer", "bytes", "stream"}, {F::Buffer, F::Bytes, F::Stream}},
        {StepKind::TensorFree, {"buffer"}, {F::Buffer}},
        {StepKind::RecordStream, {"buffer", "stream"}, {F::Buffer, F::Stream}},
        {StepKind::EmptyCache, {}, {}},
        {StepKind::EventRecord, {"event", "stream"}, {F::Event, F::Stream}},
        {StepKind::StreamWaitEvent, {"event", "stream"}, {F::Event, F::Stream}},
        {StepKind::WaitStream, {"stream", "other"}, {}, true},
        {StepKind::DeviceSync, {}, {}},
        {StepKind::CpuSync, {}, {}},
        {StepKind::StreamSync, {"stream"}, {F::Stream}},
        {StepKind::EventSync, {"event"}, {F::Event}},
        {StepKind::EventQueryPoll, {"event", "poll_interval_us"}, {F::Event, F::PollInterval}},
        {StepKind::HostCallback, {"stream", "duration_us"}, {F::Stream, F::Duration}},
        {StepKind::HostWork, {"duration_us"}, {F::Duration}},
        {StepKind::Repeat, {"count", "steps", "batch_stride"}, {}, true},
    }};
    for (const OpFields& row : table)
        if (row.kind == kind)
            return row;
    static const OpFields none{kind, {}, {}};  // not reached while every StepKind has a row
    return none;
}

bool ScenarioValidator::readStepFields(const Json& json, const std::string& path, StepKind kind,
                                       Step& step, int depth) {
    const std::size_t errors_before = errors_.size();
    const OpFields& op = opFields(kind);
    checkFields(json, path, {"op", "batch", "label", "mode", "id"}, op.keys);
    if (!op.own) {
        for (const StepField field : op.fields)
            readField(field, json, path, step);
        if (kind == StepKind::Memcpy || kind == StepKind::Memset)
            checkCopyStream(path, step);
    } else if (kind == StepKind::Kernel) {
        readKernel(json, path, step);
    } else if (kind == StepKind::WaitStream) {
        readWaitStream(json, path, step);
    } else {
        readRepeat(json, path, step, depth);
    }
    return errors_.size() == errors_before;
}

void ScenarioValidator::checkCopyStream(const std::string& path, Step& step) {
    const std::string what = step.kind == StepKind::Memcpy ? "memcpy" : "memset";
    if (step.async) {
        if (step.stream == kNone)
            error(child(path, "stream"), "is required (an asynchronous " + what +
                                             " runs on a stream; a synchronous one, \"async\": "
                                             "false, takes none)");
        return;
    }
    // cudaMemcpy/cudaMemset take no stream: they run on the default stream (docs/semantics.md
    // section 2). Naming that stream is allowed; naming another would claim the copy runs there.
    if (step.stream != kNone && step.stream < stream_specs_.size() &&
        stream_specs_[step.stream].kind != defaultStreamKind(default_stream_)) {
        if (file_version_ < 2) {
            // Version 1 accepted it. The call never ran there: migrate, and say so.
            warning(child(path, "stream"),
                    "ignored: a synchronous " + what + " (\"async\": false) runs on the " +
                        std::string(toString(default_stream_)) + " default stream, not on " +
                        inQuotes(stream_specs_[step.stream].name) +
                        " (version 1 accepted the field; version 2 refuses it): remove it and set "
                        "\"version\": 2");
            step.stream = kNone;
            return;
        }
        error(child(path, "stream"),
              "a synchronous " + what + " (\"async\": false) takes no stream: it runs on the " +
                  std::string(toString(default_stream_)) + " default stream, not on " +
                  inQuotes(stream_specs_[step.stream].name) +
                  "; remove \"stream\", or make it asynchronous");
    }
}

void ScenarioValidator::readField(StepField field, const Json& json, const std::string& path,
                                  Step& step) {
    switch (field) {
        case StepField::Stream:
            step.stream = getRef(json, "stream", path, streams_, "stream").value_or(0);
            break;
        case StepField::CopyStream:
            // Read before `async`, so whether it may be absent is checked by checkCopyStream.
            step.stream = json.contains("stream")
                              ? getRef(json, "stream", path, streams_, "stream").value_or(0)
                              : kNone;
            break;
        case StepField::Event:
            step.event = getRef(json, "event", path, events_, "event").value_or(kNone);
            break;
        case StepField::Buffer:
            step.buffer = getRef(json, "buffer", path, buffers_, "buffer").value_or(kNone);
            break;
        case StepField::Bytes:
            step.bytes = getBytes(json, "bytes", path, 1).value_or(0);
            break;
        case StepField::BytesToKeep:
            step.bytes = getBytes(json, "bytes", path, 0).value_or(0);
            break;
        case StepField::Duration:
            step.duration_ns = getDuration(json, "duration_us", path).value_or(0);
            break;
        case StepField::PollInterval:
            step.poll_interval_ns = getDuration(json, "poll_interval_us", path).value_or(0);
            break;
        case StepField::Direction:
            if (auto direction = getEnum<CopyDirection>(json, "direction", path, true, 4))
                step.direction = *direction;
            break;
        case StepField::Host:
            if (auto host = getString(json, "host", path, false)) {
                if (*host == "pinned" || *host == "pageable")
                    step.pinned = *host == "pinned";
                else
                    error(child(path, "host"),
                          "unknown value " + inQuotes(*host) + " (allowed: pinned, pageable)");
            }
            break;
        case StepField::Async:
            if (auto v = getBool(json, "async", path))
                step.async = *v;
            break;
    }
}

// A kernel's kind decides whether it takes a duration (spin, compute) or bytes (memory).
void ScenarioValidator::readKernel(const Json& json, const std::string& path, Step& step) {
    readField(StepField::Stream, json, path, step);
    const auto kernel = getEnum<KernelKind>(json, "kind", path, true, 3);
    if (kernel)
        step.kernel = *kernel;
    if (kernel == KernelKind::Memory) {
        readField(StepField::Bytes, json, path, step);
        if (json.contains("duration_us"))
            error(child(path, "duration_us"), "not used by memory kernels (they take bytes)");
    } else if (kernel) {
        readField(StepField::Duration, json, path, step);
        if (json.contains("bytes"))
            error(child(path, "bytes"), "only memory kernels take bytes");
    }
    if (auto grid = getInteger(json, "grid", path, false, 1, kMaxGrid))
        step.grid = static_cast<std::uint32_t>(*grid);
    if (auto block = getInteger(json, "block", path, false, 1, 1024))
        step.block = static_cast<std::uint32_t>(*block);
    const Json* uses = require(json, "uses", path, false);
    if (uses == nullptr)
        return;
    const std::string where = child(path, "uses");
    if (!uses->is_array()) {
        error(where, "must be an array of buffer names");
        return;
    }
    for (std::size_t i = 0; i < uses->size(); ++i) {
        const Json& name = (*uses)[i];
        if (!name.is_string()) {
            error(item(where, i), "must be a string");
        } else if (auto it = buffers_.find(name.get<std::string>()); it == buffers_.end()) {
            error(item(where, i), "no buffer named " + inQuotes(name.get<std::string>()));
        } else {
            step.uses.push_back(it->second);
        }
    }
}

// Two streams that must differ.
void ScenarioValidator::readWaitStream(const Json& json, const std::string& path, Step& step) {
    const auto waiting = getRef(json, "stream", path, streams_, "stream");
    const auto other = getRef(json, "other", path, streams_, "stream");
    if (waiting)
        step.stream = *waiting;
    if (other)
        step.other_stream = *other;
    if (waiting && other && *waiting == *other)
        error(child(path, "other"), "must differ from stream");
}

// A body read recursively, bounded in depth, whose batch numbers must stay in range once expanded.
void ScenarioValidator::readRepeat(const Json& json, const std::string& path, Step& step,
                                   int depth) {
    const std::size_t errors_before = errors_.size();
    if (auto count = getInteger(json, "count", path, true, 1, kMaxRepeatCount))
        step.count = static_cast<std::uint32_t>(*count);
    if (auto stride = getInteger(json, "batch_stride", path, false, 0, kMaxBatch))
        step.batch_stride = static_cast<std::uint32_t>(*stride);
    const Json* body = require(json, "steps", path, true);
    if (!body)
        return;
    if (depth + 1 > ScenarioReader::kMaxRepeatDepth) {
        error(child(path, "steps"), "repeats are nested more than 16 deep");
        return;
    }
    step.body = readSteps(*body, child(path, "steps"), depth + 1);
    if (body->is_array() && body->empty())
        error(child(path, "steps"), "must not be empty");
    if (errors_.size() == errors_before && hasBatch(step.body) &&
        maxExpandedBatch(step.body) + std::uint64_t{step.count - 1} * step.batch_stride >
            static_cast<std::uint64_t>(kMaxBatch)) {
        error(child(path, "batch_stride"),
              "batch numbers would exceed " + std::to_string(kMaxBatch) + " once expanded");
    }
}

}  // namespace syncscope
