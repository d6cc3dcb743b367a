#include "ui/editor/batch_table_model.h"

#include <QUndoStack>
#include <algorithm>

#include "ui/editor/edit_commands.h"

namespace syncscope {

namespace {

// Limits that keep a generated scenario inside the format's rules (docs/scenario-format.md).
constexpr int kMaxBatches = 10'000;
constexpr int kMaxKernels = 1'000;
constexpr int kMaxStreams = 8;
constexpr double kMaxDurationUs = 60e6;

}  // namespace

BatchTableModel::BatchTableModel(QUndoStack* undo, QObject* parent)
    : QAbstractTableModel(parent), undo_(undo) {}

int BatchTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(rows_.size());
}

int BatchTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QString BatchTableModel::kindLabel(KernelKind kind) {
    switch (kind) {
        case KernelKind::Spin:
            return tr("spin");
        case KernelKind::Compute:
            return tr("compute");
        case KernelKind::Memory:
            return tr("memory");
    }
    return {};
}

QString BatchTableModel::allocationLabel(KernelAllocation allocation) {
    switch (allocation) {
        case KernelAllocation::None:
            return tr("none");
        case KernelAllocation::Malloc:
            return tr("cudaMalloc");
        case KernelAllocation::MallocAsync:
            return tr("cudaMallocAsync");
    }
    return {};
}

QVariant BatchTableModel::cellValue(const BatchRow& row, int column) const {
    switch (column) {
        case Batches:
            return row.batches;
        case Kernels:
            return row.kernels;
        case Streams:
            return row.streams;
        case Kind:
            return int(row.kind);
        case Duration:
            return row.duration_us;
        case Grid:
            return row.grid;
        case Block:
            return row.block;
        case Allocation:
            return int(row.allocation);
        case Bytes:
            return double(row.bytes) / double(1 << 20);
    }
    return {};
}

QVariant BatchTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rows_.size())
        return {};
    const BatchRow& row = rows_[index.row()];
    if (role == Qt::EditRole)
        return cellValue(row, index.column());
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
            case Kind:
                return kindLabel(row.kind);
            case Allocation:
                return allocationLabel(row.allocation);
            case Duration:
                return row.kind == KernelKind::Memory ? QStringLiteral("—")
                                                      : QString::number(row.duration_us, 'g', 6);
            case Bytes:
                return QStringLiteral("%1 MiB").arg(double(row.bytes) / double(1 << 20), 0, 'g', 4);
            default:
                return cellValue(row, index.column());
        }
    }
    if (role == Qt::TextAlignmentRole) {
        const bool text = index.column() == Kind || index.column() == Allocation;
        return QVariant::fromValue(Qt::AlignVCenter | (text ? Qt::AlignLeft : Qt::AlignRight));
    }
    if (role == Qt::ToolTipRole) {
        switch (index.column()) {
            case Duration:
                return tr("Kernel duration in microseconds (spin and compute kernels)");
            case Bytes:
                return tr(
                    "Bytes a memory kernel streams and each allocation takes (MiB = 2^20 bytes)");
            case Streams:
                return tr("Kernels go round-robin over this many streams");
            case Allocation:
                return tr(
                    "cudaMalloc/cudaFree around each kernel synchronize implicitly; "
                    "cudaMallocAsync/cudaFreeAsync are stream-ordered");
            default:
                break;
        }
    }
    return {};
}

QVariant BatchTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    // A title cut to fit the dock reads whole under the pointer.
    if (role == Qt::ToolTipRole && orientation == Qt::Horizontal)
        return headerData(section, orientation, Qt::DisplayRole);
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return section + 1;
    switch (section) {
        case Batches:
            return tr("Batches");
        case Kernels:
            return tr("Kernels/batch");
        case Streams:
            return tr("Streams");
        case Kind:
            return tr("Kind");
        case Duration:
            return tr("Duration µs");
        case Grid:
            return tr("Grid");
        case Block:
            return tr("Block");
        case Allocation:
            return tr("Allocation");
        case Bytes:
            return tr("Bytes");
    }
    return {};
}

Qt::ItemFlags BatchTableModel::flags(const QModelIndex& index) const {
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable;
}

bool BatchTableModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (role != Qt::EditRole || !index.isValid() || index.row() >= rows_.size())
        return false;
    const QVariant before = cellValue(rows_[index.row()], index.column());
    if (before == value)
        return false;
    if (undo_)
        undo_->push(new SetCellCommand(this, index.row(), index.column(), before, value));
    else
        applyCell(index.row(), index.column(), value);
    return true;
}

void BatchTableModel::applyCell(int row, int column, const QVariant& value) {
    if (row < 0 || row >= rows_.size())
        return;
    BatchRow& r = rows_[row];
    switch (column) {
        case Batches:
            r.batches = std::clamp(value.toInt(), 1, kMaxBatches);
            break;
        case Kernels:
            r.kernels = std::clamp(value.toInt(), 1, kMaxKernels);
            break;
        case Streams:
            r.streams = std::clamp(value.toInt(), 1, kMaxStreams);
            break;
        case Kind:
            r.kind = KernelKind(std::clamp(value.toInt(), 0, 2));
            break;
        case Duration:
            r.duration_us = std::clamp(value.toDouble(), 0.1, kMaxDurationUs);
            break;
        case Grid:
            r.grid = std::clamp<std::uint32_t>(value.toUInt(), 1, 1u << 20);
            break;
        case Block:
            r.block = std::clamp<std::uint32_t>(value.toUInt(), 1, 1024);
            break;
        case Allocation:
            r.allocation =
                KernelAllocation(std::clamp(value.toInt(), 0, kKernelAllocationCount - 1));
            break;
        case Bytes:
            r.bytes =
                std::uint64_t(std::clamp(value.toDouble(), 1.0 / 1024, 64.0 * 1024) * (1 << 20));
            break;
        default:
            return;
    }
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void BatchTableModel::setRows(const QList<BatchRow>& rows) {
    beginResetModel();
    rows_ = rows;
    endResetModel();
}

void BatchTableModel::addRow(const BatchRow& row) {
    const int at = int(rows_.size());
    if (undo_)
        undo_->push(new RowCommand(this, at, row, true));
    else
        applyInsert(at, row);
}

void BatchTableModel::removeRow(int row) {
    if (row < 0 || row >= rows_.size() || rows_.size() <= 1)
        return;  // keep at least one row
    if (undo_)
        undo_->push(new RowCommand(this, row, rows_[row], false));
    else
        applyRemove(row);
}

void BatchTableModel::applyInsert(int row, const BatchRow& value) {
    row = std::clamp(row, 0, int(rows_.size()));
    beginInsertRows({}, row, row);
    rows_.insert(row, value);
    endInsertRows();
}

void BatchTableModel::applyRemove(int row) {
    if (row < 0 || row >= rows_.size())
        return;
    beginRemoveRows({}, row, row);
    rows_.removeAt(row);
    endRemoveRows();
}

}  // namespace syncscope
