#include "core/interchange/kineto/kineto_importer.h"

#include <simdjson.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <functional>
#include <limits>
#include <map>
#include <thread>
#include <unordered_set>

#include "core/interchange/chrome/own_export_reader.h"
#include "core/interchange/kineto/kineto_import.h"
#include "core/interchange/kineto/kineto_record.h"
#include "core/interchange/trace_assembler.h"
#include "core/io/json_event_splitter.h"
#include "core/model/api_names.h"
#include "core/model/checked_math.h"
#include "core/model/sync_mode_steps.h"

namespace syncscope {

namespace dom = simdjson::dom;

namespace {

using kineto::Category;

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

// New schema spells categories in lowercase ("kernel", "gpu_memcpy", "cuda_runtime"); the old one
// capitalised them ("Kernel", "Memcpy", "Runtime", "Operator").
Category categoryOf(std::string_view cat) {
    // Exact spellings of the current schema first: this runs once per event.
    if (cat == "kernel")
        return Category::Kernel;
    if (cat == "cuda_runtime" || cat == "cuda_driver")
        return Category::Runtime;
    if (cat == "cpu_op" || cat == "python_function" || cat == "ac2g")
        return Category::Generic;
    if (iequals(cat, "kernel"))
        return Category::Kernel;
    if (iequals(cat, "gpu_memcpy") || iequals(cat, "memcpy"))
        return Category::Memcpy;
    if (iequals(cat, "gpu_memset") || iequals(cat, "memset"))
        return Category::Memset;
    if (iequals(cat, "cuda_runtime") || iequals(cat, "runtime") || iequals(cat, "cuda_driver") ||
        iequals(cat, "driver"))
        return Category::Runtime;
    if (iequals(cat, "cuda_sync"))
        return Category::Sync;
    if (iequals(cat, "user_annotation"))
        return Category::HostAnnotation;
    if (iequals(cat, "gpu_user_annotation"))
        return Category::GpuAnnotation;
    return Category::Generic;
}

}  // namespace

namespace kineto {

std::uint16_t KinetoImport::hostLaneOf(const KinetoRecord& r) {
    if (r.pid.type == KinetoId::Type::Number && r.tid.type == KinetoId::Type::Number) {
        // Consecutive records mostly share a thread: the last one's lane skips the map.
        if (host_cache_.lane == kNoLane || host_cache_.a != r.pid.number ||
            host_cache_.b != r.tid.number)
            host_cache_ = {r.pid.number, r.tid.number,
                           assembler_.hostLane(r.pid.number, r.tid.number)};
        return host_cache_.lane;
    }
    auto text = [](const KinetoId& id) {
        return id.type == KinetoId::Type::Number ? std::to_string(id.number) : std::string(id.text);
    };
    // The profiler's own rows: a process named "Traces" or "Spans", or neither id given.
    const std::string pid = text(r.pid);
    const std::string tid = text(r.tid);
    const bool bookkeeping = (pid.empty() && tid.empty()) || pid == "Traces" || pid == "Spans";
    return assembler_.otherLane(pid + "/" + tid, bookkeeping);
}

// A trace repeats a few hundred names (kernels, ops, API calls) hundreds of thousands of times: a
// small cache, checked by comparing the text, spares hashing long kernel names on every record.
std::uint32_t KinetoImport::internName(std::string_view name) {
    const std::size_t n = name.size();
    const std::size_t slot = n == 0 ? 0
                                    : (n * 31 + static_cast<unsigned char>(name[0]) * 7 +
                                       static_cast<unsigned char>(name[n / 2]) * 3 +
                                       static_cast<unsigned char>(name[n - 1])) %
                                          name_cache_.size();
    auto& strings = assembler_.trace().strings;
    if (const std::uint32_t id = name_cache_[slot]; id != kNone && strings.at(id) == name)
        return id;
    const std::uint32_t id = strings.intern(name);
    name_cache_[slot] = id;
    return id;
}

std::uint16_t KinetoImport::streamLaneOf(const KinetoRecord& r) {
    std::int64_t device = r.device.valueOr(r.pid.type == KinetoId::Type::Number ? r.pid.number : 0);
    std::int64_t stream = -1;
    if (r.stream.present)
        stream = r.stream.value;
    else if (r.tid.type == KinetoId::Type::Number)
        stream = r.tid.number;
    else if (r.tid.type == KinetoId::Type::Text) {
        // Old schema: "stream 7".
        const auto digits = r.tid.text.find_first_of("0123456789");
        if (digits != std::string_view::npos)
            std::from_chars(r.tid.text.data() + digits, r.tid.text.data() + r.tid.text.size(),
                            stream);
    }
    if (stream_cache_.lane != kNoLane && stream_cache_.a == device && stream_cache_.b == stream)
        return stream_cache_.lane;
    streams_by_device_[device].insert(stream);
    if (first_gpu_device_ < 0)
        first_gpu_device_ = device;
    stream_cache_ = {device, stream, assembler_.streamLane(device, stream)};
    return stream_cache_.lane;
}

std::string KinetoImport::onKinetoSpan(const KinetoRecord& r, Category category) {
    TraceEvent e;
    e.start_ns = r.ts_ns;
    e.end_ns = r.ts_ns + r.dur_ns;
    e.name = internName(r.name);
    if (auto err = OwnExportReader::toU32(r.correlation, "args.correlation", e.correlation);
        !err.empty())
        return err;
    if (r.bytes.present) {
        if (r.bytes.value < 0)
            return "\"args.bytes\" is negative (" + std::to_string(r.bytes.value) + ")";
        e.setBytes(static_cast<std::uint64_t>(r.bytes.value));
    }
    switch (category) {
        case Category::Kernel:
        case Category::Memcpy:
        case Category::Memset:
            e.kind = category == Category::Kernel   ? EventKind::Kernel
                     : category == Category::Memcpy ? EventKind::Memcpy
                                                    : EventKind::Memset;
            e.lane = streamLaneOf(r);
            if (category == Category::Memcpy && r.name.find("Pageable") != std::string_view::npos)
                e.flags |= event_flags::kPageable;
            break;
        case Category::Runtime: {
            e.kind = EventKind::ApiCall;
            e.lane = hostLaneOf(r);
            // Runs of one API (cudaLaunchKernel...) are the rule: the last name's id and counter
            // are kept, so most calls skip the name tables.
            if (r.name != last_api_name_ || last_api_count_ == nullptr) {
                last_api_name_.assign(r.name);
                last_api_ = apiIdFromName(r.name);
                auto& names = result_.stats.names;
                const std::string_view api_name = stripApiVersionSuffix(r.name);
                auto it = names.find(api_name);
                if (it == names.end())
                    it = names.try_emplace(std::string(api_name), 0).first;
                last_api_count_ = &it->second;  // map nodes stay put
            }
            e.api = last_api_;
            e.mode = syncModeOfCall(e.api);
            ++*last_api_count_;
            break;
        }
        case Category::Sync: {
            const std::string_view kind = r.sync_kind.empty() ? r.name : r.sync_kind;
            PendingWait wait;
            wait.device = r.device.valueOr(0);
            wait.call_correlation = e.correlation;
            if (e.correlation != kNone)
                synced_calls_.insert(e.correlation);
            if (r.wait_on_record_corr.present && r.wait_on_record_corr.value >= 0)
                if (auto err = OwnExportReader::toU32(r.wait_on_record_corr,
                                                      "args.wait_on_cuda_event_record_corr_id",
                                                      wait.record_correlation);
                    !err.empty())
                    return err;
            if (kind == "Stream Wait Event") {
                // A host-side record of the call (its times are the call's): what it says goes
                // on the calls, and no bar on the waiting stream (TraceAssembler).
                StreamWaitLink link;
                link.call_correlation = e.correlation;
                link.record_correlation = wait.record_correlation;
                link.device = wait.device;
                link.waiting_stream = r.stream.valueOr(-1);
                link.recorded_stream = r.wait_on_stream.valueOr(-1);
                assembler_.addStreamWaitLink(link);
                ++result_.stats.stream_waits;
                return {};
            }
            {
                e.kind = EventKind::HostWait;
                e.setCpuNs(-1);  // not in the record (the field held its bytes, if any)
                e.lane =
                    0;  // placed on the waits lane of the calling thread once that call is known
                wait.lane_from_call = true;
                if (kind == "Context Sync" || kind == "Device Sync") {
                    wait.scope = WaitScope::Device;
                    e.mode = SyncMode::Device;
                    e.api = ApiId::DeviceSynchronize;
                } else if (kind == "Stream Sync") {
                    wait.scope = WaitScope::Stream;
                    wait.stream = r.stream.present && r.stream.value >= 0
                                      ? r.stream.value
                                      : r.wait_on_stream.valueOr(-1);
                    e.mode = SyncMode::Stream;
                    e.api = ApiId::StreamSynchronize;
                } else {
                    wait.scope = WaitScope::Event;
                    wait.stream = r.wait_on_stream.valueOr(-1);
                    e.mode = SyncMode::Event;
                    e.api = ApiId::EventSynchronize;
                }
                ++result_.stats.host_waits;
            }
            wait.wait = assembler_.addEvent(e);
            if (e.kind == EventKind::HostWait)
                query_waits_.push_back(wait.wait);
            assembler_.addWait(wait);
            return {};
        }
        case Category::HostAnnotation:
            e.kind = EventKind::Annotation;
            e.lane = assembler_.annotationLane(hostLaneOf(r));
            break;
        case Category::GpuAnnotation:
            e.kind = EventKind::Annotation;
            e.lane = assembler_.annotationLane(streamLaneOf(r));
            break;
        case Category::Generic:
            e.kind = EventKind::Generic;
            e.lane = hostLaneOf(r);
            ++result_.stats.generic_events;
            break;
    }
    const std::uint32_t index = assembler_.addEvent(e);
    if (e.kind == EventKind::ApiCall && e.correlation != kNone &&
        (e.api == ApiId::DeviceSynchronize || e.api == ApiId::StreamSynchronize ||
         e.api == ApiId::EventSynchronize))
        sync_calls_.push_back(index);
    return {};
}

std::string KinetoImport::onMetadata(const KinetoRecord& r) {
    if (r.name == "thread_name" && !r.arg_name.empty() && r.pid.type == KinetoId::Type::Number &&
        r.tid.type == KinetoId::Type::Number)
        thread_names_.emplace_back(r.pid.number, r.tid.number, std::string(r.arg_name));
    return {};
}

std::string KinetoImport::onCounter(const KinetoRecord& r) {
    if (r.name != "memory") {
        ++result_.stats.skipped["counter " + std::string(r.name)];
        return {};
    }
    MemorySample m;
    m.t_ns = r.ts_ns;
    m.device_used = r.device_used.valueOr(-1);
    m.pool_reserved = r.pool_reserved.valueOr(-1);
    m.pool_used = r.pool_used.valueOr(-1);
    m.allocated = r.allocated.valueOr(-1);
    m.reserved = r.reserved.valueOr(-1);
    assembler_.addMemory(m);
    return {};
}

std::string KinetoImport::onRecord(const KinetoRecord& r) {
    if (r.ph.empty())
        return "missing \"ph\"";
    auto categoryKey = [&r] {
        return r.cat.empty() ? "(ph " + std::string(r.ph) + ")" : std::string(r.cat);
    };
    Category category = Category::Generic;
    if (r.ph != "M") {
        auto& categories = result_.stats.categories;
        if (r.cat.empty()) {
            ++categories.try_emplace(categoryKey(), 0).first->second;
        } else {
            const std::size_t n = r.cat.size();
            auto& slot = category_cache_[(n * 7 + static_cast<unsigned char>(r.cat[0]) * 3 +
                                          static_cast<unsigned char>(r.cat[n - 1])) %
                                         category_cache_.size()];
            if (slot.count == nullptr || slot.cat != r.cat) {
                // The map compares transparently: no key string is built for one already seen.
                auto it = categories.find(r.cat);
                if (it == categories.end())
                    it = categories.try_emplace(std::string(r.cat), 0).first;
                slot.cat.assign(r.cat);
                slot.count = &it->second;
                slot.category = categoryOf(r.cat);
            }
            ++*slot.count;
            category = slot.category;
        }
    }
    const char ph = r.ph.size() == 1 ? r.ph[0] : '?';
    auto needTs = [&]() -> std::string {
        return r.has_ts ? std::string() : std::string("missing \"ts\"");
    };
    switch (ph) {
        case 'X': {
            if (auto err = needTs(); !err.empty())
                return err;
            if (!r.has_dur)
                return "missing \"dur\"";
            if (r.dur_ns < 0)
                return "\"dur\" is negative (" + std::to_string(r.dur_ns) + " ns)";
            // Both are within ±(2^62 - 1) ns, so the sum itself cannot overflow.
            if (!inTimeRange(r.ts_ns + r.dur_ns))
                return "\"ts\" + \"dur\" ends outside ±(2^62 - 1) ns";
            if (r.pid.type == KinetoId::Type::Absent)
                return "missing \"pid\"";
            if (syncscope_)
                return OwnExportReader::readEvent(r, assembler_.trace());
            return onKinetoSpan(r, category);
        }
        case 'i':
        case 'I': {
            if (auto err = needTs(); !err.empty())
                return err;
            if (syncscope_ && !r.kind.empty())
                return OwnExportReader::readEvent(r, assembler_.trace());
            if (r.name == "[memory]") {
                // Kineto's allocator samples: Device Type 1 is CUDA; CPU samples are counted, not
                // drawn.
                if (r.device_type.valueOr(-1) != 1) {
                    ++result_.stats.skipped["host memory sample"];
                    return {};
                }
                MemorySample m;
                m.t_ns = r.ts_ns;
                m.allocated = r.total_allocated.valueOr(-1);
                m.reserved = r.total_reserved.valueOr(-1);
                assembler_.addMemory(m);
                return {};
            }
            KinetoRecord span = r;
            span.dur_ns = 0;
            span.has_dur = true;
            return onKinetoSpan(span, Category::Generic);
        }
        case 's':
        case 'f':
        case 't': {
            if (syncscope_) {
                return ph == 's' ? OwnExportReader::readFlow(r, assembler_.trace()) : std::string();
            }
            const bool launch = r.cat == "ac2g" || (iequals(r.cat, "async") && r.name == "launch");
            if (!launch) {
                ++result_.stats.skipped["flow " + categoryKey()];
                return {};
            }
            if (ph == 's') {
                if (r.id.type != KinetoId::Type::Number || r.id.number < 0 ||
                    r.id.number >= static_cast<std::int64_t>(kNone))
                    return "flow \"id\" is missing or out of range";
                assembler_.requestLaunchFlow(static_cast<std::uint32_t>(r.id.number));
            }
            return {};
        }
        case 'M':
            return onMetadata(r);
        case 'C':
            if (auto err = needTs(); !err.empty())
                return err;
            return onCounter(r);
        default:
            ++result_.stats.skipped["ph " + std::string(r.ph)];
            return {};
    }
}

std::string KinetoImport::parseDevices(dom::array devices) {
    for (const dom::element element : devices) {
        dom::object object;
        if (element.get_object().get(object))
            return "a device description is not an object";
        DeviceInfo info;
        std::int64_t id = static_cast<std::int64_t>(devices_.size());
        for (const auto field : object) {
            const std::string_view key = field.key;
            const dom::element v = field.value;
            KinetoInt n;
            if (key == "id") {
                if (KinetoRecordReader::readInt(v, key, n).empty())
                    id = n.value;
            } else if (key == "name") {
                std::string_view name;
                if (KinetoRecordReader::readString(v, key, name).empty())
                    info.name = std::string(name);
            } else if (key == "numSms" || key == "multiProcessorCount") {
                if (KinetoRecordReader::readInt(v, key, n).empty())
                    info.sms = static_cast<int>(std::clamp<std::int64_t>(n.value, 0, 1 << 20));
            } else if (key == "totalGlobalMem") {
                if (KinetoRecordReader::readInt(v, key, n).empty() && n.value > 0)
                    info.memory = static_cast<std::uint64_t>(n.value);
            }
        }
        devices_.emplace(id, std::move(info));
    }
    return {};
}

std::string KinetoImport::onTopLevelValue(std::string_view key, std::string_view json,
                                          std::uint64_t offset) {
    const bool devices = key == "deviceProperties" || key == "computeProperties";
    if (key == "distributedInfo" || key == "baseTimeNanoseconds")
        return onClockOrRank(key, json, offset);
    if (!devices && key != "syncscope")
        return {};  // other keys (metadata, record_shapes...) are not needed
    if (key == "syncscope" && splitter_->sawEvents())
        return fail(offset, "\"syncscope\" must come before \"traceEvents\"");
    dom::element value;
    if (auto code = parser_.parse(json.data(), json.size(), false).get(value); code)
        return fail(offset,
                    "\"" + std::string(key) + "\" is not JSON: " + simdjson::error_message(code));
    if (devices) {
        dom::array array;
        if (value.get_array().get(array))
            return fail(offset, "\"" + std::string(key) + "\" is not an array");
        if (auto err = parseDevices(array); !err.empty())
            return fail(offset, err);
        return {};
    }
    dom::object meta;
    if (value.get_object().get(meta))
        return fail(offset, "\"syncscope\" is not an object");
    syncscope_ = true;
    if (auto err = OwnExportReader::readMeta(meta, assembler_.trace()); !err.empty())
        return fail(offset, err);
    return {};
}

// What lets the ranks of one distributed step share a timeline (docs/trace-conventions.md).
std::string KinetoImport::onClockOrRank(std::string_view key, std::string_view json,
                                        std::uint64_t offset) {
    dom::element value;
    if (auto code = parser_.parse(json.data(), json.size(), false).get(value); code)
        return fail(offset,
                    "\"" + std::string(key) + "\" is not JSON: " + simdjson::error_message(code));
    if (key == "baseTimeNanoseconds") {
        std::int64_t base = 0;
        std::uint64_t unsigned_base = 0;
        if (value.get_int64().get(base) != simdjson::SUCCESS) {
            if (value.get_uint64().get(unsigned_base) == simdjson::SUCCESS)
                return fail(offset, "\"baseTimeNanoseconds\" is out of range");
            return fail(offset, "\"baseTimeNanoseconds\" is not an integer");
        }
        base_time_ns_ = base;
        return {};
    }
    dom::object info;
    if (value.get_object().get(info))
        return fail(offset, "\"distributedInfo\" is not an object");
    dom::element rank;
    if (info.at_key("rank").get(rank))
        return {};  // a backend without ranks: the trace is placed by its position
    std::int64_t r = -1;
    if (rank.get_int64().get(r) || r < 0 || r >= std::int64_t{1} << 31)
        return fail(offset, "\"distributedInfo.rank\" is not a rank (an integer from 0)");
    rank_ = static_cast<std::uint32_t>(r);
    return {};
}

ImportResult KinetoImport::run(ByteSource& source) {
    JsonEventSplitter splitter(source, *this);
    splitter_ = &splitter;
    source_progress_ = [&source] { return source.progress(); };
    size_hint_ = source.sizeHint();
    const bool two_threads = options_.threads == ImportThreads::Two ||
                             (options_.threads == ImportThreads::Auto &&
                              (size_hint_ == 0 || size_hint_ >= kTwoThreadsFrom) &&
                              std::thread::hardware_concurrency() > 1);
    const std::string error = two_threads ? splitOnTwoThreads(splitter) : splitter.run();
    splitter_ = nullptr;
    parser_ = simdjson::dom::parser{};  // its buffers are not needed to resolve the links
    if (!error.empty()) {
        // Handler errors are complete; the splitter's own carry only the location.
        result_.error = error.rfind(source_ + ": ", 0) == 0 ? error : source_ + ": " + error;
        return std::move(result_);
    }
    if (!splitter.sawEvents()) {
        result_.error = source_ + ": no \"traceEvents\" array";
        return std::move(result_);
    }
    if (syncscope_) {
        if (auto err = finishSyncscope(); !err.empty()) {
            result_.error = err;
            return std::move(result_);
        }
        Trace trace = std::move(assembler_.trace());
        result_.trace = std::move(trace);
    } else {
        finishKineto();
        const bool has_title = !assembler_.trace().title.empty();
        Trace trace = assembler_.finish(result_.stats);
        // Each time is within ±(2^62 - 1) ns, but rebased on the earliest one the latest may not
        // be: such a trace could not be saved, and the checker would refuse it.
        if (auto err = spanError(trace); !err.empty()) {
            result_.error = source_ + ": " + err;
            return std::move(result_);
        }
        if (!has_title)
            trace.title = source_;
        trace.source = source_;
        trace.rank = rank_;
        trace.clock.domain = base_time_ns_ ? ClockDomain::KinetoBase : ClockDomain::HostClock;
        if (base_time_ns_)
            trace.clock.origin_ns = saturatingAdd(trace.clock.origin_ns, *base_time_ns_);
        result_.trace = std::move(trace);
    }
    if (duplicate_key_events_ > kDuplicateKeyWarnings)
        result_.warnings.push_back(source_ + ": " +
                                   std::to_string(duplicate_key_events_ - kDuplicateKeyWarnings) +
                                   " more event(s) with a duplicate key; the last value is used");
    for (const auto& [reason, count] : result_.stats.skipped)
        result_.warnings.push_back(std::to_string(count) + " record(s) not shown: " + reason);
    if (options_.progress)
        options_.progress(1.0);
    return std::move(result_);
}

}  // namespace kineto

ImportResult KinetoImporter::importStream(ByteSource& source, std::string_view source_name,
                                          const ImportOptions& options) {
    kineto::KinetoImport import(source_name, options);
    return import.run(source);
}

}  // namespace syncscope
