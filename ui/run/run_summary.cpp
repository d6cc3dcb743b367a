#include "ui/run/run_summary.h"

#include <QFormLayout>
#include <QLabel>
#include <QListWidget>
#include <QTextDocumentFragment>
#include <QVBoxLayout>
#include <numeric>

#include "core/analysis/invariant_checker.h"
#include "core/analysis/time_format.h"
#include "core/analysis/trace_stats.h"
#include "ui/jobs/heap_release.h"
#include "ui/jobs/job_tracker.h"
#include "ui/timeline/event_details.h"

namespace syncscope {

struct RunSummary::Result {
    bool empty = true;
    TraceStats stats;
    std::vector<Violation> violations;
};

namespace {

QString duration(TimeNs ns) {
    return QString::fromStdString(formatDuration(ns));
}

QString percentOf(TimeNs part, TimeNs whole) {
    if (whole <= 0)
        return {};
    return QStringLiteral(" (%1%)").arg(100.0 * double(part) / double(whole), 0, 'f', 1);
}

}  // namespace

RunSummary::RunSummary(QWidget* parent)
    : QWidget(parent), jobs_(new JobTracker(JobTracker::Concurrency::Overlapping, this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 8);
    form_ = new QFormLayout;
    form_->setLabelAlignment(Qt::AlignLeft);
    form_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    layout->addLayout(form_);

    invariants_ = new QLabel(this);
    invariants_->setObjectName(QStringLiteral("invariantResult"));
    invariants_->setWordWrap(true);
    layout->addWidget(invariants_);
    violation_list_ = new QListWidget(this);
    violation_list_->setObjectName(QStringLiteral("violationList"));
    violation_list_->setWordWrap(true);
    violation_list_->setAlternatingRowColors(true);
    violation_list_->hide();
    layout->addWidget(violation_list_, 1);
    layout->addStretch(0);
    connect(violation_list_, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        const QVariant event = item->data(Qt::UserRole);
        if (event.isValid())
            emit eventActivated(event.toUInt());
    });
    clear();
}

void RunSummary::addNote(const QString& text) {
    // Wrapped: a sentence (in Japanese, one without spaces) is longer than the dock is wide.
    auto* note = new QLabel(text, this);
    note->setWordWrap(true);
    form_->addRow(note);
}

void RunSummary::clear() {
    jobs_->drop();
    ready_ = false;
    violations_ = -1;
    while (form_->rowCount() > 0)
        form_->removeRow(0);
    addNote(tr("No run yet. Press Run, or open a trace."));
    invariants_->clear();
    violation_list_->clear();
    violation_list_->hide();
}

void RunSummary::setTrace(std::shared_ptr<const Trace> trace,
                          const std::optional<Scenario>& scenario) {
    clear();
    while (form_->rowCount() > 0)
        form_->removeRow(0);
    addNote(tr("Analysing…"));
    auto held_scenario = scenario ? std::make_shared<const Scenario>(*scenario) : nullptr;
    // A newer trace (or clear()) supersedes this analysis; its result is then never shown.
    auto analyse = [trace = std::move(trace), held_scenario](const JobContext&) {
        Result result;
        if (!trace || trace->events.empty())
            return result;
        result.empty = false;
        result.stats = computeStats(*trace);
        InvariantCheckerOptions options;
        options.scenario = held_scenario.get();
        options.max_per_invariant = 50;
        result.violations = InvariantChecker(options).check(*trace);
        // The last of an open's big transients (the stats' GPU-busy edges: 16 B per busy event).
        if (trace->events.size() >= kReleaseHeapFromEvents)
            releaseFreedHeap();
        return result;
    };
    jobs_->start(std::move(analyse), [this](const Result& result) { show(result); });
}

void RunSummary::show(const Result& result) {
    while (form_->rowCount() > 0)
        form_->removeRow(0);
    auto row = [this](const QString& label, const QString& value, const QString& tip = {}) {
        auto* value_label = new QLabel(value, this);
        value_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        // Long values ("0 ns (3 wait(s) unknown)") wrap rather than widen the dock past what a
        // 1366 px screen leaves the timeline.
        value_label->setWordWrap(true);
        auto* name_label = new QLabel(label, this);
        name_label->setToolTip(tip);
        value_label->setToolTip(tip);
        form_->addRow(name_label, value_label);
    };
    if (result.empty) {
        row(tr("Events"), tr("none"));
    } else {
        const TraceStats& s = result.stats;
        row(tr("Makespan"), duration(s.makespan_ns), tr("First event start to last event end"));
        row(tr("Host blocked"),
            duration(s.host_blocked_ns) + percentOf(s.host_blocked_ns, s.makespan_ns),
            tr("Time the host thread spent waiting in syncs"));
        // A sum with parts that were not measured is no zero: say so (an import's waits carry
        // no CPU time).
        QString burnt = duration(s.host_cpu_burnt_ns);
        if (s.waits_cpu_unknown > 0 && s.waits_cpu_unknown >= s.host_waits)
            burnt = tr("not measured");
        else if (s.waits_cpu_unknown > 0)
            burnt = tr("at least %1 (%2 of %3 waits not measured)")
                        .arg(burnt)
                        .arg(s.waits_cpu_unknown)
                        .arg(s.host_waits);
        row(tr("Host CPU burnt waiting"), burnt,
            tr("CPU time spent spinning or polling while waiting"));
        row(tr("GPU idle"), duration(s.gpu_idle_ns) + percentOf(s.gpu_idle_ns, s.gpu_span_ns),
            tr("Time between the first and last GPU work with no work on any stream"));
        row(tr("  caused by syncs"), duration(s.gpu_idle_from_syncs_ns),
            tr("Idle gaps that began while the host was blocked in a sync"));
        row(tr("Stream overlap"),
            tr("%1 (%2% of busy time)")
                .arg(duration(s.stream_overlap_ns))
                .arg(100.0 * s.stream_overlap_ratio, 0, 'f', 1),
            tr("Time with work on two or more GPU lanes at once"));
        std::int64_t peak = s.peak_device_used;
        if (peak < 0)
            peak = std::max(s.peak_reserved, s.peak_pool_reserved);
        row(tr("Peak memory"), peak < 0 ? tr("not measured") : formatBytes(std::uint64_t(peak)),
            tr("Peak device memory in use (binary units: 1 GiB = 2^30 bytes)"));
        row(tr("Sync calls"), QString::number(s.sync_calls));
        row(tr("Events"), QString::number(std::accumulate(
                              s.events_by_kind.begin(), s.events_by_kind.end(), std::uint64_t(0))));
    }

    violations_ = int(result.violations.size());
    violation_list_->clear();
    int errors = 0, observations = 0;
    for (const Violation& v : result.violations) {
        errors += v.severity == Violation::Severity::Error;
        observations += v.severity == Violation::Severity::Observation;
    }
    const int warnings = violations_ - errors - observations;
    // Observations are what a recording may show legitimately (programmatic dependent launch, a
    // held launch): listed, never counted as violations.
    const QString observed =
        observations > 0 ? tr(", %n observation(s)", nullptr, observations) : QString();
    if (result.empty) {
        invariants_->setText(QString());
    } else if (errors + warnings == 0) {
        invariants_->setText(
            tr("<b>Invariants:</b> <span style='color:#2e7d32'>0 violations</span> "
               "(invariants I1–I34)") +
            observed);
    } else {
        invariants_->setText(
            tr("<b>Invariants:</b> <span style='color:#c62828'>%n violation(s)</span>", nullptr,
               errors + warnings) +
            (warnings > 0 ? tr(" (%n warning(s))", nullptr, warnings) : QString()) + observed);
    }
    if (!result.empty) {
        for (const Violation& v : result.violations) {
            const QString prefix =
                v.severity == Violation::Severity::Observation
                    ? tr("%1 (observation)").arg(QString::fromStdString(v.invariant))
                    : QString::fromStdString(v.invariant);
            auto* item = new QListWidgetItem(
                QStringLiteral("%1: %2").arg(prefix, QString::fromStdString(v.message)),
                violation_list_);
            if (!v.events.empty())
                item->setData(Qt::UserRole, v.events.front());
            item->setToolTip(tr("Double-click to select the event in the timeline"));
        }
    }
    violation_list_->setVisible(!result.violations.empty());
    ready_ = true;
    emit ready();
}

QString RunSummary::summaryText() const {
    QStringList lines;
    for (int i = 0; i < form_->rowCount(); ++i) {
        auto* label = form_->itemAt(i, QFormLayout::LabelRole);
        auto* field = form_->itemAt(i, QFormLayout::FieldRole);
        auto text = [](QLayoutItem* item) {
            auto* l = item ? qobject_cast<QLabel*>(item->widget()) : nullptr;
            return l ? l->text().trimmed() : QString();
        };
        lines << (label ? text(label) + QStringLiteral(": ") : QString()) + text(field);
    }
    return lines.join(QLatin1Char('\n'));
}

QString RunSummary::invariantText() const {
    QStringList lines{QTextDocumentFragment::fromHtml(invariants_->text()).toPlainText()};
    for (int i = 0; i < violation_list_->count(); ++i)
        lines << violation_list_->item(i)->text();
    return lines.join(QLatin1Char('\n'));
}

}  // namespace syncscope
