#pragma once

#include <QString>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "core/analysis/collective_matcher.h"
#include "core/analysis/wait_attribution.h"
#include "core/model/trace.h"
#include "ui/timeline/event_description.h"

namespace syncscope {

// The words behind the pictures: details of an event and why the GPU was idle at a time, with
// core/analysis' attribution built on first use (it costs O(n log n), so not on every snapshot of
// a live run, only when someone hovers a wait or a gap).
class TimelineExplainer {
public:
    void setTrace(std::shared_ptr<const Trace> trace);

    // describeEvent, with the analysis' sentence for waits.
    QString details(std::uint32_t index) const;
    // The same as data, for the details pane.
    EventDescription description(std::uint32_t index) const;
    // The analysis' sentence for the GPU idle gap containing t, empty when t is in none.
    QString idleGapAt(TimeNs t) const;
    // The event that gap's sentence is mostly about (for an arrow to the cause), or kNone.
    std::uint32_t idleGapCauseAt(TimeNs t) const;

private:
    const IdleGap* gapAt(TimeNs t) const;
    const WaitAttribution& attribution() const;
    // For an NCCL kernel of a timeline of several ranks: who it waited for; empty otherwise.
    QString collectiveAt(std::uint32_t index) const;

    std::shared_ptr<const Trace> trace_;
    mutable std::unique_ptr<WaitAttribution> attribution_;  // refers to *trace_
    mutable std::optional<std::vector<IdleGap>> gaps_;
    mutable std::optional<std::vector<Collective>> collectives_;  // matched on first NCCL kernel
};

}  // namespace syncscope
