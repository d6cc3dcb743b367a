#pragma once

#include <QAbstractTableModel>
#include <QList>
#include <QString>
#include <optional>

#include "core/analysis/range_statistics.h"

namespace syncscope {

// The rows of a RangeStatistics as a sortable table: name, kind, count, total, mean, min, max and
// share of the range. Display text is formatted ("1.80 ms"); Qt::UserRole holds the raw value
// (ns, count, share) that sorting and the TSV use, so a copied table pastes as numbers.
class RangeStatsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Name, Kind, Count, Total, Mean, Min, Max, Share, ColumnCount };

    explicit RangeStatsModel(QObject* parent = nullptr);

    void setStatistics(std::optional<RangeStatistics> stats);
    const std::optional<RangeStatistics>& statistics() const { return stats_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    // Tab-separated: a header line, then `rows` (all rows when empty) in the table's order, times
    // in ns. Tabs and line breaks in names become spaces.
    QString toTsv(const QList<int>& rows = {}) const;

private:
    QVariant rawValue(const RangeStatistics::Row& row, int column) const;

    std::optional<RangeStatistics> stats_;
    std::vector<RangeStatistics::Row> rows_;  // in display order
};

}  // namespace syncscope
