// PLACEHOLDER until the simulator lands on main: a trivial sequential engine so the window links.
#include <thread>

#include "core/engine/engine_factory.h"
#include "core/engine/trace_delta_emitter.h"

namespace syncscope {
namespace {
class PlaceholderSim final : public Engine {
public:
    std::string_view id() const noexcept override { return "sim"; }
    EngineAvailability availability() const noexcept override { return {true, "placeholder", ""}; }
    RunResult run(const Scenario& scenario, EngineObserver& observer,
                  const CancelToken& cancel) noexcept override {
        RunResult r;
        r.trace.title = scenario.title;
        r.trace.device.name = "placeholder";
        r.trace.device.engine = "sim";
        Lane host;
        host.kind = LaneKind::HostThread;
        r.trace.addLane(host);
        Lane waits;
        waits.kind = LaneKind::HostWaits;
        waits.parent = 0;
        r.trace.addLane(waits);
        for (std::size_t i = 0; i < scenario.streams.size(); ++i) {
            Lane l;
            l.kind = LaneKind::Stream;
            l.stream_id = std::uint32_t(i);
            r.trace.addLane(l);
        }
        TraceDeltaEmitter emitter(r.trace, observer);
        TimeNs t = 0;
        const auto steps = expandProgram(scenario.program);
        for (std::size_t i = 0; i < steps.size(); ++i) {
            if (cancel.cancelled()) {
                r.status = RunStatus::Cancelled;
                emitter.flush();
                return r;
            }
            if (steps[i].kind != StepKind::Kernel)
                continue;
            TraceEvent e;
            e.kind = EventKind::Kernel;
            e.start_ns = t;
            e.end_ns = t + std::max<TimeNs>(steps[i].duration_ns, 1000);
            t = e.end_ns;
            e.lane = std::uint16_t(2 + steps[i].stream);
            e.step = std::uint32_t(i);
            e.batch = steps[i].batch;
            e.name = r.trace.strings.intern("kernel");
            r.trace.addEvent(e);
            emitter.maybeFlush();
            if (i % 64 == 0)
                std::this_thread::sleep_for(std::chrono::microseconds(200));
        }
        emitter.flush();
        r.status = RunStatus::Ok;
        return r;
    }
};
}  // namespace
std::unique_ptr<Engine> makeSimEngine() {
    return std::make_unique<PlaceholderSim>();
}
}  // namespace syncscope
