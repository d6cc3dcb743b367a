#pragma once

// Random but reproducible scenarios (a seed each) that use every step kind on every stream kind,
// with buffer steps kept valid (no double free, no use of an unallocated buffer).
#include <cstdint>
#include <random>
#include <vector>

#include "core/model/scenario.h"

namespace syncscope::simtest {

class RandomScenario {
public:
    explicit RandomScenario(unsigned seed) : rng_(seed) {}

    Scenario make() {
        Scenario s;
        s.title = "random";
        s.device = pick(2) == 0 ? "h200" : "laptop";
        s.schedule = SchedulePolicy(pick(4));
        const std::uint32_t streams = 1 + pick(5);
        bool legacy = false, per_thread = false;
        for (std::uint32_t i = 0; i < streams; ++i) {
            auto kind = StreamKind(pick(4));
            if ((kind == StreamKind::LegacyDefault && legacy) ||
                (kind == StreamKind::PerThreadDefault && per_thread))
                kind = StreamKind::Blocking;
            legacy |= kind == StreamKind::LegacyDefault;
            per_thread |= kind == StreamKind::PerThreadDefault;
            s.streams.push_back({"s" + std::to_string(i), kind, int(pick(3)) - 1});
        }
        for (int i = 0; i < 3; ++i)
            s.events.push_back({"e" + std::to_string(i), pick(2) == 0, true});
        for (int i = 0; i < 3; ++i)
            s.buffers.push_back({"b" + std::to_string(i)});
        s.pool.release_threshold = pick(2) == 0 ? 0 : UINT64_MAX;
        allocated_.assign(3, 0);
        const std::uint32_t n = 20 + pick(60);
        for (std::uint32_t i = 0; i < n; ++i)
            s.program.push_back(randomStep(streams));
        return s;
    }

private:
    std::uint32_t pick(std::uint32_t n) {
        return std::uniform_int_distribution<std::uint32_t>(0, n - 1)(rng_);
    }

    Step randomStep(std::uint32_t streams) {
        Step st;
        st.stream = pick(streams);
        st.event = pick(3);
        st.batch = pick(4);
        const std::uint32_t buffer = pick(3);
        switch (pick(20)) {
            case 0:
            case 1:
            case 2:
            case 3:
                st.kind = StepKind::Kernel;
                st.duration_ns = 1'000 * (1 + pick(200));
                st.grid = pick(4) == 0 ? 1 + pick(5000) : 1 + pick(8);
                st.block = 32 * (1 + pick(32));
                for (std::uint32_t b = 0; b < 3; ++b)
                    if (allocated_[b] && pick(2) == 0)
                        st.uses.push_back(b);
                break;
            case 4:
                st.kind = StepKind::Memcpy;
                st.direction = CopyDirection(pick(4));
                st.pinned = pick(2) == 0;
                st.async = pick(2) == 0;
                st.bytes = 1 + pick(4'000'000);
                break;
            case 5:
                st.kind = StepKind::Memset;
                st.async = pick(2) == 0;
                st.bytes = 1 + pick(1'000'000);
                break;
            case 6:
                st.buffer = buffer;
                if (allocated_[buffer]) {
                    st.kind = pick(2) == 0 ? StepKind::Free : StepKind::FreeAsync;
                    allocated_[buffer] = 0;
                } else {
                    st.kind = pick(2) == 0 ? StepKind::Malloc : StepKind::MallocAsync;
                    st.bytes = 1 + pick(1u << 30);
                    allocated_[buffer] = 1;
                }
                break;
            case 7:
                st.kind = StepKind::PoolTrim;
                st.bytes = pick(1u << 29);
                break;
            case 8:
            case 9:
                st.kind = StepKind::EventRecord;
                break;
            case 10:
                st.kind = StepKind::StreamWaitEvent;
                break;
            case 11:
                st.kind = StepKind::WaitStream;
                st.other_stream = pick(streams);
                break;
            case 12:
                st.kind = StepKind::DeviceSync;
                break;
            case 13:
                st.kind = StepKind::StreamSync;
                break;
            case 14:
                st.kind = StepKind::EventSync;
                break;
            case 15:
                st.kind = StepKind::CpuSync;
                break;
            case 16:
                st.kind = StepKind::EventQueryPoll;
                st.poll_interval_ns = 500 + pick(20'000);
                break;
            case 17:
                st.kind = StepKind::HostCallback;
                st.duration_ns = 1'000 * pick(50);
                break;
            case 18:
                st.kind = StepKind::HostWork;
                st.duration_ns = 1'000 * pick(100);
                break;
            default: {
                st.kind = StepKind::Repeat;
                st.count = 1 + pick(4);
                st.batch_stride = 1;
                // Bodies without buffer steps, so the allocation bookkeeping above stays exact.
                const std::vector<char> allocated = allocated_;
                for (std::uint32_t i = 0, n = 1 + pick(4); i < n; ++i) {
                    Step inner = randomStep(streams);
                    allocated_ = allocated;
                    if (inner.kind == StepKind::Repeat || inner.kind == StepKind::Malloc ||
                        inner.kind == StepKind::Free || inner.kind == StepKind::MallocAsync ||
                        inner.kind == StepKind::FreeAsync) {
                        inner = Step{};
                        inner.kind = StepKind::Kernel;
                        inner.stream = pick(streams);
                        inner.duration_ns = 5'000;
                    }
                    inner.uses.clear();
                    st.body.push_back(inner);
                }
            }
        }
        return st;
    }

    std::mt19937 rng_;
    std::vector<char> allocated_;
};

}  // namespace syncscope::simtest
