#include "ui/timeline/collective_text.h"

#include <QCoreApplication>

#include "ui/timeline/event_details.h"

namespace syncscope {

QString collectiveSentence(const Collective& c) {
    const QString name =
        QStringLiteral("%1 #%2").arg(QString::fromStdString(c.kind)).arg(c.ordinal);
    const auto waiting = CollectiveMatcher::waitingRanks(c);
    if (waiting.empty())
        return QCoreApplication::translate("CollectiveText",
                                           "%1: only rank %2 has it; no rank waited for another")
            .arg(name)
            .arg(c.lastArrival().rank);
    const QString waits =
        c.min_wait_ns == c.max_wait_ns
            ? durationText(c.max_wait_ns)
            : QStringLiteral("%1–%2").arg(durationText(c.min_wait_ns), durationText(c.max_wait_ns));
    const QString text =
        waiting.size() == 1
            ? QCoreApplication::translate("CollectiveText",
                                          "%1: rank %2 arrived last; rank %3 waited %4 for it")
            : QCoreApplication::translate("CollectiveText",
                                          "%1: rank %2 arrived last; ranks %3 waited %4 for it");
    return text.arg(name)
        .arg(c.lastArrival().rank)
        .arg(QString::fromStdString(CollectiveMatcher::rankList(waiting)), waits);
}

}  // namespace syncscope
