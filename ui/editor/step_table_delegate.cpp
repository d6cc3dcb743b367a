#include "ui/editor/step_table_delegate.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QHelpEvent>
#include <QToolTip>

#include "ui/editor/step_table_model.h"

namespace syncscope {

QWidget* StepTableDelegate::createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                                         const QModelIndex& index) const {
    const QStringList choices = index.data(StepTableModel::kChoicesRole).toStringList();
    if (choices.isEmpty())
        return QStyledItemDelegate::createEditor(parent, option, index);
    auto* combo = new QComboBox(parent);
    combo->addItems(choices);
    return combo;
}

void StepTableDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const {
    if (auto* combo = qobject_cast<QComboBox*>(editor))
        combo->setCurrentIndex(combo->findText(index.data(Qt::EditRole).toString()));
    else
        QStyledItemDelegate::setEditorData(editor, index);
}

void StepTableDelegate::setModelData(QWidget* editor, QAbstractItemModel* model,
                                     const QModelIndex& index) const {
    if (auto* combo = qobject_cast<QComboBox*>(editor))
        model->setData(index, combo->currentText(), Qt::EditRole);
    else
        QStyledItemDelegate::setModelData(editor, model, index);
}

QString StepTableDelegate::toolTip(const QStyleOptionViewItem& option,
                                   const QModelIndex& index) const {
    const QString tip = index.data(Qt::ToolTipRole).toString();
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString text = opt.text.trimmed();  // without the indent of a repeat's steps
    // What the cell asks for against what it got: the text was cut with an ellipsis if it needs
    // more.
    if (text.isEmpty() || sizeHint(opt, index).width() <= option.rect.width())
        return tip;
    return tip.isEmpty() ? text : text + QLatin1Char('\n') + tip;
}

bool StepTableDelegate::helpEvent(QHelpEvent* event, QAbstractItemView* view,
                                  const QStyleOptionViewItem& option, const QModelIndex& index) {
    if (event == nullptr || view == nullptr || event->type() != QEvent::ToolTip)
        return QStyledItemDelegate::helpEvent(event, view, option, index);
    const QString tip = toolTip(option, index);
    if (tip.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPos(), tip, view->viewport(), option.rect);
    return true;
}

}  // namespace syncscope
