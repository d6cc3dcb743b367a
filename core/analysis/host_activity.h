#pragma once

#include <string_view>

namespace syncscope {

// What a host event's name says the thread was doing (docs/semantics.md "Idle time, explained"),
// for the events that are not CUDA calls or waits: an op, a Python frame, a step or data-loader
// range, or what the trace records as one-time setup or the profiler's own work.
enum class HostActivity : unsigned char {
    Work,              // an op (aten::conv2d) or a call: computes or launches
    Python,            // a Python frame: "train.py(12): step", "<built-in method ...>",
                       // "<string>(1): <module>", "nn.Module: Linear_0"
    Step,              // the profiler's step marks, ranges rather than ops ("ProfilerStep#3")
    DataLoader,        // the data loader's next batch ("enumerate(DataLoader)#...")
    Startup,           // module loading, library handles, a lazy init, context creation
    ProfilerOverhead,  // the profiler's buffers, flushes and its own Python frames
};

HostActivity hostActivityOf(std::string_view name);

// The rows CUPTI adds about itself ("overhead" activities: "Activity Buffer Request", "Runtime
// Triggered Module Loading"), which a profiler writes on a row of their own, not on the thread
// they held: they hold whichever thread was then in CUDA.
bool isRecorderOverheadRow(std::string_view name);

}  // namespace syncscope
