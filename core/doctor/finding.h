#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/model/ids.h"
#include "core/model/tr_text.h"

namespace syncscope {

// One mistake the doctor found in a program's trace (docs/doctor.md): what it is, how often, what
// it cost, where it first happened, why it matters and how to fix it, and the course page that
// shows it.
struct Finding {
    std::string id;  // stable: "cpu-synchronize", "item-in-loop", ...
    TrText title;
    std::uint64_t count = 0;
    TimeNs host_blocked_ns = 0;  // host waits inside the calls
    TimeNs gpu_idle_ns = 0;      // GPU idle gaps they caused (docs/doctor.md "Cost")
    // A timing mistake costs no GPU time; what is at stake is the GPU work still running when the
    // "synchronized" timer read the clock.
    TimeNs missed_gpu_ns = 0;
    std::vector<std::uint32_t> occurrences;  // the first calls (event indices), in time order
    // This program's numbers in one sentence, where the counts alone do not say it ("A timer read
    // after it stops up to 7.48 ms before the GPU finishes the 53 ops still queued."); or empty.
    TrText detail;
    TrText why;
    TrText fix;
    std::string course_scenario;  // the built-in scenario of the course page about it, or ""

    // What the findings are ranked by: the GPU time lost, or for a timing mistake the GPU time
    // the timer does not see.
    TimeNs impactNs() const { return gpu_idle_ns + missed_gpu_ns; }
};

}  // namespace syncscope
