#pragma once

#include <QAbstractTableModel>
#include <QList>

#include "ui/editor/batch_row.h"

class QUndoStack;

namespace syncscope {

// The editor's batches table. Every change made through the view goes through the undo stack
// (setData pushes a command whose redo applies it), so Edit > Undo reverts it.
class BatchTableModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Batches,
        Kernels,
        Streams,
        Kind,
        Duration,
        Grid,
        Block,
        Allocation,
        Bytes,
        ColumnCount
    };

    explicit BatchTableModel(QUndoStack* undo, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;

    const QList<BatchRow>& rows() const { return rows_; }
    // Replaces every row without an undo step (loading, resetting).
    void setRows(const QList<BatchRow>& rows);
    // Undoable structural edits.
    void addRow(const BatchRow& row);
    void removeRow(int row);

    // Called by the undo commands only.
    void applyCell(int row, int column, const QVariant& value);
    void applyInsert(int row, const BatchRow& value);
    void applyRemove(int row);

    static QString kindLabel(KernelKind kind);
    static QString allocationLabel(KernelAllocation allocation);

private:
    QVariant cellValue(const BatchRow& row, int column) const;

    QUndoStack* undo_;
    QList<BatchRow> rows_;
};

}  // namespace syncscope
