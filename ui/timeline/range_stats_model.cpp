#include "ui/timeline/range_stats_model.h"

#include <QLocale>
#include <algorithm>
#include <cmath>

#include "ui/timeline/event_details.h"

namespace syncscope {

RangeStatsModel::RangeStatsModel(QObject* parent) : QAbstractTableModel(parent) {}

void RangeStatsModel::setStatistics(std::optional<RangeStatistics> stats) {
    beginResetModel();
    stats_ = std::move(stats);
    rows_ = stats_ ? stats_->rows() : std::vector<RangeStatistics::Row>{};
    endResetModel();
}

int RangeStatsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int RangeStatsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RangeStatsModel::rawValue(const RangeStatistics::Row& row, int column) const {
    switch (column) {
        case Name:
            return QString::fromStdString(row.name);
        case Kind:
            return kindLabel(row.kind);
        case Count:
            return QVariant::fromValue<qulonglong>(row.count);
        case Total:
            return QVariant::fromValue<qlonglong>(row.total_ns);
        case Mean:
            return row.mean_ns;
        case Min:
            return QVariant::fromValue<qlonglong>(row.min_ns);
        case Max:
            return QVariant::fromValue<qlonglong>(row.max_ns);
        case Share:
            return row.share;
        default:
            return {};
    }
}

QVariant RangeStatsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= static_cast<int>(rows_.size()))
        return {};
    const auto& row = rows_[static_cast<std::size_t>(index.row())];
    if (role == Qt::UserRole)
        return rawValue(row, index.column());
    if (role == Qt::TextAlignmentRole)
        return index.column() >= Count ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                       : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == Name)
        return QString::fromStdString(row.name);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
        case Name:
            return row.name.empty() ? tr("(unnamed)") : QString::fromStdString(row.name);
        case Kind:
            return kindLabel(row.kind);
        case Count:
            return QLocale().toString(static_cast<qulonglong>(row.count));
        case Total:
            return durationText(row.total_ns);
        case Mean:
            return durationText(static_cast<TimeNs>(std::llround(row.mean_ns)));
        case Min:
            return durationText(row.min_ns);
        case Max:
            return durationText(row.max_ns);
        case Share:
            return QStringLiteral("%1 %").arg(row.share * 100.0, 0, 'f', 1);
        default:
            return {};
    }
}

QVariant RangeStatsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole) {
        if (section == Total)
            return tr("Clipped to the range: an event half inside counts half its time");
        if (section == Share)
            return tr(
                "The part of the range these events cover, each moment once: nested "
                "frames and the same op on several lanes do not add up past 100 %");
        if (section >= Count && section <= Max)
            return tr("Of the whole events that overlap the range, not clipped");
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
        case Name:
            return tr("Name");
        case Kind:
            return tr("Kind");
        case Count:
            return tr("Count");
        case Total:
            return tr("Total (clipped)");
        case Mean:
            return tr("Mean");
        case Min:
            return tr("Min");
        case Max:
            return tr("Max");
        case Share:
            return tr("% of range");
        default:
            return {};
    }
}

void RangeStatsModel::sort(int column, Qt::SortOrder order) {
    if (column < 0 || column >= ColumnCount)
        return;
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const auto key = [this, column](const RangeStatistics::Row& r) { return rawValue(r, column); };
    std::stable_sort(rows_.begin(), rows_.end(),
                     [&](const RangeStatistics::Row& a, const RangeStatistics::Row& b) {
                         const auto c = QVariant::compare(key(a), key(b));
                         return order == Qt::AscendingOrder ? c == QPartialOrdering::Less
                                                            : c == QPartialOrdering::Greater;
                     });
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

QString RangeStatsModel::toTsv(const QList<int>& rows) const {
    const auto clean = [](QString s) {
        s.replace(QLatin1Char('\t'), QLatin1Char(' '));
        s.replace(QLatin1Char('\n'), QLatin1Char(' '));
        s.replace(QLatin1Char('\r'), QLatin1Char(' '));
        return s;
    };
    QStringList header;
    for (int c = 0; c < ColumnCount; ++c) {
        QString h = headerData(c, Qt::Horizontal).toString();
        if (c >= Total && c <= Max)
            h += QStringLiteral(" (ns)");
        header << h;
    }
    QString out = header.join(QLatin1Char('\t')) + QLatin1Char('\n');
    QList<int> order = rows;
    if (order.isEmpty())
        for (int r = 0; r < static_cast<int>(rows_.size()); ++r)
            order << r;
    for (const int r : order) {
        if (r < 0 || r >= static_cast<int>(rows_.size()))
            continue;
        const auto& row = rows_[static_cast<std::size_t>(r)];
        QStringList cells;
        cells << clean(QString::fromStdString(row.name)) << kindLabel(row.kind)
              << QString::number(row.count) << QString::number(row.total_ns)
              << QString::number(row.mean_ns, 'f', 1) << QString::number(row.min_ns)
              << QString::number(row.max_ns) << QString::number(row.share * 100.0, 'f', 2);
        out += cells.join(QLatin1Char('\t')) + QLatin1Char('\n');
    }
    return out;
}

}  // namespace syncscope
