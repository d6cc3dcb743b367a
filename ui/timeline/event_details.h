#pragma once

#include <QString>
#include <cstdint>

#include "core/model/trace.h"

namespace syncscope {

class WaitAttribution;

// Text for the details pane and tooltips: what the event is (kind, name, lane, start, duration,
// batch, step, bytes) and, for a wait, what it waited for and how (docs/architecture.md section 5
// "The timeline": "waited 1.8 ms for kernel 7 on stream 2"). Lines are separated by '\n'.
QString describeEvent(const Trace& trace, std::uint32_t index);
// The same, plus core/analysis' attribution of a wait ("The host waited 1.80 ms in
// cudaStreamSynchronize for kernel …; it woke 2.0 µs after the kernel ended (spinning).") — it also
// finds the awaited work when the trace has no `awaited` link (imports).
QString describeEvent(const Trace& trace, std::uint32_t index, const WaitAttribution* attribution);

// The one sentence about a wait, e.g.
// "waited 1.80 ms for kernel spin_kernel (batch 7) on stream 2; spinning". Empty for non-waits.
QString describeWait(const Trace& trace, std::uint32_t index);

// The name a lane goes by: its own, else "stream N", else its kind.
QString laneLabel(const Trace& trace, std::uint16_t lane);
// What the event's flags say, comma separated ("implicit sync, pageable host memory"); may be
// empty.
QString eventNotes(const TraceEvent& event);

// A short one-line title for tooltips: "Kernel spin_kernel — 1.80 ms".
QString eventTitle(const Trace& trace, std::uint32_t index);

// core/analysis/time_format's wording as a QString: "850 ns", "12.3 µs", "1.80 ms", "2.50 s".
QString durationText(TimeNs ns);
// Binary units, labelled as such (pytorch #120171): "512 B", "1.50 KiB", "64.0 MiB", "2.00 GiB".
QString formatBytes(std::uint64_t bytes);
// Human name of a kind: "kernel", "copy", "host wait", ...
QString kindLabel(EventKind kind);

}  // namespace syncscope
