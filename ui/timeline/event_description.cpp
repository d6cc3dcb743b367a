#include "ui/timeline/event_description.h"

#include <QCoreApplication>

#include "core/analysis/wait_attribution.h"
#include "core/model/torch_call.h"
#include "ui/i18n/sync_mode_texts.h"
#include "ui/i18n/tr_text_translation.h"
#include "ui/timeline/event_details.h"

namespace syncscope {

namespace {

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

}  // namespace

EventDescription EventDescription::of(const Trace& trace, std::uint32_t index,
                                      const WaitAttribution* attribution) {
    EventDescription d;
    if (index >= trace.events.size())
        return d;
    const TraceEvent& e = trace.events[index];
    d.title = eventTitle(trace, index);
    auto row = [&d](const QString& label, const QString& value) {
        if (!value.isEmpty())
            d.rows.append({label, value});
    };
    row(QCoreApplication::translate("EventDescription", "Lane"), laneLabel(trace, e.lane));
    row(QCoreApplication::translate("EventDescription", "Start"), durationText(e.start_ns));
    row(QCoreApplication::translate("EventDescription", "End"), durationText(e.end_ns));
    if (e.batch != kNone)
        row(QCoreApplication::translate("EventDescription", "Batch"), QString::number(e.batch));
    if (e.step != kNone)
        row(QCoreApplication::translate("EventDescription", "Step"), QString::number(e.step));
    if (e.correlation != kNone)
        row(QCoreApplication::translate("EventDescription", "Correlation"),
            QString::number(e.correlation));
    const TorchCall torch = torchCallOf(trace, e);
    if (torch != TorchCall::None && e.kind != EventKind::HostWait)
        row(QCoreApplication::translate("EventDescription", "Call"),
            qs(torchCallName(torch)) + QStringLiteral("()"));
    else if (e.api != ApiId::None)
        row(QCoreApplication::translate("EventDescription", "Call"), qs(apiName(e.api)));
    if (e.bytes() > 0)
        row(QCoreApplication::translate("EventDescription", "Bytes"), formatBytes(e.bytes()));
    if (e.mode != SyncMode::None)
        row(QCoreApplication::translate("EventDescription", "Sync mode"), syncModeLabel(e.mode));
    if (e.kind == EventKind::HostWait && e.cpuNs() >= 0)
        row(QCoreApplication::translate("EventDescription", "CPU burnt while waiting"),
            durationText(e.cpuNs()));
    row(QCoreApplication::translate("EventDescription", "Notes"), eventNotes(e));

    // The analysis' sentence says all the short one says and more (wake-up, CPU); it finds the
    // awaited work even where the trace has no link (imports).
    // A sync call (or a torch-level call around one) explains itself by its wait.
    if (attribution) {
        if (const auto info = attribution->explain(index); info && !info->text.empty())
            d.explanation = translated(info->text);
    }
    // A torch-level call that made the host wait for nothing (torch.cpu.synchronize()) says what
    // it is for, from the mode catalogue.
    if (d.explanation.isEmpty() && torch != TorchCall::None && e.kind != EventKind::HostWait &&
        e.mode != SyncMode::None)
        d.explanation = syncModeText(syncModeInfo(e.mode).explanation);
    if (d.explanation.isEmpty()) {
        d.explanation = describeWait(trace, index);
        if (!d.explanation.isEmpty())
            d.explanation[0] = d.explanation[0].toUpper();
    }
    return d;
}

QString EventDescription::toHtml() const {
    if (isEmpty())
        return {};
    QString html = QStringLiteral("<h3>%1</h3>").arg(title.toHtmlEscaped());
    if (!explanation.isEmpty())
        html += QStringLiteral("<p><b>%1</b></p>").arg(explanation.toHtmlEscaped());
    html += QStringLiteral("<table cellspacing='0' cellpadding='2'>");
    for (const Row& r : rows)
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                    .arg(r.label.toHtmlEscaped(), r.value.toHtmlEscaped());
    html += QStringLiteral("</table>");
    return html;
}

}  // namespace syncscope
