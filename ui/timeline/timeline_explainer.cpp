#include "ui/timeline/timeline_explainer.h"

#include <algorithm>

#include "core/model/torch_call.h"
#include "ui/i18n/tr_text_translation.h"
#include "ui/timeline/collective_text.h"
#include "ui/timeline/event_details.h"

namespace syncscope {

void TimelineExplainer::setTrace(std::shared_ptr<const Trace> trace) {
    gaps_.reset();
    collectives_.reset();
    attribution_.reset();  // it refers to the old trace
    trace_ = std::move(trace);
}

const WaitAttribution& TimelineExplainer::attribution() const {
    if (!attribution_)
        attribution_ = std::make_unique<WaitAttribution>(*trace_);
    return *attribution_;
}

QString TimelineExplainer::details(std::uint32_t index) const {
    if (!trace_ || index >= trace_->events.size())
        return {};
    const auto kind = trace_->events[index].kind;
    if (const QString collective = collectiveAt(index); !collective.isEmpty())
        return describeEvent(*trace_, index) + QLatin1Char('\n') + collective;
    if (kind != EventKind::HostWait && kind != EventKind::StreamWait)
        return describeEvent(*trace_, index);
    return describeEvent(*trace_, index, &attribution());
}

EventDescription TimelineExplainer::description(std::uint32_t index) const {
    if (!trace_ || index >= trace_->events.size())
        return {};
    // A wait explains itself; so does the call that waited (a sync call, or a torch-level call
    // around one), so clicking the call says why as its wait sub-lane does (issue 38, item 10).
    const TraceEvent& e = trace_->events[index];
    const bool explains = e.kind == EventKind::HostWait || e.kind == EventKind::StreamWait ||
                          e.kind == EventKind::ApiCall ||
                          torchCallOf(*trace_, e) != TorchCall::None;
    EventDescription d = EventDescription::of(*trace_, index, explains ? &attribution() : nullptr);
    if (const QString collective = collectiveAt(index); !collective.isEmpty())
        d.explanation = collective;
    return d;
}

QString TimelineExplainer::collectiveAt(std::uint32_t index) const {
    if (!CollectiveMatcher::isNcclKernel(*trace_, trace_->events[index]))
        return {};
    if (!collectives_)
        collectives_ = CollectiveMatcher::match(*trace_);
    const auto c = CollectiveMatcher::find(*collectives_, index);
    return c ? collectiveSentence((*collectives_)[*c]) : QString();
}

const IdleGap* TimelineExplainer::gapAt(TimeNs t) const {
    if (!trace_)
        return nullptr;
    if (!gaps_)
        gaps_ = attribution().idleGaps();
    auto g = std::upper_bound(gaps_->begin(), gaps_->end(), t,
                              [](TimeNs v, const IdleGap& x) { return v < x.start_ns; });
    if (g == gaps_->begin() || std::prev(g)->end_ns < t)
        return nullptr;
    return &*std::prev(g);
}

QString TimelineExplainer::idleGapAt(TimeNs t) const {
    const IdleGap* gap = gapAt(t);
    return gap != nullptr ? translated(gap->text) : QString();
}

std::uint32_t TimelineExplainer::idleGapCauseAt(TimeNs t) const {
    const IdleGap* gap = gapAt(t);
    return gap != nullptr ? gap->cause_event : kNone;
}

}  // namespace syncscope
