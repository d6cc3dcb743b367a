#include "ui/timeline/lane_label.h"

#include <QCoreApplication>
#include <string_view>

#include "core/model/scenario.h"

namespace syncscope {

namespace {

// The engines' stream kinds, as they write them after a stream's name (core toString()).
QString streamKindText(StreamKind kind) {
    switch (kind) {
        case StreamKind::NonBlocking:
            return QCoreApplication::translate("LaneLabel", "non-blocking");
        case StreamKind::Blocking:
            return QCoreApplication::translate("LaneLabel", "blocking");
        case StreamKind::LegacyDefault:
            return QCoreApplication::translate("LaneLabel", "legacy-default");
        case StreamKind::PerThreadDefault:
            return QCoreApplication::translate("LaneLabel", "per-thread-default");
    }
    return {};
}

}  // namespace

QString LaneLabel::text(const Lane& lane, std::uint16_t index) {
    const std::string_view name = lane.name;
    if (name.empty())
        return QCoreApplication::translate("LaneLabel", "lane %1").arg(index);
    if (lane.kind == LaneKind::HostThread && name == "host thread")
        return QCoreApplication::translate("LaneLabel", "host thread");
    if (lane.kind == LaneKind::HostWaits && name == "host waits")
        return QCoreApplication::translate("LaneLabel", "host waits");
    if (lane.kind == LaneKind::Stream) {
        // "<scenario's stream name> (<kind>)", as both engines write it: the kind is ours.
        const std::string suffix = " (" + std::string(toString(lane.stream_kind)) + ")";
        if (name.size() > suffix.size() && name.ends_with(suffix)) {
            const std::string_view own = name.substr(0, name.size() - suffix.size());
            return QCoreApplication::translate("LaneLabel", "%1 (%2)")
                .arg(QString::fromUtf8(own.data(), qsizetype(own.size())),
                     streamKindText(lane.stream_kind));
        }
    }
    return QString::fromUtf8(name.data(), qsizetype(name.size()));
}

QString LaneLabel::collapsedGroup(const QString& group, std::size_t count) {
    // Two sources rather than %n: the English reads right without plural rules loaded.
    const QString pattern = count == 1
                                ? QCoreApplication::translate("LaneLabel", "▸ %1 (%2 lane)")
                                : QCoreApplication::translate("LaneLabel", "▸ %1 (%2 lanes)");
    return pattern.arg(group).arg(count);
}

}  // namespace syncscope
