#pragma once

#include <QStyledItemDelegate>

namespace syncscope {

// The step table's editors: a combo box where the model offers choices (kind, stream, event, sync
// mode), a line edit otherwise; the model checks what is typed and says what is wrong.
class StepTableDelegate final : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                          const QModelIndex& index) const override;
    void setEditorData(QWidget* editor, const QModelIndex& index) const override;
    void setModelData(QWidget* editor, QAbstractItemModel* model,
                      const QModelIndex& index) const override;
};

}  // namespace syncscope
