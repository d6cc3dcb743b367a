#include "ui/doctor/finding_callouts.h"

#include <QCoreApplication>

#include "ui/i18n/tr_text_translation.h"
#include "ui/timeline/event_details.h"

namespace syncscope {

std::vector<ResolvedCallout> findingCallouts(const Trace& trace,
                                             const std::vector<Finding>& findings,
                                             TimeNs gpu_span_ns, std::size_t count) {
    std::vector<ResolvedCallout> out;
    for (const Finding& f : findings) {
        if (out.size() >= count)
            break;
        if (f.occurrences.empty() || f.occurrences.front() >= trace.events.size())
            continue;
        QString cost;
        if (f.gpu_idle_ns > 0 && gpu_span_ns > 0)
            cost = QCoreApplication::translate("FindingCallouts", "%1% of the GPU's time")
                       .arg(100.0 * static_cast<double>(f.gpu_idle_ns) /
                                static_cast<double>(gpu_span_ns),
                            0, 'f', 1);
        else if (f.missed_gpu_ns > 0)
            cost = QCoreApplication::translate("FindingCallouts",
                                               "a timer after it misses %1 of GPU work")
                       .arg(durationText(f.missed_gpu_ns));
        else if (f.host_blocked_ns > 0)
            cost = QCoreApplication::translate("FindingCallouts", "host blocked %1")
                       .arg(durationText(f.host_blocked_ns));
        const QString title = translated(f.title);
        const QString text =
            cost.isEmpty()
                ? title
                : QCoreApplication::translate("FindingCallouts", "%1: %2").arg(title, cost);
        ResolvedCallout callout;
        callout.index = static_cast<std::size_t>(-1) - out.size();  // no scenario callout
        callout.event = f.occurrences.front();
        callout.text = text.toStdString();
        out.push_back(std::move(callout));
    }
    return out;
}

}  // namespace syncscope
