#pragma once

#include <cstdint>
#include <string>

#include "core/model/trace.h"

namespace syncscope::test {

constexpr TimeNs us(double micros) {
    return static_cast<TimeNs>(micros * 1000.0);
}

// Builds hand-made traces the way docs/trace-conventions.md lays runs out: lane 0 the host thread,
// lane 1 its waits, then streams; every enqueuing call gets a fresh correlation id shared with its
// GPU op. Handles returned by the builder tweak the events they made, fluently:
//   auto k = b.kernel(s1, "spin_kernel").enq(us(0), us(5)).gpu(us(10), us(130)).batch(7);
class TraceBuilder {
public:
    // A call and (for enqueuing calls) the GPU op it made.
    class Op {
    public:
        Op(Trace* trace, std::uint32_t call, std::uint32_t op)
            : trace_(trace), call(call), op(op) {}
        Op& enq(TimeNs start, TimeNs ret) {
            if (call != kNone)
                set(call, start, ret);
            return *this;
        }
        Op& gpu(TimeNs start, TimeNs end) {
            if (op != kNone)
                set(op, start, end);
            return *this;
        }
        Op& batch(std::uint32_t value) {
            return each([&](TraceEvent& e) { e.batch = value; });
        }
        Op& step(std::uint32_t value) {
            return each([&](TraceEvent& e) { e.step = value; });
        }
        Op& mode(SyncMode value) {
            return each([&](TraceEvent& e) { e.mode = value; });
        }
        Op& flags(std::uint8_t value) {
            if (call != kNone)
                trace_->events[call].flags |= value;
            return *this;
        }
        Op& awaited(std::uint32_t index) {
            if (op != kNone)
                trace_->events[op].awaited = index;
            return *this;
        }

        Trace* trace_;
        std::uint32_t call;
        std::uint32_t op;

    private:
        void set(std::uint32_t i, TimeNs start, TimeNs end) {
            trace_->events[i].start_ns = start;
            trace_->events[i].end_ns = end;
        }
        template <typename Fn>
        Op& each(Fn fn) {
            if (call != kNone)
                fn(trace_->events[call]);
            if (op != kNone)
                fn(trace_->events[op]);
            return *this;
        }
    };

    TraceBuilder() {
        trace_.title = "hand-made";
        trace_.device.engine = "sim";
        trace_.device.clock_tolerance_ns = 0;
        const TimeNs wake[4] = {us(2), us(2), us(10), us(20)};
        for (int i = 0; i < 4; ++i)
            trace_.device.wake_latency_ns[i] = wake[i];
        trace_.addLane({LaneKind::HostThread, "host thread", kNone, StreamKind::NonBlocking, 0,
                        kNoLane, kNone});
        trace_.addLane(
            {LaneKind::HostWaits, "host waits", kNone, StreamKind::NonBlocking, 0, 0, kNone});
    }

    std::uint16_t stream(const std::string& name, StreamKind kind = StreamKind::NonBlocking) {
        const auto id = static_cast<std::uint32_t>(trace_.lanes.size() - 2);
        return trace_.addLane({LaneKind::Stream, name, id, kind, 0, kNoLane, kNone});
    }

    // An enqueuing call and its GPU op (times default to 0; set them with enq()/gpu()).
    Op enqueue(ApiId api, std::uint16_t lane, EventKind kind, const std::string& name,
               std::uint32_t cuda_event = kNone) {
        const std::uint32_t correlation = next_correlation_++;
        TraceEvent call;
        call.kind = EventKind::ApiCall;
        call.api = api;
        call.lane = 0;
        call.target_lane = lane;
        call.correlation = correlation;
        call.cuda_event = cuda_event;
        call.name = trace_.strings.intern(std::string(apiName(api)));
        TraceEvent op;
        op.kind = kind;
        op.api = api;
        op.lane = lane;
        op.correlation = correlation;
        op.cuda_event = cuda_event;
        op.name = trace_.strings.intern(name);
        const auto c = trace_.addEvent(call);
        const auto o = trace_.addEvent(op);
        trace_.flows.push_back({c, o, FlowKind::Launch});
        return Op(&trace_, c, o);
    }
    Op kernel(std::uint16_t lane, const std::string& name) {
        return enqueue(ApiId::LaunchKernel, lane, EventKind::Kernel, name);
    }
    Op record(std::uint16_t lane, std::uint32_t cuda_event, const std::string& name) {
        return enqueue(ApiId::EventRecord, lane, EventKind::EventMarker, name, cuda_event);
    }
    Op streamWait(std::uint16_t lane, std::uint32_t cuda_event) {
        return enqueue(ApiId::StreamWaitEvent, lane, EventKind::StreamWait, "wait", cuda_event);
    }
    Op hostFunction(std::uint16_t lane, const std::string& name) {
        return enqueue(ApiId::LaunchHostFunc, lane, EventKind::HostCallback, name);
    }

    // A call that enqueues nothing (syncs, queries, destroys...).
    Op call(ApiId api, TimeNs start, TimeNs end, std::uint16_t target = kNoLane,
            std::uint32_t cuda_event = kNone) {
        TraceEvent e;
        e.kind = EventKind::ApiCall;
        e.api = api;
        e.lane = 0;
        e.target_lane = target;
        e.cuda_event = cuda_event;
        e.start_ns = start;
        e.end_ns = end;
        e.name = trace_.strings.intern(std::string(apiName(api)));
        return Op(&trace_, trace_.addEvent(e), kNone);
    }

    std::uint32_t hostWait(TimeNs start, TimeNs end, std::uint32_t awaited = kNone,
                           std::uint8_t flags = event_flags::kSpinning, std::int64_t cpu_ns = -1) {
        TraceEvent e;
        e.kind = EventKind::HostWait;
        e.lane = 1;
        e.start_ns = start;
        e.end_ns = end;
        e.awaited = awaited;
        e.flags = flags;
        e.setCpuNs(cpu_ns);
        const auto index = trace_.addEvent(e);
        if (awaited != kNone)
            trace_.flows.push_back({index, awaited, FlowKind::Awaited});
        return index;
    }

    std::uint32_t hostWork(TimeNs start, TimeNs end, const std::string& name = "") {
        TraceEvent e;
        e.kind = EventKind::HostWork;
        e.lane = 0;
        e.start_ns = start;
        e.end_ns = end;
        e.name = trace_.strings.intern(name);
        return trace_.addEvent(e);
    }

    // A GPU op with no enqueuing call, as an importer without API records would produce.
    std::uint32_t bareOp(std::uint16_t lane, EventKind kind, TimeNs start, TimeNs end,
                         const std::string& name = "op") {
        TraceEvent e;
        e.kind = kind;
        e.lane = lane;
        e.start_ns = start;
        e.end_ns = end;
        e.name = trace_.strings.intern(name);
        return trace_.addEvent(e);
    }

    TraceBuilder& memory(MemorySample sample) {
        trace_.memory.push_back(sample);
        return *this;
    }

    Trace& trace() { return trace_; }

private:
    Trace trace_;
    std::uint32_t next_correlation_ = 1;
};

}  // namespace syncscope::test
