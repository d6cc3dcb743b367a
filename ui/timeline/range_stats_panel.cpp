#include "ui/timeline/range_stats_panel.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <array>

#include "core/analysis/range_statistics.h"
#include "ui/timeline/event_details.h"
#include "ui/timeline/range_stats_model.h"

namespace syncscope {

RangeStatsPanel::RangeStatsPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    header_ = new QLabel(this);
    header_->setObjectName(QStringLiteral("rangeHeader"));
    header_->setWordWrap(true);
    header_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(header_);
    model_ = new RangeStatsModel(this);
    table_ = new QTableView(this);
    table_->setObjectName(QStringLiteral("rangeTable"));
    table_->setModel(model_);
    table_->setSortingEnabled(true);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // The figures keep their width; a long name (a templated kernel) gives way and is elided in
    // the middle, whole in its tooltip, instead of pushing the figures out of the dock.
    table_->horizontalHeader()->setSectionResizeMode(RangeStatsModel::Name, QHeaderView::Stretch);
    table_->horizontalHeader()->setMinimumSectionSize(48);
    table_->setTextElideMode(Qt::ElideMiddle);
    table_->horizontalHeader()->setStretchLastSection(false);
    // The model comes sorted by total, longest first: the header shows it.
    table_->horizontalHeader()->setSortIndicator(RangeStatsModel::Total, Qt::DescendingOrder);
    layout->addWidget(table_, 1);

    copy_ = new QAction(tr("&Copy as TSV"), this);
    copy_->setShortcut(QKeySequence::Copy);
    copy_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    copy_->setStatusTip(tr("Copy the selected rows, or all rows, as tab-separated text"));
    connect(copy_, &QAction::triggered, this, &RangeStatsPanel::copyAsTsv);
    table_->addAction(copy_);
    table_->setContextMenuPolicy(Qt::ActionsContextMenu);
    updateHeader();
}

RangeStatsPanel::~RangeStatsPanel() = default;

void RangeStatsPanel::setTrace(std::shared_ptr<const Trace> trace) {
    // A live run's trace is one object that grows: its figures go stale as it does.
    const std::size_t events = trace ? trace->events.size() : 0;
    if (trace == trace_ && events == trace_events_)
        return;
    trace_ = std::move(trace);
    trace_events_ = events;
    idle_.reset();
    waits_.reset();
    activity_.reset();
    model_->setStatistics(std::nullopt);
    updateHeader();
}

void RangeStatsPanel::showRange(TimeNs t0, TimeNs t1, const std::vector<bool>& counted) {
    if (!trace_)
        return;
    if (!activity_)
        activity_ = std::make_unique<GpuActivity>(*trace_);
    model_->setStatistics(RangeStatistics(*trace_, *activity_, t0, t1, counted));
    // Keep the user's sort column across ranges.
    const auto* h = table_->horizontalHeader();
    model_->sort(h->sortIndicatorSection(), h->sortIndicatorOrder());
    updateHeader();
}

void RangeStatsPanel::recount(const std::vector<bool>& counted) {
    if (const auto& s = model_->statistics())
        showRange(s->startNs(), s->endNs(), counted);
}

QString RangeStatsPanel::headerText() const {
    return header_->text();
}

void RangeStatsPanel::updateHeader() {
    const auto& s = model_->statistics();
    if (!s) {
        header_->setText(
            tr("Drag along the time axis under the lanes to pick a range; its events show here."));
        return;
    }
    const QString lanes = s->lanesLeftOut() > 0 ? tr("Hidden lanes are not counted (%n hidden).",
                                                     nullptr, s->lanesLeftOut())
                                                : tr("All lanes are counted.");
    header_->setText(
        tr("%1 – %2 (%3), %n event(s). Host blocked %4, stream waits %5, GPU busy %6, GPU idle "
           "%7.",
           nullptr, static_cast<int>(std::min<std::uint64_t>(s->eventCount(), INT32_MAX)))
            .arg(durationText(s->startNs()), durationText(s->endNs()), durationText(s->lengthNs()),
                 durationText(s->hostBlockedNs()), durationText(s->streamWaitNs()),
                 durationText(s->gpuBusyNs()), durationText(s->gpuIdleNs())) +
        idleCauses(s->startNs(), s->endNs()) + QLatin1Char('\n') +
        tr("Total and % are clipped to the range; count, mean, min and max are of the whole "
           "events. Host and GPU figures cover every lane.") +
        QLatin1Char(' ') + lanes);
}

QString RangeStatsPanel::idleCauses(TimeNs t0, TimeNs t1) {
    if (!trace_)
        return {};
    if (!idle_) {
        waits_ = std::make_unique<WaitAttribution>(*trace_);
        idle_ = std::make_unique<IdleAttribution>(*waits_);
    }
    const IdleBreakdown b = idle_->breakdown(t0, t1);
    if (b.total_ns == 0)
        return {};
    // Index: IdleCause. A std::array, so a cause added without its label does not compile.
    const std::array<QString, kIdleCauseCount> labels{
        tr("host blocked %1"), tr("host launching %1"), tr("host computing %1"),
        tr("Python %1"),       tr("host elsewhere %1"), tr("one-time setup %1"),
        tr("profiler %1"),     tr("other stream %1"),   tr("GPU latency %1"),
        tr("late rank %1"),    tr("unexplained %1")};
    QStringList parts;
    for (int c = 0; c < kIdleCauseCount; ++c)
        if (b.ns[static_cast<std::size_t>(c)] > 0)
            parts << labels[static_cast<std::size_t>(c)].arg(
                durationText(b.ns[static_cast<std::size_t>(c)]));
    return QLatin1Char('\n') + tr("GPU idle by cause: %1.").arg(parts.join(tr(", ")));
}

void RangeStatsPanel::copyAsTsv() const {
    QList<int> rows;
    if (const auto* sel = table_->selectionModel())
        for (const QModelIndex& index : sel->selectedRows())
            rows << index.row();
    std::sort(rows.begin(), rows.end());
    QApplication::clipboard()->setText(model_->toTsv(rows));
}

}  // namespace syncscope
