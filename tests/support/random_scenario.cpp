#include "tests/support/random_scenario.h"

namespace syncscope::test {

namespace {
constexpr std::uint64_t kMiB = 1024 * 1024;
}

Scenario RandomScenario::next() {
    Scenario s;
    s.title = "random";
    s.device = chance(0.7) ? "h200" : "laptop";
    s.schedule = static_cast<SchedulePolicy>(uniform(0, 3));
    const int stream_count = uniform(1, 4);
    bool legacy = false, per_thread = false;
    for (int i = 0; i < stream_count; ++i) {
        StreamSpec spec;
        spec.name = "s" + std::to_string(i);
        auto kind = static_cast<StreamKind>(uniform(0, 3));
        if ((kind == StreamKind::LegacyDefault && legacy) ||
            (kind == StreamKind::PerThreadDefault && per_thread))
            kind = StreamKind::Blocking;
        legacy |= kind == StreamKind::LegacyDefault;
        per_thread |= kind == StreamKind::PerThreadDefault;
        spec.kind = kind;
        spec.priority = -uniform(0, 3);
        s.streams.push_back(spec);
    }
    const int event_count = uniform(1, 3);
    for (int i = 0; i < event_count; ++i)
        s.events.push_back({"e" + std::to_string(i), chance(0.3), chance(0.7)});
    const int buffer_count = uniform(0, 3);
    for (int i = 0; i < buffer_count; ++i)
        s.buffers.push_back({"b" + std::to_string(i)});
    buffers_.assign(s.buffers.size(), Buffer{});
    const int pick = uniform(0, 2);
    s.pool.release_threshold = pick == 0   ? 0
                               : pick == 1 ? UINT64_MAX
                                           : static_cast<std::uint64_t>(uniform(1, 64)) * kMiB;
    batch_ = 0;
    const int steps = uniform(shape_.min_steps, shape_.max_steps);
    for (int i = 0; i < steps; ++i)
        s.program.push_back(randomStep(s, false));
    // As a reader would: synchronous copies and memsets on the default stream, so a written and
    // read-back scenario compares equal.
    assignDefaultStream(s);
    return s;
}

Step RandomScenario::kernel(const Scenario& s) {
    Step k;
    k.kind = StepKind::Kernel;
    k.stream = static_cast<std::uint32_t>(uniform(0, static_cast<int>(s.streams.size()) - 1));
    k.kernel = static_cast<KernelKind>(uniform(0, 2));
    if (k.kernel == KernelKind::Memory)
        k.bytes = static_cast<std::uint64_t>(uniform(1, 256)) * kMiB;
    else
        k.duration_ns = static_cast<TimeNs>(uniform(1, 800)) * 1000 + uniform(0, 999);
    k.grid = chance(0.8) ? static_cast<std::uint32_t>(uniform(1, 8))
                         : static_cast<std::uint32_t>(uniform(100, 2000));
    k.block = static_cast<std::uint32_t>(32 * uniform(1, 32));
    k.batch = batch_++;
    for (std::uint32_t b = 0; b < buffers_.size(); ++b) {
        const Buffer& buf = buffers_[b];
        // Malloc'ed memory is usable from any stream; pool memory only in its own stream's order.
        if ((buf.state == BufferState::Malloced ||
             (buf.state == BufferState::AsyncOnStream && buf.stream == k.stream)) &&
            chance(0.5))
            k.uses.push_back(b);
    }
    return k;
}

Step RandomScenario::randomStep(Scenario& s, bool in_repeat) {
    const auto streams = static_cast<int>(s.streams.size());
    const auto anyStream = [&] { return static_cast<std::uint32_t>(uniform(0, streams - 1)); };
    const auto anyEvent = [&] {
        return static_cast<std::uint32_t>(uniform(0, static_cast<int>(s.events.size()) - 1));
    };
    for (;;) {
        Step st;
        const int kind = uniform(0, kStepKindCount - 1);
        st.kind = static_cast<StepKind>(kind);
        switch (st.kind) {
            case StepKind::Kernel:
                return kernel(s);
            case StepKind::Memcpy:
                st.stream = anyStream();
                st.direction = static_cast<CopyDirection>(uniform(0, 3));
                st.bytes = static_cast<std::uint64_t>(uniform(1, 32 * 1024)) * 1024;
                st.pinned = chance(0.6);
                st.async = chance(0.6);
                if (!st.async && st.direction == CopyDirection::DeviceToHost)
                    st.mode = SyncMode::BlockingCopy;
                return st;
            case StepKind::Memset:
                st.stream = anyStream();
                st.bytes = static_cast<std::uint64_t>(uniform(1, 64)) * kMiB;
                st.async = chance(0.7);
                return st;
            case StepKind::EmptyCache:
                return st;
            case StepKind::Malloc:
            case StepKind::Free:
            case StepKind::MallocAsync:
            case StepKind::FreeAsync:
            case StepKind::TensorAlloc:
            case StepKind::TensorFree:
            case StepKind::RecordStream: {
                if (in_repeat || buffers_.empty())
                    continue;  // allocation state must stay linear
                const auto b =
                    static_cast<std::uint32_t>(uniform(0, static_cast<int>(buffers_.size()) - 1));
                Buffer& buf = buffers_[b];
                st.buffer = b;
                if (buf.state == BufferState::Free) {
                    st.bytes = static_cast<std::uint64_t>(uniform(1, 512)) * kMiB;
                    if (chance(0.3)) {
                        st.kind = StepKind::TensorAlloc;
                        st.bytes = static_cast<std::uint64_t>(uniform(1, 64 * 1024)) * 1024;
                        st.stream = anyStream();
                        buf = {BufferState::Tensor, st.stream};
                    } else if (chance(0.5)) {
                        st.kind = StepKind::Malloc;
                        st.mode = SyncMode::ImplicitAlloc;
                        buf.state = BufferState::Malloced;
                    } else {
                        st.kind = StepKind::MallocAsync;
                        st.stream = anyStream();
                        buf = {BufferState::AsyncOnStream, st.stream};
                    }
                } else if (buf.state == BufferState::Tensor) {
                    if (chance(0.4)) {
                        st.kind = StepKind::RecordStream;
                        st.stream = anyStream();
                    } else {
                        st.kind = StepKind::TensorFree;
                        buf.state = BufferState::Free;
                    }
                } else if (buf.state == BufferState::Malloced) {
                    st.kind = StepKind::Free;
                    st.mode = SyncMode::ImplicitAlloc;
                    buf.state = BufferState::Free;
                } else {
                    st.kind = StepKind::FreeAsync;
                    st.stream = buf.stream;
                    buf.state = BufferState::Free;
                }
                return st;
            }
            case StepKind::PoolTrim:
                st.bytes = chance(0.5) ? 0 : static_cast<std::uint64_t>(uniform(1, 128)) * kMiB;
                return st;
            case StepKind::EventRecord:
                st.stream = anyStream();
                st.event = anyEvent();
                return st;
            case StepKind::StreamWaitEvent:
                st.stream = anyStream();
                st.event = anyEvent();
                st.mode = SyncMode::StreamWaitEvent;
                return st;
            case StepKind::WaitStream:
                if (streams < 2)
                    continue;
                st.stream = anyStream();
                do
                    st.other_stream = anyStream();
                while (st.other_stream == st.stream);
                st.mode = SyncMode::WaitStream;
                return st;
            case StepKind::DeviceSync:
                st.mode = SyncMode::Device;
                return st;
            case StepKind::StreamSync:
                st.stream = anyStream();
                st.mode = SyncMode::Stream;
                return st;
            case StepKind::EventSync:
                st.event = anyEvent();
                st.mode = SyncMode::Event;
                return st;
            case StepKind::CpuSync:
                st.mode = SyncMode::CpuSynchronize;
                return st;
            case StepKind::EventQueryPoll:
                st.event = anyEvent();
                st.poll_interval_ns = static_cast<TimeNs>(uniform(1, 100)) * 1000;
                st.mode = SyncMode::EventQueryPoll;
                return st;
            case StepKind::HostCallback:
                st.stream = anyStream();
                st.duration_ns = static_cast<TimeNs>(uniform(1, 200)) * 1000;
                st.mode = SyncMode::HostCallback;
                return st;
            case StepKind::HostWork:
                st.duration_ns = static_cast<TimeNs>(uniform(1, 300)) * 1000;
                return st;
            case StepKind::Repeat: {
                if (in_repeat)
                    continue;
                st.count = static_cast<std::uint32_t>(uniform(2, 5));
                st.batch_stride = static_cast<std::uint32_t>(uniform(0, 1));
                const int body = uniform(1, 3);
                for (int i = 0; i < body; ++i)
                    st.body.push_back(randomStep(s, true));
                return st;
            }
        }
    }
}

}  // namespace syncscope::test
