#pragma once

#include <QUndoCommand>
#include <QVariant>
#include <functional>

#include "ui/editor/batch_row.h"

namespace syncscope {

class BatchTableModel;

// One edited cell of the batches table.
class SetCellCommand final : public QUndoCommand {
public:
    SetCellCommand(BatchTableModel* model, int row, int column, QVariant before, QVariant after);
    void undo() override;
    void redo() override;

private:
    BatchTableModel* model_;
    int row_, column_;
    QVariant before_, after_;
};

// A row added (insert = true) or removed.
class RowCommand final : public QUndoCommand {
public:
    RowCommand(BatchTableModel* model, int row, BatchRow value, bool insert);
    void undo() override;
    void redo() override;

private:
    BatchTableModel* model_;
    int row_;
    BatchRow value_;
    bool insert_;
};

// Any other editor choice (sync mode, placement, schedule, title): `apply` sets a value and
// updates its widget; the command only remembers both values.
class SetChoiceCommand final : public QUndoCommand {
public:
    SetChoiceCommand(const QString& text, std::function<void(const QVariant&)> apply,
                     QVariant before, QVariant after);
    void undo() override { apply_(before_); }
    void redo() override { apply_(after_); }

private:
    std::function<void(const QVariant&)> apply_;
    QVariant before_, after_;
};

}  // namespace syncscope
