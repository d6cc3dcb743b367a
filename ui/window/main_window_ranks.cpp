// MainWindow: a timeline of several ranks (the per-rank traces of one distributed step opened
// together) and its Ranks dock. The rest of the class is in main_window.cpp.
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QStatusBar>

#include "core/interchange/rank_merger.h"
#include "ui/files/document_opener.h"
#include "ui/files/open_progress.h"
#include "ui/timeline/timeline_view.h"
#include "ui/window/main_window.h"
#include "ui/window/rank_table.h"

namespace syncscope {

bool MainWindow::openPaths(const QStringList& paths) {
    if (paths.size() == 1)
        return openPath(paths.front());
    if (paths.isEmpty())
        return false;
    if (static_cast<std::size_t>(paths.size()) > RankMerger::kMaxFiles) {
        showError(tr("Cannot open files"),
                  tr("%1 files chosen; at most %2 ranks open as one timeline")
                      .arg(paths.size())
                      .arg(RankMerger::kMaxFiles));
        return false;
    }
    for (const QString& path : paths) {
        if (!QFileInfo::exists(path)) {
            showError(tr("Cannot open file"),
                      tr("%1: no such file").arg(QDir::toNativeSeparators(path)));
            return false;
        }
    }
    leaveCourse();
    statusBar()->showMessage(tr("Opening %n rank file(s)…", nullptr, int(paths.size())));
    run_after_load_ = false;
    open_progress_->setFile(QFileInfo(paths.first()).fileName());
    opener_->openRanks(paths);
    return true;
}

void MainWindow::updateRanks() {
    if (!rank_table_) {
        rank_table_ = new RankTable(this);
        rank_dock_ = new QDockWidget(tr("Ranks"), this);
        rank_dock_->setObjectName(QStringLiteral("ranksDock"));
        rank_dock_->setWidget(rank_table_);
        addDockWidget(Qt::BottomDockWidgetArea, rank_dock_);
    }
    // Shown only while a timeline of several ranks is on screen.
    const bool ranks = rank_table_->setTrace(trace_) > 0;
    rank_dock_->setVisible(ranks);
    // Every rank starts as one summary row, as Perfetto shows many processes: all ranks are on
    // screen at once, side by side in time, where expanded the first rank's lanes alone fill the
    // view. A double-click on a rank's label (or View ▸ Expand All Lane Groups) opens it.
    if (ranks)
        timeline_->setAllGroupsCollapsed(true);
}

}  // namespace syncscope
