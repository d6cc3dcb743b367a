#pragma once

#include <QTableWidget>
#include <memory>

#include "core/model/trace.h"

namespace syncscope {

// The Ranks dock of a timeline of several ranks: one row per rank with its makespan, GPU busy
// time, host blocked time, time in NCCL kernels and what it waited for other ranks in collectives
// (core/analysis/rank_summary). Empty for a one-process trace.
class RankTable final : public QTableWidget {
    Q_OBJECT
public:
    explicit RankTable(QWidget* parent = nullptr);

    // Fills the table; returns the number of ranks (0: nothing to show).
    int setTrace(const std::shared_ptr<const Trace>& trace);
};

}  // namespace syncscope
