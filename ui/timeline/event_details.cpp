#include "ui/timeline/event_details.h"

#include <QCoreApplication>
#include <QStringList>
#include <cmath>

#include "core/analysis/time_format.h"
#include "core/analysis/wait_attribution.h"
#include "ui/i18n/step_label_text.h"
#include "ui/i18n/sync_mode_texts.h"
#include "ui/i18n/tr_text_translation.h"
#include "ui/timeline/lane_label.h"

namespace syncscope {

namespace {

QString threeDigits(double v) {
    const int decimals = v < 9.995 ? 2 : (v < 99.95 ? 1 : 0);
    return QString::number(v, 'f', decimals);
}

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

QString laneName(const Trace& trace, std::uint16_t lane) {
    if (lane >= trace.lanes.size())
        return QCoreApplication::translate("EventDescription", "lane %1").arg(lane);
    const auto& l = trace.lanes[lane];
    if (!l.name.empty())
        return LaneLabel::text(l, lane);  // the engines' generated names in the user's language
    if (l.kind == LaneKind::Stream && l.stream_id != kNone)
        return QCoreApplication::translate("EventDescription", "stream %1").arg(l.stream_id);
    return qs(toString(l.kind));
}

// "kernel spin_kernel (batch 7) on stream 2"
QString whatAndWhere(const Trace& trace, const TraceEvent& e) {
    QString s = kindLabel(e.kind);
    const QString name = StepLabelText::once(trace, e);
    if (!name.isEmpty())
        s += QLatin1Char(' ') + name;
    if (e.batch != kNone)
        s = QCoreApplication::translate("EventDescription", "%1 (batch %2)").arg(s).arg(e.batch);
    return QCoreApplication::translate("EventDescription", "%1 on %2")
        .arg(s, laneName(trace, e.lane));
}

}  // namespace

QString laneLabel(const Trace& trace, std::uint16_t lane) {
    return laneName(trace, lane);
}

QString eventNotes(const TraceEvent& e) {
    QStringList flags;
    if (e.flags & event_flags::kImplicitSync)
        flags << QCoreApplication::translate("EventDescription", "implicit sync");
    if (e.flags & event_flags::kPageable)
        flags << QCoreApplication::translate("EventDescription", "pageable host memory");
    if (e.flags & event_flags::kQueueFull)
        flags << QCoreApplication::translate("EventDescription", "blocked: launch queue full");
    if (e.flags & event_flags::kFailed)
        flags << QCoreApplication::translate("EventDescription", "failed");
    if (e.kind == EventKind::ApiCall && (e.flags & event_flags::kQueryReady))
        flags << QCoreApplication::translate("EventDescription", "query returned ready");
    return flags.join(QStringLiteral(", "));
}

QString durationText(TimeNs ns) {
    return QString::fromStdString(formatDuration(ns));
}

QString formatBytes(std::uint64_t bytes) {
    const double b = static_cast<double>(bytes);
    if (bytes < 1024)
        return QStringLiteral("%1 B").arg(bytes);
    if (b < 1024.0 * 1024.0)
        return threeDigits(b / 1024.0) + QStringLiteral(" KiB");
    if (b < 1024.0 * 1024.0 * 1024.0)
        return threeDigits(b / (1024.0 * 1024.0)) + QStringLiteral(" MiB");
    return threeDigits(b / (1024.0 * 1024.0 * 1024.0)) + QStringLiteral(" GiB");
}

QString kindLabel(EventKind kind) {
    switch (kind) {
        case EventKind::ApiCall:
            return QCoreApplication::translate("EventDescription", "API call");
        case EventKind::HostWait:
            return QCoreApplication::translate("EventDescription", "host wait");
        case EventKind::HostWork:
            return QCoreApplication::translate("EventDescription", "host work");
        case EventKind::Kernel:
            return QCoreApplication::translate("EventDescription", "kernel");
        case EventKind::Memcpy:
            return QCoreApplication::translate("EventDescription", "copy");
        case EventKind::Memset:
            return QCoreApplication::translate("EventDescription", "memset");
        case EventKind::EventMarker:
            return QCoreApplication::translate("EventDescription", "event record");
        case EventKind::StreamWait:
            return QCoreApplication::translate("EventDescription", "stream wait");
        case EventKind::HostCallback:
            return QCoreApplication::translate("EventDescription", "host callback");
        case EventKind::MemoryOp:
            return QCoreApplication::translate("EventDescription", "memory op");
        case EventKind::Annotation:
            return QCoreApplication::translate("EventDescription", "annotation");
        case EventKind::Error:
            return QCoreApplication::translate("EventDescription", "error");
        case EventKind::Generic:
            return QCoreApplication::translate("EventDescription", "event");
    }
    return QCoreApplication::translate("EventDescription", "event");
}

QString describeWait(const Trace& trace, std::uint32_t index) {
    if (index >= trace.events.size())
        return {};
    const auto& e = trace.events[index];
    if (e.kind != EventKind::HostWait && e.kind != EventKind::StreamWait)
        return {};
    const bool host = e.kind == EventKind::HostWait;
    const QString d = durationText(e.duration());
    QString s;
    if (e.awaited < trace.events.size()) {
        const QString what = whatAndWhere(trace, trace.events[e.awaited]);
        s = host
                ? QCoreApplication::translate("EventDescription", "waited %1 for %2").arg(d, what)
                : QCoreApplication::translate("EventDescription", "stalled %1 for %2").arg(d, what);
    } else {
        s = host ? QCoreApplication::translate("EventDescription",
                                               "waited %1 (what released it is not recorded)")
                       .arg(d)
                 : QCoreApplication::translate("EventDescription",
                                               "stalled %1 (what released it is not recorded)")
                       .arg(d);
    }
    if (e.flags & event_flags::kSpinning)
        s = QCoreApplication::translate("EventDescription", "%1; spinning").arg(s);
    else if (e.flags & event_flags::kSleeping)
        s = QCoreApplication::translate("EventDescription", "%1; sleeping").arg(s);
    return s;
}

QString eventTitle(const Trace& trace, std::uint32_t index) {
    if (index >= trace.events.size())
        return {};
    const auto& e = trace.events[index];
    QString s = kindLabel(e.kind);
    s[0] = s[0].toUpper();
    const QString name = StepLabelText::once(trace, e);
    if (!name.isEmpty())
        s += QLatin1Char(' ') + name;
    return s + QStringLiteral(" — ") + durationText(e.duration());
}

QString describeEvent(const Trace& trace, std::uint32_t index) {
    if (index >= trace.events.size())
        return QCoreApplication::translate("EventDescription", "no event %1 in this trace")
            .arg(index);
    const auto& e = trace.events[index];
    QStringList lines;
    lines << eventTitle(trace, index);
    lines
        << QCoreApplication::translate("EventDescription", "lane: %1").arg(laneName(trace, e.lane));
    lines << QCoreApplication::translate("EventDescription", "start: %1, end: %2")
                 .arg(durationText(e.start_ns), durationText(e.end_ns));
    QStringList ids;
    if (e.batch != kNone)
        ids << QCoreApplication::translate("EventDescription", "batch %1").arg(e.batch);
    if (e.step != kNone)
        ids << QCoreApplication::translate("EventDescription", "step %1").arg(e.step);
    if (e.correlation != kNone)
        ids << QCoreApplication::translate("EventDescription", "correlation %1").arg(e.correlation);
    if (!ids.isEmpty())
        lines << ids.join(QStringLiteral(", "));
    if (e.api != ApiId::None && !apiName(e.api).empty())
        lines
            << QCoreApplication::translate("EventDescription", "call: %1").arg(qs(apiName(e.api)));
    if (e.bytes() > 0)
        lines << QCoreApplication::translate("EventDescription", "bytes: %1")
                     .arg(formatBytes(e.bytes()));
    if (e.mode != SyncMode::None)
        lines << QCoreApplication::translate("EventDescription", "sync mode: %1")
                     .arg(syncModeLabel(e.mode));
    const QString wait = describeWait(trace, index);
    if (!wait.isEmpty())
        lines << wait;
    if (e.kind == EventKind::HostWait && e.cpuNs() >= 0)
        lines << QCoreApplication::translate("EventDescription", "CPU burnt while waiting: %1")
                     .arg(durationText(e.cpuNs()));
    const QString notes = eventNotes(e);
    if (!notes.isEmpty())
        lines << notes;
    return lines.join(QLatin1Char('\n'));
}

QString describeEvent(const Trace& trace, std::uint32_t index, const WaitAttribution* attribution) {
    QString text = describeEvent(trace, index);
    if (!attribution || index >= trace.events.size())
        return text;
    const auto info = attribution->attribute(index);
    if (!info || info->sentence.empty())
        return text;
    // The analysis' sentence says all the short one says and more (wake-up, CPU): one replaces the
    // other, so the pane does not say it twice.
    const QString sentence = translated(info->text);
    const QString shortSentence = describeWait(trace, index);
    QStringList lines = text.split(QLatin1Char('\n'));
    const auto at = lines.indexOf(shortSentence);
    if (at >= 0)
        lines[at] = sentence;
    else
        lines << sentence;
    return lines.join(QLatin1Char('\n'));
}

}  // namespace syncscope
