#include "core/sim/sim_gpu.h"

#include <algorithm>

namespace syncscope {

SimGpu::SimGpu(const DeviceProfile& profile, const std::vector<StreamSpec>& streams,
               SimEventTable& events, SimMemory& memory, SimTraceWriter& writer)
    : device_(profile), events_(events), memory_(memory), writer_(writer) {
    streams_.reserve(streams.size());
    for (std::uint32_t i = 0; i < streams.size(); ++i) {
        streams_.emplace_back(streams[i].kind, device_.clampPriority(streams[i].priority),
                              SimTraceWriter::streamLane(i));
        if (streams[i].kind == StreamKind::LegacyDefault)
            legacy_ = i;
    }
    candidates_.reserve(streams.size());
}

std::uint32_t SimGpu::enqueue(std::uint32_t stream, const SimOp& op, bool device_wide) {
    const std::uint32_t seq = next_seq_++;
    // Only a new head can start; an op queued behind others changes nothing until they end.
    if (streams_[stream].empty())
        dirty_ = true;
    SimOp& queued = streams_[stream].push(op);
    queued.seq = seq;
    queued.barrier = device_wide ? seq : barrier_;
    queued.running = false;
    if (device_wide)
        barrier_ = seq + 1;
    ++in_flight_;
    return seq;
}

void SimGpu::advanceTo(TimeNs t) {
    for (;;) {
        if (dirty_) {
            dispatch();
            dirty_ = false;
        }
        const TimeNs next = nextEventTime();
        if (next > t)
            break;
        now_ = next;
        completeDue();
        dirty_ = true;
    }
    if (t > now_)
        now_ = t;
}

void SimGpu::stuck() {
    throw std::logic_error("internal simulator error: the GPU model cannot make progress");
}

// Starts every head op whose dependencies hold, then works out when the next thing happens.
// Nothing ends here (ends happen in completeDue), so the oldest unfinished op of each stream is
// fixed for the whole pass.
void SimGpu::dispatch() {
    std::uint32_t oldest_all = SimStream::kAllDone;
    std::uint32_t oldest_blocking = SimStream::kAllDone;
    std::uint32_t oldest_legacy = SimStream::kAllDone;
    if (barrier_ > 0 || legacy_ != kNone) {
        for (const SimStream& s : streams_) {
            const std::uint32_t front = s.frontSeq();
            oldest_all = std::min(oldest_all, front);
            if (s.orderedWithLegacy())
                oldest_blocking = std::min(oldest_blocking, front);
        }
        if (legacy_ != kNone)
            oldest_legacy = streams_[legacy_].frontSeq();
    }

    TimeNs next = kNever;
    candidates_.clear();
    for (std::uint32_t i = 0; i < streams_.size(); ++i) {
        SimStream& s = streams_[i];
        if (s.empty())
            continue;
        SimOp& op = s.front();
        if (op.running && op.between_waves) {
            candidates_.push_back(i);  // its next wave needs SM slots again
            continue;
        }
        if (op.running) {
            if (op.end == kEndUnknown && waitReleased(op))
                op.end = now_;
            if (op.end != kEndUnknown)
                next = std::min(next, op.end);
            continue;
        }
        if (op.ready > now_) {
            next = std::min(next, op.ready);
            continue;
        }
        if (op.barrier > oldest_all)
            continue;
        // An allocation the pool tied to a free on another stream waits until that free is done.
        if (op.kind == SimOpKind::MemoryOp && op.dep_stream != kNone &&
            streams_[op.dep_stream].frontSeq() <= op.dep_seq)
            continue;
        if (i == legacy_ && oldest_blocking < op.seq)
            continue;
        if (s.orderedWithLegacy() && oldest_legacy < op.seq)
            continue;
        candidates_.push_back(i);
    }
    // Insertion sort: a handful of streams at most, and usually already in order.
    for (std::size_t i = 1; i < candidates_.size(); ++i) {
        const std::uint32_t c = candidates_[i];
        const auto before = [&](std::uint32_t a, std::uint32_t b) {
            const int pa = effectivePriority(a), pb = effectivePriority(b);
            return pa != pb ? pa < pb : streams_[a].front().seq < streams_[b].front().seq;
        };
        std::size_t j = i;
        for (; j > 0 && before(c, candidates_[j - 1]); --j)
            candidates_[j] = candidates_[j - 1];
        candidates_[j] = c;
    }
    bool sm_blocked = false;
    for (const std::uint32_t i : candidates_) {
        SimOp& op = streams_[i].front();
        if (start(op, sm_blocked) && op.end != kEndUnknown)
            next = std::min(next, op.end);
    }
    next_event_ = next;
}

int SimGpu::effectivePriority(std::uint32_t stream) const {
    // Priorities order kernel launches only; copies ignore them (cuStreamCreateWithPriority).
    const SimOpKind kind = streams_[stream].front().kind;
    if (kind == SimOpKind::Copy || kind == SimOpKind::HostToHost)
        return device_.clampPriority(device_.profile().least_priority);
    return streams_[stream].priority();
}

bool SimGpu::start(SimOp& op, bool& sm_blocked) {
    if (op.blocks > 0) {
        const SmDemand demand{op.blocks, op.threads};
        if (sm_blocked || !device_.fits(demand)) {
            sm_blocked = true;
            return false;
        }
        device_.acquire(demand);
        if (op.between_waves) {  // the next wave of a kernel already running
            op.between_waves = false;
            --op.waves_left;
            op.end = now_ + op.wave;
            return true;
        }
    } else if (op.engine != kNoCopyEngine) {
        if (!device_.engineFree(op.engine))
            return false;
        device_.setEngineBusy(op.engine, true);
    } else if (op.kind == SimOpKind::HostCallback) {
        if (!device_.callbackThreadFree())
            return false;
        device_.setCallbackThreadBusy(true);
    }
    op.running = true;
    op.start = now_;
    // The driver's callback thread wakes up to run a host function: the stream is held from
    // now, the function runs from then.
    if (op.kind == SimOpKind::HostCallback)
        op.start += device_.profile().host_func_start_ns;
    if (op.kind == SimOpKind::StreamWait)
        op.end = waitReleased(op) ? now_ : kEndUnknown;
    else if (op.waves_left > 0)
        op.end = op.start + op.wave;  // the first wave
    else
        op.end = op.start + op.duration;
    return true;
}

void SimGpu::completeDue() {
    for (std::uint32_t i = 0; i < streams_.size(); ++i) {
        SimStream& s = streams_[i];
        if (s.empty())
            continue;
        SimOp& op = s.front();
        if (!op.running || op.end == kEndUnknown || op.end > now_)
            continue;
        if (op.waves_left > 0) {
            // A wave ended: its slots are free for whoever comes first by priority, this kernel's
            // next wave included (dispatch).
            device_.release({op.blocks, op.threads});
            op.between_waves = true;
            op.end = kEndUnknown;
            continue;
        }
        complete(i);
    }
}

void SimGpu::complete(std::uint32_t stream) {
    SimStream& s = streams_[stream];
    const SimOp& op = s.front();
    if (op.blocks > 0)
        device_.release({op.blocks, op.threads});
    if (op.engine != kNoCopyEngine)
        device_.setEngineBusy(op.engine, false);
    if (op.kind == SimOpKind::HostCallback)
        device_.setCallbackThreadBusy(false);

    TraceEvent e;
    e.start_ns = op.start;
    e.end_ns = op.end;
    e.setBytes(op.bytes);
    e.name = op.name;
    e.step = op.step;
    e.batch = op.batch;
    e.correlation = op.correlation;
    e.cuda_event = op.cuda_event;
    e.lane = s.lane();
    e.kind = op.event_kind;
    e.api = op.api;
    e.mode = op.mode;
    e.flags = op.flags;
    std::uint32_t marker = kNone;
    if (op.kind == SimOpKind::StreamWait && op.record != kNone) {
        marker = events_.slot(op.record).marker;
        e.awaited = marker;
    }
    const std::uint32_t index = writer_.add(e);
    if (op.api_event != kNone)
        writer_.flow(op.api_event, index, FlowKind::Launch);
    if (marker != kNone)
        writer_.flow(marker, index, FlowKind::Record);
    if (op.kind == SimOpKind::Marker)
        events_.reached(op.record, op.end, index);
    if (op.kind == SimOpKind::MemoryOp && op.frees)
        memory_.freeReached(op.pool_memory ? SimMemory::Kind::Pool : SimMemory::Kind::Device,
                            op.seq, op.bytes, op.end);

    // What a sync names as awaited: the op that ended last. A zero-length bookkeeping op (record,
    // stream-ordered alloc/free, a wait that did not stall) ending at the same instant as real work
    // does not displace it, so "waited for kernel k" is what the user reads.
    const bool bookkeeping =
        op.end == op.start && (op.kind == SimOpKind::Marker || op.kind == SimOpKind::MemoryOp ||
                               op.kind == SimOpKind::StreamWait);
    if (s.lastEvent() == kNone || op.end > s.lastEnd() || !bookkeeping)
        s.setLastEnded(op.end, index);
    if (last_event_ == kNone || op.end > last_end_ || (op.end == last_end_ && !bookkeeping)) {
        last_end_ = op.end;
        last_event_ = index;
    }
    s.pop();
    --in_flight_;
}

}  // namespace syncscope
