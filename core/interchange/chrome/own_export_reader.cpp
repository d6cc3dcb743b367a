#include "core/interchange/chrome/own_export_reader.h"

#include <algorithm>
#include <optional>

#include "core/model/sync_mode.h"
#include "core/scenario/scenario_reader.h"

namespace syncscope {

namespace dom = simdjson::dom;

namespace {

template <typename Enum, int Count, typename Fn>
std::optional<Enum> fromKey(std::string_view key, Fn&& name) {
    for (int i = 0; i < Count; ++i)
        if (name(static_cast<Enum>(i)) == key)
            return static_cast<Enum>(i);
    return std::nullopt;
}

}  // namespace

std::string OwnExportReader::toU32(const KinetoInt& value, std::string_view field,
                                   std::uint32_t& out) {
    if (!value.present)
        return {};
    if (value.value < 0 || value.value >= static_cast<std::int64_t>(kNone))
        return "\"" + std::string(field) + "\" is out of range (" + std::to_string(value.value) +
               ")";
    out = static_cast<std::uint32_t>(value.value);
    return {};
}

std::string OwnExportReader::readEvent(const KinetoRecord& r, Trace& trace) {
    TraceEvent e;
    e.start_ns = r.ts_ns;
    e.end_ns = r.ts_ns + r.dur_ns;
    e.name = trace.strings.intern(r.name);
    const auto kind =
        fromKey<EventKind, kEventKindCount>(r.kind, [](EventKind k) { return toString(k); });
    if (!kind)
        return "unknown event kind \"" + std::string(r.kind) + "\"";
    e.kind = *kind;
    if (!r.api.empty()) {
        const auto api = fromKey<ApiId, kApiIdCount>(r.api, [](ApiId a) { return toString(a); });
        if (!api)
            return "unknown api \"" + std::string(r.api) + "\"";
        e.api = *api;
    }
    if (!r.mode.empty()) {
        const auto mode = syncModeFromId(r.mode);
        if (!mode)
            return "unknown sync mode \"" + std::string(r.mode) + "\"";
        e.mode = *mode;
    }
    std::uint32_t lane = kNone, target = kNone, flags = 0;
    std::string err;
    if (err.empty())
        err = toU32(r.lane, "args.lane", lane);
    if (err.empty())
        err = toU32(r.target_lane, "args.target_lane", target);
    if (err.empty())
        err = toU32(r.step, "args.step", e.step);
    if (err.empty())
        err = toU32(r.batch, "args.batch", e.batch);
    if (err.empty())
        err = toU32(r.correlation, "args.correlation", e.correlation);
    if (err.empty())
        err = toU32(r.awaited, "args.awaited", e.awaited);
    if (err.empty())
        err = toU32(r.cuda_event, "args.cuda_event", e.cuda_event);
    if (err.empty())
        err = toU32(r.flags, "args.flags", flags);
    if (!err.empty())
        return err;
    if (lane >= trace.lanes.size())
        return "\"args.lane\" is missing or names no lane";
    if (target != kNone && target >= trace.lanes.size())
        return "\"args.target_lane\" names no lane";
    if (flags > 0xff)
        return "\"args.flags\" is out of range";
    if (r.bytes.present) {
        if (r.bytes.value < 0)
            return "\"args.bytes\" is negative";
        e.setBytes(static_cast<std::uint64_t>(r.bytes.value));
    }
    // The export writes cpu_ns only where the event holds CPU time (never beside bytes).
    if (e.holdsCpuTime())
        e.setCpuNs(r.cpu_ns.valueOr(-1));
    e.lane = static_cast<std::uint16_t>(lane);
    e.target_lane = target == kNone ? kNoLane : static_cast<std::uint16_t>(target);
    e.flags = static_cast<std::uint8_t>(flags);
    trace.addEvent(e);
    return {};
}

std::string OwnExportReader::readFlow(const KinetoRecord& r, Trace& trace) {
    std::uint32_t from = kNone, to = kNone;
    if (auto err = toU32(r.from, "args.from", from); !err.empty())
        return err;
    if (auto err = toU32(r.to, "args.to", to); !err.empty())
        return err;
    const auto kind = fromKey<FlowKind, 4>(r.cat, [](FlowKind k) { return toString(k); });
    if (!kind || from == kNone || to == kNone)
        return "flow without syncscope \"from\"/\"to\"/kind";
    trace.flows.push_back({from, to, *kind});
    return {};
}

std::string OwnExportReader::readMeta(dom::object meta, Trace& trace) {
    for (const auto field : meta) {
        const std::string_view key = field.key;
        const dom::element v = field.value;
        std::string_view text;
        KinetoInt n;
        if (key == "title" && KinetoRecordReader::readString(v, key, text).empty())
            trace.title = std::string(text);
        else if (key == "source" && KinetoRecordReader::readString(v, key, text).empty())
            trace.source = std::string(text);
        else if (key == "scenario" && KinetoRecordReader::readString(v, key, text).empty()) {
            ScenarioParseResult parsed = ScenarioReader::parse(text);
            if (!parsed.ok())
                return "\"syncscope.scenario\": the stored scenario is not valid: " +
                       parsed.errorText();
            trace.scenario = std::make_shared<const Scenario>(std::move(*parsed.scenario));
        } else if (key == "device") {
            dom::object device;
            if (v.get_object().get(device))
                return "\"syncscope.device\" is not an object";
            auto& d = trace.device;
            for (const auto df : device) {
                const std::string_view k = df.key;
                const dom::element dv = df.value;
                if (k == "name" || k == "engine" || k == "schedule") {
                    if (!KinetoRecordReader::readString(dv, k, text).empty())
                        return "\"syncscope.device." + std::string(k) + "\" is not a string";
                    if (k == "name")
                        d.name = std::string(text);
                    else if (k == "engine")
                        d.engine = std::string(text);
                    else if (auto p = fromKey<SchedulePolicy, 4>(
                                 text, [](SchedulePolicy s) { return toString(s); }))
                        d.schedule = *p;
                    continue;
                }
                if (k == "wake_latency_ns") {
                    dom::array arr;
                    if (dv.get_array().get(arr))
                        return "\"syncscope.device.wake_latency_ns\" is not an array";
                    int i = 0;
                    for (const dom::element item : arr) {
                        if (i >= 4 || !KinetoRecordReader::readInt(item, k, n).empty())
                            return "bad \"syncscope.device.wake_latency_ns\"";
                        d.wake_latency_ns[i++] = n.value;
                    }
                    continue;
                }
                if (!KinetoRecordReader::readInt(dv, k, n).empty())
                    return "\"syncscope.device." + std::string(k) + "\" is not a number";
                if (k == "sm_count")
                    d.sm_count = static_cast<int>(std::clamp<std::int64_t>(n.value, 0, 1 << 20));
                else if (k == "memory_bytes")
                    d.memory_bytes = static_cast<std::uint64_t>(std::max<std::int64_t>(n.value, 0));
                else if (k == "copy_engines")
                    d.copy_engines = static_cast<int>(std::clamp<std::int64_t>(n.value, 0, 64));
                else if (k == "timer_granularity_ns")
                    d.timer_granularity_ns = n.value;
                else if (k == "launch_cost_ns")
                    d.launch_cost_ns = n.value;
                else if (k == "clock_tolerance_ns")
                    d.clock_tolerance_ns = n.value;
                else if (k == "pool_release_threshold")
                    d.pool_release_threshold =
                        n.value < 0 ? UINT64_MAX : static_cast<std::uint64_t>(n.value);
            }
        } else if (key == "lanes") {
            dom::array lanes;
            if (v.get_array().get(lanes))
                return "\"syncscope.lanes\" is not an array";
            for (const dom::element item : lanes) {
                dom::object object;
                if (item.get_object().get(object))
                    return "a \"syncscope\" lane is not an object";
                Lane lane;
                for (const auto lf : object) {
                    const std::string_view k = lf.key;
                    const dom::element lv = lf.value;
                    if (k == "kind" || k == "name" || k == "stream_kind") {
                        if (!KinetoRecordReader::readString(lv, k, text).empty())
                            return "lane " + std::string(k) + " is not a string";
                        if (k == "name")
                            lane.name = std::string(text);
                        else if (k == "kind") {
                            auto kind =
                                fromKey<LaneKind, 6>(text, [](LaneKind l) { return toString(l); });
                            if (!kind)
                                return "unknown lane kind \"" + std::string(text) + "\"";
                            lane.kind = *kind;
                        } else if (auto sk = fromKey<StreamKind, 4>(
                                       text, [](StreamKind s) { return toString(s); })) {
                            lane.stream_kind = *sk;
                        }
                        continue;
                    }
                    if (!KinetoRecordReader::readInt(lv, k, n).empty())
                        return "lane " + std::string(k) + " is not a number";
                    if (k == "stream_id")
                        lane.stream_id = static_cast<std::uint32_t>(n.value);
                    else if (k == "priority")
                        lane.priority =
                            static_cast<int>(std::clamp<std::int64_t>(n.value, -1000, 1000));
                    else if (k == "parent")
                        lane.parent = n.value < 0 || n.value >= kNoLane
                                          ? kNoLane
                                          : static_cast<std::uint16_t>(n.value);
                    else if (k == "thread_id")
                        lane.thread_id = static_cast<std::uint32_t>(n.value);
                    else if (k == "rank") {
                        if (n.value < 0 || n.value >= std::int64_t{kNone})
                            return "lane rank " + std::to_string(n.value) +
                                   " is not between 0 and " + std::to_string(kNone - 1);
                        lane.rank = static_cast<std::uint32_t>(n.value);
                    } else if (k == "device" || k == "process_id") {
                        if (n.value < 0 || n.value >= std::int64_t{kNone})
                            return "lane " + std::string(k) + " " + std::to_string(n.value) +
                                   " is not between 0 and " + std::to_string(kNone - 1);
                        (k == "device" ? lane.device : lane.process_id) =
                            static_cast<std::uint32_t>(n.value);
                    } else if (k == "bookkeeping") {
                        lane.bookkeeping = n.value != 0;
                    }
                }
                if (trace.lanes.size() >= kNoLane - 1)
                    return "too many lanes";
                trace.lanes.push_back(std::move(lane));
            }
            for (const auto& lane : trace.lanes)
                if (lane.parent != kNoLane && lane.parent >= trace.lanes.size())
                    return "a lane's parent names no lane";
        }
    }
    return {};
}

}  // namespace syncscope
