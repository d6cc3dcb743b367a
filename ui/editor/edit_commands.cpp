#include "ui/editor/edit_commands.h"

#include <QCoreApplication>

#include "ui/editor/batch_table_model.h"

namespace syncscope {

SetCellCommand::SetCellCommand(BatchTableModel* model, int row, int column, QVariant before,
                               QVariant after)
    : model_(model),
      row_(row),
      column_(column),
      before_(std::move(before)),
      after_(std::move(after)) {
    const QString header =
        model->headerData(column, Qt::Horizontal, Qt::DisplayRole).toString().toLower();
    setText(QCoreApplication::translate("syncscope", "edit %1 of row %2").arg(header).arg(row + 1));
}

void SetCellCommand::undo() {
    model_->applyCell(row_, column_, before_);
}
void SetCellCommand::redo() {
    model_->applyCell(row_, column_, after_);
}

RowCommand::RowCommand(BatchTableModel* model, int row, BatchRow value, bool insert)
    : model_(model), row_(row), value_(value), insert_(insert) {
    setText(insert ? QCoreApplication::translate("syncscope", "add row %1").arg(row + 1)
                   : QCoreApplication::translate("syncscope", "remove row %1").arg(row + 1));
}

void RowCommand::undo() {
    if (insert_)
        model_->applyRemove(row_);
    else
        model_->applyInsert(row_, value_);
}

void RowCommand::redo() {
    if (insert_)
        model_->applyInsert(row_, value_);
    else
        model_->applyRemove(row_);
}

SetChoiceCommand::SetChoiceCommand(const QString& text, std::function<void(const QVariant&)> apply,
                                   QVariant before, QVariant after)
    : apply_(std::move(apply)), before_(std::move(before)), after_(std::move(after)) {
    setText(text);
}

}  // namespace syncscope
