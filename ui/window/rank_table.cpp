#include "ui/window/rank_table.h"

#include <QHeaderView>

#include "core/analysis/rank_summary.h"
#include "ui/timeline/event_details.h"

namespace syncscope {

RankTable::RankTable(QWidget* parent) : QTableWidget(parent) {
    setObjectName(QStringLiteral("rankTable"));
    setColumnCount(6);
    setHorizontalHeaderLabels({tr("Rank"), tr("Makespan"), tr("GPU busy"), tr("Host blocked"),
                               tr("NCCL kernels"), tr("Waited for others")});
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    verticalHeader()->setVisible(false);
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeaderItem(5)->setToolTip(
        tr("Sum over the NCCL collectives of the time from this rank's kernel start to the last "
           "rank's"));
}

int RankTable::setTrace(const std::shared_ptr<const Trace>& trace) {
    // A one-process trace has no ranks: asking its lanes is O(lanes), where summarizeRanks would
    // match collectives over every event on the GUI thread for an empty table.
    const std::vector<RankSummary> rows =
        trace && !ranksOf(*trace).empty() ? summarizeRanks(*trace) : std::vector<RankSummary>{};
    setRowCount(static_cast<int>(rows.size()));
    for (int r = 0; r < rowCount(); ++r) {
        const RankSummary& s = rows[static_cast<std::size_t>(r)];
        const QString cells[] = {QString::number(s.rank),     durationText(s.makespan_ns),
                                 durationText(s.gpu_busy_ns), durationText(s.host_blocked_ns),
                                 durationText(s.nccl_ns),     durationText(s.collective_wait_ns)};
        for (int c = 0; c < 6; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            setItem(r, c, item);
        }
    }
    return rowCount();
}

}  // namespace syncscope
