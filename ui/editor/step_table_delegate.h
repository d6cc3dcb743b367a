#pragma once

#include <QStyledItemDelegate>

namespace syncscope {

// The step table's editors: a combo box where the model offers choices (kind, stream, event, sync
// mode), a line edit otherwise; the model checks what is typed and says what is wrong. A cell too
// narrow for its text (the columns share a narrow dock) shows the whole text in its tooltip.
class StepTableDelegate final : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                          const QModelIndex& index) const override;
    void setEditorData(QWidget* editor, const QModelIndex& index) const override;
    void setModelData(QWidget* editor, QAbstractItemModel* model,
                      const QModelIndex& index) const override;
    bool helpEvent(QHelpEvent* event, QAbstractItemView* view, const QStyleOptionViewItem& option,
                   const QModelIndex& index) override;

    // The tooltip of the cell `index` drawn in `option.rect`: the model's, preceded by the cell's
    // text when the text is elided there.
    QString toolTip(const QStyleOptionViewItem& option, const QModelIndex& index) const;
};

}  // namespace syncscope
