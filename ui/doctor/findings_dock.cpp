#include "ui/doctor/findings_dock.h"

#include <QCoreApplication>
#include <QTextBrowser>
#include <QUrl>

#include "core/analysis/gpu_activity.h"
#include "core/doctor/sync_doctor.h"
#include "ui/i18n/tr_text_translation.h"
#include "ui/jobs/job_tracker.h"
#include "ui/timeline/event_details.h"

namespace syncscope {

namespace {

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

struct Diagnosis {
    std::vector<Finding> findings;
    TimeNs gpu_span_ns = 0;
};

}  // namespace

FindingsDock::FindingsDock(QWidget* parent) : QDockWidget(tr("Findings"), parent) {
    setObjectName(QStringLiteral("findingsDock"));
    text_ = new QTextBrowser(this);
    text_->setObjectName(QStringLiteral("findingsText"));
    text_->setOpenLinks(false);  // links select events and open lessons, not pages
    setWidget(text_);
    jobs_ = new JobTracker(JobTracker::Concurrency::Overlapping, this);
    connect(text_, &QTextBrowser::anchorClicked, this, &FindingsDock::openLink);
    showMessage(tr("Open a trace: its synchronization mistakes are listed here."));
}

FindingsDock::~FindingsDock() = default;

void FindingsDock::showMessage(const QString& message) {
    text_->setHtml(QStringLiteral("<p>%1</p>").arg(message.toHtmlEscaped()));
}

void FindingsDock::setTrace(std::shared_ptr<const Trace> trace) {
    trace_ = std::move(trace);
    findings_.clear();
    if (!trace_ || trace_->events.empty()) {
        jobs_->drop();
        showMessage(tr("Open a trace: its synchronization mistakes are listed here."));
        return;
    }
    showMessage(tr("Looking for synchronization mistakes…"));
    std::shared_ptr<const Trace> trace_copy = trace_;
    jobs_->start(
        [trace_copy](const JobContext&) {
            Diagnosis d;
            d.findings = SyncDoctor::diagnose(*trace_copy);
            d.gpu_span_ns = GpuActivity(*trace_copy).spanNs();
            return d;
        },
        [this](Diagnosis d) { show(std::move(d.findings), d.gpu_span_ns); });
}

void FindingsDock::waitForDone() {
    jobs_->waitForDone();
    QCoreApplication::processEvents();
}

void FindingsDock::show(std::vector<Finding> findings, TimeNs gpu_span_ns) {
    findings_ = std::move(findings);
    if (findings_.empty()) {
        showMessage(tr("No synchronization mistake found."));
        emit findingsReady(0);
        return;
    }
    // Two sources rather than %n: the English needs no plural rules loaded to read right.
    const QString head =
        findings_.size() == 1
            ? tr("One finding. Click an occurrence to see it on the timeline.")
            : tr("%1 findings, ranked by the GPU time at stake. Click an occurrence to see it on "
                 "the timeline.")
                  .arg(findings_.size());
    QString html = QStringLiteral("<p>%1</p>").arg(head.toHtmlEscaped());
    int rank = 0;
    for (const Finding& f : findings_) {
        QStringList cost;
        cost << (f.count == 1 ? tr("once") : tr("%1 times").arg(f.count));
        if (f.gpu_idle_ns > 0) {
            QString idle = tr("GPU idle %1").arg(durationText(f.gpu_idle_ns));
            if (gpu_span_ns > 0)
                idle += tr(" (%1% of the GPU's time)")
                            .arg(100.0 * static_cast<double>(f.gpu_idle_ns) /
                                     static_cast<double>(gpu_span_ns),
                                 0, 'f', 1);
            cost << idle;
        }
        if (f.host_blocked_ns > 0)
            cost << tr("host blocked %1").arg(durationText(f.host_blocked_ns));
        if (f.missed_gpu_ns > 0)
            cost << tr("a timer after it misses %1 of GPU work").arg(durationText(f.missed_gpu_ns));
        html += QStringLiteral("<h4>%1. %2</h4><p>%3</p>")
                    .arg(++rank)
                    .arg(translated(f.title).toHtmlEscaped(),
                         cost.join(QStringLiteral(" · ")).toHtmlEscaped());
        if (!f.detail.empty())
            html += QStringLiteral("<p>%1</p>").arg(translated(f.detail).toHtmlEscaped());
        html += QStringLiteral("<p><b>%1</b> %2</p><p><b>%3</b> %4</p>")
                    .arg(tr("Why:").toHtmlEscaped(), translated(f.why).toHtmlEscaped(),
                         tr("Fix:").toHtmlEscaped(), translated(f.fix).toHtmlEscaped());
        QStringList at;
        for (const std::uint32_t e : f.occurrences) {
            if (!trace_ || e >= trace_->events.size())
                continue;
            at << QStringLiteral("<a href='event:%1'>%2</a> %3")
                      .arg(e)
                      .arg(durationText(trace_->events[e].start_ns).toHtmlEscaped(),
                           qs(trace_->nameOf(trace_->events[e])).toHtmlEscaped());
        }
        if (!at.isEmpty())
            html += QStringLiteral("<p>%1<br>%2</p>")
                        .arg(tr("First at:").toHtmlEscaped(), at.join(QStringLiteral("<br>")));
        if (!f.course_scenario.empty())
            html += QStringLiteral("<p><a href='lesson:%1'>%2</a></p>")
                        .arg(qs(f.course_scenario).toHtmlEscaped(),
                             tr("Open the lesson that shows it").toHtmlEscaped());
    }
    text_->setHtml(html);
    emit findingsReady(static_cast<int>(findings_.size()));
}

void FindingsDock::openLink(const QUrl& link) {
    const QString target = link.toString();
    if (target.startsWith(QLatin1String("event:"))) {
        bool ok = false;
        const qulonglong e = target.mid(6).toULongLong(&ok);
        if (ok && trace_ && e < trace_->events.size())
            emit eventChosen(static_cast<std::uint32_t>(e));
    } else if (target.startsWith(QLatin1String("lesson:"))) {
        emit lessonChosen(target.mid(7));
    }
}

QString FindingsDock::text() const {
    return text_->toPlainText();
}

QString FindingsDock::html() const {
    return text_->toHtml();
}

}  // namespace syncscope
